"""A village's house named by the village alone, when the village is named like a town: "adresa: Lipik 45".

In the country a house has no street: the settlement's name and the house number are the address ("Lipik 45",
"Gornja Lipa 12"), and many settlements share a name with a town of `data/towns.txt` (a village and its municipality
often do). The street rules veto a town's name as a street's word ("u Tuzli 5 ljudi" is no address), so such a home
was left. It is read here, in the nominative as the place's own name, only with the evidence that a home is meant:

- an address's or a dwelling's cue right before it ("adresa", "na adresi", "prebivalište:", "stanuje u", "živi na"),
- or its town after it, set off by a comma or after "u" ("Lipik 45 u Tuzli", "Lipik 3, Lipik": a settlement and the
  municipality it lies in).

A name of one or two words: a listed town as it stands, or one with an adjective of position or size before or after
it ("Gornja Lipa", "Lipa Gornja"). A number counted after ("u Tuzli 5 ljudi", "12 dana"), a capitalised word before
the name (a person: "Marko Lipik 3") and a town followed by a number ("Tuzla 2, Zenica 1": a score) are no home.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kodeks.privacy import dwelling, lexicon
from kodeks.privacy.spans import Span
from retrieval.language.normalize import fold

_CAPITALISED = r"[A-ZČĆŠŽĐ][a-zčćšžđ]+"
_CANDIDATE = re.compile(
    rf"(?<![\w.-])(?P<name>{_CAPITALISED}(?:[ ]{_CAPITALISED})?)[ ]+(?P<number>\d{{1,4}}[a-zA-Z]?|bb)(?![\w/-])"
    r"(?![.,]\d)"
)
# An adjective of position or size that names one of two places of one name: "Gornja Lipa", "Lipa Donja".
_QUALIFIER = re.compile(r"^(?:gornj|donj|srednj|mal|velik|nov|star)(?:a|i|e|o)$")
# Right before the name: an address's label, or a word of dwelling and its preposition (folded text).
_CUE_BEFORE = re.compile(
    r"(?:(?<!\w)(?:adres\w*|prebivalist\w*|boravist\w*)(?:[ ]+(?:je|mu|joj|im|glasi))*[ ]*:?"
    rf"|(?<!\w)(?:{dwelling.LIVES}|{dwelling.STAYS}|{dwelling.SETTLED}|{dwelling.REGISTERED}|{dwelling.RESIDES})"
    r"(?:[ ]+je)?[ ]+(?:u|na))[ ]*$"  # the folded text lost its last space
)
_TOWN_AFTER = re.compile(r"^(?:[ ]*,[ ]*|[ ]+u[ ]+)(?P<town>[A-ZČĆŠŽĐ][^\W\d_]+(?:[ ][A-ZČĆŠŽĐ][^\W\d_]+)?)")
_WORD_BEFORE = re.compile(r"([^\W\d_]+)[ ]+$")

IsTown = Callable[[list[str]], int]


def _named_like_a_town(words: list[str]) -> bool:
    """One or two words naming a listed town as it stands, or such a town and an adjective of position or size."""
    folded = [fold(w) for w in words]
    if "_".join(folded) in lexicon.towns():
        return True
    if len(folded) == 2:
        first, second = folded
        return (_QUALIFIER.match(first) is not None and second in lexicon.towns()) or (
            first in lexicon.towns() and _QUALIFIER.match(second) is not None
        )
    return False


def _town_after(rest: str, is_town: IsTown) -> bool:
    m = _TOWN_AFTER.match(rest)
    if m is None:
        return False
    words = m.group("town").split()
    n = is_town([fold(w) for w in words])
    if not n:
        return False
    after = rest[m.start("town") + len(" ".join(words[:n])) :]
    return re.match(r"^[ ]*\d", after) is None  # "Tuzla 2, Zenica 1": a score, no municipality


def homes_named_by_towns(text: str, is_town: IsTown, counted: Callable[[str], bool]) -> list[Span]:
    """Spans of "Village N" (the village named like a town) with a cue before it or its town after it."""
    spans = []
    for m in _CANDIDATE.finditer(text):
        words = m.group("name").split()
        start = m.start("name")
        if not _named_like_a_town(words):
            if len(words) == 2 and _named_like_a_town(words[1:]):
                words, start = words[1:], m.start("name") + len(words[0]) + 1
            else:
                continue
        before = text[max(0, start - 60) : start]
        word_before = _WORD_BEFORE.search(before)
        if word_before and word_before.group(1)[:1].isupper():
            continue  # "Marko Lipik 3": a person's name, no village
        rest = text[m.end() :]
        if counted(rest):
            continue  # "u Tuzli 5 ljudi", "u Lipiku 12 dana": a count
        if _CUE_BEFORE.search(fold(before)) or _town_after(rest, is_town):
            spans.append(Span(start, m.end(), "ADDRESS"))
    return spans
