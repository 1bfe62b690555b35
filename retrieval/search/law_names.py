"""Law names the way officers write them: "Ustava", "zakona o PDV", "Устав", "KZ" (which one?).

Every loaded law is known by aliases built from its short name ("KZ FBiH"), its full title
("Zakon o porezu na dodanu vrijednost"), the title without its jurisdiction ("Krivični zakon" of
"Krivični zakon Federacije BiH"), acronyms of the title's tail ("zakon o PDV", "ZPDV") and configured
aliases (KODEKS_LAW_ALIASES, `aliases = [...]` in laws.toml). Text is matched in folded form (Latin, no
diacritics, lower case: `normalize.fold`), word by word, tolerating inflection (Ustav/Ustava/Ustavu,
zakon/zakona) and accepting a unique prefix of a name ("KZ" of "KZ FBiH"). A name that fits several
laws equally well is returned with all of them, so the caller can ask which one was meant instead of
guessing; a jurisdiction right after a name ("KZ RS", "Krivični zakon Republike Srpske") narrows it.

Why not a stemmer: Snowball stems law words well but also stems acronyms and names ("BiH", "PDV"),
and the matching here needs "same word up to an ending", which a common-prefix rule states directly.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from retrieval.jurisdictions import find as find_jurisdiction
from retrieval.language.normalize import fold
from retrieval.search.law_kinds import LawKind, exclusive_level, kinds_of, label_of, load_kinds

# Words that never identify a law on their own (a name must contain at least one other word).
_STOPWORDS = frozenset(["o", "na", "i", "u", "za", "od", "sa", "s", "po", "pri", "iz", "kod", "the", "of", "and", "on"])
_GENERIC = ("zakon", "zakonik")
# Case endings of BCS nouns and adjectives (what may differ between two forms of one word).
_ENDINGS = frozenset(
    [
        "a",
        "e",
        "i",
        "o",
        "u",
        "om",
        "em",
        "im",
        "ih",
        "ima",
        "ama",
        "og",
        "oga",
        "oj",
        "ome",
        "omu",
        "ovi",
        "ova",
        "ove",
        "ja",
        "je",
        "ji",
        "ju",
    ]
) | {""}
# BiH jurisdictions by code, with the names people use for them (base forms; inflection is tolerated).
JURISDICTION_NAMES: dict[str, tuple[str, ...]] = {
    "bih": ("bih", "bosna i hercegovina", "bosna hercegovina"),
    "fbih": ("fbih", "federacija bih", "federacija bosne i hercegovine", "federacija"),
    "rs": ("rs", "republika srpska"),
    "bd": ("bd", "bdbih", "brcko distrikt bih", "brcko distrikt", "brcko"),
    "ks": ("ks", "kanton sarajevo"),
}
# Priorities of alias kinds: a configured alias beats a law's own names, which beat derived acronyms,
# which beat the names of its kind ("zakon o saobraćaju": law_kinds.py).
CONFIGURED, NAME, DERIVED, KIND = 3, 2, 1, 0

_TOKEN = re.compile(r"[^\W_]+(?:-(?:a|u|om|em|e|i|ima|ovi|ova))?")
_PARENTHETICAL = re.compile(r"\([^)]*\)")


@dataclass(frozen=True)
class Token:
    word: str
    start: int
    end: int


def tokens(folded: str) -> list[Token]:
    """Word tokens of folded text with their spans; "kz-a" / "pdv-u" lose the case ending."""
    return [Token(m.group(0).split("-")[0], m.start(), m.end()) for m in _TOKEN.finditer(folded)]


def same_word(typed: str, known: str) -> bool:
    """Equal up to a case ending: ustav ~ ustava ~ ustavu, porezu ~ porez, zakon ~ zakona (not zakonik,
    not ustavni). Short words (acronyms such as KZ, PDV, BiH; prepositions) must match exactly."""
    if typed == known:
        return True
    if len(typed) < 4 or len(known) < 4 or typed.isdigit() or known.isdigit():
        return False
    common = 0
    for a, b in zip(typed, known):
        if a != b:
            break
        common += 1
    return common >= 3 and typed[common:] in _ENDINGS and known[common:] in _ENDINGS


# The same law word in the standard variants of BCS (Bosnian/Serbian vs Croatian usage; ekavian vs
# ijekavian): "Kazneni zakon" is the Croatian name of the "Krivični zakon". Language facts, not per-law
# rules. A "zakonik" (code) is near a "zakon" but not the same: it only ever makes a weaker match.
_VARIANT_STEMS = (
    ("kaznen", "krivicn"),
    ("odvjetnistv", "advokatur"),
    ("sigurnost", "bezbjednost"),
    ("zakonik", "zakon"),
)


def _variant(word: str, near: bool = True) -> str:
    for stem, common in _VARIANT_STEMS:
        if word.startswith(stem) and (near or stem != "zakonik"):
            word = common + word[len(stem) :]
            break
    return word.replace("ije", "e").replace("je", "e")  # ijekavian → ekavian


def word_score(typed: str, known: str) -> int:
    """2 = the same word up to its ending and variant ("kaznenog" for "krivični", "bezbednosti" for
    "bezbjednosti"), 1 = a near word ("zakon" for "zakonik"), 0 = another word."""
    if same_word(typed, known):
        return 2
    if len(typed) < 4 or len(known) < 4:
        return 0
    if same_word(_variant(typed, near=False), _variant(known, near=False)):
        return 2
    return 1 if same_word(_variant(typed), _variant(known)) else 0


@functools.lru_cache(maxsize=4096)
def _is_generic(word: str) -> bool:
    return word in _STOPWORDS or any(same_word(word, g) for g in _GENERIC) or _is_jurisdiction_word(word)


def _is_jurisdiction_word(word: str) -> bool:
    return any(
        word == code or any(same_word(word, w) for n in names for w in n.split())
        for code, names in JURISDICTION_NAMES.items()
    )


def jurisdiction_code(jurisdiction: str) -> str:
    """ "FBiH" → "fbih", "Republika Srpska" → "rs"; unknown ones folded as they are."""
    folded = fold(jurisdiction)
    for code, names in JURISDICTION_NAMES.items():
        if folded == code or folded in names:
            return code
    return folded.replace(" ", "")


def _acronym(words: list[str]) -> str:
    content = [w for w in words if w not in _STOPWORDS]
    return "".join(w[0] for w in content) if len(content) >= 2 else ""


def _strip_jurisdiction(words: list[str]) -> list[str]:
    """ "krivicni zakon federacije bih" → "krivicni zakon" (the jurisdiction is matched separately)."""
    longest = 0
    for names in JURISDICTION_NAMES.values():
        for name in names:
            tail = name.split()
            n = len(tail)
            if len(words) > n > longest and all(same_word(w, t) for w, t in zip(words[-n:], tail)):
                longest = n
    return words[: len(words) - longest]


@dataclass(frozen=True)
class LawName:
    """What naming a law can use: its short name, full title and jurisdiction."""

    law: str
    title: str = ""
    jurisdiction: str = ""


@dataclass(frozen=True)
class Alias:
    law: str
    words: tuple[str, ...]
    priority: int
    whole_only: bool  # a title matches by prefix only from two words on
    kind: bool = False  # a name of the law's kind ("zakon o saobraćaju"): matches whole only


@dataclass(frozen=True)
class NameMatch:
    """A law name found in folded text: its span, and every law it fits (one = resolved)."""

    start: int
    end: int
    laws: tuple[str, ...]
    text: str
    unsure: bool = False  # a jurisdiction was named that none of `laws` has ("Ustav FBiH" with only Ustav BiH)
    kind_laws: tuple[str, ...] = ()  # the text is also the name of a kind of law: every loaded law of that kind
    asked: str = ""  # with `unsure`: the jurisdiction named, as a canonical code ("RS" of "KZ RS")
    named_words: int = 0  # with `unsure`: how many words of the match are the name before that jurisdiction

    @property
    def law(self) -> str | None:
        """The one law meant, or None when the caller must ask which."""
        return self.laws[0] if len(self.laws) == 1 and not self.unsure else None


def build_aliases(law: LawName, extra: Iterable[str] = (), kind_names: Iterable[str] = ()) -> list[Alias]:
    """Every alias of one law (folded word sequences); `kind_names` are the names of its kinds
    (law_kinds.py), weaker than its own names and matched only whole."""
    out: dict[tuple[str, ...], Alias] = {}

    def add(words: list[str], priority: int, whole_only: bool, kind: bool = False) -> None:
        key = tuple(words)
        if key and (key not in out or out[key].priority < priority):
            out[key] = Alias(law.law, key, priority, whole_only, kind)

    name_words = [t.word for t in tokens(fold(law.law))]
    add(name_words, NAME, False)
    if law.title:
        title_words = [t.word for t in tokens(fold(_PARENTHETICAL.sub(" ", law.title)))]
        core = _strip_jurisdiction(title_words)
        add(title_words, NAME, True)
        add(core, NAME, True)
        # "Zakon o porezu na dodanu vrijednost" → "zakon o PDV", "ZPDV" (from the title without its jurisdiction).
        for split in range(len(core) - 1):
            acronym = _acronym(core[split:])
            if len(acronym) >= 3 and acronym not in _STOPWORDS:
                add([*core[:split], acronym], DERIVED, split > 0)
    for alias in extra:
        add([t.word for t in tokens(fold(alias))], CONFIGURED, False)
    for name in kind_names:
        add([t.word for t in tokens(fold(name))], KIND, True, kind=True)
    return list(out.values())


def title_words(law: LawName) -> list[str]:
    """The folded words of a law's title (parentheses removed)."""
    return [t.word for t in tokens(fold(_PARENTHETICAL.sub(" ", law.title)))]


