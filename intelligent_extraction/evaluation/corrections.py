"""Gold corrections: a small, versioned file of gold rows that are wrong as published.

The value comparison (:mod:`.compare`) treats every gold entry the same way, by type. Where a
gold row is itself wrong (an alias sentence listed as a party name, say), the fix lives here, one
JSON line per (doc_id, field) with the corrected values and the reason, so it is reviewed like
code and applied identically to every run. ``eval`` reports micro F1 with and without it.

File format (JSON lines)::

    {"version": 1, "description": "..."}
    {"doc_id": "...", "field": "parties", "values": ["Acme Inc.", "Beta LLC"], "reason": "..."}

One file covers several gold sets (train and dev): a row whose ``doc_id`` is not in the gold
being scored is *not applicable* and only counted. A row whose document is there but whose
field is not is an error, because that can only be a typo.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError

__all__ = ["Correction", "Corrections", "load_corrections", "default_corrections_path"]

_ROW_KEYS = {"doc_id", "field", "values", "reason"}
_HEADER_KEYS = {"version", "description"}


@dataclass(frozen=True)
class Correction:
    doc_id: str
    field: str
    values: tuple[str, ...]
    reason: str
    line: int  # where it came from, for error messages


@dataclass(frozen=True)
class Corrections:
    path: Path
    version: int
    description: str
    rows: dict[tuple[str, str], Correction]

    def __len__(self) -> int:
        return len(self.rows)


def default_corrections_path() -> Path:
    """``config/gold_corrections.jsonl``: beside the field configs, versioned with them."""
    from ..settings import get_settings

    return get_settings().fields_dir.parent / "gold_corrections.jsonl"


def load_corrections(path: Path) -> Corrections:
    """Read and validate a corrections file; any problem raises ConfigError naming the file,
    the line, the key and the value."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the gold corrections ({exc.strerror})") from exc
    numbered = [(n, line) for n, line in enumerate(lines, start=1) if line.strip()]
    if not numbered:
        raise ConfigError(f"{path}: empty; the first line must be a header "
                          '{"version": 1, "description": "..."}')
    (head_no, head_line), *row_lines = numbered
    version, description = _parse_header(path, head_no, _json_object(path, head_no, head_line))
    rows: dict[tuple[str, str], Correction] = {}
    for lineno, line in row_lines:
        row = _parse_row(path, lineno, _json_object(path, lineno, line))
        key = (row.doc_id, row.field)
        if key in rows:
            raise ConfigError(f"{path}:{lineno}: doc_id {row.doc_id!r} field {row.field!r} is "
                              f"already corrected on line {rows[key].line}")
        rows[key] = row
    return Corrections(Path(path), version, description, rows)


def _json_object(path: Path, lineno: int, line: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}:{lineno}: not JSON ({exc.msg})") from exc
    if not isinstance(data, dict):
        raise ConfigError(f"{path}:{lineno}: expected a JSON object, got {line.strip()[:60]}")
    return data


def _parse_header(path: Path, lineno: int, data: dict[str, Any]) -> tuple[int, str]:
    where = f"{path}:{lineno}"
    if "doc_id" in data or set(data) != _HEADER_KEYS:
        raise ConfigError(f"{where}: the first line must be the header with exactly the keys "
                          f"'version' and 'description', got keys {sorted(data)}")
    version, description = data["version"], data["description"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ConfigError(f"{where}: key 'version': expected a positive integer, got {version!r}")
    if not isinstance(description, str) or not description.strip():
        raise ConfigError(f"{where}: key 'description': expected text, got {description!r}")
    return version, description


def _parse_row(path: Path, lineno: int, data: dict[str, Any]) -> Correction:
    where = f"{path}:{lineno}"
    missing, unknown = _ROW_KEYS - set(data), set(data) - _ROW_KEYS
    if missing:
        raise ConfigError(f"{where}: missing key {sorted(missing)[0]!r} "
                          f"(a row needs {', '.join(sorted(_ROW_KEYS))})")
    if unknown:
        key = sorted(unknown)[0]
        raise ConfigError(f"{where}: unknown key {key!r} (value {data[key]!r})")
    for key in ("doc_id", "field", "reason"):
        if not isinstance(data[key], str) or not data[key].strip():
            raise ConfigError(f"{where}: key {key!r}: expected non-empty text, got {data[key]!r}")
    values = data["values"]
    if not isinstance(values, list) or not all(isinstance(v, str) and v.strip() for v in values):
        raise ConfigError(f"{where}: key 'values': expected a list of non-empty strings "
                          f"(an empty list means the field is absent), got {values!r}")
    return Correction(data["doc_id"], data["field"], tuple(values), data["reason"], lineno)
