"""The glue every entry point calls (CLI now; API, workers and batch scripts later).

``ExtractionService`` wires settings to a backend, a cached embedder and the field registry,
all opened lazily so a command that needs only the configs never loads the model.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, lru_cache
from pathlib import Path

from .backends import create_backend
from .backends.base import SearchBackend
from .embeddings import CachedEmbedder, Embedder, EmbeddingCache, HuggingFaceEmbedder
from .fields import FieldRegistry, load_field_registry
from .ingest import IndexReport, Ingestor
from .models import Strategy
from .retrieval import RetrievalResult, retrieve
from .settings import Settings, get_settings

__all__ = ["ExtractionService", "shared_model"]


@lru_cache(maxsize=4)
def shared_model(model_path: str | None, batch_size: int) -> HuggingFaceEmbedder:
    """One loaded model per process (loading takes seconds; the model is read-only)."""
    return HuggingFaceEmbedder(model_path, batch_size=batch_size)


class ExtractionService:
    """Index documents and retrieve field evidence; pass components in to replace defaults."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        backend: SearchBackend | None = None,
        embedder: Embedder | None = None,
        fields: FieldRegistry | None = None,
    ):
        self.settings = settings or get_settings()
        if backend is not None:
            self.__dict__["backend"] = backend
        if embedder is not None:
            self.__dict__["embedder"] = embedder
        if fields is not None:
            self.__dict__["fields"] = fields

    @cached_property
    def embedder(self) -> Embedder:
        model = shared_model(self.settings.embedding_model, self.settings.embed_batch_size)
        cache = EmbeddingCache(self.settings.data_dir / "embedding-cache.sqlite")
        return CachedEmbedder(model, cache)

    @cached_property
    def backend(self) -> SearchBackend:
        return create_backend(self.settings, dimension=self.embedder.dimension)

    @cached_property
    def fields(self) -> FieldRegistry:
        return load_field_registry(self.settings.fields_dir)

    @cached_property
    def ingestor(self) -> Ingestor:
        return Ingestor(
            self.backend,
            self.embedder,
            chunk_tokens=self.settings.chunk_tokens,
            overlap_tokens=self.settings.chunk_overlap_tokens,
        )

    def index(
        self,
        path: Path,
        doc_id: str | None = None,
        *,
        force: bool = False,
        progress: Callable[[int], None] | None = None,
    ) -> IndexReport:
        return self.ingestor.index_file(Path(path), doc_id, force=force, progress=progress)

    def retrieve(
        self, doc_id: str, field_name: str, strategy: Strategy | None = None
    ) -> RetrievalResult:
        field = self.fields.get(field_name)
        return retrieve(self.backend, self.embedder, doc_id, field, strategy=strategy)

    def close(self) -> None:
        if "backend" in self.__dict__:
            self.backend.close()
