"""Words of a question with their offsets, folded for matching ("Markoviću", "markovicu", "Марковићу"
all fold to "markovicu"), and whether each starts a sentence (a capital there says nothing)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from retrieval.language.normalize import fold

WORD = re.compile(r"[^\W\d_]+", re.UNICODE)  # a run of letters: every rule that reads words reads these
# Where a clause ends for the rules that read back to its start (an institution's name, its phone).
CLAUSE_END = re.compile(r"[.!?;\n]")
_SENTENCE_END = set(".!?:;\n\"'„“”«»()–—")


@dataclass(frozen=True)
class Token:
    start: int
    end: int
    text: str
    sentence_start: bool
    initial: bool = False  # a single letter followed by a full stop ("M. Marković")

    @cached_property
    def folded(self) -> str:
        return fold(self.text)

    @property
    def capitalised(self) -> bool:
        """ "Marko", "MARKO" (officers type names in capitals too), not "marko" or "mArko"."""
        return self.text[0].isupper() and (self.text[1:].islower() or (self.text.isupper() and len(self.text) > 2))


def words(text: str) -> list[Token]:
    tokens = []
    for match in WORD.finditer(text):
        before = text[: match.start()].rstrip()
        tokens.append(
            Token(
                match.start(),
                match.end(),
                match.group(),
                not before or before[-1] in _SENTENCE_END,
                text[match.end() : match.end() + 1] == ".",
            )
        )
    return tokens


def gap(text: str, left: Token, right: Token) -> str:
    """What stands between two tokens (" ", "-", ", " …)."""
    return text[left.end : right.start]
