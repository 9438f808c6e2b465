"""Project-written sample documents and writers for PDF, DOCX, HTML and text.

The samples are realistic but invented (no third-party text): a Master Services Agreement
between two made-up companies, a short medical record and a one-page bank statement. Each is
a ``SampleDocument``; ``facts`` holds the values a correct extraction should find, so tests
and demos can check results against them. Everything is deterministic: the same call writes
the same content, and the PDF and DOCX writers pin timestamps and ids so the bytes repeat too.

    doc = services_agreement()
    write_pdf("msa.pdf", doc); write_docx("msa.docx", doc)
    write_html("msa.html", doc); write_text("msa.txt", doc)

``write_pdf`` needs reportlab (a dev dependency); the other writers need only runtime ones.
"""

from __future__ import annotations

import html
import io
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Table",
    "Figure",
    "Section",
    "SampleDocument",
    "services_agreement",
    "medical_record",
    "bank_statement",
    "write_pdf",
    "write_docx",
    "write_html",
    "write_text",
    "write_text_as_pdf",
    "placeholder_png",
]


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def lines(self) -> list[str]:
        """Rows as ``cell | cell`` lines, header first: how the parsers render a table."""
        return [" | ".join(row) for row in (self.header, *self.rows)]


@dataclass(frozen=True)
class Figure:
    alt: str  # the picture's alt text (DOCX docPr descr, HTML alt)
    caption: str


@dataclass(frozen=True)
class Section:
    heading: str  # as printed, numbering included: "7. Late Payment Penalties"
    paragraphs: tuple[str, ...] = ()
    table: Table | None = None
    figure: Figure | None = None


@dataclass(frozen=True)
class SampleDocument:
    name: str  # file stem
    title: str
    preamble: tuple[str, ...]
    sections: tuple[Section, ...]
    closing: tuple[str, ...] = ()
    facts: dict[str, str] = field(default_factory=dict)

    def section(self, title_part: str) -> Section:
        """The first section whose heading contains ``title_part`` (case-insensitive)."""
        for section in self.sections:
            if title_part.lower() in section.heading.lower():
                return section
        raise KeyError(f"{self.name} has no section with {title_part!r} in its heading")


# --------------------------------------------------------------------------- content

PROVIDER = "Bluestone Data Systems, Inc."
CLIENT = "Harborview Logistics LLC"


