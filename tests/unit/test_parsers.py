"""parse_document: every format, exact offsets, pages, sections, tables, images and errors."""

from __future__ import annotations

import os
import random
import zipfile

import pytest

from intelligent_extraction.documents import SUPPORTED_EXTENSIONS, default_doc_id, parse_document
from intelligent_extraction.errors import (
    CorruptDocumentError,
    DocumentError,
    EmptyDocumentError,
    EncryptedDocumentError,
    UnsupportedFormatError,
)
from intelligent_extraction.samples import write_pdf, write_text_as_pdf

TITLE = "MASTER SERVICES AGREEMENT"


def assert_exact_blocks(doc) -> None:
    """Blocks index the text exactly, in order, separated by whitespace only."""
    assert doc.blocks, "no blocks"
    previous_end = 0
    for block in doc.blocks:
        assert doc.text[block.start : block.end] == block.text
        assert block.text == block.text.strip() and block.text
        assert doc.text[previous_end : block.start].strip() == ""
        previous_end = block.end
    assert previous_end == len(doc.text)


def block_with(doc, prefix: str):
    matches = [b for b in doc.blocks if b.text.startswith(prefix)]
    assert matches, f"no block starts with {prefix!r}"
    return matches[0]


# --------------------------------------------------------------------------- every format


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_blocks_index_the_text_exactly(msa_files, fmt):
    doc = parse_document(msa_files[fmt])
    assert_exact_blocks(doc)
    assert doc.doc_id == "services_agreement"
    assert doc.source == str(msa_files[fmt])


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_sections_follow_the_contract_headings(msa_files, msa, fmt):
    doc = parse_document(msa_files[fmt])
    expected = [(TITLE,)] + [(TITLE, s.heading) for s in msa.sections]
    assert list(dict.fromkeys(b.section for b in doc.blocks)) == expected


@pytest.mark.parametrize("fmt", ["pdf", "docx", "html", "txt"])
def test_clause_text_survives_in_its_section(msa_files, msa, fmt):
    doc = parse_document(msa_files[fmt])
    late = msa.section("Late Payment").paragraphs[0]
    block = block_with(doc, "Any amount not paid when due")
    assert block.text == late
    assert block.section == (TITLE, "7. Late Payment Penalties")
    assert "the laws of the Commonwealth of Massachusetts" in doc.text
    assert "made and entered into this 5th day of May, 2014" in doc.text


# --------------------------------------------------------------------------- PDF


def test_pdf_pages_paragraphs_furniture_and_hyphenation(lines_pdf):
    path = lines_pdf(
        [
            [
                "SUPPLY AGREEMENT",
                "This Supply Agreement is made on 1 March 2020 between Acme Components Ltd and",
                "Borealis Tools GmbH.",
                "1. Definitions",
                '"Products" means the goods listed in Schedule A, as amended from time to time by',
                "written agreement of the parties.",
            ],
            [
                "2. Supply",
                "The Supplier shall deliver the Products within ten days.",
                "Each delivery shall be inspected by the Buyer within five business days of its",
                "arrival. The indem-",
                "nity covers all claims.",
                "Payment is due within thirty days of the date of the",
            ],
            [
                "invoice and shall be made by bank transfer.",
                "3. Governing Law",
                "This Agreement is governed by the laws of the State of New York.",
            ],
        ],
        header="ACME / BOREALIS - CONFIDENTIAL",
        footer=True,
    )
    doc = parse_document(path)
    assert_exact_blocks(doc)
    assert doc.page_count == 3
    assert doc.format == "pdf"
    s0, s1, s2, s3 = (
        ("SUPPLY AGREEMENT",),
        ("SUPPLY AGREEMENT", "1. Definitions"),
        ("SUPPLY AGREEMENT", "2. Supply"),
        ("SUPPLY AGREEMENT", "3. Governing Law"),
    )
    assert [(b.page, b.section, b.text) for b in doc.blocks] == [
        (1, s0, "SUPPLY AGREEMENT"),
        (
            1,
            s0,
            "This Supply Agreement is made on 1 March 2020 between Acme Components Ltd and "
            "Borealis Tools GmbH.",
        ),
        (1, s1, "1. Definitions"),
        (
            1,
            s1,
            '"Products" means the goods listed in Schedule A, as amended from time to time by '
            "written agreement of the parties.",
        ),
        (2, s2, "2. Supply"),
        (2, s2, "The Supplier shall deliver the Products within ten days."),
        (
            2,
            s2,
            "Each delivery shall be inspected by the Buyer within five business days of its "
            "arrival. The indemnity covers all claims.",
        ),
        (2, s2, "Payment is due within thirty days of the date of the"),
        (3, s2, "invoice and shall be made by bank transfer."),
        (3, s3, "3. Governing Law"),
        (3, s3, "This Agreement is governed by the laws of the State of New York."),
    ]
    # a paragraph cut by the page break reads on with a single space
    assert "date of the invoice and shall" in doc.text
    assert "CONFIDENTIAL" not in doc.text and "Page " not in doc.text


