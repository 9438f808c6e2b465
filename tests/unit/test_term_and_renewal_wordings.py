"""term and renewal_term read with their shipped YAMLs from standard wordings of a contract's
lifetime and of its renewal (invented sentences)."""

from __future__ import annotations

import pytest

from tests.unit.test_rule_extractor import NOTICE, RENEWAL, TERM_FIELD, read_one


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
    # "effective for" a time
    ("This Agreement will be effective for twelve (12) months after the Effective Date.", "P12M"),
    # counted "from the date of signature"
    ("This agreement shall last for a period of 12 months from the date of signature.", "P12M"),
    # a term given with its first or last day: a lease, an appointment
    ("Landlord leases the Premises to Tenant for a term of ten (10) years commencing on "
     "October 1, 2020.", "P10Y"),
    ("The Agent's appointment is for a term of five (5) years ending on May 31, 2027.", "P5Y"),
    ("The sublease is granted for a term of 24 months starting on March 1, 2022.", "P24M"),
])
def test_a_term_stated_in_a_standard_wording(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.status, result.value) == ("found", value)


def test_an_agreement_that_continues_for_further_periods_renews_for_them():
    text = ("This Agreement shall continue in force for further periods of one year unless "
            "terminated by either Party on giving not less than three months' notice.")
    result = read_one(RENEWAL, text)
    assert (result.status, result.value) == ("found", "P1Y")


@pytest.mark.parametrize("text", [
    "After the Initial Term, this Agreement shall continue in effect until either party gives the "
    "other not less than ninety (90) days' prior written notice of termination.",
    "Thereafter, this Agreement shall remain in force until one party provides the other with at "
    "least three (3) months' written notice of termination.",
])
def test_an_agreement_that_continues_until_a_party_gives_notice_renews_perpetually(text):
    result = read_one(RENEWAL, text)
    assert (result.status, result.value) == ("found", "perpetual")


def test_the_notice_that_ends_an_open_ended_continuation_stops_its_renewal():
    text = ("Thereafter, this Agreement shall remain in force until one party provides the other "
            "with at least three (3) months' written notice of termination.")
    result = read_one(NOTICE, text)
    assert (result.status, result.value) == ("found", "P3M")


@pytest.mark.parametrize(("text", "value"), [
    ("Thereafter, this Agreement continues on a monthly basis until terminated by either party.",
     "P1M"),
    ("Thereafter, this Agreement shall continue from year to year until terminated by either "
     "party.", "P1Y"),
    ("Thereafter this Agreement shall remain in effect month to month until terminated by either "
     "party on thirty (30) days' notice.", "P1M"),
])
def test_a_continuation_that_recurs_renews_for_its_period_not_perpetually(text, value):
    result = read_one(RENEWAL, text)
    assert (result.status, result.value) == ("found", value)


@pytest.mark.parametrize(("text", "value"), [
    ("This Agreement shall have a term of one (1) year and shall thereafter be automatically "
     "renewed for a like period unless terminated by either party.", "P1Y"),
    ("The initial term of this Agreement shall be three years, and thereafter it shall "
     "automatically renew for successive like terms.", "P3Y"),
    ("This Agreement is concluded for a period of two (2) years and shall be tacitly extended for "
     "similar periods unless terminated.", "P2Y"),
])
def test_a_renewal_for_a_like_period_is_as_long_as_the_initial_term(text, value):
    result = read_one(RENEWAL, text)
    assert (result.status, result.value) == ("found", value)


def test_the_initial_period_is_the_term_not_the_renewal_period_named_again_by_such():
    text = ("2.1 This agreement shall commence on 1 April 2022 and shall continue for an initial "
            "period of three years (the \"Initial Period\").\n\n2.2 This agreement shall continue "
            "in force after the Initial Period for successive periods of twelve months unless "
            "either party gives the other not less than six months' written notice to terminate "
            "at the end of the Initial Period or at the end of any such twelve month period.")
    section = ("2. COMMENCEMENT AND DURATION",)
    result = read_one(TERM_FIELD, text, section=section)
    assert (result.status, result.value) == ("found", "P3Y")


