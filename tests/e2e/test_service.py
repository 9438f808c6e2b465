"""Index generated PDF and DOCX contracts and retrieve field evidence with both strategies."""

from __future__ import annotations

import pytest

from intelligent_extraction.errors import CorruptDocumentError, UnknownFieldError
from intelligent_extraction.models import Strategy

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("fmt", ["pdf", "docx"])
@pytest.mark.parametrize("strategy", [Strategy.hybrid, Strategy.pipeline])
def test_late_payment_penalty_chunk_ranks_first(service, contract_files, fmt, strategy):
    report = service.index(contract_files[fmt])
    result = service.retrieve(report.doc_id, "late_payment_penalty", strategy)
    top = result.chunks[0]
    assert "1.5%" in top.chunk.text
    assert any("Late Payment" in s for s in top.chunk.section)
    assert top.in_both  # found by BM25 and kNN alike
    assert top.bm25 is not None and top.knn is not None


@pytest.mark.parametrize("fmt", ["pdf", "docx"])
def test_governing_law_and_parties_evidence(service, contract_files, fmt):
    report = service.index(contract_files[fmt])
    law = service.retrieve(report.doc_id, "governing_law")
    assert "Commonwealth of Massachusetts" in law.chunks[0].chunk.text
    parties = service.retrieve(report.doc_id, "parties")
    top3 = " ".join(sc.chunk.text for sc in parties.chunks[:3])
    assert "Bluestone Data Systems, Inc." in top3 and "Harborview Logistics LLC" in top3


def test_pdf_chunks_carry_pages_and_exact_offsets(service, contract_files):
    from intelligent_extraction.documents import parse_document

    report = service.index(contract_files["pdf"])
    doc = parse_document(contract_files["pdf"])
    chunks = service.backend.get_chunks(report.doc_id)
    assert [c.position for c in chunks] == list(range(len(chunks)))
    assert {c.page for c in chunks} >= {1, 2}
    for c in chunks:
        assert doc.text[c.start : c.end] == c.text


def test_docx_table_becomes_table_chunk(service, contract_files):
    report = service.index(contract_files["docx"])
    kinds = {c.chunk_type for c in service.backend.get_chunks(report.doc_id)}
    assert "table" in kinds


def test_reindex_unchanged_skips_and_changed_replaces(service, contract_files, tmp_path):
    first = service.index(contract_files["pdf"], doc_id="msa")
    assert not first.skipped and first.chunks > 0
    again = service.index(contract_files["pdf"], doc_id="msa")
    assert again.skipped and again.embedded == 0
    # the same id pointing at a different document replaces every chunk
    other = tmp_path / "note.txt"
    other.write_text("GOVERNING LAW\n\nThis note is governed by the laws of Ontario, Canada.\n")
    service.index(other, doc_id="msa")
    texts = [c.text for c in service.backend.get_chunks("msa")]
    assert len(texts) == 1 and "Ontario" in texts[0]


def test_bad_file_leaves_earlier_version_indexed(service, contract_files, tmp_path):
    service.index(contract_files["pdf"], doc_id="msa")
    before = [c.chunk_id for c in service.backend.get_chunks("msa")]
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.7 this is not really a pdf")
    with pytest.raises(CorruptDocumentError, match="broken.pdf"):
        service.index(broken, doc_id="msa")
    assert [c.chunk_id for c in service.backend.get_chunks("msa")] == before


def test_unknown_field_is_named(service, contract_files):
    report = service.index(contract_files["pdf"])
    with pytest.raises(UnknownFieldError, match="'late_fee'.*late_payment_penalty"):
        service.retrieve(report.doc_id, "late_fee")
