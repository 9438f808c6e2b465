"""expiration_date read with its shipped YAML: a period of something else the contract measures
(benefits, severance, royalties, a calendar quarter, a restrictive covenant) is not the
agreement's term, so no expiry is computed from it."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from tests.unit.test_rule_extractor import EXPIRATION, SHIPPED, chunk


def _expiry(text: str, *, effective_date: str):
    """expiration_date read from one chunk of ``text``, the effective date given as context."""
    return RuleExtractor(SHIPPED).extract(
        EXPIRATION, [chunk(text, 7, 6000)], context={"effective_date": effective_date}
    )

OTHER_PERIODS = [
    "If the Company ends your employment without cause, it shall continue to provide you with "
    "the health benefits described above for nine (9) months.",
    "Calendar Quarter means each three (3) month period commencing on the first day of January, "
    "April, July or October.",
    "During the Term and for one (1) year thereafter, the Consultant shall not solicit any "
    "employee of the Client.",
    "During the term of employment and for twelve (12) months thereafter, the Manager shall not "
    "compete with the Company.",
    # periods that run after the agreement ends
    "The Reseller may sell off its remaining stock for up to six (6) months after such "
    "termination.",
    "The Client may keep using the hosted reports for nine (9) months from the effective date "
    "of such termination.",
    # ... long enough to be a term, but counted from its end
    "To wind down its service contracts the Distributor gets up to twenty-four (24) months "
    "after the termination of this Agreement.",
    "The licence to archived copies continues for two (2) years following the expiration of "
    "this Agreement.",
    # a restrictive covenant's period after employment or the relationship ends or ceases: an
    # employee agreement that states no end of its own has no expiry (Kleister-NDA and CUAD
    # employment agreements leave these empty)
    "During the twelve (12) month period after my employment ends, I will give a copy of this "
    "Agreement to any new employer.",
    "The restrictions in this Section 6 shall remain in effect for twelve (12) months after my "
    "employment ends.",
    "This covenant shall continue for a period of one (1) year after the Employee ceases to be "
    "employed by the Company.",
    "My obligations under Section 4 shall remain in force for a period of three (3) years after "
    "the cessation of my employment.",
]


@pytest.mark.parametrize("text", OTHER_PERIODS)
def test_no_expiry_from_another_period(text):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize("text, expiry", [
    ("7. Term. The obligations of each Party under this Agreement shall remain in effect for a "
     "period of two (2) years from the date of this Agreement, after which this Agreement shall "
     "be of no further force or effect.", "2018-03-01"),
    ("This Agreement remains in force for a period of two (2) years from the date of this "
     "Agreement, at which time it shall automatically lapse.", "2018-03-01"),
    ("The Agreement shall be binding for a period of two (2) years from the date hereof, "
     "whereupon this Agreement shall become null and void.", "2018-03-01"),
])
def test_a_clause_on_what_follows_the_period_is_no_covenant(text, expiry):
    """"..., after which this Agreement shall be of no further force": the agreement's own end,
    not a standstill that binds for the period."""
    assert _expiry(text, effective_date="2016-03-01").value == expiry


def test_the_agreements_own_term_still_gives_the_expiry():
    text = "This Agreement shall remain in force for two (2) years from the Effective Date."
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == "2018-03-01"


def test_thereafter_after_the_start_is_no_renewal():
    """"commence on the Effective Date and continue thereafter for N months": the period is the
    initial term itself, not a renewal that follows one."""
    text = (
        "The Supplier's engagement under this Agreement starts on its Effective Date and will "
        "continue thereafter for eighteen (18) months (the \"Initial Period\")."
    )
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == "2017-09-01", (result.value, result.candidates[:2])


def test_a_start_date_named_after_the_period_is_the_one_it_runs_from():
    """A sentence naming two dates: the period runs from the one named right after it."""
    text = (
        "A set-up phase shall run from June 2, 2011, and the service phase of this Agreement "
        "shall be for thirty (30) months commencing on the planned go-live date of September 1, "
        "2011, unless terminated sooner."
    )
    result = _expiry(text, effective_date="2011-06-02")
    assert result.value == "2014-03-01", (result.value, result.candidates[:2])


TERM_OF_THREE_YEARS = (
    "This Agreement shall remain in force for three (3) years from the Effective Date. "
)


@pytest.mark.parametrize(
    "text",
    [
        "Phase I of this Agreement will commence on March 3, 2014 and shall end on October 31, "
        "2014; Phase II will commence on November 1, 2014 and end on June 30, 2015.",
        "The Supplier may ship the Pilot Units during the period June 9, 2014 through "
        "August 15, 2014, in addition to the quantities agreed in this Agreement.",
        "The pilot runs for the period beginning on April 4, 2014 and ending on "
        "December 1, 2014, during which this Agreement applies to a single store.",
    ],
)
def test_the_end_of_a_phase_or_period_inside_the_agreement_is_no_expiry(text):
    result = _expiry(TERM_OF_THREE_YEARS + text, effective_date="2014-03-03")
    assert result.value == "2017-03-03", (result.value, result.candidates[:2])


def test_a_term_defined_as_a_period_from_the_effective_date_keeps_its_end():
    text = (
        '"Term" means the period commencing on the Effective Date and ending on '
        "December 31, 2019, unless this Agreement is terminated earlier."
    )
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == "2019-12-31", (result.value, result.candidates[:2])


@pytest.mark.parametrize(
    ("renewal", "renewal_end"),
    [
        ("This Agreement shall continue in effect from year to year thereafter, if the Board "
         "approves each continuance.", "2016-04-01"),
        ("At the end of such eighteen (18)-month extension this Agreement shall expire.",
         "2016-10-01"),
    ],
)
def test_a_period_that_names_a_renewal_is_no_initial_term(renewal, renewal_end):
    """No expiry is computed from the renewal (from the effective date: the sentence does not
    count from signing), and the initial term's gives the answer."""
    text = (
        "This Agreement starts on the date of execution by both sides and stays in effect for "
        "a period of three (3) years. " + renewal
    )
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION,
        [chunk(text, 7, 6000)],
        context={"effective_date": "2015-04-01", "agreement_date": "2015-03-01"},
    )
    assert result.value == "2018-03-01", (result.value, result.candidates[:2])
    assert renewal_end not in [c["value"] for c in result.candidates]


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("The Hosting Agreement starts on the Effective Date and shall extend for a period of "
         "four (4) years afterwards, unless ended sooner under Article 9.", "2020-03-01"),
        ("Unless ended sooner under Article 9, this Hosting Agreement shall extend until the "
         "three (3) year anniversary of the Effective Date.", "2019-03-01"),
    ],
)
def test_a_term_that_extends_for_a_period_is_the_term_not_a_renewal(text, end):
    """"shall extend for a period of N years" and "shall extend until the N year anniversary"
    say how long the agreement runs: the period is its term, not a renewal after one."""
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


