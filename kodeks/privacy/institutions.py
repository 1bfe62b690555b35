"""An institution's address is no one's home: "Općinski sud u Sarajevu, Ulica Lipova 6", "PS Centar, Ulica Brezova
11", "Dom zdravlja, Bulevar Hrastova 2", "na adresi Centra za socijalni rad, Lipova 38".

A court, a police station, a health centre, a social work centre, a school publishes its address; it says nothing of
a citizen. The evidence is the apposition: the institution's phrase (its noun, then at most four words of its name:
capitals, "za", "u", or lower-case words of the laws — "za socijalni rad", "u Tuzli") ends right before the address
with a comma, a dash or a colon, or the institution is the subject of "is at" ("Općinski sud je na adresi …",
"… se nalazi u Ulici …"), or the address cue itself takes the institution in the genitive ("na adresi Centra
za …"). Failing closed where the address may be a person's: not after a word of dwelling in the sentence (živi,
stanuje, prebivalište …: "živi kod škole, Lipova 5"), and not where a person is named by the institution ("učenica
OŠ Lipa, Lipova 5", "radi u Domu zdravlja, Lipova 5": a list of a person's details has her home after her school or
her work).
"""

from __future__ import annotations

import re

from kodeks.privacy import dwelling, lexicon, place_prepositions
from kodeks.privacy.tokens import CLAUSE_END, WORD
from retrieval.language.normalize import fold

# The institution's noun, folded. "dom" only with the genitive that makes it an institution ("Dom zdravlja"): a home
# alone is someone's ("dom Marka Lipića").
INSTITUTION = re.compile(
    r"^(?:sud|suda|sudu|sudom|tuzilast\w*|tuziteljst\w*|ps|pu|mup|csr|jzu|kcus|ukc|policijsk\w*|stanic[aeiu]|"
    r"uprav[aeiu]|centar|centr[aeu]|centrom|bolnic\w*|klinik\w*|ambulant\w*|skol[aeiu]|skolom|os|ss|gimnazij\w*|"
    r"fakultet\w*|vrtic\w*|opcin\w*|opstin\w*|ministarstv\w*|zavod\w*|agencij\w*|ambasad\w*|konzulat\w*|"
    r"direkcij\w*|inspektorat\w*|ustanov\w*|institucij\w*)$"
)
# Lower-case words inside an institution's name besides the laws' words: "za", "u", "i", "pri", "Dom zdravlja".
_JOINS = frozenset(["za", "u", "i", "pri", "na", "od", "zdravlja", "kulture", "penzionera", "zdravstva"])
_DWELLING = re.compile(
    r"(?<!\w)(?:ziv[a-z]*|"  # any word of the stem, "život" too: failing closed
    rf"{dwelling.STAYS}|stanovanj\w*|{dwelling.PERMANENT}|{dwelling.RESIDES}|{dwelling.SETTLED}|{dwelling.REGISTERED}|smjesten\w*|"
    r"adres[aeiu]\s+(?:mu|joj|im|stanovanja))(?!\w)"
)
# Before the institution: a word for a person, or a verb of working or learning there ("radi u školi …").
_WORKS = re.compile(r"^(?:radi|radio|radila|rade|zaposlen\w*|uposlen\w*|uci|ucio|ucila|pohadja\w*|student\w*)$")
_APPOSITION = re.compile(r"[ ]*(?:,|[-–—:(])[ ]*$")
# Or the institution is the subject of "is at": "Općinski sud je na adresi Lipova 3", "Centar … se nalazi u Ulici …".
_IS_AT = re.compile(
    r"[ ]+(?:je|su|se[ ]+nalaz[ie]|nalaz[ie][ ]+se)(?:[ ]+(?:premjesten|premješten|preseljen)[aoi]?)?"
    r"[ ]+(?:u|na)(?:[ ]+adres[iu])?[ ]*$",
    re.IGNORECASE,
)
_MAX_NAME_WORDS = 4
# Where one goes or where something happens (not "iz": "Ana Lipić iz Općine Lipa, …" is someone from there).
_PREPOSITIONS = place_prepositions.WHERE_TO
_ADJECTIVE = re.compile(r"(?:sk|ck|čk|n|j)(?:i|a|o|e|og|om|oj)$")  # opcinski, kantonalni, policijska, osnovna


def _noun_at(words: list[str], i: int) -> bool:
    """Whether the folded word at `i` is an institution's noun ("dom" with its genitive after it)."""
    if words[i] in dwelling.HOME:
        return i + 1 < len(words) and words[i + 1] in ("zdravlja", "kulture", "penzionera", "zdravstva")
    return INSTITUTION.match(words[i]) is not None


def _name_word(surface: str, folded: str) -> bool:
    """A word of an institution's name: a capital, a join, a lower-case word of the laws that is no verb."""
    if surface[:1].isupper():
        return True
    return folded in _JOINS or (lexicon.law_word(folded) and not folded.endswith(("ao", "io", "la", "li", "lo")))


def _not_a_persons(word: str) -> bool:
    """The word before "u"/"na" + institution is no name, no word for a person, no verb of working there."""
    folded = fold(word)
    return not (word[:1].isupper() or _WORKS.match(folded) or folded in lexicon.person_words())


def starts_with_institution(text: str, start: int) -> bool:
    """Whether the phrase at `start` opens with an institution's noun ("adresi Centra za socijalni rad")."""
    rest = [fold(w) for w in WORD.findall(text[start : start + 40])]
    return bool(rest) and _noun_at(rest, 0)


def institution_before(text: str, start: int) -> bool:
    """Whether the address at `start` stands in apposition to an institution's phrase before it (see the module)."""
    before = text[max(0, start - 80) : start]
    sep = _APPOSITION.search(before) or _IS_AT.search(before)
    if sep is None:
        return False
    head = before[: sep.start()]
    cut = max((m.end() for m in CLAUSE_END.finditer(head)), default=0)
    comma = head.rfind(",")
    whole = text[:start]
    opening = max((m.end() for m in CLAUSE_END.finditer(whole)), default=0)
    if _DWELLING.search(fold(whole[opening:])):
        return False  # "živi kod škole, Lipova 5", "prijavljen na adresi Centra …, Lipova 5": where someone lives
    segment = head[max(cut, comma + 1) :]
    tokens = list(WORD.finditer(segment))
    if not tokens:
        return False
    surfaces = [t.group() for t in tokens]
    folded = [fold(s) for s in surfaces]
    opens_sentence = comma < cut  # no comma in this sentence before the institution (rfind gives -1 for none)
    for i in range(max(0, len(tokens) - _MAX_NAME_WORDS - 1), len(tokens)):
        if not _noun_at(folded, i):
            continue
        if not all(_name_word(s, f) for s, f in zip(surfaces[i + 1 :], folded[i + 1 :])):
            continue
        if i == 0:
            return opens_sentence  # "Općinski sud …, Lipova 6" opening the sentence; after a comma a list of details
        if folded[i - 1] == "adresi" or (
            folded[i - 1] in _PREPOSITIONS and (i == 1 or _not_a_persons(surfaces[i - 2]))
        ):
            return True  # "došla u PS Lipa, …", "na adresi Centra za …, …" (not "radi u školi …, …")
        # "Općinski sud u Tuzli, …": the institution's own adjective before it; any other word before it is a person's
        # ("učenica OŠ Lipa, …", "direktor škole, …": her details, her home after them)
        return i == 1 and opens_sentence and _ADJECTIVE.search(folded[0]) is not None
    return False
