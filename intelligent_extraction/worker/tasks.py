"""The Celery tasks. Each is thin: it reads and writes the job store and calls the same
``ExtractionService`` as the command line; every guard that makes a redelivery harmless lives
in the store's conditional updates.

    ie.index_document(doc_id)      blob -> parse, chunk, embed, index; then start waiting jobs
    ie.start_job(job_id)           document indexed? fan out one ie.extract_field per field
    ie.extract_field(job_id, f)    one FieldResult record, written exactly once
    ie.notify_callback(job_id)     POST the finished job to its callback_url

Transient failures (search backend, job store, broker unreachable) are retried with
exponential backoff; bad input (a corrupt document) is recorded as a failure at once.
"""

from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path

import httpx
from celery import shared_task
from celery.exceptions import SoftTimeLimitExceeded

from ..errors import (
    BackendUnavailable,
    BlobError,
    BrokerUnavailable,
    DocumentError,
    ServiceUnavailable,
)
from ..jobs import FinishedJob
from .runtime import runtime

__all__ = ["index_document", "start_job", "extract_field", "notify_callback"]

logger = logging.getLogger(__name__)

TRANSIENT = (BackendUnavailable, ServiceUnavailable)
_RELIABLE = {"acks_late": True, "reject_on_worker_lost": True, "bind": True}


def _retry(task, exc: Exception) -> None:
    """Retry with exponential backoff (1, 2, 4 ... s, at most 60 s), up to IE_TASK_MAX_RETRIES.
    Returns only when the retries are used up: the caller then records the failure."""
    max_retries = runtime().settings.task_max_retries
    if task.request.retries >= max_retries:
        return
    raise task.retry(exc=exc, countdown=min(60, 2 ** task.request.retries),
                     max_retries=max_retries)


def _finished(job: FinishedJob | None) -> None:
    if job and job.callback_url:
        try:
            runtime().dispatcher.notify(job.job_id)
        except BrokerUnavailable as exc:
            logger.warning("callback for job %s not queued: %s", job.job_id, exc)


# ---------------------------------------------------------------------------- indexing


@shared_task(name="ie.index_document", **_RELIABLE)
def index_document(self, doc_id: str) -> None:
    rt = runtime()
    located = rt.store.document_blob(doc_id)
    if located is None:  # deleted before its turn came
        return
    key, filename, _ = located
    rt.store.set_document_state(doc_id, "indexing", only_from=("queued", "indexing", "indexed"))
    try:
        report = _index_blob(rt, doc_id, key, filename)
    except TRANSIENT as exc:
        _retry(self, exc)
        _document_failed(doc_id, f"gave up after {self.request.retries} retries: {exc}")
        return
    except (DocumentError, BlobError) as exc:
        _document_failed(doc_id, str(exc))
        return
    except SoftTimeLimitExceeded:
        _document_failed(doc_id, f"indexing took longer than {rt.settings.task_soft_time_limit}s")
        return
    if rt.store.document_blob(doc_id) != located:
        return  # replaced by a newer upload meanwhile: that upload's task finishes the job
    rt.store.set_document_state(doc_id, "indexed", chunks=report.chunks, pages=report.pages)
    for job_id in rt.store.jobs_waiting_for(doc_id):
        _start(job_id)


def _index_blob(rt, doc_id: str, key: str, filename: str):
    data = rt.blobs.get(key)
    with tempfile.TemporaryDirectory(prefix="ie-index-") as tmp:
        path = Path(tmp) / filename  # a sanitized base name (Submissions.safe_filename)
        path.write_bytes(data)
        return rt.service.index(path, doc_id)


def _document_failed(doc_id: str, error: str) -> None:
    store = runtime().store
    store.set_document_state(doc_id, "failed", error=error)
    for job_id in store.jobs_waiting_for(doc_id):
        _finished(store.fail_job(job_id, f"document {doc_id!r} failed to index: {error}"))


