"""eval --compare: per-field deltas and the (document, field) pairs that changed between two
runs. Every document, name and value here is invented."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from intelligent_extraction.evaluation.gold import GoldRow
from intelligent_extraction.evaluation.report import print_compare
from intelligent_extraction.evaluation.run_diff import diff_runs


def gold(doc, field, values=()):
    return GoldRow(doc_id=doc, dataset="cuad", field=field, kind="value", values=tuple(values),
                   spans=())


def rec(doc, field, value, type_="date"):
    return {"doc_id": doc, "field": field, "type": type_,
            "status": "found" if value is not None else "not_found", "value": value,
            "confidence": 0.8}


GOLD = [
    gold("a", "effective_date", ["2015-03-01"]),
    gold("b", "effective_date", ["2016-07-04"]),
    gold("c", "effective_date", ["2017-02-02"]),
    gold("d", "effective_date", []),
    gold("e", "effective_date", ["2018-09-09"]),
    gold("a", "parties", ["Quillfeather Inc.", "Marrowby LLC"]),
    gold("b", "parties", ["Tallow Works Ltd.", "Fennimore GmbH", "Orrin Vale"]),
    gold("z", "effective_date", ["2019-01-01"]),  # only the current run has it
]
BEFORE = [
    rec("a", "effective_date", "2015-03-02"),  # wrong -> right
    rec("b", "effective_date", "2016-07-04"),  # right -> missed
    rec("c", "effective_date", "2017-02-03"),  # wrong, another wrong value
    rec("d", "effective_date", None),  # nothing, then spurious
    rec("e", "effective_date", "2018-09-09"),  # unchanged
    rec("a", "parties", ["Quillfeather Inc.", "Marrowby LLC"], "party_list"),
    rec("b", "parties", ["Tallow Works"], "party_list"),
]
AFTER = [
    rec("a", "effective_date", "2015-03-01"),
    rec("b", "effective_date", None),
    rec("c", "effective_date", "2017-02-04"),
    rec("d", "effective_date", "2020-12-12"),
    rec("e", "effective_date", "2018-09-09"),
    rec("a", "parties", ["Marrowby LLC", "Quillfeather Inc."], "party_list"),  # order: same
    rec("b", "parties", ["Tallow Works", "Fennimore"], "party_list"),  # a name more: changed
    rec("z", "effective_date", "2019-01-01"),
]


def test_verdict_flips_and_value_changes_are_listed_worst_first():
    cmp = diff_runs(BEFORE, AFTER, GOLD, baseline_name="before.jsonl")
    changes = [(c["doc_id"], c["field"], c["change"]) for c in cmp["changes"]]
    assert changes == [
        ("b", "effective_date", "right->wrong"),
        ("d", "effective_date", "right->wrong"),
        ("a", "effective_date", "wrong->right"),
        ("c", "effective_date", "value changed"),
        ("b", "parties", "value changed"),
    ]
    flip = cmp["changes"][0]
    assert flip["baseline"] == {"value": "2016-07-04", "verdict": "right"}
    assert flip["current"] == {"value": None, "verdict": "missed"}
    assert flip["gold"] == ["2016-07-04"]
    assert cmp["changes"][1]["current"]["verdict"] == "spurious"
    assert (cmp["pairs"], cmp["only_baseline"], cmp["only_current"]) == (7, 0, 1)


def test_field_deltas_compare_the_shared_pairs():
    cmp = diff_runs(BEFORE, AFTER, GOLD)
    dates = cmp["fields"]["effective_date"]
    # before: a wrong, b right, c wrong, d right-empty, e right -> tp 2, fp 2, fn 2
    # after:  a right, b missed, c wrong, d spurious, e right   -> tp 2, fp 2, fn 2
    assert dates["baseline"]["f1"] == pytest.approx(0.5)
    assert dates["current"]["f1"] == pytest.approx(0.5)
    assert dates["delta"]["f1"] == pytest.approx(0.0)
    assert (dates["wrong->right"], dates["right->wrong"], dates["value changed"]) == (1, 2, 1)
    assert cmp["fields"]["parties"]["delta"]["f1"] == 0.0
    assert cmp["micro"]["right->wrong"] == 2


def test_fields_filter_and_printed_view():
    cmp = diff_runs(BEFORE, AFTER, GOLD, fields=["parties"], baseline_name="before.jsonl")
    assert list(cmp["fields"]) == ["parties"] and len(cmp["changes"]) == 1
    out = io.StringIO()
    print_compare(diff_runs(BEFORE, AFTER, GOLD, baseline_name="before.jsonl"),
                  Console(file=out, width=200))
    text = out.getvalue()
    assert "compared with before.jsonl" in text
    assert "right->wrong" in text and "2016-07-04 (right)" in text and "- (missed)" in text
    assert "(absent)" in text  # gold of d is empty
