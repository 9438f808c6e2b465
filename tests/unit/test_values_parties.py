"""Party lists: names as written, aliases and descriptors removed (preamble shapes)."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.parties import (
    find_party_lists,
    reads_as_one_name,
    split_party_names,
)


def _first(text: str) -> list[str]:
    return find_party_lists(text)[0].value


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'This Agreement is made by and between ACME INC., a Delaware corporation ("Acme"), '
            'and Beta LLC (the "Company").',
            ["ACME INC.", "Beta LLC"],
        ),
        (
            "This Agreement is entered into between Acme Inc. and Beta LLC.",
            ["Acme Inc.", "Beta LLC"],
        ),
        (
            'between Gamma Widgets, Inc. ("Gamma"), an Oregon corporation, having its main '
            "office at 88 Alder Road, Unit 2, Salem, Oregon 97301, and Delta Tools, "
            '("Delta"), a Czech company.',
            ["Gamma Widgets, Inc.", "Delta Tools"],
        ),
        (
            'between Hollis Wren and Company, an Iowa corporation ("Hollis"), and John Smith, '
            'an individual residing at 5 Main St., Springfield ("Employee").',
            ["Hollis Wren and Company", "John Smith"],
        ),
        (
            'between Foo Ltd, a company incorporated in England and Wales ("Foo") and Bar GmbH.',
            ["Foo Ltd", "Bar GmbH"],
        ),
        (
            'by and between zeta.com, Inc. ("Zeta") and mTech Systems Corp. ("mTech").',
            ["zeta.com, Inc.", "mTech Systems Corp."],
        ),
        (
            'by and among (a) Omega Holdings, S.A. ("Omega"), a company incorporated in '
            'Luxembourg, (b) Omega Media (BVI) Limited ("Media BVI"); and (c) Sigma Online Inc.',
            ["Omega Holdings, S.A.", "Omega Media Limited", "Sigma Online Inc."],
        ),
        (
            "between Kappa Labs, Inc., with offices at 1 Hood Street, Portland, OR 97201 "
            '("Kappa") and Lambda Corp. and its Affiliates ("Lambda").',
            ["Kappa Labs, Inc.", "Lambda Corp."],
        ),
        (
            "between Theta Partners, L.P., a Delaware limited partnership, and the undersigned "
            '(the "Recipient").',
            ["Theta Partners, L.P."],
        ),
        (
            'by and between Nu-Vox, LLC, a Nevada limited liability company ("Nu") furnishing '
            'the services of Jo Star ("ARTIST"), and Xi Fund, Inc., an Oregon corporation '
            '("XF"), and Xi Foods, Inc. ("XFI").',
            ["Nu-Vox, LLC", "Xi Fund, Inc.", "Xi Foods, Inc."],
        ),
        (
            'between touring tennis professional, MIA VOLLEY, (hereinafter "ATHLETE") and NET '
            'SPORTS, LTD. (hereinafter "NET").',
            ["MIA VOLLEY", "NET SPORTS, LTD."],
        ),
        # a page break inside the preamble (a blank line, then lower-case text) does not end
        # it; a blank line before a capitalised heading does
        (
            "This Pact is made between Quillmoor Optics Ltd\n\n"
            "with an office at 4 Ferry Lane, Leeds (\u201cQuillmoor\u201d) on the one hand and "
            "Dunmere Labs, Inc. with an office at 80 Lark Street, Austin, Texas 78701 "
            "(\u201cDunmere\u201d) on the other hand. Quillmoor and Dunmere agree as follows.",
            ["Quillmoor Optics Ltd", "Dunmere Labs, Inc."],
        ),
        (
            "between Harlow Mills LLC and Penrose Farms LLC\n\nRecitals follow below.",
            ["Harlow Mills LLC", "Penrose Farms LLC"],
        ),
        # "for" joins the words of one name
        (
            "This Supply Agreement is made between Institute for Marine Coatings Research, a "
            "charitable body, and Wexley Paints Inc., a Delaware corporation.",
            ["Institute for Marine Coatings Research", "Wexley Paints Inc."],
        ),
        # the second party follows a descriptor that itself opens a stretch after an alias
        (
            'This contract is between Heron Valley Pipeline Company ("Carrier"), a Utah '
            "corporation, and Marsh Gas Company, a division of Marsh Holdings Company, "
            '("Shipper"); WITNESSETH: the parties agree.',
            ["Heron Valley Pipeline Company", "Marsh Gas Company"],
        ),
        # a name with a slash in it
        (
            "THIS AGREEMENT between Wren / Finch Credit Income Fund, an Ohio business trust "
            '("Client") and Larch Services LLC, a New Jersey company ("Agent").',
            ["Wren / Finch Credit Income Fund", "Larch Services LLC"],
        ),
        # an "and" inside a capitalised name starts no party
        (
            "between Larch Media, Inc., a Delaware corporation (\u201cLarch\u201d), which is a "
            "registrant with the Securities and Exchange Commission.",
            ["Larch Media, Inc."],
        ),
    ],
)
def test_between_clauses(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "This Purchase Agreement is made between Falcon Crest Minerals Inc., as Seller, and "
        "Dunmore Holdings LLC, as Purchaser.",
        "This Agreement is made between Falcon Crest Minerals Inc., as seller, and Dunmore "
        "Holdings LLC, as purchaser.",
        "This Agreement is entered into between Falcon Crest Minerals Inc., as the Disclosing "
        "Party, and Dunmore Holdings LLC, as the Receiving Party.",
    ],
)
def test_a_capacity_after_the_comma_is_no_name(text: str) -> None:
    """ "ACME Inc., as Seller, and Beta LLC": the role a party acts in ends its name, and the
    "and" after it starts the next party."""
    assert _first(text) == ["Falcon Crest Minerals Inc.", "Dunmore Holdings LLC"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This Agreement is made and entered into by and between Coastal Reef Aquatics Inc., "
            "hereinafter called the Seller, and Bayou Pet Supply Co., hereinafter called the "
            "Buyer.",
            ["Coastal Reef Aquatics Inc.", "Bayou Pet Supply Co."],
        ),
        (
            "This Agreement is made by and between Coastal Reef Aquatics Inc., hereinafter "
            "referred to as Seller, and Bayou Pet Supply Co., hereinafter referred to as Buyer.",
            ["Coastal Reef Aquatics Inc.", "Bayou Pet Supply Co."],
        ),
        (
            "This Agreement is made between Wendell Ames, hereinafter referred to as Employee, "
            "and Silver Fork Mining Company, hereinafter referred to as Employer.",
            ["Wendell Ames", "Silver Fork Mining Company"],
        ),
    ],
)
def test_an_alias_without_quotes_is_no_name(text: str, names: list[str]) -> None:
    """ "ACME Inc., hereinafter called the Seller, and Beta Co.": the alias, written without
    quotes, ends the name as a quoted one does."""
    assert _first(text) == names


def test_a_name_wrapped_over_two_lines_is_one_party() -> None:
    """The line a wrapped name goes on with ends in "corporation" like a party listed on a line
    of its own, but it lists no party of its own."""
    text = (
        "This Agreement is made and entered into as of\nJune 1, 2010, by and between Pinecone"
        "\nInteractive, Inc., a Delaware corporation\n(\"Pinecone\"), and Riverstone Media "
        "Group,\nLLC, a New York limited liability company (\"Riverstone\")."
    )
    assert _first(text) == ["Pinecone Interactive, Inc.", "Riverstone Media Group, LLC"]


def test_parties_listed_by_capacity() -> None:
    """A credit agreement's "among A, as Borrower, B, as Agent, and C, as Lender": after a
    capacity and its comma the next party starts, with or without "and"."""
    text = (
        "This Credit Agreement is entered into as of May 2, 2019 among Tamarind Resorts, Inc., "
        "as Borrower, Ridgeway Bank Corp., as Administrative Agent, and Coastline Savings Bank, "
        "as Lender."
    )
    assert _first(text) == [
        "Tamarind Resorts, Inc.", "Ridgeway Bank Corp.", "Coastline Savings Bank"
    ]


def test_title_page_layout_with_one_name_per_line() -> None:
    text = (
        "SUPPLY AGREEMENT\n\nby and between\n\nNORTHWIND LLC\n\nand\n\n"
        "SOUTHWIND CORPORATION\n\ndated as of May 1, 2012\n"
    )
    assert _first(text) == ["NORTHWIND LLC", "SOUTHWIND CORPORATION"]


def test_numbered_parties_block() -> None:
    text = (
        "Parties\n\n(1) Orion Pty Ltd (ACN 987 654 321), 42 Harbour Street, Brisbane, QLD\n\n"
        "(2) Vega Medical, LLC of 300 Commerce Drive, Austin, TX 78701.\n\nBackground\n"
    )
    assert _first(text) == ["Orion Pty Ltd", "Vega Medical, LLC"]


def test_defined_terms_without_a_between_clause() -> None:
    text = (
        "EMPLOYEE CONFIDENTIALITY AGREEMENT\nAs an employee of Orbit Devices, Inc. (the "
        "\u201cCompany\u201d), I agree as follows. This Agreement (the \u201cAgreement\u201d) is "
        "made by Jane Q. Doe (\u201cEmployee\u201d) in favor of the Company."
    )
    [cand] = [c for c in find_party_lists(text) if c.kind == "defined"]
    assert cand.value == ["Orbit Devices, Inc.", "Jane Q. Doe"]
    assert text[cand.start : cand.end] == cand.raw


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (  # the term is the first quoted word: "parties" later in the aside does not count
            "For a possible sale of Larkspur Bakeries, Inc., a Vermont corporation (the "
            "\u201cSeller\u201d), the Seller intends to disclose to Fenwick Holdings Inc. "
            "(\u201cyou\u201d or, collectively with Seller, the \u201cparties\u201d) selected "
            "data.",
            ["Larkspur Bakeries, Inc.", "Fenwick Holdings Inc."],
        ),
        (  # "regarding" introduces a name
            "Harbor Paper LLC (\u201cBuyer\u201d) wants to review data regarding Quill "
            "Analytics Inc. (the \u201cCompany\u201d) and its affiliates (together, the "
            "\u201cGroup\u201d) for a proposed purchase.",
            ["Harbor Paper LLC", "Quill Analytics Inc."],
        ),
    ],
)
def test_defined_terms_in_letter_preambles(text: str, names: list[str]) -> None:
    [cand] = [c for c in find_party_lists(text) if c.kind == "defined"]
    assert cand.value == names


def test_and_followed_by_a_comma_still_joins_two_parties() -> None:
    text = (
        'made by and between Cobalt Grid Services, Inc. a Michigan corporation ("CGS") and, '
        'Meridian Data Corporation having an office in Denver ("Company").'
    )
    assert _first(text) == ["Cobalt Grid Services, Inc.", "Meridian Data Corporation"]


def test_raw_is_the_clause_and_kind_says_which_reading() -> None:
    text = 'made between Acme Inc. ("Acme") and Beta LLC ("Beta"). WHEREAS the parties agree'
    between = find_party_lists(text)[0]
    assert between.kind == "between"
    assert between.raw == 'Acme Inc. ("Acme") and Beta LLC ("Beta")'
    assert text[between.start : between.end] == between.raw


def test_no_parties() -> None:
    assert find_party_lists("The price is fixed for the term.") == []


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("Acme Inc. and Beta LLC", ["Acme Inc.", "Beta LLC"]),
        ("Hollis Wren and Company", ["Hollis Wren and Company"]),
        ("Alpha Ltd. & Beta AG", ["Alpha Ltd.", "Beta AG"]),
        ("Smith and Jones", ["Smith and Jones"]),
        ("MORVAN SA AND PINE HOLLOW LABS, INC", ["MORVAN SA", "PINE HOLLOW LABS, INC"]),
        ("HOLLIS WREN AND COMPANY", ["HOLLIS WREN AND COMPANY"]),
    ],
)
def test_split_party_names(name: str, parts: list[str]) -> None:
    assert split_party_names(name) == parts


def test_a_role_in_parentheses_separates_two_names() -> None:
    text = (  # even without a comma after it
        "NON-DISCLOSURE AGREEMENT between Paula R. Quill (Employee) ORBITAL PUMPS, INC., "
        "and its subsidiaries."
    )
    assert _first(text) == ["Paula R. Quill", "ORBITAL PUMPS, INC."]


@pytest.mark.parametrize(
    "text",
    [
        # two short aliases in a later sentence, not the parties' names
        "16.2 Relationship. Nothing here creates a partnership between Quill and Orbit.",
        # a section heading after an enumerator
        "In any disagreement between the parties the burden of proof rests on EMPLOYEE.\n\n"
        "(d) Employee\u2019s Obligations. While employed EMPLOYEE will keep all data secret.",
        # a signing officer's title
        "between the parties, signed by Chief Technology Officer Otto Berg.",
    ],
)
def test_aliases_headings_and_titles_are_not_names(text: str) -> None:
    assert all(
        not any(("and" in n.split()) or "Obligations" in n or "Officer" in n for n in c.value)
        for c in find_party_lists(text)
    )


def test_title_page_alias_on_its_own_line_continues_the_party_block() -> None:
    text = (
        "BETWEEN:\n\nALPHA COURIER LTD.\n\n(\"Alpha\")\n\nand\n\nBETA SYSTEMS LTD.\n\n"
        "a subsidiary of Gamma Inc.\n\n(\"Beta\") WHEREAS Alpha provides courier services;"
    )
    assert _first(text) == ["ALPHA COURIER LTD.", "BETA SYSTEMS LTD."]  # "LTD." ends no sentence


def test_and_on_a_line_of_its_own_separates_two_title_page_names() -> None:
    text = "LICENSE AGREEMENT\n\nbetween\n\nRITA OSEI\n\nand\n\nSUMMIT APPAREL INCORPORATED\n\n"
    assert _first(text) == ["RITA OSEI", "SUMMIT APPAREL INCORPORATED"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'between Harlow Foods Inc. ("Harlow") and NORTHGATE TRADING, INC. dba Northgate '
            'Beverages ("Distributor").',
            ["Harlow Foods Inc.", "NORTHGATE TRADING, INC."],
        ),
        (
            'between Quill Media, LLC d/b/a Quill Radio ("Quill") and Opal Studios Ltd.',
            ["Quill Media, LLC", "Opal Studios Ltd."],
        ),
        (
            'between Marlow Analytics (Pty) Limited, whose Registered Office is at 12 Kloof '
            'Street, Cape Town (hereinafter referred to as "Marlow") and Tesserine Labs LLC whose '
            'Registered Office is at 9 Elm Road, Dover, DE (hereinafter referred to as "Client").',
            ["Marlow Analytics (Pty) Limited", "Tesserine Labs LLC"],
        ),
        (
            "between Corvid Inc., with offices at 3 Pine Road, Austin, TX (\"Corvid\"), and "
            "Pellucid Inc whose principle place of business is at 8 Bay Street, Boston, MA "
            "(\"Pellucid\").",
            ["Corvid Inc.", "Pellucid Inc"],
        ),
        (
            "by and between Lumen Bio, Inc. located at 4 Hill Street, Denver, CO 80202 "
            "(\"Lumen\"), and The College of Westvale, located at 1 Campus Drive, Westvale "
            "(\"College\").",
            ["Lumen Bio, Inc.", "The College of Westvale"],
        ),
    ],
)
def test_trade_names_and_clauses_without_a_comma_end_a_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_a_legal_form_suffix_at_a_line_end_ends_the_name() -> None:
    text = (
        "SERVICES AGREEMENT\n\nBetween:\n\nKestrel Holdings Inc.\nAnd\nArdent Labs Inc.\n"
        "Dated: March 3, 2016\n"
    )
    assert _first(text) == ["Kestrel Holdings Inc.", "Ardent Labs Inc."]


def test_title_page_companies_listed_one_per_line() -> None:
    text = (
        "TRANSFER AGREEMENT\n\namong\nHARBOR FUNDING TRUST 2019-B,\nas Issuer,\nHARBOR ABS LLC,\n"
        "as Depositor\nand\nMERIDIAN LEASING CORPORATION,\nas Servicer\nDated as of June 2, 2019\n"
    )
    assert _first(text) == [
        "HARBOR FUNDING TRUST 2019-B", "HARBOR ABS LLC", "MERIDIAN LEASING CORPORATION"
    ]
    text = "by and among\n\nSOLVAY DEVICES, INC.,\nSOLVAY PHARMA, LLC\n\nand\n\nORRIN AG\n"
    assert _first(text) == ["SOLVAY DEVICES, INC.", "SOLVAY PHARMA, LLC", "ORRIN AG"]


def test_title_page_address_block_closed_by_an_and_line() -> None:
    text = (
        "LICENSE AGREEMENT\n\nbetween\nTallis Systems, Inc.\n\n48 Ferry Road, Suite 3\n"
        "Austin, Texas 78701\nhereinafter referred to as \"Licensor\"\n-- AND --\n\n"
        "MOSSBERG DATA AG\n\nRheinweg 9 40213 Dusseldorf Germany\n\n1 PURPOSE\n"
    )
    assert _first(text) == ["Tallis Systems, Inc.", "MOSSBERG DATA AG"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "between Corvane Labs Inc. (\"Corvane\")\n12 North Quarry Street\nFresno, CA 93650\n"
            "and Mistral Optics Inc. (\"Mistral\")\n4410 West Heron Lane\nBoise, ID 83702\n\n",
            ["Corvane Labs Inc.", "Mistral Optics Inc."],
        ),
        (
            "between Tollan Devices, Inc. 118 Ridge Avenue, Trenton, NJ 08608 (\"Tollan\") and "
            "Brisk Supply Co. LTD. (\"Brisk\").",
            ["Tollan Devices, Inc.", "Brisk Supply Co. LTD."],
        ),
        (
            "Parties\n\n(1) Ostrava Media GmbH (\"Ostrava\")\nLindenstrasse 14\n\n"
            "(2) Koa Labs Ltd. (\"Koa\")\nSuite 300\nVancouver B.C. V6B 4N7\n\nBackground\n",
            ["Ostrava Media GmbH", "Koa Labs Ltd."],
        ),
    ],
)
def test_address_lines_are_not_names(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_parties_labelled_party_a_and_party_b() -> None:
    text = (
        "Cooperation Agreement\nParty A: Lanting (Suzhou) Garden Technology Co., Ltd.\n\n"
        "Address: Room 801, No. 5 Lake Road, Suzhou\nTel:\n\n"
        "Party B: Heron Valley Logistics Ltd. (\u201cCarrier\u201d)\nAddress: 12 Quay Road\n"
    )
    assert ["Lanting Garden Technology Co., Ltd.", "Heron Valley Logistics Ltd."] in [
        c.value for c in find_party_lists(text)
    ]
    inline = (
        "entered into between the following two parties: Party A: Orchid Mobile Co., Ltd. "
        "Registration Address: 16 Park Lane, Shenzhen Party B: Plum Data Co., Ltd. Registration "
        "Address: 3 Bay Road, Shenzhen."
    )
    assert ["Orchid Mobile Co., Ltd.", "Plum Data Co., Ltd."] in [
        c.value for c in find_party_lists(inline)
    ]


def test_a_party_label_may_name_the_role() -> None:
    text = (
        "Party A (Licensor): Ningbo Evergreen Textile Co., Ltd.\n"
        "Party B (Licensee): Marigold Fashions Inc.\n\nWhereas Party A owns the marks:"
    )
    assert ["Ningbo Evergreen Textile Co., Ltd.", "Marigold Fashions Inc."] in [
        c.value for c in find_party_lists(text)
    ]


def test_a_party_b_without_a_party_a_is_no_list() -> None:
    assert not [c for c in find_party_lists("Party B: Plum Data Co., Ltd.\n") if c.value]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "by and between Marlin Optics, Inc., a Delaware corporation (the \u201cCompany\u201d), "
            "on the one hand, and Dana Whitfield, an individual residing in Ohio "
            "(\u201cEmployee\u201d), on the other hand.",
            ["Marlin Optics, Inc.", "Dana Whitfield"],
        ),
        (
            "between Dana Whitfield, hereinafter \u201cEmployee,\u201d and Marlin Optics, Inc., "
            "a Delaware corporation (the \u201cCompany\u201d).",
            ["Dana Whitfield", "Marlin Optics, Inc."],
        ),
    ],
)
def test_asides_without_parentheses_separate_two_parties(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_a_statement_the_undersigned_agree_to_is_made_by_its_signatories() -> None:
    text = (
        "JOINT FILING AGREEMENT\n"
        "The undersigned agree that this Schedule 13G statement is filed for each of them "
        "jointly.\nDated: March 2, 2021\n"
        "ORCHARD CAPITAL LP\nBy: /s/ Mia Lund\nMia Lund\nChief Financial Officer\n"
        "ORCHARD FUND (CAYMAN) LTD.\nBy: Orchard Capital LP, its manager\nBy: /s/ Mia Lund\n"
        "/s/ Tomas Reyes\nTomas Reyes\n"
    )
    assert ["ORCHARD CAPITAL LP", "ORCHARD FUND LTD.", "Tomas Reyes"] in [
        c.value for c in find_party_lists(text)
    ]


def test_one_person_who_agrees_is_no_list_of_signatories() -> None:
    text = (
        "The undersigned agrees to keep the information confidential.\n"
        "ORCHARD CAPITAL LP\nBy: /s/ Mia Lund\n"
    )
    assert find_party_lists(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "In consideration of my employment by Quarry Labs, Inc. or any of its affiliates or "
        "subsidiaries (collectively, \u201cQuarry\u201d), I agree as follows.",
        "The undersigned enter into this agreement with Quarry Labs, Inc. including its "
        "subsidiaries and affiliates (\u201cQuarry\u201d).",
        "As an executive with Quarry Labs LLP and/or one of its direct or indirect subsidiaries "
        "(collectively, \u201cQuarry\u201d), you agree as follows.",
    ],
)
def test_a_company_with_its_group_is_defined_by_its_name(text: str) -> None:
    [cand] = [c for c in find_party_lists(text) if c.kind == "defined"]
    assert cand.value[0].startswith("Quarry Labs")



def test_the_undersigned_is_no_party_name() -> None:
    text = (
        "In return for a position with Harlow Mills Corporation (\u201cHarlow\u201d), THE "
        "UNDERSIGNED (\u201cEmployee\u201d) promises to keep Harlow\u2019s plans secret."
    )
    assert ["Harlow Mills Corporation"] in [c.value for c in find_party_lists(text)]
    assert not any("UNDERSIGNED" in n for c in find_party_lists(text) for n in c.value)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (  # "and" inside one company's name: not "Gas Company"
            "This undertaking is given to Ridgeline Holdings Corp. (\u201cRHC\u201d) and its "
            "units, which work with Cedar Valley Light and Gas Company, a Vermont corporation "
            "(\u201cCVLG\u201d).",
            ["Ridgeline Holdings Corp.", "Cedar Valley Light and Gas Company"],
        ),
        (  # the name before "and" ends with a legal form: two companies
            "The letter is sent by Ridgeline Holdings Corp. and Fernhill Ltd. (\u201cFernhill\u201d) "
            "to the lenders.",
            ["Fernhill Ltd."],
        ),
        (  # a person and a short name: the tail is no company's name, it stays apart
            "This pledge of Martin B. Olsen and MBO (\u201cMBO\u201d) binds them both.",
            ["MBO"],
        ),
    ],
)
def test_an_inner_and_belongs_to_the_company_name_it_sits_in(text: str, names: list[str]) -> None:
    [cand] = [c for c in find_party_lists(text) if c.kind == "defined"]
    assert cand.value == names


def test_the_tail_of_a_longer_name_is_no_party() -> None:
    text = (
        "Pinecrest Labs, Inc. (\u201cPinecrest\u201d) files its reports under rules set by the "
        "Federal Energy and Water Board (the \u201cBoard\u201d) each quarter."
    )
    [cand] = [c for c in find_party_lists(text) if c.kind == "defined"]
    assert cand.value == ["Pinecrest Labs, Inc."]


@pytest.mark.parametrize(
    "text",
    [
        (  # the recital's opening runs on after the last party: "... WITNESSES THAT WHEREAS"
            "BETWEEN:\n\nORBIT LABS, INC., a company having its head office at 12 Quay Street, "
            'Halifax, NS B3H 1A1 ("Orbit")  AND:\n\nFERN ROE STUDIO INC., Designer, having an '
            'office at 4 Elm Road, Halifax, NS B3J 2K9 (the "Contractor") WITNESSES THAT '
            "WHEREAS Orbit wishes to retain the Contractor;"
        ),
        (  # a title page goes on with what the agreement is for
            'SUPPLY AGREEMENT BETWEEN ORBIT LABS INC.\n\n("ORBIT")\nAND\nFERN VALLEY FARMS INC.'
            '\n("FVF")\nFOR THE GROWING,\nMILLING AND SALE OF\nHEIRLOOM GRAINS\n'
        ),
    ],
)
def test_words_of_a_heading_or_sentence_are_no_party_name(text: str) -> None:
    names = find_party_lists(text)[0].value
    assert len(names) == 2 and names[0].startswith("ORBIT LABS")


def test_a_company_may_open_with_a_preposition() -> None:
    text = "This Agreement is made between On Track Labs Ltd. and Fern Valley Farms Inc."
    assert _first(text) == ["On Track Labs Ltd.", "Fern Valley Farms Inc."]



@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This Supply Agreement is made by and between: HERON TOOLS LTD., with offices at "
            "7 Mill Lane, Leeds LS1 4AB, England. Hereinafter called \"Buyer\" And KESTREL "
            "WORKS LTD. with offices at 12 Canal Road, Hull, England. Hereinafter called "
            "\"Maker\". Whereas Buyer wishes to buy parts;",
            ["HERON TOOLS LTD.", "KESTREL WORKS LTD."],
        ),
        (
            "SALES AGREEMENT\n\nBETWEEN:\n\nPLOVER FOODS INC.\n\n3rd Floor, Harbour House\n"
            "Beach Road, Suva. Fiji\n“the Seller”\n-- AND --\n\nWAGTAIL TRADING LIMITED\n\n"
            "9 Kings Road\nWanchai, Hong Kong\n“the Buyer”\n\nRECITALS",
            ["PLOVER FOODS INC.", "WAGTAIL TRADING LIMITED"],
        ),
    ],
)
def test_an_address_period_before_and_does_not_end_the_party_block(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This pact voids every earlier pact between Quillfeather and Marrow Pixel Studios "
            "Inc.",
            ["Quillfeather", "Marrow Pixel Studios Inc."],
        ),
        (
            "This Referral Agreement is made this 3rd of May, 2001 by and between Copper Lantern "
            "Networks and T. K. Ashgrove Holdings. Together they are the Parties.",
            ["Copper Lantern Networks", "T. K. Ashgrove Holdings"],
        ),
    ],
)
def test_a_between_clause_read_as_one_name_joined_by_and_is_two_parties(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


def test_an_and_inside_one_of_two_names_still_joins_it() -> None:
    text = "between Hollis Wren and Company, an Iowa corporation, and Birch Tools Ltd."
    assert _first(text) == ["Hollis Wren and Company", "Birch Tools Ltd."]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "PARTIES (1) Wrenfield Pumps Limited is a company registered in Scotland whose office "
            'is at 4 Dock Lane (the "Employer"); and (2) Ada Fenwick of [address] (the '
            '"Executive").',
            ["Wrenfield Pumps Limited"],
        ),
        (
            'made by and between Kestrel Ridge Inc., hereinafter "KRI";\n\nAnd:\n\nA Tallgrass '
            "Cooperative Company to be organised by its members, having an office at 9 Elm Row.",
            ["Kestrel Ridge Inc.", "A Tallgrass Cooperative Company"],
        ),
    ],
)
def test_a_lower_case_word_after_a_legal_form_ends_the_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_a_connector_after_a_legal_form_goes_on_with_the_name() -> None:
    text = "between Northgate Bancorp, Inc. of Vermont and Elm Street Savings Bank."
    assert _first(text) == ["Northgate Bancorp, Inc. of Vermont", "Elm Street Savings Bank"]


def test_a_signing_line_reads_as_one_name_without_a_label_or_a_capacity():
    assert reads_as_one_name("PELLWOOD ORCHARD SUPPLY PLC")
    assert reads_as_one_name("Marigold Harbor Foods, Inc.")
    assert not reads_as_one_name("Date: June 4, 2021 MARIGOLD HARBOR FOODS, INC.")
    assert not reads_as_one_name("For and on behalf of Pellwood Orchard Supply PLC")


def test_the_between_of_an_exhibit_header_names_no_parties() -> None:
    # an EDGAR header's description is a title: its "BETWEEN" leads to no preamble
    text = (
        "EX-10.7 3 d5521ex107.htm CONFIDENTIALITY AGREEMENT BETWEEN THE COMPANY &\n\n"
        "NORTHWIND\n\nConfidentiality Agreement made by and between Northwind Labs, Inc., "
        'a Utah corporation ("Northwind") and Orbit Devices LLC ("Recipient").'
    )
    assert [c.value for c in find_party_lists(text) if c.kind == "between"] == [
        ["Northwind Labs, Inc.", "Orbit Devices LLC"]
    ]


def test_an_exhibit_header_leaves_the_opening_on_its_line_read() -> None:
    text = (
        "EX-99.(D)(2) 9 d77ex99d2.htm MUTUAL NON-DISCLOSURE AGREEMENT This Agreement is made "
        "between Northwind Labs, Inc. and Orbit Devices LLC."
    )
    assert _first(text) == ["Northwind Labs, Inc.", "Orbit Devices LLC"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "The parties to this Agreement are Harbor Lights Inc. and Quillon Systems LLC.",
            ["Harbor Lights Inc.", "Quillon Systems LLC"],
        ),
        (
            "The parties to this Services Agreement are Moravia Analytics, Inc., a Texas "
            'corporation ("Moravia"), and Jane P. Okafor ("Consultant").',
            ["Moravia Analytics, Inc.", "Jane P. Okafor"],
        ),
    ],
)
def test_a_sentence_that_lists_the_parties(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_the_parties_are_names_no_party_when_a_description_follows() -> None:
    text = "The Parties to this Agreement are Independent Contractors and not partners."
    assert not any(c.kind == "between" for c in find_party_lists(text))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "CONSULTING AGREEMENT\n\nCompany: Tellurian Foods Inc.\nConsultant: Jane Roe\n\n"
            "The Company and the Consultant agree as follows:",
            ["Tellurian Foods Inc.", "Jane Roe"],
        ),
        (
            "Licensor: Amberly Records Ltd.\nAddress: 12 Quay Street, London\n\n"
            "Licensee: Solace Films Inc.\nAddress: 400 Sunset Blvd, Los Angeles\n",
            ["Amberly Records Ltd.", "Solace Films Inc."],
        ),
        (
            "COMPANY: Brisk Analytics Inc.\nEXECUTIVE: Laura Chen\n",
            ["Brisk Analytics Inc.", "Laura Chen"],
        ),
    ],
)
def test_parties_labelled_by_their_roles(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_one_role_label_is_no_list() -> None:
    assert find_party_lists("Company: Tellurian Foods Inc.\nTerm: two years\n") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This Agreement is made by and among Alder Systems Inc., Birchwood Labs LLC and "
            "Cypress Data Corp.",
            ["Alder Systems Inc.", "Birchwood Labs LLC", "Cypress Data Corp."],
        ),
        (
            "This Agreement is entered into among Dunmore Holdings Ltd., Easton Capital LLC, "
            "and Fairview Partners LP.",
            ["Dunmore Holdings Ltd.", "Easton Capital LLC", "Fairview Partners LP"],
        ),
    ],
)
def test_companies_listed_with_commas(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_a_period_inside_a_compound_legal_form_ends_no_sentence() -> None:
    text = (
        'This Agreement is made among Keel Marine Corp. ("Keel"), Anchorage Shipping Pte. '
        'Ltd. ("Anchorage"), and Seabright Holdings B.V. ("Seabright").'
    )
    assert _first(text) == [
        "Keel Marine Corp.", "Anchorage Shipping Pte. Ltd.", "Seabright Holdings B.V."
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This Agreement is made between Marlowe Limited whose registered office is at 2 Dock "
            "Road, Hull and Fenton Trading Limited whose registered office is at 9 Mill Lane, "
            "York.",
            ["Marlowe Limited", "Fenton Trading Limited"],
        ),
        (
            "THIS AGREEMENT is made BETWEEN MARLOWE LIMITED whose registered office is at 2 Dock "
            "Road, Hull AND FENTON TRADING LIMITED whose registered office is at 9 Mill Lane, "
            "York.",
            ["MARLOWE LIMITED", "FENTON TRADING LIMITED"],
        ),
        (
            "This Agreement is made between Rook Holdings Inc., having its principal office at 4 "
            "Main Street, Boston, Massachusetts and Pawn Retail LLC, having its principal office "
            "at 8 Oak Street, Salem, Oregon.",
            ["Rook Holdings Inc.", "Pawn Retail LLC"],
        ),
    ],
)
def test_an_and_after_an_address_starts_the_next_party(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_numbered_paragraphs_under_a_parties_heading() -> None:
    text = (
        "THIS AGREEMENT is made on 1 May 2020\n\nPARTIES\n\n1. BRACKEN HOMES LIMITED "
        "incorporated and registered in England with company number 0123 whose registered "
        "office is at 3 Fern Road, Leeds (Developer).\n\n2. CLOVER BUILD LIMITED incorporated "
        "and registered in England with company number 0456 whose registered office is at 8 "
        "Moss Lane, York (Contractor).\n\nBACKGROUND\n"
    )
    assert _first(text) == ["BRACKEN HOMES LIMITED", "CLOVER BUILD LIMITED"]


def test_a_numbered_heading_list_after_parties_names_no_parties() -> None:
    text = "Obligations of the Parties\n1. the Seller shall deliver\n2. the Buyer shall pay\n"
    assert find_party_lists(text) == []


def test_a_company_after_a_comma_that_a_verb_follows_is_no_listed_party() -> None:
    text = (
        "This Agreement is made between Alder Systems Inc. and Cedar Data Corp., Birchwood Labs "
        "LLC is hereby substituted for Alder Systems Inc."
    )
    assert _first(text) == ["Alder Systems Inc.", "Cedar Data Corp."]


def test_dated_ends_a_title_page_list_of_parties() -> None:
    text = (
        "MASTER AGREEMENT\n\nAmong   GALWAY SHIPPING CORPORATION, HALYARD MARINE INC.   And   "
        "IRONCLAD PORTS LLC   Dated May 2, 2012"
    )
    assert _first(text) == [
        "GALWAY SHIPPING CORPORATION", "HALYARD MARINE INC.", "IRONCLAD PORTS LLC"
    ]


def _defined(text: str) -> list[str]:
    return next(c.value for c in find_party_lists(text) if c.kind == "defined")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'Orion Trading LLP, hereinafter referred to as the "Seller", represented by its '
            "Director, acting on the basis of the Charter, on the one part, and Vega Grain JSC, "
            'hereinafter referred to as the "Buyer", on the other part, have concluded this '
            "Contract as follows:",
            ["Orion Trading LLP", "Vega Grain JSC"],
        ),
        (
            'Ridgeway Holdings Inc., hereinafter called "Lessor", and Camden Sparks, hereinafter '
            'called "Lessee", agree to the following terms.',
            ["Ridgeway Holdings Inc.", "Camden Sparks"],
        ),
    ],
)
def test_a_hereinafter_term_without_parentheses_defines_a_party(
    text: str, names: list[str]
) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'Harbor Point Labs, Inc., a Delaware corporation (the "Company"), hereby engages '
            'Priya Natarajan ("Consultant") to provide the services described below.',
            ["Harbor Point Labs, Inc.", "Priya Natarajan"],
        ),
        (
            'Bluefin Analytics LLC (the "Company") is pleased to retain Marco Ellis '
            '("Consultant") on the following terms:',
            ["Bluefin Analytics LLC", "Marco Ellis"],
        ),
        (
            'Westmark Foods Corp. (the "Company") hereby employs Helen Cho (the "Executive").',
            ["Westmark Foods Corp.", "Helen Cho"],
        ),
    ],
)
def test_the_party_a_company_engages_is_defined_after_the_verb(
    text: str, names: list[str]
) -> None:
    assert _defined(text) == names


def test_the_number_of_a_numbered_party_paragraph_is_no_part_of_the_name() -> None:
    text = (
        "ARTICLE 1 PARTIES TO THIS CONTRACT\n1. Harbin Lumen Optics Co., Ltd. (hereinafter "
        "referred to as Party A), a company established under the laws of China.\n"
        "2. Westbrook Photonics, Inc. (hereinafter referred to as Party B), a Delaware "
        "corporation."
    )
    assert _defined(text) == ["Harbin Lumen Optics Co., Ltd.", "Westbrook Photonics, Inc."]


def test_a_capitalised_with_offices_line_ends_the_name() -> None:
    text = (
        "This Agreement is made by and between: KELLAN Inc.    With principal offices at 15 "
        'Main Street, Toronto, Canada ("KELLAN")     AND     Obsidian Works Limited.,     With '
        'principal offices at 2 Dock Road, Lagos, Nigeria ("OWL").'
    )
    assert _first(text) == ["KELLAN Inc.", "Obsidian Works Limited."]


def test_a_street_named_before_its_number_after_a_legal_form_ends_the_name() -> None:
    text = (
        'by and between Alder Medical B.V. Keizersgracht 10 1015 CN Amsterdam (hereinafter '
        '"Alder") and Rheinfeld Pharma GmbH Hafenstrasse 12 20457 Hamburg Germany (hereinafter '
        '"Rheinfeld")'
    )
    assert _first(text) == ["Alder Medical B.V.", "Rheinfeld Pharma GmbH"]


def test_of_the_one_part_and_of_the_other_part_are_asides() -> None:
    text = (
        "THIS AGREEMENT is made the 5th day of May 2020 BETWEEN FALKIRK HOMES LIMITED of 2 High "
        'Street, Perth (hereinafter called "the Vendor") of the one part AND GRAHAM TOLLAND of 7 '
        'Mill Lane, Stirling (hereinafter called "the Purchaser") of the other part.'
    )
    assert _first(text) == ["FALKIRK HOMES LIMITED", "GRAHAM TOLLAND"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "BETWEEN\n\nOF THE ONE PART, MOLINOS DEL TURIA, S.A., a Spanish company with "
            "registered office at Calle Colon 12, 46004 Valencia, represented by Mr. Jorge Bellido "
            'Sanz (the "Company"); and\n\nOF THE OTHER PART, NORDVIND SERVICE A/S, a Danish '
            'company, represented by Ms. Ida Holm (the "Contractor").',
            ["MOLINOS DEL TURIA, S.A.", "NORDVIND SERVICE A/S"],
        ),
        (
            "BY AND BETWEEN\n\nON THE ONE HAND, LOGISTICA PACIFICO S.A., a company organized "
            'under the laws of Peru (hereinafter "LP"); and\n\nON THE OTHER HAND, GRANVILLE '
            "MINING CORP., a corporation organized under the laws of British Columbia "
            '(hereinafter "Granville").',
            ["LOGISTICA PACIFICO S.A.", "GRANVILLE MINING CORP."],
        ),
        (
            "between PARTY OF THE FIRST PART, Redmond Orchards, Inc., a Washington corporation, "
            "and PARTY OF THE SECOND PART, Cascade Juice Co., an Oregon corporation.",
            ["Redmond Orchards, Inc.", "Cascade Juice Co."],
        ),
        (
            # each side in a paragraph of its own, no "and" between them
            "BETWEEN:\n\nOn the one part, Vinicola Sierra Alta, S.A., with registered office "
            'in Logrono, Spain (hereinafter the "Supplier"),\n\nOn the other part, Kestrel '
            "Beverage Imports LLC, a Delaware limited liability company (hereinafter the "
            '"Distributor").',
            ["Vinicola Sierra Alta, S.A.", "Kestrel Beverage Imports LLC"],
        ),
        (
            'BETWEEN\n\nOf the one part: INMOBILIARIA RIBERA, S.L. (the "Landlord")\n\n'
            'Of the other part: TALLER CREATIVO LUNA, S.L. (the "Tenant")',
            ["INMOBILIARIA RIBERA, S.L.", "TALLER CREATIVO LUNA, S.L."],
        ),
    ],
)
def test_a_lead_in_before_each_party_is_no_name(text: str, names: list[str]) -> None:
    # the civil-law party paragraphs: "of the one part" / "on the one hand" opens the first
    assert _first(text) == names


def test_a_capacity_line_under_a_title_page_name_does_not_end_the_block() -> None:
    text = (
        "BETWEEN\n\nHALDEN OFFSHORE AS\n\n(as Owner)\n\nAND\n\nCORMORANT DRILLING PLC\n\n"
        "(as Charterer)"
    )
    assert _first(text) == ["HALDEN OFFSHORE AS", "CORMORANT DRILLING PLC"]


def test_a_generational_suffix_stays_in_the_name() -> None:
    text = (
        'This Consulting Agreement is entered into by and between Nova Ridge Energy Inc. ("Nova '
        'Ridge") and Thomas A. Whitcombe, Jr. ("Consultant").'
    )
    assert _first(text) == ["Nova Ridge Energy Inc.", "Thomas A. Whitcombe, Jr."]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            "This Agreement is made by and between Corallo Marine Pte. Ltd., a company "
            "incorporated under the laws of Singapore and Tessellate Systems Ltd, a company "
            "incorporated under the laws of Israel.",
            ["Corallo Marine Pte. Ltd.", "Tessellate Systems Ltd"],
        ),
        (
            "This Agreement is made between Penhallow Foods Limited, a company incorporated in "
            "England and Wales and Roskilde Dairy A/S, a company incorporated in Denmark.",
            ["Penhallow Foods Limited", "Roskilde Dairy A/S"],
        ),
        (
            'This Agreement is made between Tidewell Inc., a corporation organized under the laws '
            'of Trinidad and Tobago ("Tidewell"), and Brackwater LLC ("Brackwater").',
            ["Tidewell Inc.", "Brackwater LLC"],
        ),
    ],
)
def test_an_and_after_a_descriptors_place_starts_the_next_company(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


def test_organized_and_existing_is_one_descriptor() -> None:
    text = (
        'This Services Agreement is made by and between Quenby Labs Inc. (the "Provider"), and '
        "Marlow Telecom Pte. Ltd., a company organized and existing under the laws of Singapore "
        "and Ostrander Systems Ltd, a company organized and existing under the laws of Israel."
    )
    assert _first(text) == ["Quenby Labs Inc.", "Marlow Telecom Pte. Ltd.", "Ostrander Systems Ltd"]


def test_a_hereinafter_term_in_single_quotes_defines_a_party() -> None:
    text = (
        "Ridgeway Holdings Inc., hereinafter called 'Lessor', and Camden Sparks, hereinafter "
        "called 'Lessee', agree to the following terms."
    )
    assert _defined(text) == ["Ridgeway Holdings Inc.", "Camden Sparks"]


def test_pvt_ends_no_sentence() -> None:
    text = (
        'This Agreement is entered into between Banyan Pharma Pvt. Ltd. ("Banyan") and Kestrel '
        'Health LLC ("Kestrel").'
    )
    assert _first(text) == ["Banyan Pharma Pvt. Ltd.", "Kestrel Health LLC"]


def test_a_hereinafter_term_without_quotes_defines_a_party() -> None:
    text = (
        "Hanse Logistik GmbH, hereinafter called Carrier, and Nordsee Fisch AG, hereinafter "
        "called Shipper, agree as follows:"
    )
    assert _defined(text) == ["Hanse Logistik GmbH", "Nordsee Fisch AG"]


@pytest.mark.parametrize(("text", "names"), [
    ("Parties\n1. Wattle Creek Software Pty Ltd ACN 612 345 678 of Level 4, 88 Flinders Lane, "
     "Melbourne VIC 3000 (Licensor)\n2. Banksia Health Services Pty Ltd ACN 623 987 110 of 17 "
     "Ann Street, Brisbane QLD 4000 (Licensee)\n",
     ["Wattle Creek Software Pty Ltd", "Banksia Health Services Pty Ltd"]),
    ("This agreement is made between Gumtree Logistics Pty Ltd ABN 11 222 333 444 of 5 Pier "
     "Road, Fremantle WA 6160 (Carrier) and Jarrah Timber Co Pty Ltd ACN 098 765 432 of 40 Mill "
     "Street, Perth WA 6000 (Shipper).",
     ["Gumtree Logistics Pty Ltd", "Jarrah Timber Co Pty Ltd"]),
])
def test_an_australian_company_number_ends_the_name(text, names):
    # the address after "ACN ... of" is no party, and the name keeps its "Pty Ltd"
    assert names in [c.value for c in find_party_lists(text)]


@pytest.mark.parametrize("address", ["Level 3, 88 George Street", "Suite 1200, 55 Bay Street",
                                     "Floor 12, 1 Canal Square", "Unit 5, 9 Dock Road"])
def test_an_address_after_of_ends_the_name(address):
    text = (f"This Agreement is made on 6 March 2023 between Tallowood Media Pty Ltd of {address}, "
            "Brisbane (\"Developer\") and Ironbark Farms Limited of 14 Station Road, Leeds "
            "(\"Client\").")
    assert ["Tallowood Media Pty Ltd", "Ironbark Farms Limited"] in [
        c.value for c in find_party_lists(text)
    ]


def test_a_numbered_party_paragraph_run_into_its_heading_opens_a_name():
    # a "Parties" list flattened into one paragraph: "1." still starts the first name
    text = (
        "Parties 1. Wattle Creek Software Pty Ltd ACN 612 345 678 of Level 4, 88 Flinders Lane, "
        "Melbourne VIC 3000 (Licensor) 2. Banksia Health Services Pty Ltd ACN 623 987 110 of 17 "
        "Ann Street, Brisbane QLD 4000 (Licensee)"
    )
    assert ["Wattle Creek Software Pty Ltd", "Banksia Health Services Pty Ltd"] in [
        c.value for c in find_party_lists(text)
    ]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'This Agreement is made on 3 March 2021 between the Regional Water Authority of '
            'Eastvale ("the Authority") and Brackwater Pumps Ltd ("the Contractor").',
            ["Regional Water Authority of Eastvale", "Brackwater Pumps Ltd"],
        ),
        (
            'THIS DEED is made BETWEEN the Council of the Shire of Wattle Creek (the "Council") '
            'and Ironbark Civil Pty Ltd (the "Contractor").',
            ["Council of the Shire of Wattle Creek", "Ironbark Civil Pty Ltd"],
        ),
        (
            'This Agreement is made by and between Fenwick Media Corp. ("Fenwick") and the Ostler '
            'Foundation, a New York not-for-profit corporation (the "Foundation").',
            ["Fenwick Media Corp.", "Ostler Foundation"],
        ),
    ],
)
def test_a_lower_case_the_may_open_an_organisations_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_a_lower_case_the_before_a_role_opens_no_name() -> None:
    text = (
        "under the Rights Agreement by and between the Disclosing Party and Kestrel Trust "
        "Company, N.A. dated as of June 1, 2018."
    )
    assert all("Disclosing Party" not in c.value for c in find_party_lists(text))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'As an employee of Pinecrest Labs, Inc., a wholly owned subsidiary of Tallgrass '
            'Holdings Corp. (the "Company"), I agree to the following.',
            ["Pinecrest Labs, Inc."],
        ),
        (
            'Sitar Pharma Private Limited, a subsidiary of Lotus Lifesciences Limited '
            '(hereinafter "the Company"), hereby employs Arjun Mehta (hereinafter "the '
            'Employee").',
            ["Sitar Pharma Private Limited", "Arjun Mehta"],
        ),
        (
            'In consideration of my engagement by Tessaly Foods, Inc., a division of Corvane '
            'Brands Corporation (the "Company"), I agree as follows.',
            ["Tessaly Foods, Inc."],
        ),
    ],
)
def test_the_parent_named_in_a_descriptor_is_no_party(text: str, names: list[str]) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(
    ("text", "third"),
    [
        (
            'This Addendum is made between Kelso Networks, Inc. ("Kelso") and the Distributor '
            'named above.\n\n1. Appointment. Kelso hereby appoints SUB-DISTRIBUTOR '
            '("Sub-Distributor") as a sub-distributor.',
            "SUB-DISTRIBUTOR",
        ),
        (
            'This Agency Agreement is made between Wirral Foods Ltd ("Principal") and the Agent '
            'named in the Schedule.\n\n2. APPOINTMENT\n2.1 The Principal hereby appoints '
            'Harbourside Brokers Limited ("Sub-Agent") to act with the Agent.',
            "Harbourside Brokers Limited",
        ),
        (
            'This Addendum is made between Ostrava Cloud Ltd ("Ostrava") and the Partner named '
            'above. Referral Terms 1. Referral Rights. Ostrava hereby appoints REFERRAL PARTNER '
            '("Referral Partner") as a referrer.',
            "REFERRAL PARTNER",
        ),
    ],
)
def test_a_verb_in_a_numbered_clause_introduces_no_party(text: str, third: str) -> None:
    assert all(third not in c.value for c in find_party_lists(text))


def test_a_verb_in_the_opening_still_introduces_a_party() -> None:
    text = (
        'Gandara Textiles Private Limited (hereinafter "the Company") hereby appoints Rohan Iyer '
        '(hereinafter "the Agent") as its selling agent on the following terms:\n\n1. Term. This '
        "appointment runs for two years."
    )
    assert _defined(text) == ["Gandara Textiles Private Limited", "Rohan Iyer"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'This Underwriting Agreement is entered into by Mutual Assurance Group of Ohio, '
            'Incorporated, a Missouri corporation ("MAGO"), and Harrow Securities LLC ("Harrow").',
            ["Mutual Assurance Group of Ohio, Incorporated", "Harrow Securities LLC"],
        ),
        (
            'As an employee of Bank of Laurel Corporation (the "Bank"), I agree to the following.',
            ["Bank of Laurel Corporation"],
        ),
    ],
)
def test_an_institutions_of_keeps_its_name_whole(text: str, names: list[str]) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (
            'This Agreement is made at Pune on this 5th day of May, 2020.\n\nLotus Agro Private '
            'Limited, having its registered office at 4 Station Road, Pune (hereinafter referred '
            'to as "the Company") and Kiran Desai, residing at 17 Hill View Colony, Nashik '
            '(hereinafter referred to as "the Consultant") agree as follows.',
            ["Lotus Agro Private Limited", "Kiran Desai"],
        ),
        (
            'Marigold Exports Limited, having its registered office at 8 Ring Road, Surat '
            '(hereinafter "the Seller"), and Banyan Retail LLP, having its principal place of '
            'business at 3 Park Street, Kolkata (hereinafter "the Buyer"), agree as follows.',
            ["Marigold Exports Limited", "Banyan Retail LLP"],
        ),
    ],
)
def test_the_town_of_a_partys_address_is_no_party(text: str, names: list[str]) -> None:
    assert _defined(text) == names


def test_resident_at_is_a_descriptor() -> None:
    text = (
        'Tamsin Rowe, resident at 4 Gorse Lane, Wyndham Vale (the "Employee") and Corbel '
        'Analytics Pty Ltd (the "Employer") agree as follows.'
    )
    assert _defined(text) == ["Tamsin Rowe", "Corbel Analytics Pty Ltd"]


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made between Cobblestone Property Services, Inc. ("Contractor") and '
     'Thornbury Medical Group, P.A. ("Owner").',
     ["Cobblestone Property Services, Inc.", "Thornbury Medical Group, P.A."]),
    ('This Lease is made between Fairhaven Dental, P.A., a Florida professional association '
     '("Tenant"), and Oak Row LLC ("Landlord").', ["Fairhaven Dental, P.A.", "Oak Row LLC"]),
])
def test_a_professional_association_keeps_its_suffix(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Loan Agreement is made as of May 3, 2019 by and between Harbor Point Bank, N.A., a '
     'national banking association ("Lender"), and Tolliver Mills, Inc. ("Borrower").',
     ["Harbor Point Bank, N.A.", "Tolliver Mills, Inc."]),
    ('This Servicing Agreement is dated as of March 9, 2018 among Copperline Auto Receivables '
     'LLC, as Issuer, Millbrook Savings Bank, FSB, as Servicer, and Granite Ridge Bank, N.A., as '
     'Indenture Trustee.',
     ["Copperline Auto Receivables LLC", "Millbrook Savings Bank, FSB", "Granite Ridge Bank, N.A."]),
])
def test_a_national_or_federal_savings_bank_keeps_its_suffix(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Work Order is issued under the Master Agreement between Calloway Freight LLC '
     '("Calloway") and <<enter vendor name>> ("Vendor").\n\n3. Fees:\n\n[STATE LABOR AND PARTS '
     'CHARGES ([Indicate any "not to exceed" amount]) OR FIXED FEE]', ["Calloway Freight LLC"]),
    ('This Schedule is entered into by Dunmore Health Systems, Inc. ("Dunmore") and [insert '
     'supplier name] ("Supplier").\n\nPricing: [LICENSE AND SUPPORT FEES ([insert "firm" or '
     '"estimated"])]', ["Dunmore Health Systems, Inc."]),
])
def test_a_bracketed_drafting_note_defines_no_party(text: str, names: list[str]) -> None:
    """A form's note in brackets may quote words; the capitals before it name no party."""
    assert _defined(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('To: Harwick Receivables Trust 2019-1 ("Counterparty")\nFrom: Nordhavn Bank AG, London '
     'Branch ("Nordhavn")\nDate: 4 March 2019', ["Harwick Receivables Trust 2019-1",
                                                "Nordhavn Bank AG"]),
    ('As agent for Calver Energy Limited (the "Borrower"), Ostrander Bank N.V., Hong Kong Branch '
     '(the "Agent") confirms the following rollover.',
     ["Calver Energy Limited", "Ostrander Bank N.V."]),
])
def test_the_branch_a_bank_acts_through_is_no_party(text: str, names: list[str]) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made on 2 May 2021 between Northgate Trading Limited of Harcourt House, '
     '12 Mill Lane, Leeds LS1 4AB ("Supplier") and Fennick Retail Ltd of Dunmore Court, 5 Station '
     'Road, York ("Buyer").', ["Northgate Trading Limited", "Fennick Retail Ltd"]),
    ('AGREEMENT dated 1 March 2018 between Tolworth Media Limited of Granary Building, Salt Wharf, '
     'Norwich NR1 1QA ("Tolworth") and Hexam Sound Ltd ("Hexam").',
     ["Tolworth Media Limited", "Hexam Sound Ltd"]),
])
def test_an_address_after_of_may_open_with_a_buildings_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This License Agreement is made by and between Harrowgate Institute (hereinafter "HI"), a '
     'nonprofit corporation having a principal place of business at 80 Elm Street, Dover, Delaware '
     '19901 and Lumetric Devices, Inc. (hereinafter "Company"), a Delaware corporation having an '
     'address at 412 Cobb Road; Suite 300; Marietta, GA 30060. The parties agree as follows.',
     ["Harrowgate Institute", "Lumetric Devices, Inc."]),
    ('This Agreement is entered into between Pinecrest Labs LLC ("Pinecrest"), with offices at 19 '
     'Orchard Way; Building 4; Boulder, Colorado 80302, and Tamsin Health Corp. ("Tamsin").',
     ["Pinecrest Labs LLC", "Tamsin Health Corp."]),
    # a ";" between two parties still parts them
    ('This Deed is made between (1) Arlow Holdings Limited of 12 Quay Street; and (2) Bexley '
     'Marine Ltd of 4 Dock Road.', ["Arlow Holdings Limited", "Bexley Marine Ltd"]),
])
def test_a_semicolon_inside_an_address_parts_no_parties(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Co-Branding Agreement is entered into as of May 3, 2000 by and between q-works, Inc., a '
     'Delaware corporation ("q-works"), and Halvern Media Corporation ("Halvern").',
     ["q-works, Inc.", "Halvern Media Corporation"]),
    ('This Reseller Agreement is made between Tarlow Systems LLC (the "Supplier") and zipcart, '
     'inc., a California corporation (the "Reseller").', ["Tarlow Systems LLC", "zipcart, inc."]),
    ('THIS AGREEMENT is made by and between ubiquo Ltd. ("ubiquo") and Fenwick Retail Group, Inc. '
     '("Fenwick").', ["ubiquo Ltd.", "Fenwick Retail Group, Inc."]),
])
def test_a_lower_case_brand_with_a_legal_form_is_a_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made between Open Joint Stock Company "Volna-Telecom", a company organized '
     'under the laws of the Russian Federation ("Volna"), and Trevor Networks Inc. ("Trevor").',
     ['Open Joint Stock Company "Volna-Telecom"', "Trevor Networks Inc."]),
    ('This Supply Contract is concluded between Limited Liability Company "Sever", hereinafter '
     'referred to as the "Buyer", represented by its General Director, and Astley Components Ltd, '
     'hereinafter referred to as the "Seller".',
     ['Limited Liability Company "Sever"', "Astley Components Ltd"]),
    ('This Agreement is made between Limited Liability Company "Taiga Logistics" and Harwell '
     'Freight plc.', ['Limited Liability Company "Taiga Logistics"', "Harwell Freight plc"]),
])
def test_a_cis_company_form_keeps_its_quoted_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('LICENSE AGREEMENT   This License Agreement ("Agreement") is made by and between   Quorra '
     'Labs, Inc.  400 Ridge Road Palo Alto, CA 94301 USA\n\n(hereinafter called "QUORRA"),   and   '
     'Feldmann Pharma GmbH   Kantstrasse 12 80331 Munich Germany   (hereinafter called '
     '"FELDMANN")   (each a "Party").', ["Quorra Labs, Inc.", "Feldmann Pharma GmbH"]),
    ('This Agreement is entered into between Larkspur Foods LLC, 12 Main Street, Boise, Idaho\n\n'
     '(hereinafter referred to as the "Buyer") and Tolland Farms Inc. (hereinafter referred to '
     'as the "Seller").', ["Larkspur Foods LLC", "Tolland Farms Inc."]),
])
def test_a_hereinafter_alias_on_its_own_line_continues_the_party_block(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('THIS AGREEMENT, made and entered into this 3rd day of May, 2019, by and between the CITY OF '
     'ELMWOOD, OHIO, an Ohio municipal corporation ("City"), and NORTHERN WATER COMPANY, an Ohio '
     'corporation ("Company").', ["CITY OF ELMWOOD", "NORTHERN WATER COMPANY"]),
    ('This Lease is made between the BOARD OF EDUCATION OF HARLAN COUNTY ("Board") and Meridian '
     'Modular Inc. ("Tenant").', ["BOARD OF EDUCATION OF HARLAN COUNTY", "Meridian Modular Inc."]),
])
def test_a_lower_case_the_may_open_an_upper_case_public_bodys_name(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('SUPPLY AGREEMENT\n\nThis Supply Agreement ("Agreement") is\n\nmade and entered into as of '
     'March 2, 2001 (the "Effective Date"), by and\n\nbetween Corlis Networks, Inc., a Delaware '
     'corporation (the "Company"), and Blue\n\nHarbor Freight Co., a California corporation '
     '("BHF").\n\n1. Definitions.', ["Corlis Networks, Inc.", "Blue Harbor Freight Co."]),
    # a title page's short lines still end their blocks
    ('AGREEMENT\n\nBETWEEN\n\nALDER HOLDINGS INC.\n\nAND\n\nBIRCH CAPITAL LLC\n\nDated as of May '
     '1, 2012', ["ALDER HOLDINGS INC.", "BIRCH CAPITAL LLC"]),
])
def test_a_name_wrapped_over_a_double_spaced_line_is_one_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Supply Contract is made between OOO "Sever", hereinafter referred to as the "Buyer", '
     'and Hallam Components Ltd, hereinafter referred to as the "Seller".',
     ['OOO "Sever"', "Hallam Components Ltd"]),
    ('This License Agreement is made by and between PJSC "Volga Telecom", a company organized '
     'under the laws of the Russian Federation ("Licensee"), and Norvik Software AB ("Licensor").',
     ['PJSC "Volga Telecom"', "Norvik Software AB"]),
    ('This Contract is entered into between TOO "Kazakh Grain Trade", a limited liability '
     'partnership registered in Almaty ("Seller"), and Delmar Commodities S.A. ("Buyer").',
     ['TOO "Kazakh Grain Trade"', "Delmar Commodities S.A."]),
    ('This Agreement is made between TOV “Dnipro Logistics” (the “Carrier”) and Fenwick Freight '
     'Inc. (the “Shipper”).', ['TOV “Dnipro Logistics”', "Fenwick Freight Inc."]),
])
def test_an_abbreviated_cis_company_form_keeps_its_quoted_name(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('CONSULTING SERVICES AGREEMENT\n\nBetween:\n\nMarlow Digital Corp.\n\nSuite 410 - 2250 '
     'Granville Street,\nVancouver, British Columbia, Canada V6H 3G5\n(hereinafter referred to as '
     '“Marlow”)\nAnd:\n\nKestrel Imaging Limited\nRoom 1804 Harbour Centre, 25 Harbour Road, Wan '
     'Chai, Hong Kong\n(hereinafter referred to as “Kestrel”)',
     ["Marlow Digital Corp.", "Kestrel Imaging Limited"]),
    ('SERVICES AGREEMENT\n\nBETWEEN:\n\nTessaly Foods Inc.\n\n55 Front Street\nToronto, Ontario '
     'M5J 2N1\n(the "Client")\nAND:\n\nOrwin Packaging Ltd.\n9 Dock Road, Liverpool L3 4BB\n(the '
     '"Supplier")', ["Tessaly Foods Inc.", "Orwin Packaging Ltd."]),
])
def test_an_and_label_closes_an_address_block(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('RESEARCH AGREEMENT BETWEEN\n\nHALDEN OPTICS Inc., a Delaware Company, Birch Professional '
     'Building, 14, Birch Rd. Suite 20, Austin TX 78701 USA, in the person of its Legal '
     'Representative and Chief Executive Officer Dr. Paul Verne, PhD AND VETRARIA LUMEN S.R.L. an '
     'Italian Company seated in Pisa, Via Roma n. 12, FISCAL CODE AND VAT NUMBER: 01234567890 in '
     'the person of its Legal Representative Mr. Marco Bellini;\n\neach a Party and, together, the '
     'Parties.', ["HALDEN OPTICS Inc.", "VETRARIA LUMEN S.R.L."]),
    ('COOPERATION AGREEMENT BETWEEN ALPENTAL GMBH, a German company with its seat in Munich, '
     'represented by its managing director Mr. Karl Huber AND CORSO DIGITALE S.P.A., an Italian '
     'company with its seat in Milan, represented by Ms. Giulia Conti.',
     ["ALPENTAL GMBH", "CORSO DIGITALE S.P.A."]),
])
def test_an_inline_capital_and_before_a_company_starts_the_next_party(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('Ladies and Gentlemen:\nHarborview Bancorp, Inc., a Maryland corporation (the "Company"), '
     'wishes to hire you as its selling agent (the "Agent").\n1. The Offering. The prospectus, '
     'as it stands when it becomes effective under Section 11 of the 1933 Act (the "Effective '
     'Time"), is final.',
     ["Harborview Bancorp, Inc."]),
    ('Ladies and Gentlemen:\nKestrel Therapeutics Inc. (the "Corporation") confirms its agreement '
     'with Alder Securities Ltd. (the "Agent"). Securities sold in the United States will be '
     'offered pursuant to Regulation D (the "U.S. Exemption") by the Agent.',
     ["Kestrel Therapeutics Inc.", "Alder Securities Ltd."]),
])
def test_a_statute_or_rule_reference_is_no_party(text: str, names: list[str]) -> None:
    assert _defined(text) == names