@pytest.mark.parametrize(
    "text",
    [
        "The introductory discount on hosting fees shall expire on June 30, 2018, after which "
        "list prices apply.",
        "Vouchers issued to members may not be redeemed later than November 15, 2019.",
    ],
)
def test_a_date_that_ends_something_else_is_no_expiry(text):
    """An expiry cue whose sentence names neither the agreement, its term, a contract or a
    licence nor an end-date label ends something else: a discount, a voucher."""
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("This Agreement shall expire on June 30, 2018 unless renewed in writing.", "2018-06-30"),
        ("SCHEDULE A\n\nStart Date: March 1, 2016\nTermination Date: June 30, 2018", "2018-06-30"),
    ],
)
def test_an_expiry_that_names_the_agreement_or_an_end_date_label_stays(text, end):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "end"), [
    ("The Rights Period starts on 1 September 2024 and ends on 31 August 2027. This Agreement "
     "ends automatically at the end of the Rights Period.", "2027-08-31"),
    ("The Exploitation Period commences on 1 April 2023 and expires on 31 March 2029. This "
     "Agreement shall automatically terminate on the expiry of the Exploitation Period.",
     "2029-03-31"),
    ("The Sponsorship Period runs from January 1, 2024 through December 31, 2026. This "
     "Agreement shall expire at the end of the Sponsorship Period.", "2026-12-31"),
    ("Upon expiry of the Merchandising Period this Agreement shall terminate automatically. "
     "The Merchandising Period shall begin on 1 July 2023 and shall end on 30 June 2028.",
     "2028-06-30"),
    ("3. Broadcast Period. The Broadcast Period starts on 1 September 2023 and ends on 31 May "
     "2026.\n\n4. Term. The term of this Agreement shall be the Broadcast Period.", "2026-05-31"),
])
def test_the_end_of_a_defined_period_the_agreement_runs_for_is_its_expiry(text, end):
    """A defined period with its own start and end in running text, the agreement's term tied
    to it in the sentence next to it (media, sponsorship and licence agreements)."""
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


