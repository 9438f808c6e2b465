"""LLMExtractor against a real HTTP server in the test that speaks chat-completions.

The server (ThreadingHTTPServer on 127.0.0.1, port 0) checks what a real endpoint would need
(path, bearer token, model, the evidence in the messages, a json_schema response_format) and
replies with whatever answer the test configures. Nothing but 127.0.0.1 is ever called.
"""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import pytest

from intelligent_extraction.errors import ConfigError
from intelligent_extraction.extraction.base import Extractor
from intelligent_extraction.extraction.llm import LLMExtractor, find_quote
from intelligent_extraction.extraction.llm_schema import answer_schema, canonical_value
from intelligent_extraction.models import Chunk, FieldConfig, ScoredChunk
from intelligent_extraction.settings import Settings
from tests.chat_endpoint import KEY, MODEL, Endpoint, endpoint  # noqa: F401 - fixture

LAW_TEXT = (
    "14. Governing Law. This Agreement shall be governed by\n  the laws of the State of "
    "New York, without regard to its conflict of laws rules."
)
FEE_TEXT = (
    "Late payments bear interest at 1.5% per month. The fee is five thousand dollars ($5,000)."
)
DATE_TEXT = "This Agreement is made this 5th day of May, 2014 (the \u201cEffective Date\u201d)."


def make_extractor(endpoint: Endpoint, **kwargs: Any) -> LLMExtractor:
    return LLMExtractor(endpoint.url, MODEL, api_key=KEY, **kwargs)


# --------------------------------------------------------------------------- fixtures


def chunk(chunk_id: str, text: str, start: int, position: int = 0) -> ScoredChunk:
    c = Chunk(
        chunk_id=chunk_id,
        doc_id="doc1",
        text=text,
        chunk_type="text",
        start=start,
        end=start + len(text),
        position=position,
        page=position + 1,
        section=("Terms",),
    )
    return ScoredChunk(chunk=c, score=1.0 - position / 10)


def field_of(type_: str, **extra: Any) -> FieldConfig:
    return FieldConfig(
        field_name=f"my_{type_}",
        type=type_,
        description=f"A {type_} field",
        instructions={"task": f"Find the {type_} stated in the agreement."},
        **extra,
    )


CHUNKS = [
    chunk("c-date", DATE_TEXT, 0, 0),
    chunk("c-law", LAW_TEXT, 5000, 1),
    chunk("c-fee", FEE_TEXT, 9000, 2),
]


def answer(value: Any, quote: str, chunk_id: str, found: bool = True, conf: float = 0.9) -> dict:
    return {"found": found, "value": value, "quote": quote, "chunk_id": chunk_id,
            "confidence": conf}  # fmt: skip


# --------------------------------------------------------------------------- found


def test_grounded_answer_is_found_with_canonical_value_and_offsets(endpoint):
    quote = "the laws of the State of New York"  # the chunk breaks a line inside it
    endpoint.answer = answer("State of New York", quote, "c-law")
    result = make_extractor(endpoint).extract(field_of("place"), CHUNKS)

    assert endpoint.problems == []
    assert result.status == "found"
    assert result.value == "New York"  # the values package's canonical form, as rules give
    assert result.chunk_id == "c-law"
    local = LAW_TEXT.index("the laws")
    assert (result.start, result.end) == (5000 + local, 5000 + LAW_TEXT.index(", without"))
    assert result.raw == LAW_TEXT[local : LAW_TEXT.index(", without")]
    assert result.confidence == pytest.approx(0.9)
    assert result.candidates[0]["answer"]["value"] == "State of New York"


def test_request_carries_task_description_canonical_form_and_numbered_evidence(endpoint):
    endpoint.answer = answer(None, "", "", found=False)
    make_extractor(endpoint).extract(field_of("date"), CHUNKS)

    user = endpoint.last_user_message
    assert "Find the date stated in the agreement." in user
    assert "A date field" in user
    assert "YYYY-MM-DD" in user
    for n, sc in enumerate(CHUNKS, start=1):
        assert f"[{n}] chunk_id={sc.chunk_id}" in user
        assert sc.chunk.text in user
    assert endpoint.requests[-1]["model"] == MODEL


def test_only_max_chunks_are_sent(endpoint):
    endpoint.answer = answer(None, "", "", found=False)
    make_extractor(endpoint, max_chunks=1).extract(field_of("date"), CHUNKS)
    assert "c-date" in endpoint.last_user_message
    assert "c-law" not in endpoint.last_user_message


