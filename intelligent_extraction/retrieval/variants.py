"""Retry retrieval: each query variant of a field searched on its own, fused by RRF.

The first attempt searches all of a field's terms at once; when its evidence yields nothing
valid, the validate/retry loop asks here for *other* chunks: every variant (each exact phrase,
fuzzy phrasing, pattern's words, keyword search and the field's description for kNN) ranks the
document separately, reciprocal rank fusion merges the rankings, and chunks already judged are
excluded so a retry always reads new evidence.
"""

from __future__ import annotations

from collections.abc import Collection

from ..backends.base import SearchBackend
from ..embeddings import Embedder
from ..models import Chunk, FieldConfig, ScoredChunk
from .fusion import rrf
from .planner import dedupe_terms, pattern_literals

__all__ = ["variant_queries", "retrieve_variants"]

#: Hits per variant ranking; deep enough to reach past the first attempt's chunks.
VARIANT_DEPTH = 30


def variant_queries(field: FieldConfig) -> list[str]:
    """The field's BM25 query variants, one search each (pattern regexes as their words)."""
    literal_patterns = [pattern_literals(p) for p in field.queries.pattern]
    terms = [
        *field.queries.exact,
        *field.queries.fuzzy,
        *(p for p in literal_patterns if p.strip()),
        *field.keywords_search,
    ]
    return dedupe_terms(terms) or [field.field_name.replace("_", " ")]


def retrieve_variants(
    backend: SearchBackend,
    embedder: Embedder,
    doc_id: str,
    field: FieldConfig,
    *,
    exclude: Collection[str] = (),
    top_k: int | None = None,
) -> list[ScoredChunk]:
    """Chunks ranked by RRF over per-variant BM25 rankings and a kNN ranking of the field's
    description, best first, without the ``exclude``d chunk ids."""
    rankings: list[list[str]] = []
    chunks: dict[str, Chunk] = {}
    for query in variant_queries(field):
        hits = backend.bm25_search(doc_id, query, size=VARIANT_DEPTH, fuzzy=True)
        rankings.append([h.chunk.chunk_id for h in hits])
        chunks.update((h.chunk.chunk_id, h.chunk) for h in hits)
    knn_text = field.description or field.knn_text()
    knn_hits = backend.knn_search(doc_id, embedder.embed_query(knn_text), k=VARIANT_DEPTH)
    rankings.append([h.chunk.chunk_id for h in knn_hits])
    chunks.update((h.chunk.chunk_id, h.chunk) for h in knn_hits)
    fused = [(cid, s) for cid, s in rrf(rankings) if cid not in exclude]
    limit = top_k or field.final_top_k
    return [
        ScoredChunk(chunk=chunks[cid], score=score, adjustments={"rrf": score})
        for cid, score in fused[:limit]
    ]
