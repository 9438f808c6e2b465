"""Every error the service raises on purpose derives from one root.

    ExtractionError
    ├── ConfigError              bad settings or field config (names file, key, value)
    │   └── FieldConfigError
    ├── UnknownFieldError        a field name that has no config
    ├── DocumentError            a file that cannot be ingested (names the file)
    │   ├── UnsupportedFormatError
    │   ├── EmptyDocumentError
    │   ├── EncryptedDocumentError
    │   └── CorruptDocumentError
    ├── EmbeddingError           the embedding model failed or could not load
    ├── BackendError             the search backend failed
    │   ├── BackendUnavailable   it cannot be reached
    │   ├── DocumentNotIndexed   a query named a doc_id the backend does not hold
    │   └── EmbedderMismatch     a document's vectors come from another embedder (re-index it)
    ├── ServiceUnavailable       a service the API or workers need is down (transient)
    │   ├── JobStoreUnavailable  the job database
    │   └── BrokerUnavailable    Redis (Celery broker, submission stream)
    ├── BlobError                the blob store failed or lacks a blob
    ├── InvalidRequest           a request or queue message is malformed (lists each problem)
    └── NotFound                 a document or job id that does not exist

Third-party errors are converted at the boundary (``raise BackendUnavailable(...) from exc``),
so callers catch these and nothing else.
"""

from __future__ import annotations

__all__ = [
    "ExtractionError",
    "ConfigError",
    "FieldConfigError",
    "UnknownFieldError",
    "DocumentError",
    "UnsupportedFormatError",
    "EmptyDocumentError",
    "EncryptedDocumentError",
    "CorruptDocumentError",
    "EmbeddingError",
    "BackendError",
    "BackendUnavailable",
    "DocumentNotIndexed",
    "EmbedderMismatch",
    "ServiceUnavailable",
    "JobStoreUnavailable",
    "BrokerUnavailable",
    "BlobError",
    "InvalidRequest",
    "NotFound",
]


class ExtractionError(Exception):
    """Root of every error this package raises on purpose."""


class ConfigError(ExtractionError):
    """Settings or configuration are invalid."""


class FieldConfigError(ConfigError):
    """A field YAML is invalid; the message names the file, the key and the bad value."""

    def __init__(self, path: str, problems: list[str]):
        self.path = path
        self.problems = problems
        joined = "\n  ".join(problems)
        super().__init__(f"{path}: invalid field config:\n  {joined}")


class UnknownFieldError(ExtractionError):
    """A field name was asked for that no config defines."""

    def __init__(self, name: str, known: list[str]):
        self.name = name
        self.known = known
        super().__init__(f"unknown field {name!r}; known fields: {', '.join(sorted(known))}")


class DocumentError(ExtractionError):
    """A document cannot be ingested. ``path`` names the file."""

    def __init__(self, path: str, reason: str):
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class UnsupportedFormatError(DocumentError):
    """The file's format has no parser."""


class EmptyDocumentError(DocumentError):
    """The file parsed but holds no text."""


class EncryptedDocumentError(DocumentError):
    """The file is password protected."""


class CorruptDocumentError(DocumentError):
    """The file is damaged or is not what its extension says."""


class EmbeddingError(ExtractionError):
    """The embedding model could not be loaded or failed on input."""


class BackendError(ExtractionError):
    """The search backend failed."""


class BackendUnavailable(BackendError):
    """The search backend cannot be reached."""


class EmbedderMismatch(BackendError):
    """A document's vectors were computed by another embedder than the one embedding the query
    (another model, or another runtime: torch, onnx, onnx-int8); scores across the two would be
    meaningless, so the document must be indexed again."""

    def __init__(self, doc_id: str, stored: str | None, current: str):
        self.doc_id, self.stored, self.current = doc_id, stored, current
        super().__init__(
            f"document {doc_id!r} was indexed with embedder {stored or 'unknown'} but queries "
            f"are embedded with {current}; index it again (intelligent-extraction index --force "
            f"FILE), or set IE_EMBED_BACKEND back to the backend that indexed it"
        )


class DocumentNotIndexed(BackendError):
    """A query named a document the backend does not hold."""

    def __init__(self, doc_id: str):
        self.doc_id = doc_id
        super().__init__(f"document {doc_id!r} is not indexed")


class ServiceUnavailable(ExtractionError):
    """A service the API or the workers depend on cannot be reached; retrying may help."""


class JobStoreUnavailable(ServiceUnavailable):
    """The job database cannot be reached or failed."""


class BrokerUnavailable(ServiceUnavailable):
    """Redis (the Celery broker and the submission stream) cannot be reached."""


class BlobError(ExtractionError):
    """The blob store failed, or holds no blob under the key asked for."""


class InvalidRequest(ExtractionError):
    """A request body or queue message is malformed. ``problems`` lists each as
    ``{"loc": "fields[2]", "msg": "unknown field 'foo'"}`` so a client can fix them all."""

    def __init__(self, problems: list[dict[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{p['loc']}: {p['msg']}" if p.get("loc") else p["msg"]
                                   for p in problems))


class NotFound(ExtractionError):
    """A document or job id that does not exist."""

    def __init__(self, kind: str, ident: str):
        self.kind = kind
        self.ident = ident
        super().__init__(f"{kind} {ident!r} not found")
