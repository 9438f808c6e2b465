"""Retrieval: turn a field config into ranked, explained evidence chunks of one document.

Two strategies return the same ``RetrievalResult`` (chunks + trace): ``HybridRetriever`` (one
native hybrid query) and ``RetrievalPipeline`` (BM25, kNN and fusion as visible phases).
``retrieve`` picks one per field. ``fusion`` and ``planner`` are pure; ``postprocess`` holds the
steps that run after either strategy.
"""

from .fusion import ScoreFusion, min_max_normalize, rrf, weighted_arithmetic_mean
from .hybrid import HybridRetriever
from .pipeline import RETRIEVERS, RetrievalPipeline, retrieve
from .planner import QueryPlan, bm25_query_text, plan_query
from .postprocess import DEFAULT_POSTPROCESSORS, PostProcessor, run_postprocessors
from .result import PhaseTrace, RetrievalResult, RetrievalTrace, Retriever, StepTrace

__all__ = [
    "retrieve",
    "RETRIEVERS",
    "Retriever",
    "HybridRetriever",
    "RetrievalPipeline",
    "RetrievalResult",
    "RetrievalTrace",
    "PhaseTrace",
    "StepTrace",
    "QueryPlan",
    "plan_query",
    "bm25_query_text",
    "PostProcessor",
    "DEFAULT_POSTPROCESSORS",
    "run_postprocessors",
    "ScoreFusion",
    "min_max_normalize",
    "weighted_arithmetic_mean",
    "rrf",
]
