"""The outbox sweep: re-publish work the broker never got or lost.

Accepted work is committed to the job store before it is published, so the broker can lose a
message without losing the work. It does lose them: a publish while Redis is down, a Redis
restart without persistence, and a worker SIGKILLed while Redis was handing it a message (the
Redis transport pops a message before the worker records it as unacknowledged). Every
IE_RECONCILE_SECONDS each worker re-publishes unfinished work (``JobStore.due_for_dispatch``)
that was

1. never published, once the accepting process had ``grace_s`` to do it;
2. published (or claimed by a worker) longer ago than the staleness bound: normally
   IE_REDELIVERY_SECONDS, the bound Celery itself uses for unacknowledged messages; only
   ``grace_s`` when the broker is idle (queue empty, nothing unacknowledged), because then no
   message for it can exist; and 0 when Redis's ``run_id`` changed (it restarted).

Publishing twice is harmless: every task is idempotent (see ``tasks``).
"""

from __future__ import annotations

import logging

import redis

from ..errors import ExtractionError
from ..jobs import JobStore
from .celery_app import QUEUE
from .dispatch import CeleryDispatcher

__all__ = ["Reconciler"]

logger = logging.getLogger(__name__)
_RUN_ID_KEY = "broker_run_id"
_UNACKED = "unacked"  # kombu's Redis hash of delivered, unacknowledged messages


class Reconciler:
    def __init__(self, store: JobStore, dispatcher: CeleryDispatcher, redis_url: str, *,
                 redelivery_s: float, grace_s: float = 5.0):
        self.store = store
        self.dispatcher = dispatcher
        self.redis = redis.Redis.from_url(redis_url, socket_timeout=3, socket_connect_timeout=3)
        self.redelivery_s = redelivery_s
        self.grace_s = grace_s

    def tick(self) -> None:
        """One sweep; failures are logged and the next tick tries again."""
        try:
            self.sweep()
        except (ExtractionError, redis.RedisError) as exc:
            logger.warning("reconcile sweep skipped: %s", exc)
        except Exception:  # noqa: BLE001 - the sweep thread must outlive any one failure
            logger.exception("reconcile sweep failed; trying again next tick")

    def _staleness(self) -> float:
        run_id = self.redis.info("server")["run_id"]
        if self.store.get_meta(_RUN_ID_KEY) != run_id:
            logger.warning("broker %s is new or restarted: re-publishing unfinished work", run_id)
            self.store.set_meta(_RUN_ID_KEY, run_id)
            return 0.0
        idle = not self.redis.llen(QUEUE) and not self.redis.hlen(_UNACKED)
        return self.grace_s if idle else self.redelivery_s

    def sweep(self) -> int:
        """Re-publish what is due; returns how many tasks were published."""
        stale = self._staleness()
        docs, jobs, fields = self.store.due_for_dispatch(grace_s=self.grace_s, stale_s=stale)
        for doc_id in docs:
            self.dispatcher.index_document(doc_id)
            self.store.mark_dispatched(doc_id=doc_id)
        for job_id in jobs:
            self.dispatcher.start_job(job_id)
            self.store.mark_dispatched(job_id=job_id)
        for job_id, field in fields:
            self.dispatcher.extract_field(job_id, field)
        self.store.mark_dispatched(fields=fields)
        published = len(docs) + len(jobs) + len(fields)
        if published:
            logger.info("sweep re-published %d documents, %d jobs, %d fields",
                        len(docs), len(jobs), len(fields))
        return published