def test_money_value_is_canonicalized(endpoint):
    endpoint.answer = answer({"amount": "5000", "currency": "usd"}, "($5,000)", "c-fee")
    result = make_extractor(endpoint).extract(field_of("money"), CHUNKS)
    assert result.status == "found"
    assert result.value == {"amount": "5000.00", "currency": "USD"}
    assert result.start == 9000 + FEE_TEXT.index("($5,000)")


def test_wrong_chunk_id_is_grounded_in_the_chunk_that_holds_the_quote(endpoint):
    endpoint.answer = answer({"value": "1.50", "per": "month"}, "1.5% per month", "c-law")
    result = make_extractor(endpoint).extract(field_of("percent"), CHUNKS)
    assert result.status == "found"
    assert result.value == {"value": "1.5", "per": "month"}
    assert result.chunk_id == "c-fee"
    assert result.start == 9000 + FEE_TEXT.index("1.5%")


def test_straight_quotes_match_typographic_ones_in_the_document(endpoint):
    endpoint.answer = answer("2014-05-05", 'May, 2014 (the "Effective Date")', "c-date")
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "found"
    assert result.value == "2014-05-05"
    assert result.raw.endswith("\u201cEffective Date\u201d)")


# --------------------------------------------------------------------------- not found


def test_quote_not_in_evidence_is_rejected(endpoint):
    endpoint.answer = answer("Delaware", "the laws of the State of Delaware", "c-law")
    result = make_extractor(endpoint).extract(field_of("place"), CHUNKS)
    assert result.status == "not_found"
    assert result.value is None
    assert result.reason.startswith("quote not in evidence: ")
    assert "Delaware" in result.reason
    assert result.candidates[0]["answer"]["quote"] == "the laws of the State of Delaware"


def test_quote_comparison_is_case_sensitive(endpoint):
    endpoint.answer = answer("New York", "THE LAWS OF THE STATE OF NEW YORK", "c-law")
    result = make_extractor(endpoint).extract(field_of("place"), CHUNKS)
    assert result.status == "not_found"
    assert result.reason.startswith("quote not in evidence")


def test_found_false_is_not_found(endpoint):
    endpoint.answer = answer(None, "", "", found=False, conf=0.1)
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "not_found"
    assert "no value" in result.reason
    assert result.candidates[0]["answer"]["found"] is False


def test_value_that_does_not_parse_is_not_found(endpoint):
    endpoint.answer = answer("sometime in spring", "5th day of May, 2014", "c-date")
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "not_found"
    assert "sometime in spring" in result.reason


def test_enum_value_outside_choices_is_not_found(endpoint):
    endpoint.answer = answer("Net 90", "Late payments", "c-fee")
    enum = field_of("enum", choices=["Net 30", "Net 60"])
    result = make_extractor(endpoint).extract(enum, CHUNKS)
    assert result.status == "not_found"
    assert "Net 90" in result.reason


def test_no_chunks_is_not_found_without_a_call(endpoint):
    result = make_extractor(endpoint).extract(field_of("date"), [])
    assert result.status == "not_found"
    assert endpoint.requests == []


# --------------------------------------------------------------------------- errors


def test_content_that_is_not_json_is_an_error(endpoint):
    endpoint.answer = "The date is May 5, 2014."
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert endpoint.url in result.reason
    assert "not JSON" in result.reason
    assert result.candidates[0]["content"] == "The date is May 5, 2014."


def test_json_not_matching_the_schema_is_an_error(endpoint):
    endpoint.answer = {"found": "yes", "value": "2014-05-05"}
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert "does not match the answer schema" in result.reason
    assert "found" in result.reason


def test_body_without_choices_is_an_error(endpoint):
    endpoint.body = json.dumps({"id": "x", "object": "chat.completion", "choices": []})
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert "no choices[0].message" in result.reason


def test_body_that_is_not_json_is_an_error(endpoint):
    endpoint.body = "<html>bad gateway</html>"
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert "body that is not JSON" in result.reason


def test_http_500_is_an_error_naming_endpoint_and_status(endpoint):
    endpoint.status = 500
    endpoint.body = json.dumps({"error": {"message": "model overloaded"}})
    result = make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert f"{endpoint.url}/chat/completions" in result.reason
    assert "HTTP 500" in result.reason
    assert "model overloaded" in result.reason


def test_wrong_api_key_surfaces_the_servers_complaint(endpoint):
    extractor = LLMExtractor(endpoint.url, MODEL, api_key="wrong")
    result = extractor.extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert "HTTP 400" in result.reason and "bad auth" in result.reason


