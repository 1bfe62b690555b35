"""Text as the officer sees it: letters that look like Latin ones read as those Latin letters.

The citation check (citations.py) finds article numbers in text brought to one form; a model (or a copied
passage) could otherwise write "člαnu 999" (Greek alpha), "ΚΖ RS 999" (Greek capitals) or "čӏanu 999"
(Cyrillic palochka), which an officer reads as "članu 999" / "KZ RS 999" but a Latin pattern does not.
`visual(text)` maps such look-alikes to the Latin letters they look like, after NFKC, with digits of any
script as ASCII and every dash and minus as "-".

Which letter looks like which comes from Unicode's confusables data (UTS #39) as shipped by the
`confusable-homoglyphs` package (chosen over `confusables`, whose `normalize` expands every combination of
readings, and over newer TR39 packages without a track record: it is small, pure Python, kept up to date
with Unicode and has one JSON table we read once). Only non-ASCII characters are mapped, and only to ASCII
letters, digits or "-": ASCII text is never changed, so "1" stays a digit and "l" a letter.

Words written wholly in Cyrillic are read as Cyrillic (transliterated: "члану" → "članu", never a visual
"4JiaHy"); a word mixing scripts is read as it looks ("сlanu" with a Cyrillic с → "clanu"). Inside a word
of lower-case letters a capital I or a palochka reads as "l" ("čIanu"), and inside a number a letter O or
l reads as a digit ("99O" → "990"), as a reader would take them.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from importlib import resources

from retrieval.language.normalize import strip_diacritics, to_latin

# Every dash and minus: "-", except the en / em dashes and the horizontal bar, which stay one "–" (a range
# "373–375" is two numbers, "373-375" one article number: see citations._NUMBER).
DASHES = dict.fromkeys(
    ("‐", "‑", "‒", "⁃", "−", "˗", "➖", "﹘", "﹣", "－", "֊", "־", "᠆", "⸺", "⸻", "〜", "゠", "⸗", "⸚", "⹀"), "-"
)
DASHES.update({"\u2013": "–", "\u2014": "–", "\u2015": "–", "\ufe31": "–", "\ufe32": "–"})
_L_LIKE = frozenset("\u04cf\u04c0Iı|ℓǀ")  # read as "l" between lower-case letters
_WORD = re.compile(r"[^\W\d_]+")
_NUMBER_LIKE = re.compile(r"(?<![^\W\d_])[\dOoIl]*\d[\dOoIl]*(?![^\W\d_])")


@functools.cache
def _look_alikes() -> dict[str, str]:
    """Non-ASCII character → the ASCII letter, digit or "-" it looks like (Unicode's confusables)."""
    table = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    out: dict[str, str] = {}
    for char, entries in table.items():
        for entry in entries:
            glyph = entry["c"]
            if (
                len(char) == 1
                and not char.isascii()
                and len(glyph) == 1
                and glyph.isascii()
                and (glyph.isalnum() or glyph == "-")
            ):
                out.setdefault(char, glyph)  # char looks like an ASCII one
            if (
                char.isascii()
                and len(char) == 1
                and (char.isalnum() or char == "-")
                and len(glyph) == 1
                and not glyph.isascii()
            ):
                out.setdefault(glyph, char)  # an ASCII character's look-alike
    for dash, to in DASHES.items():
        out[dash] = to
    out.update({"\u04cf": "l", "\u04c0": "l"})  # the palochka reads as l (Unicode gives its capital I-form)
    return out


def _script(ch: str) -> str:
    return unicodedata.name(ch, "?").split(" ")[0]


def _as_seen(word: str) -> str:
    letters = [ch for ch in word if ch.isalpha()]
    if letters and all(_script(ch) == "CYRILLIC" for ch in letters) and not any(ch in _L_LIKE for ch in letters):
        return to_latin(word)  # a Cyrillic word, read as Cyrillic
    table = _look_alikes()
    out = []
    for i, ch in enumerate(word):
        if ch in _L_LIKE and 0 < i < len(word) - 1 and word[i - 1].islower() and word[i + 1].islower():
            out.append("l")
        elif ch.isascii():
            out.append(ch)
        else:
            base = strip_diacritics(ch)
            out.append(base if base.isascii() and base else table.get(ch) or to_latin(ch))
    return "".join(out)


def plain(text: str) -> str:
    """NFKC, format characters dropped, digits of any script as ASCII, every dash and minus as "-": the first
    steps of both forms the citation check reads (`visual` here, `citations.checkable`)."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(
        str(unicodedata.decimal(ch)) if ch.isdecimal() else DASHES.get(ch, ch)
        for ch in text
        if unicodedata.category(ch) != "Cf"
    )


def visual(text: str) -> str:
    """The text as it reads to the eye, in the citation check's form (`plain`, look-alike letters as the
    letters they look like, no diacritics); keeps case, like `citations.checkable`."""
    text = _WORD.sub(lambda m: _as_seen(m.group(0)), plain(text))
    text = _NUMBER_LIKE.sub(lambda m: m.group(0).translate(str.maketrans("OoIl", "0011")), text)
    return strip_diacritics(text)