def test_a_month_to_month_continuation_upon_expiry_of_the_initial_term_ends_by_notice():
    text = ("Upon expiration of the Initial Term, this Agreement shall continue on a "
            "month-to-month basis until either party gives thirty (30) days' written notice of "
            "termination.")
    assert read_one(RENEWAL, text).value == "P1M"
    result = read_one(NOTICE, text)
    assert (result.status, result.value) == ("found", "P30D")


def test_an_agreement_that_continues_upon_expiry_of_the_initial_term_until_ended_is_perpetual():
    text = ("Upon the expiration of the Initial Term, this Agreement shall continue in effect "
            "until terminated by either party.")
    result = read_one(RENEWAL, text)
    assert (result.status, result.value) == ("found", "perpetual")


@pytest.mark.parametrize(
    "text",
    [
        "This Agreement takes effect on 1 March 2020 and is entered into for an indefinite "
        "period. Either party may end it on four (4) months' written notice.",
        "The term of this Agreement shall begin on the Effective Date and shall continue until "
        "terminated by either party.",
    ],
)
def test_an_open_ended_agreement_has_no_term(text):
    """term.yaml's open_ended_answers: false: the labelled sets give such a contract an
    expiration of "perpetual" and no term."""
    result = read_one(TERM_FIELD, text)
    assert result.status == "not_found", result.value


def test_with_open_ended_answers_an_open_ended_agreement_answers_perpetual():
    text = ("This Agreement takes effect on 1 March 2020 and is entered into for an indefinite "
            "period.")
    config = TERM_FIELD.model_copy(update={
        "extraction": TERM_FIELD.extraction.model_copy(update={"open_ended_answers": True})
    })
    result = read_one(config, text)
    assert result.value == "perpetual"
@pytest.mark.parametrize(("text", "value"), [
    # a term stated only by the day it takes effect and the day it ends (the end day counted in
    # or not)
    ("This Agreement shall enter into force on 1 October 2015 and shall remain in force until "
     "30 September 2018.", "P3Y"),
    ("The term of this Agreement begins on February 1, 2012 and ends on January 31, 2013.",
     "P1Y"),
    ("This Contract shall take effect on 10 June 2019 and shall expire on 10 December 2020.",
     "P18M"),
])
def test_a_term_stated_by_its_two_ends_is_the_time_between_them(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.status, result.value) == ("found", value), result.candidates[:2]


def test_a_task_between_two_dates_is_no_term():
    text = ("This Agreement is dated June 1, 2020. The Consultant shall deliver the survey between "
            "July 1, 2020 and September 30, 2020.")
    assert read_one(TERM_FIELD, text).status == "not_found"


@pytest.mark.parametrize("text", [
    "Each Renewal Term shall be a term of one (1) year commencing on the expiry of the preceding "
    "term.",
    "The Employee shall not solicit customers for a term of two (2) years beginning on the date "
    "of termination.",
])
def test_a_renewal_or_a_covenant_with_its_first_day_is_not_the_term(text):
    result = read_one(TERM_FIELD, text)
    assert result.status != "found"


@pytest.mark.parametrize("text", [
    # counted from the last disclosure, a court order or the end of something: a survival
    # period or a covenant's, not how long the agreement runs (Kleister-NDA leaves these empty)
    ("The obligations hereunder shall continue for two (2) years after the date of the last "
     "disclosure of Confidential Information."),
    ("The restrictions of Section 4 shall remain in effect for twelve (12) months from the date "
     "of any court order enforcing them."),
    ("This Agreement shall terminate two (2) years after the date on which the Services "
     "Agreement expires."),
])
def test_a_period_counted_from_another_event_is_not_the_term(text):
    result = read_one(TERM_FIELD, text)
    assert result.status != "found", result.value


