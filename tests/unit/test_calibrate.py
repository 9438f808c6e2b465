import json

from intelligent_extraction.evaluation.calibrate import (
    calibrate,
    labelled_confidences,
    save_calibrator,
)
from intelligent_extraction.evaluation.gold import GoldRow
from intelligent_extraction.extraction.calibration import Calibrator


def _gold(doc, value):
    return GoldRow(doc_id=doc, dataset="t", field="governing_law", kind="value",
                   values=(value,) if value else (), spans=())


def _rec(doc, value, conf):
    return {"doc_id": doc, "field": "governing_law", "type": "place", "status": "found",
            "value": value, "confidence": conf}


def test_labels_come_from_gold():
    gold = [_gold("a", "New York"), _gold("b", "Delaware"), _gold("c", None)]
    recs = [_rec("a", "New York", 0.9), _rec("b", "Texas", 0.8), _rec("c", "Ohio", 0.3)]
    assert labelled_confidences(recs, gold) == [
        ("a", 0.9, True), ("b", 0.8, False), ("c", 0.3, False)
    ]


def test_calibrated_confidence_tracks_accuracy():
    # high raw scores are right 80% of the time, low ones 20%
    gold, recs = [], []
    for i in range(100):
        doc, high = f"d{i}", i % 2 == 0
        right = (i // 2) % 5 != 0 if high else (i // 2) % 5 == 0
        gold.append(_gold(doc, "New York"))
        recs.append(_rec(doc, "New York" if right else "Texas", 0.9 if high else 0.4))
    calibrator, raw, held_out = calibrate(recs, gold)
    # 40 of 50 and 10 of 50 right, Laplace-smoothed: 41/52 and 11/52
    assert calibrator(0.9) == round(41 / 52, 4) and calibrator(0.4) == round(11 / 52, 4)
    assert {r["bin"]: r["accuracy"] for r in raw} == {"0.4-0.5": 0.2, "0.9-1.0": 0.8}
    assert sum(r["count"] for r in held_out) == 100


def test_save_keeps_other_extractors(tmp_path):
    path = tmp_path / "calibration.json"
    save_calibrator(path, "llm", Calibrator((0.0, 1.0), (0.1, 0.9)))
    save_calibrator(path, "rules", Calibrator((0.0, 1.0), (0.2, 0.8)))
    assert set(json.loads(path.read_text())) == {"llm", "rules"}
    assert Calibrator.load(path, "llm")(1.0) == 0.9
