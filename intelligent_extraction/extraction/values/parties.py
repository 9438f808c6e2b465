"""Party lists: the names a contract's preamble introduces, as written, aliases removed.

``ACME INC., a Delaware corporation ("Acme"), and Beta LLC (the "Company")`` gives
``["ACME INC.", "Beta LLC"]``: the defined-term parentheticals, the descriptors ("a Delaware
corporation with offices at ...") and the enumerators ("(a)", "(1)") are dropped; legal-form
suffixes stay, and so do commas inside names ("NORTHWIND, INC.").

Two readings, each a candidate (``kind`` says which):

- ``between``: the text after "between" / "among" / "Parties: (1)" up to
  the end of its sentence (title-page layouts with one name per line included), the
  sentences that list two parties or more without "between" ("The parties to this Agreement
  are ..."), the names after "Party A:", "Party B:", ... labels or role labels ("Company:
  ACME Inc." / "Consultant: Jane Roe") and the numbered paragraphs under "PARTIES";
- ``defined``: contracts without such a clause ("As an associate of Orbit Devices, Inc. (the
  "Company"), you ...") name their parties where they define them: every name directly
  followed (after an optional descriptor) by a defined-term parenthetical or by an
  unparenthesised ', hereinafter referred to as the "Seller"', within the first
  :data:`DEFINED_WINDOW` characters.

There is no good pure-Python library for this (NER models that do it need torch), so it is a
small grammar over the shapes preambles take; ``tests/unit/test_values_parties.py`` lists them.
"""

from __future__ import annotations

import re

from .base import Candidate, squash_spaces
from .dates import find_dates
from .places import is_place_adjective, is_place_name

__all__ = [
    "find_party_lists", "defined_aliases", "split_party_names", "CORPORATE_SUFFIX",
    "DEFINED_WINDOW", "reads_as_one_name", "name_opening",
]

_FLAGS = re.IGNORECASE
DEFINED_WINDOW = 3000

#: Legal forms written in several words: Polish "sp. z o.o." (spelled out "spółka z ograniczoną
#: odpowiedzialnością") and the partnerships "sp. j.", "sp. k.", "sp. p.", Mexican "S. de R.L.
#: de C.V." and "S.A. de C.V." (or "S.A.P.I." / "S.A.B. de C.V."), Colombian "S. en C.". They
#: come first in CORPORATE_SUFFIX, and a name's words are read with each as one.
_MULTI_WORD_FORM = (
    r"sp\.\s?z\s?o\.\s?o|sp[óo][łl]ka\s+z\s+ograniczon[ąa]\s+odpowiedzialno[śs]ci[ąa]"
    r"|sp\.\s?[jkp]"
    r"|S\.\s?(?:A\.\s?(?:P\.\s?I\.\s?|B\.\s?)?|de\s+R\.\s?L\.\s?)de\s+C\.\s?V|S\.\s?de\s+R\.\s?L"
    # the limited partnerships of Colombian law: "S. en C.", "S. en C.S.", "S. en C.A."
    r"|S\.\s?en\s+C(?:\.\s?[SA](?=\.))?"
    # the Turkish limited company, "Ltd. Şti." ("Limited Şirketi")
    r"|Ltd\.?\s?[ŞS]t[iİI]"
)
#: A Swedish public company's "AB (publ)": the part in parentheses belongs to the form.
_PUBLIC_AB = r"(?<=\S[ \t])(?-i:AB)[ \t]*\(publ\)"
#: Legal-form suffixes that end a company name ("Inc.", "L.L.C.", "GmbH", "Pty Ltd", a
#: professional association's "P.A.", a US national bank's "N.A." and a federal savings bank's
#: "FSB": "Beta Bank, N.A.").
CORPORATE_SUFFIX = (
    rf"(?:{_PUBLIC_AB}|(?:{_MULTI_WORD_FORM}|"
    # dotted forms of Luxembourg, France, Spain, Japan ("S.à r.l.", "S.A.R.L.", "S.L.", "K.K.")
    r"S\.\s?à\s?r\.\s?l|S\.\s?A\.\s?R\.\s?L|S\.\s?L|K\.\s?K|"
    r"Inc|Incorporated|Corp|Corporation|Co|Company|Ltd|Ltda|Limited|LLC|L\.\s?L\.\s?C|LLP|"
    r"L\.\s?L\.\s?P|LP|L\.\s?P|PLC|S\.\s?A|SA|S\.A\.S|AG|GmbH|B\.\s?V|BV|N\.\s?V|NV|Pty|"
    r"S\.p\.A|SpA|S\.r\.l|SE|Pte|Bhd|A/S|Oy|SARL|LLLP|P\.C|P\.A|MHC|N\.\s?A|FSB|"
    # Central Europe's limited companies: Czech and Slovak, Slovene and Croatian, Hungarian,
    # Danish ("Ostrava Metals s.r.o.", "Adria Soft d.o.o.", "Pannon Data Kft.")
    r"s\.\s?r\.\s?o|d\.\s?o\.\s?o|Kft|ApS|"
    # Nordic and Turkish forms after a name's words, in capitals only where the letters are
    # also a word or a code ("as"; "AS AGENT", "AGREED AS", "SUCH AS" in capitals; Alberta's
    # "AB T2P 1J9" in an address), not opening a name ("AB Watley, Inc."): Swedish "AB",
    # Norwegian "AS" / "ASA", Finnish "Oyj", Turkish "A.Ş." / "A.S."
    r"(?<=\S[ \t])(?-i:AB(?![ \t,]+[A-Z]\d|[ \t]+[A-Z][a-z])|ASA|(?<!ED[ \t])(?<!SUCH[ \t])"
    r"AS(?![ \t]+[A-Z])|A\.[ŞS])|Oyj)\b\.?)"
)
#: A US national bank's legal form spelled out ("Beta Bank, National Association", "...,
#: National Banking Association"), as "N.A." abbreviates it; "the National Association of
#: Securities Dealers" is a name of its own.
_NATIONAL_BANK_FORM = r"National[ \t]+(?:Banking[ \t]+)?Association\b(?![ \t]+of\b)"
#: What a comma may stand before inside a name: a legal form ("NORTHWIND, INC.", "Beta Bank,
#: National Association") or a generational suffix ("Thomas A. Whitcombe, Jr.").
_SUFFIX_AFTER_COMMA = re.compile(
    rf"^,\s*(?:{CORPORATE_SUFFIX}|{_NATIONAL_BANK_FORM}|(?-i:Jr|Sr)\b\.?)", _FLAGS
)
_ENDS_WITH_SUFFIX = re.compile(rf"(?:^|[\s,]){CORPORATE_SUFFIX}$", _FLAGS)

