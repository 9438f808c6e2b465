"""Fusion math: OpenSearch's min-max, the seed's /10, weighted mean, agreement boosts, RRF."""

import pytest

from intelligent_extraction.models import (
    AgreementBoost,
    BM25Normalization,
    FieldConfig,
    Instructions,
    Weights,
)
from intelligent_extraction.retrieval.fusion import (
    AGREEMENT_BOOSTS,
    BM25_NORMALIZERS,
    MIN_SCORE,
    ScoreFusion,
    agreement_factor,
    divide_by_10,
    merge_max,
    min_max_normalize,
    normalize_bm25,
    rrf,
    weighted_arithmetic_mean,
)

# ------------------------------------------------------------------ min-max


def test_min_max_spreads_scores_between_min_and_max():
    assert min_max_normalize([2.0, 4.0, 6.0]) == pytest.approx([MIN_SCORE, 0.5, 1.0])


def test_min_max_floors_the_minimum_at_0_001_like_opensearch():
    assert MIN_SCORE == 0.001
    assert min_max_normalize([1.0, 3.0])[0] == 0.001


def test_min_max_keeps_input_order():
    assert min_max_normalize([6.0, 2.0, 3.0]) == pytest.approx([1.0, 0.001, 0.25])


def test_min_max_single_result_is_one():
    assert min_max_normalize([7.3]) == [1.0]


def test_min_max_all_equal_is_one():
    assert min_max_normalize([0.4, 0.4, 0.4]) == [1.0, 1.0, 1.0]


def test_min_max_empty():
    assert min_max_normalize([]) == []


def test_min_max_handles_negative_scores():
    assert min_max_normalize([-1.0, 0.0, 1.0]) == pytest.approx([0.001, 0.5, 1.0])


# ------------------------------------------------------------------ divide by 10


def test_divide_by_10_scales_and_caps_at_one():
    assert divide_by_10([5.0, 12.0, 0.0, 10.0]) == pytest.approx([0.5, 1.0, 0.0, 1.0])


def test_divide_by_10_does_not_depend_on_the_other_scores():
    assert divide_by_10([3.0]) == pytest.approx([0.3])


def test_bm25_normalizers_table_covers_every_enum_member():
    assert set(BM25_NORMALIZERS) == set(BM25Normalization)


def test_normalize_bm25_picks_the_method():
    assert normalize_bm25([2.0, 4.0], BM25Normalization.min_max) == pytest.approx([0.001, 1.0])
    assert normalize_bm25([2.0, 4.0], BM25Normalization.divide_by_10) == pytest.approx([0.2, 0.4])
    assert normalize_bm25([2.0, 4.0], "divide_by_10") == pytest.approx([0.2, 0.4])


def test_normalize_bm25_rejects_unknown_method():
    with pytest.raises(ValueError, match="unknown BM25 normalization 'percentile'"):
        normalize_bm25([1.0], "percentile")


# ------------------------------------------------------------------ weighted mean


def test_weighted_mean():
    assert weighted_arithmetic_mean([0.8, 0.4], [0.7, 0.3]) == pytest.approx(0.68)


def test_weighted_mean_equal_weights_is_plain_mean():
    assert weighted_arithmetic_mean([1.0, 0.5], [0.5, 0.5]) == pytest.approx(0.75)


def test_weighted_mean_missing_score_counts_as_zero_with_its_weight():
    assert weighted_arithmetic_mean([None, 0.5], [0.5, 0.5]) == pytest.approx(0.25)


def test_weighted_mean_zero_weight_ignores_that_score():
    assert weighted_arithmetic_mean([0.9, 0.3], [0.0, 1.0]) == pytest.approx(0.3)


@pytest.mark.parametrize(
    ("scores", "weights", "message"),
    [
        ([0.5], [0.5, 0.5], "same length"),
        ([0.5, 0.5], [-0.1, 1.0], "must not be negative"),
        ([0.5, 0.5], [0.0, 0.0], "at least one weight must be positive"),
    ],
)
def test_weighted_mean_rejects_bad_input(scores, weights, message):
    with pytest.raises(ValueError, match=message):
        weighted_arithmetic_mean(scores, weights)


