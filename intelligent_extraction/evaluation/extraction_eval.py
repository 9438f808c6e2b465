"""Scores extraction records against gold rows: value P/R/F1 (overall and per dataset),
evidence recall@k, reliability and expected calibration error.

Counting, per (document, value field), by :func:`verdict`: gold empty and null predicted is
right and counts nowhere (``right_empty``); a value where gold is empty is a false positive
(``spurious``); null where gold has a value is a miss (``missed``); a wrong value is both
(``wrong``). Clause fields (no short value) are scored by evidence only: the strict span rule
over the record's evidence chunks in order.

A party list is right only when every name is (``compare``), so a list of ten signatories that
misses one scores like a list that names nobody. List fields therefore also get name-level
counts (``names``: gold names matched one-to-one, names predicted, names in gold), which show
how much of a list is right.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..models import ValueType
from .compare import party_overlap, values_match
from .corrections import Corrections
from .counts import Counts
from .gold import GoldRow, find_document, load_gold
from .spans import first_hit_rank, words

__all__ = [
    "FieldScore",
    "ExtractionReport",
    "score_records",
    "correction_summary",
    "verdict",
    "predicted_value",
    "RIGHT",
    "extract_records",
    "run_extraction",
    "load_records",
]

EVIDENCE_KS = (1, 3, 5)

# verdicts of one (document, value field); the first two are right
RIGHT = frozenset({"right", "right_empty"})
_STATUSES = ("found", "not_found", "error")


@dataclass
class FieldScore(Counts):
    """A field's verdict counts over the documents, its evidence ranks and, for a list field,
    its name-level counts."""

    evidence_ranks: list[int | None] = field(default_factory=list)
    #: list fields: [names matched, names predicted, names in gold] over the documents
    names: list[int] | None = None

    def evidence_recall(self, k: int) -> float | None:
        ranks = self.evidence_ranks
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else None

    def count(self, verdict_: str) -> None:
        """Add one (document, field) verdict to the counts (see the module doc)."""
        self.tp += verdict_ == "right"
        self.tn += verdict_ == "right_empty"
        self.fp += verdict_ in ("wrong", "spurious")
        self.fn += verdict_ in ("wrong", "missed")

    def prf(self) -> dict[str, float]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1}

    def count_names(self, predicted: Any, gold: list[Any]) -> None:
        """Add one document's name-level counts (a party list's names, matched one-to-one)."""
        names = [str(p) for p in predicted] if isinstance(predicted, list) else []
        matched, n_pred, n_gold = party_overlap(names, [str(g) for g in gold])
        totals = self.names or [0, 0, 0]
        self.names = [totals[0] + matched, totals[1] + n_pred, totals[2] + n_gold]

    def names_prf(self) -> dict[str, float | int] | None:
        if self.names is None:
            return None
        matched, n_pred, n_gold = self.names
        p = matched / n_pred if n_pred else 1.0
        r = matched / n_gold if n_gold else 1.0
        return {"precision": p, "recall": r, "f1": 2 * p * r / (p + r) if p + r else 0.0,
                "matched": matched, "predicted": n_pred, "gold": n_gold}


@dataclass
class ExtractionReport:
    fields: dict[str, FieldScore] = field(default_factory=lambda: defaultdict(FieldScore))
    value_fields: set[str] = field(default_factory=set)
    confidences: list[tuple[float, bool]] = field(default_factory=list)  # found values only
    seconds_per_doc: list[float] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    documents: int = 0
    errors: int = 0
    datasets: dict[str, ExtractionReport] = field(default_factory=dict)  # same scores, per set
    corrections: dict | None = None  # see correction_summary
    compare: dict | None = None  # see run_diff.diff_runs

    def micro(self) -> FieldScore:
        # true negatives are left out: a rightly empty field is not counted in micro P/R/F1
        total = sum((self.fields[name] for name in self.value_fields), Counts())
        return FieldScore(total.tp, total.fp, total.fn)

    def evidence_recall(self, k: int) -> float | None:
        ranks = [r for s in self.fields.values() for r in s.evidence_ranks]
        return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else None

    def ece(self) -> float | None:
        from ..extraction.calibration import expected_calibration_error

        return expected_calibration_error(
            [c for c, _ in self.confidences], [ok for _, ok in self.confidences]
        )

    def scores_dict(self) -> dict:
        """The scores alone (what each dataset of the breakdown shows too)."""
        micro = self.micro()
        return {
            "documents": self.documents,
            "errors": self.errors,
            "micro": {**micro.prf(), "tp": micro.tp, "fp": micro.fp, "fn": micro.fn},
            "evidence_recall": {f"@{k}": self.evidence_recall(k) for k in EVIDENCE_KS},
            "ece": self.ece(),
            "fields": {
                name: {
                    "value_field": name in self.value_fields,
                    **s.prf(),
                    "tp": s.tp, "fp": s.fp, "fn": s.fn, "tn": s.tn,
                    **{f"evidence@{k}": s.evidence_recall(k) for k in EVIDENCE_KS},
                    "evidence_rows": len(s.evidence_ranks),
                    **({"names": s.names_prf()} if s.names is not None else {}),
                }
                for name, s in sorted(self.fields.items())
            },
        }

    def to_dict(self) -> dict:
        from ..extraction.calibration import reliability_table

        return {
            **self.scores_dict(),
            "datasets": {name: sub.scores_dict() for name, sub in sorted(self.datasets.items())},
            "corrections": self.corrections,
            "reliability": reliability_table(
                [c for c, _ in self.confidences], [ok for _, ok in self.confidences]
            ),
            "seconds_per_document": (
                sum(self.seconds_per_doc) / len(self.seconds_per_doc)
                if self.seconds_per_doc else None
            ),
            "timings_ms_total": dict(self.timings_ms),
            **({"compare": self.compare} if self.compare is not None else {}),
        }


def predicted_value(record: dict | None) -> Any:
    """The value a record claims: its value when found, else None."""
    if record is None or record.get("status") != "found":
        return None
    value = record.get("value")
    return None if value in ("", [], {}) else value


def verdict(record: dict, row: GoldRow) -> str:
    """right, right_empty, wrong, missed or spurious: one (document, value field) judged."""
    predicted = predicted_value(record)
    if not row.values:
        return "right_empty" if predicted is None else "spurious"
    if predicted is None:
        return "missed"
    return "right" if values_match(record["type"], predicted, list(row.values)) else "wrong"


def _score_rows(records: dict[tuple[str, str], dict], rows: Iterable[GoldRow]) -> ExtractionReport:
    report = ExtractionReport()
    documents: set[str] = set()
    for row in rows:
        record = records.get((row.doc_id, row.field))
        if record is None:
            continue
        documents.add(row.doc_id)
        score = report.fields[row.field]
        report.errors += record.get("status") == "error"
        if row.kind == "value":
            report.value_fields.add(row.field)
            judged = verdict(record, row)
            score.count(judged)
            if record.get("type") == ValueType.party_list.value:
                score.count_names(predicted_value(record) or [], list(row.values))
            if predicted_value(record) is not None:
                report.confidences.append((float(record.get("confidence") or 0.0),
                                           judged == "right"))
        if row.spans:
            chunks = (words(e["text"]) for e in record.get("evidence", []))
            score.evidence_ranks.append(first_hit_rank(chunks, [words(s) for s in row.spans]))
    report.documents = len(documents)
    return report


def score_records(
    records: Iterable[dict], gold: list[GoldRow], fields: list[str] | None = None
) -> ExtractionReport:
    """Score extraction records (FieldResult dicts) against gold rows, overall and per dataset
    (``GoldRow.dataset``). Documents count when at least one of their records met a gold row."""
    by_key = {(r["doc_id"], r["field"]): r for r in records}
    rows = [r for r in gold if not fields or r.field in fields]
    report = _score_rows(by_key, rows)
    for name in sorted({r.dataset for r in rows}):
        sub = _score_rows(by_key, (r for r in rows if r.dataset == name))
        if sub.documents:
            report.datasets[name or "(none)"] = sub
    return report


def correction_summary(
    records: list[dict],
    gold: list[GoldRow],
    corrections: Corrections | None,
    fields: list[str] | None = None,
) -> dict:
    """How the gold corrections changed the score: the file, how many of its rows applied to
    this gold (the rest name documents of another set), and micro F1 with and without them."""
    if corrections is None:
        f1 = score_records(records, gold, fields).micro().f1
        return {"file": None, "version": None, "rows": 0, "applied": 0, "not_applicable": 0,
                "micro_f1": {"with": None, "without": f1}}
    applied = sum(1 for r in gold if r.corrected)
    published = [r.as_published() for r in gold]
    return {
        "file": str(corrections.path),
        "version": corrections.version,
        "rows": len(corrections),
        "applied": applied,
        "not_applicable": len(corrections) - applied,
        "micro_f1": {"with": score_records(records, gold, fields).micro().f1,
                     "without": score_records(records, published, fields).micro().f1},
    }


def load_records(path: Path) -> list[dict]:
    """Prediction records (one JSON per line); a bad line raises ConfigError naming the file,
    the line, the key and its value."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise ConfigError(f"{path}: cannot read extraction records ({reason})") from exc
    records = []
    for lineno, line in enumerate(lines, start=1):
        if line.strip():
            records.append(_parse_record(line, f"{path}:{lineno}"))
    return records