_CLAUSE_START = re.compile(
    r"\b(?:by\s+and\s+)?(?:between|among)\b\s*:?\s*|\bParties\s*:?\s*(?=\(\s*(?:1|a|i)\s*\))",
    _FLAGS,
)
#: "Dated" / "DATED" ends a title page's "Among A CORP., B INC. And C LLC Dated May 1, 2012".
_CLAUSE_END = re.compile(
    r"\b(?:WHEREAS|RECITALS?|WITNESSETH|NOW,?\s+THEREFORE|In\s+consideration|Dated|DATED)\b"
)
_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")
_JOINER = re.compile(r"(?:and\b|&|\(\s*(?:[a-h]|[ivx]{1,4}|\d{1,2})\s*\))", _FLAGS)
#: A period after these ends no sentence ("DR." as "Dr.", "Pte. Ltd.", "Sdn. Bhd.", "Pvt. Ltd.",
#: "Reg. No.", Polish "ul." for a street): a dotted legal form at a clause's end keeps its own
#: period ("Comercial Andina Ltda.", "Fabbrica Veneta S.r.l.", "sp. z o.o.").
_ABBREVIATIONS = re.compile(
    r"(?:\b(?i:Inc|Ltd|Ltda|Co|Corp|Pte|Pty|Pvt|Sdn|Bhd|Kft|r\.l|o\.o|No|Nos|Reg|"
    r"St|Ave|Blvd|Rd|Dr|Ft|Mr|Ms|Mrs|Jr|Sr|ul|"
    r"U\.S|N\.V|S\.A|B\.V|L\.L\.C|L\.P|P\.O|P\.C|s\.r\.o|d\.o\.o|A\.Ş|Şti|Sti)|\b[A-Z])$"
)
_SENTENCE_END = re.compile(r"\.(?=\s+[A-Z\"“])|\.\s*$")
_PAREN = re.compile(r"\(([^()]*)\)")
_ALIAS_WORDS = re.compile(
    r"[\"“”'‘’]|\b(?:hereinafter|referred)\b", _FLAGS
)
_BARE_ALIAS = re.compile(r"^[A-Z][\w&.-]{1,20}$")  # (ACME) when a separator follows
#: A form's drafting note in brackets defines no term, quoted words or not ("[LICENSE AND
#: SUPPORT FEES ([insert "firm" or "estimated"])]").
_DRAFTING_NOTE = re.compile(r"\s*\[")
#: A role in parentheses is an alias wherever it sits: "Jane Doe (Employee) ACME, Inc.".
_ROLE_ALIAS = re.compile(
    r"^\s*(?:the\s+)?(?:Employee|Employer|Executive|Associate|Company|Consultant|Buyer|Seller|"
    r"Purchaser|Recipient|Discloser|Licensor|Licensee|Supplier|Customer|Distributor|Contractor|"
    r"Client|Investor|Agent|Owner|Tenant|Landlord|Lender|Borrower)\s*$",
    _FLAGS,
)
_ENUMERATOR = re.compile(r"^\s*(?:[a-h]|[ivx]{1,4}|\d{1,2})\s*$", _FLAGS)
_DESCRIPTOR = re.compile(
    r",?\s+(?:a|an)\s+(?=[A-Za-z])|,?\s+and(?:/or)?\s+(?:its|their)\s|,\s*(?:organi[sz]ed|"
    r"incorporated|having|with|whose|located|residing|resident|existing|duly|its|of|d/b/a|"
    # ... and the person who acts for it ("Beta GmbH, represented by its managing director")
    r"represented|f/k/a)\b|"
    # (or without the comma: "Beta GmbH represented by Mr. Jonas Weber and ...", "duly
    # represented herein by")
    r"\s+(?:duly\s+)?represented\s+(?:herein\s+)?by\b|"
    # (capitalised where a flattened party block set it on a line of its own: "ACME Inc.
    # With principal offices at ...")
    # ... and an address after "of": "ACME Pty Ltd of Level 3, 88 George Street", Polish "of ul."
    r"\s+(?:(?i:with|having|whose|located|residing)|of)\s+(?:(?:its|a|an|"
    r"offices?|principal|business|places?|registered)\b|ul\.|\d|(?:Level|Suite|Floor|Unit)\s+\d)"
    # ... or a building's name, then a comma ("ACME Limited of Harcourt House, 12 Mill Lane")
    r"|\s+of\s+(?-i:(?:[A-Z][\w'’-]*[ \t]+){1,3}(?:House|Building|Tower|Centre|Center|Court|"
    r"Chambers|Hall|Plaza|Mill|Lodge|Wharf))[ \t]*,"
    r"|,\s*\d|\s+c/o\b|\s+hereby\b"
    # a company acting by a unit of its own ("ACME, Inc. through its Research Center")
    r"|,?\s+(?:acting\s+)?through\s+(?:its|their)\s"
    # the capacity a party signs in ("ACME Inc., as Seller, and Beta LLC, as Buyer", "Beta
    # Bank, as trustee"): the role, not the next name, follows the comma
    r"|,\s*as\s+(?=[A-Za-z])"
    # an alias given without quotes ("ACME Inc., hereinafter called the Seller, and ..."):
    # a quoted one is masked as an aside before names are read
    r"|,?\s+here(?:in)?after\s+(?:referred\s+to\s+as|called)\s"
    # a trade name ("Beta LLC dba Beta Foods") or a relative clause without a comma ("Beta LLC
    # whose Registered Office is ...", "Beta LLC located at ..."): no name goes on past them
    r"|,?\s+(?i:d/b/a/?|dba|f/k/a|fka|doing\s+business\s+as)(?=\s)|\s+(?:whose|having|located)\b"
    # the company with its group ("ACME Inc. including its subsidiaries", "ACME Inc. or any of
    # its affiliates", "ACME Inc. and/or one of its direct or indirect subsidiaries", "ACME SA
    # ("ACME") and/or certain affiliates of ACME")
    r"|,?\s+(?:including|or|and/or|together\s+with)\s+(?:(?:any|one|all|each)\s+(?:of\s+)?)?"
    r"(?:its|their|certain)\s"
    # an Australian company or business number after the name ("Beta Pty Ltd ACN 612 345 678
    # of Level 4, ..."): the address follows it
    r"|,?\s+(?-i:A[BC]N|ARBN)\s*:?\s*\d"
    # the branch a bank acts through ("Beta Bank AG, London Branch"): the bank is the party
    r"|,\s*(?:[A-Z][\w.]*[ \t]+){1,3}Branch\b"
)
#: What may precede a name: punctuation, "and", the number of a numbered party paragraph ("1.
#: ACME Co., Ltd. (hereinafter referred to as Party A)"), a form's name label and a lower-case
#: descriptor set off by a comma ("professional golfer, JOHN DOE"), unless a legal form follows
#: the comma: then the lower-case word is a brand ("q-works, Inc.").
_LEADING = re.compile(
    r"^[\s,;:.\-–]*(?:(?:and|&)\b[\s,:\-–]*)?(?:\d{1,2}\.[ \t]+)?"
    # a form's label before the name ("Client Name: ACME, INC.", "Name: Jane Roe")
    r"(?-i:(?:[A-Z][a-z]+[ \t]+)?Name[ \t]*:[ \t]*)?"
    rf"(?-i:(?:[a-z][a-z-]+\s+){{0,2}}[a-z][a-z-]+,\s*(?=[A-Z])(?!{CORPORATE_SUFFIX}))?",
    _FLAGS,
)
#: What a name may follow in the opening: a line start, punctuation, a preposition, or the verb
#: by which one party takes on the other ("ACME Inc. (the "Company") hereby engages Jane Roe
#: ("Consultant")", "... is pleased to retain", "hereby employs", "hereby appoints").
_INTRODUCER = re.compile(
    r"(?:^|\n|[(),;:]|\b(?:between|among|by|of|and|with|to|for|from|as|regarding)\b"
    # a numbered party paragraph run into the text before it ("Parties 1. ACME Pty Ltd ..."),
    # as a flattened list under a heading reads
    r"|(?<=\s)(?=\d{1,2}\.[ \t]+(?-i:[A-Z]))"
    r"|\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\b)[ \t]*",
    _FLAGS,
)
#: "/" and a spaced hyphen join parts of one name ("Blackstone / GSO Fund", "Alumni - Northern
#: Chapter"), as Spanish "del" does ("Maquinas del Norte, S.A. de C.V."); an en dash is left
#: out: it joins ranges ("Fiscal Years 2006 – 2008").
_CONNECTORS = frozenset("and & / - of for the de del du des der von van la le y e ve".split())
_MONTH_DAY = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d"
_NOT_A_NAME = re.compile(
    rf"[\"“”()\[\];$]|\bAgreement\b|{_MONTH_DAY}|\d{{5}}(?:-\d{{4}})?$|^\d+(?:\.\d+)?$"
    # "the undersigned" is whoever signs, not a name
    r"|^(?:the\s+)?undersigned$"
    # a reference to a statute, a rule or a part of a document ("Section 11 of the 1933 Act",
    # "Regulation D", "Rule 144A", "Form S-1", "Exhibit B") that a defined term follows
    r"|^(?-i:Section|Regulation|Rule|Article|Form|Item|Schedule|Exhibit|Annex|Appendix)\s+"
    r"(?-i:\d+[\w.()-]*|[A-Z](?:-\d+)?)(?:\s|$)"
    # a paragraph number inside: the reading ran from a heading into a numbered party paragraph
    # ("THIS CONTRACT 1. ACME Co., Ltd."), or a year ending the sentence before ("made on 3rd
    # August, 2021. Gandara Looms Private Limited ...")
    r"|\s\d{1,2}\.\s"
    r"|^\d{4}\.\s"
    # words of a heading or a sentence: "FOR THE DEVELOPMENT OF ...", "As", "... WITNESSES
    # THAT"; a company may still open with one ("On Track Innovations Ltd.")
    rf"|(?:^(?:as|for|to|in|on|with|from|whereas)\b(?!.*{CORPORATE_SUFFIX}$)|\sthat$)",
    _FLAGS,
)
#: Defined terms that name a thing, not a party: ("Agreement"), (the "Effective Date").
_NON_PARTY_TERMS = re.compile(
    r"\b(?:agreement|date|term|information|affiliates|parties|products?|services?|territory|"
    r"transaction|business)\b",
    _FLAGS,
)
#: A signing officer's title ("Chief Technology Officer Jane Doe") or a
#: heading that starts with a role's possessive ("Employee's Obligations") is not a party name.
_TITLE_OR_HEADING = re.compile(
    r"\bOfficer\b|^(?:Employee|Employer|Executive|Company|Consultant|Associate|Party)"
    r"[’']s\b",
    _FLAGS,
)
#: "Acme and NWD": two short aliases joined, from a later "between" sentence.
_ALIAS_PAIR = re.compile(r"^[\w.-]+\s+and\s+[\w.-]+$", _FLAGS)
_SEPARATOR = "\x00"
_MAX_CLAUSE = 1200
_MAX_NAME_WORDS = 12


# --------------------------------------------------------------------------- one name


_GENERATION_AT_END = re.compile(r"\b(?:Jr|Sr)\.$")


def _cut_at_comma(name: str) -> str:
    """A comma ends a name unless a legal-form or generational suffix follows it ("NORTHWIND,
    INC.", "Jane Roe, Jr.")."""
    i = 0
    while (j := name.find(",", i)) != -1:
        if not _SUFFIX_AFTER_COMMA.match(name[j:]):
            return name[:j]
        i = j + 1
    return name


def _name_token(token: str) -> bool:
    """Capitalized ("Beta"), camel-cased ("eVolt"), a number ("3D") or a domain ("x.com")."""
    return token[0].isupper() or token[0].isdigit() or any(c.isupper() or c == "." for c in token)


#: A company form of Russia and the CIS before its name in quotes ('Open Joint Stock Company
#: "Volna-Telecom"', 'Limited Liability Company "Sever"'), spelled out or abbreviated as the
#: form is registered ('OOO "Sever"', 'PJSC "Volga"', Kazakh 'TOO', Ukrainian 'TOV' / 'PrJSC'):
#: the quotes are part of the name.
_CIS_FORM = (
    r"(?:(?:Open|Closed|Public|Non-Public)\s+)?Joint[ -]Stock\s+Company"
    r"|Limited\s+Liability\s+Company"
    r"|(?-i:OOO|ZAO|OAO|PAO|AO|TOO|TOV|PrJSC|PJSC|OJSC|CJSC|JSC)"
)
_QUOTED_FORM_NAME = re.compile(
    rf"(?:{_CIS_FORM})\s+[\"“][A-Z0-9][^\"“”\n]{{0,60}}[\"”]", _FLAGS
)


#: A brand written all in lower case, then an abbreviated legal form ("q-works, Inc.", "zipcart
#: LLC"): one word, no common one ("holding Inc." is no brand).
_LOWER_CASE_BRAND = re.compile(
    r"(?-i:(?!(?:the|a|an|and|or|of|its|their|such|said|each|any|other|by|to|as)\b)"
    r"[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*),?[ \t]+"
    r"(?:Inc|Corp|Co|Ltd|LLC|L\.L\.C|LLP|L\.P|LP|PLC|GmbH|AG|S\.A|B\.V|N\.V|Pty|Pte)\.?"
    r"(?:[ \t]+(?:Ltd|Limited)\.?)?",
    _FLAGS,
)