def test_a_representatives_block_of_party_a_is_no_party_label() -> None:
    text = ('Party A: Jinling Textiles Co., Ltd.\nAddress: 5 Hubin Road, Nanjing\nLegal '
            'Representative of Party A: Zhou Min\nParty B: Arden Apparel LLC\nAddress: 77 Fifth '
            'Avenue, New York\nLegal Representative of Party B: Laura Price')
    assert [c.value for c in find_party_lists(text) if c.kind == "between"] == [
        ["Jinling Textiles Co., Ltd.", "Arden Apparel LLC"]
    ]


def test_the_tail_of_a_place_after_of_is_no_party() -> None:
    text = ('1. Tianhe Machinery Group Co., Ltd. (the "Seller"), a company formed in China.\n\n'
            '2. Corbel Power Systems, Inc. (the "Buyer"), a corporation formed in Delaware, one of '
            'the\n\nUnited States of America ("USA").')
    assert _defined(text) == ["Tianhe Machinery Group Co., Ltd.", "Corbel Power Systems, Inc."]


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made by and between Ostrava Metals s.r.o. Na Prikope 10, 11000 Prague, '
     'Czech Republic (hereinafter called "OSTRAVA") and Brightwater Tools Ltd. 5 Mill Street, '
     'Leeds LS1 4AB (hereinafter called "BRIGHTWATER").',
     ["Ostrava Metals s.r.o.", "Brightwater Tools Ltd."]),
    ('This Agreement is made by and between Kestrel Holdings S.A. ("Kestrel") and Pannon Data '
     'Kft., a Hungarian company ("Pannon").', ["Kestrel Holdings S.A.", "Pannon Data Kft."]),
])
def test_a_central_european_legal_form_ends_a_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


