"""The default extractor: typed candidates from the top chunks, scored by rules, or nothing.

``RuleExtractor().extract(field, chunks)`` reads the retrieved chunks in rank order (merged into
document-contiguous passages, see ``scoring``), finds every candidate of the field's type
(``values.find_candidates``) and scores each one:

- **retrieval**: the rank of the best chunk that holds it;
- **keywords**: its distance in characters to the nearest field keyword or profile cue;
- **role**: the ``kind`` hint the value finder read next to it, weighted by the field's profile
  (an effective date wants ``effective``, governing law ``law`` rather than ``forum``);
- **section** and **position**: the chunk's section matches the field's, or the chunk opens the
  contract for fields that live there (parties, dates, titles);
- **sentence** and **unit**: what the candidate's sentence says (the profile's cues: "this
  Agreement shall expire ... after the date hereof" for a term, "non-solicitation" against it)
  and its unit (a notice period is not stated in years);
- **agreement**: the same value found at several places of the document.

Candidates with the same value pool their support; the best one is returned as ``found`` when
its score clears the profile's ``min_score``, else ``not_found``: a missing field is never
filled with a guess. ``confidence`` is a logistic of the raw score centred on that threshold
(0.5 there; monotone, so it can be calibrated downstream); every candidate's raw score and
features are in ``Extraction.candidates``.

Fields with more than a typed value to find have their own modes (``extraction.mode`` in the
field's YAML, see ``field_rules``): expiration dates derived from a start date (the fields the
rule ``needs``) plus a term, renewals that continue indefinitely or repeat the initial term,
party lists from the preamble, titles, sentences. Every weight and threshold is read from the
field's YAML; they were tuned on ``contracts-dev`` (see the closing note of issue 3).
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..models import FieldConfig, ScoredChunk, ValueType
from .base import Extraction
from .field_rules import FieldRule, rule_for
from .learned import model_for, rescore
from .party_rules import COUNT_FIT, TRAILING_JOINER, list_quality, party_list_candidates
from .scoring import (
    CandidateReader,
    Passage,
    Scored,
    build_passages,
    confidence,
    keyword_pattern,
    pool,
    rank_feature,
    section_feature,
    sentence_bounds,
)
from .values import Candidate, add_duration, find_candidates
from .values.base import labelled_line, squash_spaces
from .values.durations import (
    AGREEMENT_START,
    ANNIVERSARY,
    EXTENDS_A_RENEWAL,
    PERPETUAL,
    THAT_DATE,
    anniversary_years,
    duration_between,
    names_a_recurrence,
    names_the_start_before,
)
from .values.sentences import sentence_spans

if TYPE_CHECKING:
    from ..fields import FieldRegistry

__all__ = ["RuleExtractor"]

_SHOWN = 5  # candidates kept in the trace


# --------------------------------------------------------------------------- modes


def _value_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    return (
        reader.typed()
        + _effective_when_signed(reader, context)
        + _starts_on_a_named_date(reader)
        + _term_between_dates(reader)
        + _anniversary_of_a_dated_day(reader)
        + _notice_after_a_renewal(reader)
        + _notice_named_by_its_label(reader)
    )


#: A sentence that renews the agreement by itself: "This Agreement shall automatically renew for
#: successive one-year periods.", "... will be extended automatically for further periods".
_AUTOMATIC_RENEWAL = re.compile(
    r"\bautomatic\w*\s+(?:be\s+)?(?:renew|extend)\w*|\b(?:renew|extend)\w*\s+automatically\b",
    re.IGNORECASE,
)
#: The next sentence ends the agreement by notice ("A six (6) months written notice must be given
#: of its intention to terminate this Agreement"), not for a breach or an insolvency, nor at any
#: time for convenience (a right of its own, not the one that stops the renewal); "for any
#: reason other than breach" is the notice given without cause.
_ENDS_IT = re.compile(
    r"\bterminat\w*|\bnot\s+(?:wish|want|desire)\w*\s+to\s+continue\b", re.IGNORECASE
)
_ENDS_IT_FOR_CAUSE_OR_AT_WILL = re.compile(
    r"(?<!other\sthan\s)(?<!except\s)(?<!except\sfor\s)"
    r"\b(?:breach\w*|default\w*|insolv\w*|bankrupt\w*|cure\w*|convenience|at\s+any\s+time)\b",
    re.IGNORECASE,
)


def _notices_outside_the_context(reader: CandidateReader) -> Iterator[tuple[Passage, Candidate]]:
    """The notice periods the field's context sentences do not hold: none unless the field
    reads notice periods in a context (the context says "renewal")."""
    if reader.context is None or "notice" not in reader.rule.require_kinds:
        return
    for p, c in reader.candidates():
        if c.kind == "notice" and not reader.in_context(p, c):
            yield p, c


def _notice_after_a_renewal(reader: CandidateReader) -> list[Scored]:
    """A notice period stated in the sentence after an automatic renewal, whose own sentence
    names no renewal: "This Agreement shall automatically renew for successive one-year periods.
    Either party may terminate it with effect from the end of any such term by giving not less
    than three (3) months' written notice." CUAD labels it as the notice that stops the renewal.
    Only for a field that reads notice periods in a context (the context says "renewal")."""
    found = []
    for p, c in _notices_outside_the_context(reader):
        s, e = sentence_bounds(p.text, c.start, c.end)
        if s == 0 or p.text[s - 1] not in ".;":
            continue  # the first sentence of its passage: the one before is not read
        before, _ = sentence_bounds(p.text, s - 1, s - 1)
        if (
            _AUTOMATIC_RENEWAL.search(p.text, before, s)
            and _ENDS_IT.search(p.text, s, e)
            and not _ENDS_IT_FOR_CAUSE_OR_AT_WILL.search(p.text, s, e)
        ):
            found.append(reader.place(p, c, reader.features(p, c), note="after a renewal"))
    return found


#: The label of a schedule's or a cover sheet's line, up to its colon: "Notice Period" in
#: "Notice Period: 6 months".
_LINE_LABEL = re.compile(r"[ \t]*(?P<label>[A-Z][\w'’-]*(?:[ \t]+[A-Z][\w'’-]*){0,3})[ \t]*:")


def _notice_named_by_its_label(reader: CandidateReader) -> list[Scored]:
    """A notice period stated only on a labelled line ("Notice Period: 6 months", a schedule's
    or a cover sheet's) that the renewal clause names: "... renews for one year unless either
    party gives notice at least the Notice Period before the end of the Term". The line says
    no renewal; the clause that uses its label does. Only for a field that reads notice
    periods in a context."""
    found = []
    for p, c in _notices_outside_the_context(reader):
        line = labelled_line(p.text, c.start, c.end)
        label = line and _LINE_LABEL.match(p.text, line[0], c.start)
        if label and _named_in_context(reader, label.group("label")):
            feats = reader.features(p, c)
            feats["sentence"] = reader.sentence_bonus(p, c, line)  # the form's other lines differ
            found.append(reader.place(p, c, feats, note=f"the {label.group('label')} of a clause"))
    return found


def _named_in_context(reader: CandidateReader, label: str) -> bool:
    """Whether a sentence that names ``the <label>`` is in the field's context."""
    named = re.compile(rf"\bthe\s+{re.escape(label)}\b")
    for p in reader.passages:
        for m in named.finditer(p.text):
            s, e = sentence_bounds(p.text, m.start(), m.end())
            if reader.context.search(p.text, s, e):
                return True
    return False


def _term_between_dates(reader: CandidateReader) -> list[Scored]:
    """A term stated only by its two ends, in one sentence about the agreement: "This Agreement
    shall come into force on 1st May 2021 and shall remain in force until 30th April 2024" is
    a term of three years. Kleister labels the span between the two days as the term (train: an
    NDA effective February 18 that terminates on March 5 has a term of 16 days). The first end
    may be a defined date ("begins on the Effective Date"), read from its definition."""
    if reader.field.type is not ValueType.duration:
        return []
    defined = _defined_dates(reader)
    found = []
    for p in reader.passages:
        days = [d for d in find_candidates(ValueType.date, p.text) if d.unit == "day"]
        ends = _dated_ends(p.text, days) + _defined_start_ends(p.text, days, defined)
        for first, start, end in ends:
            span = duration_between(first, str(end.value))
            if span is None:
                continue
            unit = "year" if span.endswith("Y") else "month"
            c = Candidate(span, p.text[start : end.end], start, end.end, unit, "term")
            note = f"from {first} to {end.value}"
            found.append(reader.place(p, c, reader.features(p, c), note=note))
    return found


def _dated_ends(text: str, days: list[Candidate]) -> list[tuple[str, int, Candidate]]:
    """The day the agreement takes effect, then the one it expires on, both written in one
    sentence about the agreement: (first day, where it is written, the last day)."""
    ends = []
    for begin, end in pairwise(days):
        if begin.kind != "effective" or end.kind != "expire":
            continue
        s, e = sentence_bounds(text, begin.start, begin.end)
        if end.end <= e and _AGREEMENT_SUBJECT.search(text, s, begin.start):
            ends.append((str(begin.value), begin.start, end))
    return ends


#: The agreement starts on a day named only by its defined name: "This Agreement begins on the
#: Effective Date", "The term shall commence on the Commencement Date". Not another document's
#: date ("on the Effective Date of the Master Agreement").
_STARTS_ON_A_DEFINED_DATE = re.compile(
    r"(?i:\b(?:commenc\w*|begin\w*|start\w*|(?:be|become|becomes|is)\s+effective"
    r"|takes?\s+effect|(?:enter|come)s?\s+into\s+(?:force|effect))\s+(?:on|as\s+of|from|upon))"
    r"\s+the\s+(?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)\b(?!\s+of\b)"
)


def _defined_start_ends(
    text: str, days: list[Candidate], defined: Mapping[str, str]
) -> list[tuple[str, int, Candidate]]:
    """The agreement starts on a defined date whose day ``defined`` gives and expires on the
    next day written in the sentence: (the defined day, where its name is, the last day)."""
    ends = []
    for m in _STARTS_ON_A_DEFINED_DATE.finditer(text):
        first = defined.get(" ".join(m.group("name").split()))
        s, e = sentence_bounds(text, m.start(), m.end())
        end = next((d for d in days if d.start >= m.end()), None)
        if (first and end and end.kind == "expire" and end.end <= e
                and _AGREEMENT_SUBJECT.search(text, s, m.start())):
            ends.append((first, m.start("name"), end))
    return ends


#: The agreement takes effect when it is signed, with no date of its own: "shall enter into
#: effect on the date it is signed by both parties", "effective as of the later of the two
#: signature dates below", "will begin on the date this Agreement is signed by the last
#: signatory ("Effective Date")", ""Effective Date" means the date the last party has executed
#: this Agreement". The date meant is the signing date, often written only in the signatures.
_TAKES_EFFECT_WHEN_SIGNED = re.compile(
    r"\b(?:agreement|amendment|contract|term|it)\b[^.;]{0,40}?"
    r"\b(?:become|be|enter|come|take|begin|commence)s?\s+"
    r"(?:effective\s+|(?:into\s+)?(?:force|effect)\s+)?"
    r"(?:on|upon|as\s+of|from|when|immediately\s+(?:upon|when))\s+(?:the\s+)?"
    # the signing may be the first word: "upon signature by both Parties", "when signed by
    # both parties", "upon (the completion of) the execution by both Parties"
    r"(?:completion\s+of\s+(?:the\s+)?)?"
    r"(?=(?:later|last|latest|date|day|its|sign\w*|execut\w*|it\s+is|this)\b)"
    r"[^.;]{0,60}?\b(?:sign|execut)\w*"
    r"|\beffective\s+date[\"”]?\s*(?:of\s+this\s+\w+\s+)?(?:shall\s+)?(?:means?|is|shall\s+be)\s+"
    r"(?:the\s+)?(?:later|last|latest|date)[^.;]{0,60}?\b(?:sign|execut)\w*"
    r"|\b(?:sign|execut)\w*[^.;()]{0,40}\(\s*(?:the\s+|this\s+)?[\"“]effective\s+date"
    r"|\beffective\s+as\s+of\s+the\s+(?:later|last|latest|date)[^.;]{0,40}?\b(?:sign|execut)\w*"
    # "is entered into as of the last date of signature below": made when the last party signs
    r"|\b(?:made|entered\s+into)\s+(?:effective\s+)?as\s+of\s+the\s+(?:later|last|latest)\b"
    r"[^.;]{0,40}?\b(?:sign|execut)\w*",
    re.IGNORECASE,
)
#: The last signature is meant ("signed by both parties", "the later of the dates", "the last
#: party hereto has executed"): the agreement date reads the latest of the signing dates. "On
#: the date of its execution" alone is the date it is made, which CUAD leaves unlabelled.
_LAST_SIGNATURE = re.compile(r"\b(?:later|last|latest|both|all)\b", re.IGNORECASE)
_LAST_SIGNATURE_REACH = 40  # characters around the wording where the signers are named
#: "shall become effective when one or more counterparts have been signed by each party": the
#: counterparts clause says how the agreement is executed, not when it takes effect.
_COUNTERPARTS = re.compile(r"\bcounterparts?\b", re.IGNORECASE)
#: "on the day after the date of last signature": a day after the signing, not the signing date
#: (read up to the signing wording: "... and runs for two years after that" dates nothing)
_AFTER = re.compile(r"\bafter\b", re.IGNORECASE)


#: The reference itself: "the date hereof", "the date of this Agreement", "the date (and year)
#: first (above) written", or, English style, the preamble's date pointed at without "first":
#: "the date above written", "the day and year above-written", "the date written / set out /
#: stated / appearing above", "the date at the head of this Agreement". A date stated "above"
#: or "at the head" is the preamble's; "the date stated in the Order" is another's.
_AT_THE_HEAD = (
    r"at\s+the\s+(?:head|top|beginning|start)\s+of\s+(?:this|the)\s+(?:agreement|contract|deed)"
)
_WRITTEN = r"written|set\s+(?:forth|out)|stated|mentioned|given|shown|specified|appearing"
_ITS_OWN_DATE = re.compile(
    r"(?:date|day)\s+(?:(?:and\s+year\s+)?first\s+(?:above\s+)?(?:written|set\s+forth|stated)"
    r"(?:\s+above)?|hereof|of\s+this\s+(?:agreement|contract)"
    r"|(?:and\s+year\s+)?(?:first\s+)?(?:above[\s-]+|here(?:in)?\s*(?:above|before)\s+)"
    rf"(?:{_WRITTEN})"
    rf"|(?:and\s+year\s+)?(?:first\s+)?(?:{_WRITTEN})\s+(?:above|{_AT_THE_HEAD})"
    rf"|{_AT_THE_HEAD})\b",
    re.IGNORECASE,
)


#: The agreement or its term starts on the agreement's own date, which the sentence names only
#: by reference: "The Term shall commence on the date of this Agreement", "for a term of one
#: year commencing on the date first above written", "shall become effective on the date
#: hereof", ""Effective Date" means the date of this Agreement". Not a period of its own that
#: starts then ("the Standstill Period shall mean the period commencing on the date hereof").
#: A restated agreement says it in the past tense ("The term of this Agreement began on the
#: Restatement Date", "... became effective on the date hereof") or says it restates the
#: earlier one "with effect from the date of this Agreement". An English deed or licence says
#: it of itself ("This Deed shall take effect on the date above written").
_TAKES_EFFECT_ON_ITS_DATE = re.compile(
    r"\b(?:agreement|contract|term|deed|licen[cs]e)\b(?:(?!\bperiod\b)"
    r"(?:[^.;()]|\([^()]{0,40}\))){0,60}?"
    r"\b(?:commenc\w*|begin\w*|began|start\w*|(?:be|become|becomes|became|is|was)\s+effective"
    r"|(?:takes?|took)\s+effect|(?:(?:enter|come)s?|entered|came)\s+into\s+(?:force|effect)"
    r"|runs?(?=\s+from))\s+"
    r"(?:on|as\s+of|from|upon)\s+(?:the\s+)?"
    r"|\brestat(?:e|es|ed|ing)\b[^.;]{0,160}?\bwith\s+effect\s+from\s+(?:the\s+)?"
    r"|\beffective\s+date[\"”]?\s*(?:means|shall\s+mean|is)\s+"
    rf"(?=the\s+(?:{_ITS_OWN_DATE.pattern}))(?:the\s+)?",
    re.IGNORECASE,
)


def _effective_when_signed(
    reader: CandidateReader, context: Mapping[str, Any]
) -> list[Scored]:
    """The signing date (the first of the rule's ``needs`` in ``context``: the agreement date)
    as a candidate where a sentence says the agreement takes effect when signed, or on its own
    date, and names no date of its own."""
    signed = next((context[name] for name in reader.rule.needs if context.get(name)), None)
    if not signed or reader.field.type is not ValueType.date:
        return []
    precision = {10: "day", 7: "month", 4: "year"}.get(len(str(signed)))
    if precision != "day" and reader.convention_holds(reader.rule.withhold_partial_dates):
        return []  # the convention that labels only whole dates holds for these too
    found = []
    for p in reader.passages:
        wordings = [
            (m, "takes effect when signed: the signing date")
            for m in _TAKES_EFFECT_WHEN_SIGNED.finditer(p.text)
            if _means_the_last_signature(p.text, m)
        ] + [
            (m, "starts on its own date: the agreement date")
            for m in _starts_on_its_own_date(p.text)
        ]
        for m, note in wordings:
            c = Candidate(signed, m.group(0), *m.span(), unit=precision, kind="effective")
            found.append(reader.place(p, c, reader.features(p, c), value=signed, note=note))
    return found


#: A day's defined name right after a start wording: "begins on the Agreement Date",
#: "commences on the Execution Date"; not another document's ("the Effective Date of the
#: Master Agreement").
_DEFINED_DATE_NAME = re.compile(r"(?-i:(?P<name>(?:[A-Z][\w-]*\s+){1,3}Date))\b(?!\s+of\b)")


def _starts_on_a_named_date(reader: CandidateReader) -> list[Scored]:
    """The day the agreement or its term starts when the sentence gives it only by a name the
    contract defines elsewhere: "this Agreement begins on the Agreement Date" with 'entered into
    as of March 9, 2012 (the "Agreement Date")', "The initial term runs from the Commencement
    Date". Only for a field that prefers the effective role to the signing role."""
    if reader.field.type is not ValueType.date or (
        reader.rule.kind_weight("effective") <= reader.rule.kind_weight("dated")
    ):
        return []
    defined = _defined_dates(reader)
    found = []
    for p in reader.passages:
        for m in _TAKES_EFFECT_ON_ITS_DATE.finditer(p.text):
            named = _DEFINED_DATE_NAME.match(p.text, m.end())
            day = named and defined.get(" ".join(named.group("name").split()))
            if not day:
                continue
            c = Candidate(day, named.group(0), *named.span(), unit="day", kind="effective")
            note = f"starts on the {named.group('name')}: {day}"
            found.append(reader.place(p, c, reader.features(p, c), value=day, note=note))
    return found


def _starts_on_its_own_date(text: str) -> list[re.Match[str]]:
    """The wordings of ``text`` that start the agreement (or its term) on the agreement's own
    date: a start wording right followed by "the date hereof" and the like."""
    return [m for m in _TAKES_EFFECT_ON_ITS_DATE.finditer(text)
            if _ITS_OWN_DATE.match(text, m.end())]


def _means_the_last_signature(text: str, m: re.Match[str]) -> bool:
    """Whether the wording ``m`` dates the agreement by its last signature: the signers are
    named, the sentence is no counterparts clause, no day after the signing is meant, and ``m``
    holds no date."""
    s, e = sentence_bounds(text, m.start(), m.end())
    reach = _LAST_SIGNATURE_REACH
    signers = text[max(s, m.start() - reach) : min(e, m.end() + reach)]
    return bool(
        _LAST_SIGNATURE.search(signers)
        and not _COUNTERPARTS.search(text, s, e)
        and not _AFTER.search(text, s, m.end())
        and not find_candidates(ValueType.date, m.group(0))
    )


_ANNIVERSARY = re.compile(ANNIVERSARY, re.IGNORECASE)
#: words of a sentence that states a term; "shall have a duration of three years", "concluded
#: for a duration of", "the duration of this Agreement shall be" are the civil-law drafter's
#: "term", "shall be effective / valid for three years" another way to say it
_TERM_SENTENCE = re.compile(
    r"\b(?:term|continu\w*|remain\w*|expir\w*|in\s+(?:full\s+)?(?:force|effect)|period|"
    r"terminat\w*|extend\w*|be\s+for|commenc\w*|end"
    r"|(?:ha(?:s|ve|ving)|for)\s+a\s+duration\s+of"
    r"|duration\s+of\s+(?:this|the)\s+(?:\w+\s+)?(?:agreement|contract)"
    r"|(?:be|is|remains?)\s+(?:effective|valid)\s+for)\b",
    re.IGNORECASE,
)
_FROM_SIGNING = re.compile(
    r"\b(?:date\s+(?:hereof|of\s+(?:this|the)\s+(?:agreement|document|contract)|signed|of\s+"
    r"execution|first\s+(?:above\s+)?written)|execution\s+date|from\s+(?:the\s+)?signing)\b",
    re.IGNORECASE,
)
#: A period counted from signing, said right after it ("the first anniversary of the date of
#: this Agreement", "two years from the date hereof"): it runs from the signing date even where
#: its sentence names another start ("will begin on February 1, 1998 and end on the first
#: anniversary of the date of this Agreement").
_COUNTED_FROM_SIGNING = re.compile(
    rf"\W*(?:[\w()-]+\s+){{0,2}}?(?:of|from|after|following)\s+(?:the\s+)?"
    rf"(?:{_FROM_SIGNING.pattern})",
    re.IGNORECASE,
)
_RENEWAL_BEFORE = re.compile(
    rf"\b(?:renew\w*|{EXTENDS_A_RENEWAL}|extension|successive|subsequent|additional|thereafter)\b",
    re.I,
)
#: "commence on the Effective Date and continue thereafter for a period of two years": this
#: "thereafter" follows the start, not an initial term, so the period is the term itself
_RUNS_FROM_START = re.compile(r"\b(?:continu\w*|remain\w*|run\w*)\s+thereafter(?=\s+for\b)", re.I)
#: a period that names a renewal itself: "from year to year", "such twelve (12)-month
#: extension", "any one-year renewal period"
_RECURRENCE = re.compile(r"\bto[\s-]+(?:year|month)\b", re.I)
_NAMES_A_RENEWAL = re.compile(r"[\s)-]*(?:extension|renewal)\b", re.I)
_CONTINUES_FOREVER = re.compile(
    r"\b(?:agreement|term)\b[^.;]{0,120}?\b(?:continu|remain|be\s+in\s+effect)\w*[^.;]{0,60}?"
    r"(?:perpetu|indefinite)",
    re.IGNORECASE,
)
_NOT_A_TERM = re.compile(r"\b(?:notice|notif\w*|warrant\w*|payment|invoice|within)\b", re.I)
#: a period that runs after the agreement ends ("for twelve months after the termination of
#: this Agreement", "from and after the date of such expiration"): a survival or wind-down
#: period, not the term
_AFTER_THE_END = re.compile(
    r"^\W*(?:[\w()-]+\s+){0,2}?(?:after|following|beyond)\s+(?:the\s+)?(?:date\s+of\s+)?"
    r"(?:(?:such|any|its|the)\s+)?(?:termination|expiration|expiry|end)\b",
    re.I,
)


#: An anniversary of something other than the agreement's own start ("the third anniversary of
#: the expiration of the fiscal year", "the 7th anniversary of the date on which ACME ceases
#: to own", "the second anniversary of the Opening Date"): it ends a covenant or a right tied
#: to that event, not the agreement.
_OF_ANOTHER_EVENT = re.compile(rf"\s+of\s+(?!{AGREEMENT_START})", re.IGNORECASE)


_OF_THAT_DATE = re.compile(rf"\s+of\s+{THAT_DATE}", re.IGNORECASE)


def _of_the_start_just_named(text: str, m: re.Match[str]) -> bool:
    """Whether the anniversary ``m`` is "of that date" where that date is the agreement's start
    its sentence has just named ("shall come into force on ... and shall terminate on the third
    anniversary of that date")."""
    return bool(_OF_THAT_DATE.match(text, m.end())) and names_the_start_before(text, m.start())


def _term_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """What states a term: its labelled line in a form, else its sentence."""
    return labelled_line(text, start, end) or sentence_bounds(text, start, end)


def _term_durations(reader: CandidateReader) -> list[tuple[Passage, Candidate]]:
    """Durations that state the contract's (initial) term, and "Nth anniversary" terms."""
    found = []
    for p, c in reader.candidates(ValueType.duration):
        if c.kind not in (None, "term", "period") or "anniversary" in c.raw.lower():
            continue  # anniversaries are read below, with their start date
        s, e = _term_bounds(p.text, c.start, c.end)
        before = p.text[max(s, c.start - 80) : c.start]
        if not _TERM_SENTENCE.search(p.text, s, e) or _NOT_A_TERM.search(before):
            continue
        if _AFTER_THE_END.search(p.text[c.end : c.end + 80]):
            continue
        if _RENEWAL_BEFORE.search(_RUNS_FROM_START.sub(" ", p.text[s : c.start])):
            continue  # "thereafter renews for subsequent one (1) year periods"
        if _RECURRENCE.search(c.raw) or _NAMES_A_RENEWAL.match(p.text, c.end, min(e, c.end + 20)):
            continue  # a renewal period, counted after the initial term, not from the start
        if c.value == PERPETUAL and not _CONTINUES_FOREVER.search(p.text, s, e):
            continue  # a perpetual licence, not a perpetual agreement
        found.append((p, c))
    for p in reader.passages:
        for m in _ANNIVERSARY.finditer(p.text):
            years = anniversary_years(m)
            if years and (not _OF_ANOTHER_EVENT.match(p.text, m.end())
                          or _of_the_start_just_named(p.text, m)):
                found.append((p, Candidate(f"P{years}Y", m.group(0), *m.span(), "year", "term")))
    return found


#: A date the period runs to or is capped by, not from: "two years from the Effective Date to
#: 31 July 2013", "five years after launch, but in no event later than March 1, 2010"
_CAPS_OR_ENDS = re.compile(r"\b(?:later\s+than|to|until|through|thru|ending(?:\s+on)?)\s*$", re.I)


def _date_capping(text: str, c: Candidate) -> str | None:
    """A day later in the period's sentence that it runs to or is capped by ("the two year
    period from the Effective Date to 31 July 2013", "five years after launch, but in no event
    later than March 1, 2010"): the agreement ends then, whatever the period's start."""
    _, e = sentence_bounds(text, c.start, c.end)
    after = text[c.end : e]
    for d in find_candidates(ValueType.date, after):
        if d.unit == "day" and _CAPS_OR_ENDS.search(after[max(0, d.start - 30) : d.start]):
            return str(d.value)
    return None


#: A start date named right after the period: "for twenty-four (24) months to commence on the
#: launch date of January 4, 1999", "two years beginning on March 1, 2005".
_COUNTED_FROM = re.compile(
    r"\W*(?:[\w()-]+\s+){0,2}?(?:from|after|following|beginning|commenc\w*|starting)"
    r"\s+(?:on\s+|with\s+)?(?P<anchor>[^;.()]{1,80})",
    re.I,
)


def _date_counted_from(text: str, c: Candidate) -> str | None:
    """The date the period ``c`` is said to run from, when one is named right after it (before
    any comma: the words after an aside are about something else)."""
    m = _COUNTED_FROM.match(text, c.end)
    if not m:
        return None
    anchor = m.group("anchor")
    dates = [d for d in find_candidates(ValueType.date, anchor)
             if d.unit == "day" and "," not in anchor[: d.start]]
    return str(dates[0].value) if dates else None


def _start_date(
    reader: CandidateReader,
    p: Passage,
    c: Candidate,
    context: Mapping[str, Any],
    needed: Mapping[str, FieldRule],
) -> tuple[str | None, str]:
    """The date a term runs from: named right after it, else stated in its sentence, else the
    first of the rule's ``needs`` (the effective date, then the agreement date) given in
    ``context``, else the first read from the same chunks with that field's own rule
    (``needed``). A term counted
    from signing ("from the date hereof") takes ``needs`` from the end: the signing date."""
    named = _date_counted_from(p.text, c)
    if named:
        return named, "stated"
    s, e = _term_bounds(p.text, c.start, c.end)
    sentence = p.text[s:e]
    counted_from_signing = bool(_COUNTED_FROM_SIGNING.match(p.text, c.end, e))
    stated = [d for d in find_candidates(ValueType.date, sentence) if d.unit == "day"]
    stated = [d for d in stated if d.kind in ("effective", None, "dated")]
    if stated and not counted_from_signing:
        return stated[0].value, "stated"
    from_signing = counted_from_signing or bool(_FROM_SIGNING.search(sentence))
    needs = reader.rule.needs
    order = needs[::-1] if from_signing else needs
    for name in order:
        if context.get(name):
            return str(context[name]), f"context:{name}"
    for name in order:
        if name not in needed:
            continue
        sub = CandidateReader(reader.field, needed[name], reader.passages)
        pooled = pool(sub.typed(ValueType.date))
        if pooled and pooled[0].score >= needed[name].min_score:
            return pooled[0].value, f"read:{name}"
    return None, "none"


_SHORT_UNITS = frozenset({"day", "week", "hour"})
#: Fewer months than this are a phase, a trial or a notice period more often than a contract's
#: term (train: 1 of 13 CUAD expiry dates computed from one was right).
_SHORT_MONTHS = re.compile(r"^P(?:[1-9]|1[01])M$")
#: A sentence that opens by saying the agreement itself runs for the period: "The term of this
#: Agreement shall commence on the Effective Date and continue for six (6) months", "This
#: contract shall be for a term of one year commencing on ...; thereafter ...". The period is
#: the agreement's term, however short, and what the rest of the sentence says (a notice that
#: ends the renewals after it) is about what follows the term.
_AGREEMENT_RUNS_FOR = re.compile(
    r"^\W*(?:the\s+term\s+of\s+)?this\s+(?:\w+\s+)?(?:agreement|contract|lease|deed)\b[^;]*?"
    r"\b(?:continue\s+(?:in\s+(?:full\s+)?(?:force|effect)\s+)?for|be\s+for\s+a\s+term\s+of"
    r"|have\s+a\s+term\s+of)\s+(?:a\s+period\s+of\s+)?\Z",
    re.IGNORECASE,
)
_RUNS_FOR_SENTENCE = 0.35  # the sentence bonus of a term sentence (agreement + running verb)

#: A term that runs until someone ends it: "shall continue until terminated", "will end when
#: terminated by either party", "remains in force until either party gives notice", "for an
#: indefinite period". Its expiration is open-ended (``perpetual``).
_UNTIL_TERMINATED = re.compile(
    r"\b(?:continu\w*|remain\w*|in\s+(?:full\s+)?(?:force|effect)|endur\w*)\b[^.;]{0,60}?"
    r"\buntil\s+(?:(?:(?:it|this\s+(?:\w+\s+)?agreement|the\s+agreement)\s+(?:is|has\s+been)\s+)?"
    r"terminat\w*|(?:either|one|any)\s+party\b)"
    r"|\b(?:end|expire)s?\s+(?:when|upon)\s+(?:it\s+is\s+)?terminated"
    r"|\b(?:indefinite|unlimited)\s+(?:term|period|duration)"
    r"|\bendur\w*\s+(?:indefinitely|in\s+perpetuity)",
    re.IGNORECASE,
)
_AGREEMENT_SUBJECT = re.compile(r"\b(?:agreement|term|contract|lease|deed)\b", re.IGNORECASE)
#: A term bound to an event rather than a date: "shall continue in force until the expiration
#: of the last Licensed Patent", "remains in effect for so long as Buyer holds any Shares".
#: "remains in effect for the life of the last-to-expire Licensed Patent" (a patent's life, not
#: the agreement's own). Open-ended too, when no date or period follows and no stated period
#: precedes it.
_UNTIL_EVENT = re.compile(
    r"\b(?:continu\w*|remain\w*|in\s+(?:full\s+)?(?:force|effect)|extend\w*|endur\w*)\b"
    r"[^.;]{0,60}?\b(?:until|(?:for\s+)?(?:so|as)\s+long\s+as"
    r"|for\s+the\s+(?:full\s+)?life\s+of(?!\s+(?:this|the)\s+(?:\w+\s+)?agreement))\b"
    r"(?!\s+revoked)",
    re.IGNORECASE,
)
#: What continues (the words just before the verb) is part of the agreement, not the
#: agreement: the valid provisions of a severability clause, what survives, an indemnity.
_PART_CONTINUES = re.compile(
    r"\b(?:provisions?|terms|conditions|indemnif\w*|obligations?|surviv\w*|invalid\w*)\b",
    re.IGNORECASE,
)
#: A term that runs to the end of the year it starts in: "shall remain in effect until the end
#: of the current calendar year", "continues until the end of the calendar year in which the
#: Effective Date occurs", "until December 31 of the year in which this Agreement is signed":
#: it ends on December 31 of its start's year, no event (the year of another event is one).
_UNTIL_YEAR_END = re.compile(
    r"\s+(?:the\s+end\s+of|december\s+31(?:st)?\s+of)\s+(?:"
    r"(?:(?:the\s+)?(?:then[\s-])?current|that|the\s+same)\s+(?:calendar\s+)?year\b"
    r"|the\s+(?:calendar\s+)?year\s+in\s+which\s+(?:this|the|it)\s+(?:\w+\s+)?"
    r"(?:agreement|contract|effective\s+date|commencement\s+date|is\s+(?:signed|executed))\b)",
    re.IGNORECASE,
)
YEAR_END = "year-end"  # the value of such a term until its start date is known
_SUBJECT_WINDOW = 60  # characters before the verb read as what continues
_EVENT_DATE_WINDOW = 80  # characters after "until" where a date or a period ends it instead


def _event_bound_terms(text: str) -> list[Candidate]:
    """Sentences saying the agreement runs until an event that is no date or period."""
    found = []
    for m in _UNTIL_EVENT.finditer(text):
        s, e = sentence_bounds(text, m.start(), m.end())
        if (not _AGREEMENT_SUBJECT.search(text, s, m.start() + 1)
                or _PART_CONTINUES.search(text, max(s, m.start() - _SUBJECT_WINDOW), m.start())
                or _UNTIL_TERMINATED.search(text, s, e)):  # read by _open_ended_terms itself
            continue
        if year_end := _UNTIL_YEAR_END.match(text, m.end()):
            found.append(Candidate(YEAR_END, m.group(0), m.start(), year_end.end(), kind="year"))
            continue
        if ":" in text[m.end() : e + 1]:
            continue  # "until the earlier of: (a) the fifth anniversary ...": a list follows
        after = text[m.end() : max(e, m.end() + _EVENT_DATE_WINDOW)]
        named = find_candidates(ValueType.duration, text[s : m.end()] + " " + after)
        named += find_candidates(ValueType.date, after)
        if not any(d.value != PERPETUAL and d.kind != "notice" for d in named):
            found.append(Candidate(PERPETUAL, m.group(0), *m.span(), kind="event"))
    return found


#: A defined date the agreement runs until ("shall remain in effect until the Maturity Date"),
#: and its definition elsewhere ('"Maturity Date" means November 30, 2023'): the agreement ends
#: on that day, no event.
_UNTIL_DEFINED_DATE = re.compile(r"\s+the\s+(?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)\b(?!\s+of\b)")
_DATE_DEFINITION = re.compile(
    r"[\"“](?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)[\"”]\s+(?:shall\s+)?means?\s+"
)


#: A day named where it is written: 'as of March 1, 2024 (the "Effective Date")',
#: '... 2023 (hereinafter referred to as the "Start Date")'.
_DATE_NAMED_IN_PASSING = re.compile(
    r"\s*\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?"
    r"[\"“](?P<name>(?:[A-Z][\w-]*\s+){1,3}Date)[\"”]\s*\)"
)


def _defined_dates(reader: CandidateReader) -> dict[str, str]:
    """The days the passages define by name: {"Maturity Date": "2023-11-30"}."""
    defined = {}
    for p in reader.passages:
        for m in _DATE_DEFINITION.finditer(p.text):
            dates = find_candidates(ValueType.date, p.text[m.end() : m.end() + 40])
            if dates and dates[0].start == 0 and dates[0].unit == "day":
                defined.setdefault(" ".join(m.group("name").split()), str(dates[0].value))
        for d in find_candidates(ValueType.date, p.text):
            if d.unit == "day" and (m := _DATE_NAMED_IN_PASSING.match(p.text, d.end)):
                defined.setdefault(" ".join(m.group("name").split()), str(d.value))
    return defined


#: A day named as the agreement's own: 'The closing is taking place on the date of this
#: Agreement (the "Closing Date")', '"Closing Date" means the date hereof'.
_OWN_DATE_NAMED = (
    re.compile(rf"\b(?:{_ITS_OWN_DATE.pattern}){_DATE_NAMED_IN_PASSING.pattern}", re.IGNORECASE),
    re.compile(rf"{_DATE_DEFINITION.pattern}(?i:the\s+)?(?:{_ITS_OWN_DATE.pattern})"),
)


def _own_date_names(reader: CandidateReader) -> set[str]:
    """The names the passages give the agreement's own date: {"Closing Date"}."""
    return {" ".join(m.group("name").split())
            for p in reader.passages for pattern in _OWN_DATE_NAMED
            for m in pattern.finditer(p.text)}


#: The Nth anniversary of a day the contract names ("until the fourth (4th) anniversary of the
#: Closing Date"); the agreement's own starts are read by the duration reader.
_ANNIVERSARY_OF_A_NAMED_DAY = re.compile(
    rf"\b(?P<anniversary>{ANNIVERSARY})\s+of\s+the\s+(?P<name>(?-i:(?:[A-Z][\w-]*\s+){{1,3}}Date))\b(?!\s+of\b)",
    re.IGNORECASE,
)


def _dated_days(reader: CandidateReader, own_date: str | None) -> dict[str, str | None]:
    """The named days the contract dates, by name: defined with their day, or named as the
    agreement's own date (``own_date``, when known)."""
    return {name: own_date for name in _own_date_names(reader)} | _defined_dates(reader)


def _agreement_anniversaries(
    reader: CandidateReader, dated: Mapping[str, str | None]
) -> Iterator[tuple[Passage, re.Match[str], str]]:
    """The anniversaries of a named day that end the agreement ("This Agreement shall continue
    until the fourth anniversary of the Closing Date") where the day is one of the ``dated``
    (``_dated_days``), with the day's name. An undated event (a launch, an opening) is no
    start."""
    for p in reader.passages:
        for m in _ANNIVERSARY_OF_A_NAMED_DAY.finditer(p.text):
            name = " ".join(m.group("name").split())
            s, _ = sentence_bounds(p.text, m.start(), m.end())
            if (name in dated and _OF_ANOTHER_EVENT.match(p.text, m.end("anniversary"))
                    and _AGREEMENT_SUBJECT.search(p.text, s, m.start())
                    and _TERM_SENTENCE.search(p.text, s, m.start())):
                yield p, m, name


def _anniversary_of_a_dated_day(reader: CandidateReader) -> list[Scored]:
    """The term "until the Nth anniversary of" a dated day: N years."""
    if reader.field.type is not ValueType.duration:
        return []
    found = []
    for p, m, name in _agreement_anniversaries(reader, _dated_days(reader, None)):
        years = anniversary_years(m)
        if years:
            c = Candidate(f"P{years}Y", m.group(0), *m.span(), "year", "term")
            note = f"the anniversary of the {name}"
            found.append(reader.place(p, c, reader.features(p, c), note=note))
    return found


def _anniversary_expiries(
    reader: CandidateReader, context: Mapping[str, Any]
) -> list[tuple[Passage, Scored]]:
    """The day the agreement ends on "the Nth anniversary of" a dated day: that day N years on
    (a day named as the agreement's own is its agreement date, in ``context``)."""
    days = _dated_days(reader, context.get("agreement_date"))
    found = []
    for p, m, name in _agreement_anniversaries(reader, days):
        start = days[name]
        years = anniversary_years(m)
        end = add_duration(str(start), f"P{years}Y") if start and years else None
        if end:
            c = Candidate(end, m.group(0), *m.span(), "day", "until")
            feats = reader.features(p, c)
            feats["kind"] = 0.6
            note = f"the anniversary of the {name} ({start})"
            found.append((p, reader.place(p, c, feats, note=note)))
    return found


def _ends_on_an_anniversary(
    p: Passage, c: Candidate, anniversaries: list[tuple[Passage, Scored]]
) -> bool:
    """Whether the sentence of ``c`` ends the agreement on one of the ``anniversaries``."""
    s, e = sentence_bounds(p.text, c.start, c.end)
    return any(q is p and s <= a.start - p.start < e for q, a in anniversaries)


def _until_a_defined_date(
    reader: CandidateReader, found: list[tuple[Passage, Candidate]]
) -> list[tuple[Passage, Candidate]]:
    """Each term bound to an event that is a defined date with its day given: that day."""
    defined = _defined_dates(reader)
    dated = []
    for p, c in found:
        m = _UNTIL_DEFINED_DATE.match(p.text, c.end) if c.kind == "event" else None
        day = m and defined.get(" ".join(m.group("name").split()))
        dated.append((p, Candidate(day, c.raw, c.start, c.end, "day", "until")) if day else (p, c))
    return dated


def _open_ended_terms(reader: CandidateReader) -> list[tuple[Passage, Candidate]]:
    """Sentences saying the agreement runs until terminated, unless a stated term comes first
    in the sentence ("for two years and thereafter until terminated": the two years count),
    and terms bound to an event rather than a date."""
    found = []
    for p in reader.passages:
        for m in _UNTIL_TERMINATED.finditer(p.text):
            s, _ = sentence_bounds(p.text, m.start(), m.end())
            if not _AGREEMENT_SUBJECT.search(p.text, s, m.start() + 1):
                continue
            before = find_candidates(ValueType.duration, p.text[s : m.end()])
            if any(d.value != PERPETUAL and d.kind != "notice" for d in before):
                continue
            found.append((p, Candidate(PERPETUAL, m.group(0), *m.span(), kind="term")))
        found += [(p, c) for c in _event_bound_terms(p.text)]
    return _until_a_defined_date(reader, found)


#: What an expiry date ends, named in its sentence: this agreement, its term, a contract, a
#: lease, a deed or a licence, a label ("Termination Date:", "PERIOD: <date> through <date>")
#: or a defined period ("Sponsorship Period" means). A date that ends something else ("This
#: fee shall expire on", "no code may be redeemed later than") is no expiry of the agreement.
_EXPIRY_SUBJECT = re.compile(
    r"\b(?:agreements?|terms?|contracts?|licen[cs]es?|leases?|deeds?"
    r"|(?:expir\w*|terminat\w*|end)\s+date|period(?:\s*:|[\"”]?\s+(?:shall\s+)?means?\b))",
    re.IGNORECASE,
)


def _sentence_of(reader: CandidateReader, s: Scored) -> tuple[str, int, int] | None:
    """The passage text holding the placed candidate ``s`` and its sentence's bounds in it."""
    for p in reader.passages:
        if p.start <= s.start < p.start + len(p.text):
            return (p.text, *sentence_bounds(p.text, s.start - p.start, s.end - p.start))
    return None


#: A defined period named before an end date in running text: "The Rights Period starts on
#: ... and ends on", "the Sponsorship Period runs from ... through"
_DEFINED_PERIOD = re.compile(r"\b(?:(?!(?:The|This|Each|Any)\b)[A-Z][\w-]*\s+){1,3}Period\b")

#: The agreement's own term tied to a defined period (``{name}``): "This Agreement ends
#: automatically at the end of the Rights Period", "shall remain in force for the License
#: Period", "Upon expiry of the ... Period this Agreement shall terminate", "The term of this
#: Agreement shall be the ... Period". A period the agreement only acts in ("terminate this
#: Agreement by notice given during the Review Period") is no tie.
_AGREEMENT_ENDS_WITH_PERIOD = (
    r"(?i:\b(?:agreement|contract)\s+(?:shall\s+|will\s+)?(?:automatically\s+)?"
    r"(?:(?:ends?|expires?|terminates?)\s+(?:automatically\s+)?(?:at|on|upon|with)\s+the\s+"
    r"(?:end|expiry|expiration|last\s+day)\s+of"
    r"|(?:remains?|continues?|be|is|stays?)\s+(?:in\s+(?:full\s+)?(?:force|effect)"
    r"(?:\s+and\s+effect)?\s+)?(?:for|during|throughout|until\s+the\s+end\s+of))"
    r"|\bterm\s+of\s+this\s+(?:agreement|contract)\s+(?:shall\s+be|is|(?:shall\s+)?coincides?"
    r"\s+with))\s+the\s+{name}\b"
    r"|(?i:\b(?:end|expiry|expiration)\s+of\s+the)\s+{name},?\s+(?i:(?:this\s+)?"
    r"(?:agreement|contract)\s+(?:shall\s+|will\s+)?(?:automatically\s+)?"
    r"(?:ends?|expires?|terminates?))"
)


#: How far around an end date's sentence the tie to the agreement is looked for: a sentence
#: either side, with a clause heading between ("... ends on 31 May 2026. 2. Term. The term of
#: this Agreement shall be the Broadcast Period.")
_PERIOD_TIE_REACH = 250


def _ends_the_agreements_period(text: str, s: int, e: int) -> bool:
    """Whether a defined period named in the sentence ``[s, e)`` is one the agreement's term
    is tied to, in that sentence or next to it."""
    near = text[max(0, s - _PERIOD_TIE_REACH) : e + _PERIOD_TIE_REACH]
    for m in _DEFINED_PERIOD.finditer(text, s, e):
        name = r"\s+".join(map(re.escape, m.group(0).split()))
        if re.search(_AGREEMENT_ENDS_WITH_PERIOD.replace("{name}", name), near):
            return True
    return False


def _names_what_expires(reader: CandidateReader, s: Scored) -> bool:
    """Whether the sentence of the placed candidate ``s`` names what it ends, or names a
    defined period the agreement's term is tied to."""
    sentence = _sentence_of(reader, s)
    return (
        sentence is None
        or bool(_EXPIRY_SUBJECT.search(*sentence))
        or _ends_the_agreements_period(*sentence)
    )


#: A term that ends with the month its period ends in: "on the last day of the (calendar) month
#: in which the fifth anniversary of the Effective Date occurs"
_LAST_DAY_OF_ITS_MONTH = re.compile(
    r"\blast\s+day\s+of\s+the\s+(?:calendar\s+)?month\s+in\s+which\s+(?:the\s+)?\Z", re.I
)


def _month_end(iso_day: str) -> str:
    """The last day of the month of ``iso_day`` (YYYY-MM-DD)."""
    year, month = int(iso_day[:4]), int(iso_day[5:7])
    return f"{iso_day[:7]}-{monthrange(year, month)[1]:02d}"


def _runs_for(text: str, c: Candidate) -> bool:
    """Whether the duration ``c`` ends a sentence opening that says this agreement (or its
    term) runs for it."""
    s, _ = sentence_bounds(text, c.start, c.end)
    return bool(_AGREEMENT_RUNS_FOR.match(text[s : c.start]))


def _expiration_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    scored = [
        s for s in reader.typed(ValueType.date)
        if s.kind == "expire" and _names_what_expires(reader, s)
    ]
    anniversaries = _anniversary_expiries(reader, context)
    scored += [s for _, s in anniversaries]
    for p, c in _term_durations(reader) + _open_ended_terms(reader):
        feats = reader.features(p, c)
        if c.kind == "event" and _ends_on_an_anniversary(p, c, anniversaries):
            continue  # "until the fourth anniversary of the Closing Date": a day, no event
        if c.value == PERPETUAL:
            feats["kind"] = 0.6
            note = "term bound to an event" if c.kind == "event" else "open-ended term"
            scored.append(reader.place(p, c, feats, value=PERPETUAL, note=note))
            continue
        if line := labelled_line(p.text, c.start, c.end):
            feats["sentence"] = reader.sentence_bonus(p, c, line)  # the form's other lines differ
        if c.kind == "until":
            feats["kind"] = 0.6
            scored.append(reader.place(p, c, feats, note="until a defined date"))
            continue
        if c.value == YEAR_END:
            start, source = _start_date(reader, p, c, context, needed)
            if start:  # its sentence runs the agreement: "calendar year" is no other period here
                feats["kind"] = 0.6
                feats["sentence"] = max(feats["sentence"], _RUNS_FOR_SENTENCE)
                note = f"the end of the year of {start} ({source})"
                scored.append(reader.place(p, c, feats, value=f"{start[:4]}-12-31", note=note))
            continue
        agreement_runs_for = _runs_for(p.text, c)
        if c.unit in _SHORT_UNITS or (_SHORT_MONTHS.match(c.value) and not agreement_runs_for):
            continue  # contracts run for a year or more; days are notice or cure periods
        if agreement_runs_for:  # its sentence's other cues speak of what follows the term
            feats["sentence"] = max(feats["sentence"], _RUNS_FOR_SENTENCE)
        cap = _date_capping(p.text, c)
        if cap:
            feats["kind"] = 0.6
            note = f"{c.value} capped by {cap}"
            scored.append(reader.place(p, c, feats, value=cap, note=note))
            continue
        start, source = _start_date(reader, p, c, context, needed)
        end = add_duration(start, c.value) if start else None
        if end is None:
            continue
        if _LAST_DAY_OF_ITS_MONTH.search(p.text, max(0, c.start - 80), c.start) and len(end) == 10:
            end = _month_end(end)
        feats["kind"] = 0.6 if source == "stated" else 0.5
        note = f"{start} ({source}) + {c.value}"
        scored.append(reader.place(p, c, feats, value=end, note=note))
    return scored


#: "thereafter ... until terminated", "after / upon expiration of the Initial Term ... until
#: either party gives notice of termination": the agreement goes on with no renewal period of
#: its own
_EVERGREEN = re.compile(
    r"\b(?:thereafter|after\s+that|(?:after|following|upon)\s+(?:the\s+)?"
    r"(?:expir\w+\s+of\s+the\s+)?initial\s+term)\b[^.;]{0,80}?"
    r"\buntil\s+(?:(?:it\s+is\s+)?terminat\w*"
    r"|(?:either|one|a|any)\s+party\s+(?:gives|provides|serves|delivers|sends)\b)",
    re.IGNORECASE,
)
#: a renewal as long as the initial term: "for terms of the same duration", "for a like period",
#: "for successive like terms", "for similar periods" (not "like terms and conditions")
_SAME_DURATION = re.compile(
    r"\b(?:terms?|periods?)\s+of\s+(?:the\s+)?(?:same|equal|like)\s+(?:duration|length|period)|"
    r"\blike\s+(?:periods?|terms?)\b(?!\s+and\s+conditions)|\bsimilar\s+periods?\b|"
    r"\brenew\w*\s+(?:automatically\s+)?(?:under|on|upon)\s+(?:these|the)\s+same\s+terms",
    re.IGNORECASE,
)


def _renewal_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    """Typed renewal durations, plus open-ended continuations ("and thereafter until terminated
    by either party": ``perpetual``) and renewals "for terms of the same duration" (the initial
    term's duration)."""
    scored = reader.typed()
    terms = None
    for p in reader.passages:
        for pattern in (_EVERGREEN, _SAME_DURATION):
            for m in pattern.finditer(p.text):
                if pattern is _EVERGREEN and names_a_recurrence(
                    p.text, *sentence_bounds(p.text, *m.span())
                ):
                    # "continues on a monthly basis until terminated": the recurrence, read as a
                    # typed duration, answers, not "perpetual"
                    continue
                c = Candidate(PERPETUAL, m.group(0), *m.span(), kind="renewal")
                feats = reader.features(p, c)
                if pattern is _EVERGREEN:
                    scored.append(reader.place(p, c, feats, note="open-ended continuation"))
                    continue
                if terms is None:
                    terms = sorted(
                        (
                            reader.place(tp, tc, reader.features(tp, tc))
                            for tp, tc in _term_durations(reader)
                            if tc.value != PERPETUAL
                        ),
                        key=lambda t: -t.score,
                    )
                if terms:
                    note = f"same as the initial term ({terms[0].raw})"
                    scored.append(reader.place(p, c, feats, value=terms[0].value, note=note))
    if _rules_out_automatic_renewal(reader):
        scored = [s for s in scored if _grants_an_option_to_renew(reader, s)]
    return scored


#: A sentence that rules out automatic renewal: "This Agreement shall not renew
#: automatically.", "There shall be no automatic renewal.", "will not be automatically
#: extended", "Any extension requires a written amendment signed by both parties", "Any
#: renewal ... shall be on terms agreed in writing by the parties". Not a conditional one:
#: "shall not renew automatically if either party gives notice ..." states the notice that
#: stops a renewal.
_NO_AUTOMATIC_RENEWAL = re.compile(
    r"(?:\b(?:shall|will|does|do|is|are)\s+not\s+(?:be\s+)?(?:automatically\s+(?:renew|extend)\w*"
    r"|(?:renew|extend)\w*\s+automatically)(?!\s+to\b)"  # rights that "do not extend to" more
    r"|\bno\s+automatic\s+(?:renewal|extension)s?\b"
    r"|\bnot\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?automatic\s+(?:renewal|extension)"
    # (the renewal is what needs the writing: "In connection with any Renewal, the parties shall
    # agree in a written amendment any changes to the prices" renews all the same)
    r"|\b(?:any|each)\s+(?:renewal|extension)(?:\s+(?:of|for)\b[^.;,]{0,60}?)?\s+"
    r"(?:(?:requires?|shall\s+require)\s+(?:a\s+)?(?:mutual\s+)?written\s+(?:amendment|agreement)"
    r"|shall\s+be\s+(?:on\s+terms\s+)?agreed\s+(?:in\s+writing\s+)?by\s+(?:both|the)\s+parties))"
    r"(?![^.;]*\b(?:if|unless|provided|except|where|until)\b)",
    re.IGNORECASE,
)
#: A renewal one party may take up by itself ("Distributor shall have the option to extend the
#: Term for one additional period", "Licensee may renew for two years by written notice"): CUAD
#: labels it as the renewal term though the agreement does not renew by itself.
_OPTION_TO_RENEW = re.compile(
    r"\boptions?\s+to\s+(?:renew|extend)\b|\brenewal\s+options?\b"
    r"|\b(?:may|shall\s+have\s+the\s+right\s+to|is\s+entitled\s+to)\s+(?:renew|extend)\b"
    r"(?![^.;]*\bmutual)",
    re.IGNORECASE,
)


def _rules_out_automatic_renewal(reader: CandidateReader) -> bool:
    return any(_NO_AUTOMATIC_RENEWAL.search(p.text) for p in reader.passages)


def _grants_an_option_to_renew(reader: CandidateReader, s: Scored) -> bool:
    """Whether the sentence ``s`` is read from gives one party an option to renew."""
    sentence = _sentence_of(reader, s)
    return sentence is not None and _OPTION_TO_RENEW.search(*sentence) is not None


# --------------------------------------------------------------------------- parties

#: A party left blank in a form: an alias with no name before it ("between ACME Inc. (the
#: "Company") and (the "Executive")") or a line to fill in.
_BLANK_PARTY = re.compile(r"\band\s*\(\s*(?:the\s+|hereinafter\s+)?[\"“]|_{3,}", re.IGNORECASE)


def _party_kind(c: Candidate, names: list[str]) -> float:
    """A "between" clause or a labelled list reads better than the names the defined terms
    happen to follow, unless it reads one side only ("between ACME Inc., on behalf of itself
    and its Affiliates and ...", with no signer or addressee found for the other side): a
    clause names two parties at least, or leaves one blank to fill in."""
    if c.kind == "defined":
        return 0.1
    return 0.5 if len(names) > 1 or _BLANK_PARTY.search(c.raw) else 0.1


def _parties_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    found, signed = party_list_candidates(reader.passages)
    if signed:
        return [_signed_list(reader, p, c, names) for p, c, names in found]
    scored = []
    for p, c, names in found:
        rank, sc = p.holder(c.start)
        quality = list_quality(c.value, names)
        early = reader.early_bonus(sc.chunk)
        if TRAILING_JOINER.search(c.raw.rstrip()):
            quality, early = -0.5, 0.0  # a clause cut at a chunk's end ("ACME INC. and")
        feats = {
            "rank": rank_feature(rank),
            "early": early,
            "kind": _party_kind(c, names) * quality,
            "count": COUNT_FIT.get(len(names), 0.6) * quality,
        }
        scored.append(reader.place(p, c, feats, value=names))
    return scored


def _signed_list(reader: CandidateReader, p: Passage, c: Candidate, names: list[str]) -> Scored:
    """A list read from the signature blocks: scored as a clause would be, but never early in
    the document, except a letter agreement's sender and acceptor: a letter states its parties
    where it is signed as a contract does in its opening."""
    rank, _ = p.holder(c.start)
    feats = {"rank": rank_feature(rank), "kind": 0.5, "count": COUNT_FIT.get(len(c.value), 0.6)}
    if c.kind == "letter":
        feats["early"] = reader.rule.early
    return reader.place(p, c, feats, value=names)


# --------------------------------------------------------------------------- titles

#: Documents whose name ends in no title word below ("LETTER OF INTENT", "CONTINUING GUARANTY").
_DOCUMENT_NAMES = (
    r"LETTER\s+OF\s+INTENT|TERM\s+SHEET|BILL\s+OF\s+SALE|STATEMENT\s+OF\s+WORK|PURCHASE\s+ORDER"
    r"|GUARANT(?:Y|EE)(?:\s+OF\s+(?:PAYMENT|COLLECTION|PERFORMANCE)|\s+(?:AND|&)\s+INDEMNITY)?"
    r"|SUBLEASE|JOINDER|POWER\s+OF\s+ATTORNEY"
    r"|WARRANT(?:\s+TO\s+PURCHASE\s+(?:SHARES\s+OF\s+)?(?:[A-Z][A-Z-]*\s+){0,3}?(?:STOCK|SHARES))?"
    r"|CONSENT(?:\s+TO\s+(?:ASSIGNMENT|SUBLEASE|SUBLETTING))?"
    r"|(?:GENERAL|MUTUAL)\s+RELEASE"
)
_TITLE_WORDS = (
    r"(?:AGREEMENT|CONTRACT|AMENDMENT|ADDENDUM|MEMORANDUM(?:\s+OF\s+UNDERSTANDING)?|"
    # "TERMS" alone heads a clause ("PAYMENT TERMS"); a document is "TERMS AND CONDITIONS"
    r"LICEN[CS]E|LEASE|TERMS\s+(?:AND|&)\s+CONDITION(?:S\s+OF\s+(?:SALE|PURCHASE))?"
    r"|TERMS\s+OF\s+(?:SERVICE|USE|SALE|PURCHASE)"
    r"|PLAN(?:\s+OF\s+(?:MERGER|REORGANIZATION|ARRANGEMENT))?|NOTE|DEED(?:\s+OF\s+TRUST)?|INDENTURE"
    rf"|{_DOCUMENT_NAMES})"
)
_CAPS = r"[A-Z0-9][A-Z0-9 ,.&/'’()®™#\-\t]"
#: A brand's lower-case first letter, before a capital or a hyphen ("eGAIN", "e-Commerce",
#: "iSTORE"): it may open a title word as a capital does.
_BRAND_LETTER = r"[a-z](?=[A-Z-])"
#: Placeholders the filing put where an image was ("[LOGO]", "[ABOUT LOGO]", or the image's
#: bare alt text "LOGO") open a title line.
_IMAGE_TAG = r"(?:(?:\[[^\]\n]{1,40}\]|LOGO\b)[ \t]*)*"
#: A capitalised title word, with the commas and numbers of a list of titles ("Sales,
#: Marketing, and Supply Agreement", "Amendment #3 to the Supply Agreement").
_TITLE_WORD = (
    rf"(?:(?:[A-Z]|{_BRAND_LETTER})[\w&/’'®-]*,?|#\d+|No\.\s*\d+)\s+"
    r"(?:(?:and|of|for|to|the|&)\s+)*"
)
#: What follows a title the PDF text runs into the next line: the preamble ("Reseller
#: Agreement This Agreement is"), a recital, an image placeholder or a bracketed redaction;
#: a clause heading of one word may stand between ("Reseller Agreement Parties This ...").
_RUN_INTO = (
    r"(?=(?:(?:Parties|PARTIES|Recitals|RECITALS|Background|BACKGROUND|Preamble|PREAMBLE)\s+)?"
    r"(?i:between|among|by|this|whereas|dated)\b|[\[{])"
)
#: What a title says it is for, up to the end of its line ("TERM SHEET FOR SERIES A PREFERRED
#: STOCK FINANCING", "AGREEMENT FOR THE SUPPLY OF LABORATORY EQUIPMENT", "Contract for the Sale
#: of Land"), in capitals or in Title Case.
_FOR_TAIL = (
    r"[ \t]+FOR[ \t]+(?:[A-Z0-9][A-Z0-9,.&/'’()-]*[ \t]+){0,9}[A-Z0-9][A-Z0-9.&/'’()-]*(?=[ \t]*$)"
)
_FOR_TAIL_TC = (
    r"[ \t]+for[ \t]+(?:(?:the|a|an|of|and|&|to|in|on|at|[A-Z0-9][\w,.&/'’()-]*)[ \t]+){0,9}"
    r"[A-Z0-9][\w.&/'’()-]*(?=[ \t]*$)"
)
_FOR_TAIL_AT = re.compile(f"{_FOR_TAIL}|{_FOR_TAIL_TC}", re.M)
#: A Title Case title that goes on with "and" and a second thing it grants, to the end of its
#: line ("Settlement Agreement and Release", "Separation Agreement and General Release").
_AND_TAIL_TC = r"[ \t]+(?:and|&)(?:[ \t]+[A-Z][\w'’-]*){1,6}(?=[ \t]*$)"
#: A verb after a capitalised title makes it the subject of a sentence in capitals ("THE
#: ATTACHED TERMS AND CONDITIONS ARE PART OF THIS AGREEMENT"), no heading.
_VERB_AFTER_SUBJECT = re.compile(r"[ \t]+(?:IS|ARE|SHALL|WILL|MAY|MUST|HAS|HAVE|WAS|WERE)\b")
_CAPS_TITLE = re.compile(
    # a title line that opens with its title word and says what the agreement is about
    # ("AGREEMENT OF LIMITED PARTNERSHIP", "AGREEMENT REGARDING CONFIDENTIAL INFORMATION"): read
    # first, or the title word alone would be taken for the title
    r"^[ \t]*(?P<o>(?:AGREEMENT|CONTRACT)[ \t]+(?:OF|REGARDING|CONCERNING|RELATING[ \t]+TO|FOR|ON)"
    r"(?:[ \t]+(?:THE|AND|OF|TO|&))*"
    r"(?:[ \t]+[A-Z][A-Z'’-]*(?:[ \t]+(?:AND|OF|TO|&))*){1,6})[ \t]*$"
    rf"|^[ \t]*{_IMAGE_TAG}(?P<t>(?:{_BRAND_LETTER})?{_CAPS}{{0,120}}?\b{_TITLE_WORDS}S?)"
    # the title ends the line, runs into capitalised or quoted text, or a dash adds a name
    rf"(?:[ \t]*$|\s+(?=BETWEEN|AMONG|BY\b|[A-Z\[\"“])|[ \t]+(?=[-–—][ \t]))"
    rf"|^[ \t]*{_IMAGE_TAG}(?P<tc>(?:{_TITLE_WORD}){{0,8}}"
    rf"(?:Agreement|Contract|Amendment|License|Addendum|agreement|Memorandum of Understanding"
    r"|Letter of Intent|Term Sheet|Statement of Work|Guarant(?:y|ee)|Promissory Note|Bill of Sale))"
    rf"(?:{_FOR_TAIL_TC}|{_AND_TAIL_TC})?\s*(?:$|{_RUN_INTO})"
    # a line that is only a title's last word ("AGREEMENT" under "EXCLUSIVE DISTRIBUTION") or
    # a title of its own that opens with its title word ("MEMORANDUM OF UNDERSTANDING"), a
    # document of a series with its number ("AMENDMENT NO. 3", "STATEMENT OF WORK #2")
    rf"|^[ \t]*(?P<b>{_TITLE_WORDS}(?:[ \t]+(?:NO\.|NUMBER|#)[ \t]*\d+)?)(?:{_FOR_TAIL})?[ \t]*$"
    # a document's name that opens its line and goes on with another ("CONSENT AND WAIVER")
    rf"|^[ \t]*(?P<d>{_DOCUMENT_NAMES})(?=[ \t]+(?:AND|&)[ \t]+[A-Z])",
    re.M,
)
#: A title the PDF text runs into the preamble in the middle of a line, after a filing's
#: legend or a letterhead ("... 240.24b-2 Collaboration Agreement This Agreement is entered").
_MIDLINE_TITLE = re.compile(
    # Title Case only: a run of capitals mid-line is as often a legend ("IF PUBLICLY DISCLOSED")
    rf"(?<![\w,&/’'-])(?<!the )(?<!The )(?P<t>(?:[A-Z][a-z][\w&/’'®-]*\s+(?:(?:and|of|for|to|&)\s+)?)"
    rf"{{0,7}}(?:Agreement|Contract))[ \t]+(?=(?:This|THIS)\b)"
)
_PREAMBLE_TITLE = re.compile(
    # a list of titles has its commas ("This Confidentiality, Non-Solicitation and ...")
    r"\b(?:This|THIS)\s+(?P<t>(?:[A-Z][\w&/’'-]*,?\s+(?:(?i:and|of|for|to|&)\s+)?){1,8}"
    r"(?:Agreement|AGREEMENT|Contract|CONTRACT)|Memorandum of Understanding"
    # an English deed names its kind after "of" ("THIS DEED OF GUARANTEE is made on")
    r"|(?:Deed|DEED)\s+(?:of|OF)\s+[A-Z][\w-]*)\b"
)
#: What opens a letter's subject line: "Re:", "RE:", "Re.:", "Subject:"
_SUBJECT_WORD = r"(?:Re|RE|Subject|SUBJECT)\.?"
#: A letter agreement's subject line names it ("Re: Consulting Agreement"); one that goes on
#: past its title ("Re: Supply Agreement dated May 1, 2019") refers to another agreement.
_LETTER_SUBJECT = re.compile(
    rf"^[ \t]*{_SUBJECT_WORD}[ \t]*:[ \t]*(?P<t>(?:{_TITLE_WORD}){{1,8}}"
    r"(?:Agreement|AGREEMENT|Contract|CONTRACT|Amendment|AMENDMENT))"
    r"[ \t]*(?:\(\s*(?:this|the)\s+[\"“][^\"”\n]{1,30}[\"”]\s*\))?[ \t]*$",
    re.MULTILINE,
)
#: A subject line's opening, before what it says the letter is about
_SUBJECT_OPENING = re.compile(rf"^[ \t]*{_SUBJECT_WORD}[ \t]*:[ \t]*", re.MULTILINE)
_DASH = re.compile(r"\s+[-–—]\s+")
#: The part of a subject line set off by dashes that is the letter's own title
_SUBJECT_TITLE = re.compile(
    rf"(?:{_TITLE_WORD}){{1,8}}(?:Agreement|AGREEMENT|Contract|CONTRACT|Undertaking|UNDERTAKING)"
)
#: Another part naming a document makes the line a reference to it ("Re: Amendment No. 2 -
#: Supply Agreement")
_NAMES_A_DOCUMENT = re.compile(r"\b(?i:agreements?|contracts?|undertakings?|amendments?)\b")


#: A capitalised title the preamble gives in full before the name it defines, whatever its
#: last word ("THIS SERVICE AGREEMENT FOR CUSTODY SERVICES (this "Agreement")").
_PREAMBLE_DEFINED = re.compile(
    r"\b(?:This|THIS)\s+(?P<t>[A-Z][A-Z0-9 ,.&/'’#-]{2,120}?)\s*"
    r"\(\s*(?:(?:this|the)\s+)?[\"“](?:Agreement|Amendment|Contract)"
)
#: More title words after the first ("CONTENT DISTRIBUTION AND LICENSE | AGREEMENT"); a waiver
#: or an assignment is a document only with another ("THIRD AMENDMENT TO CREDIT AGREEMENT | AND
#: WAIVER", "BILL OF SALE | AND ASSIGNMENT"): alone it heads a clause ("NO WAIVER").
_TITLE_MORE = re.compile(
    rf"[ \t]+(?:(?:AND|&|OF|FOR|TO)\s+)?(?:(?!BETWEEN|AMONG|BY\b|THIS\b)[A-Z][A-Z-]*[ \t]+){{0,3}}?"
    rf"(?:{_TITLE_WORDS}|WAIVER|ASSIGNMENT)S?\b"
)
#: A capitalised title that goes on with "AND" and a second thing it grants, to the end of its
#: line ("SETTLEMENT AGREEMENT AND RELEASE", "LICENSE AGREEMENT AND COVENANT NOT TO SUE").
_AND_MORE_CAPS = re.compile(
    r"[ \t]+(?:AND|&)(?:[ \t]+(?!BETWEEN\b|AMONG\b|BY\b|THIS\b|DATED\b)[A-Z][A-Z'’-]*){1,6}"
    r"(?=[ \t]*$)",
    re.M,
)
#: The "AND" tail each kind of heading match may take: in capitals, or in Title Case.
_AND_MORE = {"t": _AND_MORE_CAPS, "b": _AND_MORE_CAPS, "tc": re.compile(_AND_TAIL_TC, re.M)}
#: A company name before the title ("NORTHWIND INC. LICENSE AND HOSTING AGREEMENT").
_COMPANY_PREFIX = re.compile(
    r"^.{2,60}?\b(?:INC|LTD|LLC|CORP|CORPORATION|LIMITED|S\.A|SA|AG|GMBH|PLC|N\.V|B\.V)\b\.?,?\s+",
    re.IGNORECASE,
)
_YEAR = re.compile(r"\b(?:19|20)\d{2}\b")
_AMENDS = re.compile(r"\b(?:amendment|addendum|supplement)\s+(?:no\.?\s*\d+\s+)?to\b", re.I)
#: A heading line ending like this continues on the next line ("FIRST AMENDMENT TO").
_CONTINUED = re.compile(rf"^[ \t]*({_CAPS}{{0,80}}\b(?:TO|AND|OF|FOR|&|-))[ \t]*\n[ \t]*\Z")
#: A heading that opens with a joiner continues the capitalised line above it, across blank
#: lines ("NON-COMPETITION, NON-DISCLOSURE" / "AND INTELLECTUAL PROPERTY ASSIGNMENT AGREEMENT").
_JOINER_OPENS = re.compile(r"(?:AND|&|OF|TO|FOR)\s")
#: The line above a heading, as long as a title line may be (a letterhead and the first line
#: of a long title the PDF text joins: "ACME INC. EMPLOYEE CONFIDENTIALITY, ..." / "AGREEMENT").
_LINE_ABOVE = re.compile(
    rf"(?:^|\n)[ \t]*((?:OF|TO)|{_CAPS}{{2,120}}?)[ \t]*(?:\n[ \t]*){{1,3}}\Z"
)
_TITLE_PREFIX = re.compile(
    r"^(?:.*\b(?:EXHIBIT|ANNEX|SCHEDULE|APPENDIX)\s+[\w.()-]+\s*[-–:.]?\s*|"
    # a "CONFIDENTIAL" stamp, not the first words of "CONFIDENTIAL INFORMATION AND ... AGREEMENT"
    r"(?:EXECUTION\s+(?:VERSION|COPY)|(?:STRICTLY\s+)?CONFIDENTIAL\b"
    r"(?!\s+(?:INFORMATION|DISCLOSURE)\b)|"
    r"CONFORMED\s+COPY)\s*)+",
    re.IGNORECASE,
)
_NUMBERED = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|ARTICLE|SECTION)\s", re.IGNORECASE)
#: A title names the document; a line that says "this" is a sentence or a clause heading
#: ("NOW THEREFORE THIS AGREEMENT", "PARTIES TO THIS CONTRACT").
_NOT_A_TITLE = re.compile(r"\bTHIS\b", re.IGNORECASE)
_ENDS_IN_TITLE_WORD = re.compile(rf"\b(?i:{_TITLE_WORDS})S?$")
#: A sentence that ends before the title on its line ("ASTERISKS DENOTE OMISSIONS. SUPPLY
#: AGREEMENT"); a period after an abbreviation or a number ("NO. 2", "INC.") ends none.
_SENTENCE_BEFORE_TITLE = re.compile(
    r".*\b(?!(?:NO|INC|CO|CORP|LTD|ST)\.)[A-Z]{3,}\.[ \t]+(?=[A-Z])"
)
#: A heading of one word, or of one word and its number ("AMENDMENT NO. 3").
_ONE_WORD = re.compile(r"[\w-]+(?:\s+(?:NO\.|NUMBER|#)\s*\d+)?\Z", re.IGNORECASE)
_THIS = re.compile(r"\s*(?:This|THIS)\s+")
_LINE_END = re.compile(r"[ \t]*(?:\n|\Z)")
#: A document's bare name ("BILL OF SALE"), and the end of a line that may end a sentence.
_BARE_NAME = re.compile(rf"(?:{_DOCUMENT_NAMES})\Z")
_LINE_ENDS_SENTENCE = re.compile(r"(?:[a-z]{2}|[\d)])[.;:][ \t]*$", re.MULTILINE)
_LOWER_WORD = re.compile(r"\b[a-z]+\b")
_TITLE_WINDOW = 5000  # characters from the document start where titles are looked for


