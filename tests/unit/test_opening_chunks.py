"""A cover page cut into small chunks does not push the opening back.

An offering's agency agreement opens with a title page of short lines (an exhibit label, a share
count, the issuer, "($0.01 Par Value)"), each its own chunk, so the letter's date line and its
first paragraph stand at chunk 3 or 4: past ``position.first_chunks``, past the early bonus and
the lead bonus. ``Chunk.opening_position`` counts the chunks after the first in the text before
them. Invented chunks, held by a real embedded backend for the leading chunks.
"""

from __future__ import annotations

from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import (
    OPENING_CHARS,
    Chunk,
    FieldConfig,
    Instructions,
    Position,
    Queries,
    ScoredChunk,
)
from intelligent_extraction.retrieval.postprocess import PositionBoost
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import read_by_position

SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")
DOC = "savings-offering"
COVER = [
    "Exhibit 1.1\n\n2,400,000 Shares",
    "HARTWELL SAVINGS CORPORATION\n\n(a Maryland corporation)",
    "COMMON STOCK\n\n($0.01 Par Value Per Share)",
]
LETTER = (
    "SALES AGENCY AGREEMENT\n\nOctober 14, 2003\nMeridian Capital Partners, Inc.\n"
    "40 Harbor Street\nBoston, Massachusetts 02110\n\nLadies and Gentlemen:\n\n"
    'Hartwell Savings Corporation (the "Company") hereby confirms its agreement with Meridian '
    'Capital Partners, Inc. (the "Agent") to assist in the sale of its shares as follows:'
)
OFFERING = (
    "1. The Offering. The Company offers its shares first to depositors holding accounts "
    'of $50.00 or more as of June 30, 2003 (the "Eligible Holders"), then to the public.'
)


def _chunks(texts: list[str], start: int = 0, first_position: int = 0) -> list[Chunk]:
    out = []
    for i, text in enumerate(texts):
        out.append(
            Chunk(chunk_id=f"{DOC}-{first_position + i}", doc_id=DOC, text=text,
                  chunk_type="text", start=start, end=start + len(text),
                  position=first_position + i, source=f"{DOC}.txt")
        )
        start += len(text) + 2
    return out


DOCUMENT = _chunks([*COVER, LETTER, OFFERING])



def _field() -> FieldConfig:
    return FieldConfig(
        field_name="agreement_date",
        type="date",
        queries=Queries(exact=["dated as of"]),
        instructions=Instructions(task="The date the agreement was made."),
        position=Position(first_chunks=3, boost=0.4),
    )


def test_chunks_behind_a_cover_page_of_short_lines_count_as_the_opening() -> None:
    assert [c.opening_position for c in DOCUMENT] == [0, 1, 1, 1, 2]


def test_the_first_chunk_and_chunks_of_an_ordinary_size_keep_their_position() -> None:
    long = "The parties agree as follows. " * (OPENING_CHARS // 10)
    chunks = _chunks([long, long, long, long])
    assert [c.opening_position for c in chunks] == [0, 1, 2, 3]


def test_the_letter_behind_the_cover_page_is_read_and_boosted_as_a_leading_chunk() -> None:
    leading, _ = read_by_position([], _field(), DOCUMENT)
    assert [sc.chunk.position for sc in leading] == [0, 1, 2, 3, 4]
    boosted = PositionBoost().process([ScoredChunk(DOCUMENT[3], 0.1)], _field())
    assert boosted[0].adjustments == {"position_boost": 0.4}


def test_the_letters_date_line_is_the_agreement_date_over_a_cutoff_date_further_on() -> None:
    # the letter ranks first (its leading-chunk boost), the offering's cutoff date has "as of"
    letter = ScoredChunk(DOCUMENT[3], 1.0)
    offering = ScoredChunk(_chunks([OFFERING], 9000, 14)[0], 0.9)
    chunks = [letter, offering, *(ScoredChunk(c, 0.0) for c in DOCUMENT[:3])]
    result = RuleExtractor(SHIPPED).extract(SHIPPED.get("agreement_date"), chunks)
    assert result.value == "2003-10-14"


def test_the_party_clause_behind_the_cover_page_earns_the_early_bonus_too() -> None:
    preamble = (
        'THIS SALES AGENCY AGREEMENT is made by and between Hartwell Savings Corporation, a '
        'Maryland corporation (the "Company"), and Meridian Capital Partners, Inc., a Delaware '
        'corporation (the "Agent").'
    )
    opening = _chunks([*COVER, preamble])[3]
    parties = SHIPPED.get("parties")
    result = RuleExtractor(SHIPPED).extract(parties, [ScoredChunk(opening, 1.0)])
    early = parties.extraction.early * (1.0 - 0.35 * opening.opening_position)
    assert result.candidates[0]["features"]["early"] == round(early, 4) > 0
