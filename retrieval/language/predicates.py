"""A thing named first and said to be false after it, in a clause of its own ("ima vozačku iz Crne Gore, ali se vidi
da je lažna"): the codes' forgery is of "a false document" ("lažna isprava"), and the vocabulary writes its phrases
as the adjective before its noun ("lažna vozačka"), which such a story never says. The predicate — a copula, then an
adjective of falsity ([falsity] of the thesaurus) — is read before the nearest word told earlier in the message that
the thesaurus knows a phrase of it with ("lažna" + "vozačku"), as the adjective and its noun. A participle that
stands right after its noun without a copula ("diploma napravljena u štampariji") is read with that noun only. Read
from the grammar (a copula and its predicate, a postposed participle) and the thesaurus's own phrases, never from a
question's words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from retrieval.language.normalize import fold, words
from retrieval.language.table_words import word_set


@dataclass(frozen=True)
class FalsityPredicates:
    """[falsity] of the thesaurus: `copulas` ("je", "su" …) before one of `adjectives` ("lažna", "fejk" …) make it a
    predicate; `word` is how the adjectives are read besides their own form (the codes' "lažna")."""

    word: str = ""
    copulas: frozenset[str] = frozenset()
    adjectives: frozenset[str] = frozenset()

    @classmethod
    def of(cls, table: dict[str, Any]) -> FalsityPredicates:
        return cls(
            fold(str(table.get("word", ""))),
            word_set(table, "copulas"),
            word_set(table, "adjectives"),
        )

    def pairs(self, text: str, known: Callable[[str], bool]) -> list[str]:
        """For each predicate of falsity in `text`, the adjective (and `word`) before the nearest word told earlier
        for which `known("adjective word")` holds — the phrases to read: ["lazna vozacku"]. Empty without a table."""
        if not self.word or not self.adjectives:
            return []
        found = words(text)
        said = f" {fold(text)} "
        out: list[str] = []
        for n in range(1, len(found)):
            if found[n] not in self.adjectives:
                continue
            if found[n - 1] in self.copulas:
                told = found[: n - 1]
            elif f" {found[n - 1]} {found[n]} " in said:
                # "diploma napravljena u štampariji": the participle right after its noun, no copula and no comma
                # between them ("dao vozačku, napravljen zapisnik" is another clause) — that noun only
                told = found[n - 1 : n]
            else:
                continue
            for earlier in reversed(told):
                read = [f"{a} {earlier}" for a in _unique((found[n], self.word))]
                hits = [r for r in read if known(r)]
                if hits:
                    out += hits
                    break
        return out


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
