"""Explicit references ("član 42 KZ FBiH", "čl. 42. KZ FBiH", "KZ FBiH 42", "члан 5 Устава", "§ 823 BGB").

An officer who names the article wants that article, not its nearest neighbours: references are
resolved before any similarity search. Law names are found by `law_names.LawNames` (short names,
titles, inflected, Cyrillic, without diacritics, unique prefixes, configured aliases). Three rules
keep a reference from ever serving the wrong law:
- a reference that names a law gives only that law's article (nothing if it has no such article);
- a name that fits several loaded laws ("članak 5 KZ" with three criminal codes) gives an
  `AmbiguousReference` listing them, so the caller asks which one — it never picks one;
- a number next to a law word that is not loaded ("član 5 ZKP", "član 5 Ustava" without a
  constitution) gives an `AmbiguousReference` with no laws, not every other law's article 5; so does a
  law of a jurisdiction none of the laws its name fits has ("član 3 KZ RS" with KZ FBiH and KZ BiH
  loaded), with the loaded laws of its kind (`loaded`) for the reply to name.
Only a bare "član 42" (no law named) means article 42 of every law.
A reference to a named law's article that is deleted, repealed or not in it at all comes back as a
`MissingReference` with that law's neighbouring articles (missing.py), so it is answered as such.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence

from retrieval.language.normalize import clean, fold, to_latin
from retrieval.language.numbers import article_number, int_to_roman, roman_to_int
from retrieval.search.law_names import LawName, LawNames, NameMatch, same_word, tokens
from retrieval.search.missing import Entry, missing_reference
from retrieval.search.serving import is_deleted
from retrieval.types import AmbiguousReference, Article, MissingReference, ReferenceLookup

# Folded forms: "član", "clana", "članak", "члан" → "clan…"; "čl." → "cl"; "Article", "Art.", "§".
_ARTICLE_WORD = r"(?:clan(?:ovima|ovi|ove|ova|cima|ci|ke|kom|ak|ka|ku|om|a|u)?|cl|articles|article|art|§§|§|paragraf)"
_NUMBER = r"\d{1,4}[a-z]?"
_NUMBER_LIST = rf"{_NUMBER}(?:\s*(?:,|i|and|und|&)\s*{_NUMBER})*"
_BY_WORD = re.compile(rf"(?<![\w§]){_ARTICLE_WORD}\.?\s*({_NUMBER_LIST})\b\.?")
# Roman article numbers ("član V Ustava") count only next to a named law.
_BY_WORD_ROMAN = re.compile(rf"(?<![\w§]){_ARTICLE_WORD}\.?\s*([ivxlc]{{1,7}})\b\.?")
_AFTER_LAW = re.compile(rf"\s*,?\s*({_ARTICLE_WORD}\.?\s*)?({_NUMBER_LIST})\b")
_NUMBER_IN = re.compile(_NUMBER)
# Words that show a law is being named even when it is not one of the loaded laws.
_LAW_WORDS = ("zakon", "ustav", "uredb", "pravilnik", "kodeks", "odluk", "konvencij")
_CAPS_WORD = re.compile(r"[^\W\d_]{2,8}")


def names_an_article(text: str) -> bool:
    """True when `text` cites an article by word and number ("član 124 KZ RS", "čl. 286"): a reference."""
    return _BY_WORD.search(fold(text)) is not None


def cites(text: str, number: str) -> bool:
    """True when `text` (an article's) refers to article `number` of its law by word: "iz člana 333", "članka
    332. st. 1. i 2.", "čl. 286 i 287" — how a code's qualified and aggravated forms name the offence they build
    on ("Ako je krivičnim djelom iz člana 333. prouzročena smrt …")."""
    wanted = fold(number)
    return any(wanted in _NUMBER_IN.findall(m.group(1)) for m in _BY_WORD.finditer(fold(text)))


def _nearest(mentions: list[NameMatch], start: int, end: int) -> NameMatch | None:
    """The law named closest to an article reference: "član 42 KZ FBiH i član 153 ZKP FBiH" pairs
    42 with KZ FBiH and 153 with ZKP FBiH (a law right after the number wins a tie)."""
    best: tuple[int, int, NameMatch] | None = None
    for mention in mentions:
        if mention.start >= end:
            key = (mention.start - end, 0)
        elif mention.end <= start:
            key = (start - mention.end, 1)
        else:
            continue
        if best is None or key < best[:2]:
            best = (*key, mention)
    return best[2] if best else None


class ReferenceResolver:
    """Finds explicit article references in a question and returns those articles (or asks which law)."""

    def __init__(
        self,
        articles: Iterable[Article],
        aliases: dict[str, str] | None = None,
        law_aliases: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        """`aliases`: alias → law (KODEKS_LAW_ALIASES); `law_aliases`: law → its aliases (laws.toml)."""
        self._by_law_number: dict[tuple[str, str], Article] = {}
        self._by_number: dict[str, list[Article]] = defaultdict(list)
        laws: dict[str, LawName] = {}
        for article in articles:
            number = article_number(article.article)
            self._by_law_number[(article.law, number)] = article
            self._by_number[number].append(article)
            if article.law not in laws or (article.law_title and not laws[article.law].title):
                laws[article.law] = LawName(article.law, article.law_title, article.jurisdiction)
        extra: dict[str, list[str]] = defaultdict(list)
        for law, names in (law_aliases or {}).items():
            extra[law] += list(names)
        for alias, law in (aliases or {}).items():
            extra[law].append(alias)
        self.laws = sorted(laws)
        self.names = LawNames(laws.values(), {law: names for law, names in extra.items() if law in laws})

    def law_named(self, text: str) -> str | None:
        """The one loaded law a name or alias refers to (None if unknown or ambiguous)."""
        match = self.names.named(text)
        return match.law if match else None

    def laws_mentioned(self, text: str) -> set[str]:
        """The laws a text names unambiguously (by short name, title or alias), with or without an article."""
        return {m.law for m in self.names.find(fold(text)) if m.law}

    def resolve(self, text: str) -> list[Article]:
        """Articles the text names unambiguously, in the order they are named (no duplicates)."""
        return self.lookup(text).articles

    def lookup(
        self, text: str, within: Callable[[Article], bool] | None = None, prefer: Sequence[str] | None = None
    ) -> ReferenceLookup:
        """Every explicit reference in the text: resolved articles, and references to ask about.

        `within` limits references that name no law ("član 42": every law's article 42) to the articles
        it admits (an officer's jurisdictions); a named law is found wherever it is. `prefer` (an
        officer's jurisdictions, their own first) picks among the laws a name fits (`LawNames.prefer`)."""
        folded = fold(text)
        named = self.names.find(folded)
        mentions = [self.names.prefer(m, prefer) for m in named]
        pairs: list[tuple[int, NameMatch | None, str]] = []
        for name_match in mentions:
            after = _AFTER_LAW.match(folded, name_match.end)
            if after and (name_match.law or after.group(1)):  # "KZ 5" alone is no reference when "KZ" is ambiguous
                pairs += [(name_match.start, name_match, n) for n in _NUMBER_IN.findall(after.group(2))]
        unknown: list[tuple[int, str, str]] = []
        caps = self._capitalised_words(text)
        for m in _BY_WORD.finditer(folded):
            named_unknown = self._unknown_law_after(folded, m.end(), mentions, caps)
            numbers = _NUMBER_IN.findall(m.group(1))
            if named_unknown:
                unknown += [(m.start(), named_unknown, n) for n in numbers]
                continue
            mention = _nearest(mentions, m.start(), m.end())
            pairs += [(m.start(), mention, n) for n in numbers]
        for m in _BY_WORD_ROMAN.finditer(folded):
            mention = _nearest(mentions, m.start(), m.end())
            # "i" is also "and": read it as I only for a law that numbers its articles in Roman.
            if (
                mention is not None
                and roman_to_int(m.group(1)) is not None
                and (m.group(1) != "i" or any(self._uses_roman(law) for law in mention.laws))
            ):
                pairs.append((m.start(), mention, m.group(1)))
        found = self._collect(sorted(pairs, key=lambda p: p[0]), unknown, within, prefer)
        # Names with no article next to them: every law each fits (a kind's name, all laws of that kind —
        # the caller keeps those in the officer's scope, so the state's code stays beside the entity's).
        referenced = {m.start for _, m, _ in pairs if m is not None}
        found.mentioned = tuple(
            dict.fromkeys(
                law for m in named if m.start not in referenced and not m.unsure for law in (m.kind_laws or m.laws)
            )
        )
        return found

    def _collect(
        self,
        pairs: list[tuple[int, NameMatch | None, str]],
        unknown: list[tuple[int, str, str]],
        within: Callable[[Article], bool] | None = None,
        prefer: Sequence[str] | None = None,
    ) -> ReferenceLookup:
        found: dict[str, Article] = {}
        candidates: dict[str, Article] = {}
        ambiguous: dict[tuple[str, str], AmbiguousReference] = {}
        named: dict[str, None] = {}
        missing: dict[tuple[str, str], MissingReference] = {}
        for _, mention, number in pairs:
            if mention is None:
                for numbered in self._numbered(number):
                    if within is None or within(numbered):
                        found.setdefault(numbered.id, numbered)
            elif mention.law is not None:
                named[mention.law] = None
                if (article := self._in_law(mention.law, number)) is not None:
                    found.setdefault(article.id, article)
                self._note_missing(missing, mention.law, number, article)
            elif mention.unsure:
                # "KZ RS" with only KZ FBiH and KZ BiH loaded: that law is not loaded — said so, with the loaded
                # laws of its kind; none of theirs is served or offered as if it were the one asked for.
                ambiguous.setdefault(
                    (mention.text, number),
                    AmbiguousReference(
                        self.names.unloaded_name(mention),
                        number,
                        (),
                        next((label for law in mention.laws if (label := self.names.kind_label(law))), ""),
                        self.names.of_same_kind(mention.laws, prefer),
                    ),
                )
            else:
                ambiguous.setdefault((mention.text, number), AmbiguousReference(mention.text, number, mention.laws))
                for law in mention.laws:
                    named[law] = None
                    if (article := self._in_law(law, number)) is not None:
                        candidates.setdefault(article.id, article)
        for _, name, number in unknown:
            # "član 5 zakona": some law, not said which → ask among all; "član 5 ZKP" (not loaded) → none fits.
            laws = tuple(self.laws) if self._is_generic_law_word(name) else ()
            if len(laws) == 1:
                if (article := self._in_law(laws[0], number)) is not None:
                    found.setdefault(article.id, article)
                self._note_missing(missing, laws[0], number, article)
                named[laws[0]] = None
                continue
            ambiguous.setdefault((name, number), AmbiguousReference(name, number, laws))
            for law in laws:
                if (article := self._in_law(law, number)) is not None:
                    candidates.setdefault(article.id, article)
        return ReferenceLookup(
            articles=list(found.values()),
            ambiguous=list(ambiguous.values()),
            candidates=[a for aid, a in candidates.items() if aid not in found],
            laws=tuple(named),
            missing=list(missing.values()),
        )

    def _note_missing(
        self, missing: dict[tuple[str, str], MissingReference], law: str, number: str, article: Article | None
    ) -> None:
        """Record article `number` of `law` as missing when the law has no such article or only its deleted entry."""
        if (article is not None and not is_deleted(article)) or (law, number) in missing:
            return
        missing[(law, number)] = missing_reference(
            law, number, article, self._law_entries(law), lambda n: self._article(law, n)
        )

    def _in_law(self, law: str, number: str) -> Article | None:
        """Article `number` of `law`; "5" finds Article V of a law numbered in Roman, "V" finds 5."""
        if (article := self._article(law, number)) is not None:
            return article
        if number.isdigit() and 0 < int(number) < 400:
            return self._article(law, int_to_roman(int(number)))
        if (value := roman_to_int(number)) is not None:
            return self._article(law, str(value))
        return None

    def _uses_roman(self, law: str) -> bool:
        return self._article(law, "i") is not None

    # The two raw lookups, apart so that a table on disk can serve them instead of the dicts.
    def _article(self, law: str, number: str) -> Article | None:
        return self._by_law_number.get((law, number))

    def _numbered(self, number: str) -> list[Article]:
        return self._by_number.get(number, [])

    def _law_entries(self, law: str) -> list[Entry]:
        """(number, in force) of every entry of `law`: what "the articles next to it" are chosen from."""
        return [
            (number, not is_deleted(a) and not a.extra.get("kind"))
            for (name, number), a in self._by_law_number.items()
            if name == law
        ]

    @staticmethod
    def _capitalised_words(text: str) -> set[str]:
        """Folded words written in capitals in the original ("ZKP", "ЗКП"): how acronyms of laws look
        (nothing when the whole message is in capitals: then capitals say nothing)."""
        latin = to_latin(clean(text))
        letters = [ch for ch in latin if ch.isalpha()]
        if not letters or sum(ch.isupper() for ch in letters) > 0.6 * len(letters):
            return set()
        return {fold(w) for w in _CAPS_WORD.findall(latin) if w.isupper()}

    def _unknown_law_after(self, folded: str, end: int, mentions: list[NameMatch], caps: set[str]) -> str | None:
        """The name right after an article number when it is a law that is not loaded ("član 5 ZKP")."""
        following = tokens(folded[end:])[:3]
        if not following:
            return None
        token = following[0]
        start = end + token.start
        if any(m.start <= start < m.end for m in mentions):
            return None
        word = token.word
        if (kind := self.names.unloaded_kind(folded[start:])) is not None:
            return kind  # "član 5 zkp", "član 42 zakona o policiji": a kind of law none of the loaded laws is
        if self.names.is_known_word(word):
            return None
        if word.startswith(_LAW_WORDS) or (word in caps and not word.isdigit()):
            last = token
            if len(following) == 3 and following[1].word in ("o", "za"):  # "Zakona o policiji": a law by its title
                last = following[2]
            return folded[start : end + last.end]
        return None

    @staticmethod
    def _is_generic_law_word(name: str) -> bool:
        """ "zakona" alone (some law, not said which) — as opposed to "zakona o policiji" or "ZKP"."""
        return any(same_word(name, w) for w in ("zakon", "zakonik"))

    def get(self, law: str, number: str) -> Article | None:
        """Article `number` of the law `law` names (None if that name is unknown or fits several laws)."""
        canonical = self.law_named(law) or law
        return self._in_law(canonical, article_number(number))
