"""Score fusion: pure math, no I/O.

Normalization follows OpenSearch's normalization-processor (``min_max``), combination its
``arithmetic_mean`` technique with weights, so the pipeline strategy ranks the way the native
hybrid query does. The seed's choices (BM25 divided by 10, a flat boost for chunks both phases
found) stay available for comparison. Methods are picked from tables keyed by the enums in
``models.py``; adding one is adding a row.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

# One implementation of OpenSearch's min-max rule serves both the embedded backend's native
# hybrid query and the pipeline's fusion, so the two strategies can never drift apart.
from ..backends.hybrid_scoring import MIN_SCORE, SINGLE_RESULT_SCORE, min_max_normalize
from ..models import AgreementBoost, BM25Normalization, FieldConfig

__all__ = [
    "MIN_SCORE",
    "SINGLE_RESULT_SCORE",
    "min_max_normalize",
    "divide_by_10",
    "BM25_NORMALIZERS",
    "normalize_bm25",
    "weighted_arithmetic_mean",
    "AGREEMENT_BOOSTS",
    "agreement_factor",
    "rrf",
    "merge_max",
    "FusedScore",
    "ScoreFusion",
]

K = TypeVar("K", bound=Hashable)

def divide_by_10(scores: Sequence[float]) -> list[float]:
    """The seed's BM25 normalization: ``min(s / 10, 1.0)``, independent of the other scores."""
    return [min(s / 10.0, 1.0) for s in scores]


#: How raw BM25 scores are brought to [0, 1], keyed by the field's ``bm25_normalization``.
BM25_NORMALIZERS: dict[BM25Normalization, Callable[[Sequence[float]], list[float]]] = {
    BM25Normalization.min_max: min_max_normalize,
    BM25Normalization.divide_by_10: divide_by_10,
}


def normalize_bm25(scores: Sequence[float], method: BM25Normalization) -> list[float]:
    """Normalize a candidate set's raw BM25 scores with ``method``."""
    try:
        normalizer = BM25_NORMALIZERS[BM25Normalization(method)]
    except (KeyError, ValueError):
        known = ", ".join(m.value for m in BM25_NORMALIZERS)
        raise ValueError(f"unknown BM25 normalization {method!r}; known: {known}") from None
    return normalizer(scores)


# --------------------------------------------------------------------------- combination


def _check_weights(weights: Sequence[float]) -> None:
    if any(w < 0 for w in weights):
        raise ValueError(f"weights must not be negative. Currently, the weights are {weights}")
    if sum(weights) == 0:
        raise ValueError(f"at least one weight must be positive. Currently, they are {weights}")


def weighted_arithmetic_mean(scores: Sequence[float | None], weights: Sequence[float]) -> float:
    """``sum(w * s) / sum(w)``; a missing score (None: that sub-query did not find the chunk)
    counts as 0 with its weight kept, as in an OpenSearch hybrid query."""
    if len(scores) != len(weights):
        raise ValueError(
            f"scores and weights must have the same length. "
            f"Currently, there are {len(scores)} scores and {len(weights)} weights"
        )
    _check_weights(weights)
    total = sum(w * (s or 0.0) for s, w in zip(scores, weights))
    return total / sum(weights)


# --------------------------------------------------------------------------- agreement boost

#: (boost, bm25_norm, knn_norm) -> multiplier, for a chunk found by both phases.
AgreementFn = Callable[[float, float, float], float]

AGREEMENT_BOOSTS: dict[AgreementBoost, AgreementFn] = {
    # Scaled by the weaker phase's confidence: a chunk both phases barely found gains little.
    AgreementBoost.graded: lambda boost, b, k: 1.0 + (boost - 1.0) * min(b, k),
    # The seed: any chunk in both result lists gets the full multiplier.
    AgreementBoost.binary: lambda boost, b, k: boost,
    AgreementBoost.none: lambda boost, b, k: 1.0,
}


def agreement_factor(
    method: AgreementBoost, boost: float, bm25_norm: float | None, knn_norm: float | None
) -> float:
    """The multiplier for a chunk: 1.0 unless both phases found it, then per ``method``."""
    if boost < 1:
        raise ValueError(f"boost must be at least 1. Currently, the boost is {boost}")
    if bm25_norm is None or knn_norm is None:
        return 1.0
    return AGREEMENT_BOOSTS[AgreementBoost(method)](boost, bm25_norm, knn_norm)


