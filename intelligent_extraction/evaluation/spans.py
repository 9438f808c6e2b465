"""The strict evidence rule: does a chunk hold a gold span?

A chunk holds a span when it contains at least 60% of the span's words as one unbroken run
(all of them for spans of up to five words). Plain word overlap is too lenient: common words
are everywhere in a contract.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

__all__ = ["words", "longest_common_run", "required_run", "holds_span", "first_hit_rank"]

_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lowercased alphanumeric words; punctuation, hyphens and layout are ignored."""
    return _WORD.findall(text.lower())


def required_run(span_len: int, share: float = 0.6, short: int = 5) -> int:
    """Words that must appear unbroken: all of a short span, else ceil(share * length)."""
    if span_len <= short:
        return span_len
    return math.ceil(share * span_len)


def longest_common_run(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest run of consecutive words shared by ``a`` and ``b``."""
    if not a or not b:
        return 0
    best = 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0] * (len(b) + 1)
        for j, y in enumerate(b, start=1):
            if x == y:
                cur[j] = prev[j - 1] + 1
                if cur[j] > best:
                    best = cur[j]
        prev = cur
    return best


def holds_span(chunk_words: Sequence[str], span_words: Sequence[str]) -> bool:
    """True when the chunk contains enough of the span as one unbroken run."""
    if not span_words:
        return False
    need = required_run(len(span_words))
    if need > len(chunk_words):
        return False
    return longest_common_run(span_words, chunk_words) >= need


def first_hit_rank(ranked_chunk_words: Iterable[Sequence[str]], spans: list[list[str]]) -> int | None:
    """1-based rank of the first chunk holding any span, or None when none does."""
    for rank, cw in enumerate(ranked_chunk_words, start=1):
        if any(holds_span(cw, s) for s in spans):
            return rank
    return None
