"""Field configs: ``config/fields/<field_name>.yaml`` -> validated ``FieldConfig``.

Every way a YAML can be wrong (syntax, a non-mapping top level, a duplicate or unknown key, a
value of the wrong type or out of range, a regex that does not compile, a file name that
differs from ``field_name``, an ``extraction.needs`` naming a field the directory does not
configure) becomes one ``FieldConfigError`` that names the file and lists each problem as
``<key path>: <what is wrong> (got <value>)``, so a user can fix every mistake in one pass.

A directory is loaded once into a ``FieldRegistry``; files whose name starts with ``_`` are
ignored (drafts, shared snippets).
"""

from __future__ import annotations

import difflib
import os
import re
import typing
from collections.abc import Hashable, Iterable, Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from .errors import FieldConfigError, UnknownFieldError
from .models import FieldConfig

__all__ = [
    "FIELD_FILE_SUFFIXES",
    "FieldRegistry",
    "load_field_config",
    "load_field_registry",
    "validate_field_dir",
]

FIELD_FILE_SUFFIXES = (".yaml", ".yml")

_MAX_REPR = 80
_COMPARISONS = {
    "greater_than_equal": (">=", "ge"),
    "greater_than": (">", "gt"),
    "less_than_equal": ("<=", "le"),
    "less_than": ("<", "lt"),
}


# --------------------------------------------------------------------------- one file


