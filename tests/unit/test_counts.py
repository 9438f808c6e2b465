"""The one confusion-count type that eval, train and calibrate score with."""

import pytest

from intelligent_extraction.evaluation.counts import Counts


def test_precision_recall_and_f1_follow_the_counts():
    counts = Counts(tp=6, fp=2, fn=4, tn=9)

    assert counts.precision == pytest.approx(6 / 8)
    assert counts.recall == pytest.approx(6 / 10)
    assert counts.f1 == pytest.approx(12 / 18)  # 2TP / (2TP + FP + FN), the harmonic mean


def test_nothing_to_find_and_nothing_answered_scores_one_not_zero():
    assert Counts(tn=5).f1 == 1.0
    assert Counts(fn=3).precision == 1.0 and Counts(fn=3).f1 == 0.0
    assert Counts(fp=3).recall == 1.0 and Counts(fp=3).f1 == 0.0


def test_counts_add_up_field_by_field():
    total = sum([Counts(1, 2, 3, 4), Counts(10, 20, 30, 40)], Counts())

    assert total == Counts(11, 22, 33, 44)
    assert total.to_dict()["f1"] == round(22 / (22 + 22 + 33), 4)
