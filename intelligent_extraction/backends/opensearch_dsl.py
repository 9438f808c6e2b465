"""Request bodies for the OpenSearch backend: pure functions, no I/O, no opensearch-py import.

Everything the backend sends is built here so that unit tests can hold each body against the
documented OpenSearch DSL. Facts the bodies rely on (checked against the OpenSearch docs and the
neural-search / k-NN sources, not guessed):

- **kNN engine.** ``chunk_vector`` is an HNSW ``knn_vector`` on the **Lucene** engine with
  ``space_type: cosinesimil``. OpenSearch scores cosinesimil as ``(2 - d) / 2`` with
  ``d = 1 - cos``, i.e. ``(1 + cos) / 2`` -- the convention of ``base.py``. Lucene (unlike
  nmslib, deprecated in 3.0, and faiss, which gained cosinesimil only in 2.19) supports
  cosinesimil and *efficient filtering* (a ``filter`` inside the ``knn`` clause, 2.4+) on every
  2.x/3.x release: the doc_id filter is applied during the graph search, and when the filtered
  set is no larger than ``k`` Lucene switches to an exact search, so a per-document query
  returns the true nearest chunks.
- **Hybrid.** A ``hybrid`` query scores each sub-query independently; the search pipeline's
  ``normalization-processor`` (2.10+) min-max normalizes each sub-query over its own results
  (a lone result scores 1.0, the lowest of several scores 0.001, not 0) and combines them by
  weighted ``arithmetic_mean`` (weights in [0, 1], summing to 1; a chunk a sub-query did not
  return scores 0 there). The top-level ``hybrid.filter`` only exists from 3.0, so the doc_id
  filter is carried *inside each sub-query*, which every version honours.
- **Sub-scores.** Each sub-query carries a ``_name``; with the URL parameter
  ``include_named_queries_score=true`` (2.13+) every hit reports each named sub-query's raw
  score in ``matched_queries``. With the ``hybrid_score_explanation`` response processor
  (2.19+) and ``explain=true``, each hit's ``_explanation`` carries the normalized score per
  matched sub-query; :func:`hybrid_sub_scores` reads both and cross-checks them. Seen on live
  2.19.1 and 3.6.0 nodes: ``matched_queries`` names every sub-query that *matches* a chunk,
  also one that did not return it within its top ``size`` (its explanation detail is then
  normalized to exactly 0.0, which a returned chunk never is: the floor is 0.001); and with
  ``explain=true`` the hit's ``_score`` drifts from the ranking score by up to ~1e-3 while
  the explanation's details are exact, so the combined score is recomputed from them.
- **BM25.** OpenSearch 2.x scores with ``LegacyBM25Similarity``, Lucene's BM25 times
  ``k1 + 1`` (2.2 with the default k1 = 1.2); 3.0 switched to Lucene's BM25. A BM25 clause
  sent to a 2.x server carries ``boost: 1 / LEGACY_BM25_FACTOR`` so both lines score (and
  apply ``min_score``) alike, on Lucene's scale, as the embedded backend does.
- **Vectors in _source.** 3.x k-NN indexes default to derived ``_source`` vectors
  (``index.knn.derived_source.enabled``): a stored vector comes back as float32 values
  printed shortest (0.2, not the 0.20000000298023224 sent), so :func:`same_source` compares
  vectors after float32 rounding.

Field names are shared with llama-index's ``OpensearchVectorClient`` (``text_field="text"``,
``embedding_field="chunk_vector"``, metadata under ``metadata``), and every ``metadata``
keyword also has a ``.keyword`` sub-field because llama-index's filter translator addresses
string equality as ``metadata.<key>.keyword``. Both paths therefore read the same index.
"""

from __future__ import annotations

import hashlib
import math
import re
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..models import Chunk

__all__ = [
    "BM25_QUERY_NAME",
    "KNN_ENGINE",
    "KNN_QUERY_NAME",
    "METADATA_FIELD",
    "SPACE_TYPE",
    "TEXT_FIELD",
    "VECTOR_FIELD",
    "WEIGHT_DECIMALS",
    "LEGACY_BM25_FACTOR",
    "HybridSubScores",
    "bm25_body",
    "bm25_clause",
    "chunk_from_source",
    "chunk_source",
    "chunks_page_body",
    "delete_actions",
    "doc_filter",
    "doc_ids_page_body",
    "doc_query",
    "hybrid_body",
    "hybrid_sub_scores",
    "index_actions",
    "index_body",
    "knn_body",
    "knn_clause",
    "knn_method",
    "opensearch_id",
    "pipeline_id",
    "pipeline_weights",
    "restore_actions",
    "same_source",
    "search_pipeline_body",
    "stale_chunks_query",
    "validate_index_name",
    "validate_size",
]

