"""The two keys that decide whether a (document, field) record is still current.

* ``content_sha256``: the SHA-256 of the file's bytes. A renamed file keeps its records; an
  edited one is redone.
* ``field_version``: a short hash of everything that shapes one field's record apart from the
  document: the field's validated config (so a comment-only edit of the YAML changes nothing),
  the configs of the fields its extractor reads as context (an expiration date computed from the
  effective date changes when ``effective_date.yaml`` does), the extractor (rules, or an LLM and
  its model), the confidence calibration and a strategy override.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from ..models import Strategy

__all__ = ["content_hash", "field_versions"]

_CHUNK = 1 << 20


def content_hash(path: Path) -> str:
    """SHA-256 of the file's bytes (read in 1 MiB blocks: archives hold large scans)."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(_CHUNK):
            digest.update(block)
    return digest.hexdigest()


def field_versions(service, names: list[str], strategy: Strategy | None) -> dict[str, str]:
    """``{field: version}`` for ``names`` as ``service`` would extract them now."""
    extractor = service.extractor
    extractor_id = extractor.name
    if extractor.name == "llm":
        extractor_id += f":{service.settings.llm_model}"
    calibration = service.settings.fields_dir.parent / "calibration.json"
    shared = {
        "extractor": extractor_id,
        "calibration": _file_digest(calibration),
        "strategy": strategy.value if strategy else None,
    }
    return {name: _version(service, name, shared) for name in names}


def _version(service, name: str, shared: dict) -> str:
    configs = {dep: service.fields.get(dep).model_dump(mode="json")
               for dep in sorted(_closure(service, name))}
    blob = json.dumps({"field": name, "configs": configs, **shared}, sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def _closure(service, name: str) -> set[str]:
    """``name`` and every field it reads as context, transitively."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        current = todo.pop()
        if current in seen or current not in service.fields:
            continue
        seen.add(current)
        todo.extend(service.extractor.needs(service.fields.get(current)))
    return seen


def _file_digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except FileNotFoundError:
        return None
