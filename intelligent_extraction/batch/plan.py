"""Deciding what a backfill run does: which (document, field) pairs are done, which to (re)do.

A pair is done when the output holds a record for it with the same ``content_sha256`` and
``field_version`` and a status other than ``error`` (errors are retried: most are transient,
and a corrupt file costs one parse to confirm). ``--force`` redoes every selected pair.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..extraction.base import FieldResult
from ..models import Strategy
from .inputs import BatchInput
from .output import META_KEY, LedgerEntry
from .versions import content_hash

__all__ = ["DocTask", "Plan", "make_plan", "error_records", "with_meta"]


@dataclass
class DocTask:
    """One document's outstanding work."""

    path: Path
    doc_id: str
    content_sha256: str | None
    fields: list[str]
    problem: str | None = None  # set: the file cannot be read; only error records are written


@dataclass
class Plan:
    tasks: list[DocTask] = field(default_factory=list)
    done_documents: int = 0  # every selected field already current
    done_pairs: int = 0
    stale: list[tuple[str, str]] = field(default_factory=list)  # lines to drop before writing
    duplicates: list[dict[str, str]] = field(default_factory=list)
    deferred: int = 0  # documents with work left beyond --limit

    @property
    def pairs(self) -> int:
        return sum(len(t.fields) for t in self.tasks)


def make_plan(
    inputs: list[BatchInput],
    names: list[str],
    versions: dict[str, str],
    entries: dict[tuple[str, str], LedgerEntry],
    *,
    force: bool = False,
    limit: int | None = None,
) -> Plan:
    """The tasks for this run, in input order; ``limit`` caps the documents with work to do."""
    plan = Plan()
    owners: dict[str, Path] = {}
    for item in inputs:
        if item.doc_id in owners:
            # Two files, one id: writing both would give a (document, field) two lines.
            plan.duplicates.append({"doc_id": item.doc_id, "path": str(item.path),
                                    "kept": str(owners[item.doc_id])})
            continue
        owners[item.doc_id] = item.path
        task = _task(item, names, versions, entries, force)
        plan.done_pairs += len(names) - len(task.fields)
        if not task.fields:
            plan.done_documents += 1
        elif limit is not None and len(plan.tasks) >= limit:
            plan.deferred += 1
        else:
            plan.tasks.append(task)
            plan.stale += [(task.doc_id, n) for n in task.fields if (task.doc_id, n) in entries]
    return plan


def _task(item: BatchInput, names: list[str], versions: dict[str, str],
          entries: dict[tuple[str, str], LedgerEntry], force: bool) -> DocTask:
    problem, digest = item.problem, None
    if problem is None:
        try:
            digest = content_hash(item.path)
        except OSError as exc:
            problem = f"{item.path}: cannot read ({exc.strerror or exc})"
    todo = [n for n in names
            if force or problem or not _current(entries.get((item.doc_id, n)), digest, versions[n])]
    return DocTask(item.path, item.doc_id, digest, todo, problem)


def _current(entry: LedgerEntry | None, digest: str | None, version: str) -> bool:
    return (entry is not None and entry.status != "error"
            and entry.content_sha256 == digest and entry.field_version == version)


def error_records(task: DocTask, types: dict[str, str], reason: str,
                  strategy: Strategy | None, default_strategies: dict[str, str]) -> list[dict]:
    """One ``status: error`` FieldResult record per outstanding field of a failed document."""
    return [FieldResult(doc_id=task.doc_id, source=task.path.name, field=name, type=types[name],
                        status="error", error=reason,
                        strategy=strategy.value if strategy else default_strategies[name],
                        attempts=0).to_dict()
            for name in task.fields]


def with_meta(records: list[dict[str, Any]], task: DocTask,
              versions: dict[str, str]) -> list[dict[str, Any]]:
    """The records with the ``backfill`` key that resuming reads."""
    for record in records:
        record[META_KEY] = {"content_sha256": task.content_sha256,
                            "field_version": versions[record["field"]],
                            "input": str(task.path)}
    return records
