"""Threshold calibration, the pure part: evidence F1 of a field's retrieval and its best
``min_score``.

A labelled row is one (document, field) of a gold set:

* the answer is present (the row has verbatim spans): the retrieval is right (TP) when one of
  the evidence chunks it returns holds a span (``spans.holds_span``), and wrong (FP and FN) when
  it returns only other chunks, or misses (FN) when it returns nothing;
* the answer is absent (no values): anything returned is a false positive (FP), nothing is
  right (TN).

Rows whose gold has values but no spans say nothing about evidence and are left out.

Returned evidence = the ranked chunks scoring at least ``min_score``, cut at ``final_top_k``;
so for one ranking, F1 as a function of ``min_score`` only changes between consecutive distinct
scores, and the best threshold is searched exactly over the midpoints between them (a midpoint
keeps a margin on both sides, where a threshold equal to a score would sit on a knife edge).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..evaluation.counts import Counts

__all__ = ["Candidate", "RowRanking", "evidence_counts", "best_min_score",
           "threshold_candidates"]


@dataclass(frozen=True)
class Candidate:
    """One retrieved chunk: its sub-scores, its final score and whether it holds the answer."""

    score: float
    positive: bool
    bm25: float | None = None
    knn: float | None = None


@dataclass(frozen=True)
class RowRanking:
    """A labelled row's candidates, best first (sorted by score, descending), retrieved with
    ``min_score`` 0."""

    doc_id: str
    field: str
    present: bool  # the gold answer is in the document
    ranked: tuple[Candidate, ...]


def evidence_counts(rows: Sequence[RowRanking], min_score: float, top_k: int) -> Counts:
    """TP/FP/FN/TN of ``rows`` when evidence is the top ``top_k`` scoring >= ``min_score``."""
    counts = Counts()
    for row in rows:
        # Sorted best first, so the top k scoring >= min_score are among the top k.
        returned = [c for c in row.ranked[:top_k] if c.score >= min_score]
        if not row.present:
            counts.fp += bool(returned)
            counts.tn += not returned
        elif any(c.positive for c in returned):
            counts.tp += 1
        else:
            counts.fn += 1
            counts.fp += bool(returned)
    return counts


def threshold_candidates(rows: Sequence[RowRanking], top_k: int) -> list[float]:
    """0 and every midpoint between consecutive distinct scores that can matter (a row's
    evidence only changes when the threshold crosses one of its top ``top_k`` scores)."""
    scores = sorted({round(c.score, 6) for row in rows for c in row.ranked[:top_k]})
    return [0.0] + [round((a + b) / 2, 6) for a, b in zip(scores, scores[1:]) if a >= 0]


def best_min_score(rows: Sequence[RowRanking], top_k: int,
                   current: float = 0.0) -> tuple[float, Counts]:
    """The ``min_score`` with the highest evidence F1 (ties keep ``current``, then the lowest:
    the least evidence thrown away for the same F1)."""
    best_t, best = current, evidence_counts(rows, current, top_k)
    for t in threshold_candidates(rows, top_k):
        counts = evidence_counts(rows, t, top_k)
        if counts.f1 > best.f1 + 1e-12:
            best_t, best = t, counts
    return best_t, best
