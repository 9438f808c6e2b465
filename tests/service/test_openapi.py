"""The OpenAPI document: OpenAPI 3.1, every route in it, and the API holding up to schemathesis
(generated requests, with a valid bearer key, never get a 5xx)."""

from __future__ import annotations

import re

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error

from .conftest import AUTH

pytestmark = pytest.mark.integration


def _documented_path(rule: str) -> str:
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def test_spec_is_openapi_31_and_lists_every_route(app, client):
    response = client.get("/v1/openapi.json")  # public: tools need it to learn the auth scheme
    assert response.status_code == 200
    spec = response.get_json()
    assert spec["openapi"].startswith("3.1")
    assert spec["components"]["securitySchemes"]["bearer"] == {
        "type": "http", "scheme": "bearer", "description": "A key from IE_API_KEYS"}
    routes = {(_documented_path(rule.rule), method.lower())
              for rule in app.url_map.iter_rules() if rule.endpoint != "openapi_v1"
              for method in rule.methods - {"HEAD", "OPTIONS"}}
    documented = {(path, method) for path, ops in spec["paths"].items() for method in ops}
    assert documented == routes
    assert {p for p, _ in routes if p.startswith("/v1/")} >= {
        "/v1/documents", "/v1/documents/{doc_id}", "/v1/jobs", "/v1/jobs/{job_id}",
        "/v1/jobs/{job_id}/result", "/v1/jobs/{job_id}/events", "/v1/fields",
        "/v1/fields/{name}"}


def test_spec_documents_statuses_media_types_and_security(client):
    paths = client.get("/v1/openapi.json").get_json()["paths"]
    upload = paths["/v1/documents"]["post"]
    assert "multipart/form-data" in upload["requestBody"]["content"]
    assert {"201", "401", "413", "415", "422"} <= set(upload["responses"])
    assert "Location" in upload["responses"]["201"]["headers"]
    submit = paths["/v1/jobs"]["post"]
    assert submit["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/JobRequest")
    assert "application/problem+json" in submit["responses"]["422"]["content"]
    assert "text/event-stream" in paths["/v1/jobs/{job_id}/events"]["get"]["responses"]["200"][
        "content"]
    for open_path in ("/healthz", "/readyz", "/metrics"):
        assert paths[open_path]["get"]["security"] == []
    assert "security" not in submit  # the document's global bearer requirement applies


def test_job_request_schema_forbids_unknown_keys(client):
    schemas = client.get("/v1/openapi.json").get_json()["components"]["schemas"]
    assert schemas["JobRequest"]["additionalProperties"] is False
    assert {"doc_id", "fields", "strategy", "callback_url"} <= set(
        schemas["JobRequest"]["properties"])


def _spec() -> dict:
    # The document depends on the routes only, not on any service: an app that never connects
    # serves it at collection time, and each generated test then calls its own ``app``.
    from intelligent_extraction.api import create_app
    from intelligent_extraction.settings import Settings

    app = create_app({"TESTING": True, "IE_SETTINGS": Settings.load(api_keys="spec-only")})
    return app.test_client().get("/v1/openapi.json").get_json()


# from_dict rather than pytest.from_fixture: the lazy loader breaks on pytest 9 (it reads the
# removed ``Node._nodeid``).
schema = schemathesis.openapi.from_dict(_spec())


@schema.parametrize()
@settings(max_examples=20, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
def test_generated_requests_never_get_a_server_error(case, app):
    case.call_and_validate(app=app, headers=AUTH, checks=[not_a_server_error])