def test_slow_server_times_out_as_an_error(endpoint):
    endpoint.delay = 2.0
    endpoint.answer = answer(None, "", "", found=False)
    began = time.monotonic()
    result = make_extractor(endpoint, timeout=0.5).extract(field_of("date"), CHUNKS)
    assert time.monotonic() - began < 1.8
    assert result.status == "error"
    assert "timed out" in result.reason and "0.5s" in result.reason
    assert endpoint.url in result.reason


def test_connection_refused_is_an_error():
    with socket.socket() as s:  # a port that was free a moment ago and has no listener
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    result = LLMExtractor(url, MODEL, timeout=2).extract(field_of("date"), CHUNKS)
    assert result.status == "error"
    assert "cannot connect" in result.reason
    assert url in result.reason


# --------------------------------------------------------------------------- schemas


def test_date_schema_is_an_iso_string(endpoint):
    endpoint.answer = answer(None, "", "", found=False)
    make_extractor(endpoint).extract(field_of("date"), CHUNKS)
    schema = endpoint.last_schema
    assert schema["required"] == ["found", "value", "quote", "chunk_id", "confidence"]
    assert schema["additionalProperties"] is False
    date = schema["properties"]["value"]["anyOf"][0]
    assert date["type"] == "string"
    assert date["pattern"] == r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$"
    assert schema["properties"]["value"]["anyOf"][1] == {"type": "null"}


def test_money_schema_is_an_object_with_amount_and_currency(endpoint):
    endpoint.answer = answer(None, "", "", found=False)
    make_extractor(endpoint).extract(field_of("money"), CHUNKS)
    money = endpoint.last_schema["properties"]["value"]["anyOf"][0]
    assert money["type"] == "object"
    assert set(money["properties"]) == {"amount", "currency"}
    assert money["required"] == ["amount", "currency"]


def test_enum_schema_lists_the_choices():
    schema = answer_schema(field_of("enum", choices=["Net 30", "Net 60"]))
    value = schema["properties"]["value"]["anyOf"][0]
    assert value == {"type": "string", "enum": ["Net 30", "Net 60"]}


@pytest.mark.parametrize(
    ("type_", "value", "expected"),
    [
        ("duration", "P2Y", "P2Y"),
        ("duration", "two (2) years", "P2Y"),
        ("money", "$1,250", {"amount": "1250.00", "currency": "USD"}),
        ("money", {"amount": "1250.5", "currency": None}, {"amount": "1250.50", "currency": None}),
        ("percent", {"value": "18.0", "per": "year"}, {"value": "18", "per": "year"}),
        ("party_list", ["Acme  Inc.", "Beta LLC", "Beta LLC"], ["Acme Inc.", "Beta LLC"]),
        ("boolean", False, False),
        ("text", "Payment is due\n within 30 days.", "Payment is due within 30 days."),
    ],
)
def test_canonical_value_matches_the_rule_extractors_form(type_, value, expected):
    assert canonical_value(field_of(type_), value) == expected


def test_identifier_must_match_the_fields_pattern():
    f = field_of("identifier", pattern=r"[A-Z]\d{2}\.\d")
    assert canonical_value(f, "E11.9") == "E11.9"
    with pytest.raises(ValueError, match="does not match"):
        canonical_value(f, "not a code")


# --------------------------------------------------------------------------- construction


def test_find_quote_maps_squashed_whitespace_back_to_original_offsets():
    text = "alpha  beta\n\tgamma delta"
    assert find_quote("beta gamma", text) == (7, 18)
    assert text[7:18] == "beta\n\tgamma"
    assert find_quote("   ", text) is None
    assert find_quote("Beta", text) is None


def test_constructor_rejects_bad_arguments():
    with pytest.raises(ValueError, match="url"):
        LLMExtractor("localhost:8000", MODEL)
    with pytest.raises(ValueError, match="timeout"):
        LLMExtractor("http://127.0.0.1:1/v1", MODEL, timeout=0)
    with pytest.raises(ValueError, match="max_chunks"):
        LLMExtractor("http://127.0.0.1:1/v1", MODEL, max_chunks=0)


def test_from_settings_reads_the_llm_settings_and_satisfies_the_protocol():
    settings = Settings.load(llm_url="http://127.0.0.1:9/v1/", llm_model=MODEL, llm_timeout=7)
    extractor = LLMExtractor.from_settings(settings)
    assert isinstance(extractor, Extractor)
    assert extractor.name == "llm"
    assert extractor.endpoint == "http://127.0.0.1:9/v1/chat/completions"
    assert extractor.timeout == 7.0
    with pytest.raises(ConfigError, match="IE_LLM_URL"):
        LLMExtractor.from_settings(Settings.load(llm_url=None, llm_model=MODEL))