# --------------------------------------------------------------------------- rank fusion


def rrf(rankings: Sequence[Sequence[K]], k: int = 60) -> list[tuple[K, float]]:
    """Reciprocal rank fusion: each item scores ``sum(1 / (k + rank))`` over the rankings it
    appears in (rank 1-based; a repeat within one ranking counts once). Best first; ties keep
    the order of first appearance."""
    if k <= 0:
        raise ValueError(f"k must be greater than 0. Currently, the k is {k}")
    scores: dict[K, float] = {}
    for ranking in rankings:
        seen: set[K] = set()
        for rank, item in enumerate(ranking, start=1):
            if item in seen:
                continue
            seen.add(item)
            scores[item] = scores.get(item, 0.0) + 1.0 / (k + rank)
    return sorted(scores.items(), key=lambda kv: -kv[1])


def merge_max(pairs: Iterable[tuple[K, float]]) -> dict[K, float]:
    """key -> highest score among ``pairs``, in order of first appearance."""
    merged: dict[K, float] = {}
    for key, score in pairs:
        if key not in merged or score > merged[key]:
            merged[key] = score
    return merged


# --------------------------------------------------------------------------- fusion


@dataclass(frozen=True)
class FusedScore(Generic[K]):
    """One candidate after fusion. ``score = base * factor``; ``base`` is the weighted mean of
    the normalized scores, ``factor`` the agreement multiplier."""

    key: K
    score: float
    base: float
    factor: float
    bm25: float | None
    bm25_norm: float | None
    knn: float | None
    knn_norm: float | None

    @property
    def in_both(self) -> bool:
        return self.bm25 is not None and self.knn is not None


@dataclass(frozen=True)
class ScoreFusion:
    """Phase 3 of the pipeline strategy: normalize each phase, take the weighted mean, reward
    agreement. Defaults are ``FieldConfig``'s; ``from_field`` reads a field's settings."""

    bm25_weight: float = 0.5
    knn_weight: float = 0.5
    bm25_normalization: BM25Normalization = BM25Normalization.min_max
    agreement_boost: AgreementBoost = AgreementBoost.graded
    intersection_boost: float = 2.0

    def __post_init__(self) -> None:
        _check_weights([self.bm25_weight, self.knn_weight])
        if self.intersection_boost < 1:
            raise ValueError(
                "intersection_boost must be at least 1. "
                f"Currently, the intersection_boost is {self.intersection_boost}"
            )
        for name, enum in (
            ("bm25_normalization", BM25Normalization),
            ("agreement_boost", AgreementBoost),
        ):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, enum(value))
            except ValueError:
                known = ", ".join(m.value for m in enum)
                raise ValueError(
                    f"{name} must be one of {known}. Currently, it is {value!r}"
                ) from None

    @classmethod
    def from_field(cls, field: FieldConfig) -> "ScoreFusion":
        return cls(
            bm25_weight=field.weights.bm25,
            knn_weight=field.weights.knn,
            bm25_normalization=field.bm25_normalization,
            agreement_boost=field.agreement_boost,
            intersection_boost=field.intersection_boost,
        )

    def fuse(self, bm25: Mapping[K, float], knn: Mapping[K, float]) -> list[FusedScore[K]]:
        """Fuse raw scores (key -> score per phase) into one ranking, best first; ties keep the
        order of first appearance (BM25 ranking, then kNN)."""
        bm25_norm = dict(zip(bm25, normalize_bm25(list(bm25.values()), self.bm25_normalization)))
        knn_norm = dict(zip(knn, min_max_normalize(list(knn.values()))))
        weights = (self.bm25_weight, self.knn_weight)
        fused = []
        for key in dict.fromkeys([*bm25, *knn]):
            b, k = bm25_norm.get(key), knn_norm.get(key)
            base = weighted_arithmetic_mean((b, k), weights)
            factor = agreement_factor(self.agreement_boost, self.intersection_boost, b, k)
            fused.append(
                FusedScore(key, base * factor, base, factor, bm25.get(key), b, knn.get(key), k)
            )
        fused.sort(key=lambda f: -f.score)
        return fused
