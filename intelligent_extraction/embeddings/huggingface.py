"""The torch reference: all-MiniLM-L6-v2 through llama-index's HuggingFaceEmbedding."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..errors import EmbeddingError
from ..settings import DEFAULT_EMBED_MAX_TOKENS
from .base import (
    ProgressCallback,
    _HFTokenCounter,
    check_max_tokens,
    default_model_path,
    embedder_identity,
    length_sorted_batches,
)

__all__ = ["HuggingFaceEmbedder"]


class HuggingFaceEmbedder:
    """all-MiniLM-L6-v2 (384 dimensions) via llama-index's HuggingFaceEmbedding, on the CPU.

    ``threads`` > 0 sets torch's intra-op threads, which is process-wide in torch;
    0 keeps torch's default (one per core). ``max_tokens``: how much of a text the model reads.
    """

    backend = "torch"

    def __init__(
        self,
        model_path: str | None = None,
        *,
        batch_size: int = 32,
        threads: int = 0,
        max_tokens: int = DEFAULT_EMBED_MAX_TOKENS,
    ):
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1. Currently, it is {batch_size}")
        if threads < 0:
            raise ValueError(f"threads must be 0 (default) or more. Currently, it is {threads}")
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        from llama_index.embeddings.huggingface import HuggingFaceEmbedding
        from transformers.utils import logging as hf_logging

        # The weight-loading bar and the long-input warning are noise for this service.
        hf_logging.set_verbosity_error()
        hf_logging.disable_progress_bar()
        if threads:
            import torch

            torch.set_num_threads(threads)
        path = model_path or default_model_path()
        try:
            self._model = HuggingFaceEmbedding(
                model_name=path,
                max_length=check_max_tokens(max_tokens),
                embed_batch_size=batch_size,
                device="cpu",
                normalize=True,
            )
        except Exception as exc:
            raise EmbeddingError(f"cannot load embedding model from {path}: {exc}") from exc
        self.model_name = Path(path).name if Path(path).exists() else path
        self.identity = embedder_identity(self.backend, path, max_tokens)
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.threads = threads
        self.dimension = len(self._model.get_query_embedding("dimension probe"))
        self._tokens = _HFTokenCounter(self._model._model.tokenizer)

    def count_tokens(self, text: str) -> int:
        return self._tokens.count_tokens(text)

    def offsets(self, text: str) -> list[tuple[int, int]]:
        return self._tokens.offsets(text)

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        # characters are a close enough proxy for tokens to group texts of similar length
        for rows in length_sorted_batches([len(t) for t in texts], self.batch_size):
            batch = [texts[i] for i in rows]
            try:
                out[rows] = self._model.get_text_embedding_batch(batch)
            except Exception as exc:
                raise EmbeddingError(f"embedding failed on a batch of {len(batch)}: {exc}") from exc
            if progress:
                progress(len(batch))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        try:
            return np.asarray(self._model.get_query_embedding(text), dtype=np.float32)
        except Exception as exc:
            raise EmbeddingError(f"embedding failed for query {text[:60]!r}: {exc}") from exc
