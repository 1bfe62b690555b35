"""A first name said again in the same message, in any case: "Kod Lipe Marić … Lipa je rekla …".

A story names a person once in full, then calls them by the first name alone, often at a sentence's start where a
capital says nothing and in another case than the first mention ("Stanu" … "Stana", "Acom" … "Aca", "Mileta" …
"Mile"). The first mention, already read as a person, is the evidence: a capitalised word written the same way,
or a form of the same first name from the dictionary sharing its stem, is that person again. Only first names of
spans already found spread, so a message without a person gets no new mask (fail closed only where a name is known).
A short name restated in full right after it ("Lipko, odnosno Lipomir Brezić") is that person too.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, place_prepositions
from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

# After these a capitalised word is a place more often than a person ("iz Lipe", "u Lipi", "na Lipi").
_PLACE_PREPOSITIONS = place_prepositions.OF_PLACES_ONLY


def _stems(folded: str) -> set[str]:
    """The form and its stems; a name of the -e declension loses its -et- too ("mileta" → "mil", as "mile")."""
    out = set(lexicon.bases(folded))
    out |= {stem[:-2] for stem in list(out) if stem.endswith("et") and len(stem) >= 4}
    return out


def repeated_first_names(
    text: str, tokens: list[Token], taken: list[tuple[int, int]], named: list[tuple[Token, int]]
) -> list[tuple[Token, int]]:
    """Tokens outside `taken` that repeat a first name of `named` (token, index of its person), with that index;
    never right after a preposition of place, where the same word is a river or a village ("iz Drine")."""
    if not named:
        return []
    stems = [(token.folded, _stems(token.folded), index, token.text.isupper()) for token, index in named]
    # forms named capitalised inside a sentence: typed again in lower case, the very same form is that person
    inside = {token.folded: index for token, index in named if token.capitalised and not token.sentence_start}
    # forms named in lower case: the very same form again as its clause's subject is that person
    lower = {token.folded: index for token, index in named if token.text.islower()}
    out: list[tuple[Token, int]] = []
    for j, token in enumerate(tokens):
        if _lower_case_repeat(token, tokens[j - 1] if j else None, inside) and not any(
            start <= token.start < end for start, end in taken
        ):
            out.append((token, inside[token.folded]))
            continue
        if (
            token.text.islower()
            and token.folded in lower
            and _opens_clause_before_its_verb(text, tokens, j)
            and not any(start <= token.start < end for start, end in taken)
        ):
            out.append((token, lower[token.folded]))
            continue
        if (
            not token.capitalised
            or (j > 0 and tokens[j - 1].folded in _PLACE_PREPOSITIONS and tokens[j - 1].text.islower())
            or len(token.text) < 3
            or token.folded in lexicon.FUNCTION_WORDS
            or any(start <= token.start < end for start, end in taken)
        ):
            continue
        # the token's stems, if it is a first name of the dictionary: read once, compared with each name's
        declined_from = set(lexicon.bases(token.folded)[1:]) if lexicon.first_name(token.folded) is not None else set()
        for form, its_stems, index, upper in stems:
            if token.text.isupper() and not upper:
                continue  # "trgovina LIPA d.o.o., vlasnica Lipa Brezić": a firm in capitals, not the woman again
            if token.folded == form or declined_from & its_stems:
                out.append((token, index))
                break
    return out


# After a clause's subject: an auxiliary, "ima"/"nema" (has, an age or a thing), or a verb of saying.
_SUBJECTS_VERBS = frozenset(
    ["je", "nije", "su", "nisu", "ce", "nece", "bi", "ima", "nema", "kaze", "tvrdi", "navodi", "veli", "zna", "ne"]
)
_CLAUSE_OPENERS = frozenset(["a", "i", "ali", "pa", "dok", "jer", "da"])


def _opens_clause_before_its_verb(text: str, tokens: list[Token], j: int) -> bool:
    """ "dragana i zora su …, zora je vlasnica …": a word at its clause's start (the text's, a sentence's, after a
    comma or a conjunction) right before an auxiliary, "ima"/"nema" or a verb of saying or of persons — the clause's
    subject. Read only for a form the message already named a person by in lower case."""
    if j + 1 >= len(tokens):
        return False
    token, after = tokens[j], tokens[j + 1]
    if not (after.text.islower() and (after.folded in _SUBJECTS_VERBS or after.folded in lexicon.person_verbs())):
        return False
    if gap(text, token, after) != " ":
        return False
    if j == 0 or token.sentence_start:
        return True
    before = tokens[j - 1]
    return "," in gap(text, before, token) or (before.folded in _CLAUSE_OPENERS and gap(text, before, token) == " ")


# The words a person's genitive follows: "od X", "kod X", "za X", "protiv X", "u korist X" (in X's favour).
_PERSONS_GENITIVE_BEFORE = frozenset(["od", "kod", "za", "prema", "protiv", "korist"])


def _lower_case_repeat(token: Token, before: Token | None, inside: dict[str, int]) -> bool:
    """ "… protiv Lipe, … izjavu od lipe": the form a person was named by mid-sentence, typed again in lower case after
    a word a person's case follows (od, kod, za, protiv, and "u korist" as the laws say it) — no word of the laws or the
    officers' everyday words, no name that is itself a word (nada, vera: `ambiguous_names.txt`); a case form of a
    dictionary noun may be, since the message itself names someone by it."""
    return (
        token.text.islower()
        and token.folded in inside
        and before is not None
        and before.folded in _PERSONS_GENITIVE_BEFORE
        and len(token.text) >= 3
        and token.folded not in lexicon.FUNCTION_WORDS
        and token.folded not in lexicon.word_set("common_words.txt")
        and token.folded not in lexicon.ambiguous_names()
        and not lexicon.law_word(token.folded)
        and not lexicon.is_place(token.folded)
    )


# "Lipko, odnosno Lipomir Brezić, …": the word before a restatement is the same person by a short name.
_RESTATED = re.compile(r"(?<![\w.])([^\W\d_]{2,})[ ]*,[ ]*(?:odnosno|tj\.|to jest|zapravo|ustvari|u stvari)[ ]+$")


def names_restated(text: str, person_starts: list[int]) -> list[tuple[int, int, int]]:
    """(start, end, index of the person) of a capitalised first name (or a diminutive of one) that a restatement
    ("odnosno", "tj.", "zapravo") names in full right after it."""
    out = []
    for index, start in enumerate(person_starts):
        m = _RESTATED.search(text[max(0, start - 60) : start])
        if m is None:
            continue
        word = m.group(1)
        if word[:1].isupper() and word[1:].islower() and lexicon.first_name(fold(word)) is not None:
            offset = max(0, start - 60)
            out.append((offset + m.start(1), offset + m.end(1), index))
    return out


# A first name's possessive: "Anin", "Vedranovom", "Zdenkova" (the owner's name + -in/-ov/-ev and an ending).
_POSSESSIVE = re.compile(r"^(?P<stem>[a-z]{2,})(?P<suffix>in|ov|ev)(?:a|e|u|o|og|oga|om|oj|im|ih|ima)?$")
_NEXT_WORD = re.compile(r" ([^\W\d_]+)")
_NO_OWNED_WORDS = lexicon.FUNCTION_WORDS | _SUBJECTS_VERBS


def owners_of_possessives(text: str, people: list[tuple[int, int, str | None, str | None]]) -> dict[int, int]:
    """{index of a possessive: index of its owner} — "Ana Lipić kaže da je Anin muž …": a person span of one word
    with no identity of its own (no surname, no listed first name), the possessive of a first name another person
    span of the message has, is that person, and keeps that person's placeholder. Only an owner the message names
    is the evidence; a possessive whose owner is not named there stays a person of its own, as before."""
    out: dict[int, int] = {}
    for i, (start, end, surname, first) in enumerate(people):
        word = text[start:end]
        if surname or first or not word.isalpha():
            continue
        owned = _NEXT_WORD.match(text, end)  # the thing or the kin it owns, in lower case, right after it
        if owned is None or not owned.group(1).islower() or fold(owned.group(1)) in _NO_OWNED_WORDS:
            continue  # "Brezin je …", "Brezin i …": a name of its own, no possessive
        m = _POSSESSIVE.match(fold(word))
        if m is None:
            continue
        stem = m.group("stem")
        owners = (stem + "a",) if m.group("suffix") == "in" else (stem, stem + "o", stem + "e")
        for k, (_, _, _, owner) in enumerate(people):
            if k != i and owner in owners:
                out[i] = k
                break
    return out


# "Name (Nick) " right before a person span: one word in title case, one in brackets, a space each.
_NAME_AND_NICKNAME_BEFORE = re.compile(r"(?:^|(?<=[\s,;:]))([^\W\d_]{2,}) \(([^\W\d_]{2,})\) $")


def first_names_before_bracketed_nicknames(
    text: str, people: list[tuple[int, int, str | None, str | None]]
) -> list[tuple[int, int, str | None, str | None]]:
    """ "Ana (Anči) Lipić", "Kvarina (Kvarka) Lipić": a word in title case, a nickname in title case in brackets, then
    a person span of one word — the first name, the nickname and the surname of one person. The first name is a
    span of its own, and it and the
    surname share one identity: the surname's, with the first name's when the lists have it; the nickname is a span
    of its own with that identity, even a word of the language ("(Juli)", "(Vedo)": the frame is the evidence). The
    first word no function word, place, word of the laws or word the lists say is no name; the nickname no function
    word or place; nothing in capitals ("(ZE)" is a town's code). Other spans stay as they were."""
    out = list(people)
    for start, end, surname, _ in people:
        if " " in text[start:end]:
            continue
        m = _NAME_AND_NICKNAME_BEFORE.search(text, max(0, start - 80), start)
        if m is None or not all(g[0].isupper() and g[1:].islower() for g in m.groups()):
            continue
        word = fold(m.group(1))
        if (
            word in lexicon.FUNCTION_WORDS
            or lexicon.is_place(word)
            or lexicon.not_a_name(word)
            or lexicon.law_word_in_any_case(word)
            or fold(m.group(2)) in lexicon.FUNCTION_WORDS
            or lexicon.is_place(fold(m.group(2)))
        ):
            continue
        key = (surname or fold(text[start:end]), lexicon.first_name(word) or None)
        # "Ana" read alone, now with its surname; the nickname, even a word ("(Juli)", "(Vedo)"), with both
        out = [p for p in out if not (p[0] < m.end(2) and m.start(1) < p[1])]
        out += [(m.start(1), m.end(1), *key), (m.start(2), m.end(2), *key)]
        out = [(s, e, *key) if (s, e) == (start, end) else (s, e, a, b) for s, e, a, b in out]
    return sorted(out)