TEXT_FIELD = "text"
VECTOR_FIELD = "chunk_vector"
METADATA_FIELD = "metadata"
BM25_QUERY_NAME = "bm25"
KNN_QUERY_NAME = "knn"
KNN_ENGINE = "lucene"
SPACE_TYPE = "cosinesimil"
# Pipeline weights are rounded to this many decimals: one pipeline per distinct weight pair.
WEIGHT_DECIMALS = 3
# OpenSearch 2.x BM25 = Lucene BM25 * (k1 + 1), k1 = 1.2 (the index keeps the default k1)
LEGACY_BM25_FACTOR = 2.2
_SOURCE_EXCLUDES = {"excludes": [VECTOR_FIELD]}


# --------------------------------------------------------------------------- index


def knn_method() -> dict[str, Any]:
    """The HNSW method of ``chunk_vector`` (Lucene defaults for ``m`` and ``ef_construction``)."""
    return {
        "name": "hnsw",
        "space_type": SPACE_TYPE,
        "engine": KNN_ENGINE,
        "parameters": {"m": 16, "ef_construction": 100},
    }


def _keyword() -> dict[str, Any]:
    # the ``.keyword`` sub-field is what llama-index's MetadataFilter EQ on a string targets
    return {"type": "keyword", "fields": {"keyword": {"type": "keyword"}}}


def index_body(dimension: int, *, shards: int = 1, replicas: int = 1) -> dict[str, Any]:
    """Settings and mappings of the chunk index.

    ``refresh_interval: -1``: chunks become searchable only when the service refreshes, which it
    does once a document's new chunks are all written (see ``OpenSearchBackend.index_document``).
    One shard by default keeps BM25 statistics those of a single Lucene index, as the embedded
    backend computes them; raise it to scale out.
    """
    if dimension < 1:
        raise ValueError(
            f"dimension must be greater than 0. Currently, the dimension is {dimension}"
        )
    return {
        "settings": {
            "index": {
                "knn": True,
                "number_of_shards": shards,
                "number_of_replicas": replicas,
                "refresh_interval": "-1",
            }
        },
        "mappings": {
            "dynamic": "strict",
            "properties": {
                "chunk_id": {"type": "keyword"},
                "doc_id": {"type": "keyword"},
                TEXT_FIELD: {"type": "text", "analyzer": "standard"},
                VECTOR_FIELD: {
                    "type": "knn_vector",
                    "dimension": dimension,
                    "method": knn_method(),
                },
                # dynamic false: llama-index writers may add keys (_node_content ...) unindexed
                METADATA_FIELD: {
                    "dynamic": False,
                    "properties": {
                        "doc_id": _keyword(),
                        "chunk_id": _keyword(),
                        "chunk_type": _keyword(),
                        "page": {"type": "integer"},
                        "section": {
                            "type": "keyword",
                            "fields": {
                                "keyword": {"type": "keyword"},
                                "text": {"type": "text", "analyzer": "standard"},
                            },
                        },
                        "position": {"type": "integer"},
                        "start": {"type": "integer"},
                        "end": {"type": "integer"},
                        "source": _keyword(),
                    },
                },
            },
        },
    }


_INVALID_INDEX_CHARS = re.compile(r'[\\/*?"<>| ,#:A-Z]')


def validate_index_name(name: str) -> str:
    """Raise ValueError unless ``name`` is a valid OpenSearch index name."""
    if not name or name in {".", ".."}:
        raise ValueError(f"index name must be a non-empty string. Currently, it is {name!r}")
    if name[0] in "_-+" or _INVALID_INDEX_CHARS.search(name) or len(name.encode()) > 255:
        raise ValueError(
            f"index name {name!r} is not valid in OpenSearch: lowercase, at most 255 bytes, "
            'not starting with _ - +, and none of \\ / * ? " < > | space , # :'
        )
    return name


