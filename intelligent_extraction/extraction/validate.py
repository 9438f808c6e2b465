"""Checks an extracted value must pass before it is reported as found.

Two checks, both pure: the value has its type's canonical form, and the raw text is grounded,
i.e. it is exactly the document text at the reported offsets inside a chunk that was retrieved.
A failure returns the reason (which the retry loop records); success returns None.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ..models import FieldConfig, ScoredChunk, ValueType
from .base import Extraction

__all__ = ["check_type", "check_grounding", "validate_extraction"]

_ISO_DATE = re.compile(r"^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$")
_ISO_DURATION = re.compile(r"^P(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T\d+H)?$")


def _decimal(text: Any) -> bool:
    try:
        Decimal(str(text))
    except (InvalidOperation, ValueError):
        return False
    return True


def _date(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, str) and (bool(_ISO_DATE.match(value)) or value == "perpetual")


def _duration(value: Any, field: FieldConfig) -> bool:
    if value == "perpetual":
        return True
    return isinstance(value, str) and value != "P" and bool(_ISO_DURATION.match(value))


def _money(value: Any, field: FieldConfig) -> bool:
    return (
        isinstance(value, dict)
        and _decimal(value.get("amount"))
        and isinstance(value.get("currency"), str)
        and len(value["currency"]) == 3
    )


def _percent(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, dict) and _decimal(value.get("value"))


def _party_list(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) and v for v in value)


def _identifier(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, str) and bool(field.pattern) and bool(re.fullmatch(field.pattern, value))


def _enum(value: Any, field: FieldConfig) -> bool:
    return value in field.choices


def _boolean(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, bool)


def _text(value: Any, field: FieldConfig) -> bool:
    return isinstance(value, str) and bool(value.strip())


_TYPE_CHECKS: dict[ValueType, Callable[[Any, FieldConfig], bool]] = {
    ValueType.date: _date,
    ValueType.duration: _duration,
    ValueType.money: _money,
    ValueType.percent: _percent,
    ValueType.party_list: _party_list,
    ValueType.place: _text,
    ValueType.identifier: _identifier,
    ValueType.enum: _enum,
    ValueType.boolean: _boolean,
    ValueType.text: _text,
    ValueType.clause: _text,
}


def check_type(field: FieldConfig, value: Any) -> str | None:
    """None when ``value`` has the canonical form of the field's type, else the reason."""
    if value is None:
        return "found without a value"
    if not _TYPE_CHECKS[field.type](value, field):
        return f"value {value!r} is not a canonical {field.type.value}"
    return None


def check_grounding(extraction: Extraction, chunks: Sequence[ScoredChunk]) -> str | None:
    """None when ``raw`` is the text of a retrieved chunk at the reported document offsets."""
    by_id = {sc.chunk.chunk_id: sc.chunk for sc in chunks}
    chunk = by_id.get(extraction.chunk_id or "")
    if chunk is None:
        return f"evidence chunk {extraction.chunk_id!r} is not among the retrieved chunks"
    if extraction.raw is None or extraction.start is None or extraction.end is None:
        return "found without raw text and offsets"
    lo, hi = extraction.start - chunk.start, extraction.end - chunk.start
    if lo < 0 or hi > len(chunk.text) or chunk.text[lo:hi] != extraction.raw:
        return (
            f"raw text {extraction.raw[:60]!r} is not at offsets "
            f"{extraction.start}-{extraction.end} of chunk {chunk.chunk_id}"
        )
    return None


def validate_extraction(
    field: FieldConfig, extraction: Extraction, chunks: Sequence[ScoredChunk]
) -> str | None:
    """The first failed check's reason for a found extraction, else None."""
    return check_type(field, extraction.value) or check_grounding(extraction, chunks)