def test_a_two_page_contracts_running_header_is_furniture(lines_pdf):
    # a short NDA's header repeats its title and "CONFIDENTIAL" on both of its two pages
    path = lines_pdf(
        [
            [
                "MUTUAL NONDISCLOSURE AGREEMENT",
                "This Agreement is made on 3 June 2022 between Kestrel Optics Inc. and",
                "Lowmoor Analytics Ltd.",
                "1. Confidential Information",
                "Each party shall keep the other's Confidential Information secret and use it",
                "only to evaluate the proposed joint venture.",
            ],
            [
                "2. Term",
                "This Agreement ends two years after the date on which it is made, and each",
                "party's duties under it end two years after that.",
                "3. Governing Law",
                "This Agreement is governed by the laws of Ontario.",
            ],
        ],
        header="MUTUAL NONDISCLOSURE AGREEMENT - CONFIDENTIAL",
        footer=True,
    )
    doc = parse_document(path)
    assert "CONFIDENTIAL" not in doc.text
    assert doc.blocks[0].text == "MUTUAL NONDISCLOSURE AGREEMENT"


def test_a_cover_pages_title_heading_the_next_page_is_kept(lines_pdf):
    path = lines_pdf(
        [
            ["DEED OF GUARANTEE", "EXECUTION VERSION"],
            [
                "DEED OF GUARANTEE",
                "This Deed is made on 9 June 2016 by Quillon Holdings Limited in favour of",
                "Brackenfield Bank plc.",
                "1. Guarantee",
                "The Guarantor guarantees the punctual payment of the Secured Liabilities.",
                "2. Governing Law",
                "This Deed is governed by the laws of England and Wales.",
            ],
        ]
    )
    doc = parse_document(path)
    assert doc.text.count("DEED OF GUARANTEE") == 2


def test_a_signature_line_at_the_foot_of_every_page_is_kept(lines_pdf):
    # one officer signs twice, at the foot of each page: his lines are not a running footer
    signature = ["By: /s/ Owen Hartley", "Title: Treasurer", "Date: 4/2/2021"]
    path = lines_pdf(
        [
            ["JOINDER AGREEMENT", "Tamsin Ridge LLC joins the Agreement.", *signature],
            ["Corvid Bay LLC joins the Agreement.", *signature],
        ]
    )
    doc = parse_document(path)
    assert doc.text.count("Date: 4/2/2021") == 2


def test_a_heading_after_a_forms_full_width_labelled_line_is_a_heading(lines_pdf):
    # set in a narrow column, the form's last labelled line is as wide as the prose
    path = lines_pdf(
        [
            [
                "SERVICES AGREEMENT",
                "Client: Thornbury Savings Bank",
                "Vendor: Larkspur Cloud Services LLC",
                "Notice of non-renewal: sixty days before the end of the then-current term",
                "GENERAL TERMS",
                "1. Services. Vendor will host the applications listed in each order form and",
                "keep them available as the service levels in the order form require of it.",
            ]
        ]
    )
    doc = parse_document(path)
    assert [b.text for b in doc.blocks][:3] == [
        "SERVICES AGREEMENT",
        "Client: Thornbury Savings Bank\nVendor: Larkspur Cloud Services LLC\n"
        "Notice of non-renewal: sixty days before the end of the then-current term",
        "GENERAL TERMS",
    ]


