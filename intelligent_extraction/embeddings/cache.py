"""A content-hash vector cache, so unchanged text is never embedded twice by one embedder."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..sqlite_local import LocalSQLite
from .base import Embedder, ProgressCallback

__all__ = ["CachedEmbedder", "EmbeddingCache"]


class EmbeddingCache:
    """Vectors keyed by (embedder identity, sha256 of the text) in SQLite: safe for several
    processes."""

    def __init__(self, path: Path):
        self._db = LocalSQLite(path, schema="CREATE TABLE IF NOT EXISTS vectors "
                               "(key TEXT PRIMARY KEY, vector BLOB NOT NULL)")
        self._conn()  # create the file and table now: a bad path fails here, not mid-run

    def _conn(self) -> sqlite3.Connection:
        return self._db.connection()

    @staticmethod
    def key(identity: str, text: str) -> str:
        """The cache key of ``text`` embedded by the embedder named ``identity``."""
        return hashlib.sha256(f"{identity}\0{text}".encode()).hexdigest()

    def get_many(self, keys: Sequence[str]) -> dict[str, np.ndarray]:
        found: dict[str, np.ndarray] = {}
        conn = self._conn()
        for i in range(0, len(keys), 500):  # SQLite caps the number of bound parameters
            part = keys[i : i + 500]
            marks = ",".join("?" * len(part))
            rows = conn.execute(f"SELECT key, vector FROM vectors WHERE key IN ({marks})", part)
            for key, blob in rows:
                found[key] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, items: dict[str, np.ndarray]) -> None:
        with self._conn() as conn:
            conn.executemany(
                "INSERT OR REPLACE INTO vectors (key, vector) VALUES (?, ?)",
                [(k, np.asarray(v, dtype=np.float32).tobytes()) for k, v in items.items()],
            )


class CachedEmbedder:
    """Wraps an Embedder: texts already embedded by the same embedder (same ``identity``, so
    an int8 vector is never served to the fp32 model) come from the cache."""

    def __init__(self, inner: Embedder, cache: EmbeddingCache):
        self.inner = inner
        self.cache = cache
        self.model_name = inner.model_name
        self.identity = inner.identity
        self.dimension = inner.dimension
        self.hits = 0
        self.misses = 0
        self._queries: dict[str, np.ndarray] = {}

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text)

    def offsets(self, text: str) -> list[tuple[int, int]]:
        return self.inner.offsets(text)  # type: ignore[attr-defined]

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        keys = [EmbeddingCache.key(self.identity, t) for t in texts]
        cached = self.cache.get_many(list(dict.fromkeys(keys)))
        if progress and cached:
            progress(sum(1 for k in keys if k in cached))
        todo = list(dict.fromkeys(k for k in keys if k not in cached))
        if todo:
            text_of = dict(zip(keys, texts))
            fresh = self.inner.embed_texts([text_of[k] for k in todo], progress=progress)
            new = dict(zip(todo, fresh))
            self.cache.put_many(new)
            cached.update(new)
        self.hits += len(keys) - len(todo)
        self.misses += len(todo)
        if not keys:
            return np.empty((0, self.dimension), dtype=np.float32)
        return np.stack([cached[k] for k in keys]).astype(np.float32, copy=False)

    def embed_query(self, text: str) -> np.ndarray:
        # Field queries are configuration: the same few texts are embedded for every document,
        # so remember them in memory (bounded; the oldest entry goes first).
        vector = self._queries.get(text)
        if vector is None:
            vector = self.inner.embed_query(text)
            if len(self._queries) >= 1024:
                self._queries.pop(next(iter(self._queries)))
            self._queries[text] = vector
        return vector
