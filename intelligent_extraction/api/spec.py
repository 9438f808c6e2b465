"""OpenAPI 3.1 through spectree: one ``SpecTree`` validates requests and documents every route.

The document is served at ``/v1/openapi.json`` by a route of our own rather than by spectree's
``register()``: spectree leaves out of the document every rule under its own ``path`` prefix, so
``path="v1"`` would hide the whole API. The document is public (no bearer key): it holds no
data, and clients and tools need it to learn how to authenticate.

A few facts spectree cannot express are added after generation (``_finish``): problem responses
are ``application/problem+json``, the event stream is ``text/event-stream``, /metrics is text,
and 201/202 answers carry ``Location``.
"""

from __future__ import annotations

import copy
from typing import Any

from flask import Flask, current_app, jsonify
from spectree import Response, SecurityScheme, SecuritySchemeData, SpecTree

from .errors import PROBLEM_TYPE, reject_invalid_request, reject_invalid_response
from .schemas import Problem

__all__ = ["api", "Response", "problems", "public", "is_public", "register_openapi",
           "OPENAPI_URL", "BEARER"]

OPENAPI_URL = "/v1/openapi.json"
BEARER = {"bearer": []}

api = SpecTree(
    "flask",
    title="intelligent-extraction",
    description="Field extraction from contracts: upload documents, run extraction jobs, "
                "follow their events and read typed results.",
    version="1",
    mode="strict",  # only routes decorated with api.validate are documented
    security_schemes=[SecurityScheme(name="bearer", data=SecuritySchemeData(
        type="http", scheme="bearer", description="A key from IE_API_KEYS"))],
    security=BEARER,
    before=reject_invalid_request,
    after=reject_invalid_response,
    validation_error_model=Problem,
    # plain class names (spectree appends a module hash by default); ours are unique
    naming_strategy=lambda model: model.__name__,
)


def problems(*codes: int) -> dict[str, Any]:
    """``Response`` keyword arguments documenting these statuses as problem answers."""
    return {f"HTTP_{code}": Problem for code in codes}


def public(view):
    """Mark a view as open to clients without a bearer key."""
    view.ie_public = True
    return view


def is_public(view) -> bool:
    return getattr(view, "ie_public", False)


# (path, method) -> the 2xx media type and headers spectree cannot know about
_MEDIA = {
    ("/v1/jobs/{job_id}/events", "get"): "text/event-stream",
    ("/metrics", "get"): "text/plain",
}
_LOCATION = {"Location": {"description": "The URL of the created resource",
                          "schema": {"type": "string"}}}


def _finish(spec: dict[str, Any]) -> dict[str, Any]:
    spec = copy.deepcopy(spec)
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                status = int(code)
                content = response.get("content", {})
                if status >= 400 and "application/json" in content:
                    content[PROBLEM_TYPE] = content.pop("application/json")
                if status in (201, 202):
                    response["headers"] = _LOCATION
                if 200 <= status < 300 and (path, method) in _MEDIA:
                    response["content"] = {_MEDIA[path, method]: {"schema": {"type": "string"}}}
    return spec


def _openapi():
    cached = current_app.extensions.get("ie_openapi")
    if cached is None:
        cached = current_app.extensions["ie_openapi"] = _finish(api.spec)
    return jsonify(cached)


def register_openapi(app: Flask) -> None:
    # The endpoint name starts with "openapi" so spectree leaves this route out of the document.
    app.add_url_rule(OPENAPI_URL, endpoint="openapi_v1", view_func=public(_openapi))