def _trim_title(text: str, start: int, end: int) -> tuple[int, int] | None:
    """A heading's span without what is no part of its title, or None if it is no title."""
    if this := _NOT_A_TITLE.search(text, start, end):
        # a title the text runs into "This Agreement ..." ends before it; a line that says
        # "this" before its title word is a sentence or a clause heading
        end = start + len(text[start : this.start()].rstrip())
        if not _ENDS_IN_TITLE_WORD.search(text, start, end):
            return None
    if sentence := _SENTENCE_BEFORE_TITLE.match(text, start, end):
        start = sentence.end()  # a legend's sentence ends on the line before the title
    return start, end


#: A heading line that only qualifies the title under it, across blank lines ("SECOND
#: AMENDED AND RESTATED" / "EXCLUSIVE AGENCY AGREEMENT"), or that a joiner or a comma ends
#: ("JOINT DEVELOPMENT" / "AND" / "LICENSE AGREEMENT", "FIRST AMENDMENT TO THE" / "SUPPLY
#: AGREEMENT", "SOFTWARE DEVELOPMENT," / "HOSTING AGREEMENT"): a capitalised line above a
#: title is as often a stamp ("DRAFT", "PRIVILEGED AND CONFIDENTIAL"), so a line that just
#: ends is never joined.
_LEADS_INTO_TITLE = re.compile(
    # a company's name may stand before it on its line ("ACME INC. AMENDED AND RESTATED")
    r".*\bAMENDED\s+AND\s+RESTATED\Z"
    r"|.*\b(?:(?:OF|TO)(?:\s+THE)?|AND)\Z|.*,\Z"
)


