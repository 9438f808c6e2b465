"""Service settings, read once from the environment (prefix ``IE_``) and validated.

| variable | default | meaning |
|---|---|---|
| IE_BACKEND | embedded | ``embedded`` (in-process, zero setup) or ``opensearch`` |
| IE_DATA_DIR | per-user data dir | where the embedded backend and the embedding cache live |
| IE_FIELDS_DIR | ``config/fields`` of the project | directory of field YAMLs |
| IE_OPENSEARCH_URL | http://localhost:9200 | OpenSearch endpoint (``opensearch`` backend) |
| IE_OPENSEARCH_USER / IE_OPENSEARCH_PASSWORD | unset | basic auth for OpenSearch |
| IE_OPENSEARCH_VERIFY_CERTS | true | TLS certificate checks |
| IE_INDEX_PREFIX | ie | prefix of every index / pipeline name the service creates |
| IE_EMBEDDING_MODEL | packaged all-MiniLM-L6-v2 | a local model directory for HuggingFaceEmbedding |
| IE_EMBED_BATCH_SIZE | 32 | texts per embedding batch |
| IE_CHUNK_TOKENS | 200 | target chunk size in model tokens (hard cap: the model's 256) |
| IE_CHUNK_OVERLAP_TOKENS | 40 | tokens shared by consecutive chunks of one section |
| IE_EXTRACTOR | rules | ``rules`` (default, offline) or ``llm`` |
| IE_LLM_URL | unset | OpenAI-compatible base URL, e.g. http://localhost:8000/v1 |
| IE_LLM_MODEL | unset | model name sent in chat-completions requests |
| IE_LLM_API_KEY | unset | bearer token for the LLM endpoint |
| IE_LLM_TIMEOUT | 30 | seconds before an LLM call is abandoned (the field gets status error) |
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .errors import ConfigError

__all__ = ["Settings", "get_settings", "PROJECT_ROOT", "MODEL_MAX_TOKENS"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# all-MiniLM-L6-v2 was trained with max_seq_length 256; longer input is silently truncated.
MODEL_MAX_TOKENS = 256


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="IE_", extra="ignore", frozen=True)

    backend: Literal["embedded", "opensearch"] = "embedded"
    data_dir: Path = Field(default_factory=lambda: Path(user_data_dir("intelligent-extraction")))
    fields_dir: Path = PROJECT_ROOT / "config" / "fields"
    opensearch_url: str = "http://localhost:9200"
    opensearch_user: str | None = None
    opensearch_password: str | None = None
    opensearch_verify_certs: bool = True
    index_prefix: str = Field(default="ie", pattern=r"^[a-z0-9][a-z0-9_\-]*$")
    embedding_model: str | None = None
    embed_batch_size: int = Field(default=32, ge=1, le=1024)
    chunk_tokens: int = Field(default=200, ge=32, le=MODEL_MAX_TOKENS - 2)
    chunk_overlap_tokens: int = Field(default=40, ge=0)
    extractor: Literal["rules", "llm"] = "rules"
    llm_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout: float = Field(default=30.0, gt=0, le=600)

    @model_validator(mode="after")
    def _overlap_smaller_than_chunk(self) -> "Settings":
        if self.chunk_overlap_tokens >= self.chunk_tokens:
            raise ValueError(
                f"IE_CHUNK_OVERLAP_TOKENS ({self.chunk_overlap_tokens}) must be smaller than "
                f"IE_CHUNK_TOKENS ({self.chunk_tokens})"
            )
        if self.extractor == "llm" and not (self.llm_url and self.llm_model):
            raise ValueError("IE_EXTRACTOR=llm needs IE_LLM_URL and IE_LLM_MODEL")
        return self

    @classmethod
    def load(cls, **overrides) -> "Settings":
        """Read the environment; invalid values raise ConfigError naming the variable."""
        try:
            return cls(**overrides)
        except ValidationError as exc:
            problems = [
                f"IE_{'_'.join(str(p) for p in err['loc']).upper()}: {err['msg']} "
                f"(got {err.get('input')!r})"
                for err in exc.errors()
            ]
            raise ConfigError("invalid settings:\n  " + "\n  ".join(problems)) from exc


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, validated on first use."""
    return Settings.load()
