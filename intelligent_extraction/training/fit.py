"""Fit the candidate scorer: one logistic regression per value type, one threshold per field,
and, for the hand-weighted scores, one not-found threshold (``min_score``) per field.

A (document, field) is decided as extraction decides it: attempt by attempt (the first
retrieval, then the retries), the best candidate of the first attempt whose score clears the
field's threshold answers; no such attempt, not found. A threshold is the one that maximizes
that field's F1 on the fit set, counted the way ``eval`` counts (a wrong value is a false
positive and a miss). Everything here is pure: cases in, models, thresholds and counts out.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..evaluation.counts import Counts
from ..extraction.learned import FEATURES, CandidateModel
from .collect import FieldCase, LabelledCandidate

__all__ = [
    "fit_type_model", "best_threshold", "decide_counts", "fit_all", "Fit", "evaluate",
    "cross_validate", "cross_validate_min_scores", "CrossValidated",
]

#: L2 strength (sklearn's C): mild, the features are few and bounded.
REGULARIZATION_C = 1.0


def _vector(c: LabelledCandidate) -> list[float]:
    return [float(c.features.get(name, 0.0)) for name in FEATURES]


def fit_type_model(value_type: str, cases: Sequence[FieldCase]) -> CandidateModel | None:
    """A logistic regression on every candidate of the cases; None without both classes."""
    from sklearn.linear_model import LogisticRegression

    rows = [c for case in cases for c in case.candidates]
    labels = [c.right for c in rows]
    if not rows or all(labels) or not any(labels):
        return None
    used = [i for i, name in enumerate(FEATURES) if any(c.features.get(name) for c in rows)]
    x = [[v for i, v in enumerate(_vector(c)) if i in used] for c in rows]
    lr = LogisticRegression(C=REGULARIZATION_C, max_iter=5000).fit(x, labels)
    coef = {FEATURES[i]: round(float(w), 5) for i, w in zip(used, lr.coef_[0])}
    trained_on = {
        "documents": len({case.doc_id for case in cases}),
        "fields": sorted({case.field for case in cases}),
        "candidates": len(rows),
        "right": sum(labels),
    }
    return CandidateModel(value_type, coef, round(float(lr.intercept_[0]), 5),
                          trained_on=trained_on)


Scorer = Callable[[LabelledCandidate], float]


def _answer(case: FieldCase, score: Scorer, threshold: float) -> LabelledCandidate | None:
    """What extraction answers: the best candidate of the first attempt whose best clears
    ``threshold`` (later attempts run only when earlier ones did not answer); None if none."""
    for attempt in case.attempts:
        if attempt:
            best = max(attempt, key=score)
            if score(best) >= threshold:
                return best
    return None


def decide_counts(cases: Iterable[FieldCase], score: Scorer, threshold: float) -> Counts:
    """eval's counts when each case is decided the way extraction decides it (``_answer``)."""
    counts = Counts()
    for case in cases:
        answer = _answer(case, score, threshold)
        if not case.gold and answer is None:
            counts.tn += 1
        elif answer is not None and answer.right:
            counts.tp += 1
        else:
            counts.fp += answer is not None
            counts.fn += bool(case.gold)
    return counts


