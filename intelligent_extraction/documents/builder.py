"""From a parser's items to a ParsedDocument whose block offsets are exact by construction.

Every parser produces a flat list of ``Item`` s in reading order (headings, paragraphs, tables,
images), already normalized. ``build_document`` lays them out into one text, blocks separated by
a blank line (or by a single space where a paragraph continues on the next page), and records
each block's offsets and enclosing section path while doing so, so
``doc.text[b.start:b.end] == b.text`` holds for every block without any later search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..models import Block, ChunkType, ParsedDocument
from .headings import SectionStack, heading_level, run_in_heading

__all__ = ["Item", "build_document", "infer_headings", "BLOCK_SEPARATOR"]

BLOCK_SEPARATOR = "\n\n"


@dataclass(frozen=True)
class Item:
    """One unit of a parsed document before layout.

    ``level`` set and ``kind == "text"``: the item is a heading (its own block, and the section
    it opens includes it). ``opens`` set: a paragraph that starts with a run-in heading; the
    section (level, title) opens at this paragraph. ``continues``: the paragraph goes on from the
    previous item (split by a page break), so the two are joined by a space, not a blank line.
    """

    kind: ChunkType
    text: str
    page: int | None = None
    level: int | None = None
    opens: tuple[int, str] | None = None
    continues: bool = False


def infer_headings(items: list[Item]) -> list[Item]:
    """Mark heuristic headings on items from a format whose markup had none (see headings.py)."""
    out: list[Item] = []
    for item in items:
        if item.kind == "text" and item.level is None and item.opens is None:
            if "\n" not in item.text and (level := heading_level(item.text)) is not None:
                item = replace(item, level=level)
            elif (found := run_in_heading(item.text)) is not None:
                item = replace(item, opens=found)
        out.append(item)
    return out


def build_document(
    items: list[Item],
    *,
    doc_id: str,
    source: str,
    format: str,
    page_count: int | None = None,
) -> ParsedDocument:
    """Lay the items out into one text and the blocks that index into it."""
    parts: list[str] = []
    blocks: list[Block] = []
    sections = SectionStack()
    length = 0
    for item in items:
        text = item.text
        if not text:
            continue
        if item.level is not None:
            sections.push(item.level, text)
        elif item.opens is not None:
            sections.push(*item.opens)
        if blocks:
            sep = " " if item.continues else BLOCK_SEPARATOR
            parts.append(sep)
            length += len(sep)
        parts.append(text)
        blocks.append(Block(item.kind, text, length, length + len(text), item.page, sections.path))
        length += len(text)
    return ParsedDocument(
        doc_id=doc_id,
        source=source,
        text="".join(parts),
        blocks=tuple(blocks),
        page_count=page_count,
        format=format,
    )
