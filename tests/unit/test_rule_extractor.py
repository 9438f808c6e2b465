"""RuleExtractor on chunks written here: values, offsets, role preferences, not_found."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.base import Extractor
from intelligent_extraction.extraction.field_rules import TYPE_DEFAULTS, FieldRule, rule_for
from intelligent_extraction.extraction.rules import RuleExtractor, _heading_spans, _midline_spans
from intelligent_extraction.extraction.scoring import (
    build_passages,
    confidence,
    date_role,
    dates_something_else,
    sentence_bounds,
)
from intelligent_extraction.extraction.values.dates import find_dates
from intelligent_extraction.extraction.validate import check_grounding
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import Chunk, FieldConfig, ScoredChunk, ValueType
from intelligent_extraction.settings import PROJECT_ROOT

#: The shipped field configs: the test fields below read with their ``extraction`` settings.
SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")

PREAMBLE = (
    "MASTER SERVICES AGREEMENT\n\n"
    'This Master Services Agreement (the "Agreement") is made this 5th day of May, 2014 by '
    'and between Acme Widgets, Inc., a Delaware corporation ("Acme"), and Beta Labs LLC, a '
    'New York limited liability company ("Beta").'
)
TERM = (
    "12. Term. This Agreement shall commence on June 1, 2014 (the \u201cEffective Date\u201d) "
    "and shall continue for an initial term of three (3) years. Thereafter it renews by "
    "itself for further one (1) year periods unless a party sends written notice of "
    "non-renewal at least ninety (90) days prior to the end of the then-current term."
)
LAW = (
    "18. Governing Law. Any dispute shall be heard by the courts of the State of Delaware. "
    "This Agreement shall be governed by the laws of the State of New York."
)
SIGNATURES = "IN WITNESS WHEREOF the parties have signed on July 9, 2014.\nAcme Widgets, Inc."
OFFSETS = {"pre": 0, "term": 4000, "law": 9000, "sig": 15000}


def chunk(text: str, position: int, start: int, score: float = 1.0, section=()) -> ScoredChunk:
    c = Chunk(
        chunk_id=f"doc#{position}",
        doc_id="doc",
        text=text,
        chunk_type="text",
        start=start,
        end=start + len(text),
        position=position,
        section=tuple(section),
    )
    return ScoredChunk(chunk=c, score=score)


def field(name: str, type_: str, keywords=(), **extra) -> FieldConfig:
    return FieldConfig(
        field_name=name,
        type=type_,
        instructions={"task": f"Find the {name}", "keywords": list(keywords)},
        **extra,
    )


def shipped(name: str, keywords) -> FieldConfig:
    """The shipped field ``name`` (its type and ``extraction`` settings), with these keywords."""
    config = SHIPPED.get(name)
    return field(name, config.type.value, keywords, extraction=config.extraction)


EFFECTIVE = shipped("effective_date", ["effective", "commence"])
AGREEMENT_DATE = shipped("agreement_date", ["dated", "executed", "signed"])
EXPIRATION = shipped("expiration_date", ["term", "expiration", "expire"])
RENEWAL = shipped("renewal_term", ["renew", "renewal", "extension"])
TERM_FIELD = shipped("term", ["term", "period", "years", "months"])
NOTICE = shipped("notice_period_to_terminate_renewal", ["notice", "non-renewal"])
GOVERNING_LAW = shipped("governing_law", ["governing law", "governed", "construed"])
PARTIES = shipped("parties", ["parties", "between", "among"])
TITLE = shipped("document_name", ["title"])


def read_one(config: FieldConfig, text: str, **chunk_args):
    """``config`` read with the shipped fields from one body chunk holding ``text``."""
    return RuleExtractor(SHIPPED).extract(config, [chunk(text, 4, 3000, **chunk_args)])


def title_in_opening(text: str) -> str | None:
    """The title the hand-weighted reader finds in an opening chunk holding ``text``, or None."""
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, [chunk(text, 0, 0)])
    return result.value if result.status == "found" else None


@pytest.fixture
def extractor() -> RuleExtractor:
    return RuleExtractor(SHIPPED)


def document_text(*pieces: tuple[str, int]) -> str:
    """The document the chunks come from, so offsets can be checked against it."""
    size = max(start + len(text) for text, start in pieces)
    buf = [" "] * size
    for text, start in pieces:
        buf[start : start + len(text)] = text
    return "".join(buf)


def test_is_an_extractor(extractor):
    assert isinstance(extractor, Extractor)
    assert extractor.name == "rules"


def test_found_value_offsets_point_at_raw_text(extractor):
    chunks = [chunk(TERM, 5, OFFSETS["term"]), chunk(PREAMBLE, 0, OFFSETS["pre"], 0.5)]
    doc = document_text((TERM, OFFSETS["term"]), (PREAMBLE, OFFSETS["pre"]))
    result = extractor.extract(EFFECTIVE, chunks)
    assert result.status == "found"
    assert result.value == "2014-06-01"
    assert result.raw == "June 1, 2014"
    assert doc[result.start : result.end] == "June 1, 2014"
    assert result.chunk_id == "doc#5"
    assert 0 < result.confidence <= 1
    assert result.candidates[0]["value"] == "2014-06-01"
    assert "score" in result.candidates[0] and "features" in result.candidates[0]


def test_effective_date_beats_signature_date(extractor):
    chunks = [chunk(SIGNATURES, 9, OFFSETS["sig"]), chunk(TERM, 5, OFFSETS["term"], 0.9)]
    result = extractor.extract(EFFECTIVE, chunks)
    assert result.value == "2014-06-01"
    assert [c["value"] for c in result.candidates] == ["2014-06-01", "2014-07-09"]


def test_agreement_date_is_the_preamble_date(extractor):
    chunks = [chunk(TERM, 5, OFFSETS["term"]), chunk(PREAMBLE, 0, 0, 0.6)]
    result = extractor.extract(AGREEMENT_DATE, chunks)
    assert result.value == "2014-05-05"
    assert result.raw == "5th day of May, 2014"
    assert (result.start, result.end) == (PREAMBLE.index("5th"), PREAMBLE.index(" by and"))


def test_governing_law_prefers_law_over_forum(extractor):
    result = extractor.extract(GOVERNING_LAW, [chunk(LAW, 20, OFFSETS["law"])])
    assert result.value == "New York"
    assert result.raw == "the laws of the State of New York"
    assert LAW[result.start - OFFSETS["law"] : result.end - OFFSETS["law"]] == result.raw
    assert {c["value"]: c["kind"] for c in result.candidates} == {
        "New York": "law",
        "Delaware": "forum",
    }


def test_governing_law_not_found_when_only_a_forum_is_named(extractor):
    text = "Any dispute shall be heard exclusively by the courts of the State of Delaware."
    result = extractor.extract(GOVERNING_LAW, [chunk(text, 20, 9000)])
    assert result.status == "not_found"
    assert result.value is None
    assert "threshold" in result.reason


def test_not_found_without_candidates(extractor):
    text = "The Supplier shall deliver the Products to the Customer's warehouse."
    result = extractor.extract(EFFECTIVE, [chunk(text, 3, 500)])
    assert result.status == "not_found"
    assert result.reason == "no date candidate in 1 passages"
    assert extractor.extract(EFFECTIVE, []).status == "not_found"


def test_unrelated_duration_is_not_a_renewal_term(extractor):
    text = "Invoices are payable within thirty (30) days of receipt by the Customer."
    result = extractor.extract(RENEWAL, [chunk(text, 7, 6000)])
    assert result.status == "not_found"
    notice = extractor.extract(NOTICE, [chunk(text, 7, 6000)])
    assert notice.status == "not_found"


def test_renewal_term_versus_initial_term(extractor):
    chunks = [chunk(TERM, 5, OFFSETS["term"])]
    renewal = extractor.extract(RENEWAL, chunks)
    term = extractor.extract(TERM_FIELD, chunks)
    assert (renewal.value, renewal.raw) == ("P1Y", "one (1) year")
    assert (term.value, term.raw) == ("P3Y", "three (3) years")


def test_notice_period_to_stop_renewal(extractor):
    result = extractor.extract(NOTICE, [chunk(TERM, 5, OFFSETS["term"])])
    assert (result.value, result.raw) == ("P90D", "ninety (90) days")
    assert result.start == OFFSETS["term"] + TERM.index("ninety")


def test_expiration_derived_from_effective_date_and_term(extractor):
    result = extractor.extract(EXPIRATION, [chunk(TERM, 5, OFFSETS["term"])])
    assert result.status == "found"
    assert result.value == "2017-06-01"
    assert result.raw == "three (3) years"
    assert result.candidates[0]["note"] == "2014-06-01 (stated) + P3Y"


def test_expiration_uses_the_effective_date_given_as_context(extractor):
    text = "The initial term of this Agreement is five (5) years from the Effective Date."
    result = extractor.extract(
        EXPIRATION, [chunk(text, 6, 5000)], context={"effective_date": "2015-03-18"}
    )
    assert result.value == "2020-03-18"


def test_expiration_on_an_anniversary_reads_the_effective_date_from_the_chunks(extractor):
    chunks = [
        chunk("The Term ends on the fourth (4th) anniversary of the Effective Date.", 6, 5000),
        chunk('This Agreement is effective as of March 18, 2015 (the "Effective Date").', 0, 0),
    ]
    result = extractor.extract(EXPIRATION, chunks)
    assert result.value == "2019-03-18"
    assert result.raw == "fourth (4th) anniversary"


def test_a_period_of_days_is_no_term_of_the_agreement(extractor):
    # a release one may revoke for a week after signing: the agreement does not end then
    text = (
        "This Release is dated May 2, 2016. It becomes binding and final only when the "
        "seven-day period to take it back ends, counted from the day you sign this Agreement."
    )
    result = extractor.extract(EXPIRATION, [chunk(text, 0, 0)])
    assert result.value != "2016-05-09"
    assert not any(c["value"] == "2016-05-09" for c in result.candidates)


@pytest.mark.parametrize("period, expiry", [
    ("three (3) months", None),  # a phase, a trial or a notice more often than the term
    ("eighteen (18) months", "2017-08-01"),
])
def test_a_term_of_a_few_months_gives_no_expiry(extractor, period, expiry):
    text = (
        f"3. Term. The pilot phase of this Agreement shall be for a period of {period}, "
        "during which Harbin will run the Campaign in two test markets."
    )
    result = extractor.extract(EXPIRATION, [chunk(text, 3, 2000)],
                               context={"effective_date": "2016-02-01"})
    assert result.value == expiry


def test_expiration_stated_as_a_date(extractor):
    text = "This Agreement shall expire on October 31, 2029 unless the parties renew it."
    result = extractor.extract(EXPIRATION, [chunk(text, 4, 3000)])
    assert (result.value, result.raw) == ("2029-10-31", "October 31, 2029")


def test_a_period_following_expiration_is_not_the_term(extractor):
    records = (
        "7. Audit. The Licensee will keep its sales ledgers for a three (3) year period "
        "following the expiration or termination of this Agreement."
    )
    period = (
        "1. Definitions. (a) \u201cSponsorship Period\u201d means the time from "
        "March 4, 2016 through November 30, 2018."
    )
    chunks = [chunk(records, 7, 6000), chunk(period, 2, 900, 0.6)]
    result = extractor.extract(EXPIRATION, chunks, context={"effective_date": "2016-03-04"})
    assert result.value == "2018-11-30"


def test_notice_that_ends_an_agreement_running_indefinitely_after_its_initial_term(extractor):
    text = (
        "9.1 The supply term starts on the Start Date, runs for an initial term of two (2) "
        "years and continues indefinitely after that until terminated by a party that gives "
        "at least six (6) months' prior written notice."
    )
    assert extractor.extract(NOTICE, [chunk(text, 9, 7000)]).value == "P6M"


def test_party_list_from_the_preamble(extractor):
    other = 'The Licensee ("Licensee") and the Supplier ("Supplier") agree as follows.'
    chunks = [chunk(other, 8, 7000), chunk(PREAMBLE, 0, 0, 0.7)]
    result = extractor.extract(PARTIES, chunks)
    assert result.value == ["Acme Widgets, Inc.", "Beta Labs LLC"]
    assert result.raw.startswith("Acme Widgets, Inc.")
    assert PREAMBLE[result.start : result.end] == result.raw


def test_document_name_is_the_heading(extractor):
    result = extractor.extract(TITLE, [chunk(PREAMBLE, 0, 0)])
    assert (result.value, result.start, result.end) == ("MASTER SERVICES AGREEMENT", 0, 25)


def test_clause_field_returns_the_sentence_with_keywords(extractor):
    confidentiality = field("confidentiality", "clause", ["confidential"])
    text = (
        "9. Confidentiality. Each party shall keep the other party's Confidential Information "
        "confidential for five years. Fees are due monthly."
    )
    result = extractor.extract(confidentiality, [chunk(text, 9, 8000)])
    sentence = (
        "Each party shall keep the other party's Confidential Information confidential for "
        "five years."
    )
    assert result.value == sentence
    assert text[result.start - 8000 : result.end - 8000] == sentence


def test_chunks_that_overlap_merge_into_one_passage():
    first = chunk("Alpha beta gamma delta", 0, 0)
    second = chunk("gamma delta epsilon", 1, 11, 0.5)
    far = chunk("omega", 9, 500, 0.9)
    passages = build_passages([far, second, first])
    assert [p.text for p in passages] == ["omega", "Alpha beta gamma delta epsilon"]
    merged = passages[1]
    assert (merged.start, merged.best_rank, merged.position) == (0, 1, 0)
    assert merged.holder(25)[1].chunk.chunk_id == "doc#1"  # "epsilon" is only in the second


def test_a_clause_across_two_chunks_is_cited_inside_one_chunk(extractor):
    cut = PREAMBLE.index("Beta Labs")
    first = chunk(PREAMBLE[:cut], 0, 0)
    second = chunk(PREAMBLE[cut - 40 :], 1, cut - 40, 0.6)
    result = extractor.extract(PARTIES, [first, second])
    assert result.value == ["Acme Widgets, Inc.", "Beta Labs LLC"]
    assert result.chunk_id == "doc#0"
    assert result.raw == PREAMBLE[result.start : result.end]
    assert result.end == cut  # cut where the cited chunk ends
    assert check_grounding(result, [first, second]) is None


def test_sentence_bounds_skip_abbreviations():
    text = "Acme Inc. shall pay. Beta Co. shall deliver the goods. End."
    start = text.index("deliver")
    s, e = sentence_bounds(text, start, start + 7)
    assert text[s:e].strip() == "Beta Co. shall deliver the goods."


def test_dated_versus_effective_in_one_preamble(extractor):
    text = (
        'THIS CONSULTING AGREEMENT ("Agreement") dated as of September 22, 2019, but effective '
        'as of June 3, 2019 (the "Effective Date"), by and between Acme Widgets, Inc. and Beta '
        'Labs LLC.'
    )
    chunks = [chunk(text, 0, 0)]
    assert extractor.extract(EFFECTIVE, chunks).value == "2019-06-03"
    assert extractor.extract(AGREEMENT_DATE, chunks).value == "2019-09-22"


@pytest.mark.parametrize("term", [
    "3. Term. The term of this Agreement will begin on March 1, 2019 and end on the second "
    "anniversary of the day it commences.",
    "3. Term. The Term shall commence March 1, 2019 and continue for two (2) years.",
])
def test_the_day_the_term_begins_is_the_effective_date_not_the_signing(extractor, term):
    preamble = (
        "This Catering Agreement (the \"Agreement\") is dated as of February 12, 2019 between "
        "Acme Widgets, Inc. and Beta Kitchens LLC."
    )
    chunks = [chunk(preamble, 0, 0, 0.9), chunk(term, 2, 1800, 0.9, section=("Term",))]
    assert extractor.extract(EFFECTIVE, chunks).value == "2019-03-01"
    assert extractor.extract(AGREEMENT_DATE, chunks).value == "2019-02-12"


@pytest.mark.parametrize("term", [
    "1.2 The term of this Agreement runs from 1 August 2016 to 31 July 2018.",
    "1.2 This Agreement shall run from 1 August 2016 until 31 July 2018.",
    "1.2 The Agreement is concluded for a fixed period running from 1 August 2016 to 31 July 2018.",
])
def test_the_day_the_agreement_runs_from_is_the_effective_date_not_the_as_of_date(extractor, term):
    preamble = (
        "This Security Services Agreement is made and entered into as of 15 June 2016 between "
        'Ironwood Guarding Ltd ("Contractor") and Marrowgate Estates Ltd ("Client").'
    )
    commencement = (
        "1. Commencement\n\n1.1 The Contractor shall start posting guards at the Site on 1 August "
        "2016.\n\n"
    )
    chunks = [
        chunk(commencement + term, 2, 600, section=("1. Commencement",)),
        chunk(preamble, 0, 0),
    ]
    result = extractor.extract(EFFECTIVE, chunks, context={"agreement_date": "2016-06-15"})
    assert result.value == "2016-08-01"


@pytest.mark.parametrize("start", [
    "7. Duration of the Project. The pilot project shall commence on the 3rd of April, 2016, "
    "and shall remain in force until January 31, 2017 unless extended in writing.",
    "Hosting fees are listed in Annex 2.\n\nCOMMENCEMENT DATE FOR HOSTING UNDER THIS SCHEDULE: "
    "APRIL 3, 2016\n\nIN WITNESS WHEREOF, the parties have signed this Schedule.",
    "2. Contract period\n2.1 Contract start: 04/03/2016\n2.2 Contract end: 04/02/2018",
])
def test_the_day_something_starts_is_not_the_day_the_agreement_was_made(extractor, start):
    opening = (
        "PILOT HOSTING AGREEMENT\n\nThis Agreement is entered into by and between Orbit "
        "Devices, Inc. and Vega Labs, Inc."
    )
    chunks = [chunk(start, 3, 2400), chunk(opening, 0, 0, 0.8)]
    assert extractor.extract(AGREEMENT_DATE, chunks).status == "not_found"


@pytest.mark.parametrize("definition", [
    "1.4 EFFECTIVE DATE means 1 March 2019;",
    "Effective Date: March 1, 2019",
])
def test_a_definition_of_the_effective_date_beats_the_signing_date(extractor, definition):
    preamble = (
        "This Services Agreement is dated as of 12 February 2019 between Acme Widgets, Inc. and "
        "Beta Kitchens LLC."
    )
    chunks = [chunk(preamble, 0, 0, 0.9), chunk(definition, 2, 1800, 0.8)]
    assert extractor.extract(EFFECTIVE, chunks).value == "2019-03-01"


def _effective_signed_2021_09_14(extractor, chunks):
    """The effective date read from ``chunks`` when the agreement date is 2021-09-14."""
    return extractor.extract(EFFECTIVE, chunks, context={"agreement_date": "2021-09-14"})


@pytest.mark.parametrize("clause", [
    "9. Term. This Agreement comes into force upon its signature by all of the Parties.",
    "2.3 Services start on the later of the dates the parties executed this Agreement (the "
    "\u201cEffective Date\u201d).",
    # a period after the start is no day after the signing
    "9. Term. This Agreement comes into force upon its signature by all of the Parties and "
    "ends five (5) years after that.",    # "entered into as of" the last signature
    "This Pact (\"Agreement\") is entered into as of the last date of signature below between "
    "Harlow Foods Ltd. and Penrose Trading LLC.",
])
def test_an_agreement_effective_when_last_signed_takes_the_signing_date(extractor, clause):
    _assert_takes_the_agreement_date(extractor, clause)


def _assert_takes_the_agreement_date(extractor, clause):
    """The clause makes the effective date the agreement (signing) date: found with it, and
    not found when no agreement date is known."""
    chunks = [chunk(clause, 4, 2600, 0.9, section=("Term",))]
    result = _effective_signed_2021_09_14(extractor, chunks)
    assert result.status == "found" and result.value == "2021-09-14"
    assert extractor.extract(EFFECTIVE, chunks).status == "not_found"  # no agreement date known


@pytest.mark.parametrize("clause", [
    # the signing is the first word after "upon" / "when"
    "12. Effectiveness. This Agreement takes effect upon signature by both Parties.",
    "This Contract takes effect upon the signatures and seals of both parties in duplicate.",
    "7.1 This Agreement shall become effective upon execution by both Parties.",
    "This Amendment becomes effective when signed by all of the parties.",
    "This Contract comes into effect upon completion of the execution of it by both Parties, which "
    "day is the \u201cEffective Date\u201d.",
])
def test_an_agreement_effective_upon_signature_by_both_takes_the_signing_date(extractor, clause):
    _assert_takes_the_agreement_date(extractor, clause)


@pytest.mark.parametrize("clause", [
    # the date it is made: CUAD leaves it unlabelled
    "9. Term. This Lease shall become effective on the date of its execution and run for "
    "four (4) years.",
    # how it is executed, not when it takes effect
    "This Lease may be signed in counterparts and shall become effective when counterparts "
    "have been signed by both parties.",
    # a day after the signatures
    "This Lease shall become effective on the first day after the date both parties have "
    "signed it.",
    "This Lease shall come into force upon its execution by the Landlord.",
])
def test_no_signing_date_where_no_last_signature_is_meant(extractor, clause):
    chunks = [chunk(clause, 4, 2600, 0.9, section=("Term",))]
    result = _effective_signed_2021_09_14(extractor, chunks)
    assert result.status == "not_found"


@pytest.mark.parametrize("clause", [
    "6. Duration. Its Term will commence on the date of this Agreement and, if not ended "
    "sooner, shall run to June 30, 2024.",
    "4. This lease shall be for a term of two years commencing on the date first above "
    "written; thereafter it continues month to month.",
    "3.1 The first term of this Agreement shall be for 5 years (the \u201cFirst Term\u201d) "
    "commencing on the date first set forth above.",
    "(b) Effective Date means the date of this Agreement.",
    # the English forms that point at the preamble's date without "first"
    "2.1 This Agreement shall come into force on the date above written (the \u201cStart "
    "Date\u201d) and continue for an initial period of two years.",
    "5. This Contract takes effect on the day and year above-written.",
    "The Term begins on the date set out above and ends on 31 December 2026.",
    "This Agreement shall commence on the date at the head of this Agreement.",
    "\u201cEffective Date\u201d means the date written above.",
    "This Deed shall take effect from the date stated above.",
])
def test_an_agreement_that_starts_on_its_own_date_takes_the_agreement_date(extractor, clause):
    _assert_takes_the_agreement_date(extractor, clause)


@pytest.mark.parametrize("clause", [
    # a period of its own that starts then, not the agreement
    "For the purposes hereof, the Quiet Period shall mean the period commencing on the date "
    "of this Agreement and ending on the annual meeting.",
    # the date it is executed: CUAD leaves it unlabelled
    "This Lease shall commence on the date of execution and run for four (4) years.",
    # a period of its own, or a date stated elsewhere than above
    "The Warranty Period shall commence on the date above written and run for twelve months.",
    "This Agreement shall commence on the date stated in the Order Form.",
])
def test_no_agreement_date_where_something_else_starts_on_it(extractor, clause):
    chunks = [chunk(clause, 4, 2600, 0.9, section=("Term",))]
    result = _effective_signed_2021_09_14(extractor, chunks)
    assert result.status == "not_found"


@pytest.mark.parametrize(("opening", "clause", "day"), [
    ("This Hosting Agreement is made as of June 14, 2017 (the \u201cExecution Date\u201d) by "
     "Orrin Valley Software, Inc. and Hallet Freight Lines, LLC.",
     "2. Term. This Agreement commences on the Execution Date and continues until terminated.",
     "2017-06-14"),
    ("THIS JOINT DEVELOPMENT AGREEMENT is made this 21st day of August, 2009 (the \"Agreement "
     "Date\"), by and between Kestrel Polymer Corp. and Imura Coatings Co., Ltd.",
     "ARTICLE 2 - TERM. The term of this Agreement shall take effect on the Agreement Date and "
     "shall expire on the third anniversary thereof.", "2009-08-21"),
    ("This Office Cleaning Agreement is dated as of April 22, 2014 and made by Brightway "
     "Janitorial, LLC and Corvane Insurance Agency, Inc. Contractor will begin cleaning the "
     "Premises on May 5, 2014 (the \"Start Date\").",
     "2. Term. The initial term of this Agreement runs from the Start Date and ends two years "
     "later.", "2014-05-05"),
])
def test_an_agreement_starting_on_a_named_date_takes_the_day_the_name_defines(
    extractor, opening, clause, day
):
    chunks = [chunk(opening, 0, 0), chunk(clause, 4, 2600, 0.9, section=("Term",))]
    result = extractor.extract(EFFECTIVE, chunks)
    assert result.status == "found" and result.value == day


def test_something_else_starting_on_a_named_date_is_no_effective_date(extractor):
    opening = (
        "This Co-Marketing Agreement is dated as of July 7, 2018 between Tallgrass Outdoor Gear, "
        "Inc. and Pinehook Media LLC. Pinehook shall launch the Campaign on September 1, 2018 "
        "(the \"Launch Date\")."
    )
    clause = "4. Fees. Payments of the monthly fee begin on the Launch Date."
    chunks = [chunk(opening, 0, 0), chunk(clause, 4, 2600, 0.9, section=("Fees",))]
    assert extractor.extract(EFFECTIVE, chunks).value != "2018-09-01"


def test_a_confidentiality_agreement_starting_on_a_partial_date_withholds_it(extractor):
    clause = (
        "MUTUAL NON-DISCLOSURE AGREEMENT\n\n10. This Agreement shall become effective as of "
        "the date first written above and ends two years later."
    )
    chunks = [chunk(clause, 4, 2600, 0.9, section=("Term",))]
    assert extractor.extract(EFFECTIVE, chunks, context={"agreement_date": "2021-09"}).status \
        == "not_found"
    assert extractor.extract(EFFECTIVE, chunks, context={"agreement_date": "2021-09-14"}).value \
        == "2021-09-14"


def test_a_date_defined_as_another_date_is_not_the_effective_date(extractor):
    text = (
        "Your consulting engagement ends effective October 2, 2015 (the \u201cDeparture "
        "Date\u201d). This Agreement is effective as of November 16, 2015."
    )
    result = extractor.extract(EFFECTIVE, [chunk(text, 3, 400)])
    assert result.value == "2015-11-16"
    assert {c["value"]: c["kind"] for c in result.candidates}["2015-10-02"] == "other"


@pytest.mark.parametrize("name", ["Restatement Date", "Transition Date", "Closing Date"])
def test_the_date_this_agreement_is_effective_on_keeps_its_role_under_another_name(
    extractor, name
):
    text = (
        "This Amended and Restated Supply Agreement is entered into on May 3, 2019 and is "
        f"effective as of June 1, 2019 (the \u201c{name}\u201d), by and between Orbit Labs, Inc. "
        "and Vega Foods LLC."
    )
    result = extractor.extract(EFFECTIVE, [chunk(text, 0, 0)])
    assert result.value == "2019-06-01", result.candidates[:2]


@pytest.mark.parametrize(
    "reference",
    [
        "a distribution agreement dated August 7, 2017",
        "the Technology Transfer Agreement entered into as of August 7, 2017",
        "an Agreement and Plan of Merger, dated August 7, 2017 (the \u201cMerger Agreement\u201d),",
    ],
)
def test_the_date_of_another_document_is_not_this_agreements_date(extractor, reference):
    recital = (
        f"RECITALS\n\nWHEREAS, Orbit has signed {reference} with Vega Labs, Inc. covering "
        "its sensor modules;"
    )
    preamble = (
        "This Research Agreement (the \u201cAgreement\u201d) dated as of January 15, 2021 is "
        "entered into by and between Orbit Devices, Inc. and Vega Labs, Inc."
    )
    chunks = [chunk(recital, 1, 600), chunk(preamble, 0, 0, 0.6)]  # the recital ranks first
    result = extractor.extract(AGREEMENT_DATE, chunks)
    assert result.value == "2021-01-15"
    assert {c["value"]: c["kind"] for c in result.candidates}["2017-08-07"] == "other"


@pytest.mark.parametrize(
    "made",
    [
        "is made and entered into on this 18th day of June, 2013 (the \u201cAmendment Date\u201d)",
        "is dated June 18, 2013 (the \u201cAmendment Date\u201d)",
        "is executed on 18 June 2013 (the \u201cAmendment\nDate\u201d)",
        "is signed on June 18, 2013 (the \u201cContract Date\u201d)",
    ],
)
def test_the_day_an_amendment_is_made_is_its_date_not_its_effective_date(extractor, made):
    opening = (
        f"FIRST AMENDMENT TO SUPPLY AGREEMENT\n\nThis First Amendment {made} by and between "
        "Corvane Tools Inc. and Bell Harbor Supply LLC. The new prices apply as of July 1, "
        "2013 (the \u201cAmendment Effective Date\u201d)."
    )
    chunks = [chunk(opening, 0, 0)]
    assert extractor.extract(AGREEMENT_DATE, chunks).value == "2013-06-18"
    assert extractor.extract(EFFECTIVE, chunks).value == "2013-07-01"


@pytest.mark.parametrize(
    "named",
    [
        "This Amendment is made as of June 30, 2017 (the \u201cAmendment Date\u201d)",
        "This Amendment No. 3 is dated as of June 30, 2017 (this \u201cAmendment\u201d)",
        "This Second Addendum is entered into on June 30, 2017 (the \u201cAddendum\u201d)",
        "This Addendum is dated June 30, 2017 (the \u201cAddendum Date\u201d)",
    ],
)
def test_a_date_named_after_the_amendment_is_no_end_date(named):
    # "Amendment" and "Addendum" contain "end": the end-date test must match a word
    text = f"{named} and is made between Quorra Software GmbH and Tallis Retail Corp."
    assert _date_kind(text) != "expire"


@pytest.mark.parametrize(
    "answered",
    [
        "In response to your letter dated February 27, 2015, we set out the terms below.",
        "The Company's proposal letter to us dated February 27, 2015 is not affected hereby.",
        "Reference is made to our letter to you dated February 27, 2015 on a possible sale.",
        "Further to our letter of February 27, 2015, this letter agreement sets out our terms.",
        "This confirms your letter of intent dated February 27, 2015 and supersedes it.",
        "I sign it in consideration of the equity award in my offer letter dated February 27, "
        "2015.",
        "As the Purchaser's offer letter to the Board dated February 27, 2015 contemplates, "
        "the Company will furnish information.",
    ],
)
def test_the_date_of_a_letter_this_letter_answers_is_not_its_date(extractor, answered):
    letter = f"March 20, 2015\n\nDear Ms. Ortega:\n\n{answered} You agree to keep it secret."
    result = extractor.extract(AGREEMENT_DATE, [chunk(letter, 0, 0)])
    assert result.value == "2015-03-20"
    assert {c["value"]: c["kind"] for c in result.candidates}["2015-02-27"] == "other"


@pytest.mark.parametrize(
    "opening",
    [
        "AMENDMENT NO. 2\n\nHalden Optics, Inc. and Marrow Freight LLC, having entered into a "
        "Carriage Agreement with an Effective Date of May 4, 2009, now agree to amend it as "
        "follows. This Amendment shall be effective when signed by both parties.",
        "UNDERWRITING TERMS\n\nThe shares of Halden Optics, Inc. are sold to investors pursuant "
        "to a Subscription Agreement dated as of May 4, 2009, and the parties agree that these "
        "terms become effective at the closing.",
    ],
)
def test_another_documents_date_in_the_opening_earns_no_lead(extractor, opening):
    result = extractor.extract(EFFECTIVE, [chunk(opening, 0, 0)])
    (referenced,) = [c for c in result.candidates if c["value"] == "2009-05-04"]
    assert referenced["kind"] == "other"
    assert "lead" not in referenced["features"]
    assert result.value is None


def test_renewal_that_continues_until_terminated_is_perpetual(extractor):
    text = (
        "The Agreement runs for an initial term of two (2) years and thereafter until "
        "terminated by either party on six (6) months' written notice."
    )
    result = extractor.extract(RENEWAL, [chunk(text, 9, 7000)])
    assert (result.value, result.raw) == (
        "perpetual",
        "thereafter until terminated",
    )


@pytest.mark.parametrize("proviso", [
    "provided Tenant is not then in default beyond any applicable cure period",
    "so long as Tenant is not in default beyond the applicable notice and cure periods",
    "if no Event of Default is continuing beyond any cure period",
])
def test_an_option_to_extend_on_a_proviso_of_no_default_is_a_renewal(extractor, proviso):
    text = (
        "6. OPTION TO EXTEND. Tenant shall have one option to extend the Term for a single period "
        "of five (5) years (the \u201cExtension Term\u201d) at the then fair market rent, "
        f"exercisable by notice to Landlord nine (9) months before the Expiration Date, {proviso}."
    )
    assert extractor.extract(RENEWAL, [chunk(text, 9, 7000)]).value == "P5Y"


@pytest.mark.parametrize("text", [
    "This Agreement shall renew for successive two (2) year terms unless either party delivers "
    "written notice of its election not to renew no later than sixty (60) days before expiry.",
    "Tenant may extend the Term for one period of two (2) years by notice delivered to Landlord "
    "not less than six (6) months before the Expiration Date.",
    "The term shall be extended for additional two (2) year periods unless a party gives notice, "
    "delivered by certified mail, at least thirty (30) days before the end of the term.",
    "Thereafter the term shall be extended automatically for successive periods of two (2) years "
    "each, unless either party delivers to the other written notice of non-renewal.",
])
def test_a_notice_delivered_is_no_delivery_period(extractor, text):
    assert extractor.extract(RENEWAL, [chunk(text, 9, 7000)]).value == "P2Y"


def test_renewal_for_terms_of_the_same_duration_repeats_the_initial_term(extractor):
    text = (
        "The Initial Term of this Agreement is four (4) years from the Effective Date. At the "
        "end of the Initial Term the Agreement renews automatically for further terms of the "
        "same duration, unless a party sends a notice of non-renewal."
    )
    result = extractor.extract(RENEWAL, [chunk(text, 9, 7000)])
    assert result.value == "P4Y"
    assert result.candidates[0]["note"] == "same as the initial term (four (4) years)"


def test_termination_notice_without_renewal_is_not_a_renewal_notice(extractor):
    text = (
        "8.3 Termination for Convenience. Either party may end this Agreement at any time, "
        "during the initial term or any extension of it, by giving sixty (60) days written notice."
    )
    assert extractor.extract(NOTICE, [chunk(text, 12, 9000)]).status == "not_found"


@pytest.mark.parametrize("text", [
    # extending talks or a mediation is not renewing the agreement
    "9.2 Disputes. The executives shall meet and negotiate in good faith, and may extend "
    "those discussions for a further forty-five (45) days by mutual consent.",
    "9.3 Mediation. Either party may extend the mediation once for an additional thirty "
    "(30) days before the dispute is referred to arbitration.",
    # nor is extending a covenant's or a severance plan's period
    "6. Non-Solicitation. The Restricted Period may be extended to twelve months after "
    "your employment ends if the Company keeps paying your salary under Section 7.",
    "4. Severance. The period of salary continuation shall be extended from nine (9) to "
    "fifteen (15) months for the Executive.",
])
def test_periods_of_something_else_extended_are_not_renewal_terms(extractor, text):
    assert extractor.extract(RENEWAL, [chunk(text, 14, 11000)]).status == "not_found"


def test_a_defined_calendar_period_is_not_a_renewal_term(extractor):
    """'"Contract Year" means each successive period of twelve months' measures time; it does
    not renew the agreement, whose own renewal sentence still answers."""
    definition = (
        '1.7 "Contract Year" means each successive period of twelve (12) months, the first '
        "beginning on the Effective Date."
    )
    assert extractor.extract(RENEWAL, [chunk(definition, 3, 2000)]).status == "not_found"
    both = extractor.extract(RENEWAL, [chunk(definition, 3, 2000), chunk(TERM, 5, 4000)])
    assert (both.value, both.raw) == ("P1Y", "one (1) year")


@pytest.mark.parametrize("text", [
    "12.2 Renewal. After the Initial Term this Lease may be renewed for further periods of two "
    "(2) years each upon mutual written agreement of Landlord and Tenant.",
    "By mutual consent of the parties, the Initial Term may be extended by successive terms of "
    "one (1) year.",
])
def test_a_renewal_both_parties_must_agree_to_again_is_no_renewal_term(extractor, text):
    assert extractor.extract(RENEWAL, [chunk(text, 14, 11000)]).status == "not_found"
    automatic = text.replace("upon mutual written agreement of", "unless terminated by").replace(
        "By mutual consent of the parties, the", "The")
    assert extractor.extract(RENEWAL, [chunk(automatic, 14, 11000)]).status == "found"


def test_term_prefers_the_agreements_lifetime_over_a_restriction_period(extractor):
    text = (
        "5. No Hiring. For twenty-four (24) months from the date hereof, neither party will "
        "solicit the staff of the other. 10. Term. This Agreement will remain in full force and "
        "effect for three (3) years from the date hereof."
    )
    result = extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)])
    assert (result.value, result.raw) == ("P3Y", "three (3) years")


def test_term_not_found_when_only_a_restriction_period_is_stated(extractor):
    text = (
        "5. No Hiring. For twenty-four (24) months from the date hereof, neither party will "
        "solicit or hire the staff of the other."
    )
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"


def test_a_survival_period_counted_from_termination_is_not_the_term(extractor):
    text = ("8. Survival. The obligations of this letter shall remain in effect for five (5) "
            "years from the date of termination of the discussions.")
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"
    lifetime = ("7. Duration. This letter shall remain in effect for two (2) years from the date "
                "hereof. " + text)
    result = extractor.extract(TERM_FIELD, [chunk(lifetime, 10, 6000)])
    assert (result.value, result.raw) == ("P2Y", "two (2) years")


@pytest.mark.parametrize("text", [
    "11. Confidentiality. Each party's duties under this Section 11 continue for three (3) years "
    "after this Agreement ends.",
    "The Recipient's obligations of confidence shall survive and continue for four (4) years "
    "after this Agreement expires.",
    "These restrictions remain binding on the Consultant for two (2) years after this Agreement "
    "is terminated.",
    "Each party shall protect the other's Confidential Information for five (5) years after this "
    "Agreement has been terminated or has expired.",
])
def test_a_survival_period_after_this_agreement_ends_is_not_the_term(extractor, text):
    """"N years after this Agreement ends / expires / is terminated": counted from its end."""
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"


@pytest.mark.parametrize("text, term", [
    ("7. Term. The obligations of each Party under this Agreement shall remain in effect for a "
     "period of two (2) years from the date of this Agreement, after which this Agreement shall "
     "be of no further force or effect.", "P2Y"),
    ("This Agreement shall continue for a period of three (3) years from the date hereof, after "
     "which it shall cease to have effect.", "P3Y"),
    ("This Agreement remains in force for a period of two (2) years from the date of this "
     "Agreement, at which time it shall automatically lapse.", "P2Y"),
    ("This Agreement shall be effective for a period of three (3) years from the date hereof, "
     "following which this Agreement shall be of no further effect.", "P3Y"),
])
def test_a_clause_on_what_follows_the_period_leaves_it_the_term(extractor, text, term):
    """"..., after which / at which time / whereupon this Agreement shall ...": how the agreement
    ends when the period does, not a covenant that runs for the period."""
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).value == term


@pytest.mark.parametrize(
    "text",
    [
        "9. Term. This Agreement shall terminate two (2) years after the Advisor ceases to "
        "serve on the Board of the Company.",
        "9. Term. This Agreement will terminate and be of no further effect three (3) years "
        "after the occurrence of a Sale of the Company.",
    ],
)
def test_a_period_counted_from_another_event_is_not_the_term(extractor, text):
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"


def test_a_period_of_days_to_consider_or_revoke_is_not_the_term(extractor):
    """Agreements last months or years: a release's days to consider or revoke it are no term."""
    text = (
        "(vi) the Consultant had a period of twenty-eight (28) days in which to weigh this "
        "Agreement; (vii) for a period of ten (10) days following the date of this Agreement, the "
        "Consultant may revoke this Agreement, and this Agreement shall not become effective "
        "until that period has passed."
    )
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"


