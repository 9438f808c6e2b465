"""eval --errors: the wrong (document, field) pairs of a run, with the passage each value was
read from. Every document, name and value here is invented."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from intelligent_extraction.cli import app
from intelligent_extraction.evaluation.error_list import wrong_pairs
from intelligent_extraction.evaluation.gold import GoldRow

CHUNK = ("Preamble of the supply deal. This Supply Agreement is dated as of March 2, 2015 by "
         "Quillfeather Inc. and Marrowby LLC, each a party.")


def gold(doc, field, values=(), published=None):
    return GoldRow(doc_id=doc, dataset="cuad", field=field, kind="value", values=tuple(values),
                   spans=("dated as of March 2, 2015",), published=published)


def rec(doc, field, value, raw="", type_="date"):
    return {"doc_id": doc, "field": field, "type": type_, "raw": raw, "confidence": 0.7,
            "status": "found" if value is not None else "not_found", "value": value,
            "evidence": [{"text": "An unrelated chunk."}, {"text": CHUNK}]}


GOLD = [
    gold("a", "effective_date", ["2015-03-01"], published=("2015-03-09",)),  # wrong
    gold("b", "effective_date", ["2016-07-04"]),  # right
    gold("c", "effective_date", []),  # spurious
    gold("d", "effective_date", ["2018-09-09"]),  # missed
    gold("a", "parties", ["Quillfeather Inc.", "Marrowby LLC"]),  # right, order aside
    gold("e", "effective_date", ["2019-01-01"]),  # no record: not judged
]
RECORDS = [
    rec("a", "effective_date", "2015-03-02", raw="March 2, 2015"),
    rec("b", "effective_date", "2016-07-04", raw="July 4, 2016"),
    rec("c", "effective_date", "2020-12-12", raw="December 12, 2020"),
    rec("d", "effective_date", None),
    rec("a", "parties", ["Marrowby LLC", "Quillfeather Inc."], type_="party_list"),
]


def test_only_wrong_pairs_are_listed_by_verdict_with_gold_and_prediction():
    errors = wrong_pairs(RECORDS, GOLD)
    assert [(e["doc_id"], e["verdict"]) for e in errors] == [
        ("d", "missed"), ("c", "spurious"), ("a", "wrong")]
    wrong = errors[-1]
    assert (wrong["predicted"], wrong["gold"]) == ("2015-03-02", ["2015-03-01"])
    assert wrong["gold_corrected"] is True and wrong["confidence"] == 0.7
    assert wrong["gold_spans"] == ["dated as of March 2, 2015"]


def test_context_is_the_passage_around_the_raw_text_in_the_chunk_that_holds_it():
    [wrong] = wrong_pairs(RECORDS, GOLD, fields=["effective_date"])[-1:]
    assert wrong["context"].startswith("Preamble of the supply deal.")
    assert "is dated as of March 2, 2015 by Quillfeather" in wrong["context"]
    # a raw text no chunk holds, or none at all, has no context
    spurious = wrong_pairs(RECORDS, GOLD)[1]
    assert spurious["verdict"] == "spurious" and spurious["context"] == ""
    assert wrong_pairs(RECORDS, GOLD)[0]["context"] == ""


def test_field_filter_keeps_other_fields_out():
    assert wrong_pairs(RECORDS, GOLD, fields=["parties"]) == []


def test_eval_command_writes_the_error_file(tmp_path):
    gold_path, run, out = tmp_path / "gold.jsonl", tmp_path / "run.jsonl", tmp_path / "err.jsonl"
    gold_path.write_text("".join(json.dumps(
        {"doc_id": g.doc_id, "dataset": g.dataset, "field": g.field, "kind": "value",
         "values": list(g.values), "spans": list(g.spans)}) + "\n" for g in GOLD))
    run.write_text("".join(json.dumps(r) + "\n" for r in RECORDS))
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold_path), "--predictions",
                                      str(run), "--no-corrections", "--errors", str(out)])
    assert result.exit_code == 0, result.output
    assert "wrote 3 wrong (document, field) pairs to" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(e["doc_id"], e["verdict"]) for e in lines] == [
        ("d", "missed"), ("c", "spurious"), ("a", "wrong")]
    assert lines[-1]["gold_corrected"] is False  # no corrections: gold as published
