"""A real HTTP server on 127.0.0.1 that speaks the chat-completions API, for tests.

It stands in for an LLM endpoint, which cannot exist here (no model is reachable), at its
boundary: the HTTP wire. It checks what a real endpoint would need (path, bearer token, model,
a json_schema response_format) and replies with whatever answer the test configures.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

MODEL = "test-model"
KEY = "sk-test"


# --------------------------------------------------------------------------- the fake endpoint


@dataclass
class Endpoint:
    """What the server replies, and every request it received."""

    answer: Any = None  # dict -> JSON content; str -> content as is
    status: int = 200
    body: str | None = None  # a raw body overriding the chat-completions envelope
    delay: float = 0.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    url: str = ""

    def reply(self, path: str, headers: Any, raw: bytes) -> tuple[int, str]:
        request = json.loads(raw)
        self.requests.append(request)
        self._check(path, headers, request)
        if self.problems:
            return 400, json.dumps({"error": {"message": "; ".join(self.problems)}})
        if self.delay:
            time.sleep(self.delay)
        if self.body is not None:
            return self.status, self.body
        answer = self.answer(request) if callable(self.answer) else self.answer
        content = answer if isinstance(answer, str) else json.dumps(answer)
        envelope = {
            "id": "cmpl-1",
            "object": "chat.completion",
            "model": request["model"],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
        }
        return self.status, json.dumps(envelope)

    def _check(self, path: str, headers: Any, request: dict[str, Any]) -> None:
        if path != "/v1/chat/completions":
            self.problems.append(f"wrong path {path}")
        if headers.get("Authorization") != f"Bearer {KEY}":
            self.problems.append(f"bad auth {headers.get('Authorization')!r}")
        if request.get("model") != MODEL:
            self.problems.append(f"wrong model {request.get('model')!r}")
        fmt = request.get("response_format", {})
        if fmt.get("type") != "json_schema" or "schema" not in fmt.get("json_schema", {}):
            self.problems.append(f"response_format is not a json_schema: {fmt}")
        roles = [m["role"] for m in request.get("messages", [])]
        if roles != ["system", "user"]:
            self.problems.append(f"messages roles {roles}")

    @property
    def last_user_message(self) -> str:
        return self.requests[-1]["messages"][-1]["content"]

    @property
    def last_schema(self) -> dict[str, Any]:
        return self.requests[-1]["response_format"]["json_schema"]["schema"]


@pytest.fixture()
def endpoint() -> Iterator[Endpoint]:
    state = Endpoint()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            raw = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            status, body = state.reply(self.path, self.headers, raw)
            data = body.encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout test)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    yield state
    server.shutdown()
    server.server_close()


