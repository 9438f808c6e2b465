"""``GET /v1/jobs/{job_id}/events``: a job's events as Server-Sent Events.

The job store keeps every event of a job (queued, running, field_done with its record, done,
error) with an increasing id, so a stream is a replay followed by polling: a client that
connects late gets the history first, and one that reconnects with ``Last-Event-ID`` gets only
what it missed. Any API process can serve any stream; nothing lives in process memory.

A stream ends after the ``done`` event, when the client goes away (the server notices on the
next write, a keep-alive at the latest), or after ``IE_SSE_MAX_SECONDS``.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator

from flask import Blueprint, current_app, request

from ..errors import ExtractionError, InvalidRequest
from ..jobs import TERMINAL_JOB_STATES, JobStore
from .context import resources
from .jobs import JOB_ID, job_or_404
from .spec import Response, api, problems

__all__ = ["bp", "format_event", "event_stream", "SSE_DEFAULTS"]

logger = logging.getLogger(__name__)

bp = Blueprint("events", __name__, url_prefix="/v1/jobs")

SSE_DEFAULTS = {
    "IE_SSE_POLL_SECONDS": 0.25,
    "IE_SSE_KEEPALIVE_SECONDS": 15.0,
    "IE_SSE_MAX_SECONDS": 3600.0,
}
_RECONNECT_MS = 2000  # what EventSource waits before reconnecting after the stream ends
_MAX_EVENT_ID = 2**31 - 1  # job_events.id is an INTEGER column; no larger id was ever sent


def format_event(event_id: int, kind: str, data: dict) -> str:
    # json.dumps escapes newlines, so the data is always one ``data:`` line.
    return f"id: {event_id}\nevent: {kind}\ndata: {json.dumps(data)}\n\n"


def event_stream(
    store: JobStore,
    job_id: str,
    after: int,
    *,
    poll_s: float,
    keepalive_s: float,
    max_s: float,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
) -> Iterator[str]:
    """Events of ``job_id`` after id ``after``, then new ones as they are stored, until done."""
    started = last_write = clock()
    yield f"retry: {_RECONNECT_MS}\n\n"
    while True:
        try:
            batch = store.events_after(job_id, after)
        except ExtractionError as exc:
            # Too late for a problem answer; ending lets the client reconnect and resume.
            logger.warning("event stream of job %s ended: %s", job_id, exc)
            return
        for event_id, kind, data in batch:
            yield format_event(event_id, kind, data)
            after, last_write = event_id, clock()
            if kind == "done":
                return
        now = clock()
        if now - started >= max_s:
            yield ": stream closed after its maximum duration; reconnect to resume\n\n"
            return
        if now - last_write >= keepalive_s:
            yield ": keep-alive\n\n"
            last_write = now
        sleep(poll_s)


def _last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID", "").strip()
    if not raw:
        return 0
    if not (raw.isascii() and raw.isdigit()) or int(raw) > _MAX_EVENT_ID:
        raise InvalidRequest([{"loc": "Last-Event-ID",
                               "msg": f"must be an event id this stream sent, got {raw!r}"}])
    return int(raw)


@bp.get("/<job_id>/events")
@api.validate(
    resp=Response(HTTP_200=(None, "A text/event-stream of the job's events"),
                  **problems(401, 404, 422, 503)),
    skip_validation=True,  # nothing to validate in a stream
    tags=["jobs"],
    path_parameter_descriptions=JOB_ID,
    operation_id="stream_job_events",
)
def job_events(job_id: str):
    """Follow a job's events (Server-Sent Events)

    Events `queued`, `running`, `field_done` (with its record), `done` and `error`, each with
    an `id`. Everything already stored is sent first; send `Last-Event-ID` to resume after an
    event. The stream ends after `done`.
    """
    job = job_or_404(job_id)
    after = _last_event_id()
    store = resources().store
    if job["status"] in TERMINAL_JOB_STATES and not store.events_after(job_id, after):
        stream: Iterator[str] = iter(())  # the client already has the final event
    else:
        config = current_app.config
        stream = event_stream(store, job_id, after, poll_s=config["IE_SSE_POLL_SECONDS"],
                              keepalive_s=config["IE_SSE_KEEPALIVE_SECONDS"],
                              max_s=config["IE_SSE_MAX_SECONDS"])
    # A bare iterator, not a Response: spectree reads a returned Response's whole body (to
    # validate it) even with skip_validation, which would hold every event until the end.
    return stream, 200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        # proxies (nginx) must pass events through as they come, not buffer or cache them
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
    }
