"""The candidate record every value finder returns, and the helpers finders share.

A finder is a pure function ``text -> list[Candidate]``: it locates every value of its type in
the text, normalizes each to the canonical form documented in the issue (ISO dates, ISO
durations, Decimal strings...) and keeps the exact matched text with its offsets, so the
extractor can cite evidence and score candidates by where they sit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["Candidate", "PARAGRAPH_BREAK", "cue_before", "cue_after", "dedupe_overlaps",
           "labelled_line", "squash_spaces"]


@dataclass(frozen=True)
class Candidate:
    """One typed value found in a text.

    ``value`` is canonical (``str``; ``dict`` for money/percent; ``list[str]`` for party_list;
    ``bool`` for boolean); ``raw`` is exactly ``text[start:end]``. ``unit`` is a type-specific
    hint (a date's precision ``day|month|year``, a duration's unit, a money currency);
    ``kind`` is the role cue found next to the value (``effective``, ``expire``, ``renewal``,
    ``notice``, ``law``...), or None when nothing nearby says what the value is for.
    """

    value: Any
    raw: str
    start: int
    end: int
    unit: str | None = None
    kind: str | None = None


def cue_before(
    text: str, start: int, cues: list[tuple[re.Pattern[str], str]], window: int = 60
) -> str | None:
    """The role of the cue closest before ``start`` (within ``window`` chars), or None.

    ``cues`` pairs a compiled pattern with the role it signals; the match that ends nearest to
    ``start`` wins, so "effective ... and shall expire on <date>" reads as ``expire``. Runs of
    whitespace count as one character (PDF text pads lines with spaces).
    """
    snippet = squash_spaces(text[max(0, start - 3 * window) : start] + "|")[:-1][-window:]
    best: tuple[int, str] | None = None
    for pattern, role in cues:
        for m in pattern.finditer(snippet):
            if best is None or m.end() > best[0]:
                best = (m.end(), role)
    return best[1] if best else None


def cue_after(
    text: str, end: int, cues: list[tuple[re.Pattern[str], str]], window: int = 40
) -> str | None:
    """The role of the first cue that starts within ``window`` chars after ``end``."""
    snippet = squash_spaces("|" + text[end : end + 3 * window])[1:][:window]
    best: tuple[int, str] | None = None
    for pattern, role in cues:
        m = pattern.search(snippet)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), role)
    return best[1] if best else None


#: A line of a form that labels its value ("Initial Term: 24 months", "Effective Date:
#: 08/01/2022"): a short label opening the line, then a colon (not a clock's "10:00").
_LABELLED_LINE = re.compile(
    r"[ \t]*[A-Z][\w'’&/.-]*(?:[ \t]+[\w'’&/().-]+){0,4}?[ \t]*(?<!\d):(?!\d)"
)


def _line_at(text: str, start: int, end: int) -> tuple[int, int]:
    """The line holding ``[start, end)`` (without its newline)."""
    lo = text.rfind("\n", 0, start) + 1
    hi = text.find("\n", end)
    return lo, len(text) if hi < 0 else hi


def labelled_line(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The labelled line holding ``[start, end)`` when a line next to it is labelled too (a
    block of them: an order form, a cover sheet), where each line states one thing though no
    full stop ends it. A lone line opening with a few words and a colon may be prose wrapped
    mid-sentence."""
    lo, hi = _line_at(text, start, end)
    if hi < end or not _LABELLED_LINE.match(text, lo, hi):
        return None
    neighbours = ([_line_at(text, lo - 1, lo - 1)] if lo else []) + (
        [_line_at(text, hi + 1, hi + 1)] if hi < len(text) else []
    )
    if any(_LABELLED_LINE.match(text, a, b) for a, b in neighbours):
        return lo, hi
    return None


def dedupe_overlaps(candidates: list[Candidate]) -> list[Candidate]:
    """Drop candidates overlapping an earlier, longer one; return the rest in text order."""
    kept: list[Candidate] = []
    for cand in sorted(candidates, key=lambda c: (-(c.end - c.start), c.start)):
        if all(cand.end <= k.start or cand.start >= k.end for k in kept):
            kept.append(cand)
    return sorted(kept, key=lambda c: (c.start, c.end))


#: A paragraph break is a blank line, unless a lower-case word follows it: the text of some PDFs
#: has a blank line between every wrapped line ("the laws of the State of X\n\nshall govern"),
#: and a sentence does not end there.
PARAGRAPH_BREAK = r"\n[ \t]*\n(?!\s*[a-z])"

_SPACES = re.compile(r"\s+")


def squash_spaces(text: str) -> str:
    """Collapse runs of whitespace (PDF line breaks, OCR gaps) into single spaces and strip."""
    return _SPACES.sub(" ", text).strip()
