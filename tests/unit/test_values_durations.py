"""Durations: ISO 8601 values, with the role (term / renewal / notice) read from the text."""

from __future__ import annotations

from decimal import Decimal

import pytest

from intelligent_extraction.extraction.values.durations import (
    add_duration,
    duration_between,
    find_durations,
    iso_duration,
    parse_duration,
)


@pytest.mark.parametrize(
    ("text", "iso", "raw"),
    [
        ("two (2) years", "P2Y", "two (2) years"),
        ("thirty (30) days", "P30D", "thirty (30) days"),
        ("eighteen months", "P18M", "eighteen months"),
        ("1 year", "P1Y", "1 year"),
        ("a period of five (5) years", "P5Y", "five (5) years"),
        ("ninety days", "P90D", "ninety days"),
        ("sixty (60) calendar days", "P60D", "sixty (60) calendar days"),
        ("two weeks", "P2W", "two weeks"),
        ("a 12-month period", "P12M", "12-month"),
        ("for a term of three years (3), unless", "P3Y", "three years (3)"),
        ("40.5 months", "P40.5M", "40.5 months"),
        ("one hundred twenty (120) days", "P120D", "one hundred twenty (120) days"),
        ("within forty-eight (48) hours", "PT48H", "forty-eight (48) hours"),
        # the abbreviations of order forms and schedules
        ("Initial Term: 3 yrs. from the Go-Live Date", "P3Y", "3 yrs"),
        ("a minimum commitment of twenty-four (24) mos. of service", "P24M", "twenty-four (24) mos"),
        ("a 1-yr subscription", "P1Y", "1-yr"),
        ("ten (10) business days", "P10D", "ten (10) business days"),
        ("for an additional month of coverage", "P1M", "an additional month"),
        ("renews in perpetuity", "perpetual", "in perpetuity"),
        ("continues indefinitely", "perpetual", "indefinitely"),
        # half a year is six months, not the "a year" inside it
        ("shall stay in force for half a year", "P6M", "half a year"),
        # years and months are one duration
        ("lasts one year and six months", "P18M", "one year and six months"),
        ("a term of two (2) years and three (3) months", "P27M", "two (2) years and three (3) months"),
        ("a period of 1 year, 6 months", "P18M", "1 year, 6 months"),
    ],
)
def test_written_forms(text: str, iso: str, raw: str) -> None:
    [cand] = find_durations(text)
    assert (cand.value, cand.raw) == (iso, raw)
    assert text[cand.start : cand.end] == raw


def test_numeral_wins_when_words_and_numeral_disagree() -> None:
    assert [c.value for c in find_durations("fifteen (45) days")] == ["P45D"]


def test_redacted_amounts_are_not_durations() -> None:
    assert find_durations("a term of [***] years and [*****] months") == []


