"""Post-processors: section and position boosts, min_score, de-duplication, text/image split."""

import pytest

from intelligent_extraction.models import (
    Chunk,
    FieldConfig,
    Instructions,
    Position,
    ScoredChunk,
    VisualAnalysis,
)
from intelligent_extraction.retrieval.postprocess import (
    DEFAULT_POSTPROCESSORS,
    Deduplicate,
    MinScoreFilter,
    PositionBoost,
    SectionBoost,
    TextImageSplit,
    normalize_heading,
    run_postprocessors,
    section_matches,
)

WORDS = [f"word{i}" for i in range(100)]


def _text(start: int, end: int, *extra: str) -> str:
    return " ".join([*WORDS[start:end], *extra])


def _sc(cid, score, *, text=None, position=0, section=(), kind="text", adjustments=None):
    text = f"text of {cid}" if text is None else text
    start = 1000 * position  # chunks of an ordinary size
    chunk = Chunk(
        chunk_id=cid,
        doc_id="doc",
        text=text,
        chunk_type=kind,
        start=start,
        end=start + len(text),
        position=position,
        section=tuple(section),
    )
    return ScoredChunk(chunk, score, adjustments=dict(adjustments or {}))


def _field(**kwargs) -> FieldConfig:
    return FieldConfig(
        field_name="governing_law", instructions=Instructions(task="Find the law"), **kwargs
    )


def _ids(chunks):
    return [c.chunk_id for c in chunks]


# ------------------------------------------------------------------ section matching


@pytest.mark.parametrize(
    ("heading", "normalized"),
    [
        ("14. Governing Law.", "governing law"),
        ("14.2 Governing Law", "governing law"),
        ("Section 14. Governing Law", "governing law"),
        ("Article XIV - Governing Law", "governing law"),
        ("ARTICLE 5: PAYMENT TERMS", "payment terms"),
        ("(a) Notices", "notices"),
        ("IV. Term", "term"),
        ("Civil Matters", "civil matters"),
        ("Section 14", ""),
        ("1st Amendment", "1st amendment"),
    ],
)
def test_normalize_heading_strips_numbering_case_and_punctuation(heading, normalized):
    assert normalize_heading(heading) == normalized


@pytest.mark.parametrize(
    ("title", "heading", "matches"),
    [
        ("Governing Law", "14. GOVERNING LAW", True),
        ("Governing Law", "Governing Laws", True),  # fuzzy
        ("Governing Law", "Governnig Law", True),  # typo
        ("Governing Law", "Governing Law and Jurisdiction", True),
        ("governing law", "Article 9 - Governing Law", True),
        ("Governing Law", "Law", False),  # a shorter heading is no match
        ("Term", "Termination", False),  # word-aligned
        ("Term", "Term and Termination", True),
        ("Payment", "Confidentiality", False),
        ("Governing Law", "", False),
    ],
)
def test_section_matches(title, heading, matches):
    assert section_matches(title, heading) is matches


# ------------------------------------------------------------------ section boost


def test_section_boost_primary_full_secondary_half_and_reorders():
    field = _field(sections=["Governing Law", "Miscellaneous"], section_boost=0.15)
    chunks = [
        _sc("a", 0.6, section=["1. Definitions"]),
        _sc("c", 0.55, section=["Miscellaneous"]),
        _sc("b", 0.5, section=["Article 14", "14. GOVERNING LAW"]),
    ]
    out = SectionBoost().process(chunks, field)
    assert _ids(out) == ["b", "c", "a"]
    assert [c.score for c in out] == pytest.approx([0.65, 0.625, 0.6])
    assert out[0].adjustments == {"section_boost": pytest.approx(0.15)}
    assert out[1].adjustments == {"secondary_section_boost": pytest.approx(0.075)}
    assert out[2].adjustments == {}


