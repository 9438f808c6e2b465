"""The data that flows between the layers: documents, chunks, scored chunks and field configs.

Chunks and scores are plain frozen dataclasses (hot paths create thousands of them);
``FieldConfig`` is a pydantic model because it is validated from user-written YAML.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "ChunkType",
    "Block",
    "ParsedDocument",
    "Chunk",
    "ScoredChunk",
    "ValueType",
    "Strategy",
    "BM25Normalization",
    "AgreementBoost",
    "Queries",
    "Instructions",
    "Position",
    "VisualAnalysis",
    "Weights",
    "ExtractionRules",
    "FieldConfig",
]

ChunkType = Literal["text", "table", "image"]


# --------------------------------------------------------------------------- documents


@dataclass(frozen=True)
class Block:
    """One structural unit a parser found: a paragraph, a table, an image caption.

    ``start``/``end`` are character offsets into ``ParsedDocument.text``; ``section`` is the
    heading path that encloses the block (outermost first), empty when the format has none.
    """

    kind: ChunkType
    text: str
    start: int
    end: int
    page: int | None = None
    section: tuple[str, ...] = ()


@dataclass(frozen=True)
class ParsedDocument:
    """A parsed file: its full extracted text and the blocks that tile it."""

    doc_id: str
    source: str
    text: str
    blocks: tuple[Block, ...]
    page_count: int | None = None
    format: str = "text"


@dataclass(frozen=True)
class Chunk:
    """The unit that is embedded, indexed and retrieved.

    ``chunk_id`` is stable: the same document text chunked with the same settings gives the same
    ids. ``position`` is the chunk's ordinal in the document (0 = first), which lets fields that
    live at the start of a contract (title, parties, dates) prefer early chunks.
    """

    chunk_id: str
    doc_id: str
    text: str
    chunk_type: ChunkType
    start: int
    end: int
    position: int
    page: int | None = None
    section: tuple[str, ...] = ()
    source: str = ""

    @property
    def section_title(self) -> str:
        """The innermost section heading, or an empty string."""
        return self.section[-1] if self.section else ""


@dataclass(frozen=True)
class ScoredChunk:
    """A retrieved chunk with every score that produced its rank, so any result can be explained.

    ``bm25``/``knn`` are the raw backend scores (None when that phase did not find the chunk),
    ``bm25_norm``/``knn_norm`` their normalized values, ``in_both`` whether both phases found it,
    ``adjustments`` the post-processing bonuses applied (name -> amount) and ``score`` the final
    score the chunk is ranked by.
    """

    chunk: Chunk
    score: float
    bm25: float | None = None
    bm25_norm: float | None = None
    knn: float | None = None
    knn_norm: float | None = None
    in_both: bool = False
    adjustments: dict[str, float] = field(default_factory=dict)

    @property
    def chunk_id(self) -> str:
        return self.chunk.chunk_id


# --------------------------------------------------------------------------- field configs


class ValueType(str, Enum):
    """The type of value a field extracts (see issue: typed values)."""

    date = "date"
    duration = "duration"
    money = "money"
    percent = "percent"
    party_list = "party_list"
    place = "place"
    identifier = "identifier"
    enum = "enum"
    boolean = "boolean"
    text = "text"
    clause = "clause"


class Strategy(str, Enum):
    hybrid = "hybrid"
    pipeline = "pipeline"


class BM25Normalization(str, Enum):
    """How raw BM25 scores are brought to [0, 1] before fusion."""

    min_max = "min_max"  # over the candidate set, as OpenSearch's normalization-processor does
    divide_by_10 = "divide_by_10"  # the seed's behaviour, kept for comparison


class AgreementBoost(str, Enum):
    """How chunks found by both BM25 and kNN are rewarded in the pipeline strategy."""

    graded = "graded"  # multiply by 1 + (boost - 1) * min(bm25_norm, knn_norm)
    binary = "binary"  # the seed's flat multiplier
    none = "none"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Queries(_Strict):
    """Query variants. ``exact``: phrases as written in documents; ``pattern``: regular
    expressions for how the value looks (their literal words also feed BM25); ``fuzzy``: loose
    phrasings searched with fuzziness AUTO."""

    exact: list[str] = Field(default_factory=list)
    pattern: list[str] = Field(default_factory=list)
    fuzzy: list[str] = Field(default_factory=list)

    @field_validator("pattern")
    @classmethod
    def _patterns_compile(cls, patterns: list[str]) -> list[str]:
        import re

        for p in patterns:
            try:
                re.compile(p)
            except re.error as exc:
                raise ValueError(f"pattern {p!r} is not a valid regular expression: {exc}") from exc
        return patterns

    def all(self) -> list[str]:
        return [*self.exact, *self.pattern, *self.fuzzy]


class Instructions(_Strict):
    task: str = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)


class Position(_Strict):
    """Where in the document the value usually sits: the first ``first_chunks`` chunks are
    always candidates and get ``boost`` added to their score (titles, parties and dates open a
    contract); the last ``last_chunks`` chunks are appended to the evidence after the ranked
    chunks (signature blocks name the parties of letter agreements)."""

    first_chunks: int = Field(default=3, ge=1)
    boost: float = Field(default=0.2, ge=0)
    last_chunks: int = Field(default=0, ge=0)


class VisualAnalysis(_Strict):
    max_images: int = Field(default=2, ge=0)


class Weights(_Strict):
    bm25: float = Field(default=0.5, ge=0)
    knn: float = Field(default=0.5, ge=0)

    @model_validator(mode="after")
    def _not_both_zero(self) -> "Weights":
        if self.bm25 == 0 and self.knn == 0:
            raise ValueError("weights.bm25 and weights.knn cannot both be 0")
        return self


class ExtractionRules(_Strict):
    """How the rule extractor reads a field; every key is optional.

    Defaults come from the built-in profile named ``profile`` (else the field's name, else its
    type; see ``extraction/field_rules.py``); the keys given here override that profile.
    ``kind_weights`` maps a candidate's role hint (``effective``, ``renewal``, ``law``, ...; the
    key ``none`` for no hint) to a bonus in [-1, 1]; ``require_kinds`` drops candidates without
    one of those hints; ``context`` is a regex the candidate's sentence must match; ``cues``
    are extra keywords whose nearness supports a candidate; ``min_score`` is the raw score under
    which the field is reported ``not_found`` (confidence 0.5 sits at this threshold).
    """

    profile: str | None = None
    min_score: float | None = Field(default=None, ge=0)
    kind_weights: dict[str, float] = Field(default_factory=dict)
    require_kinds: list[str] = Field(default_factory=list)
    context: str | None = None
    cues: list[str] = Field(default_factory=list)
    max_chunks: int | None = Field(default=None, ge=1)

    @field_validator("kind_weights")
    @classmethod
    def _weights_in_range(cls, weights: dict[str, float]) -> dict[str, float]:
        for kind, weight in weights.items():
            if not -1 <= weight <= 1:
                raise ValueError(f"kind_weights[{kind!r}] must be in [-1, 1], got {weight}")
        return weights

    @field_validator("context")
    @classmethod
    def _context_compiles(cls, context: str | None) -> str | None:
        import re

        if context is not None:
            try:
                re.compile(context)
            except re.error as exc:
                raise ValueError(f"context {context!r} is not a valid regex: {exc}") from exc
        return context


class FieldConfig(_Strict):
    """One field's configuration, validated from ``config/fields/<field_name>.yaml``.

    Every default lives here; a YAML overrides only what it names.
    """

    field_name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    description: str = ""
    type: ValueType = ValueType.text
    strategy: Strategy = Strategy.hybrid
    queries: Queries = Field(default_factory=Queries)
    instructions: Instructions
    keywords_search: list[str] = Field(default_factory=list)
    sections: list[str] = Field(default_factory=list)  # primary first
    position: Position | None = None
    choices: list[str] = Field(default_factory=list)  # for type enum
    pattern: str | None = None  # for type identifier: the value's regex

    # thresholds
    bm25_score_threshold: float = Field(default=0.0, ge=0)
    knn_score_threshold: float = Field(default=0.0, ge=0, le=1)
    min_score: float = Field(default=0.0, ge=0)
    intersection_boost: float = Field(default=2.0, ge=1)
    section_boost: float = Field(default=0.15, ge=0)  # primary section; secondary gets half

    # sizes
    max_bm25_results: int = Field(default=100, ge=1)
    max_knn_results: int = Field(default=100, ge=1)
    similarity_top_k: int = Field(default=100, ge=1)
    final_top_k: int = Field(default=5, ge=1)
    visual_analysis: VisualAnalysis = Field(default_factory=VisualAnalysis)

    # fusion
    weights: Weights = Field(default_factory=Weights)
    bm25_normalization: BM25Normalization = BM25Normalization.min_max
    agreement_boost: AgreementBoost = AgreementBoost.graded

    # value extraction (rule extractor)
    extraction: ExtractionRules = Field(default_factory=ExtractionRules)

    @model_validator(mode="after")
    def _type_specific(self) -> "FieldConfig":
        if self.type is ValueType.enum and not self.choices:
            raise ValueError("type 'enum' needs a non-empty 'choices' list")
        if self.type is ValueType.identifier and not self.pattern:
            raise ValueError("type 'identifier' needs a 'pattern' (the value's regex)")
        if self.pattern is not None:
            import re

            try:
                re.compile(self.pattern)
            except re.error as exc:
                raise ValueError(f"pattern {self.pattern!r} is not a valid regex: {exc}") from exc
        return self

    def bm25_terms(self) -> list[str]:
        """Everything the BM25 side searches: queries, task keywords and keywords_search."""
        return [*self.queries.all(), *self.instructions.keywords, *self.keywords_search]

    def knn_text(self) -> str:
        """What the kNN side embeds: the task, else a generic instruction."""
        return self.instructions.task or f"Extract {self.field_name} from the document"