def services_agreement() -> SampleDocument:
    """A Master Services Agreement of about five PDF pages with the usual contract fields."""
    fees = Table(
        header=("Service", "Fee (USD)", "Billing"),
        rows=(
            ("Platform subscription", "$12,500.00", "Monthly in advance"),
            ("Data onboarding (one-time)", "$18,000.00", "On acceptance"),
            ("Premium support", "$2,400.00", "Monthly in arrears"),
            ("Additional analyst hours", "$185.00 per hour", "Monthly in arrears"),
        ),
    )
    sections = (
        Section(
            "1. Definitions",
            (
                '"Affiliate" means any entity that directly or indirectly controls, is '
                "controlled by, or is under common control with a party, where control means "
                "ownership of more than fifty percent (50%) of the voting interests of the entity.",
                '"Deliverables" means the reports, dashboards, data models and other materials '
                "that Provider prepares for Client in performing the Services, as described in "
                "a Statement of Work.",
                '"Services" means the data processing, analytics and support services described '
                "in Section 2 and in each Statement of Work executed under this Agreement.",
                '"Statement of Work" means a document signed by both parties that describes '
                "specific Services, Deliverables, milestones and fees, and that references this "
                "Agreement. Each Statement of Work forms part of this Agreement.",
                '"Client Data" means all data, records and information that Client or its '
                "Affiliates provide to Provider, including shipment records, customer lists and "
                "carrier invoices, and all data derived from them.",
            ),
        ),
        Section(
            "2. Services",
            (
                "Provider shall perform the Services in accordance with this Agreement and each "
                "Statement of Work. Provider shall assign qualified personnel to the Services and "
                "shall replace any person whom Client reasonably objects to within ten (10) "
                "business days of Client's written request.",
                "Client shall provide Provider with timely access to the Client Data, systems "
                "and personnel reasonably required for the Services. Provider is not responsible "
                "for any delay caused by Client's failure to provide such access.",
            ),
            figure=Figure(
                alt="Diagram of the service delivery workflow: Client data intake, "
                "Provider processing and quality review, monthly reporting to Client",
                caption="Figure 1: Service delivery workflow",
            ),
        ),
        Section(
            "3. Term",
            (
                "This Agreement shall commence on the Effective Date and shall continue for a "
                'period of two (2) years (the "Initial Term"), unless terminated earlier in '
                "accordance with Section 5.",
            ),
        ),
        Section(
            "4. Renewal",
            (
                "Upon expiration of the Initial Term, this Agreement shall automatically renew "
                'for successive periods of one (1) year each (each a "Renewal Term"), unless '
                "either party gives the other written notice of non-renewal at least sixty (60) "
                "days before the end of the then-current term.",
            ),
        ),
        Section(
            "5. Termination",
            (
                "Either party may terminate this Agreement for convenience upon ninety (90) days' "
                "prior written notice to the other party.",
                "Either party may terminate this Agreement immediately by written notice if the "
                "other party materially breaches this Agreement and fails to cure the breach "
                "within thirty (30) days after receiving written notice describing it, or if the "
                "other party becomes insolvent or makes an assignment for the benefit of its "
                "creditors.",
                "Upon termination, Client shall pay all fees for Services performed through the "
                "effective date of termination, and each party shall return or destroy the "
                "other party's Confidential Information.",
            ),
        ),
        Section(
            "6. Fees and Payment Terms",
            (
                "Client shall pay Provider the fees set out in the fee schedule below and in each "
                "Statement of Work. Provider shall invoice Client monthly, and Client shall pay "
                "each undisputed invoice within thirty (30) days of the invoice date (net 30) by "
                "wire transfer to the account designated by Provider.",
                "All fees are exclusive of sales, use and similar taxes, which Client shall pay, "
                "other than taxes on Provider's net income.",
            ),
            table=fees,
        ),
        Section(
            "7. Late Payment Penalties",
            (
                "Any amount not paid when due shall accrue a late payment penalty of 1.5% per "
                "month (18% per annum), or the maximum rate permitted by applicable law, "
                "whichever is less, calculated from the due date until the date of payment.",
                "If any undisputed amount remains unpaid for more than forty-five (45) days after "
                "its due date, Provider may, upon ten (10) days' written notice, suspend the "
                "Services until all overdue amounts and accrued penalties are paid in full.",
            ),
        ),
        Section(
            "8. Confidentiality",
            (
                'Each party (the "Receiving Party") shall hold in confidence all non-public '
                'information disclosed by the other party (the "Disclosing Party") that is marked '
                "confidential or that a reasonable person would understand to be confidential "
                '("Confidential Information"), and shall use it only to perform this Agreement.',
                "These obligations do not apply to information that is or becomes public through "
                "no fault of the Receiving Party, that was known to the Receiving Party before "
                "disclosure, or that is independently developed. The obligations in this Section "
                "survive for three (3) years after termination of this Agreement.",
            ),
        ),
        Section(
            "9. Indemnification",
            (
                "Provider shall defend, indemnify and hold harmless Client and its Affiliates "
                "from and against any third-party claim alleging that the Services or "
                "Deliverables infringe any patent, copyright or trade secret, and shall pay all "
                "damages and costs finally awarded on such claim.",
                "Client shall defend, indemnify and hold harmless Provider from and against any "
                "third-party claim arising from the Client Data or from Client's use of the "
                "Deliverables in violation of this Agreement.",
            ),
        ),
        Section(
            "10. Intellectual Property",
            (
                "Client retains all right, title and interest in the Client Data. Upon full "
                "payment, Provider assigns to Client all right, title and interest in the "
                "Deliverables, excluding Provider's pre-existing tools, software and know-how, "
                "for which Provider grants Client a perpetual, non-exclusive, royalty-free "
                "license to use them as part of the Deliverables.",
            ),
        ),
        Section(
            "11. Limitation of Liability",
            (
                "EXCEPT FOR BREACHES OF SECTION 8 AND THE INDEMNIFICATION OBLIGATIONS IN SECTION "
                "9, NEITHER PARTY SHALL BE LIABLE FOR ANY INDIRECT, INCIDENTAL, SPECIAL OR "
                "CONSEQUENTIAL DAMAGES, AND EACH PARTY'S TOTAL LIABILITY UNDER THIS AGREEMENT "
                "SHALL NOT EXCEED THE FEES PAID BY CLIENT IN THE TWELVE (12) MONTHS PRECEDING THE "
                "EVENT GIVING RISE TO THE CLAIM.",
            ),
        ),
        Section(
            "12. Warranty",
            (
                "Provider warrants that the Services will be performed in a professional and "
                "workmanlike manner consistent with generally accepted industry standards. This "
                "warranty shall remain in effect for ninety (90) days after delivery of each "
                "Deliverable, and Client's exclusive remedy for its breach is the re-performance "
                "of the non-conforming Services.",
            ),
        ),
        Section(
            "13. Governing Law",
            (
                "This Agreement shall be governed by and construed in accordance with the laws of "
                "the Commonwealth of Massachusetts, without regard to its conflict of laws "
                "principles. The parties submit to the exclusive jurisdiction of the state and "
                "federal courts located in Suffolk County, Massachusetts.",
            ),
        ),
        Section(
            "14. Notices",
            (
                "All notices under this Agreement shall be in writing and delivered by hand, by "
                "nationally recognized overnight courier or by certified mail, return receipt "
                "requested, to the addresses set out above, or to such other address as a party "
                "designates by notice. Notices are effective upon receipt.",
            ),
        ),
        Section(
            "15. Miscellaneous",
            (
                "This Agreement, together with all Statements of Work, is the entire agreement "
                "of the parties on its subject matter and supersedes all prior agreements. It "
                "may be amended only in a writing signed by both parties. Neither party may "
                "assign this Agreement without the other party's prior written consent, except "
                "to a successor to all or substantially all of its business.",
            ),
        ),
    )
    return SampleDocument(
        name="services_agreement",
        title="MASTER SERVICES AGREEMENT",
        preamble=(
            'This Master Services Agreement (the "Agreement") is made and entered into this 5th '
            'day of May, 2014 (the "Effective Date"), by and between Bluestone Data Systems, '
            "Inc., a Delaware corporation with its principal office at 400 Atlantic Avenue, "
            'Boston, Massachusetts 02110 ("Provider"), and Harborview Logistics LLC, a '
            "Massachusetts limited liability company with its principal office at 75 Canal "
            'Street, Lowell, Massachusetts 01852 ("Client").',
            "WHEREAS, Provider is in the business of providing data processing and analytics "
            "services, and Client wishes to engage Provider to provide such services on the "
            "terms set out below; NOW, THEREFORE, in consideration of the mutual covenants "
            "contained herein, the parties agree as follows:",
        ),
        sections=sections,
        closing=(
            "IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective "
            "Date.",
            "BLUESTONE DATA SYSTEMS, INC. By: Margaret O. Lindqvist, Chief Executive Officer",
            "HARBORVIEW LOGISTICS LLC By: Daniel R. Okafor, Managing Member",
        ),
        facts={
            "document_name": "MASTER SERVICES AGREEMENT",
            "parties": f"{PROVIDER}; {CLIENT}",
            "agreement_date": "2014-05-05",
            "effective_date": "2014-05-05",
            "term": "2 years",
            "renewal_term": "1 year",
            "notice_period_to_terminate_renewal": "60 days",
            "termination_for_convenience": "90 days",
            "payment_terms": "net 30",
            "late_payment_penalty": "1.5% per month",
            "confidentiality_survival": "3 years",
            "warranty_duration": "90 days",
            "governing_law": "Massachusetts",
        },
    )


