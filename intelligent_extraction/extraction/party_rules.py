"""Who the parties are, beyond what the preamble's grammar (values/parties.py) reads.

A letter agreement or an employee's covenant often names one party in its opening ("As an
associate of Orbit Devices, Inc. ...") and the other only where it is addressed or signed: the
inside address above "Dear ...:", the individual under "/s/", or the company over a "By:"
line. :func:`counterparties` reads those places, most reliable first, and the name helpers here
judge whether a string names a party at all. A letter signed by its sender and countersigned by
the company it is addressed to is between those two (:func:`letter_signatories`), whoever its
opening speaks of.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .scoring import Passage
from .values import Candidate
from .values.base import squash_spaces
from .values.parties import (
    CORPORATE_SUFFIX,
    defined_aliases,
    find_party_lists,
    name_opening,
    reads_as_one_name,
)

__all__ = [
    "COUNT_FIT",
    "TRAILING_JOINER",
    "clean_names",
    "counterparties",
    "expand_aliases",
    "labelled_parties",
    "letter_signatories",
    "list_quality",
    "name_quality",
    "party_list_candidates",
    "same_party",
    "signed_parties",
]

#: Words that name a role, not a party ("the Company", "Employer", "Directors").
_ROLE_WORDS = frozenset(
    "the a an company employer employee executive directors buyer seller purchaser licensor "
    "licensee party parties recipient discloser consultant investor you counterparts owner "
    "supplier customer distributor agent affiliates".split()
)
_SUFFIXED = re.compile(rf"(?:^|[\s,]){CORPORATE_SUFFIX}$", re.IGNORECASE)
_LEGAL_FORM = re.compile(rf"(?:^|[\s,]){CORPORATE_SUFFIX}(?=[\s,]|$)", re.IGNORECASE)
TRAILING_JOINER = re.compile(r"[\s,]+(?:and|&)$", re.IGNORECASE)


#: A group named by where its members are listed, not by their names, as a cover page sets it
#: under "by and among" ("THE SHAREHOLDERS NAMED HEREIN", "THE PERSONS LISTED ON SCHEDULE A",
#: "THE LENDERS FROM TIME TO TIME PARTY HERETO"): a placeholder, no party's name.
_PLACEHOLDER_GROUP = re.compile(
    r"\b(?:named|listed|identified|set\s+forth|specified)\s+(?:herein|hereto|on|in|under)\b"
    r"|\b(?:party|parties|signator(?:y|ies))\s+hereto\b",
    re.IGNORECASE,
)


def name_quality(name: str) -> float:
    """1 for a legal name ("Beta LLC") or a person's full name ("Jane Roe"), 0 for a role
    word ("Employer", "the Company") or a placeholder group, in between for a bare one-word
    name ("ACME")."""
    words = [w for w in re.split(r"[\s,]+", name.lower()) if w]
    if not words or all(w in _ROLE_WORDS or w in ("and", "&", "of") for w in words):
        return 0.0
    if _PLACEHOLDER_GROUP.search(name):
        return 0.0
    if _SUFFIXED.search(name) or 2 <= len(words) <= 5:
        return 1.0
    return 0.4


def list_quality(read: list[str], names: list[str]) -> float:
    """The mean quality of a list's cleaned ``names``, each placeholder group it ``read``
    counted as a name of quality 0: a cover page's "A, B and THE SHAREHOLDERS NAMED HEREIN"
    leaves a party unnamed that the preamble's list of names states."""
    unnamed = sum(1 for name in read if _PLACEHOLDER_GROUP.search(name))
    return sum(name_quality(n) for n in names) / (len(names) + unnamed)


def expand_aliases(names: list[str], aliases: dict[str, str]) -> list[str]:
    """A title page's "Acme, Inc. and NWD": a name the contract defines elsewhere as the alias
    of a longer name ("Northwind Devices Corporation ... ("NWD")") is that longer name."""
    return [aliases.get(n.strip().lower(), n) for n in names]


def clean_names(names: list[str]) -> list[str]:
    cleaned = []
    for name in names:
        name = TRAILING_JOINER.sub("", name).strip()
        if name and name_quality(name) > 0 and name not in cleaned:
            cleaned.append(name)
    return cleaned


