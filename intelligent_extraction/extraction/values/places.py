"""Jurisdictions as place names: ``New York``, ``Ontario, Canada``, ``England and Wales``.

The gazetteer is pycountry's: every country (common names: "China", "South Korea"), the US
states and DC, Canada's provinces, Australia's states and the UK's nations, plus the aliases
contracts use ("the PRC", "U.S.A.", "Hong Kong SAR") and legal adjectives ("Swiss law").
Mentions that the text chains together ("the laws of the Province of Alberta and the laws of
Canada", "California, USA", "England and Wales") form one candidate, composed so that
a US state stands alone, another country's subdivision names its country, and UK nations are
joined with "and". Each candidate's ``kind`` says why the place is there: ``law`` (governing
law: "governed by the laws of", "New York law"), ``legal`` (some other law: "the export laws
of the United States"), ``forum`` (courts, venue, arbitration), ``incorporation`` ("a Delaware
corporation"), or None (an address, say).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import lru_cache

from .base import PARAGRAPH_BREAK, Candidate, cue_after, cue_before, squash_spaces

__all__ = [
    "find_places", "normalize_place", "is_place_name", "is_place_adjective", "place_components",
    "us_state_codes",
]

_FLAGS = re.IGNORECASE


@dataclass(frozen=True)
class _Place:
    canonical: str
    level: str  # us_state | subdivision | nation | region | country
    parent: str | None = None


_ALIASES = {
    "United States": ["United States of America", "USA", "U.S.A.", "U.S.A"],
    "United Kingdom": ["UK", "U.K.", "Great Britain", "Britain"],
    # "Peoples Republic" too: without it the "Republic of China" inside would read Taiwan
    "China": ["PRC", "P.R.C.", "People's Republic of China", "Peoples Republic of China",
              "Peoples' Republic of China", "Mainland China"],
    "Hong Kong": ["Hong Kong SAR", "HKSAR", "Hong Kong Special Administrative Region"],
    "Macao": ["Macau", "Macau SAR", "Macao SAR", "Macau Special Administrative Region",
              "Macao Special Administrative Region"],
    "Taiwan": ["Republic of China", "R.O.C."],  # the ROC's own name, as its contracts write it
    "United Arab Emirates": ["UAE", "U.A.E."],
    "U.S. Virgin Islands": ["United States Virgin Islands", "US Virgin Islands",
                            "Virgin Islands of the United States", "USVI", "Virgin Islands, U.S."],
    "South Korea": ["Republic of Korea", "Korea"],
    "Russia": ["Russian Federation"],
    "Netherlands": ["Holland"],
    "British Virgin Islands": ["BVI", "B.V.I."],
    "Vietnam": ["Viet Nam"],
    "Czechia": ["Czech Republic"],
    "Switzerland": ["Swiss Confederation"],
    "District of Columbia": ["Washington, D.C.", "Washington D.C.", "Washington DC"],
    "Türkiye": ["Turkey"],  # pycountry's name since 2022; contracts say "Turkey"
    "Mexico": ["United Mexican States"],
    "Hawaii": ["Hawai'i"],
    "Quebec, Canada": ["Québec"],
}
_CANONICAL_OVERRIDES = {
    "RU": "Russia", "VG": "British Virgin Islands", "KR": "South Korea",
    "VI": "U.S. Virgin Islands",  # pycountry: "Virgin Islands, U.S."
}  # fmt: skip
#: The emirates of the UAE, whose laws a contract may choose ("the laws of the Emirate of Dubai
#: and the federal laws of the UAE applicable therein"); pycountry spells them "Dubayy" etc.
_EMIRATES = ("Abu Dhabi", "Dubai", "Sharjah", "Ajman", "Umm Al Quwain", "Ras Al Khaimah",
             "Fujairah")
_REGIONS_OF_CHINA = {"HK", "MO", "TW"}
_ADJECTIVES = {
    "swiss": "Switzerland", "english": "England", "scottish": "Scotland", "welsh": "Wales",
    "dutch": "Netherlands", "german": "Germany", "french": "France", "italian": "Italy",
    "spanish": "Spain", "irish": "Ireland", "israeli": "Israel", "indian": "India",
    "canadian": "Canada", "japanese": "Japan", "chinese": "China", "prc": "China",
    "korean": "South Korea", "singaporean": "Singapore", "australian": "Australia",
    "swedish": "Sweden", "danish": "Denmark", "norwegian": "Norway", "finnish": "Finland",
    "belgian": "Belgium", "austrian": "Austria", "mexican": "Mexico", "brazilian": "Brazil",
    "luxembourg": "Luxembourg", "cayman": "Cayman Islands", "bermudian": "Bermuda",
    "scots": "Scotland", "polish": "Poland", "portuguese": "Portugal", "greek": "Greece",
    "turkish": "Türkiye", "hungarian": "Hungary", "czech": "Czechia", "slovak": "Slovakia",
    "slovenian": "Slovenia", "croatian": "Croatia", "romanian": "Romania",
    "bulgarian": "Bulgaria", "estonian": "Estonia", "latvian": "Latvia",
    "lithuanian": "Lithuania", "ukrainian": "Ukraine", "russian": "Russia",
    "icelandic": "Iceland", "cypriot": "Cyprus", "maltese": "Malta", "taiwanese": "Taiwan",
    "thai": "Thailand", "malaysian": "Malaysia", "philippine": "Philippines",
    "indonesian": "Indonesia", "vietnamese": "Vietnam", "argentine": "Argentina",
    "argentinian": "Argentina", "chilean": "Chile", "colombian": "Colombia",
    "peruvian": "Peru", "egyptian": "Egypt", "saudi": "Saudi Arabia",
    "emirati": "United Arab Emirates", "nigerian": "Nigeria", "kenyan": "Kenya",
    "south african": "South Africa", "pakistani": "Pakistan", "bangladeshi": "Bangladesh",
    "sri lankan": "Sri Lanka", "qatari": "Qatar", "kuwaiti": "Kuwait", "omani": "Oman",
    "bahraini": "Bahrain", "jordanian": "Jordan", "lebanese": "Lebanon", "moroccan": "Morocco",
    "ghanaian": "Ghana", "tanzanian": "Tanzania", "ugandan": "Uganda", "panamanian": "Panama",
    "venezuelan": "Venezuela", "uruguayan": "Uruguay", "ecuadorian": "Ecuador",
    "costa rican": "Costa Rica", "puerto rican": "Puerto Rico", "serbian": "Serbia",
    "bahamian": "Bahamas", "jamaican": "Jamaica", "kazakh": "Kazakhstan",
    "mauritian": "Mauritius",
}  # fmt: skip


def _clean(name: str) -> str:
    return re.sub(r"\s*\[.*?\]", "", name).strip()


def _country_entries() -> dict[str, _Place]:
    import pycountry

    entries: dict[str, _Place] = {}
    for c in pycountry.countries:
        # official names ("State of Israel") are left out: the short name inside them is
        # found anyway, and the prefix rule keeps "the State of" in the raw text
        names = [getattr(c, a, None) for a in ("name", "common_name")]
        preferred = getattr(c, "common_name", None) or c.name
        canonical = _CANONICAL_OVERRIDES.get(c.alpha_2, preferred)
        level, parent = ("region", "China") if c.alpha_2 in _REGIONS_OF_CHINA else ("country", None)
        for name in [canonical, *filter(None, names)]:
            if "," not in name:
                entries[name.lower()] = _Place(canonical, level, parent)
    return entries


def _subdivision_entries() -> tuple[dict[str, _Place], dict[str, str]]:
    import pycountry

    entries: dict[str, _Place] = {}
    codes: dict[str, str] = {}
    for sub in pycountry.subdivisions.get(country_code="US"):
        if sub.type in ("State", "District"):
            entries[sub.name.lower()] = _Place(sub.name, "us_state", "United States")
            codes[sub.code.split("-")[1]] = sub.name
    for cc, country in (("CA", "Canada"), ("AU", "Australia")):
        for sub in pycountry.subdivisions.get(country_code=cc):
            name = _clean(sub.name)
            entries[name.lower()] = _Place(f"{name}, {country}", "subdivision", country)
    for name in _EMIRATES:
        entries[name.lower()] = _Place(f"{name}, United Arab Emirates", "subdivision",
                                       "United Arab Emirates")
    for name in ("England", "Scotland", "Wales", "Northern Ireland"):
        entries[name.lower()] = _Place(name, "nation", "United Kingdom")
    return entries, codes


@lru_cache(maxsize=1)
def _gazetteer() -> tuple[dict[str, _Place], re.Pattern[str], dict[str, str]]:
    entries = _country_entries()
    subdivisions, codes = _subdivision_entries()
    entries.update(subdivisions)  # "Georgia" the state wins over the country in contracts
    by_canonical = {place.canonical: place for place in entries.values()}
    for canonical, aliases in _ALIASES.items():
        target = by_canonical[canonical]
        entries[canonical.lower()] = target
        for alias in aliases:
            entries[alias.lower()] = target
    pattern = re.compile(rf"(?<![A-Za-z]){_trie_pattern(entries)}(?![A-Za-z])", _FLAGS)
    return entries, pattern, codes


def _trie_pattern(names: Iterable[str]) -> str:
    """One regex for many names, shared prefixes factored out: Python's ``re`` tries a flat
    alternation of 400 names one by one at every position, a trie only along one path."""
    trie: dict[str, dict] = {}
    for name in names:
        node = trie
        for ch in name:
            node = node.setdefault(ch, {})
        node[""] = {}

    def token(ch: str) -> str:
        return {" ": r"\s+", "'": "['’]"}.get(ch, re.escape(ch))

    def build(node: dict[str, dict]) -> str:
        alternatives = [token(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not alternatives:
            return ""
        body = alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"
        return f"(?:{body})?" if "" in node else body

    return build(trie)


def us_state_codes() -> dict[str, str]:
    """Two-letter USPS codes -> state names ("NY" -> "New York")."""
    return dict(_gazetteer()[2])


_ADJECTIVE = re.compile(
    r"\b(?P<adj>" + "|".join(a.replace(" ", r"\s+") for a in _ADJECTIVES) + r")\s+"
    r"(?:(?:substantive|statutory|federal)\s+)?laws?\b",
    _FLAGS,
)
_PREFIX = re.compile(
    r"(?:(?:the\s+)?(?:(?:substantive|internal|federal)\s+)?laws?\s+of\s*)?"
    r"(?:the\s*)?(?:(?:State|Commonwealth|Province|Territory|District|Kingdom|Republic|Emirate)"
    r"\s+of\s*)?$",
    _FLAGS,
)
#: What may stand between two places of one law: "Ontario, Canada", "Ontario in Canada", "Ontario
#: and the federal laws of Canada". A gap that names a law again chains only after a conjunction:
#: "delivered in Kentucky, the laws of the State of Ohio shall govern" names two places.
_GAP = re.compile(
    r"^[\s,]*(?:(?:and|&)\s+(?:of\s+)?(?:the\s+)?(?:(?:federal|substantive)\s+)?(?:laws?\s+)?"
    r"|(?:in\s+)?(?:of\s+)?(?:the\s+)?(?:(?:federal|substantive)\s+)?)"
    r"(?:of\s*)?(?:the\s*)?(?:(?:State|Commonwealth|Province)\s+of\s*)?$",
    _FLAGS,
)
_KIND_BEFORE = [
    (
        re.compile(r"\b(?:organi[sz]ed|incorporated|existing|formed|registered)\b", _FLAGS),
        "incorporation",
    ),
    (re.compile(r"\b(?:laws?|governed|governing|construed|interpreted)\b", _FLAGS), "law"),
    (
        re.compile(r"\b(?:courts?|jurisdiction|venue|arbitration|tribunal|forum)\b", _FLAGS),
        "forum",
    ),
]
_KIND_AFTER = [
    (re.compile(r"^[\s,]*(?:corporation|company|limited|llc|l\.l\.c\.|partnership|statutory\s+trust|"
                r"general\s+partnership|banking)\b", _FLAGS), "incorporation"),
    (re.compile(r"^[\s,]*(?:law|laws)\b", _FLAGS), "law"),
]  # fmt: skip


#: A US state by its postal code, only where "State of" names it a state ("the laws of the State
#: of NY", "State of N.Y."): a code alone is mostly an address's
_STATE_OF_CODE = re.compile(
    r"\b(?i:state|commonwealth)\s+(?i:of)\s+"
    r"(?P<code>(?P<a>[A-Z])(?P<dot>\.?)\s?(?P<b>[A-Z])(?P=dot))(?![A-Za-z])"
)


#: US states by their traditional (pre-postal) abbreviations, read only where "State of" names
#: a state ("the laws of the State of Calif.") or "law" follows ("Cal. law"): elsewhere they are
#: an address's or a code citation's ("Cal. Civ. Code", "Mass. Gen. Laws", "8 Del. Laws")
_STATE_ABBREVIATIONS = {
    "Ala.": "Alabama", "Ariz.": "Arizona", "Ark.": "Arkansas", "Cal.": "California",
    "Calif.": "California", "Colo.": "Colorado", "Conn.": "Connecticut", "Del.": "Delaware",
    "Fla.": "Florida", "Ga.": "Georgia", "Ill.": "Illinois", "Ind.": "Indiana", "Kan.": "Kansas",
    "Kans.": "Kansas", "Ky.": "Kentucky", "La.": "Louisiana", "Md.": "Maryland",
    "Mass.": "Massachusetts", "Mich.": "Michigan", "Minn.": "Minnesota", "Miss.": "Mississippi",
    "Mo.": "Missouri", "Mont.": "Montana", "Neb.": "Nebraska", "Nebr.": "Nebraska",
    "Nev.": "Nevada", "Okla.": "Oklahoma", "Ore.": "Oregon", "Oreg.": "Oregon",
    "Pa.": "Pennsylvania", "Penn.": "Pennsylvania", "Penna.": "Pennsylvania",
    "Tenn.": "Tennessee", "Tex.": "Texas", "Vt.": "Vermont", "Va.": "Virginia",
    "W.Va.": "West Virginia", "Wash.": "Washington", "Wis.": "Wisconsin", "Wisc.": "Wisconsin",
    "Wyo.": "Wyoming", "D.C.": "District of Columbia", "N.C.": "North Carolina",
    "N.D.": "North Dakota", "N.H.": "New Hampshire", "N.J.": "New Jersey", "N.M.": "New Mexico",
    "N.Y.": "New York", "R.I.": "Rhode Island", "S.C.": "South Carolina", "S.D.": "South Dakota",
}  # fmt: skip
_STATE_ABBREVIATIONS |= {a.upper(): state for a, state in _STATE_ABBREVIATIONS.items()}  # CALIF.
_ABBREVIATION = "|".join(
    re.escape(a).replace(r"\.", r"\.\s?", 1) if a.count(".") > 1 else re.escape(a)
    for a in sorted(_STATE_ABBREVIATIONS, key=len, reverse=True)
)
_STATE_ABBREVIATION = re.compile(
    rf"\b(?i:state|commonwealth)\s+(?i:of)\s+(?P<named>{_ABBREVIATION})"
    rf"|(?<![A-Za-z.])(?P<before_law>{_ABBREVIATION})(?=\s+(?:law|LAW)\b)"
)
#: Where a place written lower-case is still a place: right after "the laws of" ("the laws of
#: england"), a phrase whose object is a jurisdiction; elsewhere "jersey" or "chad" is a word.
_LAWS_OF = re.compile(
    r"\blaws?\s+of\s+(?:the\s+)?(?:(?:state|commonwealth|province)\s+of\s+)?$", _FLAGS
)
#: Where a legal adjective written lower-case is still a law's: as the object of the phrase that
#: applies it ("governed by english law", "subject to swiss law", "in accordance with french law").
_APPLIES_A_LAW = re.compile(r"\b(?:by|under|to|with)\s+(?:the\s+)?$", _FLAGS)
_AND = re.compile(r"\s+(?:and|&)\s+")


@dataclass(frozen=True)
class _Mention:
    place: _Place
    start: int
    end: int


def _mentions(text: str, strict_case: bool) -> list[_Mention]:
    entries, pattern, codes = _gazetteer()
    found: list[_Mention] = []
    for m in pattern.finditer(text):
        if strict_case and not m.group(0)[0].isupper() and not _law_names(text, m.start(), found):
            continue
        key = " ".join(m.group(0).lower().replace("’", "'").split())
        found.append(_Mention(entries[key], *m.span()))
    for m in _ADJECTIVE.finditer(text):
        if strict_case and not m.group("adj")[0].isupper() and not _applies_a_law(text, m.start()):
            continue
        place = entries[_ADJECTIVES[" ".join(m.group("adj").lower().split())].lower()]
        if not any(f.start <= m.start() < f.end for f in found):
            found.append(_Mention(place, *m.span()))
    for m in _STATE_OF_CODE.finditer(text):
        state = codes.get(m.group("a") + m.group("b"))
        if state and not any(f.start <= m.start("code") < f.end for f in found):
            found.append(_Mention(entries[state.lower()], *m.span("code")))
    for m in _STATE_ABBREVIATION.finditer(text):
        group = "named" if m.group("named") else "before_law"
        state = _STATE_ABBREVIATIONS["".join(m.group(group).split())]
        if not any(f.start <= m.start(group) < f.end for f in found):
            found.append(_Mention(entries[state.lower()], *m.span(group)))
    return sorted(found, key=lambda f: f.start)


def _applies_a_law(text: str, start: int) -> bool:
    return _APPLIES_A_LAW.search(text, max(0, start - 20), start) is not None


def _law_names(text: str, start: int, found: list[_Mention]) -> bool:
    """Whether a lower-case mention is a law's place: "the laws of england", or joined by "and"
    to one that is ("the laws of england and wales")."""
    if found and _AND.fullmatch(text, found[-1].end, start):
        start = found[-1].start
    return _LAWS_OF.search(text, max(0, start - 60), start) is not None


def _groups(text: str, mentions: list[_Mention]) -> list[list[_Mention]]:
    groups: list[list[_Mention]] = []
    for mention in mentions:
        if groups and _GAP.match(text[groups[-1][-1].end : mention.start]):
            groups[-1].append(mention)
        else:
            groups.append([mention])
    return groups


def _most_specific(places: list[_Place]) -> list[str]:
    """Canonical names of chained places, dropping countries a named subdivision implies."""
    implied = {p.parent for p in places if p.parent}
    kept: list[str] = []
    for place in places:
        if place.level in ("country", "region") and place.canonical in implied:
            continue
        if place.canonical not in kept:
            kept.append(place.canonical)
    return kept


def _compose(places: list[_Place]) -> str:
    """One name for chained places: "Ontario, Canada", "England and Wales", "Texas"."""
    return " and ".join(_most_specific(places))


_GOVERNING = re.compile(
    # verbs that govern only with "the laws of" right after: "is controlled by the laws of",
    # "shall be enforced / determined / resolved in accordance with the laws of"
    r"\b(?:enforced|controlled|determined|resolved|decided|adjudicated)\s+(?:exclusively\s+)?"
    r"(?:in\s+accordance\s+with|under|by|pursuant\s+to)\s+(?:the\s+)?"
    r"(?:(?:internal|substantive)\s+)?laws?\s+of\b|"
    r"\b(?:govern(?!ment)\w*|constru\w*|interpret\w*|applicable\s+law|choice\s+of\s+law)\b",
    _FLAGS,
)
_SENTENCE_BREAK = re.compile(rf"[.;]\s+(?=[A-Z])|{PARAGRAPH_BREAK}")


#: The contract "is subject to" the place's law, named right after ("This Agreement is subject
#: to the laws of Ireland", "shall be subject to Swiss law").
_SUBJECT_TO = re.compile(
    r"\b(?:is|are|be)\s+subject\s+to(?:\s+the)?(?:\s+(?:internal|substantive))?"
    r"(?:\s+laws?\s+(?:of|in\s+force\s+in))?(?:\s+the)?"
    r"(?:\s+(?:State|Commonwealth|Province)\s+of)?\s*$",
    _FLAGS,
)
#: The place's law "applies" to the contract ("The law of England applies to this Agreement",
#: "Ohio law shall apply."); not "apply to the Software", which is some other law.
_APPLIES = re.compile(
    r"^\s*(?:laws?\s+)?(?:shall\s+|will\s+)?(?:exclusively\s+)?appl(?:y|ies)\b"
    r"(?:\s+(?:exclusively\s+)?to\s+this\s+(?:agreement|contract|lease)\b|\s*[.;]|\s*$)",
    _FLAGS,
)


def _sentence_before(text: str, start: int) -> str:
    """The sentence's words before ``start``, at most 200 characters back."""
    before = text[max(0, start - 200) : start]
    breaks = list(_SENTENCE_BREAK.finditer(before))
    return before[breaks[-1].end() :] if breaks else before