def medical_record() -> SampleDocument:
    """A one-page outpatient visit note with an ICD-10 diagnosis code."""
    return SampleDocument(
        name="medical_record",
        title="OUTPATIENT VISIT NOTE",
        preamble=(
            "Riverside Family Medicine, 210 Elm Street, Worcester, Massachusetts 01608. "
            "Date of visit: March 3, 2021. Attending physician: Dr. Helen Marsh, MD.",
        ),
        sections=(
            Section(
                "1. Patient Information",
                (
                    "Patient: Jordan A. Whitfield. Date of birth: August 14, 1968. Sex: Male. "
                    "Medical record number: MRN-0048213.",
                ),
            ),
            Section(
                "2. History of Present Illness",
                (
                    "The patient reports increased thirst, frequent urination and fatigue over "
                    "the past six weeks. No chest pain, shortness of breath or vision changes.",
                ),
            ),
            Section(
                "3. Assessment and Diagnosis",
                (
                    "Primary diagnosis: Type 2 diabetes mellitus without complications, ICD-10 "
                    "code E11.9. Hemoglobin A1c is 7.8%. Secondary diagnosis: essential "
                    "(primary) hypertension, ICD-10 code I10.",
                ),
            ),
            Section(
                "4. Medications",
                table=Table(
                    header=("Medication", "Dose", "Frequency"),
                    rows=(
                        ("Metformin", "500 mg", "Twice daily with meals"),
                        ("Lisinopril", "10 mg", "Once daily"),
                    ),
                ),
            ),
            Section(
                "5. Plan",
                (
                    "Start metformin as above, dietary counselling, home glucose monitoring. "
                    "Follow-up visit in three (3) months with repeat HbA1c.",
                ),
            ),
        ),
        facts={
            "icd10_code": "E11.9",
            "patient_name": "Jordan A. Whitfield",
            "visit_date": "2021-03-03",
            "mrn": "MRN-0048213",
        },
    )


