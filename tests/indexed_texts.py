"""Index a list of invented texts as one document's chunks, in order, on a real backend."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from intelligent_extraction.backends.embedded import EmbeddedBackend
from intelligent_extraction.models import Chunk, FieldConfig, ScoredChunk
from intelligent_extraction.retrieval.leading import positional_chunks


def chunks_in_order(doc_id: str, texts: list[str], *, gap: int = 2, prefix: str = "c") -> list[Chunk]:
    """One text chunk per text at consecutive positions, ``gap`` characters apart in the
    document (2: a blank line between blocks, which passages restore when they merge)."""
    start, chunks = 0, []
    for i, text in enumerate(texts):
        chunks.append(Chunk(chunk_id=f"{prefix}{i}", doc_id=doc_id, text=text, chunk_type="text",
                            start=start, end=start + len(text), position=i))
        start += len(text) + gap
    return chunks


def index_texts(backend, embedder, doc_id: str, texts: list[str], *, gap: int = 2) -> list[Chunk]:
    """``chunks_in_order`` indexed on ``backend`` with the model's vectors."""
    chunks = chunks_in_order(doc_id, texts, gap=gap)
    backend.index_document(doc_id, chunks, embedder.embed_texts(texts))
    return chunks


def read_by_position(ranked: list[ScoredChunk], field: FieldConfig, chunks: list[Chunk]):
    """``positional_chunks`` for one document's ``chunks`` held by a real embedded backend (in a
    temporary data dir). The vectors only fill the index: what is read by position does not
    depend on them."""
    doc_id = chunks[0].doc_id
    vectors = np.random.default_rng(0).normal(size=(len(chunks), 8)).astype(np.float32)
    with tempfile.TemporaryDirectory() as data_dir:
        backend = EmbeddedBackend(Path(data_dir))
        try:
            backend.index_document(doc_id, chunks, vectors)
            return positional_chunks(ranked, field, backend, doc_id)
        finally:
            backend.close()


@contextmanager
def embedded_with(
    data_dir: Path, embedder, doc_id: str, texts: list[str]
) -> Iterator[EmbeddedBackend]:
    """A fresh embedded backend in ``data_dir`` holding ``texts`` as ``doc_id``, closed after."""
    backend = EmbeddedBackend(data_dir)
    try:
        index_texts(backend, embedder, doc_id, texts)
        yield backend
    finally:
        backend.close()
