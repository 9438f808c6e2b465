"""Accepting work: uploads and job submissions, shared by the REST API and the queue consumer.

Everything accepted is committed to the job store first and published to the broker second.
A broker that is down does not lose an accepted upload or job: it stays undispatched in the
store, and the workers' sweep publishes it once the broker is back.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from pathlib import PurePath
from typing import Any, Protocol

from ..backends.base import SearchBackend
from ..blobs import BlobStore
from ..documents import sniff_upload
from ..errors import BrokerUnavailable, InvalidRequest, NotFound
from ..fields import FieldRegistry
from .requests import DOC_ID_PATTERN, JobRequest
from .store import JobStore

__all__ = ["Dispatcher", "Submissions"]

logger = logging.getLogger(__name__)
_DOC_ID = re.compile(DOC_ID_PATTERN)
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


class Dispatcher(Protocol):
    """Publishes work to the workers (Celery in production); raises BrokerUnavailable."""

    def index_document(self, doc_id: str) -> None: ...

    def start_job(self, job_id: str) -> None: ...

    def extract_field(self, job_id: str, field: str) -> None: ...

    def notify(self, job_id: str) -> None: ...


def safe_filename(name: str) -> str:
    """The base name of a client's file name with anything unusual replaced (a label only)."""
    base = PurePath(name.replace("\\", "/")).name
    cleaned = _UNSAFE.sub("-", base).strip("-.")
    return cleaned[:200] or "upload"


class Submissions:
    def __init__(
        self,
        store: JobStore,
        blobs: BlobStore,
        fields: Callable[[], FieldRegistry],
        dispatcher: Dispatcher,
    ):
        self.store = store
        self.blobs = blobs
        self._fields = fields
        self.dispatcher = dispatcher

    def _publish(self, what: str, send: Callable[[], None], **mark: str) -> None:
        """Publish, then mark dispatched; a broker that is down leaves the outbox row."""
        try:
            send()
        except BrokerUnavailable as exc:
            logger.warning("%s accepted but not yet published (the sweep will): %s", what, exc)
            return
        self.store.mark_dispatched(**mark)

    # ------------------------------------------------------------------ documents

    def upload(self, filename: str, data: bytes, doc_id: str | None = None) -> dict[str, Any]:
        """Store an upload and queue its indexing. Raises DocumentError (bad bytes) or
        InvalidRequest (bad doc_id) before anything is stored."""
        name = safe_filename(filename)
        doc_id = doc_id if doc_id is not None else _UNSAFE.sub("-", PurePath(name).stem)[:128]
        if not _DOC_ID.match(doc_id or ""):
            raise InvalidRequest([{"loc": "doc_id", "msg": f"invalid doc_id {doc_id!r}: use 1-128 "
                                   "letters, digits, '.', '_' or '-', not starting with '.'"}])
        fmt, suffix = sniff_upload(name, data)
        if PurePath(name).suffix.lower() != suffix:
            name = PurePath(name).stem + suffix
        key = self.blobs.put(data)
        return self._register(doc_id, name, fmt, len(data), key)

    def register_blob(self, doc_id: str, blob_key: str, filename: str) -> dict[str, Any]:
        """Register a document from bytes a producer put into the blob store (queue path).
        The same blob under the same id again (a redelivered message) changes nothing."""
        current = self.store.document_blob(doc_id)
        if current and current[0] == blob_key:
            doc = self.store.get_document(doc_id)
            if doc and doc["status"] != "failed":
                return doc
        data = self.blobs.get(blob_key)
        name = safe_filename(filename)
        fmt, _ = sniff_upload(name, data)
        return self._register(doc_id, name, fmt, len(data), blob_key)

    def _register(self, doc_id: str, name: str, fmt: str, size: int, key: str) -> dict[str, Any]:
        doc, replaced = self.store.register_document(
            doc_id, filename=name, media_type=fmt, size_bytes=size, blob_key=key)
        if replaced and not self.store.blob_in_use(replaced):
            self.blobs.delete(replaced)
        self._publish(f"document {doc_id}", lambda: self.dispatcher.index_document(doc_id),
                      doc_id=doc_id)
        return doc

    def delete_document(self, doc_id: str, backend: SearchBackend) -> None:
        """Remove a document's chunks, its row and (when no other document shares it) its
        blob; the index goes first so a failure never leaves chunks without a record."""
        removed = backend.delete_document(doc_id)
        existed, orphan = self.store.delete_document(doc_id)
        if not (removed or existed):
            raise NotFound("document", doc_id)
        if orphan:
            self.blobs.delete(orphan)

    # ------------------------------------------------------------------ jobs

    def resolve_fields(self, requested: list[str] | str) -> list[str]:
        """The field names a request names; unknown ones are an InvalidRequest naming each."""
        registry = self._fields()
        if requested == "all":
            return registry.names()
        unknown = [(i, name) for i, name in enumerate(requested) if name not in registry]
        if unknown:
            known = ", ".join(registry.names())
            raise InvalidRequest([{"loc": f"fields[{i}]",
                                   "msg": f"unknown field {name!r}; known fields: {known}"}
                                  for i, name in unknown])
        return list(dict.fromkeys(requested))

    def submit_job(
        self, request: JobRequest, *, origin: str = "api", job_id: str | None = None
    ) -> tuple[dict[str, Any], bool]:
        """Validate, store and queue a job: (job view, created). A job for a document still
        indexing waits for it; one for an unknown document is an InvalidRequest."""
        fields = self.resolve_fields(request.fields)
        try:
            job, created = self.store.create_job(
                request.doc_id, fields,
                strategy=request.strategy.value if request.strategy else None,
                callback_url=str(request.callback_url) if request.callback_url else None,
                origin=origin, job_id=job_id, dispatched=True)
        except NotFound:
            raise InvalidRequest([{"loc": "doc_id",
                                   "msg": f"no document {request.doc_id!r}; upload it first"}])
        if created:
            try:
                self.dispatcher.start_job(job["job_id"])
            except BrokerUnavailable as exc:
                logger.warning("job %s accepted but not yet published (the sweep will): %s",
                               job["job_id"], exc)
                self.store.mark_dispatched(job_id=job["job_id"], undo=True)
        return job, created

    def cancel_job(self, job_id: str) -> dict[str, Any]:
        job, finished = self.store.cancel_job(job_id)
        if job is None:
            raise NotFound("job", job_id)
        if finished and finished.callback_url:
            self._notify(job_id)
        return self.store.get_job(job_id) or job

    def _notify(self, job_id: str) -> None:
        try:
            self.dispatcher.notify(job_id)
        except BrokerUnavailable as exc:
            logger.warning("callback for job %s not sent: %s", job_id, exc)
