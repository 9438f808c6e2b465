"""Fixtures for the document parser and chunker tests: project-written sample files.

Every file is generated here (into pytest's temporary directories) by the writers in
``intelligent_extraction.samples`` or by drawing exact lines with reportlab, so the tests know
exactly what each document holds.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from intelligent_extraction.samples import (
    SampleDocument,
    services_agreement,
    write_docx,
    write_html,
    write_pdf,
    write_text,
)


@pytest.fixture(scope="session")
def msa() -> SampleDocument:
    return services_agreement()


@pytest.fixture(scope="session")
def msa_files(tmp_path_factory, msa) -> dict[str, Path]:
    """The sample Master Services Agreement written once per session in every format."""
    out = tmp_path_factory.mktemp("msa")
    return {
        "pdf": write_pdf(out / "services_agreement.pdf", msa),
        "docx": write_docx(out / "services_agreement.docx", msa),
        "html": write_html(out / "services_agreement.html", msa),
        "txt": write_text(out / "services_agreement.txt", msa),
    }


LinesPdf = Callable[..., Path]


@pytest.fixture()
def lines_pdf(tmp_path) -> LinesPdf:
    """Write a PDF whose pages hold exactly the given lines, one text line each, top down.

    A line given as a tuple of strings is set as side-by-side columns.

    ``header``/``footer`` add a running header and a "Page N" footer to every page.
    """

    def write(
        pages: list[list[str | tuple[str, ...]]],
        name: str = "lines.pdf",
        *,
        header: str | None = None,
        footer: bool = False,
        password: str | None = None,
    ) -> Path:
        from reportlab.lib.pagesizes import LETTER
        from reportlab.pdfgen import canvas

        path = tmp_path / name
        pdf = canvas.Canvas(str(path), pagesize=LETTER, invariant=1, encrypt=password)
        for number, lines in enumerate(pages, start=1):
            if header:
                pdf.setFont("Helvetica", 8)
                pdf.drawString(72, 750, header)
            y = 720
            for line in lines:
                # a tuple is one line of side-by-side columns, set 258 points apart
                for column, part in enumerate((line,) if isinstance(line, str) else line):
                    bold = part.isupper() or part[:1].isdigit()
                    pdf.setFont("Helvetica-Bold" if bold else "Helvetica", 11)
                    pdf.drawString(72 + 258 * column, y, part)
                y -= 16
            if footer:
                pdf.setFont("Helvetica", 8)
                pdf.drawCentredString(306, 40, f"Page {number}")
            pdf.showPage()
        pdf.save()
        return path

    return write
