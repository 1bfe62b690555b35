"""A capitalised word inside a sentence right before an age said as words: "najmlađe Ali star dvije godine", "sin
Mirza, star 5 godina", "kćerka Lea stara osam mjeseci". Only a person (or a pet, failing closed) has an age so said;
names.py's `_names_before_ages` reads the bracket and comma forms ("Dino (19)", "Lejla, 17 godina") for listed
names only.

A first name of any list (an everyday word too: the age decides), or a function word written with a capital inside a
sentence ("Ali": a conjunction never is); not any other capitalised word ("Most star 400 godina"), not a place.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token
from retrieval.language.normalize import fold

_AGE = re.compile(
    r"^,?[ ]+star[aioe]?[ ]+(?:\d{1,3}|[^\W\d_]+(?:[ ]+[^\W\d_]+)?)[ ]+(?:godin\w*|mjesec\w*|mjesec|dan[a]?)(?!\w)",
    re.IGNORECASE,
)


def _number(words: str) -> bool:
    numbers = lexicon.word_set("number_words.txt")
    return all(w in numbers for w in words.split())


def names_before_spoken_ages(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels F a capitalised word inside a sentence right before "star/stara N godina"."""
    for j, token in enumerate(tokens):
        if not token.capitalised or token.sentence_start or token.text.isupper() or labels[j] in "FS":
            continue
        m = _AGE.match(text[token.end :])
        if m is None:
            continue
        amount = re.sub(r"(?i)^,?[ ]+star[aioe]?[ ]+", "", m.group()).rsplit(" ", 1)[0]
        if not (amount.isdigit() or _number(fold(amount))):
            continue
        folded = token.folded
        named = lexicon.first_name(folded) is not None or folded in lexicon.foreign_names()
        if (named or folded in lexicon.FUNCTION_WORDS) and not lexicon.is_place(folded):
            labels[j] = "F"
