"""``/v1/jobs``: submit an extraction job, read its state and result, cancel it.

A job is committed to the job store before its 202 answer; publishing it to the workers can
fail (the broker is down) without losing it: the workers' sweep publishes it later.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask import Blueprint, url_for
from werkzeug.exceptions import UnsupportedMediaType

from ..errors import InvalidRequest, NotFound
from ..jobs.requests import JobRequest
from .context import resources
from .errors import reject_invalid_request
from .schemas import JobResult, JobView
from .spec import Response, api, problems

__all__ = ["bp", "job_or_404", "JOB_ID"]

bp = Blueprint("jobs", __name__, url_prefix="/v1/jobs")

JOB_ID = {"job_id": "The job's id (a UUID)"}


def job_or_404(job_id: str) -> dict[str, Any]:
    """The job's view; NotFound for an id that is not a job's (without asking the store
    about strings no job id can be)."""
    try:
        uuid.UUID(job_id)
    except ValueError:
        raise NotFound("job", job_id) from None
    job = resources().store.get_job(job_id)
    if job is None:
        raise NotFound("job", job_id)
    return job


def _json_object_body(req, resp, error, instance, adapter) -> None:
    """spectree ``before`` hook: spectree validates a non-JSON or malformed body as ``{}``,
    which would be reported as missing keys; say what is really wrong first."""
    if not req.is_json:
        raise UnsupportedMediaType(
            f"the body must be application/json (got {req.mimetype or 'no content type'})")
    body = req.get_json(silent=True)
    if body is None:
        raise InvalidRequest([{"loc": "body", "msg": "the body is not valid JSON"}])
    if not isinstance(body, dict):
        raise InvalidRequest([{"loc": "body", "msg": "the body must be a JSON object"}])
    reject_invalid_request(req, resp, error, instance, adapter)


@bp.post("")
@api.validate(
    json=JobRequest,
    resp=Response(HTTP_202=JobView, **problems(401, 413, 415, 422, 503)),
    before=_json_object_body,
    tags=["jobs"],
    operation_id="submit_job",
)
def submit(json: JobRequest):
    """Submit an extraction job

    `fields` names the fields to extract, or is `"all"`. Unknown keys, unknown field names and
    unknown documents are 422 problems naming each. A job for a document still indexing
    waits for it.
    """
    job, _created = resources().submissions.submit_job(json)
    return job, 202, {"Location": url_for("jobs.get_job", job_id=job["job_id"])}


@bp.get("/<job_id>")
@api.validate(resp=Response(HTTP_200=JobView, **problems(401, 404, 503)), tags=["jobs"],
              path_parameter_descriptions=JOB_ID, operation_id="get_job")
def get_job(job_id: str):
    """Read a job's state

    `status` is queued, running, succeeded, partial, failed or cancelled; `progress` counts
    the fields done out of the fields asked for.
    """
    return job_or_404(job_id)


@bp.get("/<job_id>/result")
@api.validate(resp=Response(HTTP_200=JobResult, **problems(401, 404, 503)), tags=["jobs"],
              path_parameter_descriptions=JOB_ID, operation_id="get_job_result")
def get_result(job_id: str):
    """Read a job's result

    One FieldResult record per field finished so far (all of them once the job ended).
    """
    job = job_or_404(job_id)
    records = resources().store.job_records(job_id)
    return {"job_id": job["job_id"], "status": job["status"], "records": records}


@bp.delete("/<job_id>")
@api.validate(resp=Response(HTTP_202=JobView, **problems(401, 404, 503)), tags=["jobs"],
              path_parameter_descriptions=JOB_ID, operation_id="cancel_job")
def cancel(job_id: str):
    """Cancel a job

    Fields not yet started are cancelled; fields already running finish, then the job ends as
    `cancelled`. Cancelling a finished job changes nothing.
    """
    job_or_404(job_id)
    job = resources().submissions.cancel_job(job_id)
    return job, 202, {"Location": url_for("jobs.get_job", job_id=job_id)}
