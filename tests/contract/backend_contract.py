"""The contract every SearchBackend passes: one suite, run against each backend.

To run it against a backend, subclass :class:`BackendContract` in a ``test_*.py`` module and
override the ``backend`` fixture so it yields a fresh, empty backend (and cleans up after)::

    class TestOpenSearchBackend(BackendContract):
        @pytest.fixture()
        def backend(self):
            b = OpenSearchBackend(..., index=f"ie-test-{uuid4().hex}")
            yield b
            b.drop_index(); b.close()

Expected scores are computed here from the corpus, never read back from the backend: BM25 with
Lucene's formula over the statistics of everything the test indexed, fuzziness with Lucene's
FuzzyQuery rules, kNN as ``(1 + cos) / 2`` and hybrid with OpenSearch's min-max + weighted mean.
So a backend must index into its own empty space (one shard, writes visible on return) for the
statistics to be those of this corpus. Texts are lowercase ASCII words, so the standard
analyzer's tokens are ``text.split()``.
"""

from __future__ import annotations

import re
from collections import Counter

import numpy as np
import pytest
from rapidfuzz.distance import OSA

from intelligent_extraction.backends.base import Hit, HybridHit, SearchBackend
from intelligent_extraction.backends.lucene import (
    CorpusStats,
    encoded_length,
    idf,
    match_score,
    tf_norm,
)
from intelligent_extraction.errors import DocumentNotIndexed
from intelligent_extraction.models import Chunk

__all__ = ["BackendContract", "CORPUS", "VECTORS", "index_corpus"]

BM25_TOLERANCE = 1e-4
SCORE_TOLERANCE = 1e-5

_LONG = (
    "the parties agree that any dispute arising out of or in connection with this agreement "
    "shall be finally resolved by arbitration and that the law chosen by the parties governs "
    "the dispute and every related claim"
)  # 36 tokens: its length is encoded lossily (SmallFloat) by both Lucene and tantivy

CORPUS: dict[str, list[str]] = {
    "contract-a": [
        "this agreement is made between acme corp and beta llc",
        "the governing law of this agreement is the law of new york",
        "payment is due within thirty days of the invoice date",
        _LONG,
        "either party may terminate this agreement with written notice",
    ],
    "contract-b": [
        "governing law shall be the law of delaware",
        "the contact person is listed in the contract schedule",
        "confidential information must not be disclosed under this contract",
        "each contract party signs the contract",
    ],
}

# dimension 4; every cosine against the test queries is distinct, so orders have no ties
VECTORS: dict[str, np.ndarray] = {
    "contract-a": np.array(
        [
            [1.0, 0.0, 0.0, 0.0],
            [0.8, 0.6, 0.0, 0.0],
            [0.0, 1.0, 0.0, 0.0],
            [0.1, 0.2, 0.9, 0.3],
            [-0.6, 0.8, 0.0, 0.0],
        ],
        dtype=np.float32,
    ),
    "contract-b": np.array(
        [[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.5, 0.5, 0.5, 0.5], [0.0, 0.0, 0.0, 1.0]],
        dtype=np.float32,
    ),
}


def make_chunks(doc_id: str, texts: list[str]) -> list[Chunk]:
    return [
        Chunk(
            chunk_id=f"{doc_id}:{i}",
            doc_id=doc_id,
            text=text,
            chunk_type="text",
            start=i * 100,
            end=i * 100 + len(text),
            position=i,
            page=i // 2 + 1,
            section=("Agreement", f"Clause {i}"),
            source=f"{doc_id}.pdf",
        )
        for i, text in enumerate(texts)
    ]


def index_corpus(backend: SearchBackend) -> None:
    for doc_id, texts in CORPUS.items():
        backend.index_document(doc_id, make_chunks(doc_id, texts), VECTORS[doc_id])


def _tokens(text: str) -> list[str]:
    tokens = text.split()
    assert all(re.fullmatch(r"[a-z]+", t) for t in tokens), "contract texts must be plain words"
    return tokens


