"""Durations as ISO 8601 (``P2Y``, ``P18M``, ``P30D``, ``P2W``, ``PT48H``) or ``perpetual``.

Handled: "two (2) years", "thirty (30) days", "sixty (60) calendar days", "eighteen months",
"1 year", "12-month", "two years (2)", "an additional month", "55.5 months", the Nth
anniversary of the agreement's own start ("the second anniversary of the date hereof": two
years), adverbs of recurrence ("annual renewals", "monthly periods": one year / one month) and
open-ended terms ("perpetual", "in perpetuity", "indefinitely", "for an unlimited period").
Each candidate carries the role cue next to it (``notice``, ``renewal``, ``term``, or
``period`` for a bare "for a period of"), because a contract's term, its renewal term and its
notice period are all durations and often share a sentence.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from .base import Candidate, cue_after, cue_before, dedupe_overlaps, labelled_line, squash_spaces
from .numbers import (
    NUMBER_WORDS,
    ORDINAL_WORDS,
    QUANTITY,
    format_decimal,
    ordinal_value,
    quantity_value,
    words_to_number,
)

__all__ = [
    "find_durations",
    "parse_duration",
    "iso_duration",
    "add_duration",
    "duration_between",
    "DURATION_CUES",
    "AGREEMENT_START",
    "ANNIVERSARY",
    "THAT_DATE",
    "names_the_start_before",
    "EXTENDS_A_RENEWAL",
    "anniversary_years",
    "names_a_recurrence",
    "PERPETUAL",
]

PERPETUAL = "perpetual"
_FLAGS = re.IGNORECASE
_UNIT_CODES = {"year": "Y", "month": "M", "week": "W", "day": "D", "hour": "H"}
_UNIT = r"(?P<unit>year|month|week|day|hour|yr|mo)s?\b"
#: the abbreviations order forms and schedules use ("2 yrs.", "12 mos.")
_ABBREVIATED_UNITS = {"yr": "year", "mo": "month"}
_QUALIFIER = (
    r"(?:(?:calendar|business|working|consecutive|full|additional|successive|contract)\s+)*"
)
_PAREN_ECHO = r"(?:\s*\(\s*\d+\s*\))?"  # "two years (2)"

_NUMBERED = re.compile(rf"{QUANTITY}[\s-]+{_QUALIFIER}{_UNIT}{_PAREN_ECHO}", _FLAGS)
#: "an additional year", "a further month", "another year", "one more year": one unit
_ARTICLE = re.compile(
    rf"\b(?:(?:a|an)\s+(?:(?:additional|successive|single|calendar|further)\s+)?"
    rf"|another\s+|one\s+more\s+){_UNIT}",
    _FLAGS,
)
_RECURRING = [
    (
        re.compile(
            # "annual" measures a term only as an adverb or before a word for one: an
            # "annual meeting", "annual fee" or "annual funding" recurs without being a period
            r"\b(?:annually|annual(?=\s+(?:renewal|term|period|basis|extension)s?\b)|yearly"
            r"|each\s+year|every\s+year|year[\s-]to[\s-]year)\b",
            _FLAGS,
        ),
        "year",
    ),
    (
        re.compile(r"\b(?:monthly|each\s+month|every\s+month|month[\s-]to[\s-]month)\b", _FLAGS),
        "month",
    ),
]


def names_a_recurrence(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` says a period recurs ("monthly", "from year to year"), which
    the reader then gives as a duration of its own."""
    return any(pattern.search(text, start, end) for pattern, _ in _RECURRING)


#: "half a year", "a half-year period": six months ("a year" inside it is not the duration)
_HALF_YEAR = re.compile(r"\b(?:half\s+an?\s+|an?\s+half[\s-])year\b", _FLAGS)
#: "one (1) year and six (6) months", "two years, three months": one duration in two parts
_YEARS_AND_MONTHS_GAP = re.compile(r"\s*(?:,\s*)?(?:and\s+)?", _FLAGS)
_OPEN_ENDED = re.compile(
    r"\b(?:in\s+perpetuity|perpetu(?:al(?:ly)?|ity)|indefinite(?:ly)?"
    r"|unlimited\s+(?:period|duration|term)s?)\b",
    _FLAGS,
)

