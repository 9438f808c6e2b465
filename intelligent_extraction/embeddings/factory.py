"""One place that turns a backend name into an Embedder."""

from __future__ import annotations

from pathlib import Path

from ..settings import DEFAULT_EMBED_MAX_TOKENS
from .base import Embedder, check_backend

__all__ = ["create_embedder", "onnx_cache_dir"]


def onnx_cache_dir(data_dir: Path) -> Path:
    """Where ONNX exports live under the data directory."""
    return Path(data_dir) / "models"


def create_embedder(
    backend: str,
    *,
    data_dir: Path | None = None,
    cache_dir: Path | None = None,
    model_path: str | None = None,
    batch_size: int = 32,
    threads: int = 0,
    max_tokens: int = DEFAULT_EMBED_MAX_TOKENS,
) -> Embedder:
    """``torch`` (llama-index HuggingFaceEmbedding, the reference), ``onnx`` or ``onnx-int8``
    (ONNX Runtime; exported once into ``cache_dir``, by default ``<data_dir>/models``)."""
    check_backend(backend)
    if backend != "torch" and data_dir is None and cache_dir is None:
        raise ValueError(f"the {backend} embedder needs data_dir to hold its ONNX export")
    if backend == "torch":
        from .huggingface import HuggingFaceEmbedder

        return HuggingFaceEmbedder(
            model_path, batch_size=batch_size, threads=threads, max_tokens=max_tokens
        )
    from .onnx import OnnxEmbedder

    return OnnxEmbedder(
        cache_dir or onnx_cache_dir(data_dir), model_path, int8=backend == "onnx-int8",
        batch_size=batch_size, threads=threads, max_tokens=max_tokens,
    )
