"""The LLM extractor's answer contract: the JSON schema it asks for and how it reads values back.

Pure functions, no I/O. ``response_format(field)`` is the chat-completions ``response_format``
for one field: an answer object ``{"found", "value", "quote", "chunk_id", "confidence"}`` whose
``value`` schema depends on the field's type (a date is an ISO string, money an object with
``amount``/``currency``, an enum one of the field's choices...). ``canonical_value(field, value)``
turns what the model returned into the same canonical form the rule extractor produces, through
the typed value parsers, or raises ``ValueError`` saying why it cannot.

Schemas stay inside the subset that OpenAI-style strict structured outputs accept (every
property required, ``additionalProperties: false``, nullable via ``anyOf``), so vLLM, llama.cpp
and hosted endpoints can all enforce them. Regexes are kept simple (no look-arounds) for the
same reason; an identifier field's own ``pattern`` is a Python regex, so it is given to the
model as text and checked here, not put in the schema.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from ..models import FieldConfig, ValueType
from .values import normalize
from .values.base import squash_spaces
from .values.money import CURRENCY_CODES
from .values.numbers import format_decimal

__all__ = [
    "CANONICAL_FORMS",
    "value_schema",
    "answer_schema",
    "response_format",
    "canonical_value",
]

#: How each type's value must be written, as the prompt tells the model.
CANONICAL_FORMS: dict[ValueType, str] = {
    ValueType.date: 'ISO 8601 date "YYYY-MM-DD" ("YYYY-MM" or "YYYY" when the text gives no more)',
    ValueType.duration: (
        'ISO 8601 duration with a single unit as the text states it ("P2Y", "P18M", "P30D", '
        '"P2W", "PT48H"), or "perpetual"'
    ),
    ValueType.money: (
        'an object {"amount": "1250.00", "currency": "USD"}: amount a plain decimal string '
        "(no separators or symbols), currency an ISO 4217 code or null when none is stated"
    ),
    ValueType.percent: (
        'an object {"value": "1.5", "per": "month"}: value a plain decimal string, per one of '
        "day, week, month, quarter, year, or null when the text states no period"
    ),
    ValueType.party_list: (
        'a list of the party names as written, without aliases or defined terms, e.g. '
        '["Acme Inc.", "Beta LLC"]'
    ),
    ValueType.place: 'a jurisdiction name, e.g. "New York", "Ontario, Canada"',
    ValueType.identifier: "the identifier exactly as written, matching the field's pattern",
    ValueType.enum: "exactly one of the field's choices, as listed",
    ValueType.boolean: "true or false, as the clause states",
    ValueType.text: "the shortest sentence or clause that answers, copied verbatim",
    ValueType.clause: "the shortest sentence or clause that answers, copied verbatim",
}

_DECIMAL = r"^-?[0-9]+(\.[0-9]+)?$"
_PERIODS = ["day", "week", "month", "quarter", "year"]


def value_schema(field: FieldConfig) -> dict[str, Any]:
    """The JSON schema of a found value of ``field``'s type (not nullable)."""
    t = field.type
    if t is ValueType.date:
        return {"type": "string", "pattern": r"^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$"}
    if t is ValueType.duration:
        return {"type": "string", "pattern": r"^(perpetual|P[0-9]+[YMWD]|PT[0-9]+H)$"}
    if t is ValueType.money:
        return _object(
            amount={"type": "string", "pattern": _DECIMAL},
            currency={"anyOf": [{"type": "string", "pattern": r"^[A-Z]{3}$"}, {"type": "null"}]},
        )
    if t is ValueType.percent:
        return _object(
            value={"type": "string", "pattern": _DECIMAL},
            per={"anyOf": [{"type": "string", "enum": _PERIODS}, {"type": "null"}]},
        )
    if t is ValueType.party_list:
        return {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 1}
    if t is ValueType.enum:
        return {"type": "string", "enum": list(field.choices)}
    if t is ValueType.boolean:
        return {"type": "boolean"}
    if t is ValueType.identifier:
        return {"type": "string", "description": f"must match the regex {field.pattern}"}
    return {"type": "string", "minLength": 1}  # place, text, clause