#: How plausible a number of parties is (most contracts have two; five or more usually means
#: affiliates or aliases crept in).
COUNT_FIT = {1: 0.5, 2: 1.0, 3: 1.0, 4: 0.9}
_PARTIES_LABEL = re.compile(r"\bPARTIES\s*:\s*(?!\(\s*(?:1|a|i)\s*\))")
_CLAUSE_OPENER = "between "


def labelled_parties(text: str) -> list[Candidate]:
    """ "PARTIES: Jane Roe ("EMPLOYEE") and ACME, Inc., ..." read as a "between" clause."""
    found = []
    for m in _PARTIES_LABEL.finditer(text):
        window = _CLAUSE_OPENER + text[m.end() : m.end() + 800]
        shift = m.end() - len(_CLAUSE_OPENER)
        for c in find_party_lists(window):
            if c.kind == "between" and c.start == len(_CLAUSE_OPENER):
                found.append(replace(c, start=c.start + shift, end=c.end + shift))
    return found


#: A person's name on a signature line: two to four capitalised words ("Jane Q. Roe").
_PERSON = r"[A-Z][A-Za-z'’.-]*(?:[ \t]+[A-Z][A-Za-z'’.-]*){1,3}"
_SLASH_S = re.compile(
    r"^[ \t]*(?P<by>By\s*:?\s*)?"
    # a label before the signature: "Signature:", "Signature of Employee:", "Signed:"
    r"(?:(?:Signature|Signed)(?:[ \t]+of[ \t]+[A-Za-z]+)?[ \t]*:?[ \t]*)?"
    rf"/s/\s*(?P<name>{_PERSON})"
    r"[ \t]*(?:\(SEAL\)|_{2,})?[ \t]*$",
    re.MULTILINE | re.IGNORECASE,
)
_DATE_LINE = re.compile(r"Dated?\b", re.IGNORECASE)
#: The printed name under a signature, labelled or not ("Name: Jane Roe", "Print Name of
#: Employee: Jane Roe"); an empty "Name:" line is a blank to fill in.
_NAME_LABEL = re.compile(
    r"^(?:Print(?:ed)?[ \t]+)?Name(?:[ \t]+of[ \t]+[A-Za-z]+)?[ \t]*:[ \t]*", re.IGNORECASE
)
#: A line under a signature that makes the signer a company's officer, not a party.
_OFFICER_LINE = re.compile(r"\b(?:By|Title|Its|Name\s*:|Officer)\b|,", re.IGNORECASE)


#: A signature block headed by a role, not a company: whoever signs under it is a party, even
#: with a job title under the name ("ASSOCIATE:" / "/s/ Jane Doe" / "Vice President, Sales").
_INDIVIDUAL_HEADER = re.compile(
    r"^(?:the\s+)?(?:employee|executive|associate|consultant)\s*:?$", re.IGNORECASE
)


_ATTESTATION = re.compile(r"IN\s+WITNESS\s+WHEREOF\b.*\.$", re.IGNORECASE)


def _by_an_individual(above: list[str]) -> bool:
    """ "By:" signs for the company named over it; under a role ("EMPLOYEE:") or right
    under the attestation ("IN WITNESS WHEREOF, the undersigned has executed ...") no company
    is named. Two headers in a row are side-by-side columns ("ACME:" / "EMPLOYEE:"), whose
    first "By:" line belongs to the first."""
    before = above[-1] if above else ""
    if _ATTESTATION.match(before):
        return True
    two_columns = len(above) > 1 and above[-2].endswith(":")
    return bool(_INDIVIDUAL_HEADER.match(before)) and not two_columns


#: The lines over an acceptance's signature ("I accept the above terms and conditions:",
#: "Accepted and agreed:", "AGREED TO AND ACCEPTED").
_ACCEPTS = re.compile(r"\b(?:accept(?:s|ed)?|agree[sd]?(?:\s+to)?)\b[^\n]*:?$", re.IGNORECASE)


