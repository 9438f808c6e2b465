"""Fit config/calibration.json from an uncalibrated run and print reliability tables.

    .venv/bin/intelligent-extraction eval --out run.jsonl        # with no calibration.json
    .venv/bin/python scripts/calibrate.py run.jsonl [--gold ../shared/data/contracts-dev/gold.jsonl]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from intelligent_extraction.evaluation.calibrate import calibrate, save_calibrator
from intelligent_extraction.evaluation.extraction_eval import load_records
from intelligent_extraction.evaluation.gold import load_gold

ROOT = Path(__file__).resolve().parents[1]


def _print(title: str, rows: list[dict]) -> None:
    print(title)
    print(f"  {'bin':>9} {'count':>6} {'mean conf':>10} {'share right':>12}")
    for r in rows:
        print(f"  {r['bin']:>9} {r['count']:>6} {r['mean_confidence']:>10.2f} {r['accuracy']:>12.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path)
    parser.add_argument("--gold", type=Path,
                        default=ROOT.parent / "shared" / "data" / "contracts-dev" / "gold.jsonl")
    parser.add_argument("--extractor", default="rules")
    parser.add_argument("--out", type=Path, default=ROOT / "config" / "calibration.json")
    args = parser.parse_args()
    calibrator, raw, held_out = calibrate(load_records(args.run), load_gold(args.gold))
    _print("raw confidence (before calibration):", raw)
    _print("calibrated, held-out documents (two folds):", held_out)
    save_calibrator(args.out, args.extractor, calibrator)
    print(f"wrote {args.extractor} calibrator with {len(calibrator.xs)} knots to {args.out}")


if __name__ == "__main__":
    main()
