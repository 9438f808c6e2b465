"""A short document is read whole for a field whose ``position`` says so (``read_whole_up_to``).

A joint statement ("the undersigned agree ...") names its parties only in its signature blocks,
one block per chunk, and no query ranks those chunks. Real embedded backend, real embedding
model, the shipped ``parties`` YAML; the statement is invented here.
"""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.orchestrate import FieldExtraction
from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.fields import load_field_config
from intelligent_extraction.models import FieldConfig
from intelligent_extraction.retrieval import retrieve
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import embedded_with

pytestmark = pytest.mark.slow

SIGNATORIES = [
    "LARKSPUR HOLDINGS LP",
    "LARKSPUR HOLDINGS GP LLC",
    "BRAMBLE OPPORTUNITY FUND LTD.",
    "BRAMBLE ADVISERS, L.P.",
    "THISTLE CAPITAL PARTNERS LLC",
    "THISTLE MANAGEMENT CORP.",
]

STATEMENT = [
    "STATEMENT OF JOINT REPORTING\n"
    "Each of the undersigned hereby agree that one report on Schedule 13D about the ordinary "
    "shares of Wrenfield Minerals plc, and every later change to it, is made for all of them "
    "together, and that this statement may be attached to that report.",
    "Each of them answers for the accuracy of what the report says about itself and for "
    "nothing the report says about any other of them. This statement may be signed in "
    "several copies, which together are one statement.",
    "IN WITNESS WHEREOF, the undersigned sign this statement on the date below.\n"
    "Date: 4 June 2024",
] + [
    f"{name}\nBy: /s/ Petra Olsen\nName: Petra Olsen\nTitle: Authorised Person"
    for name in SIGNATORIES
]


@pytest.fixture()
def backend(tmp_path, embedder):
    with embedded_with(tmp_path / "data", embedder, "joint", STATEMENT) as be:
        yield be


@pytest.fixture(scope="module")
def parties() -> FieldConfig:
    return load_field_config(PROJECT_ROOT / "config" / "fields" / "parties.yaml")


def _read_whole_up_to(field: FieldConfig, chunks: int) -> FieldConfig:
    position = field.position.model_copy(update={"read_whole_up_to": chunks})
    return field.model_copy(update={"position": position})


def test_a_short_document_follows_the_ranked_chunks_whole(backend, embedder, parties):
    every = [c.chunk_id for c in backend.get_chunks("joint")]
    ranked = retrieve(backend, embedder, "joint", _read_whole_up_to(parties, 0))
    whole = retrieve(backend, embedder, "joint", parties)

    assert len(every) <= parties.position.read_whole_up_to
    assert {c.chunk_id for c in ranked.chunks} < set(every)  # search leaves blocks out
    ids = [c.chunk_id for c in whole.chunks]
    assert ids[: len(ranked.chunks)] == [c.chunk_id for c in ranked.chunks]  # ranks kept
    assert sorted(ids) == sorted(every) and len(ids) == len(every)  # each chunk once
    rest = ids[len(ranked.chunks):]
    assert rest == sorted(rest, key=every.index)  # the others in document order
    assert all(c.score == 0.0 for c in whole.chunks[len(ranked.chunks):])


def test_a_longer_document_is_not_read_whole(backend, embedder, parties):
    shorter = _read_whole_up_to(parties, len(STATEMENT) - 1)
    plain = _read_whole_up_to(parties, 0)
    assert [c.chunk_id for c in retrieve(backend, embedder, "joint", shorter).chunks] == [
        c.chunk_id for c in retrieve(backend, embedder, "joint", plain).chunks
    ]


def test_the_signatories_of_a_short_joint_statement_are_its_parties(backend, embedder, parties):
    runner = FieldExtraction(backend, embedder, RuleExtractor(), max_retries=0)
    result = runner.run("joint", "joint.pdf", parties)
    assert result.status == "found"
    assert result.value == SIGNATORIES
    # the evidence is the chunk holding the list, then the ranking: the chunks read only
    # because the document is short are context, not evidence
    assert len(result.evidence) <= parties.final_top_k < len(STATEMENT)
    assert result.evidence[0].chunk_id == result.candidates[0]["chunk_id"]

    ranked_only = runner.run("joint", "joint.pdf", _read_whole_up_to(parties, 0))
    assert ranked_only.value != SIGNATORIES  # what the ranked chunks alone could say


def test_reading_more_chunks_whole_than_the_extractor_reads_is_a_config_error(parties):
    data = parties.model_dump()
    data["position"]["read_whole_up_to"] = 50
    data["extraction"]["max_chunks"] = 30
    with pytest.raises(ValueError, match=r"read_whole_up_to is 50.*max_chunks = 30"):
        FieldConfig.model_validate(data)
    data["extraction"]["max_chunks"] = None  # the default reads 10
    with pytest.raises(ValueError, match=r"max_chunks = 10 chunks: set max_chunks to 50"):
        FieldConfig.model_validate(data)