#: A capitalised line stacked on a lone title word's block that is no part of it: a page label
#: ("ATTACHMENT D", a filing's "EX-10.34"), an image's alt text ("LOGO"), or a title of its
#: own ("MASTER SUPPLY AGREEMENT" over "SEED STORAGE" / "AGREEMENT").
_OFF_BLOCK = re.compile(rf"(?:ATTACHMENT\s+\w+|EX-\d[\d.]*|LOGO)\Z|.*\b{_TITLE_WORDS}S?\Z")


#: The first line of a title wrapped over two: one to three capitalised words that qualify the
#: title under them ("CONTINUING" / "GUARANTY", "INDEPENDENT CONTRACTOR" / "SERVICES
#: AGREEMENT"); a stamp or a page label is no part of it ("DRAFT", "CONFIDENTIAL", "EXHIBIT B").
_WRAPPED_LINE = re.compile(
    r"(?!.*\b(?:DRAFT|CONFIDENTIAL|PRIVILEGED|EXECUTION|COPY|VERSION|FINAL|FORM|EXHIBIT|ANNEX"
    r"|SCHEDULE|APPENDIX|ATTACHMENT|PAGE|REDACTED|LOGO|TABLE|CONTENTS)\b)"
    r"[A-Z][A-Z-]*(?:[ \t]+[A-Z][A-Z-]*){0,2}\Z"
)
_BLOCK_OPENS = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*\Z")


