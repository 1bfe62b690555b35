"""Names shown by the words officers put before them, not by the name's own shape: "gospodin brkan", "gđa Kos",
"osoba imenom sead brkan", "zove se brkan tarik", "prezime mu je lendo", "lik zvani crni" — and a surname no list
has right after a listed first name in lower case ("tarik brkan", "haris salkan").

Such a cue is strong evidence: what follows it is a name even when no list has the word and it is written in
lower case, so the words after it need only not be words of the language that the cue is often followed by
("kako se zove prekršaj", "imenom i prezimenom", "ime i prezime roditelja", "gospodin policajac"). A nickname
cue (zvani, zv., nadimak, alias) is followed by a word of the language often ("zvani crni", "zvani mali"):
only function words are refused there. Labels as in names.py: F first name, S surname, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon, name_pairs
from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

# One word that a name follows: titles (gospodin, gđa, g. …) and "imenom" / "prezimena" …
_TITLES = frozenset(
    [
        "gospodin",
        "gospodina",
        "gospodinu",
        "gospodinom",
        "gdin",
        "gosp",
        "gospodja",
        "gospodje",
        "gospodju",
        "gospodji",
        "gospodjom",
        "gdja",
        "gdju",
        "gdji",
        "gospodjica",
        "gospodjicu",
        "gospodjici",
        "gdjica",
        "gdica",
        "imenom",
        "imena",
        "prezimenom",
        "prezimena",
    ]
)
# A verb of naming before or after "se": "zove se X", "se zove X", "zvao se X", "zovu ga X".
_NAMING_VERBS = frozenset(["zove", "zovu", "zovem", "zvao", "zvala", "zvali", "preziva", "prezivao", "prezivala"])
_NAMING_CLITICS = frozenset(["se", "ga", "je", "mu", "joj"])
# The one named, before the verb of naming: a clitic or a relative pronoun ("ga zovu X", "koju zovu X").
_NAMED_OBJECTS = frozenset(["ga", "ju", "ih", "kojeg", "kojega", "koju"])  # not "koga": a question ("koga zovu …?")
# "ime mu je X", "prezime: X", "po imenu X".
_NAME_NOUNS = frozenset(["ime", "prezime", "imenu", "nadimak"])
# A record's field for a parent or a guardian ("otac:", "ime majke:", "staratelj:"): with its colon, a name follows.
_PARENT_FIELDS = frozenset(["otac", "oca", "majka", "majke", "staratelj", "starateljica", "roditelj", "roditelja"])
# One caller ("zove je X", "zvao ga je X") names nobody unless X is written or listed as a name: a nickname is what
# people call someone ("zovu ga kobra"); what one person calls another in lower case is name-calling.
_ONE_CALLER = frozenset(["zove", "zovem", "zvao", "zvala"])
_CALLED = _NAMED_OBJECTS | {"je"}  # the one called: "zove je …", "zove ga …"
_NICKNAME_CUES = frozenset(["zvani", "zvana", "zvanog", "zvanom", "zv", "nadimka", "nadimkom", "alias"])
# After a cue these say the name is not known: "osoba po imenu nepoznata", "NN lice".
_UNKNOWN = frozenset(["nepoznat", "nepoznata", "nepoznato", "nepoznatog", "nn", "neko", "nekako", "isto"])
_MAX_NAME_WORDS = 2
_ABBREVIATED = frozenset(["g", "gosp", "gdin", "gdja", "gdjica", "gdica", "zv", "rodj"])


# A woman's maiden name: "rođena Lipa", "djevojačko Zrnić", "rođ. Hrast", "djevojačko prezime Lipa" — a capitalised
# word must follow ("rođena u Tuzli", "rođena je 1990." name nothing).
MAIDEN_CUES = frozenset(["rodjena", "rodena", "rodj", "djevojacko", "djevojackog", "djevojacki"])


def _maiden_cue_end(text: str, tokens: list[Token], j: int) -> int | None:
    k = j + 1
    while k < len(tokens) and tokens[k].folded in ("prezime", "prezimena"):
        k += 1
    if tokens[j].folded == "rodj" and not gap(
        text, tokens[j], tokens[j + 1] if j + 1 < len(tokens) else tokens[j]
    ).startswith("."):
        return None  # the abbreviation only with its full stop
    if k < len(tokens) and tokens[k].text[:1].isupper() and not tokens[k].text[1:2].isdigit():
        return k
    return None


def _cue_end(text: str, tokens: list[Token], j: int) -> tuple[int, bool] | None:
    """If a cue ends at token `j`: the index of the first word after it and whether it is a nickname cue."""
    word = tokens[j].folded
    if word in MAIDEN_CUES and j + 1 < len(tokens):
        maiden = _maiden_cue_end(text, tokens, j)
        return None if maiden is None else (maiden, False)
    if word in _NICKNAME_CUES:
        return j + 1, True
    if word in _PARENT_FIELDS and j + 1 < len(tokens) and gap(text, tokens[j], tokens[j + 1]).strip() == ":":
        return j + 1, False  # a pasted record's field: "otac: HAMDIJA", "ime majke: Zehra"
    if word in _TITLES:
        if word in ("imena", "prezimena") and not (
            j > 0
            and (tokens[j - 1].folded in ("po", "osoba", "lice") or tokens[j - 1].folded in lexicon.person_words())
        ):
            return None  # "ime i prezime", "imena osobe": the law's words; "osoba imena Zehra" is a cue
        return j + 1, False
    if (
        tokens[j].text in ("g", "г")
        and j + 1 < len(tokens)
        and gap(text, tokens[j], tokens[j + 1]) == ". "
        and tokens[j + 1].text[:1].isupper()
        and not text[: tokens[j].start].rstrip(" ")[-1:].isdigit()
        and text[: tokens[j].start].rstrip(" ")[-1:] not in ("\n", ".")
        and not lexicon.law_word(tokens[j + 1].folded)
    ):
        return j + 1, False  # "g. Brkan" (not "5 g. droge", nor a heading "г. Поступак по жалби")
    if word in _NAMING_VERBS and j + 1 < len(tokens) and tokens[j + 1].folded in _NAMING_CLITICS:
        if word in _ONE_CALLER and tokens[j + 1].folded in _CALLED and not _a_name_at(tokens, j + 2):
            return None  # "zove je glupača": one person calling another a word is an insult, not a name
        return j + 2, False  # "zove se brkan tarik"
    if word == "se" and j + 1 < len(tokens) and tokens[j + 1].folded in _NAMING_VERBS:
        return j + 2, False  # "svjedokinja se zove nermina"
    if word in _NAMED_OBJECTS and j + 1 < len(tokens) and tokens[j + 1].folded in ("zove", "zovu", "zovemo"):
        return j + 2, False  # "onaj što ga zovu Kobra", "mladić kojeg zovu Jazavac": the one named before the verb
    if word in _NAME_NOUNS:
        if word == "imenu" and not (j > 0 and tokens[j - 1].folded == "po"):
            return None
        k = j + 1
        while k < len(tokens) and tokens[k].folded in ("mu", "joj", "je", "njegovo", "njeno", "njezino"):
            k += 1
        after = gap(text, tokens[k - 1], tokens[k]) if k < len(tokens) else ""
        dictated = (  # "prezime lipić ime jasna rođena …": a form dictated without its colons
            word == "ime"
            and k == j + 1 < len(tokens)
            and after == " "
            and lexicon.first_name(tokens[k].folded) == tokens[k].folded  # a first name in its nominative
        ) or (  # "ime dragan prezime lipić …", "prezime lipić ime jasna …": the surname of a name so dictated
            word == "prezime"
            and k == j + 1 < len(tokens)
            and after == " "
            and (
                (j >= 2 and tokens[j - 2].folded == "ime" and _dictated_first_name(text, tokens, j - 1))
                or (k + 2 < len(tokens) and tokens[k + 1].folded == "ime" and _dictated_first_name(text, tokens, k + 2))
            )
        )
        if word == "nadimak" and k == j + 1 and after == " " and _capitalised_inside(tokens[k]):
            return k, True  # "samo nadimak Golja": a nickname is what its noun names, written as a name
        if word in ("ime", "prezime", "nadimak") and k == j + 1 and ":" not in after and not dictated:
            return None  # "ime i prezime", "ime roditelja" without "mu je" or a colon: no name follows
        return k, word == "nadimak"
    return None


def _dictated_first_name(text: str, tokens: list[Token], i: int) -> bool:
    """The word at `i` is a first name in its nominative, right after "ime" and a space: a dictated form's first name."""
    return (
        i >= 1
        and tokens[i - 1].folded == "ime"
        and gap(text, tokens[i - 1], tokens[i]) == " "
        and lexicon.first_name(tokens[i].folded) == tokens[i].folded
    )


