"""What a backfill run did: counters, failures, where the time went, for ``--report``."""

from __future__ import annotations

import json
import resource
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["RunSummary", "peak_rss_mb"]


def peak_rss_mb() -> dict[str, float]:
    """Peak resident memory of this process and of its largest finished child (MiB; Linux
    reports KiB). A child's peak is only known once it has exited."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {"parent": round(own, 1), "largest_worker": round(child, 1)}


@dataclass
class RunSummary:
    input: str
    output: str
    mode: str
    workers: int
    fields: list[str]
    started: float = field(default_factory=time.time)
    wall_s: float = 0.0
    documents_total: int = 0
    documents_done_before: int = 0  # every field already current: skipped
    documents_processed: int = 0
    documents_indexed: int = 0  # embedded and written (the rest were already indexed)
    documents_deferred: int = 0  # beyond --limit
    pairs_done_before: int = 0
    pairs_dropped: int = 0  # superseded lines removed before redoing them
    repaired_bytes: int = 0  # a torn tail from a killed run, truncated
    statuses: Counter = field(default_factory=Counter)
    chunks: int = 0
    cpu_s: float = 0.0  # workers' CPU time on documents (local runs)
    timings_ms: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    failures: list[dict[str, str]] = field(default_factory=list)
    duplicates: list[dict[str, str]] = field(default_factory=list)
    interrupted: bool = False

    @property
    def records_written(self) -> int:
        return sum(self.statuses.values())

    def add(self, records: list[dict[str, Any]], timings: dict[str, float], chunks: int,
            cpu_s: float = 0.0) -> None:
        self.documents_processed += 1
        self.cpu_s += cpu_s
        self.statuses.update(r["status"] for r in records)
        self.chunks += chunks
        for stage, ms in timings.items():
            self.timings_ms[stage] += ms

    def to_dict(self) -> dict[str, Any]:
        minutes = self.wall_s / 60 or float("nan")
        return {
            "input": self.input, "output": self.output, "mode": self.mode,
            "workers": self.workers, "fields": self.fields, "interrupted": self.interrupted,
            "wall_s": round(self.wall_s, 2),
            "documents": {"total": self.documents_total,
                          "already_done": self.documents_done_before,
                          "processed": self.documents_processed,
                          "indexed": self.documents_indexed,
                          "deferred_by_limit": self.documents_deferred,
                          "failed": len(self.failures)},
            "records": {"written": self.records_written, "by_status": dict(self.statuses),
                        "already_done": self.pairs_done_before,
                        "superseded_dropped": self.pairs_dropped},
            "repaired_torn_bytes": self.repaired_bytes,
            "throughput": {"documents_per_min": round(self.documents_processed / minutes, 1),
                           "fields_per_s": round(self.records_written / (minutes * 60), 1)},
            "chunks": self.chunks,
            "worker_cpu_s": round(self.cpu_s, 2),
            "worker_time_ms": {k: round(v, 1) for k, v in sorted(self.timings_ms.items())},
            "peak_rss_mb": peak_rss_mb(),
            "failures": self.failures,
            "duplicate_doc_ids": self.duplicates,
        }

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
