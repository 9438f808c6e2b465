"""Where a filed contract's opening resumes after its cover page and table of contents.

A contract filed as an exhibit often opens with a cover page (its title, "between", the parties)
and a table of contents of several chunks ("ARTICLE 1 DEFINITIONS .... 1", "Section 2.1 Grant 5",
a list of exhibits), and only then its preamble ("This Agreement is entered into as of ...").
Counted from the top, the preamble stands past the leading chunks, so its date is read only if
a query happens to rank it, and the signatories' dates answer for an opening that seems to state
none (``Position.after_contents``, ``Chunk.leading_position``). The chunks of a
table of contents are told by their entries: headings that end in a page number, or numbered
heading lines, dense and without the verbs of a sentence; a chunk that holds a table's last
entries and the preamble after them is prose, and is where the opening resumes.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..models import Chunk

__all__ = ["opening_resumes_at", "with_opening_resumed"]

#: the table's heading: "TABLE OF CONTENTS", or "CONTENTS" / "INDEX" on a line of its own
_TOC_HEADING = re.compile(
    r"\b(?:TABLE\s+OF\s+CONTENTS|Table\s+of\s+Contents)\b"
    r"|^[ \t]*(?:CONTENTS|Contents|INDEX)[ \t]*$",
    re.MULTILINE,
)
#: dot leaders (". . . . ." or "......") and rules of underscores between a heading and its page
_LEADER = re.compile(r"(?:\.[ \t]?){2,}|_{3,}")
#: a page number closing an entry: after a heading's last word (or first in the chunk, an entry
#: cut in two), before the next entry or the line's end
_PAGE_NUMBER = re.compile(
    r"(?:^|[A-Za-z)”\"’;:.])[ \t]*\b\d{1,3}(?=[ \t]*$|\s+[A-Z0-9“\"(\[])", re.MULTILINE
)
#: a numbered heading on a line of its own, as a table without page numbers lists them
_HEADING_LINE = re.compile(
    r"^[ \t]*(?:ARTICLE|Article|SECTION|Section|EXHIBIT|Exhibit|SCHEDULE|Schedule|APPENDIX"
    r"|Appendix|ANNEX|Annex|\d{1,2}(?:\.\d{1,2})*\.?)\b(?:[^\n.;]|\.(?=\d)){2,80}$",
    re.MULTILINE,
)
#: the verbs of a sentence, which a table's headings (in capitals or title case) lack
_PROSE = re.compile(r"\b(?:is|are|shall|will|hereby|agrees?|was|were)\b")
#: characters per entry at most: a table's chunk lists an entry every few dozen characters; one
#: with a sentence (a page's confidentiality legend) only if its entries are denser still
_CHARS_PER_ENTRY = 100
_CHARS_PER_ENTRY_WITH_PROSE = 40
#: a table of contents begins within the document's first characters (a cover page before it);
#: one further on belongs to an exhibit
_TABLE_STARTS_WITHIN = 4000


def _is_table_of_contents(text: str) -> bool:
    """Whether a chunk is (a part of) a table of contents."""
    text = _LEADER.sub(" ", text)
    entries = len(_PAGE_NUMBER.findall(text)) + len(_HEADING_LINE.findall(text))
    if not entries:
        return bool(_TOC_HEADING.search(text)) and not _PROSE.search(text)
    limit = _CHARS_PER_ENTRY_WITH_PROSE if _PROSE.search(text) else _CHARS_PER_ENTRY
    return len(text) <= limit * entries


def opening_resumes_at(chunks: list[Chunk]) -> Chunk | None:
    """The first chunk after a table of contents near the top of the document (headed as one),
    or None when there is none."""
    for i, chunk in enumerate(chunks):
        if chunk.start >= _TABLE_STARTS_WITHIN:
            return None
        if _TOC_HEADING.search(chunk.text) and _is_table_of_contents(chunk.text):
            rest = (c for c in chunks[i + 1 :] if not _is_table_of_contents(c.text))
            return next(rest, None)
    return None


def with_opening_resumed(chunks: list[Chunk]) -> list[Chunk]:
    """``chunks`` told where the opening resumes (``Chunk.opening_resumes_at``), unchanged when
    the document has no table of contents."""
    resumes = opening_resumes_at(chunks)
    if resumes is None:
        return chunks
    at = (resumes.position, resumes.start)
    return [replace(c, opening_resumes_at=at) for c in chunks]