def _capitalised_inside(token: Token) -> bool:
    """Capitalised (not in capitals) inside a sentence: written as a name."""
    return token.capitalised and not token.sentence_start and not token.text.isupper()


def _a_name_at(tokens: list[Token], k: int) -> bool:
    """Whether the word at `k` is written as a name (not in lower case) or is a first name the lists know."""
    return k < len(tokens) and (not tokens[k].text.islower() or lexicon.first_name(tokens[k].folded) is not None)


def _name_word(token: Token, nickname: bool) -> bool:
    """Whether a word after a cue may be a name: no function word, no word for a person or a clitic; in lower case
    no word of the law texts or of officers' everyday words unless a list knows it as a name (nicknames aside)."""
    folded = token.folded
    if (
        len(folded) < 2
        or folded in lexicon.FUNCTION_WORDS
        or folded in _UNKNOWN
        or folded in _NAMING_CLITICS
        or folded in lexicon.person_words()
        or lexicon.not_a_name(folded)
    ):
        return False
    if nickname:
        return True
    if token.text.islower() and (lexicon.law_word(folded) or folded in lexicon.common_forms()):
        return lexicon.first_name(folded) is not None and folded in lexicon.listed_first_names()
    return True


def _second_name_word(first: Token, second: Token) -> bool:
    """The second word after a cue: capitalised like the first ("Edin Brkan"), or in lower case a listed first name
    ("brkan tarik") or a surname after one ("sead brkan") — not a verb ("gđa kos tvrdi")."""
    if first.capitalised and second.capitalised and not first.text.isupper() and not second.text.isupper():
        return True  # "Edin Brkan" (in capitals, as in lower case: "GOSPODIN BRKAN PRIJAVIO")
    if first.text.isupper() != second.text.isupper() or (not first.text.isupper() and not second.text.islower()):
        return False
    if lexicon.first_name(second.folded) in lexicon.listed_first_names():
        return True
    # After a cue and a first name a surname may be a word of the dictionary ("selma vrebac"), not of the laws.
    return (
        lexicon.first_name(first.folded) in lexicon.listed_first_names()
        and not second.folded.endswith(_NOT_SURNAME_ENDINGS)
        and second.folded not in lexicon.person_verbs()
    )


