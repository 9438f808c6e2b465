"""Sentence spans kept on disk, so a chunk is segmented once per data dir and not once per run.

Segmenting a chunk (pysbd) costs about 15 ms, a third of the CPU of re-extracting an indexed
document. The spans are a function of the chunk's text and of the segmentation code alone, so
a re-extraction (a new field, an edited config, a backfill re-run) reads them back instead.
SQLite in WAL mode, shared by the processes of one data dir, as the embedding cache is. It is
a cache: an error reading or writing it is logged once and the spans are computed as before.
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from array import array
from pathlib import Path

from ...sqlite_local import LocalSQLite

__all__ = ["SentenceStore"]

logger = logging.getLogger(__name__)

Spans = tuple[tuple[int, int], ...]


class SentenceStore:
    """Spans keyed by sha256 of (``version``, text): a change to the segmenter (its code or
    pysbd's version, both in ``version``) never reads spans the old one wrote."""

    def __init__(self, path: Path, version: str):
        self.path = Path(path)
        self.version = version
        self._warned = False
        # a crash may lose the last writes (synchronous=NORMAL): fine for a cache
        self._db = LocalSQLite(
            self.path, timeout=5, synchronous="NORMAL", autocommit=True,
            schema="CREATE TABLE IF NOT EXISTS spans (key BLOB PRIMARY KEY, spans BLOB NOT NULL)",
        )
        try:
            self._conn()
        except (OSError, sqlite3.Error) as exc:
            self._failed("open", exc)

    def _conn(self) -> sqlite3.Connection:
        return self._db.connection()

    def _key(self, text: str) -> bytes:
        return hashlib.sha256(f"{self.version}\0{text}".encode()).digest()

    def get(self, text: str) -> Spans | None:
        """The stored spans of ``text``, or None when they are not stored (or unreadable)."""
        try:
            row = self._conn().execute(
                "SELECT spans FROM spans WHERE key = ?", (self._key(text),)
            ).fetchone()
        except (OSError, sqlite3.Error) as exc:
            self._failed("read", exc)
            return None
        if row is None:
            return None
        flat = array("I")
        flat.frombytes(row[0])
        return tuple(zip(flat[0::2], flat[1::2]))

    def put(self, text: str, spans: Spans) -> None:
        flat = array("I", [offset for span in spans for offset in span])
        try:
            self._conn().execute(
                "INSERT OR IGNORE INTO spans (key, spans) VALUES (?, ?)",
                (self._key(text), flat.tobytes()),
            )
        except (OSError, sqlite3.Error) as exc:
            self._failed("write", exc)

    def _failed(self, what: str, exc: Exception) -> None:
        if not self._warned:  # once per store: a full disk must not flood the log
            logger.warning("sentence cache %s: cannot %s it (%s); segmenting without it",
                           self.path, what, exc)
            self._warned = True
