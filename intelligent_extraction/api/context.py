"""What one API app holds: its settings and the resources it opens on first use.

Nothing connects at import or in ``create_app``: a process that never touches the job store
never opens it, and a database that is down makes requests fail with 503 instead of making the
app fail to start. Resources live in ``app.extensions["ie"]``, one set per app, so tests can run
several apps (each with its own database) in one process.

The API process never loads the embedding model: ``ExtractionService.backend`` builds the
search backend from the model's dimension alone (DELETE and /readyz need nothing more).
"""

from __future__ import annotations

import threading

import redis
from celery import Celery
from flask import Flask, current_app

from ..blobs import BlobStore, open_blob_store
from ..errors import BrokerUnavailable
from ..jobs import JobStore, open_job_store
from ..jobs.submissions import Submissions
from ..service import ExtractionService
from ..settings import Settings
from ..worker.celery_app import QUEUE
from ..worker.dispatch import CeleryDispatcher

__all__ = ["ApiResources", "init_resources", "resources"]


class ApiResources:
    """The app's stores, services and clients, each opened once, on first use."""

    def __init__(self, settings: Settings, celery: Celery):
        self.settings = settings
        self.celery = celery
        # Reentrant: building Submissions opens the stores under the same lock.
        self._lock = threading.RLock()

    def _once(self, name: str, make):
        with self._lock:
            if name not in self.__dict__:
                self.__dict__[name] = make()
            return self.__dict__[name]

    @property
    def store(self) -> JobStore:
        return self._once("_store", lambda: open_job_store(self.settings))

    @property
    def blobs(self) -> BlobStore:
        return self._once("_blobs", lambda: open_blob_store(self.settings))

    @property
    def service(self) -> ExtractionService:
        return self._once("_service", lambda: ExtractionService(self.settings))

    @property
    def redis(self) -> redis.Redis:
        # Short timeouts: /readyz and /metrics must answer even when Redis does not.
        return self._once("_redis", lambda: redis.Redis.from_url(
            self.settings.redis_url, socket_connect_timeout=2, socket_timeout=5))

    @property
    def submissions(self) -> Submissions:
        return self._once("_submissions", lambda: Submissions(
            self.store, self.blobs, lambda: self.service.fields, CeleryDispatcher(self.celery)))

    def ping_redis(self) -> None:
        try:
            self.redis.ping()
        except redis.RedisError as exc:
            raise BrokerUnavailable(f"Redis at {self._redis_host()}: {exc}") from exc

    def queue_depth(self) -> int:
        """Messages waiting in the Celery queue (Celery's Redis transport keeps it as a list
        named after the queue)."""
        try:
            return int(self.redis.llen(QUEUE))
        except redis.RedisError as exc:
            raise BrokerUnavailable(f"Redis at {self._redis_host()}: {exc}") from exc

    def _redis_host(self) -> str:
        kwargs = self.redis.connection_pool.connection_kwargs
        return f"{kwargs.get('host', '?')}:{kwargs.get('port', '?')}"

    def close(self) -> None:
        if "_redis" in self.__dict__:
            self.redis.close()
        if "_service" in self.__dict__:
            self.service.close()


def init_resources(app: Flask) -> ApiResources:
    res = ApiResources(app.config["IE_SETTINGS"], app.extensions["celery"])
    app.extensions["ie"] = res
    return res


def resources() -> ApiResources:
    """The current app's resources (inside a request or app context)."""
    return current_app.extensions["ie"]
