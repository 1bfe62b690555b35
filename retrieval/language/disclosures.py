"""A threat to make something known, for money: the codes' blackmail told by the clause of what will be told.

The codes define blackmail by the content of its threat (KZ FBiH 296, KZ RS 233, KZ BD 290 "Ucjena"): "ko u namjeri
da sebi ili drugom pribavi protivpravnu imovinsku korist zaprijeti drugom da će protiv njega ili njemu bliskih lica
otkriti nešto što bi njihovoj časti ili ugledu škodilo". A story tells it as a clause of a future act (clauses.py: "da će …")
whose verb is one of telling or making known (`verbs`: word beginnings — reći, kazati, otkriti, objaviti, ispričati,
razglasiti, obznaniti), in a story that names money or a payment outside that clause (the gain the codes name: the
[money] reading, or a word of `paying`) — what is asked for, not what will be done. Read so, the story is the
[disclosure] `word` too, at full weight, and the threat it tells is no threat to life or body (the [threat] word is
not read for that clause). General words of the language, read from the codes' definition, never from a question's
words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import threatened
from retrieval.language.table_words import stems


@dataclass(frozen=True)
class DisclosureThreat:
    """The [disclosure] table: a future clause with a verb of telling (`verbs` beginnings) and money or a word of
    paying (`paying` beginnings) in the story."""

    word: str = ""
    verbs: tuple[str, ...] = ()
    paying: tuple[str, ...] = ()

    @classmethod
    def of(cls, table: dict[str, Any]) -> DisclosureThreat:
        return cls(
            str(table.get("word", "")),
            stems(table, "verbs"),
            stems(table, "paying"),
        )

    def discloses(self, clause: str) -> bool:
        """Whether a future clause's words (`threatened`) tell something made known."""
        return bool(self.verbs) and any(w.startswith(self.verbs) for w in clause.split())

    def reads(self, text: str, words: list[str], money: bool) -> bool:
        """Whether `text` threatens to make something known (a future clause of telling) for money: `words` are the
        story's words outside its threatened and avoided clauses (folded), `money` whether they name money ([money]);
        otherwise a word of `paying` among them counts."""
        if not self.word or not any(self.discloses(c) for c in threatened(text)):
            return False
        return money or any(w.startswith(self.paying) for w in words if self.paying)

    def other_threats(self, text: str) -> bool:
        """Whether `text` has a future clause that tells something other than making it known."""
        return any(not self.discloses(c) for c in threatened(text))
