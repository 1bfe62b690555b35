"""A report of an offence that the story then says was not so: the codes' false report.

The codes define the false report by its form: "ko prijavi da je učinjeno krivično djelo ..., a zna da nije
učinjeno", "ko prijavi neku osobu da je učinila krivično djelo, a zna da ta osoba nije učinilac" (KZ FBiH 347, KZ RS
334, KZ BD 341, KZ BiH 234 "Lažno prijavljivanje"): a verb of reporting, a clause of the act reported ("da" …), and a
clause of contrast in which it becomes known that it was otherwise. A story tells the same: "prijavio da mu je komšija
ukrao auto, a ispostavilo se da ga je sam prodao". The vocabulary reads the reported clause's words as the act done
(a theft); `Vocabulary.expand` weighs the terms that only the reported clause triggers less (an act reported and
belied is no act done) and reads the story as the thesaurus's [report] `word` too. Read from the codes' wording of
the offence and the grammar of the clauses, never from a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words, with_clauses_as_da
from retrieval.language.normalize import fold
from retrieval.language.table_words import stems, word_set

# Words between the verb of reporting and its "da": clitics and whom it was reported to ("prijavio je policiji da").
_GAP = 3


@dataclass(frozen=True)
class ReportReading:
    """The [report] table: a report (`verbs`), its "da" clause, then a `contrast` word opening a clause in which a
    `finding` word says it became known otherwise ("a ispostavilo se", "a utvrdili smo", "ali se pokazalo")."""

    word: str = ""
    verbs: tuple[str, ...] = ()  # stems (word beginnings) of the verbs of reporting
    contrast: frozenset[str] = frozenset()
    finding: tuple[str, ...] = ()  # stems of the words of finding out
    within: int = 3  # how many words after the contrast word its finding word may stand
    negations: frozenset[str] = frozenset({"nije", "nisu", "ne", "nisam", "nismo"})

    @classmethod
    def of(cls, table: dict[str, Any]) -> ReportReading:
        return cls(
            fold(str(table.get("word", ""))),
            stems(table, "verbs"),
            word_set(table, "contrast"),
            stems(table, "finding"),
            int(table.get("within", 3)),
        )

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where the reported clauses that a later clause belies stand: (start, end) in `clauses.text_words`, from
        the reported clause's "da" to the contrast word. None without a finding word after the contrast: "prijavila
        da ju je muž udario, a on pobjegao" is a report of an act done."""
        if not self.word or not self.verbs:
            return []
        found = text_words(text)
        out: list[tuple[int, int]] = []
        for i, w in enumerate(found):
            if not w.startswith(self.verbs) or (i > 0 and found[i - 1] in self.negations):
                continue
            da = next((j for j in range(i + 1, min(i + 2 + _GAP, len(found))) if found[j] == "da"), None)
            if da is None:
                continue
            for k in range(da + 2, len(found)):
                if found[k] in self.contrast and any(
                    x.startswith(self.finding) for x in found[k + 1 : k + 1 + self.within]
                ):
                    out.append((da, k))
                    break
        return out

    def without(self, text: str) -> str | None:
        """`text` with each belied reported clause replaced by "da"; None when there is none."""
        return with_clauses_as_da(text, self.spans(text))
