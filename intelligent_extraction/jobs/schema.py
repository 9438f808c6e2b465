"""The job store's tables (SQLAlchemy 2 declarative), the one place their columns are named.

    documents    one row per uploaded document: its indexing state and where its bytes live
    jobs         one row per extraction job: status, progress counters, timestamps
    job_fields   one row per (job, field): the FieldResult record, written exactly once
    job_events   the job's event log, replayed to Server-Sent Events clients in id order
    store_meta   small key/values the service keeps (the broker's run id, for the outbox sweep)

Alembic migrations (``migrations/``) create and evolve these tables; a change here needs a new
revision there.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "DocumentRow", "JobRow", "JobFieldRow", "JobEventRow", "MetaRow", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    type_annotation_map = {datetime: DateTime(timezone=True), dict[str, Any]: JSON}


class DocumentRow(Base):
    __tablename__ = "documents"

    doc_id: Mapped[str] = mapped_column(String(128), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), index=True)  # queued|indexing|indexed|failed
    error: Mapped[str | None] = mapped_column(Text)
    filename: Mapped[str] = mapped_column(String(255))
    media_type: Mapped[str] = mapped_column(String(16))  # pdf|docx|html|text
    size_bytes: Mapped[int] = mapped_column(Integer)
    blob_key: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of the bytes
    chunks: Mapped[int | None] = mapped_column(Integer)
    pages: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    dispatched_at: Mapped[datetime | None] = mapped_column(index=True)  # NULL: not yet published


class JobRow(Base):
    __tablename__ = "jobs"

    job_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    doc_id: Mapped[str] = mapped_column(String(128), index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    strategy: Mapped[str | None] = mapped_column(String(16))
    callback_url: Mapped[str | None] = mapped_column(Text)
    origin: Mapped[str] = mapped_column(String(16), default="api")  # api|queue
    total: Mapped[int] = mapped_column(Integer)
    done: Mapped[int] = mapped_column(Integer, default=0)
    cancel_requested: Mapped[bool] = mapped_column(Boolean, default=False)
    error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    dispatched_at: Mapped[datetime | None] = mapped_column(index=True)


class JobFieldRow(Base):
    __tablename__ = "job_fields"

    job_id: Mapped[str] = mapped_column(
        ForeignKey("jobs.job_id", ondelete="CASCADE"), primary_key=True
    )
    field: Mapped[str] = mapped_column(String(64), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)  # the order the client asked for
    status: Mapped[str] = mapped_column(String(16), index=True)  # pending|running|done|cancelled
    record: Mapped[dict[str, Any] | None]
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    duration_ms: Mapped[float | None] = mapped_column(Float)
    dispatched_at: Mapped[datetime | None]  # last publish of its task; NULL: never published


class JobEventRow(Base):
    __tablename__ = "job_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    job_id: Mapped[str] = mapped_column(
        ForeignKey("jobs.job_id", ondelete="CASCADE"), index=True
    )
    type: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class MetaRow(Base):
    __tablename__ = "store_meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)
