"""The embedded backend: tantivy for BM25, one memory-mapped vector file per document for kNN.

Zero setup, one machine, several processes (the API and the workers) at once. Everything lives
under ``<data_dir>/embedded/``::

    index/            tantivy index: one entry per chunk (text, doc_id, generation, ordinal)
    documents/        <key>.<gen>.json (chunks, embedder identity) and <key>.<gen>.npy (vectors)
    write.lock        serializes writers across processes (tantivy allows one writer)
    backend.json      the vector dimension this data dir holds

Scores follow the conventions of :mod:`.base` (OpenSearch's): BM25 is Lucene's (tantivy's score
divided by ``k1 + 1``), fuzziness AUTO is expanded against the index vocabulary with Lucene's
rules (:mod:`.fuzzy`), kNN is exact cosine over the document's vectors reported as
``(1 + cos) / 2``, hybrid is min-max + weighted arithmetic mean (:mod:`.hybrid_scoring`).

Vectors of different embedders are not comparable (another model, or int8 instead of fp32):
each document records the identity of the embedder that computed its vectors, and a backend
opened for one embedder refuses kNN and hybrid queries on a document another one indexed
(:class:`~intelligent_extraction.errors.EmbedderMismatch`) instead of scoring across spaces.

Readers never lock: before each call they compare ``index/meta.json`` with the one they loaded
and reload the tantivy reader when another process committed. A write commits exactly once, so
a re-indexed document switches from its old chunks to its new ones atomically.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import tantivy
from filelock import FileLock, Timeout

from ..errors import (
    BackendError,
    BackendUnavailable,
    DocumentNotIndexed,
    EmbedderMismatch,
    ExtractionError,
)
from ..models import Chunk
from . import tantivy_index as ti
from .base import Hit, HybridHit
from .document_files import DocumentFiles, StoredDocument, new_generation, prepare_document
from .fuzzy import FuzzyExpander, blended_doc_freq
from .hybrid_scoring import check_weights, combine_hybrid
from .lucene import idf

__all__ = ["EmbeddedBackend"]

logger = logging.getLogger(__name__)

_RELOAD_ATTEMPTS = 5


@dataclass
class _View:
    """One tantivy reader generation and what was looked up in it."""

    searcher: tantivy.Searcher
    gens: dict[str, str | None] = field(default_factory=dict)  # doc_id -> generation
    scoring_doc_count: int | None = None
    # (query term, expander version) -> [(index term, boost)]
    fuzzy_groups: dict[tuple[str, int], list[tuple[str, float]]] = field(default_factory=dict)


class EmbeddedBackend:
    """In-process search backend persisted under ``data_dir`` (see the module docstring).

    ``lock_timeout`` bounds the wait for another process's write (BackendUnavailable after);
    ``cache_documents`` is how many documents' chunks and vector maps stay loaded;
    ``vocabulary_refresh_seconds`` is how old the index-wide vocabulary fuzzy expansion reads
    may grow before it is reloaded after a change (0: reload on every change). The searched
    document's own terms and every document frequency are always current, so staleness can only
    hide expansions that exist solely in documents written meanwhile by others, which cannot
    match the searched document anyway (they could only change Lucene's top-50 cut or the
    blended frequency).

    ``embedder`` is the identity of the embedder whose vectors this backend stores and whose
    query vectors it scores (None: unchecked, nothing recorded); ``legacy_embedder`` is the
    identity assumed for documents written before identities were recorded (the torch
    reference of the same model).
    """

    name = "embedded"

    def __init__(
        self,
        data_dir: Path | str,
        *,
        lock_timeout: float = 600.0,
        cache_documents: int = 64,
        writer_heap_bytes: int = 64_000_000,
        vocabulary_refresh_seconds: float = 30.0,
        embedder: str | None = None,
        legacy_embedder: str | None = None,
    ):
        if not isinstance(data_dir, (str, os.PathLike)):
            raise TypeError(f"data_dir must be a path, got {type(data_dir).__name__}")
        if not lock_timeout > 0:
            raise ValueError(f"lock_timeout must be > 0 seconds, got {lock_timeout}")
        if cache_documents < 1:
            raise ValueError(f"cache_documents must be at least 1, got {cache_documents}")
        if not vocabulary_refresh_seconds >= 0:
            raise ValueError(
                f"vocabulary_refresh_seconds must be >= 0, got {vocabulary_refresh_seconds}"
            )
        if writer_heap_bytes < 15_000_000:
            raise ValueError(
                f"writer_heap_bytes must be >= 15 MB (tantivy), got {writer_heap_bytes}"
            )
        for label, value in (("embedder", embedder), ("legacy_embedder", legacy_embedder)):
            if value is not None and (not isinstance(value, str) or not value):
                raise ValueError(f"{label} must be a non-empty string or None, got {value!r}")
        self.embedder = embedder
        self.legacy_embedder = legacy_embedder
        self.root = Path(data_dir) / "embedded"
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            self._files = DocumentFiles(self.root / "documents")
        except OSError as exc:
            raise BackendUnavailable(
                f"cannot create the embedded index at {self.root}: {exc}"
            ) from exc
        self._write_lock = FileLock(str(self.root / "write.lock"), timeout=lock_timeout)
        self._writer_heap = writer_heap_bytes
        self._cache_size = cache_documents
        self._mutex = threading.RLock()
        with self._locked():
            try:
                self._index = ti.open_or_create(self.root / "index")
            except (RuntimeError, ValueError, OSError) as exc:
                raise BackendError(f"cannot open the embedded index: {exc}") from exc
        self._schema = self._index.schema
        self._analyzer = ti.standard_analyzer()
        self._meta_path = self.root / "index" / "meta.json"
        self._view: _View | None = None
        self._stamp: tuple | None = None
        self._docs: OrderedDict[tuple[str, str], StoredDocument] = OrderedDict()
        self._expander = FuzzyExpander()
        self._vocabulary_view: _View | None = None
        self._vocabulary_loaded_at = 0.0
        self._vocabulary_refresh = vocabulary_refresh_seconds
        self._doc_terms: OrderedDict[tuple[str, str], list[str]] = OrderedDict()
        self._closed = False

    def __repr__(self) -> str:
        return f"EmbeddedBackend({str(self.root.parent)!r})"

    def __enter__(self) -> "EmbeddedBackend":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    # ----------------------------------------------------------------- writes

    def index_document(self, doc_id: str, chunks: Sequence[Chunk], vectors: np.ndarray) -> None:
        """Store a document, replacing any earlier version in one commit."""
        doc_id = _check_doc_id(doc_id)
        ordered, matrix = prepare_document(doc_id, chunks, vectors)
        gen = new_generation()
        with self._locked():
            self._check_dimension(matrix.shape[1])
            self._files.write(doc_id, gen, ordered, matrix, embedder=self.embedder)

            def replace(writer: tantivy.IndexWriter) -> None:
                writer.delete_documents_by_term(ti.DOC_ID, doc_id)
                for ordinal, chunk in enumerate(ordered):
                    writer.add_document(ti.make_document(doc_id, gen, ordinal, chunk.text))

            try:
                self._commit(replace)
            except BaseException:
                self._files.discard(doc_id, gen)
                raise
            self._files.remove(doc_id, keep=gen)
        self._invalidate()

    def delete_document(self, doc_id: str) -> bool:
        doc_id = _check_doc_id(doc_id)
        with self._locked():
            self._invalidate()
            if self._gen(self._current_view(), doc_id) is None:
                return False
            self._commit(lambda writer: writer.delete_documents_by_term(ti.DOC_ID, doc_id))
            self._files.remove(doc_id)
        self._invalidate()
        return True

    # ----------------------------------------------------------------- reads

    def has_document(self, doc_id: str) -> bool:
        return self._gen(self._current_view(), _check_doc_id(doc_id)) is not None

    def get_chunks(self, doc_id: str) -> list[Chunk]:
        _, doc = self._document(_check_doc_id(doc_id))
        return list(doc.chunks)

    def document_embedder(self, doc_id: str) -> str | None:
        """The identity of the embedder that computed the document's vectors (None when it was
        written unrecorded and no ``legacy_embedder`` is set); raises DocumentNotIndexed."""
        _, doc = self._document(_check_doc_id(doc_id))
        return doc.embedder or self.legacy_embedder

    def document_ids(self) -> list[str]:
        view = self._current_view()
        terms = view.searcher.terms_with_prefix(ti.DOC_ID, "")
        if sum(df for _, df in terms) == view.searcher.num_docs:
            return sorted(t for t, _ in terms)
        # deleted chunks still count in the term dictionary until segments merge
        return sorted(t for t, _ in terms if self._gen(view, t) is not None)

    def count_chunks(self) -> int:
        return self._current_view().searcher.num_docs

    def bm25_search(
        self, doc_id: str, text: str, *, size: int, fuzzy: bool = False, min_score: float = 0.0
    ) -> list[Hit]:
        _check_positive("size", size)
        _check_min_score(min_score)
        view, doc = self._document(_check_doc_id(doc_id))
        return self._bm25(view, doc, text, size, fuzzy, min_score)

    def knn_search(
        self, doc_id: str, vector: np.ndarray, *, k: int, min_score: float = 0.0
    ) -> list[Hit]:
        _check_positive("k", k)
        _check_min_score(min_score)
        _, doc = self._document(_check_doc_id(doc_id))
        self._check_embedder(doc)
        return doc.nearest(vector, k, min_score)

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
        _check_positive("size", size)
        check_weights(bm25_weight, knn_weight)
        view, doc = self._document(_check_doc_id(doc_id))
        self._check_embedder(doc)
        return combine_hybrid(
            self._bm25(view, doc, text, size, False, 0.0),
            doc.nearest(vector, size),
            bm25_weight=bm25_weight,
            knn_weight=knn_weight,
            size=size,
        )

    def close(self) -> None:
        with self._mutex:
            self._closed = True
            self._view = None
            self._vocabulary_view = None
            self._docs.clear()
            self._doc_terms.clear()

    def _check_embedder(self, doc: StoredDocument) -> None:
        """Query vectors come from ``self.embedder``: refuse a document of another one."""
        if self.embedder is None:
            return
        stored = doc.embedder or self.legacy_embedder
        if stored != self.embedder:
            raise EmbedderMismatch(doc.doc_id, stored, self.embedder)

    # ----------------------------------------------------------------- BM25

    def _bm25(
        self, view: _View, doc: StoredDocument, text: str, size: int, fuzzy: bool, min_score: float
    ) -> list[Hit]:
        terms = self._analyzer.analyze(text)
        groups = self._fuzzy_groups(view, doc, terms) if fuzzy else [[(t, 1.0)] for t in terms]
        query = ti.match_query(self._schema, groups)
        if query is None:
            return []
        found = view.searcher.search(
            ti.filtered(self._schema, query, doc.doc_id), size, count=False
        )
        addresses = [address for _, address in found.hits]
        ordinals = view.searcher.fast_field_values(ti.ORDINAL, addresses) if addresses else []
        hits = [
            Hit(doc.chunks[ordinal], score / ti.TANTIVY_BM25_FACTOR)
            for (score, _), ordinal in zip(found.hits, ordinals, strict=True)
        ]
        hits = [h for h in hits if h.score >= min_score]
        hits.sort(key=lambda h: (-h.score, h.chunk.position))
        return hits

    def _fuzzy_groups(
        self, view: _View, doc: StoredDocument, terms: list[str]
    ) -> list[list[tuple[str, float]]]:
        """Each query term's expansions as (term, boost) with Lucene's blended doc frequency.

        Tantivy scores a term with its own doc frequency; scaling the boost by
        ``idf(blended) / idf(own)`` makes it score with the blended one, as Lucene does.
        """
        with self._mutex:
            doc_terms = self._sync_vocabulary(view, doc)
            n = self._scoring_doc_count(view, doc_terms)

            def doc_freq(term: str) -> int:
                return view.searcher.doc_freq(ti.TEXT, term)

            groups = []
            for term in terms:
                key = (term, self._expander.version)
                group = view.fuzzy_groups.get(key)
                if group is None:
                    expansions = self._expander.expand(term, doc_freq)
                    blended = blended_doc_freq(expansions)
                    group = [
                        (e.term, e.boost * idf(blended, n) / idf(e.doc_freq, n)) for e in expansions
                    ]
                    view.fuzzy_groups[key] = group
                groups.append(group)
            return groups

    def _sync_vocabulary(self, view: _View, doc: StoredDocument) -> list[str]:
        """Bring the expander's vocabulary up to date enough for ``doc`` (called under the mutex);
        returns the document's own terms."""
        now = time.monotonic()
        stale = now - self._vocabulary_loaded_at >= self._vocabulary_refresh
        current = view is self._view  # never replace the vocabulary with an older reader's
        if self._vocabulary_view is None or (
            self._vocabulary_view is not view and stale and current
        ):
            self._expander.update(t for t, _ in view.searcher.terms_with_prefix(ti.TEXT, ""))
            self._vocabulary_view, self._vocabulary_loaded_at = view, now
        key = (doc.doc_id, doc.gen)
        doc_terms = self._doc_terms.get(key)
        if doc_terms is None:
            own = ti.doc_filter(self._schema, doc.doc_id)
            doc_terms = [
                t for t, _ in view.searcher.terms_with_prefix(ti.TEXT, "", filter_query=own)
            ]
            self._doc_terms[key] = doc_terms
            while len(self._doc_terms) > self._cache_size:
                self._doc_terms.popitem(last=False)
            # a later full update() comes from a reader that holds this document: its terms stay
            self._expander.add(doc_terms)
        return doc_terms

    def _scoring_doc_count(self, view: _View, probe_terms: list[str]) -> int:
        if view.scoring_doc_count is None:
            probed = ti.scoring_doc_count(view.searcher, self._schema, probe_terms[:4])
            view.scoring_doc_count = probed if probed is not None else view.searcher.num_docs
        return view.scoring_doc_count

    # ----------------------------------------------------------------- reader state

    def _current_view(self) -> _View:
        with self._mutex:
            if self._closed:
                raise BackendError("the embedded backend is closed")
            stamp = self._meta_stamp()
            if self._view is None or stamp != self._stamp:
                self._view = self._reload()
                self._stamp = stamp
            return self._view

    def _meta_stamp(self) -> tuple:
        try:
            st = os.stat(self._meta_path)
        except FileNotFoundError:
            return ()
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def _reload(self) -> _View:
        # another process may garbage-collect segment files between our reading meta.json and
        # opening them; the next meta.json is already there, so retrying succeeds
        for attempt in range(_RELOAD_ATTEMPTS):
            try:
                self._index.reload()
                return _View(self._index.searcher())
            except (ValueError, OSError, RuntimeError) as exc:
                if attempt == _RELOAD_ATTEMPTS - 1:
                    raise BackendUnavailable(f"cannot read the embedded index: {exc}") from exc
                time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    def _invalidate(self) -> None:
        with self._mutex:
            self._stamp = None

    def _gen(self, view: _View, doc_id: str) -> str | None:
        if doc_id not in view.gens:
            query = tantivy.Query.term_query(self._schema, ti.DOC_ID, doc_id)
            hits = view.searcher.search(query, 1, count=False).hits
            view.gens[doc_id] = view.searcher.doc(hits[0][1]).get_first(ti.GEN) if hits else None
        return view.gens[doc_id]

    def _document(self, doc_id: str) -> tuple[_View, StoredDocument]:
        for attempt in range(2):
            view = self._current_view()
            gen = self._gen(view, doc_id)
            if gen is None:
                raise DocumentNotIndexed(doc_id)
            with self._mutex:
                doc = self._docs.get((doc_id, gen))
                if doc is not None:
                    self._docs.move_to_end((doc_id, gen))
                    return view, doc
            try:
                doc = self._files.load(doc_id, gen)
            except FileNotFoundError as exc:
                if attempt == 0:  # replaced by another process since our reader loaded
                    self._invalidate()
                    continue
                raise BackendError(f"the files of document {doc_id!r} are missing") from exc
            except (ValueError, OSError) as exc:
                raise BackendError(f"cannot read document {doc_id!r}: {exc}") from exc
            with self._mutex:
                self._docs[(doc_id, gen)] = doc
                while len(self._docs) > self._cache_size:
                    self._docs.popitem(last=False)
            return view, doc
        raise AssertionError("unreachable")

    # ----------------------------------------------------------------- writer side

    @contextmanager
    def _locked(self):
        try:
            with self._write_lock:
                yield
        except Timeout as exc:
            raise BackendUnavailable(
                f"another process has held the index write lock {self._write_lock.lock_file} "
                f"for more than {self._write_lock.timeout} s"
            ) from exc

    def _commit(self, operations: Callable[[tantivy.IndexWriter], None]) -> None:
        """Run ``operations`` on a fresh writer and commit once; roll back on any failure."""
        if self._closed:
            raise BackendError("the embedded backend is closed")
        try:
            writer = self._index.writer(heap_size=self._writer_heap, num_threads=1)
        except ValueError as exc:
            raise BackendUnavailable(f"cannot open the index writer: {exc}") from exc
        try:
            operations(writer)
            writer.commit()
        except BaseException as exc:
            try:
                writer.rollback()
            except Exception:  # the original failure is the one worth reporting
                pass
            del writer
            if isinstance(exc, Exception) and not isinstance(exc, ExtractionError):
                raise BackendError(f"writing to the embedded index failed: {exc}") from exc
            raise
        # merges run on the writer's threads; waiting keeps the segment count low. The commit
        # stands whatever happens here: a failed merge is retried by a later writer.
        try:
            writer.wait_merging_threads()
        except Exception as exc:
            logger.warning("embedded index: merging segments failed: %s", exc)

    def _check_dimension(self, dimension: int) -> None:
        """The first document fixes the data dir's vector dimension (called under the lock)."""
        path = self.root / "backend.json"
        config = json.loads(path.read_text()) if path.exists() else {}
        stored = config.get("dimension")
        if stored is None:
            path.write_text(json.dumps({**config, "dimension": dimension}))
        elif stored != dimension:
            raise ValueError(
                f"vectors have dimension {dimension} but {self.root} holds dimension {stored}; "
                "use another data dir (or delete this one) to change embedding models"
            )


# --------------------------------------------------------------------------- validation


def _check_doc_id(doc_id: str) -> str:
    if not isinstance(doc_id, str) or not doc_id:
        raise ValueError(f"doc_id must be a non-empty string, got {doc_id!r}")
    return doc_id


def _check_positive(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be an integer >= 1, got {value!r}")


def _check_min_score(min_score: float) -> None:
    if not np.isfinite(min_score):
        raise ValueError(f"min_score must be a finite number, got {min_score}")
