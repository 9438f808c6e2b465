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
        ("Dec. 8, 2005", "2005-12-08", "Dec. 8, 2005"),
        ("effective as of _Dec. 8, 2005", "2005-12-08", "Dec. 8, 2005"),  # a blank before it
        ("April. 1st 2019", "2019-04-01", "April. 1st 2019"),
        ("16th June 2004", "2004-06-16", "16th June 2004"),
        ("13 October 2005", "2005-10-13", "13 October 2005"),
        ("02 June, 2015", "2015-06-02", "02 June, 2015"),
        ("11 day of January, 2001", "2001-01-11", "11 day of January, 2001"),
        ("SEPTEMBER 4, 2014", "2014-09-04", "SEPTEMBER 4, 2014"),
        ("March, 2015", "2015-03", "March, 2015"),
    ],
)
def test_written_forms(text: str, iso: str, raw: str) -> None:
    [cand] = find_dates(text)
    assert (cand.value, cand.raw) == (iso, raw)
    assert text[cand.start : cand.end] == raw


@pytest.mark.parametrize(
    ("text", "iso"),
    [
        ("14t h day of April, 2015", "2015-04-14"),  # OCR splits the ordinal suffix
        ("1s t day of October 2008", "2008-10-01"),
        ("June 1s t 2020", "2020-06-01"),
        ("29/3/18", "2018-03-29"),  # day first, because 29 cannot be a month
        ("18/9/2008", "2008-09-18"),
        ("3/4/2012", "2012-03-04"),  # ambiguous: US order
        ("2014/05/05", "2014-05-05"),
    ],
)
def test_numeric_and_ocr_forms(text: str, iso: str) -> None:
    assert [c.value for c in find_dates(text)] == [iso]


def test_blank_signature_date_gives_the_year_only() -> None:
    [cand] = find_dates("Dated this _____ day of ______________, 2015.")
    assert (cand.value, cand.unit) == ("2015", "year")
    [blank] = find_dates('is effective as of , 2020 (the "Effective Date")')
    assert (blank.value, blank.raw) == ("2020", ", 2020")


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
    ],
)
def test_not_dates(text: str) -> None:
    assert find_dates(text) == []


def test_role_cues() -> None:
    text = (
        "This Agreement is effective as of November 1, 2002 and shall remain in force "
        "until October 31, 2012. It was signed on May 4, 2002."
    )
    assert [(c.value, c.kind) for c in find_dates(text)] == [
        ("2002-11-01", "effective"),
        ("2012-10-31", "expire"),
        ("2002-05-04", "dated"),
    ]


def test_defined_term_after_the_date_wins() -> None:
    [cand] = find_dates('made on May 14, 2014 (the "Effective Date") by the parties')
    assert cand.kind == "effective"


def test_candidates_come_in_text_order_without_overlaps() -> None:
    text = "from June 1st, 2020 through May 31st 2021"
    found = find_dates(text)
    assert [c.value for c in found] == ["2020-06-01", "2021-05-31"]
    assert all(text[c.start : c.end] == c.raw for c in found)


@pytest.mark.parametrize(
    ("text", "iso"),
    [("2014-05-05", "2014-05-05"), ("2014", "2014"), ("May 5, 2014", "2014-05-05"), ("n/a", None)],
)
def test_parse_date(text: str, iso: str | None) -> None:
    assert parse_date(text) == iso
