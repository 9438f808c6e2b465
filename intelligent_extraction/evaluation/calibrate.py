"""Fit the confidence calibrators on a scored run and check them on held-out documents.

Correctness per found value comes from the gold rows (``values_match``); the isotonic maps
(shared and per field) are fitted on all of it for shipping, and a two-fold split by document
shows the reliability a new document can expect (fit on one half, measure on the other).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..extraction.calibration import (
    FieldCalibrators,
    fit_field_calibrators,
    reliability_table,
)
from .compare import values_match
from .gold import GoldRow

__all__ = ["LabelledConfidence", "labelled_confidences", "calibrate", "save_calibrators"]

#: (doc_id, field, raw confidence, right?) of one found value
LabelledConfidence = tuple[str, str, float, bool]


def labelled_confidences(records: list[dict], gold: list[GoldRow]) -> list[LabelledConfidence]:
    """(doc_id, field, raw confidence, right?) for every found value on a value field with gold."""
    by_key = {(r.doc_id, r.field): r for r in gold if r.kind == "value"}
    out = []
    for rec in records:
        row = by_key.get((rec["doc_id"], rec["field"]))
        if row is None or rec.get("status") != "found":
            continue
        right = bool(row.values) and values_match(rec["type"], rec["value"], list(row.values))
        out.append((rec["doc_id"], rec["field"], float(rec.get("confidence") or 0.0), right))
    return out


def _fold(doc_id: str) -> int:
    return hashlib.sha1(doc_id.encode()).digest()[0] % 2


def calibrate(
    records: list[dict], gold: list[GoldRow]
) -> tuple[FieldCalibrators, list[dict], list[dict]]:
    """The calibrators fitted on everything, the raw reliability table, and the held-out
    (two-fold) reliability table of calibrated confidences."""
    data = labelled_confidences(records, gold)
    held_conf, held_right = [], []
    for fold in (0, 1):
        calibrators = fit_field_calibrators(
            [(f, c, ok) for d, f, c, ok in data if _fold(d) != fold]
        )
        for d, f, c, ok in data:
            if _fold(d) == fold:
                held_conf.append(calibrators(f, c))
                held_right.append(ok)
    return (
        fit_field_calibrators([(f, c, ok) for _, f, c, ok in data]),
        reliability_table([c for _, _, c, _ in data], [ok for *_, ok in data]),
        reliability_table(held_conf, held_right),
    )


def save_calibrators(path: Path, extractor: str, calibrators: FieldCalibrators) -> None:
    """Store ``calibrators`` under ``extractor`` in the JSON file, keeping other entries."""
    data = json.loads(path.read_text()) if path.exists() else {}
    data[extractor] = calibrators.to_dict()
    path.write_text(json.dumps(data, indent=2) + "\n")
