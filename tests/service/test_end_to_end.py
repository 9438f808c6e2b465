"""The whole service as a client meets it: ``intelligent-extraction serve`` (gunicorn) over real
HTTP, a real Celery worker, the real Redis and PostgreSQL, and the queue consumer.

Upload a generated contract, submit a job, follow its Server-Sent Events, read the result,
cancel, and submit a job by publishing to the submission stream with no HTTP involved.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading

import httpx
import pytest

from intelligent_extraction import samples
from intelligent_extraction.jobs import TERMINAL_JOB_STATES

from .conftest import AUTH, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

FIELDS = ["document_name", "governing_law", "effective_date", "parties"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def api_url(service_env, tmp_path):
    """``intelligent-extraction serve`` (gunicorn, production mode) on a free loopback port."""
    port = _free_port()
    log = tmp_path / "api.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "intelligent_extraction.cli", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--workers", "1", "--threads", "4"],
        env={**os.environ, **service_env}, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"

    def healthy():
        if proc.poll() is not None:
            pytest.fail(f"serve exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            return httpx.get(f"{url}/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    wait_for(healthy, 60, message="API up")
    yield url
    proc.terminate()
    proc.wait(20)


@pytest.fixture()
def http(api_url):
    with httpx.Client(base_url=api_url, headers=AUTH, timeout=30) as client:
        yield client


@pytest.fixture(scope="module")
def contract_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("e2e")
    return samples.write_pdf(out / "services.pdf", samples.services_agreement())


def _sse_events(response) -> list[tuple[int, str, dict]]:
    """Parse a text/event-stream until its ``done`` event."""
    events, current = [], {}
    for line in response.iter_lines():
        if line.startswith(":"):
            continue
        if not line:
            if "event" in current:  # a block of only ``retry:`` sets the reconnect delay
                events.append((int(current["id"]), current["event"],
                               json.loads(current["data"])))
                if current["event"] == "done":
                    return events
            current = {}
            continue
        key, _, value = line.partition(": ")
        current[key] = value
    return events


def test_upload_job_events_and_result_over_http(http, start_worker, contract_pdf):
    start_worker()
    with contract_pdf.open("rb") as handle:
        up = http.post("/v1/documents", files={"file": ("services.pdf", handle,
                                                         "application/pdf")})
    assert up.status_code == 201, up.text
    doc_id = up.json()["doc_id"]
    assert doc_id == "services" and up.json()["status"] == "queued"

    submitted = http.post("/v1/jobs", json={"doc_id": doc_id, "fields": FIELDS})
    assert submitted.status_code == 202, submitted.text
    job_id = submitted.json()["job_id"]
    assert submitted.headers["Location"].endswith(f"/v1/jobs/{job_id}")

    with http.stream("GET", f"/v1/jobs/{job_id}/events", timeout=120) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        events = _sse_events(stream)
    kinds = [kind for _, kind, _ in events]
    assert kinds[0] == "queued" and kinds[1] == "running" and kinds[-1] == "done"
    assert sorted(data["field"] for _, kind, data in events if kind == "field_done") \
        == sorted(FIELDS)
    assert [i for i, _, _ in events] == sorted(i for i, _, _ in events)

    job = http.get(f"/v1/jobs/{job_id}").json()
    assert job["status"] == "succeeded"
    assert job["progress"] == {"done": len(FIELDS), "total": len(FIELDS)}
    assert job["created_at"] <= job["started_at"] <= job["finished_at"]
    result = http.get(f"/v1/jobs/{job_id}/result").json()
    assert [r["field"] for r in result["records"]] == FIELDS
    law = next(r for r in result["records"] if r["field"] == "governing_law")
    assert law["status"] == "found" and law["evidence"] and law["doc_id"] == doc_id

    doc = http.get(f"/v1/documents/{doc_id}").json()
    assert doc["status"] == "indexed" and doc["chunks"] > 0 and doc["pages"] >= 1

    # a client connecting after the end gets the whole history, and can resume after an id
    with http.stream("GET", f"/v1/jobs/{job_id}/events") as late:
        assert [k for _, k, _ in _sse_events(late)] == kinds
    with http.stream("GET", f"/v1/jobs/{job_id}/events",
                     headers={"Last-Event-ID": str(events[1][0])}) as resumed:
        assert [k for _, k, _ in _sse_events(resumed)] == kinds[2:]

    assert http.delete(f"/v1/documents/{doc_id}").status_code == 204
    assert http.get(f"/v1/documents/{doc_id}").status_code == 404


def test_auth_and_validation_over_http(api_url):
    assert httpx.get(f"{api_url}/v1/fields").status_code == 401
    wrong = httpx.get(f"{api_url}/v1/fields", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    assert wrong.headers["content-type"] == "application/problem+json"
    bad = httpx.post(f"{api_url}/v1/jobs", headers=AUTH,
                     json={"doc_id": "x", "fields": ["parties"], "colour": "red"})
    assert bad.status_code == 422
    assert any(e["loc"] == "colour" for e in bad.json()["errors"])


def test_cancel_stops_fields_not_yet_run(http, contract_pdf, start_worker):
    with contract_pdf.open("rb") as handle:
        http.post("/v1/documents", data={"doc_id": "c1"},
                  files={"file": ("c1.pdf", handle, "application/pdf")})
    # no worker yet: the document waits to be indexed, so nothing of the job can have run
    job_id = http.post("/v1/jobs", json={"doc_id": "c1", "fields": "all"}).json()["job_id"]
    cancelled = http.delete(f"/v1/jobs/{job_id}")
    assert cancelled.status_code == 202
    assert cancelled.json()["status"] == "cancelled"
    start_worker()
    wait_for(lambda: http.get("/v1/documents/c1").json()["status"] == "indexed", 90)
    job = http.get(f"/v1/jobs/{job_id}").json()
    assert job["status"] == "cancelled" and job["progress"]["done"] == 0
    assert http.get(f"/v1/jobs/{job_id}/result").json()["records"] == []


def test_job_submitted_through_the_queue_is_readable_through_the_api(
        service_settings, http, start_worker, contract_pdf):
    """A producer puts the file in the blob store and publishes one message: no HTTP."""
    import redis

    from intelligent_extraction.blobs import open_blob_store
    from intelligent_extraction.worker.consumer import producer_message
    from intelligent_extraction.worker.consumer_main import build_consumer

    start_worker()
    key = open_blob_store(service_settings).put(contract_pdf.read_bytes())
    client = redis.Redis.from_url(service_settings.redis_url)
    job_id = "0b6f8a4e-3f0c-4c59-9d7e-8f1e2a3b4c5d"
    message = producer_message(doc_id="queued-msa", fields=["governing_law"], job_id=job_id,
                               document={"blob_key": key, "filename": "queued-msa.pdf"})
    client.xadd(service_settings.submit_stream, message)

    consumer = build_consumer(service_settings)
    stop = threading.Event()
    thread = threading.Thread(target=consumer.run, args=(stop, 200), daemon=True)
    thread.start()
    try:
        job = wait_for(lambda: _finished(http, job_id), 120, message="queued job ends")
    finally:
        stop.set()
        thread.join(10)
    assert job["status"] == "succeeded"
    records = http.get(f"/v1/jobs/{job_id}/result").json()["records"]
    assert records[0]["field"] == "governing_law" and records[0]["status"] == "found"
    assert client.xpending(service_settings.submit_stream, "ie-submissions")["pending"] == 0


def _finished(http, job_id):
    response = http.get(f"/v1/jobs/{job_id}")
    if response.status_code != 200:
        return None
    job = response.json()
    return job if job["status"] in TERMINAL_JOB_STATES else None