def test_a_contents_heading_never_continues_the_cover_pages_title(lines_pdf):
    # the cover's last capitals line and the contents heading below it are two blocks, or the
    # parties reader takes "... LLC TABLE OF CONTENTS" for a name
    path = lines_pdf(
        [
            [
                "SHARE PURCHASE AGREEMENT",
                "between",
                "CALLOWAY HOLDINGS LIMITED",
                "and",
                "MERIDEN VALE INVESTMENTS LLC",
                "TABLE OF CONTENTS",
                "ARTICLE I",
                "Definitions 1",
                "ARTICLE II",
                "Sale and Purchase 3",
            ]
        ]
    )
    blocks = [b.text for b in parse_document(path).blocks]
    assert blocks[4:7] == ["MERIDEN VALE INVESTMENTS LLC", "TABLE OF CONTENTS", "ARTICLE I"]


def test_a_contents_heading_stands_alone_in_plain_text(tmp_path):
    path = tmp_path / "cover.txt"
    path.write_text(
        "DISTRIBUTION AGREEMENT\n\nBETWEEN\n\nHARTWELL OPTICS GMBH\n\nAND\n\n"
        "SUNDERBY MEDICAL AB\n\nCONTENTS\n\n1. Definitions 2\n2. Appointment 3\n"
    )
    blocks = [b.text for b in parse_document(path).blocks]
    assert "SUNDERBY MEDICAL AB" in blocks and "CONTENTS" in blocks


_ADDRESS = ["Larchmont Fabrication Inc.", "3300 Kessler Boulevard", "Dayton, Ohio 45414"]
_LETTER_BODY = [
    "Orrin Valley Capital LLC is considering a possible acquisition of the assets of your",
    "refrigeration business, and you have agreed to provide it with information on the terms",
    "set out in this letter agreement, which you and we agree to as follows in consideration.",
]


def test_a_letters_title_after_a_full_width_attention_line_is_its_own_block(lines_pdf):
    # typeset without blank lines, a wide "Attention:" line used to run the title and the
    # salutation into the address paragraph
    attention = "Attention: Mr. Benedikt Osterhagen, Vice President, Corporate Development"
    letter = [*_ADDRESS, attention, "CONFIDENTIALITY AGREEMENT", "Dear Sirs:", *_LETTER_BODY]
    path = lines_pdf([letter])
    blocks = [b.text for b in parse_document(path).blocks]
    title = blocks.index("CONFIDENTIALITY AGREEMENT")
    assert blocks[title - 1].endswith(attention)
    assert blocks[title + 1] == "Dear Sirs:"
    assert blocks[title + 2].startswith("Orrin Valley Capital LLC")


def test_a_salutation_is_its_own_block(lines_pdf):
    attn = "Attn: The Company Secretary, Larchmont Fabrication Inc. (Legal Department)"
    path = lines_pdf([[*_ADDRESS, attn, "Dear Ms. Villanueva-Stroud,", *_LETTER_BODY]])
    blocks = [b.text for b in parse_document(path).blocks]
    salutation = blocks.index("Dear Ms. Villanueva-Stroud,")
    assert blocks[salutation - 1].endswith(attn)
    assert blocks[salutation + 1].startswith("Orrin Valley Capital LLC")


@pytest.mark.parametrize("subject", [
    "Re: Confidentiality Agreement", "RE: Mutual Non-Disclosure Agreement",
    "Re.: Consulting Agreement", "Subject: Exclusivity Agreement",
])
def test_a_letters_subject_line_is_its_own_block(lines_pdf, subject):
    # typeset without blank lines, the subject line ran into the address block (a wide
    # "Attention:" line) or into the first paragraph, and the title reader saw no "Re:" line
    attention = "Attention: Ms. Corinna Vasquez-Holloway, Senior Vice President, Strategy"
    for letter in ([*_ADDRESS, attention, subject, "Ladies and Gentlemen:", *_LETTER_BODY],
                   [*_ADDRESS, subject, *_LETTER_BODY]):
        blocks = [b.text for b in parse_document(lines_pdf([letter])).blocks]
        assert subject in blocks
        assert blocks[blocks.index(subject) - 1].endswith(letter[letter.index(subject) - 1])