# --------------------------------------------------------------------------- queries


def doc_filter(doc_id: str) -> dict[str, Any]:
    """The doc_id filter every query carries."""
    return {"term": {"doc_id": doc_id}}


def doc_query(doc_id: str) -> dict[str, Any]:
    """A body selecting every chunk of one document (count, delete_by_query)."""
    return {"query": {"bool": {"filter": [doc_filter(doc_id)]}}}


def bm25_clause(text: str, *, fuzzy: bool = False, boost: float = 1.0) -> dict[str, Any]:
    """``multi_match`` best_fields on ``text`` with operator OR; fuzziness AUTO when fuzzy
    (at most 50 expansions per term, transpositions count as one edit -- base.py's convention,
    spelled out although they are OpenSearch's defaults). ``boost`` scales the score (1 /
    ``LEGACY_BM25_FACTOR`` on 2.x servers, see the module docstring)."""
    clause: dict[str, Any] = {
        "query": text,
        "fields": [TEXT_FIELD],
        "type": "best_fields",
        "operator": "or",
    }
    if fuzzy:
        clause.update(fuzziness="AUTO", max_expansions=50, fuzzy_transpositions=True)
    if boost != 1.0:
        clause["boost"] = boost
    return {"multi_match": clause}


def bm25_body(
    doc_id: str,
    text: str,
    *,
    size: int,
    fuzzy: bool = False,
    min_score: float = 0.0,
    bm25_boost: float = 1.0,
) -> dict[str, Any]:
    """Phase-1 BM25 over one document's chunks; hits below ``min_score`` are dropped."""
    validate_size("size", size)
    clause = bm25_clause(text, fuzzy=fuzzy, boost=bm25_boost)
    return {
        "size": size,
        "min_score": min_score,
        "_source": _SOURCE_EXCLUDES,
        "query": {"bool": {"must": [clause], "filter": [doc_filter(doc_id)]}},
    }


def knn_clause(doc_id: str, vector: Sequence[float], *, k: int) -> dict[str, Any]:
    """Approximate kNN on ``chunk_vector`` with efficient (in-graph) doc_id filtering."""
    validate_size("k", k)
    return {
        "knn": {
            VECTOR_FIELD: {
                "vector": [float(x) for x in vector],
                "k": k,
                "filter": doc_filter(doc_id),
            }
        }
    }


def knn_body(
    doc_id: str, vector: Sequence[float], *, k: int, min_score: float = 0.0
) -> dict[str, Any]:
    """Phase-2 kNN: the ``k`` nearest chunks of one document, scored ``(1 + cos) / 2``."""
    return {
        "size": k,
        "min_score": min_score,
        "_source": _SOURCE_EXCLUDES,
        "query": knn_clause(doc_id, vector, k=k),
    }


def hybrid_body(
    doc_id: str, text: str, vector: Sequence[float], *, size: int, bm25_boost: float = 1.0
) -> dict[str, Any]:
    """The native hybrid query: BM25 (operator OR, no fuzziness) and kNN (``k = size``), each
    filtered to the document and named so hits can report each raw score. Send it with the
    weighted search pipeline (``search_pipeline=...``)."""
    validate_size("size", size)
    return {
        "size": size,
        "_source": _SOURCE_EXCLUDES,
        "query": {
            "hybrid": {
                "queries": [
                    {
                        "bool": {
                            "must": [bm25_clause(text, boost=bm25_boost)],
                            "filter": [doc_filter(doc_id)],
                            "_name": BM25_QUERY_NAME,
                        }
                    },
                    # a bool around the knn clause only to carry the name; its score is the
                    # knn score itself (a lone must clause)
                    {
                        "bool": {
                            "must": [knn_clause(doc_id, vector, k=size)],
                            "_name": KNN_QUERY_NAME,
                        }
                    },
                ]
            }
        },
    }


# --------------------------------------------------------------------------- search pipeline


