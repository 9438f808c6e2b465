"""The shapes the API sends and receives, as pydantic models.

Request models validate input (through spectree) and the response models document output, so the
OpenAPI document is generated from the same classes that are enforced. ``JobRequest`` lives in
``jobs.requests`` because the queue consumer validates the same shape.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..jobs.requests import DOC_ID_PATTERN

__all__ = [
    "ProblemItem",
    "Problem",
    "UploadForm",
    "DocumentView",
    "Progress",
    "JobView",
    "JobResult",
    "FieldList",
    "Health",
    "CheckResult",
    "Readiness",
    "NotReady",
]

DocumentStatus = Literal["queued", "indexing", "indexed", "failed"]
JobStatus = Literal["queued", "running", "succeeded", "partial", "failed", "cancelled"]


class ProblemItem(BaseModel):
    """One thing wrong with a request: where (``loc``) and what (``msg``)."""

    loc: str = Field(description='Where: a key ("doc_id"), an item ("fields[2]") or "body"')
    msg: str


class Problem(BaseModel):
    """An error, as RFC 9457 ``application/problem+json``."""

    type: str = Field(description='A URI naming the kind of problem; "about:blank" for plain '
                                  "HTTP statuses")
    title: str
    status: int
    detail: str | None = None
    instance: str | None = Field(default=None, description="The request path")
    errors: list[ProblemItem] | None = Field(
        default=None, description="Each problem with the request (validation errors)")


class UploadForm(BaseModel):
    """``multipart/form-data``: the document in ``file``, optionally the id to store it under."""

    model_config = ConfigDict(extra="forbid")

    file: Any = Field(json_schema_extra={"type": "string", "format": "binary"},
                      description="The document (PDF, DOCX, HTML or text)")
    doc_id: str | None = Field(default=None, pattern=DOC_ID_PATTERN,
                               description="Defaults to the file name's stem")

    @field_validator("doc_id", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        # HTML forms send an empty field for an input left blank.
        return None if value == "" else value


class DocumentView(BaseModel):
    doc_id: str
    status: DocumentStatus
    error: str | None = None
    filename: str
    media_type: str
    size_bytes: int
    chunks: int | None = None
    pages: int | None = None
    created_at: str | None = None
    updated_at: str | None = None


class Progress(BaseModel):
    done: int
    total: int


class JobView(BaseModel):
    job_id: str
    doc_id: str
    status: JobStatus
    strategy: str | None = None
    progress: Progress
    error: str | None = None
    created_at: str | None = None
    started_at: str | None = None
    finished_at: str | None = None


class JobResult(BaseModel):
    job_id: str
    status: JobStatus
    records: list[dict[str, Any]] = Field(
        description="One FieldResult record per finished field, in the order asked for")


class FieldList(BaseModel):
    fields: list[dict[str, Any]] = Field(description="Every configured field's config")


class Health(BaseModel):
    status: Literal["ok"]


class CheckResult(BaseModel):
    status: Literal["up", "down"]
    error: str | None = None


class Readiness(BaseModel):
    status: Literal["ready"]
    checks: dict[str, CheckResult]


class NotReady(Problem):
    """The 503 of /readyz: a problem that also names each check's state."""

    checks: dict[str, CheckResult]
