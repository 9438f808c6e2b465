"""The evaluation runners on a tiny gold set the test writes around the sample contract."""

from __future__ import annotations

import json

import pytest

from intelligent_extraction import samples
from intelligent_extraction.evaluation.extraction_eval import load_records, run_extraction
from intelligent_extraction.evaluation.retrieval_eval import evaluate_retrieval

pytestmark = pytest.mark.slow


@pytest.fixture()
def gold_set(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    samples.write_pdf(docs / "msa.pdf", samples.services_agreement())
    rows = [
        {"doc_id": "msa", "dataset": "t", "field": "governing_law", "kind": "value",
         "values": ["Massachusetts"],
         "spans": ["governed by the laws of the Commonwealth of Massachusetts"]},
        {"doc_id": "msa", "dataset": "t", "field": "effective_date", "kind": "value",
         "values": ["2014-05-05"], "spans": []},
        {"doc_id": "msa", "dataset": "t", "field": "expiration_date", "kind": "value",
         "values": ["1999-01-01"], "spans": []},  # deliberately wrong gold: must count as a miss
    ]
    gold = tmp_path / "gold.jsonl"
    gold.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return gold, docs


def test_retrieval_recall_per_method(service, gold_set):
    gold, docs = gold_set
    report = evaluate_retrieval(service, gold, docs, methods=["hybrid", "bm25", "random"])
    assert report.documents == 1 and report.rows == 1  # only rows with spans count
    assert report.recall("hybrid", "governing_law", 1) == 1.0
    assert report.recall("bm25", None, 5) == 1.0
    data = report.to_dict()
    assert set(data["methods"]) == {"hybrid", "bm25", "random"}


def test_extraction_scores_and_records(service, gold_set, tmp_path):
    gold, docs = gold_set
    out = tmp_path / "run.jsonl"
    report = run_extraction(service, gold, docs, out=out)
    law = report.fields["governing_law"]
    assert (law.tp, law.fp, law.fn) == (1, 0, 0)
    assert law.evidence_ranks == [1]
    assert report.fields["effective_date"].tp == 1
    wrong = report.fields["expiration_date"]
    assert wrong.tp == 0 and wrong.fn == 1
    records = load_records(out)
    assert {r["field"] for r in records} == {"governing_law", "effective_date", "expiration_date"}
    assert all(r["source"] == "msa.pdf" for r in records)
    assert report.seconds_per_doc and report.seconds_per_doc[0] > 0


def test_training_cases_decide_like_extraction(service, gold_set, tmp_path):
    """The labelled candidates, decided attempt by attempt with the hand scores, give the
    counts that extraction itself scores: training sees what extraction does."""
    from intelligent_extraction.evaluation.gold import load_gold
    from intelligent_extraction.training.collect import collect_cases
    from intelligent_extraction.training.fit import decide_counts

    gold, docs = gold_set
    # the sample's renewal notice is found by a retry, not by the first retrieval
    notice = {"doc_id": "msa", "dataset": "t", "field": "notice_period_to_terminate_renewal",
              "kind": "value", "values": ["P60D"], "spans": []}
    gold.write_text(gold.read_text() + json.dumps(notice) + "\n")
    report = run_extraction(service, gold, docs, out=tmp_path / "run.jsonl")
    assert report.fields["notice_period_to_terminate_renewal"].tp == 1
    cases = collect_cases(service, load_gold(gold), docs)
    assert sorted(c.field for c in cases) == sorted(report.fields)
    for case in cases:
        assert 1 <= len(case.attempts) <= service.field_extraction.max_retries + 1
        counts = decide_counts([case], lambda c: c.hand_score, case.hand_threshold)
        scored = report.fields[case.field]
        assert (counts.tp, counts.fp, counts.fn) == (scored.tp, scored.fp, scored.fn), case.field
