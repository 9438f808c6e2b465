"""``calibrate``'s outputs: the histogram PNG and the in-place YAML update.

A number or string the file already holds on a line of its own (a threshold, a scorer) is
replaced on that line and every other byte is kept. Anything else is edited with ruamel.yaml's
round-trip mode, so comments, key order and quoting stay as the author wrote them; a key the
file did not have is appended at the end. Each edited file
is validated with the project's own loader before it replaces the original (temp file, then
``os.replace``), so ``--write`` can never leave a field config the service refuses.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from .calibrate import FieldFit

__all__ = ["plot_histograms", "write_field_yaml"]

#: a key's line holding a plain scalar: the value and an end-of-line comment kept apart
_SCALAR_LINE = (
    r"^(?P<head>[ \t]*{key}:[ \t]*)(?P<value>[^\s#{{\[][^#\n]*?)(?P<tail>[ \t]*(?:#.*)?)$"
)
_PLAIN = re.compile(r"[A-Za-z_][\w.-]*|-?\d+(?:\.\d+)?(?:e-?\d+)?")

_PANELS = (("bm25", "BM25 (raw)", "bm25_score_threshold"),
           ("knn", "kNN (raw, (1 + cos) / 2)", "knn_score_threshold"),
           ("score", "combined (final)", "min_score"))


def plot_histograms(fits: list[FieldFit], path: Path) -> None:
    """One row per field, one panel per score; chunks holding the answer vs the others, with
    the current (dashed) and suggested (solid) thresholds."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:
        raise ConfigError("--png needs matplotlib: pip install "
                          "'intelligent-extraction[batch]'") from exc
    fig, axes = plt.subplots(len(fits), 3, figsize=(13, 2.6 * len(fits)), squeeze=False)
    for row, fit in zip(axes, fits):
        for ax, (attr, title, key) in zip(row, _PANELS):
            _panel(ax, fit, attr, key)
            ax.set_title(f"{fit.field}: {title}", fontsize=9)
    axes[0][0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=80)
    plt.close(fig)


def _panel(ax, fit: FieldFit, attr: str, key: str) -> None:
    groups = {True: [], False: []}
    for ranking in fit.rankings:
        for c in ranking.ranked:
            value = getattr(c, attr)
            if value is not None:
                groups[c.positive].append(value)
    for positive, color, label in ((False, "tab:gray", "other chunks"),
                                   (True, "tab:green", "holds the answer")):
        if groups[positive]:
            ax.hist(groups[positive], bins=30, density=True, alpha=0.55, color=color,
                    label=f"{label} ({len(groups[positive])})")
    for params, style in ((fit.current, "--"), (fit.suggested, "-")):
        if key in params:
            ax.axvline(params[key], color="tab:red", linestyle=style, linewidth=1.2)


def write_field_yaml(path: Path, changes: dict[str, Any]) -> None:
    """Set ``changes`` in the field YAML at ``path``, keeping comments and key order."""
    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent

    from ..fields import load_field_config

    text = path.read_text(encoding="utf-8")
    _, indent, block_seq_indent = load_yaml_guess_indent(text)
    yaml = YAML()  # round-trip: comments, order and quoting survive
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap the author's long lines
    # Keep the file's own list indentation, or every list line would show up in the diff.
    yaml.indent(mapping=2, sequence=indent or 2, offset=block_seq_indent or 0)
    data = yaml.load(text)
    edits: list[tuple[Any, str, Any]] = []  # (mapping, key, value)
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            edits += [(data[key], sub, subvalue) for sub, subvalue in value.items()]
        else:
            edits.append((data, key, value))
    tmp = path.with_name(f".{path.name}.calibrate.tmp")
    in_place = _set_scalars_in_place(text, edits)
    if in_place is not None:
        tmp.write_text(in_place, encoding="utf-8")
    else:
        for mapping, key, value in edits:
            mapping[key] = value
        with open(tmp, "w", encoding="utf-8") as fh:
            yaml.dump(data, fh)
    try:
        # The loader wants the real file name (field_name must equal it): check a copy so named.
        with tempfile.TemporaryDirectory() as scratch:
            check = Path(scratch) / path.name
            check.write_bytes(tmp.read_bytes())
            load_field_config(check)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)


def _set_scalars_in_place(text: str, edits: list[tuple[Any, str, Any]]) -> str | None:
    """The text with each edited scalar replaced on its own line and every other byte kept;
    None when an edit is not a scalar already on a line of its own (then ruamel re-emits the
    file). Why: ruamel re-emits a flow mapping on one line, so a refit would unwrap an author's
    two-line ``kind_weights`` every time."""
    lines = text.splitlines(keepends=True)
    for mapping, key, value in edits:
        # numbers and strings only: a bool or None would need YAML's own spelling
        scalar = isinstance(value, (int, float, str)) and not isinstance(value, bool)
        if key not in mapping or not scalar:
            return None
        shown = f"{value}" if _PLAIN.fullmatch(f"{value}") else json.dumps(value)
        row, _ = mapping.lc.key(key)
        line = re.match(_SCALAR_LINE.format(key=re.escape(key)), lines[row].rstrip("\n"))
        if line is None:
            return None
        end = lines[row][len(lines[row].rstrip("\n")):]
        lines[row] = line["head"] + shown + line["tail"] + end
    return "".join(lines)
