"""What the OpenSearch backend does without a server: names, argument checks before any request,
connection failures converted at the boundary, and its llama-index client aligned with the mapping.

The unreachable server is a real closed port on localhost, not a fake.
"""

from __future__ import annotations

import socket

import numpy as np
import opensearchpy
import pytest

from intelligent_extraction.backends import opensearch_dsl as dsl
from intelligent_extraction.backends.base import SearchBackend
from intelligent_extraction.backends.opensearch import OpenSearchBackend
from intelligent_extraction.errors import BackendError, BackendUnavailable
from intelligent_extraction.models import Chunk
from intelligent_extraction.settings import Settings


@pytest.fixture()
def closed_url() -> str:
    """http://127.0.0.1:<port> where nothing listens (the port was just released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"


@pytest.fixture()
def backend(closed_url):
    backend = OpenSearchBackend.from_settings(
        Settings.load(opensearch_url=closed_url, index_prefix="offline"), dimension=3
    )
    yield backend
    backend.close()


def _chunks(doc_id="d", n=2):
    return [
        Chunk(
            chunk_id=f"c{i}",
            doc_id=doc_id,
            text=f"clause {i}",
            chunk_type="text",
            start=i,
            end=i + 1,
            position=i,
        )
        for i in range(n)
    ]


def test_is_a_search_backend(backend):
    assert isinstance(backend, SearchBackend)
    assert backend.name == "opensearch"


def test_from_settings_names_everything_with_the_prefix(backend, closed_url):
    # the index also names the embedding runtime (default onnx) and input length (default 96
    # tokens): vectors of another embedder live in another index; torch on the whole input
    # keeps the name indexes had before embedders were told apart
    assert backend.index_name == "offline-chunks-3d-onnx-max96"
    assert backend.url == closed_url
    assert backend.dimension == 3
    assert dsl.pipeline_id(backend._pipeline_base, 1, 1) == "offline-hybrid-bm25-0500"


def test_index_name_names_the_runtime():
    from intelligent_extraction.backends.opensearch import index_name_for
    from intelligent_extraction.settings import Settings

    names = {r: index_name_for(Settings.load(embed_backend=r, embed_max_tokens=256,
                                             index_prefix="x"), 384)
             for r in ("torch", "onnx", "onnx-int8")}
    assert names == {"torch": "x-chunks-384d", "onnx": "x-chunks-384d-onnx",
                     "onnx-int8": "x-chunks-384d-onnx-int8"}


def test_index_name_names_a_shorter_embedder_input():
    """Vectors of a chunk's first 128 tokens live in an index of their own."""
    from intelligent_extraction.backends.opensearch import index_name_for
    from intelligent_extraction.settings import Settings

    def name(backend: str, max_tokens: int) -> str:
        settings = Settings.load(embed_backend=backend, embed_max_tokens=max_tokens,
                                 index_prefix="x")
        return index_name_for(settings, 384)

    assert name("onnx", 128) == "x-chunks-384d-onnx-max128"
    assert name("torch", 128) == "x-chunks-384d-max128"
    assert name("onnx", 256) == "x-chunks-384d-onnx"


