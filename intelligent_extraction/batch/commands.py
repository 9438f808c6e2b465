"""The ``backfill`` command's presentation: dry-run listing, summary, report, exit codes.

Exit codes: 0 every document succeeded; 3 the run finished but some documents failed (their
error records are in the output, the report lists them); 130 interrupted (Ctrl-C; run the
same command again to resume); project errors keep the CLI's 1/2.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ..errors import ConfigError
from ..models import Strategy
from .backfill import BackfillOptions, plan_backfill, run_backfill
from .summary import RunSummary

__all__ = ["backfill_command", "EXIT_SOME_FAILED", "EXIT_INTERRUPTED"]

EXIT_SOME_FAILED = 3
EXIT_INTERRUPTED = 130
_DRY_RUN_ROWS = 50


def backfill_command(console: Console, err_console: Console, *, input: str, output: Path,
                     fields: list[str] | None, strategy: Strategy | None, backend: str | None,
                     workers: int, queue: bool, in_flight: int, limit: int | None,
                     dry_run: bool, force: bool, root: Path | None, ext: str | None,
                     report: Path | None, fmt: str) -> None:
    if fmt not in ("jsonl", "parquet"):
        raise ConfigError(f"--format must be jsonl or parquet, got {fmt!r}")
    opts = BackfillOptions(input=input, output=output, fields=fields, strategy=strategy,
                           backend=backend, workers=workers, limit=limit, force=force,
                           root=root, queue=queue, in_flight=in_flight,
                           extensions=tuple(ext.split(",")) if ext else None)
    if dry_run:
        _print_plan(console, opts)
        return
    summary = run_backfill(opts, err_console)
    if report:
        summary.write(report)
    if fmt == "parquet" and not summary.interrupted:
        from .parquet import jsonl_to_parquet

        jsonl_to_parquet(output, output.with_suffix(".parquet"))
    _print_summary(console, summary)
    if summary.interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    if summary.failures:
        raise typer.Exit(EXIT_SOME_FAILED)


def _print_plan(console: Console, opts: BackfillOptions) -> None:
    plan, total = plan_backfill(opts)
    table = Table(title=f"would run ({len(plan.tasks)} documents, {plan.pairs} fields)",
                  title_justify="left")
    for col in ("doc_id", "path", "fields to run", "note"):
        table.add_column(col, overflow="fold")
    for task in plan.tasks[:_DRY_RUN_ROWS]:
        table.add_row(task.doc_id, str(task.path), str(len(task.fields)), task.problem or "")
    console.print(table)
    if len(plan.tasks) > _DRY_RUN_ROWS:
        console.print(f"... and {len(plan.tasks) - _DRY_RUN_ROWS} more")
    console.print(f"{total} inputs: {plan.done_documents} documents already done "
                  f"({plan.done_pairs} fields), {len(plan.tasks)} to run ({plan.pairs} fields), "
                  f"{plan.deferred} beyond --limit, {len(plan.stale)} output lines to replace, "
                  f"{len(plan.duplicates)} duplicate doc_ids skipped")
    for dup in plan.duplicates:
        console.print(f"[yellow]duplicate doc_id[/] {dup['doc_id']}: {dup['path']} "
                      f"(kept {dup['kept']})", highlight=False)


def _print_summary(console: Console, summary: RunSummary) -> None:
    data = summary.to_dict()
    docs, records = data["documents"], data["records"]
    state = "interrupted" if summary.interrupted else "done"
    console.print(
        f"{state}: {docs['processed']} documents in {data['wall_s']:.1f}s "
        f"({data['throughput']['documents_per_min']} docs/min, "
        f"{data['throughput']['fields_per_s']} fields/s); {records['written']} records "
        f"{records['by_status']}; {docs['already_done']} documents already done; "
        f"{docs['failed']} failed", highlight=False)
    for failure in summary.failures:
        console.print(f"[red]failed[/] {failure['doc_id']}: "
                      f"{failure['error'].splitlines()[0]}", highlight=False)
    for dup in summary.duplicates:
        console.print(f"[yellow]duplicate doc_id[/] {dup['doc_id']}: {dup['path']} skipped "
                      f"(kept {dup['kept']})", highlight=False)