def test_roles_in_a_renewal_sentence() -> None:
    text = (
        "The initial term is three (3) years. Thereafter this Agreement renews for "
        "successive one (1) year periods unless a party gives at least sixty (60) days "
        "prior written notice of non-renewal."
    )
    assert [(c.value, c.kind) for c in find_durations(text)] == [
        ("P3Y", "term"),
        ("P1Y", "renewal"),
        ("P60D", "notice"),
    ]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("shall remain effective for two (2) years", "term"),
        ("shall be binding on the parties for two (2) years", "term"),
        ("shall continue, for an additional period of four (4) years", "renewal"),
        ("no later than sixty (60) days prior to the end of the then current term", "notice"),
        ("upon 45 days' written notice", "notice"),
        ("by notice in writing to the other party of not less than four (4) months", "notice"),
        ("with automatic annual renewals", "renewal"),
        ("is then extended automatically by monthly periods", "renewal"),
        ("shall be extended for a further period of two years", "renewal"),
        ("the lease may extend for an additional eighteen (18) months", "renewal"),
        ("the Term shall then be extended for a period of two (2) years", "renewal"),
        # a term that "shall extend for a period of" or "until" a day runs: it renews nothing
        ("the Services Period will extend for a period of three (3) years", "term"),
        ("the Pilot term shall extend until the six (6) year anniversary of its start", "term"),
        # "no further force or effect" ends the covenants: the period is theirs, no renewal
        ("the undertakings above are of no further force or effect once a period of two years "
         "has passed", "period"),
        # "for a period of" alone measures anything (a covenant, a confidentiality period) ...
        ("the Recipient keeps each disclosure secret for a period of four (4) years", "period"),
        # ... a term word names the agreement's own
        ("this Agreement shall continue in force for a period of four (4) years", "term"),
        # an agreement in force, in effect or valid for a time, its duration: its term
        ("the Supply Agreement shall be in effect for one (1) year", "term"),
        ("this Licence is valid for a period of two years", "term"),
        ("the duration of the Reseller Agreement is three (3) years", "term"),
        ("this Agreement is concluded for a period of four (4) years", "term"),
        # a duration written as the adjective of its period: the noun after it names the role
        ("The Reseller Agreement has a two-year term.", "term"),
        ("the Supplier accepts a 36-month initial term", "term"),
        ("Licensor grants a three (3)-year term starting on the Launch Date", "term"),
        ("the parties may agree on a one-year renewal term", "renewal"),
        # the "renewal" of a notice of non-renewal is part of the notice, not a renewal cue
        ("either party gives written notice of non-renewal within ninety days of the end of "
         "the term", "notice"),
        # an agreement that goes on by each period renews itself, "renew" or not
        ("Thereafter it shall continue in effect from year to year unless ended", "renewal"),
        ("after that the licence remains in force on a month-to-month basis", "renewal"),
        # ... while a thing done each year is only a recurrence
        ("the Distributor reports its sales annually", "recurring"),
        # a period after something ends or ceases is counted from that event, not the start
        ("for a period of twelve (12) months after it ends for any reason", "after_event"),
        ("during the eighteen (18) month period after the relationship ended", "after_event"),
        ("for one (1) year after the Consultant ceases to provide services", "after_event"),
        ("for two years following the cessation of the Employee's employment", "after_event"),
        # ... the agreement's own end among them, named with its verb after "this Agreement"
        ("the duty of confidence continues for three (3) years after this Agreement ends",
         "after_event"),
        ("these restrictions bind the Consultant for two (2) years after this Agreement is "
         "terminated", "after_event"),
        ("the non-use obligations continue for five (5) years after this Agreement expires",
         "after_event"),
        ("each party protects the data for four (4) years after this Agreement has been "
         "terminated or has expired", "after_event"),
        # ... while a period from this Agreement itself is still its term
        ("this Agreement shall continue for three (3) years from this Agreement's date", "term"),
        # an extension of one service, schedule or order renews nothing of the agreement
        ("the Provider shall extend that Service for up to three (3) months", "item_extension"),
        ("the Recipient may extend the term of any Service by up to three (3) months",
         "item_extension"),
        ("the Provider shall extend the Service Period for a Transition Service for one "
         "additional period of up to six (6) months", "item_extension"),
        ("the Service Period for any Service may be extended for a further period of three (3) "
         "months", "item_extension"),
        ("Customer may extend any Statement of Work for successive periods of six (6) months",
         "item_extension"),
        ("the Recipient may request an extension of any Service for up to four (4) months",
         "item_extension"),
        # ... a notice to extend one is still a notice
        ("the Recipient may extend any Service by notice given thirty (30) days before the end "
         "of its Service Period", "notice"),
        # ... while the agreement's own extension still renews it
        ("the Customer may extend the Initial Term for one additional period of three (3) years",
         "renewal"),
        ("this Agreement and all Services shall be extended for successive one (1) year periods",
         "renewal"),
    ],
)
def test_role_cues(text: str, kind: str) -> None:
    assert find_durations(text)[0].kind == kind


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("the Agreement renews annually unless terminated", ["P1Y"]),
        ("thereafter on an annual basis", ["P1Y"]),
        ("subject to annual renewals", ["P1Y"]),
        ("continues from year to year", ["P1Y"]),
        # something recurring every year, not a period the agreement runs for
        ("a term expiring at the 2018 Annual Meeting of stockholders", []),
        ("Licensee shall pay the Annual Fee for the first Year of the Term", []),
        ("the Sponsor will continue to provide annual funding until Phase II ends", []),
    ],
)
def test_annual_is_a_period_only_as_an_adverb_or_of_a_term(text: str, found: list) -> None:
    assert [c.value for c in find_durations(text)] == found


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("2 years", "P2Y"),
        ("successive 1 year", "P1Y"),
        ("three successive 5 years", "P5Y"),
        ("6 successive 2 year", "P2Y"),
        ("perpetual, 03/01/2019", "perpetual"),
        ("P18M", "P18M"),
        ("p30d", "P30D"),
        ("none stated", None),
    ],
)
def test_parse_duration_reads_gold_forms(text: str, iso: str | None) -> None:
    assert parse_duration(text) == iso