_ORDINAL_SUFFIX = r"(?:st|nd|rd|th|s\s?t|n\s?d|r\s?d|t\s?h)"  # OCR splits some ("2n d")
#: "the third (3rd) anniversary", "1st year anniversary": group ``ord`` holds the ordinal; "the
#: two-year anniversary", "the three (3) year anniversary": group ``years`` holds the count.
ANNIVERSARY = (
    rf"(?:(?P<ord>{ORDINAL_WORDS}|\d{{1,2}}\s*{_ORDINAL_SUFFIX})"
    rf"(?:\s*\(\s*\d{{1,2}}\s*{_ORDINAL_SUFFIX}?\s*\))?\s+(?:year\s+)?"
    rf"|(?P<years>{NUMBER_WORDS}|\d{{1,2}})(?:\s*\(\s*\d{{1,2}}\s*\))?[\s-]+year[\s-]+)"
    r"anniversary"
)
#: How a contract names its own start: its date (a letter agreement's too: "the date of this
#: letter"), its Effective / Execution / Commencement / Start Date, the date first written
#: above (or "above written", "set out above", as English drafts say it), its signing ("the
#: date of signature", "the date of the last signature", "the date on which this Agreement is
#: signed"), "such date" (the start just named).
AGREEMENT_START = (
    r"(?:the\s+)?(?:date\s+(?:hereof|of\s+(?:this|the)\s+(?:letter\s+)?agreement"
    r"|first\s+(?:above\s+)?written"
    r"|(?:first\s+)?(?:above[\s-]+(?:written|set\s+out|stated)"
    r"|(?:written|set\s+(?:forth|out)|stated)\s+above)"
    r"|of\s+(?:its\s+|the\s+last\s+)?(?:signature|signing)"
    r"|on\s+which\s+(?:this\s+(?:letter\s+)?agreement|it)\s+(?:is|was|has\s+been)\s+(?:signed|executed))"
    r"|(?:effective|execution|commencement|start)\s+date"
    r"|(?:signing|execution)\s+of\s+(?:this|the)\s+agreement|this\s+(?:letter\s+)?agreement"
    r"|(?:date\s+of\s+)?this\s+letter"
    r"|such\s+date)\b"
)
#: The verbs that start a period: "commences", "shall begin", "began", "starts"
_START_VERB = r"commenc\w*|begin\w*|began|start\w*"
#: "that date", "the said date", "that day": the day just named, which is the agreement's start
#: only where the sentence has just said the agreement starts on it (``names_the_start_before``).
THAT_DATE = r"(?:that|(?:the\s+)?said)\s+(?:date|day)\b"
#: The agreement (its term, a deed, a contract) said to start, with no stop after it: "This
#: Agreement shall come into force on the date set out above and ...", "The term of this Deed
#: begins on the Effective Date and ...". A start verb alone is not the agreement's: "Royalties
#: accrue from the date of first sale", "The Closing shall take place on ...".
_AGREEMENT_STARTS = re.compile(
    r"\b(?:agreement|contract|deed|lease|term)\b[^.;]{0,80}?"
    rf"\b(?:{_START_VERB}|(?:becomes?|became|be|is)\s+effective"
    r"|(?:come|comes|came|enters?|entered|enter)\s+into\s+(?:force|effect)"
    r"|(?:take|takes|took)\s+effect)\b[^.;]*$",
    _FLAGS,
)


def names_the_start_before(text: str, start: int) -> bool:
    """Whether the sentence before ``start`` has just said the agreement starts, so that "that
    date" at ``start`` is its start ("shall come into force on the date set out above and shall
    terminate on the third anniversary of that date")."""
    return bool(_AGREEMENT_STARTS.search(text, max(0, start - 200), start))


#: The Nth anniversary of the agreement's own start: as long as N years from it. Anniversaries
#: of other events (a closing, a launch) say nothing of how long the agreement runs. "The third
#: anniversary hereof" is this agreement's; "thereof" is the start's only where the sentence has
#: just named one ("shall begin on <date> and end on the second anniversary thereof").
_ANNIVERSARY_OF_START = re.compile(
    rf"\b{ANNIVERSARY}\s+(?:of\s+(?:{AGREEMENT_START}|(?P<that>{THAT_DATE}))"
    r"|hereof\b|(?P<thereof>thereof)\b)",
    _FLAGS,
)
_START_NAMED = re.compile(
    rf"\b(?:{_START_VERB}|effective\s+(?:date|as\s+of|on))\b[^.;]*$", _FLAGS
)


