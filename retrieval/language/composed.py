"""An offence the codes define as two acts together, told as those two acts ([[compose]] of the thesaurus).

Robbery is a taking of another's movable thing by force or by a threat of an immediate attack on life or body (KZ FBiH
289, KZ RS 227, KZ BD 283 "Razbojništvo"); a story tells the taking and the force apart — "dvojica sa pištoljem upala u
market i uzeli pazar", "prijetio prodavačici nožem i uzeli pazar" — and the vocabulary reads each part by itself (the
till taken reads as a cashier's embezzlement, the pistol as a weapons offence), never the offence they make together.
A composition lists, by the legal terms the entries already add, the parts that must all be read (`parts`), the legal
terms that count for the last part only as an instrument — a lay word right after a preposition of means ("sa
pištoljem", "s maskama i pištoljem": `means`, `instrument`, `within`) — and what the parts make (`legal`). Read from
the codes' definitions and the entries' own legal terms, never from a question's words.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from retrieval.language.normalize import fold, words


@dataclass(frozen=True)
class Composition:
    """One [[compose]] of the thesaurus: every part read (one of its legal terms added) makes `legal`."""

    parts: tuple[frozenset[str], ...]
    legal: tuple[str, ...]
    means: frozenset[str] = frozenset()  # legal terms that count for the last part as an instrument only
    instrument: frozenset[str] = frozenset()  # the prepositions of means ("sa", "s")
    within: int = 0  # how many words after the preposition its instrument may stand
    name: str = ""  # how the reading is reported (`Expansion.matched`)
    # the parts (their index) whose lay phrases read as something else alone: what those phrases added is taken away
    # when the composition reads ("traži pare" is a bribe's demand alone, extortion's with a threat)
    supersedes: tuple[int, ...] = ()

    @classmethod
    def of(cls, table: dict[str, Any]) -> Composition:
        return cls(
            tuple(frozenset(fold(t) for t in part) for part in table.get("parts", [])),
            tuple(str(t) for t in table.get("legal", [])),
            frozenset(fold(t) for t in table.get("means", [])),
            frozenset(fold(w) for w in table.get("instrument", [])),
            int(table.get("within", 0)),
            fold(str(table.get("name", ""))),
            tuple(int(i) for i in table.get("supersedes", [])),
        )

    def reads(self, text: str, added: Collection[str], adds_of: Callable[[str], Collection[str]]) -> bool:
        """Whether `text`, whose expansions added the legal terms `added`, tells every part; `adds_of(word)` is what
        one word adds alone (for an instrument after a preposition of means)."""
        if not self.parts or not self.legal:
            return False
        folded = {fold(t) for t in added}
        if not all(part & folded for part in self.parts[:-1]):
            return False
        return bool(self.parts[-1] & folded) or self._instrument(text, adds_of)

    def superseded(self, expansions: Collection[Any]) -> set[str]:
        """The lay phrases (`matched`) among `expansions` that told a part this composition `supersedes`."""
        parts = [self.parts[i] for i in self.supersedes if i < len(self.parts)]
        return {e.matched for e in expansions if any(fold(e.adds) in part for part in parts)}

    def _instrument(self, text: str, adds_of: Callable[[str], Collection[str]]) -> bool:
        if not self.means or not self.instrument:
            return False
        found = words(text)
        return any(
            {fold(t) for t in adds_of(w)} & self.means
            for n, word in enumerate(found)
            if word in self.instrument
            for w in found[n + 1 : n + 1 + self.within]
        )