def test_iso_duration() -> None:
    assert iso_duration(Decimal("1.50"), "months") == "P1.5M"
    assert iso_duration(Decimal(48), "hour") == "PT48H"


@pytest.mark.parametrize(
    ("start", "duration", "end"),
    [
        ("2003-07-14", "P2Y", "2005-07-14"),
        ("2017-04-26", "P1Y", "2018-04-26"),
        ("2021-09-01", "P12M", "2022-09-01"),
        ("2020-01-31", "P1M", "2020-02-29"),  # clamped to the month's last day
        ("2014-05-05", "P30D", "2014-06-04"),
        ("2014-05-05", "P2W", "2014-05-19"),
        ("2015", "P10Y", "2025"),
        ("2015-03", "P18M", "2016-09"),
        ("2015", "P6M", None),
        ("2015-03", "P30D", None),
        ("2014-05-05", "perpetual", None),
        ("2014-05-05", "P1.5Y", None),
        ("2014-05-05", "PT48H", None),
        ("", "P1Y", None),
    ],
)
def test_add_duration(start: str, duration: str, end: str | None) -> None:
    assert add_duration(start, duration) == end


def test_a_lead_time_before_the_end_is_a_notice_whatever_the_renewal_words_near_it():
    """"N days prior (to) the end / any year's expiration" measures a notice, even after
    "non-renewal" or "not to renew", and with a dropped "to" or a possessive in between."""
    from intelligent_extraction.extraction.values.durations import find_durations

    texts = [
        "The Seller may send notice of non-renewal no later than sixty (60) days prior the end "
        "of the Initial Term.",
        "unless a party gives notice of its intention not to renew at least forty-five (45) "
        "days prior to any year's scheduled expiry;",
    ]
    assert [[(c.value, c.kind) for c in find_durations(t)] for t in texts] == [
        [("P60D", "notice")], [("P45D", "notice")]]


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("These undertakings lapse on the second (2nd) anniversary of the date hereof unless a "
         "sale closes first.", "P2Y"),
        ("These obligations end on the third anniversary of the Effective Date.", "P3Y"),
        ("until the 1st anniversary of this Agreement", "P1Y"),
    ],
)
def test_an_anniversary_of_the_agreements_start_is_that_many_years(text: str, iso: str) -> None:
    [duration] = find_durations(text)
    assert (duration.value, duration.unit) == (iso, "year")


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("This Agreement shall expire on the third anniversary of the date on which it is signed "
         "by the last party.", "P3Y"),
        ("This Agreement shall terminate on the second anniversary of the date of the last "
         "signature below.", "P2Y"),
        ("The obligations of this Agreement shall expire on the fifth anniversary of the date of "
         "signature.", "P5Y"),
        ("This Agreement will remain in effect until the first anniversary of the date on which "
         "this Agreement is executed by both parties.", "P1Y"),
    ],
)
def test_an_anniversary_of_the_agreements_signing_is_that_many_years(text: str, iso: str) -> None:
    [duration] = find_durations(text)
    assert (duration.value, duration.unit) == (iso, "year")


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        # the anniversary named by its count of years, not by an ordinal
        ("The covenants herein shall lapse upon the two-year anniversary of this Agreement.",
         "P2Y"),
        ("All duties hereunder end on the three (3) year anniversary of the Effective Date.",
         "P3Y"),
        ("The standstill ends on the earlier of the one-year anniversary hereof and a sale.",
         "P1Y"),
    ],
)
def test_an_anniversary_counted_in_years_is_that_many_years_of_term(text: str, iso: str) -> None:
    [duration] = find_durations(text)
    assert (duration.value, duration.kind) == (iso, "term")


def test_an_anniversary_of_another_event_is_no_duration() -> None:
    assert find_durations("payable on the fifth anniversary of the Closing") == []
    assert find_durations("This Agreement shall expire on the second anniversary of the date on "
                          "which the Product is first sold.") == []


def test_the_far_end_of_a_notice_window_is_no_notice():
    text = ("unless either party gives notice not less than sixty (60) days and not more than one "
            "hundred twenty (120) days prior to the end of the term")
    kinds = {c.value: c.kind for c in find_durations(text)}
    assert kinds == {"P60D": "notice", "P120D": "window"}


