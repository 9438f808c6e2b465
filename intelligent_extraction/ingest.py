"""Ingestion: file -> parse -> chunk -> embed -> index, all or nothing.

Parsing, chunking and embedding finish before the backend is touched, and the backend replaces a
document atomically, so a failure at any step leaves the earlier version (or nothing) indexed,
never half a document.

A document is current only when it holds the same chunks *and* its vectors come from the same
embedder (model and runtime): after a change of ``IE_EMBED_BACKEND`` the next ``index`` of a
file embeds and writes it again rather than leaving vectors of another space behind.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .backends.base import SearchBackend
from .documents import chunk_document, parse_document
from .embeddings import Embedder
from .models import Chunk, ParsedDocument

__all__ = ["IndexReport", "Ingestor"]


@dataclass
class IndexReport:
    """What indexing one file did and where the time went (milliseconds per stage)."""

    doc_id: str
    source: str
    chunks: int
    pages: int | None = None
    skipped: bool = False  # already indexed with identical chunks: nothing embedded or written
    embedded: int = 0  # chunks sent to the model (the rest came from the cache)
    timings_ms: dict[str, float] = field(default_factory=dict)

    @property
    def total_ms(self) -> float:
        return sum(self.timings_ms.values())


class Ingestor:
    """Indexes files into a backend with an embedder; the one place ingestion happens."""

    def __init__(
        self,
        backend: SearchBackend,
        embedder: Embedder,
        *,
        chunk_tokens: int = 200,
        overlap_tokens: int = 40,
    ):
        stored_as = getattr(backend, "embedder", None)
        identity = getattr(embedder, "identity", None)
        if stored_as is not None and stored_as != identity:
            raise ValueError(
                f"the backend holds vectors of embedder {stored_as} but the ingestor was given "
                f"embedder {identity}; open the backend for the embedder that writes to it"
            )
        self.backend = backend
        self.embedder = embedder
        self.chunk_tokens = chunk_tokens
        self.overlap_tokens = overlap_tokens

    def prepare(self, path: Path, doc_id: str | None = None) -> tuple[ParsedDocument, list[Chunk]]:
        """Parse and chunk without touching the backend (raises DocumentError naming the file)."""
        doc = parse_document(Path(path), doc_id=doc_id)
        chunks = chunk_document(
            doc, self.embedder, target_tokens=self.chunk_tokens, overlap_tokens=self.overlap_tokens
        )
        return doc, chunks

    def is_current(self, doc_id: str, chunks: list[Chunk]) -> bool:
        """True when the backend already holds exactly these chunks (ids are content-stable),
        embedded by this ingestor's embedder."""
        if not self.backend.has_document(doc_id):
            return False
        if getattr(self.backend, "embedder", None) is not None:
            if self.backend.document_embedder(doc_id) != self.embedder.identity:
                return False
        held = [c.chunk_id for c in self.backend.get_chunks(doc_id)]
        return held == [c.chunk_id for c in chunks]

    def index_file(
        self,
        path: Path,
        doc_id: str | None = None,
        *,
        force: bool = False,
        progress: Callable[[int], None] | None = None,
        on_chunked: Callable[[int], None] | None = None,
    ) -> IndexReport:
        """Index one file; skip it when the same chunks are already indexed (unless ``force``).

        ``on_chunked`` is told the number of chunks once the file is chunked (a progress bar's
        total); ``progress`` is called with the chunks embedded, batch by batch.
        """
        timings: dict[str, float] = {}
        t0 = time.perf_counter()
        doc, chunks = self.prepare(path, doc_id)
        timings["parse_chunk"] = (time.perf_counter() - t0) * 1000
        report = IndexReport(doc_id=doc.doc_id, source=Path(doc.source).name, chunks=len(chunks),
                             pages=doc.page_count)
        if on_chunked:
            on_chunked(len(chunks))
        if not force and self.is_current(doc.doc_id, chunks):
            report.skipped = True
            report.timings_ms = timings
            return report
        t1 = time.perf_counter()
        misses_before = getattr(self.embedder, "misses", None)
        vectors = self.embedder.embed_texts([c.text for c in chunks], progress=progress)
        timings["embed"] = (time.perf_counter() - t1) * 1000
        if misses_before is not None:
            report.embedded = self.embedder.misses - misses_before  # type: ignore[attr-defined]
        else:
            report.embedded = len(chunks)
        t2 = time.perf_counter()
        self.backend.index_document(doc.doc_id, chunks, vectors)
        timings["index"] = (time.perf_counter() - t2) * 1000
        report.timings_ms = timings
        return report
