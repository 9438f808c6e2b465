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
from .embeddings import (
    CachedEmbedder,
    Embedder,
    EmbeddingCache,
    create_embedder,
    embedder_identity,
    model_dimension,
    onnx_cache_dir,
)
from .extraction.base import Extractor, FieldResult
from .extraction.calibration import FieldCalibrators
from .extraction.orchestrate import FieldExtraction
from .fields import FieldRegistry, load_field_registry
from .ingest import IndexReport, Ingestor
from .models import Strategy
from .retrieval import RetrievalResult, retrieve
from .settings import DEFAULT_EMBED_MAX_TOKENS, Settings, get_settings

__all__ = ["ExtractionService", "shared_model"]


@lru_cache(maxsize=4)
def shared_model(
    model_path: str | None,
    batch_size: int,
    backend: str = "torch",
    threads: int = 0,
    cache_dir: Path | None = None,
    max_tokens: int = DEFAULT_EMBED_MAX_TOKENS,
) -> Embedder:
    """One loaded model per process and configuration (loading takes seconds; the model is
    read-only). ``cache_dir`` holds the ONNX export (unused by torch)."""
    return create_embedder(
        backend, cache_dir=cache_dir, model_path=model_path, batch_size=batch_size,
        threads=threads, max_tokens=max_tokens,
    )


class ExtractionService:
    """Index documents and retrieve field evidence; pass components in to replace defaults."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        backend: SearchBackend | None = None,
        embedder: Embedder | None = None,
        fields: FieldRegistry | None = None,
        extractor: Extractor | None = None,
    ):
        self.settings = settings or get_settings()
        if backend is not None:
            self.__dict__["backend"] = backend
        if embedder is not None:
            self.__dict__["embedder"] = embedder
        if fields is not None:
            self.__dict__["fields"] = fields
        if extractor is not None:
            self.__dict__["extractor"] = extractor

    @cached_property
    def embedder(self) -> Embedder:
        s = self.settings
        model = shared_model(
            s.embedding_model, s.embed_batch_size, s.embed_backend, s.embed_threads,
            None if s.embed_backend == "torch" else s.model_cache_dir or onnx_cache_dir(s.data_dir),
            s.embed_max_tokens,
        )
        cache = EmbeddingCache(s.data_dir / "embedding-cache.sqlite")
        return CachedEmbedder(model, cache)

    @cached_property
    def backend(self) -> SearchBackend:
        # A process that only deletes or checks documents (the API) never loads the model:
        # the dimension and the embedder's identity are read from the model's files.
        loaded = self.__dict__.get("embedder")
        if loaded is not None:
            dimension, identity = loaded.dimension, loaded.identity
        else:
            dimension = model_dimension(self.settings.embedding_model)
            s = self.settings
            identity = embedder_identity(s.embed_backend, s.embedding_model, s.embed_max_tokens)
        return create_backend(self.settings, dimension=dimension, embedder=identity)

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
        on_chunked: Callable[[int], None] | None = None,
    ) -> IndexReport:
        return self.ingestor.index_file(
            Path(path), doc_id, force=force, progress=progress, on_chunked=on_chunked
        )

    def retrieve(
        self, doc_id: str, field_name: str, strategy: Strategy | None = None
    ) -> RetrievalResult:
        field = self.fields.get(field_name)
        return retrieve(self.backend, self.embedder, doc_id, field, strategy=strategy)

    @cached_property
    def extractor(self) -> Extractor:
        """The configured extractor: rules (default, offline) or an OpenAI-compatible LLM."""
        if self.settings.extractor == "llm":
            from .extraction.llm import LLMExtractor

            return LLMExtractor.from_settings(self.settings)
        from .extraction.rules import RuleExtractor
        from .extraction.values.sentences import keep_sentences_in

        # sentence spans are a function of a chunk's text: segment each chunk once per data dir
        keep_sentences_in(self.settings.data_dir / "sentence-cache.sqlite")
        return RuleExtractor(self.fields)  # the fields a rule ``needs`` are read from here

    @cached_property
    def field_extraction(self) -> FieldExtraction:
        calibrators = FieldCalibrators.load(
            self.settings.fields_dir.parent / "calibration.json", self.extractor.name)
        return FieldExtraction(self.backend, self.embedder, self.extractor,
                               calibrators=calibrators)

    def resolve_fields(self, names: list[str] | None) -> list[str]:
        """The named fields (all when None), failing on an unknown name before any work."""
        if not names:
            return self.fields.names()
        for name in names:
            self.fields.get(name)  # raises UnknownFieldError naming the known fields
        return list(dict.fromkeys(names))

    def extract(
        self,
        path: Path,
        field_names: list[str] | None = None,
        *,
        doc_id: str | None = None,
        strategy: Strategy | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> list[FieldResult]:
        """Index ``path`` if needed, then one FieldResult per field (errors stay per field)."""
        names = self.resolve_fields(field_names)
        report = self.index(path, doc_id, progress=progress)
        return self.extract_indexed(report.doc_id, report.source, names, strategy=strategy)

    def extract_indexed(
        self, doc_id: str, source: str, field_names: list[str], *,
        strategy: Strategy | None = None, raise_unavailable: bool = False,
    ) -> list[FieldResult]:
        """FieldResults for a document that is already indexed. Fields another field needs
        (``extractor.needs``) are extracted first, once, and their values passed as context.
        Errors stay per field; with ``raise_unavailable`` an unreachable backend is raised."""
        done: dict[str, FieldResult] = {}

        def run(name: str, visiting: frozenset[str]) -> FieldResult:
            if name not in done:
                field = self.fields.get(name)
                context = {}
                for dep in self.extractor.needs(field):
                    if dep in self.fields and dep not in visiting:
                        found = run(dep, visiting | {name})
                        if found.status == "found":
                            context[dep] = found.value
                done[name] = self.field_extraction.run(
                    doc_id, source, field, strategy, context=context,
                    raise_unavailable=raise_unavailable,
                )
            return done[name]

        return [run(name, frozenset()) for name in field_names]

    def close(self) -> None:
        if "backend" in self.__dict__:
            self.backend.close()