def _wrapped_title_line(text: str, start: int, line: str) -> bool:
    """``line`` (at ``start``, right on top of a title line) opens a title block of its own:
    nothing stacked above it, and words that carry the title on, no title of its own."""
    return (
        bool(_WRAPPED_LINE.match(line))
        and not _OFF_BLOCK.match(line)
        and bool(_BLOCK_OPENS.search(text, max(0, start - 40), start) or not text[:start].strip())
    )


def _heading_above(text: str, start: int, last_word_only: bool) -> int:
    """Where a title heading starts once the capitalised lines above that carry it on are
    joined: a title's last word alone on its line takes the line above, blank lines between
    or not, and the capitalised lines stacked right on top of that one, as one title block
    ("ASIA PACIFIC CABLE NETWORK 2" / "CONSTRUCTION AND MAINTENANCE" / "AGREEMENT"); a line
    that opens with a joiner continues the line above ("AND INTELLECTUAL PROPERTY
    AGREEMENT"), and a line reading "AMENDED AND RESTATED" or ending in "OF", "TO", "AND" or a
    comma leads into the line below, blank lines between or not."""
    first = True
    while above := _LINE_ABOVE.search(text, max(0, start - 200), start):
        line = above.group(1).strip()
        if not re.search(r"[A-Z]{2}", line):
            break
        stacked = text.count("\n", above.end(1), start) == 1
        in_block = last_word_only and (first or (stacked and not _OFF_BLOCK.match(line)))
        if in_block and _TITLE_PREFIX.match(line):
            break  # "EXHIBIT 10.1" over the title labels the page
        wrapped = first and stacked and _wrapped_title_line(text, above.start(1), line)
        if not (in_block or wrapped or _JOINER_OPENS.match(text, start)
                or _LEADS_INTO_TITLE.match(line)):
            break
        start = above.start(1)
        first = False
    return start


