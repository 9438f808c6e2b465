"""The worker's Celery application: ``celery -A intelligent_extraction.worker.app worker``
(``intelligent-extraction worker`` runs the same with the project's defaults).

Each pool process loads the embedding model once, at start, and keeps it for every task; each
worker also runs the outbox sweep (``reconcile``) on a timer in its main process.
"""

from __future__ import annotations

import logging

import threading

from celery import bootsteps
from celery.signals import worker_init, worker_process_init

from ..settings import get_settings
from .celery_app import make_celery

__all__ = ["app"]

logger = logging.getLogger(__name__)

app = make_celery(get_settings())


@worker_init.connect
def _import_before_fork(**_kwargs) -> None:
    """Import the model libraries once in the parent, so each forked pool process starts in
    a second instead of re-importing them (no model weights, no threads are created here:
    only modules). Only the configured runtime's: torch and transformers weigh 2 s and 300 MB
    that the ONNX embedders never use."""
    if get_settings().embed_backend == "torch":
        import llama_index.embeddings.huggingface  # noqa: F401
        import transformers  # noqa: F401
    else:
        import onnxruntime  # noqa: F401
        import tokenizers  # noqa: F401

    from .. import service  # noqa: F401


@worker_process_init.connect
def _load_once_per_process(**_kwargs) -> None:
    """A forked pool child drops the connections it inherited and loads its own model."""
    from .. import jobs
    from .runtime import reset_runtime, runtime

    for store in jobs._stores.values():
        store.engine.dispose(close=False)  # the parent's pooled connections are not ours
    reset_runtime()
    runtime().warm_up()


class ReconcileStep(bootsteps.StartStopStep):
    """Runs ``Reconciler.tick`` every IE_RECONCILE_SECONDS in a thread of the main process.

    A thread, not the worker's event-loop timer: a sweep publishes, and a publish that waits
    on a broker coming back must not stall message consumption or stop the timer."""

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, worker) -> None:
        from .dispatch import CeleryDispatcher
        from .reconcile import Reconciler
        from .runtime import runtime

        rt = runtime()
        # a publisher of its own: the worker's connections belong to its event loop
        publisher = CeleryDispatcher(make_celery(rt.settings, "ie-reconcile", default=False))
        reconciler = Reconciler(rt.store, publisher, rt.settings.redis_url,
                                redelivery_s=rt.settings.redelivery_seconds)

        def loop() -> None:
            while not self._stop.wait(rt.settings.reconcile_seconds):
                reconciler.tick()

        self._thread = threading.Thread(target=loop, name="ie-reconcile", daemon=True)
        self._thread.start()

    def stop(self, worker) -> None:
        self._stop.set()


app.steps["worker"].add(ReconcileStep)
