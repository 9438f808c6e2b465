"""The ONNX Runtime embedders against the torch reference, on project-written documents and
the real packaged model (exported once per session into a temporary data dir, offline)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from intelligent_extraction.documents import chunk_document, parse_document
from intelligent_extraction.embeddings import (
    CachedEmbedder,
    EmbeddingCache,
    OnnxEmbedder,
    create_embedder,
    embedder_identity,
    onnx_cache_dir,
)
from intelligent_extraction.samples import services_agreement, write_text

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def onnx_data_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("onnx-data")


@pytest.fixture(scope="session")
def onnx_embedder(onnx_data_dir):
    return create_embedder("onnx", data_dir=onnx_data_dir)


@pytest.fixture(scope="session")
def int8_embedder(onnx_data_dir):
    return create_embedder("onnx-int8", data_dir=onnx_data_dir)


@pytest.fixture(scope="session")
def chunk_texts(tmp_path_factory, tokenizer):
    """Every chunk of the sample services agreement, as ingestion chunks it."""
    path = write_text(tmp_path_factory.mktemp("msa-txt") / "msa.txt", services_agreement())
    return [c.text for c in chunk_document(parse_document(path), tokenizer)]


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.sum(a * b, axis=1)


def test_export_lands_in_the_data_dir_once(onnx_embedder, int8_embedder, onnx_data_dir):
    cache = onnx_cache_dir(onnx_data_dir)
    assert onnx_embedder.model_file.parent == int8_embedder.model_file.parent
    assert onnx_embedder.model_file.is_relative_to(cache)
    assert os.environ.get("HF_HUB_OFFLINE") == "1"  # set by tests/conftest.py: no hub
    stamp = onnx_embedder.model_file.stat().st_mtime_ns
    again = OnnxEmbedder(cache)  # a second process would find the export and not redo it
    assert again.model_file == onnx_embedder.model_file
    assert again.model_file.stat().st_mtime_ns == stamp
    # the int8 graph is the quantized one: about a quarter of the fp32 file
    assert int8_embedder.model_file.stat().st_size < onnx_embedder.model_file.stat().st_size / 3


def test_onnx_fp32_matches_torch(embedder, onnx_embedder, chunk_texts):
    reference = embedder.embed_texts(chunk_texts)
    vectors = onnx_embedder.embed_texts(chunk_texts)
    assert vectors.shape == reference.shape == (len(chunk_texts), 384)
    assert vectors.dtype == np.float32
    assert _cosines(vectors, reference).min() > 0.9999
    np.testing.assert_allclose(
        onnx_embedder.embed_query("governing law"), embedder.embed_query("governing law"),
        atol=1e-4,
    )


def test_onnx_int8_stays_close_to_torch(embedder, int8_embedder, chunk_texts):
    cos = _cosines(int8_embedder.embed_texts(chunk_texts), embedder.embed_texts(chunk_texts))
    assert cos.mean() > 0.98
    assert cos.min() > 0.95


def test_int8_ranks_the_governing_law_clause_first(int8_embedder, chunk_texts):
    vectors = int8_embedder.embed_texts(chunk_texts)
    query = int8_embedder.embed_query("Which state's laws govern this agreement?")
    best = chunk_texts[int(np.argmax(vectors @ query))]
    assert "govern" in best.lower()


def test_rows_come_back_in_input_order_whatever_the_batching(onnx_embedder, chunk_texts):
    # short and long texts interleaved: length sorting reorders them inside embed_texts
    mixed = [t for pair in zip(chunk_texts, ["Notice.", "Term", "x"] * 100) for t in pair]
    together = onnx_embedder.embed_texts(mixed)
    alone = np.stack([onnx_embedder.embed_query(t) for t in mixed])
    np.testing.assert_allclose(together, alone, atol=2e-5)
    np.testing.assert_allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)


def test_long_text_is_truncated_like_the_model(embedder, onnx_embedder):
    long = "The Client shall pay every invoice within thirty days. " * 80  # > 256 tokens
    cos = float(onnx_embedder.embed_query(long) @ embedder.embed_query(long))
    assert cos > 0.9999


def test_progress_and_empty_input(onnx_embedder):
    seen: list[int] = []
    onnx_embedder.embed_texts([f"text {i}" for i in range(70)], progress=seen.append)
    assert seen == [32, 32, 6]
    assert onnx_embedder.embed_texts([]).shape == (0, 384)


def test_token_counting_is_the_models(onnx_embedder):
    assert onnx_embedder.count_tokens("hello world") == 2
    assert onnx_embedder.offsets("hello world") == [(0, 5), (6, 11)]


def test_identities_tell_backends_apart(embedder, onnx_embedder, int8_embedder):
    ids = {embedder.identity, onnx_embedder.identity, int8_embedder.identity}
    assert len(ids) == 3
    assert onnx_embedder.identity == embedder_identity("onnx")
    assert int8_embedder.identity.endswith(":onnx-int8:max96")  # the default input length


def test_cache_never_serves_one_backends_vector_to_another(
    embedder, int8_embedder, tmp_path
):
    cache = EmbeddingCache(tmp_path / "cache.sqlite")
    torch_cached = CachedEmbedder(embedder, cache)
    int8_cached = CachedEmbedder(int8_embedder, cache)
    first = torch_cached.embed_texts(["The laws of Delaware govern this Agreement."])
    second = int8_cached.embed_texts(["The laws of Delaware govern this Agreement."])
    assert int8_cached.misses == 1  # same text, other embedder: embedded again
    assert not np.array_equal(first, second)


@pytest.mark.parametrize(
    "kwargs, message",
    [({"batch_size": 0}, "batch_size must be at least 1"),
     ({"threads": -1}, "threads must be 0")],
)
def test_constructor_says_what_was_wrong(onnx_data_dir, kwargs, message):
    with pytest.raises(ValueError, match=message):
        OnnxEmbedder(onnx_cache_dir(onnx_data_dir), **kwargs)


def test_factory_rejects_unknown_backend_and_missing_data_dir():
    with pytest.raises(ValueError, match="one of torch, onnx, onnx-int8"):
        create_embedder("tensorrt")
    with pytest.raises(ValueError, match="needs data_dir"):
        create_embedder("onnx")


def test_service_builds_the_configured_runtime_with_its_cache(tmp_path):
    from intelligent_extraction.service import ExtractionService
    from intelligent_extraction.settings import Settings

    settings = Settings.load(data_dir=tmp_path / "data", embed_backend="onnx",
                             model_cache_dir=tmp_path / "models")
    svc = ExtractionService(settings)
    assert svc.embedder.inner.model_file.is_relative_to(tmp_path / "models")
    assert svc.backend.embedder == svc.embedder.identity == embedder_identity("onnx")


def test_service_reads_the_configured_input_length(tmp_path):
    """IE_EMBED_MAX_TOKENS reaches the loaded model, and a process that opens the backend
    before (or without) loading the model expects the same identity."""
    from intelligent_extraction.service import ExtractionService
    from intelligent_extraction.settings import Settings

    settings = Settings.load(data_dir=tmp_path / "data", embed_max_tokens=256,
                             model_cache_dir=tmp_path / "models")
    api_like = ExtractionService(settings)
    expected = embedder_identity("onnx", max_tokens=256)
    assert api_like.backend.embedder == expected  # backend first: the model is not loaded
    assert api_like.embedder.identity == expected
    assert api_like.embedder.inner.max_tokens == 256


def _tokenizer_texts() -> list[str]:
    """Texts of every shape the chunker and embedder meet: clauses, accents, typographic
    quotes, no-break and zero-width spaces, numbers, an empty string, a text over 256 tokens."""
    doc = services_agreement()
    clauses = [doc.title, *doc.preamble, *(p for s in doc.sections for p in s.paragraphs)]
    return clauses + [
        "", " ", "Café naïve — “quoted” §12.5(a): 12.5% of $1,000,000.00",
        "\u00a0Client\u200b shall\tpay", "x" * 3000, "The Supplier shall deliver. " * 90,
    ]


def test_model_tokenizer_matches_transformers_ids_offsets_and_truncation():
    """The tokenizer behind chunking and the ONNX embedder (the Rust library alone) gives the
    ids, offsets and truncated model inputs transformers' fast tokenizer gives."""
    from intelligent_extraction.embeddings.base import load_hf_tokenizer, load_tokenizer

    ours, reference = load_tokenizer(), load_hf_tokenizer()
    texts = _tokenizer_texts()
    for text in texts:
        ref = reference(text, add_special_tokens=False, return_offsets_mapping=True)
        assert ours.count_tokens(text) == len(ref["input_ids"]), text[:40]
        assert ours.offsets(text) == [tuple(span) for span in ref["offset_mapping"]], text[:40]
    expected = reference(texts, truncation=True, max_length=256)["input_ids"]
    assert ours.model_inputs(texts) == expected
    assert max(len(ids) for ids in expected) == 256  # the long texts were truncated
    assert ours.pad_id == reference.pad_token_id


