from intelligent_extraction.evaluation.spans import (
    first_hit_rank,
    holds_span,
    longest_common_run,
    required_run,
    words,
)


def test_words_lowercase_and_strip_punctuation():
    assert words("The Laws of the State of New-York, U.S.A.") == [
        "the", "laws", "of", "the", "state", "of", "new", "york", "u", "s", "a",
    ]


def test_required_run_short_spans_need_every_word():
    assert [required_run(n) for n in (1, 2, 5)] == [1, 2, 5]
    # ceil(0.6 * n) beyond five words
    assert [required_run(n) for n in (6, 10, 11, 100)] == [4, 6, 7, 60]


def test_longest_common_run_counts_consecutive_words_only():
    a = "a b c d e".split()
    assert longest_common_run(a, "x b c d y".split()) == 3
    assert longest_common_run(a, "e d c b a".split()) == 1
    assert longest_common_run(a, []) == 0


def test_holds_span_rejects_scattered_common_words():
    span = words("this agreement shall be governed by the laws of delaware")  # 10 words -> 6
    scattered = words("the agreement of the parties shall be by the laws")  # run 'by the laws' = 3
    assert not holds_span(scattered, span)
    contiguous = words("Section 9. This Agreement shall be governed by the laws of the State")
    assert holds_span(contiguous, span)  # 'this agreement shall be governed by the laws of' = 9


def test_short_span_must_be_whole():
    span = words("Fulucai Productions Ltd.")
    assert holds_span(words("between Fulucai Productions Ltd. and"), span)
    assert not holds_span(words("between Fulucai Productions and"), span)


def test_first_hit_rank_is_one_based():
    chunks = [words("nothing here"), words("late payment penalty of 2%"), words("penalty")]
    assert first_hit_rank(chunks, [words("late payment penalty")]) == 2
    assert first_hit_rank(chunks, [words("governing law")]) is None