def test_a_subject_line_wrapped_over_two_lines_is_one_block(lines_pdf):
    first = ("Re: Harrow Mill Holdings Ltd. - Senior Secured Term and Revolving Credit Facilities"
             " -")
    letter = [*_ADDRESS, first, "Confidentiality Undertaking", *_LETTER_BODY]
    blocks = [b.text for b in parse_document(lines_pdf([letter])).blocks]
    assert f"{first} Confidentiality Undertaking" in blocks


def test_a_memos_subject_line_stays_among_its_labelled_lines(lines_pdf):
    memo = ["To: Board of Directors", "From: Audit Committee", "Re: Annual Review",
            "Date: March 3, 2020", *_LETTER_BODY]
    header = block_with(parse_document(lines_pdf([memo])), "To: Board of Directors").text
    assert "Re: Annual Review" in header and "Date: March 3, 2020" in header


@pytest.mark.parametrize(
    "name",
    ["Port Wisłoujście Sp. z o.o.", "Kōyō Seimitsu K.K.", "Anadolu Gıda Sanayi A.Ş.", "Müller & Söhne GmbH"],
)
def test_a_typeset_contract_keeps_names_beyond_latin_1(tmp_path, name):
    # the end-to-end batches read their contracts as typeset PDFs: a name the PDF cannot
    # hold would test the typesetter, not the reader
    text = f"SUPPLY AGREEMENT\n\nThis Agreement is made between {name} and Harbourline Ltd."
    pdf = write_text_as_pdf(tmp_path / "names.pdf", text)
    assert name in parse_document(pdf).text