def _individual_signer(text: str) -> str | None:
    """An individual who signs a letter or employee agreement: a "/s/ Jane Doe" line with no
    company's "By:" (:func:`_by_an_individual`) and no title under it ("Executive Vice
    President", "Name, Title"), which would make the signer a company's officer, unless the
    block is headed by a role ("EMPLOYEE:"). One who signs under an acceptance comes first."""
    lines = text.splitlines()
    starts = {sum(len(x) + 1 for x in lines[:i]): i for i in range(len(lines))}
    signers = []
    for m in _SLASH_S.finditer(text):
        name = squash_spaces(m.group("name"))
        i = starts.get(m.start())
        if i is None or not _a_persons_name(name):
            continue
        above = [x.strip() for x in lines[max(0, i - 3) : i] if x.strip()]
        before = above[-1] if above else ""
        if m.group("by") and not _by_an_individual(above):
            continue
        after = [x.strip() for x in lines[i + 1 : i + 6] if x.strip()][:2]
        while after and (
            squash_spaces(_NAME_LABEL.sub("", after[0])).lower() in ("", name.lower())
            or _DATE_LINE.match(after[0])
        ):
            after.pop(0)  # the printed name or the date under the signature
        # the next block's company ("ACME, Inc." over its own signature) is no title
        officer = bool(after) and _OFFICER_LINE.search(after[0]) is not None and not (
            _SUFFIXED.search(after[0].rstrip(" ,:"))
        )
        if _INDIVIDUAL_HEADER.match(before):
            officer = False
        if officer or re.match(r"By\s*:?$", before, re.IGNORECASE):
            continue
        signers.append((name, bool(_ACCEPTS.search(" ".join(above)))))
    # who accepts the terms ("I accept the above terms:") signs as a party; whoever signs a
    # letter under its close may sign for the company that sends it
    accepting = [name for name, accepts in signers if accepts]
    return (accepting or [name for name, _ in signers] or [None])[0]


#: "Dear ...:", "Ladies and Gentlemen,"; an English letter's "Dear Sirs" takes no stop at all.
_SALUTATION = re.compile(
    r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)\s*(?:[:,]|[ \t]*$)",
    re.IGNORECASE | re.MULTILINE,
)
_STREET_LINE = re.compile(r"^\d+[A-Za-z]?\s+\w")
_LETTER_WINDOW = 12  # lines above the salutation that may hold the inside address


def _letter_addressee(text: str) -> str | None:
    """Whom a letter agreement is addressed to: the name on the line above the street address
    that stands nearest above "Dear ...:" / "Ladies and Gentlemen:"."""
    m = _SALUTATION.search(text)
    if m is None:
        return None
    above = [x.strip() for x in text[: m.start()].splitlines()[-_LETTER_WINDOW:] if x.strip()]
    streets = [k for k, line in enumerate(above) if _STREET_LINE.match(line)]
    if not streets:
        return None
    k = streets[-1] - 1
    while k >= 0 and _STREET_LINE.match(above[k]):
        k -= 1
    if k < 0:
        return None
    name = above[k].strip(" ,")
    if re.search(r"\d|:", name) or len(name) > 80 or name_quality(name) < 1:
        return None
    return name


#: A preamble that names one side only by where it signs ("and the undersigned (hereinafter
#: "Second Party")", "the person whose name is set forth on the signature page below as
#: Employee ("Employee")"): that side's name stands in the signature block its alias heads.
_PLACEHOLDER_PARTY = re.compile(
    r"\bthe\s+(?:undersigned|(?:person|individual)\s+whose\s+name\s+"
    r"(?:is\s+set\s+forth|appears))"
    r"[^()\"“”.;]{0,80}\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?|the\s+)?"
    r"[\"“](?P<alias>[A-Za-z][A-Za-z .'-]{1,38})[\"”]\s*\)",
    re.IGNORECASE,
)
#: What may stand before the name on a signature line ("By: /s/", then "Print Name:").
_SIGNATURE_PREFIX = re.compile(r"^(?:By\s*:?\s*)?(?:/s/\s*)?", re.IGNORECASE)
_PERSON_NAME = re.compile(rf"^{_PERSON}$")
_BLOCK_LINES = 3  # lines under a signature block's header that may hold the signer's name


def _placeholder_signer(text: str) -> str | None:
    """The side a preamble names only as "the undersigned" (or "the person whose name is set
    forth on the signature page"): the name in the signature block headed by the alias the
    preamble gives that side ("SECOND PARTY" / "By: /s/ Jane Roe", "EMPLOYEE: Jane Roe" /
    "(Print Name)", "RECIPIENT:" / "SUMMIT LP" / "By: /s/ Jane Roe")."""
    for m in _PLACEHOLDER_PARTY.finditer(text):
        if name := _name_in_block(text, m.group("alias").strip(), m.end()):
            return name
    return None


