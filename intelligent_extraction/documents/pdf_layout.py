"""Side-by-side signature blocks in PDFs, read one column at a time.

pdfium returns a page's text line by line across the whole page width, so two signature blocks
set side by side come out interleaved: "BY: /s/ Jane Roe /s/ John Doe", then both
printed names on one line, then both titles. Who signs, and under which title, is lost; that is
what the parties field needs when an individual signs a letter agreement.

Characters' boxes tell the columns apart: inside a line, words are at most a few character
heights apart, while columns are separated by a gap of many. A run of lines split by such gaps
that carries signature cues ("/s/", "By:", "Name:", "Title:") is re-emitted column by column,
each column as its own short lines. Other wide gaps (tables, tab stops) keep pdfium's order:
reordering them would separate a table's cells from their rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Segment", "split_segments", "reflow_signature_columns"]

# A gap wider than this many character heights separates columns (word gaps measure ~0.3-2.6,
# list markers and indents up to ~3, side-by-side columns 20 and more on the dev contracts).
_COLUMN_GAP = 6.0
_BLANK_LINE = 2.0  # character heights of white space between two lines that make a blank line
_SAME_COLUMN = 15.0  # points: segment starts closer than this belong to one column
_LONE_LINE = 60  # characters: a single-segment line inside a block is a short one
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SIGNATURE_CUE = re.compile(
    r"/s/|^(?:by|name|title|its|date|signature|witness)\b", re.IGNORECASE
)


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of text on one line, with the x coordinate (points) where it starts."""

    x0: float
    text: str


def split_segments(text: str, charbox) -> list[list[Segment]]:
    """The page's lines (split on pdfium's ``\\r\\n``), each cut into segments at column gaps.

    ``charbox(i)`` gives character ``i``'s box ``(left, bottom, right, top)``; ``text`` must be
    the text page's characters in index order so that positions match.
    """
    lines: list[list[Segment]] = []
    spans = []
    start = 0
    for brk in _LINE_BREAK.finditer(text):
        spans.append((start, brk.start()))
        start = brk.end()
    spans.append((start, len(text)))
    previous = None  # the box of the previous line's first character
    for start, end in spans:
        box = charbox(start) if end > start else None
        if box is not None and previous is not None and _is_blank_between(previous, box):
            lines.append([])  # a vertical gap is a blank line: it ends a block
        lines.append(_cut_line(text, start, end, charbox))
        previous = box or previous
    return lines


def _is_blank_between(upper, lower) -> bool:
    height = max(upper[3] - upper[1], lower[3] - lower[1], 1.0)
    return upper[1] - lower[3] > _BLANK_LINE * height


def _cut_line(text: str, start: int, end: int, charbox) -> list[Segment]:
    cuts = [start]
    for i in range(start + 1, end - 1):
        if text[i] == " " and _is_column_gap(charbox(i - 1), charbox(i + 1)):
            cuts.append(i + 1)
    cuts.append(end)
    segments = []
    for a, b in zip(cuts, cuts[1:]):
        piece = text[a:b].strip()
        if piece:
            segments.append(Segment(charbox(a)[0] if a < end else 0.0, piece))
    return segments


def _is_column_gap(left, right) -> bool:
    height = max(left[3] - left[1], right[3] - right[1], 1.0)
    same_line = min(left[3], right[3]) > max(left[1], right[1])
    return same_line and (right[0] - left[2]) > _COLUMN_GAP * height


def reflow_signature_columns(lines: list[list[Segment]]) -> list[str]:
    """The page's lines as text, with side-by-side signature blocks read column by column."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        end = _block_end(lines, i)
        block = lines[i:end]
        if end > i and _is_signature_block(block):
            out.extend(_columns_as_lines(block))
            i = end
        else:
            out.append(" ".join(s.text for s in lines[i]))
            i += 1
    return out


def _block_end(lines: list[list[Segment]], start: int) -> int:
    """End of the run of split lines starting at ``start`` (``start`` when it is not split).
    Short single-segment lines between split lines stay in the run."""
    if len(lines[start]) < 2:
        return start
    end = start + 1
    while end < len(lines):
        line = lines[end]
        if len(line) >= 2 or (len(line) == 1 and len(line[0].text) <= _LONE_LINE):
            end += 1
        elif _header_gap(lines, start, end):
            end += 1
        else:
            break
    while end - 1 > start and len(lines[end - 1]) < 2 and not _right_only(lines, start, end - 1):
        end -= 1  # trailing lone lines at the left margin are ordinary text again
    return end


def _header_gap(lines: list[list[Segment]], start: int, end: int) -> bool:
    """A blank line under column headers ("ACME INC.:   EMPLOYEE:") that no signature cue has
    followed yet, with split lines after it: the space left for the signatures."""
    if lines[end] or end + 1 >= len(lines) or len(lines[end + 1]) < 2:
        return False
    return not any(_SIGNATURE_CUE.search(s.text) for line in lines[start:end] for s in line)


def _right_only(lines: list[list[Segment]], start: int, index: int) -> bool:
    left = min(s.x0 for s in lines[start])
    return lines[index][0].x0 > left + _SAME_COLUMN


def _is_signature_block(block: list[list[Segment]]) -> bool:
    split = [line for line in block if len(line) >= 2]
    cued = sum(1 for line in split if sum(bool(_SIGNATURE_CUE.search(s.text)) for s in line) >= 2)
    return len(split) >= 2 and cued >= 1


def _columns_as_lines(block: list[list[Segment]]) -> list[str]:
    starts: list[float] = []
    for x0 in sorted(s.x0 for line in block if len(line) >= 2 for s in line):
        if not starts or x0 - starts[-1] > _SAME_COLUMN:
            starts.append(x0)
    columns: list[list[str]] = [[] for _ in starts]
    for line in block:
        for segment in line:
            index = max(
                (k for k, x in enumerate(starts) if x <= segment.x0 + _SAME_COLUMN), default=0
            )
            columns[index].append(segment.text)
    out: list[str] = []
    for column in columns:
        if column:
            out.extend([*column, ""])  # a blank line: each column is its own paragraph
    return out