def _under_a_sentence(text: str, start: int) -> bool:
    """Whether a line before ``start`` is a sentence (three lower-case words or more, ending in
    a full stop, ";" or ":"): under a sentence a document's name heads a clause ("... at noon."
    / "BILL OF SALE" / "The seller shall deliver")."""
    return any(
        len(_LOWER_WORD.findall(text, text.rfind("\n", 0, end.start()) + 1, end.end())) >= 3
        for end in _LINE_ENDS_SENTENCE.finditer(text, 0, start)
    )


def _named_again(text: str, end: int, title: str) -> bool:
    """A one-word heading is a title when the text under it names it again ("SUBLEASE" /
    "This Sublease is made"); alone it is as often a clause heading ("ASSIGNMENT"), and a bare
    "AMENDMENT NO. 1" as often heads the name of the agreement it amends."""
    this = _THIS.match(text, end)
    words = r"\s+".join(re.escape(w) for w in title.split())
    return bool(this) and re.match(rf"{words}\b", text[this.end() :], re.IGNORECASE) is not None


def _repeats_title_word(text: str, end: int, more: re.Match) -> bool:
    """The title word again right after the title ("SPONSORSHIP AGREEMENT" + "AGREEMENT
    SUMMARY") opens a heading the PDF text ran onto the title's line: no part of the title."""
    last = text[:end].split()[-1:]
    return more.group().split() == last


