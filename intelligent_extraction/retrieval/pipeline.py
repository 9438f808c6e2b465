"""The ``pipeline`` strategy (three phases, each visible in the trace) and ``retrieve``, which
picks a strategy per field.

1. BM25 with fuzziness AUTO over ``field.max_bm25_results``, ``bm25_score_threshold`` as
   min_score;
2. kNN over ``field.max_knn_results``, ``knn_score_threshold`` as min_score;
3. union by chunk id (highest score per phase), BM25 normalized per
   ``field.bm25_normalization``, kNN min-max, weighted mean, agreement boost per
   ``field.agreement_boost``; then the post-processors.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..backends.base import Hit, SearchBackend
from ..embeddings import Embedder
from ..models import Chunk, FieldConfig, ScoredChunk, Strategy
from .fusion import FusedScore, ScoreFusion, merge_max
from .hybrid import BackendRetriever, HybridRetriever, with_top_k
from .planner import plan_query
from .result import PhaseTrace, RetrievalResult, Retriever

__all__ = ["RetrievalPipeline", "RETRIEVERS", "retrieve", "AGREEMENT_BOOST"]

#: The name under which the agreement boost shows in ``ScoredChunk.adjustments``.
AGREEMENT_BOOST = "agreement_boost"


def _ms_since(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def _phase_hits(hits: Sequence[Hit], *, knn: bool) -> tuple[ScoredChunk, ...]:
    if knn:
        return tuple(ScoredChunk(h.chunk, h.score, knn=h.score) for h in hits)
    return tuple(ScoredChunk(h.chunk, h.score, bm25=h.score) for h in hits)


def _to_scored(f: FusedScore[str], chunk: Chunk, scale: float) -> ScoredChunk:
    # score == base + adjustments, so the agreement boost is explained like any other bonus.
    # Scores are divided by the largest agreement factor so they stay in [0, 1] as in the
    # hybrid strategy: the additive section/position bonuses then weigh the same in both.
    bonus = (f.score - f.base) / scale
    return ScoredChunk(
        chunk=chunk,
        score=f.score / scale,
        bm25=f.bm25,
        bm25_norm=f.bm25_norm,
        knn=f.knn,
        knn_norm=f.knn_norm,
        in_both=f.in_both,
        adjustments={AGREEMENT_BOOST: bonus} if bonus else {},
    )


class RetrievalPipeline(BackendRetriever):
    """Ranks a document's chunks for a field in three backend-independent phases: fuzzy
    BM25, kNN, and fusion in Python (``fusion.ScoreFusion``), each recorded in the trace."""

    strategy = Strategy.pipeline

    def retrieve(
        self, doc_id: str, field: FieldConfig, *, top_k: int | None = None
    ) -> RetrievalResult:
        """The field's evidence in ``doc_id``: ``top_k`` (default ``field.final_top_k``) text
        chunks, then up to ``field.visual_analysis.max_images`` images, with the trace."""
        field = with_top_k(field, top_k)
        plan = plan_query(field)

        t0 = time.perf_counter()
        bm25_hits = self.backend.bm25_search(
            doc_id,
            plan.bm25_text,
            size=field.max_bm25_results,
            fuzzy=True,
            min_score=field.bm25_score_threshold,
        )
        bm25_phase = PhaseTrace(
            "bm25",
            _phase_hits(bm25_hits, knn=False),
            _ms_since(t0),
            {
                "size": field.max_bm25_results,
                "fuzzy": True,
                "min_score": field.bm25_score_threshold,
            },
            description=(
                f"BM25, fuzziness AUTO, top {field.max_bm25_results}, "
                f"min_score {field.bm25_score_threshold:g} (raw scores)"
            ),
            raw_only=True,
        )

        t0 = time.perf_counter()
        vector = self.embedder.embed_query(plan.knn_text)
        embed_ms = _ms_since(t0)

        t0 = time.perf_counter()
        knn_hits = self.backend.knn_search(
            doc_id, vector, k=field.max_knn_results, min_score=field.knn_score_threshold
        )
        knn_phase = PhaseTrace(
            "knn",
            _phase_hits(knn_hits, knn=True),
            _ms_since(t0),
            {"k": field.max_knn_results, "min_score": field.knn_score_threshold},
            description=(
                f"kNN, cosine as (1 + cos) / 2, k {field.max_knn_results}, "
                f"min_score {field.knn_score_threshold:g} (raw scores)"
            ),
            raw_only=True,
        )

        t0 = time.perf_counter()
        fusion = ScoreFusion.from_field(field)
        chunks = {h.chunk.chunk_id: h.chunk for h in [*bm25_hits, *knn_hits]}
        fused_scores = fusion.fuse(
            merge_max((h.chunk.chunk_id, h.score) for h in bm25_hits),
            merge_max((h.chunk.chunk_id, h.score) for h in knn_hits),
        )
        scale = fusion.intersection_boost if fusion.agreement_boost.value != "none" else 1.0
        fused = [_to_scored(f, chunks[f.key], scale) for f in fused_scores]
        fusion_phase = PhaseTrace(
            "fusion",
            tuple(fused),
            _ms_since(t0),
            {
                "bm25_weight": fusion.bm25_weight,
                "knn_weight": fusion.knn_weight,
                "bm25_normalization": fusion.bm25_normalization.value,
                "agreement_boost": fusion.agreement_boost.value,
                "intersection_boost": fusion.intersection_boost,
            },
            description=(
                f"union by chunk id; BM25 {fusion.bm25_normalization.value}, kNN min_max; "
                f"weighted mean {fusion.bm25_weight:g}/{fusion.knn_weight:g}; "
                f"{fusion.agreement_boost.value} agreement boost x{fusion.intersection_boost:g}"
            ),
        )

        return self._finish(
            doc_id, field, plan, embed_ms, fused, (bm25_phase, knn_phase, fusion_phase)
        )


#: Strategy -> retriever class; a field's ``strategy`` picks the row.
RETRIEVERS: dict[Strategy, type[Retriever]] = {
    Strategy.hybrid: HybridRetriever,
    Strategy.pipeline: RetrievalPipeline,
}


def retrieve(
    backend: SearchBackend,
    embedder: Embedder,
    doc_id: str,
    field: FieldConfig,
    strategy: Strategy | str | None = None,
    *,
    top_k: int | None = None,
) -> RetrievalResult:
    """Rank ``doc_id``'s chunks for ``field`` with ``strategy`` (default: ``field.strategy``)."""
    chosen = field.strategy if strategy is None else strategy
    try:
        retriever_cls = RETRIEVERS[Strategy(chosen)]
    except (KeyError, ValueError):
        known = ", ".join(s.value for s in RETRIEVERS)
        raise ValueError(f"strategy must be one of {known}. Currently, it is {chosen!r}") from None
    return retriever_cls(backend, embedder).retrieve(doc_id, field, top_k=top_k)
