"""Names shown by what the sentence does with them, and capitalised words that a place or a people owns.

A first name that may also be a word ("Nada", "Vesna") or that only the region's name dictionary knows ("Elvedin")
says nothing by its capital at a sentence's start; the verb after it does: "Nada kaže …", "Elvedin prodaje …",
"Elvedin iz [address] …". So does a nickname cue after it ("mehmedalija zvani meho"), a name it is joined to by
"i" ("mujo i haso"), or the name after a hyphen ("Jean-Pierre Laurent").

The other way round, capitalised words that are no person: the name of a café or a hotel after the word for it
("u kafiću Vesna", "kod Hotela Bristol": names.py's place nouns), a mountain or town shaped like a surname
("na Trebeviću": data/geography.txt), a place named with a first name's possessive ("Marijin Dvor"), a people
("vozač Austrijanac": data/not_names.txt). Labels as in names.py: F first name, f first name that may be a word,
S surname, C capitalised word, O other.
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

# Verbs of saying and of what people do that officers write after a name ("Nada kaže", "Elvedin prodaje"), besides
# data/person_verbs.txt.
SPEECH_VERBS = frozenset(
    [
        "kaze",
        "kazu",
        "zeli",
        "zele",
        "tvrdi",
        "navodi",
        "prica",
        "govori",
        "veli",
        "prijavljuje",
        "prodaje",
        "nudi",
        "dila",
        "prijeti",
        "vrijedja",
        "uznemirava",
        "prati",
        "trazi",
        "duguje",
        "zivi",
        "stanuje",
        "dolazi",
        "negira",
        "priznaje",
        "odbija",
    ]
)
# A past participle ("kupila", "uzeo", "poslali"): the subject of such a verb is someone.
_PARTICIPLE = re.compile(r"(?:[aeiu]o|[aeiu]la|[aeiu]li|[aeiu]le|[aeiu]lo)$")
_CLITICS = frozenset(["je", "su", "se", "mu", "joj", "ga", "ih", "im", "nije", "nisu", "ce", "cu", "da", "li"])
_NICKNAME_CUES = frozenset(["zvani", "zvana", "zv", "alias"])


# Verbs of daybreak and nightfall: said of the dawn, the day and the night, never of a person ("Zora je svanula").
_DAYBREAK_VERBS = frozenset(
    [
        *("svanula", "svanuo", "svanulo", "svanule", "svitala", "svitao", "svitalo", "razdanila", "razdanilo"),
        *("zazorila", "zazorilo", "smrkla", "smrklo", "smrkao", "zanocila", "zanocilo", "zanocio"),
    ]
)


def _verb(token: Token, participle: bool = True, any_case: bool = False) -> bool:
    """A verb whose subject is a person: data/person_verbs.txt, a verb of saying or doing above, or (`participle`) any
    past participle's shape — not a case form of a word of the laws where `any_case` asks ("Nada je mala da …": an
    adjective), nor a verb of daybreak."""
    folded = token.folded
    return token.text.islower() and (
        folded in lexicon.person_verbs()
        or folded in SPEECH_VERBS
        or (
            participle
            and len(folded) >= 4
            and _PARTICIPLE.search(folded) is not None
            and not lexicon.dictionary_word(folded)
            and not lexicon.law_word(folded)  # "Jasna pravila …", "Nada je bila …": a noun or "biti"
            and not (any_case and lexicon.law_word_in_any_case(folded))
            and folded not in _DAYBREAK_VERBS
        )
    )


def _next(text: str, tokens: list[Token], j: int) -> int | None:
    """The first word after token `j` in the same clause, clitics skipped; None at a comma or a full stop."""
    k = j
    while k + 1 < len(tokens) and gap(text, tokens[k], tokens[k + 1]) == " ":
        k += 1
        if tokens[k].folded not in _CLITICS:
            return k
    return None


def _weak_name(token: Token) -> bool:
    """A first name that may be a word or that only the region's dictionary knows — not, in lower case, an everyday
    word form ("marka", "zlata"), nor a place."""
    folded = token.folded
    return (
        (lexicon.first_name(folded) is not None or (token.capitalised and folded in lexicon.foreign_names()))
        and (folded not in lexicon.common_forms() or token.capitalised)
        and folded not in lexicon.FUNCTION_WORDS
        and not lexicon.is_place(folded)
        and not lexicon.not_a_name(folded)
    )


def first_names_before_verbs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Nada kaže da …", "Elvedin prodaje …", "Elvedin iz Lipove 5 …": a capitalised weak first name (f, or a
    capitalised word the name lists have) followed by a verb whose subject is a person (clitics skipped), or at a
    sentence's start by "iz" and a capitalised place or something already masked (`_` in the text find() gives)."""
    for j, token in enumerate(tokens):
        if labels[j] != "f" or token.text.isupper() or not _weak_name(token):
            continue  # (an O is no name here: "Banja Luka" is one place, whatever verb follows it)
        if not token.capitalised:
            _lower_case_name_before_verb(text, tokens, labels, j)
            continue
        if lexicon.law_word(token.folded) and token.folded not in lexicon.listed_first_names():
            continue  # "Niko ne može …": a word of the laws, unless a listed name ("Luka kaže")
        k = _next(text, tokens, j)
        # Any participle after a listed name ("Nada kupila"); after a name only the dictionary has — which holds
        # everyday words too ("Crni", "Sveta") — a verb of the lists.
        listed = token.folded in lexicon.listed_first_names() or token.folded in lexicon.foreign_names()
        if k == j + 1 and _surname_shaped(tokens[k], labels[k]):
            after = _next(text, tokens, k)
            nickname = after is not None and tokens[after].folded in ("zvani", "zvana", "zv", "alias")
            if after is not None and (nickname or _verb(tokens[after], participle=listed)):
                labels[j], labels[k] = "F", "S"  # "Mehmedalija Jasenovac je udario", "… zvani Meho": name, surname
                continue
        # A name that is a word of the language, at a sentence's start where the capital says nothing: a participle's
        # shape there may be the word's adjective ("Nada je mala da …").
        word_at_start = token.sentence_start and token.folded in lexicon.ambiguous_names()
        if k is not None and _verb(tokens[k], participle=listed, any_case=word_at_start):
            labels[j] = "F"
            continue
        if token.sentence_start and k is not None and _participle_before_a_name(text, tokens, labels, j, k):
            labels[j] = "F"  # "Vitomir je rekao Ivani …": he did it to her
            continue
        if (
            token.sentence_start
            and k is not None
            and tokens[k].folded in ("iz", "sa")
            and gap(text, token, tokens[k]) == " "
            and _place_after(text, tokens[k])
        ):
            labels[j] = "F"