def test_onnx_embedder_never_imports_torch(onnx_data_dir):
    """Workers and CLI calls on the default runtime skip torch and transformers (about 2 s and
    300 MB per process): checked in a fresh interpreter."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from intelligent_extraction.embeddings import create_embedder\n"
        f"e = create_embedder('onnx', data_dir={str(onnx_data_dir)!r})\n"
        "e.embed_texts(['The Client shall pay.'])\n"
        "print(sorted(m for m in ('torch', 'transformers') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stderr[-2000:]


def test_max_tokens_embeds_the_head_of_a_long_text(onnx_data_dir, onnx_embedder):
    """The default embedder reads 96 tokens: a long text gets the vector of its first 94
    tokens (plus [CLS] and [SEP]), and the identity says so, so its vectors never meet the
    full-length (256) embedder's: in the index, and in the embedding cache."""
    full = create_embedder("onnx", data_dir=onnx_data_dir, max_tokens=256)
    text = ("The Supplier shall deliver the Goods to the Client's warehouse within thirty days "
            "of each purchase order, and the Client shall pay each invoice on receipt. ") * 12
    assert onnx_embedder.max_tokens == 96
    assert onnx_embedder.count_tokens(text) > 200
    head = text[: onnx_embedder.offsets(text)[93][1]]  # the text of the first 94 tokens
    np.testing.assert_allclose(onnx_embedder.embed_texts([text])[0],
                               full.embed_texts([head])[0], atol=1e-5)
    assert float(full.embed_texts([text])[0] @ onnx_embedder.embed_texts([text])[0]) < 0.999
    # a text within the limit is read whole: the same vector as the full-length embedder's
    np.testing.assert_allclose(onnx_embedder.embed_query("governing law"),
                               full.embed_query("governing law"), atol=1e-5)
    assert onnx_embedder.identity == full.identity + ":max96"
    assert full.identity == embedder_identity("onnx", max_tokens=256)
    assert EmbeddingCache.key(full.identity, text) != EmbeddingCache.key(
        onnx_embedder.identity, text)


def test_max_tokens_out_of_range_is_refused(onnx_data_dir, tmp_path):
    from intelligent_extraction.errors import ConfigError
    from intelligent_extraction.settings import Settings

    for bad in (8, 300):
        with pytest.raises(ValueError, match=f"max_tokens must be between 16 and 256. "
                                             f"Currently, it is {bad}"):
            embedder_identity("onnx", max_tokens=bad)
        with pytest.raises(ConfigError, match="IE_EMBED_MAX_TOKENS"):
            Settings.load(data_dir=tmp_path, embed_max_tokens=bad)
