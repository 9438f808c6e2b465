"""``/healthz`` (the process answers) and ``/readyz`` (what it depends on answers too).

Both are open (no bearer key) so load balancers and orchestrators can probe them. /readyz
checks Redis, the job store and the search backend with one cheap call each; a 503 names
each check's state so an operator sees which one is down.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from flask import Blueprint

from .context import ApiResources, resources
from .errors import RETRY_AFTER_SECONDS, problem
from .schemas import Health, NotReady, Readiness
from .spec import Response, api, public

__all__ = ["bp", "CHECKS"]

logger = logging.getLogger(__name__)

bp = Blueprint("health", __name__)

_PROBE_DOC = "readyz-probe"  # any well-formed id: the answer (held or not) does not matter


def _search_backend(res: ApiResources) -> None:
    res.service.backend.has_document(_PROBE_DOC)


CHECKS: dict[str, Callable[[ApiResources], None]] = {
    "redis": ApiResources.ping_redis,
    "job_store": lambda res: res.store.ping(),
    "search_backend": _search_backend,
}


def _run(check: Callable[[ApiResources], None], res: ApiResources) -> dict[str, str]:
    try:
        check(res)
    except Exception as exc:  # noqa: BLE001 - any failure means "not ready"; report, don't raise
        logger.warning("readiness check failed: %s", exc)
        return {"status": "down", "error": exc.__class__.__name__}
    return {"status": "up"}


@bp.get("/healthz")
@public
@api.validate(resp=Response(HTTP_200=Health), tags=["health"], security={},
              operation_id="healthz")
def healthz():
    """Liveness: the process answers"""
    return {"status": "ok"}


@bp.get("/readyz")
@public
@api.validate(resp=Response(HTTP_200=Readiness, HTTP_503=NotReady), tags=["health"],
              security={}, operation_id="readyz")
def readyz():
    """Readiness: Redis, the job store and the search backend answer

    503 (a problem with `checks`) when any of them does not.
    """
    res = resources()
    checks = {name: _run(check, res) for name, check in CHECKS.items()}
    down = [name for name, result in checks.items() if result["status"] == "down"]
    if not down:
        return {"status": "ready", "checks": checks}
    return problem(503, "Service unavailable", f"not ready: {', '.join(down)} down",
                   kind="not-ready", headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
                   checks=checks)