def test_renewal_for_an_unlimited_period_is_perpetual():
    text = "the Agreement shall automatically renew for an unlimited period of time unless"
    assert [(c.value, c.kind) for c in find_durations(text)] == [("perpetual", "renewal")]


@pytest.mark.parametrize("text", [
    "but in no event shall this Agreement extend beyond twenty-four (24) months from the date",
    "provided that in no case shall the Term extend later than eighteen (18) months after",
])
def test_a_cap_on_how_far_the_term_extends_is_no_renewal(text: str) -> None:
    assert [c.kind for c in find_durations(text)] != ["renewal"]


@pytest.mark.parametrize("text", [
    "Commencing six (6) months prior to the expiration of the Term, the Supplier shall assist",
    "Beginning ninety (90) days before the end of the Term, the parties shall cooperate",
])
def test_a_time_something_starts_before_the_end_is_no_notice(text: str) -> None:
    assert [c.kind for c in find_durations(text)] != ["notice"]


@pytest.mark.parametrize(("text", "value"), [
    ("The Pact renews for successive periods of twelve months unless either party gives notice "
     "to terminate at the end of any such twelve month period.", "P12M"),
    ("If the breach is not cured within such thirty (30) day period, the Pact ends.", "P30D"),
])
def test_a_duration_after_such_refers_back_to_one_named_before(text, value):
    [last] = [c for c in find_durations(text) if c.value == value][-1:]
    assert last.kind == "back_reference"


@pytest.mark.parametrize(("text", "value"), [
    ("This Pact shall end on the third (3rd) anniversary hereof.", "P3Y"),
    ("The term of this Pact shall begin on May 2, 2020 and end on the second anniversary thereof.",
     "P2Y"),
])
def test_an_anniversary_hereof_or_of_the_start_just_named_is_the_term(text, value):
    assert [(c.value, c.kind) for c in find_durations(text)] == [(value, "term")]


def test_an_anniversary_thereof_with_no_start_named_is_no_term():
    text = "The Closing occurs on June 1. The option lapses on the first anniversary thereof."
    assert find_durations(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("This Agreement shall come into force on the date set out above and shall terminate on the "
     "second anniversary of that date.", "P2Y"),
    ("This Agreement commences on 6 May 2019 and expires on the fifth anniversary of that "
     "date.", "P5Y"),
    ("The term of this Pact shall begin on the Effective Date and end on the first anniversary "
     "of the said date.", "P1Y"),
    ("The Agreement shall enter into force on the date of signature by both Parties and shall "
     "remain in force until the third anniversary of that day.", "P3Y"),
])
def test_an_anniversary_of_that_date_after_the_agreement_starts_is_the_term(text, value):
    """"that date" is the start the sentence has just named when it says the agreement starts."""
    assert [(c.value, c.kind) for c in find_durations(text)] == [(value, "term")]


@pytest.mark.parametrize("text", [
    "The Closing shall take place on 1 June 2019, and the Seller's covenants in this Clause 7 "
    "shall lapse on the fifth anniversary of that date.",
    "Royalties accrue from the date of first commercial sale and end on the tenth anniversary "
    "of that date.",
    "This Pact commences on the Effective Date. The Closing occurs on 1 June 2019 and the "
    "option lapses on the first anniversary of that date.",
])
def test_an_anniversary_of_that_date_when_another_day_was_named_is_no_term(text):
    assert find_durations(text) == []


@pytest.mark.parametrize(("text", "kind"), [
    ("ARTICLE 2. TERM AND RENEWAL\n2.1 Term. The term of this Pact shall be ten (10) years.",
     "term"),
    ("Term and Extension. This Pact shall be in effect for two years.", "term"),
    # running text: the renewal term is still one
    ("the initial term and renewal term of one year", "renewal"),
])
def test_a_heading_pairing_the_term_with_its_renewal_names_no_role(text, kind):
    [duration] = find_durations(text)
    assert duration.kind == kind


