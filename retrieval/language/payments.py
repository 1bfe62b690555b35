"""A payment told, and then that nothing came for it: the codes' fraud told by its harm.

The codes define fraud as bringing someone into error by a false account of facts and so leading him to do
something to the harm of his own property (KZ FBiH 294, KZ RS 230, KZ BD 288 "Prevara"): the victim's own act to his
harm — a payment — and the error it was made in, which a story tells by what did not follow ("uplatio je i ništa nije
dobio", "uzeo uplatu i nikad nije poslao"). The thesaurus's fraud entry writes that form as one phrase ("platio a
nije dobio"); a story puts a sum, an object or a subject between. A word of paying (`paid`, not after a negation:
"nije platio" is a debt) and, within `within` words after it, a negation right before (or one word before) a word of
receiving, sending or delivering (`received`) reads the story as the [payment] `word` too. Read from the codes'
definition and the thesaurus's own phrase, never from a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words
from retrieval.language.normalize import fold


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
            tuple(fold(w) for w in table.get("paid", [])),
            tuple(fold(w) for w in table.get("received", [])),
            frozenset(fold(w) for w in table.get("negations", [])),
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