# ------------------------------------------------------------------ agreement boost


def test_agreement_table_covers_every_enum_member():
    assert set(AGREEMENT_BOOSTS) == set(AgreementBoost)


def test_graded_boost_scales_with_the_weaker_phase():
    assert agreement_factor(AgreementBoost.graded, 2.0, 0.5, 0.25) == pytest.approx(1.25)
    assert agreement_factor(AgreementBoost.graded, 3.0, 1.0, 1.0) == pytest.approx(3.0)
    assert agreement_factor(AgreementBoost.graded, 2.0, 0.001, 1.0) == pytest.approx(1.001)


def test_binary_boost_is_flat():
    assert agreement_factor(AgreementBoost.binary, 2.0, 0.5, 0.25) == 2.0
    assert agreement_factor(AgreementBoost.binary, 2.0, 0.001, 0.001) == 2.0


def test_no_boost():
    assert agreement_factor(AgreementBoost.none, 2.0, 1.0, 1.0) == 1.0


@pytest.mark.parametrize("method", list(AgreementBoost))
def test_chunk_found_by_one_phase_gets_no_boost(method):
    assert agreement_factor(method, 2.0, 0.9, None) == 1.0
    assert agreement_factor(method, 2.0, None, 0.9) == 1.0


def test_agreement_rejects_boost_below_one():
    with pytest.raises(ValueError, match="boost must be at least 1. Currently, the boost is 0.5"):
        agreement_factor(AgreementBoost.graded, 0.5, 1.0, 1.0)


# ------------------------------------------------------------------ rrf


def test_rrf_sums_reciprocal_ranks():
    fused = dict(rrf([["a", "b", "c"], ["b", "c", "d"]], k=60))
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 1 / 61)
    assert fused["c"] == pytest.approx(1 / 63 + 1 / 62)
    assert fused["d"] == pytest.approx(1 / 63)


def test_rrf_orders_best_first():
    assert [key for key, _ in rrf([["a", "b", "c"], ["b", "c", "d"]])] == ["b", "c", "a", "d"]


def test_rrf_small_k_favours_top_ranks():
    fused = dict(rrf([["a", "b"], ["b"]], k=1))
    assert fused == pytest.approx({"a": 0.5, "b": 1 / 3 + 1 / 2})


def test_rrf_counts_a_repeat_within_one_ranking_once():
    fused = rrf([["a", "a", "b"]], k=60)
    assert [key for key, _ in fused] == ["a", "b"]
    assert [score for _, score in fused] == pytest.approx([1 / 61, 1 / 63])


def test_rrf_ties_keep_first_appearance():
    assert [key for key, _ in rrf([["x"], ["y"]])] == ["x", "y"]


def test_rrf_empty():
    assert rrf([]) == []
    assert rrf([[], []]) == []


def test_rrf_rejects_non_positive_k():
    with pytest.raises(ValueError, match="k must be greater than 0. Currently, the k is 0"):
        rrf([["a"]], k=0)


def test_merge_max_keeps_highest_score_in_first_order():
    assert merge_max([("a", 1.0), ("b", 2.0), ("a", 3.0), ("b", 0.5)]) == {"a": 3.0, "b": 2.0}
    assert list(merge_max([("b", 1.0), ("a", 2.0), ("b", 3.0)])) == ["b", "a"]


# ------------------------------------------------------------------ ScoreFusion

BM25 = {"a": 10.0, "b": 6.0, "c": 2.0}
KNN = {"b": 0.9, "d": 0.8, "a": 0.7}


def _fuse(**kwargs):
    return {f.key: f for f in ScoreFusion(**kwargs).fuse(BM25, KNN)}


