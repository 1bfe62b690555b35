"""An act the officer names by its article's title: the story's other expansions are its circumstances (issue 31).

"razbojništvo na kiosku …, tip ušao s nožem i tražio pare …, uzeo pazar": the officer wrote the offence's title
("Razbojništvo"), and the thesaurus also read the rest of the story ("tražio pare" → bribery, "uzeo pazar" →
embezzlement). Each of those entries adds up to a dozen legal terms, lexically and in the title field, and together
they push the titled article out of the first five. A title written whole in the question is the officer's own
reading of the story, so:

- the title is added as a legal term of its own (source "named", weight 1), as if the vocabulary had read it;
- the thesaurus's other additions, whose terms the named title does not hold, weigh `CIRCUMSTANCE_WEIGHT`: they
  still count (the story may be of two acts), but no longer as much as the act the officer named.

A question that offers an alternative ("je li to odbrana ili ubistvo", "jel ucjena il iznuda") asks which act it is:
the title it writes is one candidate, not the officer's reading, and nothing is changed.

Only titles the thesaurus itself uses as legal terms count (an offence's title as the codes word it: "razbojništvo",
"iznuda", "teška krađa"): a general part's title ("kazna", "pokušaj") in a question names no act, and neither
does a title no article of the admitted laws has. Matched on folded words, adjacent and in order (verbatim: the
officer's inflected "krađu" is the derivation's, not this).

`KODEKS_NAMED_ACT` (on; docs/retrieval.md, "Ambiguous lay phrases and a named act").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

import numpy as np

from retrieval.language.clauses import UNREALISED_WEIGHT
from retrieval.language.normalize import fold, words
from retrieval.language.vocabulary import Expansion

# What the story's other additions weigh beside a named act: the weight of a threatened act's terms (clauses.py),
# the other reading that is "told, but not the act".
CIRCUMSTANCE_WEIGHT = UNREALISED_WEIGHT


class NamedTitles:
    """Which offence titles of the admitted articles a question writes whole."""

    def __init__(self, titles: Sequence[str], legal_terms: Iterable[str]) -> None:
        """`titles`: per article row (\"\" for none); `legal_terms`: the thesaurus's legal terms (what counts as an
        act's name)."""
        acts = {tuple(words(fold(t))) for t in legal_terms}
        self._rows: dict[tuple[str, ...], list[int]] = {}
        self._title: dict[tuple[str, ...], str] = {}
        for row, title in enumerate(titles):
            key = tuple(words(fold(title)))
            if key and key in acts:
                self._rows.setdefault(key, []).append(row)
                self._title.setdefault(key, title)
        self._by_first: dict[str, list[tuple[str, ...]]] = {}
        for key in self._rows:
            self._by_first.setdefault(key[0], []).append(key)

    def named(self, text: str, mask: np.ndarray | None = None) -> list[str]:
        """The titles (as the first article holding it writes them) the text writes whole, longest first, one that
        lies inside a longer named one left out ("krađa" inside "teška krađa"); only titles an admitted article
        (`mask`) holds."""
        folded = words(fold(text))
        if any(w in ALTERNATIVE for w in folded):
            return []
        found: list[tuple[str, ...]] = []
        for at, word in enumerate(folded):
            for key in self._by_first.get(word, ()):
                if tuple(folded[at : at + len(key)]) == key and (mask is None or any(mask[r] for r in self._rows[key])):
                    found.append(key)
        found.sort(key=len, reverse=True)
        kept: list[tuple[str, ...]] = []
        for key in found:
            if key not in kept and not any(_inside(key, longer) for longer in kept):
                kept.append(key)
        return [self._title[key] for key in kept]


# Words that offer an alternative (folded): "ili", its spoken "il"
ALTERNATIVE = frozenset({"ili", "il"})


def _inside(short: tuple[str, ...], long: tuple[str, ...]) -> bool:
    return any(long[a : a + len(short)] == short for a in range(len(long) - len(short) + 1))


def read_named(expansions: list[Expansion], titles: Sequence[str]) -> list[Expansion]:
    """The expansions with the named titles added and the thesaurus's other additions lowered (module docstring)."""
    if not titles:
        return expansions
    named = [tuple(words(fold(t))) for t in titles]

    def of_named(term: str) -> bool:
        key = tuple(words(fold(term)))
        return any(_inside(key, n) or _inside(n, key) for n in named)

    out = [
        replace(e, weight=min(e.weight, CIRCUMSTANCE_WEIGHT)) if e.source == "thesaurus" and not of_named(e.adds) else e
        for e in expansions
    ]
    known = {fold(e.adds) for e in out}
    return out + [Expansion("named", fold(t), t) for t in titles if fold(t) not in known]
