"""Both retrieval strategies against the real embedded backend and the real embedding model."""

from __future__ import annotations

import json

import pytest

from intelligent_extraction.backends.embedded import EmbeddedBackend
from intelligent_extraction.models import (
    AgreementBoost,
    BM25Normalization,
    Chunk,
    FieldConfig,
    Instructions,
    Position,
    Queries,
    Strategy,
    VisualAnalysis,
)
from intelligent_extraction.retrieval import (
    HybridRetriever,
    RetrievalPipeline,
    RetrievalResult,
    retrieve,
)

pytestmark = pytest.mark.slow

DOC = "msa"
OTHER_DOC = "lease"

# (text, section, kind) in document order
MSA = [
    (
        "This Master Services Agreement is entered into as of January 5, 2023 by and between "
        "Acme Corp., a Delaware corporation, and Beta LLC, a New York limited liability company.",
        ("Master Services Agreement",),
        "text",
    ),
    (
        "Definitions. \"Services\" means the consulting services described in each Statement of "
        "Work. \"Deliverables\" means all work product provided by Supplier under this Agreement.",
        ("1. Definitions",),
        "text",
    ),
    (
        "Customer shall pay all undisputed invoices within thirty (30) days of receipt. Late "
        "payments bear interest at one and a half percent (1.5%) per month.",
        ("4. Fees and Payment",),
        "text",
    ),
    (
        "Either party may terminate this Agreement for convenience upon sixty (60) days prior "
        "written notice to the other party.",
        ("9. Term and Termination",),
        "text",
    ),
    (
        "Each party shall keep the other party's Confidential Information in strict confidence "
        "and shall not disclose it to any third party without prior written consent.",
        ("12. Confidentiality",),
        "text",
    ),
    (
        "This Agreement shall be governed by and construed in accordance with the laws of the "
        "State of New York, without regard to its conflict of laws principles.",
        ("14. Governing Law",),
        "text",
    ),
    (
        "The parties irrevocably submit to the exclusive jurisdiction of the state and federal "
        "courts located in New York County for any dispute arising under this Agreement.",
        ("15. Miscellaneous",),
        "text",
    ),
    (
        "All notices under this Agreement shall be in writing and delivered by hand or by "
        "certified mail to the addresses set forth above.",
        ("15. Miscellaneous",),
        "text",
    ),
    (
        "Figure 1: organisational chart of the project team showing roles and reporting lines.",
        ("Exhibit A - Project Team",),
        "image",
    ),
    (
        "Figure 2: diagram of the data flow between the Customer systems and the Supplier "
        "hosting environment.",
        ("Exhibit C - Architecture",),
        "image",
    ),
    (
        "Role | Hourly Rate\nSenior Consultant | USD 250\nConsultant | USD 180",
        ("Exhibit B - Fee Schedule",),
        "table",
    ),
]

LEASE = [
    (
        "This Lease is governed by the laws of the State of California.",
        ("20. Governing Law",),
        "text",
    ),
    ("Tenant shall pay rent monthly in advance.", ("3. Rent",), "text"),
]

GOVERNING_LAW = f"{DOC}-5"


def _chunks(doc_id: str, rows) -> list[Chunk]:
    chunks, offset = [], 0
    for i, (text, section, kind) in enumerate(rows):
        chunks.append(
            Chunk(
                chunk_id=f"{doc_id}-{i}",
                doc_id=doc_id,
                text=text,
                chunk_type=kind,
                start=offset,
                end=offset + len(text),
                position=i,
                page=1 + i // 4,
                section=section,
                source=f"{doc_id}.txt",
            )
        )
        offset += len(text) + 2
    return chunks


@pytest.fixture(scope="module")
def backend(tmp_path_factory, embedder):
    be = EmbeddedBackend(tmp_path_factory.mktemp("embedded"))
    for doc_id, rows in ((DOC, MSA), (OTHER_DOC, LEASE)):
        chunks = _chunks(doc_id, rows)
        be.index_document(doc_id, chunks, embedder.embed_texts([c.text for c in chunks]))
    yield be
    be.close()


def governing_law(**overrides) -> FieldConfig:
    config = {
        "field_name": "governing_law",
        "type": "place",
        "queries": Queries(
            exact=["governing law", "governed by the laws of"],
            pattern=[r"laws? of the State of [A-Z]\w+"],
            fuzzy=["applicable law"],
        ),
        "instructions": Instructions(
            task="Which state's or country's law governs this agreement?",
            keywords=["governing law", "construed"],
        ),
        "keywords_search": ["choice of law"],
        "final_top_k": 3,
        "visual_analysis": VisualAnalysis(max_images=0),
    }
    return FieldConfig(**(config | overrides))


