"""The embedded backend beyond the shared contract: persistence, several processes, atomic
replacement, caches that follow the index, and BM25 parity with Lucene over many lengths."""

from __future__ import annotations

import multiprocessing
import threading
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from intelligent_extraction.backends import EmbeddedBackend, create_backend, lucene
from intelligent_extraction.errors import BackendError, ConfigError, DocumentNotIndexed
from intelligent_extraction.models import Chunk
from intelligent_extraction.settings import Settings

DIM = 8


def _chunks(doc_id: str, texts: list[str]) -> list[Chunk]:
    return [
        Chunk(
            f"{doc_id}:{i}", doc_id, t, "text", i * 10, i * 10 + len(t), i, page=1, section=("S",)
        )
        for i, t in enumerate(texts)
    ]


def _vectors(n: int, seed: int = 0) -> np.ndarray:
    return np.random.default_rng(seed).normal(size=(n, DIM)).astype(np.float32)


def _index(backend: EmbeddedBackend, doc_id: str, texts: list[str], seed: int = 0) -> None:
    backend.index_document(doc_id, _chunks(doc_id, texts), _vectors(len(texts), seed))


@pytest.fixture()
def backend(tmp_path):
    b = EmbeddedBackend(tmp_path)
    yield b
    b.close()


# --------------------------------------------------------------------------- persistence


def test_everything_persists_across_reopen(tmp_path):
    with EmbeddedBackend(tmp_path) as first:
        _index(first, "doc", ["governing law is delaware", "payment in thirty days"])
        before = first.bm25_search("doc", "governing law", size=5)
    with EmbeddedBackend(tmp_path) as second:
        assert second.document_ids() == ["doc"]
        assert second.get_chunks("doc") == _chunks(
            "doc", ["governing law is delaware", "payment in thirty days"]
        )
        assert second.bm25_search("doc", "governing law", size=5) == before
        assert (
            second.bm25_search("doc", "goverining", size=5, fuzzy=True)[0].chunk.chunk_id == "doc:0"
        )
        assert second.knn_search("doc", _vectors(2)[1], k=1)[0].chunk.chunk_id == "doc:1"


def test_closed_backend_refuses_work(backend):
    backend.close()
    with pytest.raises(BackendError):
        backend.has_document("x")


def test_another_format_in_the_index_dir_is_reported(tmp_path):
    with EmbeddedBackend(tmp_path) as b:
        _index(b, "doc", ["text"])
    (tmp_path / "embedded" / "index" / "ie-format.json").write_text('{"format": 0}')
    with pytest.raises(BackendError, match="another format"):
        EmbeddedBackend(tmp_path)


# --------------------------------------------------------------------------- several processes


def _write_documents(data_dir: str, prefix: str, count: int) -> None:
    with EmbeddedBackend(Path(data_dir)) as b:
        for i in range(count):
            texts = [f"{prefix} clause {j} governing law" for j in range(20)]
            _index(b, f"{prefix}-{i}", texts, seed=i)


def _read_when_told(data_dir: str, doc_id: str, go, results) -> None:
    with EmbeddedBackend(Path(data_dir)) as b:
        results.put(("before", b.has_document(doc_id)))
        go.wait(60)
        hits = b.bm25_search(doc_id, "zebra", size=5)
        results.put(("after", b.has_document(doc_id), [h.chunk.chunk_id for h in hits]))


