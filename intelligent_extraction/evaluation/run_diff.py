"""What changed between two extraction runs on the same gold: ``eval --compare BASELINE.jsonl``.

Both runs are scored on the (document, value field) pairs they share, against the same gold
(corrected the same way), so the per-field deltas compare like with like. Each shared pair
whose verdict flipped (``wrong->right``, ``right->wrong``) or whose value changed is listed
with both values and the gold. Pairs only one run holds (another ``--limit``, another field
list) are counted, not scored.
"""

from __future__ import annotations

import json
from typing import Any

from .extraction_eval import RIGHT, FieldScore, predicted_value, score_records, verdict
from .gold import GoldRow

__all__ = ["diff_runs", "CHANGES"]

# the order changes are listed in: what got worse first
CHANGES = ("right->wrong", "wrong->right", "value changed")


def diff_runs(
    baseline: list[dict],
    current: list[dict],
    gold: list[GoldRow],
    *,
    fields: list[str] | None = None,
    baseline_name: str = "baseline",
) -> dict:
    """The ``"compare"`` object of the eval report (see the module doc)."""
    before, after = _by_key(baseline), _by_key(current)
    rows = [r for r in gold if r.kind == "value" and (not fields or r.field in fields)]
    shared = [r for r in rows if _key(r) in before and _key(r) in after]
    changes = [c for r in shared if (c := _pair_change(before[_key(r)], after[_key(r)], r))]
    changes.sort(key=lambda c: (CHANGES.index(c["change"]), c["field"], c["doc_id"]))
    old, new = score_records(baseline, shared), score_records(current, shared)
    return {
        "baseline": baseline_name,
        "pairs": len(shared),
        "only_baseline": sum(1 for r in rows if _key(r) in before and _key(r) not in after),
        "only_current": sum(1 for r in rows if _key(r) in after and _key(r) not in before),
        "micro": _delta(old.micro(), new.micro(), changes),
        "fields": {
            name: _delta(old.fields[name], new.fields[name],
                         [c for c in changes if c["field"] == name])
            for name in sorted(new.value_fields | old.value_fields)
        },
        "changes": changes,
    }


def _key(row: GoldRow) -> tuple[str, str]:
    return row.doc_id, row.field


def _by_key(records: list[dict]) -> dict[tuple[str, str], dict]:
    return {(r["doc_id"], r["field"]): r for r in records}


def _canonical(value: Any) -> str:
    """A value as comparable text; a list's order does not count (party lists are sets)."""
    if isinstance(value, list):
        return json.dumps(sorted(_canonical(v) for v in value))
    return json.dumps(value, sort_keys=True, default=str)


def _same_value(a: Any, b: Any) -> bool:
    return _canonical(a) == _canonical(b)


def _pair_change(old: dict, new: dict, row: GoldRow) -> dict | None:
    """The change of one (document, field) between the runs, or None when nothing changed."""
    was, now = verdict(old, row), verdict(new, row)
    old_value, new_value = predicted_value(old), predicted_value(new)
    if (was in RIGHT) != (now in RIGHT):
        change = "wrong->right" if now in RIGHT else "right->wrong"
    elif not _same_value(old_value, new_value):
        change = "value changed"
    else:
        return None
    return {
        "doc_id": row.doc_id,
        "dataset": row.dataset,
        "field": row.field,
        "change": change,
        "baseline": {"value": old_value, "verdict": was},
        "current": {"value": new_value, "verdict": now},
        "gold": list(row.values),
    }


def _delta(old: FieldScore, new: FieldScore, changes: list[dict]) -> dict:
    """Before, after and after - before of P/R/F1, and how many pairs changed each way; for
    a list field also its name-level P/R/F1 before and after (a list can gain names and stay
    wrong as a whole)."""
    before, after = old.prf(), new.prf()
    names = {"names": {"baseline": old.names_prf(), "current": new.names_prf()}} \
        if old.names is not None and new.names is not None else {}
    return {
        "baseline": before,
        "current": after,
        "delta": {k: after[k] - before[k] for k in before},
        **{kind: sum(1 for c in changes if c["change"] == kind) for kind in CHANGES},
        **names,
    }
