"""Dates as contracts write them, normalized to ISO 8601 (``YYYY-MM-DD``, ``YYYY-MM``, ``YYYY``).

Handled: "May 5, 2014", "Feb. 3, 2011", "January 1st, 2020", "5th day of May, 2014", "the
first day of June, 2010", "1st of January, 2020", "16th June 2004", "May 2014", "05/05/2014"
(US order unless the first number cannot be a month, "29/3/18", or the text's other slashed
dates are day first), "01.03.2021" (dots are day first, unless the second number cannot be a
month: "12.31.2019"), "3-31-16", "2014-05-05", "2014.05.05", "31-Dec-15", a formal year in
words ("1st day of March, two thousand twenty-one"), OCR-split ordinals ("17t h day of
March"), and signature-block blanks ("____ day of ______, 2015" gives the year alone). Each
candidate carries the role cue written next to it (``effective``, ``dated``, ``expire``) so an
extractor can tell an effective date from an expiry.

Why not dateparser: it parses a string that *is* a date, but cannot locate dates inside a
paragraph with offsets (``search_dates`` is slow and reads "may" and "second" as dates), and
it rejects "this 5th day of May 2014". Locating needs a grammar anyway; once the grammar has
split day, month and year, ``datetime.date`` is all the parsing left to do.
"""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import replace
from datetime import date

from .base import Candidate, cue_after, cue_before, dedupe_overlaps, squash_spaces
from .numbers import ORDINAL_WORDS, ordinal_value, words_to_number

__all__ = ["find_dates", "parse_date", "DATE_CUES"]

_MONTHS = {
    name: i
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ],
        start=1,
    )
    for name in names
}
_MONTH = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\b\.?"
_DAY_NUM = r"(?<!\d)\d{1,2}(?:st|nd|rd|th|s\s?t|n\s?d|r\s?d|t\s?h|\s(?:st|nd|rd|th))?\b"
_DAY = rf"(?P<day>{_DAY_NUM}|{ORDINAL_WORDS})"
_YEAR = r"(?P<year>(?:1[89]|20)\d{2})(?!\d)"
#: words a formal date puts before its year: "in the year 2020", "in the year of 2020", "A.D.
#: 2021"
_ERA = r"(?:in\s+the\s+year\s+(?:of\s+)?(?:our\s+lord\s+)?|A\.\s?D\.\s*)"
_UNIT_WORDS = "one|two|three|four|five|six|seven|eight|nine"
#: a formal deed's year in words, its figures echoed or not: "two thousand and twenty-one",
#: "Nineteen Hundred Ninety-Nine (1999)"; taken whole (atomic), and no year where more number
#: or money words follow ("two thousand five hundred dollars")
_YEAR_IN_WORDS = (
    r"(?P<yearwords>(?>(?:two\s+thousand|(?:eighteen|nineteen)\s+hundred)(?:(?:\s+and)?\s+(?:"
    rf"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[\s-]+(?:{_UNIT_WORDS}))?"
    rf"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
    rf"|{_UNIT_WORDS}))?)\b)(?![\s-]+(?:hundred|thousand|dollars|euros?|pounds|shares)\b)"
    r"(?:\s*\(\s*(?:1[89]|20)\d{2}\s*\))?"
)
#: between a day and its month: "5th day of May", "1st of May", "1st day of the month of May"
_DAY_OF = r"(?:day\s+of\s+(?:the\s+month\s+of\s+)?|of\s+)"
#: a day in words echoed in figures: "the first (1st) day of July"
_DAY_ECHO = r"(?:\s*\(\s*\d{1,2}(?:st|nd|rd|th)?\s*\))?"
# a blank left for the day or month: "____", "[ ]", "[*]", "**", and bracketed bullets
# ("[·] day of [·], 2019", "[●], 2020")
_BLANK = r"(?:_{2,}|\[[\s*_·•●]*\]|\*{2,})"
# a word start; an underscore counts as a blank, not a letter ("as of _Feb. 3, 2011")
_START = r"(?<![A-Za-z0-9])"