def pipeline_weights(bm25_weight: float, knn_weight: float) -> tuple[float, float]:
    """The weights as the normalization-processor needs them: in [0, 1], summing to 1, rounded
    to ``WEIGHT_DECIMALS`` (so a handful of pipelines serve every field config)."""
    for name, value in (("bm25_weight", bm25_weight), ("knn_weight", knn_weight)):
        if not math.isfinite(value) or value < 0:
            raise ValueError(f"{name} must be a finite number >= 0. Currently, it is {value}")
    total = bm25_weight + knn_weight
    if total == 0:
        raise ValueError("bm25_weight and knn_weight cannot both be 0")
    scale = 10**WEIGHT_DECIMALS
    bm25_units = round(bm25_weight / total * scale)
    return bm25_units / scale, (scale - bm25_units) / scale


def pipeline_id(base: str, bm25_weight: float, knn_weight: float) -> str:
    """The id of the pipeline for one weight pair, e.g. ``ie-hybrid-bm25-0300`` for 0.3/0.7."""
    bm25, _ = pipeline_weights(bm25_weight, knn_weight)
    return f"{base}-bm25-{round(bm25 * 10**WEIGHT_DECIMALS):04d}"


def search_pipeline_body(bm25_weight: float, knn_weight: float, *, explain: bool) -> dict[str, Any]:
    """The hybrid search pipeline: min-max per sub-query, weighted arithmetic mean in the order
    of :func:`hybrid_body`'s sub-queries ([bm25, knn]); with ``explain`` (OpenSearch 2.19+) the
    ``hybrid_score_explanation`` response processor that reports per-sub-query scores."""
    bm25, knn = pipeline_weights(bm25_weight, knn_weight)
    body: dict[str, Any] = {
        "description": (
            f"intelligent-extraction hybrid: min_max + arithmetic_mean, weights bm25={bm25} "
            f"knn={knn} (created by the service)"
        ),
        "phase_results_processors": [
            {
                "normalization-processor": {
                    "normalization": {"technique": "min_max"},
                    "combination": {
                        "technique": "arithmetic_mean",
                        "parameters": {"weights": [bm25, knn]},
                    },
                }
            }
        ],
    }
    if explain:
        body["response_processors"] = [{"hybrid_score_explanation": {}}]
    return body


# --------------------------------------------------------------------------- documents


def opensearch_id(doc_id: str, chunk_id: str) -> str:
    """The ``_id`` of a chunk: ``<doc_id>/<chunk_id>``, so two documents can never overwrite each
    other's chunks whatever the chunker's id scheme; a sha256 when that exceeds OpenSearch's
    512-byte ``_id`` limit."""
    plain = f"{doc_id}/{chunk_id}"
    if len(plain.encode()) <= 512:
        return plain
    return "sha256:" + hashlib.sha256(plain.encode()).hexdigest()


def chunk_source(chunk: Chunk, vector: Sequence[float]) -> dict[str, Any]:
    """The stored ``_source`` of one chunk (doc_id/chunk_id also under ``metadata`` for
    llama-index, whose filters only address ``metadata.*``)."""
    return {
        "chunk_id": chunk.chunk_id,
        "doc_id": chunk.doc_id,
        TEXT_FIELD: chunk.text,
        VECTOR_FIELD: [float(x) for x in vector],
        METADATA_FIELD: {
            "doc_id": chunk.doc_id,
            "chunk_id": chunk.chunk_id,
            "chunk_type": chunk.chunk_type,
            "page": chunk.page,
            "section": list(chunk.section),
            "position": chunk.position,
            "start": chunk.start,
            "end": chunk.end,
            "source": chunk.source,
        },
    }


def chunk_from_source(source: Mapping[str, Any], *, text: str | None = None) -> Chunk:
    """Rebuild a Chunk from a stored ``_source`` (or from llama-index's node metadata plus
    ``text``)."""
    meta = source.get(METADATA_FIELD, source)
    return Chunk(
        chunk_id=source.get("chunk_id", meta.get("chunk_id")),
        doc_id=source.get("doc_id", meta.get("doc_id")),
        text=text if text is not None else source[TEXT_FIELD],
        chunk_type=meta["chunk_type"],
        start=int(meta["start"]),
        end=int(meta["end"]),
        position=int(meta["position"]),
        page=None if meta.get("page") is None else int(meta["page"]),
        section=tuple(meta.get("section") or ()),
        source=meta.get("source") or "",
    )