def _ids(chunks) -> list[str]:
    return [c.chunk_id for c in chunks]


STRATEGIES = [Strategy.hybrid, Strategy.pipeline]


# ------------------------------------------------------------------ ranking


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_governing_law_chunk_ranks_first(backend, embedder, strategy):
    result = retrieve(backend, embedder, DOC, governing_law(), strategy)
    assert isinstance(result, RetrievalResult)
    assert result.chunks[0].chunk_id == GOVERNING_LAW
    assert len(result) == 3
    assert result.trace.strategy is strategy


def test_seed_fusion_settings_still_find_the_clause(backend, embedder):
    field = governing_law(
        bm25_normalization=BM25Normalization.divide_by_10, agreement_boost=AgreementBoost.binary
    )
    result = RetrievalPipeline(backend, embedder).retrieve(DOC, field)
    assert result[0].chunk_id == GOVERNING_LAW
    assert result.trace.phase("fusion").params["agreement_boost"] == "binary"


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_results_stay_inside_the_document(backend, embedder, strategy):
    result = retrieve(backend, embedder, DOC, governing_law(final_top_k=20), strategy)
    assert {c.chunk.doc_id for c in result} == {DOC}
    other = retrieve(backend, embedder, OTHER_DOC, governing_law(), strategy)
    assert other[0].chunk_id == f"{OTHER_DOC}-0"
    assert {c.chunk.doc_id for c in other} == {OTHER_DOC}


# ------------------------------------------------------------------ traces


def test_pipeline_trace_shows_every_phase(backend, embedder):
    result = RetrievalPipeline(backend, embedder).retrieve(DOC, governing_law())
    trace = result.trace
    assert [p.name for p in trace.phases] == ["bm25", "knn", "fusion"]
    bm25, knn, fusion = trace.phases

    assert GOVERNING_LAW in _ids(bm25.hits)
    assert all(h.bm25 == h.score and h.knn is None for h in bm25.hits)
    assert [h.score for h in bm25.hits] == sorted((h.score for h in bm25.hits), reverse=True)
    assert bm25.params == {"size": 100, "fuzzy": True, "min_score": 0.0}

    assert len(knn.hits) == len(MSA)  # k = 100 covers the whole document
    assert all(h.knn == h.score and h.bm25 is None and 0 <= h.score <= 1 for h in knn.hits)
    assert knn.params == {"k": 100, "min_score": 0.0}

    assert set(_ids(fusion.hits)) == set(_ids(bm25.hits)) | set(_ids(knn.hits))
    assert fusion.hits[0].chunk_id == GOVERNING_LAW
    assert trace.plan.bm25_terms[:2] == ("governing law", "governed by the laws of")
    assert trace.plan.knn_text == "Which state's or country's law governs this agreement?"

    assert trace.embed_ms > 0 and all(p.ms >= 0 for p in trace.phases)
    phases_ms = sum(p.ms for p in trace.phases)
    assert trace.retrieval_ms == pytest.approx(phases_ms + trace.postprocess_ms)
    assert trace.total_ms == pytest.approx(trace.embed_ms + trace.retrieval_ms)
    assert list(trace.timings_ms) == ["embed", "bm25", "knn", "fusion", "postprocess"]
    assert [s.name for s in trace.steps][-1] == "text_image_split"
    assert bm25.raw_only and knn.raw_only and not fusion.raw_only
    assert "graded agreement boost x2" in fusion.description


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_result_serializes_to_json(backend, embedder, strategy):
    result = retrieve(backend, embedder, DOC, governing_law(), strategy)
    data = json.loads(json.dumps(result.to_dict()))
    assert [c["chunk_id"] for c in data["chunks"]] == _ids(result)
    assert data["chunks"][0]["text"] == result[0].chunk.text
    assert data["chunks"][0]["in_both"] is True
    assert data["trace"]["strategy"] == strategy.value
    assert data["trace"]["plan"]["knn_text"] == governing_law().instructions.task
    assert [p["name"] for p in data["trace"]["phases"]] == [p.name for p in result.trace.phases]
    assert set(data["trace"]["timings_ms"]) == set(result.trace.timings_ms)


def test_hybrid_trace_has_one_phase(backend, embedder):
    result = HybridRetriever(backend, embedder).retrieve(DOC, governing_law())
    trace = result.trace
    assert [p.name for p in trace.phases] == ["hybrid"]
    assert trace.phase("hybrid").params == {"size": 100, "bm25_weight": 0.5, "knn_weight": 0.5}
    assert trace.phase("hybrid").hits[0].chunk_id == GOVERNING_LAW
    assert trace.embed_ms > 0
    assert list(trace.timings_ms) == ["embed", "hybrid", "postprocess"]
    with pytest.raises(KeyError, match="no phase 'bm25'"):
        trace.phase("bm25")


