"""The job store on its zero-setup default (SQLite under IE_DATA_DIR): migrations, the guarded
transitions that make redelivered tasks harmless, final statuses and the outbox queries.
(PostgreSQL runs the same code in tests/service.)"""

from __future__ import annotations

import pytest

from intelligent_extraction.jobs import open_job_store
from intelligent_extraction.settings import Settings


@pytest.fixture()
def store(data_dir):
    return open_job_store(Settings.load())


def _doc(store, doc_id="d1", key="a" * 64):
    return store.register_document(doc_id, filename=f"{doc_id}.pdf", media_type="pdf",
                                   size_bytes=3, blob_key=key)


def test_schema_is_created_once_and_migrating_again_changes_nothing(store):
    from intelligent_extraction.jobs import migrate

    _doc(store)
    migrate(store.engine)  # a second process starting: already at head
    assert store.get_document("d1")["status"] == "queued"


def test_a_field_record_is_written_once_however_often_its_task_runs(store):
    _doc(store)
    job, created = store.create_job("d1", ["a", "b"])
    assert created and job["progress"] == {"done": 0, "total": 2}
    assert store.start_job(job["job_id"]) == ["a", "b"]
    assert store.start_job(job["job_id"]) is None, "a second start fans out nothing"
    assert store.claim_field(job["job_id"], "a")
    assert store.complete_field(job["job_id"], "a", {"field": "a", "status": "found"}, 5) is None
    # a redelivered task: it can no longer claim, and completing again writes nothing
    assert not store.claim_field(job["job_id"], "a")
    assert store.complete_field(job["job_id"], "a", {"field": "a", "status": "x"}, 5) is None
    assert store.job_records(job["job_id"]) == [{"field": "a", "status": "found"}]
    store.claim_field(job["job_id"], "b")
    finished = store.complete_field(job["job_id"], "b", {"field": "b", "status": "error"}, 5)
    assert finished.status == "partial"
    kinds = [k for _, k, _ in store.events_after(job["job_id"])]
    assert kinds == ["queued", "running", "field_done", "field_done", "done"]


@pytest.mark.parametrize("statuses, expected", [
    (["found", "not_found"], "succeeded"),
    (["error", "found"], "partial"),
    (["error", "error"], "failed"),
])
def test_final_status_follows_the_records(store, statuses, expected):
    _doc(store)
    job, _ = store.create_job("d1", ["a", "b"])
    store.start_job(job["job_id"])
    finished = None
    for field, status in zip(["a", "b"], statuses):
        store.claim_field(job["job_id"], field)
        finished = store.complete_field(job["job_id"], field, {"status": status}, 1)
    assert finished.status == expected == store.get_job(job["job_id"])["status"]


def test_cancel_keeps_running_fields_and_ends_when_they_do(store):
    _doc(store)
    job, _ = store.create_job("d1", ["a", "b", "c"])
    store.start_job(job["job_id"])
    store.claim_field(job["job_id"], "a")
    view, finished = store.cancel_job(job["job_id"])
    assert finished is None and view["status"] == "running"
    assert not store.claim_field(job["job_id"], "b"), "a cancelled field never starts"
    done = store.complete_field(job["job_id"], "a", {"status": "found"}, 1)
    assert done.status == "cancelled"
    assert store.get_job(job["job_id"])["progress"] == {"done": 1, "total": 3}


def test_the_same_job_id_creates_one_job(store):
    _doc(store)
    first, created = store.create_job("d1", ["a"], job_id="5d8e1a5e-9e4a-4f0e-8c3b-1f2e3d4c5b6a")
    again, created_again = store.create_job("d1", ["a", "b"], job_id=first["job_id"])
    assert created and not created_again and again == first


def test_outbox_finds_what_was_never_published_and_what_went_stale(store):
    _doc(store)
    job, _ = store.create_job("d1", ["a"])
    assert store.due_for_dispatch(grace_s=3600, stale_s=3600) == ([], [], []), "grace"
    docs, jobs, fields = store.due_for_dispatch(grace_s=0, stale_s=3600)
    assert docs == ["d1"] and jobs == [], "a job waiting for its document is left to indexing"
    store.mark_dispatched(doc_id="d1")
    store.set_document_state("d1", "indexed", chunks=3)
    assert store.due_for_dispatch(grace_s=0, stale_s=3600)[1] == [job["job_id"]]
    store.mark_dispatched(job_id=job["job_id"])
    store.start_job(job["job_id"])
    assert store.due_for_dispatch(grace_s=0, stale_s=3600) == ([], [], [(job["job_id"], "a")])
    store.mark_dispatched(fields=[(job["job_id"], "a")])
    assert store.due_for_dispatch(grace_s=0, stale_s=3600) == ([], [], [])
    assert store.due_for_dispatch(grace_s=0, stale_s=0) == ([], [], [(job["job_id"], "a")])


def test_deleting_a_document_frees_its_blob_only_when_unshared(store):
    _doc(store, "d1", "b" * 64)
    _doc(store, "d2", "b" * 64)
    assert store.delete_document("d1") == (True, None)
    assert store.delete_document("d2") == (True, "b" * 64)
    assert store.delete_document("d2") == (False, None)


def test_latency_buckets_are_cumulative(store):
    _doc(store)
    job, _ = store.create_job("d1", ["a", "b"])
    store.start_job(job["job_id"])
    for field, ms in (("a", 30), ("b", 300)):
        store.claim_field(job["job_id"], field)
        store.complete_field(job["job_id"], field, {"status": "found"}, ms)
    buckets = store.field_latency_buckets([0.05, 0.5])
    assert buckets["a"] == ([1, 1], 1, pytest.approx(0.03))
    assert buckets["b"] == ([0, 1], 1, pytest.approx(0.3))


def test_a_job_for_an_unknown_document_is_refused_and_nothing_is_stored(store):
    from intelligent_extraction.errors import NotFound

    with pytest.raises(NotFound, match="'nope'"):
        store.create_job("nope", ["a"])
    assert store.count_jobs_by_status() == {}


def test_meta_values_are_replaced(store):
    store.set_meta("broker_run_id", "one")
    store.set_meta("broker_run_id", "two")
    assert store.get_meta("broker_run_id") == "two"
