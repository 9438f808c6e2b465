#!/usr/bin/env bash
# Create .venv and install the project with its dev extras.
# torch is installed first and pinned by constraints.txt to the local CPU build (2.13.0);
# an unpinned torch would pull several GB of CUDA wheels.
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