def same_or_variant(typed: str, known: str) -> bool:
    """The same word up to its case ending or BCS variant ("kaznenog" ~ "krivični")."""
    return word_score(typed, known) == 2


class LawNames:
    """Finds law names in text and says which loaded law(s) each one fits."""

    def __init__(self, laws: Iterable[LawName], extra: Mapping[str, Iterable[str]] | None = None) -> None:
        self.laws: dict[str, LawName] = {law.law: law for law in laws}
        extra = extra or {}
        # What kind of law each is (law_kinds.py), by its title — or its short name's words when it has none
        # ("Uredba o činovima"): read here once for the names, the library priors and `weak`.
        self.kinds: dict[str, tuple[LawKind, ...]] = {
            name: tuple(kinds_of(name, title_words(law) or title_words(LawName(name, name)), same_or_variant))
            for name, law in self.laws.items()
        }
        kinds = self.kinds
        self._aliases = [
            a
            for law in self.laws.values()
            for a in build_aliases(law, extra.get(law.law, ()), [n for k in kinds[law.law] for n in k.names])
        ]
        # Names of kinds no loaded law is ("zakon o policiji" with no police law): said to be not loaded.
        loaded = {k.kind for found in kinds.values() for k in found}
        self._unloaded = [
            tuple(t.word for t in tokens(fold(n))) for k in load_kinds() if k.kind not in loaded for n in k.names
        ]
        self._code = {name: jurisdiction_code(law.jurisdiction) for name, law in self.laws.items()}
        self._known_words = {w for a in self._aliases for w in a.words}
        # Two forms of a word share their first three letters (of the common variant): bucket by them.
        self._by_start: dict[str, list[Alias]] = {}
        for alias in self._aliases:
            self._by_start.setdefault(_variant(alias.words[0])[:3], []).append(alias)

    def is_known_word(self, word: str) -> bool:
        return word in self._known_words

    def find(self, folded: str) -> list[NameMatch]:
        """Every law name in folded text, left to right, longest first, no overlaps.

        A jurisdiction right after a name picks, among the laws the name fits, those of that
        jurisdiction ("krivičnog zakona RS" → KZ RS even though "Krivični zakon" is another code's title)."""
        toks = tokens(folded)
        found: list[NameMatch] = []
        i = 0
        while i < len(toks):
            per_law = self._matches_at(toks, i)
            if not per_law:
                i += 1
                continue
            qualified: dict[str, tuple[int, tuple[int, ...]]] = {}
            for law, (n, key) in per_law.items():
                qualifier = self._qualifier(toks, i + n)
                if qualifier is not None and qualifier[0] == self._code.get(law):
                    qualified[law] = (n + qualifier[1], key)
            unsure = False
            pool = qualified or per_law
            best = max(key for _, key in pool.values())
            laws = tuple(sorted(law for law, (_, key) in pool.items() if key == best))
            end = max(pool[law][0] for law in laws) + i
            asked, named_words = "", end - i
            if not qualified:
                qualifier = self._qualifier(toks, end)
                if qualifier is not None:
                    unsure, end = True, end + qualifier[1]
                    asked = find_jurisdiction(qualifier[0]) or qualifier[0]
            span_start, span_end = toks[i].start, toks[end - 1].end
            kind_laws = () if qualified or unsure else self._kind_laws_at(toks, i, end - i)
            if len(laws) > 1 and set(laws) <= set(kind_laws):
                laws = kind_laws  # "krivičnog zakona" with four criminal codes: ask among all four
            found.append(
                NameMatch(
                    span_start,
                    span_end,
                    laws,
                    folded[span_start:span_end],
                    unsure,
                    kind_laws,
                    asked,
                    named_words if unsure else 0,
                )
            )
            i = end
        return found

    def named(self, text: str) -> NameMatch | None:
        """The law name a whole string is ("KZ FBiH", "ustava", "zakon o PDV"), or None.

        `.law` is the law when it is unambiguous; otherwise `.laws` lists the candidates."""
        if text in self.laws:
            return NameMatch(0, len(text), (text,), text)
        folded = fold(text).rstrip(" .")
        matches = self.find(folded)
        if len(matches) == 1 and matches[0].start == 0 and matches[0].end == len(folded):
            return matches[0]
        return None

    def _matches_at(self, toks: list[Token], i: int) -> dict[str, tuple[int, tuple[int, ...]]]:
        """Each law's best alias match starting at token i: law → (words matched, ranking key).

        The key prefers more words, then a whole alias over a prefix, then closer word forms, then
        configured aliases over names over derived acronyms."""
        best: dict[str, tuple[int, tuple[int, ...]]] = {}
        for alias in self._by_start.get(_variant(toks[i].word)[:3], ()):
            n = score = 0
            while n < len(alias.words) and i + n < len(toks):
                s = word_score(toks[i + n].word, alias.words[n])
                if not s:
                    break
                n, score = n + 1, score + s
            if n == 0:
                continue
            whole = n == len(alias.words)
            if not whole and (alias.kind or (alias.whole_only and n < 2)):
                continue
            if all(_is_generic(w) for w in alias.words[:n]):
                continue
            key = (n, int(whole), score, alias.priority)
            if alias.law not in best or key > best[alias.law][1]:
                best[alias.law] = (n, key)
        if not best:
            return {}
        longest = max(n for n, _ in best.values())
        # Shorter matches only matter when a jurisdiction follows them; keep them, find() decides.
        return {law: v for law, v in best.items() if v[0] == longest or self._qualifier(toks, i + v[0])}

    def _kind_laws_at(self, toks: list[Token], i: int, n: int) -> tuple[str, ...]:
        """The laws one of whose kind names is exactly the n words at token i."""
        laws = {
            alias.law
            for alias in self._by_start.get(_variant(toks[i].word)[:3], ())
            if alias.kind
            and len(alias.words) == n
            and i + n <= len(toks)
            and all(word_score(toks[i + k].word, w) for k, w in enumerate(alias.words))
        }
        return tuple(sorted(laws))

    def area_level(self, law: str) -> str:
        """The level that alone legislates what `law` regulates, by its kinds (`level` in retrieval/language/data/law_kinds.toml:
        "state" for a customs law), or "" — a criminal code is no such law: every level has one."""
        return exclusive_level(self.kinds.get(law, ()))

    def kind_label(self, law: str) -> str:
        """How a reply names the kind of `law` ("krivični zakon"); "" for a law of no known kind."""
        return label_of(self.kinds.get(law, ()))

    def of_same_kind(self, laws: Sequence[str], codes: Sequence[str] | None = None) -> tuple[str, ...]:
        """Every loaded law of the kinds of `laws` (those themselves when they are of no known kind), the
        jurisdictions of `codes` first in their order (an officer's own, then the levels above)."""
        wanted = {k.kind for law in laws for k in self.kinds.get(law, ())}
        same = [law for law, kinds in self.kinds.items() if wanted & {k.kind for k in kinds}] or list(laws)
        order = [jurisdiction_code(c) for c in codes or ()]
        rank = {code: n for n, code in enumerate(order)}
        return tuple(sorted(dict.fromkeys(same), key=lambda law: (rank.get(self._code.get(law, ""), len(rank)), law)))

    def unloaded_name(self, match: NameMatch) -> str:
        """How a reply names the law a `match.unsure` name means, which is not loaded: by the short name of the
        laws it fits with the jurisdiction asked for ("kz rs" → "KZ RS"), else by their kind ("krivičnog zakona
        Republike Srpske" → "krivični zakon RS"), else as written."""
        if not match.unsure or not match.asked:
            return match.text
        typed = [t.word for t in tokens(match.text)][: match.named_words]
        for law in match.laws:
            short = [w for w in law.split() if find_jurisdiction(w) is None]
            if typed and len(short) == len(typed) and all(same_word(t, fold(w)) for t, w in zip(typed, short)):
                return " ".join([*short, match.asked])
        label = next((self.kind_label(law) for law in match.laws if self.kind_label(law)), "")
        return f"{label} {match.asked}" if label else match.text

    def unloaded_kind(self, folded: str) -> str | None:
        """The name of a kind of law that no loaded law is, at the start of folded text ("zkp", "zakona o
        policiji"), or None."""
        toks = tokens(folded)
        best = 0
        for words in self._unloaded:
            n = len(words)
            if n <= len(toks) and n > best and all(word_score(toks[k].word, w) for k, w in enumerate(words)):
                best = n
        return folded[toks[0].start : toks[best - 1].end] if best else None

    def prefer(self, match: NameMatch, codes: Sequence[str] | None) -> NameMatch:
        """Of the laws a name fits, those of the first of `codes` (an officer's jurisdiction, then the
        levels above) that has any: "krivični zakon" for an RS officer is the RS code, "zakon o saobraćaju"
        for an FBiH officer the state's traffic law when the Federation has none loaded. A name that is
        also a kind's name chooses among all laws of that kind ("Krivični zakonik", the RS code's own
        title, is the Federation's code for an FBiH officer). Unchanged when none of them is in `codes`."""
        pool = match.kind_laws or match.laws
        if not codes or len(pool) < 2 or match.unsure:
            return match
        for code in codes:
            wanted = jurisdiction_code(code)
            laws = tuple(law for law in pool if self._code.get(law) == wanted)
            if laws:
                return NameMatch(match.start, match.end, laws, match.text)
        return match

    def _qualifier(self, toks: list[Token], j: int) -> tuple[str, int] | None:
        """A jurisdiction named at token j ("RS", "Republike Srpske", "FBiH"): (code, words used)."""
        best: tuple[str, int] | None = None
        codes = set(JURISDICTION_NAMES) | {c for c in self._code.values() if c}
        for code in codes:
            for name in (code, *JURISDICTION_NAMES.get(code, ())):
                words = name.split()
                fits = j + len(words) <= len(toks) and all(same_word(toks[j + k].word, w) for k, w in enumerate(words))
                if fits and (best is None or len(words) > best[1]):
                    best = (code, len(words))
        return best
