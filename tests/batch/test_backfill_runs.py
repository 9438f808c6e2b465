"""Real backfill runs on generated documents: worker processes, the real model, SIGKILL.

Each test gets its own data dir; the backfill runs as a subprocess (the console script's
code path) so killing it is a real SIGKILL of a real process tree.
"""

from __future__ import annotations

import collections
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from intelligent_extraction import samples

pytestmark = pytest.mark.slow

FIELDS = "parties,governing_law,effective_date,term"


@pytest.fixture()
def archive(tmp_path):
    """Ten good documents in three formats, with distinct contents."""
    docs = tmp_path / "docs"
    (docs / "2021").mkdir(parents=True)
    for i in range(6):
        samples.write_pdf(docs / f"msa-{i}.pdf", _variant(samples.services_agreement(), i))
    for i in range(2):
        samples.write_docx(docs / "2021" / f"record-{i}.docx",
                           _variant(samples.medical_record(), i))
        samples.write_text(docs / "2021" / f"statement-{i}.txt",
                           _variant(samples.bank_statement(), i))
    return docs


def _variant(doc, i: int):
    """The sample with one more closing line, so every file has its own content hash."""
    import dataclasses

    return dataclasses.replace(doc, closing=(*doc.closing, f"Reference number {1000 + i}."))


def _env(tmp_path) -> dict[str, str]:
    return {**os.environ, "IE_DATA_DIR": str(tmp_path / "data"), "COLUMNS": "120"}


def _cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "intelligent_extraction.cli", "backfill", *args]


