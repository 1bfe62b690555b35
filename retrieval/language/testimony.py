"""A witness named, and later in the same clause that he lied: the codes' false testimony told by its parts.

The codes define false testimony by who gives it and what he gives (KZ BiH 235, KZ FBiH 348, KZ RS 335, KZ BD 341
"Davanje lažnog iskaza": "Svjedok, vještak, prevodilac ili tumač koji pred sudom … da lažni iskaz"): one of those
persons and a statement that is false. The thesaurus writes the form as phrases ("svjedok lagao", "lagao na sudu",
"lagao kao svjedok"); a story puts the court and the case between the person and the verb ("svjedok na sudu u
predmetu … lagao"). A word of those persons (`persons`: the codes' own four, as word beginnings) and, within `within`
words after it, a verb of lying (`lied`: word beginnings) not right after a negation, with no word of a reported
clause between (`reported`: "da", "kako" — "svjedok kaže da je on lagao" tells another's lie), reads the story as the
[testimony] `word` too. Read from the codes' definition and the thesaurus's own phrase, never from a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words
from retrieval.language.table_words import stems, word_set


@dataclass(frozen=True)
class FalseTestimony:
    """The [testimony] table: a witness's word (`persons` stems), then a verb of lying (`lied` stems) in his clause."""

    word: str = ""
    persons: tuple[str, ...] = ()
    lied: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    reported: frozenset[str] = frozenset()
    within: int = 10

    @classmethod
    def of(cls, table: dict[str, Any]) -> FalseTestimony:
        return cls(
            str(table.get("word", "")),
            stems(table, "persons"),
            stems(table, "lied"),
            word_set(table, "negations"),
            word_set(table, "reported"),
            int(table.get("within", 10)),
        )

    def reads(self, text: str) -> bool:
        """Whether `text` names a witness (or an expert, a translator, an interpreter) and then that he lied."""
        if not self.word or not self.persons or not self.lied:
            return False
        found = text_words(text)
        for i, w in enumerate(found):
            if not w.startswith(self.persons):
                continue
            for k in range(i + 1, min(i + 1 + self.within, len(found))):
                if found[k] in self.reported:
                    break
                if found[k].startswith(self.lied) and found[k - 1] not in self.negations:
                    return True
        return False
