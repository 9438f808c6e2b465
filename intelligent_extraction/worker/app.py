"""The worker's Celery application: ``celery -A intelligent_extraction.worker.app worker``
(``intelligent-extraction worker`` runs the same with the project's defaults).

Each pool process loads the embedding model once, at start, and keeps it for every task; each
worker also runs the outbox sweep (``reconcile``) on a timer in its main process.
"""

from __future__ import annotations

import logging

from celery import bootsteps
from celery.signals import worker_process_init

from ..settings import get_settings
from .celery_app import make_celery

__all__ = ["app"]

logger = logging.getLogger(__name__)

app = make_celery(get_settings())


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
    """Runs ``Reconciler.tick`` every IE_RECONCILE_SECONDS on the worker's timer."""

    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.tref = None

    def start(self, worker) -> None:
        from .reconcile import Reconciler
        from .runtime import runtime

        rt = runtime()
        reconciler = Reconciler(rt.store, rt.dispatcher, rt.settings.redis_url)
        self.tref = worker.timer.call_repeatedly(rt.settings.reconcile_seconds, reconciler.tick)

    def stop(self, worker) -> None:
        if self.tref is not None:
            self.tref.cancel()


app.steps["worker"].add(ReconcileStep)