#: A city or region in parentheses before the legal form is part of a name, as Chinese
#: subsidiaries are registered ("Huaxin Coatings (Shanghai) Co., Ltd.", "(Hong Kong) Limited").
_PLACE_BEFORE_FORM = re.compile(
    rf"\s\((?-i:[A-Z][A-Za-z]+(?:\s[A-Z][a-z]+)?)\)(?=,?\s+{CORPORATE_SUFFIX})", _FLAGS
)
#: A legal form written with a parenthesised part ("(Pty) Ltd", "(Proprietary) Limited", "(Pvt.)
#: Ltd.", "(Private) Limited", Singapore's "(S) Pte. Ltd."): the part is the form's, as the
#: register writes it, and stays in the name; other asides before a form are dropped.
_FORM_PART = re.compile(
    r"\((?:Pty|Proprietary|Pvt|Private|S)\.?\)(?=,?[ \t]+(?:Ltd|Limited|Pte)\b)"
    r"|(?<=AB[ \t])\(publ\)",  # and after it: Swedish "AB (publ)"
    _FLAGS,
)
#: (anywhere in a reading: "Wisla Software sp. z o.o. and Ridge Tools Inc." is split later)
_MULTI_WORD_FORM_IN_NAME = re.compile(rf"\s(?:{_MULTI_WORD_FORM})\b\.?(?=[\s,]|$)", _FLAGS)


#: A jurisdiction and a lower-case legal form: a description of a party, not its name
#: ("ACME INC., a Halcyon company, and Delaware corporation", "Texas limited liability company",
#: "Swedish corporation").
_PLACE_AND_FORM = re.compile(
    r"(?P<place>[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,3})\s+(?-i:(?:limited\s+liability\s+|public\s+"
    r"limited\s+|business\s+|nonprofit\s+|non-profit\s+|banking\s+)?(?:corporation|company)"
    r"|(?:limited\s+|general\s+)?partnership)"
)


def _describes_a_company(name: str) -> bool:
    m = _PLACE_AND_FORM.fullmatch(name)
    return bool(m) and (is_place_name(m.group("place")) or is_place_adjective(m.group("place")))


def _looks_like_name(name: str) -> bool:
    """Every word a name word or a connector ("Bank of Springfield"), not a suffix alone, no
    quotes or dates: rejects "the undersigned", "a Delaware corporation", "Inc.", "June 1",
    and a jurisdiction with a lower-case form ("Delaware corporation")."""
    if _describes_a_company(name):
        return False
    name = _QUOTED_FORM_NAME.sub("Quoted", name)  # its quotes are part of the name
    name = _MULTI_WORD_FORM_IN_NAME.sub(" Ltd", name)  # "sp. z o.o." is one word, as "Ltd" is
    name = _FORM_PART.sub("Form", name)
    name = _PLACE_BEFORE_FORM.sub(" Place", name)
    tokens = name.replace(",", " ").split()
    if not tokens or _NOT_A_NAME.search(name) or re.fullmatch(CORPORATE_SUFFIX, tokens[0], _FLAGS):
        return False
    if _LOWER_CASE_BRAND.fullmatch(name):
        return True
    return _name_token(tokens[0]) and all(
        _name_token(t) or t.lower() in _CONNECTORS or re.fullmatch(CORPORATE_SUFFIX, t, _FLAGS)
        for t in tokens[1:]
    )


#: Part of an address, not a name: a street ("12 Quay Street"), a suite or floor, a postal code
#: ("TX 75201", "V6B 4N7", "EC2A 1AB", a five-digit ZIP anywhere), a German street.
_ADDRESS = re.compile(
    r"^\d+[A-Za-z]?\s(?:[^\n]*\s)?(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Boulevard|Blvd|Lane|"
    r"Ln|Way|Trail|Parkway|Pkwy|Court|Ct|Place|Plaza|Square|Highway|Hwy|Terrace|Circle)\b"
    r"|^(?:Suite|Ste|Floor|Room|Unit|P\.?\s?O\.?\s+Box|Address)\b"
    r"|\b\d{5}(?:-\d{4})?\b|\b[A-Z]\d[A-Z]\s?\d[A-Z]\d\b|\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b"
    r"|(?i:stra(?:ss|ß)e)\b"
)
#: A number after a legal-form suffix starts the address ("ACME Inc. 12 Quay Street"), and so
#: does a street named before its number, as Europe writes it ("Beta GmbH Hafenstrasse 12").
_SUFFIX_THEN_NUMBER = re.compile(
    rf"(?:^|[\s,]){CORPORATE_SUFFIX}(?=[ \t]+(?:(?-i:[A-Z])[\w.-]*[ \t]+){{0,2}}\d)", _FLAGS
)
#: Lower-case words after a legal-form suffix go on with the sentence ("ACME Inc. under the
#: following terms", "Beta LLC hereby agrees", "Beta Inc. for the performance of ..."): the
#: name ends at the suffix. A connector keeps it going ("Alliance Bancorp, Inc. of
#: Pennsylvania", "Corporation for Public Broadcasting"), and "the Company" / "and
#: Company" is a role or a firm's tail, no legal form ("A. The Company is ...").
_SUFFIX_THEN_LOWER = re.compile(
    rf"(?:^|[\s,])(?<!\bthe\s)(?<!\band\s){CORPORATE_SUFFIX}"
    r"(?=[ \t]+(?!(?:of|and|de|du|des|der|von|van|la|le|y|e)\b|for[ \t]+(?-i:[A-Z]))"
    r"(?-i:[a-z]))",
    _FLAGS,
)
#: A legal-form suffix at the end of a line ends the name: on a title page or in a party block
#: the lines under it hold an address or a date ("NORTHWIND INC." / "12 Quay Street").
_SUFFIX_AT_LINE_END = re.compile(rf"(?:^|[\s,]){CORPORATE_SUFFIX}(?=[ \t,]*\n)", _FLAGS)


#: A lower-case "the" before a public body's or an institution's name in a "between" clause
#: ("between the Regional Water Authority of Eastvale and ...", "and the Ostler Foundation",
#: "between the CITY OF ELMWOOD, OHIO, a municipal corporation");
#: before a role it stays out ("the Company", "the Disclosing Party and Beta Inc."), so the
#: name after it, up to any "and", must read as an organisation's.
_THE = re.compile(r"(?-i:the)[ \t]+(?=[A-Z])")
_ORGANISATION = re.compile(
    rf"\s(?-i:of|OF)\s|(?:^|[\s,]){CORPORATE_SUFFIX}$|\b(?:Authority|Board|Council|Foundation|"
    r"University|College|Institute|Trust|Trustees|Bank|Fund|Association|Society|Commission|"
    r"Agency|Department|Government|Hospital|Ministry|Municipality|Federation|Union)$",
    _FLAGS,
)


def _names_an_organisation(name: str) -> bool:
    return bool(_ORGANISATION.search(re.split(r"\s+(?:and|&)\s+", name, maxsplit=1)[0]))


def _name_at(segment: str, after_the: bool = False) -> tuple[str | None, int]:
    """The name that opens ``segment`` and the offset where its text ends; ``after_the`` lets
    an organisation's name open with a lower-case "the"."""
    lead = _LEADING.match(segment).end()
    the = _THE.match(segment, lead) if after_the else None
    lead = the.end() if the else lead
    descriptor = _DESCRIPTOR.search(segment, lead)
    stop = descriptor.start() if descriptor else len(segment)
    line_end = _SUFFIX_AT_LINE_END.search(segment, lead, stop)
    stop = line_end.end() if line_end else stop
    number = _SUFFIX_THEN_NUMBER.search(segment, lead, stop)
    stop = number.end() if number else stop
    sentence = _SUFFIX_THEN_LOWER.search(segment, lead, stop)
    stop = sentence.end() if sentence else stop
    raw = _cut_at_comma(segment[lead:stop])
    raw = raw.rstrip(",;: \t\n")
    if not _ENDS_WITH_SUFFIX.search(raw) and not _GENERATION_AT_END.search(raw):
        raw = raw.rstrip(".")
    name = squash_spaces(raw)
    end = lead + len(raw)
    if _TITLE_OR_HEADING.search(name):
        return None, end
    if _ALIAS_PAIR.match(name) and not _ENDS_WITH_SUFFIX.search(name):
        return None, end
    if not name or not _looks_like_name(name) or is_place_name(name) or _ADDRESS.search(name):
        return None, end
    if len(name.split()) > _MAX_NAME_WORDS or not re.search(r"[A-Za-z]{2}", name):
        return None, end
    if the and not _names_an_organisation(name):
        return None, end
    return name, end


def name_opening(text: str) -> str | None:
    """The name ``text`` opens with, as the preamble's reader reads it: "ACME Inc. d/b/a Beta
    ("ACME")" gives "ACME Inc."."""
    return _name_at(text.split("(", 1)[0])[0]


def reads_as_one_name(text: str) -> bool:
    """The whole of ``text`` is one name as the preamble's reader reads names: no label, date
    or capacity around it ("Date: May 1, 2020 ACME INC.", "For and on behalf of ACME Ltd.")."""
    name, _ = _name_at(text)
    return name is not None and name == squash_spaces(text).rstrip(",;: ")


def split_party_names(name: str) -> list[str]:
    """ "ACME Inc. and Beta LLC" -> two names; "Hale and Company" stays one."""
    parts = re.split(r"\s+(and|&)\s+", name, flags=re.IGNORECASE)
    names = [parts[0]]
    for joiner, part in zip(parts[1::2], parts[2::2], strict=True):
        ends_a_name = _ENDS_WITH_SUFFIX.search(names[-1]) or _QUOTED_FORM_NAME.fullmatch(names[-1])
        if ends_a_name and _looks_like_name(part):
            names.append(part)
        else:
            names[-1] = f"{names[-1]} {joiner} {part}"
    return names


