"""What every retriever returns: the ranked chunks and a trace of how they were found.

The trace keeps each phase's hits and timing so ``--explain`` can print a table per phase and
benchmarks can report search latency without the query embedding (``retrieval_ms``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, overload, runtime_checkable

from ..models import FieldConfig, ScoredChunk, Strategy
from .planner import QueryPlan

__all__ = [
    "PhaseTrace",
    "StepTrace",
    "RetrievalTrace",
    "RetrievalResult",
    "Retriever",
    "scored_chunk_dict",
]


def scored_chunk_dict(sc: ScoredChunk, *, text: bool = True) -> dict[str, Any]:
    """A JSON-ready view of a scored chunk (``text=False`` leaves the chunk text out)."""
    c = sc.chunk
    out: dict[str, Any] = {
        "chunk_id": c.chunk_id,
        "doc_id": c.doc_id,
        "chunk_type": c.chunk_type,
        "position": c.position,
        "page": c.page,
        "section": list(c.section),
        "start": c.start,
        "end": c.end,
        "score": sc.score,
        "bm25": sc.bm25,
        "bm25_norm": sc.bm25_norm,
        "knn": sc.knn,
        "knn_norm": sc.knn_norm,
        "in_both": sc.in_both,
        "adjustments": dict(sc.adjustments),
    }
    if text:
        out["text"] = c.text
    return out


@dataclass(frozen=True)
class PhaseTrace:
    """One retrieval phase: its name (``hybrid``; ``bm25``, ``knn``, ``fusion``), the hits it
    produced (best first), its wall time, the parameters it ran with, a one-line description
    and whether its hits carry only a raw backend score (``raw_only``: the BM25 and kNN
    phases) rather than raw + normalized sub-scores."""

    name: str
    hits: tuple[ScoredChunk, ...]
    ms: float
    params: dict[str, Any] = field(default_factory=dict)
    description: str = ""
    raw_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "params": dict(self.params),
            "ms": self.ms,
            "hits": [scored_chunk_dict(h, text=False) for h in self.hits],
        }


@dataclass(frozen=True)
class StepTrace:
    """One post-processor: how many chunks went in and came out, and its wall time."""

    name: str
    before: int
    after: int
    ms: float


@dataclass(frozen=True)
class RetrievalTrace:
    """How a result came about. ``embed_ms`` (the query embedding) is kept apart from the
    phases, so ``retrieval_ms`` is the latency of search, fusion and post-processing alone."""

    strategy: Strategy
    doc_id: str
    field_name: str
    plan: QueryPlan
    embed_ms: float
    phases: tuple[PhaseTrace, ...]
    steps: tuple[StepTrace, ...] = ()

    def phase(self, name: str) -> PhaseTrace:
        for p in self.phases:
            if p.name == name:
                return p
        known = ", ".join(p.name for p in self.phases)
        raise KeyError(f"no phase {name!r} in this trace; phases: {known}")

    @property
    def postprocess_ms(self) -> float:
        return sum(s.ms for s in self.steps)

    @property
    def retrieval_ms(self) -> float:
        """Search + fusion + post-processing, without the query embedding."""
        return sum(p.ms for p in self.phases) + self.postprocess_ms

    @property
    def total_ms(self) -> float:
        return self.embed_ms + self.retrieval_ms

    @property
    def timings_ms(self) -> dict[str, float]:
        """name -> ms for the embedding, every phase and the post-processing."""
        return {
            "embed": self.embed_ms,
            **{p.name: p.ms for p in self.phases},
            "postprocess": self.postprocess_ms,
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "strategy": self.strategy.value,
            "doc_id": self.doc_id,
            "field": self.field_name,
            "plan": {
                "bm25_terms": list(self.plan.bm25_terms),
                "bm25_text": self.plan.bm25_text,
                "knn_text": self.plan.knn_text,
            },
            "timings_ms": self.timings_ms,
            "retrieval_ms": self.retrieval_ms,
            "phases": [p.to_dict() for p in self.phases],
            "steps": [
                {"name": s.name, "before": s.before, "after": s.after, "ms": s.ms}
                for s in self.steps
            ],
        }


@dataclass(frozen=True)
class RetrievalResult(Sequence[ScoredChunk]):
    """The final ranked chunks (text/table first, then images) and the trace. Behaves as a
    read-only sequence of its chunks, so ``result[0]`` and ``len(result)`` work."""

    chunks: list[ScoredChunk]
    trace: RetrievalTrace

    @overload
    def __getitem__(self, index: int) -> ScoredChunk: ...
    @overload
    def __getitem__(self, index: slice) -> list[ScoredChunk]: ...
    def __getitem__(self, index):
        return self.chunks[index]

    def __len__(self) -> int:
        return len(self.chunks)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the chunks with text and every score, and the trace (hits without text)."""
        return {
            "chunks": [scored_chunk_dict(c) for c in self.chunks],
            "trace": self.trace.to_dict(),
        }


@runtime_checkable
class Retriever(Protocol):
    """A retrieval strategy: ranks one document's chunks for one field."""

    def retrieve(
        self, doc_id: str, field: FieldConfig, *, top_k: int | None = None
    ) -> RetrievalResult: ...
