"""A verb of striking whose object is a vehicle, a part of one or a thing of the road: a collision, not a blow.

The thesaurus lists the bare verbs of striking ("udario", "lupio", "udarao") among the everyday words of bodily harm:
told of a person ("udario ga", "udario komšiju") they are the codes' blow. Told of a thing they are not: "udario u
auto", "udario parkiran auto", "udarao u ivičnjake" are how a driver's collision is told — the traffic laws' matter
(a crash; the codes' endangering of traffic only where a person is hurt or put in danger, which the story then tells
in words of its own: law_kinds.toml [harm_to_a_person], whose `followed` already reads "udario u" as a crash). The
harm reading says it of its acts ("striking a car, a kerb or a sign is no harm to a person"); the vocabulary now reads
the same form, so the bare verb adds no bodily harm there.

A verb of `verbs` (whole words) and, within its clause and at most `within` words after it (clitics not counted), a
word of `things` (whole words: the vehicles the traffic laws name and their lay names, the parts of a vehicle, the
road's equipment and what a car runs into beside a road — in the forms a verb's object takes), where the words
between are only prepositions of direction (`prepositions`: "u", "o"), clitics that name no person struck
(`clitics`: the past auxiliary, the reflexive, a dative owner: "udario mu u auto") and at most one other word (a
modifier: "parkiran", "zadnji"): that occurrence of the verb tells a collision. An accusative pronoun (`persons`:
"udario ga u auto"), a clause word or a punctuation mark between ends the reading, and so do two other words ("udario
dijete ispred auta"). General words of the language and the laws' own names of vehicles and the road's things; none
from a question.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from retrieval.language.normalize import fold

_SEGMENT = re.compile(r"[^,.;:!?\n]+")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class StruckThings:
    """The [collision] table of the thesaurus (see the module's docstring)."""

    verbs: frozenset[str] = frozenset()
    things: frozenset[str] = frozenset()
    prepositions: frozenset[str] = frozenset()
    clitics: frozenset[str] = frozenset()
    persons: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    within: int = 3

    @classmethod
    def of(cls, table: dict[str, Any], canonical: Callable[[str], str] = lambda w: w) -> StruckThings:
        def folded(key: str) -> frozenset[str]:
            return frozenset(canonical(fold(w)) for w in table.get(key, []))

        return cls(
            folded("verbs"),
            folded("things"),
            folded("prepositions"),
            folded("clitics"),
            folded("persons"),
            folded("clause_words"),
            int(table.get("within", 3)),
        )

    def segments(self, text: str, canonical: Callable[[str], str] = lambda w: w) -> list[list[str]]:
        """`text`'s words by punctuation-delimited segment, folded and made canonical as lay terms are matched."""
        return [[canonical(w) for w in _WORD.findall(s)] for s in _SEGMENT.findall(fold(text))]

    def struck(self, text: str, canonical: Callable[[str], str] = lambda w: w) -> list[tuple[int, int]]:
        """(segment, word) positions of each verb of striking whose object is a thing (`segments`' numbering)."""
        if not self.verbs or not self.things:
            return []
        found: list[tuple[int, int]] = []
        for s, segment in enumerate(self.segments(text, canonical)):
            for i, w in enumerate(segment):
                if w in self.verbs and self._at_a_thing(segment[i + 1 :]):
                    found.append((s, i))
        return found

    def _at_a_thing(self, after: list[str]) -> bool:
        """Whether a thing is reached in `after` (the rest of the verb's segment) within `within` words, clitics not
        counted, over prepositions, clitics and at most one other word."""
        others = counted = 0
        for w in after:
            if w not in self.clitics:
                counted += 1
            if counted > self.within:
                return False
            if w in self.things:
                return True
            if w in self.clause_words or w in self.persons:
                return False
            if w in self.prepositions or w in self.clitics:
                continue
            others += 1
            if others > 1:
                return False
        return False

    def without(self, text: str, canonical: Callable[[str], str] = lambda w: w) -> str | None:
        """`text`'s words with each verb that strikes a thing replaced by "da" (no lay phrase reaches over it);
        None when there is none."""
        at = set(self.struck(text, canonical))
        if not at:
            return None
        return " ".join(
            "da" if (s, i) in at else w for s, segment in enumerate(self.segments(text)) for i, w in enumerate(segment)
        )