@pytest.mark.parametrize(("text", "value"), [
    # counted from the start, the period is the term, though the agreement's end comes later
    ("This Agreement shall remain in effect for a period of three (3) years from the Effective "
     "Date until its termination in accordance with Section 9.", "P3Y"),
    ("This Agreement will stay in force for three (3) years from the Effective Date "
     "notwithstanding any termination of the discussions.", "P3Y"),
    ("The obligations of the Receiving Party under this Agreement shall continue for two (2) "
     "years from the date hereof.", "P2Y"),
])
def test_a_period_counted_from_the_start_stays_the_term(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.status, result.value) == ("found", value)


@pytest.mark.parametrize(("text", "value"), [
    # an undertaking that is no "Agreement" runs until an anniversary of the start
    ("The Consortium shall commence on the Effective Date and shall continue until the fourth "
     "(4th) anniversary of the Effective Date, unless the Members wind it up sooner.", "P4Y"),
    ("The Partnership shall begin on the Effective Date and continue until the sixth anniversary "
     "of the Effective Date.", "P6Y"),
    # ... or for a fixed period
    ("The secondment shall begin on 3 May 2021 and shall continue for a fixed period of fourteen "
     "months, after which it ends without notice.", "P14M"),
    ("The appointment shall commence on 1 March 2021 and shall continue for a fixed term of two "
     "years.", "P2Y"),
])
def test_a_lifetime_until_an_anniversary_or_for_a_fixed_period_is_the_term(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.status, result.value) == ("found", value), result.candidates[:2]


@pytest.mark.parametrize(("text", "value"), [
    # a summary of terms' "Contract Period:" or "Agreement Period:" line
    ("KEY TERMS\n\nContract Period: Two (2) Contract Years, commencing March 1, 2021 and ending "
     "February 28, 2023.\nContract Year: Each twelve-month period during the Contract Period.\n"
     "Territory: Canada.", "P2Y"),
    ("KEY TERMS\n\nAgreement Period: twenty-four (24) months from the Effective Date.\nFee: "
     "$4,000 per month.\nNotice Address: 12 Harbor Lane, Portland, Maine.", "P24M"),
    # a lease schedule's "Base Term:" or "Lease Term:", a cover sheet's "Initial Period:"
    ("LEASE SCHEDULE NO. 3\n\nEquipment: one forklift, serial no. KL-4410\nCommencement Date: "
     "April 1, 2018\nBase Term: Thirty-Six (36) months\nMonthly Rent: $1,240.00", "P36M"),
    ("SCHEDULE NO. 2\n\nCommencement Date: June 1, 2019\nLease Term: Forty-Eight (48) months\n"
     "Monthly Rent: $3,410.00", "P48M"),
    ("COVER SHEET\n\nEffective Date: 15 August 2020\nInitial Period: two (2) years\nFees: as "
     "set out in Schedule 2", "P2Y"),
])
def test_a_term_label_states_the_term(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.status, result.value) == ("found", value), result.candidates[:2]


def test_a_warranty_or_payment_period_label_is_no_term():
    text = ("SCHEDULE\n\nWarranty Period: twelve (12) months from delivery.\nPayment Period: "
            "thirty (30) days from invoice.\nDelivery: Ex Works.")
    assert read_one(TERM_FIELD, text).status == "not_found"


_KEY_DETAILS = (
    "SCHEDULE 1 - KEY DETAILS\n\nCommencement Date: 1 March 2019\nInitial Term: 3 years\n"
    "Further Term: 2 years\nNon-continuation Notice: 6 months\nTerritory: Otago"
)


def test_a_further_term_label_states_the_renewal():
    result = read_one(RENEWAL, _KEY_DETAILS)
    assert (result.status, result.value) == ("found", "P2Y"), result.candidates[:2]


def test_a_non_continuation_notice_label_states_the_notice_that_stops_the_renewal():
    result = read_one(NOTICE, _KEY_DETAILS)
    assert (result.status, result.value) == ("found", "P6M"), result.candidates[:2]