def _same_sentence(text: str, a: Candidate, b: Candidate) -> bool:
    return not _SENTENCE_BREAK.search(text, min(a.end, b.end), max(a.start, b.start))


def _governs(text: str, start: int, end: int) -> bool:
    """Whether the sentence around the place says what governs or construes the contract
    (before it, or just after: "Delaware law governs", "the law of X applies")."""
    before = text[max(0, start - 200) : start]
    after = _SENTENCE_BREAK.split(text[end : end + 40])[0]
    return (
        bool(_GOVERNING.search(_sentence_before(text, start)))
        or bool(_GOVERNING.search(after))
        or bool(_SUBJECT_TO.search(before))
        or bool(_APPLIES.match(after))
    )


#: The sentence names the place first and then governs by its laws as "said State" ("made in
#: the Commonwealth of X, and shall be governed under the laws of said Commonwealth").
_GOVERNED_BY_SAID_PLACE = re.compile(
    r"[^.;]{0,160}?\b(?:govern(?!ment)\w*|constru\w*|interpret\w*)\b[^.;]{0,60}?\blaws?\s+of\s+"
    r"(?:said|such|that|the\s+same)\s+(?:state|commonwealth|province|country|jurisdiction)\b",
    _FLAGS,
)


_NAMES_A_LAW = re.compile(r"\blaws?$", _FLAGS)


