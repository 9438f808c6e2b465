"""What a backfill reads: a directory (recursive), a glob, or a manifest of paths.

Every input becomes a ``BatchInput``: a path and a document id (the file stem by default, so
results join back to the files). A manifest (``.jsonl`` or ``.csv`` with ``path`` and an
optional ``doc_id``) resolves its paths under a declared root; a path that escapes the root, or
a manifest row without a path, becomes an input with ``problem`` set, which the backfill turns
into ``status: error`` records instead of stopping the run.
"""

from __future__ import annotations

import csv
import glob
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..documents.parse import SUPPORTED_EXTENSIONS, default_doc_id
from ..errors import ConfigError

__all__ = ["BatchInput", "discover_inputs", "MANIFEST_SUFFIXES"]

MANIFEST_SUFFIXES = (".jsonl", ".csv")


@dataclass(frozen=True)
class BatchInput:
    """One document to process; ``problem`` says why it cannot be read at all."""

    path: Path
    doc_id: str
    problem: str | None = None


def discover_inputs(
    spec: str, *, root: Path | None = None, extensions: tuple[str, ...] | None = None
) -> list[BatchInput]:
    """The inputs named by ``spec`` (directory, glob or manifest), in a stable order.

    ``extensions`` (".pdf", ...) filters directory and glob matches; it defaults to every
    supported format. Raises ConfigError when ``spec`` names nothing usable.
    """
    exts = tuple(e.lower() if e.startswith(".") else f".{e.lower()}"
                 for e in (extensions or SUPPORTED_EXTENSIONS))
    path = Path(spec)
    if path.is_dir():
        return [_from_file(p) for p in _walk(path, exts)]
    if path.is_file() and path.suffix.lower() in MANIFEST_SUFFIXES:
        return list(_from_manifest(path, root or path.parent))
    if path.is_file():
        return [_from_file(path)]
    matches = sorted(Path(p) for p in glob.glob(spec, recursive=True))
    files = [p for p in matches if p.is_file() and p.suffix.lower() in exts]
    if not files:
        raise ConfigError(f"--input {spec!r}: no such directory, manifest or file, and the glob "
                          f"matches no {'/'.join(exts)} file")
    return [_from_file(p) for p in files]


def _walk(directory: Path, exts: tuple[str, ...]) -> list[Path]:
    found = [Path(dirpath) / name
             for dirpath, _, names in os.walk(directory, followlinks=False)
             for name in names if Path(name).suffix.lower() in exts]
    if not found:
        raise ConfigError(f"--input {str(directory)!r}: the directory holds no "
                          f"{'/'.join(exts)} file")
    return sorted(found)


def _from_file(path: Path) -> BatchInput:
    return BatchInput(path=path, doc_id=default_doc_id(path))


def _from_manifest(manifest: Path, root: Path) -> Iterator[BatchInput]:
    root = root.resolve()
    rows = _manifest_rows(manifest)
    for lineno, row in rows:
        where = f"{manifest}:{lineno}"
        raw_path = row.get("path")
        if not isinstance(raw_path, str) or not raw_path.strip():
            yield BatchInput(Path(f"<{where}>"), str(row.get("doc_id") or f"manifest-row-{lineno}"),
                             problem=f"{where}: path: is required (got {raw_path!r})")
            continue
        doc_id = row.get("doc_id") or default_doc_id(raw_path)
        resolved = (root / raw_path).resolve()
        # resolve() follows symlinks too, so a link pointing outside the root is caught as well.
        if not resolved.is_relative_to(root):
            yield BatchInput(Path(raw_path), str(doc_id),
                             problem=f"{where}: path: {raw_path!r} escapes the root {str(root)!r}")
            continue
        yield BatchInput(resolved, str(doc_id))


def _manifest_rows(manifest: Path) -> list[tuple[int, dict]]:
    """(line number, row) pairs; a malformed line is a ConfigError naming file and line."""
    with open(manifest, encoding="utf-8", newline="") as fh:
        if manifest.suffix.lower() == ".csv":
            reader = csv.DictReader(fh)
            if not reader.fieldnames or "path" not in reader.fieldnames:
                raise ConfigError(f"{manifest}: a CSV manifest needs a 'path' column "
                                  f"(got columns {reader.fieldnames!r})")
            return [(reader.line_num, row) for row in reader]
        rows = []
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ConfigError(f"{manifest}:{lineno}: not JSON ({exc.msg})") from exc
            if not isinstance(row, dict):
                raise ConfigError(f"{manifest}:{lineno}: expected an object with 'path' "
                                  f"(got {type(row).__name__})")
            rows.append((lineno, row))
        return rows
