"""chunk_document: exact slices, sections, overlap, stable ids and the model's token cap."""

from __future__ import annotations

import pytest

from intelligent_extraction.documents import MAX_CHUNK_TOKENS, chunk_document, parse_document
from intelligent_extraction.models import Block, ParsedDocument
from intelligent_extraction.settings import MODEL_MAX_TOKENS

TITLE = "MASTER SERVICES AGREEMENT"


def make_doc(*blocks: tuple[str, str, tuple[str, ...]], doc_id: str = "doc") -> ParsedDocument:
    """A ParsedDocument from (kind, text, section) triples, blocks separated by blank lines."""
    parts, out, pos = [], [], 0
    for kind, text, section in blocks:
        if parts:
            parts.append("\n\n")
            pos += 2
        out.append(Block(kind, text, pos, pos + len(text), 1, section))
        parts.append(text)
        pos += len(text)
    return ParsedDocument(doc_id, f"{doc_id}.txt", "".join(parts), tuple(out), 1, "text")


def assert_valid(doc, chunks, tokenizer) -> None:
    assert [c.position for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert chunk.text == doc.text[chunk.start : chunk.end]
        assert chunk.text == chunk.text.strip() and chunk.text
        assert tokenizer.count_tokens(chunk.text) <= MAX_CHUNK_TOKENS
        assert chunk.doc_id == doc.doc_id and chunk.source == doc.source
    assert len({c.chunk_id for c in chunks}) == len(chunks)


def assert_covers(doc, chunks) -> None:
    """Every non-space character of the document is in some chunk."""
    covered = bytearray(len(doc.text))
    for c in chunks:
        covered[c.start : c.end] = b"\x01" * (c.end - c.start)
    missing = [k for k, ch in enumerate(doc.text) if not covered[k] and not ch.isspace()]
    assert not missing, doc.text[missing[0] : missing[0] + 60]


def test_cap_is_the_model_limit_minus_special_tokens():
    assert MAX_CHUNK_TOKENS == MODEL_MAX_TOKENS - 2 == 254


# --------------------------------------------------------------------------- real documents


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_chunks_are_exact_slices_within_the_cap(msa_files, tokenizer, fmt):
    doc = parse_document(msa_files[fmt])
    chunks = chunk_document(doc, tokenizer)
    assert_valid(doc, chunks, tokenizer)
    assert_covers(doc, chunks)


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_a_short_section_is_one_chunk(msa_files, msa, tokenizer, fmt):
    doc = parse_document(msa_files[fmt])
    chunks = chunk_document(doc, tokenizer)
    governing = [c for c in chunks if c.section == (TITLE, "13. Governing Law")]
    body = msa.section("Governing Law").paragraphs[0]
    assert [c.text for c in governing] == [f"13. Governing Law\n\n{body}"]
    assert governing[0].section_title == "13. Governing Law"


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_no_chunk_spans_two_sections(msa_files, tokenizer, fmt):
    doc = parse_document(msa_files[fmt])
    for chunk in chunk_document(doc, tokenizer):
        inside = [b for b in doc.blocks if b.start < chunk.end and chunk.start < b.end]
        # headings with no text of their own may lead into the next section's chunk
        body = [b for b in inside if b.section and b.section[-1] != b.text.rstrip(":")]
        assert {b.section for b in body} <= {chunk.section}, chunk
        assert inside[-1].section == chunk.section, chunk


def test_docx_table_and_image_chunks(msa_files, msa, tokenizer):
    doc = parse_document(msa_files["docx"])
    chunks = chunk_document(doc, tokenizer)
    tables = [c for c in chunks if c.chunk_type == "table"]
    assert [(c.text, c.section) for c in tables] == [
        ("\n".join(msa.section("Fees").table.lines()), (TITLE, "6. Fees and Payment Terms"))
    ]
    images = [c for c in chunks if c.chunk_type == "image"]
    assert [(c.text, c.section) for c in images] == [
        (msa.section("Services").figure.alt, (TITLE, "2. Services"))
    ]


def test_html_image_alt_becomes_an_image_chunk(msa_files, msa, tokenizer):
    doc = parse_document(msa_files["html"])
    figure = msa.section("Services").figure
    images = [c for c in chunk_document(doc, tokenizer) if c.chunk_type == "image"]
    assert [c.text for c in images] == [f"{figure.alt}\n{figure.caption}"]


def test_chunk_page_is_the_page_of_its_start(msa_files, tokenizer):
    doc = parse_document(msa_files["pdf"])
    chunks = chunk_document(doc, tokenizer)
    for chunk in chunks:
        first = max((b for b in doc.blocks if b.start <= chunk.start), key=lambda b: b.start)
        assert chunk.page == first.page
    assert {c.page for c in chunks} == set(range(1, doc.page_count + 1))


def test_ids_are_stable_across_runs_and_change_with_settings(msa_files, tokenizer):
    first = chunk_document(parse_document(msa_files["pdf"]), tokenizer)
    second = chunk_document(parse_document(msa_files["pdf"]), tokenizer)
    assert [c.chunk_id for c in first] == [c.chunk_id for c in second]
    assert all(len(c.chunk_id) == 16 and int(c.chunk_id, 16) >= 0 for c in first)
    smaller = chunk_document(parse_document(msa_files["pdf"]), tokenizer, target_tokens=60)
    assert {c.chunk_id for c in smaller} != {c.chunk_id for c in first}
    other_doc = chunk_document(parse_document(msa_files["pdf"], doc_id="other"), tokenizer)
    assert not {c.chunk_id for c in other_doc} & {c.chunk_id for c in first}


def test_long_section_is_split_on_sentences_with_overlap(msa_files, tokenizer):
    doc = parse_document(msa_files["txt"])
    chunks = [
        c
        for c in chunk_document(doc, tokenizer, target_tokens=60, overlap_tokens=20)
        if c.section == (TITLE, "1. Definitions")
    ]
    assert len(chunks) >= 3
    assert chunks[0].text.startswith("1. Definitions\n\n")
    for before, after in zip(chunks, chunks[1:]):
        assert after.start < before.end, "consecutive chunks of a section overlap"
        shared = doc.text[after.start : before.end]
        assert 0 < tokenizer.count_tokens(shared) <= 20
        assert before.end < after.end
    for chunk in chunks:
        assert chunk.text.endswith("."), "a chunk ends at a sentence end"
        assert tokenizer.count_tokens(chunk.text) <= 60
    assert chunks[-1].end == max(b.end for b in doc.blocks if b.section == chunks[0].section)


def test_without_overlap_chunks_tile_the_section(msa_files, tokenizer):
    doc = parse_document(msa_files["txt"])
    chunks = chunk_document(doc, tokenizer, target_tokens=50, overlap_tokens=0)
    for before, after in zip(chunks, chunks[1:]):
        assert after.start > before.end
        assert doc.text[before.end : after.start].strip() == ""


def test_heading_that_only_opens_subsections_joins_the_first_subsection(tokenizer):
    grant = ("1. GRANT",)
    rights = ("1. GRANT", "1.1 Rights Granted")
    reserved = ("1. GRANT", "1.2 Reserved Rights")
    doc = make_doc(
        ("text", "1. GRANT", grant),
        ("text", "1.1 Rights Granted", rights),
        ("text", "We grant you the rights in this Section.", rights),
        ("text", "1.2 Reserved Rights", reserved),
        ("text", "We reserve all other rights.", reserved),
    )
    chunks = chunk_document(doc, tokenizer)
    assert [(c.text, c.section) for c in chunks] == [
        ("1. GRANT\n\n1.1 Rights Granted\n\nWe grant you the rights in this Section.", rights),
        ("1.2 Reserved Rights\n\nWe reserve all other rights.", reserved),
    ]


def test_front_matter_and_bare_headings_lead_into_the_following_text(tokenizer):
    """A contract's exhibit label, title and "PARTIES:" heading hold no text of their own:
    they join the first paragraph instead of standing as chunks nobody can retrieve."""
    title = ("NON-DISCLOSURE AGREEMENT",)
    parties = ("PARTIES",)
    recitals = ("RECITALS",)
    doc = make_doc(
        ("text", "Exhibit 10.23", ()),
        ("text", "NON-DISCLOSURE AGREEMENT", title),
        ("text", "PARTIES:", parties),
        ("text", "Jane Roe (\u201cEMPLOYEE\u201d) and Orbit Devices, Inc.", parties),
        ("text", "RECITALS:", recitals),
        ("text", "A. Employee will learn confidential information.", recitals),
    )
    chunks = chunk_document(doc, tokenizer)
    assert [(c.text, c.section) for c in chunks] == [
        (
            "Exhibit 10.23\n\nNON-DISCLOSURE AGREEMENT\n\nPARTIES:\n\n"
            "Jane Roe (\u201cEMPLOYEE\u201d) and Orbit Devices, Inc.",
            parties,
        ),
        ("RECITALS:\n\nA. Employee will learn confidential information.", recitals),
    ]


def test_long_front_matter_stays_its_own_chunk(tokenizer):
    cover = "This cover page lists the exhibits and schedules of the agreement. " * 6
    doc = make_doc(
        ("text", cover.strip(), ()),
        ("text", "1. TERM", ("1. TERM",)),
        ("text", "The term is two years.", ("1. TERM",)),
    )
    chunks = chunk_document(doc, tokenizer)
    assert [c.section for c in chunks] == [(), ("1. TERM",)]


# --------------------------------------------------------------------------- the hard cap


def test_long_sentence_without_punctuation_stays_under_the_cap(tokenizer):
    words = " ".join(f"obligation{i % 97} indemnitor" for i in range(3000))
    doc = make_doc(("text", words, ("Run-on",)))
    chunks = chunk_document(doc, tokenizer, target_tokens=MAX_CHUNK_TOKENS, overlap_tokens=40)
    assert_valid(doc, chunks, tokenizer)
    assert_covers(doc, chunks)
    assert len(chunks) > 10
    # cut between words, never inside one
    for chunk in chunks:
        assert doc.text[chunk.start - 1 : chunk.start] in ("", " ")
        assert doc.text[chunk.end : chunk.end + 1] in ("", " ")


def test_text_without_whitespace_is_cut_at_token_boundaries(tokenizer):
    blob = "-".join(f"x{i:05d}qz" for i in range(4000))  # 36,000 characters, no space
    doc = make_doc(("text", blob, ()))
    chunks = chunk_document(doc, tokenizer)
    assert_valid(doc, chunks, tokenizer)
    assert_covers(doc, chunks)
    assert len(chunks) > 100
    assert chunks[0].start == 0 and chunks[-1].end == len(blob)
    token_ends = {doc.blocks[0].start + e for _, e in tokenizer.offsets(blob)}
    assert all(c.end in token_ends for c in chunks)


class SlicesCountMore:
    """A tokenizer whose count of a piece exceeds the sum of the piece's tokens in the whole
    text (as with tokenizers that mark word starts): the chunker must recount and shrink."""

    def __init__(self, inner, extra: int):
        self.inner, self.extra = inner, extra

    def offsets(self, text: str) -> list[tuple[int, int]]:
        return self.inner.offsets(text)

    def count_tokens(self, text: str) -> int:
        return self.inner.count_tokens(text) + self.extra


def test_chunks_are_recounted_and_shrunk_when_a_piece_counts_more(tokenizer):
    strict = SlicesCountMore(tokenizer, extra=30)
    sentences = " ".join(f"Clause {i} binds the indemnitor to notice {i} days" for i in range(300))
    doc = make_doc(
        ("text", "Long Section", ("Long Section",)),
        ("text", sentences, ("Long Section",)),
        ("text", " ".join(["run-on words without any stop"] * 200), ("Run-on",)),
    )
    chunks = chunk_document(doc, strict, target_tokens=MAX_CHUNK_TOKENS, overlap_tokens=0)
    assert len(chunks) > 10
    assert all(strict.count_tokens(c.text) <= MAX_CHUNK_TOKENS for c in chunks)
    assert all(c.text == doc.text[c.start : c.end] for c in chunks)
    assert_covers(doc, chunks)
    assert all(doc.text[c.start - 1 : c.start].strip() == "" for c in chunks), "cut in a word"


def test_unusual_characters_stay_under_the_cap(tokenizer):
    text = ("合同条款 §12.3(b) ©®™ — ½ ± 𝔄𝔅ℭ 🙂 " * 400).strip()
    doc = make_doc(("text", text, ("Intl",)))
    assert_valid(doc, chunk_document(doc, tokenizer), tokenizer)


def test_big_table_is_split_by_rows(tokenizer):
    rows = [f"Item {i} | Widget model W-{i:04d} | ${i * 13.5:,.2f} | net 30" for i in range(600)]
    text = "\n".join(rows)
    doc = make_doc(("text", "Schedule A", ("Schedule A",)), ("table", text, ("Schedule A",)))
    chunks = chunk_document(doc, tokenizer)
    assert_valid(doc, chunks, tokenizer)
    tables = [c for c in chunks if c.chunk_type == "table"]
    assert len(tables) > 5
    lines = [line for c in tables for line in c.text.split("\n")]
    assert lines == rows, "every row once, whole, in order: table chunks do not overlap"


def test_a_table_row_longer_than_the_cap_is_still_split(tokenizer):
    row = " | ".join(f"cell {i} holds a long description of goods" for i in range(120))
    doc = make_doc(("table", f"Header | Value\n{row}\nLast | 1", ("T",)))
    chunks = chunk_document(doc, tokenizer)
    assert_valid(doc, chunks, tokenizer)
    assert all(c.chunk_type == "table" for c in chunks)
    assert chunks[-1].text.endswith("Last | 1")


@pytest.mark.parametrize("target, overlap", [(254, 0), (254, 253), (1, 0), (32, 31)])
def test_cap_holds_for_extreme_settings(msa_files, tokenizer, target, overlap):
    doc = parse_document(msa_files["html"])
    chunks = chunk_document(doc, tokenizer, target_tokens=target, overlap_tokens=overlap)
    assert_valid(doc, chunks, tokenizer)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"target_tokens": 255}, "target_tokens must be between 1 and 254"),
        ({"target_tokens": 0}, "target_tokens must be between 1 and 254"),
        ({"overlap_tokens": 200}, "overlap_tokens must be at least 0 and smaller than"),
        ({"overlap_tokens": -1}, "overlap_tokens must be at least 0"),
    ],
)
def test_invalid_settings_are_rejected(msa_files, tokenizer, kwargs, message):
    doc = parse_document(msa_files["txt"])
    with pytest.raises(ValueError, match=message):
        chunk_document(doc, tokenizer, **kwargs)


def test_tokenizer_without_offsets_is_rejected(msa_files):
    class CountOnly:
        def count_tokens(self, text: str) -> int:
            return len(text.split())

    with pytest.raises(TypeError, match="offsets"):
        chunk_document(parse_document(msa_files["txt"]), CountOnly())
