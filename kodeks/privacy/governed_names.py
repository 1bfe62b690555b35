"""A lone first name in lower case, in a case that only a person takes beside the word that governs it.

Two frames, each of which a person fills and a thing does not (docs/privacy.md "Eighteenth round"):

- the dative of a woman's name (-a → -i: Mirna → "mirni") after a verb of telling or giving, the officers'
  auxiliary and at most one word (the thing given) between: "rekao je mirni", "dali smo poziv mirni", "oduzeli smo
  mobitel mirni". The receiver of what is said, given or taken away is someone.
- a first name's genitive after "kod" or "od" where the clause then places something in a dwelling: "kod dine smo
  nasli drogu u stanu", "kod mirne u kuci": the dwelling is the person's ("at X's").

Only the name's case form (never its nominative) counts, in lower case, and never a form the law texts have in lower
case, a place or a function word. Each frame is strong enough that a form the lists mark as an everyday word may count
(the dative of "iva", a willow, is nobody's receiver of a phone), except right after the verb in the telling frame,
where a noun's dative could be meant. Labels as in names.py: F first name, f a weak one, O other.
"""

from __future__ import annotations

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap

# Verbs (folded, past participles) whose dative is the one told, given or deprived: a person.
_DATIVE_VERBS = frozenset(
    [
        "rekao",
        "rekla",
        "rekli",
        "kazao",
        "kazala",
        "kazali",
        "dao",
        "dala",
        "dali",
        "poslao",
        "poslala",
        "poslali",
        "javio",
        "javila",
        "javili",
        "oduzeli",
        "oduzeo",
        "oduzela",
        "ukrao",
        "ukrala",
        "ukrali",
        "prodao",
        "prodala",
        "prodali",
        "predao",
        "predala",
        "predali",
        "vratio",
        "vratila",
        "vratili",
        "pokazao",
        "pokazala",
        "pokazali",
        "prijetio",
        "prijetila",
        "prijetili",
        "obecao",
        "obecala",
        "obecali",
        "naredio",
        "naredila",
        "naredili",
        "zabranio",
        "zabranila",
        "zabranili",
        "uputio",
        "uputila",
        "uputili",
        "dostavili",
        "dostavio",
        "dostavila",
        "urucili",
        "urucio",
        "urucila",
    ]
)
# Auxiliaries and clitics between the verb and its objects ("rekao JE mirni", "dali SMO poziv mirni").
_CLITICS = frozenset(["je", "su", "smo", "sam", "ste", "si", "ga", "mu", "joj", "ih", "im", "se", "nije", "nisu"])
# "dali" is also "da li" typed together: the verb only with an auxiliary of the officers right after it.
_ALSO_A_QUESTION = frozenset(["dali"])
_AT = frozenset(["kod", "od"])
# A dwelling's locative after "u": the place the genitive after kod/od owns.
_DWELLINGS = frozenset(["stanu", "kuci", "vikendici", "garazi", "sobi", "podrumu", "dvoristu", "stanovima"])


def _name_form(token: Token) -> str | None:
    """The first name a lower-case word is a case form of (never its nominative), if the word can be one at all."""
    folded = token.folded
    if not token.text.islower() or not lexicon.lowercase_name_word(folded):
        return None
    name = lexicon.first_name(folded)
    return None if name is None or name == folded else name


def _dative_verb_before(text: str, tokens: list[Token], j: int) -> tuple[bool, bool] | None:
    """Whether a verb of telling or giving governs token `j` from the left in the same clause, and whether a word (its
    direct object) stands between them; None when no such verb does."""
    k, between = j, 0
    while k > 0 and gap(text, tokens[k - 1], tokens[k]) == " ":
        k -= 1
        folded = tokens[k].folded
        if folded in _CLITICS:
            continue
        if folded in _DATIVE_VERBS:
            if folded in _ALSO_A_QUESTION and not (
                k + 1 < len(tokens) and tokens[k + 1].folded in lexicon.OFFICERS_AUXILIARIES
            ):
                return None
            return True, between > 0
        between += 1
        if between > 1 or folded in lexicon.FUNCTION_WORDS:
            return None
    return None


def dwelling_after(text: str, tokens: list[Token], j: int) -> bool:
    """Whether the clause after token `j` places something "u stanu", "u kuci" …: the dwelling of the one named."""
    k = j
    while k + 1 < len(tokens) and gap(text, tokens[k], tokens[k + 1]) == " ":
        k += 1
        if tokens[k].folded == "u" and k + 1 < len(tokens) and tokens[k + 1].folded in _DWELLINGS:
            return gap(text, tokens[k], tokens[k + 1]) == " "
    return False


def governed_first_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "rekao je mirni", "dali smo poziv mirni", "kod dine smo nasli drogu u stanu": a first name's case form that
    the verb or the dwelling beside it shows to be someone."""
    for j, token in enumerate(tokens):
        if labels[j] not in "Of":
            continue
        name = _name_form(token)
        if name is None:
            continue
        folded = token.folded
        names = lexicon.first_names()
        if folded.endswith("i") and folded[:-1] + "a" in names:  # a woman's dative ("ivi": Iva's, not Ivo's)
            governed = _dative_verb_before(text, tokens, j)
            # an everyday form ("ivi": the willow's) only with the thing given between: "oduzeli smo mobitel ivi"
            if governed is not None and (governed[1] or folded not in lexicon.common_forms()):
                labels[j] = "F"
                continue
        genitive = (folded.endswith("e") and folded[:-1] + "a" in names) or (
            folded.endswith("a") and any(folded[:-1] + e in names for e in ("", "o", "e"))
        )
        if (
            genitive
            and j > 0
            and tokens[j - 1].folded in _AT
            and gap(text, tokens[j - 1], token) == " "
            and dwelling_after(text, tokens, j)
        ):
            labels[j] = "F"
