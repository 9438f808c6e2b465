"""The queue entry point: jobs submitted by publishing to a Redis stream, no HTTP involved.

Producers ``XADD <IE_SUBMIT_STREAM> * message <json>`` with a version-1 ``QueueJobMessage``
(docs/queue.md). Consumers read through a consumer group, so several can share the stream and
a message is acknowledged only once its job is stored:

- a malformed or unprocessable message (bad JSON, unknown key or field, unknown document,
  missing blob) goes to ``<stream>:dead`` with the reason, then is acknowledged: never retried
  forever, never dropped silently;
- a transient failure (job store down) leaves it pending; it is claimed again after
  ``idle_ms`` and dead-lettered after IE_SUBMIT_MAX_DELIVERIES deliveries;
- a message's job id defaults to one derived from its stream id, so a message delivered twice
  (its consumer died before acknowledging) still creates one job.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import uuid
from datetime import datetime, timezone

import redis
from pydantic import ValidationError

from ..errors import BlobError, DocumentError, InvalidRequest, ServiceUnavailable
from ..jobs.requests import QueueJobMessage
from ..jobs.submissions import Submissions

__all__ = ["SubmissionConsumer", "GROUP"]

logger = logging.getLogger(__name__)
GROUP = "ie-submissions"
_JOB_NAMESPACE = uuid.UUID("8d6a3c1e-6a8f-4a59-9a55-3f3c4c2b7e01")


def _problems(exc: ValidationError) -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"])
        msg = "unknown key" if err["type"] == "extra_forbidden" else err["msg"]
        out.append(f"{loc}: {msg}" if loc else msg)
    return out


class SubmissionConsumer:
    def __init__(self, client: redis.Redis, submissions: Submissions, *, stream: str,
                 max_deliveries: int = 5, idle_ms: int = 60_000, name: str | None = None):
        self.redis = client
        self.submissions = submissions
        self.stream = stream
        self.dead_stream = f"{stream}:dead"
        self.max_deliveries = max_deliveries
        self.idle_ms = idle_ms
        self.name = name or f"{socket.gethostname()}-{os.getpid()}"

    def ensure_group(self) -> None:
        try:  # from id 0: messages published before any consumer existed are read too
            self.redis.xgroup_create(self.stream, GROUP, id="0", mkstream=True)
        except redis.ResponseError as exc:
            if "BUSYGROUP" not in str(exc):
                raise

    def run(self, stop: threading.Event, block_ms: int = 2000) -> None:
        self.ensure_group()
        logger.info("consuming %s as %s", self.stream, self.name)
        while not stop.is_set():
            try:
                self.step(block_ms)
            except redis.RedisError as exc:
                logger.warning("submission stream unavailable: %s", exc)
                stop.wait(1.0)

    def step(self, block_ms: int = 0) -> int:
        """Handle stale pending messages, then new ones; returns how many were handled."""
        _, claimed, *_ = self.redis.xautoclaim(self.stream, GROUP, self.name,
                                               min_idle_time=self.idle_ms, count=10)
        new = self.redis.xreadgroup(GROUP, self.name, {self.stream: ">"}, count=10,
                                    block=block_ms or None)
        messages = list(claimed) + [m for _, batch in new or [] for m in batch]
        for message_id, fields in messages:
            self.handle(message_id, fields)
        return len(messages)

    def handle(self, message_id, fields: dict) -> None:
        mid = message_id.decode() if isinstance(message_id, bytes) else message_id
        raw = fields.get(b"message", fields.get("message"))
        try:
            message = QueueJobMessage.model_validate_json(raw or b"")
        except ValidationError as exc:
            self._dead(mid, raw, "; ".join(_problems(exc)))
            return
        try:
            self._submit(mid, message)
        except (InvalidRequest, DocumentError, BlobError) as exc:
            self._dead(mid, raw, str(exc))
        except ServiceUnavailable as exc:
            if self._deliveries(mid) >= self.max_deliveries:
                self._dead(mid, raw, f"gave up after {self.max_deliveries} deliveries: {exc}")
            else:
                logger.warning("submission %s left pending: %s", mid, exc)
        else:
            self.redis.xack(self.stream, GROUP, mid)

    def _submit(self, message_id: str, message: QueueJobMessage) -> None:
        job_id = str(message.job_id or uuid.uuid5(_JOB_NAMESPACE, f"{self.stream}/{message_id}"))
        if message.document:
            self.submissions.register_blob(message.doc_id, message.document.blob_key,
                                           message.document.filename)
        job, created = self.submissions.submit_job(message, origin="queue", job_id=job_id)
        logger.info("submission %s -> job %s (%s)", message_id, job["job_id"],
                    "created" if created else "already existed")

    def _deliveries(self, message_id: str) -> int:
        pending = self.redis.xpending_range(self.stream, GROUP, min=message_id, max=message_id,
                                            count=1)
        return pending[0]["times_delivered"] if pending else 1

    def _dead(self, message_id: str, raw, reason: str) -> None:
        """Dead-letter with the reason, then acknowledge, in one transaction."""
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
        logger.warning("submission %s dead-lettered: %s", message_id, reason)
        pipe = self.redis.pipeline(transaction=True)
        pipe.xadd(self.dead_stream, {
            "message": text, "reason": reason, "message_id": message_id,
            "failed_at": datetime.now(timezone.utc).isoformat(),
        })
        pipe.xack(self.stream, GROUP, message_id)
        pipe.execute()


def producer_message(**fields) -> dict[str, str]:
    """The stream entry for a job message (what ``scripts/submit_job.py`` publishes)."""
    body = {"schema_version": 1, **fields}
    QueueJobMessage.model_validate(body)  # refuse to publish what a consumer would reject
    return {"message": json.dumps(body)}
