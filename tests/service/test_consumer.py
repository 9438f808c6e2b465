"""The submission-stream consumer on the real Redis and PostgreSQL: valid messages become jobs
exactly once, malformed ones are dead-lettered with their reason, transient failures are
retried and then dead-lettered, never retried forever."""

from __future__ import annotations

import json
import uuid

import pytest
import redis

from intelligent_extraction import samples
from intelligent_extraction.worker.consumer import GROUP, producer_message

pytestmark = pytest.mark.integration


@pytest.fixture()
def stream(service_settings):
    client = redis.Redis.from_url(service_settings.redis_url, decode_responses=False)
    yield client, service_settings.submit_stream
    client.close()


@pytest.fixture()
def consumer(service_settings):
    from intelligent_extraction.worker.consumer_main import build_consumer

    consumer = build_consumer(service_settings)
    consumer.idle_ms = 0  # reclaim pending messages at once in these tests
    consumer.ensure_group()
    return consumer


@pytest.fixture()
def registered_doc(consumer, tmp_path):
    pdf = samples.write_pdf(tmp_path / "m.pdf", samples.services_agreement())
    return consumer.submissions.upload("m.pdf", pdf.read_bytes())["doc_id"]


def dead_letters(client, name) -> list[dict]:
    return [{k.decode(): v.decode() for k, v in fields.items()}
            for _, fields in client.xrange(f"{name}:dead")]


def test_a_valid_message_creates_one_job_even_when_delivered_twice(stream, consumer,
                                                                   registered_doc):
    client, name = stream
    job_id = str(uuid.uuid4())
    body = producer_message(doc_id=registered_doc, fields=["parties"], job_id=job_id)
    client.xadd(name, body)
    client.xadd(name, body)  # the producer retried: the same job id again
    assert consumer.step() == 2
    job = consumer.submissions.store.get_job(job_id)
    assert job["doc_id"] == registered_doc and job["progress"]["total"] == 1
    assert consumer.submissions.store.count_jobs_by_status() == {"queued": 1}
    assert client.xpending(name, GROUP)["pending"] == 0
    assert dead_letters(client, name) == []


@pytest.mark.parametrize("raw, reason", [
    (b"{not json", "Invalid JSON"),
    (json.dumps({"schema_version": 1, "doc_id": "m", "colour": "red"}), "colour: unknown key"),
    (json.dumps({"schema_version": 2, "doc_id": "m"}), "schema_version"),
    (json.dumps({"schema_version": 1, "doc_id": "../etc/passwd"}), "doc_id"),
    (json.dumps({"schema_version": 1, "doc_id": "m", "fields": ["nope"]}), "unknown field 'nope'"),
    (json.dumps({"schema_version": 1, "doc_id": "never-uploaded"}), "no document"),
    (json.dumps({"schema_version": 1, "doc_id": "m",
                 "document": {"blob_key": "0" * 64, "filename": "m.pdf"}}), "no blob"),
])
def test_a_malformed_message_is_dead_lettered_with_its_reason(stream, consumer, registered_doc,
                                                               raw, reason):
    client, name = stream
    message_id = client.xadd(name, {"message": raw}).decode()
    consumer.step()
    [dead] = dead_letters(client, name)
    assert reason in dead["reason"]
    assert dead["message_id"] == message_id
    assert dead["message"] == (raw.decode() if isinstance(raw, bytes) else raw)
    assert client.xpending(name, GROUP)["pending"] == 0, "acknowledged, never retried"
    assert consumer.submissions.store.count_jobs_by_status() == {}


def test_a_message_without_a_message_key_is_dead_lettered(stream, consumer):
    client, name = stream
    client.xadd(name, {"payload": "x"})
    consumer.step()
    assert len(dead_letters(client, name)) == 1


def test_a_transient_failure_is_retried_then_dead_lettered(stream, service_settings,
                                                          registered_doc, monkeypatch):
    """The job store goes away (a closed port): the message stays pending, is delivered again,
    and is dead-lettered after IE_SUBMIT_MAX_DELIVERIES deliveries."""
    from intelligent_extraction.worker.consumer_main import build_consumer

    client, name = stream
    good = build_consumer(service_settings)
    good.ensure_group()
    monkeypatch.setenv("IE_DATABASE_URL", "postgresql+psycopg://ie:ie@127.0.0.1:9/none")
    monkeypatch.setenv("IE_SUBMIT_MAX_DELIVERIES", "2")
    from intelligent_extraction.settings import Settings

    broken_settings = Settings.load()
    from intelligent_extraction.blobs import open_blob_store
    from intelligent_extraction.fields import load_field_registry
    from intelligent_extraction.jobs import JobStore
    from intelligent_extraction.jobs import create_store_engine
    from intelligent_extraction.jobs.submissions import Submissions

    broken_store = JobStore(create_store_engine(broken_settings.job_database_url))
    registry = load_field_registry(broken_settings.fields_dir)
    good.submissions = Submissions(broken_store, open_blob_store(broken_settings),
                                   lambda: registry, good.submissions.dispatcher)
    good.max_deliveries, good.idle_ms = 2, 0

    client.xadd(name, producer_message(doc_id=registered_doc, fields=["parties"]))
    good.step()
    assert client.xpending(name, GROUP)["pending"] == 1, "left pending after the first failure"
    assert dead_letters(client, name) == []
    good.step()  # the second delivery fails too: dead-lettered, acknowledged
    [dead] = dead_letters(client, name)
    assert "gave up after 2 deliveries" in dead["reason"]
    assert client.xpending(name, GROUP)["pending"] == 0
