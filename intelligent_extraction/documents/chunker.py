"""Section-aware chunking with exact offsets and a hard token cap.

Blocks are grouped into runs: consecutive text blocks of one section (headings that only open
subsections join the first subsection's run; headings and short front matter with no text of
their own join whatever text follows), or a single table or image block. A text run is
packed into chunks of about ``target_tokens``; a chunk never leaves its run, so it never spans
two sections (a short section is one chunk). Tables are split between rows and never overlap;
each image description is one chunk. Chunk text is always the exact slice
``doc.text[start:end]``.

Each run is tokenized once, with offsets (``tokenizer.offsets``), and every decision is made on
those token spans. A chunk ends at the best boundary in its window: a paragraph or line break
near the window's end, else a sentence end, else a clause end (``;`` ``:``), else a word start,
else any token. Consecutive text chunks of a run overlap by up to ``overlap_tokens``, the
overlap starting at a sentence start when one is close enough. Finally every chunk that is
not a whole run is re-counted as the text that will be embedded and shrunk if it exceeds
``MODEL_MAX_TOKENS - 2`` (the model adds [CLS] and [SEP] and silently truncates the rest).
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..models import Block, Chunk, ChunkType, ParsedDocument
from ..settings import MODEL_MAX_TOKENS
from .headings import section_title

__all__ = ["OffsetTokenizer", "chunk_document", "chunk_id", "MAX_CHUNK_TOKENS"]

MAX_CHUNK_TOKENS = MODEL_MAX_TOKENS - 2

# Boundary strength before a token (higher is a better place to cut).
_RAW, _WORD, _CLAUSE, _SENTENCE, _BREAK = -1, 0, 1, 2, 3
_SENTENCE_PUNCT = frozenset(".!?")
_CLAUSE_PUNCT = frozenset(";:")
_CLOSERS = frozenset("\"'”’)]")
# A period after these does not end a sentence ("Acme Inc. and", "Section 2 of the U.S. Code").
_LEAD_IN_CHARS = 300  # front matter and headings up to this long join the following text
_ABBREVIATIONS = frozenset(
    "inc ltd llc co corp no nos sec art mr mrs ms dr st jr sr vs v e.g i.e etc cf fig al "
    "u.s approx dept est id para pp ph.d seq".split()
)


@runtime_checkable
class OffsetTokenizer(Protocol):
    """What the chunker needs from the model's tokenizer (see embeddings.load_tokenizer)."""

    def count_tokens(self, text: str) -> int: ...

    def offsets(self, text: str) -> list[tuple[int, int]]: ...


@dataclass
class _Run:
    kind: ChunkType
    blocks: list[Block]


def chunk_id(doc_id: str, chunk_type: str, start: int, end: int, text: str) -> str:
    """Stable id: the same document text chunked with the same settings gives the same ids."""
    key = f"{doc_id}\x00{chunk_type}\x00{start}\x00{end}\x00{text}"
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


def _is_heading(block: Block) -> bool:
    return bool(block.section) and block.section[-1] == section_title(block.text)


def _joins(run: _Run, block: Block) -> bool:
    """A text block continues a text run of its own section, or one made only of the headings
    that open its section ("1. GRANT" + "1.1 Rights Granted" + the text of 1.1)."""
    if block.kind != "text" or run.kind != "text":
        return False
    last = run.blocks[-1].section
    if last == block.section:
        return True
    if _is_lead_in(run):
        return True
    return (
        len(block.section) > len(last)
        and block.section[: len(last)] == last
        and all(_is_heading(b) for b in run.blocks)
    )


def _is_lead_in(run: _Run) -> bool:
    """Headings with no text of their own, and the short front matter before the first
    heading ("Exhibit 10.23", a title, "PARTIES:"), lead into what follows: alone they would
    be chunks too small to retrieve, and they push a contract's opening text down the list."""
    if sum(len(b.text) for b in run.blocks) > _LEAD_IN_CHARS:
        return False
    return all(_is_heading(b) or not b.section for b in run.blocks)


def _runs(doc: ParsedDocument) -> list[_Run]:
    runs: list[_Run] = []
    for block in doc.blocks:
        if runs and _joins(runs[-1], block):
            runs[-1].blocks.append(block)
        else:
            runs.append(_Run(block.kind, [block]))
    return runs


def _tokens(text: str, blocks: list[Block], tokenizer: OffsetTokenizer):
    """Token spans (document offsets) of a run, tokenized in one call, the boundary strength
    before each token, and the exact count of the whole run (a run that is one chunk, as most
    sections are, needs no recount)."""
    base, end = blocks[0].start, blocks[-1].end
    piece = text[base:end]
    spans = tokenizer.offsets(piece)
    starts: list[int] = []
    ends: list[int] = []
    for s, e in spans:
        if e > s and not piece[s:e].isspace():  # zero-width specials, whitespace tokens
            starts.append(base + s)
            ends.append(base + e)
    known = {(base, end): len(spans)} if starts and (starts[0], ends[-1]) == (base, end) else {}
    strength = [_BREAK] * len(starts)
    for k in range(1, len(starts)):
        strength[k] = _boundary(text, ends[k - 1], starts[k], starts, ends, k)
    return starts, ends, strength, known