def test_pdf_every_block_has_the_page_pdfium_shows_it_on(msa_files):
    import pypdfium2 as pdfium

    doc = parse_document(msa_files["pdf"])
    assert doc.page_count >= 3
    pdf = pdfium.PdfDocument(str(msa_files["pdf"]))
    try:
        page_texts = [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    finally:
        pdf.close()
    assert len(page_texts) == doc.page_count
    pages = [b.page for b in doc.blocks]
    assert pages == sorted(pages) and pages[0] == 1 and pages[-1] == doc.page_count
    for block in doc.blocks:
        assert block.text[:40] in page_texts[block.page - 1], block


def test_pdf_encrypted_is_reported(tmp_path, msa):
    path = write_pdf(tmp_path / "locked.pdf", msa, password="s3cret")
    with pytest.raises(EncryptedDocumentError) as info:
        parse_document(path)
    assert info.value.path == str(path)
    assert "password" in str(info.value) and "locked.pdf" in str(info.value)


def test_pdf_random_bytes_are_corrupt(tmp_path):
    path = tmp_path / "scan.pdf"
    path.write_bytes(random.Random(7).randbytes(4096))
    with pytest.raises(CorruptDocumentError) as info:
        parse_document(path)
    assert info.value.path == str(path)
    assert "not a PDF" in info.value.reason


def test_pdf_truncated_is_corrupt(tmp_path, msa_files):
    path = tmp_path / "truncated.pdf"
    path.write_bytes(msa_files["pdf"].read_bytes()[:400])
    with pytest.raises(CorruptDocumentError, match="truncated.pdf"):
        parse_document(path)


def test_pdf_without_text_needs_ocr(tmp_path):
    from reportlab.pdfgen import canvas

    path = tmp_path / "scanned.pdf"
    pdf = canvas.Canvas(str(path), invariant=1)
    pdf.rect(72, 72, 300, 400, fill=1)  # a "scan": marks on the page, no text layer
    pdf.showPage()
    pdf.save()
    with pytest.raises(EmptyDocumentError) as info:
        parse_document(path)
    assert "OCR" in info.value.reason and "scanned.pdf" in str(info.value)


# --------------------------------------------------------------------------- DOCX


def test_docx_headings_tables_and_picture_alt_text(msa_files, msa):
    doc = parse_document(msa_files["docx"])
    assert doc.format == "docx" and doc.page_count is None
    assert all(b.page is None for b in doc.blocks)
    tables = [b for b in doc.blocks if b.kind == "table"]
    assert [(t.text, t.section) for t in tables] == [
        (
            "Service | Fee (USD) | Billing\n"
            "Platform subscription | $12,500.00 | Monthly in advance\n"
            "Data onboarding (one-time) | $18,000.00 | On acceptance\n"
            "Premium support | $2,400.00 | Monthly in arrears\n"
            "Additional analyst hours | $185.00 per hour | Monthly in arrears",
            (TITLE, "6. Fees and Payment Terms"),
        )
    ]
    images = [b for b in doc.blocks if b.kind == "image"]
    assert [(i.text, i.section) for i in images] == [
        (msa.section("Services").figure.alt, (TITLE, "2. Services"))
    ]


def test_docx_merged_cells_appear_once_and_unstyled_headings_are_inferred(tmp_path):
    import docx

    document = docx.Document()
    document.add_paragraph("LICENSE AGREEMENT")
    document.add_paragraph("1. Grant of License")
    document.add_paragraph("Licensor grants Licensee a non-exclusive license.")
    table = document.add_table(rows=2, cols=3)
    table.cell(0, 0).merge(table.cell(0, 2)).text = "Royalty schedule"
    for cell, value in zip(table.rows[1].cells, ["Year 1", "5%", "net sales"]):
        cell.text = value
    path = tmp_path / "license.docx"
    document.save(str(path))

    doc = parse_document(path)
    assert_exact_blocks(doc)
    assert [(b.kind, b.section, b.text) for b in doc.blocks] == [
        ("text", ("LICENSE AGREEMENT",), "LICENSE AGREEMENT"),
        ("text", ("LICENSE AGREEMENT", "1. Grant of License"), "1. Grant of License"),
        (
            "text",
            ("LICENSE AGREEMENT", "1. Grant of License"),
            "Licensor grants Licensee a non-exclusive license.",
        ),
        (
            "table",
            ("LICENSE AGREEMENT", "1. Grant of License"),
            "Royalty schedule\nYear 1 | 5% | net sales",
        ),
    ]


def test_docx_that_is_not_a_zip_is_corrupt(tmp_path):
    path = tmp_path / "broken.docx"
    path.write_bytes(b"this is not a word document" * 10)
    with pytest.raises(CorruptDocumentError, match="broken.docx"):
        parse_document(path)


def test_docx_zip_without_document_part_is_corrupt(tmp_path):
    path = tmp_path / "other.docx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "hello")
    with pytest.raises(CorruptDocumentError, match="other.docx"):
        parse_document(path)


def test_password_protected_word_file_is_encrypted(tmp_path):
    # Office stores a password-protected .docx as an OLE container with an EncryptedPackage.
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504) + "EncryptedPackage".encode("utf-16-le")
    path = tmp_path / "protected.docx"
    path.write_bytes(ole + bytes(1024))
    with pytest.raises(EncryptedDocumentError, match="protected.docx"):
        parse_document(path)


# --------------------------------------------------------------------------- HTML


def test_html_figure_table_and_dropped_script(msa_files, msa):
    doc = parse_document(msa_files["html"])
    figure = msa.section("Services").figure
    images = [b for b in doc.blocks if b.kind == "image"]
    assert [(i.text, i.section) for i in images] == [
        (f"{figure.alt}\n{figure.caption}", (TITLE, "2. Services"))
    ]
    tables = [b for b in doc.blocks if b.kind == "table"]
    assert len(tables) == 1
    assert tables[0].text.splitlines() == msa.section("Fees").table.lines()
    assert "window" not in doc.text and "font-family" not in doc.text  # script, style


