"""The ``train`` command: collect labelled candidates, fit, report, optionally write.

    intelligent-extraction train --gold contracts-train/gold.jsonl --docs contracts-train/docs \\
        --holdout-gold contracts-dev/gold.jsonl --write

prints, per field, F1 of the hand-weighted scores and of the learned scorer on the fit set and
(with ``--holdout-gold``) on the held-out set, and the models' coefficients. ``--write`` saves
the models into the package (``extraction/scorers/<type>.json``) and, into each field's YAML,
its threshold and its scorer: ``learned`` only where the model beats the hand weights in
cross-validation on the fit set (:func:`choose_scorers`); for a field that keeps the hand
weights, its not-found threshold ``min_score``, fitted for F1, where that beats the YAML's own in
cross-validation (:func:`choose_min_scores`).
``--cases FILE`` keeps the labelled candidates (JSON lines) so a refit skips retrieval.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..evaluation.corrections import default_corrections_path
from ..evaluation.counts import Counts
from ..evaluation.gold import load_gold
from ..extraction.learned import MODELS_DIR
from .collect import FieldCase, collect_cases
from .fit import (
    CrossValidated,
    Fit,
    cross_validate,
    cross_validate_min_scores,
    evaluate,
    fit_all,
)

__all__ = ["train_command", "choose_scorers", "choose_min_scores"]


def _collect(svc, progress, gold: Path, docs: Path, fields, limit, fmt, label) -> list[FieldCase]:
    # labelled by the gold as eval scores it: with the versioned corrections
    rows = load_gold(gold, default_corrections_path())
    with progress() as bar:
        task = bar.add_task(label, total=min(len({r.doc_id for r in rows}), limit or 10**9))
        return collect_cases(svc, rows, docs, fields=fields, formats=(fmt,), limit=limit,
                             on_document=lambda _: bar.advance(task))


def load_cases(path: Path) -> list[FieldCase]:
    with open(path, encoding="utf-8") as fh:
        return [FieldCase.from_dict(json.loads(line)) for line in fh if line.strip()]


def save_cases(path: Path, cases: Sequence[FieldCase]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for case in cases:
            fh.write(json.dumps(case.to_dict(), ensure_ascii=False) + "\n")


def _micro(counts: dict[str, Counts]) -> Counts:
    return sum(counts.values(), Counts())


def _print_fit(console: Console, fit: Fit, cv: dict[str, CrossValidated],
               held: tuple[dict, dict] | None) -> None:
    table = Table(title="value F1 per field: hand-weighted scores vs the learned scorer")
    for col in ("field", "threshold", "hand (fit)", "learned (fit)", "learned (5-fold CV)",
                "CV vs hand: +docs/-docs, p"):
        table.add_column(col, justify="left" if col == "field" else "right")
    if held:
        table.add_column("hand (held out)", justify="right")
        table.add_column("learned (held out)", justify="right")
    for name in sorted(fit.hand):
        row = [name, f"{fit.thresholds.get(name, float('nan')):.3f}",
               f"{fit.hand[name].f1:.3f}",
               f"{fit.learned[name].f1:.3f}" if name in fit.learned else "-",
               f"{cv[name].counts.f1:.3f}" if name in fit.learned and name in cv else "-",
               f"+{cv[name].learned_only}/-{cv[name].hand_only}, {cv[name].p_value:.2f}"
               if name in fit.learned and name in cv else "-"]
        if held:
            learned, hand = held
            row += [f"{hand[name].f1:.3f}" if name in hand else "-",
                    f"{learned[name].f1:.3f}" if name in learned else "-"]
        table.add_row(*row)
    row = ["micro", "", f"{_micro(fit.hand).f1:.3f}", f"{_micro(fit.learned).f1:.3f}",
           f"{_micro({k: v.counts for k, v in cv.items()}).f1:.3f}", ""]
    if held:
        row += [f"{_micro(held[1]).f1:.3f}", f"{_micro(held[0]).f1:.3f}"]
    table.add_row(*row, style="bold")
    console.print(table)
    for vt, model in sorted(fit.models.items()):
        coef = ", ".join(f"{k} {w:+.2f}" for k, w in sorted(model.coef.items(),
                                                          key=lambda kv: -abs(kv[1])))
        console.print(f"[bold]{vt}[/]: bias {model.intercept:+.2f}; {coef}")


def _print_min_scores(console: Console, fit: Fit, cv_min: dict[str, CrossValidated],
                      yaml_min_scores: dict[str, float]) -> None:
    table = Table(title="the hand weights' not-found threshold: the YAML's min_score vs one "
                        "fitted for F1")
    for col in ("field", "YAML min_score", "hand (fit)", "fitted min_score", "fitted (fit)",
                "fitted (5-fold CV)", "CV vs YAML: +docs/-docs, p"):
        table.add_column(col, justify="left" if col == "field" else "right")
    for name in sorted(fit.min_scores):
        result = cv_min.get(name)
        table.add_row(
            name, f"{yaml_min_scores.get(name, float('nan')):.3f}", f"{fit.hand[name].f1:.3f}",
            f"{fit.min_scores[name]:.3f}", f"{fit.hand_fitted[name].f1:.3f}",
            f"{result.counts.f1:.3f}" if result else "-",
            f"+{result.learned_only}/-{result.hand_only}, {result.p_value:.2f}" if result else "-",
        )
    table.add_row("micro", "", f"{_micro(fit.hand).f1:.3f}", "",
                  f"{_micro(fit.hand_fitted).f1:.3f}",
                  f"{_micro({k: v.counts for k, v in cv_min.items()}).f1:.3f}", "", style="bold")
    console.print(table)


#: How much better in cross-validation the learned scorer must be to replace the hand weights:
#: a higher F1, and a McNemar p-value under SIGNIFICANCE on the documents the two decide
#: differently. With a few dozen labelled values per field, a gain of two or three documents
#: is as likely chance as skill, and the hand weights are the simpler, readable choice.
MIN_GAIN = 0.005
SIGNIFICANCE = 0.05


def _beats(result: CrossValidated | None, hand: Counts) -> bool:
    """A cross-validated alternative's F1 beats the hand design's F1 on the fit set by
    :data:`MIN_GAIN`, and it is right on significantly more documents (:data:`SIGNIFICANCE`)."""
    return (result is not None and result.counts.f1 >= hand.f1 + MIN_GAIN
            and result.learned_only > result.hand_only
            and result.p_value < SIGNIFICANCE)


def choose_scorers(fit: Fit, cv: dict[str, CrossValidated]) -> dict[str, str]:
    """Per field, ``learned`` where its cross-validated F1 beats the hand weights' F1 on the fit
    set (the hand weights were never fitted there), else ``hand`` (:func:`_beats`)."""
    return {name: "learned" if _beats(cv.get(name), hand) else "hand"
            for name, hand in fit.hand.items()}


def choose_min_scores(fit: Fit, cv_min: dict[str, CrossValidated],
                      scorers: dict[str, str]) -> dict[str, float]:
    """Per field that keeps the hand weights, its fitted ``min_score`` where the threshold
    fitted on the other folds beats the YAML's on the fit set (:func:`_beats`); the fields not
    named keep the YAML's, the author's threshold being the simpler story."""
    return {name: fit.min_scores[name] for name, hand in fit.hand.items()
            if scorers.get(name) == "hand" and name in fit.min_scores
            and _beats(cv_min.get(name), hand)}


def _write(console: Console, svc, fit: Fit, scorers: dict[str, str],
           min_scores: dict[str, float]) -> None:
    from ..batch.calibrate_output import write_field_yaml

    for vt, model in fit.models.items():
        model.save(MODELS_DIR / f"{vt}.json")
    fields_dir = svc.settings.fields_dir
    for name, scorer in sorted(scorers.items()):
        changes = {"scorer": scorer}
        if name in fit.thresholds:
            changes["threshold"] = fit.thresholds[name]
        if name in min_scores:
            changes["min_score"] = min_scores[name]
        write_field_yaml(fields_dir / f"{name}.yaml", {"extraction": changes})
    learned = sorted(n for n, s in scorers.items() if s == "learned")
    fitted = ", ".join(f"{n} {v:.3f}" for n, v in sorted(min_scores.items())) or "none"
    console.print(f"wrote {len(fit.models)} models to {MODELS_DIR}; scorer and threshold into "
                  f"{len(scorers)} field YAMLs (learned: {', '.join(learned) or 'none'}; "
                  f"fitted min_score: {fitted}). "
                  "Refit the confidence calibration on a run of the fit set next "
                  "(scripts/calibrate.py).")


def train_command(console: Console, progress, *, gold: Path, docs: Path,
                  fields: list[str] | None, limit: int | None, fmt: str,
                  cases_path: Path | None, holdout_gold: Path | None,
                  holdout_cases: Path | None,
                  holdout_docs: Path | None, write: bool, out_json: Path | None) -> Fit:
    from ..service import ExtractionService

    svc = ExtractionService()
    if cases_path and cases_path.exists():
        cases = load_cases(cases_path)
        console.print(f"{len(cases)} labelled cases from {cases_path}")
    else:
        cases = _collect(svc, progress, gold, docs, fields, limit, fmt, "fit set")
        if cases_path:
            save_cases(cases_path, cases)
    fit = fit_all(cases)
    cv = cross_validate(cases)
    cv_min = cross_validate_min_scores(cases)
    held = None
    if holdout_cases and holdout_cases.exists():
        held = evaluate(load_cases(holdout_cases), fit.models, fit.thresholds)
    elif holdout_gold:
        held_cases = _collect(svc, progress, holdout_gold,
                              holdout_docs or holdout_gold.parent / "docs", fields, None, fmt,
                              "held-out set")
        if holdout_cases:
            save_cases(holdout_cases, held_cases)
        held = evaluate(held_cases, fit.models, fit.thresholds)
    _print_fit(console, fit, cv, held)
    _print_min_scores(console, fit, cv_min, {c.field: c.hand_threshold for c in cases})
    scorers = choose_scorers(fit, cv)
    min_scores = choose_min_scores(fit, cv_min, scorers)
    if write:
        _write(console, svc, fit, scorers, min_scores)
    if out_json:
        report = {
            "models": {vt: m.to_dict() for vt, m in fit.models.items()},
            "thresholds": fit.thresholds,
            "scorers": scorers,
            "min_scores": {"fitted": fit.min_scores, "written": min_scores},
            "fit": {"hand": {k: c.to_dict() for k, c in fit.hand.items()},
                    "learned": {k: c.to_dict() for k, c in fit.learned.items()},
                    "learned_cv5": {k: dict(c.counts.to_dict(), learned_only=c.learned_only,
                                            hand_only=c.hand_only, p_value=c.p_value)
                                    for k, c in cv.items()},
                    "hand_fitted_min_score": {k: c.to_dict() for k, c in fit.hand_fitted.items()},
                    "hand_fitted_min_score_cv5": {
                        k: dict(c.counts.to_dict(), fitted_only=c.learned_only,
                                yaml_only=c.hand_only, p_value=c.p_value)
                        for k, c in cv_min.items()}},
        }
        if held:
            report["holdout"] = {"learned": {k: c.to_dict() for k, c in held[0].items()},
                                 "hand": {k: c.to_dict() for k, c in held[1].items()}}
        out_json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return fit

