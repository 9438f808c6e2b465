import pytest

from intelligent_extraction.extraction.base import Extraction
from intelligent_extraction.extraction.calibration import (
    Calibrator,
    FieldCalibrators,
    fit_isotonic,
    reliability_table,
)
from intelligent_extraction.extraction.validate import check_grounding, check_type
from intelligent_extraction.models import Chunk, FieldConfig, ScoredChunk


def field(type_, **extra):
    return FieldConfig(field_name="f", type=type_, instructions={"task": "t"}, **extra)


@pytest.mark.parametrize(
    ("type_", "value", "ok"),
    [
        ("date", "2014-05-05", True),
        ("date", "2014-05", True),
        ("date", "2014-13-01", False),
        ("date", "May 5, 2014", False),
        ("duration", "P2Y", True),
        ("duration", "perpetual", True),
        ("duration", "2 years", False),
        ("duration", "P", False),
        ("money", {"amount": "1250.00", "currency": "USD"}, True),
        ("money", {"amount": "lots", "currency": "USD"}, False),
        ("percent", {"value": "1.5", "per": "month"}, True),
        ("party_list", ["Acme Inc.", "Beta LLC"], True),
        ("party_list", [], False),
        ("place", "New York", True),
        ("place", "  ", False),
        ("boolean", False, True),
        ("boolean", "no", False),
    ],
)
def test_check_type(type_, value, ok):
    assert (check_type(field(type_), value) is None) is ok


def test_identifier_and_enum_use_the_config():
    icd = field("identifier", pattern=r"[A-TV-Z][0-9][0-9AB](\.[0-9A-TV-Z]{1,4})?")
    assert check_type(icd, "E11.9") is None
    assert "not a canonical identifier" in check_type(icd, "E11.9x")
    terms = field("enum", choices=["Net 30", "Net 60"])
    assert check_type(terms, "Net 60") is None
    assert check_type(terms, "Net 90") is not None


def _chunk(cid, text, start):
    c = Chunk(chunk_id=cid, doc_id="d", text=text, chunk_type="text", start=start,
              end=start + len(text), position=0)
    return ScoredChunk(chunk=c, score=1.0)


def test_grounding_requires_raw_text_at_the_offsets():
    chunks = [_chunk("a", "Interest accrues at 1.5% per month on late sums.", 100)]
    good = Extraction(status="found", value={}, raw="1.5% per month", chunk_id="a",
                      start=120, end=134)
    assert check_grounding(good, chunks) is None
    shifted = Extraction(status="found", value={}, raw="1.5% per month", chunk_id="a",
                         start=121, end=135)
    assert "not at offsets 121-135" in check_grounding(shifted, chunks)
    elsewhere = Extraction(status="found", value={}, raw="x", chunk_id="zz", start=0, end=1)
    assert "'zz' is not among the retrieved chunks" in check_grounding(elsewhere, chunks)


def test_calibrator_interpolates_and_clamps():
    cal = Calibrator((0.2, 0.6), (0.1, 0.9))
    assert cal(0.0) == 0.1 and cal(1.0) == 0.9
    assert cal(0.4) == pytest.approx(0.5)


def test_isotonic_fit_is_monotone_and_pools_violators():
    scores = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    correct = [False, True, False, True, True, True]
    cal = fit_isotonic(scores, correct)
    # (0.2 right, 0.3 wrong) violate the order and are pooled; rates are Laplace-smoothed:
    # (0+1)/(1+2), (1+1)/(2+2), (3+1)/(3+2)
    assert cal.ys == (0.3333, 0.5, 0.8)
    assert cal.xs == (0.1, 0.25, 0.5)
    assert list(cal.ys) == sorted(cal.ys)


def test_reliability_table_bins():
    rows = reliability_table([0.05, 0.85, 0.88, 1.0], [False, True, False, True], bins=10)
    assert rows == [
        {"bin": "0.0-0.1", "count": 1, "mean_confidence": 0.05, "accuracy": 0.0},
        {"bin": "0.8-0.9", "count": 2, "mean_confidence": pytest.approx(0.865), "accuracy": 0.5},
        {"bin": "0.9-1.0", "count": 1, "mean_confidence": 1.0, "accuracy": 1.0},
    ]


def test_calibrators_round_trip_through_json(tmp_path):
    import json

    path = tmp_path / "calibration.json"
    stored = FieldCalibrators(Calibrator((0.0, 1.0), (0.2, 0.7)),
                              {"term": Calibrator((0.0, 1.0), (0.1, 0.5))})
    path.write_text(json.dumps({"rules": stored.to_dict()}))
    loaded = FieldCalibrators.load(path, "rules")
    assert loaded == stored
    assert loaded("term", 1.0) == 0.5 and loaded("parties", 1.0) == 0.7
    assert FieldCalibrators.load(path, "llm")("term", 0.3) == 0.3  # none stored: identity


def test_a_calibration_file_without_field_maps_still_loads(tmp_path):
    import json

    path = tmp_path / "calibration.json"
    path.write_text(json.dumps({"rules": {"x": [0.0, 1.0], "y": [0.2, 0.7]}}))
    assert FieldCalibrators.load(path, "rules")("term", 1.0) == 0.7
