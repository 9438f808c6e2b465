"""``backfill --queue``: the same plan, run by the service's Celery workers.

Each document is uploaded through ``Submissions`` (content-addressed blob, indexing task) and
gets one job for its outstanding fields; the backfill follows the jobs by polling the job store
and writes each finished job's records to its output, so the output and its exactly-once
guarantee are the same as for a local run. The job id is derived from the document id, content
hash, fields and their versions: a backfill restarted after a kill re-attaches to the jobs it
had submitted (``create_job`` returns the existing job) instead of doing the work twice.
At most ``in_flight`` jobs are outstanding, so the broker never holds the whole archive.
"""

from __future__ import annotations

import time
import uuid
from collections import deque
from collections.abc import Iterator

from ..errors import DocumentError, InvalidRequest
from ..jobs.requests import JobRequest
from ..models import Strategy
from ..settings import Settings
from .plan import DocTask
from .workers import DocOutcome

__all__ = ["run_queue", "job_id_for"]

_NAMESPACE = uuid.UUID("6f1d2c1e-5b7a-4c35-9a51-1b0a3e9d7c42")
_POLL_SECONDS = 0.5


def job_id_for(task: DocTask, versions: dict[str, str], strategy: Strategy | None) -> str:
    """A stable id: the same outstanding work gets the same job after a restart."""
    key = "|".join([task.doc_id, task.content_sha256 or "", strategy.value if strategy else "",
                    *(f"{n}={versions[n]}" for n in task.fields)])
    return str(uuid.uuid5(_NAMESPACE, key))


def _submissions(settings: Settings):
    from ..blobs import open_blob_store
    from ..fields import load_field_registry
    from ..jobs import open_job_store
    from ..jobs.submissions import Submissions
    from ..worker.celery_app import make_celery
    from ..worker.dispatch import CeleryDispatcher

    registry = load_field_registry(settings.fields_dir)
    return Submissions(open_job_store(settings), open_blob_store(settings), lambda: registry,
                       CeleryDispatcher(make_celery(settings)))


def run_queue(tasks: list[DocTask], *, settings: Settings, versions: dict[str, str],
              strategy: Strategy | None, in_flight: int, force: bool) -> Iterator[DocOutcome]:
    """Outcomes of ``tasks`` as their jobs finish on the Celery workers."""
    subs = _submissions(settings)
    pending: deque[DocTask] = deque(tasks)
    jobs: dict[str, DocTask] = {}
    while pending or jobs:
        while pending and len(jobs) < in_flight:
            task = pending.popleft()
            submitted = _submit(subs, task, versions, strategy, force)
            if isinstance(submitted, DocOutcome):
                yield submitted
            else:
                jobs[submitted] = task
        finished = [job_id for job_id in jobs if _terminal(subs, job_id)]
        for job_id in finished:
            yield _outcome(subs, job_id, jobs.pop(job_id))
        if not finished:
            time.sleep(_POLL_SECONDS)


def _submit(subs, task: DocTask, versions, strategy, force) -> str | DocOutcome:
    try:
        subs.upload(task.path.name, task.path.read_bytes(), task.doc_id)
    except (DocumentError, InvalidRequest, OSError) as exc:
        return DocOutcome(task.doc_id, error=f"{task.path}: {exc}")
    # --force means "do it again", so it must not re-attach to an earlier finished job.
    job_id = str(uuid.uuid4()) if force else job_id_for(task, versions, strategy)
    job, _ = subs.submit_job(JobRequest(doc_id=task.doc_id, fields=task.fields,
                                        strategy=strategy), origin="backfill", job_id=job_id)
    return job["job_id"]


def _terminal(subs, job_id: str) -> bool:
    from ..jobs import TERMINAL_JOB_STATES

    job = subs.store.get_job(job_id)
    return job is not None and job["status"] in TERMINAL_JOB_STATES


def _outcome(subs, job_id: str, task: DocTask) -> DocOutcome:
    job = subs.store.get_job(job_id)
    records = subs.store.job_records(job_id)
    if not records and job.get("error"):
        return DocOutcome(task.doc_id, error=job["error"])
    return DocOutcome(task.doc_id, records=[dict(r) for r in records])
