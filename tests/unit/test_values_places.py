"""Places: jurisdictions normalized to a name, chained mentions merged, role cues read."""

from __future__ import annotations

import pytest

from intelligent_extraction.extraction.values.places import (
    find_places,
    is_place_name,
    normalize_place,
    place_components,
    us_state_codes,
)


@pytest.mark.parametrize(
    ("text", "value", "raw"),
    [
        ("the laws of the State of New York", "New York", "the laws of the State of New York"),
        (
            "the laws of the Commonwealth of Massachusetts",
            "Massachusetts",
            "the laws of the Commonwealth of Massachusetts",
        ),
        (
            "the laws of the Province of Manitoba and the federal laws of Canada that apply there",
            "Manitoba, Canada",
            "the laws of the Province of Manitoba and the federal laws of Canada",
        ),
        ("the laws of England and Wales", "England and Wales", "the laws of England and Wales"),
        ("State of Delaware", "Delaware", "State of Delaware"),
        ("the laws of Hong Kong", "Hong Kong", "the laws of Hong Kong"),
        ("the laws of the PRC", "China", "the laws of the PRC"),
        ("the People's Republic of China", "China", "the People's Republic of China"),
        (
            "the laws of the State of California, USA",
            "California",
            "the laws of the State of California, USA",
        ),
        (
            "the laws of the United States of America and of the State of Oregon",
            "Oregon",
            "the laws of the United States of America and of the State of Oregon",
        ),
        ("the laws of the state of Israel", "Israel", "the laws of the state of Israel"),
        ("the laws of the Netherlands", "Netherlands", "the laws of the Netherlands"),
        ("Swiss law", "Switzerland", "Swiss law"),
        ("the laws of Sierra Leone", "Sierra Leone", "the laws of Sierra Leone"),
        ("the laws of the State of Georgia", "Georgia", "the laws of the State of Georgia"),
        (
            "the laws of New South Wales",
            "New South Wales, Australia",
            "the laws of New South Wales",
        ),
    ],
)
def test_governing_law_forms(text: str, value: str, raw: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.raw) == (value, raw)
    assert text[cand.start : cand.end] == raw


def test_role_cues() -> None:
    text = (
        "Acme Inc., a Delaware corporation, agrees that this Agreement is governed by the laws "
        "of the State of New York and that the courts located in Illinois have jurisdiction."
    )
    assert [(c.value, c.kind) for c in find_places(text)] == [
        ("Delaware", "incorporation"),
        ("New York", "law"),
        ("Illinois", "forum"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "This Lease is signed in the State of Oregon and will be read and governed under the "
        "laws of said State in every respect.",
        "The Buyer, whose head office is now in the Commonwealth of Virginia, accepts that this "
        "Lease shall be construed under the laws of such state.",
    ],
)
def test_a_place_named_before_the_laws_of_said_state_governs(text: str) -> None:
    [cand] = find_places(text)
    assert cand.kind == "law"


def test_the_laws_of_such_state_without_a_governing_verb_is_no_governing_law() -> None:
    text = "Seller will register the Goods in the State of Oregon under the laws of such state."
    [cand] = find_places(text)
    assert cand.kind != "law"


def test_a_sentence_wrapped_over_blank_lines_still_governs() -> None:
    # some PDFs' text has a blank line between every wrapped line of a paragraph
    text = (
        "Each party has read these terms. The laws of the State of Utah\n\nshall govern "
        "every question under this Lease,\n\nwithout regard to conflict rules.\n\nNotices "
        "go to the laws department of the Oregon office."
    )
    assert [(c.value, c.kind) for c in find_places(text)] == [("Utah", "law"), ("Oregon", "legal")]


def test_organized_under_the_laws_of_is_incorporation() -> None:
    [cand] = find_places("a company organized under the laws of the State of Nevada")
    assert cand.kind == "incorporation"


