"""Numbers as contracts write them: digits, words, both ("thirty (30)"), fractions, ordinals.

Word-to-number conversion is number-parser's (``parse_number``, ``parse_ordinal``); this module
only supplies the patterns that *locate* number phrases inside running text (number-parser
rewrites whole strings and loses offsets) and the fractions it does not know ("one-half").
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from number_parser import parse_number, parse_ordinal

__all__ = [
    "NUMBER_WORDS",
    "ORDINAL_WORDS",
    "QUANTITY",
    "words_to_number",
    "ordinal_value",
    "quantity_value",
    "format_decimal",
]

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred thousand million billion"
).split()
_WORD = r"(?:" + "|".join(sorted(_UNITS, key=len, reverse=True)) + r")"
_FRACTION = r"(?:(?:one|a)[\s-]+half|one[\s-]+(?:quarter|fourth)|three[\s-]+(?:quarters|fourths))"

#: A run of cardinal number words, optionally with a fraction: "one hundred twenty-five",
#: "one and one-half", "thirty". Case-insensitive; word-bounded.
_AND_AFTER_SCALE = r"(?:(?<=hundred)|(?<=thousand)|(?<=million)|(?<=billion))\s+and\s+"
NUMBER_WORDS = (
    rf"\b(?:{_WORD}(?:(?:[\s-]+|{_AND_AFTER_SCALE})(?!{_FRACTION}){_WORD})*"
    rf"(?:\s+and\s+{_FRACTION})?|{_FRACTION})\b"
)

_ORD_SIMPLE = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
    "thirtieth"
).split()
#: Ordinal words up to "thirty-first" (days of a month, anniversaries).
ORDINAL_WORDS = (
    r"\b(?:(?:twenty|thirty)[\s-]+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)"
    r"|" + "|".join(sorted(_ORD_SIMPLE, key=len, reverse=True)) + r")\b"
)

_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
#: A quantity as contracts write it: "30", "thirty", "thirty (30)", "two years (2)" is handled
#: by the duration finder. Named groups: ``words`` and/or ``digits`` (the parenthetical).
QUANTITY = (
    rf"(?:(?P<words>{NUMBER_WORDS})(?:\s*\(\s*(?P<paren>{_DIGITS})\s*\))?"
    rf"|(?P<digits>(?<![\d.,]){_DIGITS}))"
)

_FRACTIONS = {
    "half": Decimal("0.5"),
    "quarter": Decimal("0.25"),
    "fourth": Decimal("0.25"),
    "quarters": Decimal("0.75"),
    "fourths": Decimal("0.75"),
}
_FRACTION_TAIL = re.compile(
    r"^(?:(?P<int>.+?)\s+and\s+)?(?P<num>one|a|three)[\s-]+(?P<den>half|quarters?|fourths?)$",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def words_to_number(phrase: str) -> Decimal | None:
    """ "thirty" -> 30, "one and one-half" -> 1.5, "one hundred twenty" -> 120; None if unknown."""
    phrase = " ".join(phrase.lower().split())
    m = _FRACTION_TAIL.match(phrase)
    if m:
        whole = words_to_number(m.group("int")) if m.group("int") else Decimal(0)
        if whole is None:
            return None
        return whole + _FRACTIONS[m.group("den")]
    value = parse_number(phrase)
    return Decimal(value) if isinstance(value, int) else None


_ORDINAL_DIGITS = re.compile(r"^(\d{1,2})\s*(?:s\s?t|n\s?d|r\s?d|t\s?h)?$", re.IGNORECASE)


@lru_cache(maxsize=1024)
def ordinal_value(token: str) -> int | None:
    """ "5th" -> 5, "14t h" (OCR) -> 14, "twenty-first" -> 21, "5" -> 5; None otherwise."""
    token = " ".join(token.split())
    m = _ORDINAL_DIGITS.match(token)
    if m:
        return int(m.group(1))
    value = parse_ordinal(token.lower())
    return value if isinstance(value, int) else None


def _decimal(digits: str) -> Decimal | None:
    try:
        return Decimal(digits.replace(",", ""))
    except InvalidOperation:
        return None


def quantity_value(match: re.Match[str]) -> Decimal | None:
    """The number a :data:`QUANTITY` match stands for; a parenthetical numeral wins over words.

    Contracts repeat the number as a safeguard ("thirty (30) days"); where the two disagree the
    numeral is what courts usually read, so it is taken.
    """
    if match.group("digits"):
        return _decimal(match.group("digits"))
    if match.group("paren"):
        return _decimal(match.group("paren"))
    return words_to_number(match.group("words"))


def format_decimal(value: Decimal, places: int | None = None) -> str:
    """A plain (never scientific) string: 2 -> "2", 1.50 -> "1.5"; ``places`` fixes decimals."""
    if places is not None:
        return f"{value.quantize(Decimal(1).scaleb(-places)):f}"
    text = f"{value:f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"
