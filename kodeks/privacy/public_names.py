"""Names of businesses are no citizen's: a firm, a café or a
bakery named in quotes ("firma „Lipić gradnja“", "Kafić „Kod Marka“", "pekara „Kod Hasana“ d.o.o.").

A border crossing, a reception centre, a police station is named by its place (units.py reads it); a business by
whatever its owner chose, often a name ("Kod Edina": at Edin's). What makes a business's name public is its noun
right before the opening quote or its legal form (d.o.o., d.d., s.p., obrt) right after the closing one; inside its
quotes everything is its name. Without quotes, "Kod X" after the business's noun, with its capital K, is the name.
Labels as in names.py: O other.
"""

from __future__ import annotations

import re

from kodeks.privacy.tokens import Token, gap
from retrieval.language.normalize import fold

# A business's noun right before its name in quotes, folded ("firme „…“", "Kafić „…“", "Rent-a-car „…“").
_BUSINESS = re.compile(
    r"^(?:firm\w*|preduzec\w*|poduzec\w*|kompanij\w*|kafic\w*|kafan\w*|caffe|cafe|bar|bara|baru|pekar\w*|"
    r"apotek\w*|ljekarn\w*|restoran\w*|trgovin\w*|prodavnic\w*|radnj\w*|salon\w*|market\w*|supermarket\w*|"
    r"butik\w*|hotel\w*|motel\w*|pansion\w*|agencij\w*|car|servis\w*|praonic\w*|pumpe|pumpa|pumpi|mesnic\w*|"
    r"buregdzinic\w*|cevabdzinic\w*|slasticarn\w*|klub\w*|obrt\w*|zanatsk\w*|ugostiteljsk\w*|objekt\w*)$"
)
_QUOTED = re.compile(r"[\"„“”«']([^\"„“”«»']{1,60})[\"“”»']")
_LEGAL_FORM = re.compile(r"^[ ]*,?[ ]*(?:d\.?[ ]?o\.?[ ]?o\b|d\.?[ ]?d\b|s\.?[ ]?p\b|obrt\b|doo\b)", re.IGNORECASE)


# A firm's legal form right after its name, a space between ("Lipić d.o.o.", "Brezić d.d.", "Lipa s.p.").
_LEGAL_FORM_AFTER = re.compile(r"^ (?:d\.[ ]?o\.[ ]?o\.?|d\.o\.o|doo\b|d\.[ ]?d\.|s\.[ ]?p\.)", re.IGNORECASE)
_MAX_FIRM_WORDS = 3
# After a surname alone: a person's verb or auxiliary makes it the clause's subject, a person ("u pekari Lipić je
# udario …"), unless the business's noun opens the clause ("pekara Lipić se zapalila": the bakery is the subject).
_PERSONS_AUXILIARIES = frozenset(["je", "su", "nije", "nisu", "ce", "ga", "mu", "joj"])
_PARTICIPLE = re.compile(r"(?:o|la|li|le|lo)$")


def is_business_noun(folded: str) -> bool:
    """Whether a folded word is a business's noun (firma, pekara, kafić, trgovina …): it names no one."""
    return _BUSINESS.match(folded) is not None


def _names_before_legal_forms(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "firma Lipić d.o.o.", "Lipa Brezić d.o.o.": the capitalised words (one to three, spaces between) right before a legal form are the firm's registered name."""
    for k, token in enumerate(tokens):
        if not token.text[:1].isupper() or not _LEGAL_FORM_AFTER.match(text[token.end :]):
            continue
        j = k
        while (
            j > 0
            and k - j + 1 < _MAX_FIRM_WORDS
            and gap(text, tokens[j - 1], tokens[j]) == " "
            and tokens[j - 1].text[:1].isupper()
        ):
            j -= 1
        labels[j : k + 1] = ["O"] * (k + 1 - j)


def _opens_clause(text: str, tokens: list[Token], j: int) -> bool:
    return j == 0 or tokens[j].sentence_start or "," in gap(text, tokens[j - 1], tokens[j])


def _surnames_naming_businesses(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "pekara Lipić se zapalila", "u trgovini Brezić": a surname alone, undeclined (its nominative: -ić, or a
    consonant at its end), right after a business's noun names the business."""
    for j in range(len(tokens) - 1):
        noun, name = tokens[j], tokens[j + 1]
        if not (noun.text.islower() or noun.capitalised) or not is_business_noun(noun.folded):
            continue
        if gap(text, noun, name) != " " or not name.capitalised or labels[j + 1] not in "SC":
            continue
        if name.folded[-1:] in "aeiou":
            continue  # declined: "kod pekara Lipića" is the baker's, a person
        after = tokens[j + 2] if j + 2 < len(tokens) else None
        if after is not None and gap(text, name, after) == " ":
            if labels[j + 2] in "FfSC" or after.capitalised:
                continue  # "vlasnik kafića Lipić Zdenko": more of a name
            if (
                not _opens_clause(text, tokens, j)
                and after.text.islower()
                and (after.folded in _PERSONS_AUXILIARIES or _PARTICIPLE.search(after.folded))
            ):
                continue  # "u pekari Lipić je udario …": the surname is the subject, a person
        labels[j + 1] = "O"


def _business_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    for m in _QUOTED.finditer(text):
        before = text[max(0, m.start() - 40) : m.start()]
        word = re.search(r"([^\W\d_]+)[ ]*$", before)
        named_by_noun = word is not None and _BUSINESS.match(fold(word.group(1))) is not None
        if not (named_by_noun or _LEGAL_FORM.match(text[m.end() :])):
            continue
        for j, token in enumerate(tokens):
            if m.start(1) <= token.start and token.end <= m.end(1):
                labels[j] = "O"


def _at_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """ "u kafiću Kod Lipića", "restoran Kod Ive": without quotes, a business's name "Kod X" (at X's) right after its
    noun, the preposition capitalised as a name's first word is — its one or two capitalised words after it are the
    name's. A lower-case "kod" keeps its sense ("u kafiću kod Lipića": a place by a person)."""
    for j in range(1, len(tokens) - 1):
        if tokens[j].text != "Kod" or tokens[j].sentence_start or gap(text, tokens[j - 1], tokens[j]) != " ":
            continue
        if _BUSINESS.match(tokens[j - 1].folded) is None:
            continue
        labels[j] = "O"
        for k in range(j + 1, min(j + 3, len(tokens))):
            if not tokens[k].text[:1].isupper() or gap(text, tokens[k - 1], tokens[k]) != " ":
                break
            labels[k] = "O"


def public_names(text: str, tokens: list[Token], labels: list[str]) -> None:
    """Labels O the words of a business's name in quotes, of one named "Kod X" after its noun, before its legal form,
    or by a surname alone after its noun."""
    _business_names(text, tokens, labels)
    _at_names(text, tokens, labels)
    _names_before_legal_forms(text, tokens, labels)
    _surnames_naming_businesses(text, tokens, labels)
