"""Rich tables for evaluation reports."""

from __future__ import annotations

import json
import statistics

from rich.console import Console
from rich.table import Table

from .retrieval_eval import KS, RecallReport

__all__ = ["print_recall_report", "print_extraction_report", "print_compare"]


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
    """Per-field precision/recall/F1 and evidence recall, micro F1 with and without the gold
    corrections, the per-dataset breakdown, the reliability table with its ECE, and the
    comparison with another run when there is one."""
    console.print(_fields_table(data))
    for line in _names_lines(data["fields"]):
        console.print(line)
    if data.get("corrections"):
        console.print(_corrections_line(data["corrections"]))
    if data.get("datasets"):
        console.print(_datasets_table(data["datasets"]))
    console.print(_reliability_table(data["reliability"]))
    console.print(f"expected calibration error (10 equal-width bins): {_fmt(data.get('ece'))}")
    if data.get("seconds_per_document") is not None:
        spent = ", ".join(f"{k} {v / 1000:.1f}s" for k, v in data["timings_ms_total"].items())
        console.print(f"extraction: {data['seconds_per_document']:.3f} s per document "
                      f"(all fields; totals: {spent})")
    if data.get("compare"):
        print_compare(data["compare"], console)


def _fields_table(data: dict) -> Table:
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
    return table


def _names_lines(fields: dict) -> list[str]:
    """Name-level scores of the list fields (a list is right above only when all of it is)."""
    return [
        f"{name} names: P {_fmt(n['precision'])} R {_fmt(n['recall'])} F1 {_fmt(n['f1'])} "
        f"({n['matched']} of {n['gold']} gold names matched, {n['predicted']} predicted)"
        for name, s in fields.items()
        if (n := s.get("names"))
    ]


def _corrections_line(c: dict) -> str:
    f1 = c["micro_f1"]
    if c["file"] is None:
        return (f"micro F1 {_fmt(f1['without'])} on the gold as published "
                f"(gold corrections off)")
    return (f"micro F1 {_fmt(f1['with'])} with gold corrections, {_fmt(f1['without'])} as "
            f"published ({c['file']} v{c['version']}: {c['applied']} of {c['rows']} rows apply "
            f"to this gold, {c['not_applicable']} name documents it does not hold)")


def _datasets_table(datasets: dict) -> Table:
    names = list(datasets)
    caption = "; ".join(f"{n}: {d['documents']} documents, ECE {_fmt(d.get('ece'))}"
                        for n, d in datasets.items())
    table = Table(title="per dataset (value fields)", caption=caption)
    table.add_column("field")
    for name in names:
        for col in ("P", "R", "F1"):
            table.add_column(f"{name} {col}", justify="right")
    fields = sorted({f for d in datasets.values() for f, s in d["fields"].items()
                     if s["value_field"]})
    for field in fields:
        cells = []
        for name in names:
            s = datasets[name]["fields"].get(field)
            ok = s is not None and s["value_field"]
            cells += [_fmt(s[k]) if ok else "-" for k in ("precision", "recall", "f1")]
        table.add_row(field, *cells)
    table.add_row("[bold]micro", *[
        ("[bold]" if k == "f1" else "") + _fmt(datasets[n]["micro"][k])
        for n in names for k in ("precision", "recall", "f1")
    ])
    return table


def _reliability_table(rows: list[dict]) -> Table:
    rel = Table(title="confidence reliability (found values)")
    for col in ("confidence", "count", "mean confidence", "share right"):
        rel.add_column(col, justify="right")
    for row in rows:
        rel.add_row(row["bin"], str(row["count"]), f"{row['mean_confidence']:.2f}",
                    f"{row['accuracy']:.2f}")
    return rel


_CHANGE_STYLE = {"right->wrong": "red", "wrong->right": "green", "value changed": "yellow"}


def _signed(value: float) -> str:
    style = "green" if value > 0.0005 else "red" if value < -0.0005 else "dim"
    return f"[{style}]{value:+.3f}[/]"


def print_compare(cmp: dict, console: Console) -> None:
    """Per-field F1 before and after with the P/R/F1 deltas, then every (document, field)
    whose verdict or value changed, worst first."""
    table = Table(title=f"compared with {cmp['baseline']} ({cmp['pairs']} pairs in both runs; "
                        f"{cmp['only_baseline']} only there, {cmp['only_current']} only here)")
    for col in ("field", "F1 before", "F1 now", "ΔP", "ΔR", "ΔF1",
                "wrong→right", "right→wrong", "value changed"):
        table.add_column(col, justify="left" if col == "field" else "right")

    def row(name: str, d: dict, bold: str = "") -> None:
        table.add_row(f"{bold}{name}", _fmt(d["baseline"]["f1"]),
                      f"{bold}{_fmt(d['current']['f1'])}",
                      *(_signed(d["delta"][k]) for k in ("precision", "recall", "f1")),
                      str(d["wrong->right"]), str(d["right->wrong"]), str(d["value changed"]))

    for name, d in cmp["fields"].items():
        row(name, d)
    row("micro", cmp["micro"], "[bold]")
    console.print(table)
    for name, d in cmp["fields"].items():
        if names := d.get("names"):
            was, now = names["baseline"], names["current"]
            console.print(f"{name} names: F1 {_fmt(was['f1'])} -> {_fmt(now['f1'])} (P "
                          f"{_fmt(was['precision'])} -> {_fmt(now['precision'])}, R "
                          f"{_fmt(was['recall'])} -> {_fmt(now['recall'])})")
    if not cmp["changes"]:
        console.print("no (document, field) verdict or value changed")
        return
    pairs = Table(title="(document, field) pairs that changed")
    pairs.add_column("document", max_width=48, no_wrap=True, overflow="ellipsis")
    pairs.add_column("field", no_wrap=True)
    pairs.add_column("change", no_wrap=True)
    for col in ("before", "now", "gold"):
        pairs.add_column(col, overflow="fold", max_width=40)
    for c in cmp["changes"]:
        pairs.add_row(
            c["doc_id"], c["field"], f"[{_CHANGE_STYLE[c['change']]}]{c['change']}[/]",
            _value(c["baseline"]), _value(c["current"]),
            _short(c["gold"]) if c["gold"] else "(absent)",
        )
    console.print(pairs)


def _value(side: dict) -> str:
    # "right_empty" (nothing found, nothing to find) reads as plain "right" beside a "-"
    shown = "right" if side["verdict"] == "right_empty" else side["verdict"]
    return f"{_short(side['value'])} ({shown})"


def _short(value, limit: int = 80) -> str:
    """A value as a person reads it: lists joined by '; ', None as '-', long text cut."""
    if value is None:
        return "-"
    text = "; ".join(map(str, value)) if isinstance(value, list) else (
        json.dumps(value, ensure_ascii=False) if isinstance(value, dict) else str(value))
    return text if len(text) <= limit else text[: limit - 1] + "…"
