"""Money: Decimal-string amounts with ISO currency codes."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.money import find_money, parse_money


@pytest.mark.parametrize(
    ("text", "amount", "currency", "raw"),
    [
        ("$1,250", "1250.00", "USD", "$1,250"),
        ("USD 5 million", "5000000.00", "USD", "USD 5 million"),
        ("five thousand dollars ($5,000)", "5000.00", "USD", "five thousand dollars ($5,000)"),
        ("€ 300", "300.00", "EUR", "€ 300"),
        ("Rs. 10,000", "10000.00", "INR", "Rs. 10,000"),
        ("a fee of $5,000.50 per month", "5000.50", "USD", "$5,000.50"),
        ("5,000 USD", "5000.00", "USD", "5,000 USD"),
        ("1.250,00 EUR", "1250.00", "EUR", "1.250,00 EUR"),
        ("£12", "12.00", "GBP", "£12"),
        ("US$ 2.5 million", "2500000.00", "USD", "US$ 2.5 million"),
        ("twenty-five thousand dollars", "25000.00", "USD", "twenty-five thousand dollars"),
        ("INR 1,00,000", "100000.00", "INR", "INR 1,00,000"),
        ("a cap of $5M", "5000000.00", "USD", "$5M"),
        (
            "Ten Thousand U.S. Dollars (US$10,000)",
            "10000.00",
            "USD",
            "Ten Thousand U.S. Dollars (US$10,000)",
        ),
    ],
)
def test_forms(text: str, amount: str, currency: str, raw: str) -> None:
    [cand] = find_money(text)
    assert cand.value == {"amount": amount, "currency": currency}
    assert (cand.raw, text[cand.start : cand.end], cand.unit) == (raw, raw, currency)


def test_bracketed_numeral_wins_over_words() -> None:
    [cand] = find_money("one thousand dollars ($1,500)")
    assert cand.value["amount"] == "1500.00"


@pytest.mark.parametrize("text", ["section 5 of 2014", "$____ only", "within 30 days", "1.5%"])
def test_not_money(text: str) -> None:
    assert find_money(text) == []


def test_several_amounts_in_order() -> None:
    text = "a setup fee of $2,000 and a monthly fee of €150"
    assert [c.value for c in find_money(text)] == [
        {"amount": "2000.00", "currency": "USD"},
        {"amount": "150.00", "currency": "EUR"},
    ]


def test_parse_money() -> None:
    assert parse_money("USD 1,000") == {"amount": "1000.00", "currency": "USD"}
    assert parse_money("nothing") is None