def _stats() -> CorpusStats:
    return CorpusStats.from_token_lists([_tokens(t) for texts in CORPUS.values() for t in texts])


def expected_bm25(doc_id: str, query: str) -> dict[str, float]:
    """chunk_id -> Lucene BM25 of ``query`` (operator OR) for the chunks that match."""
    stats = _stats()
    scores = {
        f"{doc_id}:{i}": match_score(_tokens(query), _tokens(text), stats)
        for i, text in enumerate(CORPUS[doc_id])
    }
    return {cid: s for cid, s in scores.items() if s > 0}


def expected_fuzzy_bm25(doc_id: str, query: str) -> dict[str, float]:
    """chunk_id -> BM25 of a fuzziness-AUTO match query, per Lucene's FuzzyQuery rewrite:
    candidates within AUTO edits (OSA distance), boost 1 - edits / min(len), top 50 by boost then
    term, all scored with the largest document frequency among them."""
    stats = _stats()
    vocabulary = stats.doc_freqs
    scores: Counter[str] = Counter()
    for term in _tokens(query):
        max_edits = 0 if len(term) < 3 else 1 if len(term) < 6 else 2
        expansions = []
        for candidate in vocabulary:
            edits = OSA.distance(term, candidate)
            if edits <= max_edits:
                boost = 1.0 if edits == 0 else 1 - edits / min(len(term), len(candidate))
                expansions.append((-boost, candidate))
        expansions = sorted(expansions)[:50]
        if not expansions:
            continue
        blended_df = max(vocabulary[c] for _, c in expansions)
        for i, text in enumerate(CORPUS[doc_id]):
            tokens = _tokens(text)
            counts = Counter(tokens)
            for neg_boost, candidate in expansions:
                if counts[candidate]:
                    scores[f"{doc_id}:{i}"] += (
                        -neg_boost
                        * idf(blended_df, stats.doc_count)
                        * tf_norm(counts[candidate], encoded_length(len(tokens)), stats.avg_doc_len)
                    )
    return dict(scores)


def expected_knn(doc_id: str, query: np.ndarray) -> dict[str, float]:
    q = np.asarray(query, dtype=np.float64)
    out = {}
    for i, row in enumerate(VECTORS[doc_id].astype(np.float64)):
        cos = float(row @ q / (np.linalg.norm(row) * np.linalg.norm(q)))
        out[f"{doc_id}:{i}"] = (1 + cos) / 2
    return out


def expected_hybrid(
    bm25: list[Hit], knn: list[Hit], bm25_weight: float, knn_weight: float, size: int
) -> list[tuple[str, float, float | None, float | None]]:
    """OpenSearch min_max + arithmetic_mean: (chunk_id, score, bm25_norm, knn_norm), best first."""

    def normalize(hits: list[Hit]) -> dict[str, float]:
        if not hits:
            return {}
        lo, hi = min(h.score for h in hits), max(h.score for h in hits)
        if hi == lo:
            return {h.chunk.chunk_id: 1.0 for h in hits}
        return {h.chunk.chunk_id: ((h.score - lo) / (hi - lo)) or 0.001 for h in hits}

    b, k = normalize(bm25), normalize(knn)
    rows = [
        (
            cid,
            (bm25_weight * b.get(cid, 0.0) + knn_weight * k.get(cid, 0.0))
            / (bm25_weight + knn_weight),
            b.get(cid),
            k.get(cid),
        )
        for cid in set(b) | set(k)
    ]
    rows.sort(key=lambda r: -r[1])
    return rows[: min(size, max(len(bm25), len(knn)))]


def _ids(hits) -> list[str]:
    return [h.chunk.chunk_id for h in hits]


def _assert_scores(hits: list[Hit], expected: dict[str, float], tolerance: float) -> None:
    assert set(_ids(hits)) == set(expected)
    for hit in hits:
        assert hit.score == pytest.approx(expected[hit.chunk.chunk_id], abs=tolerance), (
            hit.chunk.chunk_id
        )
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True), "hits must come best first"


