"""JobStore.create_job on PostgreSQL, where it is one statement (the API's submit path): the
same behaviour as the SQLite path in tests/unit/test_job_store.py, on a real database."""

from __future__ import annotations

import pytest

from intelligent_extraction.errors import JobStoreUnavailable, NotFound
from intelligent_extraction.jobs import JobStore, create_store_engine, migrate, open_job_store
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


# ---------------------------------------------------------------- connections the server closed
# The store pings a pooled connection only after it sat idle (a ping per checkout is a round
# trip per transaction). These close the store's connections for real, server side.

def _kill_store_connections(database_url: str) -> int:
    from sqlalchemy import create_engine, text

    name = database_url.rsplit("/", 1)[1]
    admin = create_engine(database_url.rsplit("/", 1)[0] + "/postgres",
                          isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            return len(conn.execute(text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name}).all())
    finally:
        admin.dispose()


def _store_with(database_url: str, ping_after_idle: float) -> JobStore:
    store = JobStore(create_store_engine(database_url, ping_after_idle=ping_after_idle))
    migrate(store.engine)
    store.register_document("d1", filename="d1.pdf", media_type="pdf", size_bytes=3,
                            blob_key="b" * 64)
    return store


def test_an_idle_connection_the_server_closed_is_replaced_before_use(database_url):
    store = _store_with(database_url, ping_after_idle=0)
    try:
        assert _kill_store_connections(database_url) >= 1
        job, created = store.create_job("d1", ["a"])  # no error reaches the caller
        assert created and store.get_job(job["job_id"])["status"] == "queued"
    finally:
        store.engine.dispose()


def test_a_busy_connection_the_server_closed_fails_once_then_the_pool_recovers(database_url):
    store = _store_with(database_url, ping_after_idle=3600)
    try:
        assert _kill_store_connections(database_url) >= 1
        with pytest.raises(JobStoreUnavailable):
            store.create_job("d1", ["a"], job_id="job-lost")
        # the failure invalidated the pool: the retry gets a fresh connection and lands once
        job, created = store.create_job("d1", ["a"], job_id="job-lost")
        assert created and store.job_fields("job-lost") == ["a"]
    finally:
        store.engine.dispose()