@pytest.mark.parametrize("text", [
    "4. Restraint. The Bidder also agrees that for a period of eighteen (18) months from "
    "the date of this letter agreement, neither the Bidder nor its affiliates will make any "
    "offer for the assets of the Target.",
    "2. Secrecy. For a period of four (4) years following the date hereof, the Vendor and each "
    "of its Affiliates shall hold in strict confidence all records of the Business.",
    "5. Use of Data. Subject to Section 6 below, the Recipient agrees, for a period of two (2) "
    "years from the date of this Agreement: (a) to keep all Data confidential and not to "
    "disclose it to any third party and (b) to use the Data only for the Review.",
])
def test_a_period_that_opens_a_covenant_is_not_the_term(extractor, text):
    """"For N years from the date hereof, X shall / neither X will": how long that promise binds."""
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).status == "not_found"


def test_a_period_that_opens_the_agreements_own_lifetime_stays_the_term(extractor):
    text = ("9. Duration. For a period of three (3) years from the date hereof, this Agreement "
            "shall remain in full force and effect.")
    assert extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)]).value == "P3Y"


def test_party_list_from_a_parties_label(extractor):
    text = (
        "NON-COMPETITION AND CONFIDENTIALITY AGREEMENT\n\nPARTIES: Jane Q. Doe "
        "(\u201cEMPLOYEE\u201d) and ACME WIDGETS, INC., its affiliates and subsidiaries."
    )
    result = extractor.extract(PARTIES, [chunk(text, 0, 0)])
    assert result.value == ["Jane Q. Doe", "ACME WIDGETS, INC."]


