"""A jurisdiction and a lower-case legal form joined to a party's description by "and" ("ACME,
INC., a Halcyon Pharma company, and Delaware corporation") describes that party: it is no
party of its own. Invented preambles only."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.parties import find_party_lists

CASES = [
    ('This Promotion Agreement is entered into as of May 1, 2019 by and between KELLBRIDGE '
     'BIOLOGICS, INC., a Nevada corporation, having its principal place of business at 12 Harbor '
     'Way, Boston, MA 02110 ("Kellbridge"), and ASHWORTH DEVICE SYSTEMS, INC., a Halcyon Pharma '
     'company, and Delaware corporation having an address at 40 Mill Road, Columbia, MD 21046 '
     '("ADS").', ["KELLBRIDGE BIOLOGICS, INC.", "ASHWORTH DEVICE SYSTEMS, INC."]),
    ('This Supply Agreement is made as of June 3, 2020 between Orrin Foods LLC, a Texas limited '
     'liability company ("Orrin"), and Pavlen Dairy Co., a subsidiary of Marrow Holdings plc, '
     'and Ohio corporation ("Pavlen").', ["Orrin Foods LLC", "Pavlen Dairy Co."]),
    ('This Agreement is made as of March 2, 2018 by and between Tallis Medical, Inc., a Quenby '
     'Group company, and Delaware corporation ("Tallis"), and Brightwater Clinics LLC, a Florida '
     'limited liability company ("Brightwater").',
     ["Tallis Medical, Inc.", "Brightwater Clinics LLC"]),
    ('This License Agreement is made as of July 9, 2021 between Norrland Optics AB, a Dellwyn '
     'Instruments company, and Swedish corporation ("Licensor"), and Castel Lens Works LLC, a '
     'Colorado limited liability company ("Licensee").',
     ["Norrland Optics AB", "Castel Lens Works LLC"]),
]
#: a place's name opening a company's own name stays a name
NAMES = [
    ('This Agreement is made as of May 5, 2016 between Georgia Power Company ("Seller") and '
     'Arizona Corporation ("Buyer").', ["Georgia Power Company", "Arizona Corporation"]),
]


@pytest.mark.parametrize(("text", "parties"), CASES + NAMES)
def test_a_place_and_a_legal_form_describe_a_party(text, parties) -> None:
    assert find_party_lists(text)[0].value == parties
