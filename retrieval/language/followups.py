"""Follow-up questions in BCS: does a short message lean on the question before it, and what it carries over.

Officers ask in threads — "vozač odbio alkotest" → "a koja je kazna?" → "a ako je već jednom odbio?" —
and the later messages are not questions of their own. They open like a continuation ("a …", "i …",
"pa …", "isto za …", "šta onda"), point back with a pronoun ("za to", "oduzeti mu", "isto"), or are so
short that they can only be about the matter already on the table. Such a message is read together
with the question it follows (that question's own stand-alone form, so a third turn still knows the
first one's matter).

What counts as a follow-up is decided from closed classes of BCS words (conjunctions, pronouns,
question words: retrieval/language/data/followups.toml, each list saying what it is for), never from
the words of any particular offence; the inherited words weigh less in the search than the officer's
own (retrieval/search/followup.py), so a message wrongly taken for a follow-up is still searched mainly
for what it says. Pure text work: no index.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from retrieval.language.normalize import words
from retrieval.language.vocabulary import DATA_DIR, FOLLOWUPS_FILE

_WRITTEN = re.compile(r"\w+")  # a word as typed (letters of any script, digits)
MAX_FOLLOW_UP_WORDS = 15  # longer messages describe a matter of their own
MAX_LEANING_WORDS = 4  # content words a message may have and still be read as leaning on a pronoun or "ako"
MAX_INHERITED_WORDS = 40  # words of the earlier question(s) a stand-alone form carries
MAX_AFTER_CONJUNCTION = 3  # content words a conjunction-led statement may have and still lean on the thread


@dataclass(frozen=True)
class FollowupWords:
    """followups.toml, parsed: the closed word classes a follow-up is recognised by (what each is for: the file)."""

    openers: frozenset[str]
    conjunctions: frozenset[str]
    asking: frozenset[str]
    conditionals: frozenset[str]
    anaphora: frozenset[str]
    function_words: frozenset[str]  # the file's list with the anaphora: pronouns carry no matter either


@cache
def followup_words(path: Path | None = None) -> FollowupWords:
    """The word classes (retrieval/language/data/followups.toml, or `path`), read once."""
    data: dict[str, Any] = tomllib.loads((path or DATA_DIR / FOLLOWUPS_FILE).read_text(encoding="utf-8"))
    lists = {key: frozenset(str(w) for w in values) for key, values in data["words"].items()}
    return FollowupWords(
        openers=lists["openers"],
        conjunctions=lists["conjunctions"],
        asking=lists["asking"],
        conditionals=lists["conditionals"],
        anaphora=lists["anaphora"],
        function_words=lists["function_words"] | lists["anaphora"],
    )


def is_follow_up(question: str) -> bool:
    """True for a message that reads as a continuation of the one before (the caller knows there was one)."""
    tokens = words(question)
    if not tokens or len(tokens) > MAX_FOLLOW_UP_WORDS:
        return False
    cls = followup_words()
    first, second = tokens[0], (tokens[1] if len(tokens) > 1 else "")
    if (
        first in cls.openers
        or (first in cls.conjunctions and second in cls.asking)
        or (first in ("sta", "sto") and second == "onda")
    ):
        return True
    own = content_words(question)
    if len(own) <= 1:  # only an aspect, no matter: "koja je kazna?", "kolika?", "i?"
        return True
    if first in cls.conjunctions and len(own) <= MAX_AFTER_CONJUNCTION:
        return True
    leaning = (
        first in cls.conditionals
        or (first in ("sta", "sto") and second in cls.conditionals)
        or cls.anaphora & set(tokens)
    )
    return bool(leaning) and len(own) <= MAX_LEANING_WORDS


def content_words(text: str) -> list[str]:
    """The words of `text` that carry its matter, in order, each once (compared folded, numbers kept: "124").
    As written — diacritics and script kept — since the embedder reads them better than folded ones."""
    function_words = followup_words().function_words
    seen: dict[str, str] = {}
    for word in _WRITTEN.findall(text or ""):
        folded = "".join(words(word))
        if folded and folded not in function_words and (len(folded) > 1 or folded.isdigit()):
            seen.setdefault(folded, word)
    return list(seen.values())


def inherited_text(previous: str) -> str:
    """What a follow-up carries over: the question it follows, in its stand-alone form and as written (lay
    phrases the vocabulary knows — "ostavio ga na putu" — and diacritics the embedder reads stay whole), at most
    MAX_INHERITED_WORDS words from its start, where the thread's matter was first said."""
    kept = (previous or "").split()[:MAX_INHERITED_WORDS]
    return " ".join(kept)


def stand_alone(question: str, previous: str) -> str:
    """The follow-up as one searchable question: what it inherits, then the officer's own words."""
    carried = inherited_text(previous)
    own = " ".join(question.split())
    return f"{carried} {own}".strip() if carried else own


def same_question(a: str, b: str) -> bool:
    """Equal once case, script, diacritics, punctuation and spacing are set aside."""
    return words(a) == words(b)
