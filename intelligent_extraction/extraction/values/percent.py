"""Percentages, normalized to ``{"value": "1.5", "per": "month"}``.

``per`` is the period the text states ("per month", "per annum", "monthly", "an annual rate
of"), one of ``day|week|month|quarter|year``, or None when the text names none. Handled: "1.5%",
"18 percent", "one and one-half percent (1.5%)" (one candidate; the numeral wins), and rate
caps such as "the lesser of 2% per month or the highest rate the law allows", where the
candidate's ``kind`` is ``lesser_of`` so an extractor can tell a capped rate from a plain one.
"""

from __future__ import annotations

import re
from decimal import Decimal

from .base import Candidate, cue_before, dedupe_overlaps
from .numbers import NUMBER_WORDS, format_decimal, words_to_number

__all__ = ["find_percents", "parse_percent", "PERIODS"]

_FLAGS = re.IGNORECASE
_NUM = r"\d+(?:\.\d+)?|\.\d+"
_SIGN = r"(?:%|\s?(?:percent|per\s?cent)\b)"

_NUMERAL = re.compile(rf"(?<![\d.])(?P<num>{_NUM})\s?{_SIGN}", _FLAGS)
_WORDED = re.compile(
    rf"(?P<words>{NUMBER_WORDS})\s+(?:percent|per\s?cent)\b"
    rf"(?:\s*\(\s*(?P<paren>{_NUM})\s*{_SIGN}?\s*\))?",
    _FLAGS,
)

#: Period words -> canonical ``per``.
PERIODS: dict[str, str] = {
    "annum": "year", "year": "year", "annual": "year", "annually": "year", "yearly": "year",
    "month": "month", "monthly": "month", "day": "day", "daily": "day", "diem": "day",
    "week": "week", "weekly": "week", "quarter": "quarter", "quarterly": "quarter",
}  # fmt: skip
_PERIOD = r"(?P<per>annum|year|month|day|diem|week|quarter)"
_ADVERB = r"(?P<adv>annually|annual|yearly|monthly|daily|weekly|quarterly)"
_PER_AFTER = re.compile(
    rf"^\s*(?:(?:per|a|an|each|every)\s+(?:calendar\s+|full\s+)?{_PERIOD}\b|,?\s*{_ADVERB}\b)",
    _FLAGS,
)
_PER_BEFORE = re.compile(
    rf"\b{_ADVERB}\s+(?:(?:interest|late|service|finance|percentage)\s+)*(?:rate|charge|fee)?"
    rf"\s*(?:of|equal\s+to|at)?\s*(?:the\s+lesser\s+of\s+)?$",
    _FLAGS,
)
_COMPARATIVE = [
    (re.compile(r"\blesser\s+of\b", _FLAGS), "lesser_of"),
    (re.compile(r"\bgreater\s+of\b", _FLAGS), "greater_of"),
]


def _per(text: str, start: int, end: int) -> tuple[str | None, int]:
    """The stated period and where the candidate ends (a trailing "per month" joins raw)."""
    after = _PER_AFTER.match(text[end : end + 40])
    if after:
        return PERIODS[(after.group("per") or after.group("adv")).lower()], end + after.end()
    before = _PER_BEFORE.search(text[max(0, start - 50) : start])
    return (PERIODS[before.group("adv").lower()] if before else None), end


def _candidate(text: str, value: Decimal, start: int, end: int) -> Candidate:
    per, end = _per(text, start, end)
    return Candidate(
        {"value": format_decimal(value), "per": per},
        text[start:end],
        start,
        end,
        unit=per,
        kind=cue_before(text, start, _COMPARATIVE, window=30),
    )


def find_percents(text: str) -> list[Candidate]:
    """Every percentage in ``text`` in text order, each with the period it is stated per."""
    found: list[Candidate] = []
    for m in _WORDED.finditer(text):
        value = Decimal(m.group("paren")) if m.group("paren") else words_to_number(m.group("words"))
        if value is not None:
            found.append(_candidate(text, value, *m.span()))
    for m in _NUMERAL.finditer(text):
        found.append(_candidate(text, Decimal(m.group("num")), *m.span()))
    return dedupe_overlaps(found)


def parse_percent(text: str) -> dict[str, str | None] | None:
    """The canonical value of the first percentage in ``text``, else None."""
    found = find_percents(text)
    return found[0].value if found else None
