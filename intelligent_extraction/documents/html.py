"""HTML parsing with BeautifulSoup (lxml parser).

``h1``-``h6`` open sections; data ``<table>`` s become ``table`` blocks (one ``cell | cell``
line per row); ``<img alt>`` and ``<figure>``/``<figcaption>`` become ``image`` blocks (alt
text and caption of one figure together); script, style and other non-content elements are
dropped. Tables used for page layout (one column, long cells, headings inside) are read as
ordinary content. Pages without any ``h1``-``h6`` get the plain-text heading heuristics.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..models import ParsedDocument
from .builder import Item, build_document, infer_headings
from .normalize import clean_line, clean_lines

__all__ = ["parse_html"]

_DROP = (
    "script style noscript template head svg canvas iframe object embed button select "
    "input textarea meta link map area audio video"
).split()
_BLOCK = frozenset(
    "p div section article header footer main aside nav ul ol li dl dt dd blockquote address "
    "form fieldset center hr tr td th tbody thead tfoot caption body html details summary "
    "legend".split()
)
_HEADINGS = frozenset(f"h{n}" for n in range(1, 7))
_SPACE_RUN = re.compile(r"\s+")
_LAYOUT_CELL_CHARS = 400


def _text(tag) -> str:
    return clean_line(" ".join(tag.stripped_strings))


def _direct_rows(table):
    for tr in table.find_all("tr"):
        if tr.find_parent("table") is table:
            yield [_text(cell) for cell in tr.find_all(["td", "th"], recursive=False)]


def _is_layout_table(table, rows: list[list[str]]) -> bool:
    if table.find(list(_HEADINGS)) is not None:
        return True
    if any(len(cell) > _LAYOUT_CELL_CHARS for row in rows for cell in row):
        return True
    multi = sum(1 for row in rows if sum(1 for cell in row if cell) >= 2)
    return multi == 0 or multi < len(rows) / 2


class _Walker:
    def __init__(self) -> None:
        self.items: list[Item] = []
        self.inline: list[str] = []
        self.headings = 0

    def flush(self) -> None:
        if self.inline:
            text = clean_lines("".join(self.inline))
            self.inline = []
            if text:
                self.items.append(Item("text", text))

    def walk(self, node) -> None:
        from bs4 import CData, NavigableString, Tag

        for child in node.children:
            if isinstance(child, Tag):
                self.element(child)
            elif type(child) in (NavigableString, CData):
                self.inline.append(_SPACE_RUN.sub(" ", str(child)))

    def element(self, tag) -> None:
        name = tag.name
        if name in _HEADINGS:
            self.flush()
            if text := _text(tag):
                self.items.append(Item("text", text, level=int(name[1])))
                self.headings += 1
        elif name == "table":
            self.table(tag)
        elif name == "figure":
            self.figure(tag)
        elif name in ("img", "figcaption"):
            text = clean_line(tag.get("alt") or "") if name == "img" else _text(tag)
            if text:
                self.flush()
                self.items.append(Item("image", text))
        elif name == "br":
            self.inline.append("\n")
        elif name == "pre":
            self.flush()
            if text := clean_lines(tag.get_text()):
                self.items.append(Item("text", text))
        elif name in _BLOCK:
            self.flush()
            self.walk(tag)
            self.flush()
        else:
            self.walk(tag)

    def table(self, tag) -> None:
        self.flush()
        rows = list(_direct_rows(tag))
        if _is_layout_table(tag, rows):
            self.walk(tag)
            self.flush()
            return
        lines = [" | ".join(row) for row in rows if any(row)]
        if lines:
            self.items.append(Item("table", "\n".join(lines)))

    def figure(self, tag) -> None:
        self.flush()
        parts = [clean_line(img.get("alt") or "") for img in tag.find_all("img")]
        parts += [_text(caption) for caption in tag.find_all("figcaption")]
        described = [p for p in dict.fromkeys(parts) if p]
        if described:
            self.items.append(Item("image", "\n".join(described)))
        for used in tag.find_all(["img", "figcaption"]):
            used.decompose()
        self.walk(tag)  # anything else a figure holds (a table, a paragraph)
        self.flush()


def parse_html(path: Path, doc_id: str) -> ParsedDocument:
    data = path.read_bytes()
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(data, "lxml")
    for tag in soup.find_all(_DROP):
        tag.decompose()
    walker = _Walker()
    walker.walk(soup.body or soup)
    walker.flush()
    items = walker.items if walker.headings else infer_headings(walker.items)
    return build_document(items, doc_id=doc_id, source=str(path), format="html")
