"""Percentages: the value as a Decimal string and the period it is stated per."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.percent import find_percents, parse_percent


@pytest.mark.parametrize(
    ("text", "value", "per", "raw"),
    [
        ("1.5% per month", "1.5", "month", "1.5% per month"),
        (
            "one and one-half percent (1.5%) per month",
            "1.5",
            "month",
            "one and one-half percent (1.5%) per month",
        ),
        ("18% per annum", "18", "year", "18% per annum"),
        ("interest at an annual rate of 12%", "12", "year", "12%"),
        ("a monthly late charge of 2%", "2", "month", "2%"),
        ("10 percent", "10", None, "10 percent"),
        ("twenty percent (20%)", "20", None, "twenty percent (20%)"),
        ("2.5 per cent per annum", "2.5", "year", "2.5 per cent per annum"),
        ("1.5 % per calendar month", "1.5", "month", "1.5 % per calendar month"),
        ("0.05% per day", "0.05", "day", "0.05% per day"),
    ],
)
def test_forms(text: str, value: str, per: str | None, raw: str) -> None:
    [cand] = find_percents(text)
    assert cand.value == {"value": value, "per": per}
    assert (cand.raw, text[cand.start : cand.end]) == (raw, raw)


def test_lesser_of_cap() -> None:
    text = "the lesser of 1.5% per month or the highest rate allowed by law"
    [cand] = find_percents(text)
    assert cand.value == {"value": "1.5", "per": "month"}
    assert (cand.raw, cand.kind) == ("1.5% per month", "lesser_of")


def test_not_percent() -> None:
    assert find_percents("Section 1.5 applies; pay $15") == []


def test_parse_percent() -> None:
    assert parse_percent("18% per annum") == {"value": "18", "per": "year"}
    assert parse_percent("none") is None
