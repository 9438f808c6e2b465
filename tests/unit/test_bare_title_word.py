"""A bare "AGREEMENT" heading over a filed contract's preamble (after its cover and table of
contents) is no document name when the cover gives the full title ending in the same word.
Invented contracts only."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor, _without_bare_title_words
from intelligent_extraction.extraction.scoring import Scored
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import ScoredChunk
from intelligent_extraction.retrieval.leading import append_missing
from intelligent_extraction.retrieval.postprocess import DEFAULT_POSTPROCESSORS, run_postprocessors
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import chunks_in_order, read_by_position

SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")
DOC = "filed-title"
ENTRIES = ["Definitions", "Appointment", "Forecasts", "Purchase Orders", "Delivery", "Prices",
           "Invoices", "Warranties", "Indemnities", "Confidentiality", "Term", "Termination",
           "Notices", "Assignment", "Governing Law", "Counterparts"]
TABLE = [
    "TABLE OF CONTENTS\n\nPage\n\n" + "\n".join(
        f"{i}. {h.upper()} {i + 1}" for i, h in enumerate(ENTRIES[:8], 1)),
    "\n".join(f"{i}. {h.upper()} {i + 4}" for i, h in enumerate(ENTRIES[8:], 9)),
]
BODY = [
    f"{n}. {h}. Each party shall perform its obligations under this Section {n} with due care "
    "and in accordance with applicable law, at its own cost. " * 3
    for n, h in enumerate(ENTRIES, 1)
]


def _preamble(word: str) -> str:
    return (f'{word.upper()}\n\nThis {word} (the "{word}") is made and entered into as of March 4, '
            "2019, by and between Lindqvist Marine Supply Co., a Maine corporation "
            '("Supplier"), and Terrapin Coast Outfitters, Inc., a Delaware corporation '
            '("Distributor").')


def _document_name(cover: list[str], preamble: str) -> str:
    """The title read as retrieval hands it over: the preamble ranks, the cover is only a
    leading chunk."""
    field = SHIPPED.get("document_name")
    chunks = chunks_in_order(DOC, [*cover, *TABLE, preamble, *BODY])
    ranked = [ScoredChunk(chunks[len(cover) + len(TABLE)], 1.0), ScoredChunk(chunks[-1], 0.5)]
    candidates, trailing = read_by_position(ranked, field, chunks)
    evidence = run_postprocessors(candidates, field, DEFAULT_POSTPROCESSORS)[0]
    return RuleExtractor(SHIPPED).extract(field, append_missing(evidence, trailing)).value


@pytest.mark.parametrize(("title", "word"), [
    ("HARBORVIEW DISTRIBUTION AGREEMENT", "Agreement"),
    ("MASTER EQUIPMENT PURCHASE CONTRACT", "Contract"),
])
def test_the_covers_full_title_beats_a_bare_title_word_over_the_preamble(title, word) -> None:
    cover = [(f"Exhibit 10.2\n\n{title}\n\nBY AND BETWEEN\n\nLINDQVIST MARINE SUPPLY CO.\n\nAND\n\n"
             "TERRAPIN COAST OUTFITTERS, INC.\n\nMarch 4, 2019")]
    assert _document_name(cover, _preamble(word)) == title


def _title(value: str, score: float) -> Scored:
    return Scored(value=value, raw=value, start=0, end=len(value), chunk_id=DOC, score=score,
                  kind="heading")


def test_a_bare_title_word_gives_way_to_a_fuller_title_ending_in_it() -> None:
    # the bare heading over the preamble outscores the cover's title on rank alone
    titles = [_title("AGREEMENT", 0.56), _title("HARBORVIEW DISTRIBUTION AGREEMENT", 0.45),
              _title("CONTRACT", 0.5)]
    kept = [s.value for s in _without_bare_title_words(titles)]
    assert kept == ["HARBORVIEW DISTRIBUTION AGREEMENT", "CONTRACT"]


def test_a_bare_title_word_with_no_fuller_title_is_kept() -> None:
    assert [s.value for s in _without_bare_title_words([_title("Agreement", 0.5)])] == [
        "Agreement"]
