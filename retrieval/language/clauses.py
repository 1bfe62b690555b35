"""Clauses of a story that say what is threatened or avoided, not what was done.

A story's offence is the act done; a clause "da" + future or "da" + pronoun + "ne" says what someone threatens
or wants to prevent: "traži 500 KM da mu ne zapali lokal" (extortion, not arson), "prijeti da će ga zaklati"
(a threat, not a murder), "otima se da ga ne strpamo u auto" (resisting, not abduction). The vocabulary reads
such a clause's words as any other and adds the legal term of the threatened act; `Vocabulary.expand` weighs
the terms that only such a clause triggers less (`UNREALISED_WEIGHT`), and reads a future offence said to someone
as a threat (the thesaurus's `[threat]`: what a word of threatening adds). Read from the grammar of the clause
(a conjunction, clitics, a future auxiliary or a negation), never from the words of the act.
"""

from __future__ import annotations

import re

from retrieval.language.normalize import fold

# How much a legal term counts when only a threatened or avoided act triggered it (a term the rest of the
# message also triggers keeps its full weight).
UNREALISED_WEIGHT = 0.25

# The future auxiliary, also negated ("neće"), folded: "da će ga ubiti", "da neće platiti".
_FUTURE = frozenset({"ce", "cu", "ces", "cemo", "cete", "nece", "necu", "neces", "necemo", "necete"})
# Short pronoun forms that stand between "da" and the verb ("da mu ne", "da ga ne", "da se ne").
_PRONOUNS = frozenset(
    {"mu", "ga", "joj", "ju", "je", "ih", "im", "me", "te", "mi", "ti", "nam", "vam", "se", "nas", "vas"}
)
# Words that open another clause: the threatened act ends there ("da će ga ubiti, a onda …").
_CLAUSE_WORDS = frozenset({"a", "ali", "pa", "nego", "vec", "jer", "kad", "kada", "ako", "dok", "da", "posto"})
# The past auxiliary: after a threatened act's verb it opens a clause of an act done ("… ju je udario").
_PAST = frozenset({"je", "su", "sam", "si", "smo", "ste"})
_SEGMENT = re.compile(r"[^,.;:!?\n]+")
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def unrealised_spans(text: str) -> list[tuple[int, int]]:
    """Where the clauses of `text` that say a threatened or avoided act stand: (start, end) in `text_words`.

    "da" + (pronoun clitics) + a future auxiliary: "da će ga zaklati", "da ce me zaklat";
    "da" + at least one pronoun clitic + "ne": "da mu ne zapali", "da ga ne strpamo". Not "da li" (a
    question), not "da ne" without a pronoun ("vidjeli da ne nosi kacigu" states what is done), not "da nije"
    (a negated past is a fact). The clause runs to the end of its segment, the next clause word or a past
    auxiliary after its verb."""
    return [(a, b) for a, b, _ in _clauses(text)]


def threatens(text: str) -> bool:
    """Whether `text` has a clause of a future act ("da će ga zaklati"): said to someone, that is a threat."""
    return any(future for _, _, future in _clauses(text))


def avoided(text: str) -> list[str]:
    """The words of each clause of an avoided act in `text` ("mu ne razbiju lokal" of "… da mu ne razbiju lokal"),
    without its "da": what someone wants not to happen — with a demand for money, the harm the payer buys off
    (`Vocabulary.expand`)."""
    found = text_words(text)
    return [" ".join(found[a + 1 : b]) for a, b, future in _clauses(text) if not future]


def _clauses(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, whether the act is future) of each threatened or avoided clause (`unrealised_spans`)."""
    spans: list[tuple[int, int, bool]] = []
    at = 0
    for segment in _SEGMENT.findall(fold(text)):
        found = _WORD.findall(segment)
        i = 0
        while i < len(found):
            if found[i] != "da":
                i += 1
                continue
            j = i + 1
            pronouns = 0
            while j < len(found) and found[j] in _PRONOUNS:
                pronouns += 1
                j += 1
            future = j < len(found) and found[j] in _FUTURE
            avoided = pronouns > 0 and j < len(found) and found[j] == "ne"
            if not (future or avoided):
                i += 1
                continue
            end = _clause_end(found, j + 1)
            spans.append((at + i, at + end, future))
            i = end
        at += len(found)
    return spans


def _clause_end(found: list[str], head: int) -> int:
    """Where a clause whose verb stands at or after `head` ends: a clause word, or a past auxiliary after its verb
    ("da će je zaklati ju je udario": a finished act begins at "ju je"), with the pronouns before that auxiliary."""
    end = head
    while end < len(found) and found[end] in _PRONOUNS:
        end += 1  # the clause's own pronouns ("da će ga ubiti")
    end += 1  # its verb
    while end < len(found) and found[end] not in _CLAUSE_WORDS:
        if found[end] in _PAST:
            start = end
            while start > head and found[start - 1] in _PRONOUNS:
                start -= 1
            return start
        end += 1
    return min(end, len(found))


def text_words(text: str) -> list[str]:
    """The folded words of `text` in the order `unrealised_spans` counts them."""
    return [w for segment in _SEGMENT.findall(fold(text)) for w in _WORD.findall(segment)]


def without_unrealised(text: str) -> str | None:
    """`text` with each threatened or avoided clause replaced by "da" (no lay phrase reaches over it); None when
    the text has no such clause."""
    return with_clauses_as_da(text, unrealised_spans(text))


def with_clauses_as_da(text: str, spans: list[tuple[int, int]]) -> str | None:
    """`text`'s words (`text_words`) with each span of words replaced by "da", so that no lay phrase reaches over
    it; a span that starts inside one replaced already is left out. None when there is no span."""
    if not spans:
        return None
    found = text_words(text)
    out: list[str] = []
    at = 0
    for start, end in spans:
        if start < at:
            continue
        out += [*found[at:start], "da"]
        at = end
    return " ".join(out + found[at:])


def threatened(text: str) -> list[str]:
    """The words of each clause of a future act in `text` ("ce zeni reci" of "… da će ženi reći"), without its "da":
    what someone says he will do — said to someone, a threat (`threatens`)."""
    found = text_words(text)
    return [" ".join(found[a + 1 : b]) for a, b, future in _clauses(text) if future]
