"""The value layer's table: every ValueType has a finder, and every candidate's raw is exact."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values import PARSERS, Candidate, find_candidates, normalize
from intelligent_extraction.models import ValueType

CONTRACT = (
    "MASTER SERVICES AGREEMENT\n\n"
    "This Agreement is made this 5th day of May, 2014 by and between ACME INC., a Delaware "
    'corporation ("Acme"), and Beta LLC (the "Company").\n\n'
    "1. Term. The term is two (2) years and renews for successive one (1) year periods unless "
    "either party gives thirty (30) days prior written notice.\n"
    "2. Fees. The Company pays five thousand dollars ($5,000) per month. Late amounts bear "
    "interest at the lesser of 1.5% per month or the highest rate allowed by law.\n"
    "3. Governing Law. This Agreement is governed by the laws of the Commonwealth of "
    "Massachusetts. The Company shall not assign this Agreement. Billing code: E11.9.\n"
)

EXPECTED_FIRST = {
    ValueType.date: "2014-05-05",
    ValueType.duration: "P2Y",
    ValueType.money: {"amount": "5000.00", "currency": "USD"},
    ValueType.percent: {"value": "1.5", "per": "month"},
    ValueType.party_list: ["ACME INC.", "Beta LLC"],
    ValueType.place: "Delaware",
    ValueType.identifier: "E11.9",
    ValueType.enum: "per month",
    ValueType.boolean: True,
    ValueType.text: "MASTER SERVICES AGREEMENT",
    ValueType.clause: "MASTER SERVICES AGREEMENT",
}


def test_every_value_type_has_a_finder() -> None:
    assert set(PARSERS) == set(ValueType)


@pytest.mark.parametrize("value_type", list(ValueType))
def test_first_candidate_and_exact_offsets(value_type: ValueType) -> None:
    found = find_candidates(
        value_type,
        CONTRACT,
        pattern=r"[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?"
        if value_type is ValueType.identifier
        else None,
        choices=["per annum", "per month"],
    )
    assert found and isinstance(found[0], Candidate)
    assert found[0].value == EXPECTED_FIRST[value_type]
    assert all(CONTRACT[c.start : c.end] == c.raw for c in found)
    assert [c.start for c in found] == sorted(c.start for c in found)


def test_governing_law_candidate_is_marked_as_law() -> None:
    places = find_candidates("place", CONTRACT)
    assert [(c.value, c.kind) for c in places] == [
        ("Delaware", "incorporation"),
        ("Massachusetts", "law"),
    ]
    assert places[1].raw == "the laws of the Commonwealth of Massachusetts"


def test_boolean_with_pattern() -> None:
    [cand] = find_candidates("boolean", CONTRACT, pattern=r"\bassign")
    assert cand.value is False


def test_missing_pattern_or_choices_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="pattern"):
        find_candidates("identifier", CONTRACT)
    with pytest.raises(ValueError, match="choices"):
        find_candidates("enum", CONTRACT)
    with pytest.raises(ValueError):
        find_candidates("colour", CONTRACT)


@pytest.mark.parametrize(
    ("value_type", "text", "value"),
    [
        ("date", "2014-05", "2014-05"),
        ("date", "the 1st day of June, 2010", "2010-06-01"),
        ("duration", "18 months", "P18M"),
        ("place", "Province of Ontario, Canada", "Ontario, Canada"),
        ("money", "€ 300", {"amount": "300.00", "currency": "EUR"}),
        ("percent", "18% per annum", {"value": "18", "per": "year"}),
        ("text", "  Hello   world. ", "Hello world."),
        ("date", "no date here", None),
    ],
)
def test_normalize(value_type: str, text: str, value: object) -> None:
    assert normalize(value_type, text) == value
