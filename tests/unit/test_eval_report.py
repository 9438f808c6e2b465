"""The eval report: per-dataset breakdown, expected calibration error, the printed tables and
the ``eval`` command on saved records. Every document, name and value here is invented."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from intelligent_extraction.cli import app
from intelligent_extraction.evaluation.extraction_eval import score_records
from intelligent_extraction.evaluation.gold import GoldRow
from intelligent_extraction.evaluation.run_diff import diff_runs
from intelligent_extraction.evaluation.report import print_compare, print_extraction_report
from intelligent_extraction.extraction.calibration import expected_calibration_error


def gold(doc, dataset, field, values=()):
    return GoldRow(doc_id=doc, dataset=dataset, field=field, kind="value",
                   values=tuple(values), spans=())


def record(doc, field, value, type_, conf):
    return {"doc_id": doc, "field": field, "type": type_,
            "status": "found" if value is not None else "not_found", "value": value,
            "confidence": conf, "evidence": []}


GOLD = [
    gold("c1", "cuad", "parties", ["Quillfeather Inc.", "Marrowby LLC"]),
    gold("c1", "cuad", "effective_date", ["2011-04-02"]),
    gold("c2", "cuad", "effective_date", ["2012-08-09"]),
    gold("c2", "cuad", "parties", ["Tallow Works Ltd.", "Fennimore GmbH"]),
    gold("n1", "kleister-nda", "effective_date", ["2013-01-15"]),
    gold("n1", "kleister-nda", "term", []),
    gold("n2", "kleister-nda", "term", []),
    gold("n2", "kleister-nda", "effective_date", ["2014-06-30"]),
]
RECORDS = [
    record("c1", "parties", ["Marrowby LLC", "Quillfeather Inc"], "party_list", 0.95),  # right
    record("c1", "effective_date", "2011-04-03", "date", 0.85),  # wrong: fp + fn
    record("c2", "effective_date", "2012-08-09", "date", 0.75),  # right
    record("c2", "parties", None, "party_list", 0.1),  # missed: fn
    record("n1", "effective_date", "2013-01-15", "date", 0.95),  # right
    record("n1", "term", "P1Y", "duration", 0.35),  # spurious: fp
    record("n2", "term", None, "duration", 0.2),  # right, nothing to find
    record("n2", "effective_date", "2014-06-30", "date", 0.85),  # right
]


def test_per_dataset_breakdown_counts_each_set_on_its_own():
    data = score_records(RECORDS, GOLD).to_dict()
    cuad, nda = data["datasets"]["cuad"], data["datasets"]["kleister-nda"]
    assert cuad["documents"] == 2 and nda["documents"] == 2
    assert (cuad["micro"]["tp"], cuad["micro"]["fp"], cuad["micro"]["fn"]) == (2, 1, 2)
    assert cuad["micro"]["precision"] == pytest.approx(2 / 3)
    assert cuad["micro"]["recall"] == pytest.approx(1 / 2)
    assert cuad["micro"]["f1"] == pytest.approx(4 / 7)
    assert cuad["fields"]["parties"]["f1"] == pytest.approx(2 / 3)  # P 1, R 1/2
    assert cuad["fields"]["effective_date"]["f1"] == pytest.approx(1 / 2)
    assert (nda["micro"]["tp"], nda["micro"]["fp"], nda["micro"]["fn"]) == (2, 1, 0)
    assert nda["micro"]["f1"] == pytest.approx(0.8)
    assert nda["fields"]["term"]["tn"] == 1 and nda["fields"]["term"]["f1"] == 0.0
    assert "term" not in cuad["fields"]
    # overall is the sum of the two sets
    assert (data["micro"]["tp"], data["micro"]["fp"], data["micro"]["fn"]) == (4, 2, 2)
    assert data["micro"]["f1"] == pytest.approx(2 / 3)


def test_a_party_list_is_also_scored_name_by_name():
    partial = [record("c1", "parties", ["Quillfeather Inc", "Ormsby Trust"], "party_list", 0.9),
               record("c2", "parties", ["Tallow Works Ltd."], "party_list", 0.9)]
    names = score_records(partial, GOLD).to_dict()["fields"]["parties"]
    assert names["tp"] == 0 and names["fp"] == 2  # neither list is right as a whole ...
    # ... but 2 of their 3 names are, and 2 of the 4 gold names are found
    assert {k: names["names"][k] for k in ("matched", "predicted", "gold")} == {
        "matched": 2, "predicted": 3, "gold": 4}
    assert names["names"]["precision"] == pytest.approx(2 / 3)
    assert names["names"]["recall"] == pytest.approx(1 / 2)
    # a missed list counts its gold names; other value types get no name counts
    data = score_records(RECORDS, GOLD).to_dict()
    assert data["fields"]["parties"]["names"]["gold"] == 4
    assert data["fields"]["parties"]["names"]["matched"] == 2
    assert "names" not in data["fields"]["effective_date"]


def test_compare_shows_names_a_list_gained_while_it_stays_wrong():
    current = [record("c2", "parties", ["Tallow Works Ltd."], "party_list", 0.9)
               if (r["doc_id"], r["field"]) == ("c2", "parties") else r for r in RECORDS]
    cmp = diff_runs(RECORDS, current, GOLD)
    parties = cmp["fields"]["parties"]
    assert parties["delta"]["f1"] < 0  # missed -> wrong: a false positive more
    assert parties["names"]["baseline"]["recall"] == pytest.approx(2 / 4)
    assert parties["names"]["current"]["recall"] == pytest.approx(3 / 4)
    assert "names" not in cmp["fields"]["effective_date"]
    out = io.StringIO()
    print_compare(cmp, Console(file=out, width=200))
    assert "parties names: F1 0.667 -> 0.857 (P 1.000 -> 1.000, R 0.500 -> 0.750)" in out.getvalue()


def test_ece_of_the_report_by_hand():
    data = score_records(RECORDS, GOLD).to_dict()
    # found values (confidence, right): .95 T, .85 F, .75 T, .95 T, .35 F, .85 T
    # bins: .3-.4 {.35 F} |0-.35|; .7-.8 {.75 T} |1-.75|; .8-.9 {.85 F, .85 T} |.5-.85|;
    # .9-1.0 {.95 T, .95 T} |1-.95|  ->  (.35 + .25 + 2 * .35 + 2 * .05) / 6
    assert data["ece"] == pytest.approx(1.4 / 6)
    assert data["datasets"]["cuad"]["ece"] == pytest.approx((0.05 + 0.85 + 0.25) / 3)
    assert data["datasets"]["kleister-nda"]["ece"] == pytest.approx((0.05 + 0.35 + 0.15) / 3)


def test_expected_calibration_error():
    # ten equal-width bins, each closed on the left (1.0 falls in the last)
    conf = [0.25, 0.25, 0.25, 0.25, 0.9, 0.9]
    right = [True, False, False, False, True, True]
    # .2-.3: 4 values, mean .25, 1/4 right -> 0; .9-1.0: 2 values, mean .9, all right -> .1
    assert expected_calibration_error(conf, right) == pytest.approx(2 / 6 * 0.1)
    assert expected_calibration_error([1.0, 1.0], [True, True]) == pytest.approx(0.0)
    assert expected_calibration_error([0.7], [False]) == pytest.approx(0.7)
    assert expected_calibration_error([], []) is None


def test_printed_report_shows_datasets_ece_and_both_f1s():
    report = score_records(RECORDS, GOLD)
    report.corrections = {"file": "fix.jsonl", "version": 1, "rows": 3, "applied": 1,
                          "not_applicable": 2, "micro_f1": {"with": 0.667, "without": 0.5}}
    out = io.StringIO()
    print_extraction_report(report.to_dict(), Console(file=out, width=200))
    text = out.getvalue()
    assert "per dataset" in text and "kleister-nda F1" in text and "cuad F1" in text
    assert "expected calibration error (10 equal-width bins): 0.233" in text
    assert "micro F1 0.667 with gold corrections, 0.500 as published" in text
    assert "1 of 3 rows apply" in text
    assert "parties names: P 1.000 R 0.500 F1 0.667 (2 of 4 gold names matched, 2 predicted)" \
        in text


def _jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture()
def saved_run(tmp_path):
    gold_rows = [{"doc_id": g.doc_id, "dataset": g.dataset, "field": g.field, "kind": "value",
                  "values": list(g.values), "spans": []} for g in GOLD]
    fix = _jsonl(tmp_path / "fix.jsonl", [
        {"version": 1, "description": "test"},
        {"doc_id": "c1", "field": "effective_date", "values": ["2011-04-03"],
         "reason": "invented: the gold's day is off by one"},
        {"doc_id": "zz", "field": "parties", "values": [], "reason": "another set's document"},
    ])
    return (_jsonl(tmp_path / "gold.jsonl", gold_rows), _jsonl(tmp_path / "run.jsonl", RECORDS),
            fix)


def test_eval_command_json_has_datasets_ece_corrections_and_compare(saved_run, tmp_path):
    gold_path, run, fix = saved_run
    baseline = _jsonl(tmp_path / "before.jsonl", [
        {**r, "value": "2011-04-02"} if (r["doc_id"], r["field"]) == ("c1", "effective_date")
        else r for r in RECORDS
    ])
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold_path), "--predictions", str(run),
                                      "--corrections", str(fix), "--compare", str(baseline),
                                      "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data["datasets"]) == {"cuad", "kleister-nda"}
    assert data["ece"] is not None
    c = data["corrections"]
    assert (c["applied"], c["not_applicable"]) == (1, 1)
    assert c["micro_f1"]["with"] > c["micro_f1"]["without"]
    # the baseline said the published date, now corrected: it was wrong, this run is right
    [change] = data["compare"]["changes"]
    assert change["change"] == "wrong->right" and change["gold"] == ["2011-04-03"]


def test_eval_command_prints_tables_and_turns_corrections_off(saved_run):
    gold_path, run, _ = saved_run
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold_path), "--predictions",
                                      str(run), "--no-corrections", "--compare", str(run)])
    assert result.exit_code == 0, result.output
    assert "gold as published (gold corrections off)" in result.output
    assert "no (document, field) verdict or value changed" in result.output


def test_eval_command_bad_compare_file_is_one_line_exit_2(saved_run, tmp_path):
    gold_path, run, fix = saved_run
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(RECORDS[0]) + "\n" + json.dumps({"doc_id": "c1"}) + "\n")
    result = CliRunner().invoke(app, ["eval", "--gold", str(gold_path), "--predictions",
                                      str(run), "--corrections", str(fix), "--compare", str(bad)])
    assert result.exit_code == 2
    assert "bad.jsonl:2: key 'field': expected non-empty text, got None" in result.output
