"""Whitespace and character normalization shared by every parser.

Parsers normalize each line *before* it enters the document text, so the offsets of blocks are
offsets into the normalized text: nothing is rewritten afterwards.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "clean_line",
    "clean_lines",
    "join_wrapped",
    "is_page_number",
    "has_words",
    "ends_sentence",
]

# pdfium rejoins a word hyphenated at a line end and marks the join with \ufffe, which is dropped
# (see _CONTROL) so the word is whole again. \x02 (pdfium) and \xad (soft hyphen) inside a line
# stand for a real hyphen: "Non\x02Compete", "333\xad194486".
_CHAR_MAP = str.maketrans({"\x02": "-", "\xad": "-", "\xa0": " ", "\t": " "})
# Everything that is whitespace or invisible becomes one space (then runs are collapsed).
_SPACES = re.compile(r"[\s\u00a0\u2000-\u200b\u202f\u205f\u3000\ufeff]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\ufffe\uffff]")

_PAGE_NUMBER = re.compile(
    r"^[-–—(\[\s]*(?:page\s+)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?[-–—)\]\s]*$",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?:;][\"'”’)\]]*$")
_WRAPPED_HYPHEN = re.compile(r"[A-Za-z]-$")
# "non-" + "compete" keeps its hyphen when joined; other line-end hyphens are hyphenation.
_KEEP_HYPHEN_PREFIXES = frozenset(
    "non self co third sub pre post multi cross anti well ex semi inter intra pro quasi "
    "long short full part year month day follow set".split()
)


def clean_line(line: str) -> str:
    """One line of text: NFKC (ligatures, full-width forms), hyphen markers, control characters
    and every kind of space normalized; whitespace collapsed and stripped."""
    if not line:
        return ""
    line = line.translate(_CHAR_MAP)
    if line.isascii():
        if line.isprintable():  # the common case, and the fast path
            return " ".join(line.split())
    else:
        line = unicodedata.normalize("NFKC", line)
    line = _CONTROL.sub("", line)
    return _SPACES.sub(" ", line).strip()


def clean_lines(text: str) -> str:
    """A multi-line text with every line cleaned and empty lines dropped (joined by \\n)."""
    lines = (clean_line(part) for part in text.splitlines())
    return "\n".join(line for line in lines if line)


def join_wrapped(lines: list[str]) -> str:
    """Join the lines of one wrapped paragraph: a space between lines, hyphenation undone
    ("indem-" + "nify" -> "indemnify", "non-" + "compete" -> "non-compete")."""
    if not lines:
        return ""
    parts = [lines[0]]
    for line in lines[1:]:
        prev = parts[-1]
        if _WRAPPED_HYPHEN.search(prev) and line[:1].islower():
            word = prev.rsplit(" ", 1)[-1][:-1].lower()
            parts[-1] = prev if word in _KEEP_HYPHEN_PREFIXES else prev[:-1]
            parts.append(line)
        else:
            parts.append(" ")
            parts.append(line)
    return "".join(parts)


def is_page_number(line: str) -> bool:
    """'7', '- 7 -', 'Page 7', 'Page 7 of 12', 'vii' and the like."""
    return len(line) <= 20 and bool(_PAGE_NUMBER.match(line))


def has_words(line: str) -> bool:
    """True when the line holds at least one letter or digit (rules and dots do not count)."""
    return any(ch.isalnum() for ch in line)


def ends_sentence(line: str) -> bool:
    """True when the line ends with sentence or clause punctuation (optionally quoted)."""
    return bool(_SENTENCE_END.search(line))