def best_threshold(cases: Sequence[FieldCase], score: Scorer) -> tuple[float, Counts]:
    """The threshold with the best F1 (ties: the midpoint of the best plateau's ends)."""
    # every attempt's best can decide a case, so each is a place the F1 may change
    tops = sorted({score(max(a, key=score)) for case in cases for a in case.attempts if a})
    if not tops:
        return 0.5, decide_counts(cases, score, 0.5)
    # a threshold just above each top score, and one at the lowest (answer everything)
    options = [tops[0] - 1e-6] + [(a + b) / 2 for a, b in zip(tops, tops[1:])] + [tops[-1] + 1e-6]
    scored = [(decide_counts(cases, score, t).f1, t) for t in options]
    best_f1 = max(f1 for f1, _ in scored)
    plateau = [t for f1, t in scored if f1 == best_f1]
    # a contiguous run of equal F1 is safer in its middle; non-contiguous: the lowest run's
    chosen = plateau[len(plateau) // 2] if len(plateau) > 1 else plateau[0]
    return chosen, decide_counts(cases, score, chosen)


@dataclass
class Fit:
    models: dict[str, CandidateModel]
    thresholds: dict[str, float]
    learned: dict[str, Counts]  # per field, in-sample
    hand: dict[str, Counts]  # the hand-weighted scores with the YAML's min_score
    # the hand-weighted scores' best not-found threshold per field, and its in-sample counts
    min_scores: dict[str, float] = field(default_factory=dict)
    hand_fitted: dict[str, Counts] = field(default_factory=dict)


def _hand_score(c: LabelledCandidate) -> float:
    return c.hand_score


def hand_counts(cases: Sequence[FieldCase]) -> Counts:
    threshold = cases[0].hand_threshold if cases else 0.0
    return decide_counts(cases, _hand_score, threshold)


def _grouped(cases: Iterable[FieldCase], key: str) -> dict[str, list[FieldCase]]:
    """The cases by their ``field`` or ``value_type``, in first-seen order."""
    groups: dict[str, list[FieldCase]] = defaultdict(list)
    for case in cases:
        groups[getattr(case, key)].append(case)
    return groups


def fit_all(cases: Sequence[FieldCase]) -> Fit:
    by_type, by_field = _grouped(cases, "value_type"), _grouped(cases, "field")
    models = {vt: m for vt, group in by_type.items() if (m := fit_type_model(vt, group))}
    thresholds, learned, hand, min_scores, hand_fitted = {}, {}, {}, {}, {}
    for name, group in by_field.items():
        hand[name] = hand_counts(group)
        min_scores[name], hand_fitted[name] = best_threshold(group, _hand_score)
        model = models.get(group[0].value_type)
        if model is None:
            continue
        thresholds[name], learned[name] = best_threshold(
            group, lambda c, m=model: m.probability(c.features))
    for vt, model in models.items():
        fitted = [thresholds[n] for n, g in by_field.items()
                  if g[0].value_type == vt and n in thresholds]
        models[vt] = CandidateModel(model.value_type, model.coef, model.intercept,
                                    default_threshold=round(sorted(fitted)[len(fitted) // 2], 4)
                                    if fitted else 0.5,
                                    trained_on=model.trained_on)
    return Fit(models, {k: round(v, 6) for k, v in thresholds.items()}, learned, hand,
               {k: round(v, 6) for k, v in min_scores.items()}, hand_fitted)


def evaluate(cases: Sequence[FieldCase], models: dict[str, CandidateModel],
             thresholds: dict[str, float]) -> tuple[dict[str, Counts], dict[str, Counts]]:
    """(learned, hand) counts per field on another set (the held-out check)."""
    by_field = _grouped(cases, "field")
    learned, hand = {}, {}
    for name, group in by_field.items():
        hand[name] = hand_counts(group)
        model = models.get(group[0].value_type)
        if model is not None:
            t = thresholds.get(name, model.default_threshold)
            learned[name] = decide_counts(group, lambda c, m=model: m.probability(c.features), t)
    return learned, hand


def _fold(doc_id: str, k: int) -> int:
    """A document's fold: stable across runs and machines (not Python's salted hash)."""
    import zlib

    return zlib.crc32(doc_id.encode("utf-8")) % k


@dataclass
class CrossValidated:
    """One field's cross-validation: the learned scorer's counts on held-out folds, and the
    documents it decides differently from the hand weights (right where they are wrong, and
    the reverse): the pairs an exact McNemar test compares."""

    counts: Counts
    learned_only: int = 0  # documents the learned scorer gets right and the hand weights wrong
    hand_only: int = 0

    @property
    def p_value(self) -> float:
        """Two-sided exact McNemar test: the chance of a split at least this uneven if both
        scorers were equally good (1.0 when they never disagree)."""
        n, k = self.learned_only + self.hand_only, min(self.learned_only, self.hand_only)
        if n == 0:
            return 1.0
        return min(1.0, 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2**n)


def _right(case: FieldCase, answer: LabelledCandidate | None) -> bool:
    return answer.right if answer is not None else not case.gold


def cross_validate(cases: Sequence[FieldCase], k: int = 5) -> dict[str, CrossValidated]:
    """Per field, the learned scorer on each fold when fitted on the other folds (documents
    never straddle folds), paired with the hand weights on the same documents: an estimate of
    held-out F1 from the fit set alone, for choosing between designs without looking at the
    held-out set."""
    totals: dict[str, CrossValidated] = defaultdict(lambda: CrossValidated(Counts()))
    for fold in range(k):
        train = [c for c in cases if _fold(c.doc_id, k) != fold]
        test = [c for c in cases if _fold(c.doc_id, k) == fold]
        if not train or not test:
            continue
        fit = fit_all(train)
        learned, _ = evaluate(test, fit.models, fit.thresholds)
        for name, counts in learned.items():
            totals[name].counts += counts
        for case in test:
            model = fit.models.get(case.value_type)
            if model is None or case.field not in learned:
                continue
            threshold = fit.thresholds.get(case.field, model.default_threshold)
            by_model = _right(case, _answer(case, lambda c, m=model: m.probability(c.features),
                                            threshold))
            by_hand = _right(case, _answer(case, lambda c: c.hand_score, case.hand_threshold))
            totals[case.field].learned_only += by_model and not by_hand
            totals[case.field].hand_only += by_hand and not by_model
    return dict(totals)


def cross_validate_min_scores(cases: Sequence[FieldCase], k: int = 5) -> dict[str, CrossValidated]:
    """Per field, the hand-weighted scores with a ``min_score`` fitted on the other folds,
    paired with the same scores under the YAML's ``min_score``: ``learned_only`` counts the
    documents only the fitted threshold gets right, ``hand_only`` the reverse."""
    totals: dict[str, CrossValidated] = defaultdict(lambda: CrossValidated(Counts()))
    for fold in range(k):
        train = [c for c in cases if _fold(c.doc_id, k) != fold]
        fitted = {name: best_threshold(group, _hand_score)[0]
                  for name, group in _grouped(train, "field").items()}
        for case in cases:
            if _fold(case.doc_id, k) != fold or case.field not in fitted:
                continue
            result = totals[case.field]
            result.counts += decide_counts([case], _hand_score, fitted[case.field])
            by_fitted = _right(case, _answer(case, _hand_score, fitted[case.field]))
            by_yaml = _right(case, _answer(case, _hand_score, case.hand_threshold))
            result.learned_only += by_fitted and not by_yaml
            result.hand_only += by_yaml and not by_fitted
    return dict(totals)