_FLAGS = re.IGNORECASE
_PATTERNS: list[re.Pattern[str]] = [
    # May 5, 2014 / Dec. 8, 2005 / April. 1st 2019 / June 1s t 2020 / March 18. 2021 (a
    # period typed for the comma) / March the 1st, 2021
    re.compile(
        rf"{_START}{_MONTH}\s*(?:the\s+)?(?P<day>{_DAY_NUM})\s*[,.]?\s*(?:of\s+|{_ERA})?{_YEAR}",
        _FLAGS,
    ),
    # 5th day of May, 2014 / the first day of June, 2010 / 1st of January, 2020 / 16th June 2004
    # / 1-Aug-2019 / the first (1st) day of July, in the year 2018 / 1st day of March of 2021
    re.compile(
        rf"{_START}{_DAY}{_DAY_ECHO}(?:\s*{_DAY_OF}?|-){_MONTH}"
        rf"(?:\s*,?\s*(?:of\s+|{_ERA})?|-){_YEAR}",
        _FLAGS,
    ),
    # 31-Dec-15: day, month abbreviation and two-digit year, hyphened (a common typed and
    # printed form); a two-digit year only between hyphens, where nothing else reads so
    re.compile(rf"{_START}(?P<day>\d{{1,2}})-{_MONTH}-(?P<year>\d{{2}})(?![\d-])", _FLAGS),
    # the 1st day of March, two thousand twenty-one (a formal deed's year in words)
    re.compile(
        rf"{_START}{_DAY}{_DAY_ECHO}\s*{_DAY_OF}?{_MONTH}\s*,?\s*{_ERA}?"
        rf"{_YEAR_IN_WORDS}",
        _FLAGS,
    ),
    # the last day of December, 2023 / the last day in February, 2023 (an end date written by
    # its month)
    re.compile(
        rf"{_START}(?P<last>last)\s+day\s+(?:of|in)\s+{_MONTH}\s*,?\s*(?:of\s+)?{_YEAR}", _FLAGS
    ),
    # May 2014 / March, 2015 / March ___, 2015 (blank day)
    re.compile(rf"{_START}{_MONTH}\s*(?:{_BLANK}\s*)?,?\s*{_YEAR}", _FLAGS),
    # ____ day of __________, 2015 / ______, 2020
    re.compile(rf"{_BLANK}\s*(?:day\s+of\s+{_BLANK}\s*)?,?\s*{_YEAR}", _FLAGS),
    # "effective as of , 2020": a blank lost in text extraction (``lead`` is not part of raw)
    re.compile(rf"(?P<lead>\b(?:as\s+of|dated|this|on)\s*)(?=,),\s*{_YEAR}", _FLAGS),
    # a letter's date line left blank but for the year, the blank lost in text extraction: a
    # line holding only ", 2009", under the title and above the addressee
    re.compile(rf"(?P<lead>^[ \t]*)(?=,),[ \t]*{_YEAR}(?=[ \t]*$)", re.MULTILINE),
    # 05/05/2014, 12.31.2019, 29/3/18 (two-digit years only with slashes)
    re.compile(
        r"(?<![\d./-])(?P<a>\d{1,2})(?P<sep>[/.-])(?P<b>\d{1,2})(?P=sep)"
        r"(?P<year>(?:1[89]|20)\d{2}|(?<=/)\d{2})(?![\d/]|\.\d)"
    ),
    # 3-31-16: a US date with hyphens and a two-digit year (a form's "Date: 3-31-16", "Contract
    # end: 04-01-08"); month first only, and not inside a code or a citation ("C5-2-01", "§§
    # 13-8-50")
    re.compile(
        r"(?<![\w./-])(?P<a>0?[1-9]|1[0-2])(?P<sep>-)(?P<b>\d{1,2})-(?P<year>\d{2})(?![\w/-]|\.\d)"
    ),
    # 2014-05-05 / 2014/05/05 / 2014.05.05 (year first with dots, as East Asian contracts write)
    re.compile(
        r"(?<![\d./-])(?P<year>(?:1[89]|20)\d{2})([-/.])(?P<m>\d{1,2})\2(?P<d>\d{1,2})(?!\d)"
    ),
]

