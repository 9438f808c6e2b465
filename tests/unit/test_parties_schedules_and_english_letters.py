"""Parties stated without a "between" clause: the "Name" lines of an Australian or English
deed's details schedule, and an English letter agreement's sender and addressee."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.rules import RuleExtractor
from intelligent_extraction.extraction.values.parties import find_party_lists
from intelligent_extraction.fields import load_field_registry
from intelligent_extraction.models import Chunk, FieldConfig, ScoredChunk
from intelligent_extraction.settings import PROJECT_ROOT

SHIPPED = load_field_registry(PROJECT_ROOT / "config" / "fields")
_CONFIG = SHIPPED.get("parties")
PARTIES = FieldConfig(
    field_name="parties",
    type=_CONFIG.type.value,
    instructions={"task": "Find the parties", "keywords": ["parties", "between", "among"]},
    extraction=_CONFIG.extraction,
)


def _parties(text: str) -> list[str] | None:
    chunk = Chunk(chunk_id="doc#0", doc_id="doc", text=text, chunk_type="text", start=0,
                  end=len(text), position=0, section=())
    result = RuleExtractor(SHIPPED).extract(PARTIES, [ScoredChunk(chunk=chunk, score=1.0)])
    return result.value if result.status == "found" else None


# --------------------------------------------------------------------------- details schedules

_SCHEDULE = (
    "Share Sale Deed\n\nDetails\n\nDate          3 March 2021\n\nParties\n\n"
    "Name          Wattle Creek Minerals Pty Ltd\nACN           601 222 333\n"
    "Address       12 Bligh Street, Sydney NSW 2000\nShort name    Seller\n\n"
    "Name          Brolga Energy Limited\nABN           44 123 456 789\n"
    "Address       Level 3, 80 Collins Street, Melbourne VIC 3000\nShort name    Buyer\n\n"
    "Background\n\nA  The Seller owns all the shares in the Company.\n"
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        (_SCHEDULE, ["Wattle Creek Minerals Pty Ltd", "Brolga Energy Limited"]),
        (
            # a PDF's text runs the schedule's lines into one
            "Licence Deed Details Parties Name Gidgee Software Pty Ltd ABN 51 824 753 556 "
            "Address 5 Murray Street, Perth WA 6000 Short name Licensor Name Banksia Health "
            "Services Limited ACN 009 123 456 Address 100 St Georges Terrace, Perth WA 6000 "
            "Short name Licensee Background A The Licensor owns the Software.",
            ["Gidgee Software Pty Ltd", "Banksia Health Services Limited"],
        ),
        (
            # labels with colons, an English company number, an individual party
            "DISTRIBUTION AGREEMENT\n\nPARTIES\n\nName:               Harrowgate Logistics "
            "Limited\nCompany number:     08123456\nRegistered office:  1 Wharf Road, Leeds\n\n"
            "Legal name:  Marcus Ellery Whitlam\nAddress:  14 Jacaranda Avenue, New Farm QLD "
            "4005\nShort form name:  Consultant\n\nIT IS AGREED as follows.",
            ["Harrowgate Logistics Limited", "Marcus Ellery Whitlam"],
        ),
    ],
)
def test_the_name_lines_of_a_details_schedule_are_the_parties(text, names):
    assert _parties(text) == names


@pytest.mark.parametrize(
    "text",
    [
        # a list of contacts: names with an e-mail and a position, no identifier
        "Key personnel\n\nName          Jane Roe\nPosition      Account Manager\n"
        "Email         jane@example.com\n\nName          John Doe\nPosition      Engineer\n",
        "Name: Jane Roe\nAddress: 1 Main Street\n\nName: John Doe\nAddress: 2 Main Street\n",
        # the officers who sign
        "By: /s/ Ann Grey\nName: Ann Grey\nTitle: Director\n\nBy: /s/ Bo White\n"
        "Name: Bo White\nTitle: Secretary\n",
    ],
)
def test_names_without_a_partys_identifier_are_no_schedule(text):
    assert not [c for c in find_party_lists(text) if c.kind == "between"]


# --------------------------------------------------------------------------- English letters

_HEAD = (
    "Fernhill Bryce Capital LLP\n40 Cannon Street\nLondon EC4N 6JJ\n\nPRIVATE AND CONFIDENTIAL\n\n"
    "Orrin Vale Investors Limited\n7 Charlotte Square\nEdinburgh EH2 4DR\n\n"
    "For the attention of: Morag Keir, Portfolio Manager\n\n2 May 2022\n\nDear Sirs\n\n"
    "MARKET SOUNDING: PROJECT KESTREL\n\n1. We act for an issuer (the \"Issuer\") in "
    "connection with a possible offering. You shall keep what we tell you confidential.\n\n"
    "Yours faithfully\n\n"
)


@pytest.mark.parametrize(
    "signatures",
    [
        # each signature names the company its signer signs for
        "/s/ Henry Aldous\nFor and on behalf of\nFERNHILL BRYCE CAPITAL LLP\n\n"
        "We agree to the terms of this letter.\n\n/s/ Morag Keir\nFor and on behalf of\n"
        "ORRIN VALE INVESTORS LIMITED\n",
        # neither names one: the letterhead and the addressee do
        "/s/ Henry Aldous\nPartner\n\nWe hereby acknowledge and agree to the terms of this "
        "letter.\n\n/s/ Morag Keir\n",
        "/s/ Henry Aldous\nPartner, for and on behalf of Fernhill Bryce Capital LLP\n\n"
        "Signed in acceptance of the terms above:\n\n/s/ Morag Keir\n",
    ],
)
def test_an_english_letter_is_between_its_sender_and_its_addressee(signatures):
    names = _parties(_HEAD + signatures)
    assert [n.lower() for n in names] == [
        "fernhill bryce capital llp", "orrin vale investors limited"
    ]


def test_a_letter_nobody_countersigns_takes_no_addressee_as_a_party():
    # the sender signs; no acceptance: the letter's ends make no list of their own
    text = _HEAD + "/s/ Henry Aldous\nPartner\n"
    assert _parties(text) != ["Fernhill Bryce Capital LLP", "Orrin Vale Investors Limited"]
