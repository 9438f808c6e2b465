"""An extractor that asks an OpenAI-compatible chat-completions endpoint, and trusts only quotes.

``LLMExtractor`` sends the field's task, description and canonical form with the top evidence
chunks (numbered, with their ids) and a JSON schema for the answer (see ``llm_schema``). The
answer must quote the text that supports its value; a quote that is not verbatim in the chunk
it names (or, if the id is wrong, in any chunk sent) is rejected as ``not_found``: a model's
unsupported claim is never reported as a value. The value is canonicalized by the same typed
parsers the rule extractor uses, and the quote's position in the chunk gives document offsets.

Every failure of the endpoint (timeout, refused connection, HTTP error, a body or answer that is
not the JSON asked for) becomes ``Extraction.error`` naming the endpoint and what was wrong; it
never raises, so one field's failure does not stop the others.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import httpx
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr, ValidationError

from ..errors import ConfigError
from ..models import FieldConfig, ScoredChunk
from .base import Extraction
from .llm_schema import CANONICAL_FORMS, canonical_value, response_format

__all__ = ["LLMExtractor", "find_quote", "build_messages"]

SYSTEM_PROMPT = """\
You extract one field from contract text. Use only the numbered evidence chunks you are given.
Answer with a JSON object matching the schema:
- found: true only if the evidence states the value (or states what it follows from directly).
- value: the value in the canonical form described, or null when found is false.
- quote: the shortest passage that supports the value, copied character for character from ONE
  chunk (no ellipses, no paraphrase, no added words); empty when found is false.
- chunk_id: the id of the chunk the quote comes from; empty when found is false.
- confidence: your probability, between 0 and 1, that the value is right.
Never guess: if the evidence does not state the value, answer found=false."""

_MAX_SHOWN = 300  # characters of a bad body or answer repeated in an error message


class _Answer(BaseModel):
    """The answer envelope; the value's own shape is checked when it is canonicalized."""

    model_config = ConfigDict(extra="ignore")

    found: StrictBool
    value: Any = None
    quote: StrictStr = ""
    chunk_id: StrictStr | None = ""
    confidence: float = Field(default=0.5, ge=0, le=1)


class _EndpointError(Exception):
    """A failed call; the message is the user-facing error."""

    def __init__(self, message: str, content: str | None = None):
        super().__init__(message)
        self.content = content


# --------------------------------------------------------------------------- grounding

# One-for-one character folds (offsets stay aligned): typographic quotes and dashes that PDF
# text carries and models often straighten.
_FOLD = str.maketrans({"\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2018": "'",
                       "\u2019": "'", "\u2013": "-", "\u2014": "-", "\u2011": "-"})  # fmt: skip


def _squashed_with_map(text: str) -> tuple[str, list[int]]:
    """``text`` with whitespace runs as single spaces, and each output char's input index."""
    out: list[str] = []
    where: list[int] = []
    in_space = False
    for i, ch in enumerate(text):
        if ch.isspace():
            if not in_space and out:
                out.append(" ")
                where.append(i)
            in_space = True
        else:
            out.append(ch)
            where.append(i)
            in_space = False
    return "".join(out).translate(_FOLD), where


def find_quote(quote: str, text: str) -> tuple[int, int] | None:
    """Where ``quote`` occurs in ``text`` as ``(start, end)``, comparing with whitespace runs
    squashed and typographic quotes/dashes folded; case-sensitive. None when absent or empty."""
    needle = _squashed_with_map(quote.strip())[0]
    if not needle:
        return None
    hay, where = _squashed_with_map(text)
    at = hay.find(needle)
    if at < 0:
        return None
    return where[at], where[at + len(needle) - 1] + 1


# --------------------------------------------------------------------------- prompt


def _chunk_header(n: int, sc: ScoredChunk) -> str:
    c = sc.chunk
    where = [f"chunk_id={c.chunk_id}", f"type={c.chunk_type}"]
    if c.page is not None:
        where.append(f"page={c.page}")
    if c.section:
        where.append(f"section={' > '.join(c.section)!r}")
    return f"[{n}] " + " ".join(where)


def build_messages(field: FieldConfig, chunks: Sequence[ScoredChunk]) -> list[dict[str, str]]:
    """The system and user messages for ``field`` over ``chunks`` (already cut to size)."""
    lines = [
        f"Field: {field.field_name}",
        f"Task: {field.instructions.task}",
    ]
    if field.description:
        lines.append(f"Description: {field.description}")
    lines.append(f"Value type: {field.type.value}; canonical form: {CANONICAL_FORMS[field.type]}")
    if field.choices:
        lines.append("Choices: " + ", ".join(json.dumps(c) for c in field.choices))
    if field.pattern:
        lines.append(f"The value must match the regular expression: {field.pattern}")
    lines.append("")
    lines.append("Evidence:")
    for n, sc in enumerate(chunks, start=1):
        lines.append(_chunk_header(n, sc))
        lines.append(sc.chunk.text)
        lines.append("")
    return [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": "\n".join(lines).rstrip()},
    ]