# --------------------------------------------------------------------------- "between" clauses


#: The line under a name on a title page that gives its alias or its capacity ('("Alpha")',
#: "(as Owner)", '(hereinafter called "ALPHA")', '(hereinafter referred to as the "Buyer")').
_ALIAS_LINE = re.compile(
    r"\(\s*(?:hereinafter\s+(?:(?:called|referred\s+to\s+as|named)\s+)?)?(?:(?:the\s+)?[\"“]|as\s)",
    _FLAGS,
)


#: "and" on a line of its own ("and", "AND", "-- AND --") between two names of a title page.
_JOINER_LINE = r"(?:and|&|-+\s*and\s*-+)"


def _address_then_joiner(text: str, pos: int, limit: int) -> bool:
    """The paragraph at ``pos`` is a party's address block that an "and" line closes
    ("ACME INC." / blank / "12 Quay Street" / "Springfield" / "and", or a label "And:"): the
    block goes on."""
    gap = _BLANK_LINE.search(text, pos, limit)
    paragraph = text[pos : gap.start() if gap else limit]
    return paragraph.count("\n") < 8 and bool(
        re.search(rf"\n[ \t]*{_JOINER_LINE}[ \t]*:?[ \t]*$", paragraph, _FLAGS)
    )


#: A full line of running text that stops mid-sentence, at a word or a comma: on a page
#: whose text has a blank line after every line ("... (the "Company"), and Mail" / blank /
#: "Boxes Etc. USA, Inc., a California corporation"), the gap wraps the sentence, no block ends.
_WRAPPED_LINE = re.compile(r"[^\n]{60,}[\w,][ \t]*")


def _wrapped_line(text: str, end: int) -> bool:
    """The line that ends at ``end`` is such a full line of running text."""
    return bool(_WRAPPED_LINE.fullmatch(text, text.rfind("\n", 0, end) + 1, end))


def _address_block(text: str, pos: int, limit: int) -> bool:
    """The paragraph at ``pos`` is a short one that holds an address ("400 Ridge Road",
    "Palo Alto," / "CA 94301" / "USA")."""
    gap = _BLANK_LINE.search(text, pos, limit)
    paragraph = text[pos : gap.start() if gap else limit]
    return len(paragraph) < 120 and paragraph.count("\n") < 4 and bool(_ADDRESS.search(paragraph))


#: A party's registration number on the line under its name, as a cover page sets it
#: ("(Registration number 2006/018834/07)", "Company No. 04455667", "(Reg. No. 1997/004455/07)",
#: "(UEN 201812345K)"): the party block goes on to its alias and the next party.
_REGISTRATION_LINE = re.compile(
    r"[ \t]*\(?[ \t]*(?:(?:(?:Company|Corporate)[ \t]+)?(?:Registration|Registered|Reg\.|Company|"
    r"Incorporation)[ \t]+(?:number|No\b\.?)|(?-i:ACN|ABN|ARBN|UEN|CIN|CRN)\b)",
    _FLAGS,
)


#: A paragraph that opens with the other side's lead-in ("OF THE OTHER PART, BETA LTD.", "On the
#: other hand, ...") introduces the next party: the block goes on.
_OTHER_SIDE = re.compile(
    r"(?:and\s+)?(?:on\s+the\s+other\s+hand|(?:party\s+)?(?:on|of)\s+the\s+(?:other|second)"
    r"\s+part)\b",
    _FLAGS,
)


def _paragraph_end(text: str, start: int, limit: int) -> int:
    """A blank line ends the party block, except in title-page layouts where names sit on
    their own lines ("between / ACME INC. / and / BETA LLC") or are numbered "(1)", "(2)"."""
    pos = start
    while gap := _BLANK_LINE.search(text, pos, limit):
        before = text[start : gap.start()].strip()
        joined = not before or re.search(r"(?:\band|&|-):?$", before, _FLAGS)
        alias_line = _ALIAS_LINE.match(text, gap.end())  # '("Alpha")' under its name
        alias_line = alias_line or _REGISTRATION_LINE.match(text, gap.end())
        # a sentence that goes on in lower case after the gap was split by the page layout
        # ("Beta Inc." / blank / "with an office at ..."), not ended
        continued = text[gap.end() : gap.end() + 1].islower() or _wrapped_line(text, gap.start())
        # a party's address set in paragraphs of its own ("ACME Inc." / "400 Ridge Road" /
        # "Palo Alto, CA 94301"), its alias and the next party below
        if not (joined or alias_line or continued or _address_block(text, gap.end(), limit)
                or _JOINER.match(text, gap.end()) or _OTHER_SIDE.match(text, gap.end())
                or _address_then_joiner(text, gap.end(), limit)):
            return gap.start()
        pos = gap.end()
    return limit


#: A capitalised "And" / "AND:" that follows a party's address block within a short stretch
#: ("... Springfield, USA. Hereinafter referred to as "Buyer" And BETA LTD. ..."): the period
#: after the address ends no sentence, the block goes on to the next party.
_NEXT_BLOCK_AFTER_PERIOD = re.compile(
    r"[^.;]{0,120}?(?<![\w-])(?:And|AND)\b[ \t:\-–]*\s*(?=[A-Z])"
)


def _clause_end(text: str, start: int) -> int:
    end = _paragraph_end(text, start, min(len(text), start + _MAX_CLAUSE))
    stop = _CLAUSE_END.search(text, start, end)
    end = stop.start() if stop else end
    for m in _SENTENCE_END.finditer(text, start, end):
        if _ABBREVIATIONS.search(text[max(start, m.start() - 6) : m.start()]):
            continue
        if not _NEXT_BLOCK_AFTER_PERIOD.match(text, m.end(), end):
            return m.start()
    return end


def _is_alias(m: re.Match[str]) -> bool:
    inner = m.group(1)
    if _DRAFTING_NOTE.match(inner):
        return False
    if _ALIAS_WORDS.search(inner) or _ROLE_ALIAS.match(inner):
        return True
    if _LOCALITY_BEFORE.search(m.string, max(0, m.start() - _LOCALITY_REACH), m.start()):
        return False  # "Goregaon (West), Mumbai": part of an address
    follows = m.string[m.end() : m.end() + 6].lstrip()
    return bool(_BARE_ALIAS.match(inner)) and (
        not follows or follows[0] in ",;." or follows.startswith("and")
    )


#: The part of an address a bare parenthesised word qualifies: "at 3rd Floor, Orbit Plaza,
#: Goregaon (West), Mumbai", "at C-45, Sector 18 (Noida)". An address that starts with a
#: number runs up to it and the word follows the address's last comma: a locality's
#: qualifier, no alias.
_LOCALITY_BEFORE = re.compile(
    r"\b(?:at|of)[ \t]+[^()\"“”;]*\d[^()\"“”;]*,[ \t]*(?-i:[A-Z0-9][\w-]*)"
    r"(?:[ \t]+(?-i:[A-Z0-9][\w-]*))?[ \t]*$",
    _FLAGS,
)
_LOCALITY_REACH = 120


def _mask_parentheticals(clause: str, group: str = _SEPARATOR) -> str:
    """Aliases and enumerators become separators; other asides ("(BVI)") disappear, except the
    part of a legal form ("(Pty) Ltd", :data:`_FORM_PART`). An alias
    for a group ("(collectively, the "Company")") becomes ``group``."""

    def replace(m: re.Match[str]) -> str:
        if _FORM_PART.match(m.string, m.start()):
            return m.group()
        if _is_alias(m) and _GROUP_ALIAS.search(m.group(1)):
            return f" {group} "
        return f" {_SEPARATOR} " if _is_alias(m) or _ENUMERATOR.match(m.group(1)) else " "

    return _BARE_ASIDE.sub(f" {_SEPARATOR} ", _PAREN.sub(replace, clause))


#: Asides between two parties written without parentheses: a defined term in quotes
#: ('Jane Roe "Employee" and', 'Jane Roe, hereinafter "Employee," and') and "on the one
#: hand" / "on the other hand".
_BARE_ASIDE = re.compile(
    # (no aside where a CIS company form puts its name in quotes: _QUOTED_FORM_NAME)
    r"(?<!Stock\sCompany)(?<!Liability\sCompany)"
    r"(?:,?\s+(?:hereinafter|herein)(?:\s+(?:referred\s+to|called))?(?:\s+as)?)?"
    r"\s+[\"“](?:the\s+)?[A-Z][\w&.\- ]{0,30}[,.]?[\"”],?(?=\s*(?:$|[;.]|and\b|\n))"
    r"|,?\s+on\s+the\s+(?:one|other)\s+hand\b,?"
    # the English deed's "(hereinafter called "the Vendor") of the one part AND ... of the other
    # part", and "on the one part" / "(party) of the first part" of other drafting traditions
    r"|,?\s+(?:party\s+)?(?:on|of)\s+the\s+(?:one|other|first|second)\s+part\b[,:]?"
    # the same words opening the clause, before its first name, as civil-law contracts set their
    # party paragraphs ("BETWEEN / OF THE ONE PART, ACME, S.L., ... / OF THE OTHER PART, BETA
    # LTD., ...", "On the one hand, ...", "PARTY OF THE FIRST PART, ACME Inc."): no name
    r"|^(?:on\s+the\s+one\s+hand|(?:party\s+)?(?:on|of)\s+the\s+(?:one|first)\s+part)\b[,:]?",
    _FLAGS,
)


#: After a descriptor, "and" starts the next party; so does a capitalised "AND" that ends its
#: line or takes a colon ("... (the "Company") AND:" / "BETA LLC"), as party blocks set it.
#: An inline capital "AND" does so only after an address (:func:`_next_party`).
_NEXT_PARTY = re.compile(
    r"(?:,\s*|\s+)(?:and\s+|(?i:and)[ \t]*:\s*|AND[ \t]*\n\s*|(?P<inline>AND[ \t]+))"
    r"(?=[A-Za-z0-9])"
)


