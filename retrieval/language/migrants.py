"""Migrants named where they are carried or hidden, or at the border: the codes' smuggling of people told by its parts.

The state code defines the offence by what is done with the people and where (KZ BiH 189 "Krijumčarenje ljudi": "Ko …
nedozvoljeno prevede ili omogući prevođenje jednog ili više migranata ili drugih lica preko državne granice", and "Ko
vrbuje, preveze, sakrije, pruži zaštitu ili na drugi način omogući boravak krijumčarenih lica"): migrants and a
carrying over the border, a transport or a hiding. The thesaurus writes the form as phrases ("migranti u kombiju",
"prevozio migrante", "migranti u gepeku"); a story names the vehicle, the crossing and a number between ("na prelazu u
kamionu … našli 12 migranata", "kombi sa 6 migranata"), and nothing was read — the vehicle and the driver then read
as the traffic law's. A word of migrants (`persons`: word beginnings) in a story that also names the border or a
crossing (`places`), a vehicle that carries people or freight (`vehicles`), or a verb of carrying over, transporting
or hiding (`carried`, not right after a negation) reads the story as the [migrants] `word` too. Read from the code's
definition and the thesaurus's own phrase, never from a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words
from retrieval.language.table_words import stems, word_set


@dataclass(frozen=True)
class CarriedMigrants:
    """The [migrants] table: a migrant's word (`persons` stems) and, anywhere in the story, the border or a crossing
    (`places`), a vehicle (`vehicles`) or a verb of carrying or hiding (`carried`, not negated)."""

    word: str = ""
    persons: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    vehicles: tuple[str, ...] = ()
    carried: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()

    @classmethod
    def of(cls, table: dict[str, Any]) -> CarriedMigrants:
        return cls(
            str(table.get("word", "")),
            stems(table, "persons"),
            stems(table, "places"),
            stems(table, "vehicles"),
            stems(table, "carried"),
            word_set(table, "negations"),
        )

    def reads(self, text: str) -> bool:
        """Whether `text` names migrants and the border, a crossing, a vehicle, or their carrying or hiding."""
        if not self.word or not self.persons:
            return False
        found = text_words(text)
        if not any(w.startswith(self.persons) for w in found):
            return False
        for i, w in enumerate(found):
            if self.places and w.startswith(self.places):
                return True
            if self.vehicles and w.startswith(self.vehicles):
                return True
            if self.carried and w.startswith(self.carried) and (i == 0 or found[i - 1] not in self.negations):
                return True
        return False
