"""Gold corrections: applied by (doc_id, field), not-applicable rows counted, bad rows named.

Every document, name and value here is invented.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from intelligent_extraction.errors import ConfigError
from intelligent_extraction.evaluation.corrections import (
    default_corrections_path,
    load_corrections,
)
from intelligent_extraction.evaluation.extraction_eval import correction_summary
from intelligent_extraction.evaluation.gold import load_gold

HEADER = {"version": 1, "description": "test corrections"}


def _write_jsonl(path: Path, rows: list[object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture()
def gold_path(tmp_path: Path) -> Path:
    return _write_jsonl(tmp_path / "gold.jsonl", [
        {"doc_id": "doc-a", "dataset": "cuad", "field": "parties", "kind": "value",
         "values": ["Quillfeather, Inc.", "Marrowby LLC", "QUILLFEATHER and MARROWBY"],
         "spans": []},
        {"doc_id": "doc-a", "dataset": "cuad", "field": "warranty_duration", "kind": "clause",
         "values": [], "spans": ["the goods carry a warranty"]},
        {"doc_id": "doc-b", "dataset": "cuad", "field": "parties", "kind": "value",
         "values": ["Tallow Works Ltd.", "Fennimore GmbH"], "spans": []},
    ])


def _correction(doc_id="doc-a", field="parties", values=("Quillfeather, Inc.", "Marrowby LLC"),
                reason="gold lists the alias 'QUILLFEATHER and MARROWBY' as a party name"):
    values = values if isinstance(values, str) else list(values)
    return {"doc_id": doc_id, "field": field, "values": values, "reason": reason}


def test_corrections_replace_values_and_keep_the_published_ones(tmp_path, gold_path):
    corrections = _write_jsonl(tmp_path / "fix.jsonl", [
        HEADER, _correction(), _correction(doc_id="doc-of-another-set"),
    ])
    rows = load_gold(gold_path, corrections=corrections)
    a = next(r for r in rows if r.doc_id == "doc-a" and r.field == "parties")
    assert a.values == ("Quillfeather, Inc.", "Marrowby LLC") and a.corrected
    assert a.as_published().values[-1] == "QUILLFEATHER and MARROWBY"
    b = next(r for r in rows if r.doc_id == "doc-b")
    assert not b.corrected and b.as_published() is b
    # without corrections the gold is read as published
    assert [r.values for r in load_gold(gold_path)][0][-1] == "QUILLFEATHER and MARROWBY"


def test_summary_counts_applied_and_not_applicable_and_scores_both(tmp_path, gold_path):
    corrections = load_corrections(_write_jsonl(tmp_path / "fix.jsonl", [
        HEADER, _correction(), _correction(doc_id="doc-of-another-set"),
    ]))
    rows = load_gold(gold_path, corrections)
    records = [
        {"doc_id": "doc-a", "field": "parties", "type": "party_list", "status": "found",
         "value": ["Marrowby LLC", "Quillfeather Inc"], "confidence": 0.9},
        {"doc_id": "doc-b", "field": "parties", "type": "party_list", "status": "found",
         "value": ["Tallow Works Ltd.", "Fennimore GmbH"], "confidence": 0.9},
    ]
    summary = correction_summary(records, rows, corrections)
    assert (summary["rows"], summary["applied"], summary["not_applicable"]) == (2, 1, 1)
    assert summary["version"] == 1 and summary["file"].endswith("fix.jsonl")
    # corrected: both right; as published: doc-a is wrong (a miss and a false positive)
    assert summary["micro_f1"]["with"] == 1.0
    assert summary["micro_f1"]["without"] == pytest.approx(0.5)


def test_no_corrections_reports_only_the_published_score(gold_path):
    summary = correction_summary([], load_gold(gold_path), None)
    assert summary["file"] is None and summary["micro_f1"]["with"] is None


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("{not json", r"fix.jsonl:3: not JSON"),
        (["a", "list"], r"fix.jsonl:3: expected a JSON object"),
        ({"doc_id": "doc-a", "field": "parties", "values": []},
         r"fix.jsonl:3: missing key 'reason'"),
        ({**_correction(), "note": "x"}, r"fix.jsonl:3: unknown key 'note' \(value 'x'\)"),
        (_correction(values="Acme Inc."), r"fix.jsonl:3: key 'values': .* got 'Acme Inc.'"),
        (_correction(reason=" "), r"fix.jsonl:3: key 'reason': expected non-empty text"),
        (_correction(doc_id=7), r"fix.jsonl:3: key 'doc_id': expected non-empty text, got 7"),
        (_correction(), r"fix.jsonl:3: doc_id 'doc-a' field 'parties' is already corrected on "
                        r"line 2"),
    ],
)
def test_malformed_rows_name_file_line_and_key(tmp_path, row, message):
    path = tmp_path / "fix.jsonl"
    bad = row if isinstance(row, str) else json.dumps(row)
    path.write_text(json.dumps(HEADER) + "\n" + json.dumps(_correction()) + "\n" + bad + "\n")
    with pytest.raises(ConfigError, match=message):
        load_corrections(path)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (_correction(), r"fix.jsonl:1: the first line must be the header"),
        ({"version": "one", "description": "x"}, r"fix.jsonl:1: key 'version': .* got 'one'"),
        ({"version": 1, "description": ""}, r"fix.jsonl:1: key 'description'"),
    ],
)
def test_header_is_required_and_checked(tmp_path, header, message):
    path = _write_jsonl(tmp_path / "fix.jsonl", [header, _correction()])
    with pytest.raises(ConfigError, match=message):
        load_corrections(path)


def test_missing_or_empty_file_is_one_clear_error(tmp_path):
    with pytest.raises(ConfigError, match=r"nope.jsonl: cannot read"):
        load_corrections(tmp_path / "nope.jsonl")
    (tmp_path / "empty.jsonl").write_text("\n")
    with pytest.raises(ConfigError, match=r"empty.jsonl: empty"):
        load_corrections(tmp_path / "empty.jsonl")


def test_a_field_the_gold_document_lacks_is_an_error(tmp_path, gold_path):
    corrections = _write_jsonl(tmp_path / "fix.jsonl", [
        HEADER, _correction(), _correction(field="partys"),
    ])
    with pytest.raises(ConfigError, match=r"fix.jsonl:3: key 'field': .*gold.jsonl has no row "
                                          r"for field 'partys' of doc_id 'doc-a'"):
        load_gold(gold_path, corrections)


def test_a_clause_row_cannot_be_corrected(tmp_path, gold_path):
    corrections = _write_jsonl(tmp_path / "fix.jsonl", [
        HEADER, _correction(field="warranty_duration", values=["one year"]),
    ])
    with pytest.raises(ConfigError, match=r"fix.jsonl:2: .*'warranty_duration' of doc_id "
                                          r"'doc-a' is a clause row"):
        load_gold(gold_path, corrections)


def test_the_shipped_corrections_file_is_valid():
    corrections = load_corrections(default_corrections_path())
    assert corrections.version >= 1 and len(corrections) > 0
    assert all(c.reason.strip() for c in corrections.rows.values())