_SIGNATURE_DATE_LABEL = re.compile(
    r"(?<!effective )(?<!commencement )(?<!expiration )(?<!termination )(?<!start )"
    # an order form's or a schedule's own dates after the signatures ("Order Date: May 2, 2011",
    # "Invoice Date:", "Due Date:", "Delivery Date:", "SOW Date:") date the order, not a signing
    r"(?<!order )(?<!po )(?<!sow )(?<!invoice )(?<!due )(?<!payment )(?<!delivery )"
    r"(?<!shipping )(?<!installation )(?<!completion )(?<!issue )"
    r"(?<!end )(?<!closing )(?<!birth )(?<!expiry )\bdate\s*:\s*$",
    _FLAGS,
)
#: A signature line just before the date, with no "Date" label: "Jane Roe (signature) June 25,
#: 2014", "Authorized Signature / Jane Roe 1/14/02": the date it was signed.
_SIGNATURE_MARK = re.compile(r"\bsignature\b", _FLAGS)
#: (pattern, role) pairs read around a date to say what it is for.
DATE_CUES: list[tuple[re.Pattern[str], str]] = [
    (
        # "from" only after a period or a verb of running ("two years from <date>", "runs
        # from"): "resign from", "income fell from" or "shipped from" start nothing
        # "shall take effect on <date>", "in effect from <date>", "in force from <date>",
        # "comes into force on <date>", "shall enter into effect on <date>"
        re.compile(
            r"\b(?:effective|as\s+of|commenc\w*|begin\w*|start\w*"
            r"|(?:years?|months?|term|runs?|running|valid|effect|force)\s+from"
            r"|(?:take[sn]?|taking|took)\s+effect"
            r"|(?:come|comes|came|coming|enter(?:s|ed|ing)?)\s+into\s+(?:force|effect|operation)"
            # "has effect on and from <date>", "shall apply as from <date>", "operative from",
            # "from and after <date>"
            r"|on\s+and\s+from|as\s+from|operative|from\s+and\s+after)\b",
            _FLAGS,
        ),
        "effective",
    ),
    (
        re.compile(
            # "This Agreement is concluded on <date>" (a date it ends on is "concluding on"),
            # a cover sheet's "Date of Agreement / Execution: <date>"
            r"\b(?:is|was|been|and)\s+concluded(?:\s+on|\s+as\s+of)?\s*$|"
            r"\bdate\s+of\s+(?:this\s+)?(?:agreement|execution|signing|signature)\s*:\s*$|"
            r"\b(?:dated|made|entered\s+into|executed|signed)\b|\bthis\s*$",
            _FLAGS,
        ),
        "dated",
    ),
    # a form's "Date:" label, by a signature: the date it was signed ("Effective Date:",
    # "Expiration Date:" and the like keep their own role)
    (_SIGNATURE_DATE_LABEL, "dated"),
    (_SIGNATURE_MARK, "dated"),
    (
        re.compile(
            # "shall terminate effective (as of) <date>", "shall expire as of <date>": the end
            # verb, not the nearer "effective" or "as of", says what the date is for
            r"\b(?:terminat\w*|expir\w*)\s+(?:effective\s+)?(?:as\s+of\s*)?$"
            r"|\b(?:expir\w*|terminat\w*|until|till|through|thru|end(?:s|ing)?\s+on"
            r"|laps(?:e|es|ed|ing)|ceas(?:e|es|ed|ing)\s+on)\b"
            # "shall cease to have effect / to be in force on <date>"
            r"|\bceas\w*\s+to\s+(?:have\s+effect|be\s+in\s+(?:full\s+)?"
            r"(?:force|effect))\b"
            # the end of a stated period: "ending June 30, 2012", "shall end as of <date>",
            # "ends at 11:59 p.m. on <date>", "concluding on <date>", "extended to <date>",
            # "(up) to and including <date>", "up to <date>", "runs to <date>", "ends <date>",
            # a cover sheet's "End Date: <date>" or "Contract end: <date>"
            r"|\b(?:ending|ends|end(?:s|ed)?\s+(?:as\s+of|at(?:\s[^;]{1,40}?\son)?)"
            r"|conclud\w*(?:\s+on)?|extended\s+to|(?:up\s+)?to\s+and\s+including|up\s+to"
            r"|(?:runs?|running)\s+to|end(?:\s+date)?\s*:)\s*$"
            # "will end (on) the later of (i) <date> or (ii) ...": the first limb of an end
            r"|\bend(?:s|ing)?\s+(?:on\s+)?the\s+(?:later|earlier)\s+of\W*"
            r"(?:\(?[a-z1-9]{1,3}\)\s*)?$"
            # the second date of a range: "from <date> to <date>", "<date> - <date>", "from
            # January 1, 2021, to <date>"
            r"|(?:\d{4}|\d{1,2}(?:st|nd|rd|th)?)\s*,?\s*(?:to|-|–|—)\s*$",
            _FLAGS,
        ),
        "expire",
    ),
]
#: A form's "Date" label under (or after) the date written on its line, by a signature: the
#: date it was signed ("4/24/2018 / Date", "Markham 24 OCT 2011 Place Date"; read in the
#: squashed text after the date).
_DATE_LABEL_AFTER = re.compile(r"^\W{0,3}(?:place\s+(?:and\s+)?)?date\b(?!\s*(?::|of\b))", _FLAGS)
#: The date defined as the effective date right after it: "(the "Effective Date")", also in
#: parentheses "(hereinafter (referred to as) the "Effective Date")", "(such date, the
#: "Effective Date")"; not ", hereinafter called the Effective Date" after the day it was made,
#: which stays the signing date.
_DEFINED_EFFECTIVE = re.compile(
    r"^(?:\W{0,12}|[\s,]*\(\s*(?:hereinafter|such\s+date)\W{0,3}"
    r"(?:(?:referred\s+to\s+as|called)\s+)?)(?:the\s+)?\W?(?:effective|commencement)\s+date",
    _FLAGS,
)
#: The date defined as the end of the term right after it: "(the "Expiration Date")", "(the
#: "Termination Date")", "(such expiration date, the "Scheduled Expiration Date")"; in
#: parentheses only: a cover sheet's next label ("<date> Termination Date: <date>") is no
#: definition.
_DEFINED_EXPIRY = re.compile(
    r"^[\s,]*\(\s*(?:such\s+(?:expiration\s+|end\s+)?date\W{0,3})?(?:the\s+)?\W?"
    r"(?:scheduled\s+)?(?:expiration|expiry|termination|end)\s+date",
    _FLAGS,
)
_DEFINED_TERM_CUES: list[tuple[re.Pattern[str], str]] = [
    (_DEFINED_EFFECTIVE, "effective"),
    (_DEFINED_EXPIRY, "expire"),
    (_DATE_LABEL_AFTER, "dated"),
]