def anniversary_years(m: re.Match[str]) -> int | None:
    """The N of a match of :data:`ANNIVERSARY`."""
    if m.group("years"):
        count = words_to_number(m.group("years"))
        return int(count) if count is not None and count == int(count) else None
    return ordinal_value(" ".join(m.group("ord").split()))


#: "extend" as a renewal word, unless the term itself runs: a term that "shall extend for a
#: period of five years" or "extends until the fourth anniversary" renews nothing, nor does a
#: cap on it ("in no event shall the Term extend beyond / later than thirty (30) months").
EXTENDS_A_RENEWAL = (
    r"extend(?!s?\s+(?:until|through|for\s+a\s+period\s+of"
    r"|beyond|past|(?:any\s+)?later\s+than)\b)\w*"
)

#: (pattern, role) pairs read before a duration to say what it measures. The nearest notice or
#: renewal cue wins; "term" only counts when neither is there, so "an additional period of
#: three (3) years" is a renewal even though "period of" is nearer; and "period" only when no
#: term word is there either ("shall continue for a period of one year" is a term).
DURATION_CUES: list[tuple[re.Pattern[str], str]] = [
    # a "notice of non-renewal" given "within ninety days of the end": its "renewal" is no cue
    (re.compile(r"\b(?:notice|notif\w*|non-?renewal)\b(?=[^.;]{0,50}$)", _FLAGS), "notice"),
    (
        # "of no further force or effect" ends an obligation; it extends nothing
        re.compile(
            rf"\b(?:renew\w*|{EXTENDS_A_RENEWAL}|extension|successive|additional"
            r"|(?<!\bno\s)further(?!\s+force))\b",
            _FLAGS,
        ),
        "renewal",
    ),
    (
        # a term that "extends for a period of" runs (see EXTENDS_A_RENEWAL); an agreement "in
        # force / in effect / effective / valid / binding" for, "entered into for" or "runs for"
        # a time, or its "duration" ("binding in perpetuity" on a clause is no term)
        re.compile(
            r"\b(?:term|initial|remain\s+in|continue\w*"
            r"|extends?(?=\s+for\s+a\s+period\s+of\b)"
            r"|in\s+(?:full\s+)?(?:force|effect)|valid|duration|(?:entered\s+into|concluded)\s+for"
            r"|(?:be|remain)\s+binding(?=\s+(?:[\w,]+\s+){0,4}?for\b)|runs?\s+for"
            r"|remain\s+effective)\b",
            _FLAGS,
        ),
        "term",
    ),
    # "for a period of" measures any duration (a covenant's, a confidentiality or a restricted
    # period), not only the agreement's: a role of its own, read only when no term word is there
    (re.compile(r"\b(?:period\s+of|for\s+a\s+period)\b", _FLAGS), "period"),
]
#: Any period that follows the first, named so right before its length: "at the end of any
#: subsequent one-year period", "each succeeding period of twelve months", "for subsequent
#: periods of one year": a renewal. Not a window that follows now ("a forecast for the
#: succeeding twelve (12) months", "in the subsequent three months"), nor "subsequent to".
_LATER_PERIOD: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(
            r"\b(?:(?:any|each|every)\s+(?:subsequent|succeeding|ensuing)(?=\s+$)"
            r"|(?:subsequent|succeeding|ensuing)\s+(?:periods?|terms?)\s+of\s+$)",
            _FLAGS,
        ),
        "renewal",
    )
]
_NOTICE_AFTER: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"^\s*(?:['’]s?)?\s*(?:(?:prior|advance|written|of|in|the)\s+)*notice", _FLAGS),
        "notice",
    ),
    (
        re.compile(
            # "prior the end" (a dropped "to") and "any year's expiration" read the same, so do
            # "ahead of the expiry" and "before the last day of the Initial Term" (not of a
            # calendar month, quarter or year: a deadline that recurs)
            r"^\W*(?:prior(?:\s+to)?|before|in\s+advance\s+of|ahead\s+of)\s+(?:the\s+)?"
            r"(?:[\w'’-]+\s+){0,4}(?:expir|end|terminat|renew|anniversar"
            r"|(?:last|final)\s+day\s+of\s+(?!(?:the\s+|each\s+|any\s+|every\s+|such\s+)?"
            r"(?:calendar\s+|fiscal\s+)?(?:month|quarter|year|week)s?\b))",
            _FLAGS,
        ),
        "notice",
    ),
]

