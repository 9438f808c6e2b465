"""Per-type value comparison against gold forms like those in contracts-dev (names and values
invented, never quoted from the labelled contracts)."""

from __future__ import annotations

import pytest

from intelligent_extraction.evaluation.compare import (
    normalize_party_name,
    party_overlap,
    values_match,
)
from intelligent_extraction.models import ValueType


@pytest.mark.parametrize(
    ("predicted", "gold", "ok"),
    [
        ("2014-05-05", ["2014-05-05"], True),
        ("2014-05-05", ["2014"], True),  # gold less precise: same prefix is enough
        ("2014-05-05", ["2014-05"], True),
        ("2014-05", ["2014-05-05"], False),  # prediction less precise than gold
        ("2014", ["2014-05-05"], False),
        ("2014-05-06", ["2014-05-05"], False),
        ("2014-11-05", ["2014-1"], False),  # a prefix must end at a field boundary
        ("perpetual", ["Perpetual"], True),
        ("perpetual", ["2019-09-05", "perpetual"], True),
        ("2019-09-05", ["2019-09-05", "perpetual"], True),
        ("2020-01-01", ["perpetual"], False),
        ("May 5, 2014", ["2014-05-05"], True),  # raw text is parsed
        ("2004-09-01", ["[]/[]/[]"], False),
    ],
)
def test_dates(predicted: str, gold: list[str], ok: bool) -> None:
    assert values_match(ValueType.date, predicted, gold) is ok


@pytest.mark.parametrize(
    ("predicted", "gold", "ok"),
    [
        ("P2Y", ["2 years"], True),
        ("P18M", ["18 months"], True),
        ("P12M", ["1 year"], True),  # 12 months == 1 year
        ("P1Y", ["12 months"], True),
        ("P1Y", ["successive 1 year"], True),
        ("P1Y", ["Successive 1 year"], True),
        ("P1Y", ["succesive 1 year"], True),  # a typo in the qualifier
        ("P5Y", ["three successive 5 years"], True),
        ("P1Y", ["7 successive 1 year"], True),
        ("perpetual", ["perpetual, 03/01/2021"], True),
        ("perpetual", ["perpetual"], True),
        ("P30D", ["30 days"], True),
        ("P2W", ["14 days"], True),
        ("P55.5M", ["55.5 months"], True),
        ("P30D", ["1 month"], False),  # days and months are not converted
        ("P2Y", ["3 years"], False),
        ("P1Y", ["perpetual"], False),
        ("two (2) years", ["2 years"], True),  # raw text is parsed
    ],
)
def test_durations(predicted: str, gold: list[str], ok: bool) -> None:
    assert values_match(ValueType.duration, predicted, gold) is ok


@pytest.mark.parametrize(
    ("predicted", "gold", "ok"),
    [
        ("New York", ["New York"], True),
        ("new york", ["New York"], True),
        ("Ontario, Canada", ["Province of Ontario, Canada"], True),
        ("Ontario, Canada", ["Ontario, Canada"], True),
        ("England and Wales", ["England, United Kingdom", "Wales, United Kingdom"], True),
        ("England and Wales", ["England", "Wales"], True),
        ("England and Wales", ["England and Wales"], True),
        ("England", ["England", "Wales"], True),  # gold lists alternatives too
        ("NY", ["New York"], True),
        ("China", ["People's Republic of China"], True),
        ("New York", ["New Jersey"], False),
        ("Delaware", ["New York"], False),
        ("Atlantis", ["atlantis."], True),  # unknown names: case/punctuation-insensitive
    ],
)
def test_places(predicted: str, gold: list[str], ok: bool) -> None:
    assert values_match(ValueType.place, predicted, gold) is ok


def test_party_names_are_normalized() -> None:
    assert normalize_party_name("ACME, Inc.") == "acme"
    assert normalize_party_name("Quill, Marrow & Fenn-Arizona, Inc.") == (
        "quill marrow and fenn arizona"
    )
    assert normalize_party_name("NORTHWIND HARBOR L.L.C.") == "northwind harbor"


@pytest.mark.parametrize(
    ("predicted", "gold", "counts"),
    [
        (["ACME INC.", "Beta LLC"], ["Acme Inc", "BETA, L.L.C."], (2, 2, 2)),
        (["Zephyr, Inc.", "Mara J. Holloway"], ["Zephyr Inc.", "Mara Jane Holloway"], (2, 2, 2)),
        (["Acme Inc."], ["Acme Inc", "Beta LLC"], (1, 1, 2)),
        (["Acme Inc.", "Gamma Corp"], ["Acme Inc"], (1, 2, 1)),
        (["Bank"], ["Larchmont Bank"], (0, 1, 1)),  # a generic word is not the party
        (["Inc."], ["Acme Inc."], (0, 1, 1)),
        (["Pinecrest Bank"], ["Pinecrest Bank Of Utah", "Larchmont Bank"], (1, 1, 2)),
        # two companies that share a long word are two companies
        (["Kell Pharmaceuticals, Inc."], ["Aubo Pharmaceuticals, Inc."], (0, 1, 1)),
        (["QRX Therapeutics"], ["VLM Therapeutics, Inc."], (0, 1, 1)),
        # ... while a misspelt word still matches
        (["Harlow Knowledge Holdings Inc."], ["Harlow Kowledge Holdings Inc."], (1, 1, 1)),
    ],
)
def test_party_overlap(predicted: list[str], gold: list[str], counts: tuple[int, int, int]) -> None:
    assert party_overlap(predicted, gold) == counts


