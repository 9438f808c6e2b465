"""The query plan of a field: what BM25 searches and what kNN embeds. Pure, no I/O.

BM25 text = every ``queries.*`` entry (regular expressions reduced to their literal words),
``instructions.keywords`` and ``keywords_search``, deduplicated case-insensitively in that order;
kNN text = ``FieldConfig.knn_text()``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..models import FieldConfig

__all__ = ["QueryPlan", "plan_query", "bm25_query_text", "pattern_literals", "dedupe_terms"]

# Escapes that stand for a class, an anchor, a control character or a back-reference: they
# match no literal word, so they end the word being read.
_NON_LITERAL_ESCAPES = frozenset("dDwWsSbBAZzGntrfva0123456789")
# Escapes followed by a fixed number of hex digits.
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
_QUANTIFIER = re.compile(r"\{\d*(?:,\d*)?\}")
_INLINE_FLAGS = re.compile(r"\(\?[aiLmsux]*(?:-[imsx]+)?[:)]")
_HAS_WORD = re.compile(r"\w")
_PLAIN_CLASS = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class QueryPlan:
    """What a field searches: the BM25 terms (and their joined text) and the kNN text."""

    bm25_terms: tuple[str, ...]
    knn_text: str

    @property
    def bm25_text(self) -> str:
        return " ".join(self.bm25_terms)


def _skip_class(pattern: str, i: int) -> int:
    """Index just past the character class opening at ``pattern[i] == '['``."""
    j = i + 1
    if pattern[j : j + 1] == "^":
        j += 1
    if pattern[j : j + 1] == "]":  # a ']' first in the class is literal
        j += 1
    while j < len(pattern) and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _group_end(pattern: str, i: int) -> int:
    """Index just past the group opening at ``pattern[i] == '('`` (nesting, escapes and
    classes respected)."""
    depth, j = 0, i
    while j < len(pattern):
        c = pattern[j]
        if c == "\\":
            j += 2
            continue
        if c == "[":
            j = _skip_class(pattern, j)
            continue
        depth += {"(": 1, ")": -1}.get(c, 0)
        j += 1
        if depth == 0:
            return j
    return j


def _open_group(pattern: str, i: int) -> tuple[int, str]:
    """For a '(' at ``i``: where to continue reading and what the construct is: ``"group"``
    (its pattern is read on), ``"lookaround"`` (read on, but it ends a word on both sides) or
    ``"skip"`` (nothing literal inside: comments, back-references, bare flags, negative
    lookarounds, whose words are what must *not* be there)."""
    rest = pattern[i:]
    if not rest.startswith("(?"):
        return i + 1, "group"
    flags = _INLINE_FLAGS.match(rest)
    if flags:
        return i + flags.end(), "skip" if flags.group().endswith(")") else "group"
    if rest.startswith(("(?!", "(?<!")):
        return _group_end(pattern, i), "skip"
    if rest.startswith(("(?=", "(?<=")):
        return i + rest.index("=") + 1, "lookaround"
    if rest.startswith("(?>"):
        return i + 3, "group"
    if rest.startswith(("(?P<", "(?<")):  # named group: skip the name
        return pattern.index(">", i) + 1, "group"
    # (?#comment), (?P=name) and the condition of (?(id)yes|no)
    close = pattern.find(")", i)
    return (close + 1 if close >= 0 else len(pattern)), "skip"


@lru_cache(maxsize=4096)  # a field's patterns are configuration: read once per process
def pattern_literals(pattern: str) -> str:
    """The literal words of a regular expression, e.g. ``r"governed by the laws? of
    (?:the )?State of [A-Z]\\w+"`` -> ``"governed by the laws of the State of"``.

    Classes, escapes such as ``\\d``, anchors, ``.`` and ``|`` end a word, except a class of
    plain letters, which stands for its first (``[Ll]aw`` -> ``Law``); quantifiers and grouping
    parentheses are dropped (``laws?`` keeps ``laws``); escaped metacharacters are literal.
    Tokens left without a letter or digit are dropped.
    """
    out: list[str] = []
    groups: list[bool] = []  # per open group: does it end a word when it closes?
    i, n = 0, len(pattern)
    while i < n:
        c = pattern[i]
        if c == "\\":
            nxt = pattern[i + 1 : i + 2]
            if nxt in _HEX_ESCAPES:
                out.append(" ")
                i += 2 + _HEX_ESCAPES[nxt]
            elif nxt == "N":  # \N{NAME}
                out.append(" ")
                close = pattern.find("}", i)
                i = close + 1 if close >= 0 else n
            elif nxt in _NON_LITERAL_ESCAPES:
                out.append(" ")
                i += 2
            else:
                out.append(nxt)
                i += 2
        elif c == "[":
            end = _skip_class(pattern, i)
            members = pattern[i + 1 : end - 1]
            # [Ll]aw, licen[cs]e: a class of plain letters stands for its first letter.
            out.append(members[0] if _PLAIN_CLASS.fullmatch(members) else " ")
            i = end
        elif c == "(":
            i, kind = _open_group(pattern, i)
            if kind != "group":
                out.append(" ")
            if kind != "skip":
                groups.append(kind == "lookaround")
        elif c == ")":
            if groups and groups.pop():  # a lookahead/lookbehind ends: a new word follows
                out.append(" ")
            i += 1
        elif c == "{" and (q := _QUANTIFIER.match(pattern, i)):
            i = q.end()
        elif c in "*+?":
            i += 1
        elif c in ".^$|":
            out.append(" ")
            i += 1
        else:
            out.append(c)
            i += 1
    return " ".join(t for t in "".join(out).split() if _HAS_WORD.search(t))


def dedupe_terms(terms: list[str]) -> list[str]:
    """Drop empty terms and repeats (case- and whitespace-insensitive), keeping first order."""
    seen: set[str] = set()
    kept: list[str] = []
    for term in terms:
        cleaned = " ".join(term.split())
        key = cleaned.casefold()
        if cleaned and key not in seen:
            seen.add(key)
            kept.append(cleaned)
    return kept


def plan_query(field: FieldConfig) -> QueryPlan:
    """The field's BM25 terms and kNN text. A field with no BM25 terms at all searches its own
    name ("governing_law" -> "governing law"), so the BM25 side is never empty."""
    q = field.queries
    terms = dedupe_terms(
        [
            *q.exact,
            *(pattern_literals(p) for p in q.pattern),
            *q.fuzzy,
            *field.instructions.keywords,
            *field.keywords_search,
        ]
    )
    if not terms:
        terms = [field.field_name.replace("_", " ")]
    return QueryPlan(bm25_terms=tuple(terms), knn_text=field.knn_text())


def bm25_query_text(field: FieldConfig) -> str:
    """The text the BM25 side searches for ``field``."""
    return plan_query(field).bm25_text