def test_lower_case_words_are_not_places() -> None:
    assert find_places("we will chad the jersey") == []


def test_unit_is_the_level_of_the_most_specific_place() -> None:
    [cand] = find_places("the laws of Canada and of the Province of Quebec")
    assert (cand.value, cand.unit) == ("Quebec, Canada", "subdivision")


@pytest.mark.parametrize(
    ("text", "components"),
    [
        ("Province of Ontario, Canada", {"Ontario, Canada"}),
        ("England, United Kingdom", {"England"}),
        ("England and Wales", {"England", "Wales"}),
        ("new york", {"New York"}),
        ("NY", {"New York"}),
        ("Trinidad and Tobago", {"Trinidad and Tobago"}),
        ("Atlantis", set()),
    ],
)
def test_place_components(text: str, components: set[str]) -> None:
    assert place_components(text) == components


def test_normalize_place_and_lookups() -> None:
    assert normalize_place("the PRC") == "China"
    assert normalize_place("Atlantis") is None
    assert is_place_name("Wales") and is_place_name("the State of Texas")
    assert not is_place_name("Acme Wales Ltd")
    assert us_state_codes()["CA"] == "California"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("shall be governed by Polish law", "Poland"),
        ("shall be governed by Portuguese law", "Portugal"),
        ("shall be governed by Greek law", "Greece"),
        ("shall be governed by Turkish law", "Türkiye"),
        ("shall be governed by Hungarian law", "Hungary"),
        ("shall be governed by Czech law", "Czechia"),
        ("shall be governed by Scots law", "Scotland"),
        ("shall be governed by Russian law", "Russia"),
        ("shall be governed by Thai law", "Thailand"),
        ("shall be governed by Philippine law", "Philippines"),
        ("shall be governed by Argentine law", "Argentina"),
        ("shall be governed by Taiwanese law", "Taiwan"),
        ("shall be governed by the laws of Turkey", "Türkiye"),
        ("shall be governed by the laws of the Republic of Turkey", "Türkiye"),
        ("shall be governed by the laws of the United Mexican States", "Mexico"),
        ("shall be governed by the laws of the State of Hawai'i", "Hawaii"),
        ("shall be governed by the laws of the Province of Québec", "Quebec, Canada"),
    ],
)
def test_demonyms_and_other_names_of_countries_and_states(text: str, value: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == (value, "law")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("This Lease is subject to the laws of the State of Vermont.", "Vermont"),
        ("This Contract shall be subject to the laws in force in the Province of Alberta.",
         "Alberta, Canada"),
        ("This Agreement is subject to Swiss law.", "Switzerland"),
        ("This Agreement is subject to Ohio law.", "Ohio"),
        ("The substantive law of the State of Idaho applies to this Agreement.", "Idaho"),
        ("The law of England and Wales shall apply to this Contract.", "England and Wales"),
        ("Applicable Law. The laws of the State of Utah shall apply.", "Utah"),
    ],
)
def test_subject_to_and_applies_say_what_governs(text: str, value: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == (value, "law")


@pytest.mark.parametrize(
    "text",
    [
        "The Licensee's use of the Software is subject to the export laws of the United States.",
        "The export laws of the United States apply to the Software.",
        "Sales taxes under the laws of the State of Texas apply to each shipment.",
    ],
)
def test_some_other_law_that_applies_is_no_governing_law(text: str) -> None:
    [cand] = find_places(text)
    assert cand.kind == "legal"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Except as required by the federal securities laws of the United States, this "
            "Agreement shall be governed by the laws of the State of Idaho.",
            "Idaho",
        ),
        (
            "To the extent not preempted by the laws of the United States, this Lease will be "
            "construed under the laws of the State of Iowa.",
            "Iowa",
        ),
    ],
)
def test_federal_law_beside_a_state_law_leaves_the_state(text: str, value: str) -> None:
    kinds = {c.value: c.kind for c in find_places(text)}
    assert kinds == {"United States": "legal", value: "law"}


