"""A contract dated only in its signature block: ``agreement_date`` reads the last chunks.

Neither the opening nor any clause names a date, and the clauses about terms, notices and
records rank above the signature block for every query. Real embedded backend, real embedding
model, the shipped ``agreement_date`` YAML; the contract is invented here. (``effective_date``
reads the last chunks too, but there a signing date alone scores under ``min_score`` unless
nothing better ranks: measured on train, not asserted here.)
"""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.orchestrate import FieldExtraction
from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.fields import load_field_config
from intelligent_extraction.models import FieldConfig
from intelligent_extraction.settings import PROJECT_ROOT
from tests.indexed_texts import embedded_with

pytestmark = pytest.mark.slow

CONTRACT = [
    "GRAIN STORAGE AGREEMENT\nThis agreement is made by and between Millbrook Grain Cooperative "
    "(the \u201cDepositor\u201d) and Tern Valley Elevators LLC (the \u201cWarehouse\u201d).",
    "1. Storage. The Warehouse stores the Depositor's wheat in bins 4 to 9 of its elevator, "
    "as set out in the supply agreement made between the same parties.",
    "2. Receipts. The Warehouse issues a receipt for each delivery within two days and keeps "
    "its records of deliveries for five years from the date of each receipt.",
    "3. Fees. The storage fees of Schedule 1 apply until the Warehouse gives thirty days' "
    "notice of new fees, which may not take effect before the next harvest.",
    "4. Insurance. The Warehouse keeps the grain insured for its full value; the policy "
    "names the Depositor as loss payee and renews each autumn.",
    "5. Term. This agreement runs for one year from the date it is signed and renews for "
    "further years unless either party gives sixty days' notice before the year ends.",
    "6. Law. The laws of the State of Kansas govern this agreement and any dispute about it, "
    "heard by the courts of Sedgwick County.",
    "7. Notices. Notices go by registered mail to the addresses each party gives, and take "
    "effect three days after posting.",
    "IN WITNESS WHEREOF the parties sign below.\nMILLBROOK GRAIN COOPERATIVE\nBy: /s/ Ada Kroll\n"
    "Title: Manager\nDate: 9 June 2021",
    "TERN VALLEY ELEVATORS LLC\nBy: /s/ Ravi Osei\nTitle: Member\nDate: 9 June 2021",
]


@pytest.fixture()
def backend(tmp_path, embedder):
    with embedded_with(tmp_path / "data", embedder, "grain", CONTRACT) as be:
        yield be


def _field(name: str) -> FieldConfig:
    return load_field_config(PROJECT_ROOT / "config" / "fields" / f"{name}.yaml")


def _reading(field: FieldConfig, *, last_chunks: int, signature_block: bool) -> FieldConfig:
    position = field.position.model_copy(
        update={"last_chunks": last_chunks, "signature_block": signature_block}
    )
    return field.model_copy(update={"position": position})


def test_a_contract_dated_only_where_it_is_signed(backend, embedder):
    field = _field("agreement_date")
    assert field.position.last_chunks >= 2  # the shipped YAML reads the signature blocks
    runner = FieldExtraction(backend, embedder, RuleExtractor(), max_retries=0)
    result = runner.run("grain", "grain.pdf", field)
    assert (result.status, result.value) == ("found", "2021-06-09")

    unsigned = runner.run(
        "grain", "grain.pdf", _reading(field, last_chunks=0, signature_block=False)
    )
    assert unsigned.status == "not_found"  # the ranked chunks alone hold no date

    # the block that opens with "IN WITNESS WHEREOF" is read wherever it stands
    attested = runner.run(
        "grain", "grain.pdf", _reading(field, last_chunks=0, signature_block=True)
    )
    assert (attested.status, attested.value) == ("found", "2021-06-09")


