"""``GET /metrics``: Prometheus metrics read from the shared job store and Redis at scrape time.

The API runs as several processes (gunicorn workers) beside the Celery workers, so counters kept
in one process's memory would each see a fraction of the traffic. Every number here is instead
read, when scraped, from what all processes share:

    ie_jobs{status}                    jobs in each state (job store)
    ie_documents{status}               documents in each indexing state (job store)
    ie_documents_indexed               documents ready for jobs (job store)
    ie_field_latency_seconds{field}    histogram of per-field extraction time (job store)
    ie_queue_depth                     messages waiting in the Celery queue (Redis LLEN)
    ie_metrics_source_up{source}       1 when the source answered this scrape, else 0

A source that is down leaves its metrics out of the scrape rather than failing it.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from flask import Blueprint, Flask, current_app
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.utils import floatToGoString

from ..errors import ExtractionError
from ..jobs import TERMINAL_JOB_STATES
from .context import ApiResources
from .spec import Response, api, public

__all__ = ["bp", "StoreCollector", "init_metrics", "LATENCY_BUCKETS_S"]

logger = logging.getLogger(__name__)

bp = Blueprint("metrics", __name__)

LATENCY_BUCKETS_S = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0)
JOB_STATES = ("queued", "running", *TERMINAL_JOB_STATES)
DOCUMENT_STATES = ("queued", "indexing", "indexed", "failed")


def _by_status(name: str, doc: str, counts: dict[str, int], states: tuple[str, ...]) -> Metric:
    # Every known state is reported, 0 included, so a series never vanishes from a graph.
    family = GaugeMetricFamily(name, doc, labels=["status"])
    for status in dict.fromkeys((*states, *counts)):
        family.add_metric([status], counts.get(status, 0))
    return family


def _latency(buckets: dict[str, tuple[list[int], int, float]]) -> Metric:
    family = HistogramMetricFamily("ie_field_latency_seconds",
                                   "Time to extract one field of a job", labels=["field"])
    for field, (cumulative, count, total_s) in sorted(buckets.items()):
        pairs = [(floatToGoString(b), c) for b, c in zip(LATENCY_BUCKETS_S, cumulative)]
        family.add_metric([field], pairs + [("+Inf", count)], sum_value=total_s)
    return family


class StoreCollector:
    """A Prometheus collector that asks the job store and Redis on every scrape."""

    def __init__(self, res: ApiResources):
        self.res = res

    def describe(self) -> list[Metric]:
        return []  # registering must not query anything

    def _store_metrics(self) -> list[Metric]:
        store = self.res.store
        jobs = store.count_jobs_by_status()
        docs = store.count_documents_by_status()
        indexed = GaugeMetricFamily("ie_documents_indexed", "Documents indexed and ready")
        indexed.add_metric([], docs.get("indexed", 0))
        return [
            _by_status("ie_jobs", "Jobs by status", jobs, JOB_STATES),
            _by_status("ie_documents", "Documents by indexing status", docs, DOCUMENT_STATES),
            indexed,
            _latency(store.field_latency_buckets(LATENCY_BUCKETS_S)),
        ]

    def _queue_metrics(self) -> list[Metric]:
        depth = GaugeMetricFamily("ie_queue_depth", "Messages waiting in the Celery queue")
        depth.add_metric([], self.res.queue_depth())
        return [depth]

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("ie_metrics_source_up", "1 when the source answered this scrape",
                               labels=["source"])
        for source, read in (("job_store", self._store_metrics),
                             ("redis", self._queue_metrics)):
            try:
                yield from read()
            except ExtractionError as exc:
                logger.warning("metrics: %s did not answer: %s", source, exc)
                up.add_metric([source], 0)
            else:
                up.add_metric([source], 1)
        yield up


def init_metrics(app: Flask) -> None:
    # A registry per app, not prometheus_client's global one: nothing process-wide is exported.
    registry = CollectorRegistry(auto_describe=False)
    registry.register(StoreCollector(app.extensions["ie"]))
    app.extensions["ie_metrics"] = registry


@bp.get("/metrics")
@public
@api.validate(resp=Response(HTTP_200=(None, "Prometheus text exposition format")),
              tags=["health"], security={}, operation_id="metrics")
def metrics():
    """Prometheus metrics (jobs, documents, field latency, queue depth)"""
    body = generate_latest(current_app.extensions["ie_metrics"])
    return current_app.response_class(body, mimetype=None,
                                      headers={"Content-Type": CONTENT_TYPE_LATEST})
