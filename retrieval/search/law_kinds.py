"""Kinds of law (a criminal code, the traffic law, the police law …) and the names officers use for them.

"član 42 zakona o saobraćaju" names no loaded law by its short name ("ZOBS BiH") or its title
("Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni i Hercegovini"), but it names a kind of
law, and an officer means the one that applies to them. The kinds, what people call them and how a
law's title or short name shows it is one, are data: `retrieval/language/data/law_kinds.toml` (an admin can extend it).
`law_names.LawNames` turns them into aliases of every loaded law of that kind, and remembers the kinds
no loaded law has, so that "zakon o policiji" is answered "not a loaded law" instead of matching
something else.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retrieval.language.normalize import fold
from retrieval.language.vocabulary import DATA_DIR, KINDS_FILE

if TYPE_CHECKING:
    from retrieval.language.vocabulary import TermMatcher, Vocabulary


@dataclass(frozen=True)
class LawKind:
    kind: str
    names: tuple[str, ...]  # what people call a law of this kind
    titles: tuple[tuple[str, ...], ...]  # folded word sequences that make a title one of this kind
    acronyms: frozenset[str]  # folded first words of short names ("kz", "zobs")
    parallel: bool = False  # every level has a complete code of this kind (criminal codes): twins are meaningful
    topics: tuple[str, ...] = ()  # what a question of this kind talks about (thesaurus format)
    label: str = ""  # how a reply names the kind to an officer ("zakon o radu")
    # The only level that legislates this area ("state": customs, VAT, foreigners …), "" where every level or
    # several do (criminal codes, traffic): what lets a reply say "ovu oblast uređuje državni nivo".
    level: str = ""
    # The criminal codes' offences a story of this kind's subject is about when it tells harm done to a person
    # (their titles' heads: "ugrožavanje javnog saobraćaja", "nepružanje pomoći" for the road): `HarmReading`.
    harm: tuple[str, ...] = ()
    # The criminal codes' offence of leaving the person hurt (its titles' words: "neukazivanje pomoći osobi ozlijeđenoj
    # u prometnoj nezgodi"): a story of this kind's subject that tells harm and someone leaving is about it
    # (`HarmReading.left`).
    left: tuple[str, ...] = ()
    # The topics that name only what a story happened with (a vehicle, its driver), no rule of the kind:
    # `CircumstanceReading`.
    circumstances: tuple[str, ...] = ()
    # A road's places in lay words ("raskrsnica", "podzemni prolaz"): told after a preposition of place ("u
    # podzemnom prolazu") they say where an act happened, a circumstance like the vehicle: `CircumstanceReading`.
    places: tuple[str, ...] = ()


@lru_cache(maxsize=4)
def _read(path: Path | None) -> dict[str, Any]:
    """`retrieval/language/data/law_kinds.toml` (or `path`) parsed once; a missing file is empty."""
    path = path or DATA_DIR / KINDS_FILE
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


@lru_cache(maxsize=4)
def load_kinds(path: Path | None = None) -> tuple[LawKind, ...]:
    """The kinds of `retrieval/language/data/law_kinds.toml` (or `path`); a missing file means no kinds."""
    data = _read(path)
    return tuple(
        LawKind(
            str(k["kind"]),
            tuple(str(n) for n in k.get("names", [])),
            tuple(tuple(fold(t).split()) for t in k.get("titles", [])),
            frozenset(fold(a) for a in k.get("acronyms", [])),
            bool(k.get("parallel", False)),
            tuple(str(t) for t in k.get("topics", [])),
            str(k.get("label") or k["kind"]),
            str(k.get("level", "")),
            tuple(str(t) for t in k.get("harm", [])),
            tuple(str(t) for t in k.get("left", [])),
            tuple(str(t) for t in k.get("circumstances", [])),
            tuple(str(t) for t in k.get("places", [])),
        )
        for k in data.get("kind", [])
    )


def exclusive_level(kinds: Collection[LawKind]) -> str:
    """The level that alone legislates what a law of these kinds regulates ("state" for the customs law), or ""
    when none does (a criminal code: every level has one) or its kinds disagree."""
    levels = {k.level for k in kinds}
    return levels.pop() if len(levels) == 1 else ""


def label_of(kinds: Collection[LawKind]) -> str:
    """How a reply names a law's kind ("krivični zakon"); "" for a law of no known kind."""
    return next((k.label for k in kinds), "")


def kinds_of(short_name: str, title_words: list[str], same_word: Callable[[str, str], bool]) -> list[LawKind]:
    """The kinds a law is, from its title's words (folded; `same_word` tolerates case endings and
    variants) and the first word of its short name."""
    first = fold(short_name).split()[:1]
    found = []
    for kind in load_kinds():
        if (first and first[0] in kind.acronyms) or any(
            _contains(title_words, phrase, same_word) for phrase in kind.titles
        ):
            found.append(kind)
    return found


