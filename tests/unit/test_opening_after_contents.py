"""A filed contract's opening is its preamble behind a cover page and a table of contents.

An exhibit filed with a report opens with a cover (title, "between", the parties) and a table of
contents of several chunks; the preamble ("entered into as of ...") then stands past the leading
chunks, so its date and parties were read only if a query ranked it, and the signatories' dates
answered instead. The opening now resumes after the table (``retrieval.front_matter``). Invented
chunks in several layouts of a table; a real embedded backend holds them for the leading chunks.
"""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import Chunk, ScoredChunk
from intelligent_extraction.retrieval.front_matter import opening_resumes_at, with_opening_resumed
from intelligent_extraction.retrieval.leading import append_missing
from intelligent_extraction.retrieval.postprocess import DEFAULT_POSTPROCESSORS, run_postprocessors
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import chunks_in_order, read_by_position

SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")
DOC = "filed-services"
COVER = [
    "EX-10.14 3 d55512dex1014.htm OUTSOURCED SERVICES AGREEMENT\n\nEXHIBIT 10.14",
    "OUTSOURCED SERVICES AGREEMENT\n\nbetween\n\nKESTRELMOOR DATA SERVICES, INC.\n\nand",
    "AMBERLEIGH REGIONAL BANCORP",
]
#: the same table in three layouts: dot leaders a line each, entries run together as a PDF's
#: text gives them, numbered headings without page numbers
HEADINGS = ["Definitions", "Services", "Transition", "Fees", "Term", "Termination",
            "Confidentiality", "Limitation of Liability", "Notices", "Governing Law",
            "Assignment", "Force Majeure", "Entire Agreement", "Counterparts"]
DOT_LEADERS = [
    "TABLE OF CONTENTS\n\n" + "\n".join(
        f"Section {i}. {h} {'.' * (40 - len(h))} {i}" for i, h in enumerate(HEADINGS[:7], 1)),
    "\n".join(f"Section {i}. {h} {'.' * (40 - len(h))} {i}"
              for i, h in enumerate(HEADINGS[7:], 8)),
]
RUN_TOGETHER = [
    "TABLE OF CONTENTS\n\nARTICLE I DEFINITIONS 1 " + " ".join(
        f"Section 1.{i} {h} {i + 1}" for i, h in enumerate(HEADINGS[:7], 1)),
    " ".join(f"Section 2.{i} {h} {i + 8}" for i, h in enumerate(HEADINGS[7:], 1)),
]
NUMBERED = [
    "CONTENTS\n\n" + "\n\n".join(
        f"{i}. {h}\n\n{i}.1 General\n\n{i}.2 Exceptions" for i, h in enumerate(HEADINGS[:7], 1)),
    "\n\n".join(f"{i}. {h}\n\n{i}.1 General" for i, h in enumerate(HEADINGS[7:], 8))
    + "\n\nSchedule 1 Services\n\nSchedule 2 Fees",
]
PREAMBLE = (
    'This OUTSOURCED SERVICES AGREEMENT (this "Agreement") is entered into as of August 14, '
    "2012 by and between KESTRELMOOR DATA SERVICES, INC., a Georgia corporation "
    '("Provider"), and AMBERLEIGH REGIONAL BANCORP, a Tennessee corporation ("Client").'
)
RECITALS = (
    "A. Provider and Client are parties to a Pilot Services Agreement dated February 2, 2011, "
    "under which Provider supplied a limited set of services for a trial period."
)
BODY = [
    f"{n}. {h}. Each party shall perform its obligations under this Section {n} with due care, "
    "in accordance with applicable law and the Service Levels, at its own cost. " * 3
    for n, h in enumerate(HEADINGS, 1)
]
SIGNATURES = (
    "IN WITNESS WHEREOF, the parties have executed this Agreement.\n\nKESTRELMOOR DATA "
    "SERVICES, INC.\n\nBy: /s/ Gail Hester\nDate: August 20, 2012\n\nAMBERLEIGH REGIONAL "
    "BANCORP\n\nBy: /s/ Owen Markley\nDate: August 22, 2012"
)


def _document(table: list[str]) -> list[Chunk]:
    return chunks_in_order(DOC, [*COVER, *table, PREAMBLE, RECITALS, *BODY, SIGNATURES])


@pytest.mark.parametrize("table", [DOT_LEADERS, RUN_TOGETHER, NUMBERED])
def test_the_preamble_behind_a_table_of_contents_is_a_leading_chunk(table) -> None:
    chunks = _document(table)
    preamble = next(c for c in chunks if c.text == PREAMBLE)
    assert preamble.leading_position > 2  # counted from the top: past the leading chunks
    field = SHIPPED.get("agreement_date")
    leading, _ = read_by_position([], field, chunks)
    preamble = next(sc.chunk for sc in leading if sc.chunk.text == PREAMBLE)
    assert preamble.leading_position == 1


def _agreement_date(chunks: list[Chunk], after_contents: bool) -> str:
    """The agreement date read as retrieval hands it over: the search ranks the recitals and the
    signatures, and the preamble (which shares few words with the queries) below them."""
    field = SHIPPED.get("agreement_date")
    position = field.position.model_copy(update={"after_contents": after_contents})
    field = field.model_copy(update={"position": position})
    by_text = {c.text: c for c in chunks}
    ranked = [ScoredChunk(by_text[RECITALS], 1.0), ScoredChunk(by_text[SIGNATURES], 0.9),
              ScoredChunk(by_text[PREAMBLE], 0.6)]
    candidates, trailing = read_by_position(ranked, field, chunks)
    evidence = run_postprocessors(candidates, field, DEFAULT_POSTPROCESSORS)[0]
    return RuleExtractor(SHIPPED).extract(field, append_missing(evidence, trailing)).value


@pytest.mark.parametrize("table", [DOT_LEADERS, RUN_TOGETHER, NUMBERED])
def test_the_preambles_date_is_the_agreement_date_over_the_signatories_dates(table) -> None:
    chunks = _document(table)
    assert SHIPPED.get("agreement_date").position.after_contents
    assert _agreement_date(chunks, after_contents=True) == "2012-08-14"
    # counted from the top, the opening states no date and a signatory's date answers
    assert _agreement_date(chunks, after_contents=False) == "2012-08-22"


def test_a_table_whose_last_entries_share_the_preambles_chunk_resumes_there() -> None:
    tail = "Section 13. Entire Agreement ......... 8\nSection 14. Counterparts ......... 9\n\n"
    chunks = chunks_in_order(DOC, [*COVER, DOT_LEADERS[0], tail + PREAMBLE, RECITALS])
    assert opening_resumes_at(chunks).text == tail + PREAMBLE


def test_a_document_without_a_table_of_contents_counts_its_opening_from_the_top() -> None:
    chunks = chunks_in_order(DOC, [*COVER, PREAMBLE, RECITALS])
    assert opening_resumes_at(chunks) is None
    assert with_opening_resumed(chunks) == chunks


def test_a_contents_list_in_an_exhibit_far_down_the_document_is_no_front_matter() -> None:
    body = "The Provider shall perform the Services with due care and skill. " * 80
    chunks = chunks_in_order(DOC, [PREAMBLE, body, *DOT_LEADERS, RECITALS])
    assert opening_resumes_at(chunks) is None
