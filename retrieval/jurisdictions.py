"""The jurisdictions of Bosnia and Herzegovina, in one place: codes, names, levels, and whose law applies to whom.

BiH has four criminal codes (state, the two entities, Brčko District) and, inside the Federation, ten
cantons with laws of their own. An officer is answered from the law of the jurisdiction they serve in
plus the levels above it — a cantonal officer from the canton's, the Federation's and the state's law,
an RS officer from RS and state law — never from a neighbouring entity's code: a citation of the wrong
code is a wrong answer, however well it reads. `scope_of` is that rule; search applies it
(`Retriever.search(jurisdiction=scope)`), ingest checks codes against `JURISDICTIONS`, the bot stores
one code per officer.

Codes are matched folded ("fbih", "ФБиХ", "Republika Srpska" → "FBiH"/"RS"), so settings and
`--jurisdiction` accept what an admin would naturally type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Literal

from kodeks.errors import UnknownJurisdiction
from retrieval.language.normalize import fold, words
from retrieval.types import Article

Level = Literal["state", "entity", "district", "canton"]

# How each level is named in a reply ("državni nivo (BiH)").
LEVEL_NAMES: dict[str, str] = {
    "state": "državni",
    "entity": "entitetski",
    "district": "distrikt",
    "canton": "kantonalni",
}


@dataclass(frozen=True)
class Jurisdiction:
    """One law-making level: its code (as in corpus JSONL), its name, its level and the level above it."""

    code: str
    name: str
    level: Level
    parent: str | None = None
    aliases: tuple[str, ...] = ()  # other ways officers and admins write it (folded on use)


JURISDICTIONS: dict[str, Jurisdiction] = {
    j.code: j
    for j in (
        Jurisdiction(
            "BiH",
            "Bosna i Hercegovina",
            "state",
            None,
            ("bosna i hercegovina", "drzava", "drzavni nivo", "drzavnom nivou"),
        ),
        Jurisdiction(
            "FBiH",
            "Federacija BiH",
            "entity",
            "BiH",
            (
                "federacija",
                "federaciji",
                "federacije",
                "federacija bih",
                "federaciji bih",
                "federacije bih",
                "federacija bosne i hercegovine",
                "fbh",
            ),
        ),
        Jurisdiction(
            "RS",
            "Republika Srpska",
            "entity",
            "BiH",
            ("republika srpska", "republici srpskoj", "republike srpske", "srpska", "srpskoj"),
        ),
        Jurisdiction(
            "BD",
            "Brčko distrikt BiH",
            "district",
            "BiH",
            ("brcko", "brckom", "brcku", "brcko distrikt", "brcko distriktu", "distrikt", "distriktu"),
        ),
        # The ten cantons of the Federation (their own laws: public order, police, ...).
        Jurisdiction("USK", "Unsko-sanski kanton", "canton", "FBiH", ("unsko-sanski kanton",)),
        Jurisdiction("PK", "Posavski kanton", "canton", "FBiH", ("posavski kanton",)),
        Jurisdiction("TK", "Tuzlanski kanton", "canton", "FBiH", ("tuzlanski kanton",)),
        Jurisdiction("ZDK", "Zeničko-dobojski kanton", "canton", "FBiH", ("zenicko-dobojski kanton",)),
        Jurisdiction("BPK", "Bosansko-podrinjski kanton Goražde", "canton", "FBiH", ("bosansko-podrinjski kanton",)),
        Jurisdiction("SBK", "Srednjobosanski kanton", "canton", "FBiH", ("srednjobosanski kanton",)),
        Jurisdiction("HNK", "Hercegovačko-neretvanski kanton", "canton", "FBiH", ("hercegovacko-neretvanski kanton",)),
        Jurisdiction("ZHK", "Zapadnohercegovački kanton", "canton", "FBiH", ("zapadnohercegovacki kanton",)),
        Jurisdiction("KS", "Kanton Sarajevo", "canton", "FBiH", ("kanton sarajevo",)),
        Jurisdiction("K10", "Kanton 10", "canton", "FBiH", ("kanton 10", "livanjski kanton")),
    )
}

# The four codes every officer can choose from; cantons are offered when the index has their laws.
MAIN: tuple[str, ...] = ("BiH", "FBiH", "RS", "BD")

_BY_FOLDED: dict[str, str] = {}
for _j in JURISDICTIONS.values():
    for _name in (_j.code, _j.name, *_j.aliases):
        _BY_FOLDED.setdefault(fold(_name), _j.code)


def known_codes() -> str:
    return ", ".join(JURISDICTIONS)


def find(text: str) -> str | None:
    """The canonical code for a code, name or alias ("fbih", "Republika Srpska", "РС"), or None."""
    return _BY_FOLDED.get(fold(text or "").strip())


def canonical(text: str, what: str = "jurisdiction") -> str:
    """Like `find`, but an unknown one is an error that says which ones exist."""
    code = find(text)
    if code is None:
        raise UnknownJurisdiction(f"unknown {what} {text!r}; known: {known_codes()}")
    return code


def get(code: str) -> Jurisdiction | None:
    found = find(code)
    return JURISDICTIONS[found] if found else None


def level_of(code: str) -> str:
    """ "RS" → "entity"; "" for a code that is not defined (laws ingested without a jurisdiction)."""
    j = get(code)
    return j.level if j else ""


def name_of(code: str) -> str:
    j = get(code)
    return j.name if j else code


def ancestors(code: str) -> list[str]:
    """The levels above a jurisdiction, nearest first: "KS" → ["FBiH", "BiH"]."""
    out: list[str] = []
    j = get(code)
    while j is not None and j.parent:
        out.append(j.parent)
        j = JURISDICTIONS.get(j.parent)
    return out


@dataclass(frozen=True)
class Scope:
    """The jurisdictions whose law applies to an officer: their own first, then the levels above.

    A collection of codes, so `Retriever.search(jurisdiction=scope)` filters by it; `officer` is what
    the query log and the export record.
    """

    officer: str
    codes: tuple[str, ...]

    def __iter__(self) -> Iterator[str]:
        return iter(self.codes)

    def __len__(self) -> int:
        return len(self.codes)

    def __contains__(self, code: object) -> bool:
        return isinstance(code, str) and find(code) in self.codes

    def higher(self) -> tuple[str, ...]:
        """The levels above the officer's own (state law for everyone; the Federation for a canton)."""
        return self.codes[1:]


