"""Vocabulary knowledge for Bosnian/Croatian/Serbian search: variants, derivation, a lay→legal thesaurus.

Officers' words and the statutes' words part in three ways that stemming does not join:
- the three standard variants and two pronunciations of one language ("obitelj"/"porodica",
  "osoba"/"lice", ekavian "bezbednost"/ijekavian "bezbjednost") — `canonical_word` and
  `canonical_stem`, applied to law texts at indexing AND to questions (the lexical tokenizer calls
  them), so a law and a question meet whichever variant each is in;
- verb forms against the offence nouns the codes are titled with ("ukrao" → krađa, "zapalio" →
  paljevina) — a general table of verbal affixes and the verb roots of each offence noun;
- everyday words against legal terms ("lopov" → krađa, "droga" → opojne droge) — the thesaurus.
The last two only add terms to a question (`expand`), at a lower weight, and every addition is
reported (`Expansion`) so `kodeks search --json` can say why an article matched.

The knowledge is data, not code: `bcs_variants.toml`, `derivation.toml`, `thesaurus.toml` in
retrieval/language/data/ (package data, so an installed bot has them; formats documented in each file
and in docs/retrieval.md), so an admin can read and extend it. This module holds no word lists of its own.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

from retrieval.language.ambiguity import Claim, Phrase, claims, starts_of_other_acts
from retrieval.language.calls import CallClaim
from retrieval.language.clauses import UNREALISED_WEIGHT, avoided, threatens, without_unrealised
from retrieval.language.collisions import StruckThings
from retrieval.language.composed import Composition
from retrieval.language.customs import UndeclaredGoods
from retrieval.language.disclosures import DisclosureThreat
from retrieval.language.migrants import CarriedMigrants
from retrieval.language.normalize import fold, words
from retrieval.language.payments import UnowedCollection, UnreceivedPayment
from retrieval.language.predicates import FalsityPredicates
from retrieval.language.reports import ReportReading
from retrieval.language.table_words import word_set
from retrieval.language.testimony import FalseTestimony

# The shipped files are package data of retrieval.language ([tool.setuptools.package-data]), so a non-editable
# install carries them; a setuptools install is unzipped, so the resource is a real directory.
DATA_DIR = Path(str(resources.files("retrieval.language") / "data"))
VARIANTS_FILE = "bcs_variants.toml"
DERIVATION_FILE = "derivation.toml"
THESAURUS_FILE = "thesaurus.toml"

Stem = Callable[[str], str]

# Ijekavian reflexes of jat (folded text): "ije" after any consonant, not at the end of a word
# (there it is mostly the genitive of an "-ija" noun: "policije"); "je" after a consonant other than
# l and n (lj / nj are letters of their own). See [jat] in bcs_variants.toml.
_CONSONANT = "bcdfghjklmnprstvzx"
_JAT_LONG = re.compile(rf"(?<=[{_CONSONANT}])ije(?!$)")
_JAT_SHORT = re.compile(r"(?<=[bcdfghkmprstvzx])je")
MIN_JAT_WORD = 4
MIN_STEM_PREFIX = 5
# Enclitics (folded): short auxiliary and pronoun forms that stand second in a clause, so they fall between
# the words of a phrase ("vozio je pijan", "razbio mu je bravu") — a phrase's words may have a cluster of them between.
MAX_CLITICS = 2  # a cluster: "mu je", "ga je", "se je"
# Other words a phrase may hold between its words, in all: a story puts an object, a numeral or a time between a
# verb and what pins it ("ostavila dvoje male djece same", "čeka svaki dan ispred"; docs/retrieval.md).
PHRASE_GAP = 2
# The past auxiliary of the first and second person (folded): a lay phrase written as its teller says it ("dala sam mu
# na čuvanje") is met by a story of another person ("dala mu ga je na čuvanje"), whose auxiliary stands elsewhere or is
# a clitic the match skips. Inside a phrase only (not first, where "sam" is "himself": "sam se predao"; not last).
TELLERS_AUXILIARIES = frozenset({"sam", "si", "smo", "ste"})
# A phrase never reaches over these: the words of a clause boundary or a negation change what is said.
PHRASE_STOPS = frozenset(
    {
        "ne",
        "nije",
        "nisu",
        "nisam",
        "nismo",
        "niste",
        "nema",
        "i",
        "a",
        "ali",
        "ili",
        "pa",
        "nego",
        "vec",
        "da",
        "kad",
        "kada",
        "ako",
        "jer",
    }
)
CLITICS = frozenset(
    [
        "je",
        "su",
        "sam",
        "si",
        "smo",
        "ste",
        "bi",
        "bih",
        "bismo",
        "biste",
        "ce",
        "cu",
        "ces",
        "cemo",
        "cete",
        "se",
        "mu",
        "ga",
        "joj",
        "ju",
        "ih",
        "im",
        "me",
        "te",
        "mi",
        "ti",
        "nam",
        "vam",
        "li",
    ]
)


@dataclass(frozen=True)
class Expansion:
    """One addition to a question: which of its words triggered it, what was added, and from where."""

    source: str  # "thesaurus" | "derivation" | "variant"
    matched: str  # the question's words (folded) that triggered it
    adds: str  # the legal term added to the search
    # 1, or less where only a threatened or avoided act triggered it ("da mu ne zapali lokal": clauses.py)
    weight: float = 1.0

    @property
    def recognised(self) -> bool:
        """A legal term the vocabulary recognised the question's words as (thesaurus or derivation), not a spelling
        variant of a word: what the readings of a question's subject count as "the vocabulary recognised something"."""
        return self.source in ("thesaurus", "derivation", "named")

    def to_dict(self) -> dict[str, str]:
        out = {"source": self.source, "matched": self.matched, "adds": self.adds}
        if self.weight != 1.0:
            out["weight"] = f"{self.weight:g}"
        return out


