"""The learned candidate scorer: model files, probabilities, explanations, and the fit's
threshold choice checked against hand computation."""

from __future__ import annotations

import json
import math

import pytest

from intelligent_extraction.errors import ConfigError
from intelligent_extraction.extraction.learned import CandidateModel, load_model, model_for
from intelligent_extraction.training.collect import FieldCase, LabelledCandidate, dependency_order
from intelligent_extraction.training.fit import (
    best_threshold,
    cross_validate,
    cross_validate_min_scores,
    decide_counts,
    fit_all,
    fit_type_model,
)


def _candidates(cands):
    return [LabelledCandidate(v, {"kind": k}, right, hand) for v, k, right, hand in cands]


def _case(doc, gold, *cands, field="signing_date", vt="date", retries=()):
    """A case whose first attempt holds ``cands``; each of ``retries`` is a later attempt."""
    case = FieldCase(doc, "synthetic", field, vt, tuple(gold), hand_threshold=0.5)
    case.attempts = [_candidates(cands)] + [_candidates(r) for r in retries]
    return case


def test_probability_and_contributions_follow_the_coefficients():
    model = CandidateModel("date", {"kind": 2.0, "rank": -1.0}, intercept=-0.5)
    feats = {"kind": 1.0, "rank": 0.5, "early": 9.0}  # early has no weight: ignored
    assert model.logit(feats) == pytest.approx(-0.5 + 2.0 - 0.5)
    assert model.probability(feats) == pytest.approx(1 / (1 + math.exp(-1.0)))
    assert model.contributions(feats) == {"kind": 2.0, "rank": -0.5, "bias": -0.5}


def test_model_file_round_trip_and_errors(tmp_path):
    path = tmp_path / "date.json"
    CandidateModel("date", {"kind": 1.5}, -1.0, default_threshold=0.4).save(path)
    loaded = load_model(path)
    assert loaded.coef == {"kind": 1.5} and loaded.default_threshold == 0.4
    assert model_for("date", tmp_path) == loaded
    assert model_for("money", tmp_path) is None  # no model: the hand score decides
    bad = json.loads(path.read_text())
    bad["coef"]["colour"] = 1.0
    path.write_text(json.dumps(bad))
    with pytest.raises(ConfigError, match=r"date.json: coef names unknown features \['colour'\]"):
        load_model(path)
    path.write_text("{not json")
    with pytest.raises(ConfigError, match="date.json: not a candidate model"):
        load_model(path)


def test_decide_counts_counts_like_eval():
    cases = [
        _case("a", ["2020-01-01"], ("2020-01-01", 0.9, True, 0.9)),   # right, confident: tp
        _case("b", ["2020-02-02"], ("2021-01-01", 0.8, False, 0.8)),  # wrong: fp and fn
        _case("c", [], ("2022-01-01", 0.2, False, 0.2)),              # nothing to find: tn
        _case("d", ["2020-03-03"], ("2020-03-03", 0.3, True, 0.3)),   # right but shy: fn
    ]
    c = decide_counts(cases, lambda x: x.features["kind"], 0.5)
    assert (c.tp, c.fp, c.fn, c.tn) == (1, 1, 2, 1)


def test_best_threshold_matches_hand_computation():
    # top scores 0.9 (right), 0.7 (wrong, gold present), 0.6 (right), 0.2 (no gold, wrong)
    cases = [
        _case("a", ["x"], ("x", 0.9, True, 0)),
        _case("b", ["y"], ("z", 0.7, False, 0)),
        _case("c", ["w"], ("w", 0.6, True, 0)),
        _case("d", [], ("q", 0.2, False, 0)),
    ]
    # answer all (t<=0.2): tp2 fp2 fn1 -> 4/7; t in (0.2,0.6]: tp2 fp1 fn1 -> 4/6;
    # t in (0.6,0.7]: tp1 fp1 fn2 -> 2/5; t in (0.7,0.9]: tp1 fn2 -> 2/4; above: 0
    threshold, counts = best_threshold(cases, lambda x: x.features["kind"])
    assert 0.2 < threshold <= 0.6
    assert (counts.tp, counts.fp, counts.fn, counts.tn) == (2, 1, 1, 1)
    assert counts.f1 == pytest.approx(4 / 6)


