"""The OpenSearch backend: production search over a cluster that scales out.

opensearch-py does the index, the bulk ingest, the BM25, kNN and native hybrid queries;
llama-index's ``OpensearchVectorStore`` can read the same index (same field names, same
mapping) through :meth:`OpenSearchBackend.llama_vector_store`. Every request body comes from
the pure :mod:`.opensearch_dsl`; this module only does I/O and converts opensearch-py errors at
the boundary (``ConnectionError`` -> :class:`BackendUnavailable` naming the URL, everything
else -> :class:`BackendError`).

The index and the search pipelines are created by the service, lazily and idempotently, on first
use -- never by hand. Server features are detected once from the version: hybrid queries need
2.10+; sub-scores need 2.19+ (named scores alone, 2.13+, also name sub-queries that did not
return the chunk, and only the 2.19 explanation tells those apart); BM25 on 2.x is scaled
back to Lucene's (see :mod:`.opensearch_dsl`). Run against 2.19.1 and 3.6.0
(``scripts/opensearch-local.sh``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from opensearchpy import OpenSearch
from opensearchpy import exceptions as os_errors
from opensearchpy.helpers import streaming_bulk

from ..errors import BackendError, BackendUnavailable, DocumentNotIndexed
from ..models import Chunk
from ..settings import MODEL_MAX_TOKENS
from . import opensearch_dsl as dsl
from .base import Hit, HybridHit

if TYPE_CHECKING:
    from ..settings import Settings

__all__ = ["OpenSearchBackend", "index_name_for"]

_PAGE = 1000


@dataclass(frozen=True)
class _Server:
    """What the connected server can do, from its version."""

    version: tuple[int, int, int]

    @property
    def hybrid(self) -> bool:  # normalization-processor
        return self.version >= (2, 10, 0)

    @property
    def explain(self) -> bool:  # hybrid_score_explanation + include_named_queries_score
        return self.version >= (2, 19, 0)

    @property
    def bm25_boost(self) -> float:  # 2.x scores LegacyBM25: Lucene's times k1 + 1
        return 1.0 if self.version >= (3, 0, 0) else 1.0 / dsl.LEGACY_BM25_FACTOR


class OpenSearchBackend:
    """SearchBackend on an OpenSearch cluster (see ``base.py`` for the contract).

    ``client`` is an ``opensearchpy.OpenSearch``; the backend closes it only when it created it
    (:meth:`from_settings`). The hybrid query is the DSL body of
    :func:`opensearch_dsl.hybrid_body`, one request with the weighted search pipeline;
    ``explain_hybrid`` (default True) asks for named scores and the ``hybrid_score_explanation``
    so hits carry each sub-query's raw and normalized score; False skips them (about half the
    latency; hits carry the combined score only).

    llama-index's ``OpensearchVectorClient.query(VectorStoreQueryMode.HYBRID)`` was the other
    hybrid path; measured on live 2.19.1 / 3.6.0 nodes it sends the same sub-queries and gives
    the same ranking and scores (to 1e-7) as the unexplained DSL body at the same latency, but
    it cannot ask for sub-scores, so it earned no place as a search path. It stays as an
    adapter for llama-index retrievers (:meth:`llama_vector_store`), tested against the DSL.
    """

    name = "opensearch"

    def __init__(
        self,
        client: OpenSearch,
        *,
        index_name: str,
        dimension: int,
        pipeline_name: str,
        url: str | None = None,
        number_of_shards: int = 1,
        number_of_replicas: int = 1,
        explain_hybrid: bool = True,
        close_client: bool = False,
        embedder: str | None = None,
    ) -> None:
        if not isinstance(dimension, int) or isinstance(dimension, bool) or dimension < 1:
            raise ValueError(
                f"dimension must be greater than 0. Currently, the dimension is {dimension!r}"
            )
        if not pipeline_name or "/" in pipeline_name or " " in pipeline_name:
            raise ValueError(
                "pipeline_name must be a non-empty id without '/' or spaces. "
                f"Currently, it is {pipeline_name!r}"
            )
        for label, count, low in (
            ("number_of_shards", number_of_shards, 1),
            ("number_of_replicas", number_of_replicas, 0),
        ):
            if not isinstance(count, int) or count < low:
                raise ValueError(f"{label} must be an integer >= {low}. Currently, it is {count!r}")
        self._client = client
        # The index holds one embedder's vectors (from_settings names it after the runtime);
        # recorded here so the ingestor can check that it writes vectors of the same kind.
        self.embedder = embedder
        self._index = dsl.validate_index_name(index_name)
        self._dimension = dimension
        self._pipeline_base = pipeline_name
        self._url = url or _client_url(client)
        self._shards, self._replicas = number_of_shards, number_of_replicas
        self._explain_hybrid = explain_hybrid
        self._close_client = close_client
        self._lock = threading.RLock()  # _boundary may take it inside _ensure_ready
        self._server: _Server | None = None
        self._pipelines: set[str] = set()
        self._llama_clients: dict[str, Any] = {}

    @classmethod
    def from_settings(cls, settings: Settings, dimension: int, **options: Any) -> OpenSearchBackend:
        """A backend on ``settings.opensearch_url``: index ``<prefix>-chunks-<dim>d`` (the
        dimension in the name: another embedding model never meets a wrong mapping; for the
        ONNX runtimes ``-onnx`` or ``-onnx-int8`` follows, so a query is never scored against
        another runtime's vectors: a document indexed by another one is simply not there and
        is indexed again), pipelines ``<prefix>-hybrid-bm25-<weight>``. No request is sent
        until first use."""
        auth = None
        if settings.opensearch_user:
            auth = (settings.opensearch_user, settings.opensearch_password or "")
        client = OpenSearch(
            hosts=[settings.opensearch_url],
            http_auth=auth,
            verify_certs=settings.opensearch_verify_certs,
            ssl_show_warn=settings.opensearch_verify_certs,
            timeout=30,
            max_retries=2,
            retry_on_timeout=True,
        )
        options.setdefault("close_client", True)
        options.setdefault("explain_hybrid", settings.opensearch_hybrid_subscores)
        return cls(
            client,
            index_name=index_name_for(settings, dimension),
            dimension=dimension,
            pipeline_name=f"{settings.index_prefix}-hybrid",
            url=settings.opensearch_url,
            **options,
        )

    # ------------------------------------------------------------------ properties

    @property
    def index_name(self) -> str:
        return self._index

    @property
    def url(self) -> str:
        return self._url

    @property
    def dimension(self) -> int:
        return self._dimension

    # ------------------------------------------------------------------ writes

    def index_document(self, doc_id: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        """Store a document's chunks, replacing its earlier version.

        OpenSearch has no transactions, so the replacement is ordered to keep readers safe:
        (1) the stored version is read (with vectors); chunks whose ``_id``
        (``<doc_id>/<chunk_id>``) and content are unchanged are not written again;
        (2) the others are bulk-written; the index's ``refresh_interval`` is -1, so none is
        searchable yet; (3) if any is rejected, the write is undone -- chunks it added are
        deleted, chunks it overwrote are put back -- and BackendError is raised: the earlier
        version stays; (4) one refresh makes the whole new version visible at once; (5) the
        earlier version's chunks that the new one lacks are deleted (delete_by_query, refresh).
        Between (4) and (5) a reader sees the old and the new chunks together, never an empty
        or half-new document. Limits: a refresh issued meanwhile by another writer can expose a
        write in progress, and if the cluster becomes unreachable mid-write the undo cannot run
        (the error says so).
        """
        matrix = self._checked_document(doc_id, chunks, vectors)
        self._ensure_ready()
        action = f"indexing document {doc_id!r}"
        with self._boundary(action):
            before = {hit["_id"]: hit["_source"] for hit in self._pages(doc_id, with_vectors=True)}
        changed = [
            a
            for a in dsl.index_actions(self._index, chunks, matrix.tolist())
            if a["_id"] not in before or not dsl.same_source(before[a["_id"]], a["_source"])
        ]
        written: list[str] = []
        try:
            with self._boundary(action):
                failures = self._bulk(changed, written)
        except BackendError as exc:
            raise type(exc)(f"{exc}; {self._roll_back(written, before)}") from exc
        if failures:
            raise BackendError(
                f"OpenSearch at {self._url} rejected {len(failures)} of {len(changed)} chunks "
                f"written for document {doc_id!r} (first: {failures[0]}); "
                f"{self._roll_back(written, before)}"
            )
        keep = [dsl.opensearch_id(doc_id, c.chunk_id) for c in chunks]
        with self._boundary(action):
            self._client.indices.refresh(index=self._index)
            self._client.delete_by_query(
                index=self._index,
                body=dsl.stale_chunks_query(doc_id, keep),
                refresh=True,
                conflicts="proceed",
            )

    def delete_document(self, doc_id: str) -> bool:
        self._ensure_ready()
        with self._boundary(f"deleting document {doc_id!r}"):
            response = self._client.delete_by_query(
                index=self._index, body=dsl.doc_query(doc_id), refresh=True, conflicts="proceed"
            )
        return int(response.get("deleted", 0)) > 0

    # ------------------------------------------------------------------ reads

    def has_document(self, doc_id: str) -> bool:
        self._ensure_ready()
        with self._boundary(f"looking up document {doc_id!r}"):
            return (
                int(self._client.count(index=self._index, body=dsl.doc_query(doc_id))["count"]) > 0
            )

    def document_embedder(self, doc_id: str) -> str | None:
        """The index holds one embedder's vectors: its identity, if the document is here."""
        if not self.has_document(doc_id):
            raise DocumentNotIndexed(doc_id)
        return self.embedder

    def get_chunks(self, doc_id: str) -> list[Chunk]:
        self._ensure_ready()
        with self._boundary(f"reading document {doc_id!r}"):
            chunks = [dsl.chunk_from_source(hit["_source"]) for hit in self._pages(doc_id)]
        if not chunks:
            raise DocumentNotIndexed(doc_id)
        return chunks

    def document_ids(self) -> list[str]:
        self._ensure_ready()
        ids: list[str] = []
        after = None
        with self._boundary("listing documents"):
            while True:
                body = dsl.doc_ids_page_body(size=_PAGE, after=after)
                agg = self._client.search(index=self._index, body=body)["aggregations"]["doc_ids"]
                ids.extend(bucket["key"]["doc_id"] for bucket in agg["buckets"])
                after = agg.get("after_key")
                if not agg["buckets"] or after is None:
                    return ids

    def count_chunks(self) -> int:
        self._ensure_ready()
        with self._boundary("counting chunks"):
            return int(self._client.count(index=self._index)["count"])

    # ------------------------------------------------------------------ search

    def bm25_search(
        self, doc_id: str, text: str, *, size: int, fuzzy: bool = False, min_score: float = 0.0
    ) -> list[Hit]:
        dsl.validate_size("size", size)  # before any request
        boost = self._ensure_ready().bm25_boost
        body = dsl.bm25_body(
            doc_id, text, size=size, fuzzy=fuzzy, min_score=min_score, bm25_boost=boost
        )
        hits = self._search(doc_id, body, action=f"BM25 search in document {doc_id!r}")
        return [Hit(dsl.chunk_from_source(h["_source"]), float(h["_score"])) for h in hits]

    def knn_search(
        self, doc_id: str, vector: np.ndarray, *, k: int, min_score: float = 0.0
    ) -> list[Hit]:
        body = dsl.knn_body(doc_id, self._checked_query(vector), k=k, min_score=min_score)
        hits = self._search(doc_id, body, action=f"kNN search in document {doc_id!r}")
        return [Hit(dsl.chunk_from_source(h["_source"]), float(h["_score"])) for h in hits]

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
        """One native hybrid query (see the class docstring for the two paths). OpenSearch
        returns at most as many hits as the larger sub-query found, best first."""
        query = self._checked_query(vector)
        dsl.validate_size("size", size)
        weights = dsl.pipeline_weights(bm25_weight, knn_weight)
        server = self._ensure_ready()
        body = dsl.hybrid_body(doc_id, text, query, size=size, bm25_boost=server.bm25_boost)
        pipeline = self._ensure_pipeline(server, *weights)
        action = f"hybrid search in document {doc_id!r}"
        explain = self._explain_hybrid and server.explain
        with self._boundary(action):
            hits = self._hybrid_dsl(body, pipeline, weights, explain=explain)
        if not hits:
            self._require_document(doc_id)
        return hits

    def llama_vector_store(self, *, bm25_weight: float = 0.5, knn_weight: float = 0.5) -> Any:
        """A llama-index ``OpensearchVectorStore`` over this backend's index and the weighted
        hybrid pipeline (created if needed), for llama-index retrievers."""
        from llama_index.vector_stores.opensearch import OpensearchVectorStore

        pipeline = self._ensure_pipeline(self._ensure_ready(), bm25_weight, knn_weight)
        return OpensearchVectorStore(self._llama_client(pipeline))

    # ------------------------------------------------------------------ lifecycle

    def drop(self) -> None:
        """Delete this backend's index and every search pipeline of its pipeline name
        (teardown of tests and of a tenant; irreversible)."""
        with self._boundary(f"dropping index {self._index!r}"):
            self._client.indices.delete(index=self._index, ignore_unavailable=True)
            try:
                pipelines = self._client.search_pipeline.get()
            except os_errors.NotFoundError:
                pipelines = {}
            for pipeline in pipelines:
                if pipeline.startswith(f"{self._pipeline_base}-bm25-"):
                    self._client.search_pipeline.delete(id=pipeline)
        with self._lock:
            self._server, self._pipelines = None, set()

    def close(self) -> None:
        for client in self._llama_clients.values():
            client.close()
        self._llama_clients.clear()
        if self._close_client:
            self._client.close()

    def __repr__(self) -> str:
        return f"OpenSearchBackend(url={self._url!r}, index={self._index!r})"

    # ------------------------------------------------------------------ internals

    @contextmanager
    def _boundary(self, action: str) -> Iterator[None]:
        """Convert opensearch-py errors into this package's errors, naming URL and action."""
        try:
            yield
        except os_errors.ConnectionError as exc:
            raise BackendUnavailable(
                f"OpenSearch at {self._url} cannot be reached ({action}): "
                f"{type(exc.info).__name__ if exc.info else 'connection failed'}: {exc.info or exc}"
            ) from exc
        except os_errors.AuthorizationException as exc:
            if (_error_type(exc) or "").endswith("block_exception"):
                # a 403 the cluster gives itself, e.g. create-index blocked by a disk over its
                # high watermark: the credentials are fine, the message must not say otherwise
                raise BackendError(
                    f"OpenSearch at {self._url} is blocked ({action}): {_error_reason(exc)}; "
                    "a disk over the high watermark blocks index creation (free space, or "
                    "see cluster.routing.allocation.disk.watermark.*)"
                ) from exc
            raise BackendError(
                f"OpenSearch at {self._url} refused the credentials ({action}, HTTP "
                f"{exc.status_code}); check IE_OPENSEARCH_USER / IE_OPENSEARCH_PASSWORD"
            ) from exc
        except os_errors.AuthenticationException as exc:
            raise BackendError(
                f"OpenSearch at {self._url} refused the credentials ({action}, HTTP "
                f"{exc.status_code}); check IE_OPENSEARCH_USER / IE_OPENSEARCH_PASSWORD"
            ) from exc
        except os_errors.TransportError as exc:
            if _error_type(exc) == "index_not_found_exception":
                with self._lock:
                    self._server = None  # deleted behind our back: recreate on next use
            error = BackendUnavailable if exc.status_code == 503 else BackendError
            raise error(f"OpenSearch at {self._url} failed ({action}): {exc}") from exc
        except (os_errors.OpenSearchException, os_errors.ImproperlyConfigured) as exc:
            raise BackendError(f"OpenSearch at {self._url} failed ({action}): {exc}") from exc

    def _ensure_ready(self) -> _Server:
        """Detect the server and create the index, once (idempotent, thread-safe)."""
        server = self._server
        if server is not None:
            return server
        with self._lock, self._boundary(f"preparing index {self._index!r}"):
            if self._server is not None:
                return self._server
            info = self._client.info()
            if info.get("version", {}).get("distribution") != "opensearch":
                raise BackendError(
                    f"the server at {self._url} is not OpenSearch: {info.get('version')}"
                )
            server = _Server(_parse_version(info["version"]["number"]))
            if not self._client.indices.exists(index=self._index):
                body = dsl.index_body(self._dimension, shards=self._shards, replicas=self._replicas)
                try:
                    self._client.indices.create(index=self._index, body=body)
                except os_errors.RequestError as exc:
                    if _error_type(exc) != "resource_already_exists_exception":
                        raise  # another process won the race otherwise
            self._check_mapping()
            self._server = server
            return server

    def _check_mapping(self) -> None:
        mapping = self._client.indices.get_mapping(index=self._index)[self._index]["mappings"]
        vector = mapping.get("properties", {}).get(dsl.VECTOR_FIELD, {})
        method = vector.get("method", {})
        found = (vector.get("dimension"), method.get("engine"), method.get("space_type"))
        wanted = (self._dimension, dsl.KNN_ENGINE, dsl.SPACE_TYPE)
        if found != wanted:
            raise BackendError(
                f"index {self._index!r} at {self._url} holds {dsl.VECTOR_FIELD} as "
                f"(dimension, engine, space) {found}, this service needs {wanted}; "
                "use another IE_INDEX_PREFIX or delete the index"
            )

    def _ensure_pipeline(self, server: _Server, bm25_weight: float, knn_weight: float) -> str:
        if not server.hybrid:
            raise BackendError(
                f"OpenSearch at {self._url} is {_version_text(server)}; hybrid search needs 2.10+"
            )
        pipeline = dsl.pipeline_id(self._pipeline_base, bm25_weight, knn_weight)
        if pipeline not in self._pipelines:
            body = dsl.search_pipeline_body(bm25_weight, knn_weight, explain=server.explain)
            with self._boundary(f"creating search pipeline {pipeline!r}"):
                self._client.search_pipeline.put(id=pipeline, body=body)  # PUT: idempotent
            self._pipelines.add(pipeline)
        return pipeline

    def _hybrid_dsl(
        self, body: dict[str, Any], pipeline: str, weights: tuple[float, float], *, explain: bool
    ) -> list[HybridHit]:
        params = {"search_pipeline": pipeline}
        if explain:
            params.update(include_named_queries_score="true", explain="true")
        response = self._client.search(index=self._index, body=body, params=params)
        hits = []
        for hit in response["hits"]["hits"]:
            sub = dsl.hybrid_sub_scores(hit, bm25_weight=weights[0], knn_weight=weights[1])
            # an explained _score drifts from the ranking score; the explained parts do not
            score = float(hit["_score"]) if sub.score is None else sub.score
            hits.append(
                HybridHit(
                    dsl.chunk_from_source(hit["_source"]),
                    score,
                    bm25=sub.bm25,
                    bm25_norm=sub.bm25_norm,
                    knn=sub.knn,
                    knn_norm=sub.knn_norm,
                )
            )
        hits.sort(key=lambda h: -h.score)  # stable: the server's order breaks ties
        return hits

    def _llama_client(self, pipeline: str) -> Any:
        """An OpensearchVectorClient aligned with our mapping and sharing our sync client."""
        with self._lock:
            if pipeline not in self._llama_clients:
                from llama_index.vector_stores.opensearch import OpensearchVectorClient

                conn = self._client.transport.kwargs
                self._llama_clients[pipeline] = OpensearchVectorClient(
                    endpoint=self._url,
                    index=self._index,
                    dim=self._dimension,
                    embedding_field=dsl.VECTOR_FIELD,
                    text_field=dsl.TEXT_FIELD,
                    method=dsl.knn_method(),
                    engine=dsl.KNN_ENGINE,
                    space_type=dsl.SPACE_TYPE,
                    idx_conf=dsl.index_body(
                        self._dimension, shards=self._shards, replicas=self._replicas
                    ),
                    search_pipeline=pipeline,
                    os_client=self._client,
                    excluded_source_fields=[dsl.VECTOR_FIELD],
                    # only for the async client llama-index builds itself (unused here)
                    **{
                        k: conn[k] for k in ("http_auth", "verify_certs") if conn.get(k) is not None
                    },
                )
            return self._llama_clients[pipeline]

    def _search(self, doc_id: str, body: dict[str, Any], *, action: str) -> list[dict[str, Any]]:
        self._ensure_ready()
        with self._boundary(action):
            hits = self._client.search(index=self._index, body=body)["hits"]["hits"]
        if not hits:
            self._require_document(doc_id)
        return hits

    def _require_document(self, doc_id: str) -> None:
        if not self.has_document(doc_id):
            raise DocumentNotIndexed(doc_id)

    def _pages(self, doc_id: str, *, with_vectors: bool = False) -> Iterator[dict[str, Any]]:
        after = None
        while True:
            body = dsl.chunks_page_body(
                doc_id, size=_PAGE, search_after=after, with_vectors=with_vectors
            )
            hits = self._client.search(index=self._index, body=body)["hits"]["hits"]
            yield from hits
            if len(hits) < _PAGE:
                return
            after = hits[-1]["sort"]

    def _roll_back(self, written: list[str], before: dict[str, dict[str, Any]]) -> str:
        """Undo a failed write (never refreshed, so never seen): delete the chunks it added, put
        back those it overwrote. Returns a sentence saying how it went."""
        added = [i for i in written if i not in before]
        overwritten = {i: before[i] for i in written if i in before}
        undo = [
            *dsl.delete_actions(self._index, added),
            *dsl.restore_actions(self._index, overwritten),
        ]
        try:
            with self._boundary("rolling back"):
                failures = self._bulk(undo, [])
        except BackendError as exc:
            failures = [str(exc)]
        if failures:
            return (
                f"the rollback failed too ({failures[0]}): the earlier version may be mixed "
                "with part of the new one until the document is indexed again"
            )
        return "the earlier version was kept"

    def _bulk(self, actions: Any, written: list[str]) -> list[str]:
        """Send actions; append the ids that succeeded to ``written``; return the failures."""
        failures = []
        for ok, item in streaming_bulk(
            self._client, actions, raise_on_error=False, max_retries=2, chunk_size=500
        ):
            (result,) = item.values()
            if ok:
                written.append(result["_id"])
            else:
                failures.append(f"{result.get('_id')}: {result.get('error', result.get('status'))}")
        return failures

    def _checked_document(
        self, doc_id: str, chunks: Sequence[Chunk], vectors: np.ndarray
    ) -> np.ndarray:
        if not isinstance(doc_id, str) or not doc_id:
            raise ValueError(f"doc_id must be a non-empty string. Currently, it is {doc_id!r}")
        if not chunks:
            raise ValueError(
                f"document {doc_id!r} has no chunks; an empty document cannot be indexed"
            )
        strangers = sorted({c.doc_id for c in chunks if c.doc_id != doc_id})
        if strangers:
            raise ValueError(f"chunks of document {doc_id!r} carry other doc_ids: {strangers}")
        ids = [c.chunk_id for c in chunks]
        if len(set(ids)) != len(ids):
            raise ValueError(f"document {doc_id!r} has duplicate chunk ids")
        matrix = np.asarray(vectors, dtype=np.float32)
        if matrix.shape != (len(chunks), self._dimension):
            raise ValueError(
                f"vectors must have shape ({len(chunks)}, {self._dimension}) for {len(chunks)} "
                f"chunks. Currently, the shape is {matrix.shape}"
            )
        _check_vectors(matrix, what=f"vector of chunk row {{row}} of document {doc_id!r}")
        return matrix

    def _checked_query(self, vector: np.ndarray) -> list[float]:
        query = np.asarray(vector, dtype=np.float32)
        if query.shape != (self._dimension,):
            raise ValueError(
                f"query vector must have shape ({self._dimension},). "
                f"Currently, the shape is {query.shape}"
            )
        _check_vectors(query[None, :], what="query vector")
        return query.tolist()


