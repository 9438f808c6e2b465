"""The one place errors become HTTP responses: RFC 9457 ``application/problem+json``.

    project error                         status
    InvalidRequest (and request bodies    422, ``errors: [{loc, msg}]`` naming each key
      that fail their pydantic model)
    EmptyDocumentError, EncryptedDoc...   422  (the bytes are the right kind, but unusable)
    other DocumentError                   415  (not what its name says, or no parser for it)
    UnknownFieldError, NotFound           404
    ServiceUnavailable, BackendUnavail.,  503 + Retry-After, with a generic detail
      BlobError
    ConfigError, any other error          500, generic detail (the real one is logged)
    werkzeug HTTPException (401, 404,     its own status; 413 says what the limit is
      405, 413, 415 ...)

Details of 5xx answers are never the exception's text: it can name hosts, files or settings.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, current_app, json, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from ..errors import (
    BackendUnavailable,
    BlobError,
    BrokerUnavailable,
    DocumentError,
    EmptyDocumentError,
    EncryptedDocumentError,
    ExtractionError,
    InvalidRequest,
    JobStoreUnavailable,
    NotFound,
    ServiceUnavailable,
    UnknownFieldError,
)

__all__ = ["PROBLEM_TYPE", "problem", "problems_from_validation", "register_error_handlers",
           "reject_invalid_request", "reject_invalid_response", "RETRY_AFTER_SECONDS"]

logger = logging.getLogger(__name__)

PROBLEM_TYPE = "application/problem+json"
RETRY_AFTER_SECONDS = 5
_TYPE_BASE = "urn:intelligent-extraction:problem:"

# (status, title, problem type slug); looked up along the exception's MRO, most specific first.
_CLIENT_ERRORS: dict[type[ExtractionError], tuple[int, str, str]] = {
    InvalidRequest: (422, "Invalid request", "invalid-request"),
    EmptyDocumentError: (422, "Empty document", "empty-document"),
    EncryptedDocumentError: (422, "Encrypted document", "encrypted-document"),
    DocumentError: (415, "Unsupported document", "unsupported-document"),
    UnknownFieldError: (404, "Unknown field", "not-found"),
    NotFound: (404, "Not found", "not-found"),
}
# Transient: the client should retry, so the detail names the service but not its address.
_UNAVAILABLE: dict[type[ExtractionError], str] = {
    JobStoreUnavailable: "the job store is unavailable",
    BrokerUnavailable: "the message broker is unavailable",
    ServiceUnavailable: "a service the API depends on is unavailable",
    BackendUnavailable: "the search backend is unavailable",
    BlobError: "the blob store failed",
}


def problem(status: int, title: str, detail: str | None = None, *, kind: str | None = None,
            errors: list[dict[str, str]] | None = None, headers: dict[str, str] | None = None,
            **extra: Any) -> Response:
    """A problem+json response; ``kind`` None means a plain HTTP status ("about:blank")."""
    body: dict[str, Any] = {
        "type": _TYPE_BASE + kind if kind else "about:blank",
        "title": title,
        "status": status,
        "detail": detail,
        "instance": request.path,
    }
    if errors is not None:
        body["errors"] = errors
    body.update(extra)
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_TYPE)
    response.headers.update(headers or {})
    return response


def _lookup(table: dict, exc: Exception):
    for cls in type(exc).__mro__:
        if cls in table:
            return table[cls]
    return None


def _project_error(exc: ExtractionError) -> Response:
    found = _lookup(_CLIENT_ERRORS, exc)
    if found:
        status, title, kind = found
        errors = exc.problems if isinstance(exc, InvalidRequest) else None
        return problem(status, title, str(exc), kind=kind, errors=errors)
    unavailable = _lookup(_UNAVAILABLE, exc)
    if unavailable:
        logger.warning("%s %s: 503: %s", request.method, request.path, exc)
        return problem(503, "Service unavailable", f"{unavailable}; retry later",
                       kind="service-unavailable",
                       headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    # ConfigError and anything else ours: a deployment or code problem, not the client's.
    logger.error("%s %s: 500: %s", request.method, request.path, exc, exc_info=exc)
    return problem(500, "Internal server error", "the server failed; see its logs",
                   kind="internal-error")


def _http_error(exc: HTTPException) -> Response:
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    detail = exc.description
    if isinstance(exc, RequestEntityTooLarge):
        limit = current_app.config["IE_SETTINGS"].max_upload_mb
        detail = f"the request body exceeds the limit of {limit} MB (IE_MAX_UPLOAD_MB)"
    if exc.code == 401:
        headers["WWW-Authenticate"] = 'Bearer realm="intelligent-extraction"'
    return problem(exc.code or 500, exc.name, detail, headers=headers)


def _unexpected(exc: Exception) -> Response:
    logger.error("%s %s: unhandled error", request.method, request.path, exc_info=exc)
    return problem(500, "Internal server error", "the server failed; see its logs",
                   kind="internal-error")


def register_error_handlers(app: Flask) -> None:
    app.register_error_handler(ExtractionError, _project_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)


# ---------------------------------------------------------------- request validation


def _loc(parts: tuple[Any, ...], error_type: str) -> str:
    # Unions add their member's name to loc ("list[str]", "literal['all']"); a client
    # needs only the key path. An unknown key is itself the last part, whatever it looks like.
    keep = [p for i, p in enumerate(parts)
            if isinstance(p, int) or p.isidentifier()
            or (error_type == "extra_forbidden" and i == len(parts) - 1)]
    out = ""
    for part in keep:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "body"


def problems_from_validation(exc: ValidationError) -> list[dict[str, str]]:
    """pydantic errors as ``[{loc, msg}]``, one per location (a union's messages joined)."""
    merged: dict[str, list[str]] = {}
    for err in exc.errors():
        if err["type"] == "extra_forbidden":
            msg = "unknown key"
        else:
            msg = err["msg"].removeprefix("Value error, ")
        merged.setdefault(_loc(err["loc"], err["type"]), []).append(msg)
    return [{"loc": loc, "msg": "; ".join(dict.fromkeys(msgs))} for loc, msgs in merged.items()]


def reject_invalid_request(_req, _resp, error: ValidationError | None, _instance, _adapter):
    """spectree ``before`` hook: a body that failed its model joins the one error path."""
    if error is not None:
        raise InvalidRequest(problems_from_validation(error))


def reject_invalid_response(_req, _resp, error: ValidationError | None, _instance, _adapter):
    """spectree ``after`` hook: a response that breaks its documented model is our bug; it
    becomes a logged 500 problem instead of spectree's raw error list."""
    if error is not None:
        raise RuntimeError(f"{request.endpoint} answered outside its documented model: {error}")