def test_html_layout_tables_br_and_pages_without_headings(tmp_path):
    path = tmp_path / "edgar.htm"
    path.write_text(
        "<html><body>"
        "<p><b>NON-DISCLOSURE AGREEMENT</b></p>"
        "<table><tr><td><p>1. Confidential Information. The Recipient shall keep all "
        "information confidential.</p></td></tr></table>"
        "<p>Acme Corp.<br>12 Main Street<br/>Springfield</p>"
        '<p><img src="logo.png" alt=""><img src="sig.png" alt="Signature of J. Smith"></p>'
        "<table><tr><th>Party</th><th>Role</th></tr><tr><td>Acme</td><td>Discloser</td></tr>"
        "</table>"
        "</body></html>",
        encoding="utf-8",
    )
    doc = parse_document(path)
    assert_exact_blocks(doc)
    nda = ("NON-DISCLOSURE AGREEMENT",)
    ci = (*nda, "1. Confidential Information")
    assert [(b.kind, b.section, b.text) for b in doc.blocks] == [
        ("text", nda, "NON-DISCLOSURE AGREEMENT"),
        (
            "text",
            ci,
            "1. Confidential Information. The Recipient shall keep all information confidential.",
        ),
        ("text", ci, "Acme Corp.\n12 Main Street\nSpringfield"),
        ("image", ci, "Signature of J. Smith"),
        ("table", ci, "Party | Role\nAcme | Discloser"),
    ]


# --------------------------------------------------------------------------- text and Markdown


def test_plain_text_contract_headings_and_wrapped_lines(tmp_path):
    path = tmp_path / "lease.txt"
    path.write_text(
        "COMMERCIAL LEASE\n"
        "\n"
        "This Lease is made on 2 January 2019 between Landlord and Tenant, who agree as fol-\n"
        "lows and intend to be legally bound by the terms of this non-\n"
        "cancellable Lease.\n"
        "\n"
        "1. Premises\n"
        "The Landlord leases to the Tenant the premises at 10 Harbour Road.\n"
        "2. Rent. The Tenant shall pay rent of $4,000 per month in advance.\n"
        "\n"
        "Item | Amount\n"
        "Rent | $4,000\n",
        encoding="utf-8",
    )
    doc = parse_document(path)
    assert_exact_blocks(doc)
    lease = ("COMMERCIAL LEASE",)
    assert [(b.kind, b.section, b.text) for b in doc.blocks] == [
        ("text", lease, "COMMERCIAL LEASE"),
        (
            "text",
            lease,
            "This Lease is made on 2 January 2019 between Landlord and Tenant, who agree as "
            "follows and intend to be legally bound by the terms of this non-cancellable Lease.",
        ),
        ("text", (*lease, "1. Premises"), "1. Premises"),
        (
            "text",
            (*lease, "1. Premises"),
            "The Landlord leases to the Tenant the premises at 10 Harbour Road.",
        ),
        (
            "text",
            (*lease, "2. Rent"),
            "2. Rent. The Tenant shall pay rent of $4,000 per month in advance.",
        ),
        ("table", (*lease, "2. Rent"), "Item | Amount\nRent | $4,000"),
    ]
    assert doc.format == "text" and doc.page_count is None


def test_markdown_headings_tables_and_images(tmp_path):
    path = tmp_path / "policy.md"
    path.write_text(
        "# Data Policy\n"
        "\n"
        "Intro paragraph that wraps\n"
        "onto a second line.\n"
        "\n"
        "## Retention\n"
        "\n"
        "| Record | Years |\n"
        "|--------|------:|\n"
        "| Invoices | 7 |\n"
        "\n"
        "![Org chart of the data team](org.png)\n"
        "\n"
        "Scope\n"
        "-----\n"
        "\n"
        "All staff.\n",
        encoding="utf-8",
    )
    doc = parse_document(path)
    assert_exact_blocks(doc)
    policy = ("Data Policy",)
    assert [(b.kind, b.section, b.text) for b in doc.blocks] == [
        ("text", policy, "Data Policy"),
        ("text", policy, "Intro paragraph that wraps onto a second line."),
        ("text", (*policy, "Retention"), "Retention"),
        ("table", (*policy, "Retention"), "Record | Years\nInvoices | 7"),
        ("image", (*policy, "Retention"), "Org chart of the data team"),
        ("text", (*policy, "Scope"), "Scope"),
        ("text", (*policy, "Scope"), "All staff."),
    ]


