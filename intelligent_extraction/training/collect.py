"""Labelled candidates: every candidate the rule readers find, with its features and whether
its value is right by the gold (the same comparison ``eval`` scores with).

For each labelled document and value field, retrieval runs attempt by attempt as extraction
does (``FieldExtraction.attempts``: the field's strategy, then the retries over the query
variants, each excluding the chunks already judged), each attempt's candidates are read and
pooled (``RuleExtractor.rank``), and each one is labelled with ``values_match``. Every attempt
is kept, not only the first: extraction stops at the first attempt whose best candidate clears
the threshold, so a threshold is only right when it is chosen on the whole sequence (a retry
that answers a field with no value is a false positive the first attempt never shows). Fields
another field needs (an expiration date counted from the effective date) are decided first, by
the full extraction as it stands, and passed on as context, exactly as at extraction time: the
model learns from the inputs it will see.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..evaluation.compare import values_match
from ..evaluation.gold import GoldRow, find_document
from ..models import FieldConfig

__all__ = ["LabelledCandidate", "FieldCase", "collect_cases", "dependency_order"]


@dataclass(frozen=True)
class LabelledCandidate:
    value: Any
    features: dict[str, float]
    right: bool
    hand_score: float  # the hand-weighted raw score, for before/after comparisons


@dataclass
class FieldCase:
    """One (document, value field): its gold and, per retrieval attempt, every candidate read
    from that attempt's chunks."""

    doc_id: str
    dataset: str
    field: str
    value_type: str
    gold: tuple[str, ...]
    hand_threshold: float
    attempts: list[list[LabelledCandidate]] = field(default_factory=list)

    @property
    def candidates(self) -> list[LabelledCandidate]:
        """Every attempt's candidates, in attempt order (what a model is fitted on)."""
        return [c for attempt in self.attempts for c in attempt]

    def to_dict(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc_id, "dataset": self.dataset, "field": self.field,
            "value_type": self.value_type, "gold": list(self.gold),
            "hand_threshold": self.hand_threshold,
            "attempts": [
                [{"value": c.value, "features": c.features, "right": c.right,
                  "hand_score": c.hand_score} for c in attempt]
                for attempt in self.attempts
            ],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "FieldCase":
        case = cls(data["doc_id"], data["dataset"], data["field"], data["value_type"],
                   tuple(data["gold"]), float(data["hand_threshold"]))
        case.attempts = [
            [LabelledCandidate(c["value"], c["features"], c["right"], c["hand_score"])
             for c in attempt]
            for attempt in data["attempts"]
        ]
        return case


def dependency_order(fields: Iterable[FieldConfig], needs: Callable[[FieldConfig], tuple]) \
        -> list[FieldConfig]:
    """Fields ordered so that the ones another field needs come first."""
    by_name = {f.field_name: f for f in fields}
    ordered: list[FieldConfig] = []

    def visit(f: FieldConfig, seen: frozenset[str]) -> None:
        if f in ordered or f.field_name in seen:
            return
        for dep in needs(f):
            if dep in by_name:
                visit(by_name[dep], seen | {f.field_name})
        ordered.append(f)

    for f in by_name.values():
        visit(f, frozenset())
    return ordered


def _document_cases(svc, doc_id: str, rows: dict[str, GoldRow]) -> list[FieldCase]:
    extractor, loop = svc.extractor, svc.field_extraction
    fields = [svc.fields.get(name) for name in rows]
    context: dict[str, Any] = {}
    cases = []
    for cfg in dependency_order(fields, extractor.needs):
        row = rows[cfg.field_name]
        attempts, hand_threshold = [], 0.0
        for chunks, _query in loop.attempts(doc_id, cfg):
            ranked, hand_threshold = extractor.rank(cfg, chunks, context=context)
            attempts.append([
                LabelledCandidate(s.value, dict(s.features), _right(cfg, row, s.value), s.score)
                for s in ranked
            ])
        case = FieldCase(doc_id, row.dataset, cfg.field_name, cfg.type.value, row.values,
                         hand_threshold, attempts)
        cases.append(case)
        decided = loop.run(doc_id, doc_id, cfg, context=context)
        if decided.status == "found":
            context[cfg.field_name] = decided.value
    return cases


def _right(cfg: FieldConfig, row: GoldRow, value: Any) -> bool:
    return bool(row.values) and values_match(cfg.type, value, list(row.values))


def collect_cases(
    svc,
    gold: list[GoldRow],
    docs_dir: Path,
    *,
    fields: list[str] | None = None,
    formats: tuple[str, ...] = ("pdf",),
    limit: int | None = None,
    on_document: Callable[[str], None] | None = None,
) -> list[FieldCase]:
    """Labelled candidates of every (document, value field) in ``gold`` whose field is
    configured (and in ``fields`` when given); documents are indexed when they are not yet."""
    by_doc: dict[str, dict[str, GoldRow]] = {}
    for row in gold:
        if row.kind != "value" or row.field not in svc.fields:
            continue
        if fields and row.field not in fields:
            continue
        by_doc.setdefault(row.doc_id, {})[row.field] = row
    cases: list[FieldCase] = []
    for doc_id in sorted(by_doc)[:limit]:
        path = find_document(docs_dir, doc_id, formats)
        if path is not None:
            svc.index(path, doc_id=doc_id)
            cases.extend(_document_cases(svc, doc_id, by_doc[doc_id]))
        if on_document:
            on_document(doc_id)
    return cases