#: A signature line's own label ("By:", "Title:"), as opposed to a block's header ("ACME:").
_SIGNATURE_LABEL = re.compile(r"^(?:By|Name|Title|Its|Date|Address|Signature)\b", re.IGNORECASE)


def _name_in_block(text: str, alias: str, after: int) -> str | None:
    """The first person's or company's name on the three lines under the block headed by
    ``alias`` (or beside it, "EMPLOYEE: Jane Roe"), below ``after`` (the definition; a title
    above it may start with the same word). A company there signs by the officer on the "By:"
    line under it: the company is the side."""
    header = re.compile(
        rf"^[ \t]*(?:the[ \t]+)?{re.escape(alias)}[ \t]*(?::[ \t]*(?P<rest>[^\n]*))?$",
        re.IGNORECASE | re.MULTILINE,
    )
    for h in header.finditer(text, after):
        if _beside_another_header(text[: h.start()]):
            continue  # side-by-side columns: the names under it may be the other block's
        lines = [h.group("rest") or ""] + text[h.end() :].splitlines()
        for line in [x.strip() for x in lines if x.strip()][:_BLOCK_LINES]:
            name = squash_spaces(_NAME_LABEL.sub("", _SIGNATURE_PREFIX.sub("", line))).rstrip(" _")
            if _reads_as_a_person(name) or _reads_as_a_company(name):
                return name
    return None


def _reads_as_a_company(name: str) -> bool:
    """A legal name with its legal form ("SUMMIT TRAIL PARTNERS, LP"), no label or number."""
    return (
        _SUFFIXED.search(name.rstrip(" ,.:")) is not None
        and not re.search(r"\d|:", name)
        and name_quality(name) == 1
    )


def _beside_another_header(above: str) -> bool:
    """Whether the line above a block's header is another block's header ("ACME, INC." or
    "COMPANY:" right over "EMPLOYEE"): two columns of signatures run line by line."""
    lines = [x.strip() for x in above.splitlines() if x.strip()]
    before = lines[-1] if lines else ""
    if _SIGNATURE_LABEL.match(before):
        return False
    return before.endswith(":") or _SUFFIXED.search(before.rstrip(" ,.:")) is not None


def _reads_as_a_person(name: str) -> bool:
    return _PERSON_NAME.match(name) is not None and _a_persons_name(name)


def _a_persons_name(name: str) -> bool:
    """A full name with no legal form and no role word ("Jane Roe", not "ACME LLC" or "Second
    Party"): an individual who signs for themselves."""
    return (
        name_quality(name) == 1
        and not _SUFFIXED.search(name)
        and not any(w.lower() in _ROLE_WORDS for w in name.split())
    )


def same_party(a: str, b: str) -> bool:
    def key(name: str) -> str:
        return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()

    ka, kb = key(a), key(b)
    return bool(ka and kb) and (ka in kb or kb in ka)


#: A company that signs: its name on a line of its own with a "By:" line right under it.
_SIGNING_COMPANY = re.compile(
    rf"^[ \t]*(?P<name>[A-Z][^\n]{{1,78}}?(?i:{CORPORATE_SUFFIX}))[ \t,:]*\n\s*By\b",
    re.MULTILINE,
)


#: A signing company's name wrapped over two lines, as double-spaced PDF text sets a long one
#: ("NORTHGATE SOFTWARE" / blank / "ENGINEERS, Inc." / "By:"): the line under carries one word
#: and the legal form, the line above two or more capitals and no role ("DEVELOPER") or
#: heading word ("IN WITNESS WHEREOF", "AGREED AND ACCEPTED").
_ONE_WORD_AND_FORM = re.compile(rf"[A-Z][\w&'’-]*,?[ \t]+(?i:{CORPORATE_SUFFIX})")
_CAPITALS_LINE_ABOVE = re.compile(
    r"(?:^|\n)[ \t]*(?P<head>[A-Z][A-Z&'’.-]+(?:[ \t]+[A-Z][A-Z&'’.-]+){1,4})[ \t]*\n"
    r"(?:[ \t]*\n)?[ \t]*\Z"
)
_HEADING_WORDS = frozenset(
    {"in", "witness", "whereof", "agreed", "accepted", "signed", "executed", "behalf", "for", "by"}
)


