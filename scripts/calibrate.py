"""Fit config/calibration.json from an uncalibrated run of the FIT set, and print reliability
tables with their expected calibration error. Every field with enough found values in the run
gets a map of its own; the others share one.

    # a run with no calibration (a fields dir whose parent holds no calibration.json)
    mkdir -p /tmp/nocal && cp -r config/fields /tmp/nocal/
    IE_FIELDS_DIR=/tmp/nocal/fields .venv/bin/intelligent-extraction eval \
        --gold ../shared/data/contracts-train/gold.jsonl --out train-raw.jsonl
    .venv/bin/python scripts/calibrate.py train-raw.jsonl --gold ../shared/data/contracts-train/gold.jsonl

Correctness is judged on the gold with the versioned corrections (config/gold_corrections.jsonl).
Fit on train; check the ECE on dev with ``eval`` afterwards. Never fit on the held-out set.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from intelligent_extraction.evaluation.calibrate import calibrate, save_calibrators
from intelligent_extraction.evaluation.corrections import default_corrections_path
from intelligent_extraction.evaluation.extraction_eval import load_records
from intelligent_extraction.evaluation.gold import load_gold

ROOT = Path(__file__).resolve().parents[1]


def _ece(rows: list[dict]) -> float:
    """Expected calibration error of a reliability table (count-weighted |right - confidence|)."""
    total = sum(r["count"] for r in rows) or 1
    return sum(r["count"] / total * abs(r["accuracy"] - r["mean_confidence"]) for r in rows)


def _print(title: str, rows: list[dict]) -> None:
    print(f"{title} ECE {_ece(rows):.3f}")
    print(f"  {'bin':>9} {'count':>6} {'mean conf':>10} {'share right':>12}")
    for r in rows:
        print(f"  {r['bin']:>9} {r['count']:>6} {r['mean_confidence']:>10.2f} {r['accuracy']:>12.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path)
    parser.add_argument("--gold", type=Path, required=True, help="gold of the fit set")
    parser.add_argument("--extractor", default="rules")
    parser.add_argument("--out", type=Path, default=ROOT / "config" / "calibration.json")
    args = parser.parse_args()
    gold = load_gold(args.gold, default_corrections_path())
    calibrators, raw, held_out = calibrate(load_records(args.run), gold)
    _print("raw confidence (before calibration):", raw)
    _print("calibrated, held-out documents (two folds):", held_out)
    save_calibrators(args.out, args.extractor, calibrators)
    own = ", ".join(sorted(calibrators.by_field)) or "none"
    print(f"wrote the {args.extractor} calibration to {args.out}: a shared map "
          f"({len(calibrators.shared.xs)} knots) and a map of their own for {own}")


if __name__ == "__main__":
    main()