def _participle_before_a_name(text: str, tokens: list[Token], labels: list[str], j: int, k: int) -> bool:
    """ "Vitomir je rekao Ivani da …", "Stanimir je prijetio Lipiću": at a sentence's start a weak first name, an
    auxiliary, a past participle (even a word of the dictionaries: "rekao", "dala") and right after it a capitalised
    first name or surname of the lists in an oblique case — whom the act was done to. A person does things to a
    person: the first word is the subject, a name. Only "je"/"nije" between the name and the participle."""
    if k != j + 2 or tokens[j + 1].folded not in ("je", "nije") or gap(text, tokens[j], tokens[j + 1]) != " ":
        return False
    verb = tokens[k]
    if not (verb.text.islower() and len(verb.folded) >= 4 and _PARTICIPLE.search(verb.folded)):
        return False
    if k + 1 >= len(tokens) or gap(text, verb, tokens[k + 1]) != " ":
        return False
    whom = tokens[k + 1]
    return (
        whom.capitalised
        and not whom.text.isupper()
        and labels[k + 1] in ("F", "S")
        and whom.folded != lexicon.first_name(whom.folded)  # an oblique case, not a second subject's nominative
        and not lexicon.is_place(whom.folded)
    )


def _surname_shaped(token: Token, label: str) -> bool:
    """A capitalised word in a surname's nominative shape (a consonant at the end) that no law or place has."""
    folded = token.folded
    return (
        label in ("O", "C")
        and token.capitalised
        and not token.text.isupper()
        and len(folded) >= 4
        and folded[-1] not in "aeiou"
        and not lexicon.law_word_in_any_case(folded)
        and not lexicon.is_place(folded)
        and not lexicon.not_a_name(folded)
        and folded not in lexicon.FUNCTION_WORDS
    )


def _lower_case_name_before_verb(text: str, tokens: list[Token], labels: list[str], j: int) -> None:
    """ "elvedin prodaje drogu", "mehmedalija je udario": in lower case a name only the region's dictionary has, in its
    nominative and no word of any list of words (not "haso", "nada": the dictionaries have them), before a verb of the
    lists or a past participle's shape."""
    token = tokens[j]
    folded = token.folded
    if (
        lexicon.first_name(folded) != folded
        or _word(folded)
        or lexicon.law_word_in_any_case(folded)  # "iz četvrtog stana kaže": a case form of a word of the laws
        or folded in lexicon.word_set("common_words.txt")
        or folded in lexicon.common_forms()
    ):
        return
    k = _next(text, tokens, j)
    if k is not None and tokens[k].folded == "ne":
        k = _next(text, tokens, k)  # "enver ne želi …": the negated verb
    # a participle's shape too ("valentin placao"): the name is no word of any list in any case, so the word after
    # it is its verb, not an adjective agreeing with a noun
    if k is not None and _verb(tokens[k], participle=True):
        labels[j] = "F"