def _names_in_segment(segment: str, listed: bool = True) -> list[str]:
    """Names in one alias-free stretch; after a descriptor, ", and X" starts the next party,
    and so does a company after a company and a comma, unless the stretch is not ``listed``
    (a group's alias closes it)."""
    names: list[str] = []
    pos = below = 0
    while pos < len(segment):
        name, end = _name_at(segment[pos:], after_the=True)
        below = pos
        if name:
            names.extend(split_party_names(name))
            # a name wrapped over two lines ("Pinecone" / "Interactive, Inc., a Delaware
            # corporation"): its second line lists no party of its own
            below = pos + end
            if listed and (nxt := _listed_after_comma(segment, pos + end, name)):
                pos = nxt
                continue
        # no name here ("), an Arkansas corporation, and BETA ..."): the descriptor that opens
        # the stretch may be the one that leads to the next party
        descriptor = _DESCRIPTOR.search(segment, pos + end if name else pos)
        if descriptor is None:
            break
        nxt = _after_capacity(segment, descriptor) or _next_party(segment, descriptor.end())
        if nxt is None:
            break
        pos = nxt
    return names + _listed_below(segment, below)


_COMMA_THEN_CAPITAL = re.compile(r",\s*(?:(?:and|&)\s+)?(?=[A-Z0-9])")


def _listed_after_comma(segment: str, pos: int, name: str) -> int | None:
    """Where the next party starts in a list of companies that no alias or descriptor
    separates ("among Alder Inc., Birch LLC and Cedar Corp."): a name that ends with a legal
    form, a comma, then another such name."""
    comma = _COMMA_THEN_CAPITAL.match(segment, pos)
    if comma is None or not _ENDS_WITH_SUFFIX.search(name):
        return None
    following, end = _name_at(segment[comma.end() :])
    if not following or not _ENDS_WITH_SUFFIX.search(following):
        return None
    # the list goes on or ends there; a verb after the name makes it the subject of a sentence
    # ("..., Beta, Inc. is hereby substituted for ...")
    return comma.end() if _LIST_GOES_ON.match(segment, comma.end() + end) else None


_LIST_GOES_ON = re.compile(r"\s*(?:$|[,;]|(?:and|&)\s)", _FLAGS)


_CAPITALISED_BEFORE = re.compile(r"\b[A-Z][a-z]+$")
_CAPACITY = re.compile(r",\s*as\s+$", _FLAGS)
#: The capacity's words up to its comma, then a capitalised word: the next party.
_CAPACITY_THEN_NAME = re.compile(r"[^,;()\n]{1,40},\s*(?=[A-Z])")


def _after_capacity(segment: str, descriptor: re.Match[str]) -> int | None:
    """Where the next party starts after a capacity that a comma closes: a credit agreement
    lists its parties by role ("among ACME Inc., as Borrower, Beta Bank, as Agent, and ..."),
    with no "and" between the first ones."""
    if not _CAPACITY.match(descriptor.group()):
        return None
    m = _CAPACITY_THEN_NAME.match(segment, descriptor.end())
    return m.end() if m else None


def _company_follows(segment: str, pos: int) -> bool:
    """A company's name with its legal form opens ``segment`` at ``pos``."""
    name, _ = _name_at(segment[pos:])
    return bool(name and _ENDS_WITH_SUFFIX.search(name))


def _next_party(segment: str, pos: int) -> int | None:
    """Where the next party starts after ``pos``: an "and" between two capitalised words with
    no comma joins one name ("the Securities and Exchange Commission") and is passed over,
    unless it closes an address ("whose office is at 2 Dock Road, Hull and Beta Limited") or
    a place that a company follows ("under the laws of Singapore and Beta Ltd, a company ...").
    An inline capital "AND" starts the next party after an address, or before a company's
    name with its legal form ("..., represented by Mr. Karl Huber AND BETA S.P.A., ..."), and
    so does an "and" after a representative's name (:func:`_representative_then_company`)."""
    for m in _NEXT_PARTY.finditer(segment, pos):
        address = _ADDRESS_BEFORE.search(segment[max(0, m.start() - _ADDRESS_REACH) : m.start()])
        inline = m.group("inline") and not (address or _company_follows(segment, m.end()))
        if inline or _DESCRIPTOR_GOES_ON.match(segment, m.end()):
            continue
        if ("," in m.group() or address or _place_then_company(segment, m) or m.group("inline")
                or _representative_then_company(segment, m)
                or not _CAPITALISED_BEFORE.search(segment, pos, m.start())):
            return m.end()
    return None


def _representative_then_company(segment: str, joiner: re.Match[str]) -> bool:
    """The "and" at ``joiner`` closes the name of the person who represents a party ("Beta
    GmbH represented by Mr. Jonas Weber and Alder S.A. represented by ...") and a company's
    name with its legal form follows it: the next party, not the rest of the person's name."""
    return _after_a_representative(segment, joiner.start()) and _company_follows(
        segment, joiner.end()
    )


#: The second half of a descriptor's "organized and existing" / "incorporated and registered":
#: the "and" joins two words of the descriptor, no next party.
_DESCRIPTOR_GOES_ON = re.compile(r"(?:validly\s+)?(?:existing|registered)\b")
_CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w.'’]*[ \t]+){0,2}[A-Z][\w.'’]*$")


def _place_then_company(segment: str, joiner: re.Match[str]) -> bool:
    """The "and" at ``joiner`` closes a descriptor's place ("the laws of Singapore") and a
    company's name follows it; "England and Wales" names no company after the "and"."""
    place = _CAPITALISED_RUN.search(segment, max(0, joiner.start() - 40), joiner.start())
    if place is None or not is_place_name(place.group()):
        return False
    name, _ = _name_at(segment[joiner.end() :])
    # "England and Wales and Beta Limited": the first "and" joins two places
    first_word = name.split()[0] if name else ""
    return bool(name and _ENDS_WITH_SUFFIX.search(name)) and not is_place_name(first_word)


#: A street address right before an "and", closed by its town ("2 Dock Road, Hull", "4 Main
#: Street, Boston, Massachusetts"): the "and" ends the address.
_ADDRESS_BEFORE = re.compile(
    r"\b\d+[A-Za-z]?\s+[A-Z][^,;()\n]{1,40},(?:\s*[A-Z][\w.]*(?:[ \t]+[A-Z][\w.]*){0,2},?){1,3}"
    r"\s*$"
)
_ADDRESS_REACH = 100


_SUFFIXED_LINE = re.compile(rf"^[ \t]*([^\n]*?{CORPORATE_SUFFIX})[ \t,]*$", _FLAGS | re.MULTILINE)


def _listed_below(segment: str, pos: int) -> list[str]:
    """A title page lists parties one per line ("ACME INC.," / "as Seller," / "BETA LLC"):
    a later line of the block that is a name ending in a legal-form suffix is one more party
    (address lines under a name do not end like that)."""
    first = segment.find("\n", pos)
    names = []
    for m in _SUFFIXED_LINE.finditer(segment, first + 1 if first >= 0 else len(segment)):
        name, _ = _name_at(m.group(1))
        if name and _ENDS_WITH_SUFFIX.search(name):
            names.append(name)
    return names


#: "and" on a line of its own separates two names on a title page ("JOHN DOE / and /
#: BIRDIE INCORPORATED"), even when the first carries no legal-form suffix.
_LINE_JOINER = re.compile(rf"\n[ \t]*{_JOINER_LINE}[ \t]*\n", _FLAGS)


#: An alias one group of companies shares: the names listed with commas before it are one
#: party's ("ACME Inc., ACME Labs, Inc. and their affiliates (collectively, the "Company")").
#: "(each a "Party", together the "Parties")", "(each a "Seller", together the "Sellers")"
#: name each member a party: no group.
_GROUP_ALIAS = re.compile(
    r"^(?!.*\b(?:each|part(?:y|ies))\b).*\b(?:collectively|together)\b", _FLAGS
)
_GROUP = "\x01"


_UNIT = r"(?:Suite|Ste|Floor|Building|Unit|Room)[ \t]+\w"
#: A ";" between the parts of one address ("at 5 Elm Pike; Suite 200; Dover, DE 19901"), not
#: between two parties: a street or a unit before it, a unit or a town with its state and
#: postal code after it.
_ADDRESS_SEMICOLON = re.compile(
    rf"(?:\b\d+[A-Za-z]?[ \t]+[A-Z][^,;()\n]{{1,40}}|\b{_UNIT}{{1,5}})[ \t]*;"
    rf"(?=\s*(?:{_UNIT}|[A-Z][\w.]*(?:[ \t]+[A-Z][\w.]*){{0,2}},[ \t]*[A-Z][\w.]*"
    r"(?:[ \t]+[A-Z][\w.]*)?[ \t]+\d{4,5}\b))"
)


def _names_in_clause(clause: str) -> list[str]:
    names: list[str] = []
    clause = _ADDRESS_SEMICOLON.sub(lambda m: m.group()[:-1] + ",", clause)
    masked = _LINE_JOINER.sub(f"\n{_SEPARATOR}\n", _mask_parentheticals(clause, _GROUP))
    parts = re.split(rf"({_SEPARATOR}|{_GROUP}|;)", masked)
    for segment, closer in zip(parts[::2], [*parts[1::2], ""], strict=True):
        found = _names_in_segment(segment, listed=closer != _GROUP)
        names.extend(n for n in found if n not in names)
    return names


_LONE_AND = re.compile(r"\s+(?:and|AND)\s+")


