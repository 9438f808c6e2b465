"""Hybrid-query score combination as OpenSearch's normalization-processor computes it (pure).

OpenSearch (neural-search ``MinMaxScoreNormalizationTechnique`` without lower bounds, and
``ArithmeticMeanScoreCombinationTechnique`` with weights):

- each sub-query's hits are min-max normalized over that sub-query's own hits:
  ``(s - min) / (max - min)``; a result that comes out exactly 0 is floored to 0.001 so the
  sub-query's worst hit still counts; when ``max == min`` (one hit, or all equal) it is 1.0;
- a hit's combined score is ``sum(w_i * norm_i) / sum(w_i)`` over all sub-queries, a sub-query
  that did not return the hit contributing 0 (its weight still counts in the denominator);
- the combined list holds as many hits as the longest sub-query result, best first.

Kept inside ``backends`` so the embedded backend does not depend on the retrieval layer.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import Hit, HybridHit

__all__ = [
    "MIN_SCORE",
    "SINGLE_RESULT_SCORE",
    "min_max_normalize",
    "combine_hybrid",
    "check_weights",
]

MIN_SCORE = 0.001
SINGLE_RESULT_SCORE = 1.0


def min_max_normalize(scores: Sequence[float]) -> list[float]:
    """Normalize one sub-query's scores exactly as OpenSearch's ``min_max`` technique does."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    if high == low:
        return [SINGLE_RESULT_SCORE] * len(scores)
    normalized = [(s - low) / (high - low) for s in scores]
    return [MIN_SCORE if n == 0.0 else n for n in normalized]


def combine_hybrid(
    bm25_hits: Sequence[Hit],
    knn_hits: Sequence[Hit],
    *,
    bm25_weight: float,
    knn_weight: float,
    size: int,
) -> list[HybridHit]:
    """Merge BM25 and kNN hits of one document into hybrid hits, best first.

    Ties are broken by chunk position, then chunk id, so the order is deterministic.
    """
    check_weights(bm25_weight, knn_weight)
    if size < 1:
        raise ValueError(f"size must be at least 1, got {size}")
    total_weight = bm25_weight + knn_weight
    bm25 = {h.chunk.chunk_id: (h, n) for h, n in zip(bm25_hits, _norms(bm25_hits), strict=True)}
    knn = {h.chunk.chunk_id: (h, n) for h, n in zip(knn_hits, _norms(knn_hits), strict=True)}
    merged: list[HybridHit] = []
    for chunk_id in {**bm25, **knn}:
        b_hit, b_norm = bm25.get(chunk_id, (None, None))
        k_hit, k_norm = knn.get(chunk_id, (None, None))
        chunk = (b_hit or k_hit).chunk
        combined = (bm25_weight * (b_norm or 0.0) + knn_weight * (k_norm or 0.0)) / total_weight
        merged.append(
            HybridHit(
                chunk=chunk,
                score=combined,
                bm25=b_hit.score if b_hit else None,
                bm25_norm=b_norm,
                knn=k_hit.score if k_hit else None,
                knn_norm=k_norm,
            )
        )
    merged.sort(key=lambda h: (-h.score, h.chunk.position, h.chunk.chunk_id))
    return merged[: min(size, max(len(bm25_hits), len(knn_hits)))]


def _norms(hits: Sequence[Hit]) -> list[float]:
    return min_max_normalize([h.score for h in hits])


def check_weights(bm25_weight: float, knn_weight: float) -> None:
    """Raise ValueError unless both weights are finite, >= 0 and not both 0."""
    for name, weight in (("bm25_weight", bm25_weight), ("knn_weight", knn_weight)):
        if not weight >= 0 or weight == float("inf"):
            raise ValueError(f"{name} must be a finite number >= 0, got {weight}")
    if bm25_weight + knn_weight == 0:
        raise ValueError("bm25_weight and knn_weight cannot both be 0")