# ------------------------------------------------------------------ scores carried


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_in_both_marks_chunks_found_by_both_sub_queries(backend, embedder, strategy):
    result = retrieve(backend, embedder, DOC, governing_law(), strategy)
    candidates = result.trace.phases[-1].hits
    for c in candidates:
        assert c.in_both == (c.bm25 is not None and c.knn is not None)
        assert (c.bm25 is None) == (c.bm25_norm is None)
        assert (c.knn is None) == (c.knn_norm is None)
    top = candidates[0]
    assert top.chunk_id == GOVERNING_LAW and top.in_both
    assert 0 < top.bm25_norm <= 1 and 0 < top.knn_norm <= 1
    assert any(not c.in_both and c.bm25 is None for c in candidates)  # kNN-only chunks


def test_pipeline_score_is_weighted_mean_plus_agreement_bonus(backend, embedder):
    field = governing_law(weights={"bm25": 0.7, "knn": 0.3})
    fused = RetrievalPipeline(backend, embedder).retrieve(DOC, field).trace.phase("fusion").hits
    for c in fused:
        mean = 0.7 * (c.bm25_norm or 0) + 0.3 * (c.knn_norm or 0)
        bonus = c.adjustments.get("agreement_boost", 0.0)
        # scores are divided by the largest factor (intersection_boost 2.0) to stay in [0, 1]
        assert c.score == pytest.approx(mean / 2.0 + bonus)
        factor = 1 + (2.0 - 1) * min(c.bm25_norm, c.knn_norm) if c.in_both else 1.0
        assert c.score == pytest.approx(mean * factor / 2.0)
        assert 0 <= c.score <= 1
    assert max(c.bm25_norm or 0 for c in fused) == 1.0
    assert max(c.knn_norm or 0 for c in fused) == 1.0


# ------------------------------------------------------------------ post-processing


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_section_boost_changes_the_order(backend, embedder, strategy):
    plain = retrieve(backend, embedder, DOC, governing_law(), strategy)
    assert plain[0].chunk_id == GOVERNING_LAW

    # 3.0 outweighs any fused score (hybrid <= 1, pipeline <= intersection_boost = 2)
    field = governing_law(sections=["Miscellaneous"], section_boost=3.0)
    boosted = retrieve(backend, embedder, DOC, field, strategy)
    assert boosted[0].chunk.section == ("15. Miscellaneous",)
    assert boosted[0].adjustments["section_boost"] == 3.0
    assert _ids(boosted).index(GOVERNING_LAW) > 0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_primary_section_boost_keeps_the_clause_first(backend, embedder, strategy):
    field = governing_law(sections=["Governing Law", "Miscellaneous"])
    result = retrieve(backend, embedder, DOC, field, strategy)
    assert result[0].chunk_id == GOVERNING_LAW
    assert result[0].adjustments["section_boost"] == pytest.approx(0.15)
    misc = [c for c in result if c.chunk.section == ("15. Miscellaneous",)]
    assert all(c.adjustments["secondary_section_boost"] == pytest.approx(0.075) for c in misc)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_position_boost_promotes_the_opening_chunk(backend, embedder, strategy):
    field = governing_law(position=Position(first_chunks=1, boost=5.0))
    result = retrieve(backend, embedder, DOC, field, strategy)
    assert result[0].chunk_id == f"{DOC}-0"
    assert result[0].adjustments["position_boost"] == 5.0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_images_are_split_out_after_the_text(backend, embedder, strategy):
    field = governing_law(final_top_k=2, visual_analysis=VisualAnalysis(max_images=1))
    result = retrieve(backend, embedder, DOC, field, strategy)
    assert [c.chunk.chunk_type for c in result] == ["text", "text", "image"]
    assert result[0].chunk_id == GOVERNING_LAW

    field = governing_law(final_top_k=20, visual_analysis=VisualAnalysis(max_images=5))
    result = retrieve(backend, embedder, DOC, field, strategy)
    kinds = [c.chunk.chunk_type for c in result]
    assert kinds.count("image") == 2
    assert kinds[-2:] == ["image", "image"]  # text and table chunks first, then the images
    assert "table" in kinds


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_min_score_filters_on_the_final_score(backend, embedder, strategy):
    assert len(retrieve(backend, embedder, DOC, governing_law(min_score=10.0), strategy)) == 0
    field = governing_law(min_score=10.0, sections=["Governing Law"], section_boost=10.0)
    assert _ids(retrieve(backend, embedder, DOC, field, strategy)) == [GOVERNING_LAW]