def test_and_or_certain_affiliates_of_a_party_is_no_name() -> None:
    text = ('This Co-Branding Agreement is made as of May 2, 2001 by and between Veltrix Systemes, '
            'a French societe anonyme that also owns Buyer ("Veltrix") and/or certain affiliates '
            'of Veltrix, and NovaCAD Inc. (once called Solid Geometry Inc.), a Delaware '
            'corporation ("NovaCAD").')
    assert _first(text) == ["Veltrix Systemes", "NovaCAD Inc."]


@pytest.mark.parametrize(("text", "names"), [
    ('This Collaboration Agreement ("Agreement") is made by and among Quorra Labs, Inc.\n\n400 '
     'Ridge Road\n\nPalo Alto,\nCA 94301\nUSA\n\n(hereinafter called "QUORRA"), and Feldmann '
     'Pharma GmbH\n\nKantstrasse 12\n\n80331 Munich\nGermany\n\n(hereinafter called "FELDMANN")'
     '\n\n(each a "Party").\n\nEFFECTIVE DATE: March 1, 2012',
     ["Quorra Labs, Inc.", "Feldmann Pharma GmbH"]),
    ('This Supply Agreement is entered into between Corlis Networks, Inc.\n\n55 Front Street, '
     'Suite 300\n\nBoston, MA 02110\n\n("Buyer") and Tolland Foods LLC\n\n9 Dock Road\n\n'
     'Portland, ME 04101\n\n("Seller").\n\n1. Supply. Seller shall supply the Products.',
     ["Corlis Networks, Inc.", "Tolland Foods LLC"]),
])
def test_an_address_in_paragraphs_of_its_own_continues_the_party_block(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('SUPPORT AGREEMENT\n\nBetween\n\nClient Name: HARBOR DENTAL GROUP, INC.\n\n120 Market Street'
     '\n\nDayton, OH 45402\nPrinciple Contact: Ann Lee\n\nAnd\n\nCustomer Name: NORTHSIDE CLINICS, '
     'INC.\n\n45 River Road\n\nAkron, OH 44308\nPrinciple Contact: Bob Kim\n\nANNUAL FEE.',
     ["HARBOR DENTAL GROUP, INC.", "NORTHSIDE CLINICS, INC."]),
    ('SERVICE ORDER\n\nBetween\n\nCompany Name: Larkspur Foods LLC\n\nAnd\n\nVendor Name: Tolland '
     'Farms Inc.\n\n1. Services.', ["Larkspur Foods LLC", "Tolland Farms Inc."]),
])
def test_a_forms_name_label_is_no_part_of_the_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('THIS SOFTWARE DEVELOPMENT AGREEMENT is made March 3rd, 2019 by and between BYTE FORGE LLC, '
     'a Delaware limited liability company (Developer ), and (Client) Harbor Meals Inc. for the '
     'performance of software design services as detailed herein.',
     ["BYTE FORGE LLC", "Harbor Meals Inc."]),
    ('This Agreement is made between Harlow Media Inc. for the purposes set out below ("Harlow") '
     'and Tessaly Films LLC ("Tessaly").', ["Harlow Media Inc.", "Tessaly Films LLC"]),
])
def test_for_and_lower_case_words_after_a_legal_form_end_the_name(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('JOINT FILING AGREEMENT\n\nThe undersigned agree to file a single Schedule 13G for the '
     'shares of Fenwick Labs, Inc. on behalf of each of them. This agreement may be signed in '
     'counterparts. Dated: 3/2/2021 Harrow Capital Fund, Ltd.\n\n'
     'By:/s/ Mary Lowe\n\nMary Lowe\n\nDirector\nHarrow Capital Partners, LP\nBy:/s/ Mary Lowe\n\n'
     'Mary Lowe\n\nManaging Member\nHarrow GP, LLC\nBy:/s/ Mary Lowe\nMary Lowe',
     ["Harrow Capital Fund, Ltd.", "Harrow Capital Partners, LP", "Harrow GP, LLC"]),
    ('JOINT FILING AGREEMENT\n\nThe undersigned agree to file one statement on Schedule 13D for '
     'all of them. Dated: June 4, 2019 BRISK OAK MASTER FUND, L.P.\nBy: /s/ Tom Reyes\nTom Reyes, '
     'Director\nBRISK OAK ADVISORS LLC\nBy: /s/ Tom Reyes\nTom Reyes, Managing Member',
     ["BRISK OAK MASTER FUND, L.P.", "BRISK OAK ADVISORS LLC"]),
])
def test_a_date_run_into_the_first_signatorys_line_is_no_part_of_it(
    text: str, names: list[str]
) -> None:
    assert [c.value for c in find_party_lists(text) if c.kind == "between"] == [names]