def run_backfill(tmp_path, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run(_cmd(*args), env=_env(tmp_path), capture_output=True, text=True,
                          timeout=timeout)


def read_lines(path: Path) -> list[dict]:
    data = path.read_bytes()
    assert not data or data.endswith(b"\n"), "torn last line"
    return [json.loads(line) for line in data.splitlines()]


def pair_counts(path: Path) -> collections.Counter:
    return collections.Counter((r["doc_id"], r["field"]) for r in read_lines(path))


def _children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_sigkill_mid_run_then_resume_writes_each_pair_exactly_once(tmp_path, archive):
    out = tmp_path / "out.jsonl"
    args = ("--input", str(archive), "--output", str(out), "--fields", FIELDS, "--workers", "2")
    proc = subprocess.Popen(_cmd(*args), env=_env(tmp_path), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 240
    while not (out.exists() and out.stat().st_size) and time.monotonic() < deadline:
        assert proc.poll() is None, "the backfill ended before it could be killed"
        time.sleep(0.05)
    workers = _children(proc.pid)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert workers, "the backfill should run worker processes"
    deadline = time.monotonic() + 15
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers), "workers must die with the backfill"

    first = pair_counts(out)
    assert first and max(first.values()) == 1
    assert len(first) < 10 * 4, "killed mid-run: some pairs must be left to do"
    # A kill can also land inside a write; leave what that looks like: half a record.
    with open(out, "ab") as fh:
        fh.write(b'{"doc_id": "msa-5", "source": "msa-5.pdf", "field": "part')

    done = run_backfill(tmp_path, *args)
    assert done.returncode == 0, done.stderr
    counts = pair_counts(out)
    assert len(counts) == 10 * 4 and set(counts.values()) == {1}
    records = read_lines(out)
    assert {r["status"] for r in records} <= {"found", "not_found"}
    assert all(r["backfill"]["content_sha256"] and r["backfill"]["field_version"]
               for r in records)

    again = run_backfill(tmp_path, *args, "--report", str(tmp_path / "r.json"))
    assert again.returncode == 0, again.stderr
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["records"]["written"] == 0 and report["documents"]["already_done"] == 10
    assert pair_counts(out) == counts


def test_a_corrupt_file_and_an_escaping_manifest_path_fail_alone(tmp_path, archive):
    (archive / "broken.pdf").write_bytes(b"%PDF-1.7\n" + os.urandom(2000))
    (tmp_path / "outside.txt").write_text("Governed by the laws of Texas.")
    manifest = tmp_path / "manifest.jsonl"
    rows = [{"path": "msa-0.pdf"}, {"path": "broken.pdf"}, {"path": "../outside.txt"},
            {"path": "2021/statement-1.txt", "doc_id": "stmt"}]
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out, report = tmp_path / "out.jsonl", tmp_path / "report.json"

    run = run_backfill(tmp_path, "--input", str(manifest), "--root", str(archive),
                       "--output", str(out), "--fields", "governing_law,parties",
                       "--workers", "1", "--report", str(report))
    assert run.returncode == 3, run.stderr
    by_doc = collections.defaultdict(dict)
    for r in read_lines(out):
        by_doc[r["doc_id"]][r["field"]] = r
    assert set(by_doc) == {"msa-0", "broken", "outside", "stmt"}
    assert by_doc["msa-0"]["governing_law"]["status"] == "found"
    assert by_doc["stmt"]["parties"]["status"] in ("found", "not_found")
    for doc_id, reason in (("broken", "broken.pdf"), ("outside", "escapes the root")):
        assert [r["status"] for r in by_doc[doc_id].values()] == ["error", "error"]
        assert all(reason in r["error"] for r in by_doc[doc_id].values())
    failures = json.loads(report.read_text())["failures"]
    assert sorted(f["doc_id"] for f in failures) == ["broken", "outside"]
    assert "escapes the root" in run.stdout


def test_dry_run_changes_nothing_and_force_rewrites_in_place(tmp_path, archive):
    out = tmp_path / "out.jsonl"
    args = ("--input", str(archive / "msa-*.pdf"), "--output", str(out), "--fields",
            "governing_law", "--workers", "1")
    first = run_backfill(tmp_path, *args, "--limit", "2")
    assert first.returncode == 0, first.stderr
    with open(out, "ab") as fh:
        fh.write(b'{"torn')  # a dry run must not even repair this
    before = (out.read_bytes(), out.stat().st_mtime_ns, sorted(os.listdir(tmp_path / "data")))

    dry = run_backfill(tmp_path, *args, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "2 documents already done" in dry.stdout and "4 to run" in dry.stdout
    assert (out.read_bytes(), out.stat().st_mtime_ns,
            sorted(os.listdir(tmp_path / "data"))) == before

    forced = run_backfill(tmp_path, *args, "--force")
    assert forced.returncode == 0, forced.stderr
    counts = pair_counts(out)
    assert len(counts) == 6 and set(counts.values()) == {1}


def test_an_indexed_unchanged_file_is_not_parsed_again_and_an_edited_one_is(tmp_path, archive):
    args = ("--input", str(archive / "2021"), "--fields", "governing_law", "--workers", "1")

    def run(name: str) -> dict:
        report = tmp_path / f"{name}.json"
        done = run_backfill(tmp_path, *args, "--output", str(tmp_path / f"{name}.jsonl"),
                            "--report", str(report))
        assert done.returncode == 0, done.stderr
        return json.loads(report.read_text())

    cold = run("cold")
    assert cold["documents"]["indexed"] == 4 and "parse_chunk" in cold["worker_time_ms"]
    warm = run("warm")  # a new output: every field again, on the indexed documents
    assert warm["documents"]["processed"] == 4 and warm["documents"]["indexed"] == 0
    assert "parse_chunk" not in warm["worker_time_ms"] and "index_check" in warm["worker_time_ms"]
    samples.write_text(archive / "2021" / "statement-0.txt", _variant(samples.bank_statement(), 9))
    edited = run("edited")
    assert edited["documents"]["indexed"] == 1
    records = read_lines(tmp_path / "edited.jsonl")
    assert {r["source"] for r in records} == {"record-0.docx", "record-1.docx",
                                              "statement-0.txt", "statement-1.txt"}
