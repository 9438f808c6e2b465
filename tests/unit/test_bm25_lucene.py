"""Lucene BM25 reference math and the standard-analyzer emulation (backends/lucene.py,
backends/tantivy_index.py)."""

from __future__ import annotations

import math

import pytest

from intelligent_extraction.backends import lucene
from intelligent_extraction.backends.tantivy_index import standard_analyzer

# --------------------------------------------------------------------------- BM25 formula


def test_idf_matches_hand_computation():
    # N = 10, n = 1: ln(1 + 9.5 / 1.5) = ln(7.3333...)
    assert lucene.idf(1, 10) == pytest.approx(1.9924301646902063, abs=1e-12)
    # N = n: ln(1 + 0.5 / (n + 0.5)) stays positive (Lucene 8+ idf is never negative)
    assert lucene.idf(4, 4) == pytest.approx(math.log(1 + 0.5 / 4.5), abs=1e-12)
    assert lucene.idf(4, 4) > 0


def test_tf_norm_matches_hand_computation():
    # f = 2, dl = 10, avgdl = 12.5: 2 / (2 + 1.2 * (0.25 + 0.75 * 0.8)) = 2 / 3.02
    assert lucene.tf_norm(2, 10, 12.5) == pytest.approx(2 / 3.02, abs=1e-12)
    # a document of average length: f / (f + k1)
    assert lucene.tf_norm(1, 7, 7.0) == pytest.approx(1 / 2.2, abs=1e-12)


def test_term_score_is_boost_idf_tf_norm():
    expected = 0.5 * math.log(1 + 9.5 / 1.5) * (2 / 3.02)
    score = lucene.term_score(2, 10, doc_freq=1, doc_count=10, avg_doc_len=12.5, boost=0.5)
    assert score == pytest.approx(expected, abs=1e-12)
    assert lucene.term_score(0, 10, doc_freq=1, doc_count=10, avg_doc_len=12.5) == 0.0


def test_match_score_on_a_three_document_corpus():
    docs = [
        ["the", "law", "of", "york"],
        ["law", "law"],
        ["payment", "terms", "net", "thirty", "days", "law"],
    ]
    stats = lucene.CorpusStats.from_token_lists(docs)
    assert stats.doc_count == 3 and stats.avg_doc_len == 4.0 and stats.doc_freqs["law"] == 3
    # "law" in doc 1: idf = ln(1 + 0.5 / 3.5); tf = 2 / (2 + 1.2 * (0.25 + 0.75 * 2 / 4))
    law = math.log(1 + 0.5 / 3.5) * 2 / (2 + 1.2 * 0.625)
    assert lucene.match_score(["law"], docs[1], stats) == pytest.approx(law, abs=1e-12)
    # "york" in doc 0: idf = ln(1 + 2.5 / 1.5); tf = 1 / (1 + 1.2 * 1.0)
    york = math.log(1 + 2.5 / 1.5) / 2.2
    law0 = math.log(1 + 0.5 / 3.5) / 2.2
    assert lucene.match_score(["york", "law"], docs[0], stats) == pytest.approx(
        york + law0, abs=1e-12
    )
    # a repeated query term counts twice; an unknown one adds nothing
    assert lucene.match_score(["york", "york", "zebra"], docs[0], stats) == pytest.approx(2 * york)


# --------------------------------------------------------------------------- SmallFloat


@pytest.mark.parametrize(
    "length, encoded",
    [
        (0, 0),
        (1, 1),
        (23, 23),
        (24, 24),
        (31, 31),
        (32, 32),
        (39, 39),
        (40, 40),
        (41, 40),
        (42, 42),
        (55, 54),
        (56, 56),
        (59, 56),
        (60, 60),
        (100, 96),
        (1000, 984),
    ],
)
def test_lengths_round_trip_through_lucene_norm_byte(length, encoded):
    # lengths below 24 are exact; above, 4 significant bits of (length - 24) survive
    assert lucene.encoded_length(length) == encoded


def test_norm_byte_table_is_monotonic_and_covers_int_range():
    decoded = [lucene.byte4_to_int(b) for b in range(256)]
    assert decoded == sorted(decoded) and len(set(decoded)) == 256
    assert lucene.int_to_byte4(2**31 - 1) == 255
    for b in range(256):
        assert lucene.int_to_byte4(lucene.byte4_to_int(b)) == b


def test_invalid_inputs_raise():
    with pytest.raises(ValueError):
        lucene.int_to_byte4(-1)
    with pytest.raises(ValueError):
        lucene.byte4_to_int(256)
    with pytest.raises(ValueError):
        lucene.tf_norm(1, 3, 0)
    with pytest.raises(ValueError):
        lucene.CorpusStats.from_token_lists([])


# --------------------------------------------------------------------------- analyzer


@pytest.mark.parametrize(
    "text, tokens",
    [
        ("The Governing LAW", ["the", "governing", "law"]),
        ("Don't pay", ["don't", "pay"]),
        ("$1,000,000.00 or 1.5% per month", ["1,000,000.00", "or", "1.5", "per", "month"]),
        ("U.S.A. law", ["u.s.a", "law"]),
        ("e-mail and 2024-01-15", ["e", "mail", "and", "2024", "01", "15"]),
        ("at 12:30 under Section 4.2(a)", ["at", "12", "30", "under", "section", "4.2", "a"]),
        ("the Parties' rights", ["the", "parties", "rights"]),
        ("3rd party v2.0.1 foo_bar", ["3rd", "party", "v2.0.1", "foo_bar"]),
        ("Café naïve Ünïcödé", ["café", "naïve", "ünïcödé"]),
        ("東京 agreement", ["東", "京", "agreement"]),
        ("a.1 ... -- ,", ["a", "1"]),
        ("", []),
    ],
)
def test_analyzer_emulates_the_standard_tokenizer(text, tokens):
    assert standard_analyzer().analyze(text) == tokens


def test_analyzer_keeps_long_tokens_tantivy_default_would_drop():
    word = "a" * 60  # tantivy's default tokenizer drops tokens of 40+ bytes; Lucene keeps 255
    assert standard_analyzer().analyze(f"x {word} y") == ["x", word, "y"]
