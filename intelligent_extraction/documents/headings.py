"""Heading heuristics for formats without heading markup (PDF, plain text, unstyled DOCX/HTML).

Contracts mark their structure in a few recognisable ways, and these are what we detect:

- numbered headings on a line of their own: ``12. Governing Law``, ``5.5 Late Payments``,
  ``Section 3. TERM`` (level 1 + depth of the number, so ``12.`` is 2 and ``12.1`` is 3);
- ``ARTICLE V - INDEMNIFICATION`` / ``Schedule B`` (level 1);
- short ALL-CAPS lines: ``MASTER SERVICES AGREEMENT``, ``WITNESSETH`` (level 1);
- run-in headings that open a paragraph: ``12. Governing Law. This Agreement shall ...``.

Lines that look like table-of-contents entries (ending in a page number or dot leaders) are
never headings. A heading's section title is its text without trailing ``.``/``:``.
"""

from __future__ import annotations

import re

__all__ = ["heading_level", "run_in_heading", "section_title", "is_all_caps", "SectionStack"]

_MAX_HEADING_CHARS = 100
_MAX_HEADING_WORDS = 12
# Small words that may stay lowercase in a Title Case heading.
_MINOR = frozenset(
    "a an and as at by for from in into of on or over per the to under upon with without "
    "vs. v. its their".split()
)
_MAX_CAPS_WORDS = 10
_CONNECTIVES = frozenset(
    "if nor but that which who whose than any all each such this these those".split()
)
_VERBS = frozenset("shall will must may is are was were be been has have".split())
_NUMBERED = re.compile(
    r"^(?:(?:section|clause)\s+(?P<snum>\d{1,3}(?:\.\d{1,3}){0,3})\.?"
    r"|(?P<num>\d{1,3}(?:\.\d{1,3}){1,3}\.?|\d{1,3}\.))"
    r"(?:\s+(?P<rest>\S.*))?$",
    re.IGNORECASE,
)
_ARTICLE = re.compile(
    r"^(?:article|part|schedule|exhibit|annex|appendix)\s+(?:[IVXLC]{1,6}|\d{1,3}|[A-Z])\b"
    r"(?:\s*[-–—:.]\s*|\s+|$)(?P<rest>.*)$",
    re.IGNORECASE,
)
_TOC_ENTRY = re.compile(r"(?:\.{3,}|…|\s\d{1,3}|\s[ivx]{1,5})$")
_RUN_IN = re.compile(
    r"^(?P<head>(?:(?:section|clause)\s+)?(?:\d{1,3}(?:\.\d{1,3}){1,3}\.?|\d{1,3}\.)\s+"
    r"[A-Z][\w'’&/-]*(?:\s+[\w'’&/-]+){0,7})\.\s+(?=[A-Z(\"“'‘])"
)


def _is_title_case(words: list[str]) -> bool:
    significant = [w for w in words if w.lower() not in _MINOR]
    if not significant:
        return False
    capital = sum(1 for w in significant if w[:1].isupper() or w[:1].isdigit() or w[:1] in "(\"“")
    return capital / len(significant) >= 0.8


def is_all_caps(text: str) -> bool:
    """Mostly letters (not a code like "MRN-0048213"), nine in ten of them capitals."""
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 3 or len(letters) < 0.6 * (len(text) - text.count(" ")):
        return False
    upper = sum(1 for ch in letters if ch.isupper())
    return upper / len(letters) >= 0.9


def heading_level(line: str) -> int | None:
    """The heading level of a whole (whitespace-normalized) line, or None if it is not one."""
    if not line or len(line) > _MAX_HEADING_CHARS or line[-1] in ",;-–—":
        return None
    if len(line.split()) > _MAX_HEADING_WORDS:
        return None
    if m := _NUMBERED.match(line):
        return _numbered_level(m)
    if m := _ARTICLE.match(line):
        rest = m["rest"]
        if not rest:
            return 1
        if not _TOC_ENTRY.search(line) and (is_all_caps(rest) or _is_title_case(rest.split())):
            return 1
        return None
    if line[0] in "(•-–—*[" or line[0].isdigit() or _TOC_ENTRY.search(line):
        return None
    if is_all_caps(line) and _reads_like_title(line, max_words=_MAX_CAPS_WORDS):
        return 1
    return None


def _reads_like_title(text: str, *, max_words: int) -> bool:
    """Not a wrapped line of a sentence: short, not ending in a function word ("... OF"),
    without the modal verbs every obligation has ("SHALL", "WILL")."""
    words = text.rstrip(".:").lower().split()
    if not words or len(words) > max_words:
        return False
    if words[-1] in _MINOR or words[-1] in _CONNECTIVES:
        return False
    return not any(w in _VERBS for w in words)


def _numbered_level(m: re.Match[str]) -> int | None:
    number = (m["snum"] or m["num"]).rstrip(".")
    level = 2 + number.count(".")
    rest = m["rest"]
    if rest is None:  # "Section 12" alone; a bare "12." is a list marker, not a heading
        return level if m["snum"] else None
    if _TOC_ENTRY.search(rest):
        return None
    rest = rest.rstrip(".:")
    if ". " in rest:  # "3.1 Advertising. The parties ...": a run-in heading, not a heading line
        return None
    words = rest.split()
    if not words or not words[0][:1].isupper() or not _reads_like_title(rest, max_words=10):
        return None
    if is_all_caps(rest) or _is_title_case(words):
        return level
    return None


def run_in_heading(paragraph: str) -> tuple[int, str] | None:
    """(level, title) of a heading that opens a paragraph, as in ``7. Late Payment. Any ...``."""
    m = _RUN_IN.match(paragraph)
    if not m:
        return None
    head = m["head"]
    if len(head) > 80:
        return None
    level = heading_level(head)
    if level is None or level < 2:  # numbered headings only
        return None
    return level, head


def section_title(heading: str) -> str:
    """A heading as it appears in a section path: no trailing dots or colons."""
    return heading.rstrip(" .:").strip() or heading.strip()


class SectionStack:
    """The enclosing headings at the current point of a document, outermost first."""

    def __init__(self) -> None:
        self._stack: list[tuple[int, str]] = []
        self._path: tuple[str, ...] = ()

    def push(self, level: int, title: str) -> tuple[str, ...]:
        while self._stack and self._stack[-1][0] >= level:
            self._stack.pop()
        self._stack.append((level, section_title(title)))
        self._path = tuple(t for _, t in self._stack)
        return self._path

    @property
    def path(self) -> tuple[str, ...]:
        return self._path
