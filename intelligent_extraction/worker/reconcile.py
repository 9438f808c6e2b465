"""The outbox sweep: re-publish work the broker never got or lost.

Accepted work is committed to the job store before it is published, so the broker can lose a
message without losing the work. Every IE_RECONCILE_SECONDS each worker:

1. publishes documents and jobs whose publish failed (``dispatched_at`` unset: Redis was down
   when the API or consumer accepted them);
2. re-starts queued jobs whose document is already indexed or failed (a start that raced with
   indexing or was lost);
3. when Redis's ``run_id`` differs from the one last recorded (Redis restarted, its queue may
   be gone), re-publishes everything unfinished.

Publishing twice is harmless: every task is idempotent (see ``tasks``).
"""

from __future__ import annotations

import logging

import redis

from ..errors import ExtractionError
from ..jobs import JobStore
from .dispatch import CeleryDispatcher

__all__ = ["Reconciler"]

logger = logging.getLogger(__name__)
_RUN_ID_KEY = "broker_run_id"


class Reconciler:
    def __init__(self, store: JobStore, dispatcher: CeleryDispatcher, redis_url: str,
                 grace_s: float = 5.0):
        self.store = store
        self.dispatcher = dispatcher
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=3, socket_connect_timeout=3)
        self.grace_s = grace_s  # leave the accepting process time to publish itself

    def tick(self) -> None:
        """One sweep; failures are logged and the next tick tries again."""
        try:
            self._sweep()
        except (ExtractionError, redis.RedisError) as exc:
            logger.warning("reconcile sweep skipped: %s", exc)

    def _sweep(self) -> None:
        run_id = self.redis.info("server")["run_id"]
        if self.store.get_meta(_RUN_ID_KEY) != run_id:
            self._republish_unfinished()
            self.store.set_meta(_RUN_ID_KEY, run_id)
        docs, jobs = self.store.undispatched(self.grace_s)
        for doc_id in docs:
            self.dispatcher.index_document(doc_id)
            self.store.mark_dispatched(doc_id=doc_id)
        for job_id in jobs:
            self.dispatcher.start_job(job_id)
            self.store.mark_dispatched(job_id=job_id)
        for job_id in self.store.stalled_jobs(self.grace_s * 2):
            self.dispatcher.start_job(job_id)

    def _republish_unfinished(self) -> None:
        docs, jobs, fields = self.store.unfinished()
        logger.warning("broker restarted or new: re-publishing %d documents, %d jobs, %d fields",
                       len(docs), len(jobs), len(fields))
        for doc_id in docs:
            self.dispatcher.index_document(doc_id)
        for job_id in jobs:
            self.dispatcher.start_job(job_id)
        for job_id, field in fields:
            self.dispatcher.extract_field(job_id, field)
