"""How the rule extractor scores candidates: passages, features, pooling, confidence.

Retrieved chunks overlap (the chunker repeats ~40 tokens) and a clause often straddles two of
them, so chunks that touch in the document are first merged into :class:`Passage` objects; a
candidate found in a passage keeps the rank of the best chunk that holds it.
:class:`CandidateReader` turns every typed candidate of a field into a :class:`Scored` whose
features (rank, keyword distance, role, section, position, sentence cues, unit) are mixed by
:data:`WEIGHTS` into one raw score; :func:`pool` merges candidates with the same value (support
from several places adds to the score) and :func:`confidence` maps a raw score to (0, 1).
No I/O: everything here is a pure function of the chunks and the field's profile.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..models import Chunk, FieldConfig, ScoredChunk, ValueType
from .field_rules import Convention, FieldRule
from .values import Candidate, find_candidates, find_dates
from .values.durations import PERPETUAL

__all__ = [
    "WEIGHTS",
    "Scored",
    "CandidateReader",
    "pool",
    "confidence",
    "date_role",
    "Passage",
    "build_passages",
    "keyword_pattern",
    "keyword_distance",
    "proximity",
    "rank_feature",
    "sentence_bounds",
    "section_feature",
]


@dataclass(frozen=True)
class Passage:
    """Document-contiguous text made of one or more retrieved chunks (document order).

    ``start`` is the document offset of ``text[0]``; ``parts`` pairs each chunk with its rank in
    the retrieval result (0 = best).
    """

    text: str
    start: int
    parts: tuple[tuple[int, ScoredChunk], ...]

    @property
    def position(self) -> int:
        return min(sc.chunk.position for _, sc in self.parts)

    @property
    def best_rank(self) -> int:
        return min(rank for rank, _ in self.parts)

    def holder(self, offset: int) -> tuple[int, ScoredChunk]:
        """The best-ranked chunk holding passage offset ``offset`` (rank, chunk)."""
        doc = self.start + offset
        holding = [(r, sc) for r, sc in self.parts if sc.chunk.start <= doc < sc.chunk.end]
        return min(holding or self.parts, key=lambda p: p[0])

    def evidence(self, start: int, end: int) -> tuple[ScoredChunk, int, int]:
        """The chunk to cite for passage span ``[start, end)`` and the span's document offsets.

        The best-ranked chunk holding the whole span wins; a span that crosses a chunk border
        (a long party clause) is cut at the end of the chunk holding its start, so the cited
        text is always exactly inside one retrieved chunk.
        """
        lo, hi = self.start + start, self.start + end
        whole = [(r, sc) for r, sc in self.parts if sc.chunk.start <= lo and hi <= sc.chunk.end]
        if whole:
            return min(whole, key=lambda p: p[0])[1], lo, hi
        _, sc = self.holder(start)
        return sc, lo, min(hi, sc.chunk.end)


_SECTION_GAP = 2  # characters between two chunks a section break separates ("\n\n")


def build_passages(chunks: Sequence[ScoredChunk]) -> list[Passage]:
    """Merge text chunks that overlap or touch in the document into passages, best rank first.

    Two chunks merge only when their overlapping text agrees, so offsets stay exact. Chunks
    that a section break separates (the chunker leaves the blank line between them out) merge
    too, the break restored as blank lines: a party block cut by a name the heading detector
    took for a heading reads as one clause again.
    """
    ranked = [(i, sc) for i, sc in enumerate(chunks) if sc.chunk.chunk_type == "text"]
    by_doc: dict[str, list[tuple[int, ScoredChunk]]] = {}
    for item in ranked:
        by_doc.setdefault(item[1].chunk.doc_id, []).append(item)
    passages: list[Passage] = []
    for items in by_doc.values():
        items.sort(key=lambda p: (p[1].chunk.start, p[1].chunk.end))
        text, start, parts = "", 0, []
        for rank, sc in items:
            c = sc.chunk
            end = start + len(text)
            if parts and 0 < c.start - end <= _SECTION_GAP:
                text += "\n" * (c.start - end) + c.text
                parts.append((rank, sc))
                continue
            if parts and c.start <= end and text[c.start - start :] == c.text[: end - c.start]:
                text += c.text[end - c.start :]
                parts.append((rank, sc))
                continue
            if parts:
                passages.append(Passage(text, start, tuple(parts)))
            text, start, parts = c.text, c.start, [(rank, sc)]
        if parts:
            passages.append(Passage(text, start, tuple(parts)))
    return sorted(passages, key=lambda p: (p.best_rank, p.start))


def keyword_pattern(words: Iterable[str]) -> re.Pattern[str] | None:
    """One case-insensitive pattern for the field's keywords (word starts; spaces flexible).

    A keyword written as a regex (it contains ``\\``, ``(`` or ``[``) is used as is.
    """
    parts = []
    for word in words:
        word = word.strip()
        if not word:
            continue
        if any(ch in word for ch in "\\([|"):
            parts.append(f"(?:{word})")
        else:
            parts.append(r"\b" + r"\s+".join(re.escape(w) for w in word.split()))
    if not parts:
        return None
    return re.compile("|".join(sorted(parts, key=len, reverse=True)), re.IGNORECASE)


def keyword_distance(
    text: str, start: int, end: int, pattern: re.Pattern[str] | None, window: int = 600
) -> float | None:
    """Characters between the span ``[start, end)`` and the nearest keyword match (0 when they
    overlap), looking ``window`` characters either side; None when there is none."""
    if pattern is None:
        return None
    lo, hi = max(0, start - window), min(len(text), end + window)
    best: float | None = None
    for m in pattern.finditer(text, lo, hi):
        if m.end() <= start:
            d = start - m.end()
        elif m.start() >= end:
            d = m.start() - end
        else:
            d = 0
        best = d if best is None else min(best, d)
    return best


def proximity(distance: float | None, scale: float = 150.0) -> float:
    """1 at distance 0, decaying exponentially; 0 when there is no keyword at all."""
    return 0.0 if distance is None else math.exp(-distance / scale)


def rank_feature(rank: int, decay: float = 0.35) -> float:
    """1 for the top chunk, 1/(1 + decay * rank) after."""
    return 1.0 / (1.0 + decay * rank)


def section_feature(section: Sequence[str], wanted: Sequence[str]) -> float:
    """1 when the chunk's section path names the field's primary section, 0.5 for another of
    its sections, 0 otherwise (case-insensitive substring match)."""
    titles = " / ".join(section).lower()
    if not titles or not wanted:
        return 0.0
    for i, name in enumerate(wanted):
        if name.lower() in titles:
            return 1.0 if i == 0 else 0.5
    return 0.0


_SENTENCE_STOP = re.compile(
    r"(?<!\b[A-Z])(?<!\bNo)(?<!\bInc)(?<!\bLtd)(?<!\bCo)(?<!\bSt)"
    # a time of day's "p.m." before its zone ("at 11:59 p.m. Eastern Time on", "5:00 p.m. (New
    # York City time)", "a.m. EST") ends no sentence
    r"(?!(?<=[aApP]\.[mM])\.\s+\(?(?:[A-Z][\w.]*\s+){0,3}?(?:[Tt]ime|TIME|[A-Z]{1,3}T)\b)"
    r"[.;](?=\s+[\"“(]?[A-Z0-9])"
    r"|\n[ \t]*\n"
)


def sentence_bounds(text: str, start: int, end: int, limit: int = 600) -> tuple[int, int]:
    """The sentence around ``[start, end)``: from the previous stop (period, semicolon or blank
    line) to the next one, at most ``limit`` characters each way."""
    lo = max(0, start - limit)
    s = lo
    for m in _SENTENCE_STOP.finditer(text, lo, start):
        s = m.end()
    m = _SENTENCE_STOP.search(text, end, min(len(text), end + limit))
    e = m.end() if m else min(len(text), end + limit)
    return s, e


# --------------------------------------------------------------------------- scoring

#: Date roles that only say when the contract was made or signed, or nothing at all.
_SIGNING_KINDS = frozenset({"dated", "none"})
#: The precision of a date missing its day ("____, 2014": year; "June 2009": month).
_PARTIAL_DATE_UNITS = frozenset({"year", "month"})

#: Feature weights of the raw score (role weights are in [-1, 1], the rest in [0, 1]; the
#: profile-weighted features carry their weight already).
WEIGHTS: Mapping[str, float] = {
    "rank": 0.25,
    "keywords": 0.2,
    "kind": 0.35,
    "section": 0.05,
    "early": 1.0,  # the profile's ``early`` weight is already in the feature
    "lead": 1.0,  # likewise ``lead``
    "signature": 1.0,  # likewise ``signature``
    "sentence": 1.0,  # likewise the sentence cues' bonuses
    "unit": 1.0,  # likewise the unit bonus
    "agreement": 0.1,
    "support": 1.0,  # title mode: heading and preamble agree (bonus already weighted)
    "count": 0.2,  # party lists: how plausible the number of names is
}
_STEEPNESS = 6.0  # of the score -> confidence logistic


@dataclass
class Scored:
    """A candidate placed in the document, with its raw score and the features behind it."""

    value: Any
    raw: str
    start: int  # document offsets
    end: int
    chunk_id: str
    score: float
    kind: str | None = None
    features: dict[str, float] = field(default_factory=dict)
    note: str | None = None
    position: int = 0  # of the chunk that holds it
    opening: int = 0  # the chunk's ``opening_position``
    leading: int = 0  # the chunk's ``leading_position`` (the opening behind a table of contents)
    #: a date the text gives to another document, a filing, a report or a deadline
    foreign: bool = False
    #: a date in a signature block (``in_signature_block``)
    signed: bool = False
    #: a date left blank to fill in, the whole date following it (``left_blank_for_a_whole_date``)
    blank: bool = False
    #: a date the contract declares its effective date (``declared_effective``)
    declared: bool = False
    #: set by the learned scorer (``learned.rescore``): the hand-weighted score it replaced and
    #: each feature's share of the model's logit
    hand: float | None = None
    contributions: dict[str, float] | None = None

    @property
    def key(self) -> str:
        return json.dumps(self.value, sort_keys=True)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "value": self.value,
            "raw": self.raw,
            "score": round(self.score, 4),
            "kind": self.kind,
            "chunk_id": self.chunk_id,
            "start": self.start,
            "end": self.end,
            "features": {k: round(v, 4) for k, v in self.features.items()},
        }
        if self.note:
            out["note"] = self.note
        if self.contributions is not None:
            out["hand_score"] = round(self.hand or 0.0, 4)
            out["contributions"] = {k: round(v, 4) for k, v in self.contributions.items()}
        return out


def without_sentence_cues(s: Scored) -> None:
    """Take the sentence cues' bonus off ``s``, a date the text gives to another document or
    to the agreement a restatement replaces: its sentence's cues ("The term of this Agreement
    commenced on 2 March 2013 under the Original Agreement") speak of this agreement, not of
    that date. A cue against the sentence still counts."""
    bonus = max(0.0, s.features.get("sentence", 0.0))
    s.score -= WEIGHTS["sentence"] * bonus
    s.features["sentence"] -= bonus


def confidence(score: float, threshold: float) -> float:
    """A logistic of the raw score around the field's threshold: 0.5 at the threshold, monotone,
    in (0, 1). Calibration to real probabilities is done downstream on a labelled set."""
    return 1.0 / (1.0 + math.exp(-_STEEPNESS * (score - threshold)))


# --------------------------------------------------------------------------- features


class CandidateReader:
    """Finds and scores the candidates of one field (read with its profile) in passages."""

    def __init__(self, field_config: FieldConfig, rule: FieldRule, passages: list[Passage]):
        self.field = field_config
        self.rule = rule
        self.passages = passages
        self.keywords = keyword_pattern([*field_config.instructions.keywords, *rule.cues])
        self.context = re.compile(rule.context) if rule.context else None
        self.sentence_cues = [(re.compile(rx), w) for rx, w in rule.sentence_cues]

    def in_context(self, passage: Passage, c: Candidate) -> bool:
        if self.context is None:
            return True
        s, e = sentence_bounds(passage.text, c.start, c.end)
        return bool(self.context.search(passage.text, s, e))

    def features(self, passage: Passage, c: Candidate) -> dict[str, float]:
        rank, sc = passage.holder(c.start)
        dist = keyword_distance(passage.text, c.start, c.end, self.keywords)
        return {
            "rank": rank_feature(rank),
            "keywords": proximity(dist),
            "kind": self.rule.kind_weight(c.kind),
            "section": section_feature(sc.chunk.section, self.field.sections),
            "early": self.early_bonus(sc.chunk),
            "sentence": self.sentence_bonus(passage, c),
            "unit": self.rule.unit_weights.get(c.unit or "", 0.0),
        }

    def early_bonus(self, chunk: Chunk) -> float:
        """The profile's ``early`` weight, fading by a third for each chunk into the opening."""
        return self.rule.early * max(0.0, 1.0 - 0.35 * chunk.opening_position)

    def sentence_bonus(
        self, passage: Passage, c: Candidate, bounds: tuple[int, int] | None = None
    ) -> float:
        """The sentence cues' bonus over ``c``'s sentence, or over ``bounds`` when given."""
        if not self.sentence_cues:
            return 0.0
        s, e = bounds or sentence_bounds(passage.text, c.start, c.end)
        # 0.0, not sum()'s int 0, when no cue matches: features are floats (explain, JSON)
        return sum((w for rx, w in self.sentence_cues if rx.search(passage.text, s, e)), 0.0)

    def place(
        self,
        passage: Passage,
        c: Candidate,
        feats: dict[str, float],
        *,
        value: Any = None,
        note: str | None = None,
    ) -> Scored:
        sc, start, end = passage.evidence(c.start, c.end)
        score = sum(WEIGHTS[k] * v for k, v in feats.items())
        return Scored(
            value=c.value if value is None else value,
            raw=passage.text[start - passage.start : end - passage.start],
            start=start,
            end=end,
            chunk_id=sc.chunk.chunk_id,
            score=score,
            kind=c.kind,
            features=feats,
            note=note,
            position=sc.chunk.position,
            opening=sc.chunk.opening_position,
            leading=sc.chunk.leading_position,
        )

    def candidates(self, value_type: ValueType | None = None) -> list[tuple[Passage, Candidate]]:
        vt = ValueType(value_type or self.field.type)
        out = []
        for p in self.passages:
            found = find_candidates(
                vt, p.text, pattern=self.field.pattern, choices=self.field.choices
            )
            if vt is ValueType.date:
                found = [date_role(p.text, c) for c in found]
            out.extend((p, c) for c in found)
        return out

    def typed(self, value_type: ValueType | None = None) -> list[Scored]:
        """Every typed candidate that passes the profile's filters, scored."""
        scored = []
        signing_dates_answer = self.convention_holds(self.rule.signing_date_fallback)
        reads_dates = ValueType(value_type or self.field.type) is ValueType.date
        # (a date field's expiration mode reads durations too, whose units are no precision)
        partial_dates_withheld = reads_dates and self.convention_holds(
            self.rule.withhold_partial_dates
        )
        for p, c in self.candidates(value_type):
            if self.rule.require_kinds and (c.kind or "none") not in self.rule.require_kinds:
                continue
            if not signing_dates_answer and (c.kind or "none") in _SIGNING_KINDS:
                continue  # the convention that leaves a field without a stated date empty
            if partial_dates_withheld and c.unit in _PARTIAL_DATE_UNITS:
                continue  # the convention that labels only whole dates
            if not self.rule.open_ended_answers and c.value == PERPETUAL:
                continue  # the convention that gives an open-ended contract no term
            if not self.in_context(p, c):
                continue
            placed = self.place(p, c, self.features(p, c))
            placed.foreign = reads_dates and c.kind == "other" and dates_something_else(p.text, c)
            if placed.foreign:
                without_sentence_cues(placed)
            placed.signed = reads_dates and in_signature_block(p.text, c)
            placed.blank = reads_dates and left_blank_for_a_whole_date(p.text, c)
            placed.declared = reads_dates and declared_effective(p.text, c)
            scored.append(placed)
        self.mark_lead(scored)
        self.mark_signed(scored)
        return scored

    def convention_holds(self, setting: Convention) -> bool:
        """Whether a labelling convention (``signing_date_fallback``, ``withhold_partial_dates``)
        applies to this document: always, never, or when a passage the field reads matches one
        of its patterns (a contract that never speaks of its effective date has none to label;
        a confidentiality agreement's gold dates are whole)."""
        if isinstance(setting, bool):
            return setting
        patterns = [re.compile(p) for p in ((setting,) if isinstance(setting, str) else setting)]
        return any(pattern.search(p.text) for p in self.passages for pattern in patterns)

    def mark_lead(self, scored: list[Scored]) -> None:
        """Give the profile's ``lead`` bonus to the first candidate of the opening chunks among
        those with the preferred role ("dated as of X, effective as of Y": X for the agreement
        date, Y for the effective date). Never a date the text gives to another document ("amends
        that certain Supply Agreement dated as of ..."): the opening's first date is this
        agreement's only when nothing says otherwise; nor a date left blank when the sentence
        goes on to a whole date ("dated this ____ day of ______, 2012, but effective as of
        February 20, 2012")."""
        if not self.rule.lead:
            return
        opening = [s for s in scored if s.opening <= 1 and not (s.foreign or s.blank)]
        if opening:
            best_role = max(s.features["kind"] for s in opening)
            first = min(
                (s for s in opening if s.features["kind"] == best_role), key=lambda s: s.start
            )
            first = self.declared_instead(scored, first)
            first.features["lead"] = self.rule.lead
            first.score += self.rule.lead

    def declared_instead(self, scored: list[Scored], first: Scored) -> Scored:
        """The one date the contract declares its effective date ("This Agreement is effective
        as of January 18, 2022", '<date> (the "Effective Date")'), in the field's own role, when
        it differs from the opening's ``first``: the preamble's "entered into / dated as of"
        date is then the day it was made, the declared one the day it takes effect. Else
        ``first``."""
        own_role = max(self.rule.kind_weights.values(), default=None)  # none: no own role
        declared = [s for s in scored
                    if s.declared and not s.foreign and s.features["kind"] == own_role]
        if len({s.key for s in declared}) != 1 or declared[0].key == first.key:
            return first
        return min(declared, key=lambda s: s.start)

    def mark_signed(self, scored: list[Scored]) -> None:
        """Give the profile's ``signature`` bonus to the dates of the signature blocks when the
        opening states no date of a role the field takes: a contract dated only where it is
        signed ("IN WITNESS WHEREOF ... this 28th day of March, 2005", "By: ... Date: 8/8/06")
        is dated there, but the opening's own date stays ahead of its signatories' dates, the
        preamble's behind a cover page and a table of contents too."""
        if not self.rule.signature:
            return
        if any(s.leading <= 1 and not (s.foreign or s.signed) and s.features["kind"] >= 0
               for s in scored):
            return
        for s in scored:
            if s.signed and not s.foreign:
                s.features["signature"] = self.rule.signature
                s.score += self.rule.signature


_DEFINED_AFTER = re.compile(
    r"\s*,?\s*\((?:the\s+|this\s+)?[\"“”']+(?P<term>[^\"“”']{2,40})[\"“”']+\s*\)", re.I
)
#: The name a document gives the day it is made, after the words making it: "made and entered
#: into on this 18th day of June, 2013 (the "Amendment Date")", "signed on <date> (the "Contract
#: Date")"; its "Amendment Effective Date" is another date. Read before the end of a term
#: ("Amendment" holds "end"), and only after words of making: "entered into effective <date>
#: ("Amendment Date")" names the day it takes effect (the finder's cue is then ``effective``).
_DATE_MADE_TERM = re.compile(r"^(?:amendment|addendum|contract|lease)\s+date$", re.IGNORECASE)
_DATED_BEFORE = re.compile(r"\bdated\s+(?:as\s+of\s+)?(?:the\s+)?$", re.IGNORECASE)
#: "this Agreement is effective as of / shall become effective on <date>": the agreement's own
#: start, whatever name the contract then gives that date
_EFFECTIVE_BEFORE = re.compile(
    r"\b(?:is|be|become|becomes|shall\s+be)\s+effective\s+(?:as\s+of|on|from)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
#: The attestation's date: "the undersigned hereby execute this Agreement as of May 11, 2020",
#: "have executed this Amendment as of <date>": the day it was signed, though "as of" also
#: introduces effective dates.
_EXECUTED_AS_OF = re.compile(
    r"\b(?:execut(?:e|es|ed)|sign(?:s|ed)?)\s+(?:this|the)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:agreement|amendment|contract|instrument)\s+(?:as\s+of|on)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_DOCUMENT = (
    r"(?:agreements?|contracts?|leases?|licen[cs]es?|letters?(?:\s+of\s+intent)?|plans?|"
    r"indentures?|notes?|orders?|amendments?|term\s+sheets?|memorand(?:um|a))"
    # its complement: "Agreement and Plan of Merger", "Declaration of Trust", "Memorandum of
    # Understanding", "Agreement for the Exchange of Confidential Information" (its capitalised
    # words may be joined by "of" or "and")
    r"(?:\s+(?:of|for)(?:\s+the)?(?:\s+(?:of\s+|and\s+)?(?-i:[A-Z])[\w-]*){1,4})?"
)
_DATED_BY = (  # "dated", "executed by the Parties on", "effective as of"
    # "made effective on", "made and entered into as of"
    r"(?:(?:(?:dated|entered\s+into|made(?:\s+effective|\s+and\s+entered\s+into)?|executed"
    r"|signed|effective)"
    r"(?:\s+(?:by|between)\s+[^,.;()\n]{1,40}?)?"
    r"|with\s+an?\s+effective\s+date\s+of)\s+"  # "a Supply Agreement with an Effective Date of"
    r"(?:on\s+|as\s+of\s+)?(?:the\s+)?$"
    r"|(?<=\s)of\s+$)"  # "the Mutual Nondisclosure Agreement of June 2, 2014"
)
#: The parties another document was made between, as its reference names them in full: their
#: descriptions in parentheses, commas, line breaks and the periods of abbreviations ("by and
#: between ACME, Inc. ("ACME") and Beta Holdings, L.P. dated ..."), up to 250 characters and
#: never past a sentence's end or a blank line.
_BETWEEN_PARTIES = (
    r",?\s+(?:by\s+and\s+)?between\s+(?:[^.;()\n]|\n(?![ \t]*\n)|\([^()]{0,80}\)"
    r"|\.(?=\s*[,(]|\s+(?-i:[a-z]))|(?<=\b(?-i:[A-Z]))\.){1,250}?"
)
#: The number a document is filed under, between its name and its date: "Supply Agreement No.
#: 4411 dated", "Services Agreement ref SA-2210/09 (dated ...)" (a line may break after a hyphen)
_REFERENCE_NUMBER = (
    r"(?:\s+(?:no\.?|number|ref\.?|reference)\s*:?\s*[\w/.-]*(?:-\s+)?[\w/.-]*\d[\w/.-]*)?"
    r"(?:,?\s+(?:issue|version|revision|rev\.)\s*\d[\w.]*)?"  # "ref. FS-3310 Issue 4", "Version 2.1"
)
#: Whose the other document is, as a letter names the correspondence it answers: "your letter
#: dated", "our letter of March 11, 2019", "my offer letter dated", "the Company's proposal
#: letter" (the possessive is a word of its name)
_WHOSE = r"(?:a|an|that|certain|said|such|its|their|the|your|our|my|his|her)"
#: Whom a letter was sent to, between its name and its date: "the proposal letter to us dated",
#: "your letter to the Board dated"
_ADDRESSED_TO = r"(?:\s+(?:addressed\s+)?to\s+(?:us|you|(?:the\s+)?(?-i:[A-Z])[\w&.-]*))?"
#: The date of another document: "a supply agreement dated March 3, 2011" (but "This is an
#: Agreement, entered into on ..." names itself), "the Binding Term
#: Sheet, dated as of ...", "the agreement between the Parties effective as of ...", "the
#: Development Agreement ("DA") entered into on ...", "the Services Agreement by and between
#: ACME, Inc. and Beta LLC dated ...", or one named in Title Case mid-line without an article
#: ("pursuant to Sponsorship Agreements dated ..."). Not "This ... Agreement dated", nor a
#: title (a line's start, in capitals) with its date: "SUPPLY AGREEMENT, dated".
_OTHER_DOCUMENT_DATED = re.compile(
    rf"(?<!\bis\s)\b{_WHOSE}\s+(?:[\w&'’-]+\s+){{0,5}}?"
    rf"{_DOCUMENT}{_REFERENCE_NUMBER}{_ADDRESSED_TO}"
    rf"\s*(?:\([^()]{{1,60}}\)\s*)?(?:{_BETWEEN_PARTIES})?,?\s*\(?{_DATED_BY}"
    rf"|(?P<titled>)(?<=\S[ \t])(?<![Tt]his\s)(?<!\bis\sa\s)(?<!\bis\san\s)\b(?!(?i:this)\b)"
    rf"(?:(?-i:[A-Z][a-z])[\w-]*[ \t]+){{1,4}}{_DOCUMENT}(?:{_BETWEEN_PARTIES})?[ \t]*,?[ \t]*"
    rf"{_DATED_BY}",
    re.IGNORECASE,
)
#: Another document's name right before a date that an acronym then names ("the Mutual
#: Confidentiality Agreement June 2, 2014 ("MCA") executed by ..."): the acronym is the
#: document's, the date its date.
_DOCUMENT_NAMED_BEFORE = re.compile(
    rf"(?<!\bis\s)\b(?:a|an|that|certain|said|such|its|their|the)\s+(?:[\w&-]+\s+){{0,5}}?"
    rf"{_DOCUMENT}[ \t]+$",
    re.IGNORECASE,
)
#: "This Master Hosting Services Agreement, dated": this agreement's own title, whose last
#: capitalised words the Title Case branch above would read as another document's name
_THIS_TITLE_BEFORE = re.compile(
    r"\b(?:[Tt]his|THIS)(?:[ \t]+(?:(?-i:[A-Z])[\w&-]*|and|of|&))*[ \t]+$"
)


#: "Quill Labs Supply Agreement made effective as of", "Exhibit 10.4 Consulting Agreement dated":
#: a Title Case name that opens its line (after an exhibit's label at most) is this agreement's
#: title, whose last capitalised words the Title Case branch would read as another document's
#: (searched up to the name: ``\Z`` is the name's start, ``^`` its line's)
_TITLE_OPENS_THE_LINE = re.compile(
    r"^[ \t]*(?:(?:Exhibit|EXHIBIT)[ \t]+[\w.()-]+[ \t]+)?(?:(?-i:[A-Z])[\w&-]*[ \t]+)*\Z",
    re.MULTILINE,
)


#: A word said twice in a row: a title run into the heading under it ("Strategic Alliance
#: Agreement AGREEMENT made as of"), where the dating words start a sentence of their own.
_WORD_REPEATED = re.compile(r"\b(\w+)[ \t]+\1\b", re.IGNORECASE)


def _opens_with_its_title(text: str, name: re.Match[str]) -> bool:
    """Whether the Title Case document ``name`` is this agreement's own title ("This Master
    Hosting Services Agreement", or a title opening its line)."""
    lo = max(0, name.start() - 80)
    return bool(
        _THIS_TITLE_BEFORE.search(text, lo, name.start())
        or _TITLE_OPENS_THE_LINE.search(text, lo, name.start())
        and not _WORD_REPEATED.search(name.group(0))
    )


def _names_another_document(text: str, lo: int, hi: int) -> bool:
    """Whether ``text[lo:hi]`` ends naming another document with its date
    (``_OTHER_DOCUMENT_DATED``), the title this agreement opens with excepted."""
    m = _OTHER_DOCUMENT_DATED.search(text, lo, hi)
    while m is not None:
        titled = m.group("titled") is not None
        if not (titled and _opens_with_its_title(text, m)):
            return True
        # "This Amendment To The Supply Agreement dated": "The Supply Agreement" may still follow
        m = _OTHER_DOCUMENT_DATED.search(text, m.start() + 1, hi)
    return False


#: The date of an earlier change to a document the text refers to: "the Supply Agreement dated
#: June 1, 2010, as amended on March 2, 2012", "as amended and restated as of ...", "as
#: supplemented ...", the English "as varied on ...", "as amended by Amendment No. 1 thereto,
#: dated as of ...": not when this document was made. The amendments' names may hold the period
#: of "No." before a number, and the comma of an earlier one's date ("by Amendment No. 1 dated
#: May 1, 2018 and Amendment No. 2 dated ...").
_AMENDED_ON = re.compile(
    r"\bas\s+(?:amended|supplemented|modified|varied)(?:\s+and\s+restated)?\s+"
    r"(?:on\s+|as\s+of\s+|through\s+"
    r"|by\s+(?:[^,.;()\n]|(?<=\bNo)\.(?=\s*\d)|,(?=\s*(?:19|20)\d\d\b)){1,80}?,?\s+dated\s+"
    r"(?:as\s+of\s+)?)?"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
#: A filing's page footer ("Source: ACME CORP, 8-K, 8/14/2015"): the date it was filed.
_FILING_FOOTER = re.compile(
    r"\bSource:[ \t]+[^\n]{2,100}?,[ \t]*[\w/.-]{1,12}(?:[ \t][\w/.-]{1,8})?,[ \t]*$"
)
#: A securities filing's date, named at the filing however far the words on what it reports
#: stand between ("the Schedule 13G/A with respect to the shares of Common Stock, $0.01 par
#: value per share, of ACME Inc., dated as of"; an abbreviation's or an amount's period goes
#: on): a joint filing agreement's own date is the day it is signed.
_SCHEDULE_FILING_DATED = re.compile(
    r"\bSchedule\s+13[DG](?:/A)?\b(?:[^.;]|\.(?=\s*,|\d)){0,200}?,?\s*dated\s+"
    r"(?:as\s+of\s+)?$",
    re.IGNORECASE,
)
#: A date that closes a reporting period or sets a deadline: "the financial statements of the
#: Company as of December 31, 2008", "for the year ended June 30, 2010", "no later than May 1,
#: 2018", "on or before June 1, 2019". It dates a report or an obligation, not the agreement.
_PERIOD_OR_DEADLINE = re.compile(
    r"\b(?:financial\s+statements|balance\s+sheets?)\b[^.;]{0,60}?\bas\s+(?:of|at)\s+$"
    r"|\b(?:years?|quarters?|periods?|months)\s+ended\s+$"
    r"|\b(?:not?\s+(?:later|earlier)\s+than|on\s+or\s+before)\s+$",
    re.IGNORECASE,
)

#: What, written just before a date, makes it no date of this agreement, with how far back
#: (characters) each is read: another document's date (far enough for the parties it was made
#: between), an amendment's, a filing's, a report's or a deadline's.
_OTHER_DATE_CUES = (
    (_names_another_document, 300),
    (_AMENDED_ON.search, 120),
    (_FILING_FOOTER.search, 120),
    (_SCHEDULE_FILING_DATED.search, 250),
    (_PERIOD_OR_DEADLINE.search, 120),
)


#: What joins the dates of a list: "February 7, 2005, February 1, 2006 and January 1, 2007".
_DATE_LIST_JOINER = re.compile(r"\s*(?:,\s*(?:(?:and|or)\s+)?|(?:and|or)\s+)", re.IGNORECASE)


def _in_date_list(text: str, c: Candidate, reach: int = 40) -> bool:
    """Whether another date stands right before or after ``c`` with only a comma, "and" or "or"
    between. A list of dates (earlier agreements, instalments, vesting or renewal dates) dates
    no single document: the agreement's own date stands alone."""
    before = text[max(0, c.start - reach) : c.start]
    after = text[c.end : c.end + reach]
    return any(_DATE_LIST_JOINER.fullmatch(before[d.end :]) for d in find_dates(before)) or any(
        _DATE_LIST_JOINER.fullmatch(after[: d.start]) for d in find_dates(after)
    )


#: ... and the dates of a list of changes, each with its own "on" or "as of": "as amended on
#: 2 March 2012 and on 5 June 2013", "as of June 30, 2016 and as of July 31, 2017", "on 4 May
#: 2015, on 6 June 2016 and again on 7 July 2017". Read only after "as amended" and the like
#: (``_AMENDED_ON``): elsewhere ", and on 1 June 2015 the parties agreed" starts a new fact.
_CHANGE_LIST_JOINER = re.compile(
    rf"{_DATE_LIST_JOINER.pattern}(?:again\s+)?(?:on|as\s+of)\s+(?:the\s+)?"
    rf"|{_DATE_LIST_JOINER.pattern}",
    re.IGNORECASE,
)


def _date_list_start(
    text: str, start: int, reach: int = 40, joiner: re.Pattern[str] = _DATE_LIST_JOINER
) -> int:
    """Where the list of dates ending at offset ``start`` begins: the first of the dates joined
    to it by commas, "and" or "or" ("as amended July 6, 1992 and April 8, 1993"; ``joiner``),
    or ``start`` when no date stands right before it."""
    while True:
        lo = max(0, start - reach)
        before = text[lo:start]
        joined = [d for d in find_dates(before) if joiner.fullmatch(before[d.end :])]
        if not joined:
            return start
        start = lo + joined[-1].start


#: The attestation that opens a signature block: "IN WITNESS WHEREOF, the parties have ...".
_ATTESTATION = re.compile(r"\bin\s+witness\s+where(?:of|to)\b", re.IGNORECASE)
#: A signatory's lines next to the date: "/s/ Ann Lee", "By:", "Name:", "Title:", "Signature:".
_SIGNATORY_LINE = re.compile(r"/\s?s/|\b(?:By|Name|Title|Signature)\s*:", re.IGNORECASE)


def in_signature_block(text: str, c: Candidate, attestation: int = 400, lines: int = 150) -> bool:
    """Whether ``c`` stands in a signature block: after the attestation, or among a
    signatory's lines (where a contract dated nowhere else gives the day it was signed)."""
    return bool(
        _ATTESTATION.search(text, max(0, c.start - attestation), c.start)
        or _SIGNATORY_LINE.search(text, max(0, c.start - lines), min(len(text), c.end + lines))
    )


#: Underscores left for a day or a month to be filled in: "this ____ day of ________, 2012".
_BLANK = re.compile(r"_{2,}")
#: The end of a sentence: a period or a semicolon before a space.
_SENTENCE_END = re.compile(r"[.;]\s")


def left_blank_for_a_whole_date(text: str, c: Candidate, reach: int = 100) -> bool:
    """Whether ``c`` is a date left blank to fill in ("dated as of this ____ day of ______,
    2012") whose sentence then states a whole date ("but made effective as of February 20,
    2012"): the blank was never filled, the whole date is the one the contract gives. A blank
    date standing alone (an unsigned form's "__________ __, 2000") keeps its part."""
    if c.unit not in _PARTIAL_DATE_UNITS or not _BLANK.search(text, c.start, c.end):
        return False
    after = _SENTENCE_END.split(text[c.end : c.end + reach], maxsplit=1)[0]
    return any(d.unit == "day" for d in find_dates(after))


def dates_something_else(text: str, c: Candidate) -> bool:
    """Whether the words before ``c`` give it to another document, an amendment, a filing, a
    report or a deadline (``_OTHER_DATE_CUES``), or it starts a restated agreement's
    predecessor. Words before a list of dates give it every date of the list: "as amended
    July 6, 1992 and April 8, 1993" dates two amendments."""
    if _dates_a_later_change(text, c):
        return True
    starts = {c.start, _date_list_start(text, c.start)}
    return _starts_the_earlier_agreement(text, c) or any(
        cue(text, max(0, start - reach), start)
        for start in starts
        for cue, reach in _OTHER_DATE_CUES
    )


def _dates_a_later_change(text: str, c: Candidate, reach: int = 120) -> bool:
    """Whether ``c`` closes a list of changes that each say "on": "as amended on 2 March 2012
    and on 5 June 2013" dates two amendments (``_CHANGE_LIST_JOINER``)."""
    start = _date_list_start(text, c.start, joiner=_CHANGE_LIST_JOINER)
    return start != c.start and bool(_AMENDED_ON.search(text, max(0, start - reach), start))


#: The agreement a restatement replaces: "the Original Agreement", "the Prior Supply Agreement",
#: "the Existing Franchise Agreement".
_EARLIER_AGREEMENT = (
    r"(?:the\s+)?(?-i:Original|Prior|Existing|Previous|Former)\s+(?-i:[A-Z][\w-]*\s+){0,3}?"
    r"Agreement\b"
)
#: A restated agreement recites when the earlier one's term started: "The Term commenced on
#: 1 July 2011 under the Original Agreement", "The term of the Existing Agreement commenced on
#: October 1, 2014": the day the earlier agreement started, not this one's.
_UNDER_THE_EARLIER_AGREEMENT = re.compile(
    rf",?\s+(?:under|pursuant\s+to|in\s+accordance\s+with)\s+{_EARLIER_AGREEMENT}",
    re.IGNORECASE,
)
_THE_EARLIER_AGREEMENT_STARTED = re.compile(
    rf"\b{_EARLIER_AGREEMENT}[^.;]{{0,40}}?\b(?:commenced|began|started)\s+(?:on|as\s+of)\s+$",
    re.IGNORECASE,
)


def _starts_the_earlier_agreement(text: str, c: Candidate) -> bool:
    """Whether ``c`` is the day a restated agreement's predecessor started."""
    return bool(
        _UNDER_THE_EARLIER_AGREEMENT.match(text, c.end)
        or _THE_EARLIER_AGREEMENT_STARTED.search(text, max(0, c.start - 120), c.start)
    )


#: Words before a date that declare it the agreement's effective date: "This Agreement is
#: effective as of", "shall become effective on", "is made effective as of", '"Effective Date"
#: means'.
_DECLARED_EFFECTIVE_BEFORE = re.compile(
    r"\b(?:agreement|contract|amendment|it)\s+(?:is\s+(?:made\s+)?|becomes?\s+"
    r"|(?:shall|will)\s+(?:be|become)\s+)effective\s+(?:as\s+of|on|from)\s+(?:the\s+)?$"
    r"|[\"“]effective\s+date[\"”]\s+(?:shall\s+)?means?\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_EFFECTIVE_DATE_TERM = re.compile(r"effective\s+date", re.IGNORECASE)


def declared_effective(text: str, c: Candidate) -> bool:
    """Whether the contract declares ``c`` its effective date: "This Agreement is effective as
    of <date>", '<date> (the "Effective Date")', '"Effective Date" means <date>'."""
    defined = _DEFINED_AFTER.match(text, c.end)
    return bool(
        defined and _EFFECTIVE_DATE_TERM.fullmatch(defined.group("term").strip())
        or _DECLARED_EFFECTIVE_BEFORE.search(text, max(0, c.start - 80), c.start)
    )


def date_role(text: str, c: Candidate) -> Candidate:
    """Sharper roles than the finder's nearest cue: a date defined as the "Effective Date" is
    ``effective``, one defined as another date ("Separation Date") is ``other``, so is one of a
    list of dates, and "dated as of <date>" is ``dated`` even though "as of" also introduces
    effective dates."""
    defined = _DEFINED_AFTER.match(text, c.end)
    if defined:
        term = defined.group("term").lower()
        if re.search(r"effective|commencement|start", term):
            return replace(c, kind="effective")
        made_on = c.kind == "dated" and _DATE_MADE_TERM.search(term)
        if re.search(r"expir|terminat|\bend", term):
            return replace(c, kind="expire")
        signing_term = re.search(r"^(?:this\s+)?agreement$|agreement\s+date|execution|signing", term)
        if made_on or signing_term:
            # "entered into that certain Supply Agreement, dated as of <date> (the "Agreement")":
            # an amendment's name for the agreement it amends, not this one; but (this
            # "Agreement") names this one whatever came before
            named_this = re.match(r"\W*\(\s*this\b", defined.group(0), re.IGNORECASE)
            other = not named_this and dates_something_else(text, c)
            return replace(c, kind="other" if other else "dated")
        if _EFFECTIVE_BEFORE.search(text, max(0, c.start - 30), c.start):
            return c  # "is effective as of <date> (the "Restatement Date")": its name for it
        if re.fullmatch(r"[A-Z]{2,6}", defined.group("term")) and _DOCUMENT_NAMED_BEFORE.search(
            text, max(0, c.start - 120), c.start
        ):
            return replace(c, kind="other")
        if re.search(r"date|agreement|contract|plan|letter", term):  # "Merger Agreement"
            return replace(c, kind="other")
    if dates_something_else(text, c):
        return replace(c, kind="other")
    if _in_date_list(text, c):
        return replace(c, kind="other")
    if _DATED_BEFORE.search(text, max(0, c.start - 30), c.start):
        return replace(c, kind="dated")
    if _EXECUTED_AS_OF.search(text, max(0, c.start - 90), c.start):
        return replace(c, kind="dated")
    return c


def pool(scored: list[Scored]) -> list[Scored]:
    """One entry per value: its best candidate, with a bonus for support at other places."""
    groups: dict[str, list[Scored]] = {}
    for s in scored:
        groups.setdefault(s.key, []).append(s)
    best = []
    for group in groups.values():
        top = max(group, key=lambda s: s.score)
        places = {s.start for s in group if s.features.get("kind", 0.0) >= 0}
        agreement = min(len(places) - 1, 2) / 2 if places else 0.0
        top.features["agreement"] = agreement
        top.score += WEIGHTS["agreement"] * agreement
        best.append(top)
    return sorted(best, key=lambda s: (-s.score, s.start))
