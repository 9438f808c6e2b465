"""notice_period_to_terminate_renewal read with its shipped YAML: the notice that stops the
agreement's renewal, not an insurer's notice of a policy's cancellation or non-renewal."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from tests.unit.test_rule_extractor import NOTICE, SHIPPED, TERM, chunk, read_one

INSURANCE = (
    "9. Insurance. The Supplier shall keep product liability insurance of at least two million "
    "dollars. Each policy shall require the insurer to tell the insured party in writing at "
    "least forty-five (45) days before any cancellation, non-renewal or material reduction of "
    "the cover."
)


def test_an_insurance_notice_of_non_renewal_is_not_the_answer():
    result = RuleExtractor(SHIPPED).extract(NOTICE, [chunk(INSURANCE, 3, 2000)])
    assert result.status == "not_found", result.value


def test_the_agreements_notice_wins_over_an_insurance_notice_ranked_above_it():
    chunks = [chunk(INSURANCE, 3, 2000, score=1.0), chunk(TERM, 5, 4000, score=0.8)]
    result = RuleExtractor(SHIPPED).extract(NOTICE, chunks)
    assert (result.value, result.raw) == ("P90D", "ninety (90) days")


def test_a_notice_before_the_expiration_of_the_original_term():
    text = ("This Agreement runs for two (2) years and renews once for one (1) year unless a "
            "party objects. Such notice must be given sixty (60) days prior to expiration of "
            "the original term.")
    result = read_one(NOTICE, text)
    assert (result.value, result.raw) == ("P60D", "sixty (60) days")


OPT_IN_RENEWALS = [
    ("The Distributor may extend this Agreement for one additional term of three (3) years. "
     "To exercise this renewal option, the Distributor shall notify the Supplier in writing no "
     "later than ninety (90) days prior to the expiration of the Initial Term."),
    ("The initial term of this Agreement shall continue for five (5) years. Beginning six (6) "
     "months prior to the expiration of the Initial Term, the parties shall negotiate in good "
     "faith the terms of any renewal."),
    ("If either party wishes to extend the Term, it shall give the other party written notice "
     "at least sixty (60) days prior to the expiration of the Term."),
    ("The Sponsor shall have the option to extend the Term for one (1) further period of two (2) "
     "years by giving written notice of its election no later than ninety (90) days prior to the "
     "expiration of the Term."),
]


def test_a_notice_that_takes_up_a_renewal_option_is_not_one_that_stops_a_renewal():
    for text in OPT_IN_RENEWALS:
        result = read_one(NOTICE, text)
        assert result.status == "not_found", (text, result.value)


def test_the_stop_notice_is_still_read_beside_an_opt_in_clause():
    chunks = [chunk(OPT_IN_RENEWALS[0], 3, 2000, score=1.0), chunk(TERM, 5, 4000, score=0.8)]
    result = RuleExtractor(SHIPPED).extract(NOTICE, chunks)
    assert (result.value, result.raw) == ("P90D", "ninety (90) days")


@pytest.mark.parametrize(("text", "value"), [
    ("12. Termination. Either party may terminate this Agreement at the end of the Initial "
     "Term or of any renewal term upon forty-five (45) days written notice to the other party.",
     "P45D"),
    ("12. Termination. After the Initial Term, each party may end this Agreement for "
     "convenience by a written notice of not less than two (2) months.", "P2M"),
    ("12. Renewal. Unless the Licensee tells the Licensor at least four (4) months before the "
     "expiration date that it wants this Agreement to end, it shall continue for one more "
     "year.", "P4M"),
])
def test_a_notice_that_ends_the_agreement_when_its_term_ends(text, value):
    result = read_one(NOTICE, text)
    assert result.value == value


def test_a_cure_period_that_ends_at_the_end_of_such_period_is_no_renewal_notice():
    text = ("8.1 Either party may terminate this Agreement upon written notice if the other "
            "party fails to cure a breach within thirty (30) days following written notice, "
            "provided that the failure remains uncured at the end of such period.")
    result = read_one(NOTICE, text)
    assert result.status == "not_found", result.value


@pytest.mark.parametrize("text", [
    # one side may extend, the notice told between "may" and the verb
    ("7.2 Extension. The Purchaser may, by written notice to the Vendor, given no later than "
     "forty-five (45) days prior to the end of the then-current term, extend the term by a "
     "further year."),
    # one side elects to seek an extension
    ("The Agent shall have the right, by written notice given at least three (3) months prior to "
     "the end of the initial term, to tell the Owner that it elects to seek to extend the term "
     "for further two (2)-year periods."),
])
def test_a_notice_of_an_extension_a_party_may_choose_is_no_notice_to_stop_a_renewal(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", (result.value, result.candidates[:2])


def test_a_party_that_may_elect_not_to_renew_gives_the_stop_notice():
    text = ("This Agreement renews for one (1) year periods, but either party may elect not to "
            "renew by written notice given seventy-five (75) days prior to the end of the "
            "then-current term.")
    result = read_one(NOTICE, text)
    assert (result.value, result.raw) == ("P75D", "seventy-five (75) days")


@pytest.mark.parametrize(("text", "value"), [
    # a party that "does not wish to renew" gives the stop notice (one that wishes to renew
    # takes up an option)
    ("14.1 The Term renews by itself unless either Party tells the other Party, not less than "
     "ninety (90) days prior to the end of the Initial Term or any Renewal Term, that it does not "
     "wish to renew.", "P90D"),
    # the notice of non-renewal is given "within" a period of the end
    ("14.1 The Term renews by itself unless a Party serves written notice of non-renewal within "
     "sixty days of the end of the Term.", "P60D"),
])
def test_a_notice_that_it_does_not_wish_to_renew_stops_the_renewal(text, value):
    result = read_one(NOTICE, text)
    assert result.value == value, result.candidates[:2]


@pytest.mark.parametrize(("text", "value"), [
    # a party "prevents renewal" by its notice
    ("The Agreement renews every two years. Either party may prevent renewal by giving written "
     "notice to the other party not less than six months before the renewal date.", "P6M"),
    # the English form: the agreement "continues for further periods ... unless terminated"
    ("This Agreement shall continue in force for further periods of one year unless terminated "
     "by either Party on giving not less than three months' notice in writing to expire at the "
     "end of the initial period or any subsequent anniversary.", "P3M"),
])
def test_a_notice_that_prevents_the_renewal_or_ends_further_periods(text, value):
    result = read_one(NOTICE, text)
    assert (result.status, result.value) == ("found", value)


@pytest.mark.parametrize(("text", "value"), [
    ("This Agreement shall renew automatically for successive one year terms unless either party "
     "gives notice of non-renewal not less than sixty (60) days and not more than one hundred "
     "twenty (120) days prior to the end of the then current term.", "P60D"),
    ("This Agreement renews for successive one-year terms unless a party gives written notice of "
     "non-renewal not more than 180 days nor less than 90 days prior to the expiration of the "
     "then-current term.", "P90D"),
    # an upper bound alone is still the notice
    ("This Agreement renews annually unless either party gives notice of non-renewal no more "
     "than sixty (60) days prior to the end of the term.", "P60D"),
])
def test_the_least_notice_of_a_window_is_the_notice_period(text, value):
    result = read_one(NOTICE, text)
    assert (result.status, result.value) == ("found", value)


@pytest.mark.parametrize("text", [
    # an insurance clause that names no policy in its own sentence
    "No cancellation, non-renewal or reduction shall be effective without thirty (30) days prior "
    "written notice to the Licensor.",
    # a renewal both parties must agree to
    "After the Initial Term, this Agreement may only be renewed if both parties agree in writing "
    "at least thirty (30) days before the expiration of the Initial Term.",
    "This Agreement may be renewed for additional one-year periods if the parties so agree in "
    "writing no later than sixty (60) days prior to the expiration of the then-current term.",
])
def test_no_stop_notice_in_an_insurance_or_agreed_renewal_clause(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", result.value


# an agreement that goes on from year to year (or month to month) until a party stops it: the
# notice that stops it is the notice to end the renewal, though no word "renew" is there
YEAR_TO_YEAR_STOPS = [
    ("Thereafter the contract shall continue in effect from year to year unless either party "
     "gives the other written notice of termination at least sixty (60) days before the end of "
     "the then current year.", "P60D"),
    ("After the first period this Agreement stays in force from year-to-year, unless one party "
     "notifies the other in writing not less than three (3) months before the end of any "
     "year.", "P3M"),
    ("Following the initial period, the lease continues from month to month until either party "
     "gives thirty (30) days' written notice to the other.", "P30D"),
]


@pytest.mark.parametrize(("text", "notice"), YEAR_TO_YEAR_STOPS)
def test_the_notice_that_ends_a_year_to_year_continuation(text, notice):
    result = read_one(NOTICE, text)
    assert result.value == notice, result.raw


# the notice stated in the sentence after an automatic renewal, its own sentence naming no renewal
NEXT_SENTENCE_STOPS = [
    ("This Agreement shall automatically renew for successive one (1) year terms. To end it, "
     "the Licensee shall deliver six (6) months' prior written notice of termination to the "
     "Licensor.", "P6M"),
    ("Upon expiry of the initial term, this Agreement shall renew automatically for consecutive "
     "terms of one (1) year. Either party may terminate this Agreement with effect from the end "
     "of any such term by giving not less than three (3) months' written notice to the other "
     "party.", "P3M"),
    # "for any reason other than breach": the notice given without cause
    ("Thereafter the Agreement shall renew automatically for further terms of two (2) years each. "
     "Either party wanting to end the Agreement for any reason other than breach shall give the "
     "other party twelve (12) weeks' written notice of its intention to terminate.", "P12W"),
]


@pytest.mark.parametrize(("text", "notice"), NEXT_SENTENCE_STOPS)
def test_the_notice_in_the_sentence_after_an_automatic_renewal(text, notice):
    result = read_one(NOTICE, text)
    assert result.value == notice, result.raw


@pytest.mark.parametrize("text", [
    "This Agreement shall automatically renew for successive one-year periods. Either party may "
    "terminate this Agreement for convenience at any time upon thirty (30) days' written notice.",
    "This Agreement shall automatically renew for successive one-year periods. Either party may "
    "terminate this Agreement upon written notice if the other party commits a material breach "
    "that remains uncured for thirty (30) days after notice.",
    "This Agreement shall automatically renew for successive one-year periods. Either party may "
    "terminate this Agreement upon written notice if the other party becomes insolvent, and in any "
    "event within ten (10) days after it learns of the insolvency.",
])
def test_no_stop_notice_after_a_renewal_for_a_breach_or_at_will(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", result.value


# the notice given "ahead of" the expiry, or before the "last day" of the term, that the agreement
# is not to renew: the same notice as one given "prior to the expiration"
AHEAD_OR_LAST_DAY_STOPS = [
    ("After the Initial Term, the Agreement renews automatically for successive terms of twelve "
     "(12) months each, unless either party tells the other in writing, no less than ninety (90) "
     "days ahead of the expiry of the then-current term, that it is not to renew.", "P90D"),
    ("The Agreement shall be automatically extended for further periods of two (2) years unless "
     "a party informs the other party at least six (6) months ahead of the expiration of the "
     "then-current period that it does not want it extended.", "P6M"),
    ("After the first year, this Agreement renews by itself for consecutive periods of one (1) "
     "year each, unless either Party notifies the other in writing of its decision not to "
     "renew at least sixty (60) days before the last day of the Initial Term or the then-current "
     "renewal period.", "P60D"),
    ("The Term shall be extended automatically for successive twelve (12) month periods unless "
     "the Customer advises the Supplier, not less than three (3) months prior to the last day of "
     "the current period, that the Term is not to be extended.", "P3M"),
]


@pytest.mark.parametrize(("text", "notice"), AHEAD_OR_LAST_DAY_STOPS)
def test_a_notice_ahead_of_the_expiry_or_before_the_last_day_of_the_term(text, notice):
    result = read_one(NOTICE, text)
    assert result.value == notice, result.candidates[:2]


@pytest.mark.parametrize("text", [
    # a deadline before the last day of each month recurs: no notice to stop a renewal
    "This Agreement renews automatically each year. The Distributor shall submit a rolling "
    "forecast at least thirty (30) days before the last day of each calendar month.",
    # a notice that takes up an extension
    "If the Licensee wishes to extend the Term, it shall notify the Licensor at least six (6) "
    "months ahead of the expiry of the Initial Term.",
])
def test_no_stop_notice_before_a_months_last_day_or_to_take_up_an_extension(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", result.value


# a notice in years that stops a renewal: the year weight (a notice is mostly days or months)
# gives way where the stop is said first and the notice is given before the term ends
@pytest.mark.parametrize(("text", "notice"), [
    ("This Lease renews by itself for further periods of five (5) years unless either party "
     "gives notice of non-renewal at least one (1) year before the expiration of the "
     "then-current term.", "P1Y"),
    ("The Agreement shall renew for further terms of ten years unless either party gives the "
     "other written notice of its intention not to renew at least two years prior to the end of "
     "the then-current term.", "P2Y"),
    ("The concession renews for successive two-year terms unless either party gives one (1) "
     "year's prior written notice before the expiration of the then-current term.", "P1Y"),
])
def test_a_notice_in_years_that_stops_a_renewal(text, notice):
    result = read_one(NOTICE, text)
    assert result.value == notice, result.candidates[:2]


@pytest.mark.parametrize("text", [
    # a notice in years to take up a renewal
    "The Franchisee may renew the franchise for one further term of ten (10) years. Should the "
    "Franchisee choose to renew, it must say so in writing between three (3) years and two (2) "
    "years prior to the end of the original term.",
    # a notice of what may lead to a refusal to renew
    "This Agreement shall renew for successive terms of five (5) years. Not less than two (2) "
    "years prior to the end of the original term, the Franchisor shall tell the Franchisee in "
    "writing of any shortcomings that could lead it not to renew this Agreement.",
])
def test_no_notice_in_years_to_take_up_a_renewal_or_of_shortcomings(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", result.value


SCHEDULE_LINES = (
    "SCHEDULE\nCommencement Date: 1 June 2019\nInitial Term: 3 years\nNotice Period: 6 months\n"
    "Site: Unit 4, Fenwick Trading Estate\n"
)


@pytest.mark.parametrize(("clause", "notice"), [
    ("2. Term. This Agreement continues for the Initial Term. Thereafter it shall renew for "
     "successive periods of one (1) year unless either party notifies the other in writing, at "
     "least the Notice Period before the end of the Initial Term, that it does not wish the "
     "Agreement to renew.", "P6M"),
    ("2. Term and renewal. This agreement continues for the Initial Term. It is then renewed for "
     "one year, and again at the end of each year, unless either party gives the other notice of "
     "non-renewal at least the Notice Period before the end of the period then current.", "P6M"),
])
def test_a_schedules_notice_period_named_by_the_renewal_clause(clause, notice):
    chunks = [chunk(clause, 2, 300, score=1.0), chunk(SCHEDULE_LINES, 6, 3000, score=0.4)]
    result = RuleExtractor(SHIPPED).extract(NOTICE, chunks)
    assert (result.value, result.raw) == (notice, "6 months")


@pytest.mark.parametrize("clause", [
    # the label names a notice to end the agreement at will, not one that stops a renewal
    "2. Termination. Either party may end this Agreement for convenience by serving the Notice "
    "Period in writing on the other.",
    "2. Term. This Agreement remains in effect for the Initial Term and then expires. Customer may "
    "terminate it on written notice given at least the Notice Period in advance.",
])
def test_no_stop_notice_from_a_label_the_clause_uses_for_another_notice(clause):
    chunks = [chunk(clause, 2, 300, score=1.0), chunk(SCHEDULE_LINES, 6, 3000, score=0.4)]
    result = RuleExtractor(SHIPPED).extract(NOTICE, chunks)
    assert result.status == "not_found", result.value


@pytest.mark.parametrize("text", [
    ("3.2 The Customer may, by notice given at least nine (9) months before the end of the term, "
     "request the Supplier to propose terms for a further period, but neither party shall be "
     "obliged to agree to any extension."),
    ("3.2 No later than six months prior to the expiry of the Initial Term, the Licensee may "
     "request an extension of this Agreement in writing."),
    ("3.2 Either party may, not less than one hundred and twenty (120) days before the end of "
     "the term, propose a renewal of this Agreement on revised terms."),
    ("3.2 The Agent may seek an extension of the term by written notice given no less than "
     "three months prior to the end of the term."),
])
def test_a_notice_that_asks_for_an_extension_is_no_notice_to_stop_a_renewal(text):
    result = read_one(NOTICE, text)
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "value"), [
    # a request that the agreement not renew, or that it end, is the stop notice itself
    ("6.1 The term renews every year unless a party asks the other in writing, no less than "
     "ninety (90) days before the renewal date, that it not be renewed.", "P90D"),
    ("6.1 The term renews every two years unless one of the parties requests, by notice of at "
     "least four (4) months, that it shall not be renewed.", "P4M"),
    ("This Agreement renews automatically for one-year periods unless either party requests "
     "termination by written notice at least sixty (60) days before the renewal date.", "P60D"),
    # "the proposed renewal date" proposes nothing
    ("This Agreement renews for one-year periods unless either party gives notice of "
     "non-renewal at least thirty (30) days before the proposed renewal date.", "P30D"),
])
def test_a_request_that_the_agreement_not_renew_is_the_stop_notice(text, value):
    assert read_one(NOTICE, text).value == value