@pytest.mark.parametrize("text", [
    "The Warranty Period starts on April 1, 2023 and ends on March 31, 2025. The Supplier shall "
    "repair any defect notified under this Agreement during the Warranty Period.",
    "The first Payment Period starts on 1 February 2024 and ends on 30 April 2024. Fees under "
    "this Agreement shall be paid within the Payment Period.",
    "The Review Period begins on July 1, 2023 and ends on September 30, 2023. Either party may "
    "terminate this Agreement by written notice given during the Review Period.",
])
def test_the_end_of_a_period_the_agreement_only_acts_in_is_no_expiry(text):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "end"), [
    ('"Licence Period" means the three (3) year period from the Start Date to 30 June 2017, '
     "unless ended sooner under Clause 12.", "2017-06-30"),
    ("The term of this Agreement shall be four (4) years following the opening of the first "
     "store, but in no event later than October 31, 2019.", "2019-10-31"),
])
def test_a_period_capped_by_a_date_ends_on_that_date(text, end):
    """A date the period runs to or is capped by is its end, not a start to count from."""
    result = _expiry(text, effective_date="2014-07-01")
    assert result.value == end, result.raw


@pytest.mark.parametrize("defined", ["Term", "Expiration Date", "Termination Date"])
def test_a_date_named_as_the_end_of_the_term_beats_other_end_dates(defined):
    """A date the text names as the term's end ("expire on <date> (the "Term")") over a date
    at which the agreement might end early ("terminated ... prior to <date>"), even where that
    one sits in a better-ranked chunk of the term section."""
    early_end = (
        "14.2 Should this Agreement be terminated by the Buyer for any reason prior to "
        "January 31, 2026, the Buyer shall pay the Supplier every invoice then open."
    )
    named_end = (
        "The licences granted under this Agreement take effect on the Effective Date and "
        f"shall expire on March 31, 2026 (the \u201c{defined}\u201d)."
    )
    chunks = [chunk(early_end, 9, 7000, section=("14. Term",)), chunk(named_end, 2, 1200, 0.8)]
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION, chunks, context={"effective_date": "2023-04-01"}
    )
    assert result.value == "2026-03-31", (result.value, result.candidates[:2])


COVENANTS = [
    "(k) During the period of two years from the date hereof, the Issuer will send the Manager "
    "a copy of each report it files after the end of a fiscal year.",
    "(f) For so long as its shares are quoted on an exchange or for four years from the date "
    "hereof, whichever period is shorter, the Issuer will deliver to the Manager its annual "
    "statements within ninety days after the end of each fiscal year.",
    "(r) Holding Company. The Issuer will not register as a holding company at any time "
    "prior to the expiration of two (2) years after the date of this Agreement.",
]
NOTICES = "(s) Notices. Every notice to the Manager goes to its office in Portland, Maine."


@pytest.mark.parametrize("text", COVENANTS)
def test_a_period_that_opens_or_bounds_a_covenant_gives_no_expiry(text):
    """A reporting or regulatory covenant retrieved second, below another clause."""
    chunks = [chunk(NOTICES, 6, 5800), chunk(text, 7, 6000, 0.8)]
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION, chunks, context={"agreement_date": "2012-04-02"}
    )
    assert result.status == "not_found", (result.value, result.candidates[:2])


def test_a_period_from_the_date_hereof_that_ends_the_agreement_still_gives_the_expiry():
    text = "This Agreement will expire three (3) years from the date hereof, unless renewed."
    chunks = [chunk(NOTICES, 6, 5800), chunk(text, 7, 6000, 0.8)]
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION, chunks, context={"agreement_date": "2012-04-02"}
    )
    assert result.value == "2015-04-02"


