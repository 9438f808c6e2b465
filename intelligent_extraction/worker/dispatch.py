"""Publishing work to the workers: the Celery implementation of ``jobs.submissions.Dispatcher``.

Tasks are sent by name, so a publisher (the API, the queue consumer) never imports the task
code or loads a model. Broker failures become BrokerUnavailable at this boundary.
"""

from __future__ import annotations

from celery import Celery
from kombu.exceptions import OperationalError

from ..blobs import open_blob_store
from ..errors import BrokerUnavailable
from ..fields import load_field_registry
from ..jobs import open_job_store
from ..jobs.submissions import Submissions
from ..settings import Settings
from .celery_app import QUEUE, TASK_NAMES, make_celery

__all__ = ["CeleryDispatcher", "build_submissions"]


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


def build_submissions(settings: Settings) -> Submissions:
    """Submissions wired to this settings' job store, blob store, fields and a publisher of
    its own (the queue consumer, batch scripts and tests; the API wires its own)."""
    registry = load_field_registry(settings.fields_dir)
    publisher = CeleryDispatcher(make_celery(settings, "ie-publisher", default=False))
    return Submissions(open_job_store(settings), open_blob_store(settings), lambda: registry,
                       publisher)
