"""A payment told, and then that nothing came for it: the codes' fraud told by its harm; and a payment collected
that was not owed: the official's unlawful collection (`UnowedCollection`).

The codes define fraud as bringing someone into error by a false account of facts and so leading him to do
something to the harm of his own property (KZ FBiH 294, KZ RS 230, KZ BD 288 "Prevara"): the victim's own act to his
harm — a payment — and the error it was made in, which a story tells by what did not follow ("uplatio je i ništa nije
dobio", "uzeo uplatu i nikad nije poslao"). The thesaurus's fraud entry writes that form as one phrase ("platio a
nije dobio"); a story puts a sum, an object or a subject between. A word of paying (`paid`, not after a negation:
"nije platio" is a debt) and, within `within` words after it, a negation right before (or one word before) a word of
receiving, sending or delivering (`received`) reads the story as the [payment] `word` too. Read from the codes'
definition and the thesaurus's own phrase, never from a question's words.

The codes' unlawful collection (KZ BiH 227, KZ FBiH 390, KZ BD "Protuzakonita naplata i isplata", KZ RS 326
"Protivzakonita naplata i isplata") is an official who "od drugoga naplati što drugi nije dužan (da plati)": a word of
collecting, and then a negated duty to pay. The thesaurus writes it as phrases ("naplatio nešto što ne", "naplaćuje
bez osnova"); a story puts the thing collected and a relative clause between ("naplaćuje taksu koju niko nije dužan
platiti"). A word of collecting (`collected`, not after a negation) and, within `within` words after it, a negation
right before a word of owing (`owed`, the codes' "dužan"; or a verb of having to, `must`, with a word of paying close
after it) reads the story as the [collection] `word` too. Read from the codes' definition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words
from retrieval.language.table_words import stems, word_set


@dataclass(frozen=True)
class UnreceivedPayment:
    """The [payment] table: a payment (`paid` stems), then a negated receipt (`negations` + `received` stems)."""

    word: str = ""
    paid: tuple[str, ...] = ()
    received: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    within: int = 8

    @classmethod
    def of(cls, table: dict[str, Any]) -> UnreceivedPayment:
        return cls(
            str(table.get("word", "")),
            stems(table, "paid"),
            stems(table, "received"),
            word_set(table, "negations"),
            int(table.get("within", 8)),
        )

    def reads(self, text: str) -> bool:
        """Whether `text` tells a payment and then a receipt that did not come."""
        if not self.word or not self.paid or not self.received:
            return False
        found = text_words(text)
        for i, w in enumerate(found):
            if not w.startswith(self.paid) or (i > 0 and found[i - 1] in self.negations):
                continue
            for k in range(i + 1, min(i + 1 + self.within, len(found))):
                if found[k] in self.negations and any(x.startswith(self.received) for x in found[k + 1 : k + 3]):
                    return True
        return False


@dataclass(frozen=True)
class UnowedCollection:
    """The [collection] table: a word of collecting a payment (`collected` stems, not after a negation), then within
    `within` words a negation right before a word of owing — the codes' own (`owed`: "nije dužan", "nije obavezan"),
    or a verb of having to (`must`: "ne mora", "ne treba") with a word of paying (`paying`) at most `reach` words
    after it. The codes' "naplati (nešto) što drugi nije dužan (da plati)"."""

    word: str = ""
    collected: tuple[str, ...] = ()
    owed: tuple[str, ...] = ()
    must: tuple[str, ...] = ()
    paying: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    within: int = 8
    reach: int = 3

    @classmethod
    def of(cls, table: dict[str, Any]) -> UnowedCollection:
        return cls(
            str(table.get("word", "")),
            stems(table, "collected"),
            stems(table, "owed"),
            stems(table, "must"),
            stems(table, "paying"),
            word_set(table, "negations"),
            int(table.get("within", 8)),
            int(table.get("reach", 3)),
        )

    def reads(self, text: str) -> bool:
        """Whether `text` tells a payment collected and then that it was not owed."""
        if not self.word or not self.collected or not (self.owed or self.must):
            return False
        found = text_words(text)
        for i, w in enumerate(found):
            if not w.startswith(self.collected) or (i > 0 and found[i - 1] in self.negations):
                continue
            for k in range(i + 1, min(i + 1 + self.within, len(found) - 1)):
                if found[k] in self.negations and self._duty(found[k + 1], found[k + 2 : k + 2 + self.reach]):
                    return True
        return False

    def _duty(self, word: str, after: list[str]) -> bool:
        """Whether `word` (right after a negation) tells a duty to pay: the codes' word of owing, or a verb of having
        to with a word of paying among the words `after` it."""
        if self.owed and word.startswith(self.owed):
            return True
        return bool(self.must and self.paying and word.startswith(self.must)) and any(
            x.startswith(self.paying) for x in after
        )