@pytest.mark.parametrize(("text", "end"), [
    # a term shorter than a year, when the agreement itself is said to run for it
    ("The term of this Agreement shall commence on the Effective Date and continue for "
     "eight (8) months.", "2016-11-01"),
    ("This pilot agreement shall commence on March 1, 2016 and shall continue in effect for "
     "four (4) months (the \"Trial Term\").", "2016-07-01"),
    # a notice that ends what follows the term is no sign of another period
    ("This contract shall be for a term of two years commencing on the date first written "
     "above; thereafter, it shall renew monthly until ended by either party upon at least "
     "forty-five (45) days prior written notice.", "2018-03-01"),
])
def test_a_period_the_agreement_itself_runs_for_is_its_term(text, end):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


def test_a_short_period_of_something_else_still_gives_no_expiry():
    text = ("The Supplier shall continue the pilot deliveries for five (5) months after the "
            "Effective Date.")
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize("text", [
    "Until the second anniversary of the end of the fiscal year in which the listing occurs, "
    "the Issuer shall file its quarterly reports with the Exchange.",
    "The Licensee shall, until the fifth (5th) anniversary of the date on which the Founder "
    "holds less than 5% of its shares, keep the Founder's name on its packaging.",
])
def test_an_anniversary_of_another_event_gives_no_expiry(text):
    """An anniversary of something other than the agreement's own start (a fiscal year's end,
    the day a holding drops) bounds a covenant tied to that event, not the agreement."""
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "end"), [
    ("This Agreement shall commence on the Effective Date and end on the third anniversary "
     "of the Effective Date.", "2019-03-01"),
    ("This Agreement shall terminate on the second anniversary of the date hereof.",
     "2018-03-01"),
    # the start named as the term's commencement, or as "such date" right after it
    ("The term of this Agreement shall end on the fourth anniversary of the Commencement "
     "Date.", "2020-03-01"),
    ("The term shall begin on the Effective Date and end on the fifth anniversary of such "
     "date.", "2021-03-01"),
    # the English "the date above written" / "the date set out above" (no "first")
    ("This Agreement shall expire on the second anniversary of the date above written.",
     "2018-03-01"),
    ("This Agreement shall terminate on the third anniversary of the date set out above.",
     "2019-03-01"),
])
def test_an_anniversary_of_the_agreements_start_is_still_its_expiry(text, end):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "end"), [
    ("This Agreement shall come into force on the date set out above and shall terminate on the "
     "second anniversary of that date.", "2018-03-01"),
    ("This Deed takes effect on the date of its execution and ends on the fourth anniversary of "
     "the said date.", "2020-03-01"),
    ("The Agreement shall enter into force on the date of signature by both Parties and shall "
     "remain in force until the third anniversary of that day.", "2019-03-01"),
])
def test_an_anniversary_of_that_date_after_the_agreement_starts_is_its_expiry(text, end):
    """"that date" is the start the sentence has just said the agreement starts on."""
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


def test_an_anniversary_of_that_date_after_another_day_gives_no_expiry():
    text = ("The Closing shall take place on 1 June 2019, and the Seller's covenants in this "
            "Clause 7 shall lapse on the fifth anniversary of that date.")
    result = _expiry(text, effective_date="2016-03-01")
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize("text", [
    "1. First Offer of New Sites. During the period beginning on the Effective Date and ending "
    "on December 31, 2019 (the \"Site Term\"), each Party shall first offer the other any new "
    "clinic site it finds.",
    "Should the Distributor's net sales of the Devices during the period 1 March 2017 - 28 "
    "February 2018 fall below the floor set out in this Agreement, the Supplier may end the "
    "exclusivity.",
])
def test_a_window_something_happens_during_gives_no_expiry(text):
    """A date ending the period during which something happens (an offer, a sales count) bounds
    that window, not the agreement: the agreement runs, it does not happen during a period.
    Here under a "Term" heading, as such windows often stand."""
    chunks = [chunk(text, 7, 6000, section=("12. Term and Termination",))]
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION, chunks, context={"effective_date": "2016-03-01"}
    )
    assert result.status == "not_found", (result.value, result.candidates[:2])


