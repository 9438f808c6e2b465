"""Sentence candidates for text and clause fields: exact offsets, no false splits."""

from __future__ import annotations

from intelligent_extraction.extraction.values.sentences import (
    _regex_spans,
    find_sentences,
    sentence_spans,
)

TEXT = (
    "SERVICES AGREEMENT\n\n"
    "This Agreement is made by Acme Inc. and Beta U.S. Holdings LLC.\n"
    "1.2 Term. The term is two (2) years. Payment is due\n"
    "within thirty (30) days of invoice. See Schedule No. 5 for details."
)


def test_sentences_and_offsets() -> None:
    found = find_sentences(TEXT)
    assert [c.value for c in found] == [
        "SERVICES AGREEMENT",
        "This Agreement is made by Acme Inc. and Beta U.S. Holdings LLC.",
        "1.2 Term.",
        "The term is two (2) years.",
        "Payment is due within thirty (30) days of invoice.",
        "See Schedule No. 5 for details.",
    ]
    assert all(TEXT[c.start : c.end] == c.raw for c in found)
    assert found[4].raw == "Payment is due\nwithin thirty (30) days of invoice."


def test_empty_text() -> None:
    assert sentence_spans("  \n ") == []


def test_regex_fallback_keeps_abbreviations_together() -> None:
    text = "Acme Inc. pays Beta Ltd. on time. Mr. Smith signs. Next one."
    assert [text[s:e] for s, e in _regex_spans(text)] == [
        "Acme Inc. pays Beta Ltd. on time.",
        "Mr. Smith signs.",
        "Next one.",
    ]