def _heading_spans(text: str) -> list[tuple[int, int]]:
    """Capitalised title lines (joined with a previous line that runs on), prefixes dropped."""
    spans = []
    for m in _CAPS_TITLE.finditer(text):
        group = next(g for g in ("o", "t", "tc", "b", "d") if m.group(g))
        start, end = m.start(group), m.end(group)
        while (more := _TITLE_MORE.match(text, end)) and not _repeats_title_word(text, end, more):
            end = more.end()
        if group in _AND_MORE and (more := _AND_MORE[group].match(text, end)):
            end = more.end()
        tail = _FOR_TAIL_AT.match(text, end)
        end = tail.end() if tail else end
        if _VERB_AFTER_SUBJECT.match(text, end):
            continue
        if group == "d" and not _LINE_END.match(text, end):
            continue  # the name opens a line of some other text
        trimmed = _trim_title(text, start, end)
        if trimmed is None:
            continue
        start, end = trimmed
        line_start = text.rfind("\n", 0, text.rfind("\n", 0, m.start()) + 0) + 1
        before = _CONTINUED.match(text[line_start : m.start()]) if m.start() > 0 else None
        if before:
            start = line_start + before.start(1)
        # only a line that is nothing but a title word ("AGREEMENT") carries on the line above:
        # a Title Case "Agreement" opening a line is the preamble's first word, and a document's
        # own name ("GUARANTY") is as often a clause heading under another
        last_word_only = group == "b" and len(m.group("b").split()) == 1
        last_word_only = last_word_only and not _BARE_NAME.match(m.group("b"))
        start = _heading_above(text, start, last_word_only)
        for prefix_pattern in (_TITLE_PREFIX, _COMPANY_PREFIX):
            prefix = prefix_pattern.match(text[start:end])
            if prefix and len(text[start + prefix.end() : end].split()) >= 2:
                start += prefix.end()
        title = text[start:end]
        if _NUMBERED.match(title) or _YEAR.search(title):
            continue
        # a document's name, or a title word and what it is for ("NOTE FOR THE LOANS"), under
        # a sentence heads a clause
        bare = _BARE_NAME.match(title) or (group == "b" and _BARE_NAME.match(m.group("b")))
        clause_like = group == "d" or bare or (group == "b" and tail)
        if clause_like and _under_a_sentence(text, start):
            continue
        if not _ONE_WORD.match(title) or _named_again(text, end, title):
            # the heading's first line read alone is no title of its own
            spans = [(s, e) for s, e in spans if not start <= s < e <= end]
            spans.append((start, end))
    return spans


