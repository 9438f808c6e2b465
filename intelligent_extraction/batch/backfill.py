"""``backfill``: run the extractor over an archive, resumably, into one JSONL file.

    inputs -> plan (skip current pairs) -> drop superseded lines -> run (local pool | Celery)
           -> per document: records + ``backfill`` key -> append + fsync -> summary

The parent process is the output's only writer (``output.py``); documents run on worker
processes (``local.py``) or on the service's Celery workers (``queue.py``). Killing the run at
any moment loses at most the documents in flight, which the next run redoes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import (BarColumn, MofNCompleteColumn, Progress, TextColumn,
                           TimeElapsedColumn, TimeRemainingColumn)

from ..errors import ConfigError, ExtractionError
from ..models import Strategy
from ..settings import Settings
from .inputs import discover_inputs
from .output import OutputLedger, read_entries
from .plan import DocTask, Plan, error_records, make_plan, with_meta
from .summary import RunSummary
from .versions import field_versions
from .workers import DocOutcome, SystemicError

__all__ = ["BackfillOptions", "run_backfill", "plan_backfill"]


@dataclass
class BackfillOptions:
    input: str
    output: Path
    fields: list[str] | None = None  # None: every configured field
    strategy: Strategy | None = None
    backend: str | None = None  # None: IE_BACKEND
    workers: int = 0  # 0: one per core
    limit: int | None = None
    force: bool = False
    root: Path | None = None  # manifest paths resolve under it (default: the manifest's dir)
    extensions: tuple[str, ...] | None = None
    queue: bool = False
    in_flight: int = 16  # --queue: outstanding jobs

    def validate(self) -> None:
        if self.workers < 0:
            raise ConfigError(f"--workers must be >= 0 (0: one per core), got {self.workers}")
        if self.limit is not None and self.limit < 1:
            raise ConfigError(f"--limit must be >= 1, got {self.limit}")
        if self.in_flight < 1:
            raise ConfigError(f"--in-flight must be >= 1, got {self.in_flight}")
        if self.output.suffix.lower() != ".jsonl":
            raise ConfigError(f"--output {str(self.output)!r}: must end in .jsonl "
                              "(the durable log; --format parquet writes a .parquet beside it)")

    @property
    def overrides(self) -> dict:
        return {"backend": self.backend} if self.backend else {}

    @property
    def worker_count(self) -> int:
        return self.workers or os.cpu_count() or 1


@dataclass
class _Context:
    service: object
    names: list[str]
    versions: dict[str, str]
    types: dict[str, str]
    strategies: dict[str, str]


def _context(opts: BackfillOptions) -> _Context:
    # The parent reads configs only: it never loads the model or opens the index.
    from ..service import ExtractionService

    svc = ExtractionService(Settings.load(**opts.overrides))
    names = svc.resolve_fields(opts.fields)
    fields = {n: svc.fields.get(n) for n in names}
    return _Context(svc, names, field_versions(svc, names, opts.strategy),
                    {n: f.type.value for n, f in fields.items()},
                    {n: f.strategy.value for n, f in fields.items()})


def plan_backfill(opts: BackfillOptions) -> tuple[Plan, int]:
    """What a run would do, changing nothing (``--dry-run``): (plan, number of inputs)."""
    opts.validate()
    ctx = _context(opts)
    inputs = discover_inputs(opts.input, root=opts.root, extensions=opts.extensions)
    plan = make_plan(inputs, ctx.names, ctx.versions, read_entries(opts.output),
                     force=opts.force, limit=opts.limit)
    return plan, len(inputs)


def run_backfill(opts: BackfillOptions, console: Console | None = None) -> RunSummary:
    """Run (or resume) a backfill; returns the summary, also when interrupted (Ctrl-C)."""
    opts.validate()
    ctx = _context(opts)
    inputs = discover_inputs(opts.input, root=opts.root, extensions=opts.extensions)
    summary = RunSummary(opts.input, str(opts.output), "queue" if opts.queue else "local",
                         opts.worker_count, ctx.names, documents_total=len(inputs))
    t0 = time.perf_counter()
    with OutputLedger(opts.output) as ledger:
        plan = make_plan(inputs, ctx.names, ctx.versions, ledger.entries,
                         force=opts.force, limit=opts.limit)
        summary.repaired_bytes = ledger.repaired_bytes
        summary.pairs_dropped = ledger.drop(plan.stale)
        summary.documents_done_before, summary.pairs_done_before = (plan.done_documents,
                                                                   plan.done_pairs)
        summary.documents_deferred, summary.duplicates = plan.deferred, plan.duplicates
        try:
            with _progress_bar(console, len(plan.tasks)) as bar:
                for task, outcome in _outcomes(opts, ctx, plan.tasks):
                    _record(ledger, summary, ctx, opts, task, outcome)
                    bar(summary, time.perf_counter() - t0)
        except KeyboardInterrupt:
            summary.interrupted = True
    summary.wall_s = time.perf_counter() - t0
    return summary


def _outcomes(opts: BackfillOptions, ctx: _Context,
              tasks: list[DocTask]) -> Iterator[tuple[DocTask, DocOutcome]]:
    """(task, outcome) pairs: unreadable inputs at once, the others as they finish."""
    by_id = {t.doc_id: t for t in tasks}
    for task in tasks:
        if task.problem:
            yield task, DocOutcome(task.doc_id, error=task.problem)
    runnable = [t for t in tasks if not t.problem]
    if not runnable:
        return
    if opts.queue:
        from .queue import run_queue

        stream = run_queue(runnable, settings=ctx.service.settings, versions=ctx.versions,
                           strategy=opts.strategy, in_flight=opts.in_flight, force=opts.force)
    else:
        from .local import run_local

        stream = run_local(runnable, workers=opts.worker_count, strategy=opts.strategy,
                           overrides=opts.overrides)
    try:
        for outcome in stream:
            yield by_id[outcome.doc_id], outcome
    except SystemicError as exc:
        raise ExtractionError(f"backfill stopped: {exc} (finished documents are saved; run "
                              "the same command again to resume)") from None


def _record(ledger: OutputLedger, summary: RunSummary, ctx: _Context, opts: BackfillOptions,
            task: DocTask, outcome: DocOutcome) -> None:
    records = outcome.records
    if outcome.error is not None:
        summary.failures.append({"doc_id": task.doc_id, "path": str(task.path),
                                 "error": outcome.error})
        records = error_records(task, ctx.types, outcome.error.splitlines()[0], opts.strategy,
                                ctx.strategies)
    ledger.append(with_meta(records, task, ctx.versions))
    summary.documents_indexed += outcome.indexed
    summary.add(records, outcome.timings_ms, outcome.chunks, outcome.cpu_s)


class _progress_bar:
    """A rich progress bar (documents, docs/s, fields/s, errors, ETA); silent without console."""

    def __init__(self, console: Console | None, total: int):
        self.progress = None
        if console is not None:
            self.progress = Progress(
                TextColumn("backfill"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.fields[rates]}"), TextColumn("[red]{task.fields[errors]}"),
                TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(),
                console=console, transient=False)
            self.task = self.progress.add_task("documents", total=total, rates="", errors="")

    def __enter__(self):
        if self.progress:
            self.progress.__enter__()
        return self.update

    def __exit__(self, *exc_info):
        if self.progress:
            self.progress.__exit__(*exc_info)

    def update(self, summary: RunSummary, elapsed: float) -> None:
        if not self.progress:
            return
        errors = len(summary.failures)
        self.progress.update(
            self.task, completed=summary.documents_processed,
            rates=f"{summary.documents_processed / elapsed:.2f} docs/s "
                  f"{summary.records_written / elapsed:.1f} fields/s",
            errors=f"{errors} failed" if errors else "")
