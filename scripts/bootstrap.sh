#!/usr/bin/env bash
# Create .venv and install the project with its dev extras.
# torch is installed first, pinned to 2.13.0 by constraints.txt so installs are reproducible:
# pip takes the machine's local CPU build where one lies in its find-links, else PyPI's CUDA
# build (several GB, runs on the CPU; pip's cache makes a second install fast).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -c constraints.txt "torch==2.13.0"
.venv/bin/python -m pip install --quiet -c constraints.txt -e '.[dev]'
echo "bootstrap: .venv ready ($(.venv/bin/python -c 'import torch; print("torch", torch.__version__)'))"
