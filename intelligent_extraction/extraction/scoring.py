"""Pure scoring helpers for the rule extractor: passages, keyword distance, feature mixing.

Retrieved chunks overlap (the chunker repeats ~40 tokens) and a clause often straddles two of
them, so chunks that touch in the document are first merged into :class:`Passage` objects; a
candidate found in a passage keeps the rank of the best chunk that holds it. Features are each
in [0, 1] (the role match in [-1, 1]) and mixed by a weighted sum into one raw score; the
extractor's confidence is that score clipped to [0, 1] (monotone, for later calibration).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..models import ScoredChunk

__all__ = [
    "Passage",
    "build_passages",
    "keyword_pattern",
    "keyword_distance",
    "proximity",
    "rank_feature",
    "sentence_bounds",
    "section_feature",
]


@dataclass(frozen=True)
class Passage:
    """Document-contiguous text made of one or more retrieved chunks (document order).

    ``start`` is the document offset of ``text[0]``; ``parts`` pairs each chunk with its rank in
    the retrieval result (0 = best).
    """

    text: str
    start: int
    parts: tuple[tuple[int, ScoredChunk], ...]

    @property
    def position(self) -> int:
        return min(sc.chunk.position for _, sc in self.parts)

    @property
    def best_rank(self) -> int:
        return min(rank for rank, _ in self.parts)

    def holder(self, offset: int) -> tuple[int, ScoredChunk]:
        """The best-ranked chunk holding passage offset ``offset`` (rank, chunk)."""
        doc = self.start + offset
        holding = [(r, sc) for r, sc in self.parts if sc.chunk.start <= doc < sc.chunk.end]
        return min(holding or self.parts, key=lambda p: p[0])


def build_passages(chunks: Sequence[ScoredChunk]) -> list[Passage]:
    """Merge text chunks that overlap or touch in the document into passages, best rank first.

    Two chunks merge only when their overlapping text agrees, so offsets stay exact.
    """
    ranked = [(i, sc) for i, sc in enumerate(chunks) if sc.chunk.chunk_type == "text"]
    by_doc: dict[str, list[tuple[int, ScoredChunk]]] = {}
    for item in ranked:
        by_doc.setdefault(item[1].chunk.doc_id, []).append(item)
    passages: list[Passage] = []
    for items in by_doc.values():
        items.sort(key=lambda p: (p[1].chunk.start, p[1].chunk.end))
        text, start, parts = "", 0, []
        for rank, sc in items:
            c = sc.chunk
            end = start + len(text)
            if parts and c.start <= end and text[c.start - start :] == c.text[: end - c.start]:
                text += c.text[end - c.start :]
                parts.append((rank, sc))
                continue
            if parts:
                passages.append(Passage(text, start, tuple(parts)))
            text, start, parts = c.text, c.start, [(rank, sc)]
        if parts:
            passages.append(Passage(text, start, tuple(parts)))
    return sorted(passages, key=lambda p: (p.best_rank, p.start))


def keyword_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """One case-insensitive pattern for the field's keywords (word starts; spaces flexible).

    A keyword written as a regex (it contains ``\\``, ``(`` or ``[``) is used as is.
    """
    parts = []
    for word in words:
        word = word.strip()
        if not word:
            continue
        if any(ch in word for ch in "\\([|"):
            parts.append(f"(?:{word})")
        else:
            parts.append(r"\b" + r"\s+".join(re.escape(w) for w in word.split()))
    if not parts:
        return None
    return re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)


def keyword_distance(
    text: str, start: int, end: int, pattern: re.Pattern[str] | None, window: int = 600
) -> float | None:
    """Characters between the span ``[start, end)`` and the nearest keyword match (0 when they
    overlap), looking ``window`` characters either side; None when there is none."""
    if pattern is None:
        return None
    lo, hi = max(0, start - window), min(len(text), end + window)
    best: float | None = None
    for m in pattern.finditer(text, lo, hi):
        if m.end() <= start:
            d = start - m.end()
        elif m.start() >= end:
            d = m.start() - end
        else:
            d = 0
        best = d if best is None else min(best, d)
    return best


def proximity(distance: float | None, scale: float = 150.0) -> float:
    """1 at distance 0, decaying exponentially; 0 when there is no keyword at all."""
    return 0.0 if distance is None else math.exp(-distance / scale)


def rank_feature(rank: int, decay: float = 0.35) -> float:
    """1 for the top chunk, 1/(1 + decay * rank) after."""
    return 1.0 / (1.0 + decay * rank)


def section_feature(section: Sequence[str], wanted: Sequence[str]) -> float:
    """1 when the chunk's section path names the field's primary section, 0.5 for another of
    its sections, 0 otherwise (case-insensitive substring match)."""
    titles = " / ".join(section).lower()
    if not titles or not wanted:
        return 0.0
    for i, name in enumerate(wanted):
        if name.lower() in titles:
            return 1.0 if i == 0 else 0.5
    return 0.0


_SENTENCE_STOP = re.compile(
    r"(?<!\b[A-Z])(?<!\bNo)(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bSt)[.;](?=\s+[\"“(]?[A-Z0-9])"
    r"|\n[ \t]*\n"
)


def sentence_bounds(text: str, start: int, end: int, limit: int = 600) -> tuple[int, int]:
    """The sentence around ``[start, end)``: from the previous stop (period, semicolon or blank
    line) to the next one, at most ``limit`` characters each way."""
    lo = max(0, start - limit)
    s = lo
    for m in _SENTENCE_STOP.finditer(text, lo, start):
        s = m.end()
    m = _SENTENCE_STOP.search(text, end, min(len(text), end + limit))
    e = m.end() if m else min(len(text), end + limit)
    return s, e
