"""Index a list of invented texts as one document's chunks, in order, on a real backend."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from intelligent_extraction.backends.embedded import EmbeddedBackend
from intelligent_extraction.models import Chunk


def index_texts(backend, embedder, doc_id: str, texts: list[str], *, gap: int = 2) -> list[Chunk]:
    """One text chunk per text at consecutive positions, ``gap`` characters apart in the
    document (2: a blank line between blocks, which passages restore when they merge)."""
    start, chunks = 0, []
    for i, text in enumerate(texts):
        chunks.append(Chunk(chunk_id=f"c{i}", doc_id=doc_id, text=text, chunk_type="text",
                            start=start, end=start + len(text), position=i))
        start += len(text) + gap
    backend.index_document(doc_id, chunks, embedder.embed_texts(texts))
    return chunks


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
