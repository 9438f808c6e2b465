"""The tantivy side of the embedded backend: schema, analyzer, queries and BM25 conventions.

Analyzer. OpenSearch's ``standard`` analyzer is Lucene's ``StandardTokenizer`` (Unicode UAX#29 word
boundaries) plus lowercasing, no stemming, no stop words. Tantivy's ``default`` tokenizer splits
on every non-alphanumeric character ("don't" -> don, t; "1.5" -> 1, 5; "1,000" -> 1, 000) and
drops tokens of 40+ bytes, which would make contract numbers unsearchable as OpenSearch indexes
them. ``STANDARD_TOKEN_PATTERN`` reproduces the UAX#29 rules that matter for such text:

- letters join across one ``MidLetter``/``MidNumLet`` character between letters
  (don't, u.s.a, note:the); digits across one ``MidNum``/``MidNumLet`` between digits
  (1,000,000.00, 1.5, 4.2); letters and digits join directly (3rd, v2.0.1);
- underscores (``ExtendNumLet``) join (foo_bar); combining marks and format characters stay
  inside the word they follow;
- every Han or Hiragana character is a token of its own; hyphens, slashes, %, $ ... split.

Tokens of 256+ bytes are dropped where Lucene would split them at 255 characters.

BM25. Tantivy scores ``idf * (k1 + 1) * tf_norm`` with Lucene's idf, tf norm and one-byte length
table; Lucene 8+ dropped the ``(k1 + 1)`` factor, so scores are divided by
``TANTIVY_BM25_FACTOR``.

The analyzer is registered on every ``Index`` object this module opens: tantivy stores only its
name, so any process opening the index must go through :func:`open_or_create`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import tantivy

__all__ = [
    "TOKENIZER_NAME",
    "STANDARD_TOKEN_PATTERN",
    "TANTIVY_BM25_FACTOR",
    "TEXT",
    "DOC_ID",
    "GEN",
    "ORDINAL",
    "standard_analyzer",
    "build_schema",
    "open_or_create",
    "make_document",
    "doc_filter",
    "match_query",
    "filtered",
    "scoring_doc_count",
]

TOKENIZER_NAME = "ie_standard"
TANTIVY_BM25_FACTOR = 2.2  # k1 + 1

TEXT = "text"
DOC_ID = "doc_id"
GEN = "gen"
ORDINAL = "ordinal"

_EXTEND = r"[\p{M}\p{Cf}]*"
_LETTER = rf"(?:[\p{{L}}--[\p{{Han}}\p{{Hiragana}}]]{_EXTEND})"
_DIGIT = rf"(?:\p{{Nd}}{_EXTEND})"
# UAX#29 MidLetter + MidNumLet + Single_Quote (between letters)
_MID_LETTER = r"[:·'.\u0387\u05F4\u2018\u2019\u2024\uFE13\uFE52\uFE55\uFF07\uFF0E\uFF1A]"
# UAX#29 MidNum + MidNumLet + Single_Quote (between digits)
_MID_NUM = (
    r"[,;.'\u037E\u0589\u060C\u060D\u066C\u07F8\u2018\u2019\u2024\u2044"
    r"\uFE10\uFE14\uFE50\uFE52\uFE54\uFF07\uFF0C\uFF0E\uFF1B]"
)
_WORD = (
    rf"_*(?:(?:{_LETTER}(?:{_MID_LETTER}{_LETTER})+|{_DIGIT}(?:{_MID_NUM}{_DIGIT})+"
    rf"|{_LETTER}|{_DIGIT})_*)+"
)
STANDARD_TOKEN_PATTERN = rf"{_WORD}|[\p{{Han}}\p{{Hiragana}}]"

_MAX_TOKEN_BYTES = 256
_FORMAT_FILE = "ie-format.json"
_FORMAT = {"format": 1, "tokenizer": TOKENIZER_NAME, "pattern": STANDARD_TOKEN_PATTERN}


def standard_analyzer() -> tantivy.TextAnalyzer:
    """The analyzer that emulates OpenSearch's ``standard`` analyzer (see the module docstring)."""
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.regex(STANDARD_TOKEN_PATTERN))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.remove_long(_MAX_TOKEN_BYTES))
        .build()
    )