_RENEWAL_AFTER = [(re.compile(r"^\W{0,3}(?:\w+\s+){0,2}renew", _FLAGS), "renewal")]
#: A duration written as the adjective of its period: "a 36-month term", "an initial two-year
#: term", "three (3)-year renewal terms". The noun after it says what it measures.
_PERIOD_NOUN_AFTER: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^[\s)-]*(?:renewal|extension)\s+(?:term|period)", _FLAGS), "renewal"),
    (re.compile(r"^[\s)-]*(?:(?:initial|original|fixed)\s+)?term\b", _FLAGS), "term"),
]


def iso_duration(amount: Decimal, unit: str) -> str:
    """``(2, "year") -> "P2Y"``; hours go after the ISO ``T`` separator (``PT48H``)."""
    code = _UNIT_CODES[unit.lower().rstrip("s")]
    number = format_decimal(amount)
    return f"PT{number}{code}" if code == "H" else f"P{number}{code}"


#: "commencing six (6) months prior to the expiration of the Term": when something starts, not a
#: notice given before the end
_STARTS_AT = re.compile(r"\b(?:commencing|beginning|starting)\s+$", _FLAGS)


def _notice_after(text: str, start: int, end: int) -> str | None:
    if _STARTS_AT.search(text[max(0, start - 20) : start]):
        return None
    return cue_after(text, end, _NOTICE_AFTER)


#: The agreement's own end right after its name: "after this Agreement ends / expires / is
#: terminated / has been terminated or has expired" counts from its end, not from its start.
_IT_ENDS = r"\s+(?:is\s+|has\s+(?:been\s+)?)?(?:end(?:s|ed)|expir(?:es|ed)|terminat(?:es|ed))\b"


#: A period counted from an event other than the agreement's start: the last disclosure ("five
#: (5) years after the date of the last disclosure"), a court order, a person's retirement,
#: resignation or separation, the end, termination or expiry of something ("two years following
#: the termination of employment"), or something that ends or ceases ("the twelve (12) month
#: period after my employment ends", "one year after the Executive ceases to be employed"). It
#: measures what follows that event (a survival, a covenant, a remedy), not how long the
#: agreement runs. A period from each disclosure is left alone: the labelled sets give it as the
#: term as well as leave it out. A period from the agreement's start is the agreement's ("from
#: the Effective Date of this Agreement notwithstanding its termination"; "the effective date of
#: the Order" is the order's), and the words between stop at a link ("from the date hereof until
#: its termination"); "after this Agreement" followed by its ending verb counts from its end.
_COUNTED_FROM_AN_EVENT = re.compile(
    r"^[\s)]*(?:period\s+)?(?:after|following|from|since)\s+(?:and\s+after\s+)?"
    rf"(?!{AGREEMENT_START}(?!\s+of\s+(?!this\b|the\s+(?:letter\s+)?agreement\b)|{_IT_ENDS}))"
    r"(?:(?!(?:until|through|to|and|or|unless|except|whichever|if|notwithstanding|regardless"
    r"|despite|without|irrespective)\b)[\w'’-]+\s+){0,10}?"
    r"(?:(?:last|final|latest)\s+disclos\w*|(?:court\s+)?order|retire\w*|resign\w*"
    r"|separation|departure|end\s+of|end(?:s|ed)|ceas(?:es|ed|ing)|cessation|terminat\w*"
    r"|expir\w*|expiry)\b",
    _FLAGS,
)


def _counted_from_an_event(text: str, end: int) -> str | None:
    """``after_event`` when the duration ending at ``end`` is counted from another event."""
    after = squash_spaces(text[end : end + 200])
    return "after_event" if _COUNTED_FROM_AN_EVENT.match(after) else None


