"""Batch work over many documents: ``backfill`` (resumable, exactly once per (document,
field)) and ``calibrate`` (retrieval thresholds fitted on labelled documents)."""

from .backfill import BackfillOptions, plan_backfill, run_backfill
from .inputs import BatchInput, discover_inputs
from .output import META_KEY, OutputLedger, read_entries

__all__ = [
    "BackfillOptions",
    "BatchInput",
    "META_KEY",
    "OutputLedger",
    "discover_inputs",
    "plan_backfill",
    "read_entries",
    "run_backfill",
]
