"""Publishing work to the workers: the Celery implementation of ``jobs.submissions.Dispatcher``.

Tasks are sent by name, so a publisher (the API, the queue consumer) never imports the task
code or loads a model. Broker failures become BrokerUnavailable at this boundary.
"""

from __future__ import annotations

from celery import Celery
from kombu.exceptions import OperationalError

from ..errors import BrokerUnavailable
from .celery_app import QUEUE, TASK_NAMES

__all__ = ["CeleryDispatcher"]


class CeleryDispatcher:
    def __init__(self, celery: Celery):
        self.celery = celery

    def _send(self, task: str, *args: str) -> None:
        try:
            self.celery.send_task(TASK_NAMES[task], args=list(args), queue=QUEUE)
        except (OperationalError, OSError) as exc:
            raise BrokerUnavailable(f"cannot publish {TASK_NAMES[task]} to the broker: {exc}") from exc

    def index_document(self, doc_id: str) -> None:
        self._send("index", doc_id)

    def start_job(self, job_id: str) -> None:
        self._send("start", job_id)

    def extract_field(self, job_id: str, field: str) -> None:
        self._send("field", job_id, field)

    def notify(self, job_id: str) -> None:
        self._send("notify", job_id)
