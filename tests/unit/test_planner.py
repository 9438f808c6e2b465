"""Query planning: BM25 text from queries, keywords and regex literals; kNN text from the task."""

import pytest

from intelligent_extraction.models import FieldConfig, Instructions, Queries
from intelligent_extraction.retrieval.planner import (
    QueryPlan,
    bm25_query_text,
    dedupe_terms,
    pattern_literals,
    plan_query,
)


def _field(**kwargs) -> FieldConfig:
    kwargs.setdefault("instructions", Instructions(task="Which law governs this agreement?"))
    return FieldConfig(field_name="governing_law", **kwargs)


@pytest.mark.parametrize(
    ("pattern", "literals"),
    [
        (
            r"governed by the laws? of (?:the )?State of [A-Z]\w+",
            "governed by the laws of the State of",
        ),
        (r"(?i)\bnotice\s+period\s+of\s+\d+\s+(days|months)", "notice period of days months"),
        (r"(?P<rate>\d+(\.\d+)?)\s*%\s*per\s+(month|annum)", "per month annum"),
        (r"colou?r", "colour"),
        (r"e\.g\.", "e.g."),
        (r"late\s+(?=payment)payment", "late payment payment"),
        (r"(?<!non-)exclusive(?! of) licen[cs]e", "exclusive licence"),
        (r"[Gg]overning\s+[Ll]aw", "Governing Law"),
        (r"[^abc]law[0-9]s", "law s"),
        (r"(?#a comment)termination\s+for\s+convenience", "termination for convenience"),
        (r"(\w+) and \1 agree", "and agree"),
        (r"^Term:\s*\d{1,2}\s+years?$", "Term: years"),
        (r"terms?\{2\}", "terms{2}"),
    ],
)
def test_pattern_literals(pattern, literals):
    assert pattern_literals(pattern) == literals


@pytest.mark.parametrize(
    "pattern",
    [r"\$\s?\d{1,3}(,\d{3})*(\.\d{2})?", r"[A-Z]{2}-\d{4}", r"\d+%", r".*", r"(?i)"],
)
def test_pattern_with_no_literal_word_gives_nothing(pattern):
    assert pattern_literals(pattern) == ""


def test_dedupe_is_case_and_whitespace_insensitive_and_keeps_first():
    terms = ["Governing Law", "governing  law", "", "  ", "Jurisdiction", "GOVERNING LAW"]
    assert dedupe_terms(terms) == ["Governing Law", "Jurisdiction"]


def test_plan_uses_queries_keywords_and_keywords_search_in_order():
    field = _field(
        queries=Queries(
            exact=["governing law", "laws of the State of"],
            pattern=[r"governed by the laws? of (?:the )?State of [A-Z]\w+", r"\d+"],
            fuzzy=["applicable law"],
        ),
        instructions=Instructions(
            task="Which law governs this agreement?", keywords=["Governing Law", "jurisdiction"]
        ),
        keywords_search=["choice of law", "APPLICABLE LAW"],
    )
    plan = plan_query(field)
    assert plan == QueryPlan(
        bm25_terms=(
            "governing law",
            "laws of the State of",
            "governed by the laws of the State of",
            "applicable law",
            "jurisdiction",
            "choice of law",
        ),
        knn_text="Which law governs this agreement?",
    )
    assert plan.bm25_text == (
        "governing law laws of the State of governed by the laws of the State of "
        "applicable law jurisdiction choice of law"
    )
    assert bm25_query_text(field) == plan.bm25_text


def test_plan_without_any_bm25_terms_searches_the_field_name():
    assert plan_query(_field()).bm25_terms == ("governing law",)
    assert plan_query(_field(queries=Queries(pattern=[r"\d+"]))).bm25_text == "governing law"


def test_knn_text_is_the_task():
    field = _field(instructions=Instructions(task="Extract the governing law", keywords=["law"]))
    assert plan_query(field).knn_text == "Extract the governing law"