def test_names_match_one_to_one() -> None:
    # two predictions cannot both claim the same gold name
    assert party_overlap(["Acme Inc.", "ACME INC"], ["Acme Inc."]) == (1, 2, 1)


def test_every_gold_entry_counts_even_alias_like_ones() -> None:
    # alias-like gold entries are fixed in the gold corrections file, never by the comparison
    gold = [
        "Quillfeather, Inc.",
        "Marrowby US, LLC",
        "QUILLFEATHER and MARROWBY",
        'Seller and Buyer shall collectively be referred to herein as the "Parties".',
    ]
    names = ["Marrowby US, LLC", "Quillfeather, Inc."]
    assert party_overlap(names, gold) == (2, 2, 4)
    assert not values_match(ValueType.party_list, names, gold)
    assert values_match(ValueType.party_list, names, gold[:2])
    # a real name with "and" in it is an ordinary name, as before
    assert party_overlap(["Fenwick and Fenwick", "Acme Inc."], ["Fenwick and Fenwick",
                                                                 "Acme Inc."]) == (2, 2, 2)


@pytest.mark.parametrize(
    ("predicted", "gold", "ok"),
    [
        (["ACME INC.", "Beta LLC"], ["Acme Inc.", "Beta LLC"], True),
        (["Beta LLC", "ACME INC."], ["Acme Inc.", "Beta LLC"], True),  # order does not matter
        (["ACME INC."], ["Acme Inc.", "Beta LLC"], False),  # a party missing
        (["ACME INC.", "Beta LLC", "Gamma Corp"], ["Acme Inc.", "Beta LLC"], False),  # an extra
        ("Acme Inc.", ["Acme Inc."], True),  # a single name given as a string
    ],
)
def test_party_lists(predicted: list[str] | str, gold: list[str], ok: bool) -> None:
    assert values_match(ValueType.party_list, predicted, gold) is ok


@pytest.mark.parametrize(
    ("value_type", "predicted", "gold", "ok"),
    [
        (ValueType.money, {"amount": "1250.00", "currency": "USD"}, ["$1,250"], True),
        (ValueType.money, {"amount": "1250.00", "currency": "USD"}, ["1250 EUR"], False),
        (ValueType.money, {"amount": "1250", "currency": None}, ["$1,250.00"], True),
        (ValueType.percent, {"value": "1.5", "per": "month"}, ["1.5% per month"], True),
        (ValueType.percent, {"value": "1.5", "per": "month"}, ["1.5% per annum"], False),
        (ValueType.percent, {"value": "1.50", "per": None}, ["1.5%"], True),
        (ValueType.identifier, "E11.9", ["e11.9"], True),
        (ValueType.identifier, "E11.9", ["E11"], False),
        (ValueType.enum, "net 30", ["Net 30"], True),
        (ValueType.boolean, False, ["no"], True),
        (ValueType.boolean, True, ["false"], False),
        (ValueType.boolean, "maybe", ["true"], False),
        (
            ValueType.text,
            "EXCLUSIVE DISTRIBUTOR AGREEMENT",
            ["EXCLUSIVE   DISTRIBUTOR  AGREEMENT"],
            True,
        ),
        (
            ValueType.text,
            "Exclusive Distributor Agreement",
            ["EXCLUSIVE DISTRIBUTOR AGREEMENT"],
            True,
        ),
        (ValueType.text, "SUPPLY AGREEMENT", ["MASTER SUPPLY AGREEMENT"], False),
        (ValueType.clause, "Either party may terminate.", ["Either party may terminate"], True),
    ],
)
def test_other_types(value_type: ValueType, predicted: object, gold: list[str], ok: bool) -> None:
    assert values_match(value_type, predicted, gold) is ok


@pytest.mark.parametrize("value_type", list(ValueType))
def test_absent_gold_accepts_only_nothing(value_type: ValueType) -> None:
    assert values_match(value_type, None, []) is True
    assert values_match(value_type, [], []) is True
    assert values_match(value_type, "something", []) is False


@pytest.mark.parametrize("value_type", list(ValueType))
def test_nothing_predicted_for_present_gold_is_a_miss(value_type: ValueType) -> None:
    assert values_match(value_type, None, ["x"]) is False
    assert values_match(value_type, "", ["x"]) is False
