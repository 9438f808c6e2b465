"""The wrong (document, value field) pairs of a run, one JSON line each: ``eval --errors FILE``.

Reading the errors of a run on the FIT set is how the readers get better (docs/evaluation.md):
each line holds the verdict, what was predicted, what gold says, the passage the value was read
from, the confidence and gold's own spans, so that a cause shared by several contracts shows
without opening each one. Never read the held-out set's errors to design a rule.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from .extraction_eval import RIGHT, predicted_value, verdict
from .gold import GoldRow

__all__ = ["wrong_pairs", "write_errors"]

# how much of the evidence chunk around the raw text a line shows (characters)
_BEFORE, _AFTER = 200, 60
_SPANS = 3  # gold spans kept per line


def wrong_pairs(
    records: Iterable[dict], gold: list[GoldRow], fields: list[str] | None = None
) -> list[dict]:
    """Every judged (document, value field) pair whose verdict is not right, ordered by field,
    verdict and document."""
    by_key = {(r["doc_id"], r["field"]): r for r in records}
    out = []
    for row in gold:
        record = by_key.get((row.doc_id, row.field))
        if row.kind != "value" or record is None or (fields and row.field not in fields):
            continue
        judged = verdict(record, row)
        if judged not in RIGHT:
            out.append(_error_line(record, row, judged))
    return sorted(out, key=lambda e: (e["field"], e["verdict"], e["doc_id"]))


def _error_line(record: dict, row: GoldRow, judged: str) -> dict:
    raw = record.get("raw") or ""
    return {
        "doc_id": row.doc_id,
        "dataset": row.dataset,
        "field": row.field,
        "verdict": judged,
        "predicted": predicted_value(record),
        "gold": list(row.values),
        "gold_corrected": row.corrected,
        "confidence": record.get("confidence"),
        "raw": raw,
        "context": _context(raw, record.get("evidence") or []),
        "gold_spans": list(row.spans[:_SPANS]),
    }


def _context(raw: str, evidence: list[dict]) -> str:
    """The raw text with what precedes and follows it in the first evidence chunk holding it
    (the cue that made the value is usually just before it); empty when none holds it."""
    if not raw:
        return ""
    for chunk in evidence:
        text = chunk.get("text") or ""
        at = text.find(raw)
        if at >= 0:
            return text[max(0, at - _BEFORE):at + len(raw) + _AFTER]
    return ""


def write_errors(path: Path, errors: list[dict]) -> None:
    """One JSON object per line (UTF-8, names kept readable)."""
    with path.open("w", encoding="utf-8") as fh:
        for line in errors:
            fh.write(json.dumps(line, ensure_ascii=False) + "\n")