def test_section_boost_primary_wins_over_secondary():
    field = _field(sections=["Governing Law", "Miscellaneous"], section_boost=0.2)
    chunk = _sc("a", 0.1, section=["Miscellaneous", "Governing Law"])
    (out,) = SectionBoost().process([chunk], field)
    assert out.score == pytest.approx(0.3)
    assert out.adjustments == {"section_boost": pytest.approx(0.2)}


def test_section_boost_keeps_earlier_adjustments_and_leaves_input_unchanged():
    field = _field(sections=["Governing Law"])
    original = _sc("a", 0.5, section=["Governing Law"], adjustments={"agreement_boost": 0.1})
    (out,) = SectionBoost().process([original], field)
    assert out.adjustments == {"agreement_boost": 0.1, "section_boost": pytest.approx(0.15)}
    assert original.score == 0.5 and original.adjustments == {"agreement_boost": 0.1}


def test_section_boost_without_sections_changes_nothing():
    chunks = [_sc("a", 0.2, section=["Governing Law"]), _sc("b", 0.1)]
    assert SectionBoost().process(chunks, _field()) == chunks


def test_section_boost_validates_threshold():
    with pytest.raises(ValueError, match="threshold must be in \\(0, 100\\]. Currently"):
        SectionBoost(threshold=120)


# ------------------------------------------------------------------ position boost


def test_position_boost_first_chunks():
    field = _field(position=Position(first_chunks=2, boost=0.2))
    chunks = [
        _sc("p2", 0.45, position=2),
        _sc("p0", 0.3, position=0),
        _sc("p5", 0.2, position=5),
        _sc("p1", 0.1, position=1),
    ]
    out = PositionBoost().process(chunks, field)
    assert _ids(out) == ["p0", "p2", "p1", "p5"]
    assert [c.score for c in out] == pytest.approx([0.5, 0.45, 0.3, 0.2])
    assert [c.adjustments for c in out] == [
        {"position_boost": 0.2},
        {},
        {"position_boost": 0.2},
        {},
    ]


def test_position_boost_without_position_changes_nothing():
    chunks = [_sc("a", 0.2, position=0), _sc("b", 0.1, position=1)]
    assert PositionBoost().process(chunks, _field()) == chunks


# ------------------------------------------------------------------ min score


def test_min_score_filter_keeps_scores_at_or_above():
    chunks = [_sc("a", 0.7), _sc("b", 0.5), _sc("c", 0.49)]
    assert _ids(MinScoreFilter().process(chunks, _field(min_score=0.5))) == ["a", "b"]


def test_min_score_zero_keeps_everything():
    chunks = [_sc("a", 0.7), _sc("b", 0.0)]
    assert MinScoreFilter().process(chunks, _field()) == chunks


# ------------------------------------------------------------------ dedup


def test_dedup_same_chunk_id_keeps_the_better_ranked():
    out = Deduplicate().process([_sc("a", 0.9), _sc("b", 0.8), _sc("a", 0.1)], _field())
    assert [(c.chunk_id, c.score) for c in out] == [("a", 0.9), ("b", 0.8)]


def test_dedup_drops_text_mostly_contained_in_a_better_ranked_chunk():
    chunks = [
        _sc("a", 0.9, text=_text(0, 50)),
        _sc("near_copy", 0.8, text=_text(2, 50, "tail")),  # 46 of 47 trigrams in "a"
        _sc("overlap", 0.7, text=_text(40, 90)),  # 8 of 48 trigrams: a normal chunk overlap
        _sc("inside", 0.6, text=_text(10, 20)),  # all of it in "a"
    ]
    assert _ids(Deduplicate().process(chunks, _field())) == ["a", "overlap"]


def test_dedup_keeps_whichever_copy_ranks_first():
    chunks = [_sc("b", 0.9, text=_text(2, 50, "tail")), _sc("a", 0.8, text=_text(0, 50))]
    assert _ids(Deduplicate().process(chunks, _field())) == ["b"]


