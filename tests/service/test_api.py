"""The REST API surface against the real Redis and PostgreSQL, through the Flask test client and
a real HTTP server. No worker runs here: jobs stay queued unless a test moves them through the
job store itself, the way a worker would."""

from __future__ import annotations

import io
import threading
import uuid

import httpx
import pytest
from werkzeug.serving import make_server

from intelligent_extraction import samples
from intelligent_extraction.api import create_app
from intelligent_extraction.errors import ConfigError
from intelligent_extraction.jobs import open_job_store

from .conftest import AUTH

pytestmark = pytest.mark.integration

PROBLEM = "application/problem+json"


@pytest.fixture(scope="module")
def pdf_bytes(tmp_path_factory):
    path = tmp_path_factory.mktemp("pdf") / "msa.pdf"
    return samples.write_pdf(path, samples.services_agreement()).read_bytes()


@pytest.fixture()
def store(service_settings):
    return open_job_store(service_settings)


@pytest.fixture()
def live_server(app):
    """The app behind a real HTTP server on a free loopback port."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


def upload(client, data: bytes, filename: str = "msa.pdf", **form):
    return client.post("/v1/documents", headers=AUTH,
                       data={"file": (io.BytesIO(data), filename), **form})


def submit(client, **body):
    return client.post("/v1/jobs", headers=AUTH, json=body)


def assert_problem(response, status: int, *locs: str) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["instance"]
    assert [e["loc"] for e in body.get("errors") or []] == list(locs)
    return body


def sse_events(text: str) -> list[dict[str, str]]:
    events = []
    for block in text.split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines()
                     if ": " in line and not line.startswith(":"))
        if "event" in lines:
            events.append(lines)
    return events


# ---------------------------------------------------------------- documents


def test_upload_pdf_is_queued_under_its_file_stem(client, pdf_bytes):
    response = upload(client, pdf_bytes, "Master Services.pdf")
    assert response.status_code == 201
    doc = response.get_json()
    assert doc["doc_id"] == "Master-Services" and doc["status"] == "queued"
    assert response.headers["Location"] == "/v1/documents/Master-Services"
    shown = client.get(response.headers["Location"], headers=AUTH).get_json()
    assert shown["status"] == "queued" and shown["media_type"] == "pdf"
    assert shown["size_bytes"] == len(pdf_bytes)


def test_upload_with_doc_id_and_bad_doc_id(client, pdf_bytes):
    assert upload(client, pdf_bytes, doc_id="msa-1").get_json()["doc_id"] == "msa-1"
    assert_problem(upload(client, pdf_bytes, doc_id="../etc/passwd"), 422, "doc_id")
    assert_problem(upload(client, pdf_bytes, doc_id="a" * 129), 422, "doc_id")


def test_pdf_that_is_not_a_pdf_is_415_naming_the_file(client):
    body = assert_problem(upload(client, b"just some text", "contract.pdf"), 415)
    assert "contract.pdf" in body["detail"] and "not a PDF" in body["detail"]


def test_empty_upload_is_422(client):
    assert_problem(upload(client, b"   ", "empty.txt"), 422)


def test_oversize_upload_is_413_problem(service_settings):
    small = create_app({"TESTING": True,
                        "IE_SETTINGS": service_settings.model_copy(update={"max_upload_mb": 1})})
    body = assert_problem(upload(small.test_client(), b"x" * (1024 * 1024 + 100_000), "a.txt"),
                          413)
    assert "1 MB" in body["detail"]


def test_json_body_naming_a_path_is_refused(client, store):
    response = client.post("/v1/documents", headers=AUTH,
                           json={"path": "/etc/passwd", "doc_id": "secrets"})
    body = assert_problem(response, 415)
    assert "multipart" in body["detail"]
    assert store.get_document("secrets") is None
    form = client.post("/v1/documents", headers=AUTH, data={"path": "/etc/passwd"})
    assert_problem(form, 422, "file", "path")


def test_delete_document(app, client, pdf_bytes):
    upload(client, pdf_bytes, doc_id="gone")
    assert client.delete("/v1/documents/gone", headers=AUTH).status_code == 204
    assert_problem(client.get("/v1/documents/gone", headers=AUTH), 404)
    assert_problem(client.delete("/v1/documents/gone", headers=AUTH), 404)
    assert_problem(client.delete("/v1/documents/..", headers=AUTH), 404)
    # the search backend was used, the embedding model never loaded in the API process
    service = app.extensions["ie"].service
    assert "backend" in service.__dict__ and "embedder" not in service.__dict__


# ---------------------------------------------------------------- jobs


def test_job_request_problems_name_each_key(client, pdf_bytes):
    upload(client, pdf_bytes, doc_id="msa")
    assert_problem(submit(client, doc_id="msa", foo=1, fields="all"), 422, "foo")
    body = assert_problem(submit(client, doc_id="msa", fields=["effective_date", "nope"]),
                          422, "fields[1]")
    assert "'nope'" in body["errors"][0]["msg"]
    assert_problem(submit(client, doc_id="unknown-doc"), 422, "doc_id")
    assert_problem(submit(client, fields=[]), 422, "doc_id", "fields")
    assert_problem(client.post("/v1/jobs", headers=AUTH, data="doc_id=msa"), 415)
    assert_problem(client.post("/v1/jobs", headers=AUTH, json=["msa"]), 422, "body")
    broken = client.post("/v1/jobs", headers=AUTH, data="{", content_type="application/json")
    assert "not valid JSON" in assert_problem(broken, 422, "body")["errors"][0]["msg"]


def test_job_lifecycle_submit_read_result_cancel(client, pdf_bytes):
    upload(client, pdf_bytes, doc_id="msa")
    response = submit(client, doc_id="msa", fields=["effective_date", "governing_law"])
    assert response.status_code == 202
    job = response.get_json()
    assert response.headers["Location"] == f"/v1/jobs/{job['job_id']}"
    shown = client.get(response.headers["Location"], headers=AUTH).get_json()
    assert shown["status"] == "queued" and shown["doc_id"] == "msa"
    assert shown["progress"] == {"done": 0, "total": 2}
    assert shown["created_at"].endswith("Z") and shown["started_at"] is None
    result = client.get(f"/v1/jobs/{job['job_id']}/result", headers=AUTH).get_json()
    assert result == {"job_id": job["job_id"], "status": "queued", "records": []}
    cancelled = client.delete(f"/v1/jobs/{job['job_id']}", headers=AUTH)
    assert cancelled.status_code == 202 and cancelled.get_json()["status"] == "cancelled"
    assert_problem(client.get(f"/v1/jobs/{uuid.uuid4()}", headers=AUTH), 404)
    assert_problem(client.get("/v1/jobs/not-a-uuid/result", headers=AUTH), 404)


def test_events_replay_history_and_resume_after_last_event_id(client, pdf_bytes):
    upload(client, pdf_bytes, doc_id="msa")
    job_id = submit(client, doc_id="msa").get_json()["job_id"]
    client.delete(f"/v1/jobs/{job_id}", headers=AUTH)
    response = client.get(f"/v1/jobs/{job_id}/events", headers=AUTH)
    assert response.mimetype == "text/event-stream"
    events = sse_events(response.get_data(as_text=True))
    assert [e["event"] for e in events] == ["queued", "done"]
    assert '"status": "cancelled"' in events[1]["data"]
    resumed = client.get(f"/v1/jobs/{job_id}/events",
                         headers={**AUTH, "Last-Event-ID": events[0]["id"]})
    assert [e["id"] for e in sse_events(resumed.get_data(as_text=True))] == [events[1]["id"]]
    done = client.get(f"/v1/jobs/{job_id}/events",
                      headers={**AUTH, "Last-Event-ID": events[1]["id"]})
    assert done.status_code == 200 and sse_events(done.get_data(as_text=True)) == []
    for bad in ("x", "-1", "²", "9" * 30):
        response = client.get(f"/v1/jobs/{job_id}/events", headers={**AUTH, "Last-Event-ID": bad})
        assert_problem(response, 422, "Last-Event-ID")


def test_events_stream_live_over_http(app, live_server, pdf_bytes, store):
    """A client connected before the work happens receives each event as it is stored."""
    http = httpx.Client(base_url=live_server, headers=AUTH, timeout=20)
    http.post("/v1/documents", files={"file": ("msa.pdf", pdf_bytes)}, data={"doc_id": "msa"})
    job_id = http.post("/v1/jobs", json={"doc_id": "msa", "fields": ["governing_law"]}
                       ).json()["job_id"]
    seen: list[str] = []
    with http.stream("GET", f"/v1/jobs/{job_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        for line in stream.iter_lines():
            if not line.startswith("event: "):
                continue
            seen.append(line.removeprefix("event: "))
            if seen == ["queued"]:  # a worker's steps, done through the store
                assert store.start_job(job_id) == ["governing_law"]
                assert store.claim_field(job_id, "governing_law")
                store.complete_field(job_id, "governing_law",
                                     {"field": "governing_law", "status": "found",
                                      "value": "Delaware"}, duration_ms=700.0)
    assert seen == ["queued", "running", "field_done", "done"]
    result = http.get(f"/v1/jobs/{job_id}/result").json()
    assert result["status"] == "succeeded" and result["records"][0]["value"] == "Delaware"


def test_events_keep_alive_and_maximum_duration(service_settings, pdf_bytes):
    app = create_app({"TESTING": True, "IE_SETTINGS": service_settings,
                      "IE_SSE_KEEPALIVE_SECONDS": 0.1, "IE_SSE_MAX_SECONDS": 0.6})
    client = app.test_client()
    upload(client, pdf_bytes, doc_id="msa")
    job_id = submit(client, doc_id="msa").get_json()["job_id"]
    text = client.get(f"/v1/jobs/{job_id}/events", headers=AUTH).get_data(as_text=True)
    assert [e["event"] for e in sse_events(text)] == ["queued"]
    assert ": keep-alive" in text and "maximum duration" in text


# ---------------------------------------------------------------- fields


def test_fields_list_and_one(client):
    fields = client.get("/v1/fields", headers=AUTH).get_json()["fields"]
    names = [f["field_name"] for f in fields]
    assert "effective_date" in names and names == sorted(names)
    one = client.get("/v1/fields/effective_date", headers=AUTH).get_json()
    assert one == next(f for f in fields if f["field_name"] == "effective_date")
    assert_problem(client.get("/v1/fields/no_such_field", headers=AUTH), 404)


# ---------------------------------------------------------------- auth


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer wrong"},
                                     {"Authorization": "Basic dGVzdC1rZXktMQ=="},
                                     {"Authorization": "Bearer "}])
def test_missing_or_wrong_key_is_401_problem(client, headers):
    response = client.get("/v1/fields", headers=headers)
    assert_problem(response, 401)
    assert response.headers["WWW-Authenticate"].startswith("Bearer")


def test_every_configured_key_works_and_probes_are_open(client):
    for key in ("test-key-1", "test-key-2"):
        assert client.get("/v1/fields", headers={"Authorization": f"Bearer {key}"}
                          ).status_code == 200
    for path in ("/healthz", "/readyz", "/metrics", "/v1/openapi.json"):
        assert client.get(path).status_code == 200, path


def test_no_keys_refuses_to_start_unless_dev(service_settings):
    keyless = service_settings.model_copy(update={"api_keys": " , "})
    with pytest.raises(ConfigError, match="IE_API_KEYS") as info:
        create_app({"IE_SETTINGS": keyless})
    assert "\n" not in str(info.value)
    dev = create_app({"IE_SETTINGS": keyless, "IE_DEV": True}).test_client()
    assert dev.get("/v1/fields").status_code == 200


# ---------------------------------------------------------------- health and metrics


def test_readyz_up_and_down(client, service_settings):
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert {k: v["status"] for k, v in ready.get_json()["checks"].items()} == {
        "redis": "up", "job_store": "up", "search_backend": "up"}
    closed = service_settings.model_copy(update={"redis_url": "redis://127.0.0.1:1/0"})
    down = create_app({"TESTING": True, "IE_SETTINGS": closed}).test_client().get("/readyz")
    body = assert_problem(down, 503)
    assert body["checks"]["redis"]["status"] == "down"
    assert body["checks"]["job_store"]["status"] == "up"
    assert down.headers["Retry-After"]


def test_metrics_match_the_store(client, pdf_bytes, store, redis_url):
    import redis

    upload(client, pdf_bytes, doc_id="msa")
    jobs = [submit(client, doc_id="msa", fields=["governing_law"]).get_json()["job_id"]
            for _ in range(3)]
    client.delete(f"/v1/jobs/{jobs[0]}", headers=AUTH)
    store.start_job(jobs[1])
    store.claim_field(jobs[1], "governing_law")
    store.complete_field(jobs[1], "governing_law", {"status": "found"}, duration_ms=300.0)
    text = client.get("/metrics").get_data(as_text=True)
    assert 'ie_jobs{status="queued"} 1.0' in text
    assert 'ie_jobs{status="cancelled"} 1.0' in text
    assert 'ie_jobs{status="succeeded"} 1.0' in text
    assert 'ie_documents{status="queued"} 1.0' in text
    assert "ie_documents_indexed 0.0" in text
    assert 'ie_field_latency_seconds_bucket{field="governing_law",le="0.25"} 0.0' in text
    assert 'ie_field_latency_seconds_bucket{field="governing_law",le="0.5"} 1.0' in text
    assert 'ie_field_latency_seconds_count{field="governing_law"} 1.0' in text
    depth = redis.Redis.from_url(redis_url).llen("ie")
    assert depth == 4  # one index message and three job messages, no worker to take them
    assert f"ie_queue_depth {float(depth)}" in text
    assert 'ie_metrics_source_up{source="job_store"} 1.0' in text


# ---------------------------------------------------------------- error answers


def test_errors_are_problems_everywhere(service_settings):
    app = create_app({"TESTING": True, "IE_SETTINGS": service_settings})

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals at /srv/x")

    client = app.test_client()
    crash = assert_problem(client.get("/boom", headers=AUTH), 500)
    assert "secret" not in crash["detail"] and "Traceback" not in str(crash)
    assert_problem(client.get("/v1/nothing-here", headers=AUTH), 404)
    assert_problem(client.put("/v1/jobs", headers=AUTH), 405)
    assert "POST" in client.put("/v1/jobs", headers=AUTH).headers["Allow"]


def test_job_store_down_is_503_with_retry_after(service_settings):
    closed = service_settings.model_copy(
        update={"database_url": "postgresql+psycopg://ie:ie@127.0.0.1:1/none"})
    client = create_app({"TESTING": True, "IE_SETTINGS": closed}).test_client()
    response = client.get(f"/v1/jobs/{uuid.uuid4()}", headers=AUTH)
    body = assert_problem(response, 503)
    assert response.headers["Retry-After"] and "127.0.0.1" not in body["detail"]
    scrape = client.get("/metrics")  # a scrape still answers, saying which source is down
    assert scrape.status_code == 200
    assert 'ie_metrics_source_up{source="job_store"} 0.0' in scrape.get_data(as_text=True)