def test_cut_party_clause_loses_to_a_complete_one(extractor):
    cut = "SPONSORSHIP AGREEMENT\n\nThis Agreement is made by and between NORA BLAKE and"
    full = (
        "The Agreement is between Fairway Outfitters Incorporated, a Delaware corporation "
        "(\u201cFairway\u201d), and Nora Blake (\u201cBlake\u201d)."
    )
    result = extractor.extract(PARTIES, [chunk(cut, 0, 0), chunk(full, 4, 2000, 0.8)])
    assert result.value == ["Fairway Outfitters Incorporated", "Nora Blake"]


def test_title_skips_exhibit_labels_and_joins_a_run_on_heading(extractor):
    text = "EXHIBIT 10.7\n\nSECOND AMENDMENT TO\nRESELLER AGREEMENT\n\nThis Second Amendment"
    result = extractor.extract(TITLE, [chunk(text, 0, 0)])
    assert result.value == "SECOND AMENDMENT TO RESELLER AGREEMENT"
    assert text[result.start : result.end] == "SECOND AMENDMENT TO\nRESELLER AGREEMENT"


def test_confidence_is_monotone_and_one_half_at_the_threshold():
    assert confidence(0.5, 0.5) == 0.5
    values = [confidence(x / 10, 0.5) for x in range(-5, 20)]
    assert values == sorted(values)
    assert all(0 < v < 1 for v in values)


def test_expiration_needs_the_effective_date(extractor):
    assert extractor.needs(EXPIRATION) == ("effective_date", "agreement_date")
    assert extractor.needs(GOVERNING_LAW) == ()


def test_the_rule_comes_from_the_yaml_not_the_field_name():
    assert rule_for(field("term", "duration", ["term"])) == FieldRule()  # no name lookup
    assert rule_for(field("lifetime", "duration", extraction=TERM_FIELD.extraction)) == rule_for(
        TERM_FIELD
    )
    assert rule_for(field("title", "text")) == TYPE_DEFAULTS[ValueType.text]


def test_every_rule_setting_can_be_written_in_yaml():
    from dataclasses import fields

    from intelligent_extraction.models import ExtractionRules

    assert {f.name for f in fields(FieldRule)} <= set(ExtractionRules.model_fields)


def test_yaml_keys_replace_the_type_default_and_keep_the_rest():
    rule = rule_for(field("signatories", "party_list", extraction={"min_score": 0.9}))
    assert rule.min_score == 0.9
    assert (rule.mode, rule.early) == ("parties", TYPE_DEFAULTS[ValueType.party_list].early)
    cue = {"pattern": r"(?i)\bwithin\b", "weight": -0.3}
    rule = rule_for(field("grace", "duration", extraction={"sentence_cues": [cue]}))
    assert rule.sentence_cues == ((r"(?i)\bwithin\b", -0.3),)


def test_expiration_reads_the_needed_dates_with_their_own_rules_from_the_registry():
    chunks = [
        chunk("The Term shall end on the fifth (5th) anniversary of the Effective Date.", 6, 5000),
        chunk('This Agreement is effective as of March 18, 2015 (the "Effective Date").', 0, 0),
    ]
    assert RuleExtractor(SHIPPED).extract(EXPIRATION, chunks).value == "2020-03-18"
    # without the registry the needed dates come from context only
    assert RuleExtractor().extract(EXPIRATION, chunks).status == "not_found"
    given = RuleExtractor().extract(EXPIRATION, chunks, context={"effective_date": "2016-01-04"})
    assert given.value == "2021-01-04"


def _parties_of(extractor, opening, signatures):
    """The parties read from an opening chunk and a signature page further on."""
    return extractor.extract(PARTIES, [chunk(opening, 0, 0), chunk(signatures, 9, 9000, 0.5)])


def test_individual_signer_joins_a_one_company_party_list(extractor):
    preamble = (
        "Dear Ms. Quill:\n\nAs a staff member of Orbital Pumps, Inc. (the \u201cCompany\u201d), "
        "you will keep what you learn about the Company confidential."
    )
    signatures = (
        "ORBITAL PUMPS:\nASSOCIATE:\nBY: /s/ Victor Lane\n/s/ Paula Quill\nVictor Lane\n"
        "Paula Quill\nSenior Vice President, Logistics\n"
    )
    result = _parties_of(extractor, preamble, signatures)
    assert result.value == ["Orbital Pumps, Inc.", "Paula Quill"]


def test_the_employee_who_accepts_a_letter_is_the_party_not_its_sender(extractor):
    letter = (
        "May 4, 2015\nDaniel Ortiz\nHollings Foods\n90 Lake Street\nChicago, IL 60601\n"
        "Dear Daniel:\nI am pleased to confirm your promotion and the terms of your employment "
        'with Hollings Foods, Inc. (the "Company").\n1. Your base salary will be $250,000.\n'
    )
    signatures = (
        "Sincerely,\n/s/ Margaret Shaw\nMargaret Shaw\nI accept the above terms and conditions "
        "of my employment:\n/s/ Daniel Ortiz\n5/6/15\nDaniel Ortiz\n"
    )
    result = _parties_of(extractor, letter, signatures)
    assert result.value == ["Hollings Foods, Inc.", "Daniel Ortiz"]


def test_a_signing_officer_is_not_a_party(extractor):
    preamble = (
        "Dear Ms. Quill:\n\nAs a staff member of Orbital Pumps, Inc. (the \u201cCompany\u201d), "
        "you will keep what you learn about the Company confidential."
    )
    signatures = "ORBITAL PUMPS, INC.\n/s/ Victor Lane\nVictor Lane\nChief Financial Officer\n"
    result = _parties_of(extractor, preamble, signatures)
    assert result.value == ["Orbital Pumps, Inc."]


@pytest.mark.parametrize(
    ("signatures", "names"),
    [
        ("NORRSKEN LOGISTIK AB\n\nBy: /s/ Karl Lund\nName: Karl Lund\n\nFJORDLYS SHIPPING AS\n\n"
         "By: /s/ Ola Berg\nName: Ola Berg\n", ["NORRSKEN LOGISTIK AB", "FJORDLYS SHIPPING AS"]),
        ("Vinterbro Medical AB (publ)\n\nBy: /s/ Karl Lund\n\nAnadolu Tekstil A.Ş.\n\n"
         "By: /s/ Ahmet Kaya\n", ["Vinterbro Medical AB (publ)", "Anadolu Tekstil A.Ş."]),
        ("TINDEHEIM ENERGY ASA\n\nBy: /s/ Ola Berg\n\nBosphorus Yazilim Ltd. Şti.\n\n"
         "By: /s/ Ahmet Kaya\n\nPohjola Instruments Oyj\n\nBy: /s/ Mikko Laine\n",
         ["TINDEHEIM ENERGY ASA", "Bosphorus Yazilim Ltd. Şti.", "Pohjola Instruments Oyj"]),
    ],
)
def test_companies_signing_under_a_nordic_or_turkish_legal_form_are_the_parties(
    extractor, signatures, names
):
    opening = "This Supply Agreement is made on May 1, 2020 by the companies that sign below."
    attestation = "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\n"
    assert _parties_of(extractor, opening, attestation + signatures).value == names


def test_clause_needs_its_own_phrase_not_one_generic_keyword(extractor):
    damages = FieldConfig(
        field_name="liquidated_damages", type="clause",
        queries={"exact": ["liquidated damages", "termination fee"]},
        instructions={"task": "A fixed sum owed on breach", "keywords": ["penalty", "fee"]},
    )
    late = "Overdue invoices carry a late payment penalty of 1.5% per month until paid."
    assert extractor.extract(damages, [chunk(late, 7, 100)]).status == "not_found"
    fee = "Customer shall owe Supplier a termination fee of $5,000 if it cancels early."
    result = extractor.extract(damages, [chunk(fee, 5, 100)])
    assert result.status == "found" and result.value == fee


def test_role_headed_signature_column_makes_the_titled_signer_a_party(extractor):
    """Side-by-side blocks arrive column by column (pdf_layout); under "ASSOCIATE:" the
    signer is the counterparty even with a job title under the name."""
    preamble = "As a staff member of Orbital Pumps, Inc. (the \u201cCompany\u201d), you agree."
    signatures = (
        "ORBITAL PUMPS:\n\nBY: /s/ Victor Lane\nVictor Lane\nExecutive Vice President\n\n"
        "ASSOCIATE:\n\n/s/ Paula Quill\nPaula Quill\nDirector, Orbital Service Centers\n"
    )
    result = _parties_of(extractor, preamble, signatures)
    assert result.value == ["Orbital Pumps, Inc.", "Paula Quill"]


@pytest.mark.parametrize(
    "signatures",
    [
        # a labelled signature, the printed name and the date under it
        "/s/ Victor Lane\nBy: Victor Lane\nTitle: President\n\n"
        "Signature of Employee: /s/ Paula Quill\n\nPrint Name of Employee: Paula Quill\n\n"
        "Date: March 4, 2011\n",
        # the employee signs first, then the company's block with its officer
        "AGREED TO AND ACCEPTED\n\nSignature: /s/ Paula Quill\nName: Paula Quill\n\n"
        "Orbital Pumps, Inc.\n\nSignature: /s/ Victor Lane\nName: Victor Lane\n"
        "Title: EVP, Human Resources\n",
        # a role header, a signature line with a seal, an empty name blank
        "THE EMPLOYEE:\n\n/s/ Paula Quill (SEAL)\n\nName:\n\n",
        # "By:" right under the attestation: no company is named over it
        "IN WITNESS WHEREOF, the undersigned has signed this agreement on May 2, 2019.\n\n"
        "By: /s/ Paula Quill\n\nName: Paula Quill\n\nAddress:\n",
    ],
)
def test_an_employee_signature_block_completes_a_one_company_party_list(extractor, signatures):
    preamble = (
        "This agreement is made by Orbital Pumps, Inc. (the \u201cCompany\u201d) with the "
        "employee who signs below."
    )
    result = _parties_of(extractor, preamble, signatures)
    assert result.value == ["Orbital Pumps, Inc.", "Paula Quill"]


@pytest.mark.parametrize(
    ("opening", "signatures"),
    [
        # "the undersigned" with an alias, signed under that alias as a header over "By:"
        (
            "This Agreement is made by and between Lantern Mills, Inc., a Delaware "
            "corporation (hereinafter Lantern), and the undersigned (hereinafter "
            "\u201cSecond Party\u201d).",
            "LANTERN MILLS, INC.\n\nBy: /s/ Oscar Vell\n\nSECOND PARTY\n\n"
            "By: /s/ Marta J. Quince\n",
        ),
        # a person named only on the signature page, printed beside the alias's label
        (
            "This Agreement is made between Lantern Mills, Inc. (\u201cLantern\u201d), and "
            "the individual whose name appears at the end of this agreement as Staff Member "
            "(\u201cStaff Member\u201d).",
            "LANTERN MILLS, INC.\n\nBy:\n\nTitle:\n\nSTAFF MEMBER: Marta J. Quince\n"
            "(Print Name)\n\n(Signature Here)\n\nDate:\n",
        ),
    ],
)
def test_a_party_named_only_as_the_undersigned_is_who_signs_under_its_alias(
    extractor, opening, signatures
):
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Lantern Mills, Inc.", "Marta J. Quince"]


