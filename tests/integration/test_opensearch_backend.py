"""What only the OpenSearch backend does, against a real OpenSearch (skips without one).

The generic semantics (storage, BM25, fuzzy, kNN, hybrid scores) are the shared contract's
(``test_opensearch_contract.py``). Here: undoing a rejected write, not rewriting unchanged
chunks, the hybrid paths (explained, unexplained, llama-index's vector store), and the index
and pipelines the service creates itself.
Vectors are small and hand-made (dimension 4).
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

from intelligent_extraction.backends import opensearch_dsl as dsl
from intelligent_extraction.errors import BackendError
from intelligent_extraction.models import Chunk

pytestmark = pytest.mark.integration

A, B = "msa-acme", "nda-beta"
TEXTS_A = [
    "This Master Services Agreement is made between Acme Corp and Beta LLC.",
    "Late payments bear interest at 1.5% per month on the unpaid balance.",
    "This Agreement is governed by the laws of the State of New York.",
    "Either party may terminate this Agreement with ninety days written notice.",
]
VECTORS_A = np.array(
    [[1, 0, 0, 0], [0.2, 1, 0, 0], [0, 0.3, 1, 0.1], [0, 0, 0.2, 1]], dtype=np.float32
)
QUERY = np.array([0.1, 1, 0.2, 0], np.float32)


def _chunks(doc_id, texts, *, prefix="c"):
    return [
        Chunk(
            chunk_id=f"{prefix}{i}",
            doc_id=doc_id,
            text=text,
            chunk_type="text",
            start=100 * i,
            end=100 * i + len(text),
            position=i,
            page=1 + i,
            section=("Terms", f"Clause {i}"),
            source=f"{doc_id}.pdf",
        )
        for i, text in enumerate(texts)
    ]


@pytest.fixture()
def backend(make_backend):
    backend = make_backend(4)
    backend.index_document(A, _chunks(A, TEXTS_A), VECTORS_A)
    backend.index_document(
        B,
        _chunks(B, ["Late payments under this NDA bear no interest."]),
        np.array([[0, 1, 0, 0]], np.float32),
    )
    return backend


def _version_of(client, backend, chunk_id, doc_id=A):
    return client.get(index=backend.index_name, id=dsl.opensearch_id(doc_id, chunk_id))["_version"]


# --------------------------------------------------------------------------- writes


def test_a_rejected_write_is_undone(backend):
    before = backend.get_chunks(A)
    # c1 is overwritten (new text and vector), v2-0 is new, and v2-1 carries a page OpenSearch
    # cannot parse as an integer: the mapping rejects that one bulk item
    new = [
        replace(before[1], text="Rewritten late payment clause."),
        *_chunks(A, ["Fresh clause.", "Broken clause."], prefix="v2-"),
    ]
    new[2] = replace(new[2], page="not-a-page")
    vectors = np.array([[0, 1, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]], np.float32)
    with pytest.raises(BackendError, match="rejected 1 of 3 chunks.*earlier version was kept"):
        backend.index_document(A, new, vectors)
    assert backend.get_chunks(A) == before  # c1's old text is back, v2-0 is gone
    assert backend.count_chunks() == 5
    hits = backend.knn_search(A, VECTORS_A[1], k=1)  # and so is c1's old vector
    assert hits[0].chunk.chunk_id == "c1"
    assert hits[0].score == pytest.approx(1.0, abs=1e-6)


def test_unchanged_chunks_are_not_written_again(backend, opensearch_client):
    versions = {
        c.chunk_id: _version_of(opensearch_client, backend, c.chunk_id) for c in _chunks(A, TEXTS_A)
    }
    changed = _chunks(A, TEXTS_A)
    changed[2] = replace(changed[2], text="This Agreement is governed by Delaware law.")
    backend.index_document(A, changed, VECTORS_A)
    after = {c.chunk_id: _version_of(opensearch_client, backend, c.chunk_id) for c in changed}
    assert after == {**versions, "c2": versions["c2"] + 1}
    assert backend.get_chunks(A) == changed


def test_the_index_is_the_documented_one(backend, opensearch_client):
    index = backend.index_name
    # <prefix>-chunks-<dim>d, plus the embedding runtime for ONNX and a shorter input
    # (index_name_for)
    assert re.search(r"-chunks-4d(-onnx(-int8)?)?(-max\d+)?$", index), index
    wanted = dsl.index_body(4, replicas=0)
    stored = opensearch_client.indices.get(index=index)[index]
    assert stored["settings"]["index"]["refresh_interval"] == "-1"
    assert stored["settings"]["index"]["knn"] == "true"
    vector = stored["mappings"]["properties"]["chunk_vector"]
    assert vector["dimension"] == 4
    assert vector["method"]["engine"] == "lucene"
    assert vector["method"]["space_type"] == "cosinesimil"
    assert set(stored["mappings"]["properties"]) == set(wanted["mappings"]["properties"])


# --------------------------------------------------------------------------- hybrid


def test_the_unexplained_path_ranks_and_scores_like_the_explained_one(backend, make_backend):
    # the explained _score drifts from the ranking score; the backend recomputes it from the
    # explained parts, so both paths must agree to float32 precision
    plain = make_backend(4, explain_hybrid=False)  # same prefix: same index and pipelines
    text = "late payment interest"
    explained = backend.hybrid_search(A, text, QUERY, size=10, bm25_weight=0.4, knn_weight=0.6)
    unexplained = plain.hybrid_search(A, text, QUERY, size=10, bm25_weight=0.4, knn_weight=0.6)
    assert [h.chunk for h in unexplained] == [h.chunk for h in explained]
    assert [h.score for h in unexplained] == pytest.approx([h.score for h in explained], abs=1e-6)
    assert {h.chunk.doc_id for h in unexplained} == {A}  # B matches the text too
    assert all(h.bm25 is None and h.knn_norm is None for h in unexplained)
    assert any(h.bm25 is not None and h.knn_norm is not None for h in explained)


def test_llama_index_vector_store_hybrid_ranks_and_scores_like_the_dsl_path(backend):
    from llama_index.core.vector_stores.types import (
        MetadataFilter,
        MetadataFilters,
        VectorStoreQuery,
        VectorStoreQueryMode,
    )

    store = backend.llama_vector_store(bm25_weight=0.4, knn_weight=0.6)
    result = store.query(
        VectorStoreQuery(
            query_embedding=QUERY.tolist(),
            query_str="late payment interest",
            similarity_top_k=10,
            mode=VectorStoreQueryMode.HYBRID,
            filters=MetadataFilters(filters=[MetadataFilter(key="doc_id", value=A)]),
        )
    )
    dsl_hits = backend.hybrid_search(
        A, "late payment interest", QUERY, size=10, bm25_weight=0.4, knn_weight=0.6
    )
    assert [n.metadata["chunk_id"] for n in result.nodes] == [h.chunk.chunk_id for h in dsl_hits]
    assert result.similarities == pytest.approx([h.score for h in dsl_hits], abs=1e-6)
    assert result.nodes[0].metadata["chunk_id"] == "c1"


def test_the_service_creates_the_pipeline_it_documents(backend, opensearch_client):
    backend.hybrid_search(A, "interest", QUERY, size=5, bm25_weight=0.3, knn_weight=0.7)
    pipeline = dsl.pipeline_id(backend._pipeline_base, 0.3, 0.7)
    stored = opensearch_client.search_pipeline.get(id=pipeline)[pipeline]
    explain = backend._ensure_ready().explain
    wanted = dsl.search_pipeline_body(0.3, 0.7, explain=explain)
    assert stored["phase_results_processors"] == wanted["phase_results_processors"]
    assert stored.get("response_processors") == wanted.get("response_processors")


def test_index_and_pipelines_are_created_idempotently(backend, make_backend):
    second = make_backend(4)  # another process on the same prefix
    assert second.get_chunks(A) == backend.get_chunks(A)
    first_hits = backend.hybrid_search(A, "interest", QUERY, size=5, bm25_weight=1, knn_weight=1)
    second_hits = second.hybrid_search(A, "interest", QUERY, size=5, bm25_weight=1, knn_weight=1)
    assert second_hits == first_hits


def test_an_index_with_another_dimension_is_refused(backend, make_backend, opensearch_client):
    other = make_backend(8)
    assert other.index_name != backend.index_name  # the dimension is in the name...
    assert other.count_chunks() == 0
    impostor = type(backend)(  # ...so only a hand-built backend can meet the wrong mapping
        opensearch_client, index_name=backend.index_name, dimension=8, pipeline_name="x-hybrid"
    )
    with pytest.raises(BackendError, match="dimension"):
        impostor.count_chunks()


def test_a_cluster_block_is_reported_as_one_not_as_bad_credentials(make_backend, opensearch_client):
    """What a disk over its high watermark does to a cluster, set here by hand."""
    block = {"persistent": {"cluster.blocks.create_index": True}}
    opensearch_client.cluster.put_settings(body=block)
    try:
        with pytest.raises(BackendError, match="is blocked") as caught:
            make_backend(4).count_chunks()
        assert "credentials" not in str(caught.value)
    finally:
        opensearch_client.cluster.put_settings(
            body={"persistent": {"cluster.blocks.create_index": None}}
        )
