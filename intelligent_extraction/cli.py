"""The command line: ``intelligent-extraction extract | index | retrieve | fields | documents |
eval | eval-retrieval | backfill | calibrate | serve | worker | consume``.

Errors the package raises on purpose are printed as one clear line (exit code 2 for bad input
or settings, 1 for a failing service, backend or model), whichever command raised them and
wherever (``main`` is the one error path); anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from .errors import (
    BackendError,
    ConfigError,
    DocumentError,
    EmbeddingError,
    ExtractionError,
    UnknownFieldError,
)
from .models import Strategy

app = typer.Typer(no_args_is_help=True, add_completion=False, help=__doc__)
fields_app = typer.Typer(no_args_is_help=True, help="Inspect and validate field configs.")
documents_app = typer.Typer(no_args_is_help=True, help="List and delete indexed documents.")
app.add_typer(fields_app, name="fields")
app.add_typer(documents_app, name="documents")

# Tables of scores need room: when output is piped (logs, CI), do not squeeze them to 80 columns.
_WIDTH = None if sys.stdout.isatty() or os.environ.get("COLUMNS") else 200
console = Console(width=_WIDTH)
err_console = Console(stderr=True, width=_WIDTH)

_EXIT_CODES = {ConfigError: 2, UnknownFieldError: 2, DocumentError: 2, BackendError: 1,
               EmbeddingError: 1}


def _exit_code(exc: ExtractionError) -> int:
    return next((c for kind, c in _EXIT_CODES.items() if isinstance(exc, kind)), 1)


def _fail(exc: ExtractionError) -> None:
    err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
    raise typer.Exit(_exit_code(exc))


def main() -> None:
    """The console script: every command's project errors end as one line and an exit code."""
    try:
        app(standalone_mode=True)
    except ExtractionError as exc:
        err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(_exit_code(exc))


def _service():
    from .service import ExtractionService

    return ExtractionService()


def _progress() -> Progress:
    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        transient=True,
    )


def _index_with_progress(svc, path: Path, doc_id: str | None, force: bool):
    with _progress() as progress:
        task = progress.add_task(f"embedding {path.name}", total=None)
        return svc.index(
            path, doc_id, force=force,
            progress=lambda n: progress.advance(task, n),
            on_chunked=lambda total: progress.update(task, total=total),
        )


@app.command()
def index(
    files: list[Path] = typer.Argument(..., exists=False, help="PDF, DOCX, HTML, TXT or MD files"),
    doc_id: Optional[str] = typer.Option(None, help="Document id (one file only); default: file stem"),
    force: bool = typer.Option(False, help="Re-embed and re-index even when unchanged"),
) -> None:
    """Parse, chunk, embed and index documents (a changed file replaces its earlier chunks)."""
    if doc_id and len(files) > 1:
        _fail(ConfigError("--doc-id names one document; pass a single file with it"))
    svc = _service()
    failures = 0
    for path in files:
        try:
            report = _index_with_progress(svc, path, doc_id, force)
        except (DocumentError, FileNotFoundError) as exc:  # one bad file does not stop the others
            failures += 1
            err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
            continue
        except ExtractionError as exc:
            _fail(exc)
        state = "unchanged" if report.skipped else f"{report.embedded} embedded"
        console.print(
            f"{report.source}: doc_id={report.doc_id} chunks={report.chunks} ({state}) "
            f"in {report.total_ms / 1000:.2f}s"
        )
    if failures:
        raise typer.Exit(2)


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.4f}"


def _chunk_table(title: str, rows: list, *, raw_only: bool = False) -> Table:
    table = Table(title=title, show_lines=False, title_justify="left")
    for col in ("#", "chunk", "page", "section"):
        table.add_column(col, overflow="fold")
    if raw_only:
        table.add_column("score", justify="right")
    else:
        for col in ("bm25", "bm25_norm", "knn", "knn_norm", "both", "bonus", "final"):
            table.add_column(col, justify="right")
    table.add_column("text", overflow="fold", max_width=60)
    for rank, item in enumerate(rows, start=1):
        chunk = item.chunk
        common = [str(rank), chunk.chunk_id[:10], str(chunk.page or "-"),
                  " > ".join(chunk.section)[-40:] or "-"]
        snippet = " ".join(chunk.text.split())[:140]
        if raw_only:
            table.add_row(*common, _score(item.score), snippet)
        else:
            bonus = ", ".join(f"{k}+{v:.2f}" for k, v in item.adjustments.items()) or "-"
            table.add_row(*common, _score(item.bm25), _score(item.bm25_norm), _score(item.knn),
                          _score(item.knn_norm), "yes" if item.in_both else "", bonus,
                          _score(item.score), snippet)
    return table


