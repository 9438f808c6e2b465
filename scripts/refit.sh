#!/usr/bin/env bash
# Refit everything that is learned from labelled contracts, in order, then score both sets:
#   1. the candidate scorers and per-field thresholds (`train --write`), fitted on TRAIN only;
#   2. the confidence calibration, fitted on an uncalibrated run of TRAIN (scripts/calibrate.py);
#   3. `eval` on TRAIN (in-sample) and on DEV (held out, never fitted on).
# Run it after a change to the candidate readers or the field YAMLs.
#
#   scripts/refit.sh WORK_DIR [TRAIN_DIR] [DEV_DIR]
#
# WORK_DIR keeps the data dirs (indexed once, reused by every later run: set TRAIN_DATA /
# DEV_DATA to reuse existing ones), the labelled candidates and every run's records and
# summary. TRAIN_DIR / DEV_DIR hold gold.jsonl and docs/ (default ../shared/data/contracts-*).
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${1:?usage: scripts/refit.sh WORK_DIR [TRAIN_DIR] [DEV_DIR]}
TRAIN=${2:-../shared/data/contracts-train}
DEV=${3:-../shared/data/contracts-dev}
TRAIN_DATA=${TRAIN_DATA:-$WORK/train-data}
DEV_DATA=${DEV_DATA:-$WORK/dev-data}
IE=.venv/bin/intelligent-extraction
mkdir -p "$WORK"
# the candidates depend on the readers: collect them afresh
rm -f "$WORK/train-cases.jsonl" "$WORK/dev-cases.jsonl"

echo "== 1. scorers and thresholds, fitted on $TRAIN" >&2
IE_DATA_DIR=$DEV_DATA $IE train --gold "$DEV/gold.jsonl" --cases "$WORK/dev-cases.jsonl" \
    > "$WORK/dev-collect.log"
IE_DATA_DIR=$TRAIN_DATA $IE train --gold "$TRAIN/gold.jsonl" --cases "$WORK/train-cases.jsonl" \
    --holdout-cases "$WORK/dev-cases.jsonl" --json "$WORK/fit.json" --write | tee "$WORK/fit.log"

echo "== 2. calibration, fitted on an uncalibrated run of $TRAIN" >&2
NOCAL=$(mktemp -d)
trap 'rm -rf "$NOCAL"' EXIT
cp -r config/fields "$NOCAL/" && cp config/gold_corrections.jsonl "$NOCAL/"
IE_FIELDS_DIR=$NOCAL/fields IE_DATA_DIR=$TRAIN_DATA $IE eval --gold "$TRAIN/gold.jsonl" \
    --out "$WORK/train-raw.jsonl" --json > "$WORK/train-raw-eval.json"
.venv/bin/python scripts/calibrate.py "$WORK/train-raw.jsonl" --gold "$TRAIN/gold.jsonl" \
    | tee "$WORK/calibrate.log"

echo "== 3. scores: $TRAIN (in-sample) and $DEV (held out)" >&2
IE_DATA_DIR=$TRAIN_DATA $IE eval --gold "$TRAIN/gold.jsonl" --out "$WORK/train.jsonl" --json \
    > "$WORK/train-eval.json"
IE_DATA_DIR=$DEV_DATA $IE eval --gold "$DEV/gold.jsonl" --out "$WORK/dev.jsonl" --json \
    > "$WORK/dev-eval.json"
.venv/bin/python scripts/eval_table.py train="$WORK/train-eval.json" dev="$WORK/dev-eval.json"
