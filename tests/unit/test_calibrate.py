import json

from intelligent_extraction.evaluation.calibrate import (
    calibrate,
    labelled_confidences,
    save_calibrators,
)
from intelligent_extraction.evaluation.gold import GoldRow
from intelligent_extraction.extraction.calibration import (
    MIN_VALUES_PER_FIELD,
    Calibrator,
    FieldCalibrators,
)


def _gold(doc, value, field="governing_law"):
    return GoldRow(doc_id=doc, dataset="t", field=field, kind="value",
                   values=(value,) if value else (), spans=())


def _rec(doc, value, conf, field="governing_law"):
    return {"doc_id": doc, "field": field, "type": "place", "status": "found",
            "value": value, "confidence": conf}


def test_labels_come_from_gold():
    gold = [_gold("a", "New York"), _gold("b", "Delaware"), _gold("c", None)]
    recs = [_rec("a", "New York", 0.9), _rec("b", "Texas", 0.8), _rec("c", "Ohio", 0.3)]
    assert labelled_confidences(recs, gold) == [
        ("a", "governing_law", 0.9, True),
        ("b", "governing_law", 0.8, False),
        ("c", "governing_law", 0.3, False),
    ]


def test_calibrated_confidence_tracks_accuracy():
    # high raw scores are right 80% of the time, low ones 20%
    gold, recs = [], []
    for i in range(100):
        doc, high = f"d{i}", i % 2 == 0
        right = (i // 2) % 5 != 0 if high else (i // 2) % 5 == 0
        gold.append(_gold(doc, "New York"))
        recs.append(_rec(doc, "New York" if right else "Texas", 0.9 if high else 0.4))
    calibrators, raw, held_out = calibrate(recs, gold)
    # 40 of 50 and 10 of 50 right, Laplace-smoothed: 41/52 and 11/52
    assert calibrators("governing_law", 0.9) == round(41 / 52, 4)
    assert calibrators("governing_law", 0.4) == round(11 / 52, 4)
    assert {r["bin"]: r["accuracy"] for r in raw} == {"0.4-0.5": 0.2, "0.9-1.0": 0.8}
    assert sum(r["count"] for r in held_out) == 100


def _answers(field, n, share_right, conf=0.9):
    """``n`` found values of ``field``, all scored ``conf``, the first ``share_right`` right."""
    gold, recs = [], []
    for i in range(n):
        doc = f"{field}-{i}"
        gold.append(_gold(doc, "New York", field))
        recs.append(_rec(doc, "New York" if i < n * share_right else "Texas", conf, field))
    return gold, recs


def test_a_field_with_enough_values_gets_its_own_map():
    # the same raw score is right 95% of the time for one field and 50% for another
    law_gold, law_recs = _answers("governing_law", 100, 0.95)
    term_gold, term_recs = _answers("term", 100, 0.5)
    few_gold, few_recs = _answers("renewal_term", MIN_VALUES_PER_FIELD - 1, 1.0)
    calibrators, _, _ = calibrate(law_recs + term_recs + few_recs,
                                  law_gold + term_gold + few_gold)
    assert set(calibrators.by_field) == {"governing_law", "term"}
    assert calibrators("governing_law", 0.9) == round(96 / 102, 4)
    assert calibrators("term", 0.9) == round(51 / 102, 4)
    # too few values of its own: the shared map over all 259
    assert calibrators("renewal_term", 0.9) == round((95 + 50 + 59 + 1) / 261, 4)


def test_save_keeps_other_extractors(tmp_path):
    path = tmp_path / "calibration.json"
    save_calibrators(path, "llm", FieldCalibrators(Calibrator((0.0, 1.0), (0.1, 0.9))))
    save_calibrators(path, "rules", FieldCalibrators(Calibrator((0.0, 1.0), (0.2, 0.8))))
    assert set(json.loads(path.read_text())) == {"llm", "rules"}
    assert FieldCalibrators.load(path, "llm")("term", 1.0) == 0.9
