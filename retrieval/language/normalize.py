"""Text normalisation shared by ingest and search, so that what officers type matches what laws say.

Officers type on phones: without č/ć/š/ž/đ, sometimes in Cyrillic. Both the index and the query go
through the same `fold()`, so "vozac", "vozač" and "возач" become the same token.

The Serbian Cyrillic→Latin table is written out here rather than taken from a package: it is the
official one-to-one (Vuk/Gaj) mapping of 30 letters, data rather than logic, and a dependency for it
would add nothing. Stemming itself comes from PyStemmer (Snowball).
"""

from __future__ import annotations

import re
import unicodedata

# Serbian Cyrillic letter → Latin letter(s); public: ingest reads it backwards to mend a law's mixed-script words.
CYR_TO_LAT = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "ђ": "đ",
    "е": "e",
    "ж": "ž",
    "з": "z",
    "и": "i",
    "ј": "j",
    "к": "k",
    "л": "l",
    "љ": "lj",
    "м": "m",
    "н": "n",
    "њ": "nj",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "ћ": "ć",
    "у": "u",
    "ф": "f",
    "х": "h",
    "ц": "c",
    "ч": "č",
    "џ": "dž",
    "ш": "š",
    # Letters of neighbouring Cyrillic alphabets that show up in pasted text.
    "ѓ": "đ",
    "ќ": "ć",
    "ѕ": "dz",
    "й": "j",
    "ы": "y",
    "э": "e",
    "ю": "ju",
    "я": "ja",
    "ё": "jo",
    "щ": "šč",
    "ъ": "",
    "ь": "",
    "є": "je",
    "і": "i",
    "ї": "ji",
    "ґ": "g",
}
_TRANSLIT = str.maketrans({**CYR_TO_LAT, **{k.upper(): v.capitalize() for k, v in CYR_TO_LAT.items() if v}})

# Letters NFKD does not decompose: folded by hand, the BCS way (đ → dj, as in "Djordje").
_SPECIAL_LETTERS = {"đ": "dj", "Đ": "Dj", "ß": "ss", "ł": "l", "Ł": "L", "ø": "o", "æ": "ae"}

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CONTROL = re.compile(r"[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def to_latin(text: str) -> str:
    """Transliterate (Serbian) Cyrillic to Latin, keeping diacritics: "возач" → "vozač"."""
    return text.translate(_TRANSLIT)


# The official table read the other way (its 30 letters; lj, nj, dž first): for the project's own wording
# shown to an officer who writes in Cyrillic. Not for arbitrary text ("injekcija" has an n+j, not an nj).
_LAT_TO_CYR = {v: k for k, v in list(CYR_TO_LAT.items())[:30]}
_LAT_LETTER = re.compile("|".join(sorted(map(re.escape, _LAT_TO_CYR), key=len, reverse=True)), re.IGNORECASE)


def to_cyrillic(text: str) -> str:
    """Transliterate BCS Latin to Serbian Cyrillic: "zakon o radu" → "закон о раду", "PDV" → "ПДВ"."""

    def letter(m: re.Match[str]) -> str:
        cyr = _LAT_TO_CYR[m.group().lower()]
        return cyr.upper() if m.group()[0].isupper() else cyr

    return _LAT_LETTER.sub(letter, text)


# The BCS letters, folded by table: what NFKD + dropping the marks gives them, ~20× faster on long law
# texts (search folds every served article to explain its matches). Anything else still goes through NFKD.
_BCS_FOLD = {"č": "c", "ć": "c", "š": "s", "ž": "z", "Č": "C", "Ć": "C", "Š": "S", "Ž": "Z"}
_FOLD = str.maketrans({**_SPECIAL_LETTERS, **_BCS_FOLD})  # one pass over the text for both


def strip_diacritics(text: str) -> str:
    """č ć → c, š → s, ž → z, đ → dj; any other combining mark dropped (ü → u, é → e)."""
    text = text.translate(_FOLD)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def clean(text: str) -> str:
    """Remove control and bidi characters and collapse whitespace; keep everything readable."""
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text)
    return " ".join(text.split())


def fold(text: str) -> str:
    """The matching form: clean, Latin, no diacritics, lower case."""
    # Lower-case before folding ("İ".lower() brings a combining dot), fold twice (NFKD can uncover
    # letters: "ӹ" → "ы", "𝜜" → "Α") and re-collapse the spaces NFKD leaves ("¯" → " " + macron),
    # so that fold(fold(x)) == fold(x).
    text = strip_diacritics(to_latin(clean(text)).lower())
    text = strip_diacritics(to_latin(text)).lower()
    return " ".join(text.split())


def words(text: str) -> list[str]:
    """Folded word tokens (letters and digits)."""
    return _WORD.findall(fold(text))


def embedding_text(text: str) -> str:
    """What the embedder sees, for passages and queries alike: one script (Latin), clean spacing.

    Diacritics are kept (the model knows them); Cyrillic is transliterated so a Cyrillic question
    and a Latin article meet in the same part of the vector space.
    """
    return to_latin(clean(text))
