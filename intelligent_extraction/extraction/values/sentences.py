"""Sentences with offsets, for ``text`` and ``clause`` fields (the shortest span that answers).

Segmentation is pysbd's (rule-based, knows "Inc.", "U.S.", "No. 5", "1.2"). pysbd treats every
newline as a boundary, which breaks PDF text wrapped mid-sentence, so single newlines are
hidden from it (replaced by spaces in a same-length copy: offsets stay exact) while blank
lines still separate paragraphs and titles. If pysbd is missing or its offsets disagree with
the text, a conservative regex splitter takes over.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from .base import Candidate, squash_spaces

__all__ = ["find_sentences", "sentence_spans"]

_LONE_NEWLINE = re.compile(r"(?<!\n)[ \t]*\n[ \t]*(?!\s*\n)")
_FALLBACK_END = re.compile(
    r"(?<!\b[A-Z])(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bSt)"
    r"(?<!\bvs)(?<!\bCorp)(?<!\bU\.S)[.!?](?=\s+[A-Z(\"“])|\n\s*\n"
)


@lru_cache(maxsize=1)
def _segmenter():  # pysbd ships no type hints
    try:
        import pysbd
    except ImportError:  # pragma: no cover - pysbd is a declared dependency
        return None
    return pysbd.Segmenter(language="en", clean=False, char_span=True)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


def _pysbd_spans(text: str) -> list[tuple[int, int]] | None:
    segmenter = _segmenter()
    if segmenter is None:
        return None
    masked = _LONE_NEWLINE.sub(lambda m: " " * len(m.group(0)), text)
    spans = []
    for span in segmenter.segment(masked):
        if masked[span.start : span.end] != span.sent:
            return None  # pysbd lost track of offsets: do not trust any of them
        trimmed = _trimmed(text, span.start, span.end)
        if trimmed:
            spans.append(trimmed)
    return spans


def _regex_spans(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for m in _FALLBACK_END.finditer(text):
        trimmed = _trimmed(text, start, m.end() if m.group(0) != "\n" else m.start())
        if trimmed:
            yield trimmed
        start = m.end()
    trimmed = _trimmed(text, start, len(text))
    if trimmed:
        yield trimmed


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence in ``text``, whitespace trimmed, in order."""
    if not text.strip():
        return []
    spans = _pysbd_spans(text)
    return spans if spans is not None else list(_regex_spans(text))


def find_sentences(text: str) -> list[Candidate]:
    """Every sentence as a candidate; ``value`` is the sentence with whitespace squashed."""
    return [Candidate(squash_spaces(text[s:e]), text[s:e], s, e) for s, e in sentence_spans(text)]
