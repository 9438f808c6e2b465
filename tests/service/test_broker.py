"""The broker transport: kombu's Redis transport publishing through one client per channel,
on a real Redis."""

from __future__ import annotations

import base64
import json

import pytest
import redis

from intelligent_extraction.settings import Settings
from intelligent_extraction.worker.broker import Transport
from intelligent_extraction.worker.celery_app import QUEUE, TASK_NAMES, make_celery

pytestmark = pytest.mark.integration


def test_published_tasks_reach_the_queue_in_order_through_one_client(redis_url, tmp_path):
    celery = make_celery(Settings.load(data_dir=tmp_path, redis_url=redis_url), "publisher",
                         default=False)
    with celery.connection_for_write() as conn:
        assert isinstance(conn.transport, Transport)
        channel = conn.default_channel
        with celery.producer_or_acquire() as producer:
            for job in ("job-1", "job-2", "job-3"):
                celery.send_task(TASK_NAMES["start"], args=[job], queue=QUEUE,
                                 producer=producer)
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
            assert first is second  # no new client object per command

    queued = redis.Redis.from_url(redis_url).lrange(QUEUE, 0, -1)
    messages = [json.loads(raw) for raw in reversed(queued)]  # LPUSH: newest first
    assert [m["headers"]["task"] for m in messages] == [TASK_NAMES["start"]] * 3
    assert [json.loads(_body(m))[0] for m in messages] == [["job-1"], ["job-2"], ["job-3"]]


def _body(message: dict) -> str:
    return base64.b64decode(message["body"]).decode()