@dataclass(frozen=True)
class PersonWords:
    """Who a story is about, as a lay phrase names it ([persons] of the thesaurus): the phrases were written as
    the victim tells the act ("čeka me ispred", "poslao moje gole slike"), an officer tells it of someone else
    ("čeka je ispred", "poslao njene gole slike"). A person word of a phrase is a slot any person word fills."""

    clitics: frozenset[str] = frozenset()  # "me", "ga", "joj": also met just before the phrase (second in a clause)
    words: frozenset[str] = frozenset()  # stressed pronouns and possessives, whole words: "njega", "naše"
    stems: tuple[str, ...] = ()  # possessives by their beginning: "moj" (moja, mojoj …), "njegov"

    @classmethod
    def of(cls, table: dict[str, Any], canonical: Callable[[str], str]) -> PersonWords:
        """The thesaurus's [persons] table, its words folded as a question's (none when there is no table)."""

        def folded(key: str) -> list[str]:
            return [canonical(fold(w)) for w in table.get(key, [])]

        return cls(frozenset(folded("clitics")), frozenset(folded("words")), tuple(folded("stems")))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and (
            word in self.clitics or word in self.words or (bool(self.stems) and word.startswith(self.stems))
        )


PERSON = ""  # a part's value for a person slot (no stem is empty)
CLITIC = "\x00"  # a person slot only a clitic fills: the phrase's clitic read before its first word
# The reflexive clitic of a phrase ("opirao se hapšenju", "predstavljao se kao"), read before its verb: BCS puts it
# second in its clause, so a story says "lik se opirao hapšenju", "on se predstavljao kao …"; only the word "se"
# fills it, right before the phrase's first word.
REFLEXIVE = "\x01"
REFLEXIVE_WORD = "se"
SLOTS = (PERSON, CLITIC, REFLEXIVE)
Part = tuple[str, bool]  # (stem or prefix, is_prefix); (PERSON, False), (CLITIC, False) are person slots


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: a set of found patterns stays cheap
class _Pattern:
    """A lay term: per word either a stem to equal, a prefix ("*") to start with, or a person slot (PERSON) any
    person word fills. Found as written, or (`moved`) with its clitic person before its first word: "čeka me
    ispred" is also "je čeka … ispred"."""

    parts: tuple[Part, ...]  # as written
    text: str
    persons: PersonWords = PersonWords()
    moved: tuple[Part, ...] | None = None  # the clitic person first, when the phrase has one not first

    @property
    def key_part(self) -> Part | None:
        """The first part that is a word (not a person slot): what the pattern is filed under."""
        return next((p for p in self.parts if p[0] not in SLOTS), None)

    def find(self, folded: list[str], stems: list[str]) -> bool:
        """Whether the words occur in order, each next to the one before or after a cluster of clitics: BCS puts
        its clitics second in a clause ("vozio je pijan", "razbio mu je bravu"), between the words of a phrase."""
        if not self.parts:
            return False
        orders = (self.parts,) if self.moved is None else (self.parts, self.moved)
        return any(
            self._rest(parts, folded, stems, 0, start, PHRASE_GAP)
            for parts in orders
            for start in range(len(folded) - len(parts) + 1)
        )

    def _matches(self, word: str, stem: str, part: Part) -> bool:
        value, is_prefix = part
        if value == CLITIC:
            return word in self.persons.clitics
        if value == REFLEXIVE:
            return word == REFLEXIVE_WORD
        return word in self.persons if value == PERSON else _word_matches(word, stem, value, is_prefix)

    def _rest(self, parts: tuple[Part, ...], folded: list[str], stems: list[str], i: int, at: int, gap: int) -> bool:
        """Whether parts[i:] occur from `at`: the first right there, each next one after at most a cluster of
        clitics and `gap` other words left for the whole phrase (an object between a verb and what it pins:
        "oteli momku mobitel" is "oteli … mobitel")."""
        if i == len(parts):
            return True
        if i == 0:
            return (
                at < len(folded)
                and self._matches(folded[at], stems[at], parts[0])
                and self._rest(parts, folded, stems, 1, at + 1, gap)
            )
        skipped_clitics = skipped_words = 0
        room = 0 if parts[i - 1][0] in (CLITIC, REFLEXIVE) else gap  # a clitic stands right before its verb
        while at < len(folded):
            if self._matches(folded[at], stems[at], parts[i]) and self._rest(
                parts, folded, stems, i + 1, at + 1, gap - skipped_words
            ):
                return True
            if folded[at] in CLITICS and skipped_clitics < MAX_CLITICS:
                skipped_clitics += 1
            elif skipped_words < room and folded[at] not in PHRASE_STOPS:
                skipped_words += 1
            else:
                return False
            at += 1
        return False


