"""The backfill's output: an append-only JSONL file that is also its own ledger.

One line per (document, field): the ``FieldResult`` record (``FieldResult.to_dict()``) plus one
extra key, ``backfill``, holding what resuming needs (``content_sha256``, ``field_version``, the
input path). Keeping that key in the same line, rather than in a sidecar file, is what makes the
output crash-proof: there is no second file that could disagree with it after a kill.

Crash safety, with a single writer (an exclusive lock on ``<output>.lock``):

* a document's lines are appended with one ``write`` loop and then ``fsync``-ed, so after a
  crash the file holds whole documents plus at most one torn tail;
* opening the ledger truncates anything after the last newline (the torn tail of a killed
  write), so no reader ever sees half a line and the next append starts on a fresh line;
* superseded lines (an edited file, a changed field config, ``--force``, an earlier error) are
  removed before new ones are written, by rewriting the file to a temporary name, ``fsync`` and
  an atomic ``os.replace``; so the file never holds two lines for one (document, field).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout

from ..errors import ConfigError

__all__ = ["LedgerEntry", "OutputLedger", "read_entries", "META_KEY"]

META_KEY = "backfill"


@dataclass(frozen=True)
class LedgerEntry:
    """What the output already holds for one (document, field)."""

    status: str
    content_sha256: str | None
    field_version: str | None


def _entry(record: dict[str, Any]) -> LedgerEntry:
    meta = record.get(META_KEY) or {}
    return LedgerEntry(record.get("status", ""), meta.get("content_sha256"),
                       meta.get("field_version"))


def _complete_lines(data: bytes, path: Path) -> Iterator[tuple[int, bytes, dict[str, Any]]]:
    """(line number, raw line, record) for every newline-terminated line of ``data``."""
    end = data.rfind(b"\n") + 1
    for lineno, raw in enumerate(data[:end].splitlines(keepends=True), start=1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            record["doc_id"], record["field"]  # noqa: B018 - required keys
        except (ValueError, KeyError, TypeError) as exc:
            # Only the tail can be torn (every append is fsync-ed), so this line was written
            # by something else; refuse to guess rather than drop someone's data.
            raise ConfigError(f"{path}:{lineno}: not a backfill record ({exc}); move the file "
                              f"aside or pass another --output") from exc
        yield lineno, raw, record


def read_entries(path: Path) -> dict[tuple[str, str], LedgerEntry]:
    """The (document, field) pairs ``path`` holds, read-only (a torn tail is ignored)."""
    if not path.exists():
        return {}
    data = path.read_bytes()
    return {(r["doc_id"], r["field"]): _entry(r) for _, _, r in _complete_lines(data, path)}


class OutputLedger:
    """The single writer of a backfill output file (see the module docstring).

    Use as a context manager: entering takes the lock and repairs a torn tail.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock = FileLock(str(self.path) + ".lock", timeout=0)
        self._fd: int | None = None
        self.entries: dict[tuple[str, str], LedgerEntry] = {}
        self.repaired_bytes = 0

    def __enter__(self) -> "OutputLedger":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._lock.acquire()
        except Timeout:
            raise ConfigError(f"{self.path}: another backfill is writing this output "
                              f"(lock {self._lock.lock_file})") from None
        try:
            self._recover()
        except BaseException:
            self._lock.release()
            raise
        return self

    def __exit__(self, *exc_info) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
        self._lock.release()

    def _recover(self) -> None:
        data = self.path.read_bytes() if self.path.exists() else b""
        keep = data.rfind(b"\n") + 1
        if keep < len(data):
            # The torn tail of a write a kill interrupted: its document is redone this run.
            self.repaired_bytes = len(data) - keep
            with open(self.path, "r+b") as fh:
                fh.truncate(keep)
                os.fsync(fh.fileno())
        self.entries = {(r["doc_id"], r["field"]): _entry(r)
                        for _, _, r in _complete_lines(data[:keep], self.path)}
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def drop(self, pairs: Iterable[tuple[str, str]]) -> int:
        """Remove the lines of ``pairs`` (atomically: temp file, fsync, rename); how many."""
        drop = set(pairs) & set(self.entries)
        if not drop:
            return 0
        data = self.path.read_bytes()
        tmp = self.path.with_name(self.path.name + ".compact.tmp")
        with open(tmp, "wb") as out:
            for _, raw, record in _complete_lines(data, self.path):
                if (record["doc_id"], record["field"]) not in drop:
                    out.write(raw)
            out.flush()
            os.fsync(out.fileno())
        os.close(self._fd)  # the old inode; appends must go to the new file
        os.replace(tmp, self.path)
        _fsync_dir(self.path.parent)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        for pair in drop:
            del self.entries[pair]
        return len(drop)

    def append(self, records: list[dict[str, Any]]) -> None:
        """Append one document's records durably (write everything, then fsync)."""
        if not records:
            return
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
        view = memoryview(data)
        while view:
            written = os.write(self._fd, view)
            view = view[written:]
        os.fsync(self._fd)
        for record in records:
            self.entries[(record["doc_id"], record["field"])] = _entry(record)


def _fsync_dir(directory: Path) -> None:
    """Make a rename durable (the directory entry lives in the directory's own blocks)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