def _kind(text: str, start: int, end: int) -> str | None:
    """incorporation | law (governing law) | legal (some other law: "export laws of") | forum."""
    after = cue_after(text, end, _KIND_AFTER, window=30)
    if after == "incorporation" or cue_before(text, start, _KIND_BEFORE[:1], window=50):
        return "incorporation"
    if _GOVERNED_BY_SAID_PLACE.match(squash_spaces(text[end : end + 300])):
        return "law"
    if after is None and _NAMES_A_LAW.search(text, start, end):
        after = "law"  # "Swiss law": the legal adjective's mention holds its "law"
    role = cue_before(text, start, _KIND_BEFORE[1:], window=80) or after
    if role == "law" and not _governs(text, start, end):
        return "legal"
    return role


def find_places(text: str, *, strict_case: bool = True) -> list[Candidate]:
    """Every jurisdiction in ``text`` in text order, chained mentions merged into one.

    ``strict_case`` skips mentions that start lower-case ("jersey", "chad"), which in running
    text are words, not places.
    """
    candidates = []
    for group in _groups(text, _mentions(text, strict_case)):
        start, end = group[0].start, group[-1].end
        kind = _kind(text, start, end)
        prefix = _PREFIX.search(text[max(0, start - 60) : start])
        if prefix and prefix.group(0).strip():
            start -= len(prefix.group(0))
        places = [m.place for m in group]
        names = _most_specific(places)
        level = next(p.level for p in places if p.canonical == names[0])
        candidates.append(
            Candidate(" and ".join(names), text[start:end], start, end, unit=level, kind=kind)
        )
    return _excluded_laws(text, _federal_law_beside_a_state_law(text, candidates))