class _PatternIndex:
    """Which patterns occur in a question, without trying every pattern at every word: patterns are
    filed under what their first word must be (its stem, or the first letters a prefix match needs; the first word
    that is not a person slot, which every match holds),
    so a question of n words tries only the few patterns that can start at each of them. Matching is
    `_Pattern.find`'s, unchanged — this only narrows the candidates (a linear scan over a thesaurus of
    a thousand lay terms was half of a search's time)."""

    KEY = 3  # letters of a prefix match used as its key

    def __init__(self, patterns: Iterable[_Pattern]) -> None:
        self._by_stem: dict[str, list[int]] = {}
        self._by_start: dict[str, list[int]] = {}
        self._always: list[int] = []  # prefixes shorter than KEY letters
        self.patterns = list(patterns)
        for i, p in enumerate(self.patterns):
            key = p.key_part
            if key is None:
                continue
            value, is_prefix = key
            if not is_prefix:
                self._by_stem.setdefault(value, []).append(i)
            if is_prefix or len(value) >= MIN_STEM_PREFIX:
                if len(value) >= self.KEY:
                    self._by_start.setdefault(value[: self.KEY], []).append(i)
                else:
                    self._always.append(i)

    def found(self, folded: list[str], stems: list[str]) -> set[_Pattern]:
        """The patterns that occur in the question."""
        candidates = set(self._always)
        for word, stem in zip(folded, stems):
            candidates.update(self._by_stem.get(stem, ()))
            candidates.update(self._by_start.get(word[: self.KEY], ()))
        return {self.patterns[i] for i in candidates if self.patterns[i].find(folded, stems)}


def _word_matches(word: str, stem: str, value: str, is_prefix: bool) -> bool:
    """A prefix pattern matches by prefix; a word by equal stems, or (Snowball leaves some
    inflections apart: "saobraćaj" → saobraca, "saobraćaja" → saobracaj) when a stem of at least
    MIN_STEM_PREFIX letters begins the word."""
    if is_prefix:
        return word.startswith(value)
    return stem == value or (len(value) >= MIN_STEM_PREFIX and word.startswith(value))


class TermMatcher:
    """Which of a list of terms (the thesaurus's format: words, "prefix*", phrases) occur in a text, and
    whether a text's stems contain a term — for lists other than the thesaurus (kinds of law's topics)."""

    def __init__(self, vocabulary: Vocabulary, terms: Iterable[str]) -> None:
        self._vocabulary = vocabulary
        self._patterns = {term: vocabulary._pattern(term) for term in dict.fromkeys(terms)}
        self._index = _PatternIndex(self._patterns.values())

    def found(self, text: str) -> list[str]:
        """The terms that occur in the text, in the order they were given."""
        folded = self._vocabulary.question_words(text)
        hits = self._index.found(folded, self._vocabulary.question_stems(folded))
        return [term for term, pattern in self._patterns.items() if pattern in hits]

    def within(self, term: str, stems: Collection[str]) -> bool:
        """Whether every word of `term` (three letters or more: not the "o" of "porez na imovinu") is among
        `stems` (an article's, as the tokenizer gives them), a prefix by any stem it begins — and a word, as in a
        question (`_word_matches`), also by a stem it begins when it has MIN_STEM_PREFIX letters or more: Snowball
        leaves some inflections apart ("saobraćaj" → saobraca, a title's "saobraćaja" → saobracaj)."""
        parts = [(value, is_prefix) for value, is_prefix in self._patterns[term].parts if len(value) >= 3]
        return bool(parts) and all(
            value in stems or ((is_prefix or len(value) >= MIN_STEM_PREFIX) and any(s.startswith(value) for s in stems))
            for value, is_prefix in parts
        )


@dataclass(frozen=True)
class MoneyReading:
    """How speech names money, read as one word where lay terms are matched (never in the index): the thesaurus
    writes "tražio novac" or "tražio pare", an officer "tražio 500 KM" — one act. A word of `forms` ("pare",
    "novca") and an amount (a number followed by a currency: "500 KM", "1.500 maraka") become `word`; a
    currency that also measures something else ("km" is kilometres too) counts only after a number and not
    before the words of a speed ("150 km/h", "90 km na sat")."""

    word: str = ""
    forms: frozenset[str] = frozenset()
    currencies: frozenset[str] = frozenset()  # money whatever stands before it: "maraka", "eura"
    after_number: frozenset[str] = frozenset()  # money only after a number: "km", "marke"
    not_before: tuple[tuple[str, ...], ...] = ()  # what makes an amount a measure: ("h",), ("na", "sat")

    @classmethod
    def of(cls, table: dict[str, Any]) -> MoneyReading:
        """The thesaurus's [money] table (an empty reading when there is none)."""

        return cls(
            fold(str(table.get("word", ""))),
            word_set(table, "forms"),
            word_set(table, "currencies"),
            word_set(table, "after_number"),
            tuple(tuple(words(w)) for w in table.get("not_before", [])),
        )

    def read(self, folded: list[str]) -> list[str]:
        """`folded` words with money as one word: the currency of an amount replaces it, its digits dropped."""
        if not self.word:
            return folded
        out: list[str] = []
        for n, w in enumerate(folded):
            if self._currency_at(folded, n):
                while out and out[-1].isdigit():
                    out.pop()
                out.append(self.word)
            elif w in self.forms:
                out.append(self.word)
            else:
                out.append(w)
        return out

    def marks(self, folded: list[str]) -> set[int]:
        """The positions of `folded` that name money as `read` reads them: a word of `forms`, a currency, or a
        currency that also measures something else after a number (not before the words of a speed)."""
        if not self.word:
            return set()
        return {n for n, w in enumerate(folded) if w in self.forms or self._currency_at(folded, n)}

    def _currency_at(self, folded: list[str], n: int) -> bool:
        """Whether `folded[n]` is the currency of an amount: one that is money whatever stands before it, or one that
        also measures something else after a number and not before the words of a speed."""
        w = folded[n]
        return w in self.currencies or (
            w in self.after_number and n > 0 and folded[n - 1].isdigit() and not self._measure(folded, n + 1)
        )

    def _measure(self, folded: list[str], at: int) -> bool:
        return any(tuple(folded[at : at + len(words_)]) == words_ for words_ in self.not_before)


