"""Parity: the embedded and OpenSearch backends rank and score alike (skips without OpenSearch).

The project's own sample documents (``intelligent_extraction.samples``, written as PDFs) are
parsed, chunked and embedded once with the real model; the same chunks and vectors go into an
embedded index and into an OpenSearch index of their own, so BM25 statistics are those of the
same corpus on both. Then every configured field is retrieved with both strategies on both
backends: the ranked chunks must be the same (chunks may swap places only inside a tie) with
the same final scores, and the same raw BM25 / kNN scores, within tolerance.

One known gap, pinned by a strict xfail below: when two query terms' fuzzy expansions share an
index term (``know`` and ``now`` both reach ``now``), Lucene's BooleanQuery rewrite merges the
two clauses into one with the boosts summed and one idf, while the embedded backend scores
them separately. The pipeline strategy (fuzzy BM25) therefore keeps the same ranking on the
sample documents, up to near-ties (on 2.19.1 two chunks 6e-4 apart swap places), its final
scores may differ by up to ``PIPELINE_SCORE_TOLERANCE`` and its raw BM25 scores are not
compared.
"""

from __future__ import annotations

import uuid

import pytest

from intelligent_extraction import samples
from intelligent_extraction.backends.embedded import EmbeddedBackend
from intelligent_extraction.backends.opensearch import OpenSearchBackend
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.ingest import Ingestor
from intelligent_extraction.models import Strategy
from intelligent_extraction.retrieval import retrieve
from intelligent_extraction.settings import Settings

pytestmark = [pytest.mark.integration, pytest.mark.slow]

# OpenSearch scores in float32, the embedded backend in float64: final scores are in [0, ~2]
SCORE_TOLERANCE = 1e-4
RAW_TOLERANCE = 1e-3  # raw BM25 reaches ~30; relative float32 error ~1e-7 per term
PIPELINE_SCORE_TOLERANCE = 0.02  # measured: 0.0173 at most over the 60 field x document cases
DOCUMENTS = (samples.services_agreement, samples.medical_record, samples.bank_statement)
FIELDS = load_field_registry(Settings.load().fields_dir)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, embedder):
    """doc_id -> (chunks, vectors) of the sample documents, written as PDFs."""
    out = tmp_path_factory.mktemp("parity")
    ingestor = Ingestor(None, embedder)  # prepare() only parses and chunks
    prepared = {}
    for make in DOCUMENTS:
        sample = make()
        doc, chunks = ingestor.prepare(samples.write_pdf(out / f"{sample.name}.pdf", sample))
        prepared[doc.doc_id] = (chunks, embedder.embed_texts([c.text for c in chunks]))
    return prepared


@pytest.fixture(scope="module")
def backends(corpus, embedder, opensearch_server, tmp_path_factory):
    embedded = EmbeddedBackend(tmp_path_factory.mktemp("parity-embedded"))
    settings = Settings.load(
        opensearch_url=opensearch_server.url,
        opensearch_user=opensearch_server.user,
        opensearch_password=opensearch_server.password,
        opensearch_verify_certs=opensearch_server.verify_certs,
        index_prefix=f"parity-{uuid.uuid4().hex[:12]}",
    )
    opensearch = OpenSearchBackend.from_settings(
        settings, embedder.dimension, number_of_replicas=0
    )
    try:
        for doc_id, (chunks, vectors) in corpus.items():
            embedded.index_document(doc_id, chunks, vectors)
            opensearch.index_document(doc_id, chunks, vectors)
        yield embedded, opensearch
    finally:
        embedded.close()
        opensearch.drop()
        opensearch.close()


def _assert_same_ranking(expected, actual, where, *, tolerance, raw_bm25=True):
    """Same length, same scores rank by rank; a chunk may differ only where it ties (its
    score within ``tolerance`` of the one it swapped with)."""
    assert len(actual) == len(expected), where
    actual_scores = {sc.chunk_id: sc.score for sc in actual}
    for rank, (want, got) in enumerate(zip(expected, actual, strict=True)):
        assert got.score == pytest.approx(want.score, abs=tolerance), (where, rank)
        if got.chunk_id != want.chunk_id:  # only a tie may reorder (or cut at the last rank)
            partner = actual_scores.get(want.chunk_id, actual[-1].score)
            assert partner == pytest.approx(want.score, abs=tolerance), (where, rank)
            continue
        _assert_close(want.knn, got.knn, (where, rank, "knn"))
        if raw_bm25:
            _assert_close(want.bm25, got.bm25, (where, rank, "bm25"))
            for name in ("bm25_norm", "knn_norm"):
                want_norm, got_norm = getattr(want, name), getattr(got, name)
                _assert_close(want_norm, got_norm, (where, rank, name), SCORE_TOLERANCE)


def _assert_close(want, got, where, tolerance=RAW_TOLERANCE):
    if want is None:
        assert got is None, where
    else:
        assert got == pytest.approx(want, abs=tolerance), where


@pytest.mark.parametrize(
    "strategy, tolerance, raw_bm25",
    [
        (Strategy.hybrid, SCORE_TOLERANCE, True),
        (Strategy.pipeline, PIPELINE_SCORE_TOLERANCE, False),
    ],
)
def test_every_field_ranks_alike_on_both_backends(
    backends, corpus, embedder, strategy, tolerance, raw_bm25
):
    embedded, opensearch = backends
    compared = 0
    for doc_id in corpus:
        for field in FIELDS:
            want = retrieve(embedded, embedder, doc_id, field, strategy, top_k=10).chunks
            got = retrieve(opensearch, embedder, doc_id, field, strategy, top_k=10).chunks
            where = f"{strategy.value} {doc_id} {field.field_name}"
            _assert_same_ranking(want, got, where, tolerance=tolerance, raw_bm25=raw_bm25)
            compared += bool(want)
    assert compared >= len(FIELDS)  # most fields find something in most documents


@pytest.mark.xfail(
    strict=True,
    reason="embedded fuzzy BM25 scores a term reached by two query terms' expansions twice "
    "with two idfs; Lucene merges the clauses (boosts summed, one idf)",
)
def test_fuzzy_expansions_shared_by_two_query_terms_score_alike(backends):
    embedded, opensearch = backends
    doc_id = "services_agreement"
    for text in ("know now", "not know"):  # both reach "now" (and "not" / "know") in the index
        want = embedded.bm25_search(doc_id, text, size=100, fuzzy=True)
        hits = opensearch.bm25_search(doc_id, text, size=100, fuzzy=True)
        got = {h.chunk.chunk_id: h.score for h in hits}
        assert set(got) == {h.chunk.chunk_id for h in want}
        for hit in want:
            assert got[hit.chunk.chunk_id] == pytest.approx(hit.score, abs=RAW_TOLERANCE), text
