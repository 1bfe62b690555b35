"""Names that names.py's first reading takes for other words, each with its evidence beside it:

- a surname shaped like an adjective ("-ni", "-ski" …) right after a capitalised first name: "Youssef Amrani",
  "Ana Lipni" — names.py drops a capitalised "-ni" word as an adjective ("Ustavni"); after a first name, when no law,
  dictionary or list of places has the word, it is the surname.
- the same surname written first, right before a capitalised first name: "Amrani Youssef, pasoš …" (twenty-fifth
  round).
- a name shaped like a neuter adjective ("-sko", "-no") after a masculine demonstrative: "onaj Jasko", "taj Brano" —
  "onaj" cannot agree with a neuter adjective, so the word is a name (name_context's demonstrative rule reads the
  other capitalised words).
- a weak first name at a sentence's start with an unknown capitalised word and a verb of saying after them: "Vesna
  Zima tvrdi …", "Nada Vrana kaže …" — the first name and a surname that is a word (name_context takes the surname's
  nominative in a consonant only).
Labels as in names.py: F first name, S surname.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

_ADJECTIVE_SHAPE = re.compile(r"(?:sk|čk|ck|šk|čn|n)(?:i|a|e|o)$")
_MASCULINE_DEMONSTRATIVES = frozenset(["onaj", "taj", "ovaj", "izvjesni", "neki"])
_NEUTER_SHAPE = re.compile(r"(?:sk|ck|sk|n)o$")
_SAYING = frozenset(
    [
        "tvrdi", "kaze", "kazuje", "navodi", "izjavljuje", "prijavljuje", "trazi", "mole", "moli", "pita", "zali",
        "prica", "veli", "govori", "prijeti", "tvrdila", "tvrdio", "rekla", "rekao", "izjavila", "izjavio",
        "navela", "naveo", "prijavila", "prijavio",
    ]
)  # fmt: skip


def _unknown(token: Token) -> bool:
    folded = token.folded
    return not (
        lexicon.law_word_in_any_case(folded)
        or lexicon.dictionary_word(folded)
        or lexicon.is_place(folded)
        or lexicon.not_a_name(folded)
        or folded in lexicon.FUNCTION_WORDS
    )


def _beside_a_first_name(text: str, before: Token, token: Token, surname: Token) -> bool:
    """Whether two capitalised words stand side by side and `surname` (one of them; the other is a first name) is
    shaped like an adjective, is not written in capitals and is no word of the laws, the dictionary or the places."""
    return (
        before.capitalised
        and token.capitalised
        and not surname.text.isupper()
        and gap(text, before, token) == " "
        and bool(_ADJECTIVE_SHAPE.search(surname.folded))
        and _unknown(surname)
    )


def adjective_shaped_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels the three forms above."""
    for j in range(1, len(tokens)):
        token, before = tokens[j], tokens[j - 1]
        if labels[j] == "O" and labels[j - 1] == "F" and _beside_a_first_name(text, before, token, token):
            labels[j] = "S"  # "Youssef Amrani"
        elif labels[j - 1] == "O" and labels[j] == "F" and _beside_a_first_name(text, before, token, before):
            labels[j - 1] = "S"  # "Amrani Youssef": the surname first, as records write it
        elif (
            labels[j] == "O"
            and before.folded in _MASCULINE_DEMONSTRATIVES
            and before.text.islower()
            and token.capitalised
            and not token.text.isupper()
            and not token.sentence_start
            and gap(text, before, token) == " "
            and _NEUTER_SHAPE.search(token.folded)
            and _unknown(token)
        ):
            labels[j] = "F"  # "onaj Jasko"
    for j in range(len(tokens) - 2):
        first, surname, verb = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            labels[j] == "f"
            and first.sentence_start
            and first.capitalised
            and first.folded in lexicon.listed_first_names()
            and labels[j + 1] == "C"
            and gap(text, first, surname) == " "
            and gap(text, surname, verb) == " "
            and verb.folded in _SAYING
            and _unknown(surname)
        ):
            labels[j], labels[j + 1] = "F", "S"  # "Vesna Zima tvrdi"