def scope_of(code: str) -> Scope:
    """ "RS" → Scope(RS: RS, BiH); "KS" → KS, FBiH, BiH; "BiH" → BiH only. Unknown codes raise."""
    own = canonical(code)
    return Scope(own, (own, *ancestors(own)))


def as_scope(codes: Iterable[str] | str | None) -> Scope | None:
    """An officer's scope from a code (or None for "no jurisdiction": search everything)."""
    if codes is None or codes == "":
        return None
    if isinstance(codes, Scope):
        return codes
    if isinstance(codes, str):
        return scope_of(codes)
    listed = tuple(dict.fromkeys(canonical(c) for c in codes))
    return Scope(listed[0], listed) if listed else None


def mentioned(text: str) -> list[str]:
    """Jurisdictions named in free text ("isto u RS?", "a u Brčkom", "kako je u Federaciji"), in order.

    Longer names win over the shorter ones inside them: "Federacija BiH" is the Federation, not also
    the state."""
    return list(dict.fromkeys(code for _, _, code in mentions(fold(text))))


def mentions(folded: str) -> list[tuple[int, int, str]]:
    """Where `folded` text (`fold`) names a jurisdiction: (start, end, code) in text order; a longer name
    wins over a shorter one inside it."""
    spans: list[tuple[int, int, str]] = []
    for alias, code in _BY_FOLDED.items():
        spans += [(m.start(), m.end(), code) for m in re.finditer(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", folded)]
    kept: list[tuple[int, int, str]] = []
    for start, end, code in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):
        if all(end <= k_start or start >= k_end for k_start, k_end, _ in kept):
            kept.append((start, end, code))
    return sorted(kept)


def names_level_above(text: str, officer: str | None) -> bool:
    """Whether `text` names a level above the officer's own ("svjedok na Sudu BiH", "izbori za Predsjedništvo
    BiH" asked by an RS or a Brčko officer): the matter is that level's — its courts, its elections, its
    institutions, which its own code's articles name as their field ("pred institucijama Bosne i
    Hercegovine", KZ BiH čl. 235) — so its code's twin of the officer's provision is what applies, not a copy
    of the officer's own (retrieval/search/library_priors.py)."""
    if not officer or find(officer) is None:
        return False
    above = set(ancestors(officer))
    folded = fold(text)
    spans = mentions(folded)
    for n, (start, _, code) in enumerate(spans):
        # "u Brčko distriktu BiH", "Federaciji BiH" in any case ending: the state's name completes another's
        part_of_name = n > 0 and not folded[spans[n - 1][1] : start].strip()
        if code in above and not part_of_name:
            return True
    return False


MAX_REQUEST_WORDS = 6
# A comparison is a short follow-up that names a jurisdiction and opens like one ("isto u RS?", "a u Brčkom?",
# "kako je u Federaciji", "uporedi sa RS") — anything longer, or with a number, is a question of its own.
_OPENERS = {"isto", "a", "i", "kako", "sta", "sto", "uporedi", "usporedi", "poredi", "slicno", "jednako", "takodje"}
_ANYWHERE = {"isto", "uporedi", "usporedi", "poredi", "uporedba", "usporedba"}


def comparison_request(text: str) -> list[str] | None:
    """The jurisdictions a short follow-up asks to compare with ("isto u RS?" → ["RS"]), or None."""
    tokens = words(text)
    if not tokens or len(tokens) > MAX_REQUEST_WORDS or any(t.isdigit() for t in tokens):
        return None
    if tokens[0] not in _OPENERS and not _ANYWHERE & set(tokens):
        return None
    return mentioned(text) or None


def asks_to_compare(text: str) -> bool:
    """True when a comparison request says it compares ("isto u RS?", "uporedi sa RS"), not merely names a
    jurisdiction ("a u RS?", which a conversation reads as a question for that jurisdiction's law)."""
    return bool(_ANYWHERE & set(words(text)))


def label_articles(articles: list[Article]) -> tuple[list[Article], list[str]]:
    """Ingest's check: each article gets its jurisdiction's canonical code and its level (`extra["level"]`);
    the articles of a law with an unknown jurisdiction are refused, one message per law naming the known ones.

    A law without any jurisdiction is kept (level ""): it serves searches without a scope, and no officer's."""
    kept: list[Article] = []
    refused: dict[tuple[str, str], int] = {}
    for article in articles:
        if not article.jurisdiction:
            kept.append(article)
            continue
        code = find(article.jurisdiction)
        if code is None:
            refused[(article.law, article.jurisdiction)] = refused.get((article.law, article.jurisdiction), 0) + 1
            continue
        extra = {**article.extra, "level": JURISDICTIONS[code].level}
        kept.append(
            article
            if (code, extra) == (article.jurisdiction, article.extra)
            else replace(article, jurisdiction=code, extra=extra)
        )
    messages = [
        f"law {law!r}: unknown jurisdiction {code!r}, {n} article(s) not indexed; known: {known_codes()}"
        for (law, code), n in refused.items()
    ]
    return kept, messages