# --------------------------------------------------------------------------- the extractor


@dataclass(frozen=True)
class _Grounded:
    chunk: ScoredChunk
    start: int  # offsets of the quote inside the chunk's text
    end: int


class LLMExtractor:
    """Extracts a field by asking an OpenAI-compatible ``POST {url}/chat/completions``.

    ``url`` is the API base (e.g. ``http://localhost:8000/v1``); ``api_key`` is sent as a bearer
    token when set; ``timeout`` bounds each call in seconds; the first ``max_chunks`` chunks are
    sent as evidence. ``client`` lets a caller share or configure the httpx client (it is
    created lazily otherwise, and closed by :meth:`close`).
    """

    name = "llm"

    def __init__(
        self,
        url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30.0,
        max_chunks: int = 5,
        *,
        client: httpx.Client | None = None,
    ):
        if not url or not url.startswith(("http://", "https://")):
            raise ValueError(f"url must be an http(s) base URL. Currently, the url is {url!r}")
        if not model:
            raise ValueError(f"model must be a non-empty model name. Currently, it is {model!r}")
        if not timeout > 0:
            raise ValueError(f"timeout must be greater than 0. Currently, it is {timeout}")
        if max_chunks < 1:
            raise ValueError(f"max_chunks must be at least 1. Currently, it is {max_chunks}")
        self.url = url.rstrip("/")
        self.endpoint = f"{self.url}/chat/completions"
        self.model = model
        self.api_key = api_key
        self.timeout = float(timeout)
        self.max_chunks = max_chunks
        self._client = client
        self._owns_client = client is None

    @classmethod
    def from_settings(cls, settings: Any, **kwargs: Any) -> "LLMExtractor":
        """Build from ``Settings`` (``IE_LLM_URL``, ``IE_LLM_MODEL``, ``IE_LLM_API_KEY``,
        ``IE_LLM_TIMEOUT``); missing URL or model raise ConfigError naming the variable."""
        required = (("IE_LLM_URL", settings.llm_url), ("IE_LLM_MODEL", settings.llm_model))
        missing = [var for var, value in required if not value]
        if missing:
            raise ConfigError(f"the LLM extractor needs {' and '.join(missing)} to be set")
        try:
            return cls(
                settings.llm_url,
                settings.llm_model,
                api_key=settings.llm_api_key,
                timeout=settings.llm_timeout,
                **kwargs,
            )
        except ValueError as exc:
            raise ConfigError(f"invalid LLM settings: {exc}") from exc

    def close(self) -> None:
        if self._client is not None and self._owns_client:
            self._client.close()
            self._client = None

    def __enter__(self) -> "LLMExtractor":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"LLMExtractor(url={self.url!r}, model={self.model!r}, timeout={self.timeout})"

    # ----------------------------------------------------------------------- extract

    def needs(self, field: FieldConfig) -> tuple[str, ...]:
        """The model reads the evidence itself: no other field's value is needed."""
        return ()

    def extract(
        self,
        field: FieldConfig,
        chunks: Sequence[ScoredChunk],
        *,
        context: Mapping[str, Any] | None = None,
    ) -> Extraction:
        """Ask the model for ``field`` over the top chunks; never raises."""
        evidence = list(chunks[: self.max_chunks])
        if not evidence:
            return Extraction.not_found(reason="no evidence chunks to ask the LLM about")
        try:
            content = self._complete(build_messages(field, evidence), response_format(field))
            answer = self._parse(content)
            return self._judge(field, evidence, answer)
        except _EndpointError as exc:
            failed = Extraction.error(str(exc))
            if exc.content is not None:
                failed = replace(failed, candidates=({"content": exc.content[:2000]},))
            return failed
        except Exception as exc:  # noqa: BLE001 - the contract is "never raise to the caller"
            return Extraction.error(
                f"LLM extractor failed at {self.endpoint}: {type(exc).__name__}: {exc}"
            )

    def _judge(
        self, field: FieldConfig, evidence: list[ScoredChunk], answer: _Answer
    ) -> Extraction:
        """Turn a well-formed answer into found / not_found: grounding, then canonical value."""
        trace = {"answer": answer.model_dump(), "model": self.model}
        if not answer.found:
            return Extraction.not_found(
                reason="the LLM found no value in the evidence", candidates=[trace]
            )
        grounded = self._ground(answer, evidence)
        if grounded is None:
            shown = answer.quote if len(answer.quote) <= 120 else answer.quote[:117] + "..."
            return Extraction.not_found(
                reason=f"quote not in evidence: {shown!r} (chunk_id {answer.chunk_id!r})",
                candidates=[{**trace, "rejected": "quote not in evidence"}],
            )
        try:
            value = canonical_value(field, answer.value)
        except ValueError as exc:
            return Extraction.not_found(
                reason=f"LLM value rejected: {exc}",
                candidates=[{**trace, "rejected": str(exc)}],
            )
        chunk = grounded.chunk.chunk
        trace["grounded_in"] = chunk.chunk_id
        return Extraction(
            status="found",
            value=value,
            raw=chunk.text[grounded.start : grounded.end],
            confidence=answer.confidence,
            chunk_id=chunk.chunk_id,
            start=chunk.start + grounded.start,
            end=chunk.start + grounded.end,
            candidates=(trace,),
        )

    @staticmethod
    def _ground(answer: _Answer, evidence: list[ScoredChunk]) -> _Grounded | None:
        """The chunk the quote is verbatim in: the one named first, then any other sent."""
        named = [sc for sc in evidence if sc.chunk_id == answer.chunk_id]
        others = [sc for sc in evidence if sc.chunk_id != answer.chunk_id]
        for sc in named + others:
            span = find_quote(answer.quote, sc.chunk.text)
            if span is not None:
                return _Grounded(sc, *span)
        return None

    # ----------------------------------------------------------------------- HTTP

    def _http(self) -> httpx.Client:
        if self._client is None:
            self._client = httpx.Client(timeout=self.timeout)
        return self._client

    def _complete(self, messages: list[dict[str, str]], fmt: dict[str, Any]) -> str:
        """POST the request and return the first choice's message content."""
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        body = {"model": self.model, "messages": messages, "temperature": 0, "response_format": fmt}
        try:
            response = self._http().post(
                self.endpoint, json=body, headers=headers, timeout=self.timeout
            )
        except httpx.TimeoutException as exc:
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} timed out after {self.timeout:g}s "
                f"({type(exc).__name__})"
            ) from exc
        except httpx.ConnectError as exc:
            raise _EndpointError(f"cannot connect to LLM endpoint {self.endpoint}: {exc}") from exc
        except httpx.HTTPError as exc:
            raise _EndpointError(
                f"request to LLM endpoint {self.endpoint} failed: {type(exc).__name__}: {exc}"
            ) from exc
        if response.status_code != 200:
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} returned HTTP {response.status_code}: "
                f"{response.text[:_MAX_SHOWN]}"
            )
        return self._content(response)

    def _content(self, response: httpx.Response) -> str:
        try:
            payload = response.json()
        except ValueError:
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} returned a body that is not JSON: "
                f"{response.text[:_MAX_SHOWN]!r}",
                response.text,
            ) from None
        try:
            choice = payload["choices"][0]
            message = choice["message"]
        except (KeyError, IndexError, TypeError):
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} returned no choices[0].message: "
                f"{json.dumps(payload)[:_MAX_SHOWN]}",
                response.text,
            ) from None
        if not isinstance(message, dict):
            raise _EndpointError(f"LLM endpoint {self.endpoint} returned a malformed message")
        if message.get("refusal"):
            raise _EndpointError(
                f"the model at {self.endpoint} refused: {str(message['refusal'])[:_MAX_SHOWN]}"
            )
        content = message.get("content")
        if not isinstance(content, str) or not content.strip():
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} returned an empty message content "
                f"(finish_reason {choice.get('finish_reason')!r})"
            )
        return content

    def _parse(self, content: str) -> _Answer:
        """The answer envelope from the message content, or an _EndpointError saying why not."""
        try:
            data = json.loads(content)
        except ValueError as exc:
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} answered with content that is not JSON "
                f"({exc}): {content[:_MAX_SHOWN]!r}",
                content,
            ) from None
        if not isinstance(data, dict):
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} answered with JSON that is not an object: "
                f"{content[:_MAX_SHOWN]!r}",
                content,
            )
        try:
            return _Answer.model_validate(data)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'answer'}: {e['msg']}"
                for e in exc.errors()
            )
            raise _EndpointError(
                f"LLM endpoint {self.endpoint} answered JSON that does not match the answer "
                f"schema ({problems}): {content[:_MAX_SHOWN]!r}",
                content,
            ) from None