def test_a_form_of_labelled_lines_keeps_its_line_breaks(tmp_path):
    """An order form's labels ("Customer: ...", "Notice of non-renewal: ...") are one entry a
    line, even where one is longer than a signature block's lines; a wrapped paragraph is not."""
    path = tmp_path / "order.txt"
    long_line = "This order is placed under the terms and conditions printed overleaf, " * 2
    path.write_text(
        "ORDER FORM\n\n"
        "Customer: Harbour Credit Union\n"
        "Provider: Lumen Backup Systems, LLC\n"
        "Notice of non-renewal: sixty days before the end of the then-current subscription term\n"
        f"\n{long_line}\n{long_line}\nend.\n",
        encoding="utf-8",
    )
    texts = [b.text for b in parse_document(path).blocks]
    assert texts[1] == (
        "Customer: Harbour Credit Union\nProvider: Lumen Backup Systems, LLC\n"
        "Notice of non-renewal: sixty days before the end of the then-current subscription term"
    )
    assert "\n" not in texts[2]


def test_text_encodings(tmp_path):
    latin = tmp_path / "latin.txt"
    latin.write_bytes("Caf\xe9 d\xe9p\xf4t \x93quoted\x94".encode("latin-1"))
    assert parse_document(latin).text == "Café dépôt “quoted”"
    utf16 = tmp_path / "wide.txt"
    utf16.write_bytes("Governing law: Ontario".encode("utf-16"))
    assert parse_document(utf16).text == "Governing law: Ontario"


def test_whitespace_and_ligatures_are_normalized(tmp_path):
    path = tmp_path / "odd.txt"
    path.write_text("The\u00a0\u00a0parties  agree to the ﬁnal\tterms.\n", encoding="utf-8")
    assert parse_document(path).text == "The parties agree to the final terms."


# --------------------------------------------------------------------------- dispatch and errors


def test_unsupported_format_names_the_file_and_lists_formats(tmp_path):
    path = tmp_path / "budget.xlsx"
    path.write_bytes(b"PK\x03\x04" + bytes(100))
    with pytest.raises(UnsupportedFormatError) as info:
        parse_document(path)
    message = str(info.value)
    assert str(path) in message and ".xlsx" in message
    for ext in SUPPORTED_EXTENSIONS:
        assert ext in message


def test_legacy_doc_gets_a_hint(tmp_path):
    path = tmp_path / "old.doc"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600))
    with pytest.raises(UnsupportedFormatError, match=r"save the file as \.docx"):
        parse_document(path)


def test_pdf_without_extension_is_sniffed(tmp_path, msa_files):
    path = tmp_path / "upload"
    path.write_bytes(msa_files["pdf"].read_bytes())
    doc = parse_document(path)
    assert doc.format == "pdf" and doc.doc_id == "upload"


@pytest.mark.parametrize(
    "name, content", [("empty.txt", b""), ("blank.html", b"  \n "), ("empty.pdf", b"")]
)
def test_empty_files(tmp_path, name, content):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(EmptyDocumentError) as info:
        parse_document(path)
    assert info.value.path == str(path)


def test_html_without_text_is_empty(tmp_path):
    path = tmp_path / "shell.html"
    path.write_text("<html><head><script>var a = 1;</script></head><body> </body></html>")
    with pytest.raises(EmptyDocumentError, match="shell.html"):
        parse_document(path)


def test_document_errors_share_one_root(tmp_path):
    path = tmp_path / "x.pdf"
    path.write_bytes(os.urandom(64) + b"junk")
    with pytest.raises(DocumentError):
        parse_document(path)


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="nope.pdf"):
        parse_document(tmp_path / "nope.pdf")


