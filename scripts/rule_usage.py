#!/usr/bin/env python3
"""How often each special case of the candidate readers fires on a labelled set, and whether
it earns its keep.

    .venv/bin/python scripts/rule_usage.py --run TRAIN_RUN.jsonl --jobs 2 \\
        --json usage.json --out docs/rule_usage.md            # the report (about an hour)
    .venv/bin/python scripts/rule_usage.py --list             # the inventory
    .venv/bin/python scripts/rule_usage.py --run TRAIN_RUN.jsonl --snapshot before.pkl
    ... delete a batch of entries ...
    .venv/bin/python scripts/rule_usage.py --run TRAIN_RUN.jsonl --against before.pkl

The readers (``values.find_candidates`` for dates, durations, places, money and percentages;
``find_party_lists`` + ``labelled_parties`` + ``defined_aliases`` + ``clean_names`` +
``counterparties`` for parties, combined as the parties mode of ``rules.py`` combines them) run
once as the code stands and once per inventory entry with that entry removed from the source
(an ablation: the module's source is edited in memory, re-executed with the modules that import
from it, and restored afterwards). Two views of each document: ``text``, its whole text as
the extractor reads it (the PDF parsed by ``parse_document``, whose column-by-column layout of
side-by-side signature blocks differs from the ``.txt``; ``--text-from txt`` reads the
``.txt``), and
``retrieved`` (with ``--run``, an ``eval --out`` run on the same documents), the chunks that run
retrieved for the reader's fields, merged into passages as the rule extractor merges them. Per
entry and view:

- **hits**: documents where the entry's text occurs in the context it needs (an upper bound on
  where it can act; the ablation only runs on these documents);
- **changed**: documents whose reader output (values, offsets, role hints, name quality)
  differs without the entry: where it acts;
- **gold**: of those, documents where a candidate matching a gold value changed;
- **+ / -**: documents where some gold value of the reader's fields is among the candidates
  with the entry but not without it (it helps), and the reverse (it hurts).

One entry at a time misses redundancy (two entries that each catch the same case look inert
alone), so a batch of deletions is checked at once with ``--snapshot`` / ``--against``.

Fit on train (``contracts-train``, the default), never on ``contracts-dev``. The inventory below
is part of the method: a new stoplist entry or regex branch in the readers gets a line here, and
an entry whose text is no longer in its file stops the run with its name. ``--out`` rewrites
the report above the line ``## Removed special cases``; that section (the log of what was
deleted and why) is kept as written.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import pickle
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
PKG = "intelligent_extraction.extraction"
_REMOVED_MARKER = "## Removed special cases"

#: Modules whose entries are measured, in import order: an edited module is re-executed with
#: every module after it, so names they import from it (and regexes they build from its
#: constants, such as ``CORPORATE_SUFFIX``) see the edit.
MODULES = {
    "values/numbers.py": f"{PKG}.values.numbers",
    "values/dates.py": f"{PKG}.values.dates",
    "values/durations.py": f"{PKG}.values.durations",
    "values/money.py": f"{PKG}.values.money",
    "values/percent.py": f"{PKG}.values.percent",
    "values/places.py": f"{PKG}.values.places",
    "values/parties.py": f"{PKG}.values.parties",
    "values/__init__.py": f"{PKG}.values",
    "scoring.py": f"{PKG}.scoring",
    "party_rules.py": f"{PKG}.party_rules",
    "rules.py": f"{PKG}.rules",
}
_SRC_DIR = ROOT / "intelligent_extraction" / "extraction"


# --------------------------------------------------------------------------- inventory


@dataclass
class Rule:
    name: str
    path: str  # relative to intelligent_extraction/extraction
    old: str  # a unique stretch of the module's source ...
    new: str  # ... and what it becomes without the entry
    line: int
    probe: str  # regex: documents where the entry's text occurs
    readers: tuple[str, ...]
    generic: bool = False
    flags: int = re.IGNORECASE
    requires: str | None = None  # a second regex the document must match too

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


_SOURCES: dict[str, str] = {}


def _source(path: str) -> str:
    if path not in _SOURCES:
        _SOURCES[path] = (_SRC_DIR / path).read_text(encoding="utf-8")
    return _SOURCES[path]


def _line(src: str, offset: int) -> int:
    return src.count("\n", 0, offset) + 1


def _segment(path: str, start: str, end: str) -> tuple[int, int]:
    src = _source(path)
    if src.count(start) != 1:
        raise SystemExit(f"inventory out of date: {start!r} is not once in {path}")
    lo = src.index(start)
    hi = src.index(end, lo + len(start)) + len(end)
    return lo, hi


_READERS_BY_FILE = {
    "values/numbers.py": ("date", "duration", "money", "percent"),
    "values/dates.py": ("date",),
    "values/durations.py": ("duration",),
    "values/money.py": ("money",),
    "values/percent.py": ("percent",),
    "values/places.py": ("place", "party"),  # parties reject place names
    "values/parties.py": ("party",),
    "party_rules.py": ("party",),
    "scoring.py": ("date",),  # sentence bounds: the modes read roles in them, no reader does
    "rules.py": ("title",),
}


def words(
    path: str, start: str, end: str, entries: str, *, label: str, generic=(), **kw
) -> list[Rule]:
    """One rule per word of a word list written as a string between ``start`` and ``end``."""
    lo, hi = _segment(path, start, end)
    src = _source(path)
    segment = src[lo:hi]
    rules = []
    for word in entries.split():
        hits = [m for m in re.finditer(rf"(?<=[\s\"]){re.escape(word)}(?=[\s\"])", segment)]
        if len(hits) != 1:
            raise SystemExit(f"inventory: {word!r} is in the {label} list {len(hits)} times")
        s, e = hits[0].span()
        s, e = (s, e + 1) if segment[e] == " " else (s - 1, e)
        rules.append(
            Rule(
                name=f"{label}: {word}",
                path=path,
                old=segment,
                new=segment[:s] + segment[e:],
                line=_line(src, lo + hits[0].start()),
                probe=kw.get("probe")
                or (rf"\b{re.escape(word)}\b" if word.isalnum() else re.escape(word)),
                readers=kw.get("readers") or _READERS_BY_FILE[path],
                generic=generic is True or (generic is not False and word in generic),
                requires=kw.get("requires"),
            )
        )
    return rules


def branches(
    path: str,
    start: str,
    end: str,
    entries: Iterable[str | tuple[str, str]],
    *,
    label: str,
    generic: bool | Iterable[str] = (),
    flags: int = re.IGNORECASE,
    requires: str | None = None,
    readers: tuple[str, ...] | None = None,
) -> list[Rule]:
    """One rule per alternative of a regex alternation written between ``start`` and ``end``.

    An entry is the alternative as written in the source, or (alternative, probe) when the
    probe is not the alternative itself between letter boundaries.
    """
    lo, hi = _segment(path, start, end)
    src = _source(path)
    segment = src[lo:hi]
    rules = []
    for entry in entries:
        branch, probe = entry if isinstance(entry, tuple) else (entry, None)
        pattern = rf"(?<=[|:(\"]){re.escape(branch)}(?=[|)\"])"
        hits = [m for m in re.finditer(pattern, segment)
                if not (segment[m.start() - 1] == '"' and segment[m.end()] == '"')]
        if len(hits) != 1:
            raise SystemExit(f"inventory: {branch!r} is in {label} {len(hits)} times")
        s, e = hits[0].span()
        if segment[e] == "|":
            new = segment[:s] + segment[e + 1 :]
        elif segment[s - 1] == "|":
            new = segment[: s - 1] + segment[e:]
        elif joined := re.search(r"\|(\"\s*[rf]{1,2}\")$", segment[:s]):
            new = segment[: joined.start()] + joined.group(1) + segment[e:]
        else:
            raise SystemExit(f"inventory: cannot cut {branch!r} out of {label}")
        is_generic = generic is True or (generic is not False and branch in generic)
        rules.append(
            Rule(
                name=f"{label}: {branch}",
                path=path,
                old=segment,
                new=new,
                line=_line(src, lo + s),
                probe=probe or rf"(?<![A-Za-z])(?:{branch})(?![A-Za-z])",
                readers=readers or _READERS_BY_FILE[path],
                generic=is_generic,
                flags=flags,
                requires=requires,
            )
        )
    return rules


def edit(path: str, name: str, old: str, new: str, probe: str, *, generic=False, flags=re.I,
         requires=None, readers=None) -> Rule:
    """A rule removed by replacing ``old`` (once in the file) with ``new``."""
    src = _source(path)
    if src.count(old) != 1:
        raise SystemExit(f"inventory out of date: {name}: {old!r} is not once in {path}")
    return Rule(name, path, old, new, _line(src, src.index(old)), probe,
                readers or _READERS_BY_FILE[path], generic, flags, requires)


#: party_rules.counterparties' line of the readers it asks first (three entries remove one each)
_COUNTERPARTIES_LINE = (
    "    found = [_first_person_party(text), _placeholder_signer(text), _letter_addressee(text)]"
)


def inventory() -> list[Rule]:
    """Every special case of the candidate readers, with how to take it out."""
    pr, vp = "party_rules.py", "values/parties.py"
    rules: list[Rule] = []
    # ---------------------------------------------------------------- party_rules.py
    rules += words(
        pr, "_ROLE_WORDS = frozenset(", ")", (
            "the a an company employer employee executive directors buyer seller purchaser "
            "licensor licensee party parties recipient discloser consultant investor you "
            "counterparts owner supplier customer distributor agent affiliates"
        ), label="role word", generic=set(
            "the a an company employer employee executive buyer seller purchaser licensor "
            "licensee party parties recipient discloser consultant investor owner supplier "
            "customer distributor agent".split()
        ),
    )
    rules.append(edit(
        pr, "a signing company's name wrapped over two lines above its By: is read whole",
        '        head = _wrapped_head(text, m.start("name"), name)\n', "        head = None\n",
        r"\n[ \t]*[A-Z][A-Z&'.-]+(?:[ \t]+[A-Z][A-Z&'.-]+)+[ \t]*\n(?:[ \t]*\n)?[ \t]*"
        r"[A-Z][\w&'-]*,?[ \t]+(?:Inc|LLC|Ltd|Corp|LP|L\.P)\.?[ \t,:]*\n\s*By\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        pr, "a name read from a signature block takes the casing of its defining mention",
        "    return [mention or name for mention, name in zip(found, names, strict=True)]\n",
        "    return names\n",
        r"\n[ \t]*[A-Z][A-Z&.,'’ -]+(?:INC|LLC|LTD|LIMITED|CORPORATION|COMPANY|L\.P)\.?[ \t,:]*\n"
        r"\s*By\b", flags=0, generic=True,
    ))
    rules.append(edit(
        pr, "a name read from a signature block in capitals takes the body's spelling when no "
        "definition gives one (a letter's addressee block, a sentence) (_body_spelling)",
        " or _body_spelling(name, text) for name in names]", " for name in names]",
        r"\n[ \t]*[A-Z][A-Z&.,'’ -]+(?:INC|LLC|LTD|LIMITED|CORPORATION|COMPANY|L\.P|S\.L|S\.A)\.?"
        r"[ \t,:]*\n\s*By\b", flags=0, generic=True,
    ))
    rules.append(edit(
        pr, "a defining mention may put what the party is between its name and its defined term "
        "('Ardent Peak Equity Partners, L.P., a Delaware limited partnership (\"you\")') (_DEFINES)",
        '    r"(?:,\\s+an?\\s+(?:[^()\\"“”;]|\\([^()\\"“”;\\n]{1,30}\\)){1,150}?)?"\n', "",
        r"[A-Z][\w.&]+,\s+an?\s+[^()\"“”;]{1,150}?\s*\([^()\"“\n]{0,50}?[\"“]", generic=True,
    ))
    rules.append(edit(
        pr, "the apposition between a name and its defined term may hold a bracketed word ('a "
        "Schedule I bank under the Bank Act (Canada) (the \"Arranger\")') (_DEFINES)",
        '(?:[^()\\"“”;]|\\([^()\\"“”;\\n]{1,30}\\)){1,150}?', '[^()\\"“”;]{1,150}?',
        r",\s+an?\s+[^()\"“”;]{1,150}?\([^()\"“”;\n]{1,30}\)[^()\"“”;]{0,150}?\s*"
        r"\([^()\"“\n]{0,50}?[\"“]", generic=True,
    ))
    rules.append(edit(
        pr, "a bank signs under its name alone, no legal form ('LAURENTIDE DOMINION BANK', 'BANK OF "
        "MONTREAL') (_BANK_NAME)",
        '    return name if name and (_LEGAL_FORM.search(name) or _BANK_NAME.search(name)) else None\n',
        '    return name if name and _LEGAL_FORM.search(name) else None\n',
        r"(?m)^[ \t]*(?:(?:[A-Z][\w&'-]*[ \t]+){1,4}BANK|(?:THE[ \t]+)?BANK[ \t]+OF[ \t]+[A-Z][\w-]*)"
        r"[ \t,]*\n", generic=True,
    ))
    rules.append(edit(
        pr, "a defined term may open with more than 'the' ('(together with its subsidiaries, the "
        "\"Company\")') (_DEFINES)",
        '    r"[ \\t]*\\([^()\\"“\\n]{0,50}?[\\"“]"\n',
        '    r"[ \\t]*\\([ \\t]*(?:the[ \\t]+|hereinafter[^()\\n]{0,30}?)?[\\"“]"\n',
        r"\((?!\s*(?:the\s+|hereinafter))[^()\"“\n]{1,50}?[\"“]", generic=True,
    ))
    rules.append(edit(
        pr, "an individual who signs under an acceptance comes before the letter's signer",
        "    return (accepting or [name for name, _ in signers] or [None])[0]",
        "    return ([name for name, _ in signers] or [None])[0]",
        r"\b(?:accept(?:s|ed)?|agree[sd]?)\b[^\n]*\n[^\n]*/s/", generic=True,
    ))
    rules += branches(
        pr, "_OFFICER_LINE = re.compile(", "re.IGNORECASE", [
            "By", "Title", "Its", (r"Name\s*:", r"\bName\s*:"), "Officer",
        ], label="officer line under /s/", requires=r"/s/",
        generic={"By", "Title", "Its", r"Name\s*:", "Officer"},
    )
    rules += branches(
        pr, "_INDIVIDUAL_HEADER = re.compile(", "re.IGNORECASE", [
            "employee", "executive", "associate", "consultant",
        ], label="individual signature header", requires=r"/s/",
        generic={"employee", "executive", "associate", "consultant"},
    )
    rules.append(edit(
        pr, "'PARTIES:' label read as a between clause (labelled_parties)",
        "    for m in _PARTIES_LABEL.finditer(text):", "    for m in ():",
        r"\bPARTIES\s*:\s*(?!\(\s*(?:1|a|i)\s*\))", flags=0,
    ))
    rules.append(edit(
        pr, "an individual signs under /s/ (_individual_signer)",
        "        if name := _individual_signer(p.text):", "        if name := None:", r"/s/",
    ))
    rules.append(edit(
        pr, "By: /s/ under a role header or the attestation is an individual (_by_an_individual)",
        "        if m.group(\"by\") and not _by_an_individual(above):",
        "        if m.group(\"by\"):", r"\bBy\s*:?\s*/s/",
    ))
    rules.append(edit(
        pr, "the addressee of a letter (_letter_addressee)",
        _COUNTERPARTIES_LINE,
        "    found = [_first_person_party(text), _placeholder_signer(text), None]",
        r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)\s*[:,]", flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "the signer a preamble names only as 'the undersigned' (_placeholder_signer)",
        _COUNTERPARTIES_LINE,
        "    found = [_first_person_party(text), None, _letter_addressee(text)]",
        r"\bthe\s+(?:undersigned|(?:person|individual)\s+whose\s+name)",
    ))
    rules.append(edit(
        pr, "an employee form's first-person opening names the individual ('I, Jane Roe, enter "
        "into this Agreement with ACME, Inc.', 'I, Jane Roe (\"Employee\"), hereby agree') "
        "(_first_person_party)",
        _COUNTERPARTIES_LINE,
        "    found = [None, _placeholder_signer(text), _letter_addressee(text)]",
        r"(?<![\w.])I,[ \t]+[A-Z][\w'’.-]*(?:[ \t]+[A-Z][\w'’.-]*){1,3}[ \t]*"
        r"(?:\([^()\n]{1,40}\)[ \t]*)?,?[ \t]+(?:hereby[ \t]+)?(?:enter[ \t]+into|agree"
        r"|make[ \t]+this)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        pr, "a company heading the undersigned's signature block is that side "
        "(_reads_as_a_company)",
        "            if _reads_as_a_person(name) or _reads_as_a_company(name):",
        "            if _reads_as_a_person(name):",
        r"\bthe\s+(?:undersigned|(?:person|individual)\s+whose\s+name)", generic=True,
    ))
    rules += branches(
        pr, "_SALUTATION = re.compile(", "re.IGNORECASE | re.MULTILINE", [
            (r"Ladies\s+and\s+Gentlemen", r"^Ladies\s+and\s+Gentlemen\s*[:,]"),
        ], label="salutation", flags=re.I | re.M,
    )
    rules.append(edit(
        pr, "the company under a letter's close (_closing_companies)",
        "    found += [name for p in passages for name in _closing_companies(p.text)]\n", "",
        r"^[ \t]*(?:(?:Very\s+)?(?:truly|sincerely|faithfully)\s+yours|Sincerely|Yours\s+(?:very\s+)?"
        r"(?:truly|sincerely|faithfully))[ \t]*[,.]?[ \t]*\n", flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "a letter's close with 'very' after 'Yours' or with 'yours' last ('Yours very truly,', "
        "'Faithfully yours,') (_LETTER_CLOSE)",
        '    r"^[ \\t]*(?:(?:Very\\s+)?(?:truly|sincerely|faithfully)\\s+yours|Sincerely"\n'
        '    r"|Yours\\s+(?:very\\s+)?(?:truly|sincerely|faithfully))"\n',
        '    r"^[ \\t]*(?:Very\\s+truly\\s+yours|Sincerely(?:\\s+yours)?|Yours\\s+(?:truly|sincerely'
        '|faithfully))"\n',
        r"^[ \t]*(?:Yours\s+very\s+(?:truly|sincerely|faithfully)|(?:very\s+)?(?:faithfully|truly)"
        r"\s+yours|very\s+sincerely\s+yours)[ \t]*[,.]?[ \t]*\n", flags=re.I | re.M, generic=True,
    ))
    rules.append(edit(
        pr, "an acceptance heading a PDF's text runs onto the line above ('Title: Managing "
        "Director Acknowledged and agreed as of the date first written above:') (_ACCEPTANCE)",
        '    r"|[ \\t](?-i:Accepted|Agreed|Confirmed|Acknowledged|ACCEPTED|AGREED|CONFIRMED|'
        'ACKNOWLEDGED)"\n', '    r"|(?!)(?-i:Accepted|Agreed|Confirmed|Acknowledged|ACCEPTED|AGREED|'
        'CONFIRMED|ACKNOWLEDGED)"\n',
        r"\S[ \t]+(?:Accepted|Agreed|Confirmed|Acknowledged),?[ \t]+(?:and|&)[ \t]+"
        r"(?:Accepted|Agreed|Confirmed|Acknowledged)\b[^\n:]{0,80}:[ \t]*\n", generic=True,
    ))
    rules.append(edit(
        pr, "a letter agreement is between its sender and its acceptor (letter_signatories)",
        "    letter = letter_signatories(passages)\n", "    letter = None\n",
        r"^[ \t]*(?:Accepted|Agreed|Confirmed|Acknowledged)\b", flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "a salutation with no stop after it, as English letters write it ('Dear Sirs') "
        "(_SALUTATION)",
        r'    r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)\s*(?:[:,]|[ \t]*$)",',
        r'    r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)\s*[:,]",',
        r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)[ \t]*$", flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "an English letter's acceptor speaks in the first person ('We agree to the terms of "
        "this letter.') (_ACCEPTANCE)",
        '    r"|^[ \\t]*We[ \\t]+(?:hereby[ \\t]+)?(?:agree|accept|acknowledge|confirm)\\b'
        '[^\\n]{0,100}\\n"\n', "",
        r"^[ \t]*We[ \t]+(?:hereby[ \t]+)?(?:agree|accept|acknowledge|confirm)\b[^\n]{0,100}\n",
        flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "an acceptor signs 'in acceptance of' the terms (_ACCEPTANCE)",
        '    r"|^[^\\n]{0,120}\\bin[ \\t]+acceptance[ \\t]+of\\b[^\\n]{0,80}\\n"\n', "",
        r"\bin[ \t]+acceptance[ \t]+of\b", flags=re.I,
    ))
    rules.append(edit(
        pr, "an English signature names its company after 'on behalf of' ('/s/ Jane Roe' / "
        "'For and on behalf of' / 'ACME LLP', 'agreed by ACME Ltd:') (_signing_for)",
        "    return _company_on(line[behalf.end() :] if behalf else line)",
        "    return _company_on(line)",
        r"\b(?:on[ \t]+behalf[ \t]+of|agreed[ \t]+by)\b",
    ))
    rules.append(edit(
        pr, "an acceptance heading that names the company ('Acknowledged and agreed by ACME "
        "Ltd:') (_accepting_company)",
        "    if (on_heading := _ON_BEHALF_OF.match(heading.group())) and (",
        "    if (on_heading := None) and (",
        r"\b(?:on[ \t]+behalf[ \t]+of|agreed[ \t]+by)\b[^\n]*\n",
    ))
    rules.append(edit(
        pr, "the company an English signature under a letter's close signs for, a few lines down "
        "(_company_under_close)",
        "    sender = _company_on(line) or _company_under_close(text, close, headings)",
        "    sender = _company_on(line)",
        r"^[ \t]*(?:(?:Very\s+)?(?:truly|sincerely|faithfully)\s+yours|Sincerely|Yours\s+"
        r"(?:very\s+)?(?:truly|sincerely|faithfully))[ \t]*[,.]?[ \t]*\n", flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "a countersigned letter's letterhead and addressee stand for a signature that names "
        "no company (_letterhead_and_addressee)",
        "        sender, acceptor = sender or ends[0], acceptor or ends[1]",
        "        sender, acceptor = sender, acceptor",
        r"^(?:Dear\s+[^\n]{1,60}?|Ladies\s+and\s+Gentlemen)\s*(?:[:,]|[ \t]*$)",
        flags=re.I | re.M,
    ))
    rules.append(edit(
        pr, "a company that signs over a By: line (_signing_companies)",
        "    found += [name for p in passages for name in _signing_companies(p.text)]", "",
        r"\n\s*By\b",
    ))
    rules.append(edit(
        pr, "no opening names a party: the signature blocks do (signed_parties)",
        "    if first is None or len(names) < 2:", "    if True:", r"\n\s*By\b",
    ))
    rules.append(edit(
        pr, "aliases expanded to the names they stand for (expand_aliases)",
        "    return [aliases.get(n.strip().lower(), n) for n in names]", "    return names",
        r"\([^()]*[\"“][^()]*\)",
    ))
    rules.append(edit(
        pr, "a placeholder group ('THE SHAREHOLDERS NAMED HEREIN') names no party and costs its "
        "list a name (_PLACEHOLDER_GROUP)",
        '    r"\\b(?:named|listed|identified|set\\s+forth|specified)\\s+(?:herein|hereto|on|in|under)'
        '\\b"\n    r"|\\b(?:party|parties|signator(?:y|ies))\\s+hereto\\b",\n',
        '    r"(?!x)x",\n',
        r"\b(?:named|listed|identified|set\s+forth|specified)\s+(?:herein|hereto|on|in|under)\b"
        r"|\b(?:party|parties|signator(?:y|ies))\s+hereto\b", generic=True,
    ))
    # ---------------------------------------------------------------- values/parties.py
    rules += branches(
        vp, "CORPORATE_SUFFIX = (", "\\b\\.?)\"", [
            "Inc", "Incorporated", "Corp", "Corporation", "Co", "Company", "Ltd", "Ltda",
            "Limited", "LLC", r"L\.\s?L\.\s?C", "LLP", r"L\.\s?L\.\s?P", "LP", r"L\.\s?P", "PLC",
            r"S\.\s?A", "SA", r"S\.A\.S", "AG", "GmbH", r"B\.\s?V", "BV", r"N\.\s?V", "NV", "Pty",
            r"S\.p\.A", "SpA", r"S\.r\.l", "SE", "Pte", "Bhd", "A/S", "Oy", "SARL", "LLLP",
            r"P\.C", r"P\.A", "MHC", r"N\.\s?A", "FSB",
        ], label="legal-form suffix", generic=True,
    )
    rules.append(edit(
        vp, "a US national bank's spelled-out legal form after a comma is part of its name: "
        "'Beta Bank, National Association' (_NATIONAL_BANK_FORM)",
        "|{_NATIONAL_BANK_FORM}|", "|", r",\s*National\s+(?:Banking\s+)?Association\b(?!\s+of\b)",
        generic=True,
    ))
    rules.append(edit(
        vp, "a bare parenthesised word after an address's last comma qualifies a locality, no "
        "alias: 'Goregaon (West), Mumbai' (_LOCALITY_BEFORE)",
        "    if _LOCALITY_BEFORE.search(m.string, max(0, m.start() - _LOCALITY_REACH), m.start()):\n"
        '        return False  # "Goregaon (West), Mumbai": part of an address\n', "",
        r"\b(?:at|of)\s+[^()\"“”;]*\d[^()\"“”;]*,\s*[A-Z0-9][\w-]*(?:\s+[A-Z0-9][\w-]*)?\s*"
        r"\([A-Z][\w&.-]{1,20}\)", flags=0, generic=True,
    ))
    rules += branches(
        vp, "_CLAUSE_START = re.compile(", "_FLAGS,", [
            (r"\bParties\s*:?\s*(?=\(\s*(?:1|a|i)\s*\))", r"\bParties\s*:?\s*\(\s*(?:1|a|i)\s*\)"),
        ], label="party clause opener",
    )
    rules += branches(
        vp, "_CLAUSE_END = re.compile(", ")\\b\"", [
            "WHEREAS", "RECITALS?", "WITNESSETH", r"NOW,?\s+THEREFORE", r"In\s+consideration",
            "Dated", "DATED",
        ], label="party clause end", flags=0,
        generic={"WHEREAS", "RECITALS?", "WITNESSETH", "Dated", "DATED"},
    )
    rules += branches(
        vp, "_ABBREVIATIONS = re.compile(", "|\\b[A-Z])$\"", [
            (a, rf"\b{a}\.") for a in (
                "Inc Ltd Ltda Co Corp Pte Pty Pvt Sdn Bhd Kft No Nos Reg St Ave Blvd Rd Dr Ft Mr Ms "
                "Mrs Jr Sr".split()
                + [r"r\.l", r"o\.o", r"U\.S", r"N\.V", r"S\.A", r"B\.V", r"L\.L\.C", r"L\.P", r"P\.O", r"P\.C"]
            )
        ], label="abbreviation (no sentence end)", flags=0,
        generic=set(
            "Inc Ltd Ltda Co Corp Pte Pty Pvt Sdn Bhd Kft No Nos Reg St Ave Blvd Rd Mr Ms Mrs Jr Sr "
            "Dr".split()
        )
        | {r"r\.l", r"o\.o"}
        | {r"U\.S", r"L\.L\.C", r"L\.P", r"P\.O", r"N\.V", r"S\.A", r"B\.V", r"P\.C"},
    )
    rules += branches(
        vp, "_ALIAS_WORDS = re.compile(", "_FLAGS", ["hereinafter", "referred"],
        label="alias word", generic=True,
    )
    rules.append(edit(
        vp, "bare alias '(ACME)' before a separator (_BARE_ALIAS)",
        "    return bool(_BARE_ALIAS.match(inner)) and (", "    return False and (",
        r"\([A-Z][\w&.-]{1,20}\)\s*(?:[,;.]|and\b)", flags=0,
    ))
    rules += branches(
        vp, "_ROLE_ALIAS = re.compile(", "_FLAGS", [
            (r, rf"\(\s*(?:the\s+)?{r}\s*\)") for r in (
                "Employee Employer Executive Associate Company Consultant Buyer Seller Purchaser "
                "Recipient Discloser Licensor Licensee Supplier Customer Distributor Contractor "
                "Client Investor Agent Owner Tenant Landlord Lender Borrower"
            ).split()
        ], label="role in parentheses is an alias", generic=True,
    )
    rules += branches(
        vp, "_DESCRIPTOR = re.compile(", "f/k/a)\\b|\"", [
            (r",?\s+and(?:/or)?\s+(?:its|their)\s", r",?\s+and(?:/or)?\s+(?:its|their)\s"),
            ("organi[sz]ed", r",\s*organi[sz]ed\b"), ("incorporated", r",\s*incorporated\b"),
            ("having", r",\s*having\b"), ("with", r",\s*with\b"), ("whose", r",\s*whose\b"),
            ("located", r",\s*located\b"), ("residing", r",\s*residing\b"),
            ("resident", r",\s*resident\b"), ("existing", r",\s*existing\b"), ("duly", r",\s*duly\b"),
            ("d/b/a", r",\s*d/b/a\b"), ("f/k/a", r",\s*f/k/a\b"),
            ("represented", r",\s*represented\b"),
        ], label="descriptor after a name and a comma", flags=0,
        generic={"organi[sz]ed", "incorporated", "having", "with", "whose", "located",
                 "residing", "resident", "existing", "duly", "d/b/a", "f/k/a", "represented"},
    )
    rules.append(edit(
        vp, "descriptor after a name and a comma: its", "|its|of|", "|of|", r",\s*its\b",
        generic=True,
    ))
    rules.append(edit(
        vp, "a numbered party paragraph run into the text before it ('Parties 1. ACME Pty Ltd') "
        "opens a name (_INTRODUCER)",
        '    r"|(?<=\\s)(?=\\d{1,2}\\.[ \\t]+(?-i:[A-Z]))"\n', "",
        r"(?<=[a-z])\s+\d{1,2}\.[ \t]+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an address after 'of' ends a name: 'ACME Pty Ltd of Level 3, 88 George Street'",
        "|\\d|(?:Level|Suite|Floor|Unit)\\s+\\d)", "|\\d)",
        r"\bof\s+(?:Level|Suite|Floor|Unit)\s+\d", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an Australian company or business number (ACN, ABN, ARBN) ends a name",
        '    r"|,?\\s+(?-i:A[BC]N|ARBN)\\s*:?\\s*\\d"\n', "", r"\b(?:A[BC]N|ARBN)\s*:?\s*\d",
        flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "descriptor after a name and a comma: of", "|its|of|", "|its|", r",\s*of\b",
        generic=True,
    ))
    rules += branches(
        vp, 'r"\\s+(?:(?i:with|having|whose|located|residing)|of)', "\\d)", [
            "with", "having", "whose", "located", "residing", "of",
        ], label="descriptor: 'with/having ... offices' after a name", flags=re.I,
        generic=True,
    )
    rules += branches(
        vp, "Unit)\\s+\\d)", "\n)", [
            (r",\s*\d", r",\s*\d"), (r"\s+c/o\b", r"\s+c/o\b"),
        ], label="descriptor after a name", flags=0, generic=True,
    )
    rules.append(edit(
        vp, "descriptor after a name: 'hereby'", "|\\s+c/o\\b|\\s+hereby\\b\"", "|\\s+c/o\\b\"",
        r"\s+hereby\b",
    ))
    rules.append(edit(
        vp, "descriptor: a capacity after a name and a comma (', as Seller,')",
        '\n    r"|,\\s*as\\s+(?=[A-Za-z])"', "", r",\s*as\s+[A-Za-z]", generic=True,
    ))
    rules.append(edit(
        vp, "descriptor: an unquoted alias after a name ('hereinafter called the Seller')",
        '\n    r"|,?\\s+here(?:in)?after\\s+(?:referred\\s+to\\s+as|called)\\s"', "",
        r"\bhere(?:in)?after\s+(?:referred\s+to\s+as|called)\s+(?:the\s+)?[A-Za-z]",
        generic=True,
    ))
    rules.append(edit(
        vp, "a role in a 'Party A' label ('Party A (Licensor): ACME Co., Ltd.')",
        "(?:\\([^()\\n]{1,40}\\)\\s*)?[:：]", "[:：]",
        r"\bParty\s+[A-F]\s*\([^()\n]{1,40}\)\s*:", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a name wrapped over two lines lists no party on its second line",
        "    return names + _listed_below(segment, below)",
        "    return names + _listed_below(segment, pos)",
        r"\b[A-Z][A-Za-z]+\n[A-Z][^\n]*,\s*(?:Inc|LLC|Ltd|Corp)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "after a capacity and its comma the next party starts ('as Borrower, Beta Bank')",
        "        nxt = _after_capacity(segment, descriptor) or _next_party(",
        "        nxt = _next_party(", r",\s*as\s+[A-Za-z][^,;()\n]{0,39},\s*[A-Z]", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "name after a lower-case descriptor and a comma ('golfer, JOHN DOE')",
        "\n    rf\"(?-i:(?:[a-z][a-z-]+\\s+){{0,2}}[a-z][a-z-]+,\\s*(?=[A-Z])"
        "(?!{CORPORATE_SUFFIX}))?\"", "",
        r"\b(?:between|among|and)\s+(?:[a-z][a-z-]+\s+){0,2}[a-z][a-z-]+,\s*[A-Z]", flags=0,
    ))
    rules.append(edit(
        vp, "party block goes on after an address's period ('... USA. And BETA LTD.')",
        'r"[^.;]{0,120}?(?<![\\w-])(?:And|AND)', 'r"(?!)[^.;]{0,120}?(?<![\\w-])(?:And|AND)',
        r"\.\s[^.;]{0,120}?\b(?:And|AND)\b", flags=0,
    ))
    rules += branches(
        vp, "_INTRODUCER = re.compile(", "_FLAGS,", [
            "between", "among", "by", "of", "and", "with", "to", "for", "from", "as",
            "regarding",
        ], label="introducer before a defined name",
        generic={"between", "among", "by", "of", "and", "from"},
    )
    rules += words(
        vp, "_CONNECTORS = frozenset(", ")", "and & of for the de du des der von van la le y e ve",
        label="connector inside a name", generic=True,
    )
    rules.append(edit(
        vp, "a parenthetical opening with a bracketed drafting note is no alias (_DRAFTING_NOTE)",
        "    if _DRAFTING_NOTE.match(inner):\n        return False\n", "", r"\(\s*\[",
        generic=True,
    ))
    rules.append(edit(
        vp, "descriptor: the branch a bank acts through (', London Branch')",
        '    r"|,\\s*(?:[A-Z][\\w.]*[ \\t]+){1,3}Branch\\b"\n', "",
        r",\s*(?:[A-Z][\w.]*[ \t]+){1,3}Branch\b", generic=True, flags=0,
    ))
    rules.append(edit(
        vp, "descriptor: an address after 'of' opening with a building's name",
        '    r"|\\s+of\\s+(?-i:(?:[A-Z][\\w\'’-]*[ \\t]+){1,3}(?:House|Building|Tower|Centre|Center|Court|"\n'
        '    r"Chambers|Hall|Plaza|Mill|Lodge|Wharf))[ \\t]*,"\n', "",
        r"\sof\s+(?:[A-Z][\w'’-]*[ \t]+){1,3}(?:House|Building|Tower|Centre|Center|Court|Chambers"
        r"|Hall|Plaza|Mill|Lodge|Wharf)[ \t]*,", generic=True, flags=0,
    ))
    rules.append(edit(
        vp, "a ';' between the parts of one address parts no parties (_ADDRESS_SEMICOLON)",
        '    clause = _ADDRESS_SEMICOLON.sub(lambda m: m.group()[:-1] + ",", clause)\n', "",
        r"(?:\b\d+[A-Za-z]?[ \t]+[A-Z][^,;()\n]{1,40}|\b(?:Suite|Ste|Floor|Building|Unit|Room)"
        r"[ \t]+\w{1,5})[ \t]*;", generic=True, flags=0,
    ))
    rules.append(edit(
        vp, "a lower-case brand with an abbreviated legal form is a name (_LOWER_CASE_BRAND)",
        "    if _LOWER_CASE_BRAND.fullmatch(name):\n        return True\n", "",
        r"(?<![\w.-])[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*,?[ \t]+(?:Inc|Corp|Ltd|LLC|LLP|PLC|GmbH)\b",
        generic=True, flags=0,
    ))
    rules.append(edit(
        vp, "a CIS company form keeps its quoted name ('Open Joint Stock Company \"Volna\"')",
        '    name = _QUOTED_FORM_NAME.sub("Quoted", name)  # its quotes are part of the name\n', "",
        r"(?:Joint[ -]Stock\s+Company|Limited\s+Liability\s+Company)\s+[\"“]",
        generic=True,
    ))
    rules.append(edit(
        vp, "an abbreviated CIS company form keeps its quoted name ('OOO \"Sever\"')",
        '    r"|(?-i:OOO|ZAO|OAO|PAO|AO|TOO|TOV|PrJSC|PJSC|OJSC|CJSC|JSC)"\n', "",
        r"\b(?:OOO|ZAO|OAO|PAO|AO|TOO|TOV|PrJSC|PJSC|OJSC|CJSC|JSC)\s+[\"“]", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "a statute, rule or document-part reference is no name ('Section 11 of the 1933 Act')",
        '    r"|^(?-i:Section|Regulation|Rule|Article|Form|Item|Schedule|Exhibit|Annex|Appendix)\\s+"\n'
        '    r"(?-i:\\d+[\\w.()-]*|[A-Z](?:-\\d+)?)(?:\\s|$)"\n', "",
        r"\b(?:Section|Regulation|Rule|Article|Form|Item|Schedule|Exhibit|Annex|Appendix)\s+"
        r"(?:\d+[\w.()-]*|[A-Z](?:-\d+)?)\s*\(", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'Legal Representative of Party A:' is no party label (_LETTER_LABEL)",
        '    r"(?<!\\bof\\s)\\bParty\\s+(?P<letter>', '    r"\\bParty\\s+(?P<letter>',
        r"\bof\s+Party\s+[A-F]\s*[:：]", generic=True,
    ))
    rules.append(edit(
        vp, "a reading after 'of' that ends a place's name is no party ('United States of America')",
        "    if head and is_place_name(squash_spaces(head.group() + name)):\n        return True\n", "",
        r"\bUnited\s+States\s+of\s+America\s*\(", generic=True,
    ))
    rules.append(edit(
        vp, "Central European legal forms end a name ('s.r.o.', 'd.o.o.', 'Kft.', 'ApS')",
        '|"\n    # Central Europe\'s limited companies: Czech and Slovak, Slovene and Croatian, '
        'Hungarian,\n    # Danish ("Ostrava Metals s.r.o.", "Adria Soft d.o.o.", "Pannon Data '
        'Kft.")\n    r"s\\.\\s?r\\.\\s?o|d\\.\\s?o\\.\\s?o|Kft|ApS', "",
        r"\b(?:s\.\s?r\.\s?o|d\.\s?o\.\s?o|Kft|ApS)\b", generic=True,
    ))
    rules.append(edit(
        vp, "legal forms of several words end a name ('sp. z o.o.', 'S. de R.L. de C.V.')",
        '(?:{_MULTI_WORD_FORM}|"', '(?:"',
        r"\b(?:sp\.\s?z\s?o\.\s?o|sp\.\s?[jkp]\.|sp[óo][łl]ka\s+z\s+ograniczon"
        r"|S\.\s?(?:A\.\s?(?:[BP]\.\s?(?:I\.\s?)?)?)?de\s+[RC]\.)",
        generic=True,
    ))
    rules.append(edit(
        vp, "the dotted forms 'S.à r.l.', 'S.A.R.L.', 'S.L.', 'K.K.' end a company name",
        '    r"S\\.\\s?à\\s?r\\.\\s?l|S\\.\\s?A\\.\\s?R\\.\\s?L|S\\.\\s?L|K\\.\\s?K|"\n', "",
        r"\s(?:S\.\s?à\s?r\.\s?l|S\.\s?A\.\s?R\.\s?L|S\.\s?L|K\.\s?K)\.", generic=True,
    ))
    rules.append(edit(
        vp, "Nordic and Turkish forms end a name, in capitals ('AB', 'AS', 'ASA', 'Oyj', 'A.Ş.')",
        '    r"(?<=\\S[ \\t])(?-i:AB(?![ \\t,]+[A-Z]\\d|[ \\t]+[A-Z][a-z])|ASA|(?<!ED[ \\t])'
        '(?<!SUCH[ \\t])"\n    r"AS(?![ \\t]+[A-Z])|A\\.[ŞS])|Oyj', '    r"(?!x)x',
        r"(?-i:\s(?:AB|AS|ASA|A\.[ŞS]\.)|\sOyj)\b", generic=True,
    ))
    rules.append(edit(
        vp, "Swedish 'AB (publ)' ends a name with its part in parentheses (_PUBLIC_AB)",
        "{_PUBLIC_AB}|", "",
        r"\bAB\s*\(publ\)", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "Turkish 'Ltd. Şti.' is a legal form of several words",
        '    # the Turkish limited company, "Ltd. Şti." ("Limited Şirketi")\n'
        '    r"|Ltd\\.?\\s?[ŞS]t[iİI]"\n', "",
        r"\bLtd\.?\s?[ŞS]ti\b", generic=True,
    ))
    rules.append(edit(
        vp, "Colombian 'S. en C.' is a legal form of several words",
        '    # the limited partnerships of Colombian law: "S. en C.", "S. en C.S.", "S. en C.A."\n'
        '    r"|S\\.\\s?en\\s+C(?:\\.\\s?[SA](?=\\.))?"\n', "",
        r"\bS\.\s?en\s+C\.", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a legal form of several words inside a reading is one word ('sp. z o.o. and ...')",
        '    name = _MULTI_WORD_FORM_IN_NAME.sub(" Ltd", name)', '    name = name',
        r"\b(?:sp\.\s?z\s?o\.\s?o|de\s+C\.\s?V|S\.\s?en\s+C)\b\.?,?\s+(?:and|&)\s",
        generic=True,
    ))
    rules.append(edit(
        vp, "Spanish 'del' joins the words of a name ('Maquinas del Norte')",
        '"and & / - of for the de del du', '"and & / - of for the de du',
        r"\b[A-Z][\w'’-]*\s+del\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "Polish 'ul.' (a street) ends no sentence",
        '|Jr|Sr|ul|"', '|Jr|Sr|"', r"\bul\.\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "Polish 'of ul.' opens an address after a name",
        'registered)\\b|ul\\.|\\d|', 'registered)\\b|\\d|',
        r"\bof\s+ul\.\s", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a representative before 'X and' keeps the person out of the next party's name",
        "            if _after_a_representative(text, longer_start):\n"
        "                continue\n", "",
        r"\brepresent(?:ative|ed\s+by)\b[^\n]{0,60}?\sand\s+[A-Z]", generic=True,
    ))
    rules.append(edit(
        vp, "a representative before 'X and' makes the next words a party, not a name's tail",
        "        and not _after_a_representative(text, head.start())\n", "",
        r"\brepresent(?:ative|ed\s+by)\b[^\n]{0,60}?\sand\s+[A-Z]", generic=True,
    ))
    rules.append(edit(
        vp, "a joint signatory's name wrapped over two lines above its By: is read whole",
        "            if name and (head := _wrapped_head(text, lines, k)):\n"
        '                name, pos = f"{head} {name}", lines[k - 1][0]\n', "",
        r"\n[ \t]*\n[ \t]*[A-Z][\w&'’.-]*(?:[ \t]+[A-Z][\w&'’.-]*)+[ \t]*\n[ \t]*[A-Z][^\n]{0,40}"
        r"(?:Inc|LLC|Ltd|LP|L\.P|Corp)\.?[ \t,]*\n[ \t]*By\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'represented by' without a comma ends a party's name (descriptor)",
        '    r"\\s+(?:duly\\s+)?represented\\s+(?:herein\\s+)?by\\b|"\n', "",
        r"(?<!,)\s+(?:duly\s+)?represented\s+(?:herein\s+)?by\b", generic=True,
    ))
    rules.append(edit(
        vp, "an 'and' after a representative's name, before a company, starts the next party",
        "                or _representative_then_company(segment, m)\n", "",
        r"\brepresent(?:ative|ed\s+(?:herein\s+)?by)\b[^\n:,()]{0,40}?\s+and\s+[A-Z]",
        generic=True,
    ))
    rules.append(edit(
        vp, "a legal form's parenthesised part stays in the name ('ACME (Pty) Ltd') (_FORM_PART)",
        "        if _FORM_PART.match(m.string, m.start()):\n            return m.group()\n", "",
        r"\((?:Pty|Proprietary|Pvt|Private|S)\.?\),?[ \t]+(?:Ltd|Limited|Pte)\b", generic=True,
    ))
    rules.append(edit(
        vp, "a registration number line under a cover page's name continues its party block",
        "        alias_line = alias_line or _REGISTRATION_LINE.match(text, gap.end())\n", "",
        r"\n[ \t]*\n[ \t]*\(?[ \t]*(?:(?:(?:Company|Corporate)[ \t]+)?(?:Registration|Registered|"
        r"Reg\.|Company|Incorporation)[ \t]+(?:number|No\b\.?)|(?-i:ACN|ABN|ARBN|UEN|CIN|CRN)\b)",
        generic=True,
    ))
    rules.append(edit(
        vp, "a city in parentheses before the legal form is in the name ('ACME (Shanghai) Co.')",
        '    name = _PLACE_BEFORE_FORM.sub(" Place", name)\n', "",
        r"\s\([A-Z][A-Za-z]+(?:\s[A-Z][a-z]+)?\),?\s+(?:Co|Ltd|Limited|Inc|Corp|LLC|GmbH)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a lower-case brand with a spelled-out form, named by its own term ('zipcart')",
        "        found = found or _lower_case_brand_before(text, alias_start, term)\n", "",
        r"(?<![\w.-])[a-z][a-z0-9]*[ \t]+(?:corporation|incorporated|company|limited)\b"
        r"[^()]{0,200}\(\s*[\"“][a-z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "descriptor: 'and/or certain affiliates of ACME' is the company's group",
        '    r"(?:its|their|certain)\\s"', '    r"(?:its|their)\\s"',
        r"\b(?:including|or|and/or|together\s+with)\s+certain\s", generic=True,
    ))
    rules.append(edit(
        vp, "a form's name label before a name is no part of it ('Client Name: ACME, INC.')",
        '    r"(?-i:(?:[A-Z][a-z]+[ \\t]+)?Name[ \\t]*:[ \\t]*)?"\n', "",
        r"(?:^|\n)[ \t]*(?:[A-Z][a-z]+[ \t]+)?Name[ \t]*:[ \t]*[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'for' and a lower-case word after a legal form end the name ('Beta Inc. for the ...')",
        '(?:of|and|de|du|des|der|von|van|la|le|y|e)\\b|for[ \\t]+(?-i:[A-Z]))"',
        '(?:of|for|and|de|du|des|der|von|van|la|le|y|e)\\b)"',
        r"\b(?:Inc|LLC|Ltd|Corp|Corporation|Company|Limited)\.?[ \t]+for[ \t]+[a-z]", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "a date run into the first signatory's line is cut off ('Dated: 4/8/2020 ACME Ltd.')",
        "        if cut := _after_a_run_in_date(line):\n"
        "            pos, line = pos + cut, line[cut:]\n", "",
        r"\bDated?\s*:?\s*\d{1,2}/\d{1,2}/\d{2,4}[ \t]+[A-Z][^\n]*\n\s*(?:By\b|/s/)", flags=0,
        generic=True,
    ))
    rules += branches(
        vp, "_NOT_A_NAME = re.compile(", "_FLAGS", [
            (r"\bAgreement\b", r"\bAgreement\b"),
            (r"\d{{5}}(?:-\d{{4}})?$", r"\b\d{5}(?:-\d{4})?\b"),
            (r"^\d+(?:\.\d+)?$", r"\b\d+(?:\.\d+)?\b"),
            (r"^(?:the\s+)?undersigned$", r"\bundersigned\b"),
        ], label="not a name",
        generic={r"\d{{5}}(?:-\d{{4}})?$", r"^\d+(?:\.\d+)?$", r"^(?:the\s+)?undersigned$"},
    )
    rules.append(edit(
        vp, "not a name: words of a heading or a sentence (as, for, whereas ... that)",
        'rf"|(?:^(?:as|for|to|in|on|with|from|whereas)\\b(?!.*{CORPORATE_SUFFIX}$)|\\sthat$)"',
        '""', r"\b(?:as|for|to|in|on|with|from|whereas|that)\b",
    ))
    rules += branches(
        vp, "_NON_PARTY_TERMS = re.compile(", "_FLAGS", [
            (t, rf"\([^()]*\b{t}\b[^()]*\)") for t in (
                "agreement date term information affiliates parties products? services? territory "
                "transaction business"
            ).split()
        ], label="defined term that is no party",
        generic=set("agreement date term information affiliates parties".split()),
    )
    rules.append(edit(
        vp, "officer title is no name: Officer", 'r"\\bOfficer\\b|', 'r"', r"\bOfficer\b",
    ))
    rules.append(edit(
        vp, "a role's possessive (\"Employee's Obligations\") is no name",
        "|^(?:Employee|Employer|Executive|Company|Consultant|Associate|Party)"
        "\"\n    r\"[’']s\\b\"",
        "\"", r"\b(?:Employee|Employer|Executive|Company|Consultant|Associate|Party)[’']s\b",
    ))
    rules.append(edit(
        vp, "two short aliases joined ('Acme and Beta') are no name (_ALIAS_PAIR)",
        "    if _ALIAS_PAIR.match(name) and not _ENDS_WITH_SUFFIX.search(name):",
        "    if False:", r"\b(?:between|among)\b",
        requires=r"\b[A-Z][\w.-]+\s+and\s+[A-Z][\w.-]+\b",
    ))
    rules.append(edit(
        vp, "a 'between' clause read as one name joined by 'and' is two parties (_two_sides)",
        "    names = _two_sides(_names_in_clause(text[start:end]))",
        "    names = _names_in_clause(text[start:end])", r"\b(?:between|among)\b",
        requires=r"\b[A-Z][\w.-]*\s+and\s+[A-Z]",
    ))
    rules.append(edit(
        vp, "a lower-case word after a legal form ends the name ('ACME Inc. under the ...')",
        "    sentence = _SUFFIX_THEN_LOWER.search(segment, lead, stop)\n"
        "    stop = sentence.end() if sentence else stop\n", "",
        r"\b(?:Inc|LLC|Ltd|Limited|Corp|Corporation|Company|Co|GmbH|plc|LLP|LP)\.?[ \t]+[a-z]",
        flags=0,
    ))
    rules.append(edit(
        vp, "a sentence that lists the parties ('The parties to this Agreement are ...')",
        "    found += [c for m in _PARTIES_ARE.finditer(text)\n"
        "              if (c := _clause_at(text, m.end())) and len(c.value) > 1]\n", "",
        r"\b(?i:parties\s+(?:to\s+this\s+(?:[\w-]+\s+){0,4}?Agreement|hereto)\s+are)\s*:?\s*"
        r"[A-Z(]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "parties labelled by their roles on a cover page ('Company: ACME Inc.')",
        " + _role_labelled_parties(text)", "",
        r"^[ \t]*(?:Company|Consultant|Employer|Employee|Executive|Contractor|Client|Customer|"
        r"Supplier|Vendor|Buyer|Seller|Purchaser|Licensor|Licensee|Lessor|Lessee|Landlord|Tenant|"
        r"Lender|Borrower|Distributor|Manufacturer|Franchisor|Franchisee|(?:Service\s+)?Provider|"
        r"Recipient|Discloser|(?:Disclosing|Receiving)\s+Party|Owner|Investor|Agent|Reseller)"
        r"(?:[ \t]+Name)?[ \t]*:[ \t]*[A-Z]", flags=re.I | re.M, generic=True,
    ))
    rules.append(edit(
        vp, "companies listed with commas ('among Alder Inc., Birch LLC and Cedar Corp.')",
        "            if listed and (nxt := _listed_after_comma(segment, pos + end, name)):\n"
        "                pos = nxt\n"
        "                continue\n", "",
        r"\b(?:Inc|LLC|Ltd|Limited|Corp|Corporation|Company|Co|GmbH|plc|LLP|LP)\.?,\s*"
        r"(?:(?:and|&)\s+)?[A-Z][^,;()\n]{1,60}?\b(?:Inc|LLC|Ltd|Limited|Corp|Corporation|Company|"
        r"Co|GmbH|plc|LLP|LP)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an 'and' after a street address starts the next party ('2 Dock Road, Hull and')",
        '"," in m.group() or address or _place', '"," in m.group() or _place',
        r"\b\d+[A-Za-z]?\s+[A-Z][^,;()\n]{1,40},(?:\s*[A-Z][\w.]*(?:[ \t]+[A-Z][\w.]*){0,2},?)"
        r"{1,3}\s*(?:and|AND)\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "the 'Name' labels of a details schedule or 'Parties' table ('Name  ACME Pty Ltd' / "
        "'ACN  123 456 789' / 'Short name  Supplier') (_name_labelled_parties)",
        "        + _name_labelled_parties(text)\n", "",
        r"(?:\bName|\bNAME|\b(?:Full|Legal|Company|Entity|Party)[ \t]+name)(?:[ \t]*:[ \t]*|[ \t]+)"
        r"[A-Z][^\n]{2,120}?\s+(?i:A\.?B\.?N|A\.?C\.?N|ARBN|ARSN|NZBN|NZCN|Company[ \t]+n|"
        r"Registration|Registered|Short[ \t]+(?:form[ \t]+)?name|Defined[ \t]+as|Address)\b",
        flags=0, generic=True,
    ))
    rules += branches(
        vp, "_PARTY_IDENTIFIER = (", "_PARTY_DETAIL_LABEL = re.compile(", [
            "ARBN", "ARSN", "NZBN", "NZCN", (r"Defined[ \t]+as", r"\bDefined\s+as\b"),
        ], label="a party's identifier in a details schedule", flags=0, generic=True,
    )
    rules.append(edit(
        vp, "numbered paragraphs under a 'PARTIES' heading ('PARTIES' / '1. ACME LIMITED ...')",
        "        + _numbered_parties(text) + _signatories(text)", "        + _signatories(text)",
        r"^[ \t]*Parties[ \t]*:?[ \t]*\n\s*1\.[ \t]", flags=re.I | re.M, generic=True,
    ))
    rules.append(edit(
        vp, "a 'hereinafter' term without parentheses defines a party ('ACME LLP, hereinafter "
        "referred to as the \"Seller\"')",
        "    spans += [(m.start(), m.end(), m.group(1) or m.group(2) or m.group(3))\n"
        "              for m in _HEREINAFTER_TERM.finditer(text, 0, limit)]\n", "",
        r",\s*here(?:in)?after(?:\s+(?:referred\s+to\s+as|called|named))?\s+(?:the\s+)?[\"“]",
        generic=True,
    ))
    rules.append(edit(
        vp, "the verb by which a company takes on a party introduces its name ('hereby engages')",
        'r"|\\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\\b)[', 'r")[',
        r"\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\s+[A-Z][^()\n]{1,60}\(",
        generic=True,
    ))
    rules.append(edit(
        vp, "the number of a numbered party paragraph is no part of the name ('1. ACME Co., Ltd.')",
        '[\\s,:\\-–]*)?(?:\\d{1,2}\\.[ \\t]+)?"', '[\\s,:\\-–]*)?"',
        r"^[ \t]*\d{1,2}\.[ \t]+[A-Z]", flags=re.M, generic=True,
    ))
    rules.append(edit(
        vp, "a paragraph number inside a reading is no name ('THIS CONTRACT 1. ACME Co., Ltd.')",
        '\n    r"|\\s\\d{1,2}\\.\\s"', "", r"[A-Za-z.]\s+\d{1,2}\.\s+[A-Z]", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "descriptor: a capitalised 'With principal offices' after a name",
        "(?:(?i:with|having|whose|located|residing)|of)",
        "(?:with|having|whose|located|residing|of)",
        r"\s(?:With|Having|Whose|Located|Residing)\s+(?:its|a|an|offices?|principal|business|"
        r"places?|registered)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a street named before its number ends the name after a legal form ('GmbH Hafenstrasse "
        "12')",
        "(?=[ \\t]+(?:(?-i:[A-Z])[\\w.-]*[ \\t]+){{0,2}}\\d)", "(?=[ \\t]+\\d)",
        r"\b(?:Inc|LLC|Ltd|Limited|Corp|GmbH|AG|B\.V|BV|N\.V|S\.A|SA|plc)\.?[ \t]+"
        r"(?:[A-Z][\w.-]*[ \t]+){1,2}\d", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'of the one part' / 'of the other part' is an aside between two parties",
        '    r"|,?\\s+(?:party\\s+)?(?:on|of)\\s+the\\s+(?:one|other|first|second)\\s+part\\b[,:]?"\n',
        "", r"\b(?:on|of)\s+the\s+(?:one|other|first|second)\s+part\b", generic=True,
    ))
    rules.append(edit(
        vp, "'party of the second part' before a name is an aside, no name ('PARTY')",
        "(?:party\\s+)?(?:on|of)\\s+the\\s+(?:one|other|first|second)",
        "(?:on|of)\\s+the\\s+(?:one|other|first|second)",
        r"\bparty\s+of\s+the\s+(?:first|second)\s+part\b", generic=True,
    ))
    rules.append(edit(
        vp, "a lead-in that opens a 'between' clause is no name ('BETWEEN / OF THE ONE PART, ACME, "
        "S.L.', 'On the one hand, ...', 'PARTY OF THE FIRST PART, ...')",
        '    r"|^(?:on\\s+the\\s+one\\s+hand|(?:party\\s+)?(?:on|of)\\s+the\\s+(?:one|first)\\s+part)'
        '\\b[,:]?",\n',
        '    "",\n',
        r"\b(?:between|among)\b\s*:?\s*(?:(?:party\s+)?(?:on|of)\s+the\s+(?:one|first)\s+part"
        r"|on\s+the\s+one\s+hand)\b", generic=True,
    ))
    rules.append(edit(
        vp, "a paragraph opening with the other side's lead-in ('OF THE OTHER PART, BETA LTD.') "
        "continues the party block",
        " or _OTHER_SIDE.match(text, gap.end())", "",
        r"\n[ \t]*\n\s*(?:and\s+)?(?:(?:party\s+)?(?:on|of)\s+the\s+(?:other|second)\s+part"
        r"|on\s+the\s+other\s+hand)\b", generic=True,
    ))
    rules.append(edit(
        vp, "a capacity line under a title page's name ('(as Owner)') does not end the block",
        '|as\\s)",', ')",', r"\n[ \t]*\n[ \t]*\(\s*as\s", generic=True,
    ))
    rules.append(edit(
        vp, "a generational suffix after a comma stays in the name ('Jane Roe, Jr.')",
        "|(?-i:Jr|Sr)\\b\\.?", "", r",\s*(?:Jr|Sr)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a generational suffix keeps its period ('Jane Roe, Jr.')",
        " and not _GENERATION_AT_END.search(raw):", ":", r"\b(?:Jr|Sr)\.", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an 'and' after a descriptor's place starts the next company ('laws of Singapore and')",
        " or _place_then_company(segment, m)", "",
        r"\b[A-Z][a-z]+\s+and\s+[A-Z][^,;()\n]{1,60}\b(?:Inc|LLC|Ltd|Limited|Corp|Corporation|"
        r"Company|GmbH|plc|B\.V|S\.A|AG)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'organized and existing' / 'incorporated and registered' starts no next party",
        " or _DESCRIPTOR_GOES_ON.match(segment, m.end())", "",
        r"\band\s+(?:validly\s+)?(?:existing|registered)\b", generic=True,
    ))
    rules.append(edit(
        vp, "a 'hereinafter' term in single quotes defines a party ('hereinafter called 'Seller'')",
        "|['‘]([^'‘’\\n]{1,40})['’]\"", "\"", r"\bhere(?:in)?after[^'‘\n]{0,30}['‘]",
        generic=True,
    ))
    rules.append(edit(
        vp, "a 'hereinafter' term between a name and a later term belongs to another party",
        " or _HEREINAFTER_TERM.search(gap)", "",
        r"\bhere(?:in)?after[^\n]{0,30}['‘\"“][^'’\"”]{1,40}['’\"”],?\s+and\s+[A-Z]",
        generic=True,
    ))
    rules.append(edit(
        vp, "a 'hereinafter' term without quotes defines a party ('hereinafter called Carrier,')",
        "\n    # or without quotes, one to three capitalised words up to the comma (\"hereinafter "
        "referred\n    # to as the Seller, represented by ...\")\n"
        "    r\"|((?-i:[A-Z][\\w-]*)(?:[ \\t]+(?-i:[A-Z][\\w-]*)){0,2})(?=,))\",", "\n    r\")\",",
        r"\bhere(?:in)?after(?:\s+(?:referred\s+to\s+as|called|named))?\s+(?:the\s+)?"
        r"[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,2},", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "companies sharing a group's alias are one party ('(collectively, the \"Company\")')",
        "            return f\" {group} \"", "            return f\" {_SEPARATOR} \"",
        r"\b(?:Inc|LLC|Ltd|Corp|Company)\.?,\s*(?:and\s+)?[A-Z][^()]{1,120}\((?:[^()]*\s)?"
        r"(?:collectively|together)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a company after a comma that a verb follows is no listed party ('..., Beta Inc. is')",
        "    return comma.end() if _LIST_GOES_ON.match(segment, comma.end() + end) else None",
        "    return comma.end()",
        r"\b(?:Inc|LLC|Ltd|Corp|Company)\.?,\s*[A-Z][^,;()\n]{1,60}?\b(?:Inc|LLC|Ltd|Corp|Company)"
        r"\b\.?\s+(?!and\b)[a-z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an EDGAR exhibit header's 'BETWEEN' is a title's, no clause (_EXHIBIT_HEADER)",
        "             for m in _CLAUSE_START.finditer(text, header.end() if header else 0)]",
        "             for m in _CLAUSE_START.finditer(text)]",
        r"\AEX-[\dA-Z.()\s]{1,20}\s\d+\s\S+\.(?:htm|html|txt)\b[^a-z\n]*\b(?:BETWEEN|AMONG)\b",
        flags=0,
    ))
    rules.append(edit(
        vp, "an alias on its own line continues a title-page party block (_ALIAS_LINE)",
        "        alias_line = _ALIAS_LINE.match(text, gap.end())", "        alias_line = None",
        r"\n[ \t]*\n\s*\(\s*(?:the\s+)?[\"“]",
    ))
    rules.append(edit(
        vp, "a 'hereinafter called' alias on its own line continues a party block (_ALIAS_LINE)",
        r'    r"\(\s*(?:hereinafter\s+(?:(?:called|referred\s+to\s+as|named)\s+)?)?(?:(?:the',
        r'    r"\(\s*(?:(?:the',
        r"\n[ \t]*\n\s*\(\s*hereinafter\b", generic=True,
    ))
    rules.append(edit(
        vp, "a full line stopping mid-sentence wraps over a double-spaced gap (_wrapped_line)",
        " or _wrapped_line(text, gap.start())", "",
        r"[^\n]{60,}[\w,][ \t]*\n[ \t]*\n", generic=True,
    ))
    rules.append(edit(
        vp, "an 'And:' label closes a party's address block like an 'and' line",
        '{_JOINER_LINE}[ \\t]*:?[ \\t]*$", paragraph', '{_JOINER_LINE}[ \\t]*$", paragraph',
        r"\n[ \t]*(?:and|&)[ \t]*:[ \t]*\n", generic=True,
    ))
    rules.append(edit(
        vp, "an inline capital 'AND' before a company with its legal form starts the next party",
        " or _company_follows(segment, m.end())", "",
        r"[a-z.,][ \t]+AND[ \t]+[A-Z][A-Z&.-]*(?:[ \t]+[A-Z][A-Z&.-]*){0,4}[ \t]+(?:INC|LTD|LLC|"
        r"CORP|LIMITED|S\.P\.A|S\.R\.L|GMBH|AG|S\.A|B\.V)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an address in paragraphs of its own continues a party block (_address_block)",
        " or _address_block(text, gap.end(), limit)", "",
        r"(?:Inc|LLC|Ltd|GmbH|Corp|Corporation|Limited)\.?[ \t]*\n[ \t]*\n[ \t]*\d+[A-Za-z]?[ \t]+"
        r"[A-Z][^\n]{0,40}\b(?:Street|St|Avenue|Ave|Road|Rd|Drive|Dr|Boulevard|Blvd|Lane|Way)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "'and' on a line of its own separates title-page names (_LINE_JOINER)",
        "    masked = _LINE_JOINER.sub(f\"\\n{_SEPARATOR}\\n\", "
        "_mask_parentheticals(clause, _GROUP))",
        "    masked = _mask_parentheticals(clause, _GROUP)",
        r"\n[ \t]*(?:and|&|-\s*and\s*-)[ \t]*\n",
    ))
    rules.append(edit(
        vp, "descriptor: a company acting through its own unit ('ACME, Inc. through its ...')",
        "\n    r\"|,?\\s+(?:acting\\s+)?through\\s+(?:its|their)\\s\"", "",
        r"\bthrough\s+(?:its|their)\s",
    ))
    rules.append(edit(
        vp, "an 'and' between capitalised words joins one name, no next party (_next_party)",
        ' or not _CAPITALISED_BEFORE.search(segment, pos, m.start())', "",
        r"\b[A-Z][a-z]+\s+and\s+[A-Z]", flags=0,
    ))
    rules.append(edit(
        vp, "a stretch that opens with a descriptor leads to the next party",
        "_DESCRIPTOR.search(segment, pos + end if name else pos)",
        "_DESCRIPTOR.search(segment, pos + end)", r"\),?\s+(?:a|an)\s+[A-Z]",
    ))
    rules.append(edit(
        vp, "'/' and a spaced hyphen join parts of one name (_CONNECTORS)",
        '"and & / - of', '"and & of', r"\w\s[/-]\s[A-Z]", flags=0,
    ))
    rules.append(edit(
        vp, "a blank line before lower-case text does not end the party block (_paragraph_end)",
        " or continued or", " or", r"\n[ \t]*\n\s*[a-z]", flags=0,
    ))
    rules.append(edit(
        vp, "a name that is a place is no party (is_place_name)",
        " or is_place_name(name) or", " or", r"\b(?:between|among)\b|\(",
        readers=("party",),
    ))
    rules.append(edit(
        vp, "a lower-case 'the' before an organisation in a between clause ('between the City of X')",
        "        name, end = _name_at(segment[pos:], after_the=True)",
        "        name, end = _name_at(segment[pos:])",
        r"\b(?:between|among|and)\s+the\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an upper-case 'OF' makes a public body's name after 'the' ('the CITY OF ELMWOOD')",
        'rf"\\s(?-i:of|OF)\\s|', 'rf"\\s(?-i:of)\\s|',
        r"\b(?:between|among|and)\s+the\s+[A-Z]+\s+OF\s", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "a defined term's name after 'subsidiary of' / 'division of' is the parent (_RELATIVE_OF)",
        "    readings = readings or parents\n", "    readings = readings + parents\n",
        r"\b(?:subsidiary|affiliate|division)\s+of\s", generic=True,
    ))
    rules.append(edit(
        vp, "a verb that takes on a party names none in a numbered clause ('1. ... hereby appoints')",
        "    lo = _after_a_clauses_verb(text, lo, alias_start)\n", "",
        r"\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\s+[A-Z][^()\n]{1,60}\(",
        generic=True,
    ))
    rules.append(edit(
        vp, "a numbered clause heading run into the line above ('Conditions 1. Resale Rights.')",
        '[ \\t]+[A-Z]"\n    # or a numbered clause heading the PDF text runs into the line above ("... Terms &\n'
        '    # Conditions 1. Resale Rights. SFDC hereby appoints")\n'
        '    r"|(?<![\\w.])\\d{1,2}\\.[ \\t]+(?:[A-Z][\\w&-]*[ \\t]+){0,3}[A-Z][\\w&-]*\\.[ \\t]",\n',
        '[ \\t]+[A-Z]",\n',
        r"[^\n\d]\s\d{1,2}\.[ \t]+(?:[A-Z][\w&-]*[ \t]+){0,3}[A-Z][\w&-]*\.\s[^\n]{0,200}"
        r"\b(?:engage|retain|employ|hire|appoint)(?:s|d|ed)?\b", flags=0, generic=True,
    ))
    rules.append(edit(
        vp, "an institution's 'of' keeps its name whole: Assurance Group of Ohio, Inc. (_whole_name)",
        '        if re.fullmatch(rf"{_INSTITUTION_HEAD}\\s+of\\s+{re.escape(name)}", longer):\n'
        "            return longer, longer_start\n", "",
        r"\b(?:Group|Bank|Trust|Company|Bancorp|Institute|University|Association|Society"
        r"|Authority|Board|Council|Fund|Foundation|College) of [A-Z][^()\n]{0,60}\(", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "the town of a party's address is no name: residing at 9 Temple Road, Thrissur (_ADDRESS_GAP)",
        "            if _ADDRESS_GAP.match(window, end):\n"
        "                address_from = min(address_from, m.end() + end)\n", "",
        r",?\s+(?:residing|resident|located|situated|(?:having|with)\s+(?:its\s+)?(?:registered"
        r"|principal|head)\s+(?:office|place\s+of\s+business))\b[^()\n]*?\bat\b[^()\n]*\(",
        generic=True,
    ))
    rules.append(edit(
        vp, "a letter's salutation ends the inside address: no name above it is read for a "
        "defined term below it (_SALUTATION_LINE)",
        "    if _SALUTATION_LINE.search(gap):\n        return False\n", "",
        r"^[ \t]*(?:Dear\s[^\n]{1,60}?|(?:Ladies\s+and\s+)?Gentlemen)[ \t]*[:,][ \t]*$",
        flags=re.I | re.M, generic=True,
    ))
    rules.append(edit(
        vp, "not a name: a year ending the sentence before ('August, 2021. Gandara Looms')",
        '\n    r"|^\\d{4}\\.\\s"', "", r"\b\d{4}\.\s+[A-Z]", flags=0,
        generic=True,
    ))
    rules.append(edit(
        vp, "a jurisdiction and a lower-case legal form ('and Delaware corporation') describe a "
        "party, no name (_describes_a_company)",
        "    if _describes_a_company(name):\n        return False\n", "",
        r",\s+and\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+(?:corporation|company|limited\s+liability"
        r"\s+company|(?:limited\s+)?partnership)\b", flags=0, generic=True,
    ))
    # ---------------------------------------------------------------- values/places.py
    pl = "values/places.py"
    for canonical, aliases in _place_aliases().items():
        for alias in aliases:
            rules.append(_list_item(
                pl, "_ALIASES = {", "\n}", f'"{alias}"', label=f"place alias of {canonical}",
                probe=rf"(?<![A-Za-z]){_spaced(alias)}(?![A-Za-z])", generic=True,
            ))
    for adjective in _place_adjectives():
        rules.append(_dict_item(
            pl, "_ADJECTIVES = {", "}  # fmt: skip", adjective, label="legal adjective",
            probe=rf"\b{adjective}\s+(?:(?:substantive|statutory|federal)\s+)?laws?\b",
            generic=True,
        ))
    rules += branches(
        pl, "_PREFIX = re.compile(", "_FLAGS,", [
            "substantive", "internal", "federal", "Territory", "District", "Kingdom", "Republic",
            "Emirate",
        ], label="place prefix kept in the raw text", generic=True, readers=("place",),
    )
    rules.append(edit(
        pl, "the emirates of the UAE as subdivisions ('the Emirate of Dubai') (_EMIRATES)",
        "    for name in _EMIRATES:\n", "    for name in ():\n",
        r"\b(?:Abu\s+Dhabi|Dubai|Sharjah|Ajman|Umm\s+Al\s+Quwain|Ras\s+Al\s+Khaimah|Fujairah)\b",
        readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a US state's postal code after 'State of' ('the State of NY') (_STATE_OF_CODE)",
        "    for m in _STATE_OF_CODE.finditer(text):\n", "    for m in ():\n",
        r"\b(?i:state|commonwealth)\s+(?i:of)\s+([A-Z])(\.?)\s?[A-Z]\2(?![A-Za-z])",
        flags=0, readers=("place",), generic=True,
    ))
    rules += branches(
        pl, "_KIND_BEFORE = [", "\n]", [
            "existing", "formed", "registered", "interpreted", "tribunal", "forum",
        ], label="place role cue before", readers=("place",), generic=True,
    )
    rules += branches(
        pl, "_KIND_AFTER = [", "]  # fmt: skip", [
            (r"statutory\s+trust", r"\bstatutory\s+trust\b"),
            (r"general\s+partnership", r"\bgeneral\s+partnership\b"),
            ("banking", r"\bbanking\b"), (r"l\.l\.c\.", r"\bl\.l\.c\."),
        ], label="place role cue after", readers=("place",), generic={r"l\.l\.c\."},
    )
    rules += branches(
        pl, "_GOVERNING = re.compile(", "_FLAGS,", [
            (r"applicable\s+law", r"\bapplicable\s+law\b"),
            (r"choice\s+of\s+law", r"\bchoice\s+of\s+law\b"),
        ], label="governing-law cue", readers=("place",),
    )
    rules.append(edit(
        pl, "'controlled by / enforced, determined, resolved in accordance with the laws of' "
        "governs (_GOVERNING)",
        '    # verbs that govern only with "the laws of" right after: "is controlled by the laws '
        'of",\n    # "shall be enforced / determined / resolved in accordance with the laws of"\n'
        '    r"\\b(?:enforced|controlled|determined|resolved|decided|adjudicated)\\s+'
        '(?:exclusively\\s+)?"\n    r"(?:in\\s+accordance\\s+with|under|by|pursuant\\s+to)'
        '\\s+(?:the\\s+)?"\n    r"(?:(?:internal|substantive)\\s+)?laws?\\s+of\\b|"\n', "",
        r"\b(?:enforced|controlled|determined|resolved|decided|adjudicated)\s+(?:exclusively\s+)?"
        r"(?:in\s+accordance\s+with|under|by|pursuant\s+to)\s+(?:the\s+)?"
        r"(?:(?:internal|substantive)\s+)?laws?\s+of\b", readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "the contract 'is subject to' the place's law (_SUBJECT_TO)",
        "        or bool(_SUBJECT_TO.search(before))\n", "",
        r"\b(?:is|are|be)\s+subject\s+to\s+(?:the\s+)?(?:laws?\s+of\s+)?", readers=("place",),
        generic=True,
    ))
    rules.append(edit(
        pl, "the place's law 'applies' to the contract (_APPLIES)",
        "        or bool(_APPLIES.match(after))\n", "",
        r"\bappl(?:y|ies)\s+(?:exclusively\s+)?to\s+this\s+(?:agreement|contract|lease)\b"
        r"|\blaws?\s+(?:shall\s+|will\s+)?appl(?:y|ies)\s*[.;]", readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a legal adjective's mention names a law ('Swiss law') (_NAMES_A_LAW)",
        "    if after is None and _NAMES_A_LAW.search(text, start, end):\n", "    if False:\n",
        r"\b[A-Z][a-z]+\s+laws?\b", flags=0, readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a law the governing-law sentence sets aside ('excluding the laws of X') beside "
        "another governing place is some other law (_excluded_laws)",
        "    return _excluded_laws(text, _federal_law_beside_a_state_law(text, candidates))\n",
        "    return _federal_law_beside_a_state_law(text, candidates)\n",
        r"\b(?:without\s+(?:regard|reference|giving\s+effect)\s+to|excluding|exclusive\s+of"
        r"|other\s+than|rather\s+than|except|not\s+(?:by\s+)?the\s+laws?)\b[^.;]{0,120}?"
        r"\blaws?\s+of\s+(?:the\s+)?(?:State|Commonwealth|Province|[A-Z][a-z]+)",
        readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "US federal law beside a state's governing law is some other law "
        "(_federal_law_beside_a_state_law)",
        "_excluded_laws(text, _federal_law_beside_a_state_law(text, candidates))",
        "_excluded_laws(text, candidates)",
        r"\blaws?\s+of\s+the\s+United\s+States\b", readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "governed by the laws of 'said State' named before it (_GOVERNED_BY_SAID_PLACE)",
        "    if _GOVERNED_BY_SAID_PLACE.match(squash_spaces(text[end : end + 300])):\n"
        "        return \"law\"\n", "",
        r"\blaws?\s+of\s+(?:said|such|that|the\s+same)\s+(?:state|commonwealth|province|country"
        r"|jurisdiction)\b", readers=("place",),
    ))
    abbreviation = (
        r"(?:Ala|Ariz|Ark|Calif?|Colo|Conn|Del|Fla|Ga|Ill|Ind|Kans?|Ky|La|Md|Mass|Mich|Minn"
        r"|Miss|Mo|Mont|Nebr?|Nev|Okla|Oreg?|Pa|Penna?|Tenn|Tex|Vt|Va|W\.\s?Va|Wash|Wisc?|Wyo"
        r"|D\.\s?C|N\.\s?[CDHJMY]|R\.\s?I|S\.\s?[CD])\."
    )
    rules.append(edit(
        pl, "a US state by its traditional abbreviation after 'State of' or before 'law' ('the "
        "State of Calif.', 'Cal. law', 'N.Y. law') (_STATE_ABBREVIATION)",
        "    for m in _STATE_ABBREVIATION.finditer(text):\n", "    for m in ():\n",
        rf"\b(?i:state|commonwealth)\s+(?i:of)\s+(?i:{abbreviation})"
        rf"|(?<![A-Za-z.])(?i:{abbreviation})\s+(?:law|LAW)\b",
        flags=0, readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a state's traditional abbreviation in capitals ('THE STATE OF CALIF.')",
        "_STATE_ABBREVIATIONS |= {a.upper(): state for a, state in _STATE_ABBREVIATIONS.items()}",
        "", rf"\b(?:STATE|COMMONWEALTH)\s+OF\s+{abbreviation.upper()}"
        rf"|(?<![A-Za-z.]){abbreviation.upper()}\s+LAW\b",
        flags=0, readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a lower-case place right after 'the laws of' is a place ('the laws of england') "
        "(_law_names)",
        " and not _law_names(text, m.start(), found):", ":",
        r"\b[Ll]aws?\s+of\s+(?:the\s+)?(?:(?:[Ss]tate|[Cc]ommonwealth|[Pp]rovince)\s+of\s+)?"
        r"[a-z]", flags=0, readers=("place",), generic=True,
    ))
    rules.append(edit(
        pl, "a lower-case legal adjective the sentence applies is a law's ('governed by english "
        "law') (_applies_a_law)",
        " and not _applies_a_law(text, m.start()):", ":",
        r"\b(?:by|under|to|with)\s+(?:the\s+)?[a-z]+\s+(?:(?:substantive|statutory|federal)\s+)?"
        r"laws?\b", flags=0, readers=("place",), generic=True,
    ))
    # ---------------------------------------------------------------- values/dates.py
    dt = "values/dates.py"
    rules.append(edit(
        dt, "signatures on different days: the last 'Date:' signs (_last_signature_signs)",
        "    return _last_signature_signs(text, _range_starts(text, dedupe_overlaps(found)))",
        "    return _range_starts(text, dedupe_overlaps(found))",
        r"\bdate\s*:\s*\S[^\n]{0,300}\bdate\s*:\s*\S",
    ))
    rules.append(edit(
        dt, "a non-party's signature ('READ AND UNDERSTOOD BY THE PRINCIPAL INVESTIGATOR (not a "
        "party to this Agreement)', a notary's) signs nothing and is no last signature "
        "(_signed_by_a_non_party)",
        "    non_party = {i for i in signed if _signed_by_a_non_party(text, found, i)}\n",
        "    non_party: set[int] = set()\n",
        r"\bnot\s+(?:a\s+)?part(?:y|ies)\s+(?:hereto|(?:to|of)\s+(?:this|the)\s+(?:[\w-]+\s+)"
        r"{0,3}?(?:agreement|contract))\b|\bread\s+and\s+understood\b|\bnotary\s+public\b"
        r"|\b(?:sworn|subscribed)\s+(?:to\s+)?before\s+me\b", generic=True,
    ))
    rules.append(edit(
        dt, "a 'Date' label after the date ('4/24/2018 / Date') is the signing date",
        r'r"^\W{0,3}(?:place\s+(?:and\s+)?)?date\b(?!\s*(?::|of\b))"', 'r"(?!x)x"',
        r"\d\s*\W?\s*(?:place\s+(?:and\s+)?)?date\b(?!\s*(?::|of\b))",
    ))
    rules.append(edit(
        dt, "a signature line just before a date signs it (_SIGNATURE_MARK)",
        '_SIGNATURE_MARK = re.compile(r"\\bsignature\\b", _FLAGS)',
        '_SIGNATURE_MARK = re.compile(r"(?!x)x", _FLAGS)', r"\bsignature\b[\s\S]{0,180}\d",
    ))
    rules.append(edit(
        dt, "an order form's own dates ('Order Date:', 'Invoice Date:', 'Due Date:', 'Delivery "
        "Date:', 'SOW Date:') are no signature's label (_SIGNATURE_DATE_LABEL)",
        '    r"(?<!order )(?<!po )(?<!sow )(?<!invoice )(?<!due )(?<!payment )(?<!delivery )"\n'
        '    r"(?<!shipping )(?<!installation )(?<!completion )(?<!issue )"\n',
        "",
        r"\b(?:order|po|sow|invoice|due|payment|delivery|shipping|installation|completion|issue)"
        r"\s+date\s*:\s*\S", generic=True,
    ))
    rules.append(edit(
        dt, "a 'Date:' label by a signature is the signing date (DATE_CUES)",
        'r"(?<!end )(?<!closing )(?<!birth )(?<!expiry )\\bdate\\s*:\\s*$"', 'r"(?!x)x"',
        r"\bdate\s*:\s*\S",
    ))
    blank = r"(?:_{2,}|\[[\s*_]*\]|\*{2,})"
    rules.append(edit(
        dt, "a period typed for the comma ('March 18. 2021')",
        r"(?P<day>{_DAY_NUM})\s*[,.]?\s*", r"(?P<day>{_DAY_NUM})\s*,?\s*",
        r"\b[A-Za-z]{3,9}\.?\s*\d{1,2}(?:st|nd|rd|th)?\s*\.\s*(?:1[89]|20)\d{2}\b",
    ))
    rules.append(edit(
        dt, "day-month-year with hyphens ('14-Sep-2017')",
        '{_DAY_ECHO}(?:\\s*{_DAY_OF}?|-){_MONTH}"\n'
        '        rf"(?:\\s*,?\\s*(?:of\\s+|{_ERA})?|-){_YEAR}"',
        '{_DAY_ECHO}\\s*{_DAY_OF}?{_MONTH}"\n'
        '        rf"\\s*,?\\s*(?:of\\s+|{_ERA})?{_YEAR}"',
        r"\b\d{1,2}-[A-Za-z]{3,9}\.?-(?:1[89]|20)\d{2}\b", generic=True,
    ))
    rules.append(edit(
        dt, "OCR-split ordinal suffix ('1s t', '14t h')",
        r"(?:st|nd|rd|th|s\s?t|n\s?d|r\s?d|t\s?h|\s(?:st|nd|rd|th))?\b",
        r"(?:st|nd|rd|th)?\b", r"\b\d{1,2}(?:s\s+t|n\s+d|r\s+d|t\s+h|\s+(?:st|nd|rd|th))\b",
    ))
    rules.append(edit(
        dt, "blank day before the year ('March ___, 2015')", r"{_MONTH}\s*(?:{_BLANK}\s*)?,?",
        r"{_MONTH}\s*,?", rf"{blank}\s*,?\s*(?:1[89]|20)\d{{2}}",
    ))
    rules.append(edit(
        dt, "signature-block blanks give the year ('____ day of ____, 2015')",
        "    re.compile(rf\"{_BLANK}\\s*(?:day\\s+of\\s+{_BLANK}\\s*)?,?\\s*{_YEAR}\", _FLAGS),",
        "", rf"{blank}\s*(?:day\s+of\s+{blank}\s*)?,?\s*(?:1[89]|20)\d{{2}}",
    ))
    rules.append(edit(
        dt, "a blank lost in extraction ('as of , 2020')",
        "    re.compile(rf\"(?P<lead>\\b(?:as\\s+of|dated|this|on)\\s*)(?=,),\\s*{_YEAR}\", "
        "_FLAGS),",
        "", r"\b(?:as\s+of|dated|this|on)\s*,\s*(?:1[89]|20)\d{2}",
    ))
    rules.append(edit(
        dt, "a letter's date line blank but for the year (a line holding only ', 2009')",
        "    re.compile(rf\"(?P<lead>^[ \\t]*)(?=,),[ \\t]*{_YEAR}(?=[ \\t]*$)\", re.MULTILINE),",
        "", r"^[ \t]*,[ \t]*(?:1[89]|20)\d{2}[ \t]*$", flags=re.MULTILINE,
    ))
    rules.append(edit(
        dt, "two-digit years after slashes ('29/3/18')", r"|(?<=/)\d{2})(?![\d/]|\.\d)",
        r")(?![\d/]|\.\d)", r"(?<![\d./-])\d{1,2}/\d{1,2}/\d{2}(?![\d/])", flags=0,
    ))
    rules.append(edit(
        dt, "ISO dates ('2014-05-05')",
        "    re.compile(\n        r\"(?<![\\d./-])(?P<year>(?:1[89]|20)\\d{2})([-/.])"
        "(?P<m>\\d{1,2})\\2(?P<d>\\d{1,2})(?!\\d)\"\n    ),\n",
        "", r"(?<![\d./-])(?:1[89]|20)\d{2}([-/])\d{1,2}\1\d{1,2}(?!\d)", flags=0,
    ))
    rules.append(edit(
        dt, "'the last day of December, 2023' is the month's last day",
        '    re.compile(\n        rf"{_START}(?P<last>last)\\s+day\\s+(?:of|in)\\s+{_MONTH}'
        '\\s*,?\\s*(?:of\\s+)?{_YEAR}", _FLAGS\n    ),\n', "",
        r"\blast\s+day\s+of\s+[A-Z][a-z]+\.?\s*,?\s*(?:of\s+)?(?:1[89]|20)\d{2}", generic=True,
    ))
    rules.append(edit(
        dt, "a formal date's 'in the year 2020' / 'A.D. 2021' before its year (_ERA)",
        '_ERA = r"(?:in\\s+the\\s+year\\s+(?:of\\s+)?(?:our\\s+lord\\s+)?|A\\.\\s?D\\.\\s*)"',
        '_ERA = r"(?:(?!x)x)"',
        r"(?:\bin\s+the\s+year\s+(?:of\s+our\s+lord\s+)?|\bA\.\s?D\.\s*)(?:1[89]|20)\d{2}",
        generic=True,
    ))
    month = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    rules.append(edit(
        dt, "'in the year of 2021' before the year (_ERA)",
        r"year\s+(?:of\s+)?(?:our\s+lord\s+)?", r"year\s+(?:of\s+our\s+lord\s+)?",
        r"\bin\s+the\s+year\s+of\s+(?:1[89]|20)\d{2}", generic=True,
    ))
    rules.append(edit(
        dt, "'March the 1st, 2021': 'the' between the month and the day",
        r"{_MONTH}\s*(?:the\s+)?(?P<day>", r"{_MONTH}\s*(?P<day>",
        rf"\b{month}\s*the\s+\d{{1,2}}(?:st|nd|rd|th)?\b\s*[,.]?\s*(?:1[89]|20)\d{{2}}",
        generic=True,
    ))
    rules.append(edit(
        dt, "'the 1st day of March of 2021': 'of' between the month and the year",
        r"(?:\s*,?\s*(?:of\s+|{_ERA})?|-){_YEAR}", r"(?:\s*,?\s*{_ERA}?|-){_YEAR}",
        rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:day\s+of\s+|of\s+)?{month},?\s+of\s+"
        r"(?:1[89]|20)\d{2}",
        generic=True,
    ))
    rules.append(edit(
        dt, "a hyphened day, month abbreviation and two-digit year ('31-Dec-15')",
        '    re.compile(rf"{_START}(?P<day>\\d{{1,2}})-{_MONTH}-(?P<year>\\d{{2}})(?![\\d-])", '
        "_FLAGS),\n", "",
        rf"(?<![A-Za-z0-9])\d{{1,2}}-{month}-\d{{2}}(?![\d-])", generic=True,
    ))
    rules.append(edit(
        dt, "'the 1st day of the month of March, 2021' (_DAY_OF)",
        r"day\s+of\s+(?:the\s+month\s+of\s+)?|of", r"day\s+of\s+|of",
        rf"\bday\s+of\s+the\s+month\s+of\s+{month},?\s*(?:1[89]|20)\d{{2}}", generic=True,
    ))
    rules.append(edit(
        dt, "a formal year in words ('1st day of March, two thousand twenty-one')",
        "    re.compile(\n        rf\"{_START}{_DAY}{_DAY_ECHO}\\s*{_DAY_OF}?"
        "{_MONTH}\\s*,?\\s*{_ERA}?\"\n        rf\"{_YEAR_IN_WORDS}\",\n        _FLAGS,\n    ),\n",
        "", rf"\b{month},?\s+(?:in\s+the\s+year\s+(?:of\s+)?(?:our\s+lord\s+)?)?"
        r"(?:two\s+thousand|(?:eighteen|nineteen)\s+hundred)\b", generic=True,
    ))
    rules.append(edit(
        dt, "year-first dates with dots ('2021.03.01')", "([-/.])(?P<m>", "([-/])(?P<m>",
        r"(?<![\d./-])(?:1[89]|20)\d{2}\.\d{1,2}\.\d{1,2}(?!\d)", flags=0, generic=True,
    ))
    rules.append(edit(
        dt, "dotted numeric dates are day first ('01.03.2021' is 1 March) (_day_first)",
        'day_first = groups["sep"] == "." or (', 'day_first = (',
        r"(?<![\d./-])\d{1,2}\.\d{1,2}\.(?:1[89]|20)\d{2}(?![\d/]|\.\d)", flags=0,
        generic=True,
    ))
    rules.append(edit(
        dt, "a US date with hyphens and a two-digit year ('Date: 3-31-16')",
        "    re.compile(\n        r\"(?<![\\w./-])(?P<a>0?[1-9]|1[0-2])(?P<sep>-)(?P<b>\\d{1,2})-"
        "(?P<year>\\d{2})(?![\\w/-]|\\.\\d)\"\n    ),\n", "",
        r"(?<![\w./-])(?:0?[1-9]|1[0-2])-\d{1,2}-\d{2}(?![\w/-]|\.\d)", flags=0, generic=True,
    ))
    rules.append(edit(
        dt, "'will end (on) the later / earlier of (i) <date>' ends the agreement (DATE_CUES)",
        '            r"|\\bend(?:s|ing)?\\s+(?:on\\s+)?the\\s+(?:later|earlier)\\s+of\\W*"\n'
        '            r"(?:\\(?[a-z1-9]{1,3}\\)\\s*)?$"\n', "",
        rf"\bend(?:s|ing)?\s+the\s+(?:later|earlier)\s+of\W*(?:\(?[a-z1-9]{{1,3}}\)\s*)?"
        rf"(?:the\s+)?(?:\d|{month}\s+\d)", generic=True,
    ))
    rules.append(edit(
        dt, "'is valid for the period from <date> until <date>' starts a range (_FROM)",
        r"|extends?|valid|effect", r"|extends?|effect",
        rf"\bvalid\s+(?:for\s+)?(?:the\s+|a\s+)?(?:period\s+)?from\s+(?:the\s+)?"
        rf"(?:\d|{month}\s+\d)[^.;]{{0,30}}?\s(?:to|through|thru|until|till|-|–)\s", generic=True,
    ))
    rules.append(edit(
        dt, "a date defined right after as the expiration date ('<date> (the \"Expiration "
        "Date\")') ends the agreement (_DEFINED_EXPIRY)",
        '    (_DEFINED_EXPIRY, "expire"),\n', "",
        r"(?:1[89]|20)\d{2}[\s,]*\(\s*(?:such\s+(?:expiration\s+|end\s+)?date\W{0,3})?"
        r"(?:the\s+)?\W?(?:scheduled\s+)?(?:expiration|expiry|termination|end)\s+date",
        generic=True,
    ))
    rules.append(edit(
        dt, "side-by-side signature blocks ('Date: Date: 3/29/2016 3/31/2016'): the day right "
        "after a signing date signs too (_side_by_side)",
        "    signed = _side_by_side(text, found, {", "    signed = set().union({",
        r"\bdate\s*:\s*date\s*:", generic=True,
    ))
    rules.append(edit(
        dt, "ambiguous slashed dates read day first beside a day-first one ('01/03/2021' by "
        "'28/02/2023') (_SLASHED_DAY_FIRST)",
        ' or (groups["sep"] == "/" and slashes_day_first)', "",
        r"(?<![\d./-])(?:1[3-9]|2\d|3[01])/(?:0?[1-9]|1[0-2])/(?:\d{4}|\d{2})(?![\d/])",
        flags=0, generic=True,
    ))
    rules.append(edit(
        dt, "'the last day in February, 2023' is the month's last day",
        r"(?P<last>last)\s+day\s+(?:of|in)\s+", r"(?P<last>last)\s+day\s+of\s+",
        r"\blast\s+day\s+in\s+[A-Z][a-z]+\.?\s*,?\s*(?:of\s+)?(?:1[89]|20)\d{2}", generic=True,
    ))
    rules.append(edit(
        dt, "'for the period <date> to <date>' starts and ends a range without 'from' (_FROM)",
        r'|between)\s+|period\s+)"', r'|between)\s+)"',
        rf"\bperiod\s+(?:the\s+)?(?:\d|{month}\s+\d)[^.;]{{0,30}}?\s(?:to|through|until|till)\s",
        generic=True,
    ))
    rules.append(edit(
        dt, "a term's label or statement before a range ('Term: <date> - <date>', 'the initial "
        "term is <date> to <date>') starts it (_FROM)",
        '    r"|(?<!renewal\\s)(?<!extension\\s)\\b(?:term|contract\\s+period'
        '|period\\s+of\\s+performance)"\n'
        '    r"(?:\\s+of\\s+(?:this\\s+|the\\s+)?(?:agreement|contract|lease))?"\n'
        '    r"(?:\\s*:|\\s+(?:is|shall\\s+be))\\s*)(?:the\\s+)?$",',
        '    r")(?:the\\s+)?$",',
        r"\b(?:term|contract\s+period|period\s+of\s+performance)"
        r"(?:\s+of\s+(?:this\s+|the\s+)?(?:agreement|contract|lease))?(?:\s*:|\s+(?:is|shall\s+be))"
        rf"\s*(?:the\s+)?(?:\d|{month}\s+\d)[^.;]{{0,30}}?\s(?:to|through|until|till|-|–)\s",
        generic=True,
    ))
    rules.append(edit(
        dt, "'covers / applies to the period <date> to <date>' starts a range (_FROM)",
        r"|effect|force|covers?|covering|appl(?:y|ies)\s+to)", r"|effect|force)",
        r"\b(?:covers?|covering|appl(?:y|ies)\s+to)\s+(?:the\s+)?period\s", generic=True,
    ))
    rules.append(edit(
        dt, "a comma after the first date of a range ('from January 1, 2021, to <date>')",
        r"\s*,?\s*(?:to|-|–|—)\s*$", r"\s*(?:to|-|–|—)\s*$",
        r"(?:1[89]|20)\d{2}\s*,\s*(?:to|-|–|—)\s+(?:the\s+)?(?:\d|[A-Z][a-z]+\.?\s+\d)",
        generic=True,
    ))
    rules.append(edit(
        dt, "a comma before 'to' joins a range (_TO_NEXT_DATE)",
        r'"\s*,?\s*(?:(?:up\s+)?to|through', r'"\s*(?:(?:up\s+)?to|through',
        r"(?:1[89]|20)\d{2}\s*,\s*(?:to|through|thru|until|till|-|–|—)\s+(?:the\s+)?"
        r"(?:\d|[A-Z][a-z]+\.?\s+\d)", generic=True,
    ))
    rules.append(edit(
        dt, "'from and after <date>' starts the agreement (DATE_CUES)",
        r'|operative|from\s+and\s+after)\b",', r'|operative)\b",',
        rf"\bfrom\s+and\s+after\s+(?:the\s+)?(?:\d|{month}\s+\d)", generic=True,
    ))
    rules.append(edit(
        dt, "'thru <date>' ends the agreement (DATE_CUES)", "|through|thru|end(?:s|ing)?",
        "|through|end(?:s|ing)?", rf"\bthru\s+(?:the\s+)?(?:\d|{month}\s+\d)", generic=True,
    ))
    rules.append(edit(
        dt, "'from <date> thru <date>' is a range (_TO_NEXT_DATE)", "to|through|thru|until|till|-",
        "to|through|until|till|-", rf"(?:\d|{month}\s+\d)[^.;]{{0,30}}?\sthru\s", generic=True,
    ))
    rules.append(edit(
        dt, "'(hereinafter (referred to as) the \"Effective Date\")', '(such date, the \"Effective "
        "Date\")' after a date makes it effective (_DEFINED_EFFECTIVE)",
        r'"^(?:\W{0,12}|[\s,]*\(\s*(?:hereinafter|such\s+date)\W{0,3}"' "\n"
        r'    r"(?:(?:referred\s+to\s+as|called)\s+)?)(?:the\s+)?',
        r'"^\W{0,12}"' "\n" r'    r"(?:the\s+)?',
        r"\(\s*(?:hereinafter|such\s+date)\W{0,3}(?:(?:referred\s+to\s+as|called)\s+)?"
        r"(?:the\s+)?\W?(?:effective|commencement)\s+date", generic=True,
    ))
    rules.append(edit(
        dt, "a day in words echoed in figures ('the first (1st) day of July') (_DAY_ECHO)",
        '_DAY_ECHO = r"(?:\\s*\\(\\s*\\d{1,2}(?:st|nd|rd|th)?\\s*\\))?"', '_DAY_ECHO = r""',
        r"\b[a-z]+(?:-[a-z]+)?\s*\(\s*\d{1,2}(?:st|nd|rd|th)?\s*\)\s*(?:day\s+)?of\s+"
        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s*(?:1[89]|20)\d{2}",
        generic=True,
    ))
    rules.append(edit(
        dt, "'be from <date> through <date>' / 'between <date> and <date>' starts and ends a range "
        "(_range_starts)",
        "_last_signature_signs(text, _range_starts(text, dedupe_overlaps(found)))",
        "_last_signature_signs(text, dedupe_overlaps(found))",
        r"\b(?:from(?:\s+and\s+including)?|between)\s+(?:the\s+)?(?:\d|[A-Z][a-z]+\.?\s+\d)"
        r"[^.;]{0,30}?\s(?:to|through|until|till|and)\s+(?:and\s+including\s+)?(?:the\s+)?"
        r"(?:\d|[A-Z][a-z]+\.?\s+\d)",
        generic=True,
    ))
    rules += branches(
        dt, "DATE_CUES: list[tuple[re.Pattern[str], str]] = [", "\"dated\",\n    ),", [
            "effective", r"as\s+of", r"commenc\w*", r"begin\w*", r"start\w*",
            (r"(?:years?|months?|term|runs?|running|valid|effect|force)\s+from",
             r"\b(?:years?|months?|term|runs?|running|valid|effect|force)\s+from\b"),
            (r"(?:take[sn]?|taking|took)\s+effect", r"\b(?:take[sn]?|taking|took)\s+effect\b"),
            (r"(?:come|comes|came|coming|enter(?:s|ed|ing)?)\s+into\s+(?:force|effect|operation)",
             r"\b(?:come|comes|came|coming|enter(?:s|ed|ing)?)\s+into\s+"
             r"(?:force|effect|operation)\b"),
            r"on\s+and\s+from", r"as\s+from", "operative",
            "dated",
            "made", r"entered\s+into", "executed", "signed",
        ], label="date role cue",
        generic={"effective", r"as\s+of", "dated", r"(?:take[sn]?|taking|took)\s+effect",
                 r"(?:come|comes|came|coming|enter(?:s|ed|ing)?)\s+into\s+"
                 r"(?:force|effect|operation)",
                 r"on\s+and\s+from", r"as\s+from", "operative"},
    )
    rules.append(edit(
        dt, "'This Agreement is concluded on <date>' is the day it was made",
        '            r"\\b(?:is|was|been|and)\\s+concluded(?:\\s+on|\\s+as\\s+of)?\\s*$|"\n', "",
        r"\b(?:is|was|been|and)\s+concluded(?:\s+(?:on|as\s+of))?\s+(?:the\s+)?\d|"
        r"\b(?:is|was|been|and)\s+concluded(?:\s+(?:on|as\s+of))?\s+[A-Z][a-z]+\.?\s+\d",
        generic=True,
    ))
    rules.append(edit(
        dt, "a cover sheet's 'Date of Agreement / Execution: <date>' is the day it was made",
        '            r"\\bdate\\s+of\\s+(?:this\\s+)?(?:agreement|execution|signing|signature)'
        '\\s*:\\s*$|"\n',
        "", r"\bdate\s+of\s+(?:this\s+)?(?:agreement|execution|signing|signature)\s*:\s*\S",
        generic=True,
    ))
    rules.append(edit(
        dt, "'shall terminate effective (as of) <date>' / 'expire as of <date>' ends the agreement",
        '            r"\\b(?:terminat\\w*|expir\\w*)\\s+(?:effective\\s+)?(?:as\\s+of\\s*)?$"\n'
        '            r"|', '            r"',
        r"\b(?:terminat\w*|expir\w*)\s+(?:effective\s+(?:as\s+of\s+)?|as\s+of\s+)"
        r"(?:the\s+)?(?:\d|[A-Z][a-z]+\.?\s+\d)",
        generic=True,
    ))
    rules.append(edit(
        dt, "'shall cease to have effect / to be in force on <date>' ends the agreement",
        '            # "shall cease to have effect / to be in force on <date>"\n'
        '            r"|\\bceas\\w*\\s+to\\s+(?:have\\s+effect|be\\s+in\\s+(?:full\\s+)?"\n'
        '            r"(?:force|effect))\\b"\n',
        "", r"\bceas\w*\s+to\s+(?:have\s+effect|be\s+in\s+(?:full\s+)?(?:force|effect))\b",
        generic=True,
    ))
    rules += branches(
        dt, "r\"|\\b(?:expir\\w*|terminat", ")\\b\"", [
            "expir\\w*", r"terminat\w*", "until", "till", "through",
            (r"end(?:s|ing)?\s+on", r"\bend(?:s|ing)?\s+on\b"),
            "laps(?:e|es|ed|ing)", (r"ceas(?:e|es|ed|ing)\s+on", r"\bceas(?:e|es|ed|ing)\s+on\b"),
        ], label="date role cue",
        generic={"expir\\w*", r"terminat\w*", "till", "laps(?:e|es|ed|ing)",
                 r"ceas(?:e|es|ed|ing)\s+on"},
    )
    rules += branches(
        dt, "r\"|\\b(?:ending|", "\\s*$\"", [
            ("ending", r"\bending\s+(?:\d|[A-Z][a-z]+\.?\s+\d)"),
            ("ends", r"\bends\s+(?:\d|[A-Z][a-z]+\.?\s+\d)"),
            (r"end(?:s|ed)?\s+(?:as\s+of|at(?:\s[^;]{1,40}?\son)?)",
             r"\bend(?:s|ed)?\s+(?:as\s+of|at)\b"),
            (r"conclud\w*(?:\s+on)?", r"\bconclud\w*"), (r"extended\s+to", r"\bextended\s+to\b"),
            (r"(?:up\s+)?to\s+and\s+including", r"\bto\s+and\s+including\b"),
            (r"up\s+to", r"\bup\s+to\s+(?:\d|[A-Z][a-z]+\.?\s+\d)"),
            (r"(?:runs?|running)\s+to", r"\b(?:runs?|running)\s+to\s+(?:\d|[A-Z][a-z]+\.?\s+\d)"),
            # a label "End Date: <date>", "Contract end: <date>"
            (r"end(?:\s+date)?\s*:", r"\bend(?:\s+date)?\s*:\s*\S"),
        ], label="date role cue: the end of a stated period",
        generic={"ends", r"end(?:s|ed)?\s+(?:as\s+of|at(?:\s[^;]{1,40}?\son)?)",
                 r"(?:up\s+)?to\s+and\s+including", r"up\s+to", r"(?:runs?|running)\s+to",
                 r"end(?:\s+date)?\s*:"},
    )
    rules.append(edit(
        dt, "date role cue: the second date of a range ('<date> to <date>')",
        "\n            r\"|(?:\\d{4}|\\d{1,2}(?:st|nd|rd|th)?)\\s*,?\\s*(?:to|-|–|—)\\s*$\",",
        "\n            ,",
        r"(?:\d{4}|\d{1,2}(?:st|nd|rd|th)?)\s*(?:to|-|–|—)\s*(?:\d|[A-Z][a-z]+\.?\s+\d)",
    ))
    rules.append(edit(
        dt, "date role cue: 'this' right before the date", r"|\bthis\s*$", "",
        r"\bthis\s+(?:\d|[A-Z][a-z]+\s+\d)",
    ))
    # ---------------------------------------------------------------- values/durations.py
    du = "values/durations.py"
    rules.append(edit(
        du, "the Nth anniversary of the agreement's start is N years (_ANNIVERSARY_OF_START)",
        "\n    found += _anniversaries(text)", "",
        r"\banniversary\s+of\s+(?:the\s+)?(?:date|effective|execution|this)",
    ))
    rules.append(edit(
        du, "an anniversary counted in years is that many years ('the two-year anniversary of "
        "this Agreement', 'the three (3) year anniversary of the Effective Date') (ANNIVERSARY)",
        '    rf"|(?P<years>{NUMBER_WORDS}|\\d{{1,2}})(?:\\s*\\(\\s*\\d{{1,2}}\\s*\\))?[\\s-]+year[\\s-]+)"\n',
        '    rf"|(?P<years>(?!x)x))"\n',
        r"\b(?:[a-z]+|\d{1,2})(?:\s*\(\s*\d{1,2}\s*\))?[\s-]+year[\s-]+anniversary\b",
        generic=True,
    ))
    rules.append(edit(
        du, "an anniversary of the agreement's signing is the agreement's ('the date of the last "
        "signature', 'the date on which this Agreement is signed') (AGREEMENT_START)",
        '    r"|of\\s+(?:its\\s+|the\\s+last\\s+)?(?:signature|signing)"\n'
        '    r"|on\\s+which\\s+(?:this\\s+(?:letter\\s+)?agreement|it)\\s+(?:is|was|has\\s+been)'
        '\\s+(?:signed|executed))"\n',
        '    r")"\n',
        r"\banniversary\s+of\s+(?:the\s+)?date\s+(?:of\s+(?:its\s+|the\s+last\s+)?"
        r"(?:signature|signing)|on\s+which\s+(?:this\s+(?:letter\s+)?agreement|it)\s+"
        r"(?:is|was|has\s+been)\s+(?:signed|executed))", generic=True,
    ))
    rules.append(edit(
        du, "the English 'the date above written' / 'the date set out above' (no 'first') is the "
        "agreement's start ('the second anniversary of the date above written') (AGREEMENT_START)",
        '    r"|(?:first\\s+)?(?:above[\\s-]+(?:written|set\\s+out|stated)"\n'
        '    r"|(?:written|set\\s+(?:forth|out)|stated)\\s+above)"\n', "",
        r"\b(?:of|from|after|following)\s+the\s+date\s+(?:first\s+)?(?:above[\s-]+(?:written"
        r"|set\s+out|stated)|(?:written|set\s+(?:forth|out)|stated)\s+above)", generic=True,
    ))
    rules.append(edit(
        du, "a letter agreement's date is its start ('the third anniversary of the date of this "
        "letter') (AGREEMENT_START)",
        '    r"|(?:date\\s+of\\s+)?this\\s+letter"\n', "",
        r"\banniversary\s+of\s+(?:the\s+date\s+of\s+)?this\s+letter\b(?!\s+agreement)",
        generic=True,
    ))
    rules.append(edit(
        du, "'the third anniversary hereof', and 'thereof' after a start the sentence names, are "
        "the agreement's (_ANNIVERSARY_OF_START)",
        r'|hereof\b|(?P<thereof>thereof)\b)"', r'|(?P<thereof>(?!x)x))"',
        r"\banniversary\s+(?:hereof|thereof)\b", generic=True,
    ))
    rules.append(edit(
        du, "'the third anniversary of that date' (the said date, that day) is the agreement's "
        "where its sentence has just said the agreement starts on it (_ANNIVERSARY_OF_START, "
        "names_the_start_before)",
        "|(?P<that>{THAT_DATE})", "|(?P<that>(?!x)x)",
        r"\banniversary\s+of\s+(?:that|(?:the\s+)?said)\s+(?:date|day)\b", generic=True,
    ))
    rules.append(edit(
        du, "half a year is six months ('half a year', 'a half-year period')",
        "\n    found += _half_years(text)", "", r"\b(?:half\s+an?\s+|an?\s+half[\s-])year\b",
        generic=True,
    ))
    rules.append(edit(
        du, "the far end of a notice window is no notice ('not less than 60 and not more than "
        "120 days prior') (_notice_windows)",
        "_notice_windows(text, dedupe_overlaps(found))", "dedupe_overlaps(found)",
        r"\b(?:no|not|nor)\s+(?:more|greater|earlier)\s+than\s+[\w() -]{1,40}?\s+(?:days?|months?)"
        r"[^.;]{0,40}?\b(?:prior|before|in\s+advance)", generic=True,
    ))
    rules.append(edit(
        du, "a heading pairing the term with its renewal ('TERM AND RENEWAL') names no role "
        "(_without_paired_headings)",
        "    text = _without_paired_headings(text)\n", "",
        r"\b(?:term|duration)\s*(?:and|&|;|,)\s*(?:renewals?|extensions?)\b"
        r"(?=\s*(?:[.:\d]|(?-i:[A-Z])))", generic=True,
    ))
    rules.append(edit(
        du, "a duration after 'such' refers back to one named before ('at the end of any such "
        "twelve month period') (_back_references)",
        "    return _back_references(text, _notice_windows(text, dedupe_overlaps(found)))",
        "    return _notice_windows(text, dedupe_overlaps(found))",
        r"\bsuch\s+(?:\w+[\s-]+){0,3}?\(?\d*\)?\s*-?(?:days?|weeks?|months?|years?)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "years and months are one duration ('one year and six months')",
        " + _years_and_months(text, numbered)", "",
        r"\byears?,?\s+(?:and\s+)?[\w.-]+\s+(?:\(\d+\)\s*)?months?\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a period counted from another event than the start is no term ('five years after the "
        "date of the last disclosure', 'twelve months from the date of the order') "
        "(_counted_from_an_event)",
        "        or _counted_from_an_event(text, end)\n", "",
        r"\b(?:years?|months?)\)?\s+(?:after|following|from|since)\s+(?:[\w'’-]+\s+){0,10}?"
        r"(?:(?:last|final|latest)\s+disclos\w*|order|retire\w*|resign\w*|separation|departure|end\s+of"
        r"|terminat\w*|expir\w*|expiry)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a period after something ends or ceases is counted from that event ('twelve months "
        "after my employment ends', 'one year after the Executive ceases to be employed') "
        "(_COUNTED_FROM_AN_EVENT)",
        r'|end(?:s|ed)|ceas(?:es|ed|ing)|cessation', "",
        r"\b(?:years?|months?)\)?\s+(?:period\s+)?(?:after|following|from|since)\s+"
        r"(?:[\w'’-]+\s+){0,10}?(?:end(?:s|ed)|ceas(?:es|ed|ing)|cessation)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a period after this agreement ends is counted from its end ('three years after this "
        "Agreement ends / expires / is terminated') (_COUNTED_FROM_AN_EVENT, _IT_ENDS)",
        "|{_IT_ENDS}", "",
        r"\b(?:years?|months?)\)?\s+(?:after|following|from)\s+this\s+(?:letter\s+)?agreement\s+"
        r"(?:is\s+|has\s+(?:been\s+)?)?(?:end(?:s|ed)|expir(?:es|ed)|terminat(?:es|ed))\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a period named as a period before its event is counted from it too ('the twelve (12) "
        "month period after my employment ends') (_COUNTED_FROM_AN_EVENT)",
        r'(?:period\s+)?(?:after|following|from|since)', "(?:after|following|from|since)",
        r"\b(?:years?|months?)\)?\s+period\s+(?:after|following|from|since)\s+"
        r"(?:[\w'’-]+\s+){0,10}?(?:(?:last|final|latest)\s+disclos\w*|order|retire\w*"
        r"|resign\w*|separation|departure|end|terminat\w*|expir\w*|expiry|ceas\w*|cessation)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "an extension of one service, schedule or order is no renewal ('extend that Service "
        "for up to three (3) months', 'extend the term of any Service by') (_extends_one_item)",
        "        or _extends_one_item(text, start)\n", "",
        r"\b(?:extend\w*|extension\s+of)\s+(?:the\s+(?:term|duration|period|service\s+period)"
        r"\s+(?:of|for)\s+)?(?:any|that|such|each|a|an|one)\s+(?:[\w-]+\s+)?(?:service"
        r"|schedule|statement\s+of\s+work|sow|work\s+order|purchase\s+order|order|project)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a period from the agreement's start is no period from another event, though an "
        "event word follows ('three years from the Effective Date notwithstanding the "
        "termination of the discussions') (_COUNTED_FROM_AN_EVENT)",
        '    rf"(?!{AGREEMENT_START}(?!\\s+of\\s+(?!this\\b|the\\s+(?:letter\\s+)?agreement\\b)'
        '|{_IT_ENDS}))"\n',
        "",
        r"\b(?:years?|months?)\)?\s+(?:after|following|from|since)\s+(?:the\s+)?(?:date\s+hereof"
        r"|effective\s+date|date\s+of\s+this)[^.;]{0,60}?\b(?:terminat\w*|expir\w*|end\s+of)",
        generic=True,
    ))
    rules += branches(
        du, "_QUALIFIER = (", "\n)", [
            "calendar", "business", "working", "consecutive", "full", "additional",
            "successive", "contract",
        ], label="duration qualifier",
        generic={"calendar", "business", "working", "consecutive", "additional", "successive"},
    )
    rules.append(edit(
        du, "numeral echo after the unit ('two years (2)')",
        "_PAREN_ECHO = r\"(?:\\s*\\(\\s*\\d+\\s*\\))?\"", "_PAREN_ECHO = r\"\"",
        r"\b(?:year|month|week|day|hour)s?\s*\(\s*\d+\s*\)",
    ))
    rules += branches(
        du, "_ARTICLE = re.compile(", "_FLAGS,", [
            "additional", "successive", "single", "calendar",
            ("further", r"\ba\s+further\s+(?:year|month|week|day)\b"),
            (r"another\s+", r"\banother\s+(?:year|month|week|day)\b"),
            (r"one\s+more\s+", r"\bone\s+more\s+(?:year|month|week|day)\b"),
        ], label="'an additional month' qualifier",
        generic={"additional", "successive", "further", r"another\s+", r"one\s+more\s+"},
    )
    rules += branches(
        du, "_RECURRING = [", "\n]", [
            "annually", (r"annual(?=\s+(?:renewal|term|period|basis|extension)s?\b)",
                         r"\bannual\s+(?:renewal|term|period|basis|extension)s?\b"),
            "yearly", (r"each\s+year", r"\beach\s+year\b"),
            (r"every\s+year", r"\bevery\s+year\b"),
            (r"year[\s-]to[\s-]year", r"\byear[\s-]to[\s-]year\b"), "monthly",
            (r"each\s+month", r"\beach\s+month\b"), (r"every\s+month", r"\bevery\s+month\b"),
            (r"month[\s-]to[\s-]month", r"\bmonth[\s-]to[\s-]month\b"),
        ], label="recurrence as a duration", generic={"annually", "monthly"},
    )
    rules += branches(
        du, "_OPEN_ENDED = re.compile(", "_FLAGS", [
            (r"in\s+perpetuity", r"\bin\s+perpetuity\b"),
            (r"indefinite(?:ly)?", r"\bindefinite(?:ly)?\b"),
            (r"unlimited\s+(?:period|duration|term)s?",
             r"\bunlimited\s+(?:period|duration|term)s?\b"),
        ], label="open-ended term", generic={r"unlimited\s+(?:period|duration|term)s?"},
    )
    rules += branches(
        du, "DURATION_CUES: list[tuple[re.Pattern[str], str]] = [", "\n]", [
            (r"notif\w*", r"\bnotif\w*"), (r"non-?renewal", r"\bnon-?renewal\b"),
            (r"renew\w*", r"\brenew\w*"),
            ("{EXTENDS_A_RENEWAL}", r"\bextend\w*"),  # values/durations.py's constant
            "extension", "successive", "additional",
            (r"(?<!\bno\s)further(?!\s+force)", r"\bfurther\b"),
            "initial", (r"period\s+of", r"\bperiod\s+of\b"), (r"remain\s+in", r"\bremain\s+in\b"),
            (r"continue\w*", r"\bcontinue\w*"), (r"for\s+a\s+period", r"\bfor\s+a\s+period\b"),
            (r"extends?(?=\s+for\s+a\s+period\s+of\b)", r"\bextends?\s+for\s+a\s+period\s+of\b"),
            (r"in\s+(?:full\s+)?(?:force|effect)", r"\bin\s+(?:full\s+)?(?:force|effect)\b"),
            "valid", "duration",
            (r"(?:entered\s+into|concluded)\s+for", r"\b(?:entered\s+into|concluded)\s+for\b"),
            (r"(?:be|remain)\s+binding(?=\s+(?:[\w,]+\s+){0,4}?for\b)",
             r"\b(?:be|remain)\s+binding\s+(?:[\w,]+\s+){0,4}?for\b"),
            (r"runs?\s+for", r"\bruns?\s+for\b"),
            (r"remain\s+effective", r"\bremain\s+effective\b"),
        ], label="duration role cue",
        generic={r"renew\w*", "initial", r"period\s+of", r"non-?renewal",
                 r"in\s+(?:full\s+)?(?:force|effect)", "valid", "duration",
                 r"(?:entered\s+into|concluded)\s+for",
                 r"(?:be|remain)\s+binding(?=\s+(?:[\w,]+\s+){0,4}?for\b)", r"runs?\s+for",
                 r"remain\s+effective"},
    )
    rules.append(edit(
        du, "term after a duration written as its adjective ('a 36-month term')",
        '    (re.compile(r"^[\\s)-]*(?:(?:initial|original|fixed)\\s+)?term\\b", _FLAGS), "term"),\n',
        "", r"\b(?:year|month)s?\W{0,3}(?:(?:initial|original|fixed)\s+)?term\b", generic=True,
    ))
    rules.append(edit(
        du, "renewal after a duration written as its adjective ('a two-year renewal term')",
        '    (re.compile(r"^[\\s)-]*(?:renewal|extension)\\s+(?:term|period)", _FLAGS), "renewal"),\n',
        "", r"\b(?:year|month)s?\W{0,3}(?:renewal|extension)\s+(?:term|period)", generic=True,
    ))
    rules.append(edit(
        du, "notice after the duration: 'prior to the end of'",
        '    (\n'
        '        re.compile(\n'
        '            # "prior the end" (a dropped "to") and "any year\'s expiration" read the same, so do\n'
        '            # "ahead of the expiry" and "before the last day of the Initial Term" (not of a\n'
        '            # calendar month, quarter or year: a deadline that recurs)\n'
        '            r"^\\W*(?:prior(?:\\s+to)?|before|in\\s+advance\\s+of|ahead\\s+of)\\s+(?:the\\s+)?"\n'
        '            r"(?:[\\w\'’-]+\\s+){0,4}(?:expir|end|terminat|renew|anniversar"\n'
        '            r"|(?:last|final)\\s+day\\s+of\\s+(?!(?:the\\s+|each\\s+|any\\s+|every\\s+|such\\s+)?"\n'
        '            r"(?:calendar\\s+|fiscal\\s+)?(?:month|quarter|year|week)s?\\b))",\n'
        '            _FLAGS,\n'
        '        ),\n'
        '        "notice",\n'
        '    ),\n',
        "", r"\b(?:days?|months?|weeks?)\W*(?:prior\s+to|before|in\s+advance\s+of)\b",
    ))
    rules.append(edit(
        du, "notice after the duration: 'ahead of the expiry'",
        "|in\\s+advance\\s+of|ahead\\s+of)\\s+(?:the\\s+)?\"\n", "|in\\s+advance\\s+of)\\s+(?:the\\s+)?\"\n",
        r"\b(?:days?|months?|weeks?|years?)\W*ahead\s+of\s+(?:the\s+)?(?:[\w'’-]+\s+){0,4}"
        r"(?:expir|end|terminat|renew|anniversar)", generic=True,
    ))
    rules.append(edit(
        du, "notice after the duration: 'before the last day of the Initial Term' (not of a "
        "calendar month)",
        '"\n            r"|(?:last|final)\\s+day\\s+of\\s+(?!(?:the\\s+|each\\s+|any\\s+|every\\s+|such\\s+)?"\n'
        '            r"(?:calendar\\s+|fiscal\\s+)?(?:month|quarter|year|week)s?\\b))",\n',
        ')",\n',
        r"\b(?:days?|months?|weeks?|years?)\W*(?:prior\s+to|before|ahead\s+of)\s+(?:the\s+)?"
        r"(?:last|final)\s+day\s+of\b", generic=True,
    ))
    rules.append(edit(
        du, "a term that extends for a period or until a day renews nothing",
        'until|through|for\\s+a\\s+period\\s+of"\n    r"|', "",
        r"\bextends?\s+(?:until|through|for\s+a\s+period\s+of)\b",
    ))
    rules.append(edit(
        du, "a cap on the term renews nothing ('shall not extend beyond / later than')",
        '"\n    r"|beyond|past|(?:any\\s+)?later\\s+than', "",
        r"\bextends?\s+(?:beyond|past|(?:any\s+)?later\s+than)\b", generic=True,
    ))
    rules.append(edit(
        du, "a duration that says when something starts is no notice ('commencing six months "
        "prior to the expiration') (_STARTS_AT)",
        "    if _STARTS_AT.search(text[max(0, start - 20) : start]):\n        return None\n", "",
        r"\b(?:commencing|beginning|starting)\s+[\w() -]{1,40}?\s+(?:days?|months?|weeks?)\s+"
        r"(?:prior\s+to|before)\b", generic=True,
    ))
    rules.append(edit(
        du, "renewal after a recurrence ('annual renewals')",
        "        cue_after(text, end, _RENEWAL_AFTER)\n        or cue_after(text, end, _NOTICE_AFTER)",
        "        cue_after(text, end, _NOTICE_AFTER)",
        r"\b(?:annual(?:ly)?|yearly|monthly)\W{0,3}(?:\w+\s+){0,2}renew",
    ))
    rules.append(edit(
        du, "a renewal or notice cue is read in the duration's own sentence ('... may purchase "
        "additional units. This Agreement shall remain in effect for five (5) years') "
        "(_notice_or_renewal_cue, _SENTENCE_END)",
        "    lo = _sentence_start(text, start)\n    return cue_before(text[lo:start], start - lo, cues)",
        "    return cue_before(text, start, cues)",
        r"\b(?:renew\w*|extend\w*|extension|successive|additional|further)\b[^.!?]{0,50}[.!?]\s+"
        r"[^.!?]{0,60}?\b(?:years?|months?|weeks?|days?)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "any later period is a renewal ('at the end of any subsequent one-year period', "
        "'each succeeding period of twelve months') (_LATER_PERIOD)",
        "DURATION_CUES[:2] + _LATER_PERIOD)", "DURATION_CUES[:2])",
        r"\b(?:(?:any|each|every)\s+(?:subsequent|succeeding|ensuing)|(?:subsequent|succeeding"
        r"|ensuing)\s+(?:periods?|terms?)\s+of)\s+[\w() -]{1,30}?(?:years?|months?)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a window or length measuring a condition of a right to terminate is no term ('may "
        "terminate ... if Availability falls below 99% in any three (3) consecutive months') "
        "(_measures_a_condition)",
        "        or _measures_a_condition(text, start, end)\n", "",
        r"\b(?:may|entitled\s+to|right\s+to|option\s+to|elect\s+to)\b[^.]{0,200}?\b(?:in|during"
        r"|over|within|for)\s+(?:any\s+|each\s+|a\s+)?(?:period\s+of\s+)?[\w() -]{1,30}?"
        r"(?:years?|months?|weeks?|days?)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "a term word names no recurrence's role ('shall continue from year to year')",
        "            kind = _recurrence_role(text, *m.span())",
        "            kind = cue_after(text, m.end(), _RENEWAL_AFTER) or _role(text, *m.span())"
        " or \"recurring\"",
        r"\b(?:term|initial|remain\s+in|continue\w*|period\s+of)\b.{0,60}"
        r"\b(?:year[\s-]to[\s-]year|month[\s-]to[\s-]month|annually|yearly|monthly)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "continuing makes a recurrence a renewal ('shall continue in effect from year to "
        "year') (_CONTINUES)",
        "        or cue_before(text, start, _CONTINUES)\n", "",
        r"\b(?:continu\w*|remain\w*)\b.{0,60}"
        r"\b(?:year[\s-]to[\s-]year|month[\s-]to[\s-]month|annually|yearly|monthly)\b",
        generic=True,
    ))
    rules.append(edit(
        du, "hours as a duration unit", "_UNIT = r\"(?P<unit>year|month|week|day|hour|yr|mo)s?\\b\"",
        "_UNIT = r\"(?P<unit>year|month|week|day|yr|mo)s?\\b\"", r"\bhours?\b",
    ))
    rules.append(edit(
        du, "abbreviated units ('2 yrs.', '12 mos.')",
        "_UNIT = r\"(?P<unit>year|month|week|day|hour|yr|mo)s?\\b\"",
        "_UNIT = r\"(?P<unit>year|month|week|day|hour)s?\\b\"", r"\d\s*(?:yrs?|mos?)\b",
        generic=True,
    ))
    # a form of labelled lines ("Initial Term: 24 months" over "Renewal Term: 12 months"): a
    # duration on one of them reads its role, and the expiration mode its statement, in the line
    form_lines = (r"(?m)^[ \t]*[A-Z][\w'/&.-]*(?:[ \t]+[\w'/&().-]+){0,4}?[ \t]*:[ \t]*\S[^\n]*"
                  r"\d[^\n]*\b(?:years?|months?)\b[^\n]*\n[ \t]*[A-Z][\w'/&.-]*"
                  r"(?:[ \t]+[\w'/&().-]+){0,4}?[ \t]*:")
    rules.append(edit(
        du, "a duration on a form's labelled line takes its role from the line only "
        "(labelled_line)",
        "    if line := labelled_line(text, start, end):\n        lo, hi = line\n",
        "    if line := None:\n        lo, hi = line\n", form_lines, generic=True, flags=0,
    ))
    rules.append(edit(
        "rules.py", "a term on a form's labelled line is stated by the line, not the block "
        "(_term_bounds, labelled_line)",
        "    return labelled_line(text, start, end) or sentence_bounds(text, start, end)",
        "    return sentence_bounds(text, start, end)", form_lines, generic=True, flags=0,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "the expiry from a form's term line takes its sentence cues from the line "
        "(labelled_line)",
        "        if line := labelled_line(p.text, c.start, c.end):\n",
        "        if line := None:\n", form_lines, generic=True, flags=0, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a term stated only by the day it takes effect and the day it ends is the "
        "time between them (_term_between_dates)",
        " + _term_between_dates(reader)\n", "\n",
        r"\b(?:agreement|contract|term)\b[^.;]{0,80}?\b(?:force|effect|effective|commenc\w*|begin"
        r"\w*)\s+(?:on|from|as\s+of)\s+[^.;]{4,30}?\d{4}[^.;]{0,80}?\b(?:until|through|(?:expir"
        r"|terminat|end)\w*\s+on)\s+[^.;]{4,30}?\d{4}", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a notice period on a labelled line is the stop notice when the renewal clause "
        "names its label ('at least the Notice Period before the end') "
        "(_notice_named_by_its_label)",
        " + _notice_named_by_its_label(reader)\n", "\n",
        r"(?m)^[ \t]*(?:[A-Z][\w'’-]*[ \t]+){0,3}(?:Notice|Notification|Non-?[Rr]enewal)"
        r"(?:[ \t]+[A-Z][\w'’-]*){0,2}[ \t]*:[^\n]*\b(?:days?|months?|weeks?)\b",
        generic=True, flags=0, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "no renewal term where a sentence rules out automatic renewal ('shall not "
        "renew automatically', 'no automatic renewal', 'any extension requires a written "
        "amendment') (_NO_AUTOMATIC_RENEWAL)",
        "    if _rules_out_automatic_renewal(reader):\n"
        "        scored = [s for s in scored if _grants_an_option_to_renew(reader, s)]\n", "",
        r"\bnot\s+(?:be\s+)?(?:automatically\s+(?:renew|extend)|(?:renew|extend)\w*\s+"
        r"automatically)|\bno\s+automatic\s+(?:renewal|extension)"
        r"|\bnot\s+(?:be\s+)?subject\s+to\s+(?:any\s+)?automatic\s+(?:renewal|extension)"
        r"|\b(?:any|each)\s+(?:renewal|extension)\b[^.;]{0,80}?"
        r"\b(?:require|agreed|signed)", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "... unless one party may take the renewal up alone ('option to extend') "
        "(_OPTION_TO_RENEW)",
        "if _grants_an_option_to_renew(reader, s)]", "if False]",
        r"\boptions?\s+to\s+(?:renew|extend)\b|\brenewal\s+options?\b|\b(?:may|shall\s+have\s+"
        r"the\s+right\s+to|is\s+entitled\s+to)\s+(?:renew|extend)\b", generic=True,
        readers=("duration",), requires=r"\bnot\s+(?:be\s+)?(?:automatically\s+)?(?:renew|extend)"
        r"\w*\s+automatically|\bno\s+automatic\s+(?:renewal|extension)",
    ))
    rules.append(edit(
        "rules.py", "a sentence giving the agreement 'a duration of' a period states its term "
        "('shall have a duration of three years', 'the duration of this Agreement') "
        "(_TERM_SENTENCE)",
        '    r"|(?:ha(?:s|ve|ving)|for)\\s+a\\s+duration\\s+of"\n'
        '    r"|duration\\s+of\\s+(?:this|the)\\s+(?:\\w+\\s+)?(?:agreement|contract)"\n',
        "",
        r"\b(?:(?:ha(?:s|ve|ving)|for)\s+a\s+duration\s+of|duration\s+of\s+(?:this|the)\s+"
        r"(?:\w+\s+)?(?:agreement|contract))\b", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a term until the Nth anniversary of a dated day other than the agreement's "
        "start ('until the fourth anniversary of the Closing Date', the Closing Date dated or "
        "defined as the date of this Agreement) runs N years (_anniversary_of_a_dated_day)",
        "        + _anniversary_of_a_dated_day(reader)\n", "",
        r"\banniversary\s+of\s+the\s+(?:[A-Z][\w-]*\s+){1,3}Date\b", flags=0, generic=True,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "an expiry on 'the third anniversary of that date' where the sentence has "
        "just said the agreement starts on it (_of_the_start_just_named)",
        "\n                          or _of_the_start_just_named(p.text, m)", "",
        r"\banniversary\s+of\s+(?:that|(?:the\s+)?said)\s+(?:date|day)\b", generic=True,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "... and ends the agreement on that day N years on (_anniversary_expiries)",
        "    anniversaries = _anniversary_expiries(reader, context)\n",
        "    anniversaries = []\n",
        r"\banniversary\s+of\s+the\s+(?:[A-Z][\w-]*\s+){1,3}Date\b", flags=0, generic=True,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "the past tense of a start wording on the agreement's own or named date: 'The "
        "term of this Agreement began on the Restatement Date' (_TAKES_EFFECT_ON_ITS_DATE)",
        r'r"\b(?:commenc\w*|begin\w*|began|start\w*|(?:be|become|becomes|became|is|was)\s+'
        r'effective"' '\n'
        r'    r"|(?:takes?|took)\s+effect|(?:(?:enter|come)s?|entered|came)\s+into\s+(?:force|effect)"',
        r'r"\b(?:commenc\w*|begin\w*|start\w*|(?:be|become|becomes|is)\s+effective"' '\n'
        r'    r"|takes?\s+effect|(?:enter|come)s?\s+into\s+(?:force|effect)"',
        r"\b(?:agreement|contract|term)\b[^.;]{0,60}?\b(?:began|(?:became|was)\s+effective|took\s+"
        r"effect|(?:entered|came)\s+into\s+(?:force|effect))\s+"
        r"(?:on|as\s+of|from|upon)\s+the\s+", generic=True,
    ))
    rules.append(edit(
        "rules.py", "a restatement 'with effect from the date of this Agreement' starts on the "
        "agreement's own date (_TAKES_EFFECT_ON_ITS_DATE)",
        r'    r"|\brestat(?:e|es|ed|ing)\b[^.;]{0,160}?\bwith\s+effect\s+from\s+(?:the\s+)?"'
        '\n', "",
        r"\brestat(?:e|es|ed|ing)\b[^.;]{0,160}?\bwith\s+effect\s+from\s+the\s+date\s+"
        r"(?:hereof|of\s+this)",
        generic=True,
    ))
    rules.append(edit(
        "rules.py", "the preamble's date pointed at without 'first' ('the date above written', "
        "'the date set out above', 'the date at the head of this Agreement') is the agreement's "
        "own date (_ITS_OWN_DATE)",
        r'    r"|(?:and\s+year\s+)?(?:first\s+)?(?:above[\s-]+|here(?:in)?\s*(?:above|before)\s+)"'
        '\n' r'    rf"(?:{_WRITTEN})"' '\n'
        r'    rf"|(?:and\s+year\s+)?(?:first\s+)?(?:{_WRITTEN})\s+(?:above|{_AT_THE_HEAD})"' '\n'
        r'    rf"|{_AT_THE_HEAD})\b",',
        r'    r")\b",',
        r"\b(?:date|day)\s+(?:and\s+year\s+)?(?:above[\s-]+(?:written|set|stated|mentioned|given"
        r"|shown|specified)|(?:written|set\s+(?:forth|out)|stated|mentioned|given|shown|specified"
        r"|appearing)\s+above|at\s+the\s+(?:head|top|beginning|start)\s+of)", generic=True,
    ))
    rules.append(edit(
        "rules.py", "an English deed or licence starts on its own date ('This Deed shall take "
        "effect on the date above written') (_TAKES_EFFECT_ON_ITS_DATE)",
        r'r"\b(?:agreement|contract|term|deed|licen[cs]e)\b(?:(?!\bperiod\b)',
        r'r"\b(?:agreement|contract|term)\b(?:(?!\bperiod\b)',
        r"\b(?:deed|licen[cs]e)\b[^.;]{0,60}?\b(?:commenc\w*|begin\w*|start\w*|effective|"
        r"effect|into\s+force)\s+(?:on|as\s+of|from|upon)\s+the\s+(?:date|day)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a restated agreement's recital of the day its predecessor started ('The "
        "Term commenced on 1 July 2011 under the Original Agreement') dates no start of this one "
        "(_starts_the_earlier_agreement)",
        "    return _starts_the_earlier_agreement(text, c) or any(\n", "    return any(\n",
        r"\b(?:commenced|began|started)\s+(?:on|as\s+of)\s+[^.;]{4,30}?\d{4},?\s+(?:under|pursuant"
        r"\s+to)\s+the\s+(?:Original|Prior|Existing|Previous|Former)\b|\b(?:Original|Prior|"
        r"Existing|Previous|Former)\s+(?:[A-Z][\w-]*\s+){0,3}?Agreement\b[^.;]{0,40}?\b(?:"
        r"commenced|began|started)\s+on\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date the contract declares its effective date ('This Agreement is "
        "effective as of', '(the \"Effective Date\")', '\"Effective Date\" means') takes the "
        "lead from the preamble's other date (declared_instead)",
        "            first = self.declared_instead(scored, first)\n", "",
        r"\b(?:agreement|contract|amendment|it)\s+(?:is\s+(?:made\s+)?|becomes?\s+|(?:shall|will)"
        r"\s+(?:be|become)\s+)effective\s+(?:as\s+of|on|from)\b|\(\s*(?:the\s+)?[\"“]effective"
        r"\s+date[\"”]\s*\)|[\"“]effective\s+date[\"”]\s+(?:shall\s+)?means?\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date given to another document or to a restatement's predecessor takes "
        "no bonus from its sentence's cues ('The term of this Agreement commenced on 2 March 2013 "
        "under the Original Agreement') (without_sentence_cues)",
        "            if placed.foreign:\n                without_sentence_cues(placed)\n", "",
        r"\b(?:original|prior|existing|previous|former)\s+(?:[a-z][\w-]*\s+){0,3}?agreement\b"
        r"|\b(?:agreement|amendment|contract|lease|letter|plan|order)s?\b[^.;\n]{0,80}?"
        r"\b(?:dated|entered\s+into|made|effective)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date in a signature block earns the profile's signature bonus when the "
        "opening states no date the field takes (mark_signed)",
        "        if not self.rule.signature:\n            return\n", "        return\n",
        r"\bin\s+witness\s+where(?:of|to)\b|/\s?s/|\b(?:By|Name|Title|Signature)\s*:",
        generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a signature block is what follows the attestation ('IN WITNESS WHEREOF') "
        "(in_signature_block)",
        "        _ATTESTATION.search(text, max(0, c.start - attestation), c.start)\n        or ", "        ",
        r"\bin\s+witness\s+where(?:of|to)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a signature block is where a signatory's lines stand ('/s/', 'By:', 'Name:', "
        "'Title:', 'Signature:') (in_signature_block)",
        "\n        or _SIGNATORY_LINE.search(text, max(0, c.start - lines), min(len(text), c.end + lines))",
        "",
        r"/\s?s/|\b(?:By|Name|Title|Signature)\s*:", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date named '(the \"Agreement\")' after words giving it to another "
        "document is that document's: an amendment's name for the agreement it amends (date_role)",
        '            return replace(c, kind="other" if other else "dated")\n',
        '            return replace(c, kind="dated")\n',
        r"\b(?:that|certain|the|an?)\s[^.;]{0,80}?\b(?:agreement|contract)\b[^.;]{0,40}?\bdated\b"
        r"[^.;()]{4,40}\((?:the|this)\s+[\"\u201c]agreement[\"\u201d]\)", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a document's number between its name and its date ('Supply Agreement No. "
        "4411 dated', 'Agreement ref SA-2210/09 (dated ...)') (_REFERENCE_NUMBER)",
        '    rf"{_DOCUMENT}{_REFERENCE_NUMBER}{_ADDRESSED_TO}"\n'
        '    rf"\\s*(?:\\([^()]{{1,60}}\\)\\s*)?(?:{_BETWEEN_PARTIES})?,?\\s*\\(?{_DATED_BY}"\n',
        '    rf"{_DOCUMENT}{_ADDRESSED_TO}"\n'
        '    rf"\\s*(?:\\([^()]{{1,60}}\\)\\s*)?(?:{_BETWEEN_PARTIES})?,?\\s*{_DATED_BY}"\n',
        r"\b(?:agreement|contract)s?\s+(?:no\.?|number|ref\.?|reference)\s*:?\s*\S*\d\S*\s*\(?"
        r"(?:dated|entered|executed|signed|made|effective)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the Title Case name of another document is never the last words of this "
        "agreement's own title ('This Master Hosting Services Agreement dated') "
        "(_THIS_TITLE_BEFORE, _names_another_document)",
        '        titled = m.group("titled") is not None\n', "        titled = False\n",
        r"\b(?:This|THIS)(?:[ \t]+(?:[A-Z][\w&-]*|and|of|&)){2,}[ \t]+(?:[A-Z][\w-]*[ \t]+)?"
        r"(?:Agreement|Contract|Lease|License|Amendment)s?\b[ \t]*,?[ \t]*(?:dated|entered|made"
        r"|executed|signed|effective)\b", generic=True, flags=0,
    ))
    rules.append(edit(
        "scoring.py", "a Title Case title opening its line ('Quill Labs Supply Agreement made "
        "effective as of', after an exhibit's label at most) is this agreement's own "
        "(_TITLE_OPENS_THE_LINE, _opens_with_its_title)",
        "        or _TITLE_OPENS_THE_LINE.search(text, lo, name.start())\n", "        or False\n",
        r"(?m)^[ \t]*(?:(?:Exhibit|EXHIBIT)[ \t]+[\w.()-]+[ \t]+)?(?:[A-Z][\w&-]*[ \t]+){2,}"
        r"(?:Agreement|Contract|Lease|License|Amendment)s?\b[ \t]*,?[ \t]*(?:dated|entered|made"
        r"|executed|signed|effective)\b", generic=True, flags=0,
    ))
    rules.append(edit(
        "scoring.py", "another document 'made effective' or 'made and entered into' on its date "
        "(_DATED_BY)",
        '    r"(?:(?:(?:dated|entered\\s+into|made(?:\\s+effective|\\s+and\\s+entered\\s+into)?|executed"\n',
        '    r"(?:(?:(?:dated|entered\\s+into|made|executed"\n',
        r"\b(?:agreement|contract|lease|licen[cs]e)s?\b[^.;]{0,40}?\bmade\s+(?:effective|and\s+"
        r"entered\s+into)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "another document 'of' its date ('the Mutual Nondisclosure Agreement of "
        "June 2, 2014') (_DATED_BY)",
        '    r"|(?<=\\s)of\\s+$)"  # "the Mutual Nondisclosure Agreement of June 2, 2014"\n',
        '    r")"\n',
        r"\b(?:agreement|contract|lease|licen[cs]e)s?\s+of\s+(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a referenced document's issue or version after its number ('ref. FS-3310 "
        "Issue 4 dated') (_REFERENCE_NUMBER)",
        '    r"(?:,?\\s+(?:issue|version|revision|rev\\.)\\s*\\d[\\w.]*)?"  # "ref. FS-3310 Issue 4", "Version 2.1"\n',
        "",
        r"\b(?:issue|version|revision|rev\.)\s*\d[\w.]*\s*,?\s*\(?(?:dated|made|entered|executed"
        r"|signed|effective)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a referenced document's name may have '&' and five words before its kind "
        "('the original Harbor Freight & Storage Contract, made effective on') "
        "(_OTHER_DOCUMENT_DATED)",
        "(?:[\\w&'’-]+\\s+){{0,5}}?\"\n    rf\"{_DOCUMENT}{_REFERENCE_NUMBER}",
        "(?:[\\w'’-]+\\s+){{0,4}}?\"\n    rf\"{_DOCUMENT}{_REFERENCE_NUMBER}",
        r"&\s+(?:[\w-]+\s+){0,3}(?:agreement|contract|lease|licen[cs]e)s?\b[^.;]{0,40}?"
        r"\b(?:dated|made|entered|executed|signed|effective)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the name a document gives the day it is made ('made and entered into on "
        "<date> (the \"Amendment Date\")', 'signed on <date> (the \"Contract Date\")') dates it "
        "(date_role, _DATE_MADE_TERM)",
        '        made_on = c.kind == "dated" and _DATE_MADE_TERM.search(term)\n',
        "        made_on = False\n",
        r"\b(?:dated|made|entered\s+into|executed|signed)\b[^.;()]{0,40}?\(\s*(?:the\s+)?"
        r"[\"\u201c](?:amendment|addendum|contract|lease)\s+date[\"\u201d]\s*\)", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a letter the text answers is another document: 'your letter dated', 'our "
        "letter of March 11, 2019', 'my offer letter dated' (_WHOSE)",
        '_WHOSE = r"(?:a|an|that|certain|said|such|its|their|the|your|our|my|his|her)"\n',
        '_WHOSE = r"(?:a|an|that|certain|said|such|its|their|the)"\n',
        r"\b(?:your|our|my|his|her)\s+(?:[\w'’-]+\s+){0,5}?(?:letter|agreement|proposal|offer)s?\b"
        r"[^.;]{0,30}?"
        r"\b(?:dated|of)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "whom a letter was sent to stands between its name and its date ('the "
        "proposal letter to us dated', 'your letter to the Board dated') (_ADDRESSED_TO)",
        '    rf"{_DOCUMENT}{_REFERENCE_NUMBER}{_ADDRESSED_TO}"\n',
        '    rf"{_DOCUMENT}{_REFERENCE_NUMBER}"\n',
        r"\b(?:letter|agreement|proposal|offer)s?\s+(?:addressed\s+)?to\s+(?:us|you|(?:the\s+)?"
        r"[A-Z][\w&.-]*)\s*,?\s*(?:dated|of)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a letter of intent, as the kind of another document ('your letter of intent "
        "dated') (_DOCUMENT)",
        '    r"(?:agreements?|contracts?|leases?|licen[cs]es?|letters?(?:\\s+of\\s+intent)?|plans?|"\n',
        '    r"(?:agreements?|contracts?|leases?|licen[cs]es?|letters?|plans?|"\n',
        r"\bletters?\s+of\s+intent\s*,?\s*(?:dated|made|entered|executed|signed|of)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date between another document's name and the acronym that names it ('the "
        "Mutual Confidentiality Agreement June 2, 2014 (\"MCA\")') (date_role, "
        "_DOCUMENT_NAMED_BEFORE)",
        '        if re.fullmatch(r"[A-Z]{2,6}", defined.group("term")) and _DOCUMENT_NAMED_BEFORE.search(\n'
        '            text, max(0, c.start - 120), c.start\n'
        '        ):\n'
        '            return replace(c, kind="other")\n',
        "",
        r"\b(?:agreement|contract)s?\s+(?:[A-Z][a-z]+\.?\s+\d{1,2},?\s+\d{4}|\d{1,2}\s+[A-Z][a-z]+"
        r"\s+\d{4})\s*\([\"\u201c][A-Z]{2,6}[\"\u201d]\)", generic=True, flags=0,
    ))
    rules.append(edit(
        "scoring.py", "(this \"Agreement\") after a date names this agreement, whatever words "
        "came before it (date_role)",
        "            other = not named_this and dates_something_else(text, c)\n",
        "            other = dates_something_else(text, c)\n",
        r"\(\s*this\s+[\"\u201c]agreement[\"\u201d]\s*\)", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a securities filing's date named at the filing ('the Schedule 13G/A with "
        "respect to the shares of ..., dated as of') (_SCHEDULE_FILING_DATED)",
        "    (_SCHEDULE_FILING_DATED.search, 250),\n", "",
        r"\bschedule\s+13[dg](?:/a)?\b[^;]{0,200}?\bdated\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a date left blank yields the opening's lead to the whole date its sentence "
        "then gives ('dated as of this ____ day of ______, 2012, but made effective as of February "
        "20, 2012') (mark_lead, left_blank_for_a_whole_date)",
        "            placed.blank = reads_dates and left_blank_for_a_whole_date(p.text, c)\n", "",
        r"_{2,}[^.;]{0,60}?\d{4}[^.;]{0,100}?\b(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?"
        r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the 'No.' of an earlier amendment's name goes on to its date ('as amended "
        "by Amendment No. 1 dated') (_AMENDED_ON)",
        r'|(?<=\bNo)\.(?=\s*\d)', "",
        r"\bas\s+(?:amended|supplemented|modified)\s+by\s+[^;\n]{0,60}?\bNo\.\s*\d[^;\n]{0,40}?"
        r"\bdated\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the date of a first amendment goes on to the second's ('as amended by "
        "Amendment No. 1 dated May 1, 2018 and Amendment No. 2 dated') (_AMENDED_ON)",
        r'|,(?=\s*(?:19|20)\d\d\b)', "",
        r"\bas\s+amended\s+by\s+[^;\n]{0,60}?\bdated\s+[^;\n]{4,30}?\b(?:19|20)\d\d\s+and\s+"
        r"[^;\n]{0,60}?\bdated\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "an earlier amendment 'dated as of' its date ('as amended by the First "
        "Amendment dated as of') (_AMENDED_ON)",
        '    r"(?:as\\s+of\\s+)?)?"\n', '    r")?"\n',
        r"\bas\s+(?:amended|supplemented|modified)\s+by\s+[^;\n]{1,80}?\bdated\s+as\s+of\b",
        generic=True,
    ))
    rules.append(edit(
        "scoring.py", "an earlier amendment's longer name ('as amended by Amendment No. 1 thereto, "
        "dated') reaches its date (_AMENDED_ON)",
        "    (_AMENDED_ON.search, 120),\n", "    (_AMENDED_ON.search, 40),\n",
        r"\bas\s+(?:amended|supplemented|modified)\s+by\s+[^;\n]{27,80}?\bdated\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the words before a list of dates give every date of the list to another "
        "document ('as amended July 6, 1992 and April 8, 1993') (dates_something_else, "
        "_date_list_start)",
        "    starts = {c.start, _date_list_start(text, c.start)}\n", "    starts = {c.start}\n",
        r"\b(?:19|20)\d{2},?\s+(?:and\s+|or\s+)?(?:January|February|March|April|May|June|July"
        r"|August|September|October|November|December)\s+\d", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a list of changes that each say 'on' ('as amended on 2 March 2012 and on 5 "
        "June 2013') gives every date of the list to the changes (_dates_a_later_change)",
        "    if _dates_a_later_change(text, c):\n        return True\n", "",
        r"\bas\s+(?:amended|supplemented|modified|varied)\s+(?:on|as\s+of)\s+[^;\n]{4,30}?"
        r"\b(?:19|20)\d\d,?\s+(?:and\s+|or\s+)?(?:again\s+)?(?:on|as\s+of)\s", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "the English 'as varied on <date>' dates a change to another document "
        "(_AMENDED_ON)",
        "modified|varied)(?:", "modified)(?:",
        r"\bas\s+varied\s+(?:on|as\s+of|by)\b", generic=True,
    ))
    rules.append(edit(
        "scoring.py", "a time's 'p.m.' before its zone ends no sentence ('expire at 11:59 p.m. "
        "Eastern Time on <date>', '5:00 p.m. (New York City time)') (_SENTENCE_STOP)",
        '    r"(?!(?<=[aApP]\\.[mM])\\.\\s+\\(?(?:[A-Z][\\w.]*\\s+){0,3}?(?:[Tt]ime|TIME'
        '|[A-Z]{1,3}T)\\b)"\n', "",
        r"\b[ap]\.m\.\s+\(?(?:[A-Z][\w.]*\s+){0,3}?(?:time|[A-Z]{1,3}T)\b", generic=True,
    ))
    rules.append(edit(
        "rules.py", "the agreement takes effect upon signature, the signing the first word after "
        "'upon' / 'when' ('upon signature by both Parties', 'when signed by both parties', 'upon "
        "(the completion of) the execution by both Parties') (_TAKES_EFFECT_WHEN_SIGNED)",
        '    r"(?:completion\\s+of\\s+(?:the\\s+)?)?"\n'
        '    r"(?=(?:later|last|latest|date|day|its|sign\\w*|execut\\w*|it\\s+is|this)\\b)"\n',
        '    r"(?:(?:later|last|latest)\\b|date|day|its|signature|execution|it\\s+is|this)"\n',
        r"\b(?:effective|force|effect)\s+(?:upon|when|on)\s+(?:the\s+)?(?:completion\s+of\s+"
        r"(?:the\s+)?)?(?:sign|execut)\w*[^.;]{0,40}?\b(?:both|all|last)\b", generic=True,
        readers=("date",),
    ))
    rules.append(edit(
        "rules.py", "a sentence saying the agreement 'shall be effective / valid for' a period "
        "states its term (_TERM_SENTENCE)",
        '    r"|(?:be|is|remains?)\\s+(?:effective|valid)\\s+for)\\b",\n', '    r")\\b",\n',
        r"\b(?:be|is|remains?)\s+(?:effective|valid)\s+for\b", generic=True,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a term 'to the last day of the month in which the fifth anniversary of the "
        "Effective Date occurs' ends on that month's last day (_LAST_DAY_OF_ITS_MONTH)",
        "            end = _month_end(end)\n", "            pass\n",
        r"\blast\s+day\s+of\s+the\s+(?:calendar\s+)?month\s+in\s+which\b", generic=True,
        readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a term until the end of its own year ('until the end of the current calendar "
        "year', 'until December 31 of the year in which it is signed') ends on December 31 of "
        "its start's year (_UNTIL_YEAR_END)",
        "        if year_end := _UNTIL_YEAR_END.match(text, m.end()):\n"
        "            found.append(Candidate(YEAR_END, m.group(0), m.start(), year_end.end(), "
        "kind=\"year\"))\n            continue\n",
        "", r"\buntil\s+(?:the\s+end\s+of|december\s+31(?:st)?\s+of)\s+(?:the\s+|that\s+)?"
        r"(?:(?:then[\s-])?current\s+|same\s+)?(?:calendar\s+)?year\b", generic=True,
        readers=("date",),
    ))
    rules.append(edit(
        "rules.py", "a notice in the sentence after an automatic renewal stops the renewal ('shall "
        "automatically renew ... . A six (6) months notice must be given ... to terminate') "
        "(_notice_after_a_renewal)",
        "        + _notice_after_a_renewal(reader)\n", "\n",
        r"\b(?:automatic\w*\s+(?:be\s+)?(?:renew|extend)\w*|(?:renew|extend)\w*\s+automatically)"
        r"\b[^.;]{0,200}[.;]\s+[^.;]{0,200}?\bterminat", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a term until a defined date ('until the Maturity Date') ends on the day its "
        "definition gives ('\"Maturity Date\" means ...') (_until_a_defined_date)",
        "    return _until_a_defined_date(reader, found)\n", "    return found\n",
        r"\buntil\s+the\s+(?:[A-Z][\w-]*\s+){1,3}Date\b", flags=0, generic=True,
        readers=("date",),
    ))
    rules.append(edit(
        "rules.py", "the end of a defined period the agreement's term is tied to ('The Rights "
        "Period starts on ... and ends on <date>. This Agreement ends automatically at the end of "
        "the Rights Period') is an expiry (_ends_the_agreements_period)",
        "        or _ends_the_agreements_period(*sentence)\n", "",
        r"\b(?:[A-Z][\w-]*\s+){1,3}Period\b[^.;]{0,120}?(?i:\b(?:ends?|expires?|through|until)\b)"
        r"[^.;]{0,40}?\d{4}", flags=0, generic=True, readers=("date",),
    ))
    rules.append(edit(
        "rules.py", "a term from a defined start ('begins on the Effective Date') to a day written "
        "in its sentence is the time between them (_defined_start_ends)",
        "        ends = _dated_ends(p.text, days) + _defined_start_ends(p.text, days, defined)\n",
        "        ends = _dated_ends(p.text, days)\n",
        r"(?i:\b(?:commenc\w*|begin\w*|start\w*|effective|effect|force)\s+(?:on|as\s+of|from|upon))"
        r"\s+the\s+(?:[A-Z][\w-]*\s+){1,3}Date\b[^.;]{0,80}?(?i:\b(?:until|through|(?:expir"
        r"|terminat|end)\w*\s+(?:at\s+[^;]{0,30}?)?on))\s+[^.;]{4,30}?\d{4}", flags=0,
        generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a day written with its name in brackets ('as of March 1, 2024 (the "
        "\"Effective Date\")') defines that date (_DATE_NAMED_IN_PASSING)",
        '            if d.unit == "day" and (m := _DATE_NAMED_IN_PASSING.match(p.text, d.end)):\n',
        '            if d.unit == "day" and (m := None):\n',
        r"\d{4}\s*\(\s*(?:hereinafter\s+(?:referred\s+to\s+as\s+|called\s+)?)?(?:the\s+)?"
        r"[\"“](?:[A-Z][\w-]*\s+){1,3}Date[\"”]\s*\)", flags=0, generic=True,
        readers=("duration", "date"),
    ))
    rules.append(edit(
        "rules.py", "the agreement starts on a date given only by its defined name ('this "
        "Agreement begins on the Agreement Date', 'the initial term runs from the Commencement "
        "Date'): the day the name defines (_starts_on_a_named_date)",
        "        + _starts_on_a_named_date(reader)\n", "\n",
        r"(?i:\b(?:agreement|contract|term)\b[^.;]{0,60}?\b(?:commenc\w*|begin\w*|start\w*"
        r"|effective|effect|force|runs?)\s+(?:on|as\s+of|from|upon))\s+the\s+"
        r"(?:[A-Z][\w-]*\s+){1,3}Date\b", flags=0, generic=True, readers=("date",),
    ))
    # ---------------------------------------------------------------- rules.py (renewal mode)
    # the duration reader does not run the renewal mode: its ablation shows no change, the probe
    # counts where these could fire
    rules.append(edit(
        "rules.py", "an open-ended continuation ends when a party gives notice ('thereafter ... "
        "until either party gives notice of termination') (_EVERGREEN)",
        '"\n    r"|(?:either|one|a|any)\\s+party\\s+(?:gives|provides|serves|delivers|sends)\\b)",',
        ')",', r"\b(?:thereafter|initial\s+term)\b[^.;]{0,80}?\buntil\s+(?:either|one|a|any)\s+party"
        r"\s+(?:gives|provides|serves|delivers|sends)\b", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "an open-ended continuation after the Initial Term ('after / upon expiration "
        "of the Initial Term ... until terminated') (_EVERGREEN)",
        '|(?:after|following|upon)\\s+(?:the\\s+)?"\n'
        '    r"(?:expir\\w+\\s+of\\s+the\\s+)?initial\\s+term)\\b',
        ")\\b", r"\b(?:after|following|upon)\s+(?:the\s+)?(?:expir\w+\s+of\s+the\s+)?"
        r"initial\s+term\b[^.;]{0,80}?\buntil\b", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a continuation that recurs renews for its period, not perpetually ('continues "
        "on a monthly basis until terminated') (names_a_recurrence)",
        "                if pattern is _EVERGREEN and names_a_recurrence(",
        "                if pattern is _EVERGREEN and False and names_a_recurrence(", r"\b(?:monthly|yearly|annually|(?:month|year)[\s-]to[\s-](?:month|year)|each\s+"
        r"(?:month|year))\b[^.;]{0,80}?\buntil\b", generic=True, readers=("duration",),
    ))
    rules.append(edit(
        "rules.py", "a renewal for a like period is as long as the initial term ('for a like "
        "period', 'successive like terms', 'similar periods') (_SAME_DURATION)",
        '    r"\\blike\\s+(?:periods?|terms?)\\b(?!\\s+and\\s+conditions)'
        '|\\bsimilar\\s+periods?\\b|"\n',
        "", r"\b(?:renew|extend)\w*[^.;]{0,60}?\b(?:like\s+(?:periods?|terms?)"
        r"|similar\s+periods?)\b",
        generic=True, readers=("duration",),
    ))
    # ---------------------------------------------------------------- values/numbers.py
    rules += branches(
        "values/numbers.py", "_FRACTION = r\"", "\n", [
            (r"one[\s-]+(?:quarter|fourth)", r"\bone[\s-]+(?:quarter|fourth)\b"),
            (r"three[\s-]+(?:quarters|fourths)", r"\bthree[\s-]+(?:quarters|fourths)\b"),
        ], label="fraction word", generic=True,
    )
    # ---------------------------------------------------------------- values/money.py
    mo = "values/money.py"
    rules += branches(
        mo, "_SYMBOL = (", "\n)", [
            (r"U\.S\.\s?\$", r"U\.S\.\s?\$\s?\d"), (r"USD\s?\$?", r"\bUSD\s?\$?\s?\d"),
            (r"C\$", r"(?<![A-Za-z])C\$\s?\d"), (r"CA\$", r"\bCA\$\s?\d"),
            (r"A\$", r"(?<![A-Za-z])A\$\s?\d"), (r"AU\$", r"\bAU\$\s?\d"), ("AUD", r"\bAUD\s?\d"),
            (r"HK\$", r"\bHK\$\s?\d"), ("HKD", r"\bHKD\s?\d"), (r"S\$", r"(?<![A-Za-z])S\$\s?\d"),
            ("SGD", r"\bSGD\s?\d"), (r"NZ\$", r"\bNZ\$\s?\d"), ("NZD", r"\bNZD\s?\d"),
            (r"R\$", r"(?<![A-Za-z])R\$\s?\d"), ("€", r"€\s?\d"), ("£", r"£\s?\d"),
            ("¥", r"¥\s?\d"), ("₹", r"₹\s?\d"), (r"Rs\.?", r"(?<![A-Za-z])Rs\.?\s?\d"),
            ("INR", r"\bINR\s?\d"), ("EUR", r"\bEUR\s?\d"), ("GBP", r"\bGBP\s?\d"),
            ("JPY", r"\bJPY\s?\d"), ("CHF", r"\bCHF\s?\d"), ("CNY", r"\bCNY\s?\d"),
            ("RMB", r"\bRMB\s?\d"), ("BRL", r"\bBRL\s?\d"),
        ], label="currency before the amount", generic=True,
    )
    rules += branches(
        mo, "_MULT = r\"", "\n", [("m", r"\d\s*m\b")], label="amount multiplier",
    )
    # ---------------------------------------------------------------- values/percent.py
    rules += branches(
        "values/percent.py", "_SIGN = r\"", "\n", [(r"per\s?cent", r"\d\s?per\s?cent\b")],
        label="percent sign", generic=True,
    )
    # ---------------------------------------------------------------- rules.py (titles)
    rl = "rules.py"
    rules.append(edit(
        rl, "a bare 'AGREEMENT' heading gives way to a fuller title ending in the same word "
        "(_without_bare_title_words)",
        "    scored = _without_bare_title_words(scored)\n", "",
        r"(?m)^[ \t]*(?:AGREEMENT|CONTRACT)[ \t]*\n\s*(?:This|THIS)\s+(?:Agreement|Contract)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title line opening with its title word and what it is about ('AGREEMENT OF "
        "LIMITED PARTNERSHIP', 'AGREEMENT REGARDING CONFIDENTIAL INFORMATION') (_CAPS_TITLE 'o')",
        '    r"^[ \\t]*(?P<o>(?:AGREEMENT|CONTRACT)[ \\t]+'
        '(?:OF|REGARDING|CONCERNING|RELATING[ \\t]+TO|FOR|ON)"\n',
        '    r"^(?P<o>(?!)"\n',
        r"(?m)^[ \t]*(?:AGREEMENT|CONTRACT)[ \t]+"
        r"(?:OF|REGARDING|CONCERNING|RELATING[ \t]+TO|FOR|ON)[ \t]+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title's last word on a line of its own joins the line above (_CAPS_TITLE 'b')",
        'rf"|^[ \\t]*(?P<b>{_TITLE_WORDS}(?:[ \\t]+(?:NO\\.|NUMBER|#)[ \\t]*\\d+)?)(?:{_FOR_TAIL})?'
        '[ \\t]*$"\n',
        'rf"|(?P<b>(?!))"\n',
        r"(?m)^[ \t]*(?:AGREEMENT|CONTRACT|AMENDMENT|ADDENDUM|MEMORANDUM OF UNDERSTANDING)[ \t]*$",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "an exhibit label over a title block is no part of the title (_heading_above)",
        "        if in_block and _TITLE_PREFIX.match(line):\n"
        "            break  # \"EXHIBIT 10.1\" over the title labels the page\n",
        "", r"(?m)^[ \t]*(?:EXHIBIT|ANNEX|SCHEDULE|APPENDIX)\b.*\n\s*AGREEMENT[ \t]*$",
        generic=True,
    ))
    rules.append(edit(
        rl, "a lone title word's block takes the capitalised lines stacked on it (_heading_above)",
        "(first or (stacked and not _OFF_BLOCK.match(line)))", "first",
        r"(?m)^[ \t]*[A-Z][A-Z0-9 ,.&'-]+\n[ \t]*[A-Z][A-Z0-9 ,.&'-]+\n[ \t]*AGREEMENT[ \t]*$",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "no page label, LOGO or title of its own in a title block (_OFF_BLOCK)",
        "(stacked and not _OFF_BLOCK.match(line))", "stacked",
        r"(?m)^[ \t]*(?:ATTACHMENT\s+\w+|EX-\d[\d.]*|LOGO|.*\b(?:AGREEMENT|CONTRACT))[ \t]*\n"
        r"[ \t]*[A-Z][A-Z0-9 ,.&'-]*\n[ \t]*AGREEMENT[ \t]*$",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a heading line that a comma ends leads into the line below (_LEADS_INTO_TITLE)",
        r'|.*,\Z"', '"', r"(?m)^[ \t]*[A-Z][A-Z ,-]+,[ \t]*\n\s*[A-Z][A-Z ,-]+AGREEMENT",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a heading line that 'AND' ends leads into the line below (_LEADS_INTO_TITLE)",
        r'(?:OF|TO)(?:\s+THE)?|AND)\Z|', r'(?:OF|TO)(?:\s+THE)?)\Z|',
        r"(?m)\bAND[ \t]*\n[ \t]*\n\s*[A-Z][A-Z ]+AGREEMENT",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a merger's plan is a title word: AGREEMENT AND PLAN OF MERGER (_TITLE_WORDS)",
        r"PLAN(?:\s+OF\s+(?:MERGER|REORGANIZATION|ARRANGEMENT))?", "PLAN",
        r"\bPLAN\s+OF\s+(?:MERGER|REORGANIZATION|ARRANGEMENT)\b", generic=True,
    ))
    rules.append(edit(
        rl, "a Title Case 'Memorandum of Understanding' heading (_CAPS_TITLE 'tc')",
        '|agreement|Memorandum of Understanding"', '|agreement"',
        r"(?m)^[ \t]*Memorandum of Understanding", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "the preamble's 'This Memorandum of Understanding' (_PREAMBLE_TITLE)",
        'CONTRACT)|Memorandum of Understanding"', 'CONTRACT)"',
        r"\bThis\s+Memorandum\s+of\s+Understanding\b", generic=True,
    ))
    rules.append(edit(
        rl, "the preamble of an English deed: 'THIS DEED OF GUARANTEE is made' (_PREAMBLE_TITLE)",
        '\n    r"|(?:Deed|DEED)\\s+(?:of|OF)\\s+[A-Z][\\w-]*)\\b"', '\n    r")\\b"',
        r"\b(?:This|THIS)\s+(?:Deed|DEED)\s+(?:of|OF)\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a letter agreement's subject line 'Re: Consulting Agreement' (_LETTER_SUBJECT)",
        '    spans += [(m.start("t"), m.end("t"), "heading") for m in _LETTER_SUBJECT.finditer(text)]\n',
        "", r"(?m)^[ \t]*(?:Re|Subject)[ \t]*:.*\b(?:Agreement|Contract|Amendment)[ \t]*$",
        generic=True,
    ))
    rules.append(edit(
        rl, "the preamble's Title Case title is answered in a heading's capitals when they are "
        "the same title (_in_the_headings_capitals)",
        '    "title": _in_the_headings_capitals,\n', "",
        r"(?m)^[ \t]*[A-Z][A-Z ,&-]+AGREEMENT[ \t]*$[\s\S]{0,3000}\bThis\s+[A-Z][a-z]",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a subject line opened by 'Re.:' as by 'Re:' (_SUBJECT_WORD)",
        r'SUBJECT)\.?"', r'SUBJECT)"',
        r"(?m)^[ \t]*(?:Re|RE|Subject|SUBJECT)\.[ \t]*:", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a letter's title in its subject line among parts set off by dashes ('Re: Project "
        "Falcon - Confidentiality Undertaking') (_dashed_subject_spans)",
        '    spans += [(s, e, "heading") for s, e in _dashed_subject_spans(text)]\n', "",
        r"(?m)^[ \t]*(?:Re|Subject)[ \t]*:[^\n]*\s[-–—]\s", generic=True,
    ))
    rules.append(edit(
        rl, "documents named by a letter of intent, term sheet, bill of sale, statement of work, "
        "purchase order (_TITLE_WORDS)",
        'r"LETTER\\s+OF\\s+INTENT|TERM\\s+SHEET|BILL\\s+OF\\s+SALE|STATEMENT\\s+OF\\s+WORK|PURCHASE\\s+ORDER"\n'
        '    r"|GUARANT', 'r"(?!)"\n    r"|GUARANT',
        r"(?m)^[ \t]*[A-Z ,&-]*\b(?:LETTER OF INTENT|TERM SHEET|BILL OF SALE|STATEMENT OF WORK"
        r"|PURCHASE ORDER)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "guaranties, subleases, joinders, powers of attorney are titles (_TITLE_WORDS)",
        r'r"|GUARANT(?:Y|EE)(?:\s+OF\s+(?:PAYMENT|COLLECTION|PERFORMANCE)|\s+(?:AND|&)\s+INDEMNITY)?"'
        + "\n"
        r'    r"|SUBLEASE|JOINDER|POWER\s+OF\s+ATTORNEY"', 'r""',
        r"(?m)^[ \t]*[A-Z ,&-]*\b(?:GUARANT(?:Y|EE)|SUBLEASE|JOINDER|POWER OF ATTORNEY)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a warrant is a title: COMMON STOCK PURCHASE WARRANT (_TITLE_WORDS)",
        r'r"|WARRANT(?:\s+TO\s+PURCHASE', r'r"|(?!)(?:\s+TO\s+PURCHASE',
        r"(?m)^[ \t]*[A-Z ,&-]*\bWARRANT\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a consent and a general release are titles (_TITLE_WORDS)",
        r'r"|CONSENT(?:\s+TO\s+(?:ASSIGNMENT|SUBLEASE|SUBLETTING))?"' + "\n"
        r'    r"|(?:GENERAL|MUTUAL)\s+RELEASE"', 'r""',
        r"(?m)^[ \t]*[A-Z ,&-]*\b(?:CONSENT|(?:GENERAL|MUTUAL) RELEASE)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "terms and conditions of sale or purchase (_TITLE_WORDS)",
        r"CONDITION(?:S\s+OF\s+(?:SALE|PURCHASE))?", "CONDITION",
        r"\bTERMS AND CONDITIONS OF (?:SALE|PURCHASE)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a deed of trust is a title (_TITLE_WORDS)",
        r"DEED(?:\s+OF\s+TRUST)?", "DEED", r"\bDEED OF TRUST\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a Title Case letter of intent, term sheet, guaranty ... heading (_CAPS_TITLE 'tc')",
        "|Letter of Intent|Term Sheet|Statement of Work|Guarant(?:y|ee)|Promissory Note"
        "|Bill of Sale))", "))",
        r"(?m)^[ \t]*(?:[A-Z][\w-]* )*(?:Letter of Intent|Term Sheet|Statement of Work"
        r"|Guarant(?:y|ee)|Promissory Note|Bill of Sale)[ \t]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a document of a series with its number: AMENDMENT NO. 3 (_CAPS_TITLE 'b')",
        r"(?:[ \t]+(?:NO\.|NUMBER|#)[ \t]*\d+)?", "",
        r"(?m)^[ \t]*(?:AMENDMENT|ADDENDUM|STATEMENT OF WORK)[ \t]+(?:NO\.|NUMBER|#)[ \t]*\d+"
        r"[ \t]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a heading line ending in 'TO THE' leads into the line below (_LEADS_INTO_TITLE)",
        r"(?:(?:OF|TO)(?:\s+THE)?|AND)\Z", r"(?:OF|TO|AND)\Z",
        r"(?m)^[ \t]*[A-Z][A-Z0-9 .#-]*\b(?:TO|OF) THE[ \t]*\n(?:[ \t]*\n)*[ \t]*[A-Z][A-Z ]+"
        r"AGREEMENT", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a waiver after a title word: CREDIT AGREEMENT AND WAIVER (_TITLE_MORE)",
        r'rf"(?:{_TITLE_WORDS}|WAIVER|ASSIGNMENT)S?\b"', r'rf"(?:{_TITLE_WORDS}|ASSIGNMENT)S?\b"',
        r"\b(?:AGREEMENT|AMENDMENT|CONSENT) AND WAIVER\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a one-word heading the text under it names again is a title (_named_again)",
        " or _named_again(text, end, title)", " or False",
        r"(?m)^[ \t]*([A-Z]+(?: NO\. \d+)?)[ \t]*\n\s*THIS\s+\1\b", generic=True,
    ))
    rules.append(edit(
        rl, "a document's own name (GUARANTY) takes no line above it (_heading_spans)",
        '\n        last_word_only = last_word_only and not _BARE_NAME.match(m.group("b"))',
        "", r"(?m)^[ \t]*[A-Z][A-Z ,&-]+[ \t]*\n\s*(?:GUARANT(?:Y|EE)|CONSENT|WARRANT|SUBLEASE"
        r"|JOINDER)[ \t]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a document's bare name under a sentence heads a clause (_under_a_sentence)",
        "        if clause_like and _under_a_sentence(text, start):\n            continue\n", "",
        r"(?m)[a-z]{2}[.;:][ \t]*\n(?:[ \t]*\n|[ \t]*[A-Z][A-Z ]*\n)*[ \t]*(?:LETTER OF INTENT"
        r"|TERM SHEET|BILL OF SALE|STATEMENT OF WORK|PURCHASE ORDER|GUARANT(?:Y|EE)|SUBLEASE"
        r"|JOINDER|POWER OF ATTORNEY|WARRANT|CONSENT|(?:GENERAL|MUTUAL) RELEASE)[ \t]*$",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a document's name opening its line, going on with another: CONSENT AND WAIVER "
        "(_CAPS_TITLE 'd')",
        r'rf"|^[ \t]*(?P<d>{_DOCUMENT_NAMES})(?=[ \t]+(?:AND|&)[ \t]+[A-Z])",',
        r'rf"|(?P<d>(?!))",',
        r"(?m)^[ \t]*(?:LETTER OF INTENT|TERM SHEET|BILL OF SALE|STATEMENT OF WORK|PURCHASE ORDER"
        r"|GUARANT(?:Y|EE)|SUBLEASE|JOINDER|POWER OF ATTORNEY|WARRANT|CONSENT"
        r"|(?:GENERAL|MUTUAL) RELEASE)[ \t]+(?:AND|&)[ \t]+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "an assignment after a title word: BILL OF SALE AND ASSIGNMENT (_TITLE_MORE)",
        "|WAIVER|ASSIGNMENT)S?", "|WAIVER)S?",
        r"\b(?:AGREEMENT|BILL OF SALE|LEASE|NOTE) AND ASSIGNMENT\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title goes on with what it is for: TERM SHEET FOR SERIES A ... (_FOR_TAIL_AT)",
        "        end = tail.end() if tail else end\n", "",
        r"(?m)^[ \t]*[A-Z][^\n]{0,80}\b(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|NOTE|DEED|TERM SHEET"
        r"|LETTER OF INTENT|STATEMENT OF WORK|MEMORANDUM OF UNDERSTANDING|Agreement|Contract"
        r"|Term Sheet)[ \t]+(?:FOR|for)[ \t]+[A-Z][^\n]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a line opening with its title word and what it is for: AGREEMENT FOR ... (_CAPS_TITLE 'b')",
        r"(?:{_FOR_TAIL})?[ \t]*$", r"[ \t]*$",
        r"(?m)^[ \t]*(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|NOTE|DEED|TERM SHEET|LETTER OF INTENT"
        r"|STATEMENT OF WORK|MEMORANDUM OF UNDERSTANDING)[ \t]+FOR[ \t]+[A-Z][^\n]*$", flags=0,
        generic=True,
    ))
    rules.append(edit(
        rl, "a Title Case title and what it is for: Contract for the Sale of Land (_CAPS_TITLE 'tc')",
        r'rf"(?:{_FOR_TAIL_TC}|{_AND_TAIL_TC})?\s*(?:$|{_RUN_INTO})"',
        r'rf"(?:{_AND_TAIL_TC})?\s*(?:$|{_RUN_INTO})"',
        r"(?m)^[ \t]*(?:[A-Z][\w-]* )*(?:Agreement|Contract|Term Sheet|Letter of Intent)[ \t]+for"
        r"[ \t]+[^\n]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title word and what it is for under a sentence heads a clause: NOTE FOR THE LOANS",
        ' or (group == "b" and tail)', "",
        r"(?m)[a-z]{2}[.;:][ \t]*\n(?:[ \t]*\n)*[ \t]*(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|NOTE"
        r"|DEED)[ \t]+FOR[ \t]+[A-Z][^\n]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title wrapped over two lines: CONTINUING / GUARANTY (_wrapped_title_line)",
        "        wrapped = first and stacked and _wrapped_title_line(text, above.start(1), line)\n",
        "        wrapped = False\n",
        r"(?m)(?:\A|\n[ \t]*\n)[ \t]*[A-Z][A-Z-]*(?:[ \t]+[A-Z][A-Z-]*){0,2}[ \t]*\n[ \t]*[A-Z][A-Z ,&-]*"
        r"\b(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|NOTE|GUARANT(?:Y|EE)|LETTER OF INTENT"
        r"|TERM SHEET)[ \t]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a bare document name stays a clause heading under a sentence once a line joins it",
        ' or (group == "b" and _BARE_NAME.match(m.group("b")))', "",
        r"(?m)[a-z]{2}[.;:][ \t]*\n(?:[ \t]*\n)+[ \t]*[A-Z][A-Z -]*\n[ \t]*(?:GUARANT(?:Y|EE)|CONSENT"
        r"|WARRANT|SUBLEASE|JOINDER|TERM SHEET|LETTER OF INTENT)[ \t]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a guarantee and indemnity is a document's name (_DOCUMENT_NAMES)",
        r"|\s+(?:AND|&)\s+INDEMNITY)?", ")?", r"\bGUARANTEE\s+(?:AND|&)\s+INDEMNITY\b", flags=0,
        generic=True,
    ))
    rules.append(edit(
        rl, "a capitalised title followed by a verb is a sentence's subject: THE TERMS ... ARE",
        "        if _VERB_AFTER_SUBJECT.match(text, end):\n            continue\n", "",
        r"(?m)^[ \t]*[A-Z][A-Z ,&-]*\b(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|NOTE|CONDITIONS)"
        r"[ \t]+(?:IS|ARE|SHALL|WILL|MAY|MUST|HAS|HAVE|WAS|WERE)\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a line ending in AMENDED AND RESTATED after a company's name leads into the title",
        '    r".*\\bAMENDED\\s+AND\\s+RESTATED\\Z"',
        '    r"(?:(?:FIRST|SECOND|THIRD|FOURTH|FIFTH)\\s+)?AMENDED\\s+AND\\s+RESTATED\\Z"',
        r"(?m)^[ \t]*[A-Z][^\n]*\S[ \t]+AMENDED AND RESTATED[ \t]*\n", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a one-word clause heading between a Title Case title and the preamble the PDF text "
        "runs it into: 'Catering Agreement Parties This Agreement' (_RUN_INTO)",
        r'r"(?=(?:(?:Parties|PARTIES|Recitals|RECITALS|Background|BACKGROUND|Preamble|PREAMBLE)'
        r'\s+)?"', 'r"(?="',
        r"\b(?:Agreement|Contract|AGREEMENT)[ \t]+(?:Parties|PARTIES|Recitals|RECITALS|Background"
        r"|BACKGROUND|Preamble|PREAMBLE)\s+(?i:between|among|by|this|whereas|dated)\b",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a preamble's title with the commas of a list: 'This Confidentiality, "
        "Non-Solicitation and ... Agreement' (_PREAMBLE_TITLE)",
        r"""(?P<t>(?:[A-Z][\w&/’'-]*,?\s+(?:(?i:and""", r"""(?P<t>(?:[A-Z][\w&/’'-]*\s+(?:(?i:and""",
        r"\b(?:This|THIS)\s+(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*,\s+[A-Z]", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title line above a lone last word may be as long as a title (a letterhead joined "
        "to it by the PDF text) (_LINE_ABOVE)",
        "{_CAPS}{{2,120}}?)", "{_CAPS}{{2,80}}?)",
        r"(?m)^[ \t]*[A-Z][A-Z0-9 ,.&'-]{81,120}[ \t]*\n(?:[ \t]*\n)*[ \t]*AGREEMENT[ \t]*$",
        flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title goes on with AND to the end of its line: SETTLEMENT AGREEMENT AND RELEASE "
        "(_AND_MORE)",
        '        if group in _AND_MORE and (more := _AND_MORE[group].match(text, end)):\n'
        "            end = more.end()\n", "",
        r"(?m)^[ \t]*[A-Z][A-Z ,&-]*\b(?:AGREEMENT|CONTRACT|LICEN[CS]E|LEASE)[ \t]+(?:AND|&)"
        r"[ \t]+[A-Z][A-Z' -]*$", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a title word repeated after the title opens another heading: CATERING AGREEMENT "
        "AGREEMENT SUMMARY (_repeats_title_word)",
        " and not _repeats_title_word(text, end, more)", "",
        r"\b(AGREEMENT|CONTRACT|LEASE|LICEN[CS]E)[ \t]+\1\b", flags=0, generic=True,
    ))
    rules.append(edit(
        rl, "a Title Case title goes on with 'and' to the end of its line: Settlement Agreement "
        "and Release (_AND_TAIL_TC)",
        "{_FOR_TAIL_TC}|{_AND_TAIL_TC})?", "{_FOR_TAIL_TC})?",
        r"(?m)^[ \t]*(?:[A-Z][\w-]*[ \t]+)*(?:Agreement|Contract|License)[ \t]+(?:and|&)"
        r"(?:[ \t]+[A-Z][\w'’-]*){1,6}[ \t]*$", flags=0, generic=True,
    ))
    return rules


def _place_aliases() -> dict[str, list[str]]:
    from intelligent_extraction.extraction.values import places

    return places._ALIASES


def _place_adjectives() -> list[str]:
    from intelligent_extraction.extraction.values import places

    return list(places._ADJECTIVES)


def _spaced(name: str) -> str:
    return r"\s+".join(re.escape(w) for w in name.split())


def _list_item(path: str, start: str, end: str, item: str, *, label: str, probe: str,
               generic: bool) -> Rule:
    """An item of a list literal ("USA" in ["United States of America", "USA"])."""
    lo, hi = _segment(path, start, end)
    src = _source(path)
    segment = src[lo:hi]
    hits = [m.start() for m in re.finditer(re.escape(item) + r"(?=[,\]])", segment)]
    if len(hits) != 1:
        raise SystemExit(f"inventory: {item} is in {label} {len(hits)} times")
    s = hits[0]
    e = s + len(item)
    after = re.match(r",\s+", segment[e:])  # ", " or, at a wrapped line's end, ",\n    "
    e = e + after.end() if after else e
    if segment[e] == "]" and segment[s - 2 : s] == ", ":
        s -= 2
    return Rule(f"{label}: {item.strip(chr(34))}", path, segment, segment[:s] + segment[e:],
                _line(src, lo + hits[0]), probe, _READERS_BY_FILE[path], generic)


def _dict_item(path: str, start: str, end: str, key: str, *, label: str, probe: str,
               generic: bool) -> Rule:
    """A ``"key": "value",`` item of a dict literal."""
    lo, hi = _segment(path, start, end)
    src = _source(path)
    segment = src[lo:hi]
    m = re.search(rf'"{re.escape(key)}": "[^"]*",\s?', segment)
    if m is None:
        raise SystemExit(f"inventory: {key} is not in {label}")
    return Rule(f"{label}: {key}", path, segment, segment[: m.start()] + segment[m.end() :],
                _line(src, lo + m.start()), probe, _READERS_BY_FILE[path], generic)


# --------------------------------------------------------------------------- readers


def _mod(name: str) -> Any:
    return sys.modules[name]


def _typed(value_type: str) -> Callable[[list], tuple]:
    def read(passages: list) -> tuple:
        find = _mod(f"{PKG}.values").find_candidates
        return tuple(
            (json.dumps(c.value, sort_keys=True), k, c.start, c.end, c.unit, c.kind)
            for k, p in enumerate(passages)
            for c in find(value_type, p.text)
        )

    return read


def _parties(passages: list) -> tuple:
    """The party-list candidates the parties mode of ``rules.py`` scores (the extractor's own
    ``party_list_candidates``), with the name quality and the cut-clause flag that score them."""
    pr = _mod(f"{PKG}.party_rules")
    found, signed = pr.party_list_candidates(passages)
    out = []
    for p, c, names in found:
        quality = 1.0 if signed else round(pr.list_quality(c.value, names), 3)
        cut = not signed and bool(pr.TRAILING_JOINER.search(c.raw.rstrip()))
        out.append((json.dumps(names), passages.index(p), c.start, c.end, c.kind, quality, cut))
    return tuple(out)


def _titles(passages: list) -> tuple:
    """The title spans the title mode of ``rules.py`` scores, with their kind."""
    rl = _mod(f"{PKG}.rules")
    return tuple((json.dumps(p.text[s:e]), k, s, e, kind)
                 for k, p in enumerate(passages) for s, e, kind in rl.title_spans(p.text))


READERS: dict[str, Callable[[list], tuple]] = {
    "date": _typed("date"),
    "duration": _typed("duration"),
    "place": _typed("place"),
    "money": _typed("money"),
    "percent": _typed("percent"),
    "party": _parties,
    "title": _titles,
}
#: reader -> (value type, gold fields whose values its candidates should hold); in the
#: ``retrieved`` view the reader reads these fields' retrieved chunks
GOLD_FIELDS = {
    "date": ("date", ("effective_date", "agreement_date", "expiration_date")),
    "duration": ("duration", ("term", "renewal_term", "notice_period_to_terminate_renewal")),
    "place": ("place", ("governing_law",)),
    "party": ("party_list", ("parties",)),
    "title": ("text", ("document_name",)),
}


# --------------------------------------------------------------------------- views

#: A view gives, per document and reader, the lists of passages the reader reads (one list
#: per field in ``retrieved``) and the text its probes search.


@dataclass
class View:
    name: str
    ids: list[str]
    inputs: list[dict[str, list[list[Any]]]]  # per document: reader -> passage lists
    probe_text: list[dict[str, str]]  # per document: reader -> the text its probes search


class _WholeText(SimpleNamespace):
    """A document's whole text as one passage, read as its first chunk."""

    def holder(self, offset: int) -> tuple[int, Any]:
        return 0, SimpleNamespace(chunk=SimpleNamespace(position=0))


def document_texts(paths: list[Path], source: str) -> list[str]:
    """Each document's whole text: with ``source`` "pdf", its PDF parsed as indexing parses it
    (the text eval reads), the ``.txt`` where there is no PDF."""
    from intelligent_extraction.documents.parse import parse_document

    def read(path: Path) -> str:
        pdf = path.with_suffix(".pdf")
        if source == "pdf" and pdf.exists():
            return parse_document(pdf, path.stem).text
        return path.read_text(encoding="utf-8", errors="replace")

    return [read(p) for p in paths]


def text_view(ids: list[str], texts: list[str], readers: Iterable[str]) -> View:
    """Each document's whole text, one passage."""
    readers = list(readers)
    inputs = [{r: [[_WholeText(text=t, start=0)]] for r in readers} for t in texts]
    return View("text", ids, inputs, [{r: t for r in readers} for t in texts])


def retrieved_view(run: Path, ids: list[str], readers: Iterable[str]) -> View:
    """The chunks an eval run retrieved for each field (its records' ``evidence``: the first
    attempt's ranking), merged into passages as the rule extractor merges them."""
    from intelligent_extraction.extraction.scoring import build_passages
    from intelligent_extraction.models import Chunk, ScoredChunk

    wanted = set(ids)
    chunks: dict[tuple[str, str], list[Any]] = {}
    with open(run, encoding="utf-8") as fh:
        for line in fh:
            record = json.loads(line)
            if record.get("doc_id") not in wanted:
                continue
            chunks[(record["doc_id"], record["field"])] = [
                # runs written before evidence carried its position read as the first chunk
                ScoredChunk(Chunk(e["chunk_id"], record["doc_id"], e["text"], "text", e["start"],
                                  e["end"], e.get("position", 0)), 1.0 / (1 + k))
                for k, e in enumerate(record.get("evidence") or [])
                if e.get("chunk_type", "text") == "text"
            ]
    readers = [r for r in readers if r in GOLD_FIELDS]
    keep = [i for i, d in enumerate(ids) if any((d, f) in chunks for r in readers
                                                 for f in GOLD_FIELDS[r][1])]
    inputs, probe_text = [], []
    for i in keep:
        per_reader = {
            r: [build_passages(chunks[(ids[i], f)]) for f in GOLD_FIELDS[r][1]
                if (ids[i], f) in chunks]
            for r in readers
        }
        inputs.append(per_reader)
        probe_text.append({r: "\n\n".join(p.text for ps in lists for p in ps)
                           for r, lists in per_reader.items()})
    return View("retrieved", [ids[i] for i in keep], inputs, probe_text)


def _read(view: View, i: int, readers: Iterable[str]) -> dict[str, tuple]:
    return {r: tuple(READERS[r](ps) for ps in view.inputs[i][r])
            for r in readers if r in view.inputs[i]}


# --------------------------------------------------------------------------- ablation

_ORDER = list(MODULES)


def _exec(path: str, source: str) -> None:
    """Run ``source`` as the module's code afresh: names the edit removed do not linger."""
    module = sys.modules[MODULES[path]]
    for name in [n for n in module.__dict__ if not n.startswith("__")]:
        del module.__dict__[name]
    exec(compile(source, module.__file__, "exec"), module.__dict__)


def _load_all() -> None:
    import importlib

    for name in MODULES.values():
        importlib.import_module(name)


def _apply(rule: Rule | None) -> None:
    """Re-execute ``rule.path`` without the entry (``None``: as written) and every module
    after it, so imported names and derived regexes follow."""
    path = rule.path if rule else _ORDER[0]
    for later in _ORDER[_ORDER.index(path) :]:
        source = _source(later)
        if rule is not None and later == rule.path:
            source = source.replace(rule.old, rule.new, 1)
        _exec(later, source)


@dataclass
class Counts:
    hits: int | None = None  # None: the view has none of the rule's readers
    changed: int = 0
    touches_gold: int = 0
    only_with: int = 0
    only_without: int = 0
    changed_docs: list[str] = field(default_factory=list)


@dataclass
class Result:
    name: str
    where: str
    generic: bool
    readers: tuple[str, ...]
    views: dict[str, Counts] = field(default_factory=dict)
    error: str | None = None

    def most(self, attr: str) -> int:
        return max((getattr(c, attr) or 0 for c in self.views.values()), default=0)


_STATE: dict[str, Any] = {}


def _gold_matches(reader: str, out: tuple, doc_id: str, memo: dict) -> dict[str, set]:
    """For each gold field of the reader: the candidates (as read) whose value is right."""
    from intelligent_extraction.evaluation.compare import values_match

    if reader not in GOLD_FIELDS:
        return {}
    value_type, fields = GOLD_FIELDS[reader]
    gold = _STATE["gold"].get(doc_id, {})
    candidates = [c for part in out for c in part]
    found: dict[str, set] = {}
    for name in fields:
        values = gold.get(name)
        if not values:
            continue
        right = set()
        for cand in candidates:
            key = (value_type, cand[0], values)
            if key not in memo:
                memo[key] = values_match(value_type, json.loads(cand[0]), list(values))
            if memo[key]:
                right.add(cand)
        found[name] = right
    return found


def _measure(rule: Rule) -> Result:
    result = Result(rule.name, rule.where, rule.generic, rule.readers)
    probe = re.compile(rule.probe, rule.flags)
    needs = re.compile(rule.requires, rule.flags) if rule.requires else None
    todo: dict[str, list[int]] = {}
    for view in _STATE["views"]:
        readers = [r for r in rule.readers if view.inputs and r in view.inputs[0]]
        if not readers:
            result.views[view.name] = Counts()
            continue
        todo[view.name] = [
            i for i, texts in enumerate(view.probe_text)
            if any(probe.search(texts[r]) and (needs is None or needs.search(texts[r]))
                   for r in readers)
        ]
        result.views[view.name] = Counts(hits=len(todo[view.name]))
    ablated: dict[str, dict[int, dict[str, tuple]]] = {}
    try:
        _apply(rule)
        for view in _STATE["views"]:
            ablated[view.name] = {i: _read(view, i, rule.readers) for i in todo.get(view.name, [])}
    except Exception as exc:  # a removal that breaks the module is a finding too
        result.error = f"{type(exc).__name__}: {exc}"
        return result
    finally:
        _apply(None)
    memo = _STATE["memo"]
    for view in _STATE["views"]:
        counts, base = result.views[view.name], _STATE["base"][view.name]
        for i, after_all in ablated[view.name].items():
            if after_all == {r: base[i][r] for r in after_all}:
                continue
            doc_id = view.ids[i]
            counts.changed += 1
            counts.changed_docs.append(doc_id)
            touch = with_ = without = False
            for r, out in after_all.items():
                before = _gold_matches(r, base[i][r], doc_id, memo)
                after = _gold_matches(r, out, doc_id, memo)
                for name in before:
                    touch |= before[name] != after[name]
                    with_ |= bool(before[name]) and not after[name]
                    without |= bool(after[name]) and not before[name]
            counts.touches_gold += touch
            counts.only_with += with_
            counts.only_without += without
    return result


def _baseline(view: View, readers: Iterable[str]) -> list[dict[str, tuple]]:
    return [_read(view, i, readers) for i in range(len(view.ids))]


def _load_gold(path: Path) -> dict[str, dict[str, tuple]]:
    from intelligent_extraction.evaluation.gold import load_gold

    corrections = ROOT / "config" / "gold_corrections.jsonl"
    rows = load_gold(path, corrections if corrections.exists() else None)
    gold: dict[str, dict[str, tuple]] = {}
    for row in rows:
        if row.kind == "value" and row.values:
            gold.setdefault(row.doc_id, {})[row.field] = tuple(row.values)
    return gold


# --------------------------------------------------------------------------- report


def _bucket(n: int) -> str:
    return "0" if n == 0 else "1" if n == 1 else "2-5" if n <= 5 else ">5"


def _headline(results: list[Result], attr: str, view: str | None = None) -> str:
    counts = {b: 0 for b in ("0", "1", "2-5", ">5")}
    for r in results:
        n = r.most(attr) if view is None else (getattr(r.views.get(view), attr, 0) or 0)
        counts[_bucket(n)] += 1
    return ", ".join(f"{k}: {v}" for k, v in counts.items())


def verdict(r: Result) -> str:
    """Special entries that change at most one document's candidates in every view go."""
    if r.error:
        return "check"
    if r.generic:
        return "keep (generic)"
    return "delete" if r.most("changed") <= 1 else "keep"


def render(results: list[Result], command: str, n_docs: dict[str, int], minutes: float) -> str:
    special = [r for r in results if not r.generic]
    views = list(n_docs)
    sizes = ", ".join(f"{v}: {n} documents" for v, n in n_docs.items())
    lines = [
        "# Rule usage: what each special case of the candidate readers does on train",
        "",
        f"Generated {date.today().isoformat()} by `{command}` ({sizes}; {minutes:.0f} min).",
        "",
        "How (the docstring of `scripts/rule_usage.py` has the details): each reader runs as "
        "the code stands and again with one entry removed from the source, on train only. "
        "Views: **text**, each document's whole text (the parsed PDF, as eval reads it; counts "
        "made before 2026-11-26 read the `.txt`); **retrieved**, the chunks an eval run on "
        "train retrieved for the reader's fields (the passages the rule extractor reads). Per "
        "view: **hits**, documents where the entry's text occurs in the context it needs; "
        "**chg**, documents whose candidates (values, offsets, role hints, party-name quality) "
        "differ without it; **gold**, of those, documents where a candidate holding a gold "
        "value changed; **+**, documents where a gold value is among the candidates only with "
        "the entry (it helps); **-**, only without it (it hurts). Gold: train's, with "
        "`config/gold_corrections.jsonl`; money and percentages have no gold field on train "
        "and no retrieved view. Verdict: *generic* entries (legal forms, currencies, place "
        "names, months, common role nouns and contract phrases) stay whatever their count; a "
        "special entry that changes no more than one document's candidates in any view is "
        "deleted.",
        "",
        f"Inventory: {len(results)} entries, {len(special)} special, "
        f"{len(results) - len(special)} generic.",
        "",
        "Special entries by the number of documents whose candidates change without them "
        "(0, 1, 2-5, >5):",
        "",
    ]
    for view in views:
        lines.append(f"- {view}: {_headline(special, 'changed', view)}")
    lines += [
        f"- either view (the larger count): {_headline(special, 'changed')}",
        f"- by documents with hits, either view: {_headline(special, 'hits')}",
        "",
    ]
    head = " | ".join(f"{v} {c}" for v in views for c in ("hits", "chg", "gold", "+", "-"))
    by_file: dict[str, list[Result]] = {}
    for r in results:
        by_file.setdefault(r.where.split(":")[0], []).append(r)
    for path, rows in by_file.items():
        lines += [
            f"## {path}",
            "",
            f"| rule | where | class | {head} | verdict |",
            "|---|---|---|" + "---:|" * (5 * len(views)) + "---|",
        ]
        for r in rows:
            name = r.name.replace("|", "\\|")
            kind = "generic" if r.generic else "special"
            cells = []
            for v in views:
                c = r.views.get(v)
                if c is None or c.hits is None:
                    cells += ["n/a"] + [""] * 4
                else:
                    cells += [str(c.hits), str(c.changed), str(c.touches_gold), str(c.only_with),
                              str(c.only_without)]
            note = f"error: {r.error}" if r.error else verdict(r)
            lines.append(f"| {name} | {r.where} | {kind} | {' | '.join(cells)} | {note} |")
        lines.append("")
    return "\n".join(lines)


def _write_report(out: Path, text: str) -> None:
    kept = ""
    if out.exists():
        old = out.read_text(encoding="utf-8")
        if _REMOVED_MARKER in old:
            kept = old[old.index(_REMOVED_MARKER) :]
    out.write_text(text + ("\n" + kept if kept else ""), encoding="utf-8")


def _init_worker(state: dict[str, Any]) -> None:
    _STATE.update(state)


def _compare(views: list[View], now: dict[str, list], snapshot: Path) -> None:
    """Per view and reader: documents whose candidates differ from the snapshot's, and of
    those, where a gold value is found only then (+) or only now (-)."""
    with open(snapshot, "rb") as fh:
        then = pickle.load(fh)
    memo: dict = {}
    for view in views:
        old = then.get(view.name, {})
        for reader in sorted(READERS):
            changed, plus, minus = [], 0, 0
            for i, doc_id in enumerate(view.ids):
                if doc_id not in old or reader not in now[view.name][i]:
                    continue
                before, after = old[doc_id][reader], now[view.name][i][reader]
                if before == after:
                    continue
                changed.append(doc_id)
                b = _gold_matches(reader, before, doc_id, memo)
                a = _gold_matches(reader, after, doc_id, memo)
                plus += any(b[f] and not a[f] for f in b)
                minus += any(a[f] and not b[f] for f in b)
            print(f"{view.name:9} {reader:8} changed {len(changed):3}  gold found only in the "
                  f"snapshot {plus}, only now {minus}")
            for doc_id in changed:
                print(f"    {doc_id}")


def _load_results(paths: list[Path]) -> list[Result]:
    """Results of earlier runs (``--json``), their views merged by rule name."""
    merged: dict[str, Result] = {}
    for path in paths:
        for raw in json.loads(path.read_text(encoding="utf-8")):
            views = {v: Counts(**c) for v, c in raw.pop("views").items()}
            raw["readers"] = tuple(raw["readers"])
            r = merged.setdefault(raw["name"], Result(**raw))
            r.views.update(
                {v: c for v, c in views.items() if c.hits is not None or v not in r.views}
            )
    return list(merged.values())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--docs", type=Path, default=DATA / "contracts-train" / "docs")
    parser.add_argument("--gold", type=Path, default=None, help="default: DOCS/../gold.jsonl")
    parser.add_argument("--run", type=Path, default=None,
                        help="an eval run on the same documents (eval --out): adds the "
                             "retrieved view")
    parser.add_argument("--text-from", choices=("pdf", "txt"), default="pdf",
                        help="what the text view reads: the parsed PDF, as eval does (default), "
                             "or the .txt")
    parser.add_argument("--views", default=None,
                        help="comma-separated: text,retrieved (default: text, and retrieved "
                             "with --run)")
    parser.add_argument("--only", action="append", default=[], help="rules whose name has TEXT")
    parser.add_argument("--file", action="append", default=[],
                        help="rules of this file only (values/dates.py, party_rules.py, ...)")
    parser.add_argument("--limit", type=int, default=None, help="first N documents only")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None,
                        help="markdown report (docs/rule_usage.md)")
    parser.add_argument("--json", type=Path, default=None,
                        help="per-rule results, changed docs included")
    parser.add_argument("--render", type=Path, nargs="+", default=None,
                        help="write the report from earlier --json results (views merged) and stop")
    parser.add_argument("--snapshot", type=Path, default=None,
                        help="save every reader's output on the views as the code stands, and stop")
    parser.add_argument("--against", type=Path, default=None,
                        help="compare the readers' output now with a --snapshot (a batch of "
                             "deletions at once: entries that are redundant one by one may not "
                             "be together), and stop")
    parser.add_argument("--list", action="store_true", help="print the inventory and stop")
    parser.add_argument("--check", action="store_true",
                        help="apply every removal once (the modules must still load) and stop")
    args = parser.parse_args(argv)
    command = "python scripts/rule_usage.py " + " ".join(argv if argv is not None else sys.argv[1:])
    if "dev" in args.docs.parts[-2]:
        print("warning: rules are counted on train; contracts-dev is the held-out check",
              file=sys.stderr)
    if args.render:
        results = _load_results(args.render)
        n_docs, commands, minutes = {}, [], 0.0
        for path in args.render:
            meta = path.with_suffix(".meta.json")
            if meta.exists():
                info = json.loads(meta.read_text(encoding="utf-8"))
                n_docs.update(info["documents"])
                commands.append(info["command"])
                minutes += info.get("minutes", 0.0)
        report = render(results, "` and `".join(commands or [command.strip()]),
                        n_docs or {"text": 0}, minutes)
        (_write_report(args.out, report) if args.out else print(report))
        return
    _load_all()
    rules = [] if args.snapshot or args.against else inventory()
    if args.only:
        rules = [r for r in rules if any(o.lower() in r.name.lower() for o in args.only)]
    if args.file:
        rules = [r for r in rules if r.path in args.file]
    if args.list:
        for r in rules:
            print(f"{r.where:32} {'generic' if r.generic else 'special':8} {r.name}")
        print(f"{len(rules)} entries")
        return
    if args.check:
        failed = 0
        for r in rules:
            try:
                _apply(r)
            except Exception as exc:
                failed += 1
                print(f"{r.where} {r.name}: {type(exc).__name__}: {exc}")
            finally:
                _apply(None)
        print(f"{len(rules)} removals applied, {failed} failed")
        return
    paths = sorted(args.docs.glob("*.txt"))[: args.limit]
    ids = [p.stem for p in paths]
    readers = set(READERS) if args.snapshot or args.against else {
        r for rule in rules for r in rule.readers
    }
    names = args.views.split(",") if args.views else ["text"] + (["retrieved"] if args.run else [])
    views = []
    if "text" in names:
        texts = document_texts(paths, args.text_from)
        views.append(text_view(ids, texts, readers))
    if "retrieved" in names:
        if args.run is None:
            parser.error("the retrieved view needs --run")
        views.append(retrieved_view(args.run, ids, readers))
    started = time.time()
    base = {v.name: _baseline(v, readers) for v in views}
    if args.snapshot:
        with open(args.snapshot, "wb") as fh:
            pickle.dump({v.name: dict(zip(v.ids, base[v.name])) for v in views}, fh)
        print(f"saved {args.snapshot}: {', '.join(f'{v.name} {len(v.ids)}' for v in views)}")
        return
    if args.against:
        gold_path = args.gold or args.docs.parent / "gold.jsonl"
        _STATE.update({"gold": _load_gold(gold_path) if gold_path.exists() else {}})
        _compare(views, base, args.against)
        return
    print(f"baseline: {', '.join(f'{v.name} {len(v.ids)} documents' for v in views)}, "
          f"readers {sorted(readers)}, {time.time() - started:.0f}s", file=sys.stderr)
    gold_path = args.gold or args.docs.parent / "gold.jsonl"
    state = {"views": views, "base": base, "memo": {},
             "gold": _load_gold(gold_path) if gold_path.exists() else {}}
    _STATE.update(state)
    results: list[Result] = []
    # results are appended as they come, so an interrupted run resumes where it stopped
    partial = args.json.with_suffix(".partial.jsonl") if args.json else None
    inventory_order = [r.name for r in rules]
    if partial and partial.exists():
        done = {}
        for line in partial.read_text(encoding="utf-8").splitlines():
            raw = json.loads(line)
            raw["views"] = {v: Counts(**c) for v, c in raw["views"].items()}
            raw["readers"] = tuple(raw["readers"])
            done[raw["name"]] = Result(**raw)
        results = [done[r.name] for r in rules if r.name in done]
        rules = [r for r in rules if r.name not in done]
        print(f"resuming: {len(results)} entries already measured", file=sys.stderr)

    def progress(k: int, res: Result) -> None:
        counts = ", ".join(f"{v} hits {c.hits} changed {c.changed}" for v, c in res.views.items())
        print(f"[{k}/{len(rules)}] {res.name}: {counts}{' ' + res.error if res.error else ''}",
              file=sys.stderr)
        if partial:
            with open(partial, "a", encoding="utf-8") as fh:
                fh.write(json.dumps(asdict(res)) + "\n")

    if args.jobs > 1:
        with mp.get_context("fork").Pool(args.jobs, _init_worker, (state,)) as pool:
            for k, res in enumerate(pool.imap(_measure, rules), 1):
                results.append(res)
                progress(k, res)
    else:
        for k, rule in enumerate(rules, 1):
            results.append(_measure(rule))
            progress(k, results[-1])
    minutes = (time.time() - started) / 60
    order = {name: i for i, name in enumerate(inventory_order)}
    results.sort(key=lambda r: order.get(r.name, len(order)))
    for v in views:  # every ablation must leave the code as it found it
        if _baseline(View(v.name, v.ids[:5], v.inputs[:5], v.probe_text[:5]), readers) \
                != base[v.name][:5]:
            raise SystemExit("the readers changed after the ablations: the results are not valid")
    n_docs = {v.name: len(v.ids) for v in views}
    report = render(results, command.strip(), n_docs, minutes)
    if args.out:
        _write_report(args.out, report)
    else:
        print(report)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1), encoding="utf-8")
        if partial and partial.exists():
            partial.unlink()
        args.json.with_suffix(".meta.json").write_text(
            json.dumps({"documents": n_docs, "command": command.strip(), "minutes": minutes}),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()