@pytest.mark.parametrize("text", [
    "This Agreement will expire at the end of the Term. The parties shall meet at least sixty (60) "
    "days before the expiry of the Term to discuss whether to renew it.",
    "No later than three (3) months prior to the end of the Initial Term, the parties will confer "
    "regarding a possible extension of this Agreement.",
    "This Agreement does not renew automatically. Not less than 120 days before the end of the "
    "Term the parties shall discuss whether to extend it.",
])
def test_a_meeting_to_discuss_an_extension_before_the_end_is_no_notice_to_stop_renewal(text):
    assert read_one(NOTICE, text).status == "not_found"


@pytest.mark.parametrize("text", [
    # one service, schedule or order extended within the agreement's term: no renewal of it
    "Section 4.03 Extension. At the Recipient's request made at least thirty (30) days before the "
    "end of its Service Period, the Provider shall extend that Service for up to three (3) "
    "months.",
    "The Recipient may extend the term of any Service by up to three (3) months by written "
    "notice to the Provider.",
    "Buyer may, at its option, extend each Purchase Order for an additional twelve (12) months.",
    "Either party may ask to extend a Work Order for an additional two (2) months, provided the "
    "extension ends before this Agreement expires.",
])
def test_an_extension_of_one_service_or_order_is_no_renewal_term(text):
    result = read_one(RENEWAL, text)
    assert result.status != "found", result.value


@pytest.mark.parametrize("text", [
    # the definition of a period of the work, its length "as it may be extended", after a
    # definition whose "further" / "any further" stands near enough to read as a renewal cue
    '1.1 "Lead Candidate" means a compound chosen by the Steering Committee for further work.\n\n'
    '1.2 "Research Term" means the period of thirty-six (36) months beginning on the Effective '
    'Date, as it may be extended by the Steering Committee.',
    '"Services" means the Work and any further services. "Development Period" means the period '
    'of twenty-four (24) months following the Effective Date, as such period may be extended by '
    'written notice of the Sponsor.',
])
def test_a_defined_period_of_the_work_is_no_renewal_term(text):
    result = read_one(RENEWAL, text)
    assert result.status != "found", result.value


def test_a_defined_term_that_renews_by_itself_still_states_its_renewal():
    text = (
        '"Hosting Term" means an initial period of two (2) years, which shall renew automatically '
        "for successive periods of one (1) year unless either party gives notice of non-renewal."
    )
    assert read_one(RENEWAL, text).value == "P1Y"


def test_the_agreements_renewal_beside_a_service_period_is_still_read():
    text = (
        "The Provider shall provide each Service for its Service Period. This Agreement shall "
        "renew automatically for successive twelve (12) month periods unless either party "
        "gives notice."
    )
    assert read_one(RENEWAL, text).value == "P12M"


@pytest.mark.parametrize("text", [
    ("This Agreement shall remain in effect for three (3) years from the date above. The Term will "
     "not be extended automatically. Should the parties wish to continue, they may agree a renewal "
     "term of two (2) years."),
    ("This Agreement remains in force for three (3) years from its date. There shall be no "
     "automatic renewal. Upon expiry, a renewal for one (1) further year may be discussed."),
    ("The term of this Agreement ends on June 30, 2021. Any extension requires a written amendment "
     "signed by both parties. If the Agreement is extended for an additional twelve (12) months, "
     "the fees shall increase by three percent (3%)."),
    ("The license runs for eighteen (18) months. This Agreement will not be renewed automatically. "
     "Licensee may request a renewal for one (1) additional year, which Licensor may refuse."),
    ("This Agreement remains in force for three (3) years. Any renewal of this Agreement for an "
     "additional period of one (1) year shall be on terms agreed in writing by the parties."),
])
def test_no_renewal_term_where_the_agreement_does_not_renew_by_itself(text):
    result = read_one(RENEWAL, text)
    assert result.status == "not_found", result.value


