"""What clients send: the job request (REST) and the queue message (Redis stream), version 1.

One pydantic model per shape validates input and generates the OpenAPI schema, so the
documentation can never drift from what is enforced. Unknown keys are errors (``extra=forbid``)
that name the key.
"""

from __future__ import annotations

import uuid
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, HttpUrl, field_validator

from ..models import Strategy

__all__ = ["DOC_ID_PATTERN", "JobRequest", "QueueDocument", "QueueJobMessage",
           "QUEUE_SCHEMA_VERSION"]

# Ids are opaque labels, never paths: letters, digits and ._- only, not starting with a dot.
DOC_ID_PATTERN = r"^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$"
QUEUE_SCHEMA_VERSION = 1


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class JobRequest(_Strict):
    """An extraction job: which document, which fields, optionally how and whom to tell."""

    doc_id: str = Field(pattern=DOC_ID_PATTERN, description="An uploaded document's id")
    fields: list[str] | Literal["all"] = Field(
        default="all", description='Field names, or "all" for every configured field')
    strategy: Strategy | None = Field(
        default=None, description="Override every field's retrieval strategy")
    callback_url: HttpUrl | None = Field(
        default=None, description="POSTed the job's final state when it ends")

    @field_validator("fields")
    @classmethod
    def _non_empty(cls, fields):
        if isinstance(fields, list) and not fields:
            raise ValueError('fields must name at least one field, or be "all"')
        return fields


class QueueDocument(_Strict):
    """A document whose bytes a producer already put into the blob store under ``blob_key``."""

    blob_key: str = Field(pattern=r"^[0-9a-f]{64}$", description="SHA-256 of the bytes")
    filename: str = Field(min_length=1, max_length=255,
                          description="Original file name; its extension picks the parser")


class QueueJobMessage(JobRequest):
    """Version 1 of the message a producer publishes to the submission stream.

    ``job_id`` makes publishing idempotent: a message delivered twice creates one job.
    ``document`` registers (or replaces) ``doc_id`` from a blob first.
    """

    schema_version: Literal[1] = Field(description="Always 1 for this schema")
    job_id: uuid.UUID | None = Field(default=None, description="Client-chosen job id")
    document: QueueDocument | None = None