# ---------------------------------------------------------------------------- jobs


@shared_task(name="ie.start_job", **_RELIABLE)
def start_job(self, job_id: str) -> None:
    try:
        _start(job_id)
    except TRANSIENT as exc:
        _retry(self, exc)
        raise


def _start(job_id: str) -> None:
    """Fan out a job whose document is indexed; a job for a document still indexing waits
    (``index_document`` starts it). Safe to repeat: only fields never published are."""
    store = runtime().store
    job = store.get_job(job_id)
    if job is None or job["status"] not in ("queued", "running"):
        return
    if job["status"] == "queued":
        doc = store.get_document(job["doc_id"])
        if doc is None:
            _finished(store.fail_job(job_id, f"document {job['doc_id']!r} was deleted"))
            return
        if doc["status"] == "failed":
            _finished(store.fail_job(
                job_id, f"document {job['doc_id']!r} failed to index: {doc['error']}"))
            return
        if doc["status"] != "indexed":
            return
        fields = store.start_job(job_id)
        if fields is None:  # another worker started it first
            return
    else:  # redelivered after a crash mid fan-out: publish what never was
        fields = store.undispatched_fields(job_id)
    for field in fields:
        runtime().dispatcher.extract_field(job_id, field)
    store.mark_dispatched(fields=[(job_id, field) for field in fields])


@shared_task(name="ie.extract_field", **_RELIABLE)
def extract_field(self, job_id: str, field: str) -> None:
    rt = runtime()
    if not rt.store.claim_field(job_id, field):
        return  # done by an earlier delivery, or cancelled
    job = rt.store.get_job(job_id)
    doc = rt.store.get_document(job["doc_id"]) if job else None
    started = time.perf_counter()
    try:
        record = _extract(rt, job, doc, field)
    except TRANSIENT as exc:
        _retry(self, exc)
        record = _error_record(job, field, f"gave up after {self.request.retries} retries: {exc}")
    except SoftTimeLimitExceeded:
        record = _error_record(job, field, f"took longer than {rt.settings.task_soft_time_limit}s")
    duration_ms = (time.perf_counter() - started) * 1000
    _finished(rt.store.complete_field(job_id, field, record, duration_ms))


def _extract(rt, job, doc, field: str) -> dict:
    if doc is None:
        return _error_record(job, field, f"document {job['doc_id']!r} was deleted")
    result = rt.service.extract_indexed(
        job["doc_id"], doc["filename"], [field], strategy=job["strategy"],
        raise_unavailable=True)[0]
    return result.to_dict()


def _error_record(job, field: str, error: str) -> dict:
    """A FieldResult-shaped record for a field that could not be attempted."""
    return {"doc_id": job["doc_id"] if job else None, "source": None, "field": field,
            "type": None, "status": "error", "value": None, "raw": None, "confidence": 0.0,
            "strategy": job["strategy"] if job else None, "attempts": 0, "evidence": [],
            "timings_ms": {}, "error": error}


# ---------------------------------------------------------------------------- callbacks


@shared_task(name="ie.notify_callback", **_RELIABLE)
def notify_callback(self, job_id: str) -> None:
    """POST the finished job's state to its callback_url; retried on network errors and 5xx,
    dropped (logged) on a 4xx, which retrying cannot fix."""
    store = runtime().store
    job = store.get_job(job_id)
    url = store.job_callback_url(job_id)
    if job is None or not url:
        return
    try:
        response = httpx.post(url, json=job, timeout=10)
        if response.status_code >= 500:
            raise httpx.HTTPStatusError("server error", request=response.request,
                                        response=response)
        if response.status_code >= 400:
            logger.warning("callback %s for job %s refused: %s", url, job_id,
                           response.status_code)
    except httpx.HTTPError as exc:
        _retry(self, exc)
        logger.error("callback %s for job %s failed for good: %s", url, job_id, exc)