class StoryPhrase(Protocol):
    """A story told by its parts that, where `reads` finds them, is said as one entry's own phrase (`word`): a payment
    with nothing for it ("platio a nije dobio"), a payment collected that was not owed ("naplatio nešto što ne")."""

    @property
    def word(self) -> str: ...

    def reads(self, text: str) -> bool: ...


class Vocabulary:
    """Variant canonicalisation (both sides) and question expansion (derivation, thesaurus)."""

    def __init__(
        self,
        stem: Stem,
        variants: dict[str, Any],
        derivation: dict[str, Any],
        thesaurus: dict[str, Any],
        fingerprint: str = "",
    ) -> None:
        self._raw_stem = stem
        self.fingerprint = fingerprint
        self._money = MoneyReading.of(thesaurus.get("money", {}))
        # a future offence said to someone is a threat: read as this word of threatening too ([threat])
        self._threat_word = str(thesaurus.get("threat", {}).get("word", ""))
        # money demanded so that a harm is not done is extortion: read as this word of extortion too ([demand])
        self._demand_word = str(thesaurus.get("demand", {}).get("word", ""))
        # a threat to make something known, for money ("traži 2000 KM, inače će ženi reći …"): blackmail ([disclosure])
        self._disclosure = DisclosureThreat.of(thesaurus.get("disclosure", {}))
        # a thing said to be false after it is named ("… vozačku, vidi se da je lažna"): read as "lažna vozačka"
        self._falsity = FalsityPredicates.of(thesaurus.get("falsity", {}))
        # offences the codes define as two acts together (robbery: a taking by force), read when a story tells both
        self._compositions = [Composition.of(table) for table in thesaurus.get("compose", [])]
        # an act reported and then said to be otherwise ("prijavio da …, a ispostavilo se …"): a false report
        self._report = ReportReading.of(thesaurus.get("report", {}))
        # a call in which the caller claims something, then money handed over ("zvao neko da je unuk …, dala kuriru"):
        # what he said is his account, not an act of the story; the story is a fraud
        self._call = CallClaim.of(thesaurus.get("call", {}))
        # stories said as an entry's own phrase: a payment and then nothing for it ("uplatio 800 KM i ništa nije
        # dobio": the fraud's phrase), a payment collected and then said not to be owed ("naplaćuje taksu koju niko
        # nije dužan platiti": the unlawful collection's)
        self._story_phrases: tuple[StoryPhrase, ...] = (
            UnreceivedPayment.of(thesaurus.get("payment", {})),
            UnowedCollection.of(thesaurus.get("collection", {})),
            # a witness named and, later in his clause, that he lied ("svjedok na sudu … lagao"): false testimony
            FalseTestimony.of(thesaurus.get("testimony", {})),
            # migrants named with the border, a vehicle or their carrying ("na prelazu u kamionu … 12 migranata"):
            # the smuggling of people
            CarriedMigrants.of(thesaurus.get("migrants", {})),
        )
        # goods not declared where customs or the border is named ("… ništa nije prijavio na carini"): smuggling too
        self._customs = UndeclaredGoods.of(thesaurus.get("customs", {}))
        jat = variants.get("jat", {})
        self._jat_exceptions = frozenset(fold(w) for w in jat.get("exceptions", []))
        self._jat_forms = {fold(k): fold(v) for k, v in jat.get("forms", {}).items()}
        self.canonical_word = lru_cache(maxsize=200_000)(self._canonical_word)
        self._persons = PersonWords.of(thesaurus.get("persons", {}), self.canonical_word)
        # a verb of striking whose object is a vehicle or a thing of the road ("udario u auto"): a collision, no blow
        self._struck = StruckThings.of(thesaurus.get("collision", {}), self.canonical_word)
        # Exact pairs: every stem of a line → the stem of its first word (after the jat rule).
        self._stem_map: dict[str, str] = {}
        for line in variants.get("pairs", {}).get("lines", []):
            stems = [self._stem_of_term(w) for w in line]
            for s in stems[1:]:
                if s and s != stems[0]:
                    self._stem_map.setdefault(s, stems[0])
        # Query-only pairs: matched both ways, the other side added.
        self._query_pairs: list[tuple[_Pattern, str]] = []
        for line in variants.get("query_pairs", {}).get("lines", []):
            for i, term in enumerate(line):
                others = [t for j, t in enumerate(line) if j != i]
                self._query_pairs += [(self._pattern(term), o) for o in others]
        self._prefixes = sorted({fold(p) for p in derivation.get("prefixes", [""])} | {""}, key=len, reverse=True)
        self._suffixes = sorted({fold(s) for s in derivation.get("suffixes", [])}, key=len, reverse=True)
        self._roots: dict[str, list[str]] = {}
        for nouns, roots in derivation.get("roots", {}).items():
            for root in roots:
                r = fold(root)
                if len(r) >= 3:  # each variant ("ubistvo | ubojstvo") a term of its own
                    self._roots.setdefault(r, []).extend(n.strip() for n in nouns.split("|") if n.strip())
        self._thesaurus: list[tuple[list[_Pattern], list[str]]] = [
            ([self._pattern(t) for t in entry.get("lay", [])], list(entry.get("legal", [])))
            for entry in thesaurus.get("entry", [])
        ]
        self._thesaurus_index = _PatternIndex(p for patterns, _ in self._thesaurus for p in patterns)
        self._query_pairs_index = _PatternIndex(p for p, _ in self._query_pairs)

    def claims(self) -> list[Claim]:
        """The thesaurus's phrases that lie in a different act's phrase (`ambiguity.claims`, as matched): the audit
        of tests/test_thesaurus_ambiguity.py."""
        return claims(self._entries())

    def ambiguous_starts(self) -> list[str]:
        """ "phrase | its entry's first legal term" of every phrase of two words or more that starts a different act's
        phrase (`ambiguity.starts_of_other_acts`): the reviewed list's lines."""
        return sorted(
            {f"{self.lay_phrase(e, k)} | {self.legal_of(e)[0]}" for e, k in starts_of_other_acts(self._entries())}
        )

    def _entries(self) -> list[tuple[list[Phrase], list[str]]]:
        """Each thesaurus entry as the ambiguity audit reads it: its phrases' words, its legal terms (folded)."""
        return [([p.parts for p in patterns], [fold(t) for t in legal]) for patterns, legal in self._thesaurus]

    def lay_phrase(self, entry: int, phrase: int) -> str:
        """A lay phrase of the thesaurus as written (entry and phrase by index, as `claims` names them)."""
        return self._thesaurus[entry][0][phrase].text

    def acts(self) -> list[str]:
        """Every legal term of the thesaurus once (what the vocabulary names acts and institutions by)."""
        return list(dict.fromkeys(t for _, legal in self._thesaurus for t in legal))

    def legal_of(self, entry: int) -> list[str]:
        """An entry's legal terms."""
        return list(self._thesaurus[entry][1])

    @property
    def money(self) -> MoneyReading:
        """How this vocabulary reads money in a question (the thesaurus's [money] table)."""
        return self._money

    # --- loading ------------------------------------------------------------------------------

    @classmethod
    def load(cls, stem: Stem, thesaurus: Path | None = None, data_dir: Path = DATA_DIR) -> Vocabulary:
        """The data files (missing ones count as empty); `thesaurus` overrides retrieval/language/data/thesaurus.toml."""
        variants_text = _read(data_dir / VARIANTS_FILE)
        return cls(
            stem,
            tomllib.loads(variants_text),
            tomllib.loads(_read(data_dir / DERIVATION_FILE)),
            tomllib.loads(_read(thesaurus or data_dir / THESAURUS_FILE)),
            fingerprint=variants_fingerprint(data_dir),
        )

    # --- both sides ---------------------------------------------------------------------------

    def _canonical_word(self, word: str) -> str:
        """A folded word in its ekavian form (the jat rule of bcs_variants.toml, with its exceptions)."""
        if word in self._jat_forms:
            return self._jat_forms[word]
        if len(word) < MIN_JAT_WORD or word in self._jat_exceptions:
            return word
        return _JAT_SHORT.sub("e", _JAT_LONG.sub("e", word))

    def canonical_stem(self, stem: str) -> str:
        """The stem of a variant word → the stem of its line's first word ("obitelj" → porodic)."""
        return self._stem_map.get(stem, stem)

    def _stem_of_term(self, word: str) -> str:
        found = words(word)
        return self._raw_stem(self.canonical_word(found[0])) if len(found) == 1 else ""

    def _pattern(self, term: str) -> _Pattern:
        parts: list[Part] = []
        pieces = term.split()
        if not any(raw.endswith("*") for raw in pieces):  # a lay term's "pare", "50 KM" read as a question's ([money])
            pieces = self._money.read(words(term))
        clitic_at: int | None = None
        if len(pieces) > 2:  # the teller's auxiliary inside a phrase stands for any person's
            inner = [p for p in pieces[1:-1] if fold(p) not in TELLERS_AUXILIARIES]
            pieces = [pieces[0], *inner, pieces[-1]]
        for raw in pieces:
            is_prefix = raw.endswith("*")
            found = words(raw.rstrip("*"))
            for w in found:
                w = self.canonical_word(w)
                if len(pieces) > 1 and not is_prefix and w in self._persons:  # a phrase's person: any person
                    if clitic_at is None and w in self._persons.clitics and parts:
                        clitic_at = len(parts)  # the clitic not first: also read before the first word
                    parts.append((PERSON, False))
                else:
                    parts.append((w, True) if is_prefix else (self.canonical_stem(self._raw_stem(w)), False))
        moved = None if clitic_at is None else ((CLITIC, False), *parts[:clitic_at], *parts[clitic_at + 1 :])
        if moved is None and len(pieces) > 2 and not is_prefix:
            # "opirao se hapšenju" is also "se opirao hapšenju": the reflexive clitic second in its clause
            reflexive = self.canonical_stem(self._raw_stem(REFLEXIVE_WORD))
            at = next((n for n, p in enumerate(parts) if n > 0 and p == (reflexive, False)), None)
            if at is not None and all(not prefix for _, prefix in parts):
                moved = ((REFLEXIVE, False), *parts[:at], *parts[at + 1 :])
        return _Pattern(tuple(parts), term, self._persons, moved)

    def matcher(self, terms: Iterable[str]) -> TermMatcher:
        """A `TermMatcher` for these terms, matched as this vocabulary matches lay terms."""
        return TermMatcher(self, terms)

    # --- questions only -----------------------------------------------------------------------

    def expand(self, text: str) -> list[Expansion]:
        """What the thesaurus, the derivation table and the query-only variant pairs add to a question.

        A term that only a clause of a threatened or avoided act triggers ("traži pare da mu ne zapali lokal":
        clauses.py) weighs `UNREALISED_WEIGHT`: the story's act is what was done, not what was threatened. So does a
        term that only a reported act the story then belies triggers ("prijavio da mu je ukraden auto, a ispostavilo
        se da ga je sam prodao": reports.py), and the story reads as the [report] word (a false report) too."""
        out = self._called(text, self._expand_clauses(text))
        belied = self._report.without(text)
        if belied is None:
            return out
        return self._told_only(out, belied, self._report.word)

    def _called(self, text: str, out: list[Expansion]) -> list[Expansion]:
        """`out` where a caller's claim is followed by money handed over ([call]: "zvao neko da je unuk udario dijete
        …, dala kuriru 3000 KM"; calls.py): a term that only the claim triggers weighs as an unrealised act's, and the
        story reads as the [call] word (the fraud entry's own) too."""
        told = self._call.without(text, bool(self._money.marks(words(text))))
        if told is None:
            return out
        return self._told_only(out, told, self._call.word)

    def _told_only(self, out: list[Expansion], done_text: str, word: str) -> list[Expansion]:
        """`out` with a term the story's `done_text` (what was really done) does not trigger weighed as an unrealised
        act's, and the story read as the offence's own `word` too (a false report, a fraud by a claimed call)."""
        done = {e.adds for e in self._expand_clauses(done_text)}
        out = [e if e.adds in done else replace(e, weight=min(e.weight, UNREALISED_WEIGHT)) for e in out]
        offence = [Expansion(e.source, word, e.adds) for e in self._expand_text(word)]
        said = {e.adds for e in offence}
        return [e for e in out if e.adds not in said] + offence

    def _expand_clauses(self, text: str) -> list[Expansion]:
        """`expand` without the reading of a belied report."""
        out = self._expand_story(text)
        reduced = without_unrealised(text)
        if reduced is None:
            return out
        done = {e.adds for e in self._expand_story(reduced)}
        out = [e if e.adds in done else replace(e, weight=UNREALISED_WEIGHT) for e in out]
        if self._demand_word and self._buys_off(text, reduced):
            # "traže 500 KM da mu ne razbiju lokal": the money buys off the harm the clause names — a demand under threat
            demand = [
                Expansion(e.source, fold(self._demand_word), e.adds) for e in self._expand_text(self._demand_word)
            ]
            said = {e.adds for e in demand}
            out = [e for e in out if e.adds not in said or e.weight == 1.0]
            # a phrase ending at the clause's "da" ("tražio novac da …") read it as a purpose bought (a bribe's): here
            # that "da" opens the harm bought off, so what only such a phrase adds weighs as the clause does
            out = [replace(e, weight=UNREALISED_WEIGHT) if e.matched.split()[-1:] == ["da"] else e for e in out]
            known = {e.adds for e in out}
            out += [e for e in demand if e.adds not in known]
        # the money or the payment is named outside the threatened clauses: what is asked for, not what will be done
        outside = words(reduced)
        disclosed = self._disclosure.reads(text, outside, bool(self._money.marks(outside)))
        if disclosed:
            # "traži 3000 KM … da će ženi reći …": the threat is to make something known, for money — blackmail
            blackmail = [
                Expansion(e.source, fold(self._disclosure.word), e.adds)
                for e in self._expand_text(self._disclosure.word)
            ]
            said = {e.adds for e in blackmail}
            out = [e for e in out if e.adds not in said] + blackmail
        threat = self._disclosure.other_threats(text) if disclosed else threatens(text)
        if self._threat_word and threat and any(e.weight < 1.0 for e in out):
            # "rekao mu da će ga zaklati": the act done is the threat, whatever verb of saying told it
            known = {e.adds for e in out}
            out += [
                Expansion(e.source, fold(self._threat_word), e.adds)
                for e in self._expand_text(self._threat_word)
                if e.adds not in known
            ]
        return out

    def _expand_story(self, text: str) -> list[Expansion]:
        """`_expand_text` with what a story says by its parts: a thing said to be false, a payment with nothing for it,
        a payment collected that was not owed, goods not declared at customs or the border, two acts that make one; and
        without what a verb of striking alone adds where its object is a thing ("udario u auto": a collision, no blow;
        collisions.py)."""
        out = self._undeclared(text, self._collided(text, self._expand_text(text))) + self._predicated(text)
        for story in self._story_phrases:
            known = {e.adds for e in out}
            out += [e for e in self._said_as(story, text) if e.adds not in known]
        return self._composed(text, out)

    def _undeclared(self, text: str, out: list[Expansion]) -> list[Expansion]:
        """`out` with what goods not declared at customs or the border add ([customs]: "… na prelazu, ništa nije
        prijavio" reads as the smuggling entry's "mimo carine"; customs.py). Read so, the declaring words are the
        customs declaration: what other phrases of those words add ("nije prijavljen", a worker) is not read; a phrase of
        the smuggling itself ("nije prijavio robu") keeps all it adds."""
        if not self._customs.reads(text):
            return out
        customs = [Expansion(e.source, fold(self._customs.word), e.adds) for e in self._expand_text(self._customs.word)]
        said = {e.adds for e in customs}
        # a phrase of the smuggling itself ("nije prijavio robu") is no other reading of the declaring words
        smuggling = {e.matched for e in out if e.adds in said}

        def declares(e: Expansion) -> bool:
            return (
                e.source == "thesaurus"
                and e.matched not in smuggling
                and any(map(self._customs.declaring, e.matched.split()))
            )

        return [e for e in out if e.adds not in said and not declares(e)] + customs

    def _composed(self, text: str, out: list[Expansion]) -> list[Expansion]:
        """`out` with what each [[compose]] whose parts the story tells adds ("… sa pištoljem … uzeli pazar": a taking
        by a weapon's means reads as robbery too; composed.py). Each part keeps its own terms, except a part the
        composition `supersedes`: the phrases that told it add only what the composition makes. A composition whose
        terms the story already reads changes nothing, unless it reads `where_read` (a breaking gives way to the
        burglary it was the means of, whether or not a burglary phrase told it too)."""
        added = {e.adds for e in out}
        read: list[Composition] = []
        for composition in self._compositions:
            if set(composition.legal) <= added and not composition.where_read:
                continue  # the story already reads what the parts make: nothing to add, nothing to take away
            if composition.reads(text, added, lambda w: [e.adds for e in self._expand_text(w)], out):
                read.append(composition)
                added |= set(composition.legal)
        superseded = {phrase for composition in read for phrase in composition.superseded(out)}
        kept = [e for e in out if e.matched not in superseded]
        have = {e.adds for e in kept}
        for composition in read:
            kept += [Expansion("thesaurus", composition.name, t) for t in composition.legal if t not in have]
            have |= set(composition.legal)
        return kept

    def _collided(self, text: str, out: list[Expansion]) -> list[Expansion]:
        """`out` without what only a verb of striking adds, matched alone, where that verb's object is a vehicle, a
        part of one or a thing of the road ([collision]: "pa mu je ovaj udario u auto" reads no bodily harm); what the
        story adds with those verbs read as no words at all is kept, and so is every phrase ("udario auto" is the
        crash entry's own)."""
        collided = self._struck.without(text, self.canonical_word)
        if collided is None:
            return out
        kept = {e.adds for e in self._expand_text(collided)}
        return [e for e in out if e.adds in kept or self.canonical_word(e.matched) not in self._struck.verbs]

    def _said_as(self, story: StoryPhrase, text: str) -> list[Expansion]:
        """What `text` adds as `story`'s phrase where it tells that story by its parts (payments.py), else nothing."""
        if not story.reads(text):
            return []
        word = fold(story.word)
        return [Expansion(e.source, word, e.adds) for e in self._expand_text(story.word)]

    def _predicated(self, text: str) -> list[Expansion]:
        """What a thing said to be false after it is named adds ([falsity]: "ima vozačku …, vidi se da je lažna" reads
        the phrase "lažna vozačka"): only phrases of two words, the adjective and that thing."""

        def phrase(read: str) -> list[Expansion]:
            return [e for e in self._expand_text(read) if e.source == "thesaurus" and len(e.matched.split()) == 2]

        seen: set[str] = set()
        out: list[Expansion] = []
        for read in self._falsity.pairs(text, lambda r: bool(phrase(r))):
            for e in phrase(read):
                if e.adds not in seen:
                    seen.add(e.adds)
                    out.append(e)
        return out

    def _buys_off(self, text: str, reduced: str) -> bool:
        """Money named outside the clauses of `text` and an avoided clause whose own words tell an act the entries
        recognise ("… 500 KM da mu ne razbiju lokal"): the money buys off that harm ([demand]). A phrase written with a
        "da" ("da ga ne kaznim", an official's act bought) tells a purpose, no harm, and does not count."""
        if not self._money.marks(words(reduced)):
            return False
        return any(
            e.source == "thesaurus" and "da" not in e.matched.split()
            for clause in avoided(text)
            for e in self._expand_text(clause)
        )

    def _expand_text(self, text: str) -> list[Expansion]:
        """`expand` without the reading of clauses.

        Spoken BCS contracts the masculine past participle -ao to -o ("ukro" for ukrao, "pretuko" for
        pretukao, "reko" for rekao); a word of four letters or more that ends in a consonant + o is
        also read in its -ao form, which adds something only where the vocabulary knows that form. The
        participles in -eo contract the same way ("uzo" for uzeo, "dovo" for doveo, "oto" for oteo): a word of
        three letters or more so ending is also read in its -eo form, by the same rule."""
        folded = self.question_words(text)
        out = self._expand_words(folded)
        for uncontracted in (_uncontracted, _uncontracted_eo):
            if not any(uncontracted(w) != w for w in folded):
                continue
            known = {e.adds for e in out}
            spoken = {uncontracted(w): w for w in folded}
            out += [
                Expansion(e.source, " ".join(spoken.get(w, w) for w in e.matched.split()), e.adds)
                for e in self._expand_words([uncontracted(w) for w in folded])
                if e.adds not in known
            ]
        return out

    def question_words(self, text: str) -> list[str]:
        """A question's words as lay terms are matched: folded, in their canonical variant, money and an amount
        of money read as one word ([money] of the thesaurus: "500 KM", "pare" and "novac" are one thing)."""
        return [self.canonical_word(w) for w in self._money.read(words(text))]

    def question_stems(self, folded: list[str]) -> list[str]:
        """The canonical stem of each of `question_words`."""
        return [self.canonical_stem(self._raw_stem(w)) for w in folded]

    def _expand_words(self, folded: list[str]) -> list[Expansion]:
        stems = self.question_stems(folded)
        out: list[Expansion] = []
        seen: set[str] = set()

        def add(source: str, matched: str, term: str) -> None:
            key = fold(term)
            if key not in seen:
                seen.add(key)
                out.append(Expansion(source, matched, term))

        found = self._thesaurus_index.found(folded, stems)
        for patterns, legal in self._thesaurus:
            hit = next((p for p in patterns if p in found), None)
            if hit is not None:
                for term in legal:
                    add("thesaurus", fold(hit.text), term)
        for word in folded:
            for noun in self.derive(word):
                add("derivation", word, noun)
        found = self._query_pairs_index.found(folded, stems)
        for pattern, other in self._query_pairs:
            if pattern in found:
                add("variant", fold(pattern.text), other)
        return out

    def derive(self, word: str) -> list[str]:
        """Offence nouns a verb form belongs to: word = prefix + root + suffix (derivation.toml)."""
        found: list[str] = []
        for prefix in self._prefixes:
            if not word.startswith(prefix):
                continue
            rest = word[len(prefix) :]
            for suffix in self._suffixes:
                if rest.endswith(suffix) and len(rest) > len(suffix):
                    for noun in self._roots.get(rest[: len(rest) - len(suffix)], ()):
                        if noun not in found:
                            found.append(noun)
        return found


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ""


