"""Goods not declared where customs or the border is named: the codes' smuggling told by what was left undone.

The state code defines smuggling as carrying goods over the customs line while evading the measures of customs control
(KZ BiH 214 "Krijumčarenje": "ko preko carinske linije prenese robu …, izbjegavajući mjere carinske kontrole"); the
control a traveller meets at the line is the declaration of what he carries, so a story tells the evasion by the
declaration that was not made ("… ništa nije prijavio", "nisu prijavili na carini", "neprijavljeno"), with the goods
named in an earlier clause, where the smuggling entry's phrases stand whole ("nije prijavio robu", "robu mimo
carine"). A word of declaring after a negation (`negations`: right before it, or one word before), or a word that is
itself a negated declaring (`undeclared`), in a story that names customs or the border (`places`: word beginnings)
reads the story as the [customs] `word` too; read so, the declaring words are the customs declaration, and what other
phrases of those words add alone (an unregistered worker's "nije prijavljen") is not read. Read from the code's
definition and the thesaurus's own phrase, never from a question's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retrieval.language.clauses import text_words
from retrieval.language.table_words import stems, word_set


@dataclass(frozen=True)
class UndeclaredGoods:
    """The [customs] table: a negated declaration (`negations` + `declared` stems, or `undeclared` stems) and a word
    of customs or the border (`places` stems) anywhere in the story."""

    word: str = ""
    declared: tuple[str, ...] = ()
    undeclared: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    places: tuple[str, ...] = ()

    @classmethod
    def of(cls, table: dict[str, Any]) -> UndeclaredGoods:
        return cls(
            str(table.get("word", "")),
            stems(table, "declared"),
            stems(table, "undeclared"),
            word_set(table, "negations"),
            stems(table, "places"),
        )

    def reads(self, text: str) -> bool:
        """Whether `text` names customs or the border and tells a declaration not made."""
        if not self.word or not self.places or not (self.declared or self.undeclared):
            return False
        found = text_words(text)
        if not any(w.startswith(self.places) for w in found):
            return False
        return any(self._undeclared(found, i) for i in range(len(found)))

    def declaring(self, word: str) -> bool:
        """Whether `word` (folded) is a word of declaring or of a declaration not made."""
        return bool(word) and (word.startswith(self.declared) or word.startswith(self.undeclared))

    def _undeclared(self, found: list[str], i: int) -> bool:
        word = found[i]
        if self.undeclared and word.startswith(self.undeclared):
            return True
        if not self.declared or not word.startswith(self.declared):
            return False
        return any(w in self.negations for w in found[max(0, i - 2) : i])
