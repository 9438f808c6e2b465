"""term and renewal_term read with their shipped YAMLs from standard wordings of a contract's
lifetime and of its renewal (invented sentences)."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from tests.unit.test_rule_extractor import RENEWAL, SHIPPED, TERM_FIELD, chunk


@pytest.mark.parametrize(("text", "value"), [
    # the subject is a lease or a contract, not only "this Agreement"
    ("This Lease shall be for a term of twenty-four (24) months.", "P24M"),
    # "has an initial term of", "the initial term hereof shall be"
    ("The Agreement has an initial term of 1 year.", "P1Y"),
    ("The initial term hereof shall be six months.", "P6M"),
    # "valid for" a time
    ("This Agreement shall be valid for three (3) years.", "P3Y"),
    # an employment agreement's own term, counted from a defined "Start Date"
    ("The Manager's employment hereunder shall be for an initial term of two (2) years beginning "
     "on the Start Date, unless either party gives notice not to extend the term.", "P2Y"),
    # counted "from the date of signature"
    ("This agreement shall last for a period of 12 months from the date of signature.", "P12M"),
])
def test_a_term_stated_in_a_standard_wording(text, value):
    result = RuleExtractor(SHIPPED).extract(TERM_FIELD, [chunk(text, 4, 3000)])
    assert (result.status, result.value) == ("found", value)


def test_an_agreement_that_continues_for_further_periods_renews_for_them():
    text = ("This Agreement shall continue in force for further periods of one year unless "
            "terminated by either Party on giving not less than three months' notice.")
    result = RuleExtractor(SHIPPED).extract(RENEWAL, [chunk(text, 4, 3000)])
    assert (result.status, result.value) == ("found", "P1Y")



def test_the_initial_period_is_the_term_not_the_renewal_period_named_again_by_such():
    text = ("2.1 This agreement shall commence on 1 April 2022 and shall continue for an initial "
            "period of three years (the \"Initial Period\").\n\n2.2 This agreement shall continue "
            "in force after the Initial Period for successive periods of twelve months unless "
            "either party gives the other not less than six months' written notice to terminate "
            "at the end of the Initial Period or at the end of any such twelve month period.")
    section = ("2. COMMENCEMENT AND DURATION",)
    result = RuleExtractor(SHIPPED).extract(TERM_FIELD, [chunk(text, 4, 3000, section=section)])
    assert (result.status, result.value) == ("found", "P3Y")