def _contains(words: list[str], phrase: tuple[str, ...], same_word: Callable[[str, str], bool]) -> bool:
    n = len(phrase)
    return n > 0 and any(all(same_word(words[i + k], phrase[k]) for k in range(n)) for i in range(len(words) - n + 1))


_CLAUSE = re.compile(r"[,.;:!?\n]+")


@lru_cache(maxsize=4)
def rule_openers(path: Path | None = None) -> tuple[str, ...]:
    """The folded clause openers of a question asking for a rule ([asks_for_a_rule] in retrieval/language/data/law_kinds.toml)."""
    openers = _read(path).get("asks_for_a_rule", {}).get("openers", [])
    return tuple(sorted({fold(o) for o in openers}, key=len, reverse=True))


def asks_for_a_rule(text: str) -> bool:
    """Whether a clause of the question starts as a question about a rule, a right or a procedure ("kako se
    dobija", "…, ko odgovara", "naplaćuje li") rather than as the story of an act ("udario je policajca")."""
    openers = rule_openers()
    for clause in _CLAUSE.split(fold(text)):
        words = clause.split()
        if not words:
            continue
        start = " ".join(words)
        if any(start == o or start.startswith(o + " ") for o in openers):
            return True
        if len(words) > 1 and words[1] == "li" and words[0] not in ("je", "jel"):
            return True
    return False


class KindTopics:
    """Which kinds of law a question talks about, by their topics (retrieval/language/data/law_kinds.toml), matched as the
    thesaurus matches lay terms; and whether an article's stems speak of a topic found."""

    def __init__(self, matcher: TermMatcher, kind_of_topic: dict[str, list[str]], labels: dict[str, str]) -> None:
        self._matcher = matcher
        self._kinds = {
            topic: frozenset(kinds) for topic, kinds in kind_of_topic.items()
        }  # topic → the kinds that list it
        self.labels = labels  # kind → how a reply names it

    @classmethod
    def of(cls, vocabulary: Vocabulary, kinds: tuple[LawKind, ...] | None = None) -> KindTopics:
        kind_of_topic: dict[str, list[str]] = {}
        kinds = load_kinds() if kinds is None else kinds
        for kind in kinds:
            for topic in kind.topics:
                kind_of_topic.setdefault(topic, []).append(kind.kind)
        return cls(vocabulary.matcher(kind_of_topic), kind_of_topic, {k.kind: k.label for k in kinds})

    def named(self, text: str) -> dict[str, list[str]]:
        """kind → the topics of it the text names ("kako se racuna otpremnina" → labour: [otpremnina])."""
        out: dict[str, list[str]] = {}
        for topic in self._matcher.found(text):
            for kind in self._kinds[topic]:
                out.setdefault(kind, []).append(topic)
        return out

    def spoken_of(self, kinds: Collection[str], stems: Collection[str]) -> bool:
        """Whether a text (its stems: an article's title and chapter) names a topic of one of the kinds."""
        return any(self._matcher.within(topic, stems) for topic, of in self._kinds.items() if not of.isdisjoint(kinds))


class StateField:
    """Whether a question tells a matter of the state's field ([state_field]), matched as the thesaurus matches lay
    terms, in its own words or in a legal term the vocabulary added for them ("prošvercao" → krijumčarenje); and the
    kinds of law that hold the field (`kinds`)."""

    def __init__(self, matcher: TermMatcher, kinds: frozenset[str]) -> None:
        self._matcher = matcher
        self.kinds = kinds

    @classmethod
    def of(cls, vocabulary: Vocabulary, path: Path | None = None) -> StateField:
        """The [state_field] of `law_kinds.toml` (or `path`), matched as `vocabulary` matches the thesaurus's lay terms."""
        data = _read(path).get("state_field", {})
        return cls(
            vocabulary.matcher(str(t) for t in data.get("terms", [])),
            frozenset(str(k) for k in data.get("kinds", [])),
        )

    def told(self, text: str, added: Collection[str] = ()) -> list[str]:
        """The state's field terms `text` or one of the `added` legal terms (each read alone) names."""
        found = dict.fromkeys(self._matcher.found(text))
        for term in added:
            found.update(dict.fromkeys(self._matcher.found(term)))
        return list(found)


def _clauses(text: str) -> list[str]:
    """The text's clauses (split at `_CLAUSE`), empty ones left out."""
    return [c for c in _CLAUSE.split(text) if c.strip()]


