"""The learned candidate scorer: which candidate answers a field, and whether any does.

The rule readers (``rules``) find a field's candidates and describe each one with features:
retrieval rank, keyword distance, role, section, position, sentence cues, unit, agreement, ...
(``scoring.CandidateReader``). Which features matter, and how much, is not chosen by hand: a
logistic regression per value type, fitted on labelled contracts (``intelligent-extraction
train``, see ``training/``), turns a candidate's features into the probability that its value
is right. The best candidate answers when that probability clears the field's learned
threshold (``extraction.threshold`` in its YAML, chosen for F1 on the training set); otherwise
the field is ``not_found``.

The features that carry field knowledge (the role weight, the sentence cues, the unit bonus)
are computed from the field's YAML profile, so one model per type serves every field of that
type, a new one included. A model is a JSON file of named coefficients: no pickles, no library
at inference, and every decision explains itself as one contribution per feature.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import ConfigError
from ..models import ValueType

__all__ = ["FEATURES", "CandidateModel", "MODELS_DIR", "model_for", "load_model", "rescore"]

#: Every feature a candidate may carry (``Scored.features``); absent ones count as 0.
FEATURES: tuple[str, ...] = (
    "rank", "keywords", "kind", "section", "early", "lead", "signature", "sentence", "unit",
    "agreement", "support", "count",
)

#: Where the fitted models ship: one ``<value type>.json`` per type.
MODELS_DIR = Path(__file__).resolve().parent / "scorers"

MODEL_FORMAT = 1


@dataclass(frozen=True)
class CandidateModel:
    """A logistic regression over named features: P(value right) = sigmoid(b + sum w_i x_i)."""

    value_type: str
    coef: Mapping[str, float]
    intercept: float
    default_threshold: float = 0.5  # for a field whose YAML has no threshold of its own
    trained_on: Mapping[str, Any] | None = None

    def logit(self, features: Mapping[str, float]) -> float:
        return self.intercept + sum(w * features.get(k, 0.0) for k, w in self.coef.items())

    def probability(self, features: Mapping[str, float]) -> float:
        z = self.logit(features)
        return 1.0 / (1.0 + math.exp(-z)) if z > -700 else 0.0

    def contributions(self, features: Mapping[str, float]) -> dict[str, float]:
        """Each feature's share of the logit (weight x value), the intercept as ``bias``."""
        out = {k: w * features.get(k, 0.0) for k, w in self.coef.items()}
        out["bias"] = self.intercept
        return {k: v for k, v in out.items() if v}

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": MODEL_FORMAT,
            "value_type": self.value_type,
            "intercept": self.intercept,
            "coef": dict(self.coef),
            "default_threshold": self.default_threshold,
            "trained_on": dict(self.trained_on or {}),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str) -> "CandidateModel":
        if data.get("format") != MODEL_FORMAT:
            raise ConfigError(
                f"{source}: format must be {MODEL_FORMAT}. Currently, it is {data.get('format')!r}"
            )
        coef = data.get("coef")
        if not isinstance(coef, dict) or not all(isinstance(v, (int, float)) for v in coef.values()):
            raise ConfigError(f"{source}: coef must map feature names to numbers")
        unknown = sorted(set(coef) - set(FEATURES))
        if unknown:
            raise ConfigError(f"{source}: coef names unknown features {unknown}; known: "
                              f"{', '.join(FEATURES)}")
        return cls(
            value_type=str(data["value_type"]),
            coef={k: float(v) for k, v in coef.items()},
            intercept=float(data["intercept"]),
            default_threshold=float(data.get("default_threshold", 0.5)),
            trained_on=data.get("trained_on"),
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")


def load_model(path: Path) -> CandidateModel:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: not a candidate model ({exc})") from exc
    return CandidateModel.from_dict(data, str(path))


@lru_cache(maxsize=64)
def _cached(path: Path, mtime_ns: int) -> CandidateModel:
    return load_model(path)


def model_for(value_type: ValueType | str, models_dir: Path | None = None) -> CandidateModel | None:
    """The fitted model of a value type, or None when none was trained (the hand-weighted raw
    score decides then, as for types no labelled set covers)."""
    path = (models_dir or MODELS_DIR) / f"{ValueType(value_type).value}.json"
    if not path.exists():
        return None
    return _cached(path, path.stat().st_mtime_ns)


def rescore(model: CandidateModel, ranked: list) -> list:
    """``Scored`` candidates re-ranked by the model: each one's ``score`` becomes its
    probability and ``contributions`` says why; the hand-weighted score stays in ``hand``."""
    for s in ranked:
        s.hand = s.score
        s.score = model.probability(s.features)
        s.contributions = model.contributions(s.features)
    return sorted(ranked, key=lambda s: (-s.score, s.start))