@pytest.mark.parametrize(("text", "end"), [
    ("2.1 This Deed shall remain in full force and effect until 9 June 2021.", "2021-06-09"),
    ("This Lease shall terminate on June 30, 2024.", "2024-06-30"),
    ("This Lease shall continue for five (5) years.", "2021-01-04"),
])
def test_a_lease_or_a_deed_names_what_expires_like_an_agreement(text, end):
    assert _expiry(text, effective_date="2016-01-04").value == end


@pytest.mark.parametrize("text", [
    "The Term starts on February 1, 2021 and expires upon the first anniversary of the date of "
    "this Agreement.",
    "The Term starts on February 1, 2021 and expires upon the first anniversary of the date "
    "hereof.",
])
def test_an_anniversary_of_signing_counts_from_signing_not_from_a_stated_start(text):
    """The sentence names another start, but the anniversary is of the day it was signed."""
    result = RuleExtractor(SHIPPED).extract(
        EXPIRATION, [chunk(text, 7, 6000)],
        context={"effective_date": "2021-02-01", "agreement_date": "2021-01-20"},
    )
    assert result.value == "2022-01-20", (result.value, result.candidates[:2])


#: an order form of labelled lines: the term's line is its own statement, though no full stop
#: ends it and the next line labels a renewal or a notice
FORM_TERMS = [
    ("Customer: Larchmont Veterinary Clinic\nEffective Date: 2016-03-01\n"
     "Initial Term: 24 months\nRenewal: automatic, for successive 12-month periods\n"
     "Notice of non-renewal: 90 days", "2018-03-01"),
    ("Supplier: Pebblebrook Courier Ltd\nStart Date: 1 March 2016\nTerm: 3 years\n"
     "Renewal Term: 1 year\nPayment Terms: net 30", "2019-03-01"),
    ("Licensee: Quarry Hill Studios\nCommencement Date: March 1, 2016\n"
     "Subscription Term: thirty-six (36) months\nRenewal Term: twelve (12) months", "2019-03-01"),
]


@pytest.mark.parametrize(("text", "end"), FORM_TERMS)
def test_a_forms_term_line_gives_the_expiry(text, end):
    result = _expiry(text, effective_date="2016-03-01")
    assert result.value == end, (result.value, result.candidates[:2])


def test_a_term_wrapped_before_its_renewal_in_prose_is_still_read():
    """Prose wrapped mid-sentence has no labelled lines: the sentence still bounds the term."""
    text = (
        "This Agreement shall continue for a term of two (2) years from the Effective Date,\n"
        "and thereafter renews for successive one (1) year\nrenewal periods unless terminated."
    )
    assert _expiry(text, effective_date="2016-03-01").value == "2018-03-01"


@pytest.mark.parametrize(("text", "end"), [
    ("The Partnership Agreement shall enter into force on 10 September 2018 and shall have a "
     "duration of three years.", "2021-09-10"),
    ("The duration of this Agreement shall be three (3) years from the Effective Date.",
     "2019-03-01"),
    ("This Contract is concluded for a duration of four years as from 1 October 2023.",
     "2027-10-01"),
])
def test_a_duration_of_the_agreement_is_its_term(text, end):
    """The civil-law drafter's "shall have a duration of", "the duration of this Agreement":
    the agreement's term, as "for a term of" is."""
    assert _expiry(text, effective_date="2016-03-01").value == end


@pytest.mark.parametrize("text", [
    "This Licence Agreement shall be effective for four (4) years from the Effective Date.",
    "This Supply Agreement is valid for four years from the Effective Date.",
])
def test_an_agreement_effective_or_valid_for_a_period_has_that_term(text):
    assert _expiry(text, effective_date="2016-03-01").value == "2020-03-01"


@pytest.mark.parametrize("text", [
    "The prices quoted are valid for two (2) years from the Effective Date.",
    "The Product warranty shall be effective for two (2) years from delivery.",
])
def test_prices_or_a_warranty_valid_for_a_period_give_no_expiry(text):
    assert _expiry(text, effective_date="2016-03-01").status == "not_found"


def test_the_duration_of_a_warranty_is_no_term():
    text = "The warranty shall have a duration of two (2) years from delivery of the Goods."
    assert _expiry(text, effective_date="2016-03-01").status == "not_found"