def _midline_spans(text: str) -> list[tuple[int, int]]:
    """Titles run into the preamble mid-line, an exhibit label before them dropped."""
    spans = []
    for m in _MIDLINE_TITLE.finditer(text):
        start, end = m.span("t")
        prefix = _TITLE_PREFIX.match(text[start:end])
        if prefix and len(text[start + prefix.end() : end].split()) >= 2:
            start += prefix.end()
        if len(text[start:end].split()) >= 2:
            spans.append((start, end))
    return spans


def _preamble_spans(text: str) -> list[tuple[int, int, str]]:
    """The preamble's "This ... Agreement", read on to the name it defines when the title
    goes on past its "Agreement" ("THIS SUPPLY AGREEMENT FOR SEED (the "Agreement")")."""
    full = {m.start("t"): m.end("t") for m in _PREAMBLE_DEFINED.finditer(text)
            if len(m.group("t").split()) >= 2}
    spans = [(s, e, "preamble") for s, e in full.items()]
    # the same preamble cut short at its "Agreement" would back a heading cut short too
    spans += [(m.start("t"), m.end("t"), "preamble") for m in _PREAMBLE_TITLE.finditer(text)
              if full.get(m.start("t"), 0) < m.end("t")]
    return spans


def _line_end(text: str, pos: int) -> int:
    """Where the line holding ``pos`` ends (the text's end on its last line)."""
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _dash_parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The spans of ``text[start:end]`` between dashes, trailing blanks dropped."""
    cuts = [(m.start(), m.end()) for m in _DASH.finditer(text, start, end)]
    bounds = zip([start] + [e for _, e in cuts], [s for s, _ in cuts] + [end], strict=True)
    return [(s, s + len(text[s:e].rstrip())) for s, e in bounds]


def _dashed_subject_spans(text: str) -> list[tuple[int, int]]:
    """A letter's title in its subject line among parts set off by dashes: "Re: Project Falcon
    - Confidentiality Undertaking", "Re: Muskeg Lake Pipelines Ltd. - Senior Secured Credit
    Facilities - Confidentiality Undertaking" (the line read on to the next when it wraps),
    "Re: Confidentiality Agreement - Project Osprey"."""
    spans = []
    for m in _SUBJECT_OPENING.finditer(text):
        line_end = _line_end(text, m.end())
        wrapped_end = _line_end(text, line_end + 1)
        for end in (line_end, wrapped_end if text[line_end:wrapped_end].strip() else line_end):
            parts = _dash_parts(text, m.end(), end)
            titles = [(s, e) for s, e in parts if _SUBJECT_TITLE.fullmatch(text, s, e)]
            others = [text[s:e] for s, e in parts if (s, e) not in titles]
            if len(parts) > 1 and len(titles) == 1 and not any(
                _NAMES_A_DOCUMENT.search(o) for o in others
            ):
                spans.append(titles[0])
                break
    return spans


def title_spans(text: str) -> list[tuple[int, int, str]]:
    """Every title a passage may give: headings (a letter's subject line among them) and the
    preamble's "This ... Agreement", each with its kind."""
    spans = [(s, e, "heading") for s, e in _heading_spans(text)]
    spans += [(s, e, "heading") for s, e in _midline_spans(text)
              if not any(s < e2 and s2 < e for s2, e2, _ in spans)]
    spans += [(m.start("t"), m.end("t"), "heading") for m in _LETTER_SUBJECT.finditer(text)]
    spans += [(s, e, "heading") for s, e in _dashed_subject_spans(text)]
    return spans + _preamble_spans(text)


def _title_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    scored = []
    for p in reader.passages:
        if p.start > _TITLE_WINDOW:
            continue
        for s, e, kind in title_spans(p.text):
            doc_offset = p.start + s
            if doc_offset > _TITLE_WINDOW:
                continue
            rank, _ = p.holder(s)
            c = Candidate(squash_spaces(p.text[s:e]), p.text[s:e], s, e, kind=kind)
            feats = {
                "rank": rank_feature(rank),
                "early": reader.rule.early * max(0.0, 1.0 - doc_offset / _TITLE_WINDOW),
                "kind": 0.5 if kind == "heading" else 0.35,
            }
            scored.append(reader.place(p, c, feats))
    scored = _without_bare_title_words(scored)
    _support_titles(scored)
    return scored


#: A title that is only the generic word every agreement calls itself by.
_GENERIC_TITLE = re.compile(r"agreement|contract", re.IGNORECASE)


def _without_bare_title_words(scored: list[Scored]) -> list[Scored]:
    """A heading that is only "AGREEMENT" (over a filed contract's preamble, after its cover
    and table of contents) names less than a title ending in the same word elsewhere in the
    opening ("HARBORVIEW DISTRIBUTION AGREEMENT" on the cover): the fuller title is the
    document's name, the bare word only when nothing else names it."""
    def fuller_title(word: str) -> bool:
        return any(o.value.lower().endswith(" " + word) for o in scored)

    return [s for s in scored
            if not (_GENERIC_TITLE.fullmatch(s.value) and fuller_title(s.value.lower()))]


def _support_titles(scored: list[Scored]) -> None:
    """A heading and the preamble naming the same title support each other, and so does a
    preamble that shortens the heading ("This Distributor Agreement" under "EXCLUSIVE
    DISTRIBUTOR AGREEMENT"); an amendment's preamble beats the original's heading."""
    for s in scored:
        lower = s.value.lower()
        others = [o for o in scored if o is not s and o.kind != s.kind]
        if any(o.value.lower() == lower for o in others):
            s.features["support"] = 0.1
        elif s.kind == "heading" and any(lower.endswith(" " + o.value.lower()) for o in others):
            s.features["support"] = 0.1  # "This Distributor Agreement" under its full heading
        elif _AMENDS.search(s.value) and any(lower.endswith(" " + o.value.lower()) for o in others):
            s.features["support"] = 0.2  # "FIRST AMENDMENT TO" + the heading of the original
        elif s.kind == "preamble" and any(lower.startswith(o.value.lower() + " ") for o in others):
            s.features["support"] = 0.2  # the preamble names in full a heading cut short
        else:
            continue
        s.score += s.features["support"]


def _in_the_headings_capitals(pooled: list[Scored]) -> list[Scored]:
    """A preamble restating in Title Case a heading set in capitals ("This Amended and Restated
    Outsourcing Agreement" under "AMENDED AND RESTATED OUTSOURCING AGREEMENT") names the same
    title: it is answered once, as the heading prints it, at the better score of the two. The
    pool's scores and order stand (read without case, no answer changes); where a heading in
    capitals and the preamble in Title Case carry the same title, the labelled set gives the
    capitals (33 of 57 train documents)."""
    capitals: dict[str, str] = {}
    for s in pooled:
        if s.kind == "heading" and s.value.isupper():
            capitals.setdefault(s.value.lower(), s.value)
    kept, seen = [], set()
    for s in pooled:  # best first: the lower of the two entries is the one dropped
        heading = capitals.get(s.value.lower()) if s.kind == "preamble" else None
        if heading is not None and heading != s.value:
            s.value, s.note = heading, "the preamble's title, in the heading's capitals"
        if s.value not in seen:
            seen.add(s.value)
            kept.append(s)
    return kept


# --------------------------------------------------------------------------- sentences


_MIN_SENTENCE_WORDS = 5


def _sentence_mode(
    reader: CandidateReader, context: Mapping[str, Any], needed: Mapping[str, FieldRule]
) -> list[Scored]:
    """The sentence that answers a clause field. A sentence qualifies on one of the field's
    own phrases (``queries.exact`` or a ``queries.pattern`` match) or on two different task
    keywords: a single generic keyword ("penalty", "fee") is everywhere in a contract and would
    let a late-payment sentence answer for liquidated damages. A field that configures no
    phrases has only its keywords, so one suffices there. A section heading never answers."""
    field = reader.field
    keywords = keyword_pattern(field.instructions.keywords)
    phrases = keyword_pattern(field.queries.exact)
    patterns = [re.compile(p) for p in field.queries.pattern]
    if keywords is None and phrases is None and not patterns:
        return []
    weak_needed = 2 if phrases is not None or patterns else 1
    scored = []
    for p in reader.passages[:3]:
        for s, e in sentence_spans(p.text):
            text = p.text[s:e]
            if len(text.split()) < _MIN_SENTENCE_WORDS:
                continue  # a heading names the topic but does not answer
            weak = {m.group(0).lower() for m in keywords.finditer(text)} if keywords else set()
            strong = bool(phrases and phrases.search(text)) or any(
                rx.search(text) for rx in patterns
            )
            if not strong and len(weak) < weak_needed:
                continue
            rank, holder = p.holder(s)
            if squash_spaces(text) in holder.chunk.section:
                continue
            c = Candidate(squash_spaces(text), text, s, e)
            feats = {
                "rank": rank_feature(rank),
                "keywords": min(len(weak) + 2 * strong, 3) / 3,
                "kind": 0.3,
                "section": section_feature(holder.chunk.section, field.sections),
            }
            scored.append(reader.place(p, c, feats))
    return scored


#: A mode reads the field's candidates given the values of other fields already extracted
#: (``context``) and the rules of the fields its rule ``needs`` (``needed``, by name).
_Mode = Callable[[CandidateReader, Mapping[str, Any], Mapping[str, FieldRule]], list[Scored]]
_MODES: dict[str, _Mode] = {
    "value": _value_mode,
    "expiration": _expiration_mode,
    "renewal": _renewal_mode,
    "parties": _parties_mode,
    "title": _title_mode,
    "sentence": _sentence_mode,
}
#: What a mode does to its pooled candidates, one entry per value, best first.
_AFTER_POOL: dict[str, Callable[[list[Scored]], list[Scored]]] = {
    "title": _in_the_headings_capitals,
}


# --------------------------------------------------------------------------- the extractor


class RuleExtractor:
    """Rule-based extraction, the default :class:`~.base.Extractor` (no model, no network).

    ``extract(field, chunks, context=None)``: ``chunks`` are the field's retrieved chunks, best
    first; ``context`` optionally maps other fields' names to values already extracted from the
    same document (``{"effective_date": "2014-05-05"}``), which derived values use first: an
    expiration stated as "three (3) years from the Effective Date" needs the effective date,
    which the expiration's own chunks rarely contain. ``needs(field)`` names those fields
    (the YAML's ``extraction.needs``).

    ``fields`` is the registry the needed fields are configured in: when ``context`` lacks
    their values, they are read from the field's own chunks with their own settings. Without
    it, needed values come from ``context`` only.
    """

    name = "rules"

    def __init__(
        self,
        fields: FieldRegistry | Mapping[str, FieldConfig] | None = None,
        *,
        learned: bool = True,
        models_dir: Path | None = None,
    ):
        self.fields = fields
        #: ``learned=False`` keeps the hand-weighted scores (the reference the models beat)
        self.learned = learned
        self.models_dir = models_dir

    def needs(self, field: FieldConfig) -> tuple[str, ...]:
        """The fields whose values ``extract`` can use as ``context`` for ``field``."""
        return rule_for(field).needs

    def _needed(self, rule: FieldRule) -> dict[str, FieldRule]:
        """The rules of the fields ``rule`` needs that the registry configures, by name."""
        fields = self.fields if self.fields is not None else {}
        return {name: rule_for(fields.get(name)) for name in rule.needs if name in fields}

    def rank(
        self,
        field: FieldConfig,
        chunks: Sequence[ScoredChunk],
        *,
        context: Mapping[str, Any] | None = None,
    ) -> tuple[list[Scored], float]:
        """Every pooled candidate of ``field`` in ``chunks`` with its features, best first,
        and the score a candidate needs to answer (what ``training`` learns from)."""
        rule = rule_for(field)
        passages = build_passages(list(chunks)[: rule.max_chunks])
        return self._pooled(field, rule, passages, context), rule.min_score

    def _pooled(
        self,
        field: FieldConfig,
        rule: FieldRule,
        passages: list[Passage],
        context: Mapping[str, Any] | None,
    ) -> list[Scored]:
        if not passages:
            return []
        reader = CandidateReader(field, rule, passages)
        pooled = pool(_MODES[rule.mode](reader, context or {}, self._needed(rule)))
        return _AFTER_POOL.get(rule.mode, list)(pooled)

    def _decision(
        self, field: FieldConfig, rule, ranked: list[Scored]
    ) -> tuple[list[Scored], float, Callable[[float], float]]:
        """(candidates best first, the score the best must reach, score -> confidence): with
        ``extraction.scorer: learned`` and a fitted model of the field's type, the model's
        probability against the field's learned ``threshold``; else the hand-weighted score
        against ``min_score``."""
        wanted = self.learned and field.extraction.scorer == "learned"
        model = model_for(field.type, self.models_dir) if wanted else None
        if model is None:
            return ranked, rule.min_score, lambda score: confidence(score, rule.min_score)
        threshold = getattr(field.extraction, "threshold", None)
        return rescore(model, ranked), (
            model.default_threshold if threshold is None else threshold
        ), float

    def extract(
        self,
        field: FieldConfig,
        chunks: Sequence[ScoredChunk],
        *,
        context: Mapping[str, Any] | None = None,
    ) -> Extraction:
        rule = rule_for(field)
        passages = build_passages(list(chunks)[: rule.max_chunks])
        if not passages:
            return Extraction.not_found("no text chunks to read")
        ranked = self._pooled(field, rule, passages, context)
        ranked, threshold, to_confidence = self._decision(field, rule, ranked)
        shown = [
            dict(s.to_dict(), confidence=round(to_confidence(s.score), 4))
            for s in ranked[:_SHOWN]
        ]
        if not ranked:
            return Extraction.not_found(
                f"no {field.type.value} candidate in {len(passages)} passages"
            )
        best = ranked[0]
        if best.score < threshold:
            return Extraction.not_found(
                f"best candidate {best.raw!r} scored {best.score:.2f}, under the field's "
                f"threshold {threshold:.2f}",
                shown,
            )
        return Extraction(
            status="found",
            value=best.value,
            raw=best.raw,
            confidence=to_confidence(best.score),
            chunk_id=best.chunk_id,
            start=best.start,
            end=best.end,
            candidates=tuple(shown),
        )
