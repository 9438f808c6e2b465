"""Serving the API in production: gunicorn with threaded workers, configured in code.

Threads (gthread) rather than sync workers: an SSE stream holds its thread for the job's
lifetime, and every other request is short I/O on the job store and Redis.
"""

from __future__ import annotations

from gunicorn.app.base import BaseApplication

__all__ = ["run_gunicorn"]


class _Gunicorn(BaseApplication):
    def __init__(self, flask_app, options: dict):
        self._flask_app = flask_app
        self._options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self._options.items():
            self.cfg.set(key, value)

    def load(self):
        return self._flask_app


def run_gunicorn(flask_app, *, host: str, port: int, workers: int, threads: int) -> None:
    _Gunicorn(flask_app, {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": "gthread",
        "timeout": 120,
        "graceful_timeout": 20,
        "accesslog": "-",
        "errorlog": "-",
    }).run()