def _two_sides(names: list[str]) -> list[str]:
    """A "between" clause names two sides at least: when it reads as one name joined by an
    "and" that no legal form precedes ("between Alpha Widgets and Beta Media Inc."), the
    "and" separates the two parties rather than joining words of one name."""
    if len(names) != 1:
        return names
    parts = _LONE_AND.split(names[0])
    if len(parts) != 2 or parts[0].lower() == parts[1].lower():
        return names
    if all(p[:1].isupper() and _looks_like_name(p) for p in parts):
        return parts
    return names


#: The header of an exhibit filed on EDGAR ("EX-10.4 12 d104.htm FORM OF AGREEMENT BETWEEN
#: ACME AND ITS EMPLOYEES"): the exhibit's description, whose "between" belongs to a title
#: and names no parties as a preamble does. It runs in capitals from the file name up to the
#: first lower-case letter or the line's end (the opening sentence may follow on that line).
_EXHIBIT_HEADER = re.compile(
    r"^EX-[\dA-Z.()\s]{1,20}\s\d+\s\S+\.(?:htm|html|txt)\b(?-i:[^a-z\n]*)", _FLAGS
)


#: A sentence that lists the parties outright ("The parties to this Agreement are ACME Inc.
#: and Beta LLC.", "The Parties hereto are: (1) ..."): a "between" clause when it names two at
#: least ("The parties hereto are independent contractors" names none).
_PARTIES_ARE = re.compile(
    r"\bparties\s+(?:to\s+this\s+(?:[\w-]+\s+){0,4}?Agreement|hereto)\s+are\s*:?\s*"
    r"(?=(?-i:[A-Z(]))",
    _FLAGS,
)


def _between_clauses(text: str) -> list[Candidate]:
    header = _EXHIBIT_HEADER.match(text)
    found = [_clause_at(text, m.end())
             for m in _CLAUSE_START.finditer(text, header.end() if header else 0)]
    found += [c for m in _PARTIES_ARE.finditer(text)
              if (c := _clause_at(text, m.end())) and len(c.value) > 1]
    return sorted((c for c in found if c), key=lambda c: c.start)


def _clause_at(text: str, start: int) -> Candidate | None:
    """The party list of the clause that starts at ``start``, if it names anyone."""
    end = _clause_end(text, start)
    names = _two_sides(_names_in_clause(text[start:end]))
    return Candidate(names, text[start:end], start, end, kind="between") if names else None


# --------------------------------------------------------------------------- defined terms


#: A letter's salutation on its own line ("Dear Sirs:", "Gentlemen,"): it ends the inside
#: address, so no name above it is the one a defined term of the letter's body belongs to.
_SALUTATION_LINE = re.compile(
    r"^[ \t]*(?:Dear\s[^\n]{1,60}?|(?:Ladies\s+and\s+)?Gentlemen)[ \t]*[:,][ \t]*$",
    _FLAGS | re.MULTILINE,
)


def _gap_is_descriptor(gap: str) -> bool:
    if not gap.strip(" ,\t\n"):
        return True
    if _SALUTATION_LINE.search(gap):
        return False
    # a bracket or a "hereinafter" term in the gap belongs to another party's defined term
    if ")" in gap or "(" in gap or _HEREINAFTER_TERM.search(gap) or not _DESCRIPTOR.match(gap):
        return False
    return not any(
        not _ABBREVIATIONS.search(gap[max(0, m.start() - 6) : m.start()])
        for m in _SENTENCE_END.finditer(gap)
    )


_HAS_SUFFIX = re.compile(rf"(?:^|[\s,]){CORPORATE_SUFFIX}(?=[\s,]|$)", _FLAGS)


#: The verb by which a company takes on a party introduces it in the opening only: in a
#: numbered clause ("1. Appointment. Kelso hereby appoints SUB-DISTRIBUTOR ("Sub-Distributor")",
#: "2.1 The Principal hereby appoints Harbourside Brokers Limited ("Sub-Agent")") it names a
#: placeholder or a third company.
_TAKES_ON = re.compile(r"\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\b[ \t]*", _FLAGS)
_NUMBERED_CLAUSE = re.compile(
    r"^[ \t]*(?:\d{1,2}\.(?:\d{1,2}\.?)?|Section\s+\d+\.?)[ \t]+[A-Z]"
    # or a numbered clause heading the PDF text runs into the line above ("... Terms &
    # Conditions 1. Resale Rights. SFDC hereby appoints")
    r"|(?<![\w.])\d{1,2}\.[ \t]+(?:[A-Z][\w&-]*[ \t]+){0,3}[A-Z][\w&-]*\.[ \t]",
    re.MULTILINE,
)


def _after_a_clauses_verb(text: str, lo: int, alias_start: int) -> int:
    """Where readings of the name before ``alias_start`` may start: after the last such verb
    when it stands in a numbered clause (nothing before it names the defined party)."""
    first_clause = _NUMBERED_CLAUSE.search(text, 0, alias_start)
    verbs = list(_TAKES_ON.finditer(text, lo, alias_start))
    if first_clause and verbs and verbs[-1].start() > first_clause.start():
        return verbs[-1].end()
    return lo
#: A company's relation to another in its descriptor ("ACME Inc., a wholly owned subsidiary of
#: Beta plc (the "Company")"): the company after "of" is the party's parent, read only when no
#: other name stands before the defined term.
_RELATIVE_OF = re.compile(r"\b(?:subsidiary|affiliate|division)\s+of[ \t]*\Z", _FLAGS)


#: A descriptor that gives a party's address: the words after it up to the defined term are the
#: address, whatever they look like.
_ADDRESS_GAP = re.compile(
    r",?\s+(?:residing|resident|located|situated|(?:having|with)\s+(?:its\s+)?(?:registered|"
    r"principal|head)\s+(?:office|place\s+of\s+business))\b[^()]*?\bat\b",
    _FLAGS,
)


def _name_before(text: str, alias_start: int) -> tuple[str, int] | None:
    """The name a defined-term parenthetical at ``alias_start`` belongs to, with its start.

    Of the readings that start after an introducer ("by", "of", "between", a line start),
    the nearest one carrying a legal-form suffix wins ("of Orbit Devices, Inc." rather
    than "As"), else the nearest one (a person: "by Jane Roe"); a reading that starts after a
    word beats one that starts at a line break, which may fall inside a name.
    """
    lo = max(0, alias_start - 300)
    readings = []
    parents = []
    lo = _after_a_clauses_verb(text, lo, alias_start)
    address_from = alias_start
    for m in _INTRODUCER.finditer(text, lo, alias_start):
        if m.end() > address_from:
            break  # the town of an address ("residing at 9 Temple Road, Thrissur") is no name
        window = text[m.end() : alias_start]
        name, end = _name_at(window)
        if name and _gap_is_descriptor(window[end:]):
            if _ADDRESS_GAP.match(window, end):
                address_from = min(address_from, m.end() + end)
            by_word = not m.group(0).startswith("\n")  # a line break may split a name
            start = m.end() + _LEADING.match(window).end()
            reading = (bool(_HAS_SUFFIX.search(name)), by_word, m.end(), name, start)
            (parents if _RELATIVE_OF.search(text, lo, m.end()) else readings).append(reading)
    readings = readings or parents
    if not readings:
        return None
    *_, name, start = max(readings)
    if _tail_of_a_longer_name(text, name, start):
        return None
    return _whole_name(text, readings, name, start)


#: A representative's label or "represented by" before a reading: the words up to its "and"
#: name the person who acts for the party before, as a flattened party block reads ("...
#: Legal representative : Wei Zhang and Bluegate Auto Finish LLC hereinafter referred to as").
_REPRESENTATIVE_BEFORE = re.compile(
    r"\brepresent(?:ative|ed\s+(?:herein\s+)?by)\b[^\n:,()]{0,40}?[ \t]*:?[ \t]*"
    r"(?-i:[A-Z][\w.'’-]*[ \t]+){0,3}$",
    _FLAGS,
)


def _after_a_representative(text: str, pos: int) -> bool:
    """Whether a representative's label or "represented by" stands just before ``pos``, or
    before the first names of a person there ("Legal representative : Wei " before "Zhang")."""
    return bool(_REPRESENTATIVE_BEFORE.search(text, max(0, pos - 60), pos))


_CAPITALISED_AND = re.compile(r"\b[A-Z][\w’'-]*[ \t]+(?:and|&)[ \t]+$")


#: Capitalised words and "of" just before a reading: "United States of " before "America".
_CAPITALISED_OF = re.compile(r"(?:[A-Z][\w’'.-]*\s+){1,3}of\s+$")


def _tail_of_a_longer_name(text: str, name: str, start: int) -> bool:
    """Words after "Capitalised and" that no legal form closes are the end of a longer name
    ("Federal Energy and Water Board"), not a party; one word may be an alias ("... and ZX").
    A reading after "of" that ends a place's name ("the United States of America ("USA")")
    is no party either."""
    head = _CAPITALISED_OF.search(text, max(0, start - 40), start)
    if head and is_place_name(squash_spaces(head.group() + name)):
        return True
    head = _CAPITALISED_AND.search(text, max(0, start - 40), start)
    return (
        len(name.split()) > 1
        and not _HAS_SUFFIX.search(name)
        and bool(head)
        and not _after_a_representative(text, head.start())
    )


#: The head of an institution's name that "of" joins to a place or a name ("Mutual Assurance Group
#: of Ohio, Incorporated", "Bank of Laurel Corporation"): the reading after "of" is its tail.
_INSTITUTION_HEAD = (
    r"(?:[A-Z][\w&'’.-]*\s+){0,3}(?:Group|Bank|Trust(?:\s+Company)?|Bancorp|Insurance\s+Company"
    r"|Institute|University|Association|Society|Authority|Board|Council|Fund|Foundation|College)"
)


