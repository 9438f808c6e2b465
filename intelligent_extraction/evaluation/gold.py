"""Gold rows in the contracts-dev format (one JSON object per line; see that set's README)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import ConfigError

__all__ = ["GoldRow", "load_gold", "find_document"]


@dataclass(frozen=True)
class GoldRow:
    doc_id: str
    dataset: str
    field: str
    kind: str  # "value" or "clause"
    values: tuple[str, ...]
    spans: tuple[str, ...]


def load_gold(path: Path) -> list[GoldRow]:
    """Read gold rows; a malformed line raises ConfigError naming the file and line."""
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


def find_document(docs_dir: Path, doc_id: str, formats: tuple[str, ...]) -> Path | None:
    """The first existing ``docs_dir/doc_id.<fmt>`` in order of preference."""
    for fmt in formats:
        candidate = docs_dir / f"{doc_id}.{fmt}"
        if candidate.exists():
            return candidate
    return None
