"""A declined first name put first as the object of what the officers did: "Vuka smo priveli jutros", "Anu sam
saslušao", "Marka smo zatekli u kafiću".

The accusative of a first name that is also a word ("Vuk", "Lav", "Zora") opens the sentence; right after it come the
officers' auxiliary (smo, sam) and a verb done to a person (person_verbs.txt: priveli, saslušali, zatekli — not the
verbs whose object is as often a thing: ukrali, oduzeli, vozili). Arresting, questioning, finding someone: the object
is a person, so the word, a name's case form and not its nominative, is that person's name. Capitalised, or in lower
case only when the form is no word of the laws, the dictionaries or the everyday lists in any case ("valentina smo
priveli"; "vuka smo vidjeli" is the animal as often). Labels as in names.py: F first name.
"""

from __future__ import annotations

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap


def fronted_objects(text: str, tokens: list[Token], labels: list[str]) -> None:
    for j in range(len(tokens) - 2):
        token, auxiliary, verb = tokens[j], tokens[j + 1], tokens[j + 2]
        name = lexicon.first_name(token.folded)
        lower = token.text.islower() and _no_word(token.folded)
        if lower:
            name = lexicon.oblique_first_name(token.folded)  # "valentina": Valentin's, though Valentina is a name
        if (
            labels[j] not in "fOC"
            or not (token.capitalised or lower)
            or token.text.isupper()
            or name is None
            or name == token.folded  # the nominative: a subject, read by name_context.first_names_before_verbs
            or not token.folded.endswith(("a", "u"))  # the accusative of a man's (-a) or a woman's (-u) name
            or auxiliary.folded not in lexicon.OFFICERS_AUXILIARIES
            or verb.folded not in lexicon.person_verbs()
            or verb.folded.startswith(lexicon.THING_VERBS)
            or gap(text, token, auxiliary) != " "
            or gap(text, auxiliary, verb) != " "
        ):
            continue
        labels[j] = "F"


def _no_word(folded: str) -> bool:
    """A form no list of words has in any case: a name's alone."""
    return not (
        lexicon.listed_word(folded)
        or lexicon.not_a_name(folded)
        or lexicon.is_place(folded)
        or folded in lexicon.person_words()
    )