#: One item the agreement covers (a service, a schedule, a statement of work, an order, a
#: project), named singly: "any Service", "that Service", "each Purchase Order", "a Work Order".
_ONE_ITEM = (
    r"(?:any|that|such|each|a|an|one|the\s+(?:applicable|relevant|affected))\s+(?:[\w-]+\s+)?"
    r"(?:service|schedule|statement\s+of\s+work|sow|work\s+order|purchase\s+order|order"
    r"|project)(?!s)\b"
)
#: An extension of one item rather than of the agreement: "extend that Service for up to three
#: (3) months", "extend the term of any Service by", "an extension of any Service for", "the
#: Service Period for any Service may be extended by": the item runs longer within the
#: agreement's term, which does not renew. The duration follows in the same clause, with no
#: word for the agreement, its term or a notice between ("extend any Service by notice given
#: thirty (30) days ahead": the days are the notice's).
_EXTENDS_ONE_ITEM = re.compile(
    r"(?:\bextend\w*\s+(?:the\s+(?:term|duration|period|service\s+(?:period|term))"
    rf"\s+(?:of|for)\s+)?{_ONE_ITEM}|\bextension\s+of\s+{_ONE_ITEM}"
    rf"|{_ONE_ITEM}\s+(?:may|shall|will|can)\s+be\s+extended)"
    r"(?:(?!\b(?:renew\w*|agreement|term|notice|notif\w*)\b)[^.;]){0,80}$",
    _FLAGS,
)


def _extends_one_item(text: str, start: int) -> str | None:
    """``item_extension`` when the duration at ``start`` extends one item of the agreement."""
    before = squash_spaces(text[max(0, start - 240) : start])
    return "item_extension" if _EXTENDS_ONE_ITEM.search(before) else None


#: The end of a sentence: a stop, then a capital, a digit, a quote or a bracket opening the next
#: ("... additional units. This Agreement shall ...", "... units.\n\n5.2 The Term ..."); not the
#: stop of "99.0%", "i.e. one year", "Inc." or "U.S." (the conservative splitter of
#: ``sentences.py``, by regex: a role cue is read for every duration, far too often for pysbd).
_SENTENCE_END = re.compile(
    r"(?<!\b[A-Z])(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bNo)(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bSt)"
    r"(?<!\bvs)(?<!\bCorp)(?<!\bU\.S)[.!?][\"”)]?(?=\s+[A-Z0-9(\"“])"
)
#: how far back a role cue's sentence is looked for (a cue window is 60 characters, squashed)
_SENTENCE_LOOKBACK = 400


def _sentence_start(text: str, start: int) -> int:
    """Where the sentence holding ``start`` begins (within :data:`_SENTENCE_LOOKBACK`)."""
    lo = max(0, start - _SENTENCE_LOOKBACK)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, lo, start)]
    return ends[-1] if ends else lo


def _notice_or_renewal_cue(
    text: str, start: int, cues: list[tuple[re.Pattern[str], str]] = DURATION_CUES[:2]
) -> str | None:
    """The nearest notice or renewal cue before ``start`` in its own sentence: a renewal word
    that ends the sentence before ("... may purchase additional units. This Agreement shall
    remain in effect for five (5) years") says nothing of this duration."""
    lo = _sentence_start(text, start)
    return cue_before(text[lo:start], start - lo, cues)


#: A right to end the agreement: "may terminate", "may, by written notice, terminate", "shall be
#: entitled to terminate", "the right to cancel", "is terminable".
_TERMINATION_RIGHT = re.compile(
    r"\b(?:(?:may|can|(?:be|is|are)\s+entitled\s+to|right\s+to|option\s+to|elect\s+to)"
    r"(?:[\s,]+(?!(?:not|never)\b)[\w'’-]+,?){0,4}?\s+(?:terminat|cancel)\w*|terminable)\b",
    _FLAGS,
)
#: A duration that measures a condition of that right: a window it is met in ("in any three (3)
#: consecutive months", "during any period of six months", "within ninety days of", "over the
#: preceding twelve months") or how long a failure lasts ("for a period of sixty (60) days after
#: notice", "for thirty consecutive days").
_WINDOW_BEFORE = re.compile(
    r"\b(?:(?:in|during|over|throughout)\s+(?:(?:any|each|a|the\s+(?:preceding|previous|prior"
    r"|last|first))\s+)?(?:(?:rolling|continuous)\s+)?(?:period\s+of\s+)?"
    r"|within\s+(?:a\s+period\s+of\s+)?|for\s+a\s+(?:continuous\s+)?period\s+of\s+)$",
    _FLAGS,
)
#: the agreement's lifetime stated after the right ("..., and otherwise this Agreement shall
#: continue for three years", "may be terminated as provided in Section 9 and, unless so
#: terminated, shall remain in force for five years"): the duration is the term again
_LIFETIME_AFTER_RIGHT = re.compile(
    r"\b(?:agreement|term|it)\s+(?:shall|will)\s+(?:continue|remain|expire|terminate|be\s+in)\b"
    r"|\bunless\s+(?:sooner\s+|earlier\s+|so\s+)?terminated\b"
    r"|\b(?:shall|will)\s+(?:remain|be|continue)\s+in\s+(?:full\s+)?(?:force|effect)\b",
    _FLAGS,
)


