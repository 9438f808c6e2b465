"""Money amounts, normalized to ``{"amount": "1250.00", "currency": "USD"}`` (Decimal strings).

Handled: "$1,250", "US$ 5,000.50", "USD 5 million", "5,000 USD", "€ 300", "£12", "Rs. 10,000",
"five thousand dollars", and the belt-and-braces form "five thousand dollars ($5,000)", which
becomes one candidate whose amount is the numeral's. The digits themselves are read by
price-parser, which settles thousands and decimal separators ("1.250,00" is 1250.00).
"""

from __future__ import annotations

import re
from decimal import Decimal

from price_parser import Price

from .base import Candidate, dedupe_overlaps
from .numbers import NUMBER_WORDS, format_decimal, words_to_number

__all__ = ["find_money", "parse_money", "CURRENCY_CODES"]

_FLAGS = re.IGNORECASE

#: What a symbol, code or word stands for. Keys are lower-case with spaces squashed.
CURRENCY_CODES: dict[str, str] = {
    "$": "USD", "us$": "USD", "u.s.$": "USD", "u.s. $": "USD", "usd": "USD", "usd$": "USD",
    "dollars": "USD", "dollar": "USD", "us dollars": "USD", "u.s. dollars": "USD",
    "united states dollars": "USD", "c$": "CAD", "ca$": "CAD", "cad": "CAD",
    "canadian dollars": "CAD", "a$": "AUD", "au$": "AUD", "aud": "AUD",
    "australian dollars": "AUD", "hk$": "HKD", "hkd": "HKD", "s$": "SGD", "sgd": "SGD",
    "nz$": "NZD", "nzd": "NZD", "€": "EUR", "eur": "EUR", "euro": "EUR", "euros": "EUR",
    "£": "GBP", "gbp": "GBP", "pounds": "GBP", "pounds sterling": "GBP", "sterling": "GBP",
    "¥": "JPY", "jpy": "JPY", "yen": "JPY", "rmb": "CNY", "cny": "CNY", "yuan": "CNY",
    "renminbi": "CNY", "₹": "INR", "rs": "INR", "rs.": "INR", "inr": "INR", "rupees": "INR",
    "chf": "CHF", "swiss francs": "CHF", "r$": "BRL", "brl": "BRL",
}  # fmt: skip

_SYMBOL = (
    r"(?P<sym>US\s?\$|U\.S\.\s?\$|USD\s?\$?|C\$|CA\$|CAD|A\$|AU\$|AUD|HK\$|HKD|S\$|SGD|NZ\$|"
    r"NZD|R\$|\$|€|£|¥|₹|Rs\.?|INR|EUR|GBP|JPY|CHF|CNY|RMB|BRL)"
)
_END = r"(?!\d|[.,]\d)"
_AMOUNT = (  # 1,250.50 | 1.250,50 | 1,00,000 (Indian grouping) | 1250
    rf"(?P<amount>\d{{1,3}}(?:[,.\s]\d{{3}})+(?:[.,]\d{{1,2}})?{_END}"
    rf"|\d{{1,2}}(?:,\d{{2}})+,\d{{3}}(?:\.\d{{1,2}})?{_END}|\d+(?:[.,]\d{{1,2}})?{_END})"
)
_MULT = r"(?:\s*(?P<mult>thousand|million|billion|m)\b)?"
_WORD_CURRENCY = (
    r"(?P<word>(?:U\.?S\.?|United\s+States|Canadian|Australian)\s+dollars?|dollars?|euros?|"
    r"pounds(?:\s+sterling)?|rupees|yen|yuan|renminbi|swiss\s+francs)\b"
)
_MULTIPLIERS = {"thousand": 10**3, "million": 10**6, "m": 10**6, "billion": 10**9}

_SYMBOL_FIRST = re.compile(rf"(?<![A-Za-z]){_SYMBOL}\s?{_AMOUNT}{_MULT}", _FLAGS)
_CODE_AFTER = re.compile(
    rf"(?<![\d.,$€£¥]){_AMOUNT}{_MULT}\s*(?:{_WORD_CURRENCY}|(?P<code>USD|EUR|GBP|CAD|AUD|"
    rf"JPY|CHF|CNY|RMB|INR|HKD|SGD)\b)",
    _FLAGS,
)
_WORDS = re.compile(
    rf"(?P<words>{NUMBER_WORDS}){_MULT}\s+{_WORD_CURRENCY}"
    rf"(?P<paren>\s*\(\s*(?P<inner>[^()]{{1,40}})\))?",
    _FLAGS,
)


def _currency(token: str | None) -> str | None:
    if not token:
        return None
    key = " ".join(token.lower().replace(" $", "$").split())
    return CURRENCY_CODES.get(key) or CURRENCY_CODES.get(key.rstrip("."))


def _scaled(amount: Decimal, mult: str | None) -> Decimal:
    return amount * _MULTIPLIERS[mult.lower()] if mult else amount


def _value(amount: Decimal, currency: str | None) -> dict[str, str | None]:
    return {"amount": format_decimal(amount, 2), "currency": currency}


def _numeral(m: re.Match[str]) -> Candidate | None:
    amount = Price.fromstring(m.group("amount")).amount
    if amount is None:
        return None
    groups = m.groupdict()
    currency = _currency(groups.get("sym") or groups.get("code") or groups.get("word"))
    return Candidate(
        _value(_scaled(amount, m.group("mult")), currency), m.group(0), *m.span(), unit=currency
    )


def _worded(m: re.Match[str]) -> Candidate | None:
    """ "five thousand dollars ($5,000)": the numeral in brackets, when it parses, wins."""
    if m.group("inner"):
        inner = _SYMBOL_FIRST.fullmatch(m.group("inner").strip()) or _CODE_AFTER.fullmatch(
            m.group("inner").strip()
        )
        if inner:
            cand = _numeral(inner)
            if cand is not None:
                currency = cand.value["currency"] or _currency(m.group("word"))
                return Candidate(
                    _value(Decimal(cand.value["amount"]), currency),
                    m.group(0),
                    *m.span(),
                    unit=currency,
                )
    amount = words_to_number(m.group("words"))
    if amount is None:
        return None
    end = m.end("word")
    currency = _currency(m.group("word"))
    return Candidate(
        _value(_scaled(amount, m.group("mult")), currency),
        m.string[m.start() : end],
        m.start(),
        end,
        unit=currency,
    )


def find_money(text: str) -> list[Candidate]:
    """Every money amount in ``text`` in text order; a worded amount absorbs its numeral echo."""
    found: list[Candidate] = []
    for m in _WORDS.finditer(text):
        found.extend(c for c in [_worded(m)] if c)
    for pattern in (_SYMBOL_FIRST, _CODE_AFTER):
        for m in pattern.finditer(text):
            found.extend(c for c in [_numeral(m)] if c)
    return dedupe_overlaps(found)


def parse_money(text: str) -> dict[str, str | None] | None:
    """The canonical value of the first amount in ``text``, else None."""
    found = find_money(text)
    return found[0].value if found else None
