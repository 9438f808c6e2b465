"""``calibrate``'s outputs: the histogram PNG and the in-place YAML update.

The YAML is edited with ruamel.yaml's round-trip mode, so comments, key order and quoting stay
as the author wrote them; a key the file did not have is appended at the end. Each edited file
is validated with the project's own loader before it replaces the original (temp file, then
``os.replace``), so ``--write`` can never leave a field config the service refuses.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from .calibrate import FieldFit

__all__ = ["plot_histograms", "write_field_yaml"]

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
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            for sub, subvalue in value.items():
                data[key][sub] = subvalue
        else:
            data[key] = value
    tmp = path.with_name(f".{path.name}.calibrate.tmp")
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