def load_field_config(path: str | os.PathLike[str]) -> FieldConfig:
    """Read and validate one field YAML.

    Raises ``FieldConfigError(path, problems)`` listing every problem found, each naming the
    key path, what is wrong and the bad value.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FieldConfigError(str(path), [f"cannot read file: {exc}"]) from exc
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise FieldConfigError(str(path), [_yaml_problem(exc, text)]) from exc
    if data is None:
        raise FieldConfigError(str(path), ["file is empty (expected a mapping with field_name)"])
    if not isinstance(data, dict):
        problem = f"top level must be a mapping of keys to values (got {type(data).__name__})"
        raise FieldConfigError(str(path), [problem])

    problems = _stem_problems(path, data)
    try:
        config = FieldConfig.model_validate(data)
    except ValidationError as exc:
        problems += [_pydantic_problem(err) for err in exc.errors()]
        raise FieldConfigError(str(path), problems) from exc
    if problems:
        raise FieldConfigError(str(path), problems)
    return config


def _stem_problems(path: Path, data: dict[Any, Any]) -> list[str]:
    """The file name is how a field is found, so it must equal ``field_name``."""
    name = data.get("field_name")
    if isinstance(name, str) and name != path.stem:
        return [f"field_name: must equal the file name {path.stem!r} (got {name!r})"]
    return []


class _UniqueKeyLoader(yaml.SafeLoader):
    """A SafeLoader that rejects duplicate keys instead of silently keeping the last one."""


def _construct_unique_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node)
        if not isinstance(key, Hashable):
            continue  # construct_mapping reports unhashable keys itself
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node)


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_unique_mapping
)


def _yaml_problem(exc: yaml.YAMLError, text: str) -> str:
    """``invalid YAML at line 3, column 7: <problem>: '<the offending line>'``."""
    mark = getattr(exc, "problem_mark", None)
    what = getattr(exc, "problem", None) or str(exc)
    if mark is None:
        return f"invalid YAML: {what}"
    lines = text.splitlines()
    source = lines[mark.line].strip() if mark.line < len(lines) else ""
    where = f"line {mark.line + 1}, column {mark.column + 1}"
    return f"invalid YAML at {where}: {what}" + (f": {source!r}" if source else "")


# --------------------------------------------------------------------------- pydantic errors


def _pydantic_problem(err: Any) -> str:
    """Turn one pydantic error into ``key.path: what is wrong (got value)``."""
    loc: tuple[str | int, ...] = tuple(err["loc"])
    kind, ctx, value = err["type"], err.get("ctx") or {}, err.get("input")
    key, hint = _key_path(loc), ""

    if kind == "extra_forbidden":
        return _unknown_key_problem(loc)
    if kind == "missing":
        return f"{key}: is required but missing"
    if kind in _COMPARISONS:
        op, bound = _COMPARISONS[kind]
        what = f"must be {op} {ctx[bound]:g}"
    elif kind == "string_too_short":
        n = ctx.get("min_length", 1)
        what = "must not be empty" if n == 1 else f"must be at least {n} characters"
    elif kind == "string_pattern_mismatch":
        what = f"must match the pattern {ctx['pattern']!r}"
    elif kind in ("enum", "literal_error"):
        what = f"must be one of {ctx['expected']}"
        match = _closest(value, ctx["expected"].split("'")[1::2])
        hint = f"; did you mean {match!r}?" if match else ""
    else:
        what = str(err["msg"]).removeprefix("Value error, ")
        what = what.replace("Input should be", "must be", 1)
        what = re.sub(r"a valid dictionary or instance of \w+", "a mapping", what)
        what = what[:1].lower() + what[1:]

    if not loc:
        return what  # a whole-config rule; its message names the keys and values involved
    if kind == "value_error" and _in_message(value, what):
        return f"{key}: {what}"
    return f"{key}: {what} (got {_fmt(value)}{hint})"


def _unknown_key_problem(loc: tuple[str | int, ...]) -> str:
    bad, parent = loc[-1], loc[:-1]
    allowed = sorted(_model_at(parent).model_fields)
    where = f"{_key_path(parent)}: " if parent else ""
    match = _closest(bad, allowed)
    if match:
        hint = f" (did you mean {match!r}?)"
    else:
        hint = f" (allowed: {', '.join(allowed)})" if len(allowed) <= 8 else ""
    return f"{where}unknown key {str(bad)!r}{hint}"


def _model_at(loc: tuple[str | int, ...]) -> type[BaseModel]:
    """The pydantic model that validates the mapping at ``loc`` (unwrapping ``X | None`` and
    ``list[X]``)."""
    model: type[BaseModel] = FieldConfig
    for part in loc:
        if isinstance(part, int):
            continue
        model = next(_models_in(model.model_fields[str(part)].annotation))
    return model


def _models_in(annotation: Any) -> Iterator[type[BaseModel]]:
    if typing.get_origin(annotation) is None and isinstance(annotation, type):
        if issubclass(annotation, BaseModel):
            yield annotation
    for arg in typing.get_args(annotation):
        yield from _models_in(arg)


def _key_path(loc: tuple[str | int, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def _closest(value: Any, options: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(str(value), list(options), n=1, cutoff=0.6)
    return match[0] if match else None


def _fmt(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_REPR else text[: _MAX_REPR - 3] + "..."


def _in_message(value: Any, message: str) -> bool:
    """Whether the message already shows the bad value (or, for a list, one of its items)."""
    items = value if isinstance(value, list) else [value]
    return any(repr(item) in message for item in items)


# --------------------------------------------------------------------------- directories


def _field_files(directory: Path) -> list[Path]:
    if not directory.is_dir():
        raise FieldConfigError(str(directory), ["field config directory does not exist"])
    return sorted(
        p
        for p in directory.iterdir()
        if p.suffix in FIELD_FILE_SUFFIXES and not p.name.startswith("_") and p.is_file()
    )


def _load_all(directory: Path) -> list[tuple[Path, FieldConfig | FieldConfigError]]:
    """Every field file in ``directory`` with its config or its error, in file-name order."""
    results: list[tuple[Path, FieldConfig | FieldConfigError]] = []
    owners: dict[str, Path] = {}
    for path in _field_files(directory):
        try:
            config = load_field_config(path)
        except FieldConfigError as exc:
            results.append((path, exc))
            continue
        if config.field_name in owners:
            first = owners[config.field_name].name
            problem = f"field_name: {config.field_name!r} is already defined in {first}"
            results.append((path, FieldConfigError(str(path), [problem])))
            continue
        owners[config.field_name] = path
        results.append((path, config))
    # a broken file still defines its name (the stem must equal field_name): report it there
    known = {p.stem for p, _ in results}
    return [
        (path, _with_needs_checked(path, outcome, known)) for path, outcome in results
    ]


def _needs_problems(config: FieldConfig, known: Iterable[str]) -> list[str]:
    """``extraction.needs`` must name configured fields; one problem per unknown name."""
    known = set(known)
    problems = []
    for i, name in enumerate(config.extraction.needs or []):
        if name not in known:
            match = _closest(name, known)
            hint = f"; did you mean {match!r}?" if match else ""
            what = f"names no configured field (got {name!r}{hint})"
            problems.append(f"extraction.needs[{i}]: {what}")
    return problems


def _with_needs_checked(
    path: Path, outcome: FieldConfig | FieldConfigError, known: set[str]
) -> FieldConfig | FieldConfigError:
    if isinstance(outcome, FieldConfigError):
        return outcome
    problems = _needs_problems(outcome, known)
    return FieldConfigError(str(path), problems) if problems else outcome


def validate_field_dir(
    directory: str | os.PathLike[str],
) -> list[tuple[Path, FieldConfigError | None]]:
    """Check every field file in ``directory``; ``None`` marks a valid file.

    All files are checked, so one run reports every broken file. Raises ``FieldConfigError``
    only when the directory itself does not exist.
    """
    return [
        (path, outcome if isinstance(outcome, FieldConfigError) else None)
        for path, outcome in _load_all(Path(directory))
    ]


class FieldRegistry:
    """The field configs a service knows, by name. Built once; read-only afterwards."""

    def __init__(self, configs: Iterable[FieldConfig], source: Path | None = None):
        self.source = source
        self._configs: dict[str, FieldConfig] = {}
        for config in configs:
            if config.field_name in self._configs:
                raise ValueError(f"field {config.field_name!r} is configured twice")
            self._configs[config.field_name] = config
        for config in self._configs.values():
            if problems := _needs_problems(config, self._configs):
                raise ValueError(f"field {config.field_name!r}: {problems[0]}")

    @classmethod
    def from_dir(cls, directory: str | os.PathLike[str]) -> FieldRegistry:
        """Load every field file in ``directory``; see ``load_field_registry``."""
        directory = Path(directory)
        outcomes = _load_all(directory)
        errors = [e for _, e in outcomes if isinstance(e, FieldConfigError)]
        if len(errors) == 1:
            raise errors[0]
        if errors:
            problems = [f"{Path(e.path).name}: {p}" for e in errors for p in e.problems]
            raise FieldConfigError(str(directory), problems)
        return cls((c for _, c in outcomes if isinstance(c, FieldConfig)), source=directory)

    def get(self, name: str) -> FieldConfig:
        """The config for ``name``; ``UnknownFieldError`` (listing the known names) if none."""
        try:
            return self._configs[name]
        except KeyError:
            raise UnknownFieldError(name, self.names()) from None

    def names(self) -> list[str]:
        """Every configured field name, sorted."""
        return sorted(self._configs)

    def __iter__(self) -> Iterator[FieldConfig]:
        return (self._configs[name] for name in self.names())

    def __len__(self) -> int:
        return len(self._configs)

    def __contains__(self, name: object) -> bool:
        return name in self._configs

    def __repr__(self) -> str:
        return f"FieldRegistry({len(self)} fields from {self.source})"


def load_field_registry(directory: str | os.PathLike[str]) -> FieldRegistry:
    """Load and validate every field file in ``directory`` into a ``FieldRegistry``.

    Raises ``FieldConfigError``: the file's own error when one file is bad, or one error for
    the directory listing every bad file's problems when several are.
    """
    return FieldRegistry.from_dir(directory)