class HarmReading:
    """Whether a story tells harm done to a person — hurt, killed, put in danger ([harm_to_a_person] in
    retrieval/language/data/law_kinds.toml) — and so which criminal offences a story of a named kind's subject is
    about (`LawKind.harm`): "oborio pješaka i odvezao se" is the criminal codes' endangering of traffic and leaving
    the injured, not only the traffic law's rules, while "udario u parkirani auto" and "parkirao na zebri" are not.
    A striking act counts only with a person in the same clause; the words alone count anywhere."""

    def __init__(
        self,
        words: TermMatcher,
        acts: TermMatcher,
        persons: TermMatcher,
        offences: dict[str, tuple[str, ...]],
        kinds: frozenset[str] = frozenset(),
        danger: tuple[TermMatcher, TermMatcher, TermMatcher] | None = None,
        leaving: TermMatcher | None = None,
        left: dict[str, tuple[str, ...]] | None = None,
    ) -> None:
        self._words, self._acts, self._persons = words, acts, persons
        self._offences = offences  # kind → its `harm` offences
        self.kinds = kinds  # the kinds of law whose offences those are (the criminal codes): the story's topic
        # [harm_to_a_person.by_an_act]: an act on the road's signs or equipment, the equipment, what followed
        self._danger = danger
        self._leaving = leaving  # someone leaving the scene ("odvezao se", "pobjegao"): [harm_to_a_person] `leaving`
        self._left = left or {}  # kind → its `left` offence's titles

    @classmethod
    def of(
        cls, vocabulary: Vocabulary, kinds: tuple[LawKind, ...] | None = None, path: Path | None = None
    ) -> HarmReading:
        """The reading of `law_kinds.toml` (or `path`), matched as `vocabulary` matches the thesaurus's lay terms."""
        data = _read(path).get("harm_to_a_person", {})
        kinds = load_kinds(path) if kinds is None else kinds
        return cls(
            vocabulary.matcher(str(w) for w in data.get("words", [])),
            vocabulary.matcher(str(w) for w in data.get("acts", [])),
            vocabulary.matcher(str(w) for w in data.get("persons", [])),
            {k.kind: k.harm for k in kinds if k.harm},
            frozenset(str(k) for k in data.get("kinds", [])),
            (
                vocabulary.matcher(str(w) for w in by_act.get("acts", [])),
                vocabulary.matcher(str(w) for w in by_act.get("equipment", [])),
                vocabulary.matcher(str(w) for w in by_act.get("followed", [])),
            )
            if (by_act := data.get("by_an_act", {}))
            else None,
            vocabulary.matcher(str(w) for w in data.get("leaving", [])) if data.get("leaving") else None,
            {k.kind: k.left for k in kinds if k.left},
        )

    def left(self, text: str, named: Collection[str]) -> tuple[list[str], list[str]]:
        """The titles of the offence of leaving the person hurt (`LawKind.left`) of the kinds the story names, and the
        words that tell someone leaving — where the story tells harm to a person and someone leaving anywhere in it
        ("oborio staricu na putu i odvezao se kući"); else nothing. The thesaurus's phrases ("udario i pobjegao")
        see two words between at most; the story tells the two apart."""
        titles = [t for kind in sorted(named) for t in self._left.get(kind, ())]
        if not titles or self._leaving is None or not self.tells_harm(text):
            return [], []
        words = self._leaving.found(text)
        return (list(dict.fromkeys(titles)), words) if words else ([], [])

    def tells_harm(self, text: str) -> bool:
        """Whether the text tells a person hurt, killed or put in danger — or the road's signs or equipment
        removed or damaged and a crash or danger following (`tells_danger_by_an_act`)."""
        if self._words.found(text):
            return True
        clauses = _clauses(text)
        if any(self._acts.found(c) and self._persons.found(c) for c in clauses):
            return True
        return self.tells_danger_by_an_act(text, clauses)

    def tells_danger_by_an_act(self, text: str, clauses: list[str] | None = None) -> bool:
        """Whether the text tells the road's sign or equipment removed, destroyed or damaged, or an obstacle put on
        it (an act and the equipment in one clause), and a crash or danger following anywhere in it: the codes'
        endangering of traffic by a dangerous act ("uklanjanjem … znaka … tako ugrozi javni promet"). `clauses`:
        the text's clauses when the caller has split it already."""
        if self._danger is None:
            return False
        acts, equipment, followed = self._danger
        if not followed.found(text):
            return False
        return any(acts.found(c) and equipment.found(c) for c in (clauses if clauses is not None else _clauses(text)))

    def offences(self, text: str, named: Collection[str]) -> list[str]:
        """The criminal offences (titles) the story is about for the harm it tells, of the kinds it names (`named`);
        empty where no named kind has such offences or no harm is told."""
        found = [t for kind in sorted(named) for t in self._offences.get(kind, ())]
        return list(dict.fromkeys(found)) if found and self.tells_harm(text) else []


