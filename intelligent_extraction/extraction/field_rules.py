"""Built-in reading profiles for the rule extractor, one per well-known field or value type.

A profile says which role hints (``Candidate.kind``) a field wants, how it picks among
candidates (``mode``), where in the contract the value usually sits and how sure the extractor
must be before it answers. A field's YAML may name another profile (``extraction.profile``) and
override any of its keys (``extraction.kind_weights`` ...); see ``models.ExtractionRules``.

Modes:

=========== ==================================================================================
value       typed candidates scored by rank, keyword distance, role, section, agreement
expiration  ``value`` plus dates derived from a start date and a stated term (add_duration),
            "anniversary" terms and open-ended terms (``perpetual``)
renewal     ``value`` plus open-ended continuations (``perpetual``) and renewals "for terms of
            the same duration" (the initial term's)
parties     the preamble's "between" clause or its defined-term names
title       the document's heading (document names)
sentence    the sentence that answers (text and clause fields)
=========== ==================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Literal

from ..models import FieldConfig, ValueType

__all__ = ["FieldRule", "PROFILES", "TYPE_PROFILES", "rule_for", "NO_KIND"]

Mode = Literal["value", "expiration", "renewal", "parties", "title", "sentence"]

#: The ``kind_weights`` key for candidates without a role hint.
NO_KIND = "none"

_RENEWAL_CONTEXT = (
    r"(?i)\b(?:renew\w*|extend\w*|extension|successive|evergreen|year[\s-]to[\s-]year|"
    r"month[\s-]to[\s-]month|thereafter|indefinitely)"
)
#: A notice that stops a renewal: "non-renewal", "renew ... unless", or "prior to the
#: expiration of the then-current term".
_NOTICE_CONTEXT = (
    r"(?i)non-?renew|not\s+to\s+(?:renew|extend)|"
    r"(?:renew\w*|extend\w*|extension|evergreen)[^.;]{0,200}?\b(?:unless|until|terminat\w*|"
    r"upon\s+(?:either|any)\s+party)|(?:thereafter|after\s+that)[^.;]{0,120}?\buntil\s+terminat\w*|"
    r"(?:prior\s+to|before|in\s+advance\s+of)\s+(?:the\s+)?(?:expir\w*|end)\s+of\s+"
    r"(?:the\s+|such\s+|any\s+|each\s+)?(?:then[\s-]+)?(?:current\s+|initial\s+|renewal\s+|"
    r"applicable\s+)*(?:term|period)"
)


#: What a sentence stating how long the agreement lasts says: its subject, a lifetime verb and
#: the date it counts from; purposes with their own periods (non-solicitation) count against.
_LIFETIME_CUES: tuple[tuple[str, float], ...] = (
    (
        r"(?i)\b(?:this\s+(?:letter\s+)?agreement|the\s+term\b|obligations?\b|terms\s+of\s+this|"
        r"commitments)",
        0.25,
    ),
    (
        r"(?i)\b(?:expire|terminate|remain\s+in\s+(?:full\s+)?(?:force|effect)|continue\s+in\s+"
        r"(?:full\s+)?(?:force|effect)|in\s+effect|be\s+effective|term\s+of\s+this\s+agreement\s+"
        r"(?:shall|will)\s+be)",
        0.25,
    ),
    (
        r"(?i)\b(?:from|after|following|of)\s+(?:the\s+)?(?:date\s+(?:hereof|of\s+this|first|on\s+"
        r"which)|effective\s+date|execution)|\bbeginning\s+with",
        0.25,
    ),
    (
        r"(?i)\b(?:solicit\w*|hire|employ\w*|standstill|purchas\w*|acquir\w*|securities|voting|"
        r"compet\w*)",
        -0.4,
    ),
    (r"(?i)\bnotice\b", -0.4),
)


@dataclass(frozen=True)
class FieldRule:
    """How to read one field. Weights are bonuses added to a candidate's raw score."""

    mode: Mode = "value"
    value_type: ValueType | None = None  # the type the profile reads (None: any)
    kind_weights: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    require_kinds: frozenset[str] = frozenset()
    context: str | None = None  # regex the candidate's sentence must match
    cues: tuple[str, ...] = ()  # keywords besides instructions.keywords
    #: (regex, bonus) pairs read in the candidate's sentence ("years from the date hereof": +)
    sentence_cues: tuple[tuple[str, float], ...] = ()
    #: bonus by the candidate's unit hint (a notice period is not stated in years)
    unit_weights: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    min_score: float = 0.4
    early: float = 0.0  # weight for sitting in the first chunks (titles, parties, dates)
    lead: float = 0.0  # weight for being the first candidate of the document's opening
    max_chunks: int = 10
    #: fields whose values this one is derived from, to pass as ``context`` when known
    needs: tuple[str, ...] = ()

    def kind_weight(self, kind: str | None) -> float:
        return self.kind_weights.get(kind or NO_KIND, 0.0)


def _kinds(**weights: float) -> MappingProxyType:
    return MappingProxyType(dict(weights))