@pytest.mark.parametrize(
    "call",
    [
        lambda b: b.has_document("d"),
        lambda b: b.get_chunks("d"),
        lambda b: b.document_ids(),
        lambda b: b.count_chunks(),
        lambda b: b.delete_document("d"),
        lambda b: b.index_document("d", _chunks(), np.ones((2, 3), dtype=np.float32)),
        lambda b: b.bm25_search("d", "late fee", size=5),
        lambda b: b.knn_search("d", np.ones(3, dtype=np.float32), k=5),
        lambda b: b.hybrid_search("d", "late fee", np.ones(3), size=5, bm25_weight=1, knn_weight=1),
    ],
    ids=["has", "get", "ids", "count", "delete", "index", "bm25", "knn", "hybrid"],
)
def test_connection_refused_is_backend_unavailable_naming_the_url(backend, closed_url, call):
    with pytest.raises(BackendUnavailable) as caught:
        call(backend)
    assert closed_url in str(caught.value)
    assert "cannot be reached" in str(caught.value)
    assert isinstance(caught.value.__cause__, opensearchpy.ConnectionError)
    assert isinstance(caught.value, BackendError)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda b: b.index_document("d", _chunks(), np.ones((2, 4))), r"shape \(2, 3\)"),
        (lambda b: b.index_document("d", _chunks(), np.ones((3, 3))), r"shape \(2, 3\)"),
        (lambda b: b.index_document("d", [], np.ones((0, 3))), "no chunks"),
        (lambda b: b.index_document("", _chunks(""), np.ones((2, 3))), "non-empty"),
        (lambda b: b.index_document("d", _chunks("other"), np.ones((2, 3))), "other doc_ids"),
        (lambda b: b.index_document("d", _chunks() + _chunks()[:1], np.ones((3, 3))), "duplicate"),
        (
            lambda b: b.index_document("d", _chunks(), np.array([[1, 0, 0], [0, 0, 0]])),
            "row 1 .* zero",
        ),
        (
            lambda b: b.index_document("d", _chunks(), np.array([[1, 0, 0], [np.nan, 0, 1]])),
            "not finite",
        ),
        (lambda b: b.knn_search("d", np.ones(4), k=3), r"shape \(3,\)"),
        (lambda b: b.knn_search("d", np.zeros(3), k=3), "zero"),
        (lambda b: b.knn_search("d", np.ones(3), k=0), "greater than 0"),
        (lambda b: b.bm25_search("d", "x", size=0), "greater than 0"),
        (
            lambda b: b.hybrid_search("d", "x", np.ones(3), size=5, bm25_weight=0, knn_weight=0),
            "both be 0",
        ),
        (
            lambda b: b.hybrid_search("d", "x", np.ones(3), size=5, bm25_weight=-1, knn_weight=1),
            ">= 0",
        ),
    ],
)
def test_bad_arguments_fail_before_any_request(backend, call, message):
    # the server is unreachable: a ValueError (not BackendUnavailable) proves nothing was sent
    with pytest.raises(ValueError, match=message):
        call(backend)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"dimension": 0}, "dimension must be greater than 0"),
        ({"index_name": "Chunks"}, "not valid"),
        ({"pipeline_name": ""}, "pipeline_name"),
        ({"number_of_shards": 0}, "number_of_shards"),
        ({"number_of_replicas": -1}, "number_of_replicas"),
    ],
)
def test_constructor_says_what_was_wrong(closed_url, kwargs, message):
    args = {"index_name": "ie-chunks-3d", "dimension": 3, "pipeline_name": "ie-hybrid"} | kwargs
    with pytest.raises(ValueError, match=message):
        OpenSearchBackend(opensearchpy.OpenSearch(hosts=[closed_url]), **args)


def test_url_is_taken_from_a_client_passed_in(closed_url):
    client = opensearchpy.OpenSearch(hosts=[closed_url])
    backend = OpenSearchBackend(
        client, index_name="ie-chunks-3d", dimension=3, pipeline_name="ie-hybrid"
    )
    with pytest.raises(BackendUnavailable, match=closed_url.replace(".", r"\.")):
        backend.count_chunks()
    backend.close()  # not ours: left open
    assert client.transport.connection_pool.connections[0].pool is not None


def test_close_closes_a_client_it_created(backend):
    connection = backend._client.transport.connection_pool.connections[0]
    backend.close()
    assert connection.pool is None


def _field_paths(node, found):
    """Every field a query addresses in term/match/knn clauses."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in {"term", "match", "knn", "terms"} and isinstance(value, dict):
                found.update(value)
            _field_paths(value, found)
    elif isinstance(node, list):
        for value in node:
            _field_paths(value, found)
    return found


def _mapped(mapping, path):
    """True when ``path`` (``a.b.keyword``) resolves to a field or multi-field of the mapping."""
    node = {"properties": mapping["mappings"]["properties"]}
    for part in path.split("."):
        if part in node.get("properties", {}):
            node = node["properties"][part]
        elif part in node.get("fields", {}):
            node = node["fields"][part]
        else:
            return False
    return "type" in node


@pytest.mark.parametrize("doc_id", ["contract-a", "2024-01-01"])  # llama drops .keyword for dates
def test_llama_index_hybrid_query_only_addresses_mapped_fields(backend, doc_id):
    from llama_index.core.vector_stores.types import MetadataFilter, MetadataFilters

    client = backend._llama_client("offline-hybrid-bm25-0500")  # no request: llama-index is lazy
    assert (client._text_field, client._embedding_field) == ("text", "chunk_vector")
    assert client._idx_conf == dsl.index_body(3)
    assert client._search_pipeline == "offline-hybrid-bm25-0500"
    client._efficient_filtering_enabled = True  # what it detects on OpenSearch >= 2.9
    filters = MetadataFilters(filters=[MetadataFilter(key="doc_id", value=doc_id)])
    # a private builder of llama-index (pinned version): the body its query() would send
    body = client._hybrid_search_query(
        "text", "late fee", "chunk_vector", [1.0, 0.0, 0.0], 5, filters=filters
    )
    fields = _field_paths(body, set())
    assert {"text", "chunk_vector"} <= fields
    assert any(f.startswith("metadata.doc_id") for f in fields)
    unmapped = [f for f in fields if not _mapped(dsl.index_body(3), f)]
    assert unmapped == []


@pytest.mark.parametrize("subscores", [True, False])
def test_hybrid_subscores_follow_the_setting(closed_url, subscores):
    settings = Settings.load(opensearch_url=closed_url, opensearch_hybrid_subscores=subscores)
    backend = OpenSearchBackend.from_settings(settings, dimension=3)
    try:
        assert backend._explain_hybrid is subscores
    finally:
        backend.close()
