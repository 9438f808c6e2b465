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


def _pysbd_reference_spans(text: str) -> list[tuple[int, int]]:
    """pysbd's own char_span placement (a regex per sentence), which _locate replaces."""
    import pysbd

    segmenter = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return [(span.start, span.end) for span in segmenter.segment(text)]


def test_locate_places_sentences_exactly_as_pysbd_char_spans() -> None:
    """The str.find placement gives pysbd's own spans: on the sample contracts' paragraphs, on
    a repeated sentence (the second copy must not map onto the first), and on abbreviations,
    numbered items and trailing whitespace."""
    from intelligent_extraction.extraction.values.sentences import _locate, _segmenter
    from intelligent_extraction.samples import bank_statement, medical_record, services_agreement

    repeated = "Notices shall be in writing. Notices shall be in writing.  The End.\n\n"
    texts = [TEXT, repeated, "No. 5 applies.   Mr. Smith (i) agrees; (ii) pays $1.5 m. Done."]
    for doc in (services_agreement(), medical_record(), bank_statement()):
        texts += [doc.title, *doc.preamble, *(p for s in doc.sections for p in s.paragraphs)]
        texts.append("\n\n".join(p for s in doc.sections for p in s.paragraphs))
    segmenter = _segmenter()
    for text in texts:
        expected = _pysbd_reference_spans(text)
        assert _locate(text, segmenter.processor(text).process()) == expected, text[:60]
    spans = _locate(repeated, segmenter.processor(repeated).process())
    assert [repeated[s:e].strip() for s, e in spans][:2] == ["Notices shall be in writing."] * 2
    assert spans[0] != spans[1]


def test_locate_refuses_a_sentence_not_in_the_text() -> None:
    from intelligent_extraction.extraction.values.sentences import _locate

    assert _locate("One. Two.", ["One.", "Three."]) is None
    assert _locate("One.", [""]) is None
