"""One field of one document: retrieve -> extract -> validate -> retry -> FieldResult.

The loop (from the seed designs): when the value fails its type or grounding check, or nothing
is found, retrieval is retried with the field's query variants fused by reciprocal rank fusion,
excluding the chunks already judged, at most ``max_retries`` extra times. Every attempt is
recorded (query, strategy, candidates, why rejected). Failures of one field become a result with
status ``error``; they never stop the other fields.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ..backends.base import SearchBackend
from ..embeddings import Embedder
from ..errors import BackendUnavailable, ExtractionError
from ..models import FieldConfig, ScoredChunk, Strategy
from ..retrieval import retrieve
from ..retrieval.variants import retrieve_variants, variant_queries
from .base import AttemptTrace, Evidence, Extraction, Extractor, FieldResult
from .calibration import FieldCalibrators
from .validate import validate_extraction

__all__ = ["FieldExtraction"]


def _ms(t0: float) -> float:
    return (time.perf_counter() - t0) * 1000


def _evidence(
    value_chunks: Sequence[ScoredChunk], ranked: Sequence[ScoredChunk], value_id: str | None,
    top_k: int,
) -> list[Evidence]:
    """The chunk holding the value first, then the first attempt's ranking (the best evidence
    retrieval found), as many chunks as that ranking had up to the field's ``final_top_k``:
    the chunks appended after the ranking only to be read (a document's opening, its
    signature blocks, a short document whole) are context, not evidence."""
    holder = [sc for sc in value_chunks if sc.chunk.chunk_id == value_id][:1]
    rest = [sc for sc in ranked if sc.chunk.chunk_id != value_id]
    shown = max(min(len(ranked), top_k), 1)
    return [Evidence.from_scored(sc) for sc in (holder + rest)[:shown]]


class FieldExtraction:
    """Runs the retrieve/extract/validate/retry loop for one field at a time."""

    def __init__(
        self,
        backend: SearchBackend,
        embedder: Embedder,
        extractor: Extractor,
        *,
        max_retries: int = 2,
        calibrators: FieldCalibrators | None = None,
    ):
        if max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more. Currently, it is {max_retries}")
        self.backend = backend
        self.embedder = embedder
        self.extractor = extractor
        self.max_retries = max_retries
        self.calibrators = calibrators or FieldCalibrators()

    def run(
        self,
        doc_id: str,
        source: str,
        field: FieldConfig,
        strategy: Strategy | None = None,
        *,
        context: Mapping[str, Any] | None = None,
        raise_unavailable: bool = False,
    ) -> FieldResult:
        """One field's record; errors stay in it, except that with ``raise_unavailable`` an
        unreachable backend is raised (a worker retries that instead of recording it)."""
        chosen = Strategy(strategy or field.strategy)
        result = FieldResult(
            doc_id=doc_id, source=source, field=field.field_name, type=field.type.value,
            status="not_found", strategy=chosen.value,
        )
        try:
            self._loop(result, field, chosen, context or {})
        except ExtractionError as exc:  # backend or model failure: this field only
            if raise_unavailable and isinstance(exc, BackendUnavailable):
                raise
            result.status, result.error, result.value = "error", str(exc), None
        return result

    def attempts(
        self, doc_id: str, field: FieldConfig, strategy: Strategy | None = None,
        timings: dict[str, float] | None = None,
    ) -> Iterator[tuple[list[ScoredChunk], str]]:
        """The chunks of each attempt, lazily, with the query that found them: the field's
        strategy first, then up to ``max_retries`` RRF retrievals of the query variants, each
        excluding every chunk already judged. ``_loop`` stops when a value is accepted; the
        training collector (``training.collect``) reads every attempt."""
        timings = timings if timings is not None else {"retrieve": 0.0}
        t0 = time.perf_counter()
        retrieved = retrieve(self.backend, self.embedder, doc_id, field, strategy)
        timings["retrieve"] += _ms(t0)
        chunks = retrieved.chunks
        yield chunks, retrieved.trace.plan.bm25_text
        judged: set[str] = set()
        for _ in range(self.max_retries):
            judged.update(sc.chunk.chunk_id for sc in chunks)
            t1 = time.perf_counter()
            chunks = retrieve_variants(self.backend, self.embedder, doc_id, field, exclude=judged)
            timings["retrieve"] += _ms(t1)
            if not chunks:
                return
            yield chunks, "rrf: " + " | ".join(variant_queries(field))

    def _loop(
        self, result: FieldResult, field: FieldConfig, strategy: Strategy,
        context: Mapping[str, Any],
    ) -> None:
        timings = {"retrieve": 0.0, "extract": 0.0}
        first_chunks: list[ScoredChunk] | None = None
        for attempt, (chunks, query) in enumerate(
            self.attempts(result.doc_id, field, strategy, timings), start=1
        ):
            first_chunks = first_chunks or chunks
            t1 = time.perf_counter()
            extraction = self.extractor.extract(field, chunks, context=context)
            timings["extract"] += _ms(t1)
            if extraction.candidates or not result.candidates:
                result.candidates = list(extraction.candidates)
            rejected = extraction.reason
            if extraction.status == "found":
                rejected = validate_extraction(field, extraction, chunks)
            result.attempts = attempt
            result.trace.append(AttemptTrace(
                attempt=attempt, query=query,
                strategy=strategy.value if attempt == 1 else "rrf",
                candidates=len(extraction.candidates),
                status=extraction.status if rejected is None or extraction.status == "error"
                else "not_found",
                reason=rejected,
            ))
            if extraction.status == "error":
                result.status, result.error = "error", extraction.reason
                break
            if extraction.status == "found" and rejected is None:
                self._accept(result, extraction, chunks, first_chunks, field.final_top_k)
                break
        if result.status != "found":
            result.evidence = _evidence([], first_chunks or [], None, field.final_top_k)
        result.timings_ms = timings

    def _accept(
        self, result: FieldResult, extraction: Extraction, chunks: Sequence[ScoredChunk],
        first_chunks: Sequence[ScoredChunk], top_k: int,
    ) -> None:
        result.status = "found"
        result.value = extraction.value
        result.raw = extraction.raw
        result.confidence = self.calibrators(result.field, extraction.confidence)
        result.evidence = _evidence(chunks, first_chunks, extraction.chunk_id, top_k)
