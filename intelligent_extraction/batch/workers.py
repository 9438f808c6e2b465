"""Worker processes of a local backfill: each loads the model once and processes documents.

Workers are started with ``spawn`` (a fork of a parent that has touched torch or tantivy may
deadlock) and die with their parent (``PR_SET_PDEATHSIG``): after a SIGKILL of the backfill no
orphan keeps indexing, so a restarted run is the only writer. Workers never write the output;
they return records to the parent, which is its single writer.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import time
import traceback
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..errors import BackendUnavailable, DocumentError, EmbeddingError
from ..models import Strategy
from .plan import DocTask

__all__ = ["DocOutcome", "init_worker", "process_document", "SystemicError"]

_PR_SET_PDEATHSIG = 1
_service = None
_indexed = None  # IndexedDocuments: skips re-parsing files indexed from the same bytes
_ingest = ""


class SystemicError(Exception):
    """A failure no document can succeed under (backend down, model broken): stop the run."""


@dataclass
class DocOutcome:
    doc_id: str
    records: list[dict[str, Any]] = field(default_factory=list)
    error: str | None = None  # set: the document failed as a whole; records is empty
    timings_ms: dict[str, float] = field(default_factory=dict)
    chunks: int = 0
    indexed: bool = False  # False: it was already indexed with identical chunks
    cpu_s: float = 0.0  # this process's CPU time on the document (wall time lies under load)


def init_worker(parent_pid: int, settings_overrides: dict[str, Any], torch_threads: int) -> None:
    """Pool initializer: die with the parent, size torch's thread pool (torch runtime only),
    load the model."""
    _die_with_parent(parent_pid)
    global _service, _indexed, _ingest
    from ..service import ExtractionService
    from ..settings import Settings
    from .indexed import IndexedDocuments, ingest_key

    settings = Settings.load(**settings_overrides)
    if settings.embed_backend == "torch":  # the ONNX runtimes never import torch (2 s a process)
        # Workers x threads must not exceed the cores, or they preempt each other mid-matmul.
        import torch

        torch.set_num_threads(torch_threads)
    _service = ExtractionService(settings)
    embedder = _service.embedder  # load the model now, once, not inside the first document
    _service.backend  # noqa: B018
    _indexed = IndexedDocuments(_service.settings.data_dir / "batch-indexed.sqlite")
    _ingest = ingest_key(_service.settings, getattr(embedder, "model_name", "?"))


def _die_with_parent(parent_pid: int) -> None:
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)


def _index(svc, task: DocTask):
    """Index ``task``'s file unless it is known to be indexed from the same bytes."""
    from ..ingest import IndexReport

    t0 = time.perf_counter()
    source = _indexed.source_if_current(task.doc_id, task.content_sha256, _ingest, svc.backend)
    if source is not None:
        return IndexReport(doc_id=task.doc_id, source=source, chunks=0, skipped=True,
                           timings_ms={"index_check": (time.perf_counter() - t0) * 1000})
    report = svc.index(task.path, task.doc_id)
    _indexed.remember(task.doc_id, task.content_sha256, _ingest, svc.backend, report.source)
    return report


def process_document(task: DocTask, strategy: Strategy | None) -> DocOutcome:
    """Index (skipped when unchanged) and extract ``task.fields``; errors stay per document."""
    svc = _service
    outcome = DocOutcome(task.doc_id)
    cpu0 = time.process_time()
    try:
        report = _index(svc, task)
    except (DocumentError, OSError) as exc:
        outcome.error = str(exc)
        return outcome
    except (BackendUnavailable, EmbeddingError) as exc:
        raise SystemicError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - one odd file must not end a night-long run
        outcome.error = f"internal error indexing {task.path}: {exc!r}\n{traceback.format_exc()}"
        return outcome
    outcome.chunks, outcome.indexed = report.chunks, not report.skipped
    timings: dict[str, float] = defaultdict(float, report.timings_ms)
    t0 = time.perf_counter()
    try:
        results = svc.extract_indexed(report.doc_id, report.source, task.fields,
                                      strategy=strategy, raise_unavailable=True)
    except BackendUnavailable as exc:
        raise SystemicError(str(exc)) from None
    timings["extract_total"] += (time.perf_counter() - t0) * 1000
    for result in results:
        for stage, ms in result.timings_ms.items():
            timings[f"field:{stage}"] += ms
    outcome.records = [r.to_dict() for r in results]
    outcome.timings_ms = dict(timings)
    outcome.cpu_s = time.process_time() - cpu0
    return outcome
