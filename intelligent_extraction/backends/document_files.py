"""Per-document files of the embedded backend: chunk metadata (JSON) and vectors (``.npy``).

Every write produces a new *generation* of a document's files (``<key>.<gen>.json`` and
``<key>.<gen>.npy``) next to the previous one; the tantivy commit that references the new
generation is the single switch point, so readers see the old version or the new one, never a
mix. Older generations are removed after the commit (a reader that still maps one keeps it
alive on POSIX; a reader that had not opened it yet reloads and retries).
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..models import Chunk
from .base import Hit

__all__ = ["StoredDocument", "DocumentFiles", "new_generation", "prepare_document"]


def new_generation() -> str:
    """A sortable, unique generation name."""
    return f"{time.time_ns():x}{secrets.token_hex(4)}"


@dataclass(frozen=True)
class StoredDocument:
    """One generation of a document, loaded: chunks in position order and their vectors
    (row i belongs to ``chunks[i]``; a read-only memory map) with precomputed row norms, and
    the identity of the embedder that computed them (None: written before identities were
    recorded)."""

    doc_id: str
    gen: str
    chunks: tuple[Chunk, ...]
    vectors: np.ndarray
    norms: np.ndarray
    embedder: str | None = None

    @property
    def dimension(self) -> int:
        return int(self.vectors.shape[1])

    def nearest(self, vector: np.ndarray, k: int, min_score: float = 0.0) -> list[Hit]:
        """Exact kNN over this document: the ``k`` best chunks by ``(1 + cos) / 2``.

        Ties keep position order; a zero vector has cosine 0 with everything.
        """
        query = np.asarray(vector, dtype=np.float32)
        if query.ndim != 1 or query.shape[0] != self.dimension:
            raise ValueError(
                f"query vector has shape {query.shape}; document {self.doc_id!r} holds vectors "
                f"of dimension {self.dimension}"
            )
        if not np.all(np.isfinite(query)):
            raise ValueError("query vector contains NaN or infinity")
        dots = (self.vectors @ query).astype(np.float64)
        denominators = self.norms * float(np.linalg.norm(query.astype(np.float64)))
        with np.errstate(divide="ignore", invalid="ignore"):
            cosines = np.where(denominators > 0, dots / denominators, 0.0)
        scores = (1.0 + np.clip(cosines, -1.0, 1.0)) / 2.0
        order = np.argsort(-scores, kind="stable")[:k]  # chunks are in position order
        return [Hit(self.chunks[i], float(scores[i])) for i in order if scores[i] >= min_score]


class DocumentFiles:
    """The directory that holds every document's chunk and vector files."""

    def __init__(self, directory: Path):
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)

    def write(
        self, doc_id: str, gen: str, chunks: Sequence[Chunk], vectors: np.ndarray,
        *, embedder: str | None = None,
    ) -> None:
        """Write one generation durably (fsync'ed) before the index commit points at it;
        ``embedder`` (the identity of what computed ``vectors``) is recorded with the chunks."""
        key = _key(doc_id)
        record = {"doc_id": doc_id, "gen": gen, "chunks": [_chunk_to_dict(c) for c in chunks]}
        if embedder is not None:
            record["embedder"] = embedder
        payload = json.dumps(record, ensure_ascii=False).encode("utf-8")
        _write_durably(self.directory / f"{key}.{gen}.json", lambda f: f.write(payload))
        _write_durably(self.directory / f"{key}.{gen}.npy", lambda f: np.save(f, vectors))

    def load(self, doc_id: str, gen: str) -> StoredDocument:
        """Load one generation; raises FileNotFoundError when it has been replaced meanwhile."""
        key = _key(doc_id)
        data = json.loads((self.directory / f"{key}.{gen}.json").read_text(encoding="utf-8"))
        vectors = np.load(self.directory / f"{key}.{gen}.npy", mmap_mode="r")
        norms = np.linalg.norm(np.asarray(vectors, dtype=np.float64), axis=1)
        chunks = tuple(_chunk_from_dict(c) for c in data["chunks"])
        if data["doc_id"] != doc_id or len(chunks) != vectors.shape[0]:
            raise ValueError(f"files of document {doc_id!r} generation {gen} are inconsistent")
        return StoredDocument(doc_id, gen, chunks, vectors, norms, data.get("embedder"))

    def remove(self, doc_id: str, *, keep: str | None = None) -> None:
        """Remove every generation of ``doc_id`` except ``keep``."""
        key = _key(doc_id)
        for path in self.directory.glob(f"{key}.*"):
            if keep is not None and path.name.startswith(f"{key}.{keep}."):
                continue
            path.unlink(missing_ok=True)

    def discard(self, doc_id: str, gen: str) -> None:
        """Remove one generation (a write that did not commit)."""
        key = _key(doc_id)
        for suffix in ("json", "npy", "json.tmp", "npy.tmp"):
            (self.directory / f"{key}.{gen}.{suffix}").unlink(missing_ok=True)

    def generations(self, doc_id: str) -> set[str]:
        """Generations present on disk (for tests and repair)."""
        key = _key(doc_id)
        return {p.name.split(".")[1] for p in self.directory.glob(f"{key}.*.json")}


def prepare_document(
    doc_id: str, chunks: Sequence[Chunk], vectors: np.ndarray
) -> tuple[list[Chunk], np.ndarray]:
    """Validate a document and return its chunks in position order with matching vector rows."""
    chunks = list(chunks)
    if not chunks:
        raise ValueError(f"document {doc_id!r} has no chunks; there is nothing to index")
    for chunk in chunks:
        if not isinstance(chunk, Chunk):
            raise ValueError(f"chunks must be Chunk objects, got {type(chunk).__name__}")
        if not isinstance(chunk.text, str):
            raise ValueError(f"chunk {chunk.chunk_id!r} text must be a string")
        if chunk.doc_id != doc_id:
            raise ValueError(
                f"chunk {chunk.chunk_id!r} belongs to {chunk.doc_id!r}, not {doc_id!r}"
            )
    if len({c.chunk_id for c in chunks}) != len(chunks):
        raise ValueError(f"document {doc_id!r} has duplicate chunk ids")
    matrix = np.asarray(vectors, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != len(chunks) or matrix.shape[1] < 1:
        raise ValueError(
            f"vectors must have shape ({len(chunks)}, dimension), one row per chunk; "
            f"got {matrix.shape}"
        )
    if not np.all(np.isfinite(matrix)):
        raise ValueError(f"vectors of document {doc_id!r} contain NaN or infinity")
    order = sorted(range(len(chunks)), key=lambda i: chunks[i].position)
    return [chunks[i] for i in order], np.ascontiguousarray(matrix[order])


def _key(doc_id: str) -> str:
    # doc ids are arbitrary strings; file names must not be
    return hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:40]


def _write_durably(path: Path, write) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        write(f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _chunk_to_dict(chunk: Chunk) -> dict:
    return {
        "chunk_id": chunk.chunk_id,
        "doc_id": chunk.doc_id,
        "text": chunk.text,
        "chunk_type": chunk.chunk_type,
        "start": chunk.start,
        "end": chunk.end,
        "position": chunk.position,
        "page": chunk.page,
        "section": list(chunk.section),
        "source": chunk.source,
    }


def _chunk_from_dict(data: dict) -> Chunk:
    return Chunk(
        chunk_id=data["chunk_id"],
        doc_id=data["doc_id"],
        text=data["text"],
        chunk_type=data["chunk_type"],
        start=data["start"],
        end=data["end"],
        position=data["position"],
        page=data["page"],
        section=tuple(data["section"]),
        source=data["source"],
    )
