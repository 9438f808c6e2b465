"""Is a predicted value right? Per-type comparison against gold values (contracts-dev format).

``values_match(value_type, predicted, gold_values)`` decides one (document, field) pair:

- **No gold** (``gold_values == []``, the field is absent): right only when nothing was
  predicted (``None``, ``""``, ``[]``). A value there is a false positive.
- **Gold alternatives**: for every type but ``party_list``, gold lists alternatives and any one
  may match (expiration ``["2019-09-05", "perpetual"]``). Places also accept the union of all
  gold values (``["England", "Wales"]`` is matched by "England and Wales").
- **date**: ISO prefix. A gold of lower precision accepts any prediction inside it (gold
  ``2015`` accepts ``2015-03-18``); a prediction less precise than gold is wrong (gold
  ``2014-05-05``, predicted ``2014-05``): it does not say the day the user asked for. Gold
  "Perpetual" matches a predicted ``perpetual`` (case-insensitive). Non-ISO text is parsed.
- **duration**: both sides parsed to (amount, unit) ("successive 1 year" -> 1 year,
  "P12M" -> 12 months); years compare as 12 months, weeks as 7 days; ``perpetual`` equals
  itself. Qualifiers such as "successive" are not compared.
- **money**: same Decimal amount and, when both name one, same currency.
- **percent**: same Decimal value and, when both state one, the same period.
- **place**: same set of jurisdictions after normalization ("Province of Ontario, Canada" ==
  "Ontario, Canada"; "England, United Kingdom" == "England"); unknown names compare as
  case- and punctuation-insensitive text.
- **party_list**: gold is the list of names. Names are matched one-to-one when rapidfuzz's
  ``token_set_ratio`` of their normalized forms (punctuation and legal-form suffixes removed)
  is at least 85. A list matches when every gold name and every predicted name is matched
  (precision and recall both 1); :func:`party_overlap` gives the counts for name-level P/R.
  Every gold entry counts: where a gold row is wrong (an alias sentence listed as a name), the
  fix belongs in the gold corrections file (:mod:`.corrections`), never in this comparison.
- **identifier / enum**: equal ignoring case and surrounding space (identifiers also ignore
  inner spaces). **boolean**: equal truth values ("yes"/"true"/"1" vs "no"/"false"/"0").
- **text / clause**: rapidfuzz ``ratio`` >= 90 on case- and whitespace-normalized text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from rapidfuzz import fuzz

from ..extraction.values.dates import parse_date
from ..extraction.values.durations import PERPETUAL, parse_duration
from ..extraction.values.money import parse_money
from ..extraction.values.percent import parse_percent
from ..extraction.values.places import place_components
from ..models import ValueType

__all__ = [
    "values_match",
    "party_overlap",
    "normalize_party_name",
    "PARTY_MATCH_THRESHOLD",
    "TEXT_MATCH_THRESHOLD",
]

PARTY_MATCH_THRESHOLD = 85
TEXT_MATCH_THRESHOLD = 90


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


# --------------------------------------------------------------------------- dates


def _as_date(value: Any) -> str | None:
    text = str(value).strip()
    if text.lower() == PERPETUAL:
        return PERPETUAL
    return parse_date(text)


def _date_match(predicted: Any, gold: str) -> bool:
    pred, want = _as_date(predicted), _as_date(gold)
    if pred is None or want is None:
        return False
    if PERPETUAL in (pred, want):
        return pred == want
    return pred == want or pred.startswith(want + "-")


# --------------------------------------------------------------------------- durations

_TO_BASE = {"Y": ("M", 12), "M": ("M", 1), "W": ("D", 7), "D": ("D", 1), "H": ("H", 1)}
_ISO_PARTS = re.compile(r"^PT?(?P<n>\d+(?:\.\d+)?)(?P<u>[YMWDH])$")


def _duration_key(value: Any) -> tuple[str, Decimal] | str | None:
    """(base unit, amount in it) for a duration, "perpetual", or None if unreadable."""
    iso = parse_duration(str(value))
    if iso is None or iso == PERPETUAL:
        return iso
    m = _ISO_PARTS.match(iso)
    if m is None:
        return None
    base, factor = _TO_BASE[m.group("u")]
    return base, Decimal(m.group("n")) * factor


def _duration_match(predicted: Any, gold: str) -> bool:
    pred = _duration_key(predicted)
    return pred is not None and any(pred == _duration_key(g) for g in gold.split(","))


# --------------------------------------------------------------------------- money, percent


def _decimal(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value).replace(",", ""))
    except (InvalidOperation, ValueError):
        return None


def _money_match(predicted: Any, gold: Any) -> bool:
    pred = predicted if isinstance(predicted, dict) else parse_money(str(predicted))
    want = gold if isinstance(gold, dict) else parse_money(str(gold))
    if not pred or not want or _decimal(pred.get("amount")) != _decimal(want.get("amount")):
        return False
    return (
        not (pred.get("currency") and want.get("currency")) or pred["currency"] == want["currency"]
    )


def _percent_match(predicted: Any, gold: Any) -> bool:
    pred = predicted if isinstance(predicted, dict) else parse_percent(str(predicted))
    want = gold if isinstance(gold, dict) else parse_percent(str(gold))
    if not pred or not want or _decimal(pred.get("value")) != _decimal(want.get("value")):
        return False
    return not (pred.get("per") and want.get("per")) or pred["per"] == want["per"]


# --------------------------------------------------------------------------- places


def _plain(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _place_key(value: str) -> frozenset[str]:
    return place_components(value) or frozenset({_plain(value)})


def _place_match_any(predicted: Any, gold_values: list[str]) -> bool:
    pred = _place_key(str(predicted))
    keys = [_place_key(g) for g in gold_values]
    return pred in keys or pred == frozenset().union(*keys)


# --------------------------------------------------------------------------- parties

_SUFFIX_TOKENS = frozenset(
    "inc incorporated corp corporation co company ltd ltda limited llc llp lp lllp plc sa sas "
    "ag gmbh bv nv pty spa srl se pte bhd oy sarl pc the".split()
)


def normalize_party_name(name: str) -> str:
    """Lower-case, no punctuation, no legal-form suffixes: "ACME, Inc." -> "acme"."""
    text = name.lower().replace("&", " and ").replace(".", "")
    tokens = re.sub(r"[^\w\s]", " ", text).split()
    return " ".join(t for t in tokens if t not in _SUFFIX_TOKENS)


def _name_score(a: str, b: str) -> float:
    """rapidfuzz token_set_ratio when one name's words are a subset of the other's, which
    scores it 100 ("Zephyr" in "Zephyr USA"), except when the subset is too small to name the
    party: under half the tokens, or one word that is not the other name's first ("Bank" in
    "Larchmont Bank"). Everything else is token_sort_ratio, which forgives a misspelt word
    ("Kowledge" for "Knowledge") but not a different one: token_set_ratio would score two
    companies that share a long word 86-88 ("Eton Pharmaceuticals" and "Aucta
    Pharmaceuticals")."""
    short, long_ = sorted((a.split(), b.split()), key=len)
    if not short:
        return 0.0
    subset = set(short) <= set(long_)
    lone_tail = len(short) == 1 and short[0] != long_[0]
    if not subset or len(short) / len(long_) < 0.5 or lone_tail:
        return fuzz.token_sort_ratio(a, b)
    return fuzz.token_set_ratio(a, b)


def party_overlap(predicted: list[str], gold: list[str]) -> tuple[int, int, int]:
    """(matched, n_predicted, n_gold): names paired one-to-one, best scores first.

    Precision is ``matched / n_predicted``, recall ``matched / n_gold``.
    """
    pred_norm = [normalize_party_name(p) for p in predicted]
    gold_norm = [normalize_party_name(g) for g in gold]
    pairs = sorted(
        (
            (_name_score(p, g), fuzz.ratio(p, g), i, j)
            for i, p in enumerate(pred_norm)
            for j, g in enumerate(gold_norm)
        ),
        reverse=True,
    )
    used_p: set[int] = set()
    used_g: set[int] = set()
    for score, _, i, j in pairs:
        if score < PARTY_MATCH_THRESHOLD:
            break
        if i not in used_p and j not in used_g:
            used_p.add(i)
            used_g.add(j)
    return len(used_p), len(predicted), len(gold)


def _party_match(predicted: Any, gold_values: list[str]) -> bool:
    names = [predicted] if isinstance(predicted, str) else list(predicted)
    matched, n_pred, n_gold = party_overlap(names, gold_values)
    return matched == n_pred == n_gold


# --------------------------------------------------------------------------- the rest

_TRUE = {"true", "yes", "y", "1"}
_FALSE = {"false", "no", "n", "0"}


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in _TRUE else False if text in _FALSE else None


def _text_match(predicted: Any, gold: str) -> bool:
    a, b = " ".join(str(predicted).lower().split()), " ".join(gold.lower().split())
    return fuzz.ratio(a, b) >= TEXT_MATCH_THRESHOLD


_PER_VALUE: dict[ValueType, Callable[[Any, str], bool]] = {
    ValueType.date: _date_match,
    ValueType.duration: _duration_match,
    ValueType.money: _money_match,
    ValueType.percent: _percent_match,
    ValueType.identifier: lambda p, g: (
        re.sub(r"\s", "", str(p)).upper() == re.sub(r"\s", "", g).upper()
    ),
    ValueType.enum: lambda p, g: str(p).strip().lower() == g.strip().lower(),
    ValueType.boolean: lambda p, g: _as_bool(p) is not None and _as_bool(p) == _as_bool(g),
    ValueType.text: _text_match,
    ValueType.clause: _text_match,
}


def values_match(value_type: ValueType | str, predicted: Any, gold_values: list[Any]) -> bool:
    """Whether ``predicted`` is right for a field whose gold is ``gold_values`` (see module doc)."""
    value_type = ValueType(value_type)
    if not gold_values:
        return _is_empty(predicted)
    if _is_empty(predicted):
        return False
    if value_type is ValueType.party_list:
        return _party_match(predicted, [str(g) for g in gold_values])
    if value_type is ValueType.place:
        return _place_match_any(predicted, [str(g) for g in gold_values])
    return any(_PER_VALUE[value_type](predicted, gold) for gold in gold_values)