def test_federal_law_alone_still_governs() -> None:
    text = "This Agreement is governed by the federal laws of the United States of America."
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == ("United States", "law")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("shall be governed by the laws of the Republic of China (Taiwan)", "Taiwan"),
        ("shall be governed by the laws of the Republic of China", "Taiwan"),
        ("shall be governed by the laws of Taiwan, R.O.C.", "Taiwan"),
        ("shall be governed by the laws of the Peoples Republic of China", "China"),
        ("shall be governed by the laws of the People's Republic of China", "China"),
        ("shall be governed by the laws of the Macau Special Administrative Region", "Macao"),
        ("shall be governed by the laws of the UAE", "United Arab Emirates"),
        ("shall be governed by the laws of the Emirate of Dubai",
         "Dubai, United Arab Emirates"),
        ("shall be governed by the laws of the Emirate of Abu Dhabi and the federal laws of the "
         "United Arab Emirates applicable therein", "Abu Dhabi, United Arab Emirates"),
        ("shall be governed by the laws of the U.S. Virgin Islands", "U.S. Virgin Islands"),
        ("shall be governed by the laws of the United States Virgin Islands",
         "U.S. Virgin Islands"),
        ("shall be governed by the laws of the State of NY", "New York"),
        ("shall be governed by the laws of the State of N.Y., without regard to", "New York"),
    ],
)
def test_taiwan_the_emirates_the_us_virgin_islands_and_a_state_by_its_code(
    text: str, value: str
) -> None:
    [cand] = {c.value: c for c in find_places(text)}.values()
    assert (cand.value, cand.kind) == (value, "law")


def test_a_postal_code_without_state_of_stays_an_address() -> None:
    text = "Notices go to 12 Main Street, Albany, NY 12207, and to 4 Elm Road, Austin, TX 78701."
    assert find_places(text) == []


@pytest.mark.parametrize(
    ("text", "law", "other"),
    [
        ("This Lease shall be governed by the laws of the State of Oregon, excluding its "
         "conflict of laws rules and the application of the laws of the State of Nevada.",
         "Oregon", "Nevada"),
        ("This Lease shall be governed by the laws of the State of Maine, without regard to any "
         "rule that would apply the laws of the State of Vermont.", "Maine", "Vermont"),
        ("Without regard to the conflict of laws rules of the State of Utah, this Lease shall be "
         "governed by the laws of the State of Idaho.", "Idaho", "Utah"),
        ("This Lease shall be governed by the laws of England, other than the laws of Scotland "
         "that apply to the land in Scotland.", "England", "Scotland"),
        ("Except as required by the laws of Canada, this Lease shall be construed under the "
         "laws of the Province of Manitoba.", "Manitoba, Canada", "Canada"),
    ],
)
def test_a_law_the_sentence_sets_aside_is_no_governing_law(text: str, law: str, other: str):
    kinds = {c.value: c.kind for c in find_places(text)}
    assert kinds == {law: "law", other: "legal"}


