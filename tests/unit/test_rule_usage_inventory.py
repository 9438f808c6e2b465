"""scripts/rule_usage.py names every special case of the readers by its text in the source: an
edit to a reader that changes such a text must update the inventory in the same commit, or the
usage count (the method behind "rules that earn their keep") stops with the entry's name."""

from __future__ import annotations

import subprocess
import sys

from intelligent_extraction.settings import PROJECT_ROOT


def test_the_inventory_matches_the_readers_source():
    out = subprocess.run(
        [sys.executable, str(PROJECT_ROOT / "scripts" / "rule_usage.py"), "--list"],
        capture_output=True, text=True, cwd=PROJECT_ROOT, timeout=300,
    )
    assert out.returncode == 0, (out.stdout + out.stderr)[-2000:]
    assert "inventory out of date" not in out.stdout + out.stderr
    assert out.stdout.strip().endswith("entries")