@pytest.mark.parametrize(("text", "value"), [
    # an option one party takes up alone is CUAD's renewal term
    ("The initial term is five (5) years. This Agreement shall not renew automatically. "
     "Distributor shall have the option to extend the Term for one additional period of three "
     "(3) years by written notice.", "P3Y"),
    # "shall not renew automatically if" a party gives notice: the notice that stops a renewal
    ("At its end this Agreement renews for one (1) year at a time, but it shall not renew "
     "automatically if either party gives written notice at least ninety (90) days before the "
     "end of the then-current term.", "P1Y"),
    # rights that do not extend to other events, and changes agreed on for a renewal
    ("Sponsor's rights do not automatically extend to other events. This Agreement renews for "
     "successive one (1) year periods unless either party gives notice of non-renewal.", "P1Y"),
    ("This Agreement shall be renewed for successive periods of one (1) year each. In "
     "connection with any renewal, the parties shall set out in a written amendment signed by "
     "the parties any changes to the prices.", "P1Y"),
])
def test_a_renewal_term_beside_words_that_rule_out_no_renewal(text, value):
    assert read_one(RENEWAL, text).value == value


@pytest.mark.parametrize(("text", "value"), [
    # the agreement "runs from" its first day to its last, or for a period
    ("2. Duration. This Agreement shall run from 1 March 2015 until 28 February 2017.", "P2Y"),
    ("2. Duration. The Agreement is concluded for a fixed period running from 1 July 2018 to 30 "
     "June 2021.", "P3Y"),
    ("2. Term. This Agreement shall run from September 1, 2021 for a period of three (3) years.",
     "P3Y"),
])
def test_a_term_the_agreement_runs_from_a_day(text, value):
    assert read_one(TERM_FIELD, text).value == value


@pytest.mark.parametrize("text", [
    # a window measuring the condition of a right to terminate, in the term section; the
    # agreement runs to a date (no whole years: no term)
    "5. TERM\n\n5.1 This Agreement begins on the Effective Date and remains in force until 30 "
    "June 2025.\n\n5.2 Either party may terminate this Agreement by written notice if "
    "Availability falls below 99.5% in any three (3) consecutive months.",
    "Term and Termination. The Customer shall be entitled to terminate this Agreement with "
    "immediate effect if the Supplier misses the Service Levels during any period of six (6) "
    "months.",
])
def test_a_window_in_a_right_to_terminate_is_no_term(text):
    result = read_one(TERM_FIELD, text)
    assert result.status != "found", result.value


def test_the_term_beside_a_later_renewal_period_is_the_first_period():
    text = (
        "2.1 This Agreement takes effect on the Start Date and shall then last for an initial "
        "period of three years.\n\n2.2 Thereafter this Agreement shall continue "
        "automatically for successive periods of one year each, unless either party terminates "
        "it by giving not less than six months' written notice expiring at the end of the "
        "initial period or of any subsequent one-year period."
    )
    assert read_one(TERM_FIELD, text).value == "P3Y"


@pytest.mark.parametrize(("text", "value"), [
    # a defined period of the work is no term of the agreement, its lookback stopping at the
    # sentence end or not
    ('1.1 "Lead Compound" means a compound chosen for further work.\n\n1.2 "Research Term" '
     'means the period of thirty-six (36) months beginning on the Effective Date, as it may be '
     'extended by the Committee.', None),
    ('"Evaluation Period" shall mean the period of six (6) months from the date of this '
     'Agreement.', None),
    ('"Exclusivity Period" means the period of eighteen (18) months commencing on the Effective '
     'Date. The term of this Agreement shall be four (4) years.', "P4Y"),
    # the agreement's own term, defined
    ('"Initial Term" means the period of two (2) years from the Effective Date.', "P2Y"),
])
def test_a_defined_period_of_the_work_is_no_term(text, value):
    result = read_one(TERM_FIELD, text)
    assert (result.value if result.status == "found" else None) == value