def index_actions(
    index: str, chunks: Sequence[Chunk], vectors: Sequence[Sequence[float]]
) -> Iterator[dict[str, Any]]:
    """Bulk ``index`` actions, one per chunk, ``_id`` from :func:`opensearch_id` (chunk ids are
    stable, so re-indexing unchanged text overwrites in place instead of duplicating)."""
    if len(chunks) != len(vectors):
        raise ValueError(f"{len(chunks)} chunks but {len(vectors)} vectors")
    for chunk, vector in zip(chunks, vectors):
        yield {
            "_op_type": "index",
            "_index": index,
            "_id": opensearch_id(chunk.doc_id, chunk.chunk_id),
            "_source": chunk_source(chunk, vector),
        }


def delete_actions(index: str, ids: Iterable[str]) -> Iterator[dict[str, Any]]:
    """Bulk ``delete`` actions by ``_id`` (rollback: remove what a failed write added)."""
    for _id in ids:
        yield {"_op_type": "delete", "_index": index, "_id": _id}


def restore_actions(
    index: str, sources: Mapping[str, Mapping[str, Any]]
) -> Iterator[dict[str, Any]]:
    r"""Bulk ``index`` actions putting stored ``_source``\ s back (rollback: undo overwrites)."""
    for _id, source in sources.items():
        yield {"_op_type": "index", "_index": index, "_id": _id, "_source": dict(source)}


def same_source(stored: Mapping[str, Any], wanted: Mapping[str, Any]) -> bool:
    """Whether a stored ``_source`` already holds ``wanted`` (the unchanged-chunk check of a
    re-index): every field equal, the vector compared after float32 rounding, since a 3.x
    derived-source index returns float32 values printed shortest."""
    rest = {k: v for k, v in stored.items() if k != VECTOR_FIELD}
    if rest != {k: v for k, v in wanted.items() if k != VECTOR_FIELD}:
        return False
    return _float32s(stored.get(VECTOR_FIELD)) == _float32s(wanted.get(VECTOR_FIELD))


def _float32s(values: Any) -> list[float] | None:
    if not isinstance(values, Sequence):
        return None
    try:
        return array("f", values).tolist()
    except (TypeError, OverflowError):
        return None


def stale_chunks_query(doc_id: str, keep_ids: Iterable[str]) -> dict[str, Any]:
    """delete_by_query body: the document's chunks whose ``_id`` is not in the new version."""
    return {
        "query": {
            "bool": {
                "filter": [doc_filter(doc_id)],
                "must_not": [{"ids": {"values": sorted(keep_ids)}}],
            }
        }
    }


def chunks_page_body(
    doc_id: str,
    *,
    size: int,
    search_after: Sequence[Any] | None = None,
    with_vectors: bool = False,
) -> dict[str, Any]:
    """One page of a document's chunks in position order (search_after paging, no 10k cap);
    ``with_vectors`` fetches the whole ``_source`` (to compare and restore on re-index)."""
    validate_size("size", size)
    body: dict[str, Any] = {
        "size": size,
        "query": {"bool": {"filter": [doc_filter(doc_id)]}},
        "sort": [{f"{METADATA_FIELD}.position": "asc"}, {"chunk_id": "asc"}],
        "_source": True if with_vectors else _SOURCE_EXCLUDES,
    }
    if search_after is not None:
        body["search_after"] = list(search_after)
    return body


