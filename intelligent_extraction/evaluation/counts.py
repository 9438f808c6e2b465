"""Confusion counts of one yes/no-or-which decision over many cases, and their P/R/F1.

One type for every place that scores decisions: ``eval`` (a field's values), ``train`` (the
not-found threshold) and ``calibrate`` (evidence retrieval). A wrong answer counts twice, as a
false positive and a miss, the way ``eval`` counts it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Counts"]


@dataclass
class Counts:
    tp: int = 0  # answered right
    fp: int = 0  # answered wrong, or answered where nothing was to find
    fn: int = 0  # missed, or answered wrong
    tn: int = 0  # rightly left empty

    # Nothing answered scores precision 1.0 and nothing to find recall 1.0: a field that had
    # nothing to get wrong is not worse than one that did (and F1 stays 2TP / (2TP + FP + FN)).
    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        denominator = 2 * self.tp + self.fp + self.fn
        return 2 * self.tp / denominator if denominator else 1.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn,
                      self.tn + other.tn)

    def to_dict(self) -> dict[str, float]:
        return {"tp": self.tp, "fp": self.fp, "fn": self.fn, "tn": self.tn,
                "precision": round(self.precision, 4), "recall": round(self.recall, 4),
                "f1": round(self.f1, 4)}