KINDS_FILE = "law_kinds.toml"
FOLLOWUPS_FILE = "followups.toml"  # read by retrieval/language/followups.py
THREADS_FILE = "threads.toml"  # read by retrieval/search/thread_reading.py
SHIPPED_FILES = (VARIANTS_FILE, DERIVATION_FILE, THESAURUS_FILE, KINDS_FILE, FOLLOWUPS_FILE, THREADS_FILE)


def missing_files(data_dir: Path = DATA_DIR) -> list[Path]:
    """The shipped data files absent from `data_dir`: without them search runs with no vocabulary, no
    kinds of law or no reading of threads, so the CLI and the bot refuse to start instead (a broken install)."""
    return [data_dir / name for name in SHIPPED_FILES if not (data_dir / name).is_file()]


def variants_fingerprint(data_dir: Path = DATA_DIR) -> str:
    """Identifies the variant rules the index was tokenised with (they change document tokens)."""
    return hashlib.sha256(_read(data_dir / VARIANTS_FILE).encode("utf-8")).hexdigest()[:16]


def legal_terms(expansions: Iterable[Expansion]) -> list[str]:
    return [e.adds for e in expansions]


def weighted_terms(expansions: Iterable[Expansion]) -> list[tuple[str, float]]:
    """Each added legal term once, with the highest weight any of its expansions gives it."""
    best: dict[str, float] = {}
    for e in expansions:
        best[e.adds] = max(best.get(e.adds, 0.0), e.weight)
    return list(best.items())


