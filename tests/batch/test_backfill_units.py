"""The backfill's pure parts: inputs, the output ledger, planning. No model, no workers."""

from __future__ import annotations

import json

import pytest

from intelligent_extraction.batch.inputs import discover_inputs
from intelligent_extraction.batch.output import META_KEY, OutputLedger, read_entries
from intelligent_extraction.batch.plan import make_plan
from intelligent_extraction.errors import ConfigError


def record(doc_id: str, field: str, *, status: str = "found", sha: str = "h1",
           version: str = "v1") -> dict:
    return {"doc_id": doc_id, "field": field, "status": status,
            META_KEY: {"content_sha256": sha, "field_version": version}}


# ----------------------------------------------------------------------------- inputs


def test_directory_is_walked_recursively_by_extension_and_ids_are_stems(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/one.pdf", "a/b/two.TXT", "a/b/skip.csv", "three.docx"):
        (tmp_path / name).write_bytes(b"x")
    found = discover_inputs(str(tmp_path))
    assert [(i.path.relative_to(tmp_path).as_posix(), i.doc_id) for i in found] == [
        ("a/b/two.TXT", "two"), ("a/one.pdf", "one"), ("three.docx", "three")]
    assert [i.doc_id for i in discover_inputs(str(tmp_path), extensions=("pdf",))] == ["one"]


def test_glob_and_missing_input(tmp_path):
    (tmp_path / "x.pdf").write_bytes(b"x")
    (tmp_path / "y.md").write_bytes(b"x")
    assert [i.doc_id for i in discover_inputs(str(tmp_path / "*.pdf"))] == ["x"]
    with pytest.raises(ConfigError, match="nothing.pdf"):
        discover_inputs(str(tmp_path / "nothing.pdf"))


def test_manifest_resolves_under_root_and_an_escaping_path_is_an_error_row(tmp_path):
    root = tmp_path / "archive"
    (root / "2020").mkdir(parents=True)
    (root / "2020" / "c.pdf").write_bytes(b"x")
    (tmp_path / "secret.pdf").write_bytes(b"x")
    manifest = tmp_path / "m.jsonl"
    manifest.write_text("\n".join(json.dumps(r) for r in [
        {"path": "2020/c.pdf", "doc_id": "contract-7"},
        {"path": "../secret.pdf"},
        {"path": str(tmp_path / "secret.pdf")},  # absolute, outside the root
        {"doc_id": "no-path"},
    ]) + "\n")
    rows = discover_inputs(str(manifest), root=root)
    assert rows[0].doc_id == "contract-7" and rows[0].problem is None
    assert rows[0].path == (root / "2020" / "c.pdf").resolve()
    assert rows[1].doc_id == "secret" and "escapes the root" in rows[1].problem
    assert "m.jsonl:2" in rows[1].problem and "'../secret.pdf'" in rows[1].problem
    assert "escapes the root" in rows[2].problem
    assert rows[3].problem.endswith("path: is required (got None)")


def test_csv_manifest_needs_a_path_column(tmp_path):
    good = tmp_path / "m.csv"
    good.write_text("path,doc_id\na.pdf,\nb.pdf,bee\n")
    assert [i.doc_id for i in discover_inputs(str(good))] == ["a", "bee"]
    bad = tmp_path / "bad.csv"
    bad.write_text("file\na.pdf\n")
    with pytest.raises(ConfigError, match="needs a 'path' column"):
        discover_inputs(str(bad))


# ----------------------------------------------------------------------------- ledger


def test_ledger_truncates_a_torn_tail_and_appends_on_a_fresh_line(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(record("d1", "f1")) + "\n" + '{"doc_id": "d1", "fie')
    with OutputLedger(out) as ledger:
        assert ledger.repaired_bytes == len('{"doc_id": "d1", "fie')
        assert set(ledger.entries) == {("d1", "f1")}
        ledger.append([record("d1", "f2"), record("d2", "f1")])
    lines = out.read_text().splitlines()
    assert [json.loads(x)["field"] for x in lines] == ["f1", "f2", "f1"]


def test_ledger_drop_rewrites_atomically_and_keeps_appending(tmp_path):
    out = tmp_path / "out.jsonl"
    with OutputLedger(out) as ledger:
        ledger.append([record("d1", "f1"), record("d1", "f2"), record("d2", "f1")])
        assert ledger.drop([("d1", "f2"), ("nope", "f1")]) == 1
        ledger.append([record("d1", "f2", sha="h2")])
    assert read_entries(out)[("d1", "f2")].content_sha256 == "h2"
    assert len(out.read_text().splitlines()) == 3
    assert not list(tmp_path.glob("*.tmp"))


def test_a_second_writer_is_refused(tmp_path):
    out = tmp_path / "out.jsonl"
    with OutputLedger(out):
        with pytest.raises(ConfigError, match="another backfill is writing"):
            OutputLedger(out).__enter__()


def test_a_foreign_line_in_the_middle_is_an_error_naming_the_line(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text(json.dumps(record("d1", "f1")) + "\nnot json\n")
    with pytest.raises(ConfigError, match=r"out.jsonl:2: not a backfill record"):
        read_entries(out)


# ----------------------------------------------------------------------------- planning


def _inputs(tmp_path, *names):
    for name in names:
        (tmp_path / name).write_bytes(name.encode())
    return discover_inputs(str(tmp_path))


def test_plan_skips_current_pairs_and_redoes_stale_errors_and_forced(tmp_path):
    from intelligent_extraction.batch.versions import content_hash

    inputs = _inputs(tmp_path, "a.txt", "b.txt")
    sha_a = content_hash(tmp_path / "a.txt")
    versions = {"f1": "v1", "f2": "v2"}
    entries = {
        ("a", "f1"): read_record(record("a", "f1", sha=sha_a, version="v1")),
        ("a", "f2"): read_record(record("a", "f2", sha=sha_a, version="OLD")),
        ("b", "f1"): read_record(record("b", "f1", sha="edited", version="v1")),
        ("b", "f2"): read_record(record("b", "f2", status="error",
                                        sha=content_hash(tmp_path / "b.txt"), version="v2")),
    }
    plan = make_plan(inputs, ["f1", "f2"], versions, entries)
    assert [(t.doc_id, t.fields) for t in plan.tasks] == [("a", ["f2"]), ("b", ["f1", "f2"])]
    assert sorted(plan.stale) == [("a", "f2"), ("b", "f1"), ("b", "f2")]
    assert plan.done_pairs == 1
    forced = make_plan(inputs, ["f1", "f2"], versions, entries, force=True)
    assert forced.pairs == 4 and len(forced.stale) == 4


def read_record(rec):
    from intelligent_extraction.batch.output import _entry

    return _entry(rec)


def test_plan_limit_counts_documents_with_work_and_duplicate_ids_are_skipped(tmp_path):
    (tmp_path / "sub").mkdir()
    inputs = _inputs(tmp_path, "a.txt", "b.txt", "c.txt", "sub/a.md")
    plan = make_plan(inputs, ["f1"], {"f1": "v1"}, {}, limit=2)
    assert [t.doc_id for t in plan.tasks] == ["a", "b"]
    assert plan.deferred == 1
    assert plan.duplicates == [{"doc_id": "a", "path": str(tmp_path / "sub" / "a.md"),
                                "kept": str(tmp_path / "a.txt")}]


def test_field_versions_change_with_the_config_and_its_dependencies(tmp_path):
    import shutil

    from intelligent_extraction.batch.versions import field_versions
    from intelligent_extraction.service import ExtractionService
    from intelligent_extraction.settings import PROJECT_ROOT, Settings

    fields_dir = tmp_path / "fields"
    shutil.copytree(PROJECT_ROOT / "config" / "fields", fields_dir)
    names = ["effective_date", "expiration_date", "governing_law"]

    def versions():
        return field_versions(ExtractionService(Settings.load(fields_dir=fields_dir)), names, None)

    before = versions()
    path = fields_dir / "effective_date.yaml"
    path.write_text(path.read_text() + "\n# a comment changes nothing\n")
    assert versions() == before
    assert "\nmin_score:" not in path.read_text()  # no top-level key yet (extraction: has one)
    path.write_text(path.read_text() + "min_score: 0.05\n")
    after = versions()
    assert after["effective_date"] != before["effective_date"]
    assert after["expiration_date"] != before["expiration_date"], "reads effective_date"
    assert after["governing_law"] == before["governing_law"]


def test_parquet_copy_keeps_every_record(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    from intelligent_extraction.batch.parquet import jsonl_to_parquet

    out = tmp_path / "out.jsonl"
    with OutputLedger(out) as ledger:
        ledger.append([record("d1", "f1") | {"value": {"amount": "5"}}, record("d2", "f1")])
    assert jsonl_to_parquet(out, tmp_path / "out.parquet") == 2
    table = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert [r["doc_id"] for r in table] == ["d1", "d2"]
    assert json.loads(table[0]["value"]) == {"amount": "5"}
    assert json.loads(table[1]["backfill"])["content_sha256"] == "h1"
