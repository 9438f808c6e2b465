"""What one worker process holds: settings, the job and blob stores, the dispatcher and the
extraction service (with its embedding model, loaded once per process and reused by every task).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cached_property

from celery import current_app

from ..blobs import BlobStore, open_blob_store
from ..jobs import JobStore, open_job_store
from ..service import ExtractionService
from ..settings import Settings, get_settings
from .dispatch import CeleryDispatcher

__all__ = ["WorkerRuntime", "runtime", "reset_runtime"]


@dataclass
class WorkerRuntime:
    settings: Settings

    @cached_property
    def store(self) -> JobStore:
        return open_job_store(self.settings)

    @cached_property
    def blobs(self) -> BlobStore:
        return open_blob_store(self.settings)

    @cached_property
    def service(self) -> ExtractionService:
        return ExtractionService(self.settings)

    @cached_property
    def dispatcher(self) -> CeleryDispatcher:
        return CeleryDispatcher(current_app)

    def warm_up(self) -> None:
        """Load the model and open the stores before the first task, not during it."""
        self.service.embedder  # noqa: B018 - loads the model
        self.store  # noqa: B018


_runtime: WorkerRuntime | None = None
_lock = threading.Lock()


def runtime() -> WorkerRuntime:
    global _runtime
    with _lock:
        if _runtime is None:
            _runtime = WorkerRuntime(get_settings())
        return _runtime


def reset_runtime() -> None:
    """Forget the process's runtime (a forked pool child must not share its parent's)."""
    global _runtime
    with _lock:
        if _runtime is not None and "service" in _runtime.__dict__:
            _runtime.service.close()
        _runtime = None
