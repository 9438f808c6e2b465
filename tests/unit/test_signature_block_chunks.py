"""``position.signature_block``: the first signature block is read wherever it stands.

Exhibits after the signatures push them out of the last chunks; the chunks from the one that
holds "IN WITNESS WHEREOF" on are appended to the evidence, before the last chunks. Invented
chunks, held by a real embedded backend.
"""

from __future__ import annotations

from intelligent_extraction.models import Chunk, FieldConfig, Instructions, Position, Queries
from tests.indexed_texts import read_by_position

DOC = "seed-supply"
TEXTS = [
    "SEED SUPPLY AGREEMENT between Furrow Growers Ltd and Kestrel Seeds Inc.",
    "1. Supply. Kestrel supplies certified barley seed each spring.",
    "2. Price. The price list of Schedule A applies.",
    "3. Term. This agreement runs for three growing seasons.",
    "IN WITNESS WHEREOF the parties sign this agreement below.",
    "FURROW GROWERS LTD By: /s/ Ida Marsh",
    "KESTREL SEEDS INC. By: /s/ Tom Reyes Date: 2/3/2019 Date: 2/5/2019",
    "EXHIBIT A - Seed varieties: Hana, Tipple, Laureate.",
    "EXHIBIT B - Delivery points: Barn 2, Silo 4.",
    "EXHIBIT C - Quality tests: germination, purity.",
]
CHUNKS = [
    Chunk(chunk_id=f"{DOC}-{i}", doc_id=DOC, text=t, chunk_type="text", start=100 * i,
          end=100 * i + len(t), position=i, page=1 + i // 3, source=f"{DOC}.txt")
    for i, t in enumerate(TEXTS)
]


def _field(**position) -> FieldConfig:
    return FieldConfig(
        field_name="agreement_date",
        type="date",
        queries=Queries(exact=["dated as of"]),
        instructions=Instructions(task="The date the agreement was made."),
        position=Position(first_chunks=1, boost=0.0, last_chunks=2, **position),
    )


def _appended(field: FieldConfig) -> list[int]:
    _, appended = read_by_position([], field, CHUNKS)
    return [sc.chunk.position for sc in appended]


def test_the_signature_block_is_read_before_the_last_chunks() -> None:
    assert _appended(_field(signature_block=True)) == [0, 4, 5, 6, 7, 8, 9]


def test_without_it_only_the_ends_are_read() -> None:
    assert _appended(_field()) == [0, 8, 9]
