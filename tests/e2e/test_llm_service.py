"""`extract` with the LLM extractor against a local chat-completions server: one field's
endpoint failure is that field's error, and the other fields are still extracted."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.llm import LLMExtractor
from intelligent_extraction.service import ExtractionService
from intelligent_extraction.settings import get_settings
from tests.chat_endpoint import KEY, MODEL, endpoint  # noqa: F401 - fixture

pytestmark = pytest.mark.slow


def test_one_malformed_answer_does_not_stop_the_other_fields(
    data_dir, embedder, endpoint, contract_files
):
    def answer(request):
        task = request["messages"][-1]["content"]
        if "govern" in task.lower():
            return "{this is not json"
        return {"found": True, "value": "P2Y", "quote": "two (2) years", "chunk_id": _first_id(task),
                "confidence": 0.7}

    endpoint.answer = answer
    llm = LLMExtractor(endpoint.url, MODEL, api_key=KEY, timeout=5)
    svc = ExtractionService(get_settings(), embedder=embedder, extractor=llm)
    results = {r.field: r for r in svc.extract(contract_files["pdf"], ["governing_law", "term"])}
    assert results["governing_law"].status == "error"
    assert "JSON" in results["governing_law"].error or "json" in results["governing_law"].error
    assert results["term"].status == "found" and results["term"].value == "P2Y"
    assert results["term"].raw == "two (2) years"


def test_a_timed_out_endpoint_is_an_error_per_field(data_dir, embedder, endpoint, contract_files):
    endpoint.delay = 1.0
    endpoint.answer = {"found": False, "value": None, "quote": "", "chunk_id": "",
                       "confidence": 0.0}
    llm = LLMExtractor(endpoint.url, MODEL, api_key=KEY, timeout=0.3)
    svc = ExtractionService(get_settings(), embedder=embedder, extractor=llm)
    results = svc.extract(contract_files["pdf"], ["governing_law", "term"])
    assert [r.status for r in results] == ["error", "error"]
    assert all("timed out" in r.error for r in results)


def _first_id(user_message: str) -> str:
    import re

    # the chunk that holds the term, among the numbered evidence chunks
    for block in user_message.split("\n[")[1:]:
        m = re.search(r"chunk_id=(\w+)", block)
        if m and "two (2) years" in block:
            return m.group(1)
    return ""
