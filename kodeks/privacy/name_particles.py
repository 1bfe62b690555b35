"""A foreigner's surname with its particle: "Pieter van den Berg", "Klaus von Lipe", "Maria de Lima", "Omar bin
Hasan", "Jan ter Horst". names.py finds the first name (a foreign first name, capitalised) and stops at the lower-case
particle; the particle and the capitalised word after it are the surname, so the person's span takes them.

Only after a person found without a surname, only the particles of other languages' surnames (not
"da", "di", "la", "i": words of the language — "Marko da Ivan dođe"), and only before a capitalised word that is no
function word and no place.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from retrieval.language.normalize import fold

_PARTICLES = re.compile(
    r"^[ ]+(?P<particle>(?:van|von)(?:[ ]+(?:der|den|de|dem|het))?|de|del|della|dos|du|ter|ten|al|el|bin|ibn|ben)"
    r"[ ]+(?P<surname>[A-ZÄÖÜÉ][^\W\d_]+)(?![\w])"
)


def widened(
    text: str, start: int, end: int, surname: str | None, first: str | None
) -> tuple[int, int, str | None, str | None]:
    """The person (start, end, surname, first name) with a particle and its surname after it taken in."""
    if surname is not None:
        return start, end, surname, first
    m = _PARTICLES.match(text[end:])
    if m is None:
        return start, end, surname, first
    word = fold(m.group("surname"))
    if word in lexicon.FUNCTION_WORDS or lexicon.is_place(word) or lexicon.law_word(word):
        return start, end, surname, first
    return start, end + m.end(), fold(m.group("particle") + " " + m.group("surname")), first
