"""E-mail addresses, typed or dictated: both readers and the words they share, in one module.

Officers type an address ("marko@gmail.com", "marko @ gmail.com", "marko(at)gmail.com") or dictate it, and voice
typing writes "@" and "." as the words said for them ("at", "majmun", "u majmunu"; "dot", "tačka"). `typed_emails`
reads the address pattern and the forms with the spoken words in one word's local part ("marko at gmail dot com",
"marko majmun gmail tačka com", on the text as typed); `spoken_emails` reads the voice-typing forms the first does not:
a local part of two words ("ana lipic u majmunu gmail tacka com") and the Cyrillic transcription ("ана липић у мајмуну
гмаил тачка ком"), on the folded text. A dictated form counts only with a top-level domain at its end, so " at " or
"tačka" alone is never enough. The spoken words are written once here; each reader takes the forms it was built for
(the typed one the accented and "točka" spellings as typed, the voice one the transcription's "kom" and "u majmunu").
"""

from __future__ import annotations

import re

from kodeks.privacy.context import folded_with_offsets, original_span
from kodeks.privacy.spans import Span

# The words said for "@" and for "." (folded).
AT_WORDS: tuple[str, ...] = ("at", "et", "majmun")
DOT_WORDS: tuple[str, ...] = ("dot", "tacka")
# What else the typed reader takes as typed: the diminutive for "@", the accented and the Croatian "točka".
_TYPED_AT_WORDS = (*AT_WORDS, "majmunce", "majmunče")
_TYPED_DOT_WORDS = (*DOT_WORDS, "tačka", "tocka", "točka")
# The top-level domains a dictated address may end with.
TLDS: tuple[str, ...] = (
    *("com", "net", "org", "info", "biz", "edu", "gov", "ba", "hr", "rs", "me", "si", "mk", "de", "at", "ch", "eu"),
    *("uk", "us", "it", "fr", "nl", "se", "no", "dk", "tr", "ru", "io", "co"),
)
# Those the voice reader ends on: the region's, the common ones, and the transcription's spelling "kom".
_VOICE_TLDS = ("com", "kom", "net", "org", "ba", "rs", "hr", "me", "de", "at", "ch", "info", "eu", "co[ ]+uk")


def _either(words: tuple[str, ...]) -> str:
    return "|".join(words)


# --- typed, and dictated with a one-word local part ---------------------------------------------------------------
_EMAIL = re.compile(r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+(?<!\.)", re.UNICODE)
# As officers type or dictate one: "marko @ gmail.com", "marko(at)gmail.com", "marko at gmail dot com",
# "marko majmun gmail tačka com".
_AT = rf"(?:\s*@\s*|\s*[(\[{{<]\s*(?:{_either(AT_WORDS[:2])}|@)\s*[)\]}}>]\s*|\s+(?:{_either(_TYPED_AT_WORDS)})\s+)"
_DOT = (
    rf"(?:\s*\.\s*|\s*[(\[{{<]\s*(?:{_either(_TYPED_DOT_WORDS)})\s*[)\]}}>]\s*|\s+(?:{_either(_TYPED_DOT_WORDS)})\s+)"
)
# Between the local part's words a dot, and dictated an underscore or a dash too ("ana underscore lipic majmunče …").
_LOCAL_DOT = (
    rf"(?:\.|\s*[(\[]\s*(?:{_either(_TYPED_DOT_WORDS)})\s*[)\]]\s*|\s+(?:{_either(_TYPED_DOT_WORDS)})\s+"
    r"|\s+(?:underscore|donja crta|crtica|povlaka)\s+)"
)
_TLD = rf"(?:{_either(TLDS)})"
_EMAIL_SPOKEN = re.compile(
    rf"(?<![\w.+-])[\w+-]+(?:{_LOCAL_DOT}[\w+-]+)*{_AT}[\w-]+(?:{_DOT}[\w-]+)*{_DOT}{_TLD}(?![\w-])",
    re.IGNORECASE | re.UNICODE,
)


def typed_emails(text: str) -> list[Span]:
    """The address pattern, and the forms dictated with a one-word local part (on the text as typed)."""
    spans = [Span(m.start(), m.end(), "EMAIL") for m in _EMAIL.finditer(text)]
    for m in _EMAIL_SPOKEN.finditer(text):
        if not any(s.start < m.end() and m.start() < s.end for s in spans):
            spans.append(Span(m.start(), m.end(), "EMAIL"))
    return spans


# --- as voice typing writes it: a local part of two words, "u majmunu", Cyrillic ---------------------------------
_VOICE_DOT_WORDS = tuple(sorted(DOT_WORDS, key=len, reverse=True))  # longest first: "tacka|dot"
_VOICE_AT_WORDS = tuple(sorted((*AT_WORDS, "majmunce"), key=len, reverse=True))  # "majmunce|majmun|at|et"
# The mail providers whose name voice typing writes with the top-level domain and no word for the dot between
# ("… at gmail com"): the dot is swallowed, the provider's name says what follows is its domain.
_PROVIDERS = ("gmail", "googlemail", "yahoo", "hotmail", "outlook", "icloud", "live", "gmx", "aol", "yandex", "proton")
_LOCAL = rf"[a-z0-9_]+(?:[ ](?:{_either(_VOICE_DOT_WORDS)}|crtica|donja[ ]crta)[ ][a-z0-9_]+)?"
# A local part of two words joined by the dot's word of the languages callers from abroad dictate in ("ana punto l",
# "ana punkt lipic"): the whole local part, read only right before the at-word (no sentence of ours says "punto").
_FOREIGN_DOTTED = r"[a-z0-9_]+[ ](?:punto|punkt)[ ][a-z0-9_]+"
_VOICE = re.compile(
    rf"(?<![\w@])(?P<local>{_FOREIGN_DOTTED}|{_LOCAL}(?:[ ]{_LOCAL})?)[ ]+(?:u[ ]+majmunu|{_either(_VOICE_AT_WORDS)})[ ]+"
    rf"(?:[a-z0-9-]+(?:[ ]+(?:{_either(_VOICE_DOT_WORDS)})[ ]+[a-z0-9-]+)*[ ]+(?:{_either(_VOICE_DOT_WORDS)})"
    rf"|(?:{_either(_PROVIDERS)}))[ ]+(?:{_either(_VOICE_TLDS)})(?!\w)"
)
# The message's own words before the address, never its local part.
_OWN = frozenset(
    [
        *("je", "mu", "joj", "im", "mi", "sam", "su", "glasi", "pise"),
        *("mail", "mejl", "email", "e", "adresa", "adresu", "adresi", "njegov", "njen", "njegova", "njena"),
        *("sa", "s", "od", "na", "za"),
    ]
)


def emails(text: str) -> list[Span]:
    """Both readers' addresses; where they overlap the masker keeps the one starting first (the voice reader's
    local part of two words: "j schmidt majmunče web tačka de")."""
    return typed_emails(text) + spoken_emails(text)


def spoken_emails(text: str) -> list[Span]:
    """An address as voice typing writes it (folded): one or two words, the at-word, a domain's words, the dot-word
    and a top-level domain — no sentence of the language ends a clause on "tačka com". The local part's leading
    words that are the message's own (je, mu, mail, adresa …) stay outside."""
    folded, offsets = folded_with_offsets(text)
    spans = []
    for m in _VOICE.finditer(folded):
        start = m.start("local")
        words = m.group("local").split(" ")
        for word in words[:-1]:
            if word not in _OWN:
                break
            start += len(word) + 1
        spans.append(Span(*original_span(offsets, start, m.end()), "EMAIL"))
    return spans