def test_a_retry_answers_only_when_the_attempts_before_it_did_not():
    def score(candidate):
        return candidate.features["kind"]

    cases = [
        # first attempt shy, the retry finds the right value: tp at 0.5
        _case("a", ["x"], ("y", 0.3, False, 0), retries=[[("x", 0.8, True, 0)]]),
        # no value to find; the retry's candidate clears 0.5: a false positive
        _case("b", [], ("p", 0.1, False, 0), retries=[[("q", 0.6, False, 0)]]),
        # the first attempt answers (wrongly), so the right retry never runs
        _case("c", ["r"], ("s", 0.7, False, 0), retries=[[("r", 0.9, True, 0)]]),
        # an empty first attempt goes on to the retry
        _case("d", ["u"], retries=[[("u", 0.55, True, 0)]]),
    ]
    c = decide_counts(cases, score, 0.5)
    assert (c.tp, c.fp, c.fn, c.tn) == (2, 2, 1, 0)
    # by hand, per threshold: <=0.3 answers the first attempt of a, b, c: a fp+fn, b fp, c fp+fn,
    # d tp -> F1 2/8; (0.3,0.55]: tp a d, fp b c, fn c -> 4/7; (0.55,0.6]: tp a, fp b c, fn c d
    # -> 2/6; (0.6,0.7]: tp a, fp c, fn c d -> 2/5; (0.7,0.8]: tp a c, fn d -> 4/5;
    # (0.8,0.9]: tp c, fn a d -> 2/4. Only a threshold above the wrong first answer (0.7) and
    # the no-value retry (0.6) but not above a's retry (0.8) is best.
    threshold, counts = best_threshold(cases, score)
    assert 0.7 < threshold <= 0.8
    assert (counts.tp, counts.fp, counts.fn, counts.tn) == (2, 0, 1, 1)
    assert counts.f1 == pytest.approx(4 / 5)


def test_fit_learns_that_the_role_feature_separates_right_from_wrong():
    cases = []
    for i in range(40):
        cases.append(_case(f"d{i}", [f"v{i}"], (f"v{i}", 1.0, True, 0.1), (f"w{i}", -1.0, False, 0.9)))
    model = fit_type_model("date", cases)
    assert model.coef["kind"] > 1.0
    assert model.trained_on["candidates"] == 80 and model.trained_on["right"] == 40
    fit = fit_all(cases)
    assert fit.learned["signing_date"].f1 == 1.0
    assert fit.hand["signing_date"].f1 == 0.0  # the hand score preferred the wrong one
    assert fit_type_model("date", [_case("a", [], ("x", 0.0, False, 0))]) is None  # one class


def test_dependency_order_puts_needed_fields_first():
    class F:
        def __init__(self, name):
            self.field_name = name

    start, end, other = F("start"), F("end"), F("other")
    needs = {"end": ("start",), "start": (), "other": ("missing",)}
    ordered = dependency_order([end, other, start], lambda f: needs[f.field_name])
    names = [f.field_name for f in ordered]
    assert names.index("start") < names.index("end") and len(names) == 3


def test_cross_validation_scores_every_document_once_on_a_model_that_never_saw_it():
    cases = [_case(f"d{i}", [f"v{i}"], (f"v{i}", 1.0, True, 0.1), (f"w{i}", -1.0, False, 0.9))
             for i in range(50)]
    cv = cross_validate(cases, k=5)
    result = cv["signing_date"]
    assert result.counts.tp + result.counts.fn + result.counts.tn == 50  # each held out once
    assert result.counts.f1 == 1.0
    # the hand score prefers the wrong candidate everywhere: 50 documents to the model's credit
    assert (result.learned_only, result.hand_only) == (50, 0)
    assert result.p_value == pytest.approx(2 / 2**50)


def test_mcnemar_p_value_by_hand():
    from intelligent_extraction.evaluation.counts import Counts
    from intelligent_extraction.training.fit import CrossValidated

    # 12 against 3: 2 * P(X <= 3), X ~ Binomial(15, 1/2) = 2 * (1 + 15 + 105 + 455) / 32768
    assert CrossValidated(Counts(), 12, 3).p_value == pytest.approx(1152 / 32768)
    assert CrossValidated(Counts(), 4, 3).p_value == 1.0
    assert CrossValidated(Counts()).p_value == 1.0  # never disagree


def test_the_learned_scorer_is_chosen_only_where_cross_validation_beats_the_hand_weights():
    from intelligent_extraction.training.command import choose_scorers
    from intelligent_extraction.evaluation.counts import Counts
    from intelligent_extraction.training.fit import CrossValidated, Fit

    hand = {name: Counts(tp=80, fp=20, fn=20) for name in "abcd"} | {"e": Counts(tp=1)}
    cv = {
        "a": CrossValidated(Counts(tp=92, fp=8, fn=8), 14, 2),   # better, and beyond chance
        "b": CrossValidated(Counts(tp=80, fp=20, fn=20), 9, 9),  # a tie
        "c": CrossValidated(Counts(tp=83, fp=17, fn=17), 5, 2),  # better F1, 5 vs 2: chance
        "d": CrossValidated(Counts(tp=92, fp=8, fn=8), 2, 14),   # uneven the wrong way
    }
    fit = Fit(models={}, thresholds={}, learned={}, hand=hand)
    assert choose_scorers(fit, cv) == {"a": "learned", "b": "hand", "c": "hand", "d": "hand",
                                       "e": "hand"}


