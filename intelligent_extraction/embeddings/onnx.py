"""An Embedder on ONNX Runtime: the same all-MiniLM-L6-v2 weights, exported once (fp32 or
dynamically quantized int8, see :mod:`.onnx_export`), run on the CPU execution provider."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..errors import EmbeddingError
from ..settings import DEFAULT_EMBED_MAX_TOKENS
from .base import (
    ProgressCallback,
    check_max_tokens,
    default_model_path,
    embedder_identity,
    length_sorted_batches,
    load_tokenizer,
)
from .onnx_export import ensure_onnx_model

__all__ = ["OnnxEmbedder"]

logger = logging.getLogger(__name__)


class OnnxEmbedder:
    """Sentence embeddings from an ONNX export of a local sentence-transformers model.

    ``cache_dir`` holds the export (made on first use, from the local weights only);
    ``int8`` selects the dynamically quantized graph; ``threads`` is ONNX Runtime's intra-op
    thread count (0: one per core); ``max_tokens`` how much of a text the model reads ([CLS]
    and [SEP] included: the rest of a longer text is cut off). Texts are tokenized once, sorted
    by token count and run in batches of ``batch_size``, so a batch is padded only to texts of
    about its own length.
    """

    def __init__(
        self,
        cache_dir: Path | str,
        model_path: str | None = None,
        *,
        int8: bool = False,
        batch_size: int = 32,
        threads: int = 0,
        max_tokens: int = DEFAULT_EMBED_MAX_TOKENS,
    ):
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1. Currently, it is {batch_size}")
        if threads < 0:
            raise ValueError(f"threads must be 0 (default) or more. Currently, it is {threads}")
        import onnxruntime as ort

        path = model_path or default_model_path()
        self.backend = "onnx-int8" if int8 else "onnx"
        self.model_file = ensure_onnx_model(Path(cache_dir), path, int8=int8)
        # one line per load, as sentence-transformers logs for torch: how operators (and the
        # worker tests) see that a process loaded the model once
        logger.info("Loading ONNX embedding model %s", self.model_file)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1  # one sequential graph: a second pool only competes
        try:
            self._session = ort.InferenceSession(
                str(self.model_file), options, providers=["CPUExecutionProvider"]
            )
        except Exception as exc:
            raise EmbeddingError(
                f"cannot load the ONNX model {self.model_file} (delete it to export it again): "
                f"{exc}"
            ) from exc
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._tokens = load_tokenizer(path, check_max_tokens(max_tokens))
        self._pad_id = self._tokens.pad_id
        self.model_name = Path(path).name if Path(path).exists() else path
        self.identity = embedder_identity(self.backend, path, max_tokens)
        self.max_tokens = max_tokens
        self.batch_size = batch_size
        self.threads = threads
        self.dimension = int(self._session.get_outputs()[0].shape[-1])

    def count_tokens(self, text: str) -> int:
        return self._tokens.count_tokens(text)

    def offsets(self, text: str) -> list[tuple[int, int]]:
        return self._tokens.offsets(text)

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        out = np.empty((len(texts), self.dimension), dtype=np.float32)
        if not texts:
            return out
        encoded = self._tokens.model_inputs(texts)
        for rows in length_sorted_batches([len(ids) for ids in encoded], self.batch_size):
            out[rows] = self._run([encoded[i] for i in rows])
            if progress:
                progress(len(rows))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_texts([text])[0]

    def _run(self, batch: list[list[int]]) -> np.ndarray:
        width = max(len(ids) for ids in batch)
        input_ids = np.full((len(batch), width), self._pad_id, dtype=np.int64)
        mask = np.zeros((len(batch), width), dtype=np.int64)
        for row, ids in enumerate(batch):
            input_ids[row, : len(ids)] = ids
            mask[row, : len(ids)] = 1
        feed = {"input_ids": input_ids, "attention_mask": mask,
                "token_type_ids": np.zeros_like(input_ids)}
        feed = {name: value for name, value in feed.items() if name in self._inputs}
        try:
            (vectors,) = self._session.run(None, feed)
        except Exception as exc:
            raise EmbeddingError(f"ONNX Runtime failed on a batch of {len(batch)}: {exc}") from exc
        return vectors
