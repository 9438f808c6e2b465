"""Real Celery worker processes on the real Redis and PostgreSQL: indexing, jobs, a corrupt
document, a worker killed with SIGKILL mid-job, and a Redis restart mid-run.

Work is submitted through ``Submissions`` (what the API and the queue consumer call); the API's
own HTTP surface is tested in ``test_api.py`` and end to end in ``test_end_to_end.py``.
"""

from __future__ import annotations

import collections
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

from intelligent_extraction import samples
from intelligent_extraction.jobs import TERMINAL_JOB_STATES
from intelligent_extraction.jobs.requests import JobRequest
from intelligent_extraction.worker.dispatch import build_submissions

from .conftest import wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

FIELDS = ["document_name", "parties", "effective_date", "governing_law", "term",
          "renewal_term", "notice_period_to_terminate_renewal", "expiration_date"]


@pytest.fixture(scope="module")
def contract_pdf(tmp_path_factory) -> bytes:
    out = tmp_path_factory.mktemp("contract")
    return samples.write_pdf(out / "msa.pdf", samples.services_agreement()).read_bytes()


@pytest.fixture()
def submissions(service_settings):
    return build_submissions(service_settings)


def finished(store, job_id: str):
    job = store.get_job(job_id)
    return job if job["status"] in TERMINAL_JOB_STATES else None


def field_done_counts(store, job_id: str) -> collections.Counter:
    return collections.Counter(data["field"] for _, kind, data in store.events_after(job_id)
                               if kind == "field_done")


def test_job_runs_on_a_worker_and_records_every_field_once(submissions, start_worker,
                                                           contract_pdf):
    worker = start_worker()
    doc = submissions.upload("msa.pdf", contract_pdf)
    assert doc["doc_id"] == "msa" and doc["status"] == "queued"
    job, created = submissions.submit_job(JobRequest(doc_id="msa", fields=FIELDS))
    assert created and job["status"] == "queued"  # accepted while the document still indexes

    done = wait_for(lambda: finished(submissions.store, job["job_id"]), 120, message="job end")
    assert done["status"] == "succeeded"
    assert done["progress"] == {"done": len(FIELDS), "total": len(FIELDS)}
    indexed = submissions.store.get_document("msa")
    assert indexed["status"] == "indexed" and indexed["chunks"] > 0 and indexed["pages"] >= 1

    records = submissions.store.job_records(job["job_id"])
    assert [r["field"] for r in records] == FIELDS
    by_field = {r["field"]: r for r in records}
    assert by_field["governing_law"]["status"] == "found"
    assert by_field["governing_law"]["evidence"], "a found value carries its evidence"
    assert field_done_counts(submissions.store, job["job_id"]) == {f: 1 for f in FIELDS}
    kinds = [kind for _, kind, _ in submissions.store.events_after(job["job_id"])]
    assert kinds[0] == "queued" and kinds[1] == "running" and kinds[-1] == "done"
    # one pool process ran the indexing and every field: it loaded the model once
    log = worker.log.read_text()
    assert log.count("Loading SentenceTransformer model") + log.count(
        "Loading ONNX embedding model") == 1  # torch or ONNX Runtime (IE_EMBED_BACKEND)


@pytest.fixture()
def s3_service_env(service_env, s3_bucket):
    """The service of this test keeps its uploads in an S3 bucket (the real MinIO)."""
    endpoint, bucket = s3_bucket
    service_env.update(IE_BLOB_URL=f"s3://{bucket}/uploads", IE_S3_ENDPOINT_URL=endpoint)
    return endpoint, bucket


def test_uploads_live_in_the_s3_bucket_and_the_worker_indexes_from_it(
    s3_service_env, submissions, start_worker, contract_pdf, service_settings
):
    import boto3

    endpoint, bucket = s3_service_env
    start_worker()
    submissions.upload("msa.pdf", contract_pdf)
    wait_for(lambda: submissions.store.get_document("msa")["status"] in ("indexed", "failed"),
             90, message="indexed from S3")
    doc = submissions.store.get_document("msa")
    assert doc["status"] == "indexed" and doc["chunks"] > 0, doc
    s3 = boto3.client("s3", endpoint_url=endpoint)
    (stored,) = s3.list_objects_v2(Bucket=bucket)["Contents"]
    assert stored["Key"].startswith("uploads/")
    assert s3.get_object(Bucket=bucket, Key=stored["Key"])["Body"].read() == contract_pdf
    # nothing went to the local blob directory: the bytes only travel through the bucket
    assert not list((service_settings.data_dir / "blobs").rglob("*"))


def test_corrupt_document_fails_cleanly_and_the_worker_lives_on(submissions, start_worker,
                                                                contract_pdf):
    worker = start_worker()
    # a PDF header and then garbage: it passes the upload sniff, the parser rejects it
    submissions.upload("broken.pdf", b"%PDF-1.7\n" + os.urandom(2048))
    bad_job, _ = submissions.submit_job(JobRequest(doc_id="broken", fields=["parties"]))
    failed = wait_for(lambda: finished(submissions.store, bad_job["job_id"]), 90,
                      message="the job on the corrupt document ends")
    assert failed["status"] == "failed"
    assert "broken" in failed["error"]
    doc = submissions.store.get_document("broken")
    assert doc["status"] == "failed" and "broken.pdf" in doc["error"]

    assert worker.proc.poll() is None, "the worker survived the corrupt document"
    submissions.upload("msa.pdf", contract_pdf)
    good, _ = submissions.submit_job(JobRequest(doc_id="msa", fields=["governing_law"]))
    assert wait_for(lambda: finished(submissions.store, good["job_id"]), 90)["status"] \
        == "succeeded"