def build_schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    # freqs (BM25) but no positions: no phrase queries are ever built
    builder.add_text_field(TEXT, stored=False, tokenizer_name=TOKENIZER_NAME, index_option="freq")
    builder.add_text_field(
        DOC_ID, stored=True, fast=True, tokenizer_name="raw", index_option="basic"
    )
    builder.add_text_field(GEN, stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_unsigned_field(ORDINAL, stored=False, indexed=False, fast=True)
    return builder.build()


def open_or_create(path: Path) -> tantivy.Index:
    """Open the index at ``path`` (creating it when absent) with the analyzer registered.

    Creation must happen under the caller's write lock. Raises ``RuntimeError`` when the
    directory holds an index of another format.
    """
    path.mkdir(parents=True, exist_ok=True)
    marker = path / _FORMAT_FILE
    if tantivy.Index.exists(str(path)):
        found = json.loads(marker.read_text()) if marker.exists() else None
        if found != _FORMAT:
            raise RuntimeError(
                f"{path} holds an index of another format ({found}); expected {_FORMAT}. "
                "Delete the directory and index the documents again."
            )
        index = tantivy.Index.open(str(path))
    else:
        index = tantivy.Index(build_schema(), path=str(path), reuse=False)
        marker.write_text(json.dumps(_FORMAT))
    index.register_tokenizer(TOKENIZER_NAME, standard_analyzer())
    index.config_reader("manual")  # reloaded explicitly when meta.json changes
    return index


def make_document(doc_id: str, gen: str, ordinal: int, text: str) -> tantivy.Document:
    doc = tantivy.Document()
    doc.add_text(TEXT, text)
    doc.add_text(DOC_ID, doc_id)
    doc.add_text(GEN, gen)
    doc.add_unsigned(ORDINAL, ordinal)
    return doc


def doc_filter(schema: tantivy.Schema, doc_id: str) -> tantivy.Query:
    """The per-document filter: a raw term on ``doc_id`` that adds nothing to the score."""
    return tantivy.Query.const_score_query(tantivy.Query.term_query(schema, DOC_ID, doc_id), 0.0)


def match_query(
    schema: tantivy.Schema, groups: Sequence[Sequence[tuple[str, float]]]
) -> tantivy.Query | None:
    """OR over query terms; each group is one query term as ``(index term, boost)`` pairs
    (one pair without fuzziness, its expansions with it). None when nothing can match."""
    clauses = []
    for group in groups:
        terms = [_term(schema, term, boost) for term, boost in group]
        if not terms:
            continue
        clauses.append(terms[0] if len(terms) == 1 else _should(terms))
    if not clauses:
        return None
    return clauses[0] if len(clauses) == 1 else _should(clauses)


def filtered(schema: tantivy.Schema, query: tantivy.Query, doc_id: str) -> tantivy.Query:
    """``query`` restricted to one document: both clauses MUST match, only ``query`` scores."""
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Must, doc_filter(schema, doc_id)), (tantivy.Occur.Must, query)]
    )


def scoring_doc_count(
    searcher: tantivy.Searcher, schema: tantivy.Schema, terms: Sequence[str]
) -> int | None:
    """The ``N`` tantivy's BM25 uses (documents including deleted, unmerged ones).

    Tantivy does not expose it directly; the BM25 explanation of any hit reports it. ``terms``
    are index terms to probe with; None when none of them still matches a live document.
    """
    for term in terms:
        query = tantivy.Query.term_query(schema, TEXT, term)
        hits = searcher.search(query, 1).hits
        if hits:
            found = _find_n(json.loads(query.explain(searcher, hits[0][1]).to_json()))
            if found is not None:
                return int(found)
    return None


def _find_n(node: dict) -> float | None:
    if str(node.get("description", "")).startswith("N, total number of docs"):
        return node["value"]
    for child in node.get("details", ()) or ():
        found = _find_n(child)
        if found is not None:
            return found
    return None


def _term(schema: tantivy.Schema, term: str, boost: float) -> tantivy.Query:
    query = tantivy.Query.term_query(schema, TEXT, term, index_option="freq")
    return query if boost == 1.0 else tantivy.Query.boost_query(query, boost)


def _should(queries: list[tantivy.Query]) -> tantivy.Query:
    return tantivy.Query.boolean_query([(tantivy.Occur.Should, q) for q in queries])
