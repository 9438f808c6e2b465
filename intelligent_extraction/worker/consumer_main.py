"""``intelligent-extraction consume``: run a SubmissionConsumer until SIGTERM or Ctrl-C."""

from __future__ import annotations

import logging
import signal
import threading

import redis

from ..settings import get_settings
from .consumer import SubmissionConsumer
from .dispatch import build_submissions

__all__ = ["run_consumer", "build_consumer"]


def build_consumer(settings=None) -> SubmissionConsumer:
    settings = settings or get_settings()
    submissions = build_submissions(settings)
    client = redis.Redis.from_url(settings.redis_url, socket_timeout=10,
                                  socket_connect_timeout=3)
    return SubmissionConsumer(client, submissions, stream=settings.submit_stream,
                              max_deliveries=settings.submit_max_deliveries)


def run_consumer(block_ms: int = 2000) -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    consumer = build_consumer()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    consumer.run(stop, block_ms=block_ms)
