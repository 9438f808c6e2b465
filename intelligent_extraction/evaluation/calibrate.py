"""Fit the confidence calibrator on a scored run and check it on held-out documents.

Correctness per found value comes from the gold rows (``values_match``); the isotonic map is
fitted on all of it for shipping, and a two-fold split by document shows the reliability a new
document can expect (fit on one half, measure on the other).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..extraction.calibration import Calibrator, fit_isotonic, reliability_table
from .compare import values_match
from .gold import GoldRow

__all__ = ["labelled_confidences", "calibrate", "save_calibrator"]


def labelled_confidences(records: list[dict], gold: list[GoldRow]) -> list[tuple[str, float, bool]]:
    """(doc_id, raw confidence, right?) for every found value on a value field with gold."""
    by_key = {(r.doc_id, r.field): r for r in gold if r.kind == "value"}
    out = []
    for rec in records:
        row = by_key.get((rec["doc_id"], rec["field"]))
        if row is None or rec.get("status") != "found":
            continue
        right = bool(row.values) and values_match(rec["type"], rec["value"], list(row.values))
        out.append((rec["doc_id"], float(rec.get("confidence") or 0.0), right))
    return out


def _fold(doc_id: str) -> int:
    return hashlib.sha1(doc_id.encode()).digest()[0] % 2


def calibrate(records: list[dict], gold: list[GoldRow]) -> tuple[Calibrator, list[dict], list[dict]]:
    """The calibrator fitted on everything, the raw reliability table, and the held-out
    (two-fold) reliability table of calibrated confidences."""
    data = labelled_confidences(records, gold)
    scores = [c for _, c, _ in data]
    right = [ok for _, _, ok in data]
    held_conf, held_right = [], []
    for fold in (0, 1):
        train = [(c, ok) for d, c, ok in data if _fold(d) != fold]
        cal = fit_isotonic([c for c, _ in train], [ok for _, ok in train])
        for d, c, ok in data:
            if _fold(d) == fold:
                held_conf.append(cal(c))
                held_right.append(ok)
    return (
        fit_isotonic(scores, right),
        reliability_table(scores, right),
        reliability_table(held_conf, held_right),
    )


def save_calibrator(path: Path, extractor: str, calibrator: Calibrator) -> None:
    """Store ``calibrator`` under ``extractor`` in the JSON file, keeping other entries."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data[extractor] = calibrator.to_dict()
    path.write_text(json.dumps(data, indent=2) + "\n")
