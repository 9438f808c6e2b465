"""Fuzziness AUTO expansion (backends/fuzzy.py): Lucene FuzzyQuery rules over a vocabulary."""

from __future__ import annotations

import random
import string

import pytest

from intelligent_extraction.backends.fuzzy import (
    Expansion,
    FuzzyExpander,
    auto_max_edits,
    blended_doc_freq,
    similarity_boost,
    top_expansions,
)


@pytest.mark.parametrize(
    "term, edits",
    [("a", 0), ("ab", 0), ("abc", 1), ("abcde", 1), ("abcdef", 2), ("governing", 2), ("ééé", 1)],
)
def test_auto_max_edits(term, edits):
    assert auto_max_edits(term) == edits


def test_similarity_boost_uses_the_shorter_length():
    assert similarity_boost("governing", "governing", 0) == 1.0
    assert similarity_boost("goverining", "governing", 1) == pytest.approx(1 - 1 / 9)
    assert similarity_boost("law", "laws", 1) == pytest.approx(1 - 1 / 3)
    assert similarity_boost("contract", "contact", 1) == pytest.approx(1 - 1 / 7)


def test_top_expansions_orders_by_boost_then_term_and_caps():
    found = [
        Expansion("b", 1, 0.5, 1),
        Expansion("a", 1, 0.5, 9),
        Expansion("c", 0, 1.0, 1),
        Expansion("d", 2, 0.25, 100),
    ]
    assert [e.term for e in top_expansions(found)] == ["c", "a", "b", "d"]
    assert [e.term for e in top_expansions(found, limit=2)] == ["c", "a"]
    with pytest.raises(ValueError):
        top_expansions(found, limit=0)


def test_blended_doc_freq_is_the_maximum():
    assert blended_doc_freq([Expansion("a", 0, 1.0, 3), Expansion("b", 1, 0.8, 12)]) == 12
    assert blended_doc_freq([]) == 0


def _expander(vocabulary: dict[str, int]) -> FuzzyExpander:
    expander = FuzzyExpander()
    expander.update(vocabulary)
    return expander


def _expand(vocabulary: dict[str, int], term: str, expander: FuzzyExpander | None = None):
    expander = expander or _expander(vocabulary)
    return expander.expand(term, lambda t: vocabulary.get(t, 0))


def test_expand_finds_misspellings_within_auto_edits():
    vocabulary = {"governing": 4, "governed": 2, "government": 7, "law": 9, "laws": 1, "la": 2}
    got = {e.term: (e.edits, e.boost, e.doc_freq) for e in _expand(vocabulary, "goverining")}
    assert got == {"governing": (1, pytest.approx(1 - 1 / 9), 4)}
    # 2 edits allowed for 6+ characters: "govenment" -> "government" (1), "governed"? 3 edits: no
    assert [e.term for e in _expand(vocabulary, "govenment")] == ["government"]
    # 1 edit for 3-5 characters; exact term first, then by boost: laws 1 - 1/3, la 1 - 1/2
    assert [e.term for e in _expand(vocabulary, "law")] == ["law", "laws", "la"]
    # 0 edits for 1-2 characters: exact only
    assert [e.term for e in _expand(vocabulary, "la")] == ["la"]
    assert _expand(vocabulary, "lw") == []


def test_a_transposition_is_one_edit_and_the_first_letter_is_not_protected():
    vocabulary = {"agreement": 3, "payment": 2}
    [hit] = _expand(vocabulary, "agreemnet")
    assert (hit.term, hit.edits) == ("agreement", 1)
    [hit] = _expand(vocabulary, "xayment")  # prefix_length 0: the first character may change
    assert (hit.term, hit.edits) == ("payment", 1)


def test_at_most_fifty_expansions_best_first():
    vocabulary = {"contract": 10}
    vocabulary.update({f"contract{c}": 1 for c in string.ascii_lowercase})  # 1 edit each
    vocabulary.update({f"contrac{c}{d}": 1 for c in "xyz" for d in string.ascii_lowercase})  # 2
    expansions = _expand(vocabulary, "contract")
    assert len(expansions) == 50
    assert expansions[0].term == "contract" and expansions[0].boost == 1.0
    boosts = [e.boost for e in expansions]
    assert boosts == sorted(boosts, reverse=True)
    assert all(e.edits == 1 for e in expansions[1:27])  # every 1-edit term beats every 2-edit one


def _full(vocabulary: dict[str, int], term: str) -> list[Expansion]:
    return _expand(vocabulary, term)


def test_incremental_updates_equal_a_full_scan():
    rng = random.Random(7)
    base = ["governing", "government", "contract", "contact", "payment", "agreement", "notice"]

    def variant(word: str) -> str:
        chars = list(word)
        i = rng.randrange(len(chars))
        op = rng.choice("sid")
        if op == "s":
            chars[i] = rng.choice(string.ascii_lowercase)
        elif op == "i":
            chars.insert(i, rng.choice(string.ascii_lowercase))
        elif len(chars) > 3:
            del chars[i]
        return "".join(chars)

    vocabulary = {w: rng.randint(1, 20) for w in base}
    expander = _expander(vocabulary)
    queries = ["goverment", "contrct", "paymnt", "agrement", "notise"]
    for step in range(30):  # generations: terms come, go, and change frequency
        for q in queries:
            assert _expand(vocabulary, q, expander) == _full(vocabulary, q)
        vocabulary = dict(vocabulary)
        for _ in range(rng.randint(0, 5)):
            vocabulary[variant(rng.choice(base))] = rng.randint(1, 20)
        for gone in rng.sample(sorted(vocabulary), k=rng.randint(0, 2)):
            if gone not in base:
                del vocabulary[gone]
        vocabulary[rng.choice(base)] = rng.randint(1, 20)
        if step % 3:  # a full update, or only additions while removals show as frequency 0
            expander.update(vocabulary)
        else:
            expander.add(vocabulary)
            vocabulary = {t: df for t, df in vocabulary.items()}


def test_entries_older_than_the_history_are_recomputed():
    expander = FuzzyExpander(history=2)
    vocabulary = {"payment": 1}
    expander.update(vocabulary)
    assert [e.term for e in _expand(vocabulary, "paymant", expander)] == ["payment"]
    for word in ["paymext", "paymenx", "paymentx"]:  # three generations, history keeps two
        vocabulary = {**vocabulary, word: 1}
        expander.add([word])
    assert _expand(vocabulary, "paymant", expander) == _full(vocabulary, "paymant")
    assert {e.term for e in _expand(vocabulary, "paymant", expander)} == {
        "payment",
        "paymext",
        "paymenx",
        "paymentx",
    }


def test_terms_whose_frequency_dropped_to_zero_are_skipped():
    vocabulary = {"contract": 5, "contact": 2, "contracts": 1}
    expander = _expander(vocabulary)
    assert [e.term for e in _expand(vocabulary, "contract", expander)] == [
        "contract",
        "contracts",
        "contact",
    ]
    vocabulary["contact"] = 0  # deleted and merged away; the expander has not been told
    assert [e.term for e in _expand(vocabulary, "contract", expander)] == ["contract", "contracts"]


def test_version_moves_only_when_terms_are_added():
    expander = _expander({"a": 1})
    version = expander.version
    expander.add(["a"])
    expander.update(["a"])
    assert expander.version == version
    expander.add(["b"])
    assert expander.version == version + 1 and expander.vocabulary_size == 2


def test_constructor_validates():
    with pytest.raises(ValueError):
        FuzzyExpander(max_expansions=0)
    with pytest.raises(ValueError):
        FuzzyExpander(history=0)