def names_after_cues(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Label the one or two words after a naming cue as a name (a first name F where a list knows it, else S); a
    nickname cue labels one word."""
    for j in range(len(tokens) - 1):
        cue = _cue_end(text, tokens, j)
        if cue is None:
            continue
        k, nickname = cue
        taken = 0
        while k < len(tokens) and taken < (1 if nickname else _MAX_NAME_WORDS):
            separator = gap(text, tokens[k - 1], tokens[k])
            if not taken and tokens[k - 1].folded in _ABBREVIATED:
                separator = separator.replace(".", "", 1)  # "g. Brkan", "zv. Kobra"
            if separator.strip(" :\"'„“”") or (taken and separator != " "):
                break  # a comma or a full stop ends the name
            if not _name_word(tokens[k], nickname) or (taken and not _second_name_word(tokens[k - 1], tokens[k])):
                break
            if labels[k] in "OfC":  # a weak or capitalised word is a name after a cue ("zvani crni", "g. Brkan")
                labels[k] = "F" if lexicon.first_name(tokens[k].folded) in lexicon.listed_first_names() else "S"
            taken += 1
            k += 1


# Endings a surname without -ić rarely has but verbs, adjectives and participles do ("rekao", "pijan" has -jan).
_NOT_SURNAME_ENDINGS = ("ao", "io", "eo", "uo", "la", "lo", "le", "mo", "te", "og", "om", "oj", "ih", "im", "i")


def same_style(a: Token, b: Token) -> bool:
    """Both in lower case, both in capitals, or both capitalised ("tarik brkan", "TARIK BRKAN", "Brkan Tarik"); a
    capital at a sentence's start before a lower-case word counts as lower case ("Tarik brkan odbija …")."""
    first, second = sorted((a, b), key=lambda t: t.start)
    if first.sentence_start and first.capitalised and not first.text.isupper() and second.text.islower():
        return True
    return (
        (a.text.islower() and b.text.islower())
        or (a.text.isupper() and b.text.isupper() and len(a.text) > 2 and len(b.text) > 2)
        or (a.capitalised and b.capitalised and not a.text.isupper() and not b.text.isupper())
    )


def unlisted_surnames_beside_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "tarik brkan", "TARIK BRKAN", "Brkan Tarik" at a sentence's start: a word right beside a listed first name,
    written the same way, is its surname when no law text, dictionary or list has it as a word and it has no
    ending of a verb or adjective (a capitalised word inside a sentence is found by its capital already)."""
    for j, token in enumerate(tokens):
        if labels[j] != "O" or not _unlisted_surname(token) or _naming_word(token.folded):
            continue  # "po imenu alma": the cue before the name is none of it
        for k in (j - 1, j + 1):
            if (
                0 <= k < len(tokens)
                and labels[k] == "F"
                and lexicon.first_name(tokens[k].folded) in lexicon.listed_first_names()
                and same_style(token, tokens[k])
                and gap(text, *sorted((token, tokens[k]), key=lambda t: t.start)) == " "
                and name_pairs.case_agrees(tokens[k], token)
            ):
                labels[j] = "S"
                break


def _naming_word(folded: str) -> bool:
    """A word that names what follows it: a title, a verb of naming, "ime"/"imenu", a nickname cue."""
    return folded in _TITLES or folded in _NAMING_VERBS or folded in _NAME_NOUNS or folded in _NICKNAME_CUES


# The case endings a declined first name and its surname share: "Nihada Brkana", "Nedimom Karahasanom", "Aidi Lipovac".
_SHARED_CASE_ENDINGS = ("om", "em", "a", "u", "e")


def surnames_declined_like_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "legit smo Nihada Brkana", "sa Nedimom Karahasanom": right after a first name (F: listed, or a name of the
    dictionary capitalised inside a sentence) ending in a case ending, a word written the same way with the same case ending is its surname when the word without
    that ending is no word of the laws, dictionaries or lists. The shared ending is the evidence: the -ana, -anom
    of the surname's case would otherwise read as an adjective's ("pijana", "gradskom")."""
    for j in range(1, len(tokens)):
        token, first = tokens[j], tokens[j - 1]
        if labels[j] != "O" or labels[j - 1] != "F" or gap(text, first, token) != " " or not same_style(token, first):
            continue
        name = lexicon.first_name(first.folded)
        if name is None:
            continue  # (a feminine name's -a is its nominative and a masculine's genitive: "Nihada" either way)
        ending = next((e for e in _SHARED_CASE_ENDINGS if first.folded.endswith(e) and token.folded.endswith(e)), "")
        if not ending or len(first.folded) - len(ending) < 2:
            continue
        if token.text.islower() and token.folded.endswith(("ala", "ila", "ela", "ula")):
            continue  # "Dženana kupila …": a verb's past participle, not her surname
        stem = token.folded[: -len(ending)]
        if len(stem) < 4 or not _unlisted_stem(stem, capitalised=token.capitalised and not token.text.isupper()):
            continue
        if unlisted_word(token.folded):
            labels[j] = "S"


def unlisted_word(folded: str, dictionary: bool = True) -> bool:
    """No word of the laws, of everyday speech or of the lists (nor, unless `dictionary` is off, of the spelling
    dictionaries)."""
    return not (
        (dictionary and lexicon.dictionary_word(folded))
        or folded in lexicon.FUNCTION_WORDS
        or folded in lexicon.person_words()
        or folded in lexicon.person_verbs()
        or folded in lexicon.common_forms()
        or folded in lexicon.word_set("common_words.txt")
        or lexicon.not_a_name(folded)
        or lexicon.law_word(folded)
    )


def _unlisted_stem(stem: str, capitalised: bool) -> bool:
    """The surname's nominative: no word of the language, no verb's or adjective's ending (-an only capitalised:
    "Brkan", not "pijan")."""
    if stem.endswith((*_NOT_SURNAME_ENDINGS, "jan", "sk", "ck", "čk", "en")) or (
        stem.endswith("an") and not capitalised
    ):
        return False
    return unlisted_word(stem)


def hyphenated_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "ana kolar-brezak", "ANA KOLAR-BREZAK", "hadzic-tesnjak": the word joined by a hyphen to a surname beside a
    first name, written the same way, is the second half of a double surname — when no law text or list has it
    as a word and it has no verb's or adjective's ending. A word of the spelling dictionaries may be one (brezak,
    lipovac): the hyphen after a surname is the evidence. (Capitalised inside a sentence it has its capital.)"""
    for j in range(1, len(tokens)):
        token, before = tokens[j], tokens[j - 1]
        if labels[j] != "O" or labels[j - 1] != "S" or gap(text, before, token) != "-":
            continue
        beside_first = j >= 2 and labels[j - 2] in "Ff" and gap(text, tokens[j - 2], before) == " "
        folded = token.folded
        if (
            beside_first
            and same_style(token, before)
            and len(folded) >= 3
            and not folded.endswith((*_NOT_SURNAME_ENDINGS, "jan", "sk", "ck"))
            and unlisted_word(folded, dictionary=False)
        ):
            labels[j] = "S"


def surnames_after_person_words(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "svjedok Brkan", "vozac Salkan": right after a word for a person (person_words.txt), a capitalised word
    inside a sentence that no law text or dictionary has is a surname. Not in lower case: "vozac kamiona"."""
    for j in range(1, len(tokens)):
        token, role = tokens[j], tokens[j - 1]
        if (
            role.folded in lexicon.person_words()
            and role.folded not in _TITLES
            and gap(text, role, token) == " "
            and not token.text.isupper()
            and labels[j] == "C"
            and not token.folded.endswith((*_NOT_SURNAME_ENDINGS, "in"))  # "svjedok Jehovin": a possessive
            and not lexicon.law_word(token.folded)
            and (
                not lexicon.dictionary_word(token.folded)
                # a dictionary word in a surname's noun shape, in its nominative ("sudija Lipovac", "svjedok Pecar")
                or (token.folded.endswith(_NOUN_SURNAME_SHAPES) and not lexicon.law_word_in_any_case(token.folded))
            )
        ):
            labels[j] = "S"


# The noun shapes of surnames that are also words of the dictionaries (Lipovac, Brezak, Pecar, Vrebac, Golub).
_NOUN_SURNAME_SHAPES = ("ac", "ak", "ar", "ec", "ek", "ub", "uk")


def _unlisted_surname(token: Token) -> bool:
    """A word no law text, dictionary or list has, without the ending of a verb or an adjective."""
    folded = token.folded
    return not (
        len(folded) < 3
        or folded.endswith(_NOT_SURNAME_ENDINGS)
        or folded.endswith("jan")
        or lexicon.word_of_the_language(folded)
        or lexicon.dictionary_word(folded)
    )


# What an officer says when he has only the first name: "ne znam (mu) prezime", "prezime ne znam", "prezime nepoznato".
_SURNAME_UNKNOWN = re.compile(
    r"^[ ,(–—-]*(?:ne[ ]+znam[ ]+(?:mu[ ]+|joj[ ]+|njegovo[ ]+|njeno[ ]+)?prezime|prezime[ ]+(?:mu[ ]+|joj[ ]+)?"
    r"(?:ne[ ]+znam|ne[ ]+znamo|nepoznato|nije[ ]+poznato))(?!\w)"
)


def names_before_unknown_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "ibro ne znam prezime …", "Sena, prezime nepoznato": the word right before the officer says he lacks the
    surname is the first name he has — when a list knows it as one (in any case), or it is capitalised."""
    for j, token in enumerate(tokens):
        if labels[j] not in "OfC" or token.folded in lexicon.FUNCTION_WORDS:
            continue
        if not _SURNAME_UNKNOWN.match(fold(text[token.end : token.end + 40])):
            continue
        if lexicon.first_name(token.folded) is not None or (token.capitalised and not token.sentence_start):
            labels[j] = "F"


# "X je (njegov) nadimak", "X je (mu) prezime": the word before says what someone is called.
_OWN_NAME_NOUN = re.compile(
    r"^(?:je|su)[ ]+(?:(?:mu|joj|im|njegov[oa]?|njen[oa]?|njezin[oa]?|njihov[oa]?)[ ]+)?(?P<noun>nadimak|prezime)(?!\w)"
)


def names_before_their_noun(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Kurta je nadimak od Huseina", "Lipa je prezime, pišem li ga …": a word written as a name (capitalised, a
    capital at a sentence's start included) or a listed first name right before "je nadimak" or "je prezime" is the
    nickname or the surname of someone — a person (name_mentions keeps a surname said to be common: "Lipović je
    često prezime", "… je prezime u pola Bosne")."""
    for j, token in enumerate(tokens):
        m = (
            _OWN_NAME_NOUN.match(fold(text[token.end : token.end + 40]))
            if text[token.end : token.end + 1] == " "
            else None
        )
        if m is None or labels[j] not in "OfC" or token.text.isupper() or len(token.folded) < 2:
            continue
        if token.folded in lexicon.FUNCTION_WORDS or token.folded in lexicon.person_words():
            continue
        if lexicon.not_a_name(token.folded) or (token.text.islower() and lexicon.first_name(token.folded) is None):
            continue
        labels[j] = "F" if m.group("noun") == "nadimak" or lexicon.first_name(token.folded) else "S"
