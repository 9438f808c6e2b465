"""Lines -> paragraphs and headings, for formats that only give lines (PDF pages, plain text).

A paragraph ends at a blank line, before a heading, or where the previous line ends a sentence
and either the next line opens a list item (``(a)``, ``2.``, ``•``) or the previous line is
clearly shorter than the page's text width (the ragged last line of a paragraph). Wrapped lines
are joined with a space and hyphenation is undone. A paragraph cut by a page break continues on
the next page when it did not end a sentence and the next page starts in lower case.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .builder import Item
from .headings import heading_level, is_all_caps, run_in_heading
from .normalize import ends_sentence, join_wrapped

__all__ = ["lines_to_items"]

_ENUMERATOR = re.compile(
    r"^(?:\(?[a-z]{1,2}\)|\(?[ivxlc]{1,6}\)|\(?\d{1,3}(?:\.\d{1,3})*[.)]|\(?[A-Z][.)]"
    r"|[•◦▪●·*–—-]\s)"
)
# a list marker alone on its line ("A.", "(iv)") belongs to the text on the next line
_BARE_MARKER = re.compile(r"^\(?(?:[A-Za-z]{1,2}|[ivxlc]{1,6}|\d{1,3}(?:\.\d{1,3})*)[.)]$")
_SHORT_LINE = 0.75  # a line shorter than this fraction of the text width ends a paragraph
# "Service | Fee | Billing": a row of a table typed as text (two or more rows make a table)
_PIPE_ROW = re.compile(r"^\|.*\|$|\S\s\|\s\S")
_RULE_ROW = re.compile(r"^[|:\-\s+]+$")
_MAX_MERGED_HEADING = 100
# A run of lines that are all this short (a fraction of the text width, floored for pages that
# hold only short lines) is a signature block, an address or a list of names: its line breaks
# carry meaning ("/s/ Jane Doe" above "Chief Executive Officer"), so they are kept.
_BLOCK_LINE = 0.6
_MIN_BLOCK_WIDTH = 80
#: A run of labelled lines is a form ("Customer: Beta LLC" / "Provider: ACME Inc." / "Initial
#: Term: 24 months"): each line is its own entry, however long, so its breaks are kept too.
_FORM_LINE = re.compile(r"^[A-Z][\w&'’./()-]*(?: [\w&'’./()-]+){0,4}:\s*\S")
# The heading of a table of contents opens the contents: it is never a line of the cover's title
# ("Table of Contents" in small letters is no heading line, so no title takes it in).
_CONTENTS_HEADING = re.compile(r"^(?:TABLE OF CONTENTS|CONTENTS)$")
# "Attention: Ms. Jane Roe, General Counsel": the addressee's line of a letter's address block
_ATTENTION_LINE = re.compile(r"^(?:Attention|Attn\.?)\s*:", re.IGNORECASE)
# A letter's salutation opens its body: it is a block of its own ("Dear Sirs:", "Dear Ms. Roe,").
_SALUTATION = re.compile(
    r"^(?:Dear [A-Z][^:;,]{0,60}|Ladies and Gentlemen|Gentlemen|To Whom It May Concern)[:,]$",
    re.IGNORECASE,
)
# A letter's subject line ("Re: Supply Agreement", "RE.: ...", "Subject: ...") is a block of its
# own between the address and the body: it names the letter, and run into the address block (an
# "Attention:" line as wide as the page) or the first paragraph it names nothing.
_SUBJECT_LINE = re.compile(r"^(?:Re|RE|Subject|SUBJECT)\.?[ \t]*:[ \t]*\S")


def _text_width(lines: list[str]) -> int:
    lengths = sorted(len(line) for line in lines if line)
    if not lengths:
        return 0
    return lengths[min(len(lengths) - 1, int(len(lengths) * 0.9))]


class _Assembler:
    def __init__(self) -> None:
        self.items: list[Item] = []
        self.buf: list[str] = []
        self.buf_page: int | None = None
        self.buf_continues = False
        self.last_line = ""  # the previous non-empty line, across pages
        self.last_was_heading = False
        self.after_break = True  # at the start, after a blank line or a heading
        self.width = 0
        self.rows: list[str] = []
        self.rows_page: int | None = None

    # -- tables typed as text
    def table_row(self, line: str, page: int | None) -> None:
        self.flush()
        if not _RULE_ROW.match(line):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            self.rows.append(" | ".join(cells))
            self.rows_page = page if len(self.rows) == 1 else self.rows_page

    def flush_table(self) -> None:
        if len(self.rows) >= 2:
            self.items.append(Item("table", "\n".join(self.rows), self.rows_page))
        elif self.rows:
            self.items.append(Item("text", self.rows[0], self.rows_page))
        self.rows = []

    # -- paragraphs
    def flush(self) -> None:
        if not self.buf:
            return
        text = "\n".join(self.buf) if self._is_line_block() else join_wrapped(self.buf)
        opens = None if self.buf_continues else run_in_heading(text)
        self.items.append(
            Item("text", text, self.buf_page, opens=opens, continues=self.buf_continues)
        )
        self.buf = []
        self.buf_continues = False

    def _is_line_block(self) -> bool:
        limit = _BLOCK_LINE * max(self.width, _MIN_BLOCK_WIDTH)
        return len(self.buf) >= 2 and (
            all(len(line) < limit for line in self.buf) or self._is_form()
        )

    def _is_form(self) -> bool:
        return len(self.buf) >= 2 and all(_FORM_LINE.match(line) for line in self.buf)

    def _ends_paragraph(self) -> bool:
        last = self.last_line
        if self.after_break or self.last_was_heading or ends_sentence(last):
            return True
        # a form's labelled line ends its entry however wide it is, so a heading may follow
        if self._is_form():
            return True
        # a short line ends a paragraph, except inside an ALL-CAPS one (capitals are wide)
        return len(last) < _SHORT_LINE * self.width and not (self.buf and is_all_caps(last))

    def _heading_level(self, line: str) -> int | None:
        """The line's heading level where a heading may start here; a contents heading starts
        one wherever it stands (even under a cover page's title set in capitals)."""
        if _CONTENTS_HEADING.match(line):
            return 1
        if self._ends_paragraph() or self._closes_address(line):
            return heading_level(line)
        return None

    def _opens_or_ends_subject(self, line: str) -> bool:
        """A subject line opens a block (but stays one of a form's labelled lines: "To:" /
        "From:" / "Re:"), and its block ends on a short line: a long one wraps onto the next (a
        page of short lines, a table's, is measured against a floor: no subject wraps there)."""
        if _SUBJECT_LINE.match(line):
            return bool(self.buf) and not self._is_form()
        return bool(
            self.buf
            and _SUBJECT_LINE.match(self.buf[0])
            and not self._is_form()
            and len(self.last_line) < _SHORT_LINE * max(self.width, _MIN_BLOCK_WIDTH)
        )

    def _closes_address(self, line: str) -> bool:
        """An "Attention:" line ends a letter's address block however wide it is, so the
        letter's title may follow it; a further labelled line ("Email: ...") continues it."""
        return bool(_ATTENTION_LINE.match(self.last_line)) and not _FORM_LINE.match(line)

    def _heading(self, line: str, level: int, page: int | None) -> None:
        self.flush()
        prev = self.items[-1] if self.items else None
        if (
            self.last_was_heading
            and prev is not None
            and not _CONTENTS_HEADING.match(prev.text)
            and not _CONTENTS_HEADING.match(line)
            and prev.level == 1
            and level == 1
            and prev.page == page
            and is_all_caps(prev.text)
            and is_all_caps(line)
            and not prev.text.endswith(":")
            and not line.endswith(":")
            and len(prev.text) + 1 + len(line) <= _MAX_MERGED_HEADING
        ):
            # a title set on two lines: "COVENANT NOT TO COMPETE" / "AND NON-DISCLOSURE ..."
            self.items[-1] = replace(prev, text=f"{prev.text} {line}")
        else:
            self.items.append(Item("text", line, page, level=level))

    def feed(self, line: str, page: int | None) -> None:
        if line and _PIPE_ROW.search(line):
            self.table_row(line, page)
            self.last_line, self.last_was_heading, self.after_break = line, False, True
            return
        self.flush_table()
        if not line:
            self.flush()
            self.after_break = True
            return
        starts_page = self.buf_page != page and bool(self.buf)
        level = self._heading_level(line)
        if level is not None:
            self._heading(line, level, page)
            self.last_was_heading = True
        else:
            if starts_page:
                # a paragraph open at the end of the previous page
                continues = not ends_sentence(self.last_line) and line[:1].islower()
                self.flush()
                self.buf_continues = continues
            elif _SALUTATION.match(line) or (self.buf and _SALUTATION.match(self.buf[-1])):
                self.flush()  # the salutation is a block of its own, between address and body
            elif self._opens_or_ends_subject(line):
                self.flush()
            elif (
                self.buf
                and ends_sentence(self.last_line)
                and not _BARE_MARKER.match(self.buf[-1])
                and (_ENUMERATOR.match(line) or len(self.last_line) < _SHORT_LINE * self.width)
            ):
                self.flush()
            if not self.buf:
                self.buf_page = page
            self.buf.append(line)
            self.last_was_heading = False
        self.last_line = line
        self.after_break = False


def lines_to_items(pages: list[list[str]], *, paged: bool = True) -> list[Item]:
    """Paragraph and heading items from cleaned lines (``""`` marks a blank line).

    ``pages`` holds one list of lines per page; with ``paged`` items carry 1-based page numbers.
    """
    asm = _Assembler()
    for index, lines in enumerate(pages):
        page = index + 1 if paged else None
        asm.width = _text_width(lines)
        for line in lines:
            asm.feed(line, page)
    asm.flush_table()
    asm.flush()
    return asm.items