@pytest.mark.parametrize(("text", "names"), [
    ('This Distribution Agreement is made between Wisla Trade sp. z o.o., a company organised '
     'under the laws of Poland ("Distributor"), and Harbourline Goods Inc., a Delaware '
     'corporation ("Supplier").', ["Wisla Trade sp. z o.o.", "Harbourline Goods Inc."]),
    ('This Service Agreement is concluded between Kraków Data Systems spółka z ograniczoną '
     'odpowiedzialnością, with its registered office in Kraków ("Provider"), and Ostwind Handel '
     'GmbH ("Customer").',
     ["Kraków Data Systems spółka z ograniczoną odpowiedzialnością", "Ostwind Handel GmbH"]),
    ('This Supply Agreement is made by and between Maquinas del Norte, S. de R.L. de C.V., a '
     'Mexican company ("Seller"), and Tri-County Machining LLC ("Buyer").',
     ["Maquinas del Norte, S. de R.L. de C.V.", "Tri-County Machining LLC"]),
    ('This Agreement is made between Grupo Alameda, S.A. de C.V., a company organized under the '
     'laws of Mexico ("Alameda"), and Pinecrest Foods, Inc. ("Pinecrest").',
     ["Grupo Alameda, S.A. de C.V.", "Pinecrest Foods, Inc."]),
    ('This Agreement is made between Vistula Foods Sp. z o. o. of ul. Prosta 12, 00-850 Warsaw, '
     'Poland (the "Seller") and Copperfield Grocers Ltd. (the "Buyer").',
     ["Vistula Foods Sp. z o. o.", "Copperfield Grocers Ltd."]),
    ('This Agreement is made between Solvent Arc Sp. j., a Polish partnership ("Solvent"), and '
     'Merrow Crane LLC ("Merrow").', ["Solvent Arc Sp. j.", "Merrow Crane LLC"]),
    ('This Agreement is made between Solvent Arc, S.A.B. de C.V., a company ("Solvent"), and '
     'Merrow Crane LLC ("Merrow").', ["Solvent Arc, S.A.B. de C.V.", "Merrow Crane LLC"]),
])
def test_a_legal_form_of_several_words_ends_a_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('by and between Harbin Coatings Trading Co Ltd hereinafter referred to as ("HARBIN") '
     'Address : 18 Xin Road, Shanghai Legal representative : Wei Zhang and Bluegate Auto Finish '
     'LLC hereinafter referred to as ("DISTRIBUTOR") Address : 400 Main Street, Tampa Legal '
     'representative : Robert Hale',
     ["Harbin Coatings Trading Co Ltd", "Bluegate Auto Finish LLC"]),
    ('by and between:\n\nHarbin Coatings Trading Co Ltd hereinafter referred to as ("HARBIN") '
     'Address : 18 Xin Road, Pudong, Shanghai Tel. : (86-21) 5555 0100 Legal representative : '
     'Wei Zhang and Bluegate Auto Finish hereinafter referred to as ("DISTRIBUTOR") Address : '
     '400 Main Street, Tampa Legal representative : Robert Hale',
     ["Harbin Coatings Trading Co Ltd", "Bluegate Auto Finish"]),
])
def test_a_representative_named_before_and_is_no_part_of_the_next_party(
    text: str, names: list[str]
) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('Huaxin Coatings (Shanghai) Co Ltd hereinafter referred to as ("HUAXIN")\n\nand\n\nRedwood '
     'Auto Care LLC hereinafter referred to as ("DISTRIBUTOR")',
     ["Huaxin Coatings (Shanghai) Co Ltd", "Redwood Auto Care LLC"]),
    ('This Agreement is entered into between Tianrui Electronics (Shenzhen) Co., Ltd., a company '
     'organized under the laws of the PRC (the "Supplier"), and Maple Ridge Devices Inc. (the '
     '"Buyer").', ["Tianrui Electronics (Shenzhen) Co., Ltd.", "Maple Ridge Devices Inc."]),
])
def test_a_city_in_parentheses_before_the_legal_form_is_part_of_the_name(
    text: str, names: list[str]
) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Services Agreement is made between zipcart corporation, a Delaware corporation '
     '("zipcart"), and Hollis Freight Inc. ("Hollis").',
     ["zipcart corporation", "Hollis Freight Inc."]),
    ('This Agreement is entered into by and between Hollis Freight Inc. ("Hollis") and quillpad '
     'limited, a company registered in England ("quillpad").',
     ["Hollis Freight Inc.", "quillpad limited"]),
    ('This Agreement is made between Hollis Freight Inc., a holding company ("Hollis"), and '
     'Mercer Labs LLC ("Mercer").', ["Hollis Freight Inc.", "Mercer Labs LLC"]),
])
def test_a_lower_case_brand_with_its_form_spelled_out_is_named_by_its_own_term(
    text: str, names: list[str]
) -> None:
    assert _defined(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made between Orla Foods Ltd, represented by its director Anna Berg, and '
     'Fjord Harvest AS, represented by its chairman Lars Holm.',
     ["Orla Foods Ltd", "Fjord Harvest AS"]),
    ('This Lease is concluded between Birkenhof Immobilien GmbH, represented by Mr. Jonas Weber, '
     'and Alder Signal Systems S.A., represented by Ms. Ana Ruiz.',
     ["Birkenhof Immobilien GmbH", "Alder Signal Systems S.A."]),
])
def test_a_party_represented_by_a_person_is_followed_by_the_next_party(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Licence Agreement is entered into between Springbok Data (Pty) Ltd, a private company '
     'incorporated in South Africa ("Springbok"), and Halden Systems GmbH ("Halden").',
     ["Springbok Data (Pty) Ltd", "Halden Systems GmbH"]),
    ('This Agreement is made between Indus Textile Mills (Pvt.) Ltd., a company incorporated under '
     'the laws of Pakistan (the "Seller"), and Corbel Apparel Inc. (the "Buyer").',
     ["Indus Textile Mills (Pvt.) Ltd.", "Corbel Apparel Inc."]),
    ('This Distribution Agreement is entered into between Harare Agro Supplies (Private) Limited '
     '("Distributor") and Oakmere Seeds plc ("Principal").',
     ["Harare Agro Supplies (Private) Limited", "Oakmere Seeds plc"]),
    ('This Agreement is made between Lionsgate Robotics (S) Pte. Ltd. ("Lionsgate") and Norrland '
     'Automation AB ("Norrland").', ["Lionsgate Robotics (S) Pte. Ltd.", "Norrland Automation AB"]),
    ('This Services Agreement is made by and between UMHLANGA MARINE (PROPRIETARY) LIMITED '
     '("Supplier") and Ridgeback Freight LLC ("Customer").',
     ["UMHLANGA MARINE (PROPRIETARY) LIMITED", "Ridgeback Freight LLC"]),
])
def test_a_legal_form_keeps_its_parenthesised_part(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('MASTER SERVICES AGREEMENT\n\nmade and entered into by and between\n\nBLUEGUM ANALYTICS '
     '(PROPRIETARY) LIMITED\n\n(Registration No. 2014/223344/07)\n(hereinafter referred to as '
     '"the Supplier")\n\nand\n\nSEDGE LOGISTICS (PTY) LTD\n\n(Registration No. 2003/556677/07)\n'
     '(hereinafter referred to as "the Customer")\n\n1. DEFINITIONS\n\n1.1 In this Agreement ...',
     ["BLUEGUM ANALYTICS (PROPRIETARY) LIMITED", "SEDGE LOGISTICS (PTY) LTD"]),
    ('SOFTWARE LICENCE AGREEMENT\n\nbetween\n\nMARRAM DIGITAL LIMITED\n\n(Company number '
     '09876543)\n("Marram")\n\nand\n\nTERN HARBOUR PTE. LTD.\n\n(UEN 201812345K)\n'
     '("Tern")\n\n1. DEFINITIONS',
     ["MARRAM DIGITAL LIMITED", "TERN HARBOUR PTE. LTD."]),
    ('CONSULTANCY AGREEMENT\n\nbetween\n\nNAMAQUA MINING SERVICES (PROPRIETARY) LIMITED\n'
     '(Reg. No. 1997/004455/07)\n(the "Client")\n\nand\n\nSILVERTREE ENGINEERING CONSULTANTS '
     '(PTY) LTD\n(Reg. No. 2005/998877/07)\n(the "Consultant")\n\n1. DEFINITIONS',
     ["NAMAQUA MINING SERVICES (PROPRIETARY) LIMITED",
      "SILVERTREE ENGINEERING CONSULTANTS (PTY) LTD"]),
])
def test_a_cover_page_party_goes_on_through_its_registration_number_line(
    text: str, names: list[str]
) -> None:
    """A cover page sets each name on a line of its own, its registration number and its role
    under it, the heading detector's cut restored as a blank line under the name."""
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is concluded between Birkenhof Immobilien GmbH represented by its managing '
     'director Jonas Weber and Alder Signal Systems S.A. represented by Ana Ruiz.',
     ["Birkenhof Immobilien GmbH", "Alder Signal Systems S.A."]),
    ('This Contract is made between Vltava Steel s.r.o. represented by Mr. Petr Novak and Danube '
     'Logistics GmbH represented by Mr. Karl Huber.',
     ["Vltava Steel s.r.o.", "Danube Logistics GmbH"]),
    ('This Agreement is entered into between Helvetia Precision AG represented herein by Dr. Urs '
     'Keller and Po Valley Plastics S.p.A. represented herein by Ing. Marco Rossi.',
     ["Helvetia Precision AG", "Po Valley Plastics S.p.A."]),
    ('This Agreement is made between Baltic Ferries Oy duly represented by Eva Lund and Gdansk '
     'Amber sp. z o.o. duly represented by Piotr Zielinski.',
     ["Baltic Ferries Oy", "Gdansk Amber sp. z o.o."]),
])
def test_a_representative_named_without_commas_is_followed_by_the_next_party(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made between Inversiones Tequendama S. en C., a Colombian partnership '
     '("Tequendama"), and Brightwell Coffee LLC ("Brightwell").',
     ["Inversiones Tequendama S. en C.", "Brightwell Coffee LLC"]),
    ('This Supply Agreement is entered into between Cafetales del Huila S. en C.S. ("Supplier") '
     'and Roastery Nine Inc. ("Buyer").', ["Cafetales del Huila S. en C.S.", "Roastery Nine Inc."]),
    ('This Agreement is made between Agropecuaria Santa Rita S. en C. and Lindqvist Foods Ltd.',
     ["Agropecuaria Santa Rita S. en C.", "Lindqvist Foods Ltd."]),
    ('This Agreement is made between Wisla Software sp. z o.o. and Ridge Tools Inc.',
     ["Wisla Software sp. z o.o.", "Ridge Tools Inc."]),
])
def test_a_legal_form_of_several_words_ends_a_name_before_the_next_party(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ("This Agreement is made between Ridge Tools Inc. and Comercial Andina Ltda.",
     ["Ridge Tools Inc.", "Comercial Andina Ltda."]),
    ("This Agreement is entered into between Ridge Tools Inc. and Fabbrica Veneta S.r.l.",
     ["Ridge Tools Inc.", "Fabbrica Veneta S.r.l."]),
    ("This Agreement is made between Ridge Tools Inc. and Perak Rubber Sdn. Bhd.",
     ["Ridge Tools Inc.", "Perak Rubber Sdn. Bhd."]),
    ("This Agreement is made between Ridge Tools Inc. and Tisza Data Kft.",
     ["Ridge Tools Inc.", "Tisza Data Kft."]),
    ("This Agreement is made between Ridge Tools Inc. and Wisla Software sp. z o.o.",
     ["Ridge Tools Inc.", "Wisla Software sp. z o.o."]),
    ('This Distribution Agreement is made between Iberica Medical S.L. ("Distributor") and Ridge '
     'Tools Inc. ("Supplier").', ["Iberica Medical S.L.", "Ridge Tools Inc."]),
    ('This Agreement is made between Sakura Devices K.K. ("Sakura") and Ridge Tools Inc. '
     '("Ridge").', ["Sakura Devices K.K.", "Ridge Tools Inc."]),
    ("This Agreement is made between Ridge Tools Inc. and Provence Logistique S.A.R.L.",
     ["Ridge Tools Inc.", "Provence Logistique S.A.R.L."]),
    ('This Agreement is entered into by and between Alpine Data S.à r.l., a company incorporated '
     'in Luxembourg ("Alpine"), and Ridge Tools Inc. ("Ridge").',
     ["Alpine Data S.à r.l.", "Ridge Tools Inc."]),
])
def test_a_dotted_legal_form_keeps_its_final_period(text: str, names: list[str]) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is entered into by and between Vinterbro Medical AB (publ), a Swedish public '
     'company ("Vinterbro"), and Castleford Devices Ltd. ("Castleford").',
     ["Vinterbro Medical AB (publ)", "Castleford Devices Ltd."]),
    ('Halvard Robotics AB (publ) ("Halvard") and Ridge Tools Inc. ("Ridge") agree as follows.',
     ["Halvard Robotics AB (publ)", "Ridge Tools Inc."]),
    ("This Agreement is made between Ridge Tools Inc. and Anadolu Tekstil A.Ş.",
     ["Ridge Tools Inc.", "Anadolu Tekstil A.Ş."]),
    ('This Agreement is made between Ege Makina A.S. ("Ege") and Ridge Tools Inc. ("Ridge").',
     ["Ege Makina A.S.", "Ridge Tools Inc."]),
    ('This Agreement is entered into between Bosphorus Yazilim Ltd. Şti., a company organised '
     'under the laws of Turkey ("Bosphorus"), and Ridge Tools Inc. ("Ridge").',
     ["Bosphorus Yazilim Ltd. Şti.", "Ridge Tools Inc."]),
    ("This Agreement is made between Ridge Tools Inc. and Kapadokya Gida Sanayi ve Ticaret "
     "Ltd. Şti.",
     ["Ridge Tools Inc.", "Kapadokya Gida Sanayi ve Ticaret Ltd. Şti."]),
    # the words stay words: "as" a capacity, "AB" Alberta's code in an address or a name's
    # initials
    ('This Agreement is made between Ridge Tools Inc. (the "Seller") and AB Harlow, Inc. (the '
     '"Buyer").', ["Ridge Tools Inc.", "AB Harlow, Inc."]),
    ('This Agreement is made between Ridge Tools Inc., as Seller, and Brookvale Software LLC, as '
     'Buyer.', ["Ridge Tools Inc.", "Brookvale Software LLC"]),
    ("This Agreement is made between Maple Ridge Ltd., 100 Bow Street, Calgary, AB T2P 1J9, and "
     "Ridge Tools Inc.", ["Maple Ridge Ltd.", "Ridge Tools Inc."]),
])
def test_a_nordic_or_turkish_legal_form_ends_a_name(text: str, names: list[str]) -> None:
    assert _first(text) == names