def _measures_a_condition(text: str, start: int, end: int) -> str | None:
    """``condition`` when the duration at ``[start, end)`` measures a condition of a right to
    terminate in its sentence ("Either party may terminate this Agreement if Availability
    falls below 99.0% in any three (3) consecutive months"): how long a failure lasts or the
    window it is counted in, not how long the agreement runs."""
    lo = _sentence_start(text, start)
    right = None
    for right in _TERMINATION_RIGHT.finditer(text, lo, start):
        pass
    if right is None or _LIFETIME_AFTER_RIGHT.search(text, right.end(), start):
        return None
    before = squash_spaces(text[max(lo, start - 80) : start] + "|")[:-1]
    consecutive = re.search(r"\bconsecutive\b", text[start:end], _FLAGS)
    return "condition" if consecutive or _WINDOW_BEFORE.search(before) else None


def _role(text: str, start: int, end: int) -> str | None:
    """Notice if a notice phrase follows; else the nearest notice/renewal cue in the sentence;
    else a condition of a right to terminate; else a period counted from another event than the
    start; else the period the duration qualifies ("a two-year term"); else term; else a bare
    period. On a form's labelled line only the line counts ("Initial Term: 36 months" above
    "Renewal Term: ...")."""
    if line := labelled_line(text, start, end):
        lo, hi = line
        text, start, end = text[lo:hi], start - lo, end - lo
    return (
        _notice_after(text, start, end)
        or _extends_one_item(text, start)
        or _notice_or_renewal_cue(text, start, DURATION_CUES[:2] + _LATER_PERIOD)
        or _measures_a_condition(text, start, end)
        or _counted_from_an_event(text, end)
        or cue_after(text, end, _PERIOD_NOUN_AFTER)
        or cue_before(text, start, DURATION_CUES[2:3])
        or cue_before(text, start, DURATION_CUES[3:])
    )


#: an agreement that "shall continue in effect from year to year" or "remains in force on a
#: month-to-month basis" renews itself by each period, even without the word "renew"
_CONTINUES = [(re.compile(r"\b(?:continu\w*|remain\w*)\b", _FLAGS), "renewal")]


def _recurrence_role(text: str, start: int, end: int) -> str:
    """A recurrence ("from year to year", "annually") repeats a period: a renewal or notice cue
    names its role, and so does continuing ("shall continue from year to year" renews); a term
    word does not."""
    return (
        cue_after(text, end, _RENEWAL_AFTER)
        or cue_after(text, end, _NOTICE_AFTER)
        or _notice_or_renewal_cue(text, start)
        or cue_before(text, start, _CONTINUES)
        or "recurring"
    )


def _unit(m: re.Match[str]) -> str:
    unit = m.group("unit").lower()
    return _ABBREVIATED_UNITS.get(unit, unit)


def _numbered(text: str) -> list[Candidate]:
    found = []
    for m in _NUMBERED.finditer(text):
        amount = quantity_value(m)
        if amount is None or amount <= 0:
            continue
        unit = _unit(m)
        found.append(
            Candidate(
                iso_duration(amount, unit),
                m.group(0),
                *m.span(),
                unit=unit,
                kind=_role(text, *m.span()),
            )
        )
    return found


