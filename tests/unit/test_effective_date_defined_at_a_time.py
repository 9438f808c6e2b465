"""A definitions list's "Effective Date" means 12:01 a.m. ... on <date> is read behind a filed
contract's cover page and table of contents, whose preamble ("entered into as of") takes
leading slots. Invented contracts only."""

from __future__ import annotations

import re

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import ScoredChunk
from intelligent_extraction.retrieval.leading import append_missing
from intelligent_extraction.retrieval.postprocess import DEFAULT_POSTPROCESSORS, run_postprocessors
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import chunks_in_order, read_by_position

SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")
DOC = "filed-venture"
COVER = [
    "EXHIBIT 10.4\n\nJOINT VENTURE AGREEMENT",
    "BY AND BETWEEN\n\nHALVERSON AQUA FEEDS LTD.\n\nAND",
    "CORDOVAN MARINE PROTEINS, INC.",
]
HEADINGS = ["Definitions", "Formation", "Contributions", "Management", "Distributions",
            "Transfers", "Deadlock", "Term", "Termination", "Confidentiality", "Notices",
            "Governing Law", "Assignment", "Counterparts"]
TABLE = [
    "TABLE OF CONTENTS\n\n" + "\n".join(
        f"{i}. {h.upper()} {i + 2}" for i, h in enumerate(HEADINGS[:7], 1)),
    "\n".join(f"{i}. {h.upper()} {i + 6}" for i, h in enumerate(HEADINGS[7:], 8)),
]
PREAMBLE = (
    'This Joint Venture Agreement (this "Agreement") is entered into as of September 12, 2018 '
    "by and between Halverson Aqua Feeds Ltd., a company organized under the laws of Scotland "
    '("Halverson"), and Cordovan Marine Proteins, Inc., a Delaware corporation ("Cordovan").'
)
BODY = [
    f"{n}. {h}. Each Party shall perform its obligations under this Section {n} with due care "
    "and in accordance with applicable law, at its own cost and expense. " * 3
    for n, h in enumerate(HEADINGS, 1)
]
DEFINITIONS = [
    '1.3 "EFFECTIVE DATE" means 12:01 a.m. Eastern Time on August 31, 2018.',
    '1.3 "Effective Date" means the close of business on August 31, 2018.',
    '1.3 "Effective Date" shall mean 5:00 p.m. London time on 31 August 2018.',
]


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_the_shipped_read_matching_finds_a_date_defined_at_a_time_of_day(definition) -> None:
    wanted = SHIPPED.get("effective_date").read_matching
    assert any(re.search(r, definition) for r in wanted)


@pytest.mark.parametrize("definition", DEFINITIONS)
def test_the_defined_effective_date_beats_the_preambles_date_behind_a_table(definition) -> None:
    field = SHIPPED.get("effective_date")
    definitions = ('1. DEFINITIONS\n\n1.1 "Affiliate" means any entity controlling a Party.\n\n'
                   f'1.2 "Board" means the board of the Operating Company.\n\n{definition}')
    chunks = chunks_in_order(DOC, [*COVER, *TABLE, PREAMBLE, *BODY[:6], definitions, *BODY[6:]])
    # the search ranks the term clauses; the definitions list ranks nowhere
    ranked = [ScoredChunk(c, 1.0 - i / 10) for i, c in enumerate(chunks[-5:])]
    candidates, trailing = read_by_position(ranked, field, chunks)
    evidence = run_postprocessors(candidates, field, DEFAULT_POSTPROCESSORS)[0]
    result = RuleExtractor(SHIPPED).extract(field, append_missing(evidence, trailing))
    assert result.value == "2018-08-31"