# --------------------------------------------------------------------------- doc ids


@pytest.mark.parametrize(
    "name, expected",
    [
        ("services_agreement.pdf", "services_agreement"),
        ("My Contract (final) v2.docx", "My-Contract--final--v2"),
        ("cuad-ADAMSGOLFINC-03-21-2005-EX-10-17.pdf", "cuad-ADAMSGOLFINC-03-21-2005-EX-10-17"),
        ("Vertrag über Leistungen.txt", "Vertrag--ber-Leistungen"),
        ("v1.2.final.html", "v1.2.final"),
        ("###.txt", "document"),
    ],
)
def test_default_doc_id(name, expected):
    assert default_doc_id(f"/some/dir/{name}") == expected


def test_explicit_doc_id(msa_files):
    assert parse_document(msa_files["txt"], doc_id="msa-42").doc_id == "msa-42"
    with pytest.raises(ValueError, match="doc_id"):
        parse_document(msa_files["txt"], doc_id="  ")


# --------------------------------------------------------------------------- the sample generator


def test_make_samples_writes_every_sample_deterministically(tmp_path):
    import runpy

    from intelligent_extraction.settings import PROJECT_ROOT

    main = runpy.run_path(str(PROJECT_ROOT / "scripts" / "make_samples.py"))["main"]
    main(["--out", str(tmp_path / "a")])
    main(["--out", str(tmp_path / "b")])
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == [
        "bank_statement.pdf",
        "medical_record.pdf",
        "services_agreement.docx",
        "services_agreement.html",
        "services_agreement.pdf",
        "services_agreement.txt",
    ]
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name
    medical = parse_document(tmp_path / "a" / "medical_record.pdf")
    assert "ICD-10 code E11.9" in medical.text
    statement = parse_document(tmp_path / "a" / "bank_statement.pdf")
    assert "Account number: 4402-7781-0093" in statement.text
    assert [b.section[-1] for b in statement.blocks if b.kind == "text" and b.section][-1] == (
        "TRANSACTIONS"
    )


def test_pdf_side_by_side_signature_blocks_read_column_by_column(lines_pdf):
    path = lines_pdf(
        [
            [
                "IN WITNESS WHEREOF, the parties have signed this letter agreement below.",
                ("ACME HOLDINGS INC.", "EMPLOYEE:"),
                "",  # the space left for the signatures
                ("By: /s/ Neil Bradshaw", "/s/ Rosalind Carmichael"),
                ("Name: Neil Bradshaw", "Rosalind Carmichael"),
                ("Title: Vice President", "Date: May 5, 2014"),
                "",
                ("Service", "Monthly Fee"),
                ("Hosting", "USD 1,250.00"),
                ("Support", "USD 300.00"),
            ]
        ]
    )
    doc = parse_document(path)
    assert_exact_blocks(doc)
    lines = [line for line in doc.text.splitlines() if line]
    # each signature block is one column, its lines kept, the other column after it
    assert lines[1:9] == [
        "ACME HOLDINGS INC.",
        "By: /s/ Neil Bradshaw",
        "Name: Neil Bradshaw",
        "Title: Vice President",
        "EMPLOYEE:",
        "/s/ Rosalind Carmichael",
        "Rosalind Carmichael",
        "Date: May 5, 2014",
    ]
    # a run of wide gaps without signature cues (a table) keeps pdfium's row order
    assert lines[9:] == ["Service Monthly Fee", "Hosting USD 1,250.00", "Support USD 300.00"]


def test_pdf_runs_of_short_lines_keep_their_line_breaks(lines_pdf):
    long = "This agreement is made between the parties named below and takes effect on signing."
    path = lines_pdf(
        [[long, "Acme Holdings Inc.", "By: /s/ Neil Bradshaw", "Title: Vice President"]]
    )
    doc = parse_document(path)
    # a signature line and the title under it stay two lines; the paragraph above stays one
    assert doc.text.endswith("\n\nBy: /s/ Neil Bradshaw\nTitle: Vice President")
    assert doc.text.startswith(long)
