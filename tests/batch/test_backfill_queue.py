"""``backfill --queue`` on the real service: Redis, PostgreSQL and a real Celery worker."""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys

import pytest

from intelligent_extraction import samples
from tests.service.conftest import (database_url, redis_url, service_env,  # noqa: F401
                                    service_settings, start_worker)

pytestmark = [pytest.mark.integration, pytest.mark.slow]


def test_queue_mode_writes_each_pair_once_and_a_rerun_reattaches_nothing(
        tmp_path, service_settings, start_worker, service_env):  # noqa: F811
    docs = tmp_path / "docs"
    docs.mkdir()
    samples.write_pdf(docs / "msa.pdf", samples.services_agreement())
    samples.write_text(docs / "statement.txt", samples.bank_statement())
    (docs / "broken.pdf").write_bytes(b"%PDF-1.7\n" + os.urandom(500))
    start_worker(concurrency=2)
    out, report = tmp_path / "out.jsonl", tmp_path / "report.json"
    cmd = [sys.executable, "-m", "intelligent_extraction.cli", "backfill", "--queue",
           "--input", str(docs), "--output", str(out), "--fields", "parties,governing_law",
           "--report", str(report)]
    env = {**os.environ, **service_env}
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    assert run.returncode == 3, run.stderr  # broken.pdf fails, alone
    records = [json.loads(line) for line in out.read_text().splitlines()]
    counts = collections.Counter((r["doc_id"], r["field"]) for r in records)
    assert len(counts) == 6 and set(counts.values()) == {1}
    by = {(r["doc_id"], r["field"]): r for r in records}
    assert by[("msa", "governing_law")]["status"] == "found"
    assert by[("broken", "parties")]["status"] == "error"
    assert json.loads(report.read_text())["mode"] == "queue"

    again = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=240)
    assert again.returncode == 3, again.stderr  # the broken file is retried, and fails again
    after = collections.Counter((json.loads(x)["doc_id"], json.loads(x)["field"])
                                for x in out.read_text().splitlines())
    assert after == counts
