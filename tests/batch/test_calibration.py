"""Calibration: the threshold search against hand computations, the YAML edit, and a fit on
generated documents with the real model."""

from __future__ import annotations

import json
import shutil

import pytest

from intelligent_extraction.batch.calibration import (Candidate, RowRanking, best_min_score,
                                                      evidence_counts)


def row(present: bool, *scored: tuple[float, bool]) -> RowRanking:
    return RowRanking("d", "f", present, tuple(Candidate(s, p) for s, p in scored))


# Present: A (right chunk on top, 0.9); absent: B (0.5, 0.3) and C (0.35).
ROWS = [row(True, (0.9, True), (0.4, False)), row(False, (0.5, False), (0.3, False)),
        row(False, (0.35, False))]


def test_f1_by_hand_at_each_threshold():
    # t=0: A right, B and C return something: TP 1, FP 2 -> F1 2/4.
    assert evidence_counts(ROWS, 0.0, top_k=1).f1 == pytest.approx(0.5)
    # t=0.45: C goes quiet: TP 1, FP 1 -> 2/3.
    assert evidence_counts(ROWS, 0.45, top_k=1).f1 == pytest.approx(2 / 3)
    # t=0.95: A returns nothing: FN 1 -> 0.
    assert evidence_counts(ROWS, 0.95, top_k=1).f1 == 0.0


def test_best_min_score_is_the_midpoint_of_the_separating_interval():
    # F1 is 1 for t in (0.5, 0.9]; the search returns that interval's midpoint, 0.7.
    threshold, counts = best_min_score(ROWS, top_k=1)
    assert threshold == pytest.approx(0.7) and counts.f1 == 1.0


def test_a_wrong_chunk_for_a_present_answer_is_both_fp_and_fn_and_ties_keep_current():
    rows = [row(True, (0.8, False), (0.6, True))]
    assert evidence_counts(rows, 0.0, top_k=1).to_dict() | {} == {
        "tp": 0, "fp": 1, "fn": 1, "tn": 0, "precision": 0.0, "recall": 0.0, "f1": 0.0}
    assert evidence_counts(rows, 0.0, top_k=2).tp == 1
    # Every threshold gives F1 0 at k=1: keep the current value instead of moving.
    assert best_min_score(rows, top_k=1, current=0.25)[0] == 0.25


def test_write_keeps_comments_order_and_quoting(tmp_path):
    pytest.importorskip("ruamel.yaml")
    from intelligent_extraction.batch.calibrate_output import write_field_yaml
    from intelligent_extraction.fields import load_field_config
    from intelligent_extraction.settings import PROJECT_ROOT

    path = tmp_path / "governing_law.yaml"
    original = (PROJECT_ROOT / "config" / "fields" / "governing_law.yaml").read_text()
    path.write_text("# owner: legal-ops\n" + original.replace(
        "type:", "type:  # what the value is\n  ", 0) + "weights: {bm25: 0.5, knn: 0.5}  # fused\n")
    write_field_yaml(path, {"min_score": 0.42, "weights": {"bm25": 0.7, "knn": 0.3}})
    text = path.read_text()
    assert text.startswith("# owner: legal-ops\n")
    assert "# fused" in text and text.rstrip().endswith("min_score: 0.42")
    keys = [line.split(":")[0] for line in text.splitlines() if line and line[0].isalpha()]
    assert keys[: len(keys) - 1] == [line.split(":")[0] for line in ("# x\n" + original
            + "weights: x\n").splitlines() if line and line[0].isalpha()]
    config = load_field_config(path)
    assert config.min_score == 0.42 and config.weights.bm25 == 0.7
    with pytest.raises(Exception, match="min_score"):
        write_field_yaml(path, {"min_score": -1})
    assert load_field_config(path).min_score == 0.42, "a bad edit must leave the file alone"


@pytest.mark.slow
def test_fit_on_generated_documents(tmp_path, data_dir):
    import dataclasses

    from intelligent_extraction import samples
    from intelligent_extraction.batch.calibrate import calibrate_fields
    from intelligent_extraction.service import ExtractionService

    docs = tmp_path / "docs"
    docs.mkdir()
    gold = []
    base = samples.services_agreement()
    law = next(p for s in base.sections for p in s.paragraphs if "Massachusetts" in p)
    for i in range(3):
        doc = dataclasses.replace(base, closing=(*base.closing, f"Reference {i}."))
        samples.write_pdf(docs / f"msa-{i}.pdf", doc)
        gold.append({"doc_id": f"msa-{i}", "field": "governing_law",
                     "values": ["Massachusetts"], "spans": [law]})
    for name, make in (("record", samples.medical_record), ("statement", samples.bank_statement)):
        samples.write_pdf(docs / f"{name}.pdf", make())
        gold.append({"doc_id": name, "field": "governing_law", "values": [], "spans": []})
    gold_path = tmp_path / "gold.jsonl"
    gold_path.write_text("".join(json.dumps(g) + "\n" for g in gold))

    svc = ExtractionService()
    run = calibrate_fields(svc, gold_path, docs, fields=["governing_law"])
    fit = run.fits["governing_law"]
    assert run.documents == 5 and fit.rows == 5
    by_doc = {r.doc_id: r for r in fit.rankings}
    assert all(any(c.positive for c in by_doc[f"msa-{i}"].ranked) for i in range(3))
    assert not any(c.positive for d in ("record", "statement") for c in by_doc[d].ranked)
    # The search equals a brute force over every score and midpoint (the hand computation).
    k = svc.fields.get("governing_law").final_top_k
    scores = sorted({c.score for r in fit.rankings for c in r.ranked})
    grid = [0.0, *scores, *[(a + b) / 2 for a, b in zip(scores, scores[1:])]]
    best_f1 = max(evidence_counts(fit.rankings, t, k).f1 for t in grid)
    assert best_min_score(fit.rankings, k)[1].f1 == pytest.approx(best_f1)
    assert fit.after.f1 >= fit.before.f1


def test_write_changes_only_the_written_keys_of_a_real_config(tmp_path):
    pytest.importorskip("ruamel.yaml")
    from intelligent_extraction.batch.calibrate_output import write_field_yaml
    from intelligent_extraction.settings import PROJECT_ROOT

    original = (PROJECT_ROOT / "config" / "fields" / "agreement_date.yaml").read_text()
    path = tmp_path / "agreement_date.yaml"
    path.write_text(original)
    write_field_yaml(path, {"min_score": 0.5})
    assert path.read_text() == original.rstrip("\n") + "\nmin_score: 0.5\n"


def test_write_keeps_a_flow_mapping_wrapped_over_two_lines(tmp_path):
    # renewal_term.yaml wraps its kind_weights over two lines; ruamel re-emits a flow mapping on
    # one line, so a refit must change the threshold's line and nothing else
    pytest.importorskip("ruamel.yaml")
    from intelligent_extraction.batch.calibrate_output import write_field_yaml
    from intelligent_extraction.fields import load_field_config
    from intelligent_extraction.settings import PROJECT_ROOT

    original = (PROJECT_ROOT / "config" / "fields" / "renewal_term.yaml").read_text()
    path = tmp_path / "renewal_term.yaml"
    path.write_text(original)
    write_field_yaml(path, {"extraction": {"threshold": 0.25, "scorer": "hand"}})
    pairs = zip(original.splitlines(), path.read_text().splitlines())
    changed = [(a, b) for a, b in pairs if a != b]
    assert [b.strip() for _, b in changed] == ["threshold: 0.25"]
    assert len(path.read_text().splitlines()) == len(original.splitlines())
    assert load_field_config(path).extraction.threshold == 0.25
