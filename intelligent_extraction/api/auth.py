"""Bearer-key authentication: ``Authorization: Bearer <key>`` with a key from IE_API_KEYS.

Every route needs a key except those marked ``@public`` (/healthz, /readyz, /metrics and the
OpenAPI document). The presented key is compared with every configured key in constant time
and without stopping at a match, so the answer's timing says nothing about which key, or how
much of one, was right.
"""

from __future__ import annotations

import hmac
import logging

from flask import Flask, current_app, request
from werkzeug.exceptions import Unauthorized

from .spec import is_public

__all__ = ["install_auth", "key_matches"]

logger = logging.getLogger(__name__)


def key_matches(presented: str, keys: list[bytes]) -> bool:
    """True when ``presented`` equals one of ``keys``; every key is compared."""
    candidate = presented.encode("utf-8", "surrogateescape")
    matched = False
    for key in keys:
        matched |= hmac.compare_digest(candidate, key)
    return matched


def _bearer_token() -> str | None:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def _require_key() -> None:
    keys = current_app.config["IE_API_KEY_BYTES"]
    if not keys:  # dev mode without keys: create_app already warned
        return
    view = current_app.view_functions.get(request.endpoint or "")
    # No view: a 404/405 follows anyway; OPTIONS only lists the allowed methods.
    if view is None or is_public(view) or request.method == "OPTIONS":
        return
    token = _bearer_token()
    if token is None:
        raise Unauthorized("send 'Authorization: Bearer <key>' with a key from IE_API_KEYS")
    if not key_matches(token, keys):
        raise Unauthorized("the bearer key is not valid")


def install_auth(app: Flask, keys: list[str]) -> None:
    app.config["IE_API_KEY_BYTES"] = [key.encode() for key in keys]
    if not keys:
        logger.warning("no API keys configured (IE_API_KEYS): authentication is OFF (dev mode)")
    app.before_request(_require_key)