class CircumstanceReading:
    """Which kinds of law a story names only by a circumstance — the vehicle or the driver a crime was done with, to or
    by ("zapalio mu auto", "vozač nudio novac policajcu"), or the road's place where it happened, told after a
    preposition of place ("u podzemnom prolazu", "na raskrsnici": `places` of a kind, `prepositions` of
    [circumstance]): every topic of the kind it names outside such a place is one of the kind's `circumstances`
    ([circumstance] in retrieval/language/data/law_kinds.toml). Such a story is about its act where the vocabulary's
    legal terms name an offence of the `kinds` (the criminal codes): the retriever decides that by where those terms
    are titled best (candidates.py). A topic of the kind's rules ("parkirao", "alkotest") keeps it."""

    def __init__(
        self,
        circumstances: dict[str, frozenset[str]],
        kinds: frozenset[str],
        read_as: dict[str, frozenset[str]] | None = None,
        places: TermMatcher | None = None,
        prepositions: frozenset[str] = frozenset(),
    ) -> None:
        self._circumstances = circumstances  # kind → its topics that are circumstances only
        # kind → every topic a circumstance word itself is read as ("vozilo" also as "vozio": one stem): what a legal
        # term that names the vehicle in the law's word ("tuđe vozilo") names
        self._read_as = read_as if read_as is not None else circumstances
        self.kinds = kinds  # the kinds whose offences such a story is about (the criminal codes)
        self._places = places  # the kinds' road places, matched as the thesaurus's lay terms
        self._prepositions = prepositions  # folded prepositions of place ("u", "na", "kod")

    @classmethod
    def of(
        cls,
        topics: KindTopics | None = None,
        kinds: tuple[LawKind, ...] | None = None,
        path: Path | None = None,
        vocabulary: Vocabulary | None = None,
    ) -> CircumstanceReading:
        """The reading of `law_kinds.toml` (or `path`); `topics` reads each circumstance word as a question's,
        `vocabulary` matches the kinds' places (none without it)."""
        data = _read(path).get("circumstance", {})
        kinds = load_kinds(path) if kinds is None else kinds
        circumstances = {k.kind: frozenset(k.circumstances) for k in kinds if k.circumstances}
        read_as = {
            kind: of.union(*(topics.named(word).get(kind, ()) for word in of)) if topics is not None else of
            for kind, of in circumstances.items()
        }
        places = [p for k in kinds if k.circumstances for p in k.places]
        return cls(
            circumstances,
            frozenset(str(k) for k in data.get("kinds", [])),
            read_as,
            vocabulary.matcher(places) if vocabulary is not None and places else None,
            frozenset(fold(str(p)) for p in data.get("prepositions", [])),
        )

    def only_circumstances(
        self, topics: dict[str, list[str]], legal: bool = False, at_places: Collection[str] = ()
    ) -> frozenset[str]:
        """The kinds `topics` (KindTopics.named: kind → the topics of it named) names by circumstances alone;
        `legal`: `topics` are a legal term's, whose vehicle may read as more topics than its own (`_read_as`);
        `at_places`: kinds named (also) at a road's place, a circumstance (`outside_places`)."""
        of = self._read_as if legal else self._circumstances
        named = {kind for kind, found in topics.items() if found} | {k for k in at_places if k in self._circumstances}
        return frozenset(kind for kind in named if set(topics.get(kind, ())) <= of.get(kind, set()))

    def outside_places(self, text: str) -> tuple[str, str] | None:
        """`text` (folded) with every road's place told after a preposition of place taken out ("oteli mobitel u
        podzemnom prolazu" → "oteli mobitel ,"): what the story says apart from where it happened, and the places
        (", "-separated: "u podzemnom prolazu"); None where it tells no such place. The place is the preposition and
        the fewest words after it (three at most, within the clause) in which a place is found: "na cesti ukrao"
        keeps the verb."""
        if self._places is None or not self._prepositions:
            return None
        out: list[str] = []
        places: list[str] = []
        for clause in _CLAUSE.split(fold(text)):
            words = clause.split()
            i = 0
            while i < len(words):
                if words[i] in self._prepositions:
                    k = next(
                        (
                            n
                            for n in range(1, 4)
                            if i + n < len(words) and self._places.found(" ".join(words[i : i + n + 1]))
                        ),
                        0,
                    )
                    if k:
                        out.append(",")
                        places.append(" ".join(words[i : i + k + 1]))
                        i += k + 1
                        continue
                out.append(words[i])
                i += 1
            out.append(",")
        return (" ".join(out), " , ".join(places)) if places else None
