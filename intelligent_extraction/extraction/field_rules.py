"""How the rule extractor reads a field: its ``FieldRule``, built from the field's YAML.

A field's YAML says everything about how it is read, in its ``extraction:`` block (validated by
``models.ExtractionRules``): which role hints (``Candidate.kind``) it wants, how it picks among
candidates (``mode``), where in the contract the value usually sits and how sure the extractor
must be before it answers. Nothing is looked up by the field's name, so renaming a YAML keeps
its behaviour and a new field needs a YAML and no Python. The only defaults that live here are
per value type (:data:`TYPE_DEFAULTS`): a key the YAML leaves out takes its type's default.

Modes:

=========== ==================================================================================
value       typed candidates scored by rank, keyword distance, role, section, agreement; a date
            field that ``needs`` the signing date also reads it where the agreement takes
            effect when (the last party) signs it, or starts on its own date ("the date hereof")
expiration  ``value`` plus dates derived from a start date (the fields in ``needs``) and a
            stated term (add_duration), "anniversary" terms and open-ended terms (``perpetual``)
renewal     ``value`` plus open-ended continuations (``perpetual``) and renewals "for terms of
            the same duration" (the initial term's)
parties     the preamble's "between" clause or its defined-term names
title       the document's heading (document names)
sentence    the sentence that answers (text and clause fields)
=========== ==================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any

from ..models import DEFAULT_MAX_CHUNKS, ExtractionMode, FieldConfig, ValueType

__all__ = ["FieldRule", "TYPE_DEFAULTS", "rule_for", "NO_KIND", "Mode"]

Mode = ExtractionMode

#: The ``kind_weights`` key for candidates without a role hint.
NO_KIND = "none"


#: A labelling convention as a rule holds it: always, never, or where a passage the field reads
#: matches one of these regexes (``ExtractionRules`` in ``models.py`` validates it).
Convention = bool | str | tuple[str, ...]


@dataclass(frozen=True)
class FieldRule:
    """How to read one field. Weights are bonuses added to a candidate's raw score."""

    mode: Mode = "value"
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
    #: weight for a date in a signature block when the opening states none
    signature: float = 0.0
    max_chunks: int = DEFAULT_MAX_CHUNKS
    #: fields whose values this one is derived from, to pass as ``context`` when known
    needs: tuple[str, ...] = ()
    #: a date convention: may the signing date (``dated``) or a date without a role cue answer?
    #: True, False, or a regex: only when a passage the field reads matches it
    signing_date_fallback: Convention = True
    #: a date convention: is a date missing its day ("____, 2014") withheld? True, False, or
    #: regexes as above
    withhold_partial_dates: Convention = False
    #: a duration convention: may an open-ended term ("for an indefinite period", "until
    #: terminated") answer, as ``perpetual``?
    open_ended_answers: bool = True

    def kind_weight(self, kind: str | None) -> float:
        return self.kind_weights.get(kind or NO_KIND, 0.0)


#: The rule of a field whose YAML sets nothing, by value type (every other type: ``FieldRule()``).
TYPE_DEFAULTS: MappingProxyType = MappingProxyType(
    {
        ValueType.party_list: FieldRule(mode="parties", early=0.4, min_score=0.35),
        ValueType.text: FieldRule(mode="sentence", min_score=0.3),
        ValueType.clause: FieldRule(mode="sentence", min_score=0.3),
    }
)


def _converted(key: str, value: Any) -> Any:
    """A validated YAML value in the form ``FieldRule`` holds it (immutable)."""
    if key in ("kind_weights", "unit_weights"):
        return MappingProxyType(dict(value))
    if key == "require_kinds":
        return frozenset(value)
    if key == "sentence_cues":
        return tuple((cue.pattern, cue.weight) for cue in value)
    if isinstance(value, list):  # cues, needs, a convention's regexes
        return tuple(value)
    return value


def rule_for(field_config: FieldConfig) -> FieldRule:
    """The field's rule: its type's default (:data:`TYPE_DEFAULTS`) with every key its YAML's
    ``extraction`` block sets in place of the default's."""
    base = TYPE_DEFAULTS.get(field_config.type) or FieldRule()
    rules = field_config.extraction
    changes = {
        f.name: _converted(f.name, getattr(rules, f.name))
        for f in fields(FieldRule)
        if getattr(rules, f.name, None) is not None
    }
    return replace(base, **changes) if changes else base