def _two_digit_year(year: int) -> int:
    return year + (2000 if year < 50 else 1900) if year < 100 else year


def _iso_from_match(m: re.Match[str], slashes_day_first: bool) -> tuple[str, str] | None:
    """(ISO string, precision) for a match of any pattern, or None if it is no real date."""
    groups = m.groupdict()
    if groups.get("yearwords"):
        year = int(words_to_number(groups["yearwords"]) or 0)
    else:
        year = _two_digit_year(int(groups["year"]))
    if groups.get("a"):
        a, b = int(groups["a"]), int(groups["b"])
        day_first = groups["sep"] == "." or (groups["sep"] == "/" and slashes_day_first)
        month, day = (b, a) if _day_first(a, b, day_first) else (a, b)
    elif groups.get("m"):
        month, day = int(groups["m"]), int(groups["d"])
    elif groups.get("month"):
        if groups["month"] == "may":  # the modal verb, not the month
            return None
        month = _MONTHS[groups["month"].lower()]
        if groups.get("last"):
            return f"{year:04d}-{month:02d}-{monthrange(year, month)[1]:02d}", "day"
        day = ordinal_value(groups["day"]) if groups.get("day") else None
        if groups.get("day") and day is None:
            return None
        if day is None:
            return (f"{year:04d}-{month:02d}", "month") if _valid(year, month, 1) else None
    else:
        return f"{year:04d}", "year"
    return (f"{year:04d}-{month:02d}-{day:02d}", "day") if _valid(year, month, day) else None


