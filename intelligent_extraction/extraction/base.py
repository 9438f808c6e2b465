"""The extractor contract and the one result record every entry point emits.

An ``Extractor`` reads a field's ranked evidence chunks and returns an ``Extraction``: a typed,
canonical value with the exact text it came from, or ``not_found`` (a missing field is never
filled with a guess), or ``error``. ``FieldResult`` wraps it with the document, the evidence and
timings into the JSON record shared by the CLI, the API and batch jobs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

from ..models import FieldConfig, ScoredChunk

__all__ = [
    "Status",
    "Extraction",
    "Extractor",
    "AttemptTrace",
    "Evidence",
    "FieldResult",
]

Status = Literal["found", "not_found", "error"]


@dataclass(frozen=True)
class Extraction:
    """What an extractor concluded for one field from one set of chunks.

    ``chunk_id``/``start``/``end`` locate ``raw`` in the document (offsets into the document's
    extracted text) when found; ``reason`` says why nothing was found or what went wrong.
    ``candidates`` lists what was considered, for the attempt trace.
    """

    status: Status
    value: Any = None
    raw: str | None = None
    confidence: float = 0.0
    chunk_id: str | None = None
    start: int | None = None
    end: int | None = None
    reason: str | None = None
    candidates: tuple[dict[str, Any], ...] = ()

    @classmethod
    def not_found(cls, reason: str, candidates: Sequence[dict[str, Any]] = ()) -> "Extraction":
        return cls(status="not_found", reason=reason, candidates=tuple(candidates))

    @classmethod
    def error(cls, message: str) -> "Extraction":
        return cls(status="error", reason=message)


@runtime_checkable
class Extractor(Protocol):
    """Turns ranked evidence into a typed value. Implementations: rules (default), LLM.

    ``needs(field)`` names other fields whose values help (an expiration date is often "two
    years from the Effective Date"); the caller extracts those first and passes their values
    as ``context``.
    """

    name: str

    def needs(self, field: FieldConfig) -> tuple[str, ...]: ...

    def extract(
        self,
        field: FieldConfig,
        chunks: Sequence[ScoredChunk],
        *,
        context: Mapping[str, Any] | None = None,
    ) -> Extraction: ...


@dataclass(frozen=True)
class AttemptTrace:
    """One retrieval + extraction attempt of the validate/retry loop."""

    attempt: int
    query: str
    strategy: str
    candidates: int
    status: Status
    reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "attempt": self.attempt,
            "query": self.query,
            "strategy": self.strategy,
            "candidates": self.candidates,
            "status": self.status,
            "reason": self.reason,
        }


@dataclass(frozen=True)
class Evidence:
    """A supporting chunk as it appears in a result record."""

    chunk_id: str
    chunk_type: str
    position: int  # the chunk's ordinal in the document (0 = first), as in retrieval results
    page: int | None
    section: str
    text: str
    start: int
    end: int
    scores: dict[str, Any]

    @classmethod
    def from_scored(cls, sc: ScoredChunk) -> "Evidence":
        c = sc.chunk
        return cls(
            chunk_id=c.chunk_id,
            chunk_type=c.chunk_type,
            position=c.position,
            page=c.page,
            section=c.section_title,
            text=c.text,
            start=c.start,
            end=c.end,
            scores={"bm25": sc.bm25, "knn": sc.knn, "combined": sc.score, "in_both": sc.in_both},
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "chunk_id": self.chunk_id,
            "chunk_type": self.chunk_type,
            "position": self.position,
            "page": self.page,
            "section": self.section,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "scores": dict(self.scores),
        }


@dataclass
class FieldResult:
    """One record per (document, field): the same JSON for the CLI, the API and batch runs."""

    doc_id: str
    source: str
    field: str
    type: str
    status: Status
    value: Any = None
    raw: str | None = None
    confidence: float = 0.0
    strategy: str = "hybrid"
    attempts: int = 1
    evidence: list[Evidence] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=dict)
    error: str | None = None
    trace: list[AttemptTrace] = field(default_factory=list)
    #: the deciding attempt's top candidates with their scores and feature contributions
    candidates: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self, *, trace: bool = False, explain: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {
            "doc_id": self.doc_id,
            "source": self.source,
            "field": self.field,
            "type": self.type,
            "status": self.status,
            "value": self.value,
            "raw": self.raw,
            "confidence": round(self.confidence, 4),
            "strategy": self.strategy,
            "attempts": self.attempts,
            "evidence": [e.to_dict() for e in self.evidence],
            "timings_ms": {k: round(v, 2) for k, v in self.timings_ms.items()},
        }
        if self.error is not None:
            out["error"] = self.error
        if trace:
            out["trace"] = [t.to_dict() for t in self.trace]
        if explain:
            out["candidates"] = list(self.candidates)
        return out
