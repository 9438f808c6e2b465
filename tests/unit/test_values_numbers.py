"""Number words, fractions, ordinals and the "thirty (30)" idiom."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from intelligent_extraction.extraction.values.numbers import (
    QUANTITY,
    format_decimal,
    ordinal_value,
    quantity_value,
    words_to_number,
)


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("thirty", Decimal(30)),
        ("one hundred and twenty", Decimal(120)),
        ("Fifty-Five", Decimal(55)),
        ("one and one-half", Decimal("1.5")),
        ("two and one-half", Decimal("2.5")),
        ("a half", Decimal("0.5")),
        ("five million", Decimal(5_000_000)),
        ("banana", None),
    ],
)
def test_words_to_number(words: str, value: Decimal | None) -> None:
    assert words_to_number(words) == value


@pytest.mark.parametrize(
    ("token", "value"),
    [
        ("5th", 5),
        ("14t h", 14),
        ("1s t", 1),
        ("twenty-first", 21),
        ("first", 1),
        ("31", 31),
        ("x", None),
    ],
)
def test_ordinal_value(token: str, value: int | None) -> None:
    assert ordinal_value(token) == value


@pytest.mark.parametrize(
    ("text", "raw", "value"),
    [
        ("two (2) years", "two (2)", Decimal(2)),
        ("thirty and forty", "thirty", Decimal(30)),
        ("someone paid 30", "30", Decimal(30)),
        ("1,250.50 due", "1,250.50", Decimal("1250.50")),
    ],
)
def test_quantity(text: str, raw: str, value: Decimal) -> None:
    m = re.search(QUANTITY, text, re.IGNORECASE)
    assert m is not None and m.group(0) == raw
    assert quantity_value(m) == value


def test_format_decimal() -> None:
    assert format_decimal(Decimal("1.50")) == "1.5"
    assert format_decimal(Decimal("2")) == "2"
    assert format_decimal(Decimal("1250"), 2) == "1250.00"
    assert format_decimal(Decimal("5E+6"), 2) == "5000000.00"