def _day_first(a: int, b: int, day_first: bool) -> bool:
    """US order (month first) unless the first number cannot be a month; where the text writes
    day first (dots: "01.03.2021" is 1 March; or slashes beside a "28/02/2023"), day first
    unless the second number cannot be a month ("12.31.2019")."""
    if day_first:
        return b <= 12
    return a > 12


#: Slashed dates that can only be read one way ("28/02/2023" is day first, "02/28/2023" month
#: first): one way alone in a text says how its ambiguous ones ("01/03/2021") read.
_SLASHED_DAY_FIRST = re.compile(
    r"(?<![\d./-])(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])/(?:\d{4}|\d{2})(?![\d/])"
)
_SLASHED_MONTH_FIRST = re.compile(
    r"(?<![\d./-])(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])/(?:\d{4}|\d{2})(?![\d/])"
)


def _writes_slashes_day_first(text: str) -> bool:
    return bool(_SLASHED_DAY_FIRST.search(text)) and not _SLASHED_MONTH_FIRST.search(text)


def _valid(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return 1800 <= year <= 2100


def _role(text: str, start: int, end: int) -> str | None:
    # 60 characters: both cues are anchored at the date's end, and "(hereinafter referred to
    # as the "Effective Date")" runs past 40
    return cue_after(text, end, _DEFINED_TERM_CUES, window=60) or cue_before(text, start, DATE_CUES)


def find_dates(text: str) -> list[Candidate]:
    """Every date in ``text``, in text order; overlapping readings keep the most complete."""
    found: list[Candidate] = []
    slashes_day_first = _writes_slashes_day_first(text)
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            parsed = _iso_from_match(m, slashes_day_first)
            if parsed is None:
                continue
            start, end = m.span()
            if m.groupdict().get("lead") is not None:
                start = m.end("lead")
            iso, precision = parsed
            found.append(
                Candidate(
                    iso, text[start:end], start, end, unit=precision, kind=_role(text, start, end)
                )
            )
    return _last_signature_signs(text, _range_starts(text, dedupe_overlaps(found)))


#: "shall be / runs / remains in force / is valid (for the period) from (and including) <date>
#: to / through / until <date>", "... between <date> and <date>", "... for the period <date> to
#: <date>", "covers / applies to the period ...", a term's label or statement ("Term: <date> -
#: <date>", "The term of this Agreement is <date> to <date>"; not a renewal's, nor a service
#: period's): the first date starts the period the second ends ("12 weeks from" is a schedule's)
_FROM = re.compile(
    r"(?:\b(?:be|is|are|was|were|runs?|ran|running|continues?|continuing|remains?|lasts?"
    r"|extends?|valid|effect|force|covers?|covering|appl(?:y|ies)\s+to)\s+(?:for\s+)?"
    r"(?:the\s+|a\s+)?"
    r"(?:(?:period\s+)?(?P<word>from(?:\s+and\s+including)?|between)\s+|period\s+)"
    r"|(?<!renewal\s)(?<!extension\s)\b(?:term|contract\s+period|period\s+of\s+performance)"
    r"(?:\s+of\s+(?:this\s+|the\s+)?(?:agreement|contract|lease))?"
    r"(?:\s*:|\s+(?:is|shall\s+be))\s*)(?:the\s+)?$",
    _FLAGS,
)
_TO_NEXT_DATE = {
    "from": re.compile(
        r"\s*,?\s*(?:(?:up\s+)?to|through|thru|until|till|-|–|—)"
        r"(?:\s+and\s+including)?(?:\s+the)?\s*",
        _FLAGS,
    ),
    "between": re.compile(r"\s*and(?:\s+the)?\s*", _FLAGS),
}


def _range_starts(text: str, found: list[Candidate]) -> list[Candidate]:
    """The first date of a range "shall be from <date> to <date>" starts it ("The term shall be
    from <date> through <date>"), where no nearer cue gave it a role ("be from" alone is too
    loose a start cue); the second ends it ("through" says so already, "between ... and" not)."""
    kinds = [c.kind for c in found]
    for i, (c, nxt) in enumerate(zip(found, found[1:])):
        before = _FROM.search(squash_spaces(text[max(0, c.start - 60) : c.start] + "|")[:-1])
        if c.kind is not None or before is None:
            continue
        word = "between" if (before.group("word") or "").lower() == "between" else "from"
        if _TO_NEXT_DATE[word].fullmatch(text[c.end : nxt.start]):
            kinds[i] = "effective"
            kinds[i + 1] = nxt.kind or "expire"
    return [replace(c, kind=kind) for c, kind in zip(found, kinds)]


def _last_signature_signs(text: str, found: list[Candidate]) -> list[Candidate]:
    """Signatures dated on different days: the contract is made when the last one signs, so
    the earlier "Date:" dates lose their signing role. A non-party's signature (an
    investigator's "read and understood", a notary's) signs nothing: its date loses the role
    too, and is no last signature."""
    signed = _side_by_side(text, found, {
        i for i, c in enumerate(found)
        if c.kind == "dated" and c.unit == "day"
        and (
            _SIGNATURE_DATE_LABEL.search(squash_spaces(text[max(0, c.start - 40) : c.start]))
            or _DATE_LABEL_AFTER.match(squash_spaces(text[c.end : c.end + 40]))
            or _SIGNATURE_MARK.search(squash_spaces(text[max(0, c.start - 180) : c.start])[-60:])
        )
    })
    non_party = {i for i in signed if _signed_by_a_non_party(text, found, i)}
    parties = signed - non_party
    last = max(found[i].value for i in parties) if len(parties) > 1 else None
    kinds = [c.kind for c in found]
    for i in non_party:
        kinds[i] = None
    for i in parties if last else ():
        kinds[i] = "dated" if found[i].value == last else None
    return [replace(c, kind=kind) for c, kind in zip(found, kinds)]


#: The heading of a signature that is no party's: "READ AND UNDERSTOOD BY THE PRINCIPAL
#: INVESTIGATOR (not a party to this Agreement)", "Notary Public", "Subscribed and sworn to
#: before me".
_NON_PARTY_SIGNER = re.compile(
    r"\bnot\s+(?:a\s+)?part(?:y|ies)\s+(?:hereto|(?:to|of)\s+(?:this|the)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:agreement|contract))\b"
    # "READ AND UNDERSTOOD" alone; a party's "read and understood and agreed" signs
    r"|\bread\s+and\s+understood\b(?!\W+(?:and\s+)?(?:agreed|accepted))"
    r"|\bnotary\s+public\b|\b(?:sworn|subscribed)\s+(?:to\s+)?before\s+me\b",
    _FLAGS,
)
_SIGNATURE_BLOCK_REACH = 300  # characters back to a signature's heading


def _signed_by_a_non_party(text: str, found: list[Candidate], i: int) -> bool:
    """Whether the signature dated ``found[i]`` is headed as no party's: the heading stands
    between the date before it (another signature's) and it."""
    lo = max(found[i - 1].end if i else 0, found[i].start - _SIGNATURE_BLOCK_REACH)
    return bool(_NON_PARTY_SIGNER.search(text, lo, found[i].start))


def _side_by_side(text: str, found: list[Candidate], signed: set[int]) -> set[int]:
    """Signature blocks set side by side come out of a PDF as "Date: Date: 3/29/2016
    3/31/2016": a day right after a signing date, with nothing between, is the other party's
    signing date."""
    return signed | {
        i + 1 for i in signed
        if i + 1 < len(found) and found[i + 1].kind is None and found[i + 1].unit == "day"
        and not text[found[i].end : found[i + 1].start].strip()
    }


_ISO = re.compile(r"^\d{4}(?:-\d{2}(?:-\d{2})?)?$")


def parse_date(text: str) -> str | None:
    """The ISO form of the first date in ``text`` (ISO input passes through), else None."""
    text = text.strip()
    if _ISO.match(text):
        return text
    found = find_dates(text)
    return found[0].value if found else None