def _whole_name(text: str, readings: list[tuple], name: str, start: int) -> tuple[str, int]:
    """The longer reading when ``name`` is only its tail after an inner "and" or an
    institution's "of": "Cedar Valley Light and Gas Company (\"CVLG\")" is one name, not "Gas
    Company", and so is "Mutual Assurance Group of Ohio, Incorporated"; but
    "ACME Inc. and Beta LLC" stays two (what comes before "and" ends with a legal form), and
    so does "Jane Roe and JRH" (the tail is no company's full name), and a representative's
    name and the next party ("Legal representative : Wei Zhang and Beta LLC")."""
    if not _ENDS_WITH_SUFFIX.search(name):
        return name, start
    for *_, longer, longer_start in sorted(readings, key=lambda r: r[2]):
        head = re.match(rf"(.+?)\s+(?:and|&)\s+{re.escape(name)}$", longer)
        if head and not _ENDS_WITH_SUFFIX.search(head.group(1)) and "," not in head.group(1):
            if _after_a_representative(text, longer_start):
                continue
            return longer, longer_start
        if re.fullmatch(rf"{_INSTITUTION_HEAD}\s+of\s+{re.escape(name)}", longer):
            return longer, longer_start
    return name, start


_QUOTED_TERM = re.compile(r"[\"“”]([^\"“”]+)[\"“”]")


def _defined_term(alias: str) -> str:
    """The term a parenthetical defines: its first quoted term ("you" in "("you" and, jointly
    with the Buyer, the "parties")"), else all of it."""
    m = _QUOTED_TERM.search(alias)
    return m.group(1) if m else alias


#: A defined term given without parentheses, after a comma ("Orion LLP, hereinafter referred
#: to as the "Seller", ... on the one part, and Vega JSC, hereinafter referred to as the
#: "Buyer", ..."), as civil-law contracts introduce their parties without a "between".
_HEREINAFTER_TERM = re.compile(
    r",\s*here(?:in)?after(?:\s+(?:referred\s+to\s+as|called|named))?\s+(?:the\s+)?"
    r"(?:[\"“]([^\"“”\n]{1,40})[\"”]|['‘]([^'‘’\n]{1,40})['’]"
    # or without quotes, one to three capitalised words up to the comma ("hereinafter referred
    # to as the Seller, represented by ...")
    r"|((?-i:[A-Z][\w-]*)(?:[ \t]+(?-i:[A-Z][\w-]*)){0,2})(?=,))",
    _FLAGS,
)


def _alias_spans(text: str) -> list[tuple[int, int, str]]:
    """Where each defined term of the opening stands (start, end) and the term it defines: the
    alias parentheticals and the unparenthesised "hereinafter" terms, in text order."""
    limit = min(len(text), DEFINED_WINDOW)
    spans = [(m.start(), m.end(), _defined_term(m.group(1)))
             for m in _PAREN.finditer(text, 0, limit) if _is_alias(m)]
    spans += [(m.start(), m.end(), m.group(1) or m.group(2) or m.group(3))
              for m in _HEREINAFTER_TERM.finditer(text, 0, limit)]
    return sorted(spans)


#: A lower-case brand with its legal form spelled out ("zipcart corporation", "quillpad
#: limited") reads as a name only when its own defined term repeats the brand ("zipcart
#: corporation, a Delaware corporation ("zipcart")"): lower-case words before "company" are
#: otherwise a descriptor ("a holding company").
_SPELLED_OUT_FORM = r"(?:corporation|incorporated|company|limited)"
_LOWER_CASE_TERM = re.compile(r"[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*")


def _lower_case_brand_before(text: str, alias_start: int, term: str) -> tuple[str, int] | None:
    if not _LOWER_CASE_TERM.fullmatch(term):
        return None
    brand = re.compile(rf"(?<![\w.-]){re.escape(term)}[ \t]+{_SPELLED_OUT_FORM}\b")
    found = list(brand.finditer(text, max(0, alias_start - 300), alias_start))
    if not found or not _gap_is_descriptor(text[found[-1].end() : alias_start]):
        return None
    return found[-1].group(), found[-1].start()


def _defined_terms(text: str) -> list[Candidate]:
    names: list[str] = []
    first = last = None
    for alias_start, alias_end, term in _alias_spans(text):
        if _NON_PARTY_TERMS.search(term):
            continue
        found = _name_before(text, alias_start)
        found = found or _lower_case_brand_before(text, alias_start, term)
        if found is None:
            continue
        for name in split_party_names(found[0]):
            if name not in names:
                names.append(name)
        first = found[1] if first is None else first
        last = alias_end
    if not names or first is None or last is None:
        return []
    return [Candidate(names, text[first:last], first, last, kind="defined")]


def defined_aliases(text: str) -> dict[str, str]:
    """Short names the text defines for a longer one: ``{"nwd": "Northwind Devices
    Corporation"}`` from 'Northwind Devices Corporation, having offices at ... ("NWD")'."""
    aliases: dict[str, str] = {}
    for m in _PAREN.finditer(text):
        if not _is_alias(m):
            continue
        term = _defined_term(m.group(1)).strip()
        found = _name_before(text, m.start())
        if found and term and len(found[0]) > len(term):
            aliases.setdefault(term.lower(), found[0])
    return aliases


# --------------------------------------------------------------------------- lettered parties

#: "Party A: ACME Co., Ltd." / "Party B: ...": each party on a labelled line or run of text,
#: its address, contact and telephone after it.
#: The label may carry the party's role ("Party A (Licensor):").
#: "Party A:" labels a party, unless it follows "of": "Legal Representative of Party A:" heads
#: the block of the person who signs for it.
_LETTER_LABEL = re.compile(
    r"(?<!\bof\s)\bParty\s+(?P<letter>[A-F])\s*(?:\([^()\n]{1,40}\)\s*)?[:：]\s*"
)
_LETTER_NAME_END = re.compile(
    r"\n|\bParty\s+[A-F]\s*[:：]|\b(?:(?:Registration|Registered|Legal|Business)\s+)?Address\b|"
    r"\b(?:Tel|Telephone|Fax|Contact|Attention|Legal\s+Representative)\b"
)


def _lettered_parties(text: str) -> list[Candidate]:
    """Contracts (often translated) that name "Party A: ..." and "Party B: ..." in turn: one
    candidate per run of labels starting at A; a signature block repeating them is another."""
    runs: list[list[tuple[str, str | None, int, int]]] = []
    for m in _LETTER_LABEL.finditer(text):
        letter = m.group("letter")
        if letter == "A" or not runs or ord(letter) != ord(runs[-1][-1][0]) + 1:
            if letter != "A":
                continue
            runs.append([])
        stop = _LETTER_NAME_END.search(text, m.end(), min(len(text), m.end() + 300))
        raw = text[m.end() : stop.start() if stop else min(len(text), m.end() + 300)]
        # twice: a second pass masks what held a nested aside ('ACME (Shanghai (PRC)) Co.')
        segment = _mask_parentheticals(_mask_parentheticals(raw)).split(_SEPARATOR)[0]
        name, _ = _name_at(segment)
        runs[-1].append((letter, name, m.start(), m.end() + len(raw.rstrip())))
    found = []
    for run in runs:
        names = [name for _, name, _, _ in run if name]
        if names:
            start, end = run[0][2], run[-1][3]
            found.append(Candidate(names, text[start:end], start, end, kind="between"))
    return found


# --------------------------------------------------------------------------- role labels

#: A cover page, party block or order form that labels each party by its role, one to a line
#: ("Company: ACME Inc." / "Consultant: Jane Roe", "Licensor: ACME Inc., 4 Quay Street, ...",
#: "Customer Name: Beta LLC").
_ROLE_LABEL = re.compile(
    r"^[ \t]*(?P<role>Company|Consultant|Employer|Employee|Executive|Contractor|Client|Customer|"
    r"Supplier|Vendor|Buyer|Seller|Purchaser|Licensor|Licensee|Lessor|Lessee|Landlord|Tenant|"
    r"Lender|Borrower|Distributor|Manufacturer|Franchisor|Franchisee|(?:Service\s+)?Provider|"
    r"Recipient|Discloser|(?:Disclosing|Receiving)\s+Party|Owner|Investor|Agent|Reseller)"
    r"(?:[ \t]+Name)?[ \t]*[:：][ \t]*(?P<rest>[^\n]+)",
    _FLAGS | re.MULTILINE,
)
_LABEL_GAP = 3  # lines (an address) that may stand between two labels of one block
#: A street number after the name on the label's line starts its address ("Licensee: Beta
#: Fund 1585 Broadway, New York").
_STREET_NUMBER = re.compile(r"[ \t]+\d{2,}[ \t]+[A-Z]")


def _role_labelled_parties(text: str) -> list[Candidate]:
    """Each block of two role labels at least, with different roles and a name after each."""
    found = []
    block: list[tuple[str, str, re.Match[str]]] = []
    for m in [*_ROLE_LABEL.finditer(text), None]:
        near = m and block and text.count("\n", block[-1][2].end(), m.start()) <= _LABEL_GAP
        if not near:
            found += _labelled_block(text, block)
            block = []
        if m and (name := _labelled_name(m.group("rest"))):
            role = squash_spaces(m.group("role")).lower()
            if all(role != r for r, _, _ in block):
                block.append((role, name, m))
    return found


def _labelled_name(rest: str) -> str | None:
    """The name after a role label, up to its alias or its address."""
    rest = _STREET_NUMBER.split(rest, maxsplit=1)[0]
    return _name_at(_mask_parentheticals(rest).split(_SEPARATOR)[0])[0]


def _labelled_block(text: str, block: list[tuple[str, str, re.Match[str]]]) -> list[Candidate]:
    if len(block) < 2:
        return []
    start, end = block[0][2].start(), block[-1][2].end()
    return [Candidate([name for _, name, _ in block], text[start:end], start, end, kind="between")]


# --------------------------------------------------------------------------- name labels