@pytest.mark.parametrize(
    ("alias", "signatures", "company"),
    [
        # the alias heads the block, the company under it signs by its officer
        (
            "Recipient",
            "LANTERN MILLS, INC.\n\nBy: /s/ Oscar Vell\n\nRECIPIENT:\n\n"
            "SUMMIT TRAIL PARTNERS, LP\n\nBy: /s/ Derek Olsen\nName: Derek Olsen\n"
            "Title: Managing Partner\n",
            "SUMMIT TRAIL PARTNERS, LP",
        ),
        (
            "Investor",
            "LANTERN MILLS, INC.\n\nBy: /s/ Oscar Vell\n\nINVESTOR\n"
            "Harbor Light Capital LLC\nBy: /s/ Renata Cole\nIts: Manager\n",
            "Harbor Light Capital LLC",
        ),
    ],
)
def test_a_company_named_only_as_the_undersigned_is_the_company_under_its_alias(
    extractor, alias, signatures, company
):
    opening = (
        "This Agreement is entered into between Lantern Mills, Inc. (the \u201cCompany\u201d) "
        f"and the undersigned (the \u201c{alias}\u201d)."
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Lantern Mills, Inc.", company]


def test_a_column_beside_the_undersigneds_alias_names_nobody_for_it(extractor):
    """Two signature columns run line by line: the officer's name under the company's "By:"
    stands under the alias's header too."""
    opening = (
        "This Agreement is made by and between the undersigned (the \u201cVisiting "
        "Party\u201d) and Lantern Mills, Inc. under the following terms."
    )
    signatures = (
        "LANTERN MILLS, INC.\nTHE VISITING PARTY\nBy:\nBy:\nName : Oscar Vell\nName :\n"
        "Title: President\nTitle:\n"
    )
    assert "Oscar Vell" not in (_parties_of(extractor, opening, signatures).value or [])


@pytest.mark.parametrize(
    ("letter", "addressee"),
    [
        (
            "Harbor Paper LLC\n480 Lindell Avenue\nSt. Louis, MO 63108\nMarch 12, 2018\n"
            "Quill Technologies Inc.\n27 Marietta Way, N.W.\n\nAtlanta, GA 30318\n"
            "Attention: Laura Finch\nDear Ms. Finch:\n\n",
            "Quill Technologies Inc.",
        ),
        ("June 14, 2012\nMartin Okafor, III\n9 Alder Lane\nDear Martin:\n\n",
         "Martin Okafor, III"),
    ],
)
def test_letter_addressee_completes_a_one_party_preamble(extractor, letter, addressee):
    text = letter + "As a condition of receiving information from Orbit Devices, Inc. (the " \
        "\u201cCompany\u201d), you agree to keep it confidential."
    result = extractor.extract(PARTIES, [chunk(text, 0, 0)])
    assert result.value[0] == "Orbit Devices, Inc."
    assert len(result.value) == 2 and result.value[1].startswith(addressee)


def test_a_letter_without_an_inside_address_adds_nobody(extractor):
    text = (
        "Dear Colleague:\n\nAs a staff member of Orbit Devices, Inc. (the \u201cCompany\u201d), "
        "you will keep its information confidential."
    )
    assert extractor.extract(PARTIES, [chunk(text, 0, 0)]).value == ["Orbit Devices, Inc."]


def test_company_signing_under_by_completes_a_one_party_letter(extractor):
    preamble = (
        "Ladies and Gentlemen:\n\nLarch Growth Fund II, L.P. (\u201cyou\u201d) wishes to "
        "review data about the Company and agrees as follows."
    )
    signatures = (
        "KESTREL LABS INC.\n\nBy: /s/ Nadia Moss\nName: Nadia Moss\nTitle: VP\n\n"
        "CONFIRMED AND AGREED TO:\n\nLARCH GROWTH FUND II, L.P.\n\n"
        "By: Larch Fund Managers II, LLC,\nits General Partner"
    )
    result = _parties_of(extractor, preamble, signatures)
    assert result.value == ["Larch Growth Fund II, L.P.", "KESTREL LABS INC."]


@pytest.mark.parametrize(
    "close",
    [
        "Very truly yours,\nHERON MARINE SUPPLY LP d/b/a HERONWORKS\nBy: /s/ Ada Vance\n",
        'Sincerely,\nHeron Marine Supply LP (the "Bidder")\nAccepted and agreed:\n'
        "By: /s/ Ada Vance\n",
    ],
)
def test_the_company_under_a_letters_close_completes_a_one_party_letter(extractor, close):
    # a trade name or an alias on its line, or an acceptance line before its "By:"
    preamble = (
        "Ladies and Gentlemen:\n\nIn connection with a possible purchase of Talon Surgical "
        "Devices, Inc. (the \u201cCompany\u201d), you will share data with us."
    )
    result = _parties_of(extractor, preamble, close)
    assert result.value[0] == "Talon Surgical Devices, Inc."
    assert result.value[1].lower() == "heron marine supply lp"


@pytest.mark.parametrize(
    "accepted",
    [
        "Confirmed and Agreed to as of\nthe date first written above:\n\n"
        "FENWICK ROPE WORKS, INC.\n",
        "ACKNOWLEDGED AND AGREED\nFENWICK ROPE WORKS, INC. By: /s/ Owen Hale\n",
    ],
)
def test_a_letter_agreement_is_between_its_sender_and_the_company_that_accepts(
    extractor, accepted
):
    # the opening names the company for sale and the adviser writing for it; the letter is
    # signed by the adviser under its close and countersigned by the bidder
    opening = (
        "Ladies and Gentlemen:\n\nYou are weighing the purchase of Quartz Mills, Inc. (the "
        "\u201cCompany\u201d), which is advised by Halberd Capital Markets LLC "
        "(\u201cHalberd\u201d), and will receive papers about the Company."
    )
    signatures = (
        "Very truly yours.\n\nHALBERD CAPITAL MARKETS LLC,\nfor and on behalf of Quartz Mills, "
        "Inc.\nBy: /s/ Tess Morrow\nName: Tess Morrow\n\n" + accepted + "By: /s/ Owen Hale\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["HALBERD CAPITAL MARKETS LLC", "FENWICK ROPE WORKS, INC."]
    # a letter states its parties where it is signed: weighed as an opening clause is
    assert result.candidates[0]["features"]["early"] > 0


@pytest.mark.parametrize(
    ("opening", "signatures", "names"),
    [
        (
            "Dear Sirs,\n\nNorthcote Foods Limited (\u201cNorthcote\u201d) proposes to buy "
            "printed film from Kestrel Packaging Ltd (\u201cKestrel\u201d) on these terms.",
            "Yours faithfully,\n\nNORTHCOTE FOODS LIMITED\n\nBy: /s/ Helen Marsh\n\n"
            "Agreed and accepted:\n\nKESTREL PACKAGING LTD\n\nBy: /s/ Owen Price\n",
            ["Northcote Foods Limited", "Kestrel Packaging Ltd"],
        ),
        (
            "Ladies and Gentlemen:\n\nIn connection with the review by Ashgrove Capital "
            "Partners, L.P. (\u201cAshgrove\u201d) of a possible investment in Tidewell "
            "Software, Inc. (the \u201cCompany\u201d), the Company will share information.",
            "Very truly yours,\n\nASHGROVE CAPITAL PARTNERS, L.P.\n\nBy: /s/ Dan Roarke\n\n"
            "Accepted and agreed as of the date first written above:\n\n"
            "TIDEWELL SOFTWARE, INC.\n\nBy: /s/ Irene Castillo\n",
            ["Ashgrove Capital Partners, L.P.", "Tidewell Software, Inc."],
        ),
        (
            # one side from the opening's defined term, the other from its signature block
            "Dear Dr. Hale:\n\nCoraline Therapeutics, Inc. (\u201cCoraline\u201d) is "
            "considering engaging Vireo Analytical Services LLC (\u201cVireo\u201d) to test "
            "samples of its drug product.",
            "CORALINE THERAPEUTICS, INC.\n\nBy: /s/ Nathan Greer\n\n"
            "VIREO ANALYTICAL SERVICES LLC\n\nBy: /s/ Lydia Hale\n",
            ["Coraline Therapeutics, Inc.", "Vireo Analytical Services LLC"],
        ),
        (
            # the definitions follow what each party is ("a Delaware limited partnership")
            "Ladies and Gentlemen:\n\nMarshcote Instruments Ltd., a private limited company "
            "incorporated in England and Wales (the \u201cCompany\u201d), understands that "
            "Ardent Peak Equity Partners, L.P., a Delaware limited partnership (\u201cyou\u201d), "
            "is considering a possible acquisition of an interest in the Company.",
            "Very truly yours,\n\nMARSHCOTE INSTRUMENTS LTD.\n\nBy: /s/ Fiona Whitcombe\n\n"
            "Accepted and agreed:\n\nARDENT PEAK EQUITY PARTNERS, L.P.\n\nBy: /s/ Dorian "
            "Kessel\n",
            ["Marshcote Instruments Ltd.", "Ardent Peak Equity Partners, L.P."],
        ),
        (
            # ... and a definition may open with more than "the" ("together with its
            # subsidiaries, the")
            "Dear Sirs:\n\nIn connection with your consideration of a possible transaction with "
            "Quillmore Holdings, Inc., a Texas corporation (together with its subsidiaries, the "
            "\u201cCompany\u201d), Tessaline Capital LLC, a Massachusetts limited liability "
            "company (the \u201cRecipient\u201d), agrees to treat the information confidentially.",
            "Sincerely,\n\nQUILLMORE HOLDINGS, INC.\n\nBy: /s/ Harlan Voss\n\n"
            "ACCEPTED AND AGREED:\n\nTESSALINE CAPITAL LLC\n\nBy: /s/ Priscilla Amadi\n",
            ["Quillmore Holdings, Inc.", "Tessaline Capital LLC"],
        ),
    ],
)
def test_names_from_signature_blocks_take_the_casing_of_their_definition(
    extractor, opening, signatures, names
):
    # signature blocks set the names in capitals; the opening defines them in their own
    assert _parties_of(extractor, opening, signatures).value == names


@pytest.mark.parametrize(
    ("opening", "signatures", "names"),
    [
        (
            # a letter: the sender defined in the body, the acceptor in the addressee block
            "ORCHARD LANE CIDER, S.L.\nCalle Mayor 9, 20001 San Sebastian\nSpain\n\nMay 3, 2021"
            "\n\nFenwick Larder Inc.\n200 King Street West, Suite 800\nToronto, Ontario M5H 3T4"
            "\n\nDear Sirs:\n\nOrchard Lane Cider, S.L., a Spanish company (the \u201cCompany\u201d), "
            "has asked Harlow Finch LLC to advise it on a possible sale of its business. You "
            "have asked for information about the Company; in return you agree as follows.",
            "Very truly yours,\n\nORCHARD LANE CIDER, S.L.\n\nBy: /s/ Maite Urrutia\n\n"
            "Accepted and agreed as of the date first written above:\n\nFENWICK LARDER INC.\n\n"
            "By: /s/ Paul Deane\n",
            ["Orchard Lane Cider, S.L.", "Fenwick Larder Inc."],
        ),
        (
            # no opening names the parties; the body's sentences name both
            "SERVICES TERMS\n\nThe parties agree as follows.\n\n1. Quarry Lane Foods, Inc. "
            "shall supply catering to Brightwater Events LLC at the venues listed in Schedule 1."
            "\n\n2. Brightwater Events LLC shall pay each invoice within thirty days.",
            "IN WITNESS WHEREOF the parties have signed below.\n\nQUARRY LANE FOODS, INC.\n"
            "By: /s/ Lee Park\n\nBRIGHTWATER EVENTS LLC\nBy: /s/ Ada Morn\n",
            ["Quarry Lane Foods, Inc.", "Brightwater Events LLC"],
        ),
        (
            # a one-party opening completed by the company that signs, named in a sentence
            "Dear Ms. Holt:\n\nThis letter confirms that Tallis Ridge Advisors LLC will advise "
            "Larkspur Devices, Inc. (the \u201cCompany\u201d) on its financing. Tallis Ridge "
            "Advisors LLC will report to the Company's Chief Financial Officer.",
            "LARKSPUR DEVICES, INC.\nBy: /s/ Ruth Holt\n\nTALLIS RIDGE ADVISORS LLC\n"
            "By: /s/ Sam Ives\n",
            ["Larkspur Devices, Inc.", "Tallis Ridge Advisors LLC"],
        ),
    ],
)
def test_names_from_signature_blocks_take_the_body_spelling(
    extractor, opening, signatures, names
):
    # the labelled sets write a party as the body does, not in its signature block's capitals
    assert _parties_of(extractor, opening, signatures).value == names


@pytest.mark.parametrize("close", ["Yours very truly,", "YOURS VERY TRULY,", "Faithfully yours,"])
def test_a_borrower_a_letter_is_given_for_is_no_party_under_any_standard_close(
    extractor, close
):
    """The sender under the close and the acceptor sign; the borrower the opening defines
    before the acceptor does not."""
    opening = (
        "Ladies and Gentlemen:\n\nWesterhall Trust Company, a Quebec trust company (\u201cwe\u201d), "
        "is considering whether to participate in the term loan proposed to be made available to "
        "Fenwick Quarry Holdings Ltd. (the \u201cBorrower\u201d) and arranged by Cobalt Ridge "
        "Capital Markets Inc., an Ontario corporation (the \u201cArranger\u201d)."
    )
    signatures = (
        f"{close}\n\nWESTERHALL TRUST COMPANY\n\nBy: /s/ Helena Marchetti\n\n"
        "Acknowledged and agreed as of the date first written above:\n\n"
        "COBALT RIDGE CAPITAL MARKETS INC.\n\nBy: /s/ Owen Stroud\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Westerhall Trust Company", "Cobalt Ridge Capital Markets Inc."]


def test_a_bank_signs_a_letter_under_its_name_alone(extractor):
    """A bank's name needs no legal form to sign ("HARBOURFRONT DOMINION BANK"), and takes the
    casing of its definition though what it is holds a bracketed word ("(Canada)")."""
    opening = (
        "Ladies and Gentlemen:\n\nKilnsey Landesbank AG, a German public-law bank acting through "
        "its Vancouver branch (\u201cwe\u201d), is considering whether to lend under the facility proposed to be made "
        "available to Cypress Narrows Hydro Ltd. (the \u201cBorrower\u201d) and arranged by "
        "Harbourfront Dominion Bank, a Schedule I bank under the Bank Act (Canada) (the "
        "\u201cArranger\u201d)."
    )
    signatures = (
        "Yours very truly,\n\nKILNSEY LANDESBANK AG, VANCOUVER BRANCH\n\nBy: /s/ Ute Brandt\n\n"
        "Acknowledged and agreed:\n\nHARBOURFRONT DOMINION BANK\n\nBy: /s/ Owen Stroud\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Kilnsey Landesbank AG", "Harbourfront Dominion Bank"]


@pytest.mark.parametrize("heading", [
    "Acknowledged and agreed as of the date first written above:", "CONFIRMED AND AGREED:",
])
def test_an_acceptance_run_onto_the_line_above_still_names_the_acceptor(extractor, heading):
    """A PDF's text may run the acceptance heading onto the sender's title line."""
    opening = (
        "Ladies and Gentlemen:\n\nIn connection with your evaluation of a possible acquisition "
        "of Saltmarsh Boatworks, Inc. (the \u201cCompany\u201d), Tidewater Capital Advisors LLC, a "
        "Virginia limited liability company (\u201cwe\u201d), will furnish to Granite Spur "
        "Holdings, Inc., a Colorado corporation (\u201cyou\u201d), information about the Company."
    )
    signatures = (
        "Sincerely,\n\nTIDEWATER CAPITAL ADVISORS LLC\n\nBy: /s/ Helena Marchetti\n\n"
        f"Name: Helena Marchetti Title: Managing Director {heading}\n\n"
        "GRANITE SPUR HOLDINGS, INC.\n\nBy: /s/ Owen Stroud\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Tidewater Capital Advisors LLC", "Granite Spur Holdings, Inc."]


def test_a_letter_whose_text_defines_one_signatory_keeps_the_signed_casing(extractor):
    # one list, one casing: the acceptor is named only where it signs
    opening = (
        "Ladies and Gentlemen:\n\nYou have told Ridgeway Optics, Inc. (the \u201cCompany\u201d) "
        "that you wish to review its plans; the Company will share them on these terms."
    )
    signatures = (
        "Very truly yours,\n\nRIDGEWAY OPTICS, INC.\n\nBy: /s/ Ann Lowe\n\n"
        "Accepted and agreed:\n\nMARLOW FIELD CAPITAL LLC\n\nBy: /s/ Tom Grey\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["RIDGEWAY OPTICS, INC.", "MARLOW FIELD CAPITAL LLC"]


def test_a_contract_that_ends_with_a_side_letter_keeps_its_between_clause(extractor):
    opening = (
        "This Supply Agreement is made by and between Quartz Mills, Inc., a Delaware "
        "corporation (\u201cQuartz\u201d), and Fenwick Rope Works, Inc. (\u201cFenwick\u201d)."
    )
    side_letter = (
        "Sincerely,\nHALBERD CAPITAL MARKETS LLC\nBy: /s/ Tess Morrow\n\n"
        "Accepted and agreed:\nQUARTZ MILLS, INC.\nBy: /s/ Owen Hale\n"
    )
    result = _parties_of(extractor, opening, side_letter)
    assert result.value == ["Quartz Mills, Inc.", "Fenwick Rope Works, Inc."]


def test_a_letter_signed_in_side_by_side_columns_keeps_its_opening(extractor):
    opening = (
        "Ladies and Gentlemen:\n\nQuartz Mills, Inc. (the \u201cCompany\u201d) and Halberd "
        "Capital Markets LLC (\u201cHalberd\u201d) confirm their agreement as follows."
    )
    signatures = (
        "Very truly yours,\nQUARTZ MILLS, INC.        HALBERD SAVINGS AND LOAN\n"
        "By: /s/ Tess Morrow\n\nAccepted:\nFENWICK ROPE WORKS, INC.\nBy: /s/ Owen Hale\n"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Quartz Mills, Inc.", "Halberd Capital Markets LLC"]


def test_addressee_and_a_company_with_its_subsidiaries(extractor):
    text = (
        "August 19, 2014\nRiverbend Care Partners LP,\n220 Quarry Road\n"
        "Lowell, MA 01852\n\nLadies and Gentlemen:\n\nAs you consider a possible acquisition of "
        "Talon Surgical Devices, Inc. and/or its subsidiaries (collectively, the "
        "\u201cCompany\u201d), we will share certain information with you."
    )
    result = extractor.extract(PARTIES, [chunk(text, 0, 0)])
    assert result.value == ["Talon Surgical Devices, Inc.", "Riverbend Care Partners LP"]


def test_chunks_a_section_break_separates_merge_with_the_break_restored(extractor):
    first_text = 'BETWEEN:\n\nALPHA COURIER LTD.\n\n("Alpha")\n\nand'
    first = chunk(first_text, 0, 0)
    # the heading detector took the second name for a heading: a new chunk after "\n\n"
    second = chunk('BETA SYSTEMS LTD.\n\n("Beta") WHEREAS Alpha carries parcels;', 1,
                   len(first_text) + 2, 0.5)
    far = chunk("omega", 2, len(first_text) + 200, 0.4)  # farther than a section break
    passages = build_passages([first, second, far])
    assert [p.text for p in passages][0] == first.chunk.text + "\n\n" + second.chunk.text
    assert len(passages) == 2
    result = extractor.extract(PARTIES, [first, second])
    assert result.value == ["ALPHA COURIER LTD.", "BETA SYSTEMS LTD."]


def test_a_title_page_alias_is_read_as_the_name_the_preamble_gives_it(extractor):
    title = "Supply Agreement\nBetween\nCorvid Audio, Inc.\n\nAnd\n\nKPC"
    preamble = (
        "This Supply Agreement is entered into between Corvid Audio, Inc., a Delaware "
        "corporation (\u201cCorvid\u201d), and Kaohsiung Precision Components Corporation, "
        "having its head office at 12 Harbor Road, Kaohsiung (\u201cKPC\u201d)."
    )
    result = extractor.extract(PARTIES, [chunk(title, 0, 0), chunk(preamble, 2, 900, 0.4)])
    assert result.value == ["Corvid Audio, Inc.", "Kaohsiung Precision Components Corporation"]


# --------------------------------------------------------------------------- conventions

SIGNED_ONLY = (
    'This Consulting Agreement (the "Agreement") is dated as of March 3, 2011 by and between '
    "Northwind Traders Ltd. and Tallgrass Analytics LLC."
)
STATED = (
    'This Consulting Agreement is entered into on March 3, 2011 and is effective as of April 1, '
    '2011 (the "Effective Date").'
)


def _with_fallback(config: FieldConfig, fallback: bool | str) -> FieldConfig:
    return config.model_copy(update={
        "extraction": config.extraction.model_copy(update={"signing_date_fallback": fallback})
    })


@pytest.mark.parametrize("fallback, expected", [(True, "2011-03-03"), (False, None)])
def test_signing_date_fallback_decides_whether_a_signing_date_answers(fallback, expected):
    extractor = RuleExtractor(SHIPPED, learned=False)
    result = extractor.extract(_with_fallback(EFFECTIVE, fallback), [chunk(SIGNED_ONLY, 0, 0)])
    assert result.value == expected
    assert result.status == ("found" if expected else "not_found")


@pytest.mark.parametrize("fallback", [True, False])
def test_a_stated_effective_date_answers_under_either_convention(fallback):
    extractor = RuleExtractor(SHIPPED, learned=False)
    result = extractor.extract(_with_fallback(EFFECTIVE, fallback), [chunk(STATED, 0, 0)])
    assert result.status == "found" and result.value == "2011-04-01"


@pytest.mark.parametrize("opening, expected", [
    # speaks of its effective date elsewhere: the signing date is the effective date
    (SIGNED_ONLY + " This Agreement becomes effective upon signature.", "2011-03-03"),
    # ... or says when it takes effect in other words
    (SIGNED_ONLY + " This Agreement shall enter into force on the date of its execution.",
     "2011-03-03"),
    (SIGNED_ONLY + " The present Agreement comes into effect upon its signature.", "2011-03-03"),
    (SIGNED_ONLY + " This Agreement takes effect on the date on which it is signed.",
     "2011-03-03"),
    # ... but a day it enters into force on is stated: no call for the signing date
    (SIGNED_ONLY + " This Agreement shall come into force on May 1, 2011.", "2011-05-01"),
    (SIGNED_ONLY + " This Agreement takes effect on 1 May 2011 for an indefinite period.",
     "2011-05-01"),
    # a confidentiality agreement: so is its signing date, whatever the wording
    ("MUTUAL NON-DISCLOSURE AGREEMENT\n\n" + SIGNED_ONLY, "2011-03-03"),
    ("Employee Confidential Information and Invention Assignment Agreement\n\n" + SIGNED_ONLY,
     "2011-03-03"),
    # ... an employee's proprietary information or invention assignment agreement is one too
    ("PROPRIETARY INFORMATION AND INVENTIONS AGREEMENT\n\n" + SIGNED_ONLY, "2011-03-03"),
    ("Employee Proprietary Information and Inventions Assignment Agreement\n\n" + SIGNED_ONLY,
     "2011-03-03"),
    ("EMPLOYEE INVENTION ASSIGNMENT AGREEMENT\n\n" + SIGNED_ONLY, "2011-03-03"),
    # ... and so is a confidentiality undertaking or letter, its date the letter's
    ("NON-DISCLOSURE UNDERTAKING\n\nThis undertaking is given on March 3, 2011 by Northwind "
     "Traders Ltd. to Tallgrass Analytics LLC.", "2011-03-03"),
    ("Ravenscroft Partners LLP\n\n14 May 2011\n\nTo: Eastfold Bank plc\n\nDear Sirs,\n\n"
     "Project Heron - Confidentiality Undertaking\n\nIn consideration of you providing us "
     "with information on Heron Holdings Ltd, we undertake to you as follows.", "2011-05-14"),
    ("May 14, 2011\n\nGreyfriars Capital LLC\n\nRe: Confidentiality Letter\n\nLadies and "
     "Gentlemen: As a condition to receiving information on Penwith Foods Inc., you agree to "
     "the terms of this letter.", "2011-05-14"),
    # neither: a commercial contract that never names an effective date has none to label
    (SIGNED_ONLY, None),
    # a confidentiality clause is no confidentiality agreement
    (SIGNED_ONLY + " The confidentiality obligations under this Agreement survive.", None),
    # a securities registration's effectiveness is the offering's, not the agreement's
    (SIGNED_ONLY + " Tallgrass will file its report once the Registration Statement is "
     "declared effective by the Commission.", None),
    (SIGNED_ONLY + " Northwind will notify Tallgrass when its registration statement becomes "
     "effective and at each post-effective amendment.", None),
    (SIGNED_ONLY + " Fees accrue from the effective date of the Registration Statement.", None),
    # ... while the agreement's own effectiveness still counts
    (SIGNED_ONLY + " This Agreement is effective once the Registration Statement is filed.",
     "2011-03-03"),
])
def test_the_shipped_convention_answers_with_the_signing_date_when_the_contract_calls_for_it(
    opening, expected
):
    extractor = RuleExtractor(SHIPPED, learned=False)
    result = extractor.extract(EFFECTIVE, [chunk(opening, 0, 0)])
    assert result.value == expected


@pytest.mark.parametrize("verb", [
    "shall enter into force on", "will come into force on", "shall take effect on",
    "shall come into effect on",
])
def test_a_day_the_agreement_enters_into_force_on_has_the_takes_effect_cue(verb):
    """Where the signing date answers too ("enter into force" speaks of when it takes effect),
    the day the agreement says it enters into force on has the same sentence cue as the day it
    "shall become effective on", so the preamble's date does not outweigh it."""
    extractor = RuleExtractor(SHIPPED, learned=False)
    term = f"2. Term. This Agreement {verb} 1 July 2011 and runs for two years."
    result = extractor.extract(EFFECTIVE, [chunk(SIGNED_ONLY, 0, 0), chunk(term, 3, 2000, 0.6)])
    stated = next(c for c in result.candidates if c["value"] == "2011-07-01")
    assert stated["features"]["sentence"] == 0.2


def test_a_fallback_pattern_is_searched_in_every_passage_read():
    extractor = RuleExtractor(SHIPPED, learned=False)
    config = _with_fallback(EFFECTIVE, r"(?i)\bcommencement\b")
    later = "The Commencement of services is described in Schedule B."
    without = extractor.extract(config, [chunk(SIGNED_ONLY, 0, 0)])
    with_later = extractor.extract(config, [chunk(SIGNED_ONLY, 0, 0), chunk(later, 5, 4000, 0.5)])
    assert without.status == "not_found"
    assert with_later.value == "2011-03-03"


def test_a_convention_may_be_a_list_of_patterns_any_of_which_applies_it():
    extractor = RuleExtractor(SHIPPED, learned=False)
    config = _with_fallback(EFFECTIVE, [r"(?i)\bcommencement\b", r"\bSECRECY\b"])
    assert extractor.extract(config, [chunk(SIGNED_ONLY, 0, 0)]).status == "not_found"
    for opening in ("SECRECY AGREEMENT\n\n", "Commencement is on signature. "):
        assert extractor.extract(config, [chunk(opening + SIGNED_ONLY, 0, 0)]).value == "2011-03-03"


BLANK_DAY = (
    'This Consulting Agreement (the "Agreement") is made as of ____________, 2011 by and '
    "between Northwind Traders Ltd. and Tallgrass Analytics LLC."
)


def _withholding(config: FieldConfig, withhold: bool | str | list[str]) -> FieldConfig:
    return config.model_copy(update={
        "extraction": config.extraction.model_copy(update={"withhold_partial_dates": withhold})
    })


@pytest.mark.parametrize("withhold, opening, expected", [
    (False, BLANK_DAY, "2011"),
    (True, BLANK_DAY, None),
    # a regex withholds the partial date only where a passage read matches it
    ([r"\bSECRECY\b"], BLANK_DAY, "2011"),
    ([r"\bSECRECY\b"], "SECRECY AGREEMENT\n\n" + BLANK_DAY, None),
    # a whole date is never withheld
    (True, SIGNED_ONLY, "2011-03-03"),
])
def test_withhold_partial_dates_decides_whether_a_date_missing_its_day_answers(
    withhold, opening, expected
):
    extractor = RuleExtractor(SHIPPED, learned=False)
    config = _with_fallback(_withholding(EFFECTIVE, withhold), True)
    assert extractor.extract(config, [chunk(opening, 0, 0)]).value == expected


@pytest.mark.parametrize("title, expected", [
    # the shipped convention: a confidentiality agreement's gold dates are whole
    ("MUTUAL NONDISCLOSURE AGREEMENT\n\n", None),
    ("MASTER SUPPLY AGREEMENT\n\n", "2011"),
])
def test_the_shipped_effective_date_withholds_partial_dates_of_confidentiality_agreements(
    title, expected
):
    extractor = RuleExtractor(SHIPPED, learned=False)
    opening = title + BLANK_DAY + " This Agreement is effective upon signature."
    assert extractor.extract(EFFECTIVE, [chunk(opening, 0, 0)]).value == expected


def test_signing_date_fallback_is_only_for_dates():
    with pytest.raises(ValueError, match="signing_date_fallback is a convention for date fields"):
        field("law", "place", ["governed"], extraction={"signing_date_fallback": False})


@pytest.mark.parametrize("opening, title", [
    ("Exhibit 4.2\n\nLicensing Agreement This Agreement is made by and between Northwind Ltd. "
     "and Tallgrass LLC.", "Licensing Agreement"),
    ("EXHIBIT 10.9\n\nMarketing Services Agreement THIS AGREEMENT made this 2nd day of June, "
     "2009, between Northwind Ltd. and Tallgrass LLC.", "Marketing Services Agreement"),
    # an image placeholder before the heading
    ("EXHIBIT 10.4\n\n[NORTHWIND LOGO] RESELLER AGREEMENT This Agreement (the \"Agreement\") "
     "is made between Northwind Ltd. and Tallgrass LLC.", "RESELLER AGREEMENT"),
    # a dash and a name after the heading
    ("Exhibit 4.1\n\nADVISORY AGREEMENT - MARA QUILL CONSULTING LTD.\n\nTHIS AGREEMENT is made "
     "between Northwind Ltd. and Mara Quill Consulting Ltd.", "ADVISORY AGREEMENT"),
    # a trademark sign, commas in a list of services, a numbered amendment
    ("Exhibit 10.2\n\nBRIGHTLINE® REFERRAL AGREEMENT BY AND BETWEEN NORTHWIND LTD.\n\nAND",
     "BRIGHTLINE® REFERRAL AGREEMENT"),
    ("Exhibit 10.6\n\nDesign, Build, and Hosting Agreement {***} WHEREAS Northwind Ltd. builds "
     "websites", "Design, Build, and Hosting Agreement"),
    ("Amendment #2 to the Hosting Agreement This Amendment #2 is made between Northwind Ltd. "
     "and Tallgrass LLC.", "Amendment #2 to the Hosting Agreement"),
    # mid-line, after a filing's legend or a letterhead
    ("Exhibit 10.8\n\nPortions omitted under Rule 24b-2 Referral Agreement This Agreement is "
     "made between Northwind Ltd. and Tallgrass LLC.", "Referral Agreement"),
    ("04/02/07 12 Harbour Road northwind.example Managed Backup Agreement This is a backup "
     "agreement between Northwind Ltd. and Tallgrass LLC.", "Managed Backup Agreement"),
    # a legend's sentence that ends on the title's line is no part of it
    ("CONFIDENTIAL PARTS WERE REDACTED. FLEET LEASING AGREEMENT\n\nThis Agreement is made "
     "between Northwind Ltd. and Tallgrass LLC.", "FLEET LEASING AGREEMENT"),
    # a line that says "this" is a sentence or a clause heading, the real title follows
    ("HEADINGS USED IN THIS CONTRACT\n\nCANAL DREDGING CONTRACT\n\nThis Contract is made "
     "between Northwind Ltd. and Tallgrass LLC.", "CANAL DREDGING CONTRACT"),
    # a "CONFIDENTIAL" stamp before a heading is dropped; the word that starts one is kept
    ("CONFIDENTIALITY AND NON-SOLICITATION AGREEMENT\n\nThis Agreement is made between "
     "Northwind Ltd. and Mara Quill.", "CONFIDENTIALITY AND NON-SOLICITATION AGREEMENT"),
    ("Confidentiality Agreement\n\nThis Agreement is made between Northwind Ltd. and "
     "Tallgrass LLC.", "Confidentiality Agreement"),
    ("CONFIDENTIAL\n\nSEED STORAGE AGREEMENT\n\nThis Agreement is made between Northwind "
     "Ltd. and Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    ("CONFIDENTIAL INFORMATION AND DESIGN RIGHTS AGREEMENT\n\nAs a designer with Northwind "
     "Ltd., I agree as follows.", "CONFIDENTIAL INFORMATION AND DESIGN RIGHTS AGREEMENT"),
    # a stamp or an image's bare alt text before the heading on its line
    ("STRICTLY CONFIDENTIAL Seed Storage Agreement\n\nThis Agreement is made between "
     "Northwind Ltd. and Tallgrass LLC.", "Seed Storage Agreement"),
    ("LOGO SEED STORAGE AGREEMENT\n\nThis Agreement is made between Northwind Ltd. and "
     "Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    # a heading broken before its "AND" continues the capitalised line above it
    ("Exhibit 10.5\n\nNON-SOLICITATION, NON-DISCLOSURE\n\nAND DESIGN RIGHTS AGREEMENT This "
     "Agreement is made between Northwind Ltd. and Mara Quill.",
     "NON-SOLICITATION, NON-DISCLOSURE AND DESIGN RIGHTS AGREEMENT"),
    # a line that only qualifies the title under it, across a blank line
    ("Exhibit 10.2\n\nTHIRD AMENDED AND RESTATED\n\nSEED STORAGE AND\nHANDLING AGREEMENT\n"
     "by and between Northwind Ltd. and Tallgrass LLC.",
     "THIRD AMENDED AND RESTATED SEED STORAGE AND HANDLING AGREEMENT"),
    ("TERMINATION\n\nOF\n\nSEED STORAGE AGREEMENT\n\nThis Termination is made between "
     "Northwind Ltd. and Tallgrass LLC.", "TERMINATION OF SEED STORAGE AGREEMENT"),
    # a brand's lower-case first letter opens the heading; the company before it is dropped
    ("Exhibit 10.3\n\ne-Harvest Seed Storage Agreement\nbetween\nNorthwind Ltd.\n\nand "
     "Tallgrass LLC", "e-Harvest Seed Storage Agreement"),
    ("Exhibit 10.3\n\nnWIND SYSTEMS CORPORATION SEED STORAGE AGREEMENT\n\n1. Storage. "
     "Northwind Ltd. stores the seed of Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    # a quoted project name after the heading is no part of it
    ("SEED STORAGE AND HANDLING AGREEMENT \"PRAIRIE HARVEST PROGRAM\"\n\nThis Agreement is "
     "made between Northwind Ltd. and Tallgrass LLC.", "SEED STORAGE AND HANDLING AGREEMENT"),
    # the preamble names in full the title its heading cut short
    ("Exhibit 10.4\n\nSECOND AMENDMENT TO PRAIRIE SEED STORAGE AND HANDLING AGREEMENT\n\n"
     "THIS SECOND AMENDMENT TO PRAIRIE SEED STORAGE AND HANDLING AGREEMENT (\"Amendment\") is "
     "made between Northwind Ltd. and Tallgrass LLC.",
     "SECOND AMENDMENT TO PRAIRIE SEED STORAGE AND HANDLING AGREEMENT"),
    ("Exhibit 10.6\n\nSTORAGE AGREEMENT\n\nFOR\nSEED HANDLING SERVICES\n\nTHIS STORAGE "
     "AGREEMENT FOR SEED HANDLING SERVICES (this \"Agreement\") is made between Northwind Ltd. "
     "and Tallgrass LLC.", "STORAGE AGREEMENT FOR SEED HANDLING SERVICES"),
    # a title broken before its last word, the line break kept or a blank line made of it
    ("MASTER SOFTWARE LICENSE\nAGREEMENT\n\nThis Agreement is entered into by and between "
     "Quillon Systems, Inc. and Redfern Bank.", "MASTER SOFTWARE LICENSE AGREEMENT"),
    ("PROFESSIONAL SERVICES\n\nAGREEMENT\n\nThis Agreement is made between Quillon Systems, "
     "Inc. and Redfern Bank.", "PROFESSIONAL SERVICES AGREEMENT"),
    # the lines stacked right on top of it are the same title block; a blank line ends it
    ("Exhibit 10.3\n\nNORTH SEA CABLE SYSTEM 3\nCONSTRUCTION AND MAINTENANCE\nAGREEMENT\n"
     "Aberdeen\nMay 2, 2001\n\nTABLE OF CONTENTS",
     "NORTH SEA CABLE SYSTEM 3 CONSTRUCTION AND MAINTENANCE AGREEMENT"),
    ("NORTHWIND HOLDINGS\n\nSEED STORAGE\nAGREEMENT\n\nThis Agreement is made between "
     "Northwind Ltd. and Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    # ... but a lone "AGREEMENT" under an exhibit label is no title
    ("EXHIBIT 10.1\n\nAGREEMENT\n\nThis Consulting Agreement is made between Quillon "
     "Systems, Inc. and Dana Reyes.", "Consulting Agreement"),
    # ... nor is the preamble's "Agreement" that opens the line under the title
    ("SEED STORAGE AGREEMENT\nAgreement between Northwind Ltd. and Tallgrass LLC, made on "
     "May 1, 2019.", "SEED STORAGE AGREEMENT"),
    # a line that a joiner ends leads into the line below, across blank lines
    ("JOINT DEVELOPMENT\n\nAND\n\nLICENSE AGREEMENT\n\nThis Agreement is made between "
     "Quillon Systems, Inc. and Redfern Corp.", "JOINT DEVELOPMENT AND LICENSE AGREEMENT"),
    # a line that a comma ends leads into the line below; a stamp stacked on a title does not
    ("EXHIBIT 10.1\n\nSEED STORAGE, CLEANING,\nHANDLING AND SHIPPING AGREEMENT\nThis AGREEMENT "
     "is made between Northwind Ltd. and Tallgrass LLC.",
     "SEED STORAGE, CLEANING, HANDLING AND SHIPPING AGREEMENT"),
    ("PRIVILEGED AND CONFIDENTIAL\nSEED STORAGE AGREEMENT\n\nThis Agreement is made between "
     "Northwind Ltd. and Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    # a lone title word's block stops at a page label, an image's alt text or a title of its own
    ("ATTACHMENT D\nSEED STORAGE\nAGREEMENT\n\nThis Agreement is made between Northwind Ltd. "
     "and Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    ("LOGO\nSEED STORAGE\nAGREEMENT\n\nThis Agreement is made between Northwind Ltd. and "
     "Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    ("MASTER SUPPLY AGREEMENT\nSEED STORAGE\nAGREEMENT\n\nThis Seed Storage Agreement is made "
     "between Northwind Ltd. and Tallgrass LLC.", "SEED STORAGE AGREEMENT"),
    # a memorandum of understanding, and a merger's plan, are titles of their own
    ("MEMORANDUM OF UNDERSTANDING\n\nBETWEEN\n\nQUILLON SYSTEMS, INC.\n\nAND\n\nREDFERN "
     "CORP.", "MEMORANDUM OF UNDERSTANDING"),
    ("Exhibit 10.9\n\nMemorandum of Understanding\n\nThis Memorandum of Understanding (the "
     "\"MOU\") is made between Harlow Foods Ltd. and Penrose Trading LLC.",
     "Memorandum of Understanding"),
    # an English deed names its kind in its opening words
    ("THIS DEED OF GUARANTEE is made on 9 June 2016\n\nBETWEEN:\n\n(1) HARLOW FOODS LIMITED; "
     "and\n\n(2) REDFERN BANK PLC.", "DEED OF GUARANTEE"),
    ("AGREEMENT AND PLAN OF MERGER\n\nThis Agreement and Plan of Merger is made between "
     "Quillon Systems, Inc. and Redfern Corp.", "AGREEMENT AND PLAN OF MERGER"),
    # documents whose name ends in no "Agreement": letters of intent, guaranties, notes, deeds
    ("Exhibit 10.3\n\nNON-BINDING LETTER OF INTENT\n\nMay 1, 2019\n\nDear Sirs:\n\nThis letter "
     "sets out the proposal of Harlow Foods Ltd.", "NON-BINDING LETTER OF INTENT"),
    ("EXHIBIT 10.1\n\nCONTINUING GUARANTY\n\nTHIS CONTINUING GUARANTY is made by Harlow Foods "
     "Ltd. in favor of Redfern Bank.", "CONTINUING GUARANTY"),
    ("BILL OF SALE\n\nFOR VALUE RECEIVED, Harlow Foods Ltd. sells to Penrose Trading LLC the "
     "assets listed below.", "BILL OF SALE"),
    ("COMMON STOCK PURCHASE WARRANT\n\nTHIS CERTIFIES THAT Penrose Trading LLC may buy shares "
     "of Harlow Foods Ltd.", "COMMON STOCK PURCHASE WARRANT"),
    ("WARRANT TO PURCHASE SERIES B PREFERRED STOCK\n\nTHIS CERTIFIES THAT Penrose Trading LLC "
     "may buy shares of Harlow Foods Ltd.", "WARRANT TO PURCHASE SERIES B PREFERRED STOCK"),
    ("LANDLORD CONSENT TO SUBLEASE\n\nRedfern Properties LLC consents to the sublease by "
     "Harlow Foods Ltd.", "LANDLORD CONSENT TO SUBLEASE"),
    ("SEPARATION AGREEMENT AND GENERAL RELEASE\n\nThis Agreement is made between Harlow Foods "
     "Ltd. and Dana Reyes.", "SEPARATION AGREEMENT AND GENERAL RELEASE"),
    ("Exhibit 10.1\n\nTERMS AND CONDITIONS OF PURCHASE\n\n1. Acceptance. The seller accepts "
     "these terms.", "TERMS AND CONDITIONS OF PURCHASE"),
    ("DEED OF TRUST\n\nTHIS DEED OF TRUST is made on May 1, 2019 by Harlow Foods Ltd. as "
     "trustor.", "DEED OF TRUST"),
    # a Title Case one, and a document of a series with its number
    ("Letter of Intent\n\nThis Letter of Intent is made on 2 June 2020 between Harlow Foods "
     "Ltd. and Penrose Trading LLC.", "Letter of Intent"),
    ("AMENDMENT NO. 3\n\nThis Amendment No. 3 is made between Harlow Foods Ltd. and Penrose "
     "Trading LLC.", "AMENDMENT NO. 3"),
    # a heading line ending in "TO THE" continues on the line below, blank lines between or not
    ("AMENDMENT NO. 4 TO THE\nSEED STORAGE AGREEMENT\n\nThis Amendment No. 4 is made between "
     "Northwind Ltd. and Tallgrass LLC.", "AMENDMENT NO. 4 TO THE SEED STORAGE AGREEMENT"),
    ("SECOND AMENDMENT TO THE\n\nSEED STORAGE AGREEMENT\n\nThis Second Amendment is made "
     "between Northwind Ltd. and Tallgrass LLC.", "SECOND AMENDMENT TO THE SEED STORAGE AGREEMENT"),
    # a waiver goes with the amendment it is given in
    ("FOURTH AMENDMENT TO LOAN AGREEMENT AND WAIVER\n\nThis Fourth Amendment is made between "
     "Northwind Ltd. and Redfern Bank.", "FOURTH AMENDMENT TO LOAN AGREEMENT AND WAIVER"),
    # a document's name that opens its line and goes on with another
    ("CONSENT AND WAIVER\n\nThis Consent and Waiver is given by Redfern Bank to Harlow Foods "
     "Ltd.", "CONSENT AND WAIVER"),
    ("BILL OF SALE AND ASSIGNMENT\n\nKNOW ALL MEN BY THESE PRESENTS that Harlow Foods Ltd. "
     "conveys to Penrose Trading LLC.", "BILL OF SALE AND ASSIGNMENT"),
    # a one-word heading is a title when the text under it names it again
    ("SUBLEASE\n\nThis Sublease is made as of May 1, 2019 between Harlow Foods Ltd. and "
     "Penrose Trading LLC.", "SUBLEASE"),
    # ... a letterhead over it no part of it
    ("NORTHWIND HOLDINGS LTD.\n\nGUARANTEE\n\nThis Guarantee is given by Northwind Holdings Ltd. "
     "to Tallgrass LLC.", "GUARANTEE"),
    # a letter agreement's subject line names it
    ("March 3, 2018\n\nPenrose Trading LLC\n400 Elm Street\nAustin, Texas\n\nRe: Consulting "
     "Agreement\n\nDear Mr. Penrose:\n\nThis letter sets out the terms on which you will "
     "consult for Harlow Foods Ltd.", "Consulting Agreement"),
    ("May 1, 2019\n\nRedfern Corp.\n\nSubject: Amendment No. 2 to Supply Agreement\n\nLadies "
     "and Gentlemen:\n\nReference is made to the Supply Agreement.",
     "Amendment No. 2 to Supply Agreement"),
    # ... opened by "Re.:" as by "Re:"
    ("June 9, 2016\n\nTallgrass Seed LLC\n\nRe.: Distribution Agreement\n\nGentlemen:\n\n"
     "This letter sets out the terms on which you will distribute our seed.",
     "Distribution Agreement"),
    ("June 9, 2016\n\nTallgrass Seed LLC\n\nRE.: Project Larch - Confidentiality Agreement\n\n"
     "Gentlemen:\n\nYou have asked for information about our seed business.",
     "Confidentiality Agreement"),
    # a title that opens with its title word and says what the agreement is about
    ("AGREEMENT REGARDING CONFIDENTIAL INFORMATION\n\nThis Agreement Regarding Confidential "
     "Information is dated as of March 1, 2004 between Harlow Foods Ltd. and Penrose Trading "
     "LLC.", "AGREEMENT REGARDING CONFIDENTIAL INFORMATION"),
    ("AGREEMENT OF LIMITED PARTNERSHIP\n\nThis Agreement of Limited Partnership is made between "
     "Harlow Foods Ltd. as general partner and the limited partners named below.",
     "AGREEMENT OF LIMITED PARTNERSHIP"),
    ("AGREEMENT FOR CONFIDENTIAL DISCLOSURE\n\nHarlow Foods Ltd. and Penrose Trading LLC agree "
     "as follows.", "AGREEMENT FOR CONFIDENTIAL DISCLOSURE"),
])
def test_a_title_is_read_from_the_text_around_it(opening, title):
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, [chunk(opening, 0, 0)])
    assert result.status == "found" and result.value == title


@pytest.mark.parametrize("text", [
    # a legend in capitals is not a title, nor is a reference to another agreement
    "CONFIDENTIAL TREATMENT REQUESTED IF PUBLICLY DISCLOSED SUPPLY AGREEMENT THIS is a note",
    "The fees are set out in the Supply Agreement This section governs them.",
])
def test_mid_line_text_that_is_no_title_is_not_read_as_one(text):
    assert _midline_spans(text) == []


@pytest.mark.parametrize(("text", "titles"), [
    ("GENERAL TERMS AND CONDITIONS\n\n1. Scope of the services", ["GENERAL TERMS AND CONDITIONS"]),
    ("STANDARD TERMS OF SALE\n\n1. Orders", ["STANDARD TERMS OF SALE"]),
    # a clause heading, not the document's name
    ("4. PAYMENT\n\nPAYMENT TERMS\n\nFees are due within thirty days.", []),
])
def test_terms_name_a_document_only_as_terms_and_conditions_or_of_sale(text, titles):
    assert [text[s:e] for s, e in _heading_spans(text)] == titles


@pytest.mark.parametrize("text, title", [
    # a clause heading under the title is no title, whatever document it names
    ("CREDIT AGREEMENT\n\nThis Credit Agreement is made between Harlow Foods Ltd. and Redfern "
     "Bank.\n\nGUARANTY\n\nEach subsidiary guarantees the loans.", "CREDIT AGREEMENT"),
    ("SUPPLY AGREEMENT\n\nThis Supply Agreement is made between Harlow Foods Ltd. and Penrose "
     "Trading LLC.\n\nPURCHASE ORDERS\n\nThe buyer may issue purchase orders.\n\nLIMITED "
     "WARRANTY\n\nThe seller warrants the goods.", "SUPPLY AGREEMENT"),
    # a one-word heading the text under it does not name again is no title
    ("GUARANTY\n\nEach subsidiary of Harlow Foods Ltd. guarantees the loans.", None),
    ("AMENDMENT NO. 1\n\nDated as of May 1, 2019\n\nReference is made to the Seed Storage "
     "Agreement between Northwind Ltd. and Tallgrass LLC (the \"Agreement\").", None),
    # a document's bare name under a sentence heads a clause
    ("The lender has reviewed the request of Harlow Foods Ltd.\n\nCONSENT AND WAIVER\n\nThe "
     "lender consents to the sale.", None),
    ("8. The closing shall take place at noon on May 1, 2019.\n\nCLOSING DELIVERIES\n\nBILL OF "
     "SALE\n\nHarlow Foods Ltd. shall deliver a bill of sale.", None),
    # "AGREEMENT OF" that runs on into a sentence heads no document
    ("AGREEMENT OF THE PARTIES.\n\nThe parties agree to the terms below.", None),
])
def test_a_heading_that_names_no_document_is_not_read_as_its_title(text, title):
    assert title_in_opening(text) == title


def test_a_documents_own_name_alone_on_its_line_takes_no_heading_above_it():
    # "GUARANTY" here heads a clause; joined with the line above it would read as a title
    text = ("CREDIT AGREEMENT\n\nThis Credit Agreement is made between Harlow Foods Ltd. and "
            "Redfern Bank.\n\nREPRESENTATIONS\n\nGUARANTY\n\nEach subsidiary guarantees the loans.")
    assert [text[s:e] for s, e in _heading_spans(text)] == ["CREDIT AGREEMENT"]


@pytest.mark.parametrize(("cover", "preamble", "title"), [
    ("SECOND AMENDED AND RESTATED DISTRIBUTION AGREEMENT\n\nDated as of June 1, 2020",
     'This Second Amended and Restated Distribution Agreement (this "Agreement") is entered '
     "into by Brightwater Pharma, Inc. and Solent Medical Supplies LLC.",
     "SECOND AMENDED AND RESTATED DISTRIBUTION AGREEMENT"),
    # a Title Case heading keeps its casing; so does a preamble naming another title
    ("Master Hosting Agreement",
     'THIS MASTER HOSTING AGREEMENT (the "Agreement") is made by Cirrus Data Inc. and Verdant '
     "Retail LLC.", "MASTER HOSTING AGREEMENT"),
    ("RESELLER AGREEMENT",
     'This Value Added Reseller Agreement (the "Agreement") is made by Pinecrest Systems Inc. '
     "and Orbital IT Ltd.", "Value Added Reseller Agreement"),
])
def test_a_title_in_capitals_on_the_cover_is_answered_in_capitals(cover, preamble, title):
    """The preamble's chunk ranks above the cover's: its Title Case restatement of the cover's
    title in capitals wins on score, and is answered as the cover prints it."""
    chunks = [chunk(preamble, 1, len(cover) + 2), chunk(cover, 0, 0, score=0.5)]
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, chunks)
    assert result.value == title, result.candidates[:2]
    assert [c["value"] for c in result.candidates].count(title) == 1


def test_a_letters_subject_that_dates_an_agreement_refers_to_another_one():
    text = ("May 1, 2019\n\nRedfern Corp.\n\nRe: Supply Agreement dated March 3, 2017\n\n"
            "Ladies and Gentlemen:\n\nThis letter amends the Supply Agreement.")
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, [chunk(text, 0, 0)])
    assert result.status != "found"

@pytest.mark.parametrize(("subject", "title"), [
    ("Re: Project Falcon - Confidentiality Undertaking", "Confidentiality Undertaking"),
    ("Re: Harbourview Terminal Acquisition - Confidentiality Agreement",
     "Confidentiality Agreement"),
    ("Re:  Tamarack Solar Holdings LLC - Proposed Sale of Membership\n      Interests - "
     "Non-Disclosure Undertaking", "Non-Disclosure Undertaking"),
    ("Re: Confidentiality Agreement - Project Osprey", "Confidentiality Agreement"),
])
def test_a_letters_title_is_the_part_of_its_dashed_subject_line_that_names_it(subject, title):
    """A letter with no title line titled by its subject line, a project or the company it
    concerns set off by a dash."""
    text = (f"March 4, 2024\n\nRidgeline Capital Partners LP\n88 Pine Street\n\n{subject}\n\n"
            "Ladies and Gentlemen:\n\nYou have asked for information about Falconer "
            "Instruments Inc.")
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, [chunk(text, 0, 0)])
    assert result.value == title, result.candidates[:2]


@pytest.mark.parametrize("subject", [
    "Re: Amendment No. 2 - Supply Agreement",
    "Subject: Interest Rate Cap Transaction - Ref: 40211876",
])
def test_a_dashed_subject_line_naming_another_document_or_none_gives_no_title(subject):
    text = (f"May 1, 2019\n\nRedfern Corp.\n\n{subject}\n\nLadies and Gentlemen:\n\nThis letter "
            "sets out the terms agreed.")
    result = RuleExtractor(SHIPPED, learned=False).extract(TITLE, [chunk(text, 0, 0)])
    assert result.status != "found", result.value


def test_a_heading_run_into_this_agreement_ends_before_it():
    text = "Bay Survey Services Agreement\n\nThis Agreement by and between Northwind Ltd. and"
    assert [text[s:e] for s, e in _heading_spans(text)] == ["Bay Survey Services Agreement"]


@pytest.mark.parametrize("text, title", [
    ("[LOGO]\n\nTERM SHEET FOR SERIES A PREFERRED STOCK FINANCING\n\nIssuer: Harlow Foods Ltd.",
     "TERM SHEET FOR SERIES A PREFERRED STOCK FINANCING"),
    ("AGREEMENT FOR THE SUPPLY OF LABORATORY EQUIPMENT\n\nTHIS AGREEMENT is made on 2 May 2019 "
     "BETWEEN Harlow Foods Ltd. and Penrose Trading LLC.",
     "AGREEMENT FOR THE SUPPLY OF LABORATORY EQUIPMENT"),
    ("DEED OF LEASE FOR OFFICE PREMISES\n\nThis Deed of Lease is made at Mumbai between Harlow "
     "Foods Ltd. and Penrose Trading LLC.", "DEED OF LEASE FOR OFFICE PREMISES"),
    ("Contract for the Sale of Land\n\nVendor: Harlow Foods Ltd.\nPurchaser: Penrose Trading "
     "LLC", "Contract for the Sale of Land"),
    # a title word and what it is for under a sentence heads a clause
    ("1. The lender shall make the loans on the closing date.\n\nNOTE FOR THE LOANS\n\nThe "
     "loans are evidenced by a note.", None),
])
def test_a_title_goes_on_with_what_it_is_for(text, title):
    assert title_in_opening(text) == title


@pytest.mark.parametrize("text, title", [
    ("CONTINUING\nGUARANTY\n\nThis Continuing Guaranty is made as of May 1, 2019 by Harlow Foods "
     "Ltd. in favor of Redfern Bank.", "CONTINUING GUARANTY"),
    ("INDEPENDENT CONTRACTOR\nSERVICES AGREEMENT\n\nThis Agreement is made between Harlow Foods "
     "Ltd. and Dana Reyes.", "INDEPENDENT CONTRACTOR SERVICES AGREEMENT"),
    ("DEED OF\nGUARANTEE AND INDEMNITY\n\nTHIS DEED is made on 1 June 2020 by Harlow Foods Ltd. "
     "in favour of Penrose Trading LLC.", "DEED OF GUARANTEE AND INDEMNITY"),
    # a stamp over the title is no part of it, and a clause heading under a sentence no title
    ("CONFIDENTIAL\nSUPPLY AGREEMENT\n\nThis Supply Agreement is made between Harlow Foods "
     "Ltd. and Penrose Trading LLC.", "SUPPLY AGREEMENT"),
    ("The parties agree as follows.\n\nREPRESENTATIONS\nGUARANTY\n\nEach subsidiary of Harlow "
     "Foods Ltd. guarantees the loans.", None),
])
def test_a_title_wrapped_over_two_lines_is_one_title(text, title):
    assert title_in_opening(text) == title


@pytest.mark.parametrize("text, title", [
    # a capitalised title followed by a verb is the subject of a sentence, no heading
    ("Penrose Trading LLC shall provide the services on the following terms:\n\nTHE STANDARD "
     "TERMS AND CONDITIONS SHALL APPLY TO EVERY ORDER.\n\n1. Services.", None),
    ("THE LICENSE AGREEMENT WILL BE GOVERNED BY ENGLISH LAW.\n\nSOFTWARE LICENCE AGREEMENT\n\n"
     "This Agreement is made between Harlow Foods Ltd. and Penrose Trading LLC.",
     "SOFTWARE LICENCE AGREEMENT"),
    # a company's name before "AMENDED AND RESTATED" on its line is dropped, the line joined
    ("NORTHWIND HOLDINGS LTD. AMENDED AND RESTATED\n\nSUPPLY AND DISTRIBUTION AGREEMENT\n\n"
     "THIS AMENDED AND RESTATED SUPPLY AND DISTRIBUTION AGREEMENT is made between Harlow Foods "
     "Ltd. and Northwind Holdings Ltd.", "AMENDED AND RESTATED SUPPLY AND DISTRIBUTION AGREEMENT"),
])
def test_a_capitalised_sentence_is_no_title_and_a_restated_title_keeps_its_line(text, title):
    assert title_in_opening(text) == title


#: The rest of an invented preamble, after the title it opens with.
MADE_BETWEEN = (
    '(the "Agreement") is made on June 2, 2021 between Harrowgate Foods Ltd and Millbrook Events LLP.'
)


@pytest.mark.parametrize("text, title", [
    # the PDF text runs a one-word clause heading in between title and preamble
    ("Catering Agreement Parties This Agreement " + MADE_BETWEEN, "Catering Agreement"),
    ("EXHIBIT 10.2\n\nFleet Maintenance Agreement Parties This Agreement " + MADE_BETWEEN,
     "Fleet Maintenance Agreement"),
    ("Sublicense Agreement Background This Agreement " + MADE_BETWEEN, "Sublicense Agreement"),
    ("Distribution Agreement Recitals WHEREAS, Harrowgate Foods Ltd makes sauces;",
     "Distribution Agreement"),
])
def test_a_clause_heading_between_title_and_preamble_ends_the_title(text, title):
    assert title_in_opening(text) == title


@pytest.mark.parametrize("text, title", [
    ("This Confidentiality, Non-Solicitation and Invention Assignment Agreement " + MADE_BETWEEN,
     "Confidentiality, Non-Solicitation and Invention Assignment Agreement"),
    ("This Sales, Marketing and Distribution Agreement " + MADE_BETWEEN,
     "Sales, Marketing and Distribution Agreement"),
])
def test_the_preamble_names_a_title_with_commas(text, title):
    assert title_in_opening(text) == title


def test_a_long_first_title_line_joins_the_last_word_under_it():
    # the PDF text joins a letterhead to the first line of a long title, whose last word
    # wraps to a line of its own
    text = ("BRANDVALE HOLDINGS, INC. EMPLOYEE CONFIDENTIALITY, NON-COMPETITION AND ASSIGNMENT "
            "OF DEVELOPMENTS\n\nAGREEMENT\n\nThis Agreement " + MADE_BETWEEN)
    assert title_in_opening(text) == (
        "EMPLOYEE CONFIDENTIALITY, NON-COMPETITION AND ASSIGNMENT OF DEVELOPMENTS AGREEMENT")


@pytest.mark.parametrize("text, title", [
    ("SETTLEMENT AGREEMENT AND RELEASE\n\nThis Settlement Agreement and Release " + MADE_BETWEEN,
     "SETTLEMENT AGREEMENT AND RELEASE"),
    ("PATENT LICENSE AGREEMENT AND COVENANT NOT TO SUE\n\nTHIS AGREEMENT " + MADE_BETWEEN,
     "PATENT LICENSE AGREEMENT AND COVENANT NOT TO SUE"),
    ("SHAREHOLDER AGREEMENT AND RIGHT OF FIRST REFUSAL\n\nTHIS AGREEMENT is dated May 3, 2019.",
     "SHAREHOLDER AGREEMENT AND RIGHT OF FIRST REFUSAL"),
    ("ASSET PURCHASE AGREEMENT AND ESCROW INSTRUCTIONS\n\nTHIS AGREEMENT " + MADE_BETWEEN,
     "ASSET PURCHASE AGREEMENT AND ESCROW INSTRUCTIONS"),
    # "AND" opening the parties' names is no part of the title
    ("CONSULTING AGREEMENT BETWEEN HARROWGATE FOODS LTD AND MILLBROOK EVENTS LLP\n\n"
     "THIS AGREEMENT is dated May 3, 2019.", "CONSULTING AGREEMENT"),
])
def test_a_title_goes_on_with_and_to_the_end_of_its_line(text, title):
    assert title_in_opening(text) == title


@pytest.mark.parametrize("text, title", [
    ("Settlement Agreement and Release\n\nThis Settlement Agreement and Release " + MADE_BETWEEN,
     "Settlement Agreement and Release"),
    ("Separation Agreement and General Release\n\nThis Agreement " + MADE_BETWEEN,
     "Separation Agreement and General Release"),
    # a list of what comes with the agreement is no title: the line goes on in lower case
    ("Supply Agreement and Exhibits attached to it\n\nThis Supply Agreement " + MADE_BETWEEN,
     "Supply Agreement"),
])
def test_a_title_case_title_goes_on_with_and_to_the_end_of_its_line(text, title):
    assert title_in_opening(text) == title


@pytest.mark.parametrize("text, title", [
    ("CATERING AGREEMENT AGREEMENT SUMMARY\n\nClient: Millbrook Events LLP\nVenue: Oakfield Hall",
     "CATERING AGREEMENT"),
    ("EXHIBIT 10.9\n\nSTORAGE LEASE LEASE PARTICULARS\n\nLandlord: Harrowgate Foods Ltd",
     "STORAGE LEASE"),
])
def test_a_title_word_repeated_opens_another_heading(text, title):
    assert title_in_opening(text) == title


# --------------------------------------------------------------------------- open-ended terms


def _expiration_of(clause: str):
    """The expiry the shipped rules read from one term clause of a contract effective
    2016-02-01."""
    return RuleExtractor(SHIPPED, learned=False).extract(
        EXPIRATION, [chunk(clause, 3, 4000)], context={"effective_date": "2016-02-01"}
    )


@pytest.mark.parametrize("clause", [
    "7. Term. This Agreement shall commence on the Effective Date and shall continue in full "
    "force and effect until terminated as provided in Section 8.",
    "7. Term. The term of this Agreement will begin upon enrolment of the Member and will end "
    "when terminated by either party.",
    "7. Term. This Agreement shall remain in effect until either Party notifies the other in "
    "writing that it wishes to end it.",
    # the agreement named as what is terminated; a longer aside before "until"
    '1.4 "Term" is the time from the Effective Date onward; it will continue with no fixed end '
    "until this Agreement is terminated under Section 9.",
    "7. Term. This Agreement begins on the Start Date and will continue, save as its other "
    "clauses provide otherwise, until terminated by either party on written notice.",
    # bound to an event rather than a date
    "9.1 Term. Unless terminated earlier under Section 9.2, this Agreement shall remain in "
    "effect until the expiration of the last to expire of the Licensed Patents.",
    "9.1 This Agreement shall continue in force for so long as Quillon or any of its "
    "Affiliates holds Shares in the Venture Company.",
    "9.1 This Agreement shall commence on the Effective Date and continue until Marlow ceases "
    "to market the Product in the Territory.",
    # for a patent's life
    "4. Term. This Agreement shall remain in effect for the life of the last-to-expire Licensed "
    "Patent.",
    "12.1 This License Agreement shall continue in force for the full life of the last of the "
    "Licensed Patents to expire, unless terminated earlier under Section 13.",
])
def test_an_open_ended_agreement_expires_perpetual(clause):
    result = _expiration_of(clause)
    assert result.status == "found" and result.value == "perpetual"


def test_a_stated_term_before_until_terminated_still_counts():
    clause = (
        "7. Term. This Agreement shall commence on the Effective Date and shall continue for a "
        "period of two (2) years and thereafter until terminated by either party."
    )
    result = _expiration_of(clause)
    assert result.value == "2018-02-01"


@pytest.mark.parametrize("clause", [
    # the event is a date or a stated period
    "9.1 This Agreement shall remain in effect until December 31, 2019.",
    "9.1 This Agreement shall remain in effect until the third anniversary of the Effective "
    "Date.",
    # a list of ends follows, which may hold dates or periods
    "9.1 This Agreement shall remain in effect until the earlier of the following events:",
    # a severability clause and a survival clause: a part of the agreement continues
    "14. If any provision is held invalid, the other provisions of this Agreement shall "
    "remain in full force and effect so long as the economic substance is not affected.",
    "15. The indemnification provisions of this Agreement shall continue until all claims "
    "have expired.",
    # a joint statement in force until a filer revokes it
    "This Agreement shall remain in full force and effect until revoked by any party hereto in "
    "a signed writing.",
])
def test_other_continuations_are_no_event_bound_term(clause):
    result = _expiration_of(clause)
    assert "perpetual" not in [c["value"] for c in result.candidates]


@pytest.mark.parametrize("clause", [
    '1.01 "Maturity Date" means November 30, 2023. 10.01 Term. This Agreement shall remain in '
    "effect until the Maturity Date.",
    '"Final Delivery Date" shall mean November 30, 2023.\n\n12. This Agreement shall continue '
    "in force until the Final Delivery Date.",
])
def test_an_agreement_until_a_defined_date_expires_on_its_day(clause):
    result = _expiration_of(clause)
    assert result.value == "2023-11-30"


def test_an_agreement_until_an_undefined_date_stays_event_bound():
    clause = "9.1 This Agreement shall remain in effect until the Launch Date."
    assert _expiration_of(clause).value == "perpetual"


@pytest.mark.parametrize("definition, clause, term", [
    ('This Software Subscription Agreement is made as of March 1, 2024 (the "Effective Date") '
     "by and between Coldbrook Analytics LLC and Tern Harbor Logistics Inc.",
     "2. Term. This Agreement begins on the Effective Date and expires at 11:59 p.m. on "
     "February 28, 2027.", "P3Y"),
    ('1. Definitions. In this Agreement: "Commencement Date" means June 1, 2022; "Services" '
     "means the advisory services described in Schedule 1.",
     "3. Term. The term shall commence on the Commencement Date and end on May 31, 2025.",
     "P3Y"),
    ("This Equipment Maintenance Agreement is entered into effective as of September 15, 2023 "
     '(hereinafter the "Start Date"), by and between Brightwater Machine Services, Inc. and '
     "Ocotillo Packaging Co.",
     "2. Term. The term of this Agreement shall start on the Start Date and shall terminate on "
     "September 14, 2024.", "P1Y"),
])
def test_a_term_from_a_defined_date_to_a_written_day_is_the_time_between(
    extractor, definition, clause, term
):
    chunks = [chunk(clause, 3, 2000), chunk(definition, 1, 0, 0.7)]
    assert extractor.extract(TERM_FIELD, chunks).value == term


@pytest.mark.parametrize("definition, clause", [
    # the start is defined in another agreement
    ('This Transition Services Agreement is entered into as of August 8, 2021 under the Asset '
     'Purchase Agreement dated July 2, 2021 (the "Purchase Agreement").',
     "2. Term. This Agreement begins on the Closing Date (as defined in the Purchase "
     "Agreement) and expires on March 31, 2022."),
    # another document's effective date
    ('Sublicensor holds a license under the Master License Agreement, whose effective date is '
     'January 1, 2019 (the "Master Effective Date").',
     "3. Term. This Agreement begins on the Effective Date of the Master License Agreement and "
     "ends on December 31, 2026."),
    # the defined date has no day of its own
    ('1. Definitions. "Effective Date" means the date on which the last party signs this '
     "Agreement.",
     "3. Term. This Agreement commences on the Effective Date and ends on December 31, 2025."),
    # a warranty period, not the agreement's term
    ('1. Definitions. "Delivery Date" means March 3, 2025.',
     "3. Warranty. The warranty period begins on the Delivery Date and expires on March 2, "
     "2026."),
])
def test_a_term_from_an_unknown_or_foreign_date_is_not_computed(extractor, definition, clause):
    chunks = [chunk(clause, 3, 2000), chunk(definition, 1, 0, 0.7)]
    assert extractor.extract(TERM_FIELD, chunks).status == "not_found"


# --------------------------------------------------------------------------- party blocks


@pytest.mark.parametrize("preamble, parties", [
    # a company acting through a unit of its own
    ('This Supply Agreement is entered into on May 2, 2011 by and between Harrow, Incorporated '
     'through its Applied Materials Unit, having its principal place of business at 12 Quay '
     'Street, Springfield ("Harrow") and Velder S.A.S., having a place of business at 4 Rue '
     'Lamarck, Lyon ("Velder").', ["Harrow, Incorporated", "Velder S.A.S."]),
    # "AND:" closing a party's block, and a capitalised "DR." inside the next name
    ('BETWEEN:\n\nPELLINOR FOODS, INC., a company having its registered office at 18 Quay '
     'Street, Springfield ("Pellinor" or the "Company") AND:\n\nDR. MIRA OSTROVA CONSULTING '
     'INC., Businessperson, having an office at 40 Elm Avenue, Springfield (the "Contractor") '
     'WHEREAS Pellinor would like to engage the Contractor;',
     ["PELLINOR FOODS, INC.", "DR. MIRA OSTROVA CONSULTING INC."]),
])
def test_party_blocks_name_every_party(extractor, preamble, parties):
    result = extractor.extract(PARTIES, [chunk(preamble, 0, 0)])
    assert result.value == parties


_EMPLOYEE_SIGNATURES = (
    "\n\nEMPLOYEE\n\nSignature: ____________\n\n{company}\n\nBy: ____________\nName: Elena "
    "Marsh\nTitle: Chief People Officer"
)


@pytest.mark.parametrize("opening, parties", [
    ('I, Tomasz Wrenfield, enter into this Employee Proprietary Information and Inventions '
     'Agreement with Harrowgate Optics, Inc., a Delaware corporation (the "Company"), on May 3, '
     '2019.', ["Harrowgate Optics, Inc.", "Tomasz Wrenfield"]),
    ('In consideration of my employment by Harrowgate Optics, Inc., a Delaware corporation (the '
     '"Company"), I, Tomasz Wrenfield, hereby agree with the Company as follows.',
     ["Harrowgate Optics, Inc.", "Tomasz Wrenfield"]),
    ('I, Marisol Quintero-Baptiste, enter into this Confidentiality and Invention Assignment '
     'Agreement with Lumen Bay Robotics LLC (the "Company") as a condition of my employment.',
     ["Lumen Bay Robotics LLC", "Marisol Quintero-Baptiste"]),
])
def test_the_employee_of_a_first_person_opening_is_a_party(extractor, opening, parties):
    """"I, <name>, enter into this Agreement with <Company>": the speaker is the other party,
    though the employee's signature line leaves the name blank."""
    text = opening + _EMPLOYEE_SIGNATURES.format(company=parties[0].upper())
    assert extractor.extract(PARTIES, [chunk(text, 0, 0)]).value == parties


def test_an_officers_first_person_certificate_names_no_party(extractor):
    text = (
        'This Supply Agreement is made between Harrowgate Optics, Inc. (the "Buyer") and Lumen '
        'Bay Robotics LLC (the "Seller").\n\nEXHIBIT C\n\nI, Nadia Okafor, Secretary of '
        "Harrowgate Optics, Inc., certify that the Board approved this Agreement."
    )
    assert extractor.extract(PARTIES, [chunk(text, 0, 0)]).value == [
        "Harrowgate Optics, Inc.", "Lumen Bay Robotics LLC"
    ]


# --------------------------------------------------------------------------- dates of other documents


def _date_kind(text: str) -> str | None:
    (candidate,) = find_dates(text)
    return date_role(text, candidate).kind


@pytest.mark.parametrize("reference", [
    "This Agreement replaces the Sponsorship Agreements dated March 3, 2011 between the parties.",
    "Addendum B is affixed to the Endorsement Agreement executed by the Parties on March 3, "
    "2011.",
    "It supersedes the Binding Term Sheet, dated as of March 3, 2011, between the parties.",
    "The terms defined in the agreement between the Parties effective as of March 3, 2011 "
    "apply here.",
    # an earlier change to the document this one amends
    "WHEREAS the parties are bound by the Supply Agreement, as amended on March 3, 2011;",
    "It amends the Supply Agreement, as amended and restated as of March 3, 2011.",
    "the Unit Agreement, as supplemented March 3, 2011, among the Company and the Trust",
    # a document named with its complement, or dated after the parties who made it
    "Holders of Shares under the Agreement and Plan of Reorganization, dated as of March 3, 2011, "
    "may convert them.",
    "It replaces the Memorandum of Understanding dated March 3, 2011 in full.",
    "This letter supersedes the Pilot Agreement entered into between Vega and Orbit dated "
    "March 3, 2011.",
    "Lark and Wren, who signed a Reseller Agreement with an Effective Date of March 3, 2011, "
    "amend it as follows.",
    # the parties it was made between named in full, or a complement joined by "of"
    "It supersedes the Hosting Services Agreement by and between Quill Labs, Inc., a Delaware "
    "corporation (\u201cQuill\u201d), and Lark Holdings, L.P. dated March 3, 2011.",
    "Samples move under the Agreement for the Transfer of Research Materials executed by Vega on "
    "March 3, 2011 (the \u201cMTA\u201d).",
    # "made effective", "made and entered into", and "&" in the name
    "This contract replaces Schedule 4 of the original Harbor Freight & Storage Contract, made "
    "effective on 14 May 2009.",
    "Lark shall support the units sold under the earlier Supply & Service Agreement made "
    "effective as of June 2, 2014.",
    "The parties entered into the Joint Marketing Agreement, made and entered into as of June 2, "
    "2014, which remains in force.",
    # "of <date>", or the date between the document's name and its acronym
    "The data are subject to the Mutual Nondisclosure Agreement of June 2, 2014 between Quill "
    "and Lark.",
    "The data are subject to the Mutual Confidentiality Agreement June 2, 2014 (\u201cMCA\u201d) "
    "executed by Quill and Lark.",
    # a securities filing named well before its date
    "The undersigned agree that the Schedule 13D with respect to the common shares, $0.01 par "
    "value per share, of Quill Labs, Inc., dated as of March 3, 2021, is filed on behalf of each "
    "of them.",
    "The statement on Schedule 13G/A relating to the ordinary shares of Lark plc, dated "
    "February 10, 2022, is filed jointly.",
    # the referenced document's issue after its number
    "This Amendment No. 2 modifies the Fleet Support Agreement ref. FS-3310 Issue 4 dated March "
    "3, 2011 between Quill and Lark.",
    # an amendment's name for the agreement it amends
    "WHEREAS Quill and Lark are parties to that certain Freight Services Agreement, dated as of "
    "March 3, 2011 (the \u201cAgreement\u201d);",
    # a document's number between its name and its date
    "Lark buys the parts under a Supply Agreement No. 4471 dated March 3, 2011 with Quill.",
    "WHEREAS Quill and Lark have entered into a Fleet Support Agreement ref FS-3310/10 (dated "
    "March 3, 2011) for the aircraft;",
])
def test_the_date_of_another_document_is_read_as_such(reference):
    assert _date_kind(reference) == "other"


@pytest.mark.parametrize("recital", [
    "WHEREAS Tamsin Labs and Orrery Supply are parties to a Distribution Agreement, as amended "
    "by Amendment No. 1 dated October 9, 2017;",
    "the Hosting Agreement, as amended by Amendment No. 3 thereto dated April 4, 2018, remains "
    "in force",
    "WHEREAS the Supply Agreement, as amended by Amendment No. 1 thereto, dated November 30, "
    "2019, sets the prices;",
    "the Services Agreement, as amended by Amendment No. 2 dated as of July 1, 2020, is amended "
    "as follows",
])
def test_an_earlier_amendments_date_is_another_documents(recital):
    """"as amended by Amendment No. 1 (thereto), dated (as of) <date>": the "No." of the
    amendment's name does not end the reference."""
    assert _date_kind(recital) == "other"


@pytest.mark.parametrize("recital", [
    "the Reseller Agreement, as amended by Amendment No. 1 dated May 1, 2018 and Amendment No. 2 "
    "dated June 3, 2019, is further amended",
    "the Lease, as amended by the First Amendment dated May 1, 2018 and the Second Amendment "
    "dated June 3, 2019, is further amended",
])
def test_every_earlier_amendments_date_is_another_documents(recital):
    assert {date_role(recital, c).kind for c in find_dates(recital)} == {"other"}


@pytest.mark.parametrize("own", [
    "This Supply & Service Agreement is made effective as of June 2, 2014 by Quill Labs, Inc. and "
    "Lark LLC.",
    "THIS MUTUAL CONFIDENTIALITY AGREEMENT is made and entered into as of June 2, 2014 by Quill "
    "and Lark.",
    "AMENDMENT NO. 2 TO THE LICENSE AGREEMENT June 2, 2014 Quill Labs, Inc. and Lark LLC agree "
    "as follows.",
    "JOINT FILING AGREEMENT In accordance with Rule 13d-1(k), the undersigned agree to the joint "
    "filing of this Schedule 13G. Dated: March 3, 2021",
    # (this "Agreement") names this agreement, whatever words come before its date
    "The Marketing Agreement of June 2, 2014 (this \u201cAgreement\u201d) is made by Quill Labs, "
    "Inc. and Lark LLC.",
])
def test_this_agreements_own_date_in_those_forms_stays_its_own(own):
    assert _date_kind(own) != "other"


@pytest.mark.parametrize("text", [
    "the audited financial statements of Lark Holdings as of June 30, 2015 fairly present",
    "its net revenue for the fiscal year ended June 30, 2015 was restated",
    "The Steering Team approves the launch plan promptly and no later than June 30, 2015.",
    "Both sides use reasonable efforts so that the Go-Live Date occurs on or before June 30, 2015.",
])
def test_a_reporting_period_or_a_deadline_is_no_date_of_the_agreement(text):
    assert _date_kind(text) == "other"


def test_a_filing_footer_date_is_the_date_it_was_filed():
    assert _date_kind("the Licensor. Source: QUILL LABS, INC., 10-K, 3/14/2019 9. Notices") == (
        "other"
    )


@pytest.mark.parametrize("text", [
    # instalments, and earlier agreements listed with their dates
    "Quill pays the fee of $4,000 on March 1, 2016, June 1, 2016, September 1, 2016 and "
    "December 1, 2016.",
    "Vega sponsored the team under Sponsorship Agreements dated April 2, 2012, April 2, 2013 or "
    "May 5, 2014.",
])
def test_every_date_of_a_list_of_dates_is_no_date_of_the_agreement(text):
    dates = find_dates(text)
    assert len(dates) >= 3
    assert {date_role(text, c).kind for c in dates} == {"other"}


@pytest.mark.parametrize("term", [
    "3. Term. It shall be effective on 1 April 2015 and shall have a duration of three years. "
    "The prices remain fixed for the first year.",
    "3. Term. This Agreement shall become effective on 1 April 2015 and runs for three years.",
])
def test_the_date_the_contract_says_it_takes_effect_beats_its_titles_dated(extractor, term):
    # the title's "dated" leads the opening; the term clause ranks under it
    chunks = [
        chunk("SERVICE AGREEMENT dated 12 March 2015\n\nQuill Pumps Ltd and Lark Port Authority "
              "agree as set out below for the servicing of the harbour pumps.", 0, 0),
        chunk("2. Services. Quill services each pump every quarter and reports on it to the "
              "harbour master.", 1, 1000, 0.8),
        chunk(term, 2, 2000, 0.6),
    ]
    result = extractor.extract(EFFECTIVE, chunks)
    assert result.value == "2015-04-01", result.candidates[:2]


@pytest.mark.parametrize("label", [
    "2 TERMS\n2.1 Contract start: 03-02-21\n2.2 Contract end: 03-02-23",
    "2 TERMS\n\u201cStart Date\u201d means March 2, 2021.",
])
def test_the_date_a_contract_starts_on_labelled_or_defined_is_its_effective_date(
    extractor, label
):
    # a cover sheet's label ranks under the clauses, where alone it would score under min_score
    clauses = [
        chunk(f"{n}. Orbit delivers feed {n} of the Vega channel each week and reports on it.", n,
              1000 * n)
        for n in range(1, 6)
    ]
    result = extractor.extract(EFFECTIVE, [*clauses, chunk(label, 7, 9000, 0.5)])
    assert result.value == "2021-03-02", result.candidates[:2]


_UNDATED_OPENING = (
    "FIELD SERVICES AGREEMENT\n\nThis agreement is made between Harrow Pumps Ltd and Sable "
    "Drilling Inc. for the servicing of the pumps at the Sable yards."
)


@pytest.mark.parametrize("signature", [
    "Harrow Pumps Ltd\nBy: /s/ Nia Holt\nTitle: Director\n14 May 2019",
    "IN WITNESS WHEREOF, the parties have caused their officers to subscribe these terms in "
    "duplicate.\n\nBristol / Calgary, 14 May 2019\n\nHarrow Pumps Ltd     Sable Drilling Inc.",
])
def test_a_contract_dated_only_in_its_signature_block_is_dated_there(extractor, signature):
    # the clauses rank above the signature block, which alone would score under min_score
    clauses = [
        chunk(f"{n}. Harrow services pump set {n} each quarter and reports on it.", n, 1000 * n)
        for n in range(1, 3)
    ]
    chunks = [chunk(_UNDATED_OPENING, 0, 0), *clauses, chunk(signature, 40, 50000, 0.3)]
    result = extractor.extract(AGREEMENT_DATE, chunks)
    assert result.value == "2019-05-14", result.candidates[:2]
    assert result.candidates[0]["features"]["signature"] > 0


def test_the_openings_own_date_keeps_its_lead_over_the_signature_blocks(extractor):
    opening = _UNDATED_OPENING.replace("is made between", "is made on 2 May 2019 between")
    signature = "Harrow Pumps Ltd\nBy: /s/ Nia Holt\nTitle: Director\nDate: 14 May 2019"
    chunks = [chunk(opening, 0, 0), chunk(signature, 40, 50000, 0.3)]
    result = extractor.extract(AGREEMENT_DATE, chunks)
    assert result.value == "2019-05-02"
    assert all("signature" not in c["features"] for c in result.candidates)


@pytest.mark.parametrize("opening", [
    "MARKETING AGREEMENT\n\nTHIS MARKETING AGREEMENT (the \"Agreement\") is dated as of this ____ "
    "day of __________, 2017, but made effective as of March 14, 2017 (\"Effective Date\") between "
    "Quill Labs, Inc. and Lark LLC.",
    "LICENSE AGREEMENT\n\nThis License Agreement is made this ___ day of _______, 2017 and shall "
    "be effective as of March 14, 2017, by Quill Labs, Inc. and Lark LLC.",
])
def test_a_date_left_blank_yields_the_lead_to_the_whole_date_its_sentence_gives(
    extractor, opening
):
    result = extractor.extract(AGREEMENT_DATE, [chunk(opening, 0, 0)])
    assert result.value == "2017-03-14", result.candidates[:2]


def test_a_blank_date_alone_keeps_the_lead(extractor):
    # an unsigned form's blank date: a whole date comes only in a later sentence
    opening = (
        "AGENCY AGREEMENT\n\n__________ __, 2017\n\nDear Sirs: Quill Labs, Inc. confirms its "
        "agreement with Lark LLC as follows. The offering closes on March 14, 2017."
    )
    result = extractor.extract(AGREEMENT_DATE, [chunk(opening, 0, 0)])
    assert result.value == "2017", result.candidates[:2]


@pytest.mark.parametrize("preamble", [
    "This Master Hosting Services Agreement dated March 3, 2011 is made by Quill Labs, Inc. and "
    "Lark Holdings LLC.",
    "This Amended and Restated Supply Agreement, dated March 3, 2011, is made by Quill Labs, "
    "Inc. and Lark Holdings LLC.",
    # and with its defined name, which a referenced agreement may also be given
    "This Amended and Restated Supply Agreement dated as of March 3, 2011 (the "
    "\u201cAgreement\u201d) is made by Quill Labs, Inc. and Lark Holdings LLC.",
])
def test_this_agreements_title_in_title_case_is_not_another_document(preamble):
    assert _date_kind(preamble) == "dated"


@pytest.mark.parametrize("text", [
    "WHEREAS the Licence Agreement between Quill and Lark, as amended May 2, 2004 and "
    "August 9, 2006, grants Lark the rights described below;",
    "This letter supplements the Hosting Agreements dated June 3, 2010, July 8, 2011 and "
    "February 2, 2013 between the parties.",
    # each change of the list says "on" (or "as of") again
    "WHEREAS the Supply Agreement dated 1 June 2010, as amended on 2 March 2012 and on 5 June "
    "2013, is replaced by this Agreement;",
    "the Credit Agreement, as amended as of June 30, 2016, as of July 31, 2017 and again as of "
    "May 1, 2018, among the Company and the Lenders",
    # the English "as varied"
    "the Licence dated 12th August 2008, as varied on 1st September 2010 and on 2nd October 2012",
])
def test_every_date_of_a_list_another_document_is_given_is_that_documents(text):
    # the words before the list's first date give every date of the list to the other
    # document, so none of them may earn the opening's lead bonus
    assert all(dates_something_else(text, c) for c in find_dates(text))


def test_a_date_after_another_documents_date_that_starts_a_new_fact_is_not_that_documents():
    # ", and on <date>" after another document's date starts a new clause: only the dates of
    # changes ("as amended on ... and on ...") are read as a list that each say "on"
    text = ("WHEREAS the parties entered into the Original Agreement dated 1 May 2010, and on 1 "
            "June 2015 the parties signed this Agreement.")
    own = [c for c in find_dates(text) if str(c.value) == "2015-06-01"]
    assert own and not dates_something_else(text, own[0])


def test_an_opening_holding_only_another_documents_dates_gives_no_lead(extractor):
    opening = (
        "TECHNICAL SERVICES AGREEMENT\n\nThe parties entered into a services agreement dated "
        "March 1, 2001, as amended June 5, 2002 and October 7, 2003, which this agreement "
        "replaces."
    )
    signature = "IN WITNESS WHEREOF the parties have signed this agreement on April 20, 2005."
    chunks = [chunk(opening, 0, 0), chunk(signature, 30, 40000, 0.5)]
    result = extractor.extract(AGREEMENT_DATE, chunks)
    assert result.value == "2005-04-20", result.candidates[:3]


@pytest.mark.parametrize("text, kind", [
    # the attestation's date is the day it was signed, though "as of" also opens effective dates
    ("IN WITNESS WHEREOF, the undersigned hereby execute this Statement Agreement as of "
     "March 3, 2011.", "dated"),
    ("In witness whereof, the parties have executed this Second Amendment as of March 3, 2011.",
     "dated"),
    ("The parties signed this Agreement on March 3, 2011.", "dated"),
    # an agreement effective as of a date stays effective
    ("This Agreement is effective as of March 3, 2011.", "effective"),
    ("Each party may execute a counterpart, effective as of March 3, 2011.", "effective"),
])
def test_the_date_an_agreement_is_executed_as_of_is_its_signing_date(text, kind):
    assert _date_kind(text) == kind


def test_a_date_followed_by_other_words_is_no_list():
    text = "This Agreement is dated as of March 3, 2011, and effective on the Closing Date."
    assert _date_kind(text) != "other"
    text = "Notices sent on March 3, 2011 and answered are filed."
    assert _date_kind(text) != "other"


@pytest.mark.parametrize("title", [
    "SUPPLY AGREEMENT, dated as of March 3, 2011, by and between Northwind Ltd. and Tallgrass LLC",
    "EXHIBIT 10.1 SUPPLY AGREEMENT DATED MARCH 3, 2011",
    "This Supply Agreement dated as of March 3, 2011 is between Northwind Ltd. and Tallgrass LLC.",
    "Supply Agreement dated March 3, 2011",
    # the document says what it is: "This is an agreement, made on ..."
    "This is a Services Agreement, entered into on March 3, 2011 by Northwind Ltd.",
    "This Amended and Restated Supply Agreement is dated as of March 3, 2011.",
    "This Agreement is made by and between Northwind, Inc. and Tallgrass LLC, dated as of March "
    "3, 2011.",
    # a Title Case title opening its line, without "This"
    "Quill Labs Supply Agreement made effective as of March 3, 2015 between Quill Labs, Inc. "
    "and Heron LLC.",
    "Mutual Nondisclosure Agreement made effective as of May 1, 2012 by and between Ardent "
    "Corp. and Vale Ltd.",
    "Exhibit 10.4\n\nConsulting Services Agreement dated as of June 2, 2009 between Pell Inc. "
    "and Ana Ruiz.",
    "Exhibit 10.4 Consulting Agreement made effective as of March 3, 2015 between Ardent Labs, "
    "Inc. and Kim Vale.",
])
def test_a_title_or_preamble_with_its_own_date_dates_this_agreement(title):
    assert _date_kind(title) != "other"


@pytest.mark.parametrize("reference", [
    "Licensee shall pay the fees set out in the Sponsorship Agreements dated May 1, 2010.",
    "All goods are sold pursuant to Supply Agreement dated March 3, 2011 between the parties.",
    # a title run into the heading under it: the dating words start their own sentence
    "Strategic Supply Agreement AGREEMENT made as of March 3, 2011, between Quill and Heron.",
])
def test_a_title_case_name_inside_a_line_still_names_another_document(reference):
    assert _date_kind(reference) == "other"


def test_this_agreements_date_wins_over_a_recited_one(extractor):
    text = ("SUPPLY AGREEMENT\n\nWHEREAS the parties signed the Binding Term Sheet, dated as of "
            "March 3, 2011; and WHEREAS they now wish to agree on supply terms, this Supply "
            "Agreement is entered into on June 9, 2014 between Northwind Ltd. and Tallgrass LLC.")
    assert extractor.extract(AGREEMENT_DATE, [chunk(text, 0, 0)]).value == "2014-06-09"


# --------------------------------------------------------------------------- the term


def test_a_term_that_either_party_may_end_early_on_notice_is_still_the_term():
    """Early termination on notice does not make the agreement's own term a notice period."""
    text = (
        "9. Either Party may end this Agreement on fifteen (15) days' written notice; otherwise "
        "it terminates four (4) years from the date first written above."
    )
    result = RuleExtractor(SHIPPED, learned=False).extract(TERM_FIELD, [chunk(text, 4, 3000)])
    assert (result.status, result.value) == ("found", "P4Y")


@pytest.mark.parametrize("text", [
    "5. Length of Secrecy. The Recipient shall keep the Information secret in line with this "
    "Agreement for a period of four (4) years from the date of disclosure.",
    "3. Premises. For a period of three (3) years following the Effective Date, the Seller "
    "shall let the Buyer use two offices at its plant.",
])
def test_a_period_that_only_says_for_a_period_of_is_no_term(extractor, text):
    """"for a period of" measures a covenant or a secrecy period as well as the agreement: with
    no term word or lifetime verb ("shall continue", "remain in", "term") it is no term."""
    assert extractor.extract(TERM_FIELD, [chunk(text, 5, 3000)]).status == "not_found"


def test_the_agreements_own_period_beats_a_secrecy_period(extractor):
    text = (
        "2. Duration. This Agreement starts once signed and shall continue for a period of two "
        "(2) years. From the first receipt, and for a period of four (4) years following the "
        "last disclosure of Information, the receiving side shall not reveal that Information."
    )
    result = extractor.extract(TERM_FIELD, [chunk(text, 5, 3000)])
    assert (result.value, result.raw) == ("P2Y", "two (2) years")


@pytest.mark.parametrize("text", [
    "The Venture ends on May 31, 2027 unless it is extended by mutual written agreement reached "
    "at least forty-five (45) days prior to the expiration of the term.",
    "Each side may extend this Agreement by one year; the extending party gives written notice "
    "ninety (90) days prior to the end of the current term.",
    "If the Reseller wants the further year, it exercises this option by notice given sixty (60) "
    "days prior to the expiration of the initial term.",
])
def test_a_notice_that_takes_up_an_extension_is_no_notice_to_stop_a_renewal(text):
    result = RuleExtractor(SHIPPED, learned=False).extract(NOTICE, [chunk(text, 6, 5000)])
    assert result.status == "not_found"


def test_records_kept_for_years_after_the_term_are_no_renewal():
    text = (
        "8. Ledgers. The Distributor keeps its sales ledgers and books during the Term and for "
        "an additional two (2) years thereafter."
    )
    result = RuleExtractor(SHIPPED, learned=False).extract(RENEWAL, [chunk(text, 8, 7000)])
    assert result.status == "not_found"


@pytest.mark.parametrize("text", [
    "7. Acceptance. The Buyer checks each shipment on arrival; unless it obtains an extension "
    "of that 14-day period from the Seller, the goods count as accepted.",
    "11. Papers. The other side reviews a draft paper within ten (10) days, and the review may "
    "be extended for an additional forty-five (45) days where it shows a need for more time.",
])
def test_a_period_of_days_extended_is_no_renewal_term(text):
    """An agreement renews for months or years: days "extended" are an inspection or review
    period (renewal_term ``unit_weights``)."""
    result = RuleExtractor(SHIPPED, learned=False).extract(RENEWAL, [chunk(text, 8, 7000)])
    assert result.status == "not_found"


def test_a_clause_that_reads_one_side_loses_to_the_defined_names_of_both(extractor):
    text = (
        "ALLIANCE AGREEMENT\n\nThis Alliance Agreement is entered into by and between Harbor "
        "Lane Analytics, LLC, a Texas limited liability company (\u201cHarbor\u201d) on behalf "
        "of itself and its Affiliates and Quarry Point Systems, Inc., a Nevada corporation "
        "(the \u201cCompany\u201d)."
    )
    result = extractor.extract(PARTIES, [chunk(text, 0, 0)])
    assert result.value == ["Harbor Lane Analytics, LLC", "Quarry Point Systems, Inc."]


def test_a_form_that_leaves_one_party_blank_keeps_its_clause(extractor):
    form = (
        "NON-SOLICITATION AGREEMENT\n\nNON-SOLICITATION AGREEMENT between Oakridge Mills Inc. "
        "(the \u201cCompany\u201d)\nand\n(the \u201cExecutive\u201d).\n\nThe Executive will "
        "serve Oakridge Mills Inc. and Tallow Creek Farms LLC (\u201cTallow\u201d) alike."
    )
    result = extractor.extract(PARTIES, [chunk(form, 0, 0)])
    assert result.value == ["Oakridge Mills Inc."]


def test_a_letter_whose_opening_names_no_party_is_read_from_its_signatures(extractor):
    letter = (
        "Dear Sirs:\n\nThis letter sets out how we will treat the papers you show us while we "
        "weigh a possible venture. We will keep them secret for two years.\n\nVery truly "
        "yours,\n\nMARIGOLD HARBOR FOODS, INC.\nBy: /s/ Dana Whitcombe\nTitle: Treasurer\n\n"
        "Accepted and agreed:\n\nPELLWOOD ORCHARD SUPPLY PLC\nBy: /s/ Ivo Stannard\n"
    )
    result = extractor.extract(PARTIES, [chunk(letter, 0, 0)])
    assert result.value == ["MARIGOLD HARBOR FOODS, INC.", "PELLWOOD ORCHARD SUPPLY PLC"]
    assert letter[result.start : result.end] == result.raw


def test_one_signature_or_a_dated_signing_line_names_no_party(extractor):
    one = (
        "We will keep your papers secret.\n\nMARIGOLD HARBOR FOODS, INC.\n"
        "By: /s/ Dana Whitcombe\n"
    )
    dated = (
        "We will keep your papers secret.\n\nDate: June 4, 2021 MARIGOLD HARBOR FOODS, INC.\n"
        "By: /s/ Dana Whitcombe\n\nPELLWOOD ORCHARD SUPPLY PLC\nBy: /s/ Ivo Stannard\n"
    )
    for text in (one, dated):
        assert extractor.extract(PARTIES, [chunk(text, 0, 0)]).status == "not_found"


@pytest.mark.parametrize(
    ("text", "value", "raw"),
    [
        # the survival proviso after a lower-case "provided" stays in the same sentence
        (
            "14. Duration. Save as earlier ended under Section 9, this Agreement will expire four "
            "(4) years from the date first set out above; provided that the duties of the "
            "Receiver as to Secret Data will survive for one (1) more year following the "
            "expiration of this Agreement.",
            "P4Y", "four (4) years",
        ),
        (
            "3. Duration. The covenants herein bind the Parties as of the date of this "
            "Agreement and shall then terminate on the date that is thirty months from the "
            "Effective Date (the \u201cPeriod\u201d). The obligations of this Agreement as to Secret Data will "
            "remain in effect until the seventh anniversary of the Effective Date.",
            "P30M", "thirty months",
        ),
    ],
)
def test_a_period_the_agreement_expires_after_counted_from_its_start_is_the_term(
    extractor, text, value, raw
):
    result = extractor.extract(TERM_FIELD, [chunk(text, 10, 6000)])
    assert (result.value, result.raw) == (value, raw)


@pytest.mark.parametrize("text", [
    "This Agreement shall have a two-year term.",
    "This Agreement shall have a two (2)-year term beginning on the Effective Date.",
])
def test_a_term_written_as_the_adjective_of_term_is_the_term(extractor, text):
    result = extractor.extract(TERM_FIELD, [chunk(text, 3, 2000)])
    assert result.value == "P2Y"


@pytest.mark.parametrize(("text", "value"), [
    ("After its first two years this Agreement shall continue on a year-to-year basis.", "P1Y"),
    ("Once the Pilot Period ends, this Agreement shall continue on a month-to-month basis.",
     "P1M"),
])
def test_an_agreement_that_continues_from_year_to_year_renews_each_year(extractor, text, value):
    # "continue" is a term word, but a recurrence repeats a period: it is the renewal
    result = extractor.extract(RENEWAL, [chunk(text, 3, 2000)])
    assert result.value == value


@pytest.mark.parametrize(("text", "value"), [
    ("This Agreement shall be in effect for one (1) year.", "P1Y"),
    ("This Agreement is valid for a period of 3 years.", "P3Y"),
    ("This Agreement shall have a duration of four years.", "P4Y"),
    ("The duration of this Agreement is two (2) years.", "P2Y"),
])
def test_an_agreement_in_effect_or_valid_for_a_time_has_that_term(extractor, text, value):
    result = extractor.extract(TERM_FIELD, [chunk(text, 3, 2000)])
    assert result.value == value


@pytest.mark.parametrize(("field", "text", "value"), [
    ("term", "This Agreement shall remain in force for half a year.", "P6M"),
    ("term", "This Agreement shall remain in effect for a period of one (1) year and six (6) months.",
     "P18M"),
    ("term", "The term of this Agreement shall be two years and three months from the Effective Date.",
     "P27M"),
    ("renewal", "Thereafter it renews automatically for successive periods of half a year.", "P6M"),
])
def test_half_years_and_years_with_months_are_one_duration(extractor, field, text, value):
    # read apart, "one year and six months" answered six months and "half a year" one year
    fields = {"term": TERM_FIELD, "renewal": RENEWAL}
    result = extractor.extract(fields[field], [chunk(text, 3, 2000)])
    assert result.value == value


@pytest.mark.parametrize(("text", "value"), [
    # a label line of a cover sheet or order form
    ("Initial Term: 24 months", "P24M"),
    ("Term of the Agreement: four (4) years", "P4Y"),
    # an order form names the term after what it buys or what it is
    ("Subscription Term: 12 months", "P12M"),
    ("Initial Service Term: three (3) years", "P3Y"),
    ("Contract Term: 2 years", "P2Y"),
    # binding / running for a time
    ("This Agreement shall be binding for three (3) years.", "P3Y"),
    ("This Agreement shall be binding upon the parties for a period of two years.", "P2Y"),
    ("This Agreement shall run for a period of five (5) years.", "P5Y"),
    ("This Agreement shall remain effective for a period of three (3) years.", "P3Y"),
    # a term written as its adjective, counted from the Effective Date
    ("The Reseller is appointed for a 2-year term commencing on the Effective Date.", "P2Y"),
])
def test_a_term_stated_by_label_binding_or_commencing_on_the_effective_date(
    extractor, text, value
):
    result = extractor.extract(TERM_FIELD, [chunk(text, 3, 2000)])
    assert result.value == value


@pytest.mark.parametrize("text", [
    "Renewal Term: 12 months",
    "Warranty Term: 12 months",
    "Payment Term: 30 days",
    "Renewal Subscription Term: 12 months",
    "Loan Term: 5 years",
    "Sections 4 and 5 shall be binding in perpetuity.",
])
def test_other_terms_labels_and_bindings_are_not_the_term(extractor, text):
    result = extractor.extract(TERM_FIELD, [chunk(text, 3, 2000)])
    assert result.status != "found"


@pytest.mark.parametrize(("cover", "preamble", "parties"), [
    (
        "MEMBERSHIP INTEREST PURCHASE AGREEMENT\n\namong\n\nBRACKEN ENERGY PARTNERS LLC\n\nand"
        "\n\nTHE PERSONS LISTED ON SCHEDULE A\n\nJune 14, 2019",
        'This Membership Interest Purchase Agreement (this "Agreement") is entered into on June '
        '14, 2019 among Bracken Energy Partners LLC, a Texas limited liability company '
        '("Purchaser"), Harold Quint ("Quint") and Ridgeview Capital LP, a Delaware limited '
        'partnership ("Ridgeview").',
        ["Bracken Energy Partners LLC", "Harold Quint", "Ridgeview Capital LP"],
    ),
    (
        "INVESTORS' RIGHTS AGREEMENT\n\namong\n\nKESTREL ROBOTICS, INC.\n\nand\n\nTHE INVESTORS "
        "PARTY HERETO\n\nJanuary 8, 2018",
        'This Investors\' Rights Agreement (this "Agreement") is made as of January 8, 2018 by '
        'and among Kestrel Robotics, Inc., a Delaware corporation (the "Company"), Larchmont '
        'Ventures III, L.P. ("Larchmont") and Sable Point Capital LLC ("Sable Point").',
        ["Kestrel Robotics, Inc.", "Larchmont Ventures III, L.P.", "Sable Point Capital LLC"],
    ),
])
def test_a_cover_list_ending_in_a_placeholder_group_loses_to_the_named_parties(
    extractor, cover, preamble, parties
):
    """A cover page's "among A and THE PERSONS LISTED ON SCHEDULE A" names a group by where
    it is listed; the preamble under it names the parties."""
    chunks = [chunk(cover, 0, 0), chunk(preamble, 1, len(cover) + 2, 0.9)]
    assert extractor.extract(PARTIES, chunks).value == parties


@pytest.mark.parametrize(("head", "company"), [
    ("NORTHGATE SOFTWARE\n\nENGINEERS, Inc.", "NORTHGATE SOFTWARE ENGINEERS, Inc."),
    ("DEVELOPER\n\nNORTHGATE ENGINEERS, Inc.", "NORTHGATE ENGINEERS, Inc."),  # a role above
])
def test_a_signing_company_wrapped_over_two_lines_is_read_whole(extractor, head, company):
    opening = (
        "This Agreement is made on March 3, 2004 between Harbor Lane Logistics, Inc. "
        '("Client") and the developer named below ("Developer").'
    )
    signatures = (
        "IN WITNESS WHEREOF, the parties have signed this Agreement.\n\nHARBOR LANE LOGISTICS, "
        f"INC.\nBy: /s/ Karen Toll\nName: Karen Toll\n\n{head}\nBy: /s/ Paul Ames\nName: Paul Ames"
    )
    result = _parties_of(extractor, opening, signatures)
    assert result.value == ["Harbor Lane Logistics, Inc.", company]


_CLOSING_ON_ITS_DATE = (
    "B. The closing under the Purchase Agreement is taking place on the date of this Agreement "
    '(the "Closing Date").'
)


@pytest.mark.parametrize("definition, clause, expiry, term", [
    (_CLOSING_ON_ITS_DATE,
     "1. Term. This Agreement shall commence on the Closing Date and shall continue in effect "
     "until the fourth (4th) anniversary of the Closing Date.", "2020-06-30", "P4Y"),
    ('This Transition Services Agreement is dated as of March 3, 2021 (the "Closing Date") by and '
     "between Pell Ridge Corp. and Orwin Data LLC.",
     "6.1 Term. This Agreement shall remain in full force and effect until the second anniversary "
     "of the Closing Date, unless terminated earlier under Section 6.2.", "2023-03-03", "P2Y"),
    ('1.1 "Distribution Date" means September 15, 2019.',
     "8. Term. This Agreement shall terminate on the third (3rd) anniversary of the Distribution "
     "Date.", "2022-09-15", "P3Y"),
    ('1.4 "Closing Date" means the date hereof.',
     "5. Duration. The term of this Agreement shall expire on the fifth anniversary of the "
     "Closing Date.", "2021-06-30", "P5Y"),
])
def test_an_agreement_until_an_anniversary_of_a_dated_day_ends_then(
    definition, clause, expiry, term
):
    chunks = [chunk(definition, 0, 0), chunk(clause, 3, 4000)]
    context = {"agreement_date": "2016-06-30", "effective_date": "2016-06-30"}
    extractor = RuleExtractor(SHIPPED, learned=False)
    assert extractor.extract(EXPIRATION, chunks, context=context).value == expiry
    assert extractor.extract(TERM_FIELD, chunks).value == term


@pytest.mark.parametrize("definition, clause, expiry", [
    ("", "9.1 This Agreement shall remain in effect until the third anniversary of the Launch "
     "Date.", "perpetual"),
    ('"Closing Date" means the date on which the Closing occurs.',
     "4. Term. This Agreement shall continue until the second anniversary of the Closing Date.",
     "perpetual"),
    (_CLOSING_ON_ITS_DATE,
     "7. Non-Solicitation. Until the second anniversary of the Closing Date, Seller shall not "
     "solicit any employee of Buyer.", None),
])
def test_an_anniversary_of_an_undated_event_or_of_a_covenant_ends_no_agreement(
    definition, clause, expiry
):
    chunks = [chunk(definition or "Recitals.", 0, 0), chunk(clause, 3, 4000)]
    context = {"agreement_date": "2016-06-30", "effective_date": "2016-06-30"}
    extractor = RuleExtractor(SHIPPED, learned=False)
    assert extractor.extract(EXPIRATION, chunks, context=context).value == expiry
    assert extractor.extract(TERM_FIELD, chunks).value is None


@pytest.mark.parametrize("preamble, clause, effective", [
    ('This Amended and Restated Supply Agreement is dated as of April 4, 2022 (the "Restatement '
     'Date") between Orlan Mills Inc. and Bracken Foods LLC.',
     "9.1 Term. The term of this Agreement began on the Restatement Date and continues through "
     "March 31, 2027.", "2022-04-04"),
    ('This Amended and Restated Franchise Agreement is made on 20 May 2019 between Holloway Grills '
     "LLC and Kestrel Foods Pty Ltd, and restates the Original Agreement with effect from the "
     "date of this Agreement.",
     "2.1 Term. The Term commenced on 1 July 2011 under the Original Agreement and ends on 30 "
     "June 2026.", "2019-05-20"),
    ("This Amended and Restated Agency Agreement is made as of June 12, 2020 between Pellham "
     "Travel Inc. and Ashby Tours Ltd.",
     "5. Term. The term of the Existing Agreement commenced on October 1, 2014, and the parties "
     "wish to continue it on the terms of this Agreement until September 30, 2025.",
     "2020-06-12"),
])
def test_a_restated_agreement_starts_on_its_own_date_not_its_predecessors(
    preamble, clause, effective
):
    result = RuleExtractor(SHIPPED, learned=False).extract(
        EFFECTIVE, [chunk(preamble, 0, 0), chunk(clause, 1, 4000)],
        context={"agreement_date": effective},
    )
    assert result.value == effective
    # read as its start, not only as the day it is dated
    assert any(c["kind"] == "effective" and c["value"] == effective for c in result.candidates)


_RESTATED_ON_ITS_DATE = (
    "THIS AMENDED AND RESTATED SUPPLY AGREEMENT is made on 3 April 2020 between Kestrel Mill "
    "Foods Ltd and Orchard Vale Bakeries Ltd."
)
_RESTATES_WITH_EFFECT = (
    "B. The parties wish to amend and restate the Original Agreement in its entirety, with "
    "effect from the date of this Agreement."
)


@pytest.mark.parametrize("clause, effective", [
    ("2.1 The term of this Agreement commenced on 1 July 2014 under the Original Agreement and "
     "ends on 30 June 2026.", "2020-04-03"),
    ("2.1 The Term of the Original Agreement commenced on 1 July 2014 and this Agreement "
     "continues it until 30 June 2026.", "2020-04-03"),
    # this agreement's own start keeps its sentence's cues
    ("2.1 The term of this Agreement shall commence on 1 May 2020 and end on 30 June 2026.",
     "2020-05-01"),
])
def test_the_predecessors_start_takes_no_bonus_from_its_sentences_cues(clause, effective):
    """The sentence "The term of this Agreement commenced on <date> under the Original
    Agreement" speaks of a term's start, but its date is the predecessor's: ranked first, in the
    TERM section, it still loses to the restatement's own date in a recital ranked low."""
    chunks = [
        chunk(clause, 5, 4000, section=("2. TERM",)),
        chunk(_RESTATED_ON_ITS_DATE, 0, 0),
        chunk("3.1 The Supplier shall deliver the Products to the Buyer's depots.", 6, 5000,
              section=("3. SUPPLY",)),
        chunk("18.1 This Agreement is governed by the laws of Victoria.", 9, 9000,
              section=("18. GOVERNING LAW",)),
        chunk(_RESTATES_WITH_EFFECT, 2, 1500, section=("RECITALS",)),
    ]
    result = RuleExtractor(SHIPPED).extract(
        EFFECTIVE, chunks, context={"agreement_date": "2020-04-03"}
    )
    assert result.value == effective, result.candidates[:3]
