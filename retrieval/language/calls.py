"""A call in which the caller claims something, and then money handed over: the codes' fraud told by its parts.

The codes define fraud by a false account of facts that leads someone to act to the harm of his property (KZ FBiH
294, KZ RS 230, KZ BD 288 "Prevara": "dovede neko lice lažnim prikazivanjem … činjenica u zabludu … i time navede da
to lice na štetu svoje … imovine nešto učini"). A story tells the account as what a caller said ("zvao neko da je …",
"zvali kao …, kaže …") and the harm as money handed over after it ("… dala kuriru", "… pokupio pare"). The vocabulary
read the claim's words as acts done (a blow, a road accident, a relative: family violence); what the caller said is
his account, not an act of the story. A verb of calling (`called`: word beginnings), within `gap` words after it a
word that opens what he said (`claim`: "da", "kao", a verb of saying), and after that, within `within` words, a verb
of handing over (`given`: word beginnings, not right after a negation), in a story that names money, is such a call:
`Vocabulary.expand` weighs the terms that only the claim triggers as an unrealised act's and reads the story as the
[call] `word` (the fraud entry's own) too. Read from the codes' definition and the grammar of the clauses, never from
a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words, with_clauses_as_da
from retrieval.language.normalize import fold
from retrieval.language.table_words import stems, word_set


@dataclass(frozen=True)
class CallClaim:
    """The [call] table: a call (`called`), what the caller said (`claim`), then money handed over (`given`)."""

    word: str = ""
    called: tuple[str, ...] = ()
    claim: frozenset[str] = frozenset()
    given: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    gap: int = 3
    within: int = 25

    @classmethod
    def of(cls, table: dict[str, Any]) -> CallClaim:
        return cls(
            fold(str(table.get("word", ""))),
            stems(table, "called"),
            word_set(table, "claim"),
            stems(table, "given"),
            word_set(table, "negations"),
            int(table.get("gap", 3)),
            int(table.get("within", 25)),
        )

    def spans(self, text: str, names_money: bool) -> list[tuple[int, int]]:
        """Where what a caller said stands: (start, end) in `clauses.text_words`, from the word that opens it to the
        verb of handing over after it. None where the story names no money (`names_money`) or nothing is handed."""
        if not self.word or not self.called or not self.given or not names_money:
            return []
        found = text_words(text)
        out: list[tuple[int, int]] = []
        for i, w in enumerate(found):
            if not w.startswith(self.called) or (i > 0 and found[i - 1] in self.negations):
                continue
            opens = next((j for j in range(i + 1, min(i + 1 + self.gap, len(found))) if found[j] in self.claim), None)
            if opens is None:
                continue
            for k in range(opens + 2, min(opens + 1 + self.within, len(found))):
                if found[k].startswith(self.given) and found[k - 1] not in self.negations:
                    out.append((opens, k))
                    break
        return out

    def without(self, text: str, names_money: bool) -> str | None:
        """`text` with what each caller said replaced by "da"; None when the story tells no such call."""
        return with_clauses_as_da(text, self.spans(text, names_money))