def _wrapped_head(text: str, start: int, name: str) -> str | None:
    """The first line of a signing company's name wrapped above ``name`` at ``start``."""
    if not _ONE_WORD_AND_FORM.fullmatch(name):
        return None
    above = _CAPITALS_LINE_ABOVE.search(text, max(0, start - 120), start)
    if not above:
        return None
    words = {w.lower() for w in above.group("head").split()}
    return None if words & (_ROLE_WORDS | _HEADING_WORDS) else above.group("head")


def _signing_companies(text: str) -> list[str]:
    names = []
    for m in _SIGNING_COMPANY.finditer(text):
        name = m.group("name")
        head = _wrapped_head(text, m.start("name"), name)
        names.append(f"{head} {name}" if head else name)
    return names


#: A letter's close ("Very truly yours," or "."), the sender's name on the next line ("ACME INC.
#: d/b/a BETA"): the company that writes the letter, though a trade name, an alias or an
#: "Accepted and agreed" line may stand between it and its "By:".
_LETTER_CLOSE = re.compile(
    r"^[ \t]*(?:(?:Very\s+)?(?:truly|sincerely|faithfully)\s+yours|Sincerely"
    r"|Yours\s+(?:very\s+)?(?:truly|sincerely|faithfully))"
    r"[ \t]*[,.]?[ \t]*\n\s*(?P<line>[^\n]{3,120})",
    re.IGNORECASE | re.MULTILINE,
)


def _before_by(line: str) -> str:
    """A signature line up to its "By:" ("ACME INC. By: /s/ Jane Roe" gives "ACME INC. ")."""
    return re.split(r"\bBy\s*:", line)[0]


#: A bank signs under its name alone, with no legal form ("LAURENTIDE DOMINION BANK", "BANK OF
#: MONTREAL")
_BANK_NAME = re.compile(r"\bBank$|^(?:The\s+)?Bank\s+of\s", re.IGNORECASE)


def _company_on(line: str) -> str | None:
    """The company a signature line opens with, read as the preamble reads a name, up to its
    "By:": a name with its legal form, or a bank's."""
    name = name_opening(_before_by(line))
    return name if name and (_LEGAL_FORM.search(name) or _BANK_NAME.search(name)) else None


def _closing_companies(text: str) -> list[str]:
    """The company named right under a letter's close."""
    names = (_company_on(m.group("line")) for m in _LETTER_CLOSE.finditer(text))
    return [name for name in names if name]


#: The countersignature of a letter agreement ("Accepted and agreed as of the date first
#: written above:", "CONFIRMED AND AGREED AS" / "OF THE DATE WRITTEN ABOVE:", "ACKNOWLEDGED
#: AND AGREED"): the company that accepts is named on one of the next lines.
_ACCEPTANCE = re.compile(
    r"^[ \t]*(?:Accepted|Agreed|Confirmed|Acknowledged)(?:,?[ \t]+(?:and|&)[ \t]+"
    r"(?:Accepted|Agreed|Confirmed|Acknowledged))?\b[^\n]{0,80}\n"
    # an English letter's acceptor speaks in the first person ("We agree to the terms of this
    # letter.", "We hereby acknowledge and agree ...", "We confirm our agreement to the above.")
    # or signs "in acceptance of" the terms
    r"|^[ \t]*We[ \t]+(?:hereby[ \t]+)?(?:agree|accept|acknowledge|confirm)\b[^\n]{0,100}\n"
    r"|^[^\n]{0,120}\bin[ \t]+acceptance[ \t]+of\b[^\n]{0,80}\n"
    # a PDF's text may run the heading onto the line above ("Title: Managing Director
    # Acknowledged and agreed as of the date first written above:"): the pair of words, a
    # capital first, and the colon that ends the heading's line
    r"|[ \t](?-i:Accepted|Agreed|Confirmed|Acknowledged|ACCEPTED|AGREED|CONFIRMED|ACKNOWLEDGED)"
    r",?[ \t]+(?:and|&)[ \t]+(?:Accepted|Agreed|Confirmed|Acknowledged)\b[^\n:]{0,80}:[ \t]*\n",
    re.IGNORECASE | re.MULTILINE,
)
_LETTER_SPAN = 1500  # how far below the close its acceptance may stand


