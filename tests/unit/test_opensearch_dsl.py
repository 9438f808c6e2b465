"""Every body the OpenSearch backend sends, held against the documented DSL shape.

References (OpenSearch docs): query-dsl/full-text/multi-match, vector-search/filter-search-knn
(efficient filtering: ``filter`` inside ``knn``), query-dsl/compound/hybrid (sub-queries; the
top-level ``filter`` exists only from 3.0, hence per-sub-query filters), search-pipelines/
normalization-processor (weights in [0, 1] summing to 1), search-pipelines/explanation-processor,
mappings/supported-field-types/knn-spaces (cosinesimil score = (2 - d) / 2 = (1 + cos) / 2).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from intelligent_extraction.backends import opensearch_dsl as dsl
from intelligent_extraction.models import Chunk

DOC = "contract-7"
FILTER = {"term": {"doc_id": DOC}}
NO_VECTOR = {"excludes": ["chunk_vector"]}


def _chunk(**over) -> Chunk:
    base = {
        "chunk_id": "c3",
        "doc_id": DOC,
        "text": "Late payments bear interest at 1.5% per month.",
        "chunk_type": "text",
        "start": 120,
        "end": 168,
        "position": 3,
        "page": 2,
        "section": ("5. Payment", "5.2 Late payment"),
        "source": "msa.pdf",
    }
    base.update(over)
    return Chunk(**base)


# --------------------------------------------------------------------------- index


def test_index_body_maps_every_field_with_lucene_cosine_hnsw():
    assert dsl.index_body(384) == {
        "settings": {
            "index": {
                "knn": True,
                "number_of_shards": 1,
                "number_of_replicas": 1,
                "refresh_interval": "-1",
            }
        },
        "mappings": {
            "dynamic": "strict",
            "properties": {
                "chunk_id": {"type": "keyword"},
                "doc_id": {"type": "keyword"},
                "text": {"type": "text", "analyzer": "standard"},
                "chunk_vector": {
                    "type": "knn_vector",
                    "dimension": 384,
                    "method": {
                        "name": "hnsw",
                        "space_type": "cosinesimil",
                        "engine": "lucene",
                        "parameters": {"m": 16, "ef_construction": 100},
                    },
                },
                "metadata": {
                    "dynamic": False,
                    "properties": {
                        "doc_id": {"type": "keyword", "fields": {"keyword": {"type": "keyword"}}},
                        "chunk_id": {"type": "keyword", "fields": {"keyword": {"type": "keyword"}}},
                        "chunk_type": {
                            "type": "keyword",
                            "fields": {"keyword": {"type": "keyword"}},
                        },
                        "page": {"type": "integer"},
                        "section": {
                            "type": "keyword",
                            "fields": {
                                "keyword": {"type": "keyword"},
                                "text": {"type": "text", "analyzer": "standard"},
                            },
                        },
                        "position": {"type": "integer"},
                        "start": {"type": "integer"},
                        "end": {"type": "integer"},
                        "source": {"type": "keyword", "fields": {"keyword": {"type": "keyword"}}},
                    },
                },
            },
        },
    }


def test_index_body_takes_shards_and_replicas():
    index = dsl.index_body(8, shards=3, replicas=0)["settings"]["index"]
    assert (index["number_of_shards"], index["number_of_replicas"]) == (3, 0)


@pytest.mark.parametrize("dimension", [0, -4])
def test_index_body_rejects_non_positive_dimension(dimension):
    with pytest.raises(ValueError, match="dimension must be greater than 0"):
        dsl.index_body(dimension)


@pytest.mark.parametrize("name", ["ie-chunks-384d", "tenant_a.chunks", "x"])
def test_valid_index_names_pass(name):
    assert dsl.validate_index_name(name) == name


@pytest.mark.parametrize(
    "name", ["", "IE-chunks", "_hidden", "-x", "a b", "a/b", "a*", "a,b", "a:b", "."]
)
def test_invalid_index_names_are_rejected(name):
    with pytest.raises(ValueError):
        dsl.validate_index_name(name)


# --------------------------------------------------------------------------- queries


def test_bm25_body_is_multi_match_best_fields_or_with_doc_filter():
    assert dsl.bm25_body(DOC, "late payment interest", size=100, min_score=1.5) == {
        "size": 100,
        "min_score": 1.5,
        "_source": NO_VECTOR,
        "query": {
            "bool": {
                "must": [
                    {
                        "multi_match": {
                            "query": "late payment interest",
                            "fields": ["text"],
                            "type": "best_fields",
                            "operator": "or",
                        }
                    }
                ],
                "filter": [FILTER],
            }
        },
    }


def test_fuzzy_bm25_body_adds_fuzziness_auto():
    body = dsl.bm25_body(DOC, "intrest", size=10, fuzzy=True)
    assert body["query"]["bool"]["must"] == [
        {
            "multi_match": {
                "query": "intrest",
                "fields": ["text"],
                "type": "best_fields",
                "operator": "or",
                "fuzziness": "AUTO",
                "max_expansions": 50,
                "fuzzy_transpositions": True,
            }
        }
    ]
    assert body["query"]["bool"]["filter"] == [FILTER]
    assert body["min_score"] == 0.0


def test_bm25_bodies_carry_the_legacy_factor_boost_only_when_asked():
    boost = 1 / dsl.LEGACY_BM25_FACTOR
    plain = dsl.bm25_body(DOC, "late fee", size=5)
    scaled = dsl.bm25_body(DOC, "late fee", size=5, bm25_boost=boost, fuzzy=True)
    assert "boost" not in plain["query"]["bool"]["must"][0]["multi_match"]
    assert scaled["query"]["bool"]["must"][0]["multi_match"]["boost"] == boost
    hybrid = dsl.hybrid_body(DOC, "late fee", [1.0], size=5, bm25_boost=boost)
    bm25_sub = hybrid["query"]["hybrid"]["queries"][0]["bool"]["must"][0]["multi_match"]
    assert bm25_sub["boost"] == boost


def test_same_source_compares_vectors_as_float32():
    chunk = Chunk("c", DOC, "text", "text", 0, 4, 0)
    sent = dsl.chunk_source(chunk, [float(np.float32(0.2)), 1.0])  # 0.20000000298023224
    derived = {**sent, dsl.VECTOR_FIELD: [0.2, 1.0]}  # what a 3.x derived-source index returns
    assert sent[dsl.VECTOR_FIELD][0] != 0.2 and dsl.same_source(derived, sent)
    assert not dsl.same_source({**sent, dsl.VECTOR_FIELD: [0.2001, 1.0]}, sent)
    assert not dsl.same_source({**derived, dsl.TEXT_FIELD: "other"}, sent)
    assert not dsl.same_source({**sent, dsl.VECTOR_FIELD: None}, sent)


def test_knn_body_filters_inside_the_knn_clause():
    vector = np.array([0.25, -0.5, 1.0], dtype=np.float32)
    body = dsl.knn_body(DOC, vector, k=7, min_score=0.6)
    assert body == {
        "size": 7,
        "min_score": 0.6,
        "_source": NO_VECTOR,
        "query": {"knn": {"chunk_vector": {"vector": [0.25, -0.5, 1.0], "k": 7, "filter": FILTER}}},
    }
    assert all(type(x) is float for x in body["query"]["knn"]["chunk_vector"]["vector"])


def test_hybrid_body_names_both_sub_queries_and_filters_each():
    assert dsl.hybrid_body(DOC, "late fee", [1.0, 0.0], size=100) == {
        "size": 100,
        "_source": NO_VECTOR,
        "query": {
            "hybrid": {
                "queries": [
                    {
                        "bool": {
                            "must": [
                                {
                                    "multi_match": {
                                        "query": "late fee",
                                        "fields": ["text"],
                                        "type": "best_fields",
                                        "operator": "or",
                                    }
                                }
                            ],
                            "filter": [FILTER],
                            "_name": "bm25",
                        }
                    },
                    {
                        "bool": {
                            "must": [
                                {
                                    "knn": {
                                        "chunk_vector": {
                                            "vector": [1.0, 0.0],
                                            "k": 100,
                                            "filter": FILTER,
                                        }
                                    }
                                }
                            ],
                            "_name": "knn",
                        }
                    },
                ]
            }
        },
    }


def _filters_in(node) -> int:
    """How many times the doc_id filter occurs anywhere in a body."""
    if node == FILTER:
        return 1
    if isinstance(node, dict):
        return sum(_filters_in(v) for v in node.values())
    if isinstance(node, list):
        return sum(_filters_in(v) for v in node)
    return 0


@pytest.mark.parametrize(
    "body",
    [
        dsl.bm25_body(DOC, "x", size=1),
        dsl.bm25_body(DOC, "x", size=1, fuzzy=True),
        dsl.knn_body(DOC, [1.0], k=1),
        dsl.doc_query(DOC),
        dsl.stale_chunks_query(DOC, ["a"]),
        dsl.chunks_page_body(DOC, size=5),
    ],
    ids=["bm25", "bm25-fuzzy", "knn", "doc", "stale", "page"],
)
def test_every_document_query_carries_the_doc_filter(body):
    assert _filters_in(body) == 1


def test_every_hybrid_sub_query_carries_the_doc_filter():
    sub_queries = dsl.hybrid_body(DOC, "x", [1.0], size=3)["query"]["hybrid"]["queries"]
    assert [_filters_in(q) for q in sub_queries] == [1, 1]


@pytest.mark.parametrize(
    "build",
    [
        lambda: dsl.bm25_body(DOC, "x", size=0),
        lambda: dsl.knn_body(DOC, [1.0], k=0),
        lambda: dsl.hybrid_body(DOC, "x", [1.0], size=-1),
        lambda: dsl.chunks_page_body(DOC, size=0),
        lambda: dsl.bm25_body(DOC, "x", size=True),
    ],
)
def test_sizes_must_be_positive_integers(build):
    with pytest.raises(ValueError, match="greater than 0"):
        build()


def test_doc_query_and_stale_chunks_query():
    assert dsl.doc_query(DOC) == {"query": {"bool": {"filter": [FILTER]}}}
    assert dsl.stale_chunks_query(DOC, ["d/2", "d/1"]) == {
        "query": {"bool": {"filter": [FILTER], "must_not": [{"ids": {"values": ["d/1", "d/2"]}}]}}
    }


def test_chunk_pages_sort_by_position_then_id_and_page_with_search_after():
    assert dsl.chunks_page_body(DOC, size=1000, search_after=[4, "c4"]) == {
        "size": 1000,
        "query": {"bool": {"filter": [FILTER]}},
        "sort": [{"metadata.position": "asc"}, {"chunk_id": "asc"}],
        "_source": NO_VECTOR,
        "search_after": [4, "c4"],
    }
    assert dsl.chunks_page_body(DOC, size=10, with_vectors=True)["_source"] is True


def test_doc_ids_page_is_a_composite_terms_aggregation():
    assert dsl.doc_ids_page_body(size=500, after={"doc_id": "b"}) == {
        "size": 0,
        "aggs": {
            "doc_ids": {
                "composite": {
                    "size": 500,
                    "sources": [{"doc_id": {"terms": {"field": "doc_id"}}}],
                    "after": {"doc_id": "b"},
                }
            }
        },
    }
    assert "after" not in dsl.doc_ids_page_body(size=5)["aggs"]["doc_ids"]["composite"]


# --------------------------------------------------------------------------- pipeline


@pytest.mark.parametrize(
    "bm25, knn, expected",
    [(0.5, 0.5, (0.5, 0.5)), (1, 3, (0.25, 0.75)), (2, 0, (1.0, 0.0)), (1, 2, (0.333, 0.667))],
)
def test_pipeline_weights_are_normalized_to_sum_one(bm25, knn, expected):
    weights = dsl.pipeline_weights(bm25, knn)
    assert weights == expected
    assert math.isclose(sum(weights), 1.0)


@pytest.mark.parametrize("bm25, knn", [(0, 0), (-1, 1), (1, float("nan")), (float("inf"), 1)])
def test_pipeline_weights_reject_invalid_pairs(bm25, knn):
    with pytest.raises(ValueError):
        dsl.pipeline_weights(bm25, knn)


def test_pipeline_id_encodes_the_bm25_weight():
    assert dsl.pipeline_id("ie-hybrid", 0.3, 0.7) == "ie-hybrid-bm25-0300"
    assert dsl.pipeline_id("ie-hybrid", 3, 7) == "ie-hybrid-bm25-0300"
    assert dsl.pipeline_id("ie-hybrid", 1, 0) == "ie-hybrid-bm25-1000"
    assert dsl.pipeline_id("ie-hybrid", 0, 1) == "ie-hybrid-bm25-0000"


def test_search_pipeline_body_min_max_arithmetic_mean_with_explanation():
    assert dsl.search_pipeline_body(0.3, 0.7, explain=True) == {
        "description": (
            "intelligent-extraction hybrid: min_max + arithmetic_mean, weights bm25=0.3 "
            "knn=0.7 (created by the service)"
        ),
        "phase_results_processors": [
            {
                "normalization-processor": {
                    "normalization": {"technique": "min_max"},
                    "combination": {
                        "technique": "arithmetic_mean",
                        "parameters": {"weights": [0.3, 0.7]},
                    },
                }
            }
        ],
        "response_processors": [{"hybrid_score_explanation": {}}],
    }


def test_search_pipeline_body_without_explanation_for_older_servers():
    body = dsl.search_pipeline_body(1, 1, explain=False)
    assert "response_processors" not in body
    combination = body["phase_results_processors"][0]["normalization-processor"]["combination"]
    assert combination["parameters"]["weights"] == [0.5, 0.5]


# --------------------------------------------------------------------------- documents


def test_chunk_source_stores_text_vector_and_metadata():
    assert dsl.chunk_source(_chunk(), np.array([0.5, 1.0], dtype=np.float32)) == {
        "chunk_id": "c3",
        "doc_id": DOC,
        "text": "Late payments bear interest at 1.5% per month.",
        "chunk_vector": [0.5, 1.0],
        "metadata": {
            "doc_id": DOC,
            "chunk_id": "c3",
            "chunk_type": "text",
            "page": 2,
            "section": ["5. Payment", "5.2 Late payment"],
            "position": 3,
            "start": 120,
            "end": 168,
            "source": "msa.pdf",
        },
    }


@pytest.mark.parametrize(
    "chunk", [_chunk(), _chunk(page=None, section=(), source="", chunk_type="table")]
)
def test_chunk_round_trips_through_source(chunk):
    source = dsl.chunk_source(chunk, [1.0])
    del source["chunk_vector"]  # never fetched back
    assert dsl.chunk_from_source(source) == chunk


def test_chunk_rebuilds_from_llama_index_node_metadata():
    chunk = _chunk()
    metadata = dsl.chunk_source(chunk, [1.0])["metadata"]
    assert dsl.chunk_from_source(metadata, text=chunk.text) == chunk


def test_index_actions_use_doc_scoped_ids():
    chunks = [_chunk(chunk_id="c0", position=0), _chunk(chunk_id="c1", position=1)]
    actions = list(dsl.index_actions("ie-chunks-2d", chunks, [[1.0, 0.0], [0.0, 1.0]]))
    assert [(a["_op_type"], a["_index"], a["_id"]) for a in actions] == [
        ("index", "ie-chunks-2d", f"{DOC}/c0"),
        ("index", "ie-chunks-2d", f"{DOC}/c1"),
    ]
    assert actions[1]["_source"] == dsl.chunk_source(chunks[1], [0.0, 1.0])


def test_index_actions_need_one_vector_per_chunk():
    with pytest.raises(ValueError, match="2 chunks but 1 vectors"):
        list(dsl.index_actions("i", [_chunk(), _chunk(chunk_id="x")], [[1.0]]))


def test_rollback_actions_delete_additions_and_restore_overwrites():
    assert list(dsl.delete_actions("i", ["a/1"])) == [
        {"_op_type": "delete", "_index": "i", "_id": "a/1"}
    ]
    stored = dsl.chunk_source(_chunk(), [1.0])
    assert list(dsl.restore_actions("i", {"a/2": stored})) == [
        {"_op_type": "index", "_index": "i", "_id": "a/2", "_source": stored}
    ]


def test_overlong_ids_are_hashed_within_the_512_byte_limit():
    long_id = dsl.opensearch_id("d" * 400, "c" * 200)
    assert long_id.startswith("sha256:") and len(long_id.encode()) <= 512
    assert long_id == dsl.opensearch_id("d" * 400, "c" * 200)
    assert dsl.opensearch_id("d", "c") == "d/c"


# --------------------------------------------------------------------------- hybrid responses


def _explained_hit(score, entries, matched):
    """A hit shaped like the documented hybrid_score_explanation response."""
    return {
        "_score": score,
        "matched_queries": matched,
        "_explanation": {
            "value": score,
            "description": "arithmetic_mean, weights [0.3, 0.7] combination of:",
            "details": [
                {
                    "value": norm,
                    "description": "min_max normalization of:",
                    "details": [{"value": raw, "description": "sub-query score", "details": []}],
                }
                for norm, raw in entries
            ],
        },
    }


def test_sub_scores_of_a_chunk_both_sub_queries_found():
    score = 0.3 * 1.0 + 0.7 * 0.8503647
    hit = _explained_hit(
        score, [(1.0, 1.2336599), (0.8503647, 0.93)], {"bm25": 1.2336599, "knn": 0.93}
    )
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        bm25=1.2336599, bm25_norm=1.0, knn=0.93, knn_norm=0.8503647, score=pytest.approx(score)
    )


def test_sub_scores_of_a_chunk_only_knn_found():
    hit = _explained_hit(0.7 * 0.5, [(0.5, 0.91)], {"knn": 0.91})
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        knn=0.91, knn_norm=0.5, score=pytest.approx(0.35)
    )


def test_a_sub_query_that_matched_outside_its_top_size_reports_nothing():
    # as 2.19.1 and 3.6.0 answer for a chunk BM25 matches below its top `size`: named with its
    # raw score, normalized to exactly 0.0 (a returned chunk is floored at 0.001)
    hit = _explained_hit(
        0.0007, [(0.0, 0.8922747), (0.001, 0.83180606)], {"bm25": 0.8922747, "knn": 0.83180606}
    )
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        knn=0.83180606, knn_norm=0.001, score=pytest.approx(0.0007)
    )


def test_the_combined_score_is_recomputed_from_the_explained_parts():
    # with explain=true the hit's _score drifts (0.4744746 for a ranking score of 0.475, seen
    # on 2.19.1 and 3.6.0); the normalized details are exact
    entries = [(1.0, 3.6402724), (0.25000018, 0.8708421)]
    hit = _explained_hit(0.4744746, entries, {"bm25": 3.6402724, "knn": 0.8708421})
    sub = dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7)
    assert sub.score == pytest.approx(0.475, abs=1e-6)
    assert (sub.bm25_norm, sub.knn_norm) == (1.0, 0.25000018)


def test_normalized_scores_whose_raw_value_disagrees_are_dropped():
    hit = _explained_hit(0.3, [(1.0, 7.0)], {"bm25": 2.0})
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        bm25=2.0
    )


def test_sub_scores_without_explanation_or_named_scores():
    assert dsl.hybrid_sub_scores(
        {"_score": 0.4, "matched_queries": {"bm25": 3.2}}, bm25_weight=1, knn_weight=1
    ) == (dsl.HybridSubScores(bm25=3.2))
    assert dsl.hybrid_sub_scores(
        {"_score": 0.4, "matched_queries": ["bm25"]}, bm25_weight=1, knn_weight=1
    ) == (dsl.HybridSubScores())
    assert (
        dsl.hybrid_sub_scores({"_score": 0.4}, bm25_weight=1, knn_weight=1) == dsl.HybridSubScores()
    )


def test_both_sub_scores_from_the_explanation_alone():
    hit = _explained_hit(0.3 * 1.0 + 0.7 * 0.5, [(1.0, 4.2), (0.5, 0.88)], None)
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        bm25=4.2, bm25_norm=1.0, knn=0.88, knn_norm=0.5, score=pytest.approx(0.65)
    )


def test_a_lone_explained_sub_score_is_placed_by_the_weights():
    hit = _explained_hit(0.7 * 0.5, [(0.5, 0.88)], None)
    assert dsl.hybrid_sub_scores(hit, bm25_weight=0.3, knn_weight=0.7) == dsl.HybridSubScores(
        knn=0.88, knn_norm=0.5, score=pytest.approx(0.35)
    )


def test_a_lone_explained_sub_score_with_equal_weights_stays_unknown():
    hit = _explained_hit(0.5 * 0.5, [(0.5, 0.88)], None)
    assert dsl.hybrid_sub_scores(hit, bm25_weight=1, knn_weight=1) == dsl.HybridSubScores()


def test_raw_scores_fill_in_from_the_explanation_when_names_carry_none():
    hit = _explained_hit(0.5 * 1.0, [(1.0, 3.0)], ["bm25"])
    assert dsl.hybrid_sub_scores(hit, bm25_weight=1, knn_weight=1) == dsl.HybridSubScores(
        bm25=3.0, bm25_norm=1.0, score=pytest.approx(0.5)
    )