def _boundary(text: str, prev_end: int, start: int, starts, ends, k: int) -> int:
    gap = text[prev_end:start]
    if not gap:
        return _RAW
    if "\n" in gap:
        return _BREAK
    # the last non-closer token before the gap
    j = k - 1
    while j > 0 and text[starts[j]:ends[j]] in _CLOSERS:
        j -= 1
    prev = text[starts[j]:ends[j]]
    if prev in _SENTENCE_PUNCT:
        if prev == "." and j > 0 and ends[j - 1] == starts[j]:
            word = text[starts[j - 1]:ends[j - 1]].lower()
            if word in _ABBREVIATIONS or len(word) == 1 and word.isalpha():
                return _WORD
        nxt = text[start:start + 1]
        if nxt.isupper() or nxt.isdigit() or nxt in "(\"“'‘[":
            return _SENTENCE
        return _CLAUSE
    if prev in _CLAUSE_PUNCT:
        return _CLAUSE
    return _WORD


def _pick_end(strength: list[int], i: int, lo: int, hi: int) -> int:
    """The best cut in (i, hi]: the latest strong boundary not before ``lo``, else weaker.

    A paragraph/line break wins only near the end of the window, so it does not halve chunks;
    a sentence end anywhere past ``lo`` beats cutting a sentence."""
    near_end = max(lo, hi - (hi - i) // 3)
    tiers = ((_BREAK, near_end), (_SENTENCE, lo), (_CLAUSE, lo), (_WORD, i + 1))
    for wanted, floor in tiers:
        for m in range(hi, max(floor, i + 1) - 1, -1):
            if strength[m] >= wanted:
                return m
    return hi


def _pick_overlap_start(strength: list[int], i: int, j: int, overlap: int) -> int:
    """Where the next chunk starts: the earliest good boundary at most ``overlap`` tokens
    before ``j`` (sentence, then clause, then word), so the shared text is as long as allowed."""
    if overlap <= 0:
        return j
    lo = max(i + 1, j - overlap)
    for wanted in (_SENTENCE, _CLAUSE, _WORD):
        for m in range(lo, j):
            if strength[m] >= wanted:
                return m
    return lo if lo < j else j


def _spans(strength: list[int], target: int, overlap: int) -> list[tuple[int, int]]:
    """Token index spans [i, j) covering all tokens of a run."""
    n = len(strength)
    spans: list[tuple[int, int]] = []
    i, prev_end = 0, 0
    while i < n:
        if n - i <= target:
            j = n
        else:
            # each chunk must reach past the previous one, and should not be tiny
            lo = max(i + max(1, target // 3), prev_end + 1)
            j = _pick_end(strength, i, lo, i + target)
        spans.append((i, j))
        if j >= n:
            break
        i, prev_end = _pick_overlap_start(strength, i, j, overlap), j
    return spans


def _fit(text: str, tokens, i: int, j: int, tokenizer, known) -> int:
    """Shrink [i, j) until the slice re-tokenizes within the cap. Token counts of pieces cut
    from a longer text can differ from a fresh tokenization of the piece (a word cut inside, a
    tokenizer that marks word starts), so every chunk is counted as it will be embedded."""
    starts, ends, strength = tokens
    while j - i > 1:
        span = (starts[i], ends[j - 1])
        count = known.get(span)
        if count is None:
            count = tokenizer.count_tokens(text[span[0] : span[1]])
        if count <= MAX_CHUNK_TOKENS:
            break
        hi = max(i + 1, j - (count - MAX_CHUNK_TOKENS))
        j = next((m for m in range(hi, i, -1) if strength[m] >= _WORD), hi)
    return j


def _validate(target_tokens: int, overlap_tokens: int) -> None:
    if not 1 <= target_tokens <= MAX_CHUNK_TOKENS:
        raise ValueError(
            f"target_tokens must be between 1 and {MAX_CHUNK_TOKENS} (the model's "
            f"{MODEL_MAX_TOKENS} minus [CLS]/[SEP]). Currently, it is {target_tokens}"
        )
    if not 0 <= overlap_tokens < target_tokens:
        raise ValueError(
            f"overlap_tokens must be at least 0 and smaller than target_tokens "
            f"({target_tokens}). Currently, it is {overlap_tokens}"
        )


def chunk_document(
    doc: ParsedDocument,
    tokenizer: OffsetTokenizer,
    *,
    target_tokens: int = 200,
    overlap_tokens: int = 40,
) -> list[Chunk]:
    """Split a parsed document into chunks of at most ``target_tokens`` model tokens (never
    more than ``MODEL_MAX_TOKENS - 2``), section-aware, with overlap inside a section."""
    _validate(target_tokens, overlap_tokens)
    if not hasattr(tokenizer, "offsets"):
        raise TypeError("chunk_document needs a tokenizer with offsets(text); see load_tokenizer")
    text = doc.text
    block_starts = [b.start for b in doc.blocks]
    raw: list[tuple[ChunkType, int, int]] = []
    for run in _runs(doc):
        starts, ends, strength, known = _tokens(text, run.blocks, tokenizer)
        overlap = overlap_tokens if run.kind == "text" else 0  # table rows stand alone
        for i, j in _spans(strength, target_tokens, overlap):
            while i < j:
                k = _fit(text, (starts, ends, strength), i, j, tokenizer, known)
                raw.append((run.kind, starts[i], ends[k - 1]))
                i = k
    chunks = []
    for position, (kind, start, end) in enumerate(raw):
        first = doc.blocks[bisect_right(block_starts, start) - 1]
        last = doc.blocks[bisect_right(block_starts, end - 1) - 1]
        piece = text[start:end]
        chunks.append(
            Chunk(
                chunk_id=chunk_id(doc.doc_id, kind, start, end, piece),
                doc_id=doc.doc_id,
                text=piece,
                chunk_type=kind,
                start=start,
                end=end,
                position=position,
                page=first.page,
                # the deepest section the chunk reaches: a chunk that opens with its parent's
                # heading ("1. GRANT" + "1.1 Rights ...") belongs to the subsection
                section=last.section,
                source=doc.source,
            )
        )
    return chunks