#: An English signature names the company its signer signs for after "on behalf of" ("/s/ Jane
#: Roe" / "For and on behalf of" / "ACME LLP", "Director, for and on behalf of ACME Limited",
#: "Signed for and on behalf of ACME Ltd in acceptance ...", "Acknowledged and agreed by ACME
#: Ltd:"): the company is what follows, on that line or the next.
_ON_BEHALF_OF = re.compile(r"^.*?\b(?:on[ \t]+behalf[ \t]+of|agreed[ \t]+by)[ \t]*", re.IGNORECASE)
_SIGNATURE_LINES = 3  # lines under a close or an acceptance that may name the company


def _signing_for(line: str) -> str | None:
    """The company a signature line names: after "on behalf of", or opening the line."""
    behalf = _ON_BEHALF_OF.match(line)
    return _company_on(line[behalf.end() :] if behalf else line)


def _accepting_company(text: str, heading: re.Match[str]) -> str | None:
    """The company the acceptance heading names ("Acknowledged and agreed by ACME Ltd:"), or
    else the one on the first of the lines under it that reads as one company (the heading
    may go on: "... as of" / "the date first written above:")."""
    if (on_heading := _ON_BEHALF_OF.match(heading.group())) and (
        name := _company_on(heading.group()[on_heading.end() :])
    ):
        return name
    below = [x for x in text[heading.end() : heading.end() + 400].splitlines() if x.strip()]
    return next((name for line in below[:_SIGNATURE_LINES] if (name := _signing_for(line))), None)


def letter_signatories(passages: list[Passage]) -> tuple[Passage, Candidate] | None:
    """A letter agreement is made between whoever writes it and whoever countersigns it: the
    company under the close ("Very truly yours," / "ACME INC.") and the company under the
    acceptance below it ("Accepted and agreed:" / "BETA LLC"). Its opening speaks of others
    (the company for sale, an adviser writing on its behalf), so both names, or nothing. A
    signature that names no company is the letterhead's (the sender) or the addressee's (the
    acceptor), in a letter that is countersigned (:func:`_letterhead_and_addressee`)."""
    in_order = sorted(passages, key=lambda x: x.start)
    ends = _letterhead_and_addressee(in_order)
    for p in in_order:
        for close in _LETTER_CLOSE.finditer(p.text):
            if names := _sender_and_acceptor(p.text, close, ends):
                raw, start, end = close.group(0), close.start(), close.end()
                return p, Candidate(names, raw, start, end, kind="letter")
    return None


def _sender_and_acceptor(
    text: str, close: re.Match[str], ends: tuple[str | None, str | None]
) -> list[str] | None:
    line = _before_by(close.group("line"))
    if re.search(r"\S[ \t]{3,}\S", line):
        return None  # side-by-side signature columns run two names into one line
    window = text[close.end() : close.end() + _LETTER_SPAN]
    headings = list(_ACCEPTANCE.finditer(window))
    acceptor = next((a for m in headings if (a := _accepting_company(window, m))), None)
    sender = _company_on(line) or _company_under_close(text, close, headings)
    if headings:  # countersigned: the letter's two ends stand for a signature that names none
        sender, acceptor = sender or ends[0], acceptor or ends[1]
    if sender is None or acceptor is None or same_party(sender, acceptor):
        return None
    return [sender, acceptor]


def _company_under_close(
    text: str, close: re.Match[str], headings: list[re.Match[str]]
) -> str | None:
    """The company an English signature under the close signs for, a few lines down ("/s/ Jane
    Roe" / "For and on behalf of" / "ACME LLP"), above the acceptance."""
    stop = close.end() + headings[0].start() if headings else close.end() + 400
    lines = [x for x in text[close.start("line") : stop].splitlines() if x.strip()]
    return next((name for x in lines[:_SIGNATURE_LINES] if (name := _signing_for(x))), None)


#: The lines at the head of a letter that may hold its sender's name (the letterhead).
_LETTERHEAD_LINES = 3


