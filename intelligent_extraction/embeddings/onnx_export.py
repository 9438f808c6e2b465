"""Export the packaged sentence-transformers model to ONNX once, into a cache directory.

The graph takes ``input_ids``, ``attention_mask`` and ``token_type_ids`` and returns the
sentence embedding itself (mean pooling over the mask, then L2 normalization, as the model's
``1_Pooling`` and ``2_Normalize`` modules do), so the runtime side is tokenize -> run.

Exported from the local weights with ``torch.onnx.export`` (never from a hub): optimum's
exporter needs transformers < 4.58, and this project is on transformers 5. The export is then
fused by onnxruntime's transformer optimizer (attention, layer norm, GELU), and the int8 file is
dynamic quantization of the fused graph.

Concurrent processes (the workers start together) serialize on a file lock; the file appears
atomically, so a reader never loads half an export.
"""

from __future__ import annotations

import json
import logging
import os
import warnings
from pathlib import Path

from filelock import FileLock

from ..errors import EmbeddingError
from .base import default_model_path, model_fingerprint, model_label

__all__ = ["EXPORT_VERSION", "ensure_onnx_model", "onnx_model_dir"]

# Bump when the exported graph changes (inputs, pooling, fusion, quantization recipe) so that
# caches holding an older export are not reused.
EXPORT_VERSION = 1
_OPSET = 17
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_OUTPUT = "sentence_embedding"


def onnx_model_dir(cache_dir: Path, model_path: str | None = None) -> Path:
    """Where the exports of one model's weights live under ``cache_dir``."""
    path = model_path or default_model_path()
    safe = model_label(path).replace("/", "--")
    return Path(cache_dir) / f"{safe}@{model_fingerprint(path)}" / f"onnx-v{EXPORT_VERSION}"


def ensure_onnx_model(cache_dir: Path, model_path: str | None = None, *, int8: bool) -> Path:
    """The ONNX file for the model (exporting it first if the cache does not hold it yet)."""
    path = model_path or default_model_path()
    directory = onnx_model_dir(cache_dir, path)
    target = directory / ("model-int8.onnx" if int8 else "model.onnx")
    if target.is_file():
        return target
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise EmbeddingError(f"cannot create the ONNX cache at {directory}: {exc}") from exc
    with FileLock(str(directory / "export.lock"), timeout=900):
        fp32 = directory / "model.onnx"
        if not fp32.is_file():
            _atomically(fp32, lambda tmp: _export_fp32(path, tmp))
        if int8 and not target.is_file():
            _atomically(target, lambda tmp: _quantize(fp32, tmp))
    return target


def _atomically(target: Path, write) -> None:
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        write(tmp)
        os.replace(tmp, target)
    except EmbeddingError:
        raise
    except Exception as exc:
        raise EmbeddingError(f"cannot write the ONNX model {target}: {exc}") from exc
    finally:
        tmp.unlink(missing_ok=True)


def _export_fp32(model_path: str, target: Path) -> None:
    raw = target.with_name(target.name + ".raw")
    try:
        _torch_export(model_path, raw)
        _fuse(model_path, raw, target)
    finally:
        raw.unlink(missing_ok=True)


def _torch_export(model_path: str, target: Path) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from transformers import AutoModel
    from transformers.utils import logging as hf_logging

    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    # eager attention: the SDPA graph is not recognized by onnxruntime's attention fusion
    model = AutoModel.from_pretrained(model_path, attn_implementation="eager").eval()
    sample = {
        "input_ids": torch.tensor([[101, 7592, 2088, 102], [101, 7592, 102, 0]]),
        "attention_mask": torch.tensor([[1, 1, 1, 1], [1, 1, 1, 0]]),
        "token_type_ids": torch.zeros(2, 4, dtype=torch.long),
    }
    dynamic = {name: {0: "batch", 1: "sequence"} for name in _INPUTS}
    dynamic[_OUTPUT] = {0: "batch"}
    with warnings.catch_warnings(), torch.no_grad():
        # the TorchScript exporter is deprecated in favour of dynamo, which needs onnxscript
        # and still gives BERT a fixed sequence length in places; this one traces cleanly
        warnings.simplefilter("ignore")
        torch.onnx.export(
            _SentenceEmbedding(model), tuple(sample[n] for n in _INPUTS), str(target),
            input_names=list(_INPUTS), output_names=[_OUTPUT], dynamic_axes=dynamic,
            opset_version=_OPSET, dynamo=False,
        )


def _fuse(model_path: str, source: Path, target: Path) -> None:
    from onnxruntime.transformers.optimizer import optimize_model

    config = json.loads((Path(model_path) / "config.json").read_text())
    optimized = optimize_model(
        str(source), model_type="bert",
        num_heads=int(config["num_attention_heads"]), hidden_size=int(config["hidden_size"]),
    )
    optimized.save_model_to_file(str(target))


def _quantize(source: Path, target: Path) -> None:
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    # per-channel + reduce_range: per-tensor int8 weights drop the cosine to the fp32 vectors to
    # about 0.92 on AVX2 CPUs without VNNI (u8 x s8 products saturate); this keeps it near 0.99
    logging.disable(logging.WARNING)  # "consider pre-processing": not for dynamic quantization
    try:
        quantize_dynamic(
            str(source), str(target), weight_type=QuantType.QInt8, per_channel=True,
            reduce_range=True,
            # the fused operators carry no type information for the quantizer's shape inference
            extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
        )
    finally:
        logging.disable(logging.NOTSET)


def _sentence_embedding_module():
    import torch

    class SentenceEmbedding(torch.nn.Module):
        """BERT + masked mean pooling + L2 normalization, as one graph."""

        def __init__(self, model):
            super().__init__()
            self.model = model

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.model(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    return SentenceEmbedding


def _SentenceEmbedding(model):  # noqa: N802 - reads as the class it builds
    return _sentence_embedding_module()(model)
