"""Plain text and Markdown.

Plain text: paragraphs and contract-style headings are inferred from the lines (lines.py).
Markdown: ATX (``## Term``) and setext headings, pipe tables (-> table blocks) and image alt
text (``![alt](src)`` -> image blocks); when a Markdown file has no headings at all, the
plain-text heuristics apply to it too.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from ..errors import CorruptDocumentError
from ..models import ParsedDocument
from .builder import Item, build_document, infer_headings
from .lines import lines_to_items
from .normalize import clean_line, has_words, join_wrapped

__all__ = ["parse_text", "parse_markdown", "decode_text"]

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s")


def decode_text(path: Path, data: bytes) -> str:
    """Bytes -> str: BOM-marked UTF-8/16/32, else UTF-8, else Windows-1252."""
    for bom, encoding in (
        (codecs.BOM_UTF32_LE, "utf-32"),
        (codecs.BOM_UTF32_BE, "utf-32"),
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return data.decode(encoding)
            except UnicodeDecodeError as exc:
                raise CorruptDocumentError(str(path), f"invalid {encoding} text: {exc}") from exc
    if b"\x00" in data[:4096]:
        raise CorruptDocumentError(str(path), "binary content, not a text file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_text(path: Path, doc_id: str) -> ParsedDocument:
    data = path.read_bytes()
    text = decode_text(path, data)
    lines = [clean_line(line) for line in text.splitlines()]
    items = lines_to_items([lines], paged=False)
    return build_document(items, doc_id=doc_id, source=str(path), format="text")


def _table_row(line: str) -> str:
    cells = [clean_line(cell) for cell in line.strip().strip("|").split("|")]
    return " | ".join(cells)


def _markdown_items(text: str) -> list[Item]:
    items: list[Item] = []
    para: list[str] = []
    table: list[str] = []

    def flush() -> None:
        if para:
            items.append(Item("text", join_wrapped(para)))
            para.clear()
        if table:
            items.append(Item("table", "\n".join(table)))
            table.clear()

    lines = text.splitlines()
    in_fence = False
    for i, raw in enumerate(lines):
        if _FENCE.match(raw):
            in_fence = not in_fence
            flush()
            continue
        line = clean_line(raw)
        if in_fence:
            if line:
                items.append(Item("text", line))
            continue
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if m := _ATX.match(raw):
            flush()
            if title := clean_line(m[2]):
                items.append(Item("text", title, level=len(m[1])))
        elif has_words(line) and not table and "|" not in line and _SETEXT.match(nxt):
            title = join_wrapped([*para, line])
            para.clear()
            items.append(Item("text", title, level=1 if nxt.strip()[0] == "=" else 2))
        elif _SETEXT.match(raw) and items and items[-1].level is not None and not para:
            continue  # the underline of a setext heading
        elif line.startswith("|") or (table and "|" in line):
            if not table:
                flush()
            if not _TABLE_RULE.match(raw):
                table.append(_table_row(line))
        elif not has_words(line) and not _IMAGE.search(line):
            flush()  # blank line or a horizontal rule
        else:
            if table or _LIST_ITEM.match(raw):
                flush()
            for alt in _IMAGE.findall(line):
                flush()
                if alt := clean_line(alt):
                    items.append(Item("image", alt))
            rest = clean_line(_IMAGE.sub(" ", line))
            if rest:
                para.append(rest)
    flush()
    return items


def parse_markdown(path: Path, doc_id: str) -> ParsedDocument:
    data = path.read_bytes()
    items = _markdown_items(decode_text(path, data))
    if not any(item.level is not None for item in items):
        items = infer_headings(items)
    return build_document(items, doc_id=doc_id, source=str(path), format="markdown")