def _shy_or_sure(i: int) -> FieldCase:
    """Half the documents hold a value, found with a hand score of 0.9; the other half hold
    none, and their best candidate scores 0.6: above the YAML's 0.5, under 0.9."""
    if i % 2:
        return _case(f"d{i}", [f"v{i}"], (f"v{i}", 1.0, True, 0.9))
    return _case(f"d{i}", [], (f"w{i}", -1.0, False, 0.6))


def test_the_hand_scores_not_found_threshold_is_fitted_for_f1_and_cross_validated():
    cases = [_shy_or_sure(i) for i in range(40)]
    fit = fit_all(cases)
    # the YAML's 0.5 answers the 20 empty documents: 20 false positives
    assert fit.hand["signing_date"].fp == 20
    assert 0.6 < fit.min_scores["signing_date"] <= 0.9
    assert fit.hand_fitted["signing_date"].f1 == 1.0
    result = cross_validate_min_scores(cases, k=5)["signing_date"]
    assert result.counts.tp + result.counts.fn + result.counts.tn == 40  # each held out once
    assert result.counts.f1 == 1.0
    # the 20 empty documents are right only with the fitted threshold
    assert (result.learned_only, result.hand_only) == (20, 0)


def test_a_fitted_min_score_is_written_only_where_cross_validation_beats_the_yamls():
    from intelligent_extraction.training.command import choose_min_scores
    from intelligent_extraction.evaluation.counts import Counts
    from intelligent_extraction.training.fit import CrossValidated, Fit

    hand = {name: Counts(tp=80, fp=20, fn=20) for name in "abcde"}  # F1 0.8 with the YAML's
    cv = {
        "a": CrossValidated(Counts(tp=80, fp=8, fn=20), 12, 0),   # 0.851, 12 empty docs right
        "b": CrossValidated(Counts(tp=80, fp=16, fn=20), 4, 0),   # 0.816, but 4 vs 0: chance
        "c": CrossValidated(Counts(tp=80, fp=8, fn=20), 12, 0),   # runs the learned scorer
        "d": CrossValidated(Counts(tp=70, fp=30, fn=30), 0, 10),  # worse
    }  # "e": not cross-validated
    fit = Fit(models={}, thresholds={}, learned={}, hand=hand,
              min_scores={"a": 0.7, "b": 0.6, "c": 0.7, "d": 0.2, "e": 0.9})
    scorers = {"a": "hand", "b": "hand", "c": "learned", "d": "hand", "e": "hand"}
    assert choose_min_scores(fit, cv, scorers) == {"a": 0.7}


def test_train_reports_and_saves_the_fitted_min_score(tmp_path, monkeypatch):
    """The ``train`` command on saved cases (no retrieval): both tables printed, and the
    fitted threshold with its cross-validation in the JSON report; nothing written."""
    from contextlib import nullcontext

    from rich.console import Console

    from intelligent_extraction.training.command import save_cases, train_command

    monkeypatch.setenv("IE_DATA_DIR", str(tmp_path / "data"))
    cases_path, report = tmp_path / "cases.jsonl", tmp_path / "fit.json"
    save_cases(cases_path, [_shy_or_sure(i) for i in range(40)])
    console = Console(record=True, width=240)
    train_command(console, nullcontext, gold=tmp_path / "gold.jsonl", docs=tmp_path,
                  fields=None, limit=None, fmt="pdf", cases_path=cases_path,
                  holdout_gold=None, holdout_cases=None, holdout_docs=None, write=False,
                  out_json=report)
    printed = console.export_text()
    assert "hand-weighted scores vs the learned scorer" in printed
    assert "not-found threshold" in printed
    data = json.loads(report.read_text())
    assert 0.6 < data["min_scores"]["fitted"]["signing_date"] <= 0.9
    cv = data["fit"]["hand_fitted_min_score_cv5"]["signing_date"]
    assert (cv["fitted_only"], cv["yaml_only"], cv["f1"]) == (20, 0, 1.0)
    # the role feature separates the two kinds of candidate, so the learned scorer wins the
    # field, and a min_score only matters to a field that keeps the hand weights
    assert data["scorers"]["signing_date"] == "learned"
    assert data["min_scores"]["written"] == {}
