"""Service settings, read once from the environment (prefix ``IE_``) and validated.

| variable | default | meaning |
|---|---|---|
| IE_BACKEND | embedded | ``embedded`` (in-process, zero setup) or ``opensearch`` |
| IE_DATA_DIR | per-user data dir | where the embedded backend and the embedding cache live |
| IE_FIELDS_DIR | ``config/fields`` of the project | directory of field YAMLs |
| IE_OPENSEARCH_URL | http://localhost:9200 | OpenSearch endpoint (``opensearch`` backend) |
| IE_OPENSEARCH_USER / IE_OPENSEARCH_PASSWORD | unset | basic auth for OpenSearch |
| IE_OPENSEARCH_VERIFY_CERTS | true | TLS certificate checks |
| IE_OPENSEARCH_HYBRID_SUBSCORES | true | report each hybrid chunk's BM25/kNN scores (OpenSearch explains every hit: about 250 ms a query instead of 20 ms; rankings are the same) |
| IE_INDEX_PREFIX | ie | prefix of every index / pipeline name the service creates |
| IE_EMBEDDING_MODEL | packaged all-MiniLM-L6-v2 | a local model directory for HuggingFaceEmbedding |
| IE_EMBED_BACKEND | onnx | ``torch`` (llama-index HuggingFaceEmbedding, the reference), ``onnx`` or ``onnx-int8`` (ONNX Runtime, exported once under IE_DATA_DIR/models) |
| IE_EMBED_BATCH_SIZE | 8 | texts per embedding batch (texts are sorted by length first; 8 measured fastest) |
| IE_EMBED_THREADS | 0 | intra-op threads of the embedding runtime; 0: one per core |
| IE_EMBED_MAX_TOKENS | 96 | how many tokens of a chunk the embedding model reads ([CLS] and [SEP] included; the rest of a longer chunk is in BM25 and extraction only) |
| IE_MODEL_CACHE_DIR | IE_DATA_DIR/models | where ONNX exports are kept (several data dirs may share one) |
| IE_CHUNK_TOKENS | 200 | target chunk size in model tokens (hard cap: the model's 256) |
| IE_CHUNK_OVERLAP_TOKENS | 40 | tokens shared by consecutive chunks of one section |
| IE_EXTRACTOR | rules | ``rules`` (default, offline) or ``llm`` |
| IE_LLM_URL | unset | OpenAI-compatible base URL, e.g. http://localhost:8000/v1 |
| IE_LLM_MODEL | unset | model name sent in chat-completions requests |
| IE_LLM_API_KEY | unset | bearer token for the LLM endpoint |
| IE_LLM_TIMEOUT | 30 | seconds before an LLM call is abandoned (the field gets status error) |

The service (API, workers, queue consumer):

| variable | default | meaning |
|---|---|---|
| IE_REDIS_URL | redis://127.0.0.1:6379/0 | Celery broker and the submission stream |
| IE_DATABASE_URL | SQLite under IE_DATA_DIR | the durable job store (SQLAlchemy URL; PostgreSQL in production) |
| IE_BLOB_URL | a directory under IE_DATA_DIR | where uploads live: a directory path, or ``s3://bucket/prefix`` |
| IE_S3_ENDPOINT_URL | unset | an S3-compatible endpoint (MinIO, Ceph) for ``s3://`` blob URLs |
| IE_API_KEYS | unset | comma-separated bearer keys; the API refuses to start without one unless ``--dev`` |
| IE_MAX_UPLOAD_MB | 50 | largest request body the API accepts |
| IE_TASK_SOFT_TIME_LIMIT / IE_TASK_TIME_LIMIT | 300 / 330 | seconds before a task is asked to stop / killed |
| IE_REDELIVERY_SECONDS | 600 | an unacknowledged task (its worker died) is redelivered after this; must exceed IE_TASK_TIME_LIMIT |
| IE_TASK_MAX_RETRIES | 5 | retries (exponential backoff) of a task that met a transient error |
| IE_RECONCILE_SECONDS | 10 | how often a worker re-publishes work the broker lost (outbox sweep) |
| IE_SUBMIT_STREAM | ie:submissions | Redis stream that queue producers publish job messages to |
| IE_SUBMIT_MAX_DELIVERIES | 5 | deliveries before a submission that keeps failing is dead-lettered |
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from platformdirs import user_data_dir
from pydantic import Field, ValidationError, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .errors import ConfigError

__all__ = ["Settings", "get_settings", "PROJECT_ROOT", "MODEL_MAX_TOKENS", "MIN_EMBED_TOKENS",
           "DEFAULT_EMBED_MAX_TOKENS"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
# all-MiniLM-L6-v2 reads at most 256 tokens (sentence-transformers' max_seq_length; longer
# input is silently truncated), but was trained on 128 ("The sequence length was limited to
# 128 tokens", the model's README): IE_EMBED_MAX_TOKENS sets how much of a chunk it reads.
MODEL_MAX_TOKENS = 256
MIN_EMBED_TOKENS = 16
# Embedding is the cold backfill's main cost. A chunk's first 128 tokens instead of 256 cost 29%
# less CPU, its first 96 another 15%, each at the same extraction F1 on contracts-train (96:
# +2 pairs of 2,639 against 128) and dev evidence recall@5 (0.896 hybrid against 0.892); dev
# extraction moves by 3 pairs of 704 (README, "Batch").
DEFAULT_EMBED_MAX_TOKENS = 96


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="IE_", extra="ignore", frozen=True)

    backend: Literal["embedded", "opensearch"] = "embedded"
    data_dir: Path = Field(default_factory=lambda: Path(user_data_dir("intelligent-extraction")))
    fields_dir: Path = PROJECT_ROOT / "config" / "fields"
    opensearch_url: str = "http://localhost:9200"
    opensearch_user: str | None = None
    opensearch_password: str | None = None
    opensearch_verify_certs: bool = True
    opensearch_hybrid_subscores: bool = True
    index_prefix: str = Field(default="ie", pattern=r"^[a-z0-9][a-z0-9_\-]*$")
    embedding_model: str | None = None
    embed_backend: Literal["torch", "onnx", "onnx-int8"] = "onnx"
    embed_batch_size: int = Field(default=8, ge=1, le=1024)
    embed_threads: int = Field(default=0, ge=0, le=256)
    embed_max_tokens: int = Field(
        default=DEFAULT_EMBED_MAX_TOKENS, ge=MIN_EMBED_TOKENS, le=MODEL_MAX_TOKENS
    )
    model_cache_dir: Path | None = None
    chunk_tokens: int = Field(default=200, ge=32, le=MODEL_MAX_TOKENS - 2)
    chunk_overlap_tokens: int = Field(default=40, ge=0)
    extractor: Literal["rules", "llm"] = "rules"
    llm_url: str | None = None
    llm_model: str | None = None
    llm_api_key: str | None = None
    llm_timeout: float = Field(default=30.0, gt=0, le=600)

    redis_url: str = Field(default="redis://127.0.0.1:6379/0", pattern=r"^rediss?://")
    database_url: str | None = None
    blob_url: str | None = None
    s3_endpoint_url: str | None = None
    api_keys: str = ""
    max_upload_mb: int = Field(default=50, ge=1, le=4096)
    task_soft_time_limit: int = Field(default=300, ge=1)
    task_time_limit: int = Field(default=330, ge=1)
    redelivery_seconds: int = Field(default=600, ge=2)
    task_max_retries: int = Field(default=5, ge=0, le=100)
    reconcile_seconds: float = Field(default=10.0, gt=0, le=3600)
    submit_stream: str = Field(default="ie:submissions", min_length=1)
    submit_max_deliveries: int = Field(default=5, ge=1)

    @model_validator(mode="after")
    def _overlap_smaller_than_chunk(self) -> "Settings":
        if self.chunk_overlap_tokens >= self.chunk_tokens:
            raise ValueError(
                f"IE_CHUNK_OVERLAP_TOKENS ({self.chunk_overlap_tokens}) must be smaller than "
                f"IE_CHUNK_TOKENS ({self.chunk_tokens})"
            )
        if self.extractor == "llm" and not (self.llm_url and self.llm_model):
            raise ValueError("IE_EXTRACTOR=llm needs IE_LLM_URL and IE_LLM_MODEL")
        if self.task_soft_time_limit >= self.task_time_limit:
            raise ValueError(
                f"IE_TASK_SOFT_TIME_LIMIT ({self.task_soft_time_limit}) must be smaller than "
                f"IE_TASK_TIME_LIMIT ({self.task_time_limit})"
            )
        # A task still running when its message becomes visible again would run twice at once.
        if self.redelivery_seconds <= self.task_time_limit:
            raise ValueError(
                f"IE_REDELIVERY_SECONDS ({self.redelivery_seconds}) must exceed "
                f"IE_TASK_TIME_LIMIT ({self.task_time_limit})"
            )
        return self

    @property
    def api_key_list(self) -> list[str]:
        """The configured API keys (IE_API_KEYS split on commas, blanks dropped)."""
        return [key.strip() for key in self.api_keys.split(",") if key.strip()]

    @property
    def job_database_url(self) -> str:
        """IE_DATABASE_URL, else a SQLite file under the data directory."""
        return self.database_url or f"sqlite:///{self.data_dir / 'jobs.sqlite'}"

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
