"""A verb negated by "ne" typed as one word, which a first name may spell: "vlasnik neda da uđemo" is "ne da" (he does
not let us), "komšija nezna da …" is "ne zna". Phones and haste join the negation to its verb, and a few of those
joined forms are women's names (Neda) or read like one.

The form is "ne" and, after it, a word of the laws' or officers' everyday words or a function word ("da", "zna",
"može"), in lower case, right before "da" and the clause it opens — what the negated verb governs. A name there would
need its own verb; "neda kaže da …" (Neda says that …) keeps its name, since the word after it is no "da".
"""

from __future__ import annotations

from kodeks.privacy import lexicon
from kodeks.privacy.tokens import Token, gap


def negated_verbs(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Unlabel a lower-case "ne"+verb read as a name ("neda da …")."""
    for j in range(len(tokens) - 1):
        token, after = tokens[j], tokens[j + 1]
        rest = token.folded[2:]
        if (
            labels[j] in "Ff"
            and token.text.islower()
            and token.folded.startswith("ne")
            and len(rest) >= 2
            and (rest in lexicon.FUNCTION_WORDS or lexicon.law_word(rest))
            and after.folded == "da"
            and gap(text, token, after) == " "
        ):
            labels[j] = "O"
