"""Follow-up questions in BCS: does a short message lean on the question before it, and what it carries over.

Officers ask in threads — "vozač odbio alkotest" → "a koja je kazna?" → "a ako je već jednom odbio?" —
and the later messages are not questions of their own. They open like a continuation ("a …", "i …",
"pa …", "isto za …", "šta onda"), point back with a pronoun ("za to", "oduzeti mu", "isto"), or are so
short that they can only be about the matter already on the table. Such a message is read together
with the question it follows (that question's own stand-alone form, so a third turn still knows the
first one's matter).

What counts as a follow-up is decided from closed classes of BCS words (conjunctions, pronouns,
question words), never from the words of any particular offence; the inherited words weigh less in
the search than the officer's own (retrieval/search/followup.py), so a message
wrongly taken for a follow-up is still searched mainly for what it says. Pure text work: no index.
"""

from __future__ import annotations

import re

from retrieval.language.normalize import words

_WRITTEN = re.compile(r"\w+")  # a word as typed (letters of any script, digits)
MAX_FOLLOW_UP_WORDS = 15  # longer messages describe a matter of their own
MAX_LEANING_WORDS = 4  # content words a message may have and still be read as leaning on a pronoun or "ako"
MAX_INHERITED_WORDS = 40  # words of the earlier question(s) a stand-alone form carries

# A short message opening with one of these is a continuation ("isto za suvozača", "takođe i za kamion") …
OPENERS = frozenset(["isto", "takodje", "takodjer", "inace"])
# … and one opening with a conjunction that goes straight on to a question word or a conditional
# ("a ako je imao nož?", "a koja je kazna?", "i šta onda?", "pa ko plaća?"). "A" before a statement ("a ukrali su
# mi auto ispred kuće") tells a new matter as often as not: it counts only as a weaker sign, below.
CONJUNCTIONS = frozenset(["a", "i", "pa"])
ASKING = frozenset(
    [
        "ako",
        "sta",
        "sto",
        "koja",
        "koji",
        "koje",
        "koju",
        "kojem",
        "kojoj",
        "kolika",
        "koliki",
        "koliko",
        "kolike",
        "kakva",
        "kakav",
        "kakvo",
        "kakve",
        "ko",
        "tko",
        "kome",
        "koga",
        "kad",
        "kada",
        "gdje",
        "zasto",
        "kako",
        "da",
        "li",
        "je",
        "jel",
        "jeli",
        "moze",
        "mogu",
        "smije",
        "smijem",
        "treba",
        "onda",
        "dok",
    ]
)
# Weaker signs — a conditional or "dok" at the start ("ako je maloljetan?", "šta ako je pobjegao?"), a pronoun
# pointing back ("oduzeti mu vozačku") or a conjunction before a statement — count only in a message with few
# content words of its own: "ako neko provali u stan dok nema nikoga, šta je to?" is a question of its own.
CONDITIONALS = frozenset(["ako", "dok"])
MAX_AFTER_CONJUNCTION = 3  # content words a conjunction-led statement may have and still lean on the thread
# Pronouns and pro-forms that point back at something said before ("kazna za to", "oduzeti mu vozačku").
ANAPHORA = frozenset(
    [
        "to",
        "tome",
        "toga",
        "tom",
        "taj",
        "tu",
        "ta",
        "tog",
        "tim",
        "ti",
        "te",
        "ovo",
        "ovoga",
        "ovome",
        "ovaj",
        "ova",
        "ovog",
        "ovom",
        "tako",
        "takvo",
        "takav",
        "takva",
        "takvom",
        "ga",
        "mu",
        "joj",
        "ju",
        "ih",
        "im",
        "njega",
        "njemu",
        "nju",
        "njoj",
        "njih",
        "njima",
        "on",
        "ona",
        "oni",
        "one",
        "ono",
        "njegov",
        "njegova",
        "njegovo",
        "njen",
        "njena",
        "njihov",
        "njihova",
        "isti",
        "ista",
        "isto",
        "tamo",
        "tada",
        "onaj",
        "onog",
        "onoga",
        "onom",
        "onome",
    ]
)
# Words that carry no matter of their own: function words, question words, auxiliaries, the pro-forms.
FUNCTION_WORDS = (
    frozenset(
        [
            "a",
            "ako",
            "ali",
            "bi",
            "bih",
            "bila",
            "bilo",
            "bio",
            "biti",
            "bice",
            "da",
            "do",
            "dok",
            "i",
            "iz",
            "ja",
            "je",
            "jer",
            "jos",
            "k",
            "kad",
            "kada",
            "kako",
            "koja",
            "koje",
            "koji",
            "kojoj",
            "kojom",
            "koju",
            "kao",
            "li",
            "ma",
            "me",
            "mi",
            "na",
            "nad",
            "ne",
            "neki",
            "neko",
            "nesto",
            "ni",
            "nije",
            "niti",
            "o",
            "od",
            "pa",
            "pod",
            "po",
            "pri",
            "s",
            "sa",
            "se",
            "si",
            "sta",
            "sto",
            "su",
            "sam",
            "smo",
            "ste",
            "u",
            "uz",
            "vi",
            "za",
            "zar",
            "zasto",
            "gdje",
            "kuda",
            "koliko",
            "kolika",
            "koliki",
            "kolike",
            "kakva",
            "kakav",
            "kakvo",
            "kakve",
            "ko",
            "tko",
            "cu",
            "ces",
            "ce",
            "cemo",
            "cete",
            "hocu",
            "moze",
            "mogu",
            "moram",
            "mora",
            "treba",
            "smije",
            "smijem",
            "sme",
            "smem",
            "jel",
            "jeli",
            "e",
            "eto",
            "evo",
            "onda",
            "inace",
            "takodje",
            "takodjer",
            "bas",
            "ipak",
            "zna",
            "znam",
            "dakle",
            "hm",
            "ok",
            "okej",
            "molim",
            "hvala",
            "sad",
            "sada",
            "vec",
            "uopste",
            "ovdje",
        ]
    )
    | ANAPHORA
)


def is_follow_up(question: str) -> bool:
    """True for a message that reads as a continuation of the one before (the caller knows there was one)."""
    tokens = words(question)
    if not tokens or len(tokens) > MAX_FOLLOW_UP_WORDS:
        return False
    first, second = tokens[0], (tokens[1] if len(tokens) > 1 else "")
    if (
        first in OPENERS
        or (first in CONJUNCTIONS and second in ASKING)
        or (first in ("sta", "sto") and second == "onda")
    ):
        return True
    own = content_words(question)
    if len(own) <= 1:  # only an aspect, no matter: "koja je kazna?", "kolika?", "i?"
        return True
    if first in CONJUNCTIONS and len(own) <= MAX_AFTER_CONJUNCTION:
        return True
    leaning = first in CONDITIONALS or (first in ("sta", "sto") and second in CONDITIONALS) or ANAPHORA & set(tokens)
    return bool(leaning) and len(own) <= MAX_LEANING_WORDS


def content_words(text: str) -> list[str]:
    """The words of `text` that carry its matter, in order, each once (compared folded, numbers kept: "124").
    As written — diacritics and script kept — since the embedder reads them better than folded ones."""
    seen: dict[str, str] = {}
    for word in _WRITTEN.findall(text or ""):
        folded = "".join(words(word))
        if folded and folded not in FUNCTION_WORDS and (len(folded) > 1 or folded.isdigit()):
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
