"""Markdown table of `eval --json` reports side by side (the README's train/dev table).

    .venv/bin/python scripts/eval_table.py train=train.json dev=dev.json [before-dev=old.json]

Each argument is ``label=path`` of a report written by ``intelligent-extraction eval --json``.
Rows: every value field, then micro P/R/F1, strict evidence recall@5, ECE and micro F1 without
the gold corrections; one F1 column per report (P/R/F1 for micro).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _load(arg: str) -> tuple[str, dict]:
    label, _, path = arg.partition("=")
    if not path:
        sys.exit(f"{arg!r}: expected label=path")
    return label, json.loads(Path(path).read_text(encoding="utf-8"))


def _f(value) -> str:
    return "-" if value is None else f"{value:.3f}"


def table(reports: list[tuple[str, dict]]) -> str:
    fields = sorted({name for _, r in reports for name, s in r["fields"].items()
                     if s.get("value_field")})
    lines = ["| field | " + " | ".join(label for label, _ in reports) + " |",
             "|---|" + "---:|" * len(reports)]
    for name in fields:
        cells = [_f(r["fields"].get(name, {}).get("f1")) for _, r in reports]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    micro = [f"{_f(r['micro']['precision'])} / {_f(r['micro']['recall'])} / "
             f"**{_f(r['micro']['f1'])}**" for _, r in reports]
    lines.append("| **micro P / R / F1** | " + " | ".join(micro) + " |")
    lines.append("| evidence recall@5 (strict) | "
                 + " | ".join(_f(r["evidence_recall"].get("@5")) for _, r in reports) + " |")
    lines.append("| ECE (found values) | " + " | ".join(_f(r.get("ece")) for _, r in reports)
                 + " |")
    without = [_f((r.get("corrections") or {}).get("micro_f1", {}).get("without"))
               for _, r in reports]
    lines.append("| micro F1, gold as published | " + " | ".join(without) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(table([_load(a) for a in sys.argv[1:]]))
