"""Which file content each document was indexed from, so an unchanged file is not re-parsed.

``ExtractionService.index`` decides "unchanged" by parsing and chunking the file and comparing
chunk ids with the index: safe, but on a re-extraction of an indexed archive (a field config
changed, a new field) parsing is a fifth of each document's time. The backfill already hashes
every file, so it remembers, per document, the content hash it indexed, the ingest settings and
code it used, and a digest of the chunk ids the index then held. Parsing is skipped only when
all three still agree: same bytes, same chunker settings and parser/chunker source, and the
index still holds exactly those chunks (nobody re-indexed the id from another file since).
"""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

from ..sqlite_local import LocalSQLite

__all__ = ["IndexedDocuments", "ingest_key", "chunk_digest"]

_DOCUMENTS_PACKAGE = Path(__file__).resolve().parent.parent / "documents"


def ingest_key(settings, model_name: str) -> str:
    """Everything that shapes a document's chunks: settings, model, parser and chunker code."""
    # The embedding runtime too: a document embedded by torch must be re-indexed for onnx.
    runtime = getattr(settings, "embed_backend", "torch")
    digest = hashlib.sha256(f"{settings.chunk_tokens}|{settings.chunk_overlap_tokens}|"
                            f"{model_name}|{runtime}".encode())
    for source in sorted(_DOCUMENTS_PACKAGE.glob("*.py")):
        digest.update(source.read_bytes())
    return digest.hexdigest()[:16]


def chunk_digest(chunk_ids: list[str]) -> str:
    return hashlib.sha256("\n".join(chunk_ids).encode()).hexdigest()[:16]


class IndexedDocuments:
    """A small SQLite table beside the index (shared by the workers; WAL, short writes)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._db = LocalSQLite(self.path, schema="CREATE TABLE IF NOT EXISTS indexed (doc_id "
                               "TEXT PRIMARY KEY, sha256 TEXT, ingest TEXT, chunks TEXT, "
                               "source TEXT)")

    def _conn(self) -> sqlite3.Connection:
        return self._db.connection()

    def source_if_current(self, doc_id: str, sha256: str, ingest: str, backend) -> str | None:
        """The indexed file name when ``doc_id`` is indexed from these bytes, else None."""
        row = self._conn().execute("SELECT sha256, ingest, chunks, source FROM indexed "
                                   "WHERE doc_id = ?", (doc_id,)).fetchone()
        if row is None or row[0] != sha256 or row[1] != ingest:
            return None
        if not backend.has_document(doc_id):
            return None
        held = chunk_digest([c.chunk_id for c in backend.get_chunks(doc_id)])
        return row[3] if held == row[2] else None

    def remember(self, doc_id: str, sha256: str, ingest: str, backend, source: str) -> None:
        digest = chunk_digest([c.chunk_id for c in backend.get_chunks(doc_id)])
        with self._conn() as conn:
            conn.execute("INSERT OR REPLACE INTO indexed VALUES (?, ?, ?, ?, ?)",
                         (doc_id, sha256, ingest, digest, source))
