"""Lucene's BM25 as OpenSearch scores a ``match`` query, written out as pure functions.

The embedded backend scores with tantivy, whose BM25 is Lucene's up to one constant factor
(tantivy keeps the pre-Lucene-8 ``(k1 + 1)`` numerator); these functions are the reference both
backends are tested against.

Lucene (8+) ``BM25Similarity`` with the defaults OpenSearch uses::

    score(term, doc) = boost * idf * tf_norm
    idf     = ln(1 + (N - n + 0.5) / (n + 0.5))
    tf_norm = f / (f + k1 * (1 - b + b * dl / avgdl))        k1 = 1.2, b = 0.75

``N`` counts the documents (chunks) that have the field, ``n`` those containing the term,
``f`` the term's occurrences in the document, ``avgdl`` the mean field length (exact) and ``dl``
the document's field length *after* Lucene's lossy one-byte norm encoding
(``SmallFloat.intToByte4``): lengths below 24 are exact, longer ones keep 4 significant bits
(41 is scored as 40). Tantivy encodes field norms with the very same table. A ``match`` query
with operator OR sums the scores of its terms; a term repeated in the query counts once per
repetition. All of these statistics include documents that were deleted but not yet merged
away, in Lucene and in tantivy alike.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "K1",
    "B",
    "idf",
    "tf_norm",
    "int_to_byte4",
    "byte4_to_int",
    "encoded_length",
    "term_score",
    "CorpusStats",
    "match_score",
]

K1 = 1.2
B = 0.75


def idf(doc_freq: int, doc_count: int) -> float:
    """Lucene's BM25 idf: ``ln(1 + (N - n + 0.5) / (n + 0.5))``; never negative."""
    if doc_freq < 0 or doc_count < 0:
        raise ValueError(f"doc_freq and doc_count must be >= 0, got {doc_freq} and {doc_count}")
    return math.log(1.0 + (doc_count - doc_freq + 0.5) / (doc_freq + 0.5))


def tf_norm(freq: float, doc_len: float, avg_doc_len: float, k1: float = K1, b: float = B) -> float:
    """The saturating term-frequency part ``f / (f + k1 * (1 - b + b * dl / avgdl))``.

    ``doc_len`` is used as given: pass ``encoded_length(dl)`` to reproduce Lucene exactly.
    """
    if avg_doc_len <= 0:
        raise ValueError(f"avg_doc_len must be > 0, got {avg_doc_len}")
    return freq / (freq + k1 * (1.0 - b + b * doc_len / avg_doc_len))


# --------------------------------------------------------------------------- SmallFloat


def _long_to_int4(value: int) -> int:
    """Float-like encoding with 4 significant bits (``SmallFloat.longToInt4``)."""
    num_bits = value.bit_length()
    if num_bits < 4:  # subnormal
        return value
    shift = num_bits - 4
    encoded = (value >> shift) & 0x07  # the leading 1 bit is implicit
    return encoded | ((shift + 1) << 3)


def _int4_to_long(encoded: int) -> int:
    bits = encoded & 0x07
    shift = (encoded >> 3) - 1
    return bits if shift == -1 else (bits | 0x08) << shift


_NUM_FREE_VALUES = 255 - _long_to_int4(2**31 - 1)  # = 24: lengths below this are exact


def int_to_byte4(value: int) -> int:
    """Lucene's ``SmallFloat.intToByte4`` (as an unsigned byte 0..255)."""
    if value < 0:
        raise ValueError(f"only non-negative lengths can be encoded, got {value}")
    if value < _NUM_FREE_VALUES:
        return value
    return _NUM_FREE_VALUES + _long_to_int4(value - _NUM_FREE_VALUES)


def byte4_to_int(encoded: int) -> int:
    """Lucene's ``SmallFloat.byte4ToInt`` (inverse of :func:`int_to_byte4`, lossy)."""
    if not 0 <= encoded <= 255:
        raise ValueError(f"an encoded norm is one unsigned byte, got {encoded}")
    if encoded < _NUM_FREE_VALUES:
        return encoded
    return _NUM_FREE_VALUES + _int4_to_long(encoded - _NUM_FREE_VALUES)


def encoded_length(doc_len: int) -> int:
    """The field length BM25 actually sees after the one-byte norm round trip."""
    return byte4_to_int(int_to_byte4(doc_len))


def term_score(
    freq: int,
    doc_len: int,
    *,
    doc_freq: int,
    doc_count: int,
    avg_doc_len: float,
    boost: float = 1.0,
) -> float:
    """One term's Lucene BM25 contribution to one document (0 when the term is absent)."""
    if freq == 0:
        return 0.0
    return boost * idf(doc_freq, doc_count) * tf_norm(freq, encoded_length(doc_len), avg_doc_len)


# --------------------------------------------------------------------------- reference scorer


@dataclass(frozen=True)
class CorpusStats:
    """Field statistics of an analyzed corpus (one token list per indexed chunk)."""

    doc_count: int
    avg_doc_len: float
    doc_freqs: dict[str, int]

    @classmethod
    def from_token_lists(cls, docs: Sequence[Sequence[str]]) -> "CorpusStats":
        if not docs:
            raise ValueError("a corpus needs at least one document")
        doc_freqs: Counter[str] = Counter()
        for tokens in docs:
            doc_freqs.update(set(tokens))
        total = sum(len(tokens) for tokens in docs)
        return cls(doc_count=len(docs), avg_doc_len=total / len(docs), doc_freqs=dict(doc_freqs))


def match_score(query_terms: Iterable[str], doc_tokens: Sequence[str], stats: CorpusStats) -> float:
    """BM25 of a ``match`` query (operator OR, no fuzziness) against one analyzed document."""
    counts = Counter(doc_tokens)
    return sum(
        term_score(
            counts[term],
            len(doc_tokens),
            doc_freq=stats.doc_freqs.get(term, 0),
            doc_count=stats.doc_count,
            avg_doc_len=stats.avg_doc_len,
        )
        for term in query_terms
    )
