"""DOCX parsing with python-docx.

Body paragraphs and tables are read in document order (content controls included). Paragraphs
styled ``Title`` or ``Heading 1-9`` (or a style based on one, or with an outline level) open
sections; tables become ``table`` blocks, one ``cell | cell`` line per row (merged cells once);
the alt text of pictures (``wp:docPr`` descr/title) becomes ``image`` blocks. A document that
uses no heading styles at all gets the plain-text heading heuristics instead. DOCX has no
reliable page geometry, so blocks have no page number.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

from ..errors import CorruptDocumentError
from ..models import ParsedDocument
from .builder import Item, build_document, infer_headings
from .normalize import clean_line, clean_lines

__all__ = ["parse_docx"]

_HEADING_NAME = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)


def _style_levels(document) -> dict[str, int]:
    """Paragraph style id -> heading level (Title = 0, Heading N = N)."""
    from docx.enum.style import WD_STYLE_TYPE
    from docx.oxml.ns import qn

    def level_of(style, depth: int = 0) -> int | None:
        if style is None or depth > 5:
            return None
        name = (style.name or "").strip()
        if name.lower() == "title":
            return 0
        if m := _HEADING_NAME.match(name):
            return int(m[1])
        ppr = style.element.pPr
        outline = ppr.find(qn("w:outlineLvl")) if ppr is not None else None
        if outline is not None and (val := outline.get(qn("w:val"), "")).isdigit():
            if int(val) < 9:  # 9 means "body text"
                return int(val) + 1
        return level_of(style.base_style, depth + 1)

    levels = {}
    for style in document.styles:
        if style.type == WD_STYLE_TYPE.PARAGRAPH and (level := level_of(style)) is not None:
            levels[style.style_id] = level
    return levels


def _table_text(table) -> str:
    rows = []
    for row in table.rows:
        cells, seen = [], set()
        for cell in row.cells:
            if id(cell._tc) in seen:
                continue  # a horizontally merged cell is listed once per grid column
            seen.add(id(cell._tc))
            cells.append(" ".join(clean_lines(cell.text).split("\n")))
        if any(cells):
            rows.append(" | ".join(cells))
    return "\n".join(rows)


def _image_alts(p) -> list[str]:
    alts = []
    for docpr in p.xpath(".//wp:docPr"):
        alt = clean_line(docpr.get("descr") or "") or clean_line(docpr.get("title") or "")
        if alt:
            alts.append(alt)
    return alts


def _body_elements(body):
    """Paragraphs and tables of the body in order, looking inside content controls."""
    from docx.oxml.ns import qn

    for child in body.iterchildren():
        if child.tag in (qn("w:p"), qn("w:tbl")):
            yield child
        elif child.tag == qn("w:sdt"):
            content = child.find(qn("w:sdtContent"))
            if content is not None:
                yield from _body_elements(content)


def _items(document) -> tuple[list[Item], bool]:
    from docx.oxml.ns import qn
    from docx.table import Table
    from docx.text.paragraph import Paragraph

    levels = _style_levels(document)
    items: list[Item] = []
    styled = False
    body = document.element.body
    for element in _body_elements(body):
        if element.tag == qn("w:tbl"):
            if text := _table_text(Table(element, document)):
                items.append(Item("table", text))
            continue
        paragraph = Paragraph(element, document)
        text = clean_lines(paragraph.text)
        level = levels.get(element.style) if element.style else None
        if text and level is not None:
            styled = True
            items.append(Item("text", " ".join(text.split("\n")), level=level))
        elif text:
            items.append(Item("text", text))
        items.extend(Item("image", alt) for alt in _image_alts(element))
    return items, styled


def parse_docx(path: Path, doc_id: str) -> ParsedDocument:
    import docx
    from docx.opc.exceptions import PackageNotFoundError
    from lxml import etree

    try:
        document = docx.Document(str(path))
        items, styled = _items(document)
    except (
        PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError, etree.XMLSyntaxError
    ) as exc:
        raise CorruptDocumentError(str(path), f"not a readable DOCX file ({exc})") from exc
    if not styled:
        items = infer_headings(items)
    return build_document(items, doc_id=doc_id, source=str(path), format="docx")
