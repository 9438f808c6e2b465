"""``calibrate``: fit each field's retrieval thresholds and weights on labelled documents.

For every field, each candidate configuration is run for real (the field's strategy, the
document's index) over every labelled row, with ``min_score`` 0 and a deep cut; the best
``min_score`` for that ranking is then found exactly (``calibration.best_min_score``). The
configuration with the best evidence F1 wins; ties keep the current one, so a field only
changes when the data says it should.

What is searched depends on what the strategy reads:

* ``hybrid``: ``weights`` (BM25 share 0.2 ... 0.8) and ``min_score``;
* ``pipeline``: also ``intersection_boost`` (1, 1.5, 2, 3) and the raw-score
  ``bm25_score_threshold`` / ``knn_score_threshold`` (0 and low percentiles of the scores of
  chunks that hold the answer: a floor that keeps nearly every right chunk).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..evaluation.counts import Counts
from ..evaluation.gold import GoldRow, find_document, load_gold
from ..evaluation.spans import holds_span, words
from ..models import FieldConfig, Strategy
from ..retrieval import retrieve
from .calibration import Candidate, RowRanking, best_min_score, evidence_counts

__all__ = ["FieldFit", "CalibrationRun", "calibrate_fields", "evaluate_fields", "DEPTH"]

DEPTH = 30  # candidates kept per row: the histograms' population and the min_score search
_BM25_SHARES = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)
_BOOSTS = (1.0, 1.5, 2.0, 3.0)
_FLOOR_PERCENTILES = (5, 10, 25)


@dataclass
class FieldFit:
    field: str
    strategy: str
    rows: int
    current: dict[str, Any]
    suggested: dict[str, Any]
    before: Counts
    after: Counts
    rankings: list[RowRanking] = field(default_factory=list)  # under the current config

    @property
    def changed(self) -> dict[str, Any]:
        return {k: v for k, v in self.suggested.items() if self.current.get(k) != v}

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "strategy": self.strategy, "rows": self.rows,
                "current": self.current, "suggested": self.suggested, "changed": self.changed,
                "before": self.before.to_dict(), "after": self.after.to_dict()}


@dataclass
class CalibrationRun:
    fits: dict[str, FieldFit]
    documents: int

    def to_dict(self) -> dict[str, Any]:
        return {"documents": self.documents,
                "fields": {name: fit.to_dict() for name, fit in self.fits.items()}}


def _params(cfg: FieldConfig, strategy: Strategy) -> dict[str, Any]:
    """The knobs ``strategy`` reads, as the YAML spells them."""
    params = {"weights": {"bm25": cfg.weights.bm25, "knn": cfg.weights.knn},
              "min_score": cfg.min_score}
    if strategy is Strategy.pipeline:
        params |= {"intersection_boost": cfg.intersection_boost,
                   "bm25_score_threshold": cfg.bm25_score_threshold,
                   "knn_score_threshold": cfg.knn_score_threshold}
    return params


def _apply(cfg: FieldConfig, params: dict[str, Any]) -> FieldConfig:
    update = {k: v for k, v in params.items() if k != "weights"}
    if "weights" in params:
        update["weights"] = cfg.weights.model_copy(update=params["weights"])
    return cfg.model_copy(update=update)


# --------------------------------------------------------------------------- labelled rows


@dataclass(frozen=True)
class _Row:
    doc_id: str
    present: bool
    spans: tuple[tuple[str, ...], ...]


def _labelled_rows(gold: list[GoldRow], fields: list[str]) -> dict[str, list[_Row]]:
    rows: dict[str, list[_Row]] = defaultdict(list)
    for row in gold:
        if row.field not in fields or (row.values and not row.spans):
            continue  # values without spans cannot say which chunk is right
        spans = tuple(tuple(words(s)) for s in row.spans if words(s))
        rows[row.field].append(_Row(row.doc_id, bool(spans), spans))
    return rows


def _rank(svc, row: _Row, cfg: FieldConfig, strategy: Strategy) -> RowRanking:
    deep = cfg.model_copy(update={"final_top_k": DEPTH, "min_score": 0.0})
    result = retrieve(svc.backend, svc.embedder, row.doc_id, deep, strategy)
    scored = sorted(result.chunks, key=lambda sc: -sc.score)
    ranked = tuple(
        Candidate(score=sc.score, bm25=sc.bm25, knn=sc.knn,
                  positive=any(holds_span(words(sc.chunk.text), s) for s in row.spans))
        for sc in scored)
    return RowRanking(row.doc_id, cfg.field_name, row.present, ranked)


# --------------------------------------------------------------------------- the search


def _grid(cfg: FieldConfig, strategy: Strategy, base: list[RowRanking]) -> Iterator[dict]:
    """Candidate parameter sets (without min_score), the current one first."""
    current = _params(cfg, strategy)
    current.pop("min_score")
    yield current
    for share in _BM25_SHARES:
        weights = {"bm25": share, "knn": round(1 - share, 2)}
        boosts = _BOOSTS if strategy is Strategy.pipeline else (None,)
        for boost in boosts:
            yield current | {"weights": weights} | (
                {"intersection_boost": boost} if boost is not None else {})


def _floors(base: list[RowRanking], attr: str) -> list[float]:
    values = [getattr(c, attr) for row in base for c in row.ranked
              if c.positive and getattr(c, attr) is not None]
    if not values:
        return []
    return sorted({round(float(np.percentile(values, p)), 4) for p in _FLOOR_PERCENTILES})


def _score(svc, rows: list[_Row], cfg: FieldConfig, strategy: Strategy,
           params: dict[str, Any]) -> tuple[float, Counts, list[RowRanking]]:
    rankings = [_rank(svc, r, _apply(cfg, params), strategy) for r in rows]
    min_score, counts = best_min_score(rankings, cfg.final_top_k)
    return min_score, counts, rankings


def fit_field(svc, cfg: FieldConfig, rows: list[_Row], strategy: Strategy) -> FieldFit:
    """The best parameters for one field on ``rows`` (see the module docstring)."""
    current = _params(cfg, strategy)
    base = [_rank(svc, r, cfg, strategy) for r in rows]
    before = evidence_counts(base, cfg.min_score, cfg.final_top_k)
    best_params, best_min, best = dict(current), cfg.min_score, before
    for params in _grid(cfg, strategy, base):
        min_score, counts, _ = _score(svc, rows, cfg, strategy, params)
        if counts.f1 > best.f1 + 1e-9:
            best_params, best_min, best = params, min_score, counts
    if strategy is Strategy.pipeline:
        for key, attr in (("bm25_score_threshold", "bm25"), ("knn_score_threshold", "knn")):
            for floor in _floors(base, attr):
                params = best_params | {key: floor}
                min_score, counts, _ = _score(svc, rows, cfg, strategy, params)
                if counts.f1 > best.f1 + 1e-9:
                    best_params, best_min, best = params, min_score, counts
    suggested = dict(best_params) | {"min_score": best_min}
    return FieldFit(cfg.field_name, strategy.value, len(rows), current, suggested, before, best,
                    base)


def _index_documents(svc, docs_dir: Path, doc_ids: set[str], formats: tuple[str, ...],
                     on_document: Callable[[str], None] | None) -> set[str]:
    indexed = set()
    for doc_id in sorted(doc_ids):
        path = find_document(docs_dir, doc_id, formats)
        if path is not None:
            svc.index(path, doc_id=doc_id)
            indexed.add(doc_id)
        if on_document:
            on_document(doc_id)
    return indexed


def _prepare(svc, gold_path: Path, docs_dir: Path, fields: list[str] | None, limit: int | None,
             formats: tuple[str, ...], on_document) -> tuple[dict[str, list[_Row]], int]:
    names = [f for f in (fields or svc.fields.names()) if svc.fields.get(f)]
    by_field = _labelled_rows(load_gold(gold_path), names)
    doc_ids = sorted({r.doc_id for rows in by_field.values() for r in rows})[:limit]
    indexed = _index_documents(svc, docs_dir, set(doc_ids), formats, on_document)
    kept = {f: [r for r in rows if r.doc_id in indexed] for f, rows in by_field.items()}
    return {f: rows for f, rows in kept.items() if any(r.present for r in rows)}, len(indexed)


def calibrate_fields(svc, gold_path: Path, docs_dir: Path, *, fields: list[str] | None = None,
                     strategy: Strategy | None = None, limit: int | None = None,
                     formats: tuple[str, ...] = ("pdf",),
                     on_document: Callable[[str], None] | None = None) -> CalibrationRun:
    """Index the labelled documents and fit every field that has rows with spans."""
    rows, documents = _prepare(svc, gold_path, docs_dir, fields, limit, formats, on_document)
    fits = {}
    for name in sorted(rows):
        cfg = svc.fields.get(name)
        fits[name] = fit_field(svc, cfg, rows[name], strategy or cfg.strategy)
    return CalibrationRun(fits, documents)


def evaluate_fields(svc, gold_path: Path, docs_dir: Path, suggestions: dict[str, dict],
                    *, strategy: Strategy | None = None, limit: int | None = None,
                    formats: tuple[str, ...] = ("pdf",),
                    on_document=None) -> dict[str, dict[str, Counts]]:
    """Evidence F1 of the current and the suggested parameters on another labelled set."""
    rows, _ = _prepare(svc, gold_path, docs_dir, list(suggestions), limit, formats, on_document)
    out = {}
    for name in sorted(rows):
        cfg = svc.fields.get(name)
        strat = strategy or cfg.strategy
        new = _apply(cfg, suggestions[name])
        out[name] = {
            "before": evidence_counts([_rank(svc, r, cfg, strat) for r in rows[name]],
                                      cfg.min_score, cfg.final_top_k),
            "after": evidence_counts([_rank(svc, r, new, strat) for r in rows[name]],
                                     new.min_score, new.final_top_k)}
    return out
