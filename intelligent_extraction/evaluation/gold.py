"""Gold rows in the contracts-dev format (one JSON object per line; see that set's README),
optionally with the corrections of :mod:`.corrections` applied."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import ConfigError
from .corrections import Corrections, load_corrections

__all__ = ["GoldRow", "load_gold", "apply_corrections", "find_document"]


@dataclass(frozen=True)
class GoldRow:
    doc_id: str
    dataset: str
    field: str
    kind: str  # "value" or "clause"
    values: tuple[str, ...]
    spans: tuple[str, ...]
    # the values as published, when a correction replaced them (None: not corrected)
    published: tuple[str, ...] | None = None

    @property
    def corrected(self) -> bool:
        return self.published is not None

    def as_published(self) -> GoldRow:
        """This row without its correction, to score against the gold as published."""
        if self.published is None:
            return self
        return replace(self, values=self.published, published=None)


def load_gold(path: Path, corrections: Corrections | Path | None = None) -> list[GoldRow]:
    """Read gold rows, then apply ``corrections`` (a loaded file or its path) by (doc_id, field).

    A malformed line raises ConfigError naming the file and line; so does a correction that
    names a document of this gold but a field it has no row for (see :func:`apply_corrections`).
    """
    rows = _read_rows(path)
    if corrections is None:
        return rows
    if not isinstance(corrections, Corrections):
        corrections = load_corrections(corrections)
    return apply_corrections(rows, corrections, path)


def _read_rows(path: Path) -> list[GoldRow]:
    rows: list[GoldRow] = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                raw = json.loads(line)
                rows.append(
                    GoldRow(
                        doc_id=raw["doc_id"],
                        dataset=raw.get("dataset", ""),
                        field=raw["field"],
                        kind=raw.get("kind", "value"),
                        values=tuple(raw.get("values") or ()),
                        spans=tuple(raw.get("spans") or ()),
                    )
                )
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise ConfigError(f"{path}:{lineno}: not a gold row ({exc})") from exc
    return rows


def apply_corrections(
    rows: list[GoldRow], corrections: Corrections, gold_path: Path | str = "gold"
) -> list[GoldRow]:
    """``rows`` with each applicable correction's values in place of the published ones.

    A correction for a document this gold does not hold is not applicable (the file covers
    train and dev at once) and is skipped; one for a document it holds but a field it has no
    value row for is a mistake and raises ConfigError naming the corrections file and line.
    """
    by_key = {(r.doc_id, r.field): r for r in rows}
    docs = {r.doc_id for r in rows}
    for (doc_id, field), fix in corrections.rows.items():
        if doc_id not in docs:
            continue
        row = by_key.get((doc_id, field))
        where = f"{corrections.path}:{fix.line}"
        if row is None:
            raise ConfigError(f"{where}: key 'field': {gold_path} has no row for field "
                              f"{field!r} of doc_id {doc_id!r}")
        if row.kind != "value":
            raise ConfigError(f"{where}: key 'field': {field!r} of doc_id {doc_id!r} is a "
                              f"{row.kind} row in {gold_path}; corrections replace values only")
    return [_corrected(r, corrections) for r in rows]


def _corrected(row: GoldRow, corrections: Corrections) -> GoldRow:
    fix = corrections.rows.get((row.doc_id, row.field))
    if fix is None:
        return row
    return replace(row, values=fix.values, published=row.values)


def find_document(docs_dir: Path, doc_id: str, formats: tuple[str, ...]) -> Path | None:
    """The first existing ``docs_dir/doc_id.<fmt>`` in order of preference."""
    for fmt in formats:
        candidate = docs_dir / f"{doc_id}.{fmt}"
        if candidate.exists():
            return candidate
    return None