@pytest.mark.parametrize(("start", "end", "span"), [
    ("2021-05-01", "2024-04-30", "P3Y"),  # the end day counted in
    ("2021-05-01", "2024-05-01", "P3Y"),  # ... or not
    ("2019-06-10", "2020-12-09", "P18M"),
    ("2020-01-15", "2020-03-02", None),  # no whole number of months
    ("2020-03-01", "2020-01-01", None),  # ends before it starts
])
def test_the_whole_months_between_two_days(start, end, span):
    assert duration_between(start, end) == span


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("The Lease will be extended automatically for another year unless either party objects.",
         "P1Y"),
        ("Upon expiry the licence renews for a further year on the same terms.", "P1Y"),
        ("Thereafter this Agreement shall be renewed for one more year at a time.", "P1Y"),
        ("Each Party may extend the engagement by another month by written notice.", "P1M"),
    ],
)
def test_another_or_a_further_unit_is_one_unit_of_renewal(text: str, iso: str) -> None:
    assert [(c.value, c.kind) for c in find_durations(text)] == [(iso, "renewal")]


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("This undertaking will end on the third anniversary of the date of this letter.", "P3Y"),
        ("Your obligations expire on the second anniversary of this letter.", "P2Y"),
        ("The restrictions lapse on the fifth anniversary of the date of this Letter.", "P5Y"),
    ],
)
def test_an_anniversary_of_a_letter_agreements_date_is_that_many_years(text, iso) -> None:
    assert [(c.value, c.kind) for c in find_durations(text)] == [(iso, "term")]


@pytest.mark.parametrize(("text", "iso"), [
    # the renewal word ends the sentence before: this duration's sentence names no renewal
    ("The Buyer may purchase additional units. This Agreement shall remain in effect for five "
     "(5) years.", "P5Y"),
    ("Either party may renew a Schedule.\n\n3.1 This Agreement shall be in force for three (3) "
     "years.", "P3Y"),
])
def test_a_renewal_word_in_the_sentence_before_gives_no_renewal_role(text, iso):
    assert [(c.value, c.kind) for c in find_durations(text)] == [(iso, "term")]


def test_a_renewal_word_behind_a_stop_inside_the_sentence_still_counts():
    # "99.5%" and "i.e." hold a stop but end no sentence
    text = "This Agreement renews for successive periods (i.e. one (1) year each)."
    assert [(c.value, c.kind) for c in find_durations(text)] == [("P1Y", "renewal")]


@pytest.mark.parametrize(("text", "iso"), [
    ("either party may end it at the end of the initial period or of any subsequent one-year "
     "period.", "P1Y"),
    ("terminable at the end of the initial term or each succeeding period of twelve (12) months.",
     "P12M"),
    ("and shall then continue for subsequent periods of two (2) years each.", "P2Y"),
])
def test_a_later_period_is_a_renewal(text, iso):
    assert [(c.value, c.kind) for c in find_durations(text)] == [(iso, "renewal")]


@pytest.mark.parametrize("text", [
    # a forecast window that follows now, and a recurrence after "subsequent"
    "The Distributor shall give a forecast for each of the succeeding twelve (12) months.",
    "All subsequent monthly payments shall be made by wire transfer.",
])
def test_a_window_that_follows_now_is_no_renewal(text):
    assert [c.kind for c in find_durations(text)] != ["renewal"]


@pytest.mark.parametrize(("text", "iso"), [
    ("Either party may terminate this Agreement by notice if Availability falls below 99.5% in "
     "any three (3) consecutive months.", "P3M"),
    ("The Customer shall be entitled to terminate this Agreement if the Service Levels are "
     "missed during any period of six (6) months.", "P6M"),
    ("Either Party may, by written notice, terminate this Agreement if a Force Majeure Event "
     "continues for a period of four (4) months.", "P4M"),
    ("The Distributor may terminate this Agreement within six (6) months of a Change of "
     "Control.", "P6M"),
])
def test_a_window_measuring_a_condition_of_a_right_to_terminate(text, iso):
    assert [(c.value, c.kind) for c in find_durations(text)] == [(iso, "condition")]


@pytest.mark.parametrize("text", [
    # the right comes after the duration, or the lifetime is stated after the right
    "This Agreement shall remain in force for five (5) years, and either party may terminate it "
    "for cause.",
    "Either party may terminate for convenience on notice, and otherwise this Agreement shall "
    "continue for a period of three (3) years.",
    "This Agreement may be terminated as provided in Section 9 and, unless so terminated, shall "
    "remain in force for a period of five (5) years.",
])
def test_a_term_beside_a_right_to_terminate_stays_a_term(text):
    assert [c.kind for c in find_durations(text)] == ["term"]