def _assert_optional(actual: float | None, expected: float | None, tolerance: float) -> None:
    if expected is None:
        assert actual is None
    else:
        assert actual == pytest.approx(expected, abs=tolerance)


class BackendContract:
    """The shared tests. Subclasses provide ``backend``: a fresh, empty SearchBackend."""

    @pytest.fixture()
    def backend(self) -> SearchBackend:
        raise NotImplementedError("subclasses yield a fresh backend from this fixture")

    @pytest.fixture()
    def corpus(self, backend: SearchBackend) -> SearchBackend:
        index_corpus(backend)
        return backend

    # ----------------------------------------------------------------- storage

    def test_satisfies_the_protocol(self, backend):
        assert isinstance(backend, SearchBackend)
        assert isinstance(backend.name, str) and backend.name

    def test_get_chunks_round_trips_every_field_in_position_order(self, backend):
        chunks = [
            Chunk("d:2", "d", "Ünïcödé — table text", "table", 50, 70, 2, page=None, section=()),
            Chunk(
                "d:0",
                "d",
                "First chunk.",
                "text",
                0,
                12,
                0,
                page=1,
                section=("1. Parties",),
                source="d.pdf",
            ),
            Chunk(
                "d:1", "d", "An image caption", "image", 13, 29, 1, page=3, section=("A", "B", "C")
            ),
        ]
        vectors = np.array([[0, 0, 1, 0], [1, 0, 0, 0], [0, 1, 0, 0]], dtype=np.float32)
        backend.index_document("d", chunks, vectors)
        got = backend.get_chunks("d")
        assert got == sorted(chunks, key=lambda c: c.position)
        assert got[2].section == () and got[1].section == ("A", "B", "C") and got[0].page == 1
        # vector rows followed their chunks through the reordering
        assert backend.knn_search("d", np.array([0, 0, 1, 0]), k=1)[0].chunk.chunk_id == "d:2"

    def test_document_ids_has_document_and_count(self, corpus):
        assert sorted(corpus.document_ids()) == ["contract-a", "contract-b"]
        assert corpus.has_document("contract-a")
        assert not corpus.has_document("contract-z")
        assert corpus.count_chunks() == 9

    def test_reindex_replaces_the_document(self, corpus):
        new = make_chunks("contract-a", ["amended agreement text", "second amended clause"])
        corpus.index_document("contract-a", new, np.array([[0, 1, 0, 0], [0, 0, 1, 0]], np.float32))
        assert corpus.get_chunks("contract-a") == new
        assert corpus.count_chunks() == 2 + len(CORPUS["contract-b"])
        assert corpus.bm25_search("contract-a", "payment invoice", size=10) == []
        assert _ids(corpus.bm25_search("contract-a", "amended", size=10)) == [
            "contract-a:0",
            "contract-a:1",
        ]
        assert set(_ids(corpus.knn_search("contract-a", np.ones(4), k=10))) == {
            "contract-a:0",
            "contract-a:1",
        }

    def test_delete_document(self, corpus):
        assert corpus.delete_document("contract-a") is True
        assert not corpus.has_document("contract-a")
        assert corpus.document_ids() == ["contract-b"]
        assert corpus.count_chunks() == len(CORPUS["contract-b"])
        with pytest.raises(DocumentNotIndexed):
            corpus.get_chunks("contract-a")
        assert corpus.delete_document("contract-a") is False

    def test_unknown_document_raises_document_not_indexed(self, corpus):
        with pytest.raises(DocumentNotIndexed) as info:
            corpus.get_chunks("nope")
        assert info.value.doc_id == "nope"
        with pytest.raises(DocumentNotIndexed):
            corpus.bm25_search("nope", "law", size=5)
        with pytest.raises(DocumentNotIndexed):
            corpus.knn_search("nope", np.ones(4), k=5)
        with pytest.raises(DocumentNotIndexed):
            corpus.hybrid_search("nope", "law", np.ones(4), size=5, bm25_weight=0.5, knn_weight=0.5)

    def test_invalid_documents_are_rejected(self, backend):
        chunks = make_chunks("d", ["one", "two"])
        with pytest.raises(ValueError):
            backend.index_document("d", chunks, np.ones((3, 4), np.float32))  # rows != chunks
        with pytest.raises(ValueError):
            backend.index_document("other", chunks, np.ones((2, 4), np.float32))  # doc_id mismatch
        with pytest.raises(ValueError):
            backend.index_document("d", [], np.ones((0, 4), np.float32))
        assert not backend.has_document("d") and not backend.has_document("other")

    # ----------------------------------------------------------------- BM25

    def test_bm25_scores_are_lucene_bm25(self, corpus):
        query = "governing law of this agreement"
        hits = corpus.bm25_search("contract-a", query, size=10)
        _assert_scores(hits, expected_bm25("contract-a", query), BM25_TOLERANCE)
        assert hits[0].chunk.chunk_id == "contract-a:1"  # the governing-law clause

    def test_bm25_long_chunk_uses_lossy_length(self, corpus):
        # "dispute" occurs only in the 36-token chunk: its score needs the SmallFloat length
        hits = corpus.bm25_search("contract-a", "dispute", size=10)
        _assert_scores(hits, expected_bm25("contract-a", "dispute"), BM25_TOLERANCE)

    def test_bm25_repeated_query_term_counts_twice(self, corpus):
        once = corpus.bm25_search("contract-a", "payment", size=1)[0].score
        twice = corpus.bm25_search("contract-a", "payment payment", size=1)[0].score
        assert twice == pytest.approx(2 * once, rel=1e-6)

    def test_bm25_is_filtered_to_the_document(self, corpus):
        assert corpus.bm25_search("contract-a", "delaware", size=10) == []
        hits = corpus.bm25_search("contract-b", "law", size=10)
        assert hits and all(h.chunk.doc_id == "contract-b" for h in hits)

    def test_bm25_size_and_min_score(self, corpus):
        query = "the agreement"
        all_hits = corpus.bm25_search("contract-a", query, size=10)
        assert len(all_hits) >= 3
        assert _ids(corpus.bm25_search("contract-a", query, size=2)) == _ids(all_hits)[:2]
        cut = (all_hits[0].score + all_hits[1].score) / 2
        assert (
            _ids(corpus.bm25_search("contract-a", query, size=10, min_score=cut))
            == _ids(all_hits)[:1]
        )

    def test_bm25_without_matching_terms_is_empty(self, corpus):
        assert corpus.bm25_search("contract-a", "zebra", size=10) == []
        assert corpus.bm25_search("contract-a", "  ... ", size=10) == []

    # ----------------------------------------------------------------- fuzzy

    def test_fuzzy_finds_a_misspelled_term(self, corpus):
        assert corpus.bm25_search("contract-a", "goverining", size=10, fuzzy=False) == []
        hits = corpus.bm25_search("contract-a", "goverining", size=10, fuzzy=True)
        assert _ids(hits) == ["contract-a:1"]

    def test_fuzzy_scores_follow_lucene_fuzzy_query(self, corpus):
        for doc_id, query in [("contract-a", "goverining law"), ("contract-b", "contrct persn")]:
            hits = corpus.bm25_search(doc_id, query, size=10, fuzzy=True)
            _assert_scores(hits, expected_fuzzy_bm25(doc_id, query), BM25_TOLERANCE)

    def test_fuzzy_blends_document_frequencies(self, corpus):
        # "contrct" expands to "contract" (df 3) and "contact" (df 1): both use df 3, so the rarer
        # spelling does not outrank the common one on idf alone
        hits = corpus.bm25_search("contract-b", "contrct", size=10, fuzzy=True)
        expected = expected_fuzzy_bm25("contract-b", "contrct")
        _assert_scores(hits, expected, BM25_TOLERANCE)
        assert "contract-b:1" in expected and len(expected) == 3

    # ----------------------------------------------------------------- kNN

    def test_knn_nearest_first_with_cosine_score(self, corpus):
        query = np.array([1.0, 0.1, 0.0, 0.0], dtype=np.float32)
        hits = corpus.knn_search("contract-a", query, k=5)
        assert hits[0].chunk.chunk_id == "contract-a:0"
        _assert_scores(hits, expected_knn("contract-a", query), 1e-6)

    def test_knn_k_min_score_and_doc_filter(self, corpus):
        query = np.array([1.0, 0.1, 0.0, 0.0], dtype=np.float32)
        expected = sorted(expected_knn("contract-a", query).items(), key=lambda kv: -kv[1])
        assert _ids(corpus.knn_search("contract-a", query, k=2)) == [cid for cid, _ in expected[:2]]
        cut = (expected[2][1] + expected[3][1]) / 2
        assert _ids(corpus.knn_search("contract-a", query, k=5, min_score=cut)) == [
            cid for cid, _ in expected[:3]
        ]
        # contract-b holds an identical vector: the filter keeps it out
        assert all(
            h.chunk.doc_id == "contract-a" for h in corpus.knn_search("contract-a", query, k=10)
        )

    def test_knn_rejects_a_query_of_another_dimension(self, corpus):
        with pytest.raises(ValueError):
            corpus.knn_search("contract-a", np.ones(8, np.float32), k=3)

    # ----------------------------------------------------------------- hybrid

    @pytest.mark.parametrize("size", [10, 3])
    def test_hybrid_is_min_max_and_weighted_mean(self, corpus, size):
        text, vector = "governing law agreement payment", np.array([0.2, 1.0, 0.1, 0.0], np.float32)
        bm25 = corpus.bm25_search("contract-a", text, size=size)
        knn = corpus.knn_search("contract-a", vector, k=size)
        hits = corpus.hybrid_search(
            "contract-a", text, vector, size=size, bm25_weight=0.3, knn_weight=0.7
        )
        expected = expected_hybrid(bm25, knn, 0.3, 0.7, size)
        assert [h.chunk.chunk_id for h in hits] == [row[0] for row in expected]
        raw_bm25 = {h.chunk.chunk_id: h.score for h in bm25}
        raw_knn = {h.chunk.chunk_id: h.score for h in knn}
        for hit, (cid, score, b_norm, k_norm) in zip(hits, expected, strict=True):
            assert isinstance(hit, HybridHit)
            assert hit.score == pytest.approx(score, abs=SCORE_TOLERANCE)
            _assert_optional(hit.bm25_norm, b_norm, SCORE_TOLERANCE)
            _assert_optional(hit.knn_norm, k_norm, SCORE_TOLERANCE)
            _assert_optional(hit.bm25, raw_bm25.get(cid), SCORE_TOLERANCE)
            _assert_optional(hit.knn, raw_knn.get(cid), SCORE_TOLERANCE)

    def test_hybrid_lone_bm25_hit_normalizes_to_one(self, corpus):
        vector = np.array([1.0, 0.0, 0.0, 0.0], np.float32)
        hits = corpus.hybrid_search(
            "contract-a", "invoice", vector, size=10, bm25_weight=0.5, knn_weight=0.5
        )
        by_id = {h.chunk.chunk_id: h for h in hits}
        assert by_id["contract-a:2"].bm25_norm == pytest.approx(1.0)
        assert by_id["contract-a:0"].bm25 is None and by_id[
            "contract-a:0"
        ].knn_norm == pytest.approx(1.0)
        # absent from BM25 -> contributes 0 there: (0.5 * 0 + 0.5 * 1) / 1
        assert by_id["contract-a:0"].score == pytest.approx(0.5, abs=SCORE_TOLERANCE)

    def test_hybrid_rejects_bad_weights(self, corpus):
        with pytest.raises(ValueError):
            corpus.hybrid_search(
                "contract-a", "law", np.ones(4), size=5, bm25_weight=0, knn_weight=0
            )
        with pytest.raises(ValueError):
            corpus.hybrid_search(
                "contract-a", "law", np.ones(4), size=5, bm25_weight=-1, knn_weight=1
            )
