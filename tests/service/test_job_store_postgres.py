"""JobStore.create_job on PostgreSQL, where it is one statement (the API's submit path): the
same behaviour as the SQLite path in tests/unit/test_job_store.py, on a real database."""

from __future__ import annotations

import pytest

from intelligent_extraction.errors import NotFound
from intelligent_extraction.jobs import open_job_store
from intelligent_extraction.settings import Settings

pytestmark = pytest.mark.integration


@pytest.fixture()
def store(database_url, tmp_path):
    settings = Settings.load(data_dir=tmp_path / "data", database_url=database_url)
    store = open_job_store(settings)
    assert store.engine.dialect.name == "postgresql"
    store.register_document("d1", filename="d1.pdf", media_type="pdf", size_bytes=3,
                            blob_key="a" * 64)
    return store


def test_a_job_is_created_with_its_fields_in_order_and_its_queued_event(store):
    job, created = store.create_job("d1", ["zeta", "alpha", "mid"], strategy="pipeline",
                                    callback_url="http://127.0.0.1:9/cb", origin="queue")
    assert created
    again = store.get_job(job["job_id"])
    assert again == job
    assert (again["status"], again["progress"]) == ("queued", {"done": 0, "total": 3})
    assert store.job_fields(job["job_id"]) == ["zeta", "alpha", "mid"]
    assert store.job_fields(job["job_id"], ["pending"]) == ["zeta", "alpha", "mid"]
    assert store.job_callback_url(job["job_id"]) == "http://127.0.0.1:9/cb"
    events = store.events_after(job["job_id"])
    assert [(kind, data) for _, kind, data in events] == [
        ("queued", {"job_id": job["job_id"], "doc_id": "d1", "fields": ["zeta", "alpha", "mid"]})]
    assert store.start_job(job["job_id"]) == ["zeta", "alpha", "mid"]


def test_a_resubmitted_job_id_creates_nothing(store):
    first, created = store.create_job("d1", ["a", "b"], job_id="job-1")
    assert created
    second, created_again = store.create_job("d1", ["c"], job_id="job-1")
    assert not created_again
    assert second == first
    assert store.job_fields("job-1") == ["a", "b"]
    assert len(store.events_after("job-1")) == 1


def test_a_job_for_an_unknown_document_is_not_found_and_leaves_nothing(store):
    with pytest.raises(NotFound) as err:
        store.create_job("nope", ["a"], job_id="job-2")
    assert "nope" in str(err.value)
    assert store.get_job("job-2") is None
    assert store.events_after("job-2") == []


def test_dispatched_marks_the_job_published_up_front(store):
    job, _ = store.create_job("d1", ["a"], dispatched=True)
    from sqlalchemy import text

    with store.engine.connect() as conn:
        stamp = conn.execute(text("SELECT dispatched_at FROM jobs WHERE job_id = :j"),
                             {"j": job["job_id"]}).scalar()
    assert stamp is not None