def test_fuse_normalizes_each_phase_and_keeps_raw_scores():
    fused = _fuse()
    assert fused["a"].bm25 == 10.0 and fused["a"].bm25_norm == pytest.approx(1.0)
    assert fused["a"].knn == 0.7 and fused["a"].knn_norm == pytest.approx(0.001)
    assert fused["b"].bm25_norm == pytest.approx(0.5) and fused["b"].knn_norm == pytest.approx(1.0)
    assert fused["c"].bm25_norm == pytest.approx(0.001) and fused["c"].knn is None
    assert fused["d"].bm25 is None and fused["d"].knn_norm == pytest.approx(0.5)
    assert [f.in_both for f in fused.values()] == [True, True, False, False]


def test_fuse_graded_default():
    fused = ScoreFusion().fuse(BM25, KNN)
    assert [f.key for f in fused] == ["b", "a", "d", "c"]
    scores = {f.key: f.score for f in fused}
    assert scores == pytest.approx({"b": 1.125, "a": 0.5005 * 1.001, "d": 0.25, "c": 0.0005})
    assert {f.key: f.factor for f in fused} == pytest.approx(
        {"b": 1.5, "a": 1.001, "d": 1.0, "c": 1.0}
    )


def test_fuse_binary_boost():
    fused = _fuse(agreement_boost=AgreementBoost.binary)
    assert {k: f.score for k, f in fused.items()} == pytest.approx(
        {"a": 1.001, "b": 1.5, "c": 0.0005, "d": 0.25}
    )


def test_fuse_seed_behaviour_divide_by_10_and_binary():
    fused = ScoreFusion(
        bm25_normalization=BM25Normalization.divide_by_10,
        agreement_boost=AgreementBoost.binary,
    ).fuse(BM25, KNN)
    assert [f.key for f in fused] == ["b", "a", "d", "c"]
    assert [f.score for f in fused] == pytest.approx([1.6, 1.001, 0.25, 0.1])


def test_fuse_without_boost_is_the_weighted_mean():
    fused = _fuse(agreement_boost=AgreementBoost.none)
    assert {k: f.score for k, f in fused.items()} == pytest.approx(
        {"a": 0.5005, "b": 0.75, "c": 0.0005, "d": 0.25}
    )


def test_fuse_weights():
    fused = _fuse(bm25_weight=0.8, knn_weight=0.2, agreement_boost=AgreementBoost.none)
    assert fused["a"].score == pytest.approx(0.8 * 1.0 + 0.2 * 0.001)
    assert fused["d"].score == pytest.approx(0.2 * 0.5)


def test_fuse_one_empty_phase():
    fused = ScoreFusion().fuse({}, {"x": 0.9, "y": 0.7})
    assert [f.key for f in fused] == ["x", "y"]
    assert [f.score for f in fused] == pytest.approx([0.5, 0.0005])
    assert ScoreFusion().fuse({}, {}) == []


def test_fusion_from_field():
    field = FieldConfig(
        field_name="governing_law",
        instructions=Instructions(task="Find the governing law"),
        weights=Weights(bm25=0.3, knn=0.7),
        bm25_normalization=BM25Normalization.divide_by_10,
        agreement_boost=AgreementBoost.binary,
        intersection_boost=1.5,
    )
    assert ScoreFusion.from_field(field) == ScoreFusion(
        0.3, 0.7, BM25Normalization.divide_by_10, AgreementBoost.binary, 1.5
    )


def test_fusion_accepts_enum_values_as_strings():
    assert ScoreFusion(agreement_boost="binary").agreement_boost is AgreementBoost.binary


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bm25_weight": -1.0}, "must not be negative"),
        ({"bm25_weight": 0.0, "knn_weight": 0.0}, "at least one weight must be positive"),
        ({"intersection_boost": 0.9}, "intersection_boost must be at least 1"),
        ({"agreement_boost": "sometimes"}, "agreement_boost must be one of graded, binary, none"),
        ({"bm25_normalization": "log"}, "bm25_normalization must be one of min_max"),
    ],
)
def test_fusion_validates_its_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ScoreFusion(**kwargs)
