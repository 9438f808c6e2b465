"""Enum and boolean values: one of a field's ``choices``, or true/false read from a clause.

Enum: each choice is looked for as a whole phrase, case-insensitively, with any run of
whitespace between its words; where choices overlap the longest wins ("Net 30 days" over
"Net 30"). The candidate's value is the choice as configured, not as written.

Boolean: each sentence (only those matching ``pattern``, when given) is a candidate whose value
is False when it carries a negation cue ("shall not", "no right to", "in no event", "may not",
"prohibited") and True otherwise: a clause that grants something says yes by being there.
``kind`` is ``negated`` or ``affirmed``. Double negatives ("shall not be prohibited") read as
False; the clause is the evidence a reviewer checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .base import Candidate, dedupe_overlaps
from .sentences import find_sentences

__all__ = ["find_choices", "find_booleans", "NEGATION"]

#: Cues that turn a clause into a "no".
NEGATION = re.compile(
    r"\b(?:shall|will|may|must|does|do|is|are|can|could|would|should)\s+not\b|\b(?:cannot|"
    r"can't|won't|shan't|isn't|aren't|doesn't|don't)\b|\bno\s+(?:\w+\s+)?(?:right|rights|"
    r"obligation|obligations|liability|license|licen[cs]e|authority|duty)\b|\bin\s+no\s+event\b|"
    r"\bneither\b|\bnot\s+(?:be\s+)?(?:entitled|permitted|allowed|required|obligated|"
    r"authorized)\b|\bprohibited\b|\bwithout\s+(?:the\s+)?right\b",
    re.IGNORECASE,
)


def _choice_pattern(choice: str) -> re.Pattern[str]:
    words = [re.escape(w) for w in choice.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)


def find_choices(text: str, choices: Sequence[str]) -> list[Candidate]:
    """Every mention of one of ``choices`` in ``text``; overlapping mentions keep the longest."""
    if not choices:
        raise ValueError("enum values need a non-empty 'choices' list")
    found = []
    for choice in sorted(choices, key=len, reverse=True):
        for m in _choice_pattern(choice).finditer(text):
            found.append(Candidate(choice, m.group(0), *m.span()))
    return dedupe_overlaps(found)


def find_booleans(text: str, pattern: str | None = None) -> list[Candidate]:
    """One true/false candidate per sentence (per sentence matching ``pattern``, if given)."""
    wanted = re.compile(pattern, re.IGNORECASE) if pattern else None
    found = []
    for sentence in find_sentences(text):
        if wanted and not wanted.search(sentence.raw):
            continue
        negated = bool(NEGATION.search(sentence.raw))
        found.append(
            Candidate(
                not negated,
                sentence.raw,
                sentence.start,
                sentence.end,
                kind="negated" if negated else "affirmed",
            )
        )
    return found