def test_two_processes_write_concurrently(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    writers = [
        ctx.Process(target=_write_documents, args=(str(tmp_path), p, 6)) for p in ("left", "right")
    ]
    for w in writers:
        w.start()
    for w in writers:
        w.join(120)
        assert w.exitcode == 0
    with EmbeddedBackend(tmp_path) as b:
        ids = b.document_ids()
        assert ids == sorted([f"left-{i}" for i in range(6)] + [f"right-{i}" for i in range(6)])
        assert b.count_chunks() == 12 * 20
        assert all(len(b.get_chunks(d)) == 20 for d in ids)


def test_a_reader_process_sees_a_document_written_by_another(tmp_path):
    ctx = multiprocessing.get_context("spawn")
    with EmbeddedBackend(tmp_path) as writer:
        _index(writer, "seed", ["nothing here"])
        go, results = ctx.Event(), ctx.Queue()
        reader = ctx.Process(target=_read_when_told, args=(str(tmp_path), "late", go, results))
        reader.start()
        assert results.get(timeout=60) == ("before", False)
        _index(writer, "late", ["a zebra clause", "no match"])
        go.set()
        assert results.get(timeout=60) == ("after", True, ["late:0"])
        reader.join(60)
        assert reader.exitcode == 0


def test_a_long_lived_instance_sees_writes_and_deletes_of_another(tmp_path):
    with EmbeddedBackend(tmp_path) as reader, EmbeddedBackend(tmp_path) as writer:
        assert reader.document_ids() == []
        _index(writer, "doc", ["first version"])
        assert reader.get_chunks("doc")[0].text == "first version"
        _index(writer, "doc", ["second version", "more"])
        assert [c.text for c in reader.get_chunks("doc")] == ["second version", "more"]
        assert writer.delete_document("doc")
        assert not reader.has_document("doc")
        with pytest.raises(DocumentNotIndexed):
            reader.knn_search("doc", np.ones(DIM), k=1)


# --------------------------------------------------------------------------- atomicity


class _CrashingBackend(EmbeddedBackend):
    """Fails after the delete and the adds, just before the commit."""

    def _commit(self, operations):
        def crash(writer):
            operations(writer)
            raise RuntimeError("disk full")

        super()._commit(crash)


def test_a_failed_write_leaves_the_earlier_version(tmp_path):
    with EmbeddedBackend(tmp_path) as good:
        _index(good, "doc", ["original text"])
        files = good._files
        [gen] = files.generations("doc")
    with _CrashingBackend(tmp_path) as crashing:
        with pytest.raises(BackendError, match="disk full"):
            _index(crashing, "doc", ["replacement", "text"])
    with EmbeddedBackend(tmp_path) as after:
        assert [c.text for c in after.get_chunks("doc")] == ["original text"]
        assert after.count_chunks() == 1
        assert files.generations("doc") == {gen}


def test_reindex_and_delete_leave_no_stale_files(backend):
    _index(backend, "doc", ["one"])
    _index(backend, "doc", ["two"])
    assert len(backend._files.generations("doc")) == 1
    assert backend.delete_document("doc")
    assert list(backend._files.directory.iterdir()) == []


def test_deleted_documents_leave_document_ids_and_counts(backend):
    for name in ("a", "b", "c"):
        _index(backend, name, [f"{name} text", "shared words"])
    backend.delete_document("b")
    assert backend.document_ids() == ["a", "c"]
    assert backend.count_chunks() == 4


def test_vector_dimension_is_fixed_by_the_first_document(backend):
    _index(backend, "doc", ["text"])
    with pytest.raises(ValueError, match="dimension"):
        backend.index_document("other", _chunks("other", ["t"]), np.ones((1, DIM + 1), np.float32))


# --------------------------------------------------------------------------- caches


def test_fuzzy_expansions_follow_new_vocabulary(backend):
    _index(backend, "doc", ["the contact person"])
    assert [
        h.chunk.chunk_id for h in backend.bm25_search("doc", "kontrakt", size=5, fuzzy=True)
    ] == []
    _index(backend, "doc", ["the kontract person", "the contact person"])
    hits = backend.bm25_search("doc", "kontrakt", size=5, fuzzy=True)
    assert [h.chunk.chunk_id for h in hits] == ["doc:0"]


def test_concurrent_threads_search_while_another_writes(backend):
    _index(backend, "stable", [f"governing law clause {i}" for i in range(30)])
    errors: list[BaseException] = []

    def search():
        try:
            for _ in range(30):
                assert len(backend.bm25_search("stable", "governing", size=5, fuzzy=True)) == 5
                assert len(backend.knn_search("stable", np.ones(DIM), k=3)) == 3
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=search) for _ in range(4)]
    for t in threads:
        t.start()
    for i in range(5):
        _index(backend, f"churn-{i}", [f"new words {i}"])
    for t in threads:
        t.join()
    assert errors == []


def test_knn_ties_keep_position_order(backend):
    backend.index_document("doc", _chunks("doc", ["a", "b", "c"]), np.ones((3, DIM), np.float32))
    hits = backend.knn_search("doc", np.ones(DIM), k=3)
    assert [h.chunk.position for h in hits] == [0, 1, 2]
    assert all(h.score == pytest.approx(1.0) for h in hits)


# --------------------------------------------------------------------------- BM25 parity


def test_bm25_equals_lucene_for_every_length_up_to_300(backend):
    # tantivy must use Lucene's one-byte length table: every length class from 2 to 299 tokens
    def text(n: int) -> str:
        law = 0 if n % 3 == 0 else 2 if n % 7 == 0 else 1  # "law" in 2/3 of the chunks
        return " ".join(["law"] * law + ["filler"] * (n - law))

    texts = [text(n) for n in range(2, 300)]
    backend.index_document("doc", _chunks("doc", texts), _vectors(len(texts)))
    stats = lucene.CorpusStats.from_token_lists([t.split() for t in texts])
    hits = backend.bm25_search("doc", "law", size=len(texts))
    assert len(hits) == stats.doc_freqs["law"]
    for hit in hits:
        tokens = hit.chunk.text.split()
        expected = lucene.term_score(
            Counter(tokens)["law"],
            len(tokens),
            doc_freq=stats.doc_freqs["law"],
            doc_count=stats.doc_count,
            avg_doc_len=stats.avg_doc_len,
        )
        assert hit.score == pytest.approx(expected, rel=1e-5)


# --------------------------------------------------------------------------- factory


def test_create_backend_builds_the_embedded_backend(tmp_path):
    backend = create_backend(Settings(backend="embedded", data_dir=tmp_path))
    assert isinstance(backend, EmbeddedBackend) and backend.root == tmp_path / "embedded"
    backend.close()


def test_create_backend_opensearch_needs_a_dimension(tmp_path):
    with pytest.raises(ConfigError):
        create_backend(Settings(backend="opensearch", data_dir=tmp_path))


def test_constructor_validates_arguments(tmp_path):
    with pytest.raises(ValueError):
        EmbeddedBackend(tmp_path, lock_timeout=0)
    with pytest.raises(ValueError):
        EmbeddedBackend(tmp_path, cache_documents=0)
    with pytest.raises(TypeError):
        EmbeddedBackend(42)  # type: ignore[arg-type]
