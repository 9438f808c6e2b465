"""Post-processors: small steps that re-score, filter and cut a ranked list of chunks.

They run in a fixed order (``DEFAULT_POSTPROCESSORS``): section-title boost, position boost,
``min_score`` filter, de-duplication, then the text/image split. Every bonus is recorded in
``ScoredChunk.adjustments`` (name -> amount added), so a final score can be explained. Each step
is a ``PostProcessor``: ``process(chunks, field) -> chunks``, input and output best first.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol, runtime_checkable

from rapidfuzz import fuzz

from ..models import FieldConfig, ScoredChunk
from .result import StepTrace

__all__ = [
    "PostProcessor",
    "SectionBoost",
    "PositionBoost",
    "MinScoreFilter",
    "Deduplicate",
    "TextImageSplit",
    "DEFAULT_POSTPROCESSORS",
    "run_postprocessors",
    "normalize_heading",
    "section_matches",
    "rank",
]

SECTION_BOOST = "section_boost"
SECONDARY_SECTION_BOOST = "secondary_section_boost"
POSITION_BOOST = "position_boost"


@runtime_checkable
class PostProcessor(Protocol):
    name: str

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        """Take chunks best first, return chunks best first."""


def rank(chunks: Sequence[ScoredChunk]) -> list[ScoredChunk]:
    """Best first; the sort is stable, so equal scores keep their earlier order."""
    return sorted(chunks, key=lambda c: -c.score)


def _add(chunk: ScoredChunk, name: str, amount: float) -> ScoredChunk:
    return replace(
        chunk, score=chunk.score + amount, adjustments={**chunk.adjustments, name: amount}
    )


# --------------------------------------------------------------------------- boosts

# Numbering that opens a heading: "14.", "14.2", "Section 14.", "Article XIV -", "(a)", "IV.".
# Letters count as numbering only with a keyword or punctuation, so "Civil Matters" survives.
_NUMBERING = re.compile(
    r"""^\s*(?:
        (?:section|article|clause|schedule|annex|exhibit|appendix|part)\s+
            (?:\d+(?:\.\d+)*|[ivxlc]+|[a-z])\b[.):]*
      | \d+(?:\.\d+)*[.):]*
      | \(?(?:[ivxlc]+|[a-z])[.)]+
    )(?!\w)\s*[-:\u2013\u2014]?\s*""",
    re.IGNORECASE | re.VERBOSE,
)
_NON_WORD = re.compile(r"[\W_]+")


def normalize_heading(text: str) -> str:
    """Lower-case words without numbering or punctuation: ``"14. Governing Law."`` ->
    ``"governing law"``."""
    text = _NUMBERING.sub("", text, count=1)
    return " ".join(_NON_WORD.sub(" ", text.casefold()).split())


# headings recur across fields and queries (every chunk carries its section path), while the
# (title, heading) pairs of a long backfill outgrow section_matches' cache
_normalized_heading = lru_cache(maxsize=16384)(normalize_heading)


@lru_cache(maxsize=65536)  # a document has few distinct headings and a field few titles
def section_matches(title: str, heading: str, threshold: float = 90.0) -> bool:
    """Whether a configured section ``title`` names ``heading`` (or a part of it).

    Both are normalized (``normalize_heading``); then some run of the heading's words as long
    as the title must match it with a rapidfuzz ratio of at least ``threshold``. Word-aligned,
    so "Governing Law" matches "14. GOVERNING LAWS" and "Governing Law and Jurisdiction", but
    "Term" does not match "Termination", nor "Governing Law" a bare "Law".
    """
    t, h = _normalized_heading(title), _normalized_heading(heading)
    if not t or not h:
        return False
    t_words, h_words = t.split(), h.split()
    n = len(t_words)
    windows = [" ".join(h_words[i : i + n]) for i in range(max(1, len(h_words) - n + 1))]
    return any(fuzz.ratio(t, w, score_cutoff=threshold) for w in windows)


@dataclass(frozen=True)
class SectionBoost:
    """Adds ``field.section_boost`` to chunks under the field's primary section (the first of
    ``field.sections``) and half of it to chunks under any other listed section."""

    threshold: float = 90.0
    name: str = "section_boost"

    def __post_init__(self) -> None:
        if not 0 < self.threshold <= 100:
            raise ValueError(
                f"threshold must be in (0, 100]. Currently, the threshold is {self.threshold}"
            )

    def _bonus(self, path: tuple[str, ...], field: FieldConfig) -> tuple[str, float] | None:
        primary, *secondary = field.sections
        if any(section_matches(primary, h, self.threshold) for h in path):
            return SECTION_BOOST, field.section_boost
        if any(section_matches(s, h, self.threshold) for s in secondary for h in path):
            return SECONDARY_SECTION_BOOST, field.section_boost / 2
        return None

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        if not field.sections or field.section_boost == 0:
            return list(chunks)
        out = []
        for c in chunks:
            bonus = self._bonus(c.chunk.section, field) if c.chunk.section else None
            out.append(_add(c, *bonus) if bonus else c)
        return rank(out)


@dataclass(frozen=True)
class PositionBoost:
    """Adds ``field.position.boost`` to the document's first ``field.position.first_chunks``
    chunks (by ``Chunk.leading_position``); does nothing when the field sets no ``position``."""

    name: str = "position_boost"

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        pos = field.position
        if pos is None or pos.boost == 0:
            return list(chunks)
        boosted = [
            _add(c, POSITION_BOOST, pos.boost) if c.chunk.leading_position < pos.first_chunks
            else c
            for c in chunks
        ]
        return rank(boosted)


# --------------------------------------------------------------------------- filters


@dataclass(frozen=True)
class MinScoreFilter:
    """Drops chunks whose final score (after the boosts) is below ``field.min_score``."""

    name: str = "min_score"

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        return [c for c in chunks if c.score >= field.min_score]


_WORD = re.compile(r"\w+")


def _shingles(text: str, size: int) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.casefold())
    if len(words) < size:
        return {tuple(words)} if words else set()
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


@dataclass(frozen=True)
class Deduplicate:
    """Keeps the best-ranked copy of each chunk id, and drops a chunk whose text is more than
    ``containment`` contained in a better-ranked kept chunk (overlapping chunks, repeated
    boilerplate). Containment is the share of the chunk's word ``shingle``-grams that the other
    chunk also has: exact, word-order aware and linear in the text length."""

    containment: float = 0.9
    shingle: int = 3
    name: str = "dedup"

    def __post_init__(self) -> None:
        if not 0 < self.containment <= 1:
            raise ValueError(
                "containment must be in (0, 1]. "
                f"Currently, the containment is {self.containment}"
            )
        if self.shingle < 1:
            raise ValueError(
                f"shingle must be at least 1. Currently, the shingle is {self.shingle}"
            )

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        kept: list[ScoredChunk] = []
        seen_ids: set[str] = set()
        owners: dict[tuple[str, ...], list[int]] = {}  # shingle -> indexes into kept
        # Only the answer's shape is ever shown: once it is full (final_top_k text chunks and
        # max_images images), the rest cannot reach the output, so stop comparing.
        room = {"text": field.final_top_k, "image": field.visual_analysis.max_images}
        for c in chunks:
            if room["text"] <= 0 and room["image"] <= 0:
                break
            kind = "image" if c.chunk.chunk_type == "image" else "text"
            if c.chunk_id in seen_ids or room[kind] <= 0:
                continue
            grams = _shingles(c.chunk.text, self.shingle)
            shared = Counter(i for g in grams for i in owners.get(g, ()))
            if grams and any(n / len(grams) > self.containment for n in shared.values()):
                continue
            seen_ids.add(c.chunk_id)
            for g in grams:
                owners.setdefault(g, []).append(len(kept))
            kept.append(c)
            room[kind] -= 1
        return kept


@dataclass(frozen=True)
class TextImageSplit:
    """The answer's shape: the best ``field.final_top_k`` text and table chunks, then up to
    ``field.visual_analysis.max_images`` image chunks (each group best first)."""

    name: str = "text_image_split"

    def process(self, chunks: Sequence[ScoredChunk], field: FieldConfig) -> list[ScoredChunk]:
        texts = [c for c in chunks if c.chunk.chunk_type != "image"]
        images = [c for c in chunks if c.chunk.chunk_type == "image"]
        return texts[: field.final_top_k] + images[: field.visual_analysis.max_images]


DEFAULT_POSTPROCESSORS: tuple[PostProcessor, ...] = (
    SectionBoost(),
    PositionBoost(),
    MinScoreFilter(),
    Deduplicate(),
    TextImageSplit(),
)


def run_postprocessors(
    chunks: Sequence[ScoredChunk],
    field: FieldConfig,
    processors: Sequence[PostProcessor] = DEFAULT_POSTPROCESSORS,
) -> tuple[list[ScoredChunk], tuple[StepTrace, ...]]:
    """Apply ``processors`` in order; return the chunks and a trace of each step."""
    current = list(chunks)
    steps = []
    for p in processors:
        t0 = time.perf_counter()
        out = p.process(current, field)
        steps.append(StepTrace(p.name, len(current), len(out), (time.perf_counter() - t0) * 1e3))
        current = out
    return current, tuple(steps)
