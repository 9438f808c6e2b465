"""Documents in, located text out: parsers per format and the section-aware chunker.

    parse_document(path, doc_id=None) -> ParsedDocument   (PDF, DOCX, HTML, Markdown, text)
    chunk_document(doc, tokenizer, *, target_tokens=200, overlap_tokens=40) -> list[Chunk]

Every block and chunk indexes the document text exactly: ``doc.text[c.start:c.end] == c.text``.
"""

from .chunker import MAX_CHUNK_TOKENS, OffsetTokenizer, chunk_document, chunk_id
from .parse import SUPPORTED_EXTENSIONS, default_doc_id, parse_document, sniff_upload

__all__ = [
    "parse_document",
    "sniff_upload",
    "chunk_document",
    "chunk_id",
    "default_doc_id",
    "OffsetTokenizer",
    "SUPPORTED_EXTENSIONS",
    "MAX_CHUNK_TOKENS",
]