def doc_ids_page_body(*, size: int, after: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One page of distinct doc_ids (composite aggregation, sorted, paged by ``after``)."""
    validate_size("size", size)
    composite: dict[str, Any] = {
        "size": size,
        "sources": [{"doc_id": {"terms": {"field": "doc_id"}}}],
    }
    if after is not None:
        composite["after"] = dict(after)
    return {"size": 0, "aggs": {"doc_ids": {"composite": composite}}}


# --------------------------------------------------------------------------- responses


@dataclass(frozen=True)
class HybridSubScores:
    """What a hybrid hit says about its sub-queries (None: unknown or not returned by that
    sub-query), and ``score``, the combined score recomputed from the normalized ones (None
    when they are unknown)."""

    bm25: float | None = None
    bm25_norm: float | None = None
    knn: float | None = None
    knn_norm: float | None = None
    score: float | None = None


def hybrid_sub_scores(
    hit: Mapping[str, Any], *, bm25_weight: float, knn_weight: float
) -> HybridSubScores:
    """Read a hybrid hit's per-sub-query scores.

    Raw scores come from ``matched_queries`` (a name -> score map when the request had
    ``include_named_queries_score=true``). Normalized scores come from the
    ``hybrid_score_explanation`` ``_explanation``, whose "... normalization of:" details list
    the matching sub-queries in query order, each over the sub-query's raw score. A reading is
    kept only if it is the single one consistent with everything known: each detail's raw
    value equals the named raw score and, when the names are unknown, the weighted mean of the
    normalized scores reproduces ``_score`` (to 2e-3: the explained ``_score`` drifts). A
    detail normalized to exactly 0.0 is a sub-query that matched the chunk without returning
    it within its top ``size``: it reports nothing (see the module docstring).
    """
    weights = dict(zip(_NAMES, pipeline_weights(bm25_weight, knn_weight), strict=True))
    matched = _matched_scores(hit.get("matched_queries"))
    raws: dict[str, float | None] = dict(matched or {})
    reading = _reading(matched, _normalization_entries(hit.get("_explanation")), hit, weights)
    if reading is None:
        return HybridSubScores(bm25=raws.get(BM25_QUERY_NAME), knn=raws.get(KNN_QUERY_NAME))
    norms: dict[str, float] = {}
    for name, (norm, raw) in reading.items():
        if norm == 0.0:  # matched, but outside this sub-query's top size
            raws[name] = None
            continue
        norms[name] = norm
        if raws.get(name) is None:
            raws[name] = raw
    return HybridSubScores(
        bm25=raws.get(BM25_QUERY_NAME),
        bm25_norm=norms.get(BM25_QUERY_NAME),
        knn=raws.get(KNN_QUERY_NAME),
        knn_norm=norms.get(KNN_QUERY_NAME),
        score=sum(weights[name] * norm for name, norm in norms.items()),
    )


def _reading(
    matched: Mapping[str, float | None] | None,
    entries: list[tuple[float, float | None]],
    hit: Mapping[str, Any],
    weights: Mapping[str, float],
) -> dict[str, tuple[float, float | None]] | None:
    """The one assignment of explanation details to sub-query names consistent with the
    hit, or None."""
    if not entries:
        return None
    if matched is not None:  # the names say which sub-queries matched, in query order
        candidates = [[name for name in _NAMES if name in matched]]
    else:  # every assignment in query order, told apart by the score below
        candidates = [list(_NAMES)] if len(entries) == 2 else [[name] for name in _NAMES]
    score = float(hit.get("_score") or 0.0)
    consistent = []
    for names in candidates:
        if len(names) != len(entries):
            continue
        pairs = dict(zip(names, entries, strict=True))
        if any(
            matched
            and matched.get(name) is not None
            and raw is not None
            and not math.isclose(raw, matched[name], rel_tol=1e-4, abs_tol=1e-6)
            for name, (_, raw) in pairs.items()
        ):
            continue
        combined = sum(weights[name] * norm for name, (norm, _) in pairs.items())
        if matched is not None or math.isclose(combined, score, rel_tol=1e-3, abs_tol=2e-3):
            consistent.append(pairs)
    return consistent[0] if len(consistent) == 1 else None


_NAMES = (BM25_QUERY_NAME, KNN_QUERY_NAME)  # the order of hybrid_body's sub-queries


def _matched_scores(matched: Any) -> dict[str, float | None] | None:
    if isinstance(matched, Mapping):
        return {str(k): float(v) for k, v in matched.items()}
    if isinstance(matched, list):  # names only: which matched is known, their scores are not
        return {str(name): None for name in matched}
    return None


def _normalization_entries(explanation: Any) -> list[tuple[float, float | None]]:
    """(normalized, raw) per "... normalization of:" detail of a hybrid explanation."""
    if not isinstance(explanation, Mapping):
        return []
    entries = []
    for detail in explanation.get("details") or ():
        if not isinstance(detail, Mapping) or "normalization" not in str(detail.get("description")):
            continue
        inner = detail.get("details") or ()
        raw = inner[0].get("value") if inner and isinstance(inner[0], Mapping) else None
        entries.append((float(detail["value"]), None if raw is None else float(raw)))
    return entries


def validate_size(name: str, value: int) -> None:
    """Raise ValueError unless ``value`` (a size or k) is an integer greater than 0."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(
            f"{name} must be an integer greater than 0. Currently, the {name} is {value!r}"
        )
