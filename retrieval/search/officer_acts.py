"""The officer asks what he may do: a law's provisions that name the authorised official first among its own.

An officer tells what he found and asks, in the first person, what he may or must do about it: "…, smijem li mu
odmah oduzet vozačku", "…, šta radimo s vozilom", "…, mogu li ga vratit". A traffic law writes the same matter
twice: once as the road user's rule ("Vozač ne smije da upravlja vozilom … ako je pod djelovanjem alkohola",
"Motorna vozila … moraju da imaju po dvije registarske tablice") and once as the measure the authorised official
takes ("Ovlašćeno lice … privremeno će oduzeti vozačku dozvolu", "Ovlašćeno lice isključiće iz saobraćaja vozilo
koje … nema propisane registarske tablice"). The story's words fit both; the rule holds more of them and comes first,
while what the officer asked about is the provision that names him.

- The question asks about the officer's own act (`asks_own_act`) when its asking clause (asking.py: the part that
  asks, in a question that also tells) holds a first-person present form of a verb of permission, ability,
  obligation or need (smjeti, moći, morati, trebati) or of doing or proceeding (raditi, postupiti) — the teller is
  the one who acts.
- An untitled article names the authorised official (`names_official`) when its opening sentence (the sentence
  that stands for its title) holds the law's term for him: "ovlašćeno (službeno) lice", "ovlaštena službena osoba",
  "policijski službenik", in any case form. A titled article (a criminal code's) is named by its title, never by such
  a term: the criminal codes' offences against or by officials are acts, not the officer's measures.

Among the first served (`officials_first`), within each law's own slots the articles that name the official come
first, in their served order, then that law's others; an article of another law keeps its place, and the same
articles are served: hit@5 cannot change. docs/retrieval.md, "The first article within one code: the officer's own
act asked (issue 31)".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from retrieval.language.asking import asking_clause
from retrieval.language.normalize import fold, words

# First-person present forms (singular, plural; ijekavian and ekavian), folded: smjeti, moći, morati, trebati, raditi,
# postupiti — the verbs with which one asks what he may, can, must or is to do.
FIRST_PERSON = frozenset(
    {
        "smijem",
        "smijemo",
        "smem",
        "smemo",
        "mogu",
        "mozemo",
        "moram",
        "moramo",
        "trebam",
        "trebamo",
        "radim",
        "radimo",
        "postupim",
        "postupimo",
    }
)

# The laws' term for the authorised official, folded (ovlašćeno / ovlašteno / ovlaštena … lice / osoba; a police
# officer), in any case form.
_OFFICIAL = re.compile(r"\bovlas\w*\s+(?:sluzben\w*\s+)?(?:lic|osob)\w*|\bpolicijsk\w*\s+sluzbenik\w*")


def asks_own_act(question: str) -> bool:
    """Whether the question's asking clause asks in the first person what the teller may or must do."""
    return bool(FIRST_PERSON.intersection(words(asking_clause(question))))


def names_official(opening: str) -> bool:
    """Whether an untitled article's opening sentence names the authorised official."""
    return bool(_OFFICIAL.search(fold(opening)))


def officials_first(laws: Sequence[int], official: Sequence[bool]) -> list[int]:
    """The served order (positions into the first served; `laws`: each one's law, `official`: whether it names the
    authorised official): within each law's own slots its official's articles first, in their served order."""
    order = list(range(len(laws)))
    for law in dict.fromkeys(laws):
        slots = [i for i, code in enumerate(laws) if code == law]
        ranked = [i for i in slots if official[i]] + [i for i in slots if not official[i]]
        for slot, i in zip(slots, ranked, strict=True):
            order[slot] = i
    return order
