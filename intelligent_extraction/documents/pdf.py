"""PDF parsing with pypdfium2: text per page, page furniture removed, headings inferred.

pdfium gives each page's text as lines (``\\r\\n``); side-by-side signature blocks are read
column by column (pdf_layout.py). We clean every line, drop page numbers and
running headers/footers (a line that recurs at the top or bottom of most pages), then assemble
paragraphs and headings (lines.py). Every block carries its 1-based page number.

PDFium is not thread-safe, so every call into it holds one process-wide lock.
"""

from __future__ import annotations

import re
import threading
from collections import Counter
from pathlib import Path

from ..errors import CorruptDocumentError, EmptyDocumentError, EncryptedDocumentError
from ..models import ParsedDocument
from .builder import build_document
from .lines import lines_to_items
from .normalize import clean_line, has_words, is_page_number
from .pdf_layout import reflow_signature_columns, split_segments

__all__ = ["parse_pdf"]

_PDFIUM_LOCK = threading.Lock()
_EDGE_LINES = 3  # lines at the top and bottom of a page that may be furniture
_DIGITS = re.compile(r"\d+")
_SIGNATURE_PAGE = re.compile(r"/s/|\b(?:by|name|title)\s*:", re.IGNORECASE)
# a signature block's line ("By: /s/ Jane Roe") recurs at the foot of signature pages signed by
# the same officer (a joint filing agreement, a short document signed twice): it is not furniture
_SIGNATURE_LINE = re.compile(r"\s*(?:by|its|name|title|date)\s*:")


def _page_lines(textpage) -> list[str]:
    """The page's lines, with side-by-side signature blocks read column by column."""
    text = textpage.get_text_range()
    # character boxes are read only on pages that may hold a signature block, and only when
    # the text's positions are the text page's character indices (no surrogate pairs)
    if not _SIGNATURE_PAGE.search(text) or len(text) != textpage.count_chars():
        return text.splitlines()
    return reflow_signature_columns(split_segments(text, textpage.get_charbox))


def _read_pages(path: Path) -> list[list[str]]:
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    with _PDFIUM_LOCK:
        try:
            pdf = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as exc:
            code = getattr(exc, "err_code", None)
            if code in (pdfium_c.FPDF_ERR_PASSWORD, pdfium_c.FPDF_ERR_SECURITY):
                raise EncryptedDocumentError(
                    str(path), "the PDF is password protected; supply an unencrypted copy"
                ) from exc
            raise CorruptDocumentError(str(path), f"not a readable PDF ({exc})") from exc
        try:
            pages = []
            for index in range(len(pdf)):
                page = pdf[index]
                textpage = page.get_textpage()
                try:
                    pages.append(_page_lines(textpage))
                finally:
                    textpage.close()
                    page.close()
            return pages
        except pdfium.PdfiumError as exc:
            raise CorruptDocumentError(str(path), f"damaged PDF page ({exc})") from exc
        finally:
            pdf.close()


def _signature(line: str) -> str:
    return _DIGITS.sub("#", line.lower())


def _running_threshold(pages: list[list[str]]) -> int:
    """How many pages an edge line must recur on to be a running header or footer: most pages
    of a long document, but both pages of a two-page one (a short NDA whose header repeats its
    title or "CONFIDENTIAL") when neither page is all edges (a cover page holds the title that
    heads the next page)."""
    if len(pages) == 2 and all(len(list(filter(None, lines))) > 2 * _EDGE_LINES for lines in pages):
        return 2
    return max(3, (len(pages) + 1) // 2)


def _strip_furniture(pages: list[list[str]]) -> list[list[str]]:
    """Drop page numbers and running headers/footers from the edges of each page."""
    edges: list[set[str]] = []
    for lines in pages:
        words = [line for line in lines if line]
        edges.append({_signature(line) for line in words[:_EDGE_LINES] + words[-_EDGE_LINES:]})
    counts = Counter(sig for sigs in edges for sig in sigs)
    threshold = _running_threshold(pages)
    running = {
        sig for sig, n in counts.items() if n >= threshold and not _SIGNATURE_LINE.match(sig)
    }

    cleaned = []
    for lines in pages:
        positions = [i for i, line in enumerate(lines) if line]
        edge = set(positions[:_EDGE_LINES] + positions[-_EDGE_LINES:])
        kept = []
        for i, line in enumerate(lines):
            if i in edge and (is_page_number(line) or _signature(line) in running):
                continue
            kept.append(line)
        cleaned.append(kept)
    return cleaned


def parse_pdf(path: Path, doc_id: str) -> ParsedDocument:
    raw_pages = _read_pages(path)
    pages = []
    for raw in raw_pages:
        lines = (clean_line(line) for line in raw)
        # rules, dot leaders and signature underscores carry nothing to retrieve
        pages.append([line if has_words(line) else "" for line in lines])
    pages = _strip_furniture(pages)
    items = lines_to_items(pages, paged=True)
    if not items:
        raise EmptyDocumentError(
            str(path),
            f"no extractable text in {len(raw_pages)} page(s); it is probably scanned "
            "(image-only) and needs OCR first, which this service does not do",
        )
    return build_document(
        items, doc_id=doc_id, source=str(path), format="pdf", page_count=len(raw_pages)
    )
