#!/usr/bin/env python3
"""Backfill an archive: a thin wrapper over ``intelligent-extraction backfill``.

    .venv/bin/python scripts/backfill.py --input DIR|GLOB|MANIFEST --output out.jsonl [--all]

Every option is the command's (``--help`` lists them); this script only exists so schedulers
that run scripts, not console entry points, can start a backfill.
"""

import sys

from intelligent_extraction.cli import main

if __name__ == "__main__":
    sys.argv[1:1] = ["backfill"]
    main()
