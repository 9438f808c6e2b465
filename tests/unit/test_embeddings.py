import numpy as np
import pytest

from intelligent_extraction.embeddings import CachedEmbedder, EmbeddingCache

pytestmark = pytest.mark.slow


def test_model_gives_normalized_384_dim_vectors(embedder):
    vectors = embedder.embed_texts(["The laws of New York govern.", "Payment is due in 30 days."])
    assert vectors.shape == (2, 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    query = embedder.embed_query("governing law")
    assert query.shape == (384,)
    # the governing-law sentence is closer to the query than the payment one
    assert vectors[0] @ query > vectors[1] @ query


def test_token_count_excludes_special_tokens(embedder):
    assert embedder.count_tokens("hello world") == 2
    assert embedder.offsets("hello world") == [(0, 5), (6, 11)]


def test_progress_reports_every_batch(embedder):
    seen = []
    embedder.embed_texts([f"text {i}" for i in range(70)], progress=seen.append)
    assert seen == [32, 32, 6]


def test_cache_embeds_unchanged_text_once(embedder, tmp_path):
    cached = CachedEmbedder(embedder, EmbeddingCache(tmp_path / "cache.sqlite"))
    first = cached.embed_texts(["alpha clause", "beta clause", "alpha clause"])
    assert (cached.hits, cached.misses) == (1, 2)  # the duplicate counts as a hit
    second = cached.embed_texts(["beta clause", "gamma clause"])
    assert (cached.hits, cached.misses) == (2, 3)
    np.testing.assert_array_equal(first[1], second[0])
    # a new process (new cache object on the same file) sees the stored vectors
    reopened = CachedEmbedder(embedder, EmbeddingCache(tmp_path / "cache.sqlite"))
    again = reopened.embed_texts(["alpha clause"])
    assert reopened.misses == 0
    np.testing.assert_array_equal(again[0], first[0])


def test_cache_is_keyed_by_model(embedder, tmp_path):
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    assert EmbeddingCache.key("model-a", "x") != EmbeddingCache.key("model-b", "x")
    cache.put_many({EmbeddingCache.key("model-a", "x"): np.ones(3, dtype=np.float32)})
    assert cache.get_many([EmbeddingCache.key("model-b", "x")]) == {}


def test_query_vectors_are_remembered(embedder, tmp_path):
    cached = CachedEmbedder(embedder, EmbeddingCache(tmp_path / "cache.sqlite"))
    first = cached.embed_query("governing law")
    assert cached.embed_query("governing law") is first
    np.testing.assert_allclose(first, embedder.embed_query("governing law"), atol=1e-6)
