"""Sentences with offsets, for ``text`` and ``clause`` fields (the shortest span that answers).

Segmentation is pysbd's (rule-based, knows "Inc.", "U.S.", "No. 5", "1.2"). pysbd treats every
newline as a boundary, which breaks PDF text wrapped mid-sentence, so single newlines are
hidden from it (replaced by spaces in a same-length copy: offsets stay exact) while blank
lines still separate paragraphs and titles. If pysbd is missing or its offsets disagree with
the text, a conservative regex splitter takes over.

A chunk is segmented once per process (in memory) and, after :func:`keep_sentences_in`, once
per data dir (on disk, :mod:`.sentence_store`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from importlib.metadata import version as package_version
from pathlib import Path

from .base import Candidate, squash_spaces
from .sentence_store import SentenceStore

__all__ = ["find_sentences", "keep_sentences_in", "sentence_spans"]

# Bump when the spans for a text change (masking, placement, trimming, the fallback): spans
# stored by an older version are then never read.
SEGMENTATION_VERSION = 1

_LONE_NEWLINE = re.compile(r"(?<!\n)[ \t]*\n[ \t]*(?!\s*\n)")
_FALLBACK_END = re.compile(
    r"(?<!\b[A-Z])(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bSt)"
    r"(?<!\bvs)(?<!\bCorp)(?<!\bU\.S)[.!?](?=\s+[A-Z(\"“])|\n\s*\n"
)


# pysbd builds its regexes per call from strings (one per abbreviation it meets: thousands of
# distinct patterns over a contract archive) and leaves compiling them to the ``re`` module's
# cache, which holds 512, so every call recompiled about ten. A larger cache keeps the ones
# that recur compiled (warm extraction CPU -5% measured over 60 fresh contracts).
_RE_CACHE_SIZE = 16384


@lru_cache(maxsize=1)
def _segmenter():  # pysbd ships no type hints
    try:
        import pysbd
    except ImportError:  # pragma: no cover - pysbd is a declared dependency
        return None
    if getattr(re, "_MAXCACHE", _RE_CACHE_SIZE) < _RE_CACHE_SIZE:  # CPython's cache bound
        re._MAXCACHE = _RE_CACHE_SIZE
    return pysbd.Segmenter(language="en", clean=False, char_span=True)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return (start, end) if end > start else None


def _pysbd_spans(text: str) -> list[tuple[int, int]] | None:
    segmenter = _segmenter()
    if segmenter is None:
        return None
    masked = _LONE_NEWLINE.sub(lambda m: " " * len(m.group(0)), text)
    # pysbd's own char_span mode places each sentence with a regex built from the sentence's
    # text: a compile per sentence, 40% of its time. The same placement by str.find:
    located = _locate(masked, segmenter.processor(masked).process())
    if located is None:
        return None  # pysbd lost track of the text: do not trust any of its offsets
    return [t for t in (_trimmed(text, start, end) for start, end in located) if t]


def _locate(text: str, sentences: list[str]) -> list[tuple[int, int]] | None:
    """Where each sentence lies, as pysbd's ``sentences_with_char_spans`` places it: the first
    occurrence (scanning occurrences left to right, each followed by its whitespace) that ends
    after the previous sentence's end. None when a sentence is not in the text."""
    spans: list[tuple[int, int]] = []
    prior_end = 0
    for sent in sentences:
        if not sent:
            return None
        start = 0
        while True:
            pos = text.find(sent, start)
            if pos < 0:
                return None
            end = pos + len(sent)
            while end < len(text) and text[end].isspace():  # the regex's trailing \s*
                end += 1
            if end > prior_end:
                spans.append((pos, end))
                prior_end = end
                break
            start = end
    return spans


def _regex_spans(text: str) -> Iterator[tuple[int, int]]:
    start = 0
    for m in _FALLBACK_END.finditer(text):
        trimmed = _trimmed(text, start, m.end() if m.group(0) != "\n" else m.start())
        if trimmed:
            yield trimmed
        start = m.end()
    trimmed = _trimmed(text, start, len(text))
    if trimmed:
        yield trimmed


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every sentence in ``text``, whitespace trimmed, in order."""
    return list(_cached_spans(text))


_store: SentenceStore | None = None


def keep_sentences_in(path: Path | None) -> None:
    """Keep this process's sentence spans in the SQLite file ``path`` (None: in memory only)."""
    global _store
    _store = None if path is None else SentenceStore(path, _segmentation_version())


def _segmentation_version() -> str:
    """This code's version and the engine's: pysbd's release, or the regex fallback."""
    engine = f"pysbd-{package_version('pysbd')}" if _segmenter() is not None else "regex"
    return f"{SEGMENTATION_VERSION}/{engine}"


@lru_cache(maxsize=4096)
def _cached_spans(text: str) -> tuple[tuple[int, int], ...]:
    # the fields of one document read many of the same chunks: segment each chunk once
    if not text.strip():
        return ()
    store = _store
    stored = store.get(text) if store is not None else None
    if stored is not None:
        return stored
    spans = _pysbd_spans(text)
    spans = tuple(spans if spans is not None else _regex_spans(text))
    if store is not None:
        store.put(text, spans)
    return spans


def find_sentences(text: str) -> list[Candidate]:
    """Every sentence as a candidate; ``value`` is the sentence with whitespace squashed."""
    return [Candidate(squash_spaces(text[s:e]), text[s:e], s, e) for s, e in sentence_spans(text)]