def _implicit_one(text: str) -> list[Candidate]:
    found = []
    for m in _ARTICLE.finditer(text):
        unit = _unit(m)
        found.append(
            Candidate(
                iso_duration(Decimal(1), unit),
                m.group(0),
                *m.span(),
                unit=unit,
                kind=_role(text, *m.span()),
            )
        )
    for pattern, unit in _RECURRING:
        for m in pattern.finditer(text):
            kind = _recurrence_role(text, *m.span())
            found.append(
                Candidate(
                    iso_duration(Decimal(1), unit), m.group(0), *m.span(), unit=unit, kind=kind
                )
            )
    return found


def _half_years(text: str) -> list[Candidate]:
    return [
        Candidate("P6M", m.group(0), *m.span(), unit="month", kind=_role(text, *m.span()))
        for m in _HALF_YEAR.finditer(text)
    ]


def _years_and_months(text: str, numbered: list[Candidate]) -> list[Candidate]:
    """A number of years followed by a number of months is one duration, their sum in months:
    read apart, "one year and six months" would answer one year or six months."""
    found = []
    for years, months in zip(numbered, numbered[1:]):
        if years.unit != "year" or months.unit != "month" or "." in years.value + months.value:
            continue
        if not _YEARS_AND_MONTHS_GAP.fullmatch(text, years.end, months.start):
            continue
        total = int(years.value[1:-1]) * 12 + int(months.value[1:-1])
        found.append(
            Candidate(
                f"P{total}M",
                text[years.start : months.end],
                years.start,
                months.end,
                unit="month",
                kind=years.kind,
            )
        )
    return found


def _anniversaries(text: str) -> list[Candidate]:
    found = []
    for m in _ANNIVERSARY_OF_START.finditer(text):
        if m.group("thereof") and not _START_NAMED.search(text, max(0, m.start() - 200), m.start()):
            continue
        if m.group("that") and not names_the_start_before(text, m.start()):
            continue
        years = anniversary_years(m)
        if years:
            kind = _role(text, *m.span()) or "term"
            found.append(Candidate(f"P{years}Y", m.group(0), *m.span(), unit="year", kind=kind))
    return found


#: A heading that pairs the term with its renewal ("ARTICLE 2. TERM AND RENEWAL", "Term and
#: Extension.") is followed by a clause number, a stop or a capital; "the initial term and
#: renewal term of one year" is running text, and its "renewal" still names a role.
_PAIRED_HEADING = re.compile(
    r"\b(?:term|duration)\s*(?:and|&|;|,)\s*(?:renewals?|extensions?)\b"
    r"(?=\s*(?:[.:\d]|(?-i:[A-Z])))",
    _FLAGS,
)


def _without_paired_headings(text: str) -> str:
    """``text`` with term-and-renewal headings blanked (same length: offsets stay exact), so a
    heading's "renewal" gives the term stated under it no renewal role."""
    return _PAIRED_HEADING.sub(lambda m: " " * len(m.group(0)), text)


def find_durations(text: str) -> list[Candidate]:
    """Every duration in ``text`` in text order; an explicit number beats an implied one."""
    text = _without_paired_headings(text)
    numbered = _numbered(text)
    found = numbered + _years_and_months(text, numbered) + _implicit_one(text)
    found += _half_years(text)
    found += _anniversaries(text)
    for m in _OPEN_ENDED.finditer(text):
        found.append(
            Candidate(PERPETUAL, m.group(0), *m.span(), unit=None, kind=_role(text, *m.span()))
        )
    return _back_references(text, _notice_windows(text, dedupe_overlaps(found)))


#: "any such twelve month period", "within such thirty (30) day period": a period the text named
#: before; it is that period again, not a new one with a role of its own.
_SUCH_BEFORE = re.compile(r"\bsuch\s+$", _FLAGS)


def _back_references(text: str, found: list[Candidate]) -> list[Candidate]:
    """A duration after "such" refers back to one named before (kind "back_reference")."""
    return [
        replace(c, kind="back_reference")
        if _SUCH_BEFORE.search(text, max(0, c.start - 10), c.start)
        else c
        for c in found
    ]