def _letterhead_and_addressee(in_order: list[Passage]) -> tuple[str | None, str | None]:
    """The company a letter's letterhead names (a line of its own among the document's first
    lines) and the company its inside address names (the nearest line above the salutation
    that is one company's name, past the date, "For the attention of" and street lines)."""
    if not in_order:
        return None, None
    text = "\n\n".join(p.text for p in in_order)
    salutation = _SALUTATION.search(text)
    if salutation is None:
        return None, None
    above = [x.strip() for x in text[: salutation.start()].splitlines() if x.strip()]
    head = above[:_LETTERHEAD_LINES] if in_order[0].start == 0 else []
    sender = next((name for x in head if (name := _company_line(x))), None)
    rest = above[len(head) :][-_LETTER_WINDOW:] if sender else above[-_LETTER_WINDOW:]
    addressee = next((name for x in reversed(rest) if (name := _company_line(x))), None)
    return sender, addressee


def _company_line(line: str) -> str | None:
    """A line that is one company's name and nothing else ("ACME Securities LLP")."""
    name = _company_on(line)
    return name if name and name == squash_spaces(line).rstrip(" ,") else None


#: An employee form's first-person opening: "I, Jane Q. Roe, enter into this Agreement with
#: ACME, Inc.", "I, Jane Roe ("Employee"), hereby agree with the Company". Only verbs that make
#: the speaker a party: "I, Jane Roe, Secretary of ACME, certify" is an officer's certificate.
_FIRST_PERSON_PARTY = re.compile(
    rf"(?<![\w.])I,[ \t]+(?P<name>{_PERSON})[ \t]*(?:\([^()\n]{{1,40}}\)[ \t]*)?,?[ \t]+"
    r"(?:hereby[ \t]+)?(?:enter[ \t]+into|agree|make[ \t]+this)\b"
)


def _first_person_party(text: str) -> str | None:
    """The individual an employee form names in its first-person opening
    (``_FIRST_PERSON_PARTY``)."""
    for m in _FIRST_PERSON_PARTY.finditer(text):
        name = squash_spaces(m.group("name"))
        if _a_persons_name(name):
            return name
    return None


def counterparties(passages: list[Passage]) -> list[str]:
    """Who a preamble leaves out when it names only one party, most reliable first: the
    individual who speaks in the first person ("I, Jane Roe, enter into this Agreement with"),
    the signer it names only as "the undersigned" (:func:`_placeholder_signer`), the addressee
    of a letter, the individual who signs (:func:`_signer`), the company under a letter's close,
    a company that signs."""
    # the inside address and the salutation may sit in two adjacent chunks
    in_order = sorted(passages, key=lambda p: p.start)
    text = "\n\n".join(p.text for p in in_order)
    found = [_first_person_party(text), _placeholder_signer(text), _letter_addressee(text)]
    found.append(_signer(passages))
    found += [name for p in passages for name in _closing_companies(p.text)]
    found += [name for p in passages for name in _signing_companies(p.text)]
    return [name for name in found if name]


def _signer(passages: list[Passage]) -> str | None:
    """The individual who signs under a "/s/" line without a title (:func:`_individual_signer`)."""
    for p in passages:
        if name := _individual_signer(p.text):
            return name
    return None


def signed_parties(passages: list[Passage]) -> list[tuple[Passage, Candidate]]:
    """The parties of a document whose opening names none ("the parties agree as follows"):
    the companies that sign over a "By:" line, and the individual who signs under "/s/". Two
    names at least, each a clean one, or nothing: one signature names one side only."""
    names: list[str] = []
    first: tuple[Passage, re.Match[str]] | None = None
    for p in sorted(passages, key=lambda x: x.start):
        for m in _SIGNING_COMPANY.finditer(p.text):
            name = squash_spaces(m.group("name"))
            if not reads_as_one_name(name):  # "Date: ... ACME INC.", "For and on behalf of"
                return []
            if not any(same_party(name, n) for n in names):
                names.append(name)
                first = first or (p, m)
    signer = _signer(passages)
    if signer and not any(same_party(signer, n) for n in names):
        names.append(signer)
    if first is None or len(names) < 2:
        return []
    p, m = first
    return [(p, Candidate(names, m.group("name"), m.start(), m.end("name"), kind="signed"))]


