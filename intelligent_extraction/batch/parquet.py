"""``backfill --format parquet``: a columnar copy of the durable JSONL, for analysts.

The JSONL stays the source of truth (it is what resuming reads); the Parquet file is derived
from it at the end of a run, written to a temporary name and renamed, so a reader never sees a
half-written file. Nested values (``value``, ``evidence``, ``timings_ms``, ``backfill``) are
kept as JSON strings: their shape differs per field type, which Parquet cannot hold as one
column type.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..errors import ConfigError

__all__ = ["jsonl_to_parquet"]

_SCALARS = ("doc_id", "source", "field", "type", "status", "raw", "confidence", "strategy",
            "attempts", "error")
_NESTED = ("value", "evidence", "timings_ms", "backfill")


def jsonl_to_parquet(source: Path, target: Path) -> int:
    """Write ``target`` from the records in ``source``; returns the number of rows."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ConfigError("--format parquet needs pyarrow: pip install "
                          "'intelligent-extraction[batch]'") from exc
    columns: dict[str, list] = {name: [] for name in (*_SCALARS, *_NESTED)}
    with open(source, encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            for name in _SCALARS:
                columns[name].append(record.get(name))
            for name in _NESTED:
                columns[name].append(json.dumps(record.get(name), ensure_ascii=False))
    tmp = target.with_name(target.name + ".tmp")
    pq.write_table(pa.table(columns), tmp)
    os.replace(tmp, target)
    return len(columns["doc_id"])
