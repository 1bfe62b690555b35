"""The clause of a question that asks: where an officer's story ends and the question about it begins.

An officer tells a story and then asks about it: "komšija ga napao sjekirom pa ga je udario motkom, je li to
odbrana", "ukrali mu bicikl prije šest godina, može li još prijava ili je zastarilo". The story's words name
the act (and every person and thing in it); the asking clause names what the officer wants to know — often an
institution of a code's general part (self-defence, limitation, attempt) whose title holds that very word, while
the story's words fill the first place with the offence they tell. Search reads the asking clause apart
(candidates.py: its words in an article's own title count once more, `KODEKS_ASKED_TITLE_WEIGHT`).

A part of the question (between punctuation) asks when it holds an interrogative word of the language that
only asks (`ASKING_WORDS`: "li", "jel", "zar", "šta", "zašto"), or ends with a question mark. Words that also
relate or tell are not read as asking: "ko" is also "kao", "koji" and "što" relative, "kad" temporal ("kad je
krenuo"), "kako" a conjunction or "how to" ("uči ih kako da naprave bombu"), "koliko" a comparison ("vozio 80
koliko je i ograničeno").
"""

from __future__ import annotations

import re

from retrieval.language.normalize import words

# Folded: Cyrillic and diacritics read as Latin without them ("šta" → "sta", "зар" → "zar").
ASKING_WORDS = frozenset({"li", "jel", "jeli", "zar", "sta", "zasto"})

_PARTS = re.compile(r"[^,.;:!?\n]+[,.;:!?\n]*")


def asking_clause(question: str) -> str:
    """The parts of `question` that ask (joined), each part between punctuation that holds an asking word or ends
    with "?" — "" when none does, or when every part asks: a question without a story ("koja je kazna za krađu?", a
    thread's "a je li to krivično djelo?") names its subject in the clause itself, and the title field reads it as
    it reads any question's words."""
    asked, told = [], False
    for part in _PARTS.findall(question):
        if part.rstrip().endswith("?") or ASKING_WORDS.intersection(words(part)):
            asked.append(part.strip(" ,.;:!?\n"))
        elif words(part):
            told = True
    return " ".join(p for p in asked if p) if told else ""
