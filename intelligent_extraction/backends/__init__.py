"""Search backends: the protocol, the embedded default and a factory that picks one from settings.

The OpenSearch backend is imported only when selected, so the embedded default never needs
opensearch-py (or a reachable server) to import this package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError
from .base import Hit, HybridHit, SearchBackend
from .embedded import EmbeddedBackend

if TYPE_CHECKING:
    from ..settings import Settings

__all__ = ["Hit", "HybridHit", "SearchBackend", "EmbeddedBackend", "create_backend"]


def create_backend(
    settings: "Settings", dimension: int | None = None, *, embedder: str | None = None
) -> SearchBackend:
    """The backend ``settings.backend`` names.

    ``dimension`` (the embedder's vector size) is required for OpenSearch, whose index mapping
    fixes it; the embedded backend records it from the first document it stores. ``embedder``
    is the identity of the embedder whose vectors the backend will hold and be queried with
    (None: not checked).
    """
    if settings.backend == "embedded":
        legacy = None
        if embedder is not None:
            from ..embeddings import embedder_identity
            from ..settings import MODEL_MAX_TOKENS

            # documents written before identities were recorded hold torch vectors of the
            # model's whole input
            legacy = embedder_identity("torch", settings.embedding_model, MODEL_MAX_TOKENS)
        return EmbeddedBackend(settings.data_dir, embedder=embedder, legacy_embedder=legacy)
    if settings.backend == "opensearch":
        if dimension is None:
            raise ConfigError(
                "the opensearch backend needs the embedding dimension to create its index"
            )
        from .opensearch import OpenSearchBackend

        return OpenSearchBackend.from_settings(settings, dimension, embedder=embedder)
    raise ConfigError(
        f"IE_BACKEND: unknown backend {settings.backend!r}; use 'embedded' or 'opensearch'"
    )
