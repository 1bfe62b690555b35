"""Lay phrases of one act's thesaurus entry that lie in a DIFFERENT act's phrase: an audit computed from the
thesaurus itself (issue 31; docs/retrieval.md "Ambiguous lay phrases and a named act").

"tražio pare" (bribery) was the start of "tražio pare pod prijetnjom" (robbery) and "tražio pare da ne"
(extortion): what the officer writes after the shared words decides the act, and a bare phrase written into one
act's entry reads every story that has those words as that act ("tip ušao s nožem i tražio pare" read as a bribe).
`claims` lists every such pair; tests/test_thesaurus_ambiguity.py holds the reviewed list of the phrases of two
words or more that start another act's phrase, so a new one fails the test until someone has decided whether it
names its act alone. A single word is not held to that ("udario" is its act's verb; other acts write their context
after it: "udario policajca"), nor a phrase inside another's (the shared words are the other phrase's context).
Two entries are different acts when their legal terms share none (one act written in several passes shares its
offence's title).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

Phrase = tuple[Hashable, ...]  # a lay phrase's parts, as the vocabulary matches them


@dataclass(frozen=True)
class Claim:
    """Phrase `inner` of entry `entry` lies in phrase `outer` of the different act's entry `other`."""

    entry: int
    inner: int  # index of the phrase in its entry's lay list
    other: int
    outer: int
    prefix: bool  # `inner` is the start of `outer`


def claims(entries: Sequence[tuple[Sequence[Phrase], Sequence[str]]]) -> list[Claim]:
    """Every (shorter phrase, longer phrase of a different act) pair: each entry is (its phrases' parts, its folded
    legal terms). Equal phrases in two acts' entries are not a claim of one on the other: both entries fire and
    the story is read as both acts (the ranking chooses), which is what a phrase two acts both write means."""
    legal = [frozenset(terms) for _, terms in entries]
    by_parts: dict[Phrase, list[tuple[int, int]]] = {}
    for i, (phrases, _) in enumerate(entries):
        for k, parts in enumerate(phrases):
            by_parts.setdefault(parts, []).append((i, k))
    out: list[Claim] = []
    for j, (phrases, _) in enumerate(entries):
        for m, outer in enumerate(phrases):
            n = len(outer)
            for a in range(n):
                for b in range(a + 1, n + 1):
                    if (a, b) == (0, n):
                        continue
                    for i, k in by_parts.get(outer[a:b], ()):
                        if i != j and not legal[i] & legal[j]:
                            out.append(Claim(i, k, j, m, a == 0))
    return out


def starts_of_other_acts(entries: Sequence[tuple[Sequence[Phrase], Sequence[str]]]) -> list[tuple[int, int]]:
    """(entry, phrase) of every phrase of two words or more that is the start of a different act's phrase: what the
    reviewed list holds."""
    return sorted({(c.entry, c.inner) for c in claims(entries) if c.prefix and len(entries[c.entry][0][c.inner]) > 1})