def index_name_for(settings: Settings, dimension: int) -> str:
    """``<prefix>-chunks-<dim>d``, plus ``-<runtime>`` for the ONNX embedders (torch keeps the
    name it always had, so indexes written before runtimes were told apart stay in use), plus
    ``-max<N>`` when the embedder reads fewer than the model's 256 tokens: one index, one
    embedder identity (``embedder_identity``)."""
    name = f"{settings.index_prefix}-chunks-{dimension}d"
    backend = getattr(settings, "embed_backend", "torch")
    if backend != "torch":
        name = f"{name}-{backend}"
    max_tokens = getattr(settings, "embed_max_tokens", MODEL_MAX_TOKENS)
    return name if max_tokens == MODEL_MAX_TOKENS else f"{name}-max{max_tokens}"


def _check_vectors(matrix: np.ndarray, *, what: str) -> None:
    """Cosine needs finite, non-zero vectors (OpenSearch rejects a zero vector)."""
    bad = ~np.isfinite(matrix).all(axis=1) | ~np.any(matrix != 0, axis=1)
    if bad.any():
        row = int(np.argmax(bad))
        raise ValueError(
            f"{what.format(row=row)} is zero or not finite; "
            "cosine similarity needs a non-zero finite vector"
        )


def _parse_version(number: str) -> tuple[int, int, int]:
    parts = (number.split("-")[0].split(".") + ["0", "0"])[:3]
    return tuple(int(p) for p in parts)  # type: ignore[return-value]


def _version_text(server: _Server) -> str:
    return ".".join(map(str, server.version))


def _error_reason(exc: os_errors.TransportError) -> str:
    info = exc.info if isinstance(exc.info, dict) else {}
    error = info.get("error")
    return str(error.get("reason") if isinstance(error, dict) else exc.info or exc)


def _error_type(exc: os_errors.TransportError) -> str | None:
    info = exc.info if isinstance(exc.info, dict) else {}
    error = info.get("error")
    return (
        error.get("type")
        if isinstance(error, dict)
        else (exc.error if isinstance(exc.error, str) else None)
    )


def _client_url(client: OpenSearch) -> str:
    """A printable URL of the client's first host, for error messages."""
    try:
        host = client.transport.hosts[0]
    except (AttributeError, IndexError, TypeError):
        return "<unknown OpenSearch host>"
    if isinstance(host, str):
        return host
    scheme = host.get("scheme") or ("https" if host.get("use_ssl") else "http")
    where = f"{host.get('host', 'localhost')}:{host.get('port', 9200)}"
    return f"{scheme}://{where}{host.get('url_prefix', '')}"
