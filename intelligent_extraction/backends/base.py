"""The contract every search backend fulfils (embedded and OpenSearch).

Score conventions are OpenSearch's, so the two backends rank alike:

- BM25: Lucene BM25 (k1=1.2, b=0.75) over the ``text`` field, standard analyzer, operator OR.
- Fuzzy BM25: fuzziness AUTO (0 edits for terms of 1-2 chars, 1 for 3-5, 2 for longer,
  transpositions count as one edit), at most 50 expansions per term, each expansion scored as a
  term query boosted by ``1 - edits / min(len(term), len(expansion))``.
- kNN: cosine similarity reported as ``(1 + cos) / 2``.
- Hybrid: each sub-query min-max normalized over its own results (a lone result scores 1.0),
  then combined by the weighted arithmetic mean; a chunk missing from a sub-query scores 0 there.

Every query is filtered to one ``doc_id``: that filter is never optional.

Vectors of different embedders (another model, or another runtime: torch, onnx, onnx-int8) are
never scored against each other: a backend is opened for one embedder identity (``embedder``),
and a document another embedder indexed is either invisible to it (OpenSearch: one index per
embedder) or refused with EmbedderMismatch (embedded: the identity is recorded per document).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np

from ..models import Chunk

__all__ = ["Hit", "HybridHit", "SearchBackend"]


@dataclass(frozen=True)
class Hit:
    """One chunk a single query found, with the backend's raw score."""

    chunk: Chunk
    score: float


@dataclass(frozen=True)
class HybridHit:
    """One chunk of a native hybrid query: the combined score and, where the backend can
    report them, each sub-query's raw and normalized score (None where it did not match)."""

    chunk: Chunk
    score: float
    bm25: float | None = None
    bm25_norm: float | None = None
    knn: float | None = None
    knn_norm: float | None = None


@runtime_checkable
class SearchBackend(Protocol):
    """Stores chunks with their vectors and answers per-document BM25, kNN and hybrid queries."""

    name: str
    embedder: str | None  # identity of the embedder whose vectors this backend holds

    def index_document(self, doc_id: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        """Store a document's chunks, replacing any earlier version of that document atomically:
        after a failure the earlier version (or nothing) is visible, never half of the new one.
        ``vectors`` is float32 of shape (len(chunks), dim), row i belonging to chunks[i]."""

    def delete_document(self, doc_id: str) -> bool:
        """Remove a document; True when it existed."""

    def has_document(self, doc_id: str) -> bool: ...

    def document_embedder(self, doc_id: str) -> str | None:
        """Identity of the embedder that computed the document's vectors (None: unknown);
        raises DocumentNotIndexed."""

    def get_chunks(self, doc_id: str) -> list[Chunk]:
        """All chunks of a document in position order; raises DocumentNotIndexed."""

    def document_ids(self) -> list[str]: ...

    def count_chunks(self) -> int:
        """Chunks held across all documents."""

    def bm25_search(
        self, doc_id: str, text: str, *, size: int, fuzzy: bool = False, min_score: float = 0.0
    ) -> list[Hit]:
        """BM25 over one document's chunks, best first; hits scoring below ``min_score`` dropped."""

    def knn_search(
        self, doc_id: str, vector: np.ndarray, *, k: int, min_score: float = 0.0
    ) -> list[Hit]:
        """The ``k`` nearest chunks of one document by cosine, scored ``(1 + cos) / 2``."""

    def hybrid_search(
        self,
        doc_id: str,
        text: str,
        vector: np.ndarray,
        *,
        size: int,
        bm25_weight: float,
        knn_weight: float,
    ) -> list[HybridHit]:
        """One native hybrid query: BM25 and kNN (each over ``size`` candidates), min-max
        normalized per sub-query and combined by weighted arithmetic mean, best first."""

    def close(self) -> None: ...
