"""Dates: every written form the issue names comes out as ISO 8601, with exact offsets."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.dates import find_dates, parse_date


@pytest.mark.parametrize(
    ("text", "iso", "raw"),
    [
        ("May 5, 2014", "2014-05-05", "May 5, 2014"),
        ("5th day of May, 2014", "2014-05-05", "5th day of May, 2014"),
        ("signed this 5th day of May 2014", "2014-05-05", "5th day of May 2014"),
        ("this 5th day of May, 2014", "2014-05-05", "5th day of May, 2014"),
        ("05/05/2014", "2014-05-05", "05/05/2014"),
        ("2014-05-05", "2014-05-05", "2014-05-05"),
        ("May 2014", "2014-05", "May 2014"),
        ("1st of January, 2020", "2020-01-01", "1st of January, 2020"),
        ("January 1st, 2020", "2020-01-01", "January 1st, 2020"),
        ("12.31.2019", "2019-12-31", "12.31.2019"),
        ("the first day of June, 2010", "2010-06-01", "first day of June, 2010"),
        ("on the twenty-first day of March, 2011", "2011-03-21", "twenty-first day of March, 2011"),
        ("Feb. 3, 2011", "2011-02-03", "Feb. 3, 2011"),
        ("effective as of _Feb. 3, 2011", "2011-02-03", "Feb. 3, 2011"),  # a blank before it
        ("March. 2nd 2017", "2017-03-02", "March. 2nd 2017"),
        ("23rd July 2008", "2008-07-23", "23rd July 2008"),
        ("27 November 2012", "2012-11-27", "27 November 2012"),
        ("07 August, 2016", "2016-08-07", "07 August, 2016"),
        ("19 day of February, 2003", "2003-02-19", "19 day of February, 2003"),
        ("OCTOBER 6, 2017", "2017-10-06", "OCTOBER 6, 2017"),
        ("March, 2015", "2015-03", "March, 2015"),
        ("14-Sep-2017", "2017-09-14", "14-Sep-2017"),  # day-month-year with hyphens
        ("effective March 18. 2021", "2021-03-18", "March 18. 2021"),  # a period for the comma
    ],
)
def test_written_forms(text: str, iso: str, raw: str) -> None:
    [cand] = find_dates(text)
    assert (cand.value, cand.raw) == (iso, raw)
    assert text[cand.start : cand.end] == raw


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("17t h day of March, 2016", "2016-03-17"),  # OCR splits the ordinal suffix
        ("1s t day of November 2010", "2010-11-01"),
        ("August 1s t 2021", "2021-08-01"),
        ("27/4/19", "2019-04-27"),  # day first, because 27 cannot be a month
        ("21/10/2009", "2009-10-21"),
        ("3/4/2012", "2012-03-04"),  # ambiguous: US order
        ("2014/05/05", "2014-05-05"),
    ],
)
def test_numeric_and_ocr_forms(text: str, iso: str) -> None:
    assert [c.value for c in find_dates(text)] == [iso]


def test_blank_signature_date_gives_the_year_only() -> None:
    [cand] = find_dates("Dated this _____ day of ______________, 2015.")
    assert (cand.value, cand.unit) == ("2015", "year")
    [blank] = find_dates('is effective as of , 2022 (the "Effective Date")')
    assert (blank.value, blank.raw) == ("2022", ", 2022")


def test_a_letters_date_line_blank_but_for_the_year_gives_the_year() -> None:
    # the blank before ", 2012" is lost in text extraction; the line holds nothing else
    text = "UNDERWRITING LETTER AGREEMENT\n\n, 2012\nOsprey Securities LLC\nDear Sirs:"
    [blank] = find_dates(text)
    assert (blank.value, blank.raw, blank.unit) == ("2012", ", 2012", "year")


def test_a_year_after_a_comma_inside_a_line_is_no_date() -> None:
    assert find_dates("shares sold in fiscal 2011, 2012 and later\n, 2013 and 2014") == []


@pytest.mark.parametrize("text", [
    "This License is effective as of the [·] day of [·], 2021 (the Effective Date)",
    "This Supply Agreement is made as of [●], 2021 by Lark Ltd.",
])
def test_bracketed_bullets_are_blanks_too(text: str) -> None:
    [blank] = find_dates(text)
    assert (blank.value, blank.unit) == ("2021", "year")


def test_precision_is_reported_in_unit() -> None:
    assert [c.unit for c in find_dates("May 5, 2014; May 2014; ____, 2014")] == [
        "day",
        "month",
        "year",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Section 1.2.3 applies",
        "see clause 3.1.18",
        "the Licensee may 2014 units",  # the modal verb, not the month
        "February 30, 2014",  # no such day
        "version 12.31.1",
        "$5,000 on 14 days notice",
        "due 3-May",  # no year
    ],
)
def test_not_dates(text: str) -> None:
    assert find_dates(text) == []


def test_role_cues() -> None:
    text = (
        "This Agreement is effective as of February 1, 2016 and shall remain in force "
        "until January 31, 2021. It was signed on December 9, 2015."
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2016-02-01", "effective"),
        ("2021-01-31", "expire"),
        ("2015-12-09", "dated"),
    ]


@pytest.mark.parametrize("text, kind", [
    ("The licence runs for three years from March 1, 2016.", "effective"),
    ("The Term shall commence from March 1, 2016.", "effective"),
    # "from" alone does not start anything
    ("Net income fell sharply from March 1, 2016 onwards.", None),
    ("If you resign from the Company before March 1, 2016, you repay the bonus.", None),
    ("Units may be shipped from the warehouse as of March 1, 2016.", "effective"),
])
def test_from_marks_a_start_only_after_a_period(text: str, kind: str | None) -> None:
    assert [c.kind for c in find_dates(text)] == [kind]


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("By: /s/ Ann Lee   Date: 4/2/2019   Title: CFO", "dated"),
        ("EMPLOYEE\nSignature ______\nDATE: March 3, 2007", "dated"),
        ("Effective Date: 11/4/10   Customer: Quill Labs", "effective"),
        ("Expiration Date: May 1, 2020", "expire"),
        # the label under the date, or after it on its line
        ("By: /s/ Ann Lee\nTreasurer\nTitle\n6/9/2022\nDate\n", "dated"),
        ("Ann Lee   Name   Lyon, France 9 JUN 2022   Place Date", "dated"),
        ("The pilot ends on June 9, 2022 date of the last delivery.", "expire"),
    ],
)
def test_a_date_label_by_a_signature_is_the_signing_date(text: str, kind: str) -> None:
    [date] = find_dates(text)
    assert date.kind == kind


def test_defined_term_after_the_date_wins() -> None:
    [cand] = find_dates('made on August 14, 2017 (the "Effective Date") by the parties')
    assert cand.kind == "effective"


def test_candidates_come_in_text_order_without_overlaps() -> None:
    text = "from April 1st, 2021 through March 31st 2022"
    found = find_dates(text)
    assert [c.value for c in found] == ["2021-04-01", "2022-03-31"]
    assert all(text[c.start : c.end] == c.raw for c in found)


@pytest.mark.parametrize(
    ("text", "iso"),
    [("2014-05-05", "2014-05-05"), ("2014", "2014"), ("May 5, 2014", "2014-05-05"), ("n/a", None)],
)
def test_parse_date(text: str, iso: str | None) -> None:
    assert parse_date(text) == iso


@pytest.mark.parametrize("text, expected", [
    ("The pilot runs from March 2, 2015 to August 31, 2015.", ["effective", "expire"]),
    ("Service Period: 1 July 2016 - 30 June 2017", [None, "expire"]),
    ("twelve months beginning May 1, 2012 and ending April 30, 2013", ["effective", "expire"]),
    ("The Term shall end as of September 30, 2018.", ["expire"]),
    ("commencing on May 1, 2012 and concluding on April 30, 2013", ["effective", "expire"]),
    ("The Term is hereby extended to October 15, 2019.", ["expire"]),
    ("shall continue up to and including 31 March 2014", ["expire"]),
])
def test_the_end_of_a_stated_period_is_an_expiry(text: str, expected: list) -> None:
    assert [c.kind for c in find_dates(text)] == expected


def test_signatures_on_different_days_make_the_contract_on_the_last() -> None:
    text = (
        "QUILL LABS  By: /s/ Ann Lee  Date: 3/14/2021\n"
        "HERON LLC   By: /s/ Bo Park  Date: 3/18/2021\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2021-03-14", None),
        ("2021-03-18", "dated"),
    ]


@pytest.mark.parametrize("label", [
    "Order Date:", "Purchase Order Date:", "PO Date:", "SOW Date:", "Invoice Date:", "Due Date:",
    "Delivery Date:", "Installation Date:",
])
def test_an_order_forms_own_date_after_the_signatures_signs_nothing(label: str) -> None:
    text = (
        "QUILL LABS  By: /s/ Ann Lee  Date: 3/14/2021\n"
        "HERON LLC   By: /s/ Bo Park  Date: 3/14/2021\n\n"
        f"EXHIBIT A - FIRST ORDER\n{label} May 2, 2021\nQuantity: 400 units\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2021-03-14", "dated"),
        ("2021-03-14", "dated"),
        ("2021-05-02", None),
    ]


@pytest.mark.parametrize("heading", [
    "READ AND UNDERSTOOD BY THE STUDY INVESTIGATOR (not a party to this Agreement):",
    "Acknowledged by the Inventor, who is not a party hereto:",
    "Subscribed and sworn to before me by the above signatories.",
    "The Department Chair, not a party to this Agreement, has read it:",
    "Read and understood by the Project Engineer:",
])
def test_a_non_partys_later_signature_signs_nothing(heading: str) -> None:
    text = (
        f"SPONSOR\nBy: /s/ Ann Kell\nDate: 4 May 2022\n\nSITE\nBy: /s/ Rui Dunn\n"
        f"Date: 9 May 2022\n\n{heading}\n/s/ Tomi Oyelaran\nDate: 12 May 2022\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2022-05-04", None),
        ("2022-05-09", "dated"),
        ("2022-05-12", None),
    ]


def test_a_partys_read_and_understood_and_agreed_still_signs() -> None:
    text = (
        "COMPANY\nBy: /s/ Hal Ito\nDate: 1/15/2020\nREAD AND UNDERSTOOD AND AGREED:\n"
        "EMPLOYEE\n/s/ Ivy Moss\nDate: 1/17/2020\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2020-01-15", None),
        ("2020-01-17", "dated"),
    ]


def test_a_date_labelled_below_signs_like_one_labelled_before() -> None:
    text = (
        "QUILL LABS  By: /s/ Ann Lee\n3/14/2021\nDate\n"
        "HERON LLC   By: /s/ Bo Park\n3/18/2021\nDate\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2021-03-14", None),
        ("2021-03-18", "dated"),
    ]


def test_a_date_under_a_signature_line_is_the_signing_date() -> None:
    text = "Party A: Orchard Water Board (seal)\nLena Voss (signature)\nMarch 9, 2016\nParty B: ..."
    assert [(c.value, c.kind) for c in find_dates(text)] == [("2016-03-09", "dated")]


def test_unlabelled_dates_under_signature_lines_sign_on_the_last() -> None:
    text = (
        "Authorized Signature        Authorized Signature\n"
        "Ann Lee    2/3/19          Bo Park    2/7/19\n"
        "Name (print)  Date         Name (print)  Date\n"
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2019-02-03", None),
        ("2019-02-07", "dated"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Lease shall take effect on 15 January 2014.", [("2014-01-15", "effective")]),
        ("The amendment takes effect on March 2, 2011.", [("2011-03-02", "effective")]),
        ("The policy took effect July 9, 2008.", [("2008-07-09", "effective")]),
        (
            "This Agreement is in effect from January 1, 2015 to December 31, 2017.",
            [("2015-01-01", "effective"), ("2017-12-31", "expire")],
        ),
        (
            "The licence remains in force from 1 May 2019 until 30 April 2022.",
            [("2019-05-01", "effective"), ("2022-04-30", "expire")],
        ),
    ],
)
def test_taking_effect_and_in_effect_from_start_the_agreement(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Protocol comes into force on 1 July 2019.", [("2019-07-01", "effective")]),
        ("The Charter shall enter into effect on 2 August 2010.", [("2010-08-02", "effective")]),
        ("The Accord entered into force on March 5, 2004.", [("2004-03-05", "effective")]),
        ("The Accord was entered into on March 5, 2004.", [("2004-03-05", "dated")]),
        ("This Deed shall cease to have effect on 30 June 2024.", [("2024-06-30", "expire")]),
        ("The Charter ceases to be in force on 9 May 2030.", [("2030-05-09", "expire")]),
    ],
)
def test_coming_into_force_starts_and_ceasing_to_have_effect_ends(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Deed has effect on and from 3 May 2018.", [("2018-05-03", "effective")]),
        ("The Rules shall apply as from 1 March 2021.", [("2021-03-01", "effective")]),
        ("This Charter shall be operative from 1 July 2019.", [("2019-07-01", "effective")]),
        ("The Scheme becomes operative on 1 July 2019.", [("2019-07-01", "effective")]),
        ("The Scheme shall come into operation on 1 July 2019.", [("2019-07-01", "effective")]),
        ("This Pact is concluded on 9 August 2022.", [("2022-08-09", "dated")]),
        ("Date of Agreement: 12 March 2018", [("2018-03-12", "dated")]),
        ("The Charter shall lapse on September 1, 2022.", [("2022-09-01", "expire")]),
        ("The Charter lapses on September 1, 2022.", [("2022-09-01", "expire")]),
        ("This Pact shall cease on 30 June 2024.", [("2024-06-30", "expire")]),
        ("The Term ends at 11:59 p.m. on December 31, 2020.", [("2020-12-31", "expire")]),
        ("The Term ends at 5:00 p.m. Eastern Time on December 31, 2020.",
         [("2020-12-31", "expire")]),
        ("The Term shall end at midnight on December 31, 2020.", [("2020-12-31", "expire")]),
        ("The Term ends 30 June 2024.", [("2024-06-30", "expire")]),
        ("The Initial Term shall run to and including May 31, 2018.", [("2018-05-31", "expire")]),
        ("The Initial Term runs to May 31, 2018.", [("2018-05-31", "expire")]),
        ("The Pact remains in force to and including May 31, 2018.", [("2018-05-31", "expire")]),
        ("The Pact shall continue in force till 31 March 2021.", [("2021-03-31", "expire")]),
        ("The Pact shall continue in force up to 31 March 2021.", [("2021-03-31", "expire")]),
        ("Expiry Date: 31 March 2021", [("2021-03-31", "expire")]),
        ("End Date: 31 March 2021", [("2021-03-31", "expire")]),
    ],
)
def test_more_wordings_of_a_start_and_an_end(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Term shall be from January 1, 2015 through December 31, 2017.",
         [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        ("The Lease Term shall be for the period from 1 January 2015 to 31 December 2017.",
         [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        ("The Pact remains in force for the period from 1 January 2015 until 31 December 2017.",
         [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        ("The Pact is in force from and including 1 January 2015 up to and including 31 "
         "December 2017.", [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        ("The term of the Pact shall be from the 1st day of January, 2015 until the 31st day of "
         "December, 2017.", [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        ("The Pact remains in effect for the period between 1 January 2015 and 31 December 2017.",
         [("2015-01-01", "effective"), ("2017-12-31", "expire")]),
        # a schedule counted from a date has no start role of the agreement's
        ("Milestones: 12 weeks from February 8, 2018 to May 3, 2018.",
         [("2018-02-08", None), ("2018-05-03", "expire")]),
        # nor a date that only starts a sentence with "from"
        ("The Pact shall be from January 1, 2015.", [("2015-01-01", None)]),
    ],
)
def test_a_range_that_shall_be_from_one_date_to_another_starts_on_the_first(
    text: str, expected
) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "iso", "raw"),
    [
        ("made this 5th day of June, in the year 2020", "2020-06-05",
         "5th day of June, in the year 2020"),
        ("the 1st day of March, A.D. 2021", "2021-03-01", "1st day of March, A.D. 2021"),
        ("signed March 1, A.D. 2021", "2021-03-01", "March 1, A.D. 2021"),
        ("on the first (1st) day of July, 2018", "2018-07-01", "first (1st) day of July, 2018"),
        ("the tenth (10th) day of May in the year of our Lord 2012", "2012-05-10",
         "tenth (10th) day of May in the year of our Lord 2012"),
    ],
)
def test_formal_dates_with_the_year_announced_or_the_day_echoed(
    text: str, iso: str, raw: str
) -> None:
    [cand] = find_dates(text)
    assert (cand.value, cand.raw) == (iso, raw)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Pact shall terminate effective as of December 31, 2023.",
         [("2023-12-31", "expire")]),
        ("The Pact shall terminate effective December 31, 2023.", [("2023-12-31", "expire")]),
        ("The Term shall expire as of December 31, 2023.", [("2023-12-31", "expire")]),
        ("The term shall begin as of January 1, 2021 and terminate as of December 31, 2023.",
         [("2021-01-01", "effective"), ("2023-12-31", "expire")]),
        ("Date of Execution: March 1, 2021", [("2021-03-01", "dated")]),
        # "effective" after a termination that is not the agreement's own verb stays a start
        ("Upon such event, effective as of March 1, 2021, the Pact is renewed.",
         [("2021-03-01", "effective")]),
    ],
)
def test_an_end_verb_before_effective_or_as_of_ends_the_agreement(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Pact shall expire on the last day of December, 2023.", [("2023-12-31", "expire")]),
        ("The Pact runs until the last day of February 2024.", [("2024-02-29", "expire")]),
        ("The Pact ends on the last day of June of 2019.", [("2019-06-30", "expire")]),
        ("Payments fall due on the last day of the month.", []),
    ],
)
def test_the_last_day_of_a_month_is_a_whole_date(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Pact is effective as of 31-Dec-15.", [("2015-12-31", "effective")]),
        ("Dated: 01-Mar-21", [("2021-03-01", "dated")]),
        ("The Pact shall expire on 30-Jun-99.", [("1999-06-30", "expire")]),
        # a two-digit year only between hyphens: "Dec 15" or "31 Dec 15" stays unread
        ("Invoice ref 31-Dec-15-A and Dec 15 31 Dec 15", []),
    ],
)
def test_a_hyphened_day_month_abbreviation_and_two_digit_year(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "iso", "raw"),
    [
        ("This Pact is made on March the 1st, 2021.", "2021-03-01", "March the 1st, 2021"),
        ("The Pact shall commence on June the 15th, 2019", "2019-06-15", "June the 15th, 2019"),
        ("dated this 1st day of March of 2021", "2021-03-01", "1st day of March of 2021"),
        ("the 1st day of March, in the year of 2021", "2021-03-01",
         "1st day of March, in the year of 2021"),
        ("effective as of 2021.03.01", "2021-03-01", "2021.03.01"),
        ("registered on 2003.3.6", "2003-03-06", "2003.3.6"),
    ],
)
def test_more_written_forms(text: str, iso: str, raw: str) -> None:
    [cand] = find_dates(text)
    assert (cand.value, cand.raw) == (iso, raw)


@pytest.mark.parametrize(
    "text",
    [
        "The Pact shall be in effect for the period July 1, 2020 through June 30, 2025.",
        "The term of the Pact shall be for the period July 1, 2020 to June 30, 2025.",
    ],
)
def test_a_range_for_the_period_without_from_starts_on_the_first(text: str) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2020-07-01", "effective"), ("2025-06-30", "expire")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This Pact is made this first day of March, two thousand and twenty.",
         [("2020-03-01", "dated")]),
        ("made on the 21st day of May, Two Thousand and Nineteen", [("2019-05-21", "dated")]),
        ("dated this 1st day of March, two thousand twenty-one (2021)", [("2021-03-01", "dated")]),
        ("the 3rd day of June, nineteen hundred and ninety-nine", [("1999-06-03", None)]),
        # an amount in words after a day and month is no year
        ("paid on the 3rd day of June, two thousand five hundred dollars", []),
        ("paid on the 3rd day of June, two thousand dollars", []),
    ],
)
def test_a_formal_year_in_words(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Term: March 1, 2021 - February 28, 2022", ["effective", "expire"]),
        ("Contract Period: March 1, 2021 to February 28, 2022", ["effective", "expire"]),
        ("Period of Performance: March 1, 2021 through February 28, 2022", ["effective", "expire"]),
        ("The initial term is March 1, 2021 to February 28, 2022.", ["effective", "expire"]),
        # a renewal's range starts no agreement
        ("Renewal Term: July 1, 2025 to June 30, 2026", [None, "expire"]),
    ],
)
def test_a_terms_label_before_a_range_starts_it_on_the_first(text: str, expected) -> None:
    assert [c.kind for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Initial Term will be from and after March 1, 2021 until February 28, 2022.",
         ["effective", "expire"]),
        ("This Pact shall apply from and after March 1, 2021.", ["effective"]),
        ("This Pact shall be valid thru February 28, 2022.", ["expire"]),
        ("The Pact shall be from March 1, 2021 thru February 28, 2022.", ["effective", "expire"]),
    ],
)
def test_from_and_after_starts_and_thru_ends(text: str, expected) -> None:
    assert [c.kind for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        'This Pact is entered into on March 1, 2021 (hereinafter the "Effective Date") by',
        'This Pact is entered into on March 1, 2021 (hereinafter referred to as the "Effective '
        'Date") by',
        'This Pact is entered into on March 1, 2021 (such date, the "Effective Date") by',
        'This Pact is entered into on March 1, 2021 (hereinafter called the "Effective Date")',
    ],
)
def test_a_date_defined_hereinafter_as_the_effective_date(text: str) -> None:
    assert [c.kind for c in find_dates(text)] == ["effective"]


def test_the_day_made_hereinafter_called_the_effective_date_stays_the_signing_date() -> None:
    text = "made and entered into this 1st day of March 2021, hereinafter called the Effective Date"
    assert [c.kind for c in find_dates(text)] == ["dated"]


@pytest.mark.parametrize(
    "text",
    [
        "This Pact covers the period January 1, 2021 through December 31, 2021.",
        "This Pact applies to the period from January 1, 2021 to December 31, 2021.",
        "The Term of this Agreement is January 1, 2021 through December 31, 2021.",
        "Term of Agreement: January 1, 2021 to December 31, 2021",
        "This Pact will be in effect from January 1, 2021, to December 31, 2021.",
        "The Term shall be from January 1, 2021, to December 31, 2021.",
    ],
)
def test_more_statements_of_a_range_start_on_the_first_and_end_on_the_second(text: str) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2021-01-01", "effective"), ("2021-12-31", "expire")
    ]


def test_the_day_of_the_month_of() -> None:
    [cand] = find_dates("made on the 1st day of the month of March, 2021")
    assert (cand.value, cand.raw) == ("2021-03-01", "1st day of the month of March, 2021")


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("This Pact is effective as of 01.03.2021.", "2021-03-01"),  # dots: day first
        ("Concluded in Vienna on 11.06.2020.", "2020-06-11"),
        ("The Pact begins on 5.10.2021.", "2021-10-05"),
        ("Dated: 10.12.2018", "2018-12-10"),
        ("paid on 12.31.2019", "2019-12-31"),  # 31 cannot be a month: month first
        ("signed 3/4/2012", "2012-03-04"),  # slashes stay in US order
    ],
)
def test_dotted_numeric_dates_are_day_first(text: str, iso: str) -> None:
    assert [c.value for c in find_dates(text)] == [iso]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Contract start: 04-01-19", [("2019-04-01", "effective")]),
        ("Contract end: 03-31-21", [("2021-03-31", "expire")]),
        ("Term end: 9-30-22", [("2022-09-30", "expire")]),
        ("By: Jane Roe Date: 7-29-16", [("2016-07-29", "dated")]),
        ("Tri C5-2-01 Espace Henry", []),  # a code, not a date
        ("under §§ 13-8-50 through 13-8-59", []),  # a citation: 13 is no month
    ],
)
def test_a_us_date_with_hyphens_and_a_two_digit_year(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The term will begin on July 1, 2022 and will end the later of (i) June 30, 2024 or "
         "(ii) the completion of the Services.", ["effective", "expire"]),
        ("The Term shall end on the earlier of (a) December 31, 2026 and (b) completion.",
         ["expire"]),
    ],
)
def test_ending_the_later_or_earlier_of_a_date_ends_the_agreement(text: str, expected) -> None:
    assert [c.kind for c in find_dates(text)] == expected


def test_the_last_day_in_a_month_is_a_whole_date() -> None:
    [cand] = find_dates("shall expire on the last day in February, 2025")
    assert (cand.value, cand.raw) == ("2025-02-28", "last day in February, 2025")


def test_valid_for_the_period_from_one_date_until_another_starts_on_the_first() -> None:
    text = "This Pact is valid for the period from 1 January 2021 until 31 December 2022."
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2021-01-01", "effective"), ("2022-12-31", "expire")
    ]


@pytest.mark.parametrize(
    "text",
    [
        'The Pact shall remain in force until the earlier of (a) termination under Section 9 '
        'hereof and (b) March 31, 2027 (the "Expiration Date").',
        'The Pact shall expire upon the later of: (a) the end of the 2026 racing season and (b) '
        'March 31, 2027 (such expiration date, the "Scheduled Expiration Date").',
        'The Pact begins on the Effective Date and, subject to Section 12 and to the rights of '
        'the Lender, runs on March 31, 2027 (the "Termination Date").',
    ],
)
def test_a_date_defined_as_the_expiration_date_ends_the_agreement(text: str) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == [("2027-03-31", "expire")]


def test_a_cover_sheets_next_label_is_no_definition() -> None:
    text = "Effective Date: January 1, 2019\nTermination Date: December 31, 2023"
    assert [c.kind for c in find_dates(text)] == ["effective", "expire"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("By: /s/ Jane Roe   By: /s/ John Doe\nDate:   Date:\n3/29/2021   3/31/2021",
         [("2021-03-29", None), ("2021-03-31", "dated")]),
        ("By: /s/ Jane Roe   By: /s/ John Doe\nDate:   Date:\n3/31/2021   3/29/2021",
         [("2021-03-31", "dated"), ("2021-03-29", None)]),
    ],
)
def test_side_by_side_signature_dates_sign_on_the_last(text: str, expected) -> None:
    assert [(c.value, c.kind) for c in find_dates(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Term: 01/03/2021 - 28/02/2023", ["2021-03-01", "2023-02-28"]),  # day first beside
        ("signed 01/03/2021 and 02/28/2023", ["2021-01-03", "2023-02-28"]),  # month first
        ("signed 01/03/2021, 02/28/2023 and 28/02/2023",  # both ways: US order stays
         ["2021-01-03", "2023-02-28", "2023-02-28"]),
    ],
)
def test_slashed_dates_read_the_way_the_text_writes_them(text: str, expected) -> None:
    assert [c.value for c in find_dates(text)] == expected