def test_sigkill_mid_job_loses_nothing_and_duplicates_nothing(submissions, start_worker,
                                                              contract_pdf):
    # short redelivery so the killed worker's unacknowledged task comes back within seconds;
    # the time limits it must exceed still leave room for indexing on a loaded machine (at
    # 8 s the soft limit failed the indexing while other processes used both cores)
    fast = {"IE_TASK_SOFT_TIME_LIMIT": "20", "IE_TASK_TIME_LIMIT": "24",
            "IE_REDELIVERY_SECONDS": "28"}
    first = start_worker(**fast)
    submissions.upload("msa.pdf", contract_pdf)
    wait_for(lambda: submissions.store.get_document("msa")["status"] in ("indexed", "failed"),
             90, message="document indexed")
    doc = submissions.store.get_document("msa")
    assert doc["status"] == "indexed", doc
    fields = submissions.resolve_fields("all")
    job, _ = submissions.submit_job(JobRequest(doc_id="msa", fields="all"))
    job_id = job["job_id"]

    wait_for(lambda: submissions.store.get_job(job_id)["progress"]["done"] >= 2, 60,
             interval=0.02, message="the job is under way")
    first.kill()
    stopped_at = submissions.store.get_job(job_id)
    assert stopped_at["status"] == "running", "killed in the middle, not after the end"
    assert 0 < stopped_at["progress"]["done"] < len(fields)

    start_worker(**fast)
    done = wait_for(lambda: finished(submissions.store, job_id), 120,
                    message="the job completes on the new worker")
    assert done["status"] in ("succeeded", "partial")
    assert done["progress"] == {"done": len(fields), "total": len(fields)}
    records = submissions.store.job_records(job_id)
    assert sorted(r["field"] for r in records) == sorted(fields)
    assert field_done_counts(submissions.store, job_id) == {f: 1 for f in fields}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class OwnRedis:
    """A private redis-server without persistence: a restart loses every queued message."""

    def __init__(self, tmp_path):
        self.port = _free_port()
        self.dir = tmp_path / "redis"
        self.dir.mkdir()
        self.proc = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [shutil.which("redis-server"), "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import redis

        client = redis.Redis(port=self.port)
        wait_for(lambda: _pings(client), 10, 0.05, "private redis up")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def _pings(client) -> bool:
    import redis

    try:
        return client.ping()
    except redis.RedisError:
        return False


@pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server not installed")
def test_redis_restart_mid_run_loses_no_accepted_job(service_settings, monkeypatch, tmp_path,
                                                     start_worker, contract_pdf):
    from intelligent_extraction.settings import Settings

    own = OwnRedis(tmp_path)
    own.start()
    try:
        monkeypatch.setenv("IE_REDIS_URL", own.url)
        settings = Settings.load()
        subs = build_submissions(settings)
        start_worker(IE_REDIS_URL=own.url)
        subs.upload("msa.pdf", contract_pdf)
        accepted = [subs.submit_job(JobRequest(doc_id="msa", fields=FIELDS))[0]["job_id"]
                    for _ in range(4)]

        own.stop()  # every queued message is gone; new submissions cannot be published
        accepted += [subs.submit_job(JobRequest(doc_id="msa", fields=FIELDS))[0]["job_id"]
                     for _ in range(3)]
        time.sleep(1)
        own.start()

        for job_id in accepted:
            done = wait_for(lambda j=job_id: finished(subs.store, j), 180,
                            message=f"accepted job {job_id} completes after the restart")
            assert done["status"] == "succeeded"
            assert field_done_counts(subs.store, job_id) == {f: 1 for f in FIELDS}
    finally:
        own.stop()


def _nice_and_parent(pid: int) -> tuple[int, int]:
    """(nice, parent pid) of a live process, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as fh:
        after_name = fh.read().rsplit(")", 1)[1].split()
    return int(after_name[16]), int(after_name[1])  # fields 19 (nice) and 4 (ppid)


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if _nice_and_parent(int(entry))[1] == pid:
                    kids.append(int(entry))
            except (FileNotFoundError, ProcessLookupError, IndexError):
                continue
    return kids


def test_worker_nice_lowers_the_cpu_priority_of_the_worker_and_its_pool(start_worker):
    worker = start_worker(2, "--nice", "7")
    pool = _children(worker.proc.pid)
    assert len(pool) >= 2, "the prefork pool runs as children of the worker"
    assert _nice_and_parent(worker.proc.pid)[0] == 7
    assert {_nice_and_parent(pid)[0] for pid in pool} == {7}
    # the worker leads its own session, so its scheduler autogroup yields too (where the
    # kernel has autogroups): nice alone does not reach across sessions
    autogroup = Path(f"/proc/{worker.proc.pid}/autogroup")
    if autogroup.exists():
        assert autogroup.read_text().split()[-1] == "7"