def test_dedup_threshold_is_strictly_more_than_90_percent():
    # 12 words -> 10 trigrams, 9 of them in "a": exactly 90% contained, kept
    chunks = [_sc("a", 0.9, text=_text(0, 50)), _sc("b", 0.8, text=_text(0, 11, "x"))]
    assert _ids(Deduplicate().process(chunks, _field())) == ["a", "b"]
    assert _ids(Deduplicate(containment=0.85).process(chunks, _field())) == ["a"]


def test_dedup_is_case_insensitive_and_catches_short_exact_copies():
    chunks = [_sc("a", 0.9, text="Governing Law"), _sc("b", 0.8, text="governing law.")]
    assert _ids(Deduplicate().process(chunks, _field())) == ["a"]


def test_dedup_keeps_chunks_without_text():
    chunks = [_sc("i1", 0.9, text="", kind="image"), _sc("i2", 0.8, text="", kind="image")]
    assert _ids(Deduplicate().process(chunks, _field())) == ["i1", "i2"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"containment": 0}, "containment must be in"), ({"shingle": 0}, "shingle must be at least")],
)
def test_dedup_validates_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Deduplicate(**kwargs)


# ------------------------------------------------------------------ text / image split


def test_split_takes_top_k_text_and_table_chunks_then_images():
    field = _field(final_top_k=2, visual_analysis=VisualAnalysis(max_images=1))
    chunks = [
        _sc("img1", 0.9, kind="image"),
        _sc("t1", 0.8),
        _sc("tab", 0.7, kind="table"),
        _sc("t2", 0.6),
        _sc("img2", 0.5, kind="image"),
    ]
    assert _ids(TextImageSplit().process(chunks, field)) == ["t1", "tab", "img1"]


def test_split_without_images():
    field = _field(final_top_k=5, visual_analysis=VisualAnalysis(max_images=0))
    chunks = [_sc("img", 0.9, kind="image"), _sc("t", 0.1)]
    assert _ids(TextImageSplit().process(chunks, field)) == ["t"]


# ------------------------------------------------------------------ all together


def test_default_postprocessors_in_order_with_trace():
    field = _field(
        sections=["Governing Law"],
        section_boost=0.15,
        position=Position(first_chunks=1, boost=0.2),
        min_score=0.5,
        final_top_k=2,
        visual_analysis=VisualAnalysis(max_images=1),
    )
    chunks = [
        _sc("x", 0.8, position=5, text=_text(0, 50)),
        _sc("dup", 0.7, position=6, text=_text(1, 50)),
        _sc("img", 0.52, position=8, kind="image", text="figure one"),
        _sc("img2", 0.51, position=9, kind="image", text="figure two"),
        _sc("low", 0.48, position=7),
        _sc("gov", 0.45, position=9, section=["12. Governing Law"]),
        _sc("first", 0.35, position=0),
    ]
    out, steps = run_postprocessors(chunks, field)
    assert _ids(out) == ["x", "gov", "img"]
    assert [c.score for c in out] == pytest.approx([0.8, 0.6, 0.52])
    assert [(s.name, s.before, s.after) for s in steps] == [
        ("section_boost", 7, 7),
        ("position_boost", 7, 7),
        ("min_score", 7, 6),  # "low" (0.48); "gov" and "first" survive thanks to their boosts
        # dedup drops "dup" and stops once the answer is full (2 text, 1 image): "first" (0.55,
        # the third text chunk) and img2 (the second image) are never compared
        ("dedup", 6, 3),
        ("text_image_split", 3, 3),
    ]
    assert all(s.ms >= 0 for s in steps)
    assert [p.name for p in DEFAULT_POSTPROCESSORS] == [s.name for s in steps]


def test_dedup_stops_when_the_answer_is_full():
    field = _field(final_top_k=2, visual_analysis=VisualAnalysis(max_images=0))
    chunks = [_sc("a", 0.9, text=_text(0, 30)), _sc("b", 0.8, text=_text(100, 30)),
              _sc("c", 0.7, text=_text(200, 30)), _sc("img", 0.6, kind="image", text="fig")]
    assert _ids(Deduplicate().process(chunks, field)) == ["a", "b"]
