"""Typed values: find them in text and normalize them to one canonical form per type.

Pure functions, no I/O. ``find_candidates(value_type, text)`` returns every value of the type in
the text, in text order, each a :class:`Candidate` carrying the canonical value, the exact raw
text and its offsets (``text[c.start:c.end] == c.raw``) and role hints (``kind``/``unit``).

=========== =============================================== ===================================
type        canonical value                                 e.g.
=========== =============================================== ===================================
date        ``YYYY-MM-DD`` (``YYYY-MM``, ``YYYY``)          "this 5th day of May, 2014"
duration    ISO 8601 ``P2Y`` ``P18M`` ``P30D`` ``P2W``,     "two (2) years", "in perpetuity"
            ``PT48H`` or ``perpetual``
money       ``{"amount": "1250.00", "currency": "USD"}``    "five thousand dollars ($5,000)"
percent     ``{"value": "1.5", "per": "month"}``            "1.5% per month"
party_list  ``["ACME INC.", "Beta LLC"]``                   "between ACME INC. (...) and ..."
place       ``"New York"``, ``"Ontario, Canada"``           "the laws of the State of New York"
identifier  the ``pattern`` match                           ICD-10 "E11.9"
enum        one of ``choices`` as configured                "Net 30"
boolean     ``True`` / ``False`` (negation cues)            "Licensee shall not sublicense"
text/clause the sentence, whitespace squashed               any sentence
=========== =============================================== ===================================

``normalize(value_type, text)`` gives the canonical value of the first candidate (or the
text itself when it is already canonical), which is what comparing against gold needs.
``add_duration("2014-05-05", "P2Y")`` derives an end date from a start and a term.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...models import ValueType
from .base import Candidate
from .choices import find_booleans, find_choices
from .dates import find_dates, parse_date
from .durations import add_duration, find_durations, parse_duration
from .identifiers import find_identifiers
from .money import find_money, parse_money
from .parties import find_party_lists
from .percent import find_percents, parse_percent
from .places import find_places, normalize_place
from .sentences import find_sentences

__all__ = [
    "Candidate",
    "PARSERS",
    "find_candidates",
    "normalize",
    "parse_date",
    "parse_duration",
    "add_duration",
    "parse_money",
    "parse_percent",
    "normalize_place",
]

Finder = Callable[..., list[Candidate]]


def _identifiers(
    text: str, *, pattern: str | None = None, choices: Sequence[str] | None = None
) -> list[Candidate]:
    if not pattern:
        raise ValueError("identifier values need the field's 'pattern' (the value's regex)")
    return find_identifiers(text, pattern)


def _enums(
    text: str, *, pattern: str | None = None, choices: Sequence[str] | None = None
) -> list[Candidate]:
    return find_choices(text, choices or [])


def _booleans(
    text: str, *, pattern: str | None = None, choices: Sequence[str] | None = None
) -> list[Candidate]:
    return find_booleans(text, pattern)


def _plain(finder: Callable[[str], list[Candidate]]) -> Finder:
    """Adapt a ``text -> candidates`` finder to the table's keyword signature."""

    def run(
        text: str, *, pattern: str | None = None, choices: Sequence[str] | None = None
    ) -> list[Candidate]:
        return finder(text)

    run.__doc__ = finder.__doc__
    run.__name__ = finder.__name__
    return run


#: value type -> finder ``(text, *, pattern=None, choices=None) -> list[Candidate]``.
PARSERS: dict[ValueType, Finder] = {
    ValueType.date: _plain(find_dates),
    ValueType.duration: _plain(find_durations),
    ValueType.money: _plain(find_money),
    ValueType.percent: _plain(find_percents),
    ValueType.party_list: _plain(find_party_lists),
    ValueType.place: _plain(find_places),
    ValueType.identifier: _identifiers,
    ValueType.enum: _enums,
    ValueType.boolean: _booleans,
    ValueType.text: _plain(find_sentences),
    ValueType.clause: _plain(find_sentences),
}


def find_candidates(
    value_type: ValueType | str,
    text: str,
    *,
    pattern: str | None = None,
    choices: Sequence[str] | None = None,
) -> list[Candidate]:
    """Every value of ``value_type`` in ``text``, in text order.

    ``pattern`` is required for ``identifier`` (and filters sentences for ``boolean``);
    ``choices`` is required for ``enum``. A missing one raises ValueError.
    """
    return PARSERS[ValueType(value_type)](text, pattern=pattern, choices=choices)


_ALREADY_CANONICAL: dict[ValueType, Callable[[str], Any]] = {
    ValueType.date: parse_date,
    ValueType.duration: parse_duration,
    ValueType.place: normalize_place,
}


def normalize(
    value_type: ValueType | str,
    text: str,
    *,
    pattern: str | None = None,
    choices: Sequence[str] | None = None,
) -> Any:
    """The canonical value ``text`` states (its first candidate's), or None if it states none."""
    value_type = ValueType(value_type)
    if value_type in _ALREADY_CANONICAL:
        return _ALREADY_CANONICAL[value_type](text)
    found = find_candidates(value_type, text, pattern=pattern, choices=choices)
    return found[0].value if found else None
