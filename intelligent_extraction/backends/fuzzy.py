"""Fuzziness AUTO the way Lucene's ``FuzzyQuery`` applies it, as pure logic over a vocabulary.

For every analyzed query term OpenSearch builds a ``FuzzyQuery`` (``prefix_length`` 0,
``max_expansions`` 50, transpositions on) and Lucene rewrites it with
``TopTermsBlendedFreqScoringRewrite``:

1. every index term within ``max_edits`` of the query term is a candidate; edits are counted in
   code points and a transposition of two adjacent characters is one edit (optimal string
   alignment distance); ``max_edits`` is 0 for terms of 1-2 characters, 1 for 3-5, 2 for longer;
2. a candidate's boost is ``1 - edits / min(len(term), len(candidate))`` (the exact term: 1.0);
3. the 50 candidates with the highest boost are kept, ties going to the smaller term in byte
   (= code point) order;
4. the kept terms are scored as boosted term queries whose document frequency is *blended*: every
   one of them uses the largest document frequency among them, so a rare misspelling in the index
   does not outrank the common spelling (``BlendedTermQuery``).

:class:`FuzzyExpander` finds candidates with rapidfuzz and keeps them across vocabulary updates,
scanning only the terms added since, so a busy index does not pay a full vocabulary scan per
query term after every commit.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA

__all__ = [
    "MAX_EXPANSIONS",
    "auto_max_edits",
    "similarity_boost",
    "Expansion",
    "top_expansions",
    "blended_doc_freq",
    "FuzzyExpander",
]

#: OpenSearch's default ``max_expansions``.
MAX_EXPANSIONS = 50
# Fuzziness AUTO = AUTO:3,6.
_AUTO_LOW = 3
_AUTO_HIGH = 6


def auto_max_edits(term: str) -> int:
    """Edits fuzziness AUTO allows for ``term``: 0 below 3 characters, 1 below 6, else 2."""
    length = len(term)
    if length < _AUTO_LOW:
        return 0
    if length < _AUTO_HIGH:
        return 1
    return 2


def similarity_boost(term: str, candidate: str, edits: int) -> float:
    """Lucene's ``FuzzyTermsEnum`` boost: 1.0 for the exact term, else
    ``1 - edits / min(len(term), len(candidate))``."""
    if edits == 0:
        return 1.0
    return 1.0 - edits / min(len(term), len(candidate))


@dataclass(frozen=True)
class Expansion:
    """One index term a fuzzy query term expands to."""

    term: str
    edits: int
    boost: float
    doc_freq: int


def top_expansions(expansions: Iterable[Expansion], limit: int = MAX_EXPANSIONS) -> list[Expansion]:
    """The ``limit`` best expansions: highest boost first, ties by term (as Lucene's queue)."""
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    return sorted(expansions, key=lambda e: (-e.boost, e.term))[:limit]


def blended_doc_freq(expansions: Iterable[Expansion]) -> int:
    """The document frequency every expansion of one query term is scored with: their maximum."""
    return max((e.doc_freq for e in expansions), default=0)


# --------------------------------------------------------------------------- expander


class FuzzyExpander:
    """Expands query terms against an index vocabulary.

    The vocabulary is a set of terms (:meth:`update` replaces it, :meth:`add` extends it);
    document frequencies are not kept here but read through the ``doc_freq`` callable given to
    :meth:`expand`, so they are always those of the caller's current index reader and a term
    whose frequency dropped to 0 is skipped. Candidate lists are cached per query term and
    brought up to date by scanning only the terms added since they were computed (over the last
    ``history`` additions; older entries are recomputed), so results always equal a full scan.
    """

    def __init__(self, max_expansions: int = MAX_EXPANSIONS, history: int = 64):
        if max_expansions < 1:
            raise ValueError(f"max_expansions must be at least 1, got {max_expansions}")
        if history < 1:
            raise ValueError(f"history must be at least 1, got {history}")
        self.max_expansions = max_expansions
        self._terms: set[str] = set()
        self._by_length: dict[int, _Bucket] = {}
        self._version = 0
        self._added: deque[tuple[int, list[str]]] = deque(maxlen=history)
        # query term -> (version it is current for, [(candidate, edits)])
        self._cache: dict[str, tuple[int, list[tuple[str, int]]]] = {}

    @property
    def version(self) -> int:
        """Increases whenever terms are added: expansions computed at another version may differ."""
        return self._version

    @property
    def vocabulary_size(self) -> int:
        return len(self._terms)

    def update(self, terms: Iterable[str]) -> None:
        """Replace the vocabulary (the whole term dictionary of an index generation)."""
        new = set(terms)
        added = [t for t in new if t not in self._terms]
        if len(new) != len(self._terms) + len(added):  # some terms are gone: re-bucket
            self._by_length = {}
            self._file(new)
        else:
            self._file(added)
        self._terms = new
        self._log(added)

    def add(self, terms: Iterable[str]) -> None:
        """Add terms to the vocabulary (those already known are ignored)."""
        known = self._terms
        added = list({t for t in terms if t not in known})
        known.update(added)
        self._file(added)
        self._log(added)

    def expand(self, term: str, doc_freq: Callable[[str], int]) -> list[Expansion]:
        """The expansions fuzziness AUTO gives ``term``, best first (at most ``max_expansions``).

        ``doc_freq`` returns a term's current document frequency (0 when it is not indexed).
        """
        max_edits = auto_max_edits(term)
        if max_edits == 0:
            df = doc_freq(term)
            return [Expansion(term, 0, 1.0, df)] if df > 0 else []
        ranked = sorted(
            (-similarity_boost(term, candidate, edits), candidate, edits)
            for candidate, edits in self._candidates(term, max_edits)
        )
        found: list[Expansion] = []
        for neg_boost, candidate, edits in ranked:
            df = doc_freq(candidate)
            if df > 0:  # a term may have left the index since it was found
                found.append(Expansion(candidate, edits, -neg_boost, df))
                if len(found) == self.max_expansions:
                    break
        return found

    # ----------------------------------------------------------------- internals

    def _file(self, terms: Iterable[str]) -> None:
        """Append terms to the buckets of their lengths."""
        by_length: dict[int, list[str]] = {}
        for t in terms:
            by_length.setdefault(len(t), []).append(t)
        for length, group in by_length.items():
            bucket = self._by_length.get(length)
            if bucket is None:
                bucket = self._by_length[length] = _Bucket(length)
            bucket.terms.extend(group)

    def _log(self, added: list[str]) -> None:
        if added:
            self._version += 1
            self._added.append((self._version, added))

    def _candidates(self, term: str, max_edits: int) -> list[tuple[str, int]]:
        cached = self._cache.get(term)
        if cached is not None:
            version, candidates = cached
            if version == self._version:
                return candidates
            oldest_logged = self._added[0][0] if self._added else self._version + 1
            if version + 1 >= oldest_logged:
                fresh = [
                    match
                    for v, added in self._added
                    if v > version
                    for match in _scan(term, max_edits, added)
                ]
                candidates = _merge(candidates, fresh)
                self._cache[term] = (self._version, candidates)
                return candidates
        # the exact term is always a candidate: doc_freq decides whether it is indexed
        window = self._length_window(term, max_edits)
        candidates = _merge([(term, 0)], _scan(term, max_edits, window))
        self._cache[term] = (self._version, candidates)
        return candidates

    def _length_window(self, term: str, max_edits: int) -> list[str]:
        """Vocabulary terms that pass two cheap necessary conditions for being within
        ``max_edits``: a length within ``max_edits`` and a character-set signature that differs
        in at most ``2 * max_edits`` bits (an edit changes at most two character classes)."""
        signature, length = int(_signatures([term], len(term))[0]), len(term)
        window: list[str] = []
        for n in range(length - max_edits, length + max_edits + 1):
            bucket = self._by_length.get(n)
            if bucket is not None:
                window.extend(bucket.near(signature, 2 * max_edits))
        return window


class _Bucket:
    """The vocabulary terms of one length, with their character-set signatures."""

    __slots__ = ("length", "terms", "_signatures")

    def __init__(self, length: int) -> None:
        self.length = length
        self.terms: list[str] = []
        self._signatures = np.zeros(0, dtype=np.uint64)

    def near(self, signature: int, max_bits: int) -> list[str]:
        known = len(self._signatures)
        if known < len(self.terms):  # terms are only appended: sign the new tail
            tail = _signatures(self.terms[known:], self.length)
            self._signatures = np.concatenate([self._signatures, tail])
        differing = np.bitwise_count(self._signatures ^ np.uint64(signature))
        return [self.terms[i] for i in np.flatnonzero(differing <= max_bits)]


def _signatures(terms: list[str], length: int) -> np.ndarray:
    """64-bit sets of the character classes of equally long terms: a-z and 0-9 one bit each,
    other characters hashed onto the remaining 28 bits."""
    if length == 0:
        return np.zeros(len(terms), dtype=np.uint64)
    codes = np.frombuffer("".join(terms).encode("utf-32-le"), dtype=np.uint32)
    codes = codes.reshape(len(terms), length).astype(np.int64)
    bits = np.where(
        (codes >= 97) & (codes <= 122),
        codes - 97,
        np.where((codes >= 48) & (codes <= 57), codes - 22, 36 + codes % 28),
    )
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), bits.astype(np.uint64)), axis=1)


def _scan(term: str, max_edits: int, choices: list[str]) -> list[tuple[str, int]]:
    if not choices:
        return []
    matches = process.extract(
        term, choices, scorer=OSA.distance, score_cutoff=max_edits, limit=None
    )
    return [(choice, int(dist)) for choice, dist, _ in matches]


def _merge(old: list[tuple[str, int]], new: list[tuple[str, int]]) -> list[tuple[str, int]]:
    merged = dict(old)
    merged.update(new)
    return list(merged.items())
