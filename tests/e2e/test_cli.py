"""The command line as a user runs it: index, retrieve --explain, fields validate, errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from intelligent_extraction.cli import app

pytestmark = pytest.mark.slow


@pytest.fixture()
def cli(data_dir, embedder, monkeypatch):
    """Invoke the CLI in-process, reusing the session's loaded model."""
    from intelligent_extraction import cli as cli_module
    from intelligent_extraction.service import ExtractionService

    monkeypatch.setattr(cli_module, "_service", lambda: ExtractionService(embedder=embedder))
    runner = CliRunner()
    return lambda *args: runner.invoke(app, [str(a) for a in args])


def test_index_reports_chunks_and_skips_unchanged(cli, contract_files):
    first = cli("index", contract_files["pdf"])
    assert first.exit_code == 0, first.output
    assert "doc_id=msa" in first.output and "embedded" in first.output
    second = cli("index", contract_files["pdf"])
    assert "unchanged" in second.output


def test_bad_file_is_named_and_good_files_still_indexed(cli, contract_files, tmp_path):
    bad = tmp_path / "scan.pdf"
    bad.write_bytes(b"not a pdf at all")
    unsupported = tmp_path / "sheet.xlsx"
    unsupported.write_bytes(b"PK")
    missing = tmp_path / "missing.pdf"
    result = cli("index", bad, contract_files["docx"], unsupported, missing)
    assert result.exit_code == 2
    assert "scan.pdf" in result.output and "sheet.xlsx" in result.output
    assert "missing.pdf: no such file" in result.output
    listed = cli("documents", "list")
    assert listed.output.split() == ["msa"]


def test_retrieve_explain_shows_each_phase(cli, contract_files):
    result = cli("retrieve", contract_files["pdf"], "--field", "late_payment_penalty",
                 "--strategy", "pipeline", "--explain")
    assert result.exit_code == 0, result.output
    for phase in ("bm25", "knn", "fusion"):
        assert phase in result.output
    assert "bm25_norm" in result.output and "1.5%" in result.output


