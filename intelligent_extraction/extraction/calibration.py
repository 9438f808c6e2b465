"""Confidence calibration: raw extractor scores -> probabilities that the value is right.

A calibrator is a monotone piecewise-linear map fitted on the train set (isotonic regression by
pool-adjacent-violators, no library needed for 1-D) and stored as JSON beside the field
configs, so "confidence 0.8" means about 80% of such values are right.

One map per field where the fit set holds enough of its answers, the shared map for the rest:
the same raw score means different odds for a governing law (right 98% of the time on train)
and a term (59%), so one shared map leaves every field's confidence pulled toward the mean.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Calibrator", "FieldCalibrators", "fit_isotonic", "fit_field_calibrators",
    "reliability_table", "expected_calibration_error",
]

#: A field gets its own map when the fit set holds at least this many of its found values;
#: fewer and a two-fold check on train found the per-field map noisier than the shared one.
MIN_VALUES_PER_FIELD = 60


@dataclass(frozen=True)
class Calibrator:
    """Piecewise-linear interpolation through (raw score, probability) knots."""

    xs: tuple[float, ...]
    ys: tuple[float, ...]

    @classmethod
    def identity(cls) -> "Calibrator":
        return cls((0.0, 1.0), (0.0, 1.0))

    @classmethod
    def from_dict(cls, data: Mapping) -> "Calibrator":
        return cls(tuple(data["x"]), tuple(data["y"]))

    def to_dict(self) -> dict:
        return {"x": list(self.xs), "y": list(self.ys)}

    def __call__(self, raw: float) -> float:
        xs, ys = self.xs, self.ys
        if raw <= xs[0]:
            return ys[0]
        if raw >= xs[-1]:
            return ys[-1]
        i = bisect_right(xs, raw)
        x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
        return y0 + (y1 - y0) * (raw - x0) / (x1 - x0) if x1 > x0 else y1


@dataclass(frozen=True)
class FieldCalibrators:
    """The shared map and the per-field maps of one extractor; a field without its own map
    (too few values in the fit set, or a field added since) uses the shared one."""

    shared: Calibrator = field(default_factory=Calibrator.identity)
    by_field: Mapping[str, Calibrator] = field(default_factory=dict)

    def __call__(self, field_name: str, raw: float) -> float:
        return self.by_field.get(field_name, self.shared)(raw)

    @classmethod
    def load(cls, path: Path, extractor: str) -> "FieldCalibrators":
        """The maps stored for ``extractor`` in ``path``; identity when there are none."""
        data = json.loads(path.read_text()).get(extractor) if path.exists() else None
        if not data:
            return cls()
        return cls(Calibrator.from_dict(data), {
            name: Calibrator.from_dict(entry) for name, entry in data.get("fields", {}).items()
        })

    def to_dict(self) -> dict:
        data = self.shared.to_dict()
        if self.by_field:
            data["fields"] = {name: cal.to_dict() for name, cal in sorted(self.by_field.items())}
        return data


def fit_field_calibrators(
    labelled: Sequence[tuple[str, float, bool]], min_values: int = MIN_VALUES_PER_FIELD
) -> FieldCalibrators:
    """The shared map fitted on every (field, raw score, right?) triple, and a map for each
    field with at least ``min_values`` of them."""
    by_field: dict[str, list[tuple[float, bool]]] = {}
    for name, score, right in labelled:
        by_field.setdefault(name, []).append((score, right))
    return FieldCalibrators(
        fit_isotonic([s for _, s, _ in labelled], [ok for _, _, ok in labelled]),
        {name: fit_isotonic([s for s, _ in rows], [ok for _, ok in rows])
         for name, rows in by_field.items() if len(rows) >= min_values},
    )


def fit_isotonic(scores: Sequence[float], correct: Sequence[bool]) -> Calibrator:
    """Isotonic regression of correctness on score (pool adjacent violators), each block's
    rate Laplace-smoothed so sparse extremes do not become certainties."""
    if not scores:
        return Calibrator.identity()
    # equal scores are one observation group: isotonic regression cannot split a tie
    grouped: dict[float, list[float]] = {}
    for x, ok in zip(scores, correct):
        grouped.setdefault(x, [0.0, 0.0])
        grouped[x][0] += 1.0 if ok else 0.0
        grouped[x][1] += 1.0
    blocks: list[list[float]] = []  # [sum_y, count, min_x, max_x]
    for x in sorted(grouped):
        blocks.append([grouped[x][0], grouped[x][1], x, x])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] >= blocks[-1][0] / blocks[-1][1]:
            y2, n2, _, hi = blocks.pop()
            blocks[-1][0] += y2
            blocks[-1][1] += n2
            blocks[-1][3] = hi
    xs, ys = [], []
    for sum_y, n, lo, hi in blocks:
        xs.append((lo + hi) / 2)
        # Laplace smoothing: a block of a few values must not claim 0% or 100%
        ys.append(round((sum_y + 1) / (n + 2), 4))
    if len(xs) == 1:
        return Calibrator((0.0, 1.0), (ys[0], ys[0]))
    return Calibrator(tuple(xs), tuple(ys))


def reliability_table(
    confidences: Sequence[float], correct: Sequence[bool], bins: int = 10
) -> list[dict]:
    """Per confidence bin: count, mean confidence and the share that was right."""
    rows = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        members = [
            (c, ok) for c, ok in zip(confidences, correct)
            if lo <= c < hi or (b == bins - 1 and c == 1.0)
        ]
        if members:
            rows.append({
                "bin": f"{lo:.1f}-{hi:.1f}",
                "count": len(members),
                "mean_confidence": sum(c for c, _ in members) / len(members),
                "accuracy": sum(1 for _, ok in members if ok) / len(members),
            })
    return rows


def expected_calibration_error(
    confidences: Sequence[float], correct: Sequence[bool], bins: int = 10
) -> float | None:
    """ECE: sum over the equal-width bins of ``count / N * |share right - mean confidence|``.

    The bins are :func:`reliability_table`'s, so the number summarizes the table printed
    beside it. None when there is nothing to measure.
    """
    rows = reliability_table(confidences, correct, bins)
    total = sum(row["count"] for row in rows)
    if not total:
        return None
    return sum(row["count"] / total * abs(row["accuracy"] - row["mean_confidence"])
               for row in rows)
