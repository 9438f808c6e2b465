"""``parse_document``: one entry point that picks the parser by extension, checked by content.

A known extension selects the parser, and the file's leading bytes must agree (a ``.pdf`` that is
not a PDF is corrupt, not "empty"). A file without a known extension is sniffed (PDF, DOCX);
anything else is an UnsupportedFormatError that lists what is supported.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from pathlib import Path

from ..errors import (
    CorruptDocumentError,
    EmptyDocumentError,
    EncryptedDocumentError,
    UnsupportedFormatError,
)
from ..models import ParsedDocument
from .docx import parse_docx
from .html import parse_html
from .pdf import parse_pdf
from .text import parse_markdown, parse_text

__all__ = ["parse_document", "default_doc_id", "sniff_upload", "SUPPORTED_EXTENSIONS"]

_FORMATS = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".txt": "text",
    ".text": "text",
    ".md": "markdown",
    ".markdown": "markdown",
}
SUPPORTED_EXTENSIONS: tuple[str, ...] = tuple(_FORMATS)
_PARSERS: dict[str, Callable[[Path, str], ParsedDocument]] = {
    "pdf": parse_pdf,
    "docx": parse_docx,
    "html": parse_html,
    "markdown": parse_markdown,
    "text": parse_text,
}

_PDF_MAGIC = b"%PDF-"
_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_OLE_STREAM = "EncryptedPackage".encode("utf-16-le")
_HINTS = {
    ".doc": "legacy Word .doc files are not supported; save the file as .docx",
    ".rtf": "RTF is not supported; save the file as .docx or .pdf",
    ".odt": "OpenDocument text is not supported; save the file as .docx or .pdf",
}
_UNSAFE_ID_CHARS = re.compile(r"[^A-Za-z0-9_.-]")


def default_doc_id(path: str | Path) -> str:
    """The file stem with every character outside ``[A-Za-z0-9_.-]`` replaced by ``-``.

    Case is kept, and a stem that is already safe is the id unchanged (a trailing ``-``
    included), so ids equal file stems and results join back to their files and gold rows. A
    leading ``-`` or ``.`` is dropped (an option or a hidden file), as are the ``-`` that
    replaced unsafe characters at either end.
    """
    stem = Path(path).stem
    if not _UNSAFE_ID_CHARS.search(stem) and stem[:1] not in ("-", ".", ""):
        return stem
    return _UNSAFE_ID_CHARS.sub("-", stem).strip("-.") or "document"


def _unsupported(path: Path) -> UnsupportedFormatError:
    ext = path.suffix.lower() or "(none)"
    hint = _HINTS.get(path.suffix.lower(), "")
    supported = ", ".join(SUPPORTED_EXTENSIONS)
    reason = f"unsupported format {ext}; supported: {supported}"
    return UnsupportedFormatError(str(path), f"{reason}. {hint}" if hint else reason)


def _sniff(head: bytes, data: Path | io.BytesIO) -> str | None:
    if head.startswith(_PDF_MAGIC):
        return "pdf"
    if head.startswith(_ZIP_MAGIC):
        try:
            with zipfile.ZipFile(data) as archive:
                if "word/document.xml" in archive.namelist():
                    return "docx"
        except zipfile.BadZipFile:
            return None
    return None


def _check_magic(path: Path, fmt: str, head: bytes) -> None:
    if fmt == "pdf" and _PDF_MAGIC not in head[:1024]:
        raise CorruptDocumentError(str(path), "not a PDF file (no %PDF- header)")
    if fmt == "docx" and not head.startswith(_ZIP_MAGIC):
        if head.startswith(_OLE_MAGIC):
            data = path.read_bytes()
            if _ENCRYPTED_OLE_STREAM in data:
                raise EncryptedDocumentError(
                    str(path), "the Word file is password protected; supply an unencrypted copy"
                )
            raise CorruptDocumentError(
                str(path), "a legacy Word .doc file named .docx; save it as .docx"
            )
        raise CorruptDocumentError(str(path), "not a DOCX file (not a ZIP package)")


def parse_document(path: str | Path, doc_id: str | None = None) -> ParsedDocument:
    """Parse a PDF, DOCX, HTML, Markdown or plain-text file into text and located blocks.

    Raises UnsupportedFormatError, EmptyDocumentError (no text; for PDFs: scanned, needs OCR),
    EncryptedDocumentError or CorruptDocumentError, each naming the file. ``doc_id`` defaults
    to ``default_doc_id(path)``.
    """
    path = Path(path)
    if doc_id is not None and not doc_id.strip():
        raise ValueError(f"doc_id must be a non-empty string. Currently, it is {doc_id!r}")
    doc_id = doc_id if doc_id is not None else default_doc_id(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no such file")
    with path.open("rb") as handle:
        head = handle.read(1024)
    if not head.strip():
        raise EmptyDocumentError(str(path), "the file is empty")

    fmt = _FORMATS.get(path.suffix.lower()) or _sniff(head, path)
    if fmt is None:
        raise _unsupported(path)
    _check_magic(path, fmt, head)

    doc = _PARSERS[fmt](path, doc_id)
    if not doc.blocks:
        raise EmptyDocumentError(str(path), f"no text found in this {fmt.upper()} file")
    return doc


_SUFFIX_OF = {"pdf": ".pdf", "docx": ".docx", "html": ".html", "text": ".txt", "markdown": ".md"}
_HTML_HEAD = re.compile(rb"^\s*(<!doctype html|<html|<\?xml[^>]*>\s*<html)", re.IGNORECASE)


def _looks_textual(head: bytes) -> bool:
    if b"\x00" in head or head.startswith((_PDF_MAGIC, _ZIP_MAGIC, _OLE_MAGIC)):
        return False
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:  # a multi-byte character cut at the sniff window's end
        return exc.start >= len(head) - 3
    return True


def sniff_upload(filename: str, data: bytes) -> tuple[str, str]:
    """The format of uploaded bytes and the suffix to store them under: (format, suffix).

    The bytes decide: a known extension must agree with them (a ``.pdf`` that is not a PDF is
    a CorruptDocumentError), a missing or unknown one is sniffed (PDF, DOCX, HTML, UTF-8
    text); anything else is an UnsupportedFormatError. Raised errors name ``filename``.
    """
    head = data[:8192]
    if not head.strip():
        raise EmptyDocumentError(filename, "the file is empty")
    suffix = Path(filename).suffix.lower()
    fmt = _FORMATS.get(suffix)
    if fmt is None:
        fmt = _sniff(head, io.BytesIO(data))
        if fmt is None and _looks_textual(head):
            fmt = "html" if _HTML_HEAD.match(head) else "text"
        if fmt is None:
            raise _unsupported(Path(filename))
        return fmt, _SUFFIX_OF[fmt]
    if fmt == "pdf" and _PDF_MAGIC not in head[:1024]:
        raise CorruptDocumentError(filename, "not a PDF file (no %PDF- header)")
    if fmt == "docx" and _sniff(head, io.BytesIO(data)) != "docx":
        raise CorruptDocumentError(filename, "not a DOCX file (not a Word ZIP package)")
    if fmt not in ("pdf", "docx") and not _looks_textual(head):
        raise CorruptDocumentError(filename, f"binary data in a {suffix} file")
    return fmt, suffix