def test_retrieve_json_carries_scores(cli, contract_files):
    result = cli("retrieve", contract_files["pdf"], "--field", "governing_law", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    top = data["chunks"][0]
    assert "Massachusetts" in top["text"]
    assert {"bm25", "knn", "score", "in_both"} <= set(top)


def test_unknown_field_exits_2_with_known_names(cli, contract_files):
    result = cli("retrieve", contract_files["pdf"], "--field", "late_fee")
    assert result.exit_code == 2
    assert "unknown field 'late_fee'" in result.output
    assert "late_payment_penalty" in result.output


def test_fields_validate_names_file_key_and_value(cli, tmp_path):
    (tmp_path / "good.yaml").write_text(
        "field_name: good\ninstructions:\n  task: Find the good thing\n"
    )
    (tmp_path / "bad.yaml").write_text(
        "field_name: bad\ninstructions:\n  task: Find it\nbm25_score_threshold: -1\n"
    )
    result = cli("fields", "validate", tmp_path)
    assert result.exit_code == 2
    assert "bad.yaml" in result.output and "bm25_score_threshold" in result.output
    assert "-1" in result.output
    assert "1 valid, 1 invalid" in result.output


def test_shipped_field_configs_validate(cli):
    result = cli("fields", "validate")
    assert result.exit_code == 0, result.output
    assert " 0 invalid" in result.output


def _records(output: str) -> list[dict]:
    return [json.loads(line) for line in output.splitlines() if line.startswith("{")]


def test_extract_json_gives_typed_values_with_evidence(cli, contract_files):
    result = cli("extract", contract_files["pdf"], "--fields",
                 "governing_law,late_payment_penalty,effective_date,term,liquidated_damages,"
                 "indemnification", "--json")
    assert result.exit_code == 0, result.output
    records = {r["field"]: r for r in _records(result.output)}
    assert records["governing_law"]["value"] == "Massachusetts"
    assert records["late_payment_penalty"]["value"] == {"value": "1.5", "per": "month"}
    assert records["effective_date"]["value"] == "2014-05-05"
    assert records["term"]["value"] == "P2Y"
    # the sample has no liquidated damages clause: a late-payment penalty must not stand in
    assert records["liquidated_damages"]["status"] == "not_found"
    assert records["liquidated_damages"]["value"] is None
    assert "indemnify" in records["indemnification"]["value"]
    law = records["governing_law"]
    assert law["status"] == "found" and law["source"] == "msa.pdf"
    top = law["evidence"][0]
    assert law["raw"] in top["text"] and top["page"] >= 1
    assert {"bm25", "knn", "combined", "in_both"} == set(top["scores"])
    assert set(law["timings_ms"]) == {"retrieve", "extract"}


def test_extract_explain_lists_candidates_with_their_contributions(cli, contract_files):
    result = cli("extract", contract_files["pdf"], "--fields", "effective_date", "--json",
                 "--explain")
    assert result.exit_code == 0, result.output
    (record,) = _records(result.output)
    candidates = record["candidates"]
    assert candidates and candidates[0]["value"] == record["value"] == "2014-05-05"
    assert [c["score"] for c in candidates] == sorted((c["score"] for c in candidates),
                                                      reverse=True)
    top = candidates[0]
    # a fitted model explains with contributions (weight x feature), else the raw features
    parts = top.get("contributions") or top["features"]
    assert parts and all(isinstance(v, float) for v in parts.values())
    table = cli("extract", contract_files["pdf"], "--fields", "effective_date", "--explain")
    assert table.exit_code == 0, table.output
    assert "effective_date: found" in table.output and "why (feature contributions)" in table.output
    plain = cli("extract", contract_files["pdf"], "--fields", "effective_date", "--json")
    assert "candidates" not in _records(plain.output)[0]  # only on request


def test_extract_table_and_all_fields(cli, contract_files):
    result = cli("extract", contract_files["docx"], "--all", "--table")
    assert result.exit_code == 0, result.output
    assert "Massachusetts" in result.output and "diagnosis_code" in result.output
    assert "not_found" in result.output  # a contract has no diagnosis code: no guess


def test_extract_unknown_field_fails_before_work(cli, contract_files):
    result = cli("extract", contract_files["pdf"], "--fields", "governing_law,late_fee")
    assert result.exit_code == 2 and "unknown field 'late_fee'" in result.output


def test_extract_bad_file_named_other_files_still_extracted(cli, contract_files, tmp_path):
    bad = tmp_path / "broken.docx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    missing = tmp_path / "missing.pdf"
    result = cli(
        "extract", bad, missing, contract_files["pdf"], "--fields", "governing_law", "--json"
    )
    assert result.exit_code == 2
    assert "broken.docx" in result.output and "missing.pdf: no such file" in result.output
    assert _records(result.output)[0]["value"] == "Massachusetts"


def test_eval_rescores_saved_predictions(cli, tmp_path):
    gold = tmp_path / "gold.jsonl"
    gold.write_text(json.dumps({"doc_id": "d", "field": "governing_law", "kind": "value",
                                "values": ["New York"], "spans": []}) + "\n")
    preds = tmp_path / "run.jsonl"
    preds.write_text(json.dumps({"doc_id": "d", "field": "governing_law", "type": "place",
                                 "status": "found", "value": "New York", "confidence": 0.9,
                                 "evidence": []}) + "\n")
    result = cli("eval", "--gold", gold, "--predictions", preds, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{"):])
    assert data["micro"]["f1"] == 1.0
    assert data["fields"]["governing_law"]["tp"] == 1


@pytest.mark.parametrize("command", [["fields", "list"], ["serve"], ["worker"], ["consume"]])
def test_a_bad_setting_stops_every_command_with_one_line(command):
    """The same settings error, whichever entry point: one line, exit code 2, no traceback."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "IE_CHUNK_TOKENS": "999"}
    done = subprocess.run([sys.executable, "-m", "intelligent_extraction.cli", *command],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "IE_CHUNK_TOKENS" in done.stderr and "999" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_serve_refuses_to_start_without_api_keys(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "IE_API_KEYS": "", "IE_DATA_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "intelligent_extraction.cli", "serve"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "IE_API_KEYS" in done.stderr
    assert "Traceback" not in done.stderr
