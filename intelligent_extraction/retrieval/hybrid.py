"""The ``hybrid`` strategy: one native hybrid query per field, then the post-processors.

The backend runs BM25 and kNN as sub-queries of one request, min-max normalizes each over its
own results and combines them by the weighted arithmetic mean (in OpenSearch: a search pipeline
with the normalization-processor). Cheapest path; the ``pipeline`` strategy shows more.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..backends.base import HybridHit, SearchBackend
from ..embeddings import Embedder
from ..models import FieldConfig, ScoredChunk, Strategy
from .leading import append_missing, positional_chunks
from .planner import QueryPlan, plan_query
from .postprocess import DEFAULT_POSTPROCESSORS, PostProcessor, run_postprocessors
from .result import PhaseTrace, RetrievalResult, RetrievalTrace

__all__ = ["HybridRetriever", "with_top_k"]


def with_top_k(field: FieldConfig, top_k: int | None) -> FieldConfig:
    """``field`` with ``final_top_k`` replaced by ``top_k`` (when given)."""
    if top_k is None:
        return field
    if top_k < 1:
        raise ValueError(f"top_k must be greater than 0. Currently, the top_k is {top_k}")
    return field.model_copy(update={"final_top_k": top_k})


def _ms_since(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def _scored(hit: HybridHit) -> ScoredChunk:
    return ScoredChunk(
        chunk=hit.chunk,
        score=hit.score,
        bm25=hit.bm25,
        bm25_norm=hit.bm25_norm,
        knn=hit.knn,
        knn_norm=hit.knn_norm,
        in_both=hit.bm25 is not None and hit.knn is not None,
    )


class BackendRetriever:
    """What every strategy is built from: a backend, an embedder and the post-processors."""

    def __init__(
        self,
        backend: SearchBackend,
        embedder: Embedder,
        *,
        postprocessors: Sequence[PostProcessor] = DEFAULT_POSTPROCESSORS,
    ):
        if backend is None:
            raise ValueError("backend is required. Currently, it is None")
        if embedder is None:
            raise ValueError("embedder is required. Currently, it is None")
        self.backend = backend
        self.embedder = embedder
        self.postprocessors = tuple(postprocessors)

    def _finish(
        self,
        doc_id: str,
        field: FieldConfig,
        plan: QueryPlan,
        embed_ms: float,
        fused: list[ScoredChunk],
        phases: tuple[PhaseTrace, ...],
    ) -> RetrievalResult:
        """The steps after search, the same for every strategy: positional chunks,
        post-processing, trailing chunks, and the trace."""
        candidates, trailing = positional_chunks(fused, field, self.backend, doc_id)
        chunks, steps = run_postprocessors(candidates, field, self.postprocessors)
        trace = RetrievalTrace(
            strategy=self.strategy,
            doc_id=doc_id,
            field_name=field.field_name,
            plan=plan,
            embed_ms=embed_ms,
            phases=phases,
            steps=steps,
        )
        return RetrievalResult(append_missing(chunks, trailing), trace)


class HybridRetriever(BackendRetriever):
    """Ranks a document's chunks for a field with one ``backend.hybrid_search`` call over
    ``field.similarity_top_k`` candidates, weighted by ``field.weights``."""

    strategy = Strategy.hybrid

    def retrieve(
        self, doc_id: str, field: FieldConfig, *, top_k: int | None = None
    ) -> RetrievalResult:
        """The field's evidence in ``doc_id``: ``top_k`` (default ``field.final_top_k``) text
        chunks, then up to ``field.visual_analysis.max_images`` images, with the trace."""
        field = with_top_k(field, top_k)
        plan = plan_query(field)

        t0 = time.perf_counter()
        vector = self.embedder.embed_query(plan.knn_text)
        embed_ms = _ms_since(t0)

        t0 = time.perf_counter()
        hits = self.backend.hybrid_search(
            doc_id,
            plan.bm25_text,
            vector,
            size=field.similarity_top_k,
            bm25_weight=field.weights.bm25,
            knn_weight=field.weights.knn,
        )
        fused = [_scored(h) for h in hits]
        phase = PhaseTrace(
            "hybrid",
            tuple(fused),
            _ms_since(t0),
            {
                "size": field.similarity_top_k,
                "bm25_weight": field.weights.bm25,
                "knn_weight": field.weights.knn,
            },
            description=(
                f"one native hybrid query: BM25 + kNN over {field.similarity_top_k} candidates, "
                f"min-max per sub-query, weighted mean {field.weights.bm25:g}/"
                f"{field.weights.knn:g}"
            ),
        )

        return self._finish(doc_id, field, plan, embed_ms, fused, (phase,))