def bank_statement() -> SampleDocument:
    """A one-page checking account statement with an account number."""
    return SampleDocument(
        name="bank_statement",
        title="ACCOUNT STATEMENT",
        preamble=(
            "Granite Harbor Savings Bank, 1 Federal Street, Boston, Massachusetts 02110.",
            "Account holder: Harborview Logistics LLC, 75 Canal Street, Lowell, Massachusetts "
            "01852. Account number: 4402-7781-0093. Statement period: June 1, 2021 to June 30, "
            "2021.",
        ),
        sections=(
            Section(
                "ACCOUNT SUMMARY",
                (
                    "Opening balance: $48,210.55. Total deposits: $36,400.00. Total "
                    "withdrawals: $29,875.20. Closing balance: $54,735.35.",
                ),
            ),
            Section(
                "TRANSACTIONS",
                table=Table(
                    header=("Date", "Description", "Amount", "Balance"),
                    rows=(
                        ("06/02/2021", "Deposit - customer remittance", "$21,400.00",
                         "$69,610.55"),
                        ("06/10/2021", "Wire - Bluestone Data Systems", "-$12,500.00",
                         "$57,110.55"),
                        ("06/15/2021", "Deposit - customer remittance", "$15,000.00",
                         "$72,110.55"),
                        ("06/28/2021", "Payroll", "-$17,375.20", "$54,735.35"),
                    ),
                ),
            ),
        ),
        facts={
            "account_number": "4402-7781-0093",
            "closing_balance": "$54,735.35",
            "statement_period": "2021-06-01/2021-06-30",
        },
    )


# --------------------------------------------------------------------------- writers