def _federal_law_beside_a_state_law(text: str, candidates: list[Candidate]) -> list[Candidate]:
    """US federal law named in the sentence of a state's governing law is no governing law of
    its own ("Except as preempted by the laws of the United States, ... governed by the laws of
    the State of Ohio"): the state is the answer, as when the two are chained."""

    def beside_a_state(federal: Candidate) -> bool:
        return any(
            other.kind == "law"
            and other.unit == "us_state"
            and _same_sentence(text, federal, other)
            for other in candidates
        )

    return [
        replace(c, kind="legal")
        if c.kind == "law" and c.value == "United States" and beside_a_state(c)
        else c
        for c in candidates
    ]


#: What the sentence says last before a place: that its law is set aside ("excluding the
#: application of the laws of", "without regard to any rule that would apply the laws of",
#: "other than", "Except as required by the laws of"), or that it governs ("governed by",
#: "construed under"), which undoes it.
_SETS_ASIDE = re.compile(
    r"\b(?:without\s+(?:regard|reference|giving\s+effect)\s+to|excluding|exclusive\s+of"
    r"|other\s+than|rather\s+than|except|not\s+(?:by\s+)?the\s+laws?)\b",
    _FLAGS,
)
_GOVERNS_AGAIN = re.compile(r"\b(?:govern(?!ment)\w*|constru\w*|interpret\w*)\b", _FLAGS)


