"""Three places that read like people, each shown by its own form:

- a street named in a crossroads by its possessive alone: "na raskrsnici Lipove i Kranjčevićeve", "na uglu Titove i
  Lipićeve" — a surname's possessive adjective ("-ićeva", "-ićeve") is a person's only beside the noun it agrees with
  ("Lipićeve kćerke"); in a crossroads it stands for "ulica". Not where a house number stands beside it (then it may
  be a home: titles.py's test).
- a place coordinated with a place that is never a name: "Bosna i Drina su nabujale", "Una, Sana i Vrbas" — a word
  that is both a place and a first name, alone (no surname after it), beside such a place, is a place.
- a town or a village in the genitive after "iz": "Marko Lipić iz Nikšića", "iz Hodžića" — one comes from a place,
  not from someone (place_prepositions.py reads the first names there; this the surname-shaped "-ića", the genitive
  of a town in -ić and of every village in -ići). Only one such word with no name word beside it: "iz Marka Lipića"
  stays a person.
Labels as in names.py: O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, titles
from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

_CROSSROADS = re.compile(r"^(?:raskrsnic\w*|raskrsc\w*|raskrizj\w*|krizanj\w*|ugao|uglu|ugla|kruzn\w*)$")
_STREET_POSSESSIVE = re.compile(r"(?:ic|ov|ev|in)(?:ev|ov)?(?:a|e|oj|u|om)$")
_SURNAME_POSSESSIVE = re.compile(r"ic(?:ev|eva|eve|evoj|evu|evom)$")
_REACH = 8  # words after the crossroads' word


def _crossroads_streets(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, token in enumerate(tokens):
        if not _CROSSROADS.match(token.folded):
            continue
        for k in range(j + 1, min(len(tokens), j + 1 + _REACH)):
            word = tokens[k]
            if any(c in gap(text, tokens[k - 1], word) for c in ".!?;\n"):
                break
            if (
                word.text[:1].isupper()
                and _SURNAME_POSSESSIVE.search(word.folded)
                and not titles.house_number_beside(text, word.start, word.end)
            ):
                labels[k] = "O"


# A street named by a date inside a crossroads' run ("na uglu Ulice 1. maja i Lipovčića"): the day's ordinal between
# the street's word and the month's name, which is in lower case.
_DAY_BEFORE = re.compile(r"[ ]\d{1,2}\.[ ]?")
_MONTH = re.compile(
    r"(?:januar|februar|mart|april|maj|jun|jul|august|avgust|septemb|oktob|novemb|decemb)\w*"
    r"|(?:sijecnj|veljac|ozuj|travnj|svibnj|lipnj|srpnj|kolovoz|rujn|listopad|studen|prosin)\w*"
)
_RUN_LINKS = frozenset(["i", "od", "и", "од"])  # "Zmaja od Bosne i Lipe Brezića": the words inside a crossroads' names
_CLAUSE_VERBS = frozenset(["je", "su", "se", "nije", "nisu", "ce", "ће", "је", "су"])
_COUNT_AFTER = re.compile(r"^[ ]*,[ ]*\d{1,3}[ ]+(?P<word>[^\W\d_]+)[ ]*(?:[,.;!?)]|$)")


def _crossroads_named_streets(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "na raskrsnici Zmaja od Bosne i Marka Lipića, 3 vozila": right after the crossroads' word, two streets
    coordinated by "i", each named in the genitive of its capitalised words (a person's or a people's name) — the
    crossroads is of the streets. Not when a verb follows the run (its subject: "na uglu Marko i Ana su …"), nor with a
    house number beside it (a home, failing closed) — a number set off by a comma and followed by a noun of the laws
    and the clause's end counts something ("…, 3 vozila,")."""
    for j, token in enumerate(tokens):
        if not _CROSSROADS.match(token.folded):
            continue
        run = []
        for k in range(j + 1, min(len(tokens), j + 1 + _REACH)):
            dated = _DAY_BEFORE.fullmatch(gap(text, tokens[k - 1], tokens[k])) and _MONTH.fullmatch(tokens[k].folded)
            if gap(text, tokens[k - 1], tokens[k]) != " " and not dated:
                break
            if not (tokens[k].text[:1].isupper() or tokens[k].text in _RUN_LINKS or dated):
                break
            run.append(k)
        while run and tokens[run[-1]].text in _RUN_LINKS:
            run.pop()
        links = [k for k in run if tokens[k].text in ("i", "и")]
        if len(links) != 1 or links[0] == run[0]:
            continue
        conjuncts = ([k for k in run if k < links[0]], [k for k in run if k > links[0]])
        if not all(conjuncts) or not all(tokens[c[-1]].folded.endswith(("a", "e")) for c in conjuncts):
            continue  # each street's name ends in its genitive
        last = tokens[run[-1]]
        following = run[-1] + 1
        if following < len(tokens) and tokens[following].folded in _CLAUSE_VERBS:
            continue
        if titles.house_number_beside(text, last.start, last.end):
            count = _COUNT_AFTER.match(text[last.end :])
            if count is None or not count.group("word").islower() or not lexicon.law_word(fold(count.group("word"))):
                continue
        for k in run:
            labels[k] = "O"


def _coordinated_places(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, token in enumerate(tokens):
        if labels[j] not in "FfC" or not token.text[:1].isupper() or not lexicon.is_place(token.folded):
            continue
        if j + 1 < len(tokens) and labels[j + 1] in "FSC" and gap(text, token, tokens[j + 1]) == " ":
            continue  # "Drina Lipić": a surname after it makes it a first name
        neighbours = []
        if j >= 2 and tokens[j - 1].folded in lexicon.COORDINATION and gap(text, tokens[j - 2], tokens[j - 1]) == " ":
            neighbours.append(tokens[j - 2])
        if j >= 1 and gap(text, tokens[j - 1], token).strip() == ",":
            neighbours.append(tokens[j - 1])
        if (
            j + 2 < len(tokens)
            and tokens[j + 1].folded in lexicon.COORDINATION
            and gap(text, token, tokens[j + 1]) == " "
        ):
            neighbours.append(tokens[j + 2])
        if any(
            n.text[:1].isupper() and lexicon.is_place(n.folded) and lexicon.not_a_name(n.folded) for n in neighbours
        ):
            labels[j] = "O"


def _genitive_places_after_from(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j, token in enumerate(tokens[:-1]):
        word = tokens[j + 1]
        if token.text != "iz" or gap(text, token, word) != " " or labels[j + 1] != "S" or not word.capitalised:
            continue
        if not word.folded.endswith("ica") or word.text.isupper():
            continue
        if j + 2 < len(tokens) and labels[j + 2] != "O" and gap(text, word, tokens[j + 2]) == " ":
            continue  # "iz Lipića Marka": a name beside it
        labels[j + 1] = "O"


def places_shaped_like_people(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels O the three places above."""
    _crossroads_streets(text, tokens, labels)
    _crossroads_named_streets(text, tokens, labels)
    _coordinated_places(text, tokens, labels)
    _genitive_places_after_from(text, tokens, labels)
