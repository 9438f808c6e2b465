"""Rich tables for evaluation reports."""

from __future__ import annotations

import statistics

from rich.console import Console
from rich.table import Table

from .retrieval_eval import KS, RecallReport

__all__ = ["print_recall_report"]


def print_recall_report(report: RecallReport, console: Console) -> None:
    methods = list(report.ranks)
    table = Table(title=f"evidence recall@{'/'.join(map(str, KS))} "
                        f"({report.documents} documents, {report.rows} rows)")
    table.add_column("field")
    table.add_column("rows", justify="right")
    for m in methods:
        table.add_column(m, justify="right")
    for f in report.fields():
        n = len(report.ranks[methods[0]][f])
        cells = ["/".join(f"{report.recall(m, f, k):.2f}" for k in KS) for m in methods]
        table.add_row(f, str(n), *cells)
    table.add_row("[bold]all", str(report.rows),
                  *["[bold]" + "/".join(f"{report.recall(m, None, k):.3f}" for k in KS)
                    for m in methods])
    console.print(table)
    lat = Table(title="ranking latency per row (ms, incl. query embedding)")
    lat.add_column("method")
    lat.add_column("p50", justify="right")
    lat.add_column("p95", justify="right")
    for m in methods:
        values = sorted(report.latency_ms[m])
        if values:
            p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
            lat.add_row(m, f"{statistics.median(values):.1f}", f"{p95:.1f}")
    console.print(lat)
