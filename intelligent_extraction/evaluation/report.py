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


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def print_extraction_report(data: dict, console: Console) -> None:
    """Per-field precision/recall/F1 and evidence recall, micro F1, reliability table."""
    table = Table(title=f"extraction on {data['documents']} documents ({data['errors']} errors)")
    for col in ("field", "P", "R", "F1", "tp", "fp", "fn", "ev@1", "ev@3", "ev@5", "ev rows"):
        table.add_column(col, justify="left" if col == "field" else "right")
    for name, s in data["fields"].items():
        value = s["value_field"]
        table.add_row(
            name,
            *(_fmt(s[k]) if value else "-" for k in ("precision", "recall", "f1")),
            *(str(s[k]) if value else "-" for k in ("tp", "fp", "fn")),
            *(_fmt(s[f"evidence@{k}"]) for k in (1, 3, 5)),
            str(s["evidence_rows"]),
        )
    m = data["micro"]
    ev = data["evidence_recall"]
    table.add_row("[bold]micro (value fields)", _fmt(m["precision"]), _fmt(m["recall"]),
                  f"[bold]{_fmt(m['f1'])}", str(m["tp"]), str(m["fp"]), str(m["fn"]),
                  _fmt(ev["@1"]), _fmt(ev["@3"]), f"[bold]{_fmt(ev['@5'])}", "")
    console.print(table)
    rel = Table(title="confidence reliability (found values)")
    for col in ("confidence", "count", "mean confidence", "share right"):
        rel.add_column(col, justify="right")
    for row in data["reliability"]:
        rel.add_row(row["bin"], str(row["count"]), f"{row['mean_confidence']:.2f}",
                    f"{row['accuracy']:.2f}")
    console.print(rel)
    if data.get("seconds_per_document") is not None:
        spent = ", ".join(f"{k} {v / 1000:.1f}s" for k, v in data["timings_ms_total"].items())
        console.print(f"extraction: {data['seconds_per_document']:.3f} s per document "
                      f"(all fields; totals: {spent})")