_JOINT_FILING = (
    "JOINT FILING AGREEMENT\n\nAs Rule 13d-1(k)(1) permits, the undersigned hereby agree that one "
    "Schedule 13D about their holdings in Larkspur Foods, Inc. common stock is filed for all.\n\n"
    "Dated: March 3, 2021\n\n"
)


@pytest.mark.parametrize(("blocks", "names"), [
    ("Greenhaven Capital Management\nPartners, L.P.\nBy: /s/ Alan Birch\nName: Alan Birch\n\n"
     "Greenhaven GP, LLC\nBy: /s/ Alan Birch\nName: Alan Birch\n\n/s/ Alan Birch\nAlan Birch\n",
     ["Greenhaven Capital Management Partners, L.P.", "Greenhaven GP, LLC", "Alan Birch"]),
    ("Silver Maple Opportunity Master\nFund, Ltd.\nBy: /s/ Jane Ostrow\nTitle: Director\n\n"
     "Silver Maple Advisors LLC\nBy: /s/ Jane Ostrow\nTitle: Member\n",
     ["Silver Maple Opportunity Master Fund, Ltd.", "Silver Maple Advisors LLC"]),
    ("Tamarack Ridge Value\nPartners LP\nBy: /s/ Omar Said\n\n"
     "Tamarack Ridge Capital\nManagement LLC\nBy: /s/ Omar Said\n",
     ["Tamarack Ridge Value Partners LP", "Tamarack Ridge Capital Management LLC"]),
])
def test_a_joint_signatorys_name_wrapped_over_two_lines_is_read_whole(
    blocks: str, names: list[str]
) -> None:
    assert _first(_JOINT_FILING + blocks) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is made on 4 May 2022 between KESARIYA TEXTILES PRIVATE LIMITED, a company '
     "incorporated under the Companies Act, 2013, having its registered office at 3rd Floor, Orbit "
     'Plaza, Goregaon (West), Mumbai 400 062, India (hereinafter referred to as "Kesariya") and '
     "HALLOWAY FOODS LIMITED, a company incorporated in England, having its registered office at "
     '9 Tanner Row, York YO1 6JB (hereinafter referred to as "Halloway").',
     ["KESARIYA TEXTILES PRIVATE LIMITED", "HALLOWAY FOODS LIMITED"]),
    ("THIS AGREEMENT is made between ANUPAMA SOFTWARE SOLUTIONS PRIVATE LIMITED, having its "
     'registered office at Plot 7, Powai (East), Mumbai 400 076 (hereinafter "Anupama") and '
     'TORVIK SYSTEMS AS, a Norwegian company ("Torvik").',
     ["ANUPAMA SOFTWARE SOLUTIONS PRIVATE LIMITED", "TORVIK SYSTEMS AS"]),
    ("This Agreement is entered into between Kavya Pharma Private Limited, having its registered "
     "office at 14 Link Road, Malad (West), Mumbai 400 064, India, and Ostrander Labs, Inc., a "
     "New Jersey corporation, with offices at 80 Elm Street, Trenton, New Jersey 08608.",
     ["Kavya Pharma Private Limited", "Ostrander Labs, Inc."]),
    # a bare alias after a name stays an alias
    ("This Agreement is made between Northpoint Energy Corporation (NEC), a Texas corporation, "
     "and Sable Ridge Partners LLC (SRP), a Delaware limited liability company.",
     ["Northpoint Energy Corporation", "Sable Ridge Partners LLC"]),
])
def test_a_locality_in_parentheses_inside_an_address_is_no_party(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize(("text", "names"), [
    ('This Agreement is entered into as of May 1, 2020 by and between CASCADE SUMMIT BANK, '
     'NATIONAL ASSOCIATION, a national banking association ("Bank"), and TRAILHEAD OUTFITTERS '
     'CO., a Washington corporation ("Company").',
     ["CASCADE SUMMIT BANK, NATIONAL ASSOCIATION", "TRAILHEAD OUTFITTERS CO."]),
    ('This Escrow Agreement is entered into among Quillon Therapeutics, Inc. ("Buyer"), Marten '
     'Group LLC ("Seller") and Grand Meridian Bank, National Banking Association, as escrow agent '
     '(the "Escrow Agent").',
     ["Quillon Therapeutics, Inc.", "Marten Group LLC",
      "Grand Meridian Bank, National Banking Association"]),
    ("This Trust Agreement is entered into between Larkstone Capital Corp. and First Talon Trust "
     "Company, National Association, as trustee.",
     ["Larkstone Capital Corp.", "First Talon Trust Company, National Association"]),
])
def test_a_national_banks_spelled_out_legal_form_is_part_of_its_name(
    text: str, names: list[str]
) -> None:
    assert _first(text) == names


@pytest.mark.parametrize("salutation", ["Gentlemen,", "Dear Sirs:", "Dear Mr. Verhagen:"])
def test_no_name_above_a_letters_salutation_is_read_for_a_defined_term_below_it(
    salutation: str,
) -> None:
    # a passage that starts at the inside address: its street line is no party of the body's
    # "("you")" (a PDF's salutation is a block of its own since session 24)
    text = (
        "Harbour Road 12, 4410 KT Rotterdam\nThe Netherlands\n"
        f"Attention: Mr. Joost Verhagen, Managing Director\n\n{salutation}\n\n"
        'In order to allow Maasvlakte Terminal Partners C.V. ("you") to evaluate a possible '
        'transaction with Calverley Grain Inc., a Delaware corporation (the "Company"), we may '
        "furnish certain information."
    )
    assert [c.value for c in find_party_lists(text)] == [["Calverley Grain Inc."]]