def _print_explain(result) -> None:
    trace = result.trace
    for phase in trace.phases:
        console.print(_chunk_table(f"{phase.name}: {phase.description}", phase.hits,
                                   raw_only=phase.raw_only))
    timings = ", ".join(f"{k} {v:.1f} ms" for k, v in trace.timings_ms.items())
    console.print(f"[dim]timings: {timings}[/]")


@app.command()
def retrieve(
    file: Path = typer.Argument(..., help="The document (indexed first if needed)"),
    field: str = typer.Option(..., "--field", "-f", help="Field name (see `fields list`)"),
    strategy: Optional[Strategy] = typer.Option(None, help="Override the field's strategy"),
    explain: bool = typer.Option(False, help="Show every phase's chunks with raw and normalized scores"),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables"),
    doc_id: Optional[str] = typer.Option(None, help="Document id; default: file stem"),
) -> None:
    """Retrieve the evidence chunks for one field of one document."""
    svc = _service()
    try:
        svc.fields.get(field)  # fail on a bad field name before loading the model
        report = _index_with_progress(svc, file, doc_id, force=False)
        result = svc.retrieve(report.doc_id, field, strategy)
    except ExtractionError as exc:
        _fail(exc)
    if as_json:
        json.dump(result.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return
    if explain:
        _print_explain(result)
    console.print(_chunk_table(f"{field} ({result.trace.strategy.value}) on {report.doc_id}",
                               result.chunks))


def _value_text(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, dict) and "value" in value:  # percent
        return f"{value['value']}%" + (f" per {value['per']}" if value.get("per") else "")
    if isinstance(value, dict) and "amount" in value:  # money
        return f"{value['amount']} {value.get('currency') or ''}".strip()
    if isinstance(value, list):
        return "; ".join(map(str, value))
    if isinstance(value, dict):
        return " ".join(str(v) for v in value.values() if v is not None)
    return str(value)


def _results_table(results) -> Table:
    table = Table(title=f"{results[0].source} ({results[0].doc_id})" if results else "no fields",
                  title_justify="left")
    for col in ("field", "status", "value", "conf", "page", "section", "raw"):
        table.add_column(col, overflow="fold", max_width=50 if col == "raw" else None)
    colors = {"found": "green", "not_found": "yellow", "error": "red"}
    for r in results:
        top = r.evidence[0] if r.evidence and r.status == "found" else None
        table.add_row(
            r.field, f"[{colors[r.status]}]{r.status}[/]",
            _value_text(r.value) if r.status != "error" else (r.error or ""),
            f"{r.confidence:.2f}" if r.status == "found" else "-",
            str(top.page or "-") if top else "-", (top.section if top else "-") or "-",
            " ".join((r.raw or "").split())[:200] or "-",
        )
    return table


def _explain_table(result) -> Table:
    """A field's top candidates: value, score (the model's probability, or the hand-weighted
    score where no model is fitted) and the features that moved it most."""
    table = Table(title=f"{result.field}: {result.status}", title_justify="left")
    for col in ("#", "value", "score", "conf", "why (feature contributions)"):
        table.add_column(col, overflow="fold", max_width=60 if col.startswith("why") else 40)
    for i, c in enumerate(result.candidates, start=1):
        parts = c.get("contributions") or c.get("features") or {}
        why = ", ".join(f"{k} {v:+.2f}" for k, v in
                        sorted(parts.items(), key=lambda kv: -abs(kv[1]))[:6])
        table.add_row(str(i), _value_text(c.get("value")), f"{c.get('score', 0):.3f}",
                      f"{c.get('confidence', 0):.2f}", why + (f" ({c['note']})"
                                                             if c.get("note") else ""))
    if not result.candidates:
        table.add_row("-", "no candidate", "-", "-", result.error or "")
    return table


@app.command()
def extract(
    files: list[Path] = typer.Argument(..., help="Documents (indexed first if needed)"),
    fields: Optional[str] = typer.Option(None, "--fields", help="Comma list of field names"),
    all_fields: bool = typer.Option(False, "--all", help="Every configured field (default)"),
    strategy: Optional[Strategy] = typer.Option(None, help="Override every field's strategy"),
    as_json: bool = typer.Option(False, "--json", help="One JSON record per line"),
    table: bool = typer.Option(False, "--table", help="A table for people (default)"),
    trace: bool = typer.Option(False, help="Include the retry trace in JSON records"),
    explain: bool = typer.Option(False, "--explain", help="Show each field's top candidates "
                                 "and what each feature contributed to their scores"),
) -> None:
    """Extract typed field values with their evidence (embedded backend, no services needed)."""
    if as_json and table:
        _fail(ConfigError("--json and --table exclude each other"))
    if fields and all_fields:
        _fail(ConfigError("--fields and --all exclude each other"))
    svc = _service()
    try:
        names = svc.resolve_fields(fields.split(",") if fields else None)
    except ExtractionError as exc:
        _fail(exc)
    failures = 0
    for path in files:
        try:
            report = _index_with_progress(svc, path, None, force=False)
        except (DocumentError, FileNotFoundError) as exc:
            failures += 1
            err_console.print(f"[bold red]error:[/] {exc}", highlight=False)
            continue
        except ExtractionError as exc:
            _fail(exc)
        results = svc.extract_indexed(report.doc_id, report.source, names, strategy=strategy)
        if as_json:
            for r in results:
                record = r.to_dict(trace=trace, explain=explain)
                sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
        else:
            console.print(_results_table(results))
            if explain:
                for r in results:
                    console.print(_explain_table(r))
    if failures:
        raise typer.Exit(2)


@fields_app.command("list")
def fields_list() -> None:
    """List configured fields."""
    svc = _service()
    try:
        registry = svc.fields
    except ExtractionError as exc:
        _fail(exc)
    table = Table("field", "type", "strategy", "sections", "description")
    for name in registry.names():
        f = registry.get(name)
        table.add_row(name, f.type.value, f.strategy.value, ", ".join(f.sections[:2]),
                      f.description)
    console.print(table)


@fields_app.command("validate")
def fields_validate(
    directory: Optional[Path] = typer.Argument(None, help="Default: IE_FIELDS_DIR"),
) -> None:
    """Validate every field YAML; report every problem, not just the first."""
    from .fields import validate_field_dir
    from .settings import get_settings

    directory = directory or get_settings().fields_dir
    results = validate_field_dir(directory)
    bad = 0
    for path, error in results:
        if error is None:
            console.print(f"[green]ok[/]    {path.name}")
        else:
            bad += 1
            err_console.print(f"[red]error[/] {error}", highlight=False)
    console.print(f"{len(results) - bad} valid, {bad} invalid in {directory}")
    if bad or not results:
        raise typer.Exit(2)


@documents_app.command("list")
def documents_list() -> None:
    """List indexed documents."""
    svc = _service()
    for doc in svc.backend.document_ids():
        console.print(doc)


@documents_app.command("delete")
def documents_delete(doc_id: str) -> None:
    """Delete a document's chunks from the index."""
    svc = _service()
    if not svc.backend.delete_document(doc_id):
        err_console.print(f"[bold red]error:[/] document {doc_id!r} is not indexed")
        raise typer.Exit(2)
    console.print(f"deleted {doc_id}")


@app.command("eval-retrieval")
def eval_retrieval(
    gold: Path = typer.Option(..., exists=True, help="Gold rows (JSON lines)"),
    docs: Path = typer.Option(..., exists=True, help="Directory of the gold documents"),
    methods: Optional[str] = typer.Option(None, help="Comma list; default all"),
    fields: Optional[str] = typer.Option(None, help="Comma list; default all with spans"),
    fmt: str = typer.Option("pdf", "--format", help="pdf or txt: which file of each document"),
    limit: Optional[int] = typer.Option(None, help="Only the first N documents"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Evidence recall@1/3/5/10 per field for each retrieval method on a gold set."""
    from .evaluation.report import print_recall_report
    from .evaluation.retrieval_eval import evaluate_retrieval

    svc = _service()
    with _progress() as progress:
        task = progress.add_task("documents", total=limit)
        try:
            report = evaluate_retrieval(
                svc, gold, docs,
                methods=methods.split(",") if methods else None,
                fields=fields.split(",") if fields else None,
                formats=(fmt,), limit=limit,
                on_document=lambda _: progress.advance(task),
            )
        except ExtractionError as exc:
            _fail(exc)
    if as_json:
        json.dump(report.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print_recall_report(report, console)


@app.command("eval")
def eval_extraction(
    gold: Path = typer.Option(..., exists=True,
                              help="Gold rows (JSON lines, contracts-dev format)"),
    docs: Optional[Path] = typer.Option(None, help="Directory of the gold documents"),
    predictions: Optional[Path] = typer.Option(None, exists=True,
                                               help="Score these records instead of extracting"),
    compare: Optional[Path] = typer.Option(None, "--compare", help="Another run's records "
                                           "(JSONL): show what changed from it to this run"),
    corrections: Optional[Path] = typer.Option(None, "--corrections", help="Gold corrections "
                                               "file (default: config/gold_corrections.jsonl)"),
    no_corrections: bool = typer.Option(False, "--no-corrections",
                                        help="Score against the gold as published"),
    fields: Optional[str] = typer.Option(None, help="Comma list; default every gold field"),
    fmt: str = typer.Option("pdf", "--format", help="pdf or txt: which file of each document"),
    limit: Optional[int] = typer.Option(None, help="Only the first N documents"),
    out: Optional[Path] = typer.Option(None, help="Write the extraction records here (JSONL)"),
    errors: Optional[Path] = typer.Option(None, "--errors", help="Write every wrong (document, "
                                          "field) pair here (JSONL): verdict, predicted, gold, "
                                          "the passage read, confidence"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Extraction P/R/F1 per field and per dataset (with and without the gold corrections),
    evidence recall@k, confidence reliability and ECE; --compare shows what changed; --errors
    lists what went wrong (read a fit set's, never the held-out set's)."""
    from .evaluation.corrections import default_corrections_path, load_corrections
    from .evaluation.error_list import write_errors, wrong_pairs
    from .evaluation.extraction_eval import (
        correction_summary,
        extract_records,
        load_records,
        score_records,
    )
    from .evaluation.gold import load_gold
    from .evaluation.report import print_extraction_report
    from .evaluation.run_diff import diff_runs

    if corrections and no_corrections:
        _fail(ConfigError("--corrections and --no-corrections exclude each other"))
    field_list = fields.split(",") if fields else None
    try:
        fixes = None if no_corrections else load_corrections(
            corrections or default_corrections_path())
        rows = load_gold(gold, fixes)
        baseline = load_records(compare) if compare else None  # a bad file fails before work
        if predictions:
            records, seconds, timings = load_records(predictions), [], {}
        else:
            svc = _service()
            with _progress() as progress:
                task = progress.add_task("documents", total=limit)
                run = extract_records(svc, rows, docs or gold.parent / "docs", fields=field_list,
                                      formats=(fmt,), limit=limit, out=out,
                                      on_document=lambda _: progress.advance(task))
            records, seconds, timings = run.records, run.seconds_per_doc, run.timings_ms
    except ExtractionError as exc:
        _fail(exc)
    report = score_records(records, rows, field_list)
    report.seconds_per_doc, report.timings_ms = seconds, timings
    report.corrections = correction_summary(records, rows, fixes, field_list)
    if baseline is not None:
        report.compare = diff_runs(baseline, records, rows, fields=field_list,
                                   baseline_name=str(compare))
    if errors:
        wrong = wrong_pairs(records, rows, field_list)
        write_errors(errors, wrong)
        err_console.print(f"wrote {len(wrong)} wrong (document, field) pairs to {errors}")
    data = report.to_dict()
    if as_json:
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print_extraction_report(data, console)


@app.command()
def backfill(
    input: str = typer.Option(..., "--input", help="Directory (recursive), glob, or manifest "
                              "(.jsonl/.csv with path and optional doc_id)"),
    output: Path = typer.Option(..., "--output", help="Results, one JSON line per "
                                "(document, field); resumed when it exists"),
    fields: Optional[str] = typer.Option(None, "--fields", help="Comma list of field names"),
    all_fields: bool = typer.Option(False, "--all", help="Every configured field (default)"),
    strategy: Optional[Strategy] = typer.Option(None, help="Override every field's strategy"),
    backend: Optional[str] = typer.Option(None, help="embedded or opensearch (default: "
                                          "IE_BACKEND)"),
    workers: int = typer.Option(0, help="Worker processes; 0: one per core"),
    queue: bool = typer.Option(False, "--queue", help="Run on the service's Celery workers"),
    in_flight: int = typer.Option(16, help="--queue: jobs outstanding at once"),
    limit: Optional[int] = typer.Option(None, help="At most N documents with work to do"),
    dry_run: bool = typer.Option(False, "--dry-run", help="List what would run; change nothing"),
    force: bool = typer.Option(False, "--force", help="Redo pairs the output already holds"),
    root: Optional[Path] = typer.Option(None, help="Manifest paths resolve under this "
                                        "(default: the manifest's directory)"),
    ext: Optional[str] = typer.Option(None, help="Comma list of extensions to take from a "
                                      "directory or glob (default: every supported one)"),
    report: Optional[Path] = typer.Option(None, help="Write the run summary here (JSON)"),
    fmt: str = typer.Option("jsonl", "--format", help="jsonl, or parquet: also write "
                            "<output>.parquet from the JSONL at the end"),
) -> None:
    """Extract fields from many documents into JSONL: parallel, resumable, exactly once."""
    from .batch.commands import backfill_command

    if fields and all_fields:
        _fail(ConfigError("--fields and --all exclude each other"))
    backfill_command(
        console, err_console, input=input, output=output,
        fields=fields.split(",") if fields else None, strategy=strategy, backend=backend,
        workers=workers, queue=queue, in_flight=in_flight, limit=limit, dry_run=dry_run,
        force=force, root=root, ext=ext, report=report, fmt=fmt)


@app.command()
def calibrate(
    gold: Path = typer.Option(..., exists=True, help="Gold rows (JSON lines)"),
    docs: Optional[Path] = typer.Option(None, help="Directory of the gold documents "
                                        "(default: docs/ beside the gold file)"),
    fields: Optional[str] = typer.Option(None, help="Comma list; default every field with spans"),
    strategy: Optional[Strategy] = typer.Option(None, help="Fit under this strategy instead of "
                                                "each field's own"),
    limit: Optional[int] = typer.Option(None, help="Only the first N documents"),
    fmt: str = typer.Option("pdf", "--format", help="pdf or txt: which file of each document"),
    png: Optional[Path] = typer.Option(Path("calibration.png"), help="Histogram PNG"),
    out_json: Optional[Path] = typer.Option(None, "--json", help="Write the results here"),
    holdout_gold: Optional[Path] = typer.Option(None, exists=True, help="Also report the "
                                                "suggestions' effect on this gold set"),
    holdout_docs: Optional[Path] = typer.Option(None, help="Its documents (default: docs/ "
                                                "beside it)"),
    write: bool = typer.Option(False, "--write", help="Update the field YAMLs whose F1 "
                               "improves (comments and key order kept)"),
) -> None:
    """Fit per-field retrieval thresholds and weights that maximize evidence F1."""
    from .batch.calibrate_command import calibrate_command

    calibrate_command(console, _progress, gold=gold, docs=docs or gold.parent / "docs",
                      fields=fields.split(",") if fields else None, strategy=strategy,
                      limit=limit, fmt=fmt, png=png, out_json=out_json, write=write,
                      holdout_gold=holdout_gold, holdout_docs=holdout_docs)


@app.command()
def train(
    gold: Path = typer.Option(..., exists=True, help="Gold rows of the fit set (JSON lines)"),
    docs: Optional[Path] = typer.Option(None, help="Its documents (default: docs/ beside the "
                                        "gold file)"),
    fields: Optional[str] = typer.Option(None, help="Comma list; default every gold value "
                                         "field that is configured"),
    limit: Optional[int] = typer.Option(None, help="Only the first N documents"),
    fmt: str = typer.Option("pdf", "--format", help="pdf or txt: which file of each document"),
    cases: Optional[Path] = typer.Option(None, help="Keep the labelled candidates here (JSONL);"
                                         " reused when it exists"),
    holdout_gold: Optional[Path] = typer.Option(None, exists=True, help="Also report on this "
                                                "held-out gold set (never fitted on)"),
    holdout_docs: Optional[Path] = typer.Option(None, help="Its documents (default: docs/ "
                                                "beside it)"),
    holdout_cases: Optional[Path] = typer.Option(None, help="Keep the held-out set's labelled "
                                                 "candidates here; reused when it exists"),
    write: bool = typer.Option(False, "--write", help="Save the models, the field thresholds "
                               "and the confidence calibration"),
    out_json: Optional[Path] = typer.Option(None, "--json", help="Write the results here"),
) -> None:
    """Fit the candidate scorer (one logistic regression per value type) on labelled data."""
    from .training.command import train_command

    try:
        train_command(console, _progress, gold=gold, docs=docs or gold.parent / "docs",
                      fields=fields.split(",") if fields else None, limit=limit, fmt=fmt,
                      cases_path=cases, holdout_gold=holdout_gold, holdout_docs=holdout_docs,
                      holdout_cases=holdout_cases,
                      write=write, out_json=out_json)
    except ExtractionError as exc:
        _fail(exc)


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Interface to listen on"),
    port: int = typer.Option(8000, help="TCP port"),
    dev: bool = typer.Option(False, "--dev", help="Flask's dev server; API keys optional"),
    workers: int = typer.Option(2, help="gunicorn worker processes (production)"),
    threads: int = typer.Option(16, help="threads per gunicorn worker (SSE streams hold one)"),
) -> None:
    """Run the REST API: gunicorn in production, Flask's development server with --dev."""
    from .api import create_app
    from .settings import get_settings

    flask_app = create_app({"IE_SETTINGS": get_settings(), "IE_DEV": dev})  # refuses bad config
    if dev:
        flask_app.run(host=host, port=port, threaded=True)
        return
    from .api_server import run_gunicorn

    run_gunicorn(flask_app, host=host, port=port, workers=workers, threads=threads)


def _lower_cpu_priority(nice: int) -> None:
    """``os.nice``, and the same for the process's scheduler autogroup when the worker leads
    a session of its own.

    With Linux's autogroup scheduling (``kernel.sched_autogroup_enabled``, on by default in
    many kernels) CPU is first shared equally between sessions, and nice only orders processes
    within one: a worker started in its own session (a supervisor, systemd, ``setsid``) would
    take as much CPU as the API however nice it is. Measured on the 2-core machine, workers at
    nice 19 still took 31% of the CPU during a submit burst. The autogroup's own nice is only
    changed when the session is the worker's, so it never lowers an API sharing a shell.
    """
    os.nice(nice)
    if os.getsid(0) != os.getpid():
        return
    try:
        Path("/proc/self/autogroup").write_text(f"{nice}\n")
    except OSError:
        pass  # no autogroups here (other kernels, some containers): os.nice is all there is


@app.command()
def worker(
    concurrency: int = typer.Option(0, help="Pool processes; 0: one per core"),
    loglevel: str = typer.Option("INFO", help="Celery log level"),
    nice: int = typer.Option(10, min=0, max=19, help="Lower the worker's CPU priority by this "
                             "much (pool processes inherit it): on a host shared with the API, "
                             "extraction yields the cores to request handling; 0: equal shares"),
) -> None:
    """Run a Celery worker: indexing and field extraction tasks from Redis."""
    from .settings import get_settings

    get_settings()  # a bad setting stops here with one line, before Celery starts
    if nice:
        _lower_cpu_priority(nice)
    from .worker.app import app as celery_app
    from .worker.celery_app import QUEUE

    argv = ["worker", f"--loglevel={loglevel}", "-Q", QUEUE, "--pool=prefork"]
    if concurrency:
        argv.append(f"--concurrency={concurrency}")
    celery_app.worker_main(argv)


@app.command()
def consume(
    block_ms: int = typer.Option(2000, help="How long one read waits for new messages"),
) -> None:
    """Consume job messages from the submission stream (docs/queue.md) until SIGTERM/Ctrl-C."""
    from .worker.consumer_main import run_consumer

    run_consumer(block_ms=block_ms)


if __name__ == "__main__":  # pragma: no cover
    main()