def _parse_record(line: str, where: str) -> dict:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{where}: not an extraction record (not JSON: {exc.msg})") from exc
    if not isinstance(record, dict):
        raise ConfigError(f"{where}: not an extraction record (expected a JSON object)")
    for key in ("doc_id", "field"):
        if not isinstance(record.get(key), str) or not record[key]:
            raise ConfigError(f"{where}: key {key!r}: expected non-empty text, "
                              f"got {record.get(key)!r}")
    status = record.get("status", "not_found")
    if status not in _STATUSES:
        raise ConfigError(f"{where}: key 'status': expected one of {', '.join(_STATUSES)}, "
                          f"got {status!r}")
    if status == "found" and record.get("type") not in {t.value for t in ValueType}:
        raise ConfigError(f"{where}: key 'type': expected a value type "
                          f"({', '.join(t.value for t in ValueType)}), got {record.get('type')!r}")
    return record


@dataclass
class ExtractionRun:
    """What one extraction pass over a gold set produced, before scoring."""

    records: list[dict] = field(default_factory=list)
    seconds_per_doc: list[float] = field(default_factory=list)
    timings_ms: dict[str, float] = field(default_factory=lambda: defaultdict(float))


def extract_records(
    service,
    gold: list[GoldRow],
    docs_dir: Path,
    *,
    fields: list[str] | None = None,
    formats: tuple[str, ...] = ("pdf",),
    limit: int | None = None,
    out: Path | None = None,
    on_document: Callable[[str], None] | None = None,
) -> ExtractionRun:
    """Extract every gold field from every gold document; ``out`` keeps the records (JSON
    lines) so ``eval --predictions`` or ``--compare`` can use them without re-extracting."""
    wanted = [f for f in dict.fromkeys(r.field for r in gold)
              if (not fields or f in fields) and f in service.fields.names()]
    run = ExtractionRun()
    sink = open(out, "w", encoding="utf-8") if out else None
    try:
        for doc_id in sorted({r.doc_id for r in gold})[:limit]:
            path = find_document(docs_dir, doc_id, formats)
            if path is None:
                continue
            service.index(path, doc_id=doc_id)
            t0 = time.perf_counter()
            results = service.extract_indexed(doc_id, path.name, wanted)
            run.seconds_per_doc.append(time.perf_counter() - t0)
            for r in results:
                record = r.to_dict()
                run.records.append(record)
                for k, v in r.timings_ms.items():
                    run.timings_ms[k] += v
                if sink:
                    sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            if on_document:
                on_document(doc_id)
    finally:
        if sink:
            sink.close()
    return run


def run_extraction(
    service,
    gold_path: Path,
    docs_dir: Path,
    *,
    corrections: Corrections | Path | None = None,
    fields: list[str] | None = None,
    formats: tuple[str, ...] = ("pdf",),
    limit: int | None = None,
    out: Path | None = None,
    on_document: Callable[[str], None] | None = None,
) -> ExtractionReport:
    """Extract (see :func:`extract_records`) and score against the gold, corrected when
    ``corrections`` is given."""
    gold = load_gold(gold_path, corrections)
    run = extract_records(service, gold, docs_dir, fields=fields, formats=formats, limit=limit,
                          out=out, on_document=on_document)
    report = score_records(run.records, gold, fields)
    report.seconds_per_doc = run.seconds_per_doc
    report.timings_ms = run.timings_ms
    return report
