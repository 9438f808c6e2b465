"""One SQLite connection per thread and per process, for a file that several processes share.

The embedding cache, the sentence cache and the backfill's indexed-documents table are each a
small SQLite file in the data dir, written by every worker at once: WAL mode lets readers and
one writer work together, and a connection is never shared across threads or carried over a
fork (a forked child opens its own).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

__all__ = ["LocalSQLite"]


class LocalSQLite:
    """``connection()`` gives this thread's connection to ``path``, opening it on first use
    (WAL, ``schema`` run once per connection: make it idempotent, CREATE ... IF NOT EXISTS).
    ``synchronous`` sets the PRAGMA (e.g. "NORMAL" for a cache a crash may lose the tail of);
    ``autocommit`` opens it without implicit transactions."""

    def __init__(self, path: Path, *, timeout: float = 30.0, schema: str | None = None,
                 synchronous: str | None = None, autocommit: bool = False):
        self.path = Path(path)
        self._timeout = timeout
        self._schema = schema
        self._synchronous = synchronous
        self._isolation = None if autocommit else ""
        self._local = threading.local()

    def connection(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != os.getpid():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=self._timeout,
                                   isolation_level=self._isolation)
            conn.execute("PRAGMA journal_mode=WAL")
            if self._synchronous:
                conn.execute(f"PRAGMA synchronous={self._synchronous}")
            if self._schema:
                conn.execute(self._schema)
            self._local.conn, self._local.pid = conn, os.getpid()
        return conn
