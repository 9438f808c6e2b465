import json

import pytest

from intelligent_extraction.errors import ConfigError
from intelligent_extraction.evaluation.extraction_eval import load_records, score_records
from intelligent_extraction.evaluation.gold import GoldRow


def gold(doc, field, values=(), spans=(), kind="value"):
    return GoldRow(doc_id=doc, dataset="t", field=field, kind=kind, values=tuple(values),
                   spans=tuple(spans))


def record(doc, field, value, type_="date", conf=0.9, evidence=()):
    return {"doc_id": doc, "field": field, "type": type_,
            "status": "found" if value is not None else "not_found", "value": value,
            "confidence": conf, "evidence": [{"text": t} for t in evidence]}


def test_counts_follow_the_rules():
    rows = [
        gold("a", "effective_date", ["2014-05-05"]),  # right
        gold("b", "effective_date", ["2015-01-01"]),  # wrong -> fp + fn
        gold("c", "effective_date", []),              # value where gold empty -> fp
        gold("d", "effective_date", ["2016-02-02"]),  # null -> fn
        gold("e", "effective_date", []),              # null and empty -> tn
    ]
    recs = [record("a", "effective_date", "2014-05-05"), record("b", "effective_date", "2015-01-02"),
            record("c", "effective_date", "2019-01-01"), record("d", "effective_date", None),
            record("e", "effective_date", None)]
    report = score_records(recs, rows)
    s = report.fields["effective_date"]
    assert (s.tp, s.fp, s.fn, s.tn) == (1, 2, 2, 1)
    assert s.precision == pytest.approx(1 / 3) and s.recall == pytest.approx(1 / 3)
    assert report.micro().f1 == pytest.approx(1 / 3)
    # found values feed the reliability table with whether they were right
    assert sorted(report.confidences) == [(0.9, False), (0.9, False), (0.9, True)]


def test_clause_rows_score_evidence_only():
    rows = [gold("a", "cap_on_liability", spans=["in no event shall liability exceed fees"],
                 kind="clause")]
    recs = [record("a", "cap_on_liability", None, type_="clause",
                   evidence=["unrelated text", "In no event shall liability exceed the fees"])]
    report = score_records(recs, rows)
    assert "cap_on_liability" not in report.value_fields
    assert report.fields["cap_on_liability"].evidence_ranks == [2]
    assert report.evidence_recall(1) == 0.0 and report.evidence_recall(3) == 1.0


def test_bad_prediction_line_is_named(tmp_path):
    path = tmp_path / "pred.jsonl"
    path.write_text(json.dumps({"doc_id": "a", "field": "x"}) + "\n{not json\n")
    with pytest.raises(ConfigError, match=r"pred.jsonl:2"):
        load_records(path)