def test_the_governing_place_set_aside_for_its_conflict_rules_still_governs() -> None:
    text = (
        "This Lease shall be governed by the laws (without regard to conflict of laws "
        "principles) of the State of Kansas."
    )
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == ("Kansas", "law")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("shall be governed by South African law", "South Africa"),
        ("shall be governed by South\nAfrican law", "South Africa"),  # a wrapped line
        ("shall be governed by Pakistani law", "Pakistan"),
        ("shall be governed by Sri Lankan law", "Sri Lanka"),
        ("shall be governed by Qatari law", "Qatar"),
        ("shall be governed by Lebanese law", "Lebanon"),
        ("shall be governed by Moroccan law", "Morocco"),
        ("shall be governed by Costa Rican law", "Costa Rica"),
        ("shall be governed by Puerto Rican law", "Puerto Rico"),
        ("shall be governed by Bahamian law", "Bahamas"),
        ("shall be governed by Mauritian law", "Mauritius"),
    ],
)
def test_more_legal_adjectives_of_countries(text: str, value: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == (value, "law")


@pytest.mark.parametrize(
    ("text", "values"),
    [
        # a comma before a law named again: two places, the second governs
        ("Although the goods are delivered in Kentucky, the laws of the State of Ohio shall "
         "govern this Agreement.", [("Kentucky", None), ("Ohio", "law")]),
        # a conjunction before it: one chained law, as before
        ("This Agreement is governed by the laws of the Province of Ontario and the federal "
         "laws of Canada applicable therein.", [("Ontario, Canada", "law")]),
        # no law named in the gap: a place and its country, as before
        ("This Agreement is governed by the laws of the State of Maine, United States of "
         "America.", [("Maine", "law")]),
    ],
)
def test_a_law_named_again_after_a_comma_starts_another_place(text, values) -> None:
    assert [(c.value, c.kind) for c in find_places(text)] == values


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("This Pact shall be governed by the laws of the State of Cal.", "California"),
        ("This Pact shall be governed by and construed in accordance with Calif. law.",
         "California"),
        ("This Pact is governed by Cal. law, without regard to conflicts principles.",
         "California"),
        ("This Pact shall be governed by the laws of the Commonwealth of Mass.", "Massachusetts"),
        ("THIS PACT SHALL BE GOVERNED BY THE LAWS OF THE STATE OF W. VA.", "West Virginia"),
        ("This Pact shall be governed by the laws of the State of Tex., U.S.A.", "Texas"),
    ],
)
def test_a_state_by_its_traditional_abbreviation_where_a_law_is_its(text: str, value) -> None:
    laws = [c for c in find_places(text) if c.kind == "law"]
    assert [c.value for c in laws] == [value]


@pytest.mark.parametrize(
    "text",
    [
        "Each party waives the benefit of Cal. Civ. Code Section 1542.",
        "the franchise tax under 8 Del. Laws, c. 5, and Mass. Gen. Laws ch. 93A",
        "Notices go to 1 Main Street, Los Angeles, Calif. 90001.",
    ],
)
def test_a_state_abbreviation_in_a_citation_or_an_address_is_no_place(text: str) -> None:
    assert find_places(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("This Pact shall be governed by the laws of england.", "England"),
        ("This Pact shall be construed under the laws of england and wales.", "England and Wales"),
        ("governed by the laws of the state of new york", "New York"),
    ],
)
def test_a_lower_case_place_after_the_laws_of_is_still_a_law(text: str, value: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == (value, "law")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("This Pact shall be governed by english law.", "England"),
        ("This pact is construed in accordance with german law.", "Germany"),
        ("This Pact is subject to swiss substantive law.", "Switzerland"),
    ],
)
def test_a_lower_case_legal_adjective_the_sentence_applies_is_a_law(text: str, value: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == (value, "law")


@pytest.mark.parametrize(
    "text",
    ["The english version of this Pact shall prevail.", "an english law firm acts for the Buyer"],
)
def test_a_lower_case_legal_adjective_elsewhere_is_a_word(text: str) -> None:
    assert find_places(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "This Pact shall be enforced in accordance with the laws of the State of Ohio.",
        "This Pact is controlled by the laws of the State of Ohio.",
        "All matters under this Pact shall be determined under the laws of the State of Ohio.",
        "Any matter not provided for herein will be resolved under the laws of the State of Ohio.",
    ],
)
def test_enforced_controlled_or_determined_under_the_laws_of_governs(text: str) -> None:
    [cand] = find_places(text)
    assert (cand.value, cand.kind) == ("Ohio", "law")


def test_controlled_by_without_the_laws_of_is_no_governing_cue() -> None:
    [cand] = find_places("The Pact binds each entity controlled by the Ohio parent.")
    assert cand.kind is None