def question_vocabulary(settings: object, tokenizer: object) -> Vocabulary | None:
    """The vocabulary that expands questions for this index: the tokenizer's BCS knowledge with the
    configured thesaurus (KODEKS_THESAURUS), or None (another language, or KODEKS_VOCABULARY=false)."""
    if not getattr(settings, "vocabulary", True) or getattr(tokenizer, "vocabulary", None) is None:
        return None
    return bcs_vocabulary(thesaurus=getattr(settings, "thesaurus", None))


def bcs_vocabulary(stem: object = None, thesaurus: Path | None = None) -> Vocabulary:
    """The shipped BCS vocabulary over the Serbian Snowball stemmer (cached per data and thesaurus file)."""
    return _bcs_vocabulary(variants_fingerprint(), thesaurus)


@lru_cache(maxsize=8)
def _bcs_vocabulary(fingerprint: str, thesaurus: Path | None) -> Vocabulary:
    import Stemmer

    stem = lru_cache(maxsize=200_000)(Stemmer.Stemmer("serbian").stemWord)
    return Vocabulary.load(stem, thesaurus=thesaurus)


_SPOKEN_KAO = "ko"  # spoken "ko" for "kao" (also "who": read only where a phrase has "kao")
_CONTRACTED = re.compile(r"^\w{2,}[bcdfghjklmnprstvzčćđšž]o$")


def _uncontracted(word: str) -> str:
    """ "ukro" → "ukrao": the -ao past participle a spoken -o stands for (other words unchanged); "ko" → "kao", the
    same contraction of the comparison's word ("predstavljao se ko policajac")."""
    if word == _SPOKEN_KAO:
        return "kao"
    return word[:-1] + "ao" if _CONTRACTED.match(word) else word


_CONTRACTED_EO = re.compile(r"^\w+[bcdfghjklmnprstvzčćđšž]o$")


def _uncontracted_eo(word: str) -> str:
    """ "uzo" → "uzeo": the -eo past participle a spoken -o stands for (other words unchanged)."""
    return word[:-1] + "eo" if _CONTRACTED_EO.match(word) else word
