"""Fields that live at the start of a document always consider its first chunks.

Titles, parties and dates open a contract, yet the chunk that holds them often shares few words
with any query and embeds like boilerplate, so neither sub-query may rank it. The position boost
can only lift a candidate, so for a field with ``position`` the first ``first_chunks`` chunks
join the candidates (scored 0 by search) before post-processing.
"""

from __future__ import annotations

from ..backends.base import SearchBackend
from ..models import FieldConfig, ScoredChunk

__all__ = ["add_leading_chunks", "append_trailing_chunks"]


def add_leading_chunks(
    candidates: list[ScoredChunk], field: FieldConfig, backend: SearchBackend, doc_id: str
) -> list[ScoredChunk]:
    """``candidates`` plus the document's first chunks that are not among them yet."""
    if field.position is None:
        return candidates
    present = {sc.chunk_id for sc in candidates}
    leading = backend.get_chunks(doc_id)[: field.position.first_chunks]
    return candidates + [ScoredChunk(chunk=c, score=0.0) for c in leading
                         if c.chunk_id not in present]


def append_trailing_chunks(
    ranked: list[ScoredChunk], field: FieldConfig, backend: SearchBackend, doc_id: str
) -> list[ScoredChunk]:
    """``ranked`` followed by the document's last ``position.last_chunks`` chunks that it
    lacks; they come after the ranked evidence, so they never displace it."""
    if field.position is None or field.position.last_chunks == 0:
        return ranked
    present = {sc.chunk_id for sc in ranked}
    trailing = backend.get_chunks(doc_id)[-field.position.last_chunks :]
    return ranked + [ScoredChunk(chunk=c, score=0.0) for c in trailing
                     if c.chunk_id not in present]