@pytest.mark.parametrize("retriever_cls", [HybridRetriever, RetrievalPipeline])
def test_top_k_overrides_final_top_k(backend, embedder, retriever_cls):
    retriever = retriever_cls(backend, embedder)
    assert len(retriever.retrieve(DOC, governing_law(), top_k=1)) == 1
    assert len(retriever.retrieve(DOC, governing_law(), top_k=5)) == 5
    with pytest.raises(ValueError, match="top_k must be greater than 0"):
        retriever.retrieve(DOC, governing_law(), top_k=0)


# ------------------------------------------------------------------ strategy choice


def test_retrieve_uses_the_field_strategy_unless_overridden(backend, embedder):
    field = governing_law(strategy=Strategy.pipeline)
    assert retrieve(backend, embedder, DOC, field).trace.strategy is Strategy.pipeline
    assert retrieve(backend, embedder, DOC, field, "hybrid").trace.strategy is Strategy.hybrid
    assert retrieve(backend, embedder, DOC, governing_law()).trace.strategy is Strategy.hybrid


def test_retrieve_rejects_unknown_strategy(backend, embedder):
    with pytest.raises(ValueError, match="strategy must be one of hybrid, pipeline"):
        retrieve(backend, embedder, DOC, governing_law(), "bm25")


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_last_chunks_follow_the_ranked_evidence(backend, embedder, strategy):
    field = governing_law(position={"first_chunks": 1, "boost": 0.0, "last_chunks": 1},
                          final_top_k=2)
    result = retrieve(backend, embedder, DOC, field, strategy)
    last = backend.get_chunks(DOC)[-1]  # the fee table: never ranked for governing law
    ranked = [sc.chunk_id for sc in result.chunks[:2]]
    assert ranked[0] == GOVERNING_LAW and last.chunk_id not in ranked  # displacing nothing
    assert [sc.chunk_id for sc in result.chunks][-1] == last.chunk_id
    assert result.chunks[-1].score == 0.0


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_leading_chunks_ranked_below_the_top_are_appended_before_the_last(
    backend, embedder, strategy
):
    field = governing_law(position={"first_chunks": 1, "boost": 0.0, "last_chunks": 1},
                          final_top_k=1)
    result = retrieve(backend, embedder, DOC, field, strategy)
    first, last = backend.get_chunks(DOC)[0], backend.get_chunks(DOC)[-1]
    assert [sc.chunk_id for sc in result.chunks] == [
        GOVERNING_LAW, first.chunk_id, last.chunk_id
    ]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_leading_chunks_are_candidates_even_when_search_misses_them(backend, embedder, strategy):
    narrow = {"similarity_top_k": 1, "max_bm25_results": 1, "max_knn_results": 1,
              "final_top_k": 3}
    plain = retrieve(backend, embedder, DOC, governing_law(**narrow), strategy)
    assert [sc.chunk_id for sc in plain.chunks] == [GOVERNING_LAW]

    hinted = governing_law(**narrow, position={"first_chunks": 1, "boost": 0.3})
    result = retrieve(backend, embedder, DOC, hinted, strategy)
    assert [sc.chunk_id for sc in result.chunks] == [GOVERNING_LAW, f"{DOC}-0"]
    opening = result.chunks[1]
    assert opening.bm25 is None and opening.knn is None  # no search found it
    assert opening.adjustments == {"position_boost": 0.3}
    assert opening.score == pytest.approx(0.3)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_chunks_a_read_matching_regex_finds_are_read_wherever_they_rank(
    backend, embedder, strategy
):
    # a definition of the field's own term ranks low in a long definitions list; it is read
    # after the ranking, displacing nothing, with or without a position
    payment = f"{DOC}-2"
    wanted = [r"(?i)\bwithin\s+thirty\s*\(30\)\s+days\b"]
    plain = retrieve(backend, embedder, DOC, governing_law(final_top_k=1), strategy)
    assert [sc.chunk_id for sc in plain.chunks] == [GOVERNING_LAW]
    for position in (None, {"first_chunks": 1, "boost": 0.0}):
        field = governing_law(final_top_k=1, position=position, read_matching=wanted)
        ids = [sc.chunk_id for sc in retrieve(backend, embedder, DOC, field, strategy).chunks]
        assert ids[0] == GOVERNING_LAW and ids[-1] == payment and ids.count(payment) == 1


def test_read_matching_must_be_a_valid_regex():
    with pytest.raises(ValueError, match="read_matching"):
        governing_law(read_matching=["(unclosed"])