def _place_after(text: str, preposition: Token) -> bool:
    after = text[preposition.end : preposition.end + 3]
    return bool(re.match(r" (?:_|[A-ZČĆŠŽĐ])", after))


def weak_names_after_person_words(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "protiv supruga elvedina", "svjedokinja nina kaže": right after a word for a person or kin (person_words.txt),
    a lower-case first name that may be a word or only the region's dictionary has names that person — when it is
    no word of the laws or of officers' everyday words, and a word of the dictionaries only with its verb after it."""
    for j in range(1, len(tokens)):
        token, role = tokens[j], tokens[j - 1]
        if (
            labels[j] != "f"
            or not token.text.islower()
            or not role.text.islower()
            or role.folded not in lexicon.person_words()
            or gap(text, role, token) != " "
            or not _weak_name(token)
            or lexicon.law_word_in_any_case(token.folded)
            or token.folded in lexicon.word_set("common_words.txt")
            or token.folded in lexicon.person_words()
        ):
            continue
        if lexicon.dictionary_word(token.folded):
            k = _next(text, tokens, j)
            if k is None or not _verb(tokens[k], participle=False):
                continue  # "sin dado …": a word of the dictionaries needs the name's verb after it
        labels[j] = "F"


# "onaj Mrki", "neki Zeko", "taj Šiljo": officers point at someone they know by a nickname or a name.
_DEMONSTRATIVES = frozenset(
    [
        "onaj",
        "onog",
        "onoga",
        "onom",
        "ona",
        "onu",
        "onoj",
        "taj",
        "tog",
        "toga",
        "ta",
        "tu",
        "neki",
        "nekog",
        "neka",
        "neku",
        "izvjesni",
        "izvjesnog",
        "izvjesna",
        "izvjesnu",
    ]
)


def names_after_demonstratives(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "onaj Mrki iz naselja je prijetio": a capitalised word inside a sentence right after a demonstrative (onaj,
    taj, neki, izvjesni …) that no law, dictionary, list of places, makes or peoples has is a nickname or a name; so
    is a first name of the lists in lower case that is no such word ("neki miralem")."""
    makes = lexicon.word_set("vehicle_makes.txt")
    for j in range(1, len(tokens)):
        token, pointer = tokens[j], tokens[j - 1]
        lower_name = labels[j] == "f" and token.text.islower() and _weak_name(token)  # "neki miralem"
        if lower_name and token.folded in lexicon.word_set("common_words.txt"):
            continue
        if (
            labels[j] not in "Cf"
            or not (token.capitalised or lower_name)
            or (token.sentence_start and not lower_name)
            or token.text.isupper()
            or pointer.folded not in _DEMONSTRATIVES
            or pointer.text.isupper()
            or gap(text, pointer, token) != " "
            or _word(token.folded)
            or lexicon.law_word_in_any_case(token.folded)
            or lexicon.is_place(token.folded)
            or lexicon.not_a_name(token.folded)
            or token.folded in lexicon.FUNCTION_WORDS
            or any(b in makes or b + "a" in makes for b in lexicon.bases(token.folded))
        ):
            continue
        labels[j] = "F"


def names_before_nickname_cues(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "mehmedalija zvani meho": the word right before a nickname cue is the name the nickname belongs to — when a
    name list has it (in any case, as a weak name too) and it is no word of the laws."""
    for j in range(len(tokens) - 1):
        cue = tokens[j + 1]
        if (
            labels[j] in "fO"
            and cue.folded in _NICKNAME_CUES
            and gap(text, tokens[j], cue) == " "
            and _weak_name(tokens[j])
            and not lexicon.law_word(tokens[j].folded)
            and tokens[j].folded not in lexicon.person_words()
        ):
            labels[j] = "F"


def coordinated_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "mujo i haso", "Marko i Nada": a weak first name joined by "i" / "ili" to a first name or surname, written
    the same way, is a name as well — the pair is the evidence."""
    for j, token in enumerate(tokens):
        if labels[j] != "f" or not _weak_name(token):
            continue
        for other, conj in ((j - 2, j - 1), (j + 2, j + 1)):
            if not (0 <= other < len(tokens)) or labels[other] not in "FS":
                continue
            if tokens[conj].folded not in lexicon.COORDINATION:
                continue
            left, right = sorted((token, tokens[other]), key=lambda t: t.start)
            middle = tokens[conj]
            if gap(text, left, middle) != " " or gap(text, middle, right) != " ":
                continue
            if token.text.islower() == tokens[other].text.islower():
                labels[j] = "F"
                break


def coordinated_weak_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "ibro i huso ukrali ovce": two weak first names joined by "i", written the same way, before a verb whose
    subject is a person — when neither is a word of the laws or of the dictionaries."""
    for j in range(len(tokens) - 2):
        left, conj, right = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            labels[j] != "f"
            or labels[j + 2] != "f"
            or conj.folded != "i"
            or gap(text, left, conj) != " "
            or gap(text, conj, right) != " "
            or left.text.islower() != right.text.islower()
            or not all(_weak_name(t) and not _word(t.folded) for t in (left, right))
        ):
            continue
        k = _next(text, tokens, j + 2)
        if k is not None and _verb(tokens[k]):
            labels[j] = labels[j + 2] = "F"


def _word(folded: str) -> bool:
    return lexicon.law_word(folded) or lexicon.dictionary_word(folded) or folded in lexicon.person_words()


def repeated_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "stjepan vrana i luka vrana su braća": a word already read as a surname beside a first name is that surname
    again where it stands, written the same way, right after another first name (a weak one too)."""
    surnames = {
        tokens[j].folded
        for j in range(1, len(tokens))
        if labels[j] == "S" and labels[j - 1] in "Ff" and gap(text, tokens[j - 1], tokens[j]) == " "
    }
    for j in range(1, len(tokens)):
        if (
            labels[j] == "O"
            and tokens[j].folded in surnames
            and labels[j - 1] in "Ff"
            and gap(text, tokens[j - 1], tokens[j]) == " "
            and tokens[j - 1].text.islower() == tokens[j].text.islower()
        ):
            labels[j] = "S"


def hyphenated_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Jean-Pierre Laurent", "Ana-Marija Kovač": a capitalised word joined by a hyphen to the first word of a
    name is the first half of a double first name (a capital at a sentence's start counts here)."""
    for j in range(len(tokens) - 2, -1, -1):
        token, after = tokens[j], tokens[j + 1]
        if (
            labels[j] in "Of"  # "Jean-Luc Moreau": a weak or foreign name at a sentence's start too
            and labels[j + 1] in "FSC"
            and gap(text, token, after) == "-"
            and token.capitalised
            and not token.text.isupper()
            and len(token.folded) >= 2
            and not lexicon.not_a_name(token.folded)
            and not lexicon.law_word_in_any_case(token.folded)
            and not lexicon.is_place(token.folded)
        ):
            labels[j] = "F" if labels[j] == "f" else "C"


# A first name's possessive ("Marijin", "Anina"): a place named so ("Marijin Dvor"), not a person.
_POSSESSIVE_IN = re.compile(r"^(?P<stem>[a-z]+)in(?:a|e|u|om|oj|o|i)?$")


def places_shaped_like_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """A mountain or town shaped like a surname with no name beside it ("na Trebeviću", "lovostaj na Vlašiću"), and
    a capitalised possessive of a feminine first name ("prema Marijin Dvoru"): places, not people."""
    for j, token in enumerate(tokens):
        beside = any(
            0 <= k < len(tokens)
            and labels[k] in "FfS"
            and gap(text, *sorted((token, tokens[k]), key=lambda t: t.start)) == " "
            for k in (j - 1, j + 1)
        )
        if labels[j] == "S" and not beside and lexicon.is_place(token.folded):
            labels[j] = "O"
            continue
        m = _POSSESSIVE_IN.match(token.folded)
        if (
            labels[j] == "C"
            and m is not None
            and m.group("stem") + "a" in lexicon.first_names()
            and lexicon.first_name(token.folded) is None
            and not (j > 0 and labels[j - 1] in "FfS" and gap(text, tokens[j - 1], token) == " ")  # "Kurtović Cvijetin"
            and j + 1 < len(tokens)
            and labels[j + 1] in "CO"
            and tokens[j + 1].capitalised
            and gap(text, token, tokens[j + 1]) == " "
        ):
            labels[j] = "O"  # "Marijin Dvor": the possessive and the capitalised noun it owns


# A month after a day's number is a date ("12. marta", "3. maja", "1. juna"), whatever name it is a form of.
_MONTH = re.compile(
    r"^(?:januar|februar|mart|april|maj|jun|jul|august|avgust|septemb|oktob|novemb|decemb|sijec|velj|ozuj|travn|"
    r"svib|lipn|srpn|kolovoz|rujn|listopad|studen|prosin)"
)
_DAY_BEFORE = re.compile(r"(?<![\d.])\d{1,2}\.?[ ]*$")


def months_after_days(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "dana 12. marta je uhapšen": the month after a day's number, not Marta."""
    for j, token in enumerate(tokens):
        if (
            labels[j] != "O"
            and _MONTH.match(token.folded)
            and _DAY_BEFORE.search(text[max(0, token.start - 6) : token.start])
        ):
            labels[j] = "O"


def _name_and_no_word(folded: str) -> bool:
    """A first name in its nominative that no word of the laws, the dictionaries or the lists shares ("Ahmet", not
    "Vojna", "Nada")."""
    return (
        lexicon.first_name(folded) == folded
        and not _word(folded)
        and folded not in lexicon.common_forms()
        and folded not in lexicon.ambiguous_names()
        and not lexicon.law_word_in_any_case(folded)
    )


def foreign_names_with_surnames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Ahmet Demirtas nema vizu …", "Jacek Nowak je …": a foreigner's first name (no word of the language:
    lexicon.foreign_names), or a name of the region's lists no word shares, and a capitalised word after it that no law, dictionary or list of places has — a name
    also at a sentence's start, where a capital alone says nothing."""
    for j in range(len(tokens) - 1):
        token, after = tokens[j], tokens[j + 1]
        if (
            labels[j] == "f"
            and token.capitalised
            and not token.text.isupper()
            and (token.folded in lexicon.foreign_names() or _name_and_no_word(token.folded))
            and after.capitalised
            and not after.text.isupper()
            and gap(text, token, after) == " "
            and labels[j + 1] in "CO"
            and not _word(after.folded)
            and not lexicon.law_word_in_any_case(after.folded)
            and not lexicon.not_a_name(after.folded)
            and not lexicon.is_place(after.folded)
            and after.folded not in lexicon.FUNCTION_WORDS
        ):
            labels[j] = "F"
            labels[j + 1] = "C"


# The particles of Arabic, Dutch, German, Romance names: "Youssef El Amrani", "Ahmad bin Salem", "Jan van Dijk".
_NAME_PARTICLES = frozenset(
    ["el", "al", "ibn", "bin", "ben", "abu", "van", "von", "de", "da", "di", "del", "der", "dos", "das", "le"]
)


def third_words_of_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Abdul Rahman Sultani", "Youssef El Amrani": after two first names, or a first name and a name's particle, a
    capitalised word inside the sentence that no law, dictionary, list of places or peoples has is the surname —
    also in an adjective's shape (-ani, -ski), which alone is no name."""
    for j in range(len(tokens) - 2):
        first, second, third = tokens[j], tokens[j + 1], tokens[j + 2]
        particle = second.folded in _NAME_PARTICLES
        # Or a first name beside a capitalised word no list has, either side ("Ahmad Shah", "Ali Reza" inside a
        # sentence: a capitalised "Ali" there is no conjunction): a two-word first name, as Afghans' and Iranians' are.
        pair = labels[j] in "FC" and labels[j + 1] in "FC" and "F" in labels[j : j + 2]
        if not (
            (pair or (labels[j] == "F" and particle))
            and first.capitalised
            and not (labels[j] == "C" and first.sentence_start)
            and (second.capitalised or particle)
            and not first.text.isupper()
            and third.capitalised
            and not third.sentence_start
            and not third.text.isupper()
            and gap(text, first, second) == " "
            and gap(text, second, third) == " "
            and labels[j + 2] in "CO"
        ):
            continue
        folded = third.folded
        if (
            _word(folded)
            or lexicon.law_word_in_any_case(folded)
            or lexicon.not_a_name(folded)
            or lexicon.is_place(folded)
            or folded in lexicon.FUNCTION_WORDS
        ):
            continue
        labels[j + 1 : j + 3] = [labels[j + 1] if not particle else "C", "C"]


# A nickname in quotes with no name before it ("onaj „Bimbo“ opet prodaje"): its verb after it shows a person. Present
# forms of what officers' people do, besides the lists' verbs; adverbs between are skipped.
_PRESENT_PERSON_VERBS = frozenset(
    [
        "krade",
        "kradu",
        "prodaje",
        "prodaju",
        "dila",
        "dilaju",
        "napada",
        "napadaju",
        "maltretira",
        "maltretiraju",
        "uznemirava",
        "uznemiravaju",
        "tuce",
        "tuku",
        "prijete",
        "vrijedja",
        "ucjenjuje",
        "prosjaci",
        "bjezi",
        "bjeze",
        "skriva",
        "krije",
    ]
)
_ADVERBS_BEFORE_VERBS = frozenset(["opet", "ponovo", "stalno", "jos", "vec", "sad", "sada", "svaki", "dan", "redovno"])
_OPENING_QUOTES = "\"'„“«"
_CLOSING_QUOTES = "\"'“”»"


def quoted_nicknames(text: str, tokens: list[Token], labels: list[str]) -> None:
    """'onaj "Bimbo" ponovo prodaje travu': one or two capitalised words in quotes that no law, dictionary or list
    of places has, before a verb whose subject is a person — a nickname; `vozio je "Golf"`, `"Lira" je bila puna` stay."""
    for j, token in enumerate(tokens):
        if (
            labels[j] not in "OCf"
            or not token.capitalised
            or text[token.start - 1 : token.start] not in _OPENING_QUOTES
        ):
            continue
        if token.start == 0:
            continue
        last = j
        if (
            j + 1 < len(tokens)
            and gap(text, token, tokens[j + 1]) == " "
            and tokens[j + 1].capitalised
            and text[tokens[j + 1].end : tokens[j + 1].end + 1] in _CLOSING_QUOTES
        ):
            last = j + 1
        if text[tokens[last].end : tokens[last].end + 1] not in _CLOSING_QUOTES or not text[tokens[last].end :][:1]:
            continue
        if any(
            _word(t.folded)
            or lexicon.law_word_in_any_case(t.folded)
            or lexicon.not_a_name(t.folded)
            or lexicon.is_place(t.folded)
            or t.folded in lexicon.FUNCTION_WORDS
            for t in tokens[j : last + 1]
        ):
            continue
        k = last + 1
        while k < len(tokens) and tokens[k].folded in _ADVERBS_BEFORE_VERBS | _CLITICS:
            k += 1
        if k < len(tokens) and (_verb(tokens[k], participle=False) or tokens[k].folded in _PRESENT_PERSON_VERBS):
            labels[j : last + 1] = ["F"] * (last + 1 - j)
        elif _object_of_a_person_verb(tokens, j):
            labels[j : last + 1] = ["F"] * (last + 1 - j)  # 'uhvatili smo "Kobru"': the verb's object


def _object_of_a_person_verb(tokens: list[Token], j: int) -> bool:
    """Whether the word before token `j` (clitics and the officers' auxiliaries skipped) is a verb whose object is a
    person (data/person_verbs.txt; not one whose object is a thing as often: ukrao, vozio, našli)."""
    m = j - 1
    while m >= 0 and tokens[m].folded in _CLITICS | lexicon.OFFICERS_AUXILIARIES and tokens[m].text.islower():
        m -= 1
    return (
        m >= 0
        and tokens[m].text.islower()
        and tokens[m].folded in lexicon.person_verbs()
        and not tokens[m].folded.startswith(lexicon.THING_VERBS)
    )


def _no_word_at_all(token: Token) -> bool:
    """A lower-case word that no law, dictionary, list of everyday words, people or places has (a name's form may be:
    many surnames are a first name's, "hamidi")."""
    folded = token.folded
    return (
        token.text.islower()
        and token.text.isalpha()
        and len(folded) >= 2
        and not _word(folded)
        and not lexicon.word_of_the_language(folded)
        and not lexicon.law_word_in_any_case(folded)
        and folded not in lexicon.word_set("common_words.txt")
        and folded not in lexicon.word_set("number_words.txt")
    )


def foreign_names_in_lower_case(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "radnik tariq hamidi nema dozvolu", "zaustavili smo yusufa demirbasa": after a word for a person
    (person_words.txt) or a verb whose object is a person (the officers' auxiliary and clitics skipped), a foreigner's
    first name in lower case, in any case (lexicon.foreign_names: no word of the language), and a word after it that
    no law, dictionary or list has: a foreigner's name typed in lower case. Not two words no list has alone: the
    dictionaries miss many case forms of everyday words ("nožem", "mobitel")."""
    for j in range(1, len(tokens) - 1):
        first, second = tokens[j], tokens[j + 1]
        if labels[j] not in "Of" or labels[j + 1] not in "OfF" or gap(text, first, second) != " ":
            continue
        foreign = (
            first.text.islower()
            and lexicon.first_name(first.folded) is None  # "marka pijana": Marko's, a name of the region's lists
            and any(b in lexicon.foreign_names() for b in lexicon.bases(first.folded))
        )
        if not (foreign and _no_word_at_all(second)) or text[second.end : second.end + 1] == ".":
            continue  # "lika rodj.12.3.": a word cut short by a full stop is an abbreviation, no surname
        k = j - 1
        while (
            k > 0
            and tokens[k].folded in lexicon.OFFICERS_AUXILIARIES | _CLITICS
            and gap(text, tokens[k], tokens[k + 1]) == " "
        ):
            k -= 1
        before = tokens[k]
        if gap(text, before, tokens[k + 1]) != " " or not before.text.islower():
            continue
        person_word = before.folded in lexicon.person_words() and k == j - 1
        person_verb = before.folded in lexicon.person_verbs() and not before.folded.startswith(lexicon.THING_VERBS)
        if person_word or person_verb:
            labels[j], labels[j + 1] = "F", "S"


# Nationality nouns (folded nominatives) said of a foreigner right after his name: "thomas mueller nijemac".
NATIONALITIES = frozenset(
    [
        *("britanac", "britanka", "englez", "engleskinja", "amerikanac", "amerikanka", "nijemac", "njemica"),
        *("francuz", "francuskinja", "talijan", "talijanka", "italijan", "italijanka", "turcin", "turkinja"),
        *("rus", "ruskinja", "ukrajinac", "ukrajinka", "poljak", "poljakinja", "kinez", "kineskinja", "pakistanac"),
        *("pakistanka", "afganistanac", "afganistanka", "sirijac", "sirijka", "marokanac", "marokanka", "alzirac"),
        *("iranac", "iranka", "iracanin", "iracanka", "indijac", "indijka", "albanac", "albanka", "madjar"),
        *("madjarica", "rumun", "rumunka", "bugarin", "bugarka", "austrijanac", "austrijanka", "svicarac"),
        *("holandjanin", "holandjanka", "nizozemac", "spanjolac", "spanjolka", "spanac", "portugalac"),
        *("slovak", "slovakinja", "ceh", "ceskinja", "gruzijac", "gruzijka", "tunisanin", "egipcanin", "libijac"),
    ]
)


def foreign_names_before_nationalities(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "thomas mueller nijemac, pasoš …", "anna schmidt njemica prijavila …": a foreigner's first name in lower case
    (lexicon.foreign_names) and a word no list has, then a nationality noun: a foreigner named, then said to be one."""
    for j in range(len(tokens) - 2):
        first, second, nationality = tokens[j], tokens[j + 1], tokens[j + 2]
        if (
            labels[j] not in "Of"
            or labels[j + 1] not in "OfF"
            or gap(text, first, second) != " "
            or gap(text, second, nationality) not in (" ", ", ")
            or nationality.folded not in NATIONALITIES
            or not first.text.islower()
            or lexicon.first_name(first.folded) is not None
            or first.folded not in lexicon.foreign_names()
            or not _no_word_at_all(second)
        ):
            continue
        labels[j], labels[j + 1] = "F", "S"


# A citizen's noun after a nationality's adjective: "italijanski građanin", "turska državljanka" (folded).
CITIZENS = frozenset(
    ["gradjanin", "gradjanka", "drzavljanin", "drzavljanka", "gradjanina", "drzavljanina", "gradjanku", "drzavljanku"]
)
NATIONALITY_ADJECTIVE = ("ski", "cki", "ska", "cka", "skog", "ckog", "sku", "cku", "ske", "cke")


def _citizenship_at(tokens: list[Token], k: int) -> bool:
    """A nationality said at `k`: its noun ("nijemac"), or its adjective and a citizen's noun ("italijanski građanin")."""
    if k < len(tokens) and tokens[k].folded in NATIONALITIES:
        return True
    return (
        k + 1 < len(tokens)
        and tokens[k].text.islower()
        and tokens[k].folded.endswith(NATIONALITY_ADJECTIVE)
        and tokens[k + 1].folded in CITIZENS
    )


def capitalised_names_before_citizenship(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "Luca Lipetti italijanski građanin, pasoš …", "Hans Brezner, austrijski državljanin": two capitalised words right
    before a nationality and a citizen's noun (or a nationality's noun) are a foreigner's first name and surname — at a
    sentence's start too, and with a first name that is a word of the dictionaries ("Luca"), when the second is no word
    of any list, place or institution, and the first no word of the laws in any case ("Sud Lipetti …" stays)."""
    for j in range(len(tokens) - 2):
        first, second = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "fCO"
            or labels[j + 1] not in "CO"
            or not first.capitalised
            or not second.capitalised
            or first.text.isupper()
            or second.text.isupper()
            or gap(text, first, second) != " "
            or gap(text, second, tokens[j + 2]) not in (" ", ", ")
            or not _citizenship_at(tokens, j + 2)
            or first.folded in lexicon.FUNCTION_WORDS
            or lexicon.law_word_in_any_case(first.folded)
            or lexicon.not_a_name(first.folded)
            or lexicon.is_place(first.folded)
            or _word(second.folded)
            or lexicon.law_word_in_any_case(second.folded)
            or lexicon.not_a_name(second.folded)
            or lexicon.is_place(second.folded)
            or second.folded in lexicon.FUNCTION_WORDS
        ):
            continue
        labels[j], labels[j + 1] = "F", "S"


_WITH = frozenset(["sa", "s"])
# Verbs one does with someone (their past participles): talking, quarrelling, fighting, meeting, drinking, going —
# "s jagodom je napravio kolač" (a thing one makes something with) is not among them.
_COMPANY_VERBS = (
    "pric",
    "ispric",
    "razgovar",
    "svad",
    "posvad",
    "tuk",
    "potuk",
    "dogovar",
    "dogovor",
    "sast",
    "druz",
    "sjed",
    "pio",
    "pil",
    "popi",
    "igra",
    "seta",
    "vidj",
    "ziv",
    "izas",
    "izis",
    "dosa",
    "dosl",
    "otis",
    "pobjeg",
    "bjez",
    "prijet",
)


def instrumental_names_after_with(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "sa hasom iz kafane sam pričao", "s jasminom se svađao": right after "sa"/"s" a first name's instrumental in
    lower case is the one someone was with — when the form is no word of the laws, the dictionaries or the places
    ("sa nadom", "sa zlatom" stay words) and a verb one does with someone stands within four words in the clause (a
    verb of saying, of data/person_verbs.txt, or a participle of talking, quarrelling, meeting, drinking, going)."""
    for j in range(1, len(tokens)):
        token, before = tokens[j], tokens[j - 1]
        if labels[j] not in "Of" or not token.text.islower() or before.folded not in _WITH:
            continue
        if gap(text, before, token) != " " or not token.folded.endswith(("om", "em")):
            continue
        name = lexicon.first_name(token.folded)
        if (
            name is None
            or name == token.folded
            or token.folded in lexicon.word_set("dictionary_words.txt")
            or token.folded in lexicon.common_forms()
            or lexicon.law_word_in_any_case(token.folded)
            or lexicon.is_place(token.folded)
            or lexicon.not_a_name(token.folded)
        ):
            continue
        if _verb_in_clause(text, tokens, j, 4):
            labels[j] = "F"


def _verb_in_clause(text: str, tokens: list[Token], j: int, reach: int) -> bool:
    """A past participle, a verb of saying or a person verb within `reach` words of `j`, no comma between."""
    for step in (-1, 1):
        k = j
        for _ in range(reach):
            if not 0 <= k + step < len(tokens):
                break
            left, right = sorted((tokens[k], tokens[k + step]), key=lambda t: t.start)
            if gap(text, left, right) != " ":
                break
            k += step
            word = tokens[k].folded
            if (
                word in SPEECH_VERBS
                or word in lexicon.person_verbs()
                or (_PARTICIPLE.search(word) and word.startswith(_COMPANY_VERBS))
            ):
                return True
    return False


# What the verb after a citizen's noun would be: an auxiliary or a clitic ("turski državljanin je …"), never a name.
_VERB_WORDS = frozenset(
    ["je", "su", "se", "mu", "joj", "ga", "ih", "im", "nije", "nisu", "ce", "cu", "da", "bio", "bila"]
)


def lowercase_names_after_citizenship(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "kineska državljanka li wei, pasoš …", "njemački državljanin thomas muller": a nationality's adjective and a
    citizen's noun, then two words in lower case and a comma, a full stop or the end — the foreigner's first name and
    surname, the particulars a record gives after his citizenship. The second is no word of any list; the first no word
    of the laws in any case, no auxiliary or clitic (the verb: "turski državljanin je …"), no person's verb."""
    for j in range(2, len(tokens) - 1):
        first, second = tokens[j], tokens[j + 1]
        if (
            labels[j] not in "OfF"
            or labels[j + 1] not in "OfF"
            or not (tokens[j - 2].text.islower() and tokens[j - 2].folded.endswith(NATIONALITY_ADJECTIVE))
            or tokens[j - 1].folded not in CITIZENS
            or gap(text, tokens[j - 2], tokens[j - 1]) != " "
            or gap(text, tokens[j - 1], first) != " "
            or gap(text, first, second) != " "
            or not first.text.islower()
            or not first.text.isalpha()
            or first.folded in _VERB_WORDS
            or lexicon.law_word_in_any_case(first.folded)
            or first.folded in lexicon.person_verbs()
            or not _no_word_at_all(second)
        ):
            continue
        after = text[second.end : second.end + 2]
        if after.strip() in ("", ",", ".") or after.startswith((",", ".", " (")):
            labels[j - 1], labels[j], labels[j + 1] = "O", "F", "S"  # the citizen's noun is no surname
