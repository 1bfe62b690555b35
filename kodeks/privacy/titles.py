"""A name after a ruler's or a marshal's title in the genitive is a historical person or the street, square or school
named after one ("na raskrsnici Maršala Tita i …", "u Kralja Tvrtka ispred …", "Cara Lazara", "Vojvode Putnika"),
never a citizen: no one is called by these titles in an officer's question. The street with a house number is an
address (addresses.py runs first); without one it is a public place. Where a house number stands beside it and the
address rules did not take it, the words stay as the other rules labelled them: masked, failing closed.

Only the genitive, the case of a street's name: the nominatives are surnames too ("Ivan Knez", "BAN Ivan" in a report)
— unless the title is written in lower case before a capitalised name ("kraljica Jelena", "car Dušan", "knez Lazar"):
a surname is never written in lower case before a capitalised first name, so this is the ruler (or the café, the
school, the ship named after one).
Labels as in names.py: O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

TITLES = frozenset(
    ["kralja", "kraljice", "marsala", "cara", "carice", "kneza", "kneginje", "bana", "vojvode", "sultana"]
)
# Their nominatives, taken only in lower case before a capitalised name (above).
# One name word only ("kraljica Jelena", not "kraljica Jelena Lipić": a person of today called so); not "car" and
# "vojvoda", said of a man in praise or as a nickname ("car Mujo").
NOMINATIVES = frozenset(["kralj", "kraljica", "carica", "knez", "kneginja", "ban", "sultan", "sultanija"])
_MAX_NAME_WORDS = 3  # "Kralja Petra I Karađorđevića", "Vojvode Radomira Putnika", "Bana Josipa Jelačića"
_NUMBER_BEFORE = re.compile(r"\d[a-zA-Z]?[ ]*,?[ ]*$")
_NUMBER_AFTER = re.compile(
    r"^[ ]*(?:[IVX]{1,4}\.?[ ]+)?,?[ ]*(?:(?:ku[cć]ni|кућни)[ ]+)?(?:(?:k\.?[ ]?)?br\.?|broj|број)?[ ]*(?:\d|bb\b|бб)",
    re.IGNORECASE,
)


def house_number_beside(text: str, start: int, end: int) -> bool:
    """A house number before or after the street ("22 Lipova", "… Tita 12", "… broj sedam"): then it may be someone's
    home the address rules missed, and the words stay masked as they were (failing closed)."""
    if _NUMBER_BEFORE.search(text[max(0, start - 8) : start]) or _NUMBER_AFTER.match(text[end : end + 12]):
        return True
    after = fold(text[end : end + 30]).replace(",", " ").split()
    numbers = lexicon.word_set("number_words.txt")
    if after[:1] in (["broj"], ["br"], ["br."]):
        after = after[1:]
    return bool(after) and after[0] in numbers


def names_after_titles(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels O the words after a ruler's or marshal's title in the genitive (or its nominative in lower case), unless
    a house number stands beside."""
    for j, token in enumerate(tokens[:-1]):
        nominative = (
            token.folded in NOMINATIVES
            and token.text.islower()
            and tokens[j + 1].capitalised
            and not (
                j + 2 < len(tokens) and tokens[j + 2].capitalised and gap(text, tokens[j + 1], tokens[j + 2]) == " "
            )
        )
        if not (token.folded in TITLES or nominative) or gap(text, token, tokens[j + 1]) != " ":
            continue
        lower = token.text.islower() and not nominative
        k = j + 1
        while k < len(tokens) and k - j <= _MAX_NAME_WORDS and gap(text, tokens[k - 1], tokens[k]) in (" ", " I "):
            word = tokens[k]
            if word.text.islower() != lower or word.folded in lexicon.FUNCTION_WORDS or (nominative and k > j + 1):
                break
            if k > j + 1 and lexicon.first_name(word.folded) == word.folded and labels[k] in "Ff":
                break  # "… Maršala Tita Marko Lipić": a first name in the nominative starts a person of today
            k += 1
        if k > j + 1 and not house_number_beside(text, token.start, tokens[k - 1].end):
            labels[j:k] = ["O"] * (k - j)
