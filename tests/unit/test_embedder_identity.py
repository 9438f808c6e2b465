"""Embedder identity in the index: a query is never scored against another embedder's vectors.

Uses the embedded backend with hand-made unit vectors (what matters here is the bookkeeping,
not the model), and the real torch model where the ingestor re-indexes a file.
"""

from __future__ import annotations

import numpy as np
import pytest

from intelligent_extraction.backends import EmbeddedBackend, create_backend
from intelligent_extraction.embeddings import length_sorted_batches
from intelligent_extraction.errors import ConfigError, EmbedderMismatch
from intelligent_extraction.ingest import Ingestor
from intelligent_extraction.models import Chunk
from intelligent_extraction.samples import services_agreement, write_text
from intelligent_extraction.settings import Settings

TORCH, INT8 = "m@abc:torch", "m@abc:onnx-int8"


def _doc(doc_id: str = "d1") -> tuple[list[Chunk], np.ndarray]:
    chunks = [
        Chunk(chunk_id=f"c{i}", doc_id=doc_id, text=text, chunk_type="text", start=0,
              end=len(text), position=i, page=1, section=(), source="d1.txt")
        for i, text in enumerate(["governing law of New York", "payment within 30 days"])
    ]
    return chunks, np.eye(2, 4, dtype=np.float32)


def test_document_records_its_embedder(tmp_path):
    with EmbeddedBackend(tmp_path, embedder=INT8) as backend:
        backend.index_document("d1", *_doc())
        assert backend.document_embedder("d1") == INT8
        assert backend.knn_search("d1", np.array([1, 0, 0, 0], np.float32), k=1)


def test_query_with_another_embedder_is_refused(tmp_path):
    with EmbeddedBackend(tmp_path, embedder=TORCH) as writer:
        writer.index_document("d1", *_doc())
    query = np.array([1, 0, 0, 0], np.float32)
    with EmbeddedBackend(tmp_path, embedder=INT8) as reader:
        with pytest.raises(EmbedderMismatch, match="index it again") as err:
            reader.knn_search("d1", query, k=1)
        assert (err.value.stored, err.value.current) == (TORCH, INT8)
        with pytest.raises(EmbedderMismatch):
            reader.hybrid_search("d1", "law", query, size=2, bm25_weight=0.5, knn_weight=0.5)
        assert reader.bm25_search("d1", "law", size=2)  # BM25 has no vectors: still fine


def test_unrecorded_documents_count_as_the_legacy_embedder(tmp_path):
    with EmbeddedBackend(tmp_path) as old:  # written before identities were recorded
        old.index_document("d1", *_doc())
    query = np.array([1, 0, 0, 0], np.float32)
    with EmbeddedBackend(tmp_path, embedder=TORCH, legacy_embedder=TORCH) as torch_backend:
        assert torch_backend.document_embedder("d1") == TORCH
        assert torch_backend.knn_search("d1", query, k=1)
    with EmbeddedBackend(tmp_path, embedder=INT8, legacy_embedder=TORCH) as int8_backend:
        with pytest.raises(EmbedderMismatch):
            int8_backend.knn_search("d1", query, k=1)


def test_backend_constructor_says_what_was_wrong(tmp_path):
    with pytest.raises(ValueError, match="embedder must be a non-empty string"):
        EmbeddedBackend(tmp_path, embedder="")


def test_create_backend_passes_the_identity(tmp_path):
    settings = Settings.load(data_dir=tmp_path, embed_backend="onnx-int8")
    backend = create_backend(settings, embedder=INT8)
    assert backend.embedder == INT8
    # documents from before identities were recorded: torch vectors of the whole input
    assert backend.legacy_embedder.endswith(":torch")


def test_settings_reject_an_unknown_embed_backend(tmp_path):
    with pytest.raises(ConfigError, match="IE_EMBED_BACKEND"):
        Settings.load(data_dir=tmp_path, embed_backend="tensorrt")
    with pytest.raises(ConfigError, match="IE_EMBED_THREADS"):
        Settings.load(data_dir=tmp_path, embed_threads=-1)


def test_length_sorted_batches_cover_every_index_once():
    lengths = [5, 50, 1, 30, 30, 7, 0]
    batches = list(length_sorted_batches(lengths, 3))
    assert [len(b) for b in batches] == [3, 3, 1]
    assert sorted(i for b in batches for i in b) == list(range(7))
    assert [lengths[i] for i in batches[0]] == [50, 30, 30]  # longest first
    assert list(length_sorted_batches([], 4)) == []
    with pytest.raises(ValueError, match="batch_size must be at least 1"):
        list(length_sorted_batches(lengths, 0))


@pytest.mark.slow
def test_ingestor_reindexes_a_document_of_another_embedder(embedder, tmp_path):
    path = write_text(tmp_path / "msa.txt", services_agreement())
    with EmbeddedBackend(tmp_path / "data", embedder=INT8) as other:
        # pretend an int8 process indexed it (vectors made by torch, labelled int8)
        ingest = Ingestor(other, _Labelled(embedder, INT8))
        assert not ingest.index_file(path).skipped
    with EmbeddedBackend(tmp_path / "data", embedder=embedder.identity) as backend:
        ingest = Ingestor(backend, embedder)
        report = ingest.index_file(path)
        assert not report.skipped and report.embedded == report.chunks  # not "current"
        assert backend.document_embedder(report.doc_id) == embedder.identity
        assert ingest.index_file(path).skipped  # now it is


@pytest.mark.slow
def test_ingestor_refuses_a_backend_of_another_embedder(embedder, tmp_path):
    with EmbeddedBackend(tmp_path, embedder=INT8) as backend:
        with pytest.raises(ValueError, match="holds vectors of embedder"):
            Ingestor(backend, embedder)


class _Labelled:
    """A real embedder under another identity (to write a document 'from another process')."""

    def __init__(self, inner, identity: str):
        self._inner, self.identity = inner, identity
        self.model_name, self.dimension = inner.model_name, inner.dimension

    def count_tokens(self, text):
        return self._inner.count_tokens(text)

    def offsets(self, text):
        return self._inner.offsets(text)

    def embed_texts(self, texts, progress=None):
        return self._inner.embed_texts(texts, progress)

    def embed_query(self, text):
        return self._inner.embed_query(text)