#: Profiles by field name (the contracts-dev fields and their usual aliases).
PROFILES: dict[str, FieldRule] = {
    "effective_date": FieldRule(
        value_type=ValueType.date,
        kind_weights=_kinds(effective=1.0, dated=0.6, none=0.2, expire=-1.0, other=-0.6),
        cues=("effective date", "commencement date", "effective", "as of"),
        unit_weights=_kinds(year=-0.35, month=-0.2),  # "as of ____, 2014": left blank
        early=0.15,
        lead=0.15,
        min_score=0.45,
    ),
    "agreement_date": FieldRule(
        value_type=ValueType.date,
        kind_weights=_kinds(dated=1.0, effective=0.8, none=0.3, expire=-1.0, other=-0.6),
        cues=("dated", "made", "entered into", "as of", "this"),
        early=0.3,
        lead=0.2,
        min_score=0.3,
    ),
    "expiration_date": FieldRule(
        mode="expiration",
        value_type=ValueType.date,
        needs=("effective_date", "agreement_date"),
        sentence_cues=(
            (
                r"(?i)\b(?:this\s+(?:\w+\s+)?agreement|the\s+term\b|initial\s+(?:term|period)|"
                r"term\s+of\s+this)",
                0.2,
            ),
            (
                r"(?i)\b(?:continu|remain|expir|terminat|end|commenc|be\s+for|shall\s+be|"
                r"in\s+effect|in\s+force)",
                0.15,
            ),
            (
                r"(?i)\b(?:insurance|confidential\w*|warrant\w*|purchase|commission\w*|preceding|"
                r"(?:after|following)\s+(?:the\s+)?(?:termination|expir\w*|expiry)|surviv\w*|notice)",
                -0.5,
            ),
        ),
        kind_weights=_kinds(expire=1.0, none=-0.5, effective=-0.8, dated=-0.8, other=-0.6),
        cues=("expire", "expiration", "terminate", "until", "through", "initial term"),
        min_score=0.45,
    ),
    "term": FieldRule(
        value_type=ValueType.duration,
        kind_weights=_kinds(term=1.0, none=0.2, renewal=-0.6, recurring=-0.6, notice=-1.0),
        cues=("term", "period of", "expire", "terminate", "survive", "remain in effect"),
        context=r"(?i)\b(?:term|period|expir\w*|terminat\w*|surviv\w*|remain|continu\w*|"
        r"in\s+effect|in\s+force|obligations?|years?\s+(?:from|after|following))",
        sentence_cues=_LIFETIME_CUES,
        unit_weights=_kinds(day=-0.3, week=-0.3, hour=-0.5),
        min_score=0.95,
    ),
    "renewal_term": FieldRule(
        mode="renewal",
        value_type=ValueType.duration,
        kind_weights=_kinds(renewal=1.0, recurring=0.5, term=-0.2, none=-0.2, notice=-1.0),
        sentence_cues=(
            (r"(?i)\b(?:this\s+agreement|the\s+agreement|term)\b", 0.1),
            (r"(?i)\b(?:cure|warrant\w*|lead\s+time|standstill|payment|invoice|deliver\w*)", -0.4),
        ),
        cues=("renew", "renewal", "extend", "successive", "additional"),
        context=_RENEWAL_CONTEXT,
        min_score=0.5,
    ),
    "notice_period_to_terminate_renewal": FieldRule(
        value_type=ValueType.duration,
        kind_weights=_kinds(notice=1.0),
        require_kinds=frozenset({"notice"}),
        unit_weights=_kinds(year=-0.4),
        cues=("notice", "non-renewal", "renew", "prior to", "expiration"),
        context=_NOTICE_CONTEXT,
        min_score=0.5,
    ),
    "governing_law": FieldRule(
        value_type=ValueType.place,
        kind_weights=_kinds(law=1.0, legal=0.1, forum=-0.4, incorporation=-1.0, none=-0.6),
        cues=("governed", "governing law", "construed", "laws of"),
        min_score=0.45,
    ),
    "parties": FieldRule(
        mode="parties", value_type=ValueType.party_list, early=0.4, min_score=0.35
    ),
    "document_name": FieldRule(mode="title", value_type=ValueType.text, early=0.15, min_score=0.3),
}

#: Profiles by value type, for fields without a profile of their own.
TYPE_PROFILES: dict[ValueType, FieldRule] = {
    ValueType.party_list: PROFILES["parties"],
    ValueType.text: FieldRule(mode="sentence", min_score=0.3),
    ValueType.clause: FieldRule(mode="sentence", min_score=0.3),
}


def _reads(rule: FieldRule, value_type: ValueType) -> bool:
    return rule.value_type is None or rule.value_type is value_type


def rule_for(field_config: FieldConfig) -> FieldRule:
    """The profile for a field: ``extraction.profile``, else the one named like the field (if
    it reads the field's type), else its type's; with the YAML's ``extraction`` overrides."""
    rules = field_config.extraction
    name, vt = field_config.field_name, field_config.type
    if rules.profile is not None:
        if rules.profile not in PROFILES:
            known = ", ".join(sorted(PROFILES))
            raise ValueError(
                f"field {name!r}: extraction.profile must be one of {known}. "
                f"Currently, it is {rules.profile!r}"
            )
        base = PROFILES[rules.profile]
        if not _reads(base, vt):
            raise ValueError(
                f"field {name!r}: extraction.profile {rules.profile!r} reads "
                f"{base.value_type.value} values, but the field's type is {vt.value}"
            )
    elif name in PROFILES and _reads(PROFILES[name], vt):
        base = PROFILES[name]
    else:
        base = TYPE_PROFILES.get(vt) or FieldRule()
    changes: dict[str, object] = {}
    if rules.kind_weights:
        changes["kind_weights"] = MappingProxyType({**base.kind_weights, **rules.kind_weights})
    if rules.require_kinds:
        changes["require_kinds"] = frozenset(rules.require_kinds)
    if rules.context is not None:
        changes["context"] = rules.context
    if rules.cues:
        changes["cues"] = tuple(rules.cues)
    if rules.min_score is not None:
        changes["min_score"] = rules.min_score
    if rules.max_chunks is not None:
        changes["max_chunks"] = rules.max_chunks
    return replace(base, **changes) if changes else base