#: The "Details" schedule or "Parties" table of an Australian or English deed: each party on a
#: "Name" line with its registration number, address and short name on the lines under it
#: ("Name  ACME Pty Ltd" / "ACN  123 456 789" / "Address ..." / "Short name  Supplier"), the
#: label may be "Legal name" or take a colon; a PDF's text may run the lines into one ("Name
#: ACME Pty Ltd ACN 123 456 789 Address ..."). Capitals only: "name" in a sentence is no label,
#: nor is the "Name" of "Short Name".
_PARTY_NAME_LABEL = re.compile(
    r"(?<![\w-])(?<!Short[ \t])(?<!form[ \t])(?<!Form[ \t])"
    r"(?:(?:Full|Legal|Company|Entity|Party)[ \t]+name|Name|NAME)(?:[ \t]*[:：][ \t]*|[ \t]+)"
)
#: The labels of what follows a party's name in its block: an identifier (an Australian or New
#: Zealand business number, a company number, the short name the deed calls it by) or where it
#: is reached.
_PARTY_IDENTIFIER = (
    r"A\.?B\.?N|A\.?C\.?N|ARBN|ARSN|NZBN|NZCN|Company[ \t]+(?:number|no\.?|registration[ \t]+number)"
    r"|Registration[ \t]+(?:number|no\.?)|Registered[ \t]+(?:number|office)"
    r"|Short[ \t]+(?:form[ \t]+)?name|Defined[ \t]+as"
)
_PARTY_DETAIL_LABEL = re.compile(
    rf"(?<![\w-])(?:(?P<id>{_PARTY_IDENTIFIER})|Address|Email|E-mail|Fax|Phone|Telephone"
    r"|Attention|Contact)\b",
    re.IGNORECASE,
)
_NAME_BLOCK_GAP = 600  # characters between two "Name" labels of one schedule


def _name_labelled_parties(text: str) -> list[Candidate]:
    """The names of a details schedule (:data:`_PARTY_NAME_LABEL`): two blocks at least, each
    name closed by a detail label, each block giving an identifier or an address and one an
    identifier (a list of contacts, "Name" / "Email", names no party)."""
    found, block = [], []
    labels = list(_PARTY_NAME_LABEL.finditer(text))
    for k, m in enumerate(labels):
        nxt = labels[k + 1].start() if k + 1 < len(labels) else len(text)
        entry = _named_block(text, m, min(nxt, m.end() + _NAME_BLOCK_GAP))
        if block and (entry is None or m.start() - block[-1][1] > _NAME_BLOCK_GAP):
            found += _schedule(text, block)
            block = []
        if entry is not None:
            block.append(entry)
    return found + _schedule(text, block)


def _named_block(text: str, label: re.Match[str], stop: int) -> tuple | None:
    """(name, block end, label start, name end, has an identifier) of one "Name" label whose
    name a detail label closes, or None."""
    details = list(_PARTY_DETAIL_LABEL.finditer(text, label.end(), stop))
    if not details:
        return None
    raw = text[label.end() : details[0].start()]
    name = squash_spaces(raw).rstrip(",;")
    if not name or "\n\n" in raw or _name_at(name)[0] != name:
        return None
    has_id = any(d.group("id") for d in details)
    has_address = any(d.group().lower() == "address" for d in details)
    if not (has_id or has_address):
        return None
    return name, details[-1].end(), label.start(), label.end() + len(raw.rstrip()), has_id


def _schedule(text: str, block: list[tuple]) -> list[Candidate]:
    if len(block) < 2 or not any(entry[4] for entry in block):
        return []
    start, end = block[0][2], block[-1][3]
    names = [entry[0] for entry in block]
    return [Candidate(names, text[start:end], start, end, kind="between")]


# --------------------------------------------------------------------------- numbered parties

#: A "PARTIES" heading over numbered paragraphs, one party each ("PARTIES" / "1. ACME LIMITED
#: incorporated in England ... (Seller)." / "2. BETA LIMITED ... (Buyer)."), as English
#: agreements set them.
_PARTIES_HEADING = re.compile(
    r"^[ \t]*Parties[ \t]*:?[ \t]*\n\s*(?=1\.[ \t])", _FLAGS | re.MULTILINE
)
_NUMBERED_ITEM = re.compile(r"^[ \t]*(?P<number>\d{1,2})\.[ \t]+(?P<item>[^\n]+)", re.MULTILINE)


def _numbered_parties(text: str) -> list[Candidate]:
    """The names that open the paragraphs numbered 1, 2, ... under a "PARTIES" heading; two at
    least."""
    found = []
    for heading in _PARTIES_HEADING.finditer(text):
        names, end = [], heading.end()
        for m in _NUMBERED_ITEM.finditer(text, heading.end(), heading.end() + _MAX_CLAUSE):
            if int(m.group("number")) != len(names) + 1:
                break
            segment = _mask_parentheticals(m.group("item")).split(_SEPARATOR)[0]
            if (name := _name_at(segment)[0]) is None:
                break
            names.append(name)
            end = m.end()
        if len(names) > 1:
            start = heading.end()
            found.append(Candidate(names, text[start:end], start, end, kind="between"))
    return found


# --------------------------------------------------------------------------- joint signatories

#: A statement made by whoever signs it ("The undersigned hereby agree that ...", a joint
#: filing agreement): its parties are the signatories, named only in the signature blocks.
_UNDERSIGNED_AGREE = re.compile(
    r"\bthe\s+undersigned\s+(?:hereby\s+)?(?:agree|acknowledge|confirm)\b(?!s)", _FLAGS
)
_SIGNATURE_LINE = re.compile(r"(?:By\b|/s/)", _FLAGS)
_NOT_A_SIGNATORY = re.compile(
    r"^(?:By|Name|Title|Its|Dated?|Signature|IN\s+WITNESS|/s/)\b|^\(|^its\s", _FLAGS
)


#: The label of the date a statement is signed on, which may run into the line of its first
#: signatory ("... in counterparts. Dated: 4/8/2020 ACME Fund, Ltd."): the name follows the date.
_DATED_LABEL = re.compile(r"\bDated?\s*:?\s*")


def _after_a_run_in_date(line: str) -> int:
    """Where a signatory's name starts after a signing date run into its line, or 0 (the
    date as the date reader reads it, then a capital)."""
    cut = 0
    for label in _DATED_LABEL.finditer(line):
        date = next((d for d in find_dates(line[label.end() :]) if d.start == 0), None)
        if date is None:
            continue
        name = re.compile(r"[ \t]+(?=[A-Z])").match(line, label.end() + date.end)
        cut = name.end() if name else cut
    return cut


#: The title of the officer who signed the block above ("Director", "Managing Member"), which
#: may stand right over the next signatory's name.
_OFFICER_TITLE = re.compile(
    r"\b(?:Director|Member|Manager|Managing|Partner|President|Officer|Secretary|Treasurer|"
    r"Trustee|Chair(?:man|person)?|Signatory|Principal|Attorney)\b",
    _FLAGS,
)


def _wrapped_head(text: str, lines: list[tuple[int, str]], k: int) -> str | None:
    """The first line of a signatory's name wrapped over two lines ("Greenhaven Capital
    Management" / "Partners, L.P." / "By: ..."): the line right above line ``k``, a block's
    first (a blank line or nothing above it), a name with no legal form of its own and no
    officer's title."""
    if k == 0:
        return None
    (above_pos, above), (pos, _) = lines[k - 1], lines[k]
    if text.count("\n", above_pos + len(above), pos) != 1:
        return None
    if k > 1 and not _BLANK_LINE.search(text, lines[k - 2][0] + len(lines[k - 2][1]), above_pos):
        return None
    if _NOT_A_SIGNATORY.match(above) or _SIGNATURE_LINE.match(above) or re.search(r"[\d:]", above):
        return None
    if _OFFICER_TITLE.search(above):
        return None
    name, _ = _name_at(above)
    return above if name == above and not _ENDS_WITH_SUFFIX.search(above) else None


def _signatories(text: str) -> list[Candidate]:
    """Each name on a line of its own right over a "By:" or "/s/" line (an entity's block),
    and each "/s/ Jane Roe" signed without such a name over it (an individual), in order."""
    agree = _UNDERSIGNED_AGREE.search(text)
    if agree is None:
        return []
    lines = [(m.start(), m.group(0).strip()) for m in re.finditer(r"[^\n]+", text[agree.end() :])]
    lines = [(agree.end() + pos, line) for pos, line in lines if line]
    names: list[str] = []
    first = last = None
    for k, (pos, line) in enumerate(lines[:-1]):
        below = lines[k + 1][1]
        if cut := _after_a_run_in_date(line):
            pos, line = pos + cut, line[cut:]
        name = None
        if _SIGNATURE_LINE.match(below) and not _NOT_A_SIGNATORY.match(line):
            bare = squash_spaces(_PAREN.sub(" ", line)).rstrip(",;: ")
            name, _ = _name_at(bare)
            if name and name.rstrip(".") != bare.rstrip("."):
                name = None  # the line holds more than a name (a sentence, a date)
            if name and (head := _wrapped_head(text, lines, k)):
                name, pos = f"{head} {name}", lines[k - 1][0]
        elif line.startswith("/s/") and (k == 0 or _NOT_A_SIGNATORY.match(lines[k - 1][1])):
            name, _ = _name_at(line[3:])
            name = name if name and len(name.split()) >= 2 else None
        if name and name not in names:
            names.append(name)
            first = pos if first is None else first
            last = pos + len(line)
    if len(names) < 2 or first is None or last is None:
        return []
    return [Candidate(names, text[first:last], first, last, kind="between")]


def find_party_lists(text: str) -> list[Candidate]:
    """Party-list candidates in text order: each "between" clause, the "Party A:" / "Party B:"
    labels, the role labels, the numbered paragraphs under "PARTIES", the signatories of a
    statement "the undersigned agree" to, the defined terms, then the "Name" labels of a
    details schedule (:func:`_name_labelled_parties`)."""
    return (
        _between_clauses(text) + _lettered_parties(text) + _role_labelled_parties(text)
        + _numbered_parties(text) + _signatories(text) + _defined_terms(text)
        + _name_labelled_parties(text)
    )
