"""A date the contract declares its effective date ("This Agreement is effective as of <date>",
'<date> (the "Effective Date")', '"Effective Date" means <date>') outranks the preamble's
"entered into / dated / made as of" date: that is the day it was made. Train labels the
declared date in all 11 of its contracts that state both. Invented contracts only."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from tests.unit.test_rule_extractor import EFFECTIVE, SHIPPED, chunk

PARTIES = " by and between Alder Coast Logistics Inc. and Pinecrest Freight LLC."


def _effective(preamble: str, body: str, section: str) -> str | None:
    """effective_date read from the preamble's opening chunk and one body chunk."""
    chunks = [chunk(preamble, 0, 0), chunk(body, 3, 3000, section=(section,))]
    result = RuleExtractor(SHIPPED).extract(EFFECTIVE, chunks)
    return result.value if result.status == "found" else None


@pytest.mark.parametrize(("preamble", "body", "section"), [
    ("This Services Agreement is entered into as of May 4, 2021" + PARTIES,
     "This Agreement is effective as of June 1, 2021, the day the first load is tendered.",
     "1. Effectiveness"),
    ('This Services Agreement (the "Agreement") is dated as of May 4, 2021' + PARTIES,
     '2. Term. The Services shall commence on June 1, 2021 (the "Effective Date") and continue '
     "for twelve (12) months.", "2. Term"),
    ("This Services Agreement is made as of May 4, 2021" + PARTIES,
     '"Effective Date" means June 1, 2021. "Load" means a shipment tendered under this '
     "Agreement.", "1. Definitions"),
    ("This Services Agreement is entered into as of the 4th day of May, 2021" + PARTIES,
     'The term of this Agreement shall commence on June 1, 2021 (the "Effective Date") and end '
     "on May 31, 2023.", "3. Term"),
    ("THIS AGREEMENT is made on 4 May 2021" + PARTIES,
     "This Agreement becomes effective on 1 June 2021 and continues until terminated.",
     "2. Commencement"),
    ("This Services Agreement is entered into as of May 4, 2021" + PARTIES,
     "This Agreement shall be effective as of June 1, 2021.", "2. Term"),
])
def test_a_declared_effective_date_outranks_the_preambles_date(preamble, body, section):
    assert _effective(preamble, body, section) == "2021-06-01"


@pytest.mark.parametrize(("preamble", "body", "section"), [
    # the preamble's date is the one declared
    ('This Services Agreement is entered into as of May 4, 2021 (the "Effective Date")' + PARTIES,
     "2. Term. The Services shall commence on June 1, 2021 and continue for twelve (12) months.",
     "2. Term"),
    # the later date takes something else effective, or is another defined day
    ("This Services Agreement is entered into as of May 4, 2021" + PARTIES,
     "The price list attached as Schedule B is effective as of June 1, 2021.", "5. Prices"),
    ("This Services Agreement is entered into as of May 4, 2021" + PARTIES,
     '"Launch Date" means June 1, 2021. "Load" means a shipment tendered under this Agreement.',
     "1. Definitions"),
    ("This Services Agreement is entered into as of May 4, 2021" + PARTIES,
     "The Carrier's insurance policy is effective as of June 1, 2021 (the \"Policy Date\").",
     "6. Insurance"),
])
def test_the_preambles_date_stays_where_no_other_date_is_declared(preamble, body, section):
    assert _effective(preamble, body, section) == "2021-05-04"
