"""The retrieve/extract/validate/retry loop on the real embedded backend and embedding model,
with the LLM extractor talking to a local chat-completions server (no model is reachable)."""

from __future__ import annotations

import re

import pytest

from intelligent_extraction.extraction.llm import LLMExtractor
from intelligent_extraction.extraction.orchestrate import FieldExtraction
from intelligent_extraction.models import FieldConfig
from tests.chat_endpoint import KEY, MODEL, endpoint  # noqa: F401 - fixture
from tests.indexed_texts import embedded_with

pytestmark = pytest.mark.slow

TEXTS = [
    "MASTER SERVICES AGREEMENT between Bluestone Data Systems, Inc. and Harborview LLC.",
    "Fees. The Customer shall pay the fees set out in Schedule A for the Services.",
    "Invoices. The Supplier invoices monthly in arrears; invoices are payable in thirty days.",
    "Late Payment. Overdue amounts bear a late charge of 1.5% per month until paid.",
    "Taxes. Fees exclude sales, use and value added taxes, which the Customer pays.",
    "Confidentiality. Each party keeps the other's confidential information secret.",
    "Governing Law. The laws of the Commonwealth of Massachusetts govern this Agreement.",
    "Notices. Notices are given in writing to the addresses stated above.",
]


@pytest.fixture()
def backend(tmp_path, embedder):
    with embedded_with(tmp_path / "data", embedder, "msa", TEXTS) as be:
        yield be


FIELD = FieldConfig(
    field_name="late_payment_penalty",
    type="percent",
    description="interest or charge on overdue payments",
    queries={"exact": ["late payment"], "fuzzy": ["overdue amounts interest"]},
    instructions={"task": "The charge applied to payments made after the due date"},
    keywords_search=["late charge"],
    final_top_k=2,
)


def _chunk_ids(request) -> list[str]:
    return re.findall(r"chunk_id=(\w+)", request["messages"][-1]["content"])


def test_retry_reads_new_chunks_until_the_value_is_found(backend, embedder, endpoint):
    def answer(request):
        ids = _chunk_ids(request)
        if "c3" in ids:
            return {"found": True, "value": {"value": "1.5", "per": "month"},
                    "quote": "1.5% per month", "chunk_id": "c3", "confidence": 0.8}
        return {"found": False, "value": None, "quote": "", "chunk_id": "", "confidence": 0.1}

    endpoint.answer = answer
    # the first attempt is steered away from the answer: its query names other sections
    field = FieldConfig.model_validate({
        **FIELD.model_dump(),
        "queries": {"exact": ["invoices taxes fees"]},
        "keywords_search": [],  # the retry's kNN on the description still finds the clause
        "weights": {"bm25": 1.0, "knn": 0.0},
    })
    runner = FieldExtraction(backend, embedder, LLMExtractor(endpoint.url, MODEL, api_key=KEY))
    result = runner.run("msa", "msa.pdf", field)

    first_ids = _chunk_ids(endpoint.requests[0])
    assert "c3" not in first_ids
    assert result.status == "found"
    assert result.value == {"value": "1.5", "per": "month"}
    assert result.raw == "1.5% per month"
    assert result.attempts == len(endpoint.requests) >= 2
    # every retry excluded what earlier attempts had judged
    seen: set[str] = set()
    for request in endpoint.requests:
        ids = set(_chunk_ids(request))
        assert not ids & seen
        seen |= ids
    assert [t.strategy for t in result.trace] == ["hybrid"] + ["rrf"] * (result.attempts - 1)
    # the value's chunk first, then the first attempt's ranking (the best retrieval found)
    assert [e.chunk_id for e in result.evidence] == ["c3", first_ids[0]]
    assert result.evidence[0].text[result.evidence[0].text.index("1.5%"):].startswith(result.raw)
    # each piece of evidence says where it stands in the document (c3 is the fourth chunk)
    assert result.evidence[0].to_dict()["position"] == 3


def test_ungrounded_answers_end_not_found_after_two_retries(backend, embedder, endpoint):
    endpoint.answer = {"found": True, "value": {"value": "2", "per": "month"},
                       "quote": "2% per month", "chunk_id": "c3", "confidence": 0.9}
    runner = FieldExtraction(backend, embedder, LLMExtractor(endpoint.url, MODEL, api_key=KEY))
    result = runner.run("msa", "msa.pdf", FIELD)
    assert result.status == "not_found" and result.value is None
    assert result.attempts == 3 and len(endpoint.requests) == 3
    assert all("quote not in evidence" in t.reason for t in result.trace)
    assert result.evidence  # what was looked at is still reported


def test_endpoint_failure_is_an_error_result_not_an_exception(backend, embedder, endpoint):
    endpoint.answer = "this is not json"
    runner = FieldExtraction(backend, embedder, LLMExtractor(endpoint.url, MODEL, api_key=KEY))
    result = runner.run("msa", "msa.pdf", FIELD)
    assert result.status == "error"
    assert endpoint.url in result.error or "JSON" in result.error
    assert result.to_dict()["error"] == result.error
    assert len(endpoint.requests) == 1  # errors are not retried


def test_unknown_document_is_an_error_result(backend, embedder, endpoint):
    runner = FieldExtraction(backend, embedder, LLMExtractor(endpoint.url, MODEL, api_key=KEY))
    result = runner.run("nope", "nope.pdf", FIELD)
    assert result.status == "error" and "'nope' is not indexed" in result.error


def test_attempts_are_the_sequence_the_loop_reads(backend, embedder, endpoint):
    """``attempts`` (what training collects) yields the chunks the loop's attempts read."""
    endpoint.answer = {"found": False, "value": None, "quote": "", "chunk_id": "",
                       "confidence": 0.1}
    runner = FieldExtraction(backend, embedder, LLMExtractor(endpoint.url, MODEL, api_key=KEY))
    attempts = [[sc.chunk.chunk_id for sc in chunks] for chunks, _ in runner.attempts("msa", FIELD)]
    result = runner.run("msa", "msa.pdf", FIELD)
    assert result.attempts == len(attempts) == 3  # nothing found: every retry ran
    assert attempts == [_chunk_ids(r) for r in endpoint.requests]
    assert len({cid for ids in attempts for cid in ids}) == sum(map(len, attempts))  # disjoint
