"""The Celery application: Redis broker, no result backend (results live in the job store).

Reliability settings, and why:

- ``task_acks_late`` + ``task_reject_on_worker_lost``: a message is acknowledged only after its
  task finished, so a worker killed mid-task (even by SIGKILL) leaves it to be redelivered.
- ``visibility_timeout`` (IE_REDELIVERY_SECONDS): how long Redis waits for that acknowledgement
  before handing the message to another worker; it exceeds the hard time limit, so a task that
  is merely slow is never run twice at once.
- ``worker_prefetch_multiplier = 1``: a worker holds one message per process, so a dead worker
  strands as little as possible and long tasks do not starve short ones.
- Publishing retries briefly and then fails fast (BrokerUnavailable): the API must answer, and
  what it accepted is already in the job store for the sweep to publish later.
"""

from __future__ import annotations

from typing import Any

from celery import Celery

from ..settings import Settings

__all__ = ["make_celery", "celery_init_app", "QUEUE", "TASK_NAMES"]

QUEUE = "ie"
TASK_NAMES = {
    "index": "ie.index_document",
    "start": "ie.start_job",
    "field": "ie.extract_field",
    "notify": "ie.notify_callback",
}


def celery_config(settings: Settings) -> dict[str, Any]:
    return {
        "broker_url": settings.redis_url,
        # kombu's Redis transport, minus a new client object per publish (see .broker)
        "broker_transport": "intelligent_extraction.worker.broker:Transport",
        "result_backend": None,
        "task_ignore_result": True,
        "task_default_queue": QUEUE,
        "task_serializer": "json",
        "accept_content": ["json"],
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "task_soft_time_limit": settings.task_soft_time_limit,
        "task_time_limit": settings.task_time_limit,
        "worker_prefetch_multiplier": 1,
        "broker_connection_retry_on_startup": True,
        "broker_connection_timeout": 3,
        "broker_transport_options": {
            "visibility_timeout": settings.redelivery_seconds,
            # sweep for unacknowledged messages often enough to honour short timeouts
            "unacked_restore_interval": max(1, min(10, settings.redelivery_seconds // 4)),
            "unacked_restore_throttle": 1,
            "socket_connect_timeout": 3,
            "socket_timeout": 10,
        },
        "task_publish_retry_policy": {
            "max_retries": 2, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.5,
        },
        "imports": ["intelligent_extraction.worker.tasks"],
    }


def make_celery(
    settings: Settings, name: str = "intelligent_extraction", *, default: bool = True
) -> Celery:
    """A configured Celery app; the tasks register themselves on the default one
    (``shared_task``). ``default=False`` gives a publisher with connections of its own."""
    app = Celery(name, set_as_current=default)
    app.config_from_object(celery_config(settings))
    if default:
        app.set_default()
    return app


def celery_init_app(flask_app) -> Celery:
    """Flask's Celery pattern: one Celery app per Flask app, kept in ``app.extensions``."""
    celery = make_celery(flask_app.config["IE_SETTINGS"], flask_app.name)
    flask_app.extensions["celery"] = celery
    return celery
