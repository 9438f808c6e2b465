"""Fields that say where they live get those chunks whatever the search ranked.

Titles, parties and dates open a contract, yet the chunk that holds them often shares few words
with any query and embeds like boilerplate, so neither sub-query may rank it. The position boost
can only lift a candidate, so for a field with ``position`` the first ``first_chunks`` chunks
join the candidates (scored 0 by search) before post-processing; those that still rank below
the top are appended after the ranked evidence, never displacing it, because a letter's inside
address or a title page is read there even when nothing ranks it. So are the last
``last_chunks`` chunks (signature blocks), with ``signature_block`` the chunks of the first
signature block wherever it stands (exhibits after it, or a cover page signed up front), and, in
a document of at most ``read_whole_up_to`` chunks, every other chunk: a short joint statement
("the undersigned agree ...") names its parties only in signature blocks spread over chunks no
query ranks. With ``after_contents`` the opening is counted after a cover page and a table of
contents (``front_matter``): the preamble behind them is a leading chunk.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..backends.base import SearchBackend
from ..models import Chunk, FieldConfig, ScoredChunk
from .front_matter import with_opening_resumed

__all__ = ["positional_chunks", "append_missing"]


def positional_chunks(
    candidates: list[ScoredChunk], field: FieldConfig, backend: SearchBackend, doc_id: str
) -> tuple[list[ScoredChunk], list[ScoredChunk]]:
    """(``candidates`` plus the document's leading chunks they lack; the leading and trailing
    chunks to append after the ranked evidence)."""
    pos = field.position
    if pos is None:
        return candidates, _matching(field, backend, doc_id)
    chunks = backend.get_chunks(doc_id)  # one read serves both ends and the whole
    if pos.after_contents:
        chunks = with_opening_resumed(chunks)
        candidates = _told_where_the_opening_resumes(candidates, chunks)
    leading = [
        ScoredChunk(chunk=c, score=0.0) for c in chunks if c.leading_position < pos.first_chunks
    ]
    trailing = [ScoredChunk(chunk=c, score=0.0) for c in chunks[-pos.last_chunks :]] \
        if pos.last_chunks else []
    whole = [ScoredChunk(chunk=c, score=0.0) for c in chunks] \
        if len(chunks) <= pos.read_whole_up_to else []
    signing = [ScoredChunk(chunk=c, score=0.0) for c in _signature_block(chunks)] \
        if pos.signature_block else []
    return append_missing(candidates, leading), append_missing(
        leading + signing + trailing, _matching(field, backend, doc_id, chunks) + whole)


def _told_where_the_opening_resumes(
    ranked: list[ScoredChunk], chunks: list[Chunk]
) -> list[ScoredChunk]:
    """``ranked`` holding the document's chunks as ``with_opening_resumed`` gave them, so that
    the position boost counts the leading chunks as they were chosen."""
    if not chunks or chunks[0].opening_resumes_at is None:
        return ranked
    by_id = {c.chunk_id: c for c in chunks}
    return [replace(sc, chunk=by_id.get(sc.chunk_id, sc.chunk)) for sc in ranked]


def _matching(
    field: FieldConfig, backend: SearchBackend, doc_id: str, chunks: list[Chunk] | None = None
) -> list[ScoredChunk]:
    """The chunks one of the field's ``read_matching`` regexes matches, in document order."""
    if not field.read_matching:
        return []
    chunks = backend.get_chunks(doc_id) if chunks is None else chunks
    wanted = [re.compile(r) for r in field.read_matching]
    return [
        ScoredChunk(chunk=c, score=0.0) for c in chunks if any(w.search(c.text) for w in wanted)
    ]


_ATTESTATION = re.compile(r"\bIN\s+WITNESS\s+WHEREOF\b", re.IGNORECASE)
#: The attestation's chunk and the ones after it: a signature block split over small chunks
#: (one per signatory) puts its "Date:" lines two or three chunks below the attestation.
_SIGNATURE_BLOCK_CHUNKS = 4


def _signature_block(chunks: list[Chunk]) -> list[Chunk]:
    """The chunks of the first signature block ("IN WITNESS WHEREOF ..."): exhibits or a
    cover page's own signatures put it elsewhere than in the last chunks."""
    for i, c in enumerate(chunks):
        if _ATTESTATION.search(c.text):
            return chunks[i : i + _SIGNATURE_BLOCK_CHUNKS]
    return []


def append_missing(ranked: list[ScoredChunk], extra: list[ScoredChunk]) -> list[ScoredChunk]:
    """``ranked`` followed by the chunks of ``extra`` it does not hold yet."""
    present = {sc.chunk_id for sc in ranked}
    return ranked + [sc for sc in extra if sc.chunk_id not in present]
