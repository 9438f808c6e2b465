"""The data that flows between the layers: documents, chunks, scored chunks and field configs.

Chunks and scores are plain frozen dataclasses (hot paths create thousands of them);
``FieldConfig`` is a pydantic model because it is validated from user-written YAML.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Literal

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
    "ExtractionMode",
    "MODE_TYPES",
    "SentenceCue",
    "DEFAULT_MAX_CHUNKS",
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


#: Characters of text that count as one chunk of the opening (``Chunk.opening_position``):
#: ordinary chunks hold several times as much, a cover page's title or share-count line less.
OPENING_CHARS = 250


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
    #: (``position``, ``start``) of the chunk the opening resumes at after a cover page and a
    #: table of contents (``retrieval.front_matter``, ``leading_position``), None when the
    #: document has none; set at retrieval, never stored
    opening_resumes_at: tuple[int, int] | None = None

    @property
    def section_title(self) -> str:
        """The innermost section heading, or an empty string."""
        return self.section[-1] if self.section else ""

    @property
    def opening_position(self) -> int:
        """Where the chunk stands in the opening, after the first chunk counted in the text
        before it rather than in chunks: a cover page cut into small chunks (a title line,
        "1,265,000 Shares", "($.01 Par Value)") does not push the preamble or a letter's date
        line back. The first chunk stays first; chunks of an ordinary size keep their
        ``position``."""
        return min(self.position, 1 + self.start // OPENING_CHARS)

    @property
    def leading_position(self) -> int:
        """``opening_position`` for retrieval's leading chunks: behind a table of contents the
        count starts again at 1 from the chunk the opening resumes at, so the preamble after a
        cover page and its contents is read as a leading chunk, and its date keeps the
        signatories' dates from answering for the opening. The scorer's early and lead bonuses
        keep ``opening_position``: the preamble's date read as the opening's first would
        outrank an effective date its definitions state further on."""
        resumes = self.opening_resumes_at
        if resumes is not None and self.position >= resumes[0]:
            return 1 + min(self.position - resumes[0], (self.start - resumes[1]) // OPENING_CHARS)
        return self.opening_position


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
        return [_compiles(p, "pattern") for p in patterns]

    def all(self) -> list[str]:
        return [*self.exact, *self.pattern, *self.fuzzy]


class Instructions(_Strict):
    task: str = Field(min_length=1)
    keywords: list[str] = Field(default_factory=list)


class Position(_Strict):
    """Where in the document the value usually sits: the first ``first_chunks`` chunks are
    always candidates and get ``boost`` added to their score (titles, parties and dates open a
    contract); the last ``last_chunks`` chunks are appended to the evidence after the ranked
    chunks (signature blocks name the parties of letter agreements). A document of at most
    ``read_whole_up_to`` chunks (0: none) is read whole: its other chunks follow those, in
    document order (a short joint statement names its parties only in signature blocks that
    no query ranks). With ``signature_block``, the chunks of the first signature block ("IN
    WITNESS WHEREOF") are appended before the last ones, wherever it stands (exhibits may follow
    it). The extractor reads ``extraction.max_chunks`` of them, so that must be at least
    ``read_whole_up_to``. With ``after_contents``, the first chunks are counted again after a
    table of contents near the top (``Chunk.leading_position``): a filed contract's preamble
    stands behind its cover page and contents."""

    first_chunks: int = Field(default=3, ge=1)
    boost: float = Field(default=0.2, ge=0)
    last_chunks: int = Field(default=0, ge=0)
    read_whole_up_to: int = Field(default=0, ge=0)
    signature_block: bool = False
    after_contents: bool = False


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


ExtractionMode = Literal["value", "expiration", "renewal", "parties", "title", "sentence"]

#: The value types each extraction mode reads (``value`` reads every type).
MODE_TYPES: dict[str, frozenset[ValueType]] = {
    "expiration": frozenset({ValueType.date}),
    "renewal": frozenset({ValueType.duration}),
    "parties": frozenset({ValueType.party_list}),
    "title": frozenset({ValueType.text, ValueType.clause}),
    "sentence": frozenset({ValueType.text, ValueType.clause}),
}


def _compiles(regex: str, what: str) -> str:
    try:
        re.compile(regex)
    except re.error as exc:
        raise ValueError(f"{what} {regex!r} is not a valid regex: {exc}") from exc
    return regex


#: A labelling convention's setting: always (true), never (false), or where a passage the field
#: reads matches a regex (any of a list).
Convention = bool | str | list[str]

#: A bonus added to a candidate's raw score (negative: a penalty).
Weight = Annotated[float, Field(ge=-1, le=1)]


class SentenceCue(_Strict):
    """A regex read in a candidate's sentence and the bonus (in [-1, 1]) it adds when it
    matches; a negative weight counts against the candidate."""

    pattern: str = Field(min_length=1)
    weight: Weight

    @field_validator("pattern")
    @classmethod
    def _pattern_compiles(cls, pattern: str) -> str:
        return _compiles(pattern, "pattern")


#: How many of the retrieved chunks the rule extractor reads when ``extraction.max_chunks`` is
#: not set.
DEFAULT_MAX_CHUNKS = 10


class ExtractionRules(_Strict):
    """How the rule extractor reads a field (``extraction:`` in its YAML); every key optional.

    A key left out takes the default of the field's value type (``extraction/field_rules.py``
    ``TYPE_DEFAULTS``: ``mode: value``, ``min_score: 0.4``, no weights, for most types;
    ``mode: sentence, min_score: 0.3`` for ``text`` and ``clause``; ``mode: parties, early: 0.4,
    min_score: 0.35`` for ``party_list``). Nothing is keyed by the field's name.

    - ``mode``: how candidates are found and chosen: ``value`` (typed values), ``expiration``
      (dates, plus a start date from ``needs`` + a stated term; type date), ``renewal``
      (durations, plus open-ended and same-as-the-term renewals; type duration), ``parties``
      (type party_list), ``title`` or ``sentence`` (types text and clause);
    - ``kind_weights``: a candidate's role hint (``effective``, ``renewal``, ``law``, ...; the key
      ``none`` for no hint) -> bonus in [-1, 1]; ``require_kinds`` drops candidates without
      one of those hints;
    - ``context``: a regex the candidate's sentence must match;
    - ``cues``: extra keywords (besides ``instructions.keywords``) whose nearness supports a
      candidate; ``sentence_cues``: ``{pattern, weight}`` pairs, a regex read in the
      candidate's sentence and its bonus in [-1, 1];
    - ``unit_weights``: the candidate's unit hint (``year``, ``month``, ``day`` ...) -> bonus in
      [-1, 1];
    - ``min_score``: the raw score under which the field is ``not_found`` (confidence 0.5 sits at
      this threshold);
    - ``early`` (in [0, 1]): bonus for sitting in the document's first chunks; ``lead`` (in
      [0, 1]): bonus for the first candidate of the opening chunks among those with the best
      role; ``signature`` (in [0, 1]): bonus for a date in a signature block when the opening
      states no date the field takes;
    - ``max_chunks``: how many retrieved chunks are read (default ``DEFAULT_MAX_CHUNKS``);
    - ``needs``: other configured fields whose values this one derives from (an expiration
      runs from the effective date): they are extracted first and passed as context, else
      read with their own settings. For ``expiration`` the list is in order of preference;
      a term counted from signing ("from the date hereof") reads it from the end, so the
      signing date (``agreement_date``) goes last. For a ``value`` date field, the signing
      date (from context only) it answers with where the agreement takes effect when signed
      or starts on its own date ("The Term shall commence on the date hereof").
      Checked against the configured fields when the field directory is loaded;
    - ``threshold`` (in [0, 1]): the probability the learned scorer's best candidate must
      reach (``extraction/learned.py``; written by ``intelligent-extraction train``);
    - ``scorer`` (``hand`` by default): what chooses among the candidates and decides
      ``not_found``: ``hand``, the hand-weighted raw score against ``min_score``; ``learned``,
      the fitted model of the field's type against ``threshold``. ``train --write`` sets
      ``learned`` only where it beats the hand weights in cross-validation on the fit set;
    - ``signing_date_fallback`` (date fields; default true): a labelling convention. When the
      contract states no date for the field's role, only the date it was made or signed
      ("dated as of ...", or a date with no role cue), true answers with that date (as
      Kleister-NDA labels effective dates) and false leaves the field empty: only dates with
      a stated role (``kind`` other than ``dated`` and ``none``) answer. A regex answers
      with it only when a passage the field reads matches the regex (CUAD labels the
      signing date as effective in contracts that speak of their effective date, and
      Kleister-NDA in every confidentiality agreement). A list of regexes: when any matches;
    - ``withhold_partial_dates`` (date fields; default false): a labelling convention. A date
      missing its day ("____, 2014", "June 2009") answers unless this is true; a regex (or a
      list of them) withholds it only when a passage the field reads matches (Kleister-NDA
      never labels a partial date in a confidentiality agreement, CUAD labels the year);
    - ``open_ended_answers`` (duration fields; default true): a labelling convention. Whether
      a term that runs until someone ends it ("for an indefinite period", "until terminated")
      answers as ``perpetual``; false leaves the field empty (the labelled sets give such a
      contract an expiration of ``perpetual`` but no term).
    """

    mode: ExtractionMode | None = None
    kind_weights: dict[str, Weight] | None = None
    require_kinds: list[str] | None = None
    context: str | None = None
    cues: list[str] | None = None
    sentence_cues: list[SentenceCue] | None = None
    unit_weights: dict[str, Weight] | None = None
    min_score: float | None = Field(default=None, ge=0)
    early: float | None = Field(default=None, ge=0, le=1)
    lead: float | None = Field(default=None, ge=0, le=1)
    signature: float | None = Field(default=None, ge=0, le=1)
    max_chunks: int | None = Field(default=None, ge=1)
    needs: list[str] | None = None
    #: the learned scorer's answer threshold on its probability (``extraction/learned.py``),
    #: written by ``intelligent-extraction train``; not part of the rule
    threshold: float | None = Field(default=None, ge=0, le=1)
    scorer: Literal["hand", "learned"] | None = None
    signing_date_fallback: Convention | None = None
    withhold_partial_dates: Convention | None = None
    open_ended_answers: bool | None = None

    @field_validator("context")
    @classmethod
    def _context_compiles(cls, context: str | None) -> str | None:
        return None if context is None else _compiles(context, "context")

    @field_validator("signing_date_fallback", "withhold_partial_dates")
    @classmethod
    def _convention_patterns_compile(cls, setting: Convention | None, info) -> Convention | None:
        if isinstance(setting, bool) or setting is None:
            return setting
        patterns = [setting] if isinstance(setting, str) else setting
        if not patterns:
            raise ValueError("an empty list: write true, false, a regex or a list of regexes")
        for pattern in patterns:
            if pattern.strip().lower() in {"true", "false", "yes", "no", "on", "off"}:
                # a quoted boolean would be read as a regex that matches its own word
                raise ValueError(f"{pattern!r} is a quoted word: write true or false without "
                                 "quotes, or a regex")
            _compiles(pattern, info.field_name)
        return setting

    @field_validator("needs")
    @classmethod
    def _needs_are_field_names(cls, needs: list[str] | None) -> list[str] | None:
        for name in needs or []:
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
                raise ValueError(f"{name!r} is not a field name (lower_snake_case)")
        if needs is not None and len(set(needs)) != len(needs):
            raise ValueError(f"names a field twice: {needs}")
        return needs


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
    # regexes: a chunk one of them matches is read (after the ranking) wherever it ranks
    read_matching: list[str] = Field(default_factory=list)
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
        for regex in self.read_matching:
            _compiles(regex, "read_matching")
        if self.pattern is not None:
            _compiles(self.pattern, "pattern")
        mode = self.extraction.mode
        if mode in MODE_TYPES and self.type not in MODE_TYPES[mode]:
            readable = ", ".join(sorted(t.value for t in MODE_TYPES[mode]))
            raise ValueError(
                f"extraction.mode {mode!r} reads {readable} values, but the field's type is "
                f"{self.type.value!r}"
            )
        for convention in ("signing_date_fallback", "withhold_partial_dates"):
            if getattr(self.extraction, convention) is not None and self.type is not ValueType.date:
                raise ValueError(
                    f"extraction.{convention} is a convention for date fields, but the "
                    f"field's type is {self.type.value!r}"
                )
        if self.extraction.open_ended_answers is not None and self.type is not ValueType.duration:
            raise ValueError(
                "extraction.open_ended_answers is a convention for duration fields, but the "
                f"field's type is {self.type.value!r}"
            )
        if self.field_name in (self.extraction.needs or []):
            raise ValueError(f"extraction.needs: a field cannot need itself ({self.field_name!r})")
        whole = self.position.read_whole_up_to if self.position else 0
        reads = self.extraction.max_chunks or DEFAULT_MAX_CHUNKS
        if whole > reads:
            raise ValueError(
                f"position.read_whole_up_to is {whole}, but the extractor reads only "
                f"extraction.max_chunks = {reads} chunks: set max_chunks to {whole} or more"
            )
        return self

    def bm25_terms(self) -> list[str]:
        """Everything the BM25 side searches: queries, task keywords and keywords_search."""
        return [*self.queries.all(), *self.instructions.keywords, *self.keywords_search]

    def knn_text(self) -> str:
        """What the kNN side embeds: the task, else a generic instruction."""
        return self.instructions.task or f"Extract {self.field_name} from the document"