#: A notice given within a window ("not less than sixty (60) days and not more than one hundred
#: twenty (120) days prior to the end of the term", "not more than 120 nor less than 60 days"):
#: the least notice is the notice period, the most is only how early it may come.
_AT_LEAST = (
    r"(?:(?:no|not)\s+(?:less|fewer|later)\s+than|at\s+least|nor\s+(?:less|fewer|later)\s+than)"
)
_AT_MOST = r"(?:(?:no|not)\s+(?:more|greater|earlier)\s+than|nor\s+(?:more|earlier)\s+than)"
_BOUND_BEFORE = {
    "least": re.compile(rf"\b{_AT_LEAST}\s*$", _FLAGS),
    "most": re.compile(rf"\b{_AT_MOST}\s*$", _FLAGS),
}
_WINDOW_GAP = {
    "least": re.compile(rf"^[\s,]*(?:and|but)?\s*{_AT_MOST}\s*$", _FLAGS),
    "most": re.compile(rf"^[\s,]*(?:and|but)?\s*{_AT_LEAST}\s*$", _FLAGS),
}


def _notice_windows(text: str, found: list[Candidate]) -> list[Candidate]:
    """The far end of a notice window is no notice period of its own (kind "window")."""
    kinds = [c.kind for c in found]
    for i, (first, second) in enumerate(zip(found, found[1:])):
        before = text[max(0, first.start - 30) : first.start]
        gap = text[first.end : second.start]
        for bound, far in (("least", i + 1), ("most", i)):
            if _BOUND_BEFORE[bound].search(before) and _WINDOW_GAP[bound].match(gap):
                if kinds[far] == "notice":
                    kinds[far] = "window"
    return [replace(c, kind=kind) if kind != c.kind else c for c, kind in zip(found, kinds)]


_ISO_DURATION = re.compile(r"^P(?:T?\d+(?:\.\d+)?[YMWDH])$")


def parse_duration(text: str) -> str | None:
    """The canonical form of the first duration in ``text`` ("2 years" -> "P2Y"), else None.

    Text that is already an ISO duration, or says "perpetual", passes through.
    """
    stripped = text.strip()
    if _ISO_DURATION.match(stripped.upper()):
        return stripped.upper()
    found = find_durations(stripped)
    return found[0].value if found else None


def _add_months(year: int, month: int, day: int, months: int) -> date:
    """Calendar month arithmetic; the day is clamped (Jan 31 + 1 month = Feb 28/29)."""
    total = year * 12 + (month - 1) + months
    y, m = divmod(total, 12)
    return date(y, m + 1, min(day, calendar.monthrange(y, m + 1)[1]))


def add_duration(iso_date: str, duration: str) -> str | None:
    """The date ``duration`` after ``iso_date``, at the date's precision: "2014-05-05" + "P2Y"
    -> "2016-05-05", "2015" + "P10Y" -> "2025". None when it cannot be said: ``perpetual``,
    fractional amounts, hours, or days/weeks added to a date without a day."""
    m = _ISO_DURATION.match(duration or "")
    parts = [int(p) for p in (iso_date or "").split("-") if p.isdigit()]
    if m is None or not 1 <= len(parts) <= 3 or "." in duration or "T" in duration:
        return None
    amount, code = int(duration[1:-1]), duration[-1]
    months = {"Y": 12 * amount, "M": amount}.get(code)
    if months is None:  # days or weeks need a full date
        if len(parts) < 3:
            return None
        return (date(*parts) + timedelta(days=amount * (7 if code == "W" else 1))).isoformat()
    if len(parts) == 1:
        return f"{parts[0] + amount:04d}" if code == "Y" else None
    shifted = _add_months(parts[0], parts[1], parts[2] if len(parts) == 3 else 1, months)
    return shifted.isoformat() if len(parts) == 3 else shifted.isoformat()[:7]


def duration_between(start: str, end: str) -> str | None:
    """The whole years or months from the day ``start`` to the day ``end`` (ISO), the end day
    counted in or not ("from 1 May 2021 until 30 April 2024" and "... until 1 May 2024" are both
    "P3Y"). None when no whole number of months (up to 50 years) spans them."""
    if len(start) != 10 or len(end) != 10 or end <= start:
        return None
    day_after = (date.fromisoformat(end) + timedelta(days=1)).isoformat()
    for months in range(1, 601):
        reached = add_duration(start, f"P{months}M")
        if reached in (end, day_after):
            return f"P{months // 12}Y" if months % 12 == 0 else f"P{months}M"
        if reached is None or reached > day_after:
            return None
    return None
