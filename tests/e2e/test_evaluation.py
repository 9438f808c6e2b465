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