def party_list_candidates(
    passages: list[Passage],
) -> tuple[list[tuple[Passage, Candidate, list[str]]], bool]:
    """Every party list the passages offer, with its names as the parties mode scores them,
    and whether they were read from the signature blocks.

    Each "between" clause and labelled list, aliases defined anywhere expanded and the names
    cleaned; a list naming one side completed by the first counterparty (the other side signs
    or is addressed); defined names counted only in the first three chunks. When no opening
    names a party (a letter, "the parties agree as follows"), the signature blocks'
    (:func:`signed_parties`). A letter agreement signed under its close and countersigned
    under an acceptance is read from those two signatures alone (:func:`letter_signatories`),
    unless its opening states its parties in a "between" clause (a contract that ends with a
    side letter). One function, so ``scripts/rule_usage.py`` counts what the extractor reads."""
    found = _clause_lists(passages)
    letter = letter_signatories(passages)
    if letter is not None and not any(_opening_clause(p, c) for p, c, _ in found):
        p, c = letter
        return [(p, c, _as_defined(c.value, passages, every=True))], True
    if found:
        return found, False
    signed = signed_parties(passages)
    return [(p, c, _as_defined(c.value, passages, every=True)) for p, c in signed], True


def _as_defined(names: list[str], passages: list[Passage], every: bool = False) -> list[str]:
    """Names read from signature blocks, as the text defines them: a block sets a name in
    capitals ("GLENROSE MEDICAL DEVICES, INC.") that the opening defines in its own casing
    ('Glenrose Medical Devices, Inc. ("Glenrose")'), and the labelled sets write a name as its
    definition does, or else as the body writes it (a letter's addressee block, a sentence).
    A list read from the blocks alone (``every``) changes only when the text spells every name
    so: one list, one casing."""
    text = "\n\n".join(p.text for p in sorted(passages, key=lambda x: x.start))
    found = [_defining_mention(name, text) or _body_spelling(name, text) for name in names]
    if every and None in found:
        return names
    return [mention or name for mention, name in zip(found, names, strict=True)]


#: A defined-term parenthetical after a name ('("Glenrose")', '(the "Company")', '(together
#: with its subsidiaries, the "Company")'), right after it or after the apposition that says
#: what it is (', a Delaware limited partnership ("you")'): a letter that names its parties
#: without a "between" clause defines them so ("X, a Brazilian corporation (the "Company"),
#: understands that Y, a Delaware limited partnership ("you"), is considering ...").
_DEFINES = (
    # the apposition may hold a bracketed word ("a Schedule I bank under the Bank Act (Canada)")
    r"(?:,\s+an?\s+(?:[^()\"“”;]|\([^()\"“”;\n]{1,30}\)){1,150}?)?"
    r"[ \t]*\([^()\"“\n]{0,50}?[\"“]"
)


def _defining_mention(name: str, text: str) -> str | None:
    """The name as written where a defined term follows it, in any casing."""
    words = r"\s+".join(re.escape(w) for w in name.split())
    m = re.search(rf"(?<![\w.]){words}(?={_DEFINES})", text, re.IGNORECASE)
    return squash_spaces(m.group()) if m else None


def _body_spelling(name: str, text: str) -> str | None:
    """A name set in capitals, as the text writes it elsewhere in its own case ('VERDEMONT
    FOODS, S.L.' signs for 'Verdemont Foods, S.L.' of the body or the addressee block)."""
    if name != name.upper():
        return None
    words = r"\s+".join(re.escape(w) for w in name.split())
    for m in re.finditer(rf"(?<![\w.]){words}(?!\w)", text, re.IGNORECASE):
        if m.group() != m.group().upper():
            return squash_spaces(m.group())
    return None


def _opening_clause(p: Passage, c: Candidate) -> bool:
    """A "between" clause (or labelled list) in the document's first three chunks."""
    return c.kind == "between" and p.holder(c.start)[1].chunk.position <= 2


def _clause_lists(passages: list[Passage]) -> list[tuple[Passage, Candidate, list[str]]]:
    """The clauses' and defined terms' lists, as :func:`party_list_candidates` describes."""
    others = _as_defined(counterparties(passages), passages)
    aliases = {k: v for p in passages for k, v in defined_aliases(p.text).items()}
    found = []
    for p in passages:
        for c in find_party_lists(p.text) + labelled_parties(p.text):
            names = clean_names(expand_aliases(c.value, aliases))
            if len(names) == 1:
                names += [o for o in others if not same_party(o, names[0])][:1]
            if not names or (c.kind == "defined" and p.holder(c.start)[1].chunk.position > 2):
                continue
            found.append((p, c, names))
    return found
