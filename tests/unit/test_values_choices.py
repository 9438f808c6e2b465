"""Identifiers (the field's pattern), enums (one of choices) and booleans (negation cues)."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.choices import find_booleans, find_choices
from intelligent_extraction.extraction.values.identifiers import find_identifiers

ICD10 = r"[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?"


def test_icd10_codes_as_whole_tokens() -> None:
    text = "Diagnoses: E11.9, I10 and J45.909; not TA123 or E11X."
    assert [c.value for c in find_identifiers(text, ICD10)] == ["E11.9", "I10", "J45.909"]


def test_named_value_group_narrows_the_match() -> None:
    text = "Account No. 00123456 was opened; Account No 99887766 closed."
    found = find_identifiers(text, r"Account No\.?\s*(?P<value>\d{6,})")
    assert [(c.value, text[c.start : c.end]) for c in found] == [
        ("00123456", "00123456"),
        ("99887766", "99887766"),
    ]


def test_bad_identifier_pattern() -> None:
    with pytest.raises(ValueError, match="not a valid regex"):
        find_identifiers("x", "([")


def test_enum_longest_choice_wins_and_value_is_as_configured() -> None:
    text = "Payment terms: net 30 days, or NET 30 for deposits."
    found = find_choices(text, ["Net 30", "Net 30 days"])
    assert [(c.value, c.raw) for c in found] == [
        ("Net 30 days", "net 30 days"),
        ("Net 30", "NET 30"),
    ]


def test_enum_matches_whole_words_only() -> None:
    assert find_choices("a monthly invoice", ["month"]) == []
    assert [c.value for c in find_choices("billed\nquarterly", ["Quarterly"])] == ["Quarterly"]


def test_enum_needs_choices() -> None:
    with pytest.raises(ValueError, match="choices"):
        find_choices("text", [])


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Licensee shall not sublicense any rights.", False),
        ("Customer has no right to terminate for convenience.", False),
        ("In no event shall either party be liable for lost profits.", False),
        ("Distributor is not entitled to any refund.", False),
        ("Assignment without consent is prohibited.", False),
        ("Either party may terminate this Agreement for convenience.", True),
        ("Licensee may sublicense to its Affiliates.", True),
    ],
)
def test_boolean_negation_cues(text: str, value: bool) -> None:
    [cand] = find_booleans(text)
    assert cand.value is value
    assert cand.kind == ("affirmed" if value else "negated")
    assert cand.raw == text


def test_boolean_pattern_filters_sentences() -> None:
    text = "Fees are due monthly. Either party may terminate for convenience. Notices go by mail."
    [cand] = find_booleans(text, r"terminat")
    assert (cand.value, cand.raw) == (True, "Either party may terminate for convenience.")