@pytest.mark.parametrize(("text", "context", "end"), [
    ("This Agreement commences on March 3, 2022 and shall remain in full force and effect "
     "until the end of that calendar year.", {}, "2022-12-31"),
    ("The Agreement begins once both parties sign it and will continue in force until the end "
     "of the current calendar year.", {"effective_date": "2021-05-03"},
     "2021-12-31"),
    ("This Agreement commences on the Effective Date and continues until the end of the "
     "calendar year in which the Effective Date occurs.", {"effective_date": "2021-05-03"},
     "2021-12-31"),
    ("This Agreement shall remain in effect until December 31 of the year in which it is "
     "signed.", {"effective_date": "2020-08-14"}, "2020-12-31"),
])
def test_a_term_until_the_end_of_its_own_year_ends_on_december_31(text, context, end):
    result = RuleExtractor(SHIPPED).extract(EXPIRATION, [chunk(text, 7, 6000)], context=context)
    assert result.value == end


def test_the_end_of_the_year_of_another_event_is_still_an_event():
    text = ("This Agreement shall continue in force until the end of the calendar year in which "
            "the last Product is delivered.")
    assert _expiry(text, effective_date="2020-08-14").value == "perpetual"


@pytest.mark.parametrize("text", [
    "This Agreement shall expire at 11:59 p.m. Eastern Time on December 31, 2024.",
    "This Lease shall terminate at 5:00 p.m. (New York City time) on December 31, 2024.",
    "This Agreement shall remain in effect until 11:59 p.m. PST on December 31, 2024.",
])
def test_an_expiry_at_a_time_of_day_still_names_the_agreement(text):
    """"p.m." before a time zone ends no sentence: the date stays in the sentence that names
    what expires."""
    assert _expiry(text, effective_date="2021-03-15").value == "2024-12-31"


def test_a_p_m_that_ends_a_sentence_still_ends_it():
    from intelligent_extraction.extraction.scoring import sentence_bounds

    text = "Deliveries arrive by 5:00 p.m. The Buyer pays on receipt."
    s, e = sentence_bounds(text, text.index("5:00"), text.index("5:00") + 4)
    assert text[s:e] == "Deliveries arrive by 5:00 p.m."


@pytest.mark.parametrize(("text", "end"), [
    ("The Initial Term ends on the last day of the calendar month in which the 5th anniversary "
     "of the Effective Date occurs.", "2021-03-31"),
    ("This Lease shall expire on the last day of the calendar month in which the third (3rd) "
     "anniversary of the Effective Date falls.", "2019-03-31"),
    ("This Agreement shall expire on the third (3rd) anniversary of the Effective Date.",
     "2019-03-01"),
])
def test_a_term_to_the_end_of_its_anniversarys_month_ends_on_its_last_day(text, end):
    assert _expiry(text, effective_date="2016-03-01").value == end


@pytest.mark.parametrize(("text", "expiry"), [
    ("7. This letter agreement, and your obligations under it, will end on the third anniversary "
     "of the date of this letter, except that your obligations regarding any Confidential "
     "Information that is a trade secret will continue for as long as it remains a trade secret.",
     "2016-03-01"),
    ("10. This Agreement shall remain in effect for a period of three (3) years from the Effective "
     "Date, unless earlier terminated on thirty days' notice; termination shall not relieve the "
     "Recipient of its obligations as to Confidential Information.", "2016-03-01"),
    ("This Agreement will end two (2) years after the Effective Date, except that Section 4 "
     "(Return of Confidential Information) will survive.", "2015-03-01"),
])
def test_the_agreements_end_with_a_confidential_information_carve_out_gives_the_expiry(
    text, expiry
):
    context = {"effective_date": "2013-03-01", "agreement_date": "2013-03-01"}
    result = RuleExtractor(SHIPPED).extract(EXPIRATION, [chunk(text, 7, 6000)], context=context)
    assert result.value == expiry, result.candidates[:2]


def test_a_confidentiality_period_alone_still_gives_no_expiry():
    text = (
        "The Recipient shall hold the Confidential Information in confidence for a period of "
        "five (5) years from the date of disclosure."
    )
    assert _expiry(text, effective_date="2013-03-01").status == "not_found"