def _excluded_laws(text: str, candidates: list[Candidate]) -> list[Candidate]:
    """A place whose law the governing-law sentence sets aside is some other law, when the
    sentence names another governing place ("governed by the laws of Illinois, excluding the
    application of the laws of the State of Indiana"): before, the two tied on order."""

    def set_aside(c: Candidate) -> bool:
        clause = _sentence_before(text, c.start)
        asides = [m.end() for m in _SETS_ASIDE.finditer(clause)]
        governs = [m.end() for m in _GOVERNS_AGAIN.finditer(clause)]
        return bool(asides) and max(asides) > max(governs, default=-1)

    def another_governs(c: Candidate) -> bool:
        return any(
            other.kind == "law"
            and other.value != c.value
            and not set_aside(other)
            and _same_sentence(text, c, other)
            for other in candidates
        )

    return [
        replace(c, kind="legal") if c.kind == "law" and set_aside(c) and another_governs(c) else c
        for c in candidates
    ]


def place_components(text: str) -> frozenset[str]:
    """The canonical jurisdictions ``text`` names, parents implied by children dropped.

    ``"Province of Ontario, Canada"`` -> {"Ontario, Canada"}; ``"England and Wales"`` ->
    {"England", "Wales"}. Two-letter US state codes are read too ("NY").
    """
    stripped = text.strip().strip(".")
    codes = _gazetteer()[2]
    if stripped.upper() in codes and len(stripped) == 2:
        return frozenset({codes[stripped.upper()]})
    places = [m.place for m in _mentions(text, strict_case=False)]
    return frozenset(_most_specific(places))


def is_place_name(text: str) -> bool:
    """Whether ``text`` is exactly a jurisdiction's name ("Wales", "the State of Texas")."""
    entries = _gazetteer()[0]
    key = " ".join(text.lower().replace("’", "'").split())
    key = re.sub(
        r"^(?:the\s+)?(?:(?:state|commonwealth|province|republic)\s+of\s+)?(?:the\s+)?", "", key
    )
    return key in entries


def is_place_adjective(text: str) -> bool:
    """Whether ``text`` is a jurisdiction's adjective ("Swedish", "English")."""
    return text.lower() in _ADJECTIVES


def normalize_place(text: str) -> str | None:
    """The canonical name for a jurisdiction written any way ("the PRC" -> "China"), else None."""
    places = [m.place for m in _mentions(text, strict_case=False)]
    return _compose(places) if places else None
