"""The REST API: ``create_app(test_config=None)`` builds one Flask app (Flask's factory pattern).

    POST   /v1/documents                 201  upload (multipart), indexing queued
    GET    /v1/documents/{doc_id}        200  indexing state
    DELETE /v1/documents/{doc_id}        204
    POST   /v1/jobs                      202  job queued (Location: /v1/jobs/{job_id})
    GET    /v1/jobs/{job_id}             200  state and progress
    GET    /v1/jobs/{job_id}/result      200  the FieldResult records
    GET    /v1/jobs/{job_id}/events      200  Server-Sent Events
    DELETE /v1/jobs/{job_id}             202  cancelled (fields not yet running)
    GET    /v1/fields, /v1/fields/{name} 200  field configs
    GET    /v1/openapi.json              200  OpenAPI 3.1 (public)
    GET    /healthz, /readyz, /metrics        public

Every error is an ``application/problem+json`` answer (``errors.py``). Configuration (beside
``IE_SETTINGS``, a ``Settings``): ``IE_DEV`` (run without API keys, auth off) and the event
stream's ``IE_SSE_POLL_SECONDS``, ``IE_SSE_KEEPALIVE_SECONDS`` and ``IE_SSE_MAX_SECONDS``.
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from ..errors import ConfigError
from ..settings import Settings
from ..worker.celery_app import celery_init_app
from . import documents, events, fields, health, jobs, metrics
from .auth import install_auth
from .context import init_resources
from .errors import register_error_handlers
from .events import SSE_DEFAULTS
from .spec import register_openapi

__all__ = ["create_app"]

_BLUEPRINTS = (documents.bp, jobs.bp, events.bp, fields.bp, health.bp, metrics.bp)
# Multipart framing (boundaries, part headers, the doc_id field) on top of the file itself.
_MULTIPART_OVERHEAD = 64 * 1024


def _settings(config: dict[str, Any]) -> Settings:
    settings = config.get("IE_SETTINGS")
    if settings is None:
        return Settings.load()
    if not isinstance(settings, Settings):
        raise ConfigError(f"IE_SETTINGS must be a Settings, got {type(settings).__name__}")
    return settings


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The API app. Raises ConfigError (one line) on bad settings, or when no API key is
    configured outside dev mode. Opens no connection: resources open on first use."""
    app = Flask(__name__, static_folder=None)
    app.config.from_mapping(IE_DEV=False, **SSE_DEFAULTS)
    app.config.from_mapping(test_config or {})
    settings = _settings(app.config)
    app.config["IE_SETTINGS"] = settings
    keys = settings.api_key_list
    if not keys and not app.config["IE_DEV"]:
        raise ConfigError("no API keys configured: set IE_API_KEYS (comma-separated) or run "
                          "with --dev to serve without authentication")
    app.config["MAX_CONTENT_LENGTH"] = settings.max_upload_mb * 1024 * 1024 + _MULTIPART_OVERHEAD

    celery_init_app(app)
    init_resources(app)
    metrics.init_metrics(app)
    register_error_handlers(app)
    install_auth(app, keys)
    for blueprint in _BLUEPRINTS:
        app.register_blueprint(blueprint)
    register_openapi(app)
    return app