def _object(**properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def answer_schema(field: FieldConfig) -> dict[str, Any]:
    """The whole answer object for ``field``; ``value`` is null when nothing is found."""
    return _object(
        found={"type": "boolean"},
        value={"anyOf": [value_schema(field), {"type": "null"}]},
        quote={"type": "string"},
        chunk_id={"type": "string"},
        confidence={"type": "number", "minimum": 0, "maximum": 1},
    )


def response_format(field: FieldConfig) -> dict[str, Any]:
    """The chat-completions ``response_format`` asking for ``field``'s answer schema."""
    return {
        "type": "json_schema",
        "json_schema": {
            "name": f"{field.field_name}_answer"[:64],
            "strict": True,
            "schema": answer_schema(field),
        },
    }


# --------------------------------------------------------------------------- reading values back


def canonical_value(field: FieldConfig, value: Any) -> Any:
    """``value`` as returned by the model, in the type's canonical form.

    Lenient about shape (a money value written as the string "$1,250" is parsed as text), strict
    about content: anything the typed parsers cannot read raises ValueError naming the value.
    """
    if value is None:
        raise ValueError("the answer says found but its value is null")
    result = _CANONICALIZERS[field.type](field, value)
    if result is None or result == "" or result == []:
        raise ValueError(f"{field.type.value} value {value!r} does not parse")
    return result


def _text_of(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    raise ValueError(f"expected a string, got {type(value).__name__} {value!r}")


def _normalized(field: FieldConfig, value: Any) -> Any:
    return normalize(
        field.type, squash_spaces(_text_of(value)), pattern=field.pattern, choices=field.choices
    )


def _decimal(text: Any, what: str) -> Decimal:
    try:
        return Decimal(squash_spaces(_text_of(text)).replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"{what} {text!r} is not a decimal number") from None


def _money(field: FieldConfig, value: Any) -> Any:
    if not isinstance(value, dict):
        return _normalized(field, value)
    amount = format_decimal(_decimal(value.get("amount"), "money amount"), 2)
    currency = value.get("currency")
    if currency is None:
        return {"amount": amount, "currency": None}
    code = CURRENCY_CODES.get(squash_spaces(_text_of(currency)).lower())
    if code is None:
        code = _text_of(currency).strip().upper()
        if not (len(code) == 3 and code.isalpha()):
            raise ValueError(f"currency {currency!r} is not an ISO 4217 code")
    return {"amount": amount, "currency": code}


def _percent(field: FieldConfig, value: Any) -> Any:
    if not isinstance(value, dict):
        return _normalized(field, value)
    number = format_decimal(_decimal(value.get("value"), "percent value"))
    per = value.get("per")
    if per is not None and per not in _PERIODS:
        raise ValueError(f"percent period {per!r} is not one of {', '.join(_PERIODS)}")
    return {"value": number, "per": per}


def _party_list(field: FieldConfig, value: Any) -> Any:
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list):
        raise ValueError(f"expected a list of party names, got {value!r}")
    out: list[str] = []
    for name in names:
        clean = squash_spaces(_text_of(name)).strip(" ,;")
        if clean and clean not in out:
            out.append(clean)
    return out


def _identifier(field: FieldConfig, value: Any) -> Any:
    found = _normalized(field, value)
    if found is None:
        raise ValueError(f"identifier {value!r} does not match the pattern {field.pattern!r}")
    return found


def _enum(field: FieldConfig, value: Any) -> Any:
    text = squash_spaces(_text_of(value))
    for choice in field.choices:  # exact (case-insensitive) first: "Net 30" must not be "Net 3"
        if text.lower() == squash_spaces(choice).lower():
            return choice
    raise ValueError(f"{value!r} is not one of the choices {field.choices}")


def _boolean(field: FieldConfig, value: Any) -> Any:
    if isinstance(value, bool):
        return value
    text = _text_of(value).strip().lower()
    if text in ("true", "yes"):
        return True
    if text in ("false", "no"):
        return False
    raise ValueError(f"expected true or false, got {value!r}")


def _sentence(field: FieldConfig, value: Any) -> Any:
    return squash_spaces(_text_of(value))


_CANONICALIZERS: dict[ValueType, Callable[[FieldConfig, Any], Any]] = {
    ValueType.date: _normalized,
    ValueType.duration: _normalized,
    ValueType.money: _money,
    ValueType.percent: _percent,
    ValueType.party_list: _party_list,
    ValueType.place: _normalized,
    ValueType.identifier: _identifier,
    ValueType.enum: _enum,
    ValueType.boolean: _boolean,
    ValueType.text: _sentence,
    ValueType.clause: _sentence,
}
