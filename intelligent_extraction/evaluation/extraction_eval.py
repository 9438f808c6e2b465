"""Scores extraction records against gold rows: value P/R/F1, evidence recall@k, reliability.

Counting, per (document, value field): gold empty and null predicted is right and counts
nowhere; a value where gold is empty is a false positive; null where gold has a value is a
miss; a wrong value is both. Clause fields (no short value) are scored by evidence only: the
strict span rule over the record's evidence chunks in order.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import ConfigError
from .compare import values_match
from .gold import GoldRow, find_document, load_gold
from .spans import first_hit_rank, words

__all__ = ["FieldScore", "ExtractionReport", "score_records", "run_extraction", "load_records"]

EVIDENCE_KS = (1, 3, 5)


@dataclass
class FieldScore:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    evidence_ranks: list[int | None] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def evidence_recall(self, k: int) -> float | None:
        ranks = self.evidence_ranks
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else None


@dataclass
class ExtractionReport:
    fields: dict[str, FieldScore] = field(default_factory=lambda: defaultdict(FieldScore))
    value_fields: set[str] = field(default_factory=set)
    confidences: list[tuple[float, bool]] = field(default_factory=list)  # found values only
    seconds_per_doc: list[float] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    documents: int = 0
    errors: int = 0

    def micro(self) -> FieldScore:
        total = FieldScore()
        for name in self.value_fields:
            s = self.fields[name]
            total.tp, total.fp, total.fn = total.tp + s.tp, total.fp + s.fp, total.fn + s.fn
        return total

    def evidence_recall(self, k: int) -> float | None:
        ranks = [r for s in self.fields.values() for r in s.evidence_ranks]
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else None

    def to_dict(self) -> dict:
        from ..extraction.calibration import reliability_table

        micro = self.micro()
        return {
            "documents": self.documents,
            "errors": self.errors,
            "micro": {"precision": micro.precision, "recall": micro.recall, "f1": micro.f1,
                      "tp": micro.tp, "fp": micro.fp, "fn": micro.fn},
            "evidence_recall": {f"@{k}": self.evidence_recall(k) for k in EVIDENCE_KS},
            "fields": {
                name: {
                    "value_field": name in self.value_fields,
                    "precision": s.precision, "recall": s.recall, "f1": s.f1,
                    "tp": s.tp, "fp": s.fp, "fn": s.fn, "tn": s.tn,
                    **{f"evidence@{k}": s.evidence_recall(k) for k in EVIDENCE_KS},
                    "evidence_rows": len(s.evidence_ranks),
                }
                for name, s in sorted(self.fields.items())
            },
            "reliability": reliability_table(
                [c for c, _ in self.confidences], [ok for _, ok in self.confidences]
            ),
            "seconds_per_document": (
                sum(self.seconds_per_doc) / len(self.seconds_per_doc)
                if self.seconds_per_doc else None
            ),
            "timings_ms_total": dict(self.timings_ms),
        }


def _score_value(score: FieldScore, record: dict, row: GoldRow, report: ExtractionReport) -> None:
    predicted = record.get("value") if record.get("status") == "found" else None
    has_gold, has_pred = bool(row.values), predicted not in (None, "", [], {})
    if not has_gold and not has_pred:
        score.tn += 1
        return
    right = has_gold and has_pred and values_match(record["type"], predicted, list(row.values))
    if right:
        score.tp += 1
    else:
        score.fp += has_pred
        score.fn += has_gold
    if has_pred:
        report.confidences.append((float(record.get("confidence") or 0.0), bool(right)))


def score_records(
    records: Iterable[dict], gold: list[GoldRow], fields: list[str] | None = None
) -> ExtractionReport:
    """Score extraction records (FieldResult dicts) against gold rows."""
    by_key = {(r["doc_id"], r["field"]): r for r in records}
    report = ExtractionReport()
    report.documents = len({doc for doc, _ in by_key})
    for row in gold:
        if fields and row.field not in fields:
            continue
        record = by_key.get((row.doc_id, row.field))
        if record is None:
            continue
        score = report.fields[row.field]
        report.errors += record.get("status") == "error"
        if row.kind == "value":
            report.value_fields.add(row.field)
            _score_value(score, record, row, report)
        if row.spans:
            chunks = (words(e["text"]) for e in record.get("evidence", []))
            score.evidence_ranks.append(first_hit_rank(chunks, [words(s) for s in row.spans]))
    return report


def load_records(path: Path) -> list[dict]:
    """Prediction records (one JSON per line); a bad line raises ConfigError naming it."""
    records = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if line.strip():
                try:
                    record = json.loads(line)
                    record["doc_id"], record["field"]  # noqa: B018 - required keys
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise ConfigError(f"{path}:{lineno}: not an extraction record ({exc})") from exc
                records.append(record)
    return records


def run_extraction(
    service,
    gold_path: Path,
    docs_dir: Path,
    *,
    fields: list[str] | None = None,
    formats: tuple[str, ...] = ("pdf",),
    limit: int | None = None,
    out: Path | None = None,
    on_document: Callable[[str], None] | None = None,
) -> ExtractionReport:
    """Extract every gold field from every gold document, then score; ``out`` keeps the
    records (JSON lines) so ``eval --predictions`` can re-score them without re-extracting."""
    gold = load_gold(gold_path)
    wanted = [f for f in dict.fromkeys(r.field for r in gold)
              if (not fields or f in fields) and f in service.fields.names()]
    records: list[dict] = []
    seconds: list[float] = []
    timings: dict[str, float] = defaultdict(float)
    sink = open(out, "w", encoding="utf-8") if out else None
    try:
        for doc_id in sorted({r.doc_id for r in gold})[:limit]:
            path = find_document(docs_dir, doc_id, formats)
            if path is None:
                continue
            service.index(path, doc_id=doc_id)
            t0 = time.perf_counter()
            results = service.extract_indexed(doc_id, path.name, wanted)
            seconds.append(time.perf_counter() - t0)
            for r in results:
                record = r.to_dict()
                records.append(record)
                for k, v in r.timings_ms.items():
                    timings[k] += v
                if sink:
                    sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            if on_document:
                on_document(doc_id)
    finally:
        if sink:
            sink.close()
    report = score_records(records, gold, fields)
    report.seconds_per_doc = seconds
    report.timings_ms = timings
    return report
