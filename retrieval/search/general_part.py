"""A code's general part over a library: the officer's own copy of an institution before the state's (issue 31).

A criminal code is drafted in two parts: the general part (what an offence is, an attempt, instigation, necessary
defence, limitation, the sanctions) and the special part, whose chapters name the offences ("KRIVIČNA DJELA PROTIV
IMOVINE", "KAZNENA DJELA TERORIZMA"). Every level has a code of its own, each with its general part, and each
general part applies to its own code's offences: an RS officer who tells a theft and asks "šta ide onom što je
nagovarao" is answered by KZ RS "Podstrekavanje", not by the state code's twin article, which governs the state's
offences.

The twin penalty lowers the state's copy in the hand order and serves the pair's preferred copy just before it
(library_priors.py, `_own_copy_first`). The learned stage then orders the first five by each article's own evidence,
and two copies of one institution carry the same words: on the dev sets it put the state's copy first in about as
many questions as not (docs/retrieval.md, "The library's cost, eighth round"). For an offence that is the stage's
to judge — the story may tell the state's field (a foreign service, a border, refugees) that no level was named for
— but a general part's institution has no field of its own: which copy applies follows from whose offence the story
is, and the pair rule (`LibraryPriors.twins_of`: the officer's level, or the level above where the question names
it) already says that. So after the stage, among the first served, a lowered twin of the general part that stands
above its pair's preferred copy is moved to just below that copy; nothing else moves, and the same articles are
served (hit@5 cannot change).

Which articles are a code's general part is read from the code itself: those numbered before its first chapter of
the special part (a chapter whose name, or a part of it between dashes, opens with "krivična/kaznena djela"). A code
whose chapters were not parsed has no general part here, and a pair moves only when both copies are in one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from retrieval.language.normalize import fold

# A chapter of the special part: its name, or a part of it after a dash, opens with the offences' plural
# ("GLAVA XX – KRIVIČNA DJELA PROTIV IMOVINE"; the general part's "KRIVIČNO DJELO" and "ODGOVORNOST PRAVNIH LICA
# ZA KRIVIČNA DJELA" do not), matched on folded text.
_SPECIAL_CHAPTER = re.compile(r"(?:^|[–—-])\s*(?:krivicna|kaznena)\s+djela\b")
_NUMBER = re.compile(r"(\d+)\s*(.*)")


def _order_key(number: str) -> tuple[int, str]:
    """An article number as the code counts it ("208a" after "208"); unnumbered articles last."""
    m = _NUMBER.match(number.strip())
    return (int(m.group(1)), m.group(2).lower()) if m else (10**9, number)


def general_part(chapters: Sequence[str], numbers: Sequence[str], law_code: np.ndarray) -> np.ndarray:
    """Per article (index order): it stands in its code's general part — numbered before the code's first article
    of a special-part chapter. False for every article of a law with no such chapter (not a code, or its chapters
    not parsed)."""
    first: dict[int, tuple[int, str]] = {}
    keys = [_order_key(n) for n in numbers]
    for row, chapter in enumerate(chapters):
        if chapter and _SPECIAL_CHAPTER.search(fold(chapter)):
            code = int(law_code[row])
            if code not in first or keys[row] < first[code]:
                first[code] = keys[row]
    out = np.zeros(len(chapters), dtype=bool)
    for row in range(len(chapters)):
        limit = first.get(int(law_code[row]))
        out[row] = limit is not None and keys[row] < limit
    return out


def own_institution_first(
    served: Sequence[int], lowered: np.ndarray, partner: np.ndarray, general: np.ndarray
) -> list[int]:
    """The positions of `served` (article indexes, the first served in order) with each lowered twin (`lowered`,
    `LibraryPriors.twins_of`) of the general part moved to just below its pair's preferred copy (`partner`: per
    article its twin's index, -1 none) where it stood above it; both copies must be of a general part (`general`).
    Returns the new order as positions into `served`."""
    order = list(range(len(served)))
    for _ in range(len(served)):  # each pass moves one twin down; a list of five settles in a few
        at = {served[p]: n for n, p in enumerate(order)}
        moved = False
        for n, p in enumerate(order):
            twin = served[p]
            copy = int(partner[twin]) if 0 <= twin < len(partner) else -1
            m = at.get(copy, -1)
            if m > n and lowered[twin] and general[twin] and general[copy]:
                order.insert(m, order.pop(n))
                moved = True
                break
        if not moved:
            break
    return order
