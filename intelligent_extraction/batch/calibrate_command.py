"""The ``calibrate`` command: fit, print, draw, optionally check on a held-out set and write."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..evaluation.counts import Counts
from ..models import Strategy
from .calibrate import CalibrationRun, calibrate_fields, evaluate_fields
from .calibrate_output import plot_histograms, write_field_yaml

__all__ = ["calibrate_command"]


def calibrate_command(console: Console, progress, *, gold: Path, docs: Path,
                      fields: list[str] | None, strategy: Strategy | None, limit: int | None,
                      fmt: str, png: Path | None, out_json: Path | None, write: bool,
                      holdout_gold: Path | None, holdout_docs: Path | None) -> None:
    from ..service import ExtractionService

    svc = ExtractionService()
    with progress() as bar:
        task = bar.add_task("indexing labelled documents", total=None)
        run = calibrate_fields(svc, gold, docs, fields=fields, strategy=strategy, limit=limit,
                               formats=(fmt,), on_document=lambda _: bar.advance(task))
    _print_fits(console, run)
    report = run.to_dict()
    if png and run.fits:
        plot_histograms(list(run.fits.values()), png)
        console.print(f"histograms: {png}")
    if holdout_gold:
        suggestions = {name: fit.suggested for name, fit in run.fits.items()}
        with progress() as bar:
            task = bar.add_task("indexing held-out documents", total=None)
            held = evaluate_fields(svc, holdout_gold, holdout_docs or holdout_gold.parent / "docs",
                                   suggestions, strategy=strategy, formats=(fmt,),
                                   on_document=lambda _: bar.advance(task))
        _print_holdout(console, held)
        report["holdout"] = {name: {k: c.to_dict() for k, c in v.items()}
                             for name, v in held.items()}
    if write:
        _write(console, svc.settings.fields_dir, run)
    if out_json:
        out_json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


def _micro(counts: list[Counts]) -> Counts:
    return sum(counts, Counts())


def _print_fits(console: Console, run: CalibrationRun) -> None:
    table = Table(title=f"evidence F1 on {run.documents} labelled documents (fit set)",
                  title_justify="left")
    for col in ("field", "rows", "F1 before", "F1 after", "P/R after", "suggested changes"):
        table.add_column(col, overflow="fold")
    for fit in run.fits.values():
        changes = ", ".join(f"{k}={v}" for k, v in fit.changed.items()) or "(keep)"
        table.add_row(fit.field, str(fit.rows), f"{fit.before.f1:.3f}", f"{fit.after.f1:.3f}",
                      f"{fit.after.precision:.2f}/{fit.after.recall:.2f}", changes)
    before = _micro([f.before for f in run.fits.values()])
    after = _micro([f.after for f in run.fits.values()])
    table.add_row("[bold]micro[/]", str(sum(f.rows for f in run.fits.values())),
                  f"{before.f1:.3f}", f"{after.f1:.3f}",
                  f"{after.precision:.2f}/{after.recall:.2f}", "")
    console.print(table)
    for fit in run.fits.values():
        _print_distribution(console, fit)


def _print_distribution(console: Console, fit) -> None:
    """Quartiles of each score, chunks holding the answer vs the others."""
    import numpy as np

    parts = []
    for attr in ("bm25", "knn", "score"):
        for positive in (True, False):
            values = [getattr(c, attr) for r in fit.rankings for c in r.ranked
                      if c.positive == positive and getattr(c, attr) is not None]
            if values:
                q = np.percentile(values, [25, 50, 75])
                tag = "right" if positive else "other"
                parts.append(f"{attr} {tag} {q[0]:.3f}/{q[1]:.3f}/{q[2]:.3f}")
    console.print(f"[dim]{fit.field} quartiles: " + "; ".join(parts) + "[/]", highlight=False)


def _print_holdout(console: Console, held: dict) -> None:
    table = Table(title="evidence F1 on the held-out set", title_justify="left")
    for col in ("field", "F1 before", "F1 after"):
        table.add_column(col)
    for name, counts in held.items():
        table.add_row(name, f"{counts['before'].f1:.3f}", f"{counts['after'].f1:.3f}")
    before = _micro([c["before"] for c in held.values()])
    after = _micro([c["after"] for c in held.values()])
    table.add_row("[bold]micro[/]", f"{before.f1:.3f}", f"{after.f1:.3f}")
    console.print(table)


def _write(console: Console, fields_dir: Path, run: CalibrationRun) -> None:
    """Write only fields whose fit-set F1 improved: an unchanged F1 is no reason to edit."""
    for fit in run.fits.values():
        if fit.changed and fit.after.f1 > fit.before.f1:
            path = fields_dir / f"{fit.field}.yaml"
            write_field_yaml(path, fit.changed)
            console.print(f"wrote {path}: {fit.changed}", highlight=False)