def placeholder_png(width: int = 96, height: int = 48) -> bytes:
    """A small, deterministic grey-on-blue PNG (no imaging library needed)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        body = tag + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(
        b"\x00" + b"".join(
            bytes((200, 205, 210)) if (x // 12 + y // 12) % 2 else bytes((40, 90, 160))
            for x in range(width)
        )
        for y in range(height)
    )
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def write_pdf(path: str | Path, doc: SampleDocument, *, password: str | None = None) -> Path:
    """A multi-page PDF (Letter): bold title and headings, body text, ruled tables, figure
    captions, a running header and page numbers. ``password`` encrypts it."""
    try:
        from reportlab.lib import colors
        from reportlab.lib.pagesizes import LETTER
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.lib.units import inch
        from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, TableStyle
        from reportlab.platypus import Table as PdfTable
    except ImportError as exc:  # pragma: no cover - reportlab is a dev dependency
        raise RuntimeError("write_pdf needs reportlab (pip install reportlab)") from exc

    path = Path(path)
    body = ParagraphStyle("body", fontName="Helvetica", fontSize=10.5, leading=14, spaceAfter=8)
    heading = ParagraphStyle(
        "heading", fontName="Helvetica-Bold", fontSize=12, leading=16, spaceBefore=8, spaceAfter=6
    )
    title = ParagraphStyle(
        "title", fontName="Helvetica-Bold", fontSize=16, leading=20, alignment=1, spaceAfter=14
    )
    caption = ParagraphStyle("caption", parent=body, fontName="Helvetica-Oblique", fontSize=9.5)

    def esc(text: str) -> str:
        return html.escape(text, quote=False)

    story = [Paragraph(esc(doc.title), title)]
    story += [Paragraph(esc(p), body) for p in doc.preamble]
    for section in doc.sections:
        story.append(Paragraph(esc(section.heading), heading))
        story += [Paragraph(esc(p), body) for p in section.paragraphs]
        if section.table is not None:
            table = PdfTable([section.table.header, *section.table.rows], hAlign="LEFT")
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10),
                        ("FONT", (0, 1), (-1, -1), "Helvetica", 10),
                        ("GRID", (0, 0), (-1, -1), 0.5, colors.grey),
                        ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke),
                    ]
                )
            )
            story += [table, Spacer(1, 10)]
        if section.figure is not None:
            story.append(Paragraph(esc(section.figure.caption), caption))
    story += [Paragraph(esc(p), body) for p in doc.closing]

    def decorate(canvas, _doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.drawString(inch, LETTER[1] - 0.6 * inch, f"{doc.title.title()} - Confidential")
        canvas.drawCentredString(LETTER[0] / 2, 0.5 * inch, f"Page {_doc.page}")
        canvas.restoreState()

    template = SimpleDocTemplate(
        str(path),
        pagesize=LETTER,
        title=doc.title,
        author="intelligent-extraction samples",
        invariant=1,
        encrypt=password,
    )
    template.build(story, onFirstPage=decorate, onLaterPages=decorate)
    return path


def write_text_as_pdf(path: str | Path, text: str) -> Path:
    """A plain-text contract typeset as a PDF (Letter, Times, justified), the way contracts
    reach the service: each block between blank lines is one paragraph, wrapped where the page
    ends it; lines inside a block (an address, a signature block, a form's labelled lines)
    keep their breaks. Every page carries its number at the foot."""
    try:
        from reportlab.lib.pagesizes import LETTER
        from reportlab.lib.styles import ParagraphStyle
        from reportlab.lib.units import inch
        from reportlab.platypus import Paragraph, SimpleDocTemplate
    except ImportError as exc:  # pragma: no cover - reportlab is a dev dependency
        raise RuntimeError("write_text_as_pdf needs reportlab (pip install reportlab)") from exc

    path = Path(path)
    font = _serif_for(text)
    body = ParagraphStyle("body", fontName=font, fontSize=11, leading=14, alignment=4, spaceAfter=8)
    blocks = [b.strip().splitlines() for b in text.split("\n\n") if b.strip()]
    story = [
        Paragraph("<br/>".join(html.escape(line, quote=False) for line in lines), body)
        for lines in blocks
    ]

    def page_number(canvas, _doc) -> None:
        canvas.saveState()
        canvas.setFont(font, 9)
        canvas.drawCentredString(LETTER[0] / 2, 0.5 * inch, f"Page {_doc.page}")
        canvas.restoreState()

    template = SimpleDocTemplate(str(path), pagesize=LETTER, invariant=1)
    template.build(story, onFirstPage=page_number, onLaterPages=page_number)
    return path


def _serif_for(text: str) -> str:
    """Times-Roman when the text fits its encoding (WinAnsi, cp1252), else an embedded DejaVu
    Serif: the standard PDF fonts draw any other character ("ł" in "Wisłoujście", "ō" in
    "Kōyō") as a black box, so the PDF would not hold the name the text holds. Times stays the
    default so every Latin-1 contract typesets exactly as before."""
    try:
        text.encode("cp1252")
        return "Times-Roman"
    except UnicodeEncodeError:
        pass
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "DejaVuSerif" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("DejaVuSerif", _dejavu_serif()))
    return "DejaVuSerif"


def _dejavu_serif() -> Path:
    """DejaVu Serif from matplotlib's data (the dev extras install it beside reportlab)."""
    try:
        import matplotlib
    except ImportError as exc:  # pragma: no cover - matplotlib is in the dev extras
        raise RuntimeError(
            "a PDF of text beyond Latin-1 needs matplotlib's DejaVu Serif (pip install matplotlib)"
        ) from exc
    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSerif.ttf"


def _normalized_zip(data: bytes) -> bytes:
    """Rewrite a ZIP with fixed timestamps so the same content gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(2014, 5, 5, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, src.read(info.filename))
    return out.getvalue()


def write_docx(path: str | Path, doc: SampleDocument) -> Path:
    """A DOCX with a Title, real Heading 1 styles, a real table and an inline picture whose
    alt text (docPr descr) describes it."""
    import datetime as dt

    import docx
    from docx.shared import Inches

    path = Path(path)
    document = docx.Document()
    props = document.core_properties
    props.title, props.author = doc.title, "intelligent-extraction samples"
    props.created = props.modified = dt.datetime(2014, 5, 5, tzinfo=dt.timezone.utc)
    props.last_modified_by, props.revision = "intelligent-extraction samples", 1
    document.add_heading(doc.title, level=0)
    for p in doc.preamble:
        document.add_paragraph(p)
    for section in doc.sections:
        document.add_heading(section.heading, level=1)
        for p in section.paragraphs:
            document.add_paragraph(p)
        if section.table is not None:
            table = document.add_table(rows=0, cols=len(section.table.header))
            table.style = "Table Grid"
            for row in (section.table.header, *section.table.rows):
                cells = table.add_row().cells
                for cell, value in zip(cells, row):
                    cell.text = value
        if section.figure is not None:
            picture = document.add_picture(io.BytesIO(placeholder_png()), width=Inches(2))
            picture._inline.docPr.set("descr", section.figure.alt)
            document.add_paragraph(section.figure.caption, style="Caption")
    for p in doc.closing:
        document.add_paragraph(p)
    buffer = io.BytesIO()
    document.save(buffer)
    path.write_bytes(_normalized_zip(buffer.getvalue()))
    return path


def write_html(path: str | Path, doc: SampleDocument) -> Path:
    """Semantic HTML: h1/h2, p, table with th, figure with img alt and figcaption (plus a
    script and a style block, which a parser must ignore)."""
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(doc.title)}</title>",
        "<style>body { font-family: Georgia, serif; } td, th { padding: 4px; }</style>",
        "<script>window.analytics = { page: 'contract' };</script>",
        "</head><body>",
        f"<h1>{e(doc.title)}</h1>",
    ]
    out += [f"<p>{e(p)}</p>" for p in doc.preamble]
    for section in doc.sections:
        out.append(f"<h2>{e(section.heading)}</h2>")
        out += [f"<p>{e(p)}</p>" for p in section.paragraphs]
        if section.table is not None:
            out.append("<table>")
            out.append("<tr>" + "".join(f"<th>{e(c)}</th>" for c in section.table.header) + "</tr>")
            for row in section.table.rows:
                out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
            out.append("</table>")
        if section.figure is not None:
            out.append(
                f'<figure><img src="workflow.png" alt="{e(section.figure.alt)}">'
                f"<figcaption>{e(section.figure.caption)}</figcaption></figure>"
            )
    out += [f"<p>{e(p)}</p>" for p in doc.closing]
    out.append("</body></html>")
    path = Path(path)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def write_text(path: str | Path, doc: SampleDocument) -> Path:
    """Plain text as a contract is typed: ALL-CAPS title, numbered headings on their own
    lines, blank lines between paragraphs, tables as ``cell | cell`` rows."""
    out = [doc.title, ""]
    for p in doc.preamble:
        out += [p, ""]
    for section in doc.sections:
        out += [section.heading, ""]
        for p in section.paragraphs:
            out += [p, ""]
        if section.table is not None:
            out += [*section.table.lines(), ""]
        if section.figure is not None:
            out += [section.figure.caption, ""]
    for p in doc.closing:
        out += [p, ""]
    path = Path(path)
    path.write_text("\n".join(out), encoding="utf-8")
    return path
