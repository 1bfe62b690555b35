"""An offence the codes define as two acts together, told as those two acts ([[compose]] of the thesaurus).

Robbery is a taking of another's movable thing by force or by a threat of an immediate attack on life or body (KZ FBiH
289, KZ RS 227, KZ BD 283 "Razbojništvo"); a story tells the taking and the force apart — "dvojica sa pištoljem upala u
market i uzeli pazar", "prijetio prodavačici nožem i uzeli pazar" — and the vocabulary reads each part by itself (the
till taken reads as a cashier's embezzlement, the pistol as a weapons offence), never the offence they make together.
A composition lists, by the legal terms the entries already add, the parts that must all be read (`parts`), the legal
terms that count for the last part only as an instrument — a lay word right after a preposition of means ("sa
pištoljem", "s maskama i pištoljem": `means`, `instrument`, `within`) — and what the parts make (`legal`). Read from
the codes' definitions and the entries' own legal terms, never from a question's words.

Burglary (KZ FBiH 287, KZ RS 226, KZ BD 281 "Teška krađa": a theft "obijanjem ili provaljivanjem") is told as a
breaking and, after it, a taking ("razbio staklo na autu i uzeo laptop"); "uzeo" alone adds no legal term, so its last
part is read by words (`verbs`: beginnings of the verbs of taking, after the first part's phrase, not right after one
of `negations`), and its breaking gives way even where a burglary phrase already read the offence (`where_read`).

Money laundering (KZ BiH 209 "Pranje novca": money "pribavljeni počinjenjem krivičnog djela") is told with the offence
the money came from ("pere pare od droge"); the source offence's phrases give way to it, and the laundering must be
told by a phrase of its own (`apart`): "novac od droge" names the drug inside the one phrase and tells no second act.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from retrieval.language.normalize import fold, words
from retrieval.language.table_words import stems, word_set

_PUNCTUATION = re.compile(r"[,.;:!?\n]+")


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
    # beginnings of words that tell the last part by themselves where one stands after the first part's phrase, not
    # right after a negation ("razbio staklo … i uzeo laptop": a taking after a breaking; "uzeo" alone adds nothing)
    verbs: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    # the superseded parts' phrases give way even where the story already reads what the parts make (a breaking is a
    # burglary's means whether or not a burglary phrase told it too)
    where_read: bool = False
    # legal terms that read no part, whose phrases give way with the superseded parts' ("razbio staklo" also adds the
    # title that names damage and taking-for-use together; a taking-for-use alone tells no breaking)
    gives_way: frozenset[str] = frozenset()
    # the `verbs` tell the last part before the first part's phrase too ("vojnik iz kasarne ukrao dva pištolja": the
    # armed forces told before the weapon taken), within one clause with a word that tells the first part (the clause
    # ends at punctuation and at `clause_words`: "vratio se iz inostranstva pa pucao" tells no weapon taken abroad)
    anywhere: bool = False
    clause_words: frozenset[str] = frozenset()
    # the last part must be told by a phrase of its own, none of whose words is one of the first part's phrases ("novac
    # od droge" names the drug inside the laundering's phrase: no second act told; "pere novac od droge" tells both)
    apart: bool = False
    # words of a question that make the word right after them (at most one word between: "koliko mu prijeti", "kakva
    # kazna prijeti") the penalty asked about, not an act of the story: a word so placed tells no first part
    asked: frozenset[str] = frozenset()

    @classmethod
    def of(cls, table: dict[str, Any]) -> Composition:
        return cls(
            tuple(frozenset(fold(t) for t in part) for part in table.get("parts", [])),
            tuple(str(t) for t in table.get("legal", [])),
            word_set(table, "means"),
            word_set(table, "instrument"),
            int(table.get("within", 0)),
            fold(str(table.get("name", ""))),
            tuple(int(i) for i in table.get("supersedes", [])),
            stems(table, "verbs"),
            word_set(table, "negations"),
            bool(table.get("where_read", False)),
            word_set(table, "gives_way"),
            bool(table.get("anywhere", False)),
            word_set(table, "clause_words"),
            bool(table.get("apart", False)),
            word_set(table, "asked"),
        )

    def reads(
        self,
        text: str,
        added: Collection[str],
        adds_of: Callable[[str], Collection[str]],
        expansions: Collection[Any] = (),
    ) -> bool:
        """Whether `text`, whose expansions added the legal terms `added`, tells every part; `adds_of(word)` is what
        one word adds alone (for an instrument after a preposition of means); `expansions` (with `matched` and `adds`)
        place the first part's phrase for the `verbs`."""
        if not self.parts or not self.legal:
            return False
        folded = {fold(t) for t in added}
        if not all(part & folded for part in self.parts[:-1]):
            return False
        if self.apart and not self._told_apart(expansions):
            return False
        if self.verbs and self.anywhere:
            return self._verb_in_clause(text, adds_of)
        if self.verbs:
            return self._verb_after(text, expansions)
        return bool(self.parts[-1] & folded) or self._instrument(text, adds_of)

    def _told_apart(self, expansions: Collection[Any]) -> bool:
        """Whether a phrase that told the last part shares no word (by its first four letters, words of three letters
        or more) with the phrases that told the first part."""

        def heads(phrase: str) -> set[str]:
            return {w[:4] for w in fold(phrase).split() if len(w) >= 3}

        first = set().union(*(heads(e.matched) for e in expansions if fold(e.adds) in self.parts[0]))
        return any(
            not heads(e.matched) & first for e in expansions if fold(e.adds) in self.parts[-1] and e.matched.strip()
        )

    def _verb_in_clause(self, text: str, adds_of: Callable[[str], Collection[str]]) -> bool:
        """A word of `verbs`, not right after a negation, in a clause that also holds a word telling the first part
        (what that word adds alone is one of its terms, and no word of `asked` stands in the two before it), before or
        after it."""
        for segment in _PUNCTUATION.split(text):
            clause: list[str] = []
            for w in [*words(segment), ""]:
                if w and w not in self.clause_words:
                    clause.append(w)
                    continue
                verb = any(
                    v.startswith(self.verbs) and (n == 0 or clause[n - 1] not in self.negations)
                    for n, v in enumerate(clause)
                )
                told = any(
                    {fold(t) for t in adds_of(v)} & self.parts[0]
                    and not self.asked.intersection(clause[max(0, n - 2) : n])
                    for n, v in enumerate(clause)
                )
                if verb and told:
                    return True
                clause = []
        return False

    def _verb_after(self, text: str, expansions: Collection[Any]) -> bool:
        """A word of `verbs`, not right after a negation, after the first word of a phrase that told the first part
        (where that word is not found as written, an inflected phrase, anywhere in the story)."""
        found = words(text)
        if self.anywhere:
            return any(
                w.startswith(self.verbs) and (n == 0 or found[n - 1] not in self.negations) for n, w in enumerate(found)
            )
        heads = {fold(e.matched).split()[0] for e in expansions if fold(e.adds) in self.parts[0] and e.matched.strip()}
        starts = [n for n, w in enumerate(found) if w in heads]
        start = min(starts) if starts else -1
        return any(
            w.startswith(self.verbs) and (n == 0 or found[n - 1] not in self.negations)
            for n, w in enumerate(found)
            if n > start
        )

    def superseded(self, expansions: Collection[Any]) -> set[str]:
        """The lay phrases (`matched`) among `expansions` that told a part this composition `supersedes`."""
        parts = [self.parts[i] for i in self.supersedes if i < len(self.parts)]
        if self.gives_way:  # a reading of other terms whose phrases give way, whether or not a part is superseded
            parts.append(self.gives_way)
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
