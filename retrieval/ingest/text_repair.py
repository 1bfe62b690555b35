"""Text that cannot be right, found before it is split into articles: repaired, or refused naming why.

- **Double-encoded UTF-8 / mojibake** ("Ä\\x8dlan", "â\\x80\\x93", "ÄŤ"): repaired with `ftfy`, line by line
  (a file is often only partly garbled, and ftfy fixes a segment only when all of it decodes), using
  only its encoding fix (`ftfy.fix_encoding`): quotes, ligatures and widths stay as the law prints them.
- **YUSCII** (the 7-bit Yugoslav font mapping of old gazette PDFs: `^`=Č `~`=č `{`=š `[`=Š `` ` ``=ž
  `@`=Ž `|`=đ `\\`=Đ `}`=ć `]`=Ć, so headings read "^lanak 1."): no library decodes YUSCII (ftfy, charset
  detectors and codecs all treat it as the plain ASCII it is), so it is ours. It is recognised
  statistically — those characters *inside* words ("za{tita", "ure|uje") and no real diacritics — and
  mapped back only where a letter touches them, so a bracket or an e-mail address elsewhere is left be.
- **Unreadable glyphs**: "(cid:NN)" (a PDF font without a Unicode map) or many U+FFFD replacement
  characters mean the letters are gone; nothing can repair that, so the text is refused
  (`UnreadableText`) with one line saying what to do, instead of indexing garbled law.

What was repaired comes back as notes ("repaired YUSCII encoding …") for the ingest to print.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from kodeks.errors import UnreadableText

YUSCII = {"^": "Č", "~": "č", "{": "š", "[": "Š", "`": "ž", "@": "Ž", "|": "đ", "\\": "Đ", "}": "ć", "]": "Ć"}
_YUSCII_CLASS = "[" + re.escape("".join(YUSCII)) + "]"
_LETTER = r"[^\W\d_]"
# A YUSCII character with a letter on both sides ("za{tita"): the evidence that the text is YUSCII.
_YUSCII_INSIDE = re.compile(rf"(?<={_LETTER}){_YUSCII_CLASS}(?={_LETTER})")
# ...and runs of them with a letter on at least one side ("^lanak", "ve}", "DR@]"): what gets mapped.
_YUSCII_TOUCHING = re.compile(rf"(?<={_LETTER}){_YUSCII_CLASS}+|{_YUSCII_CLASS}+(?={_LETTER})")
_PROTECTED = re.compile(r"\S+@\S+\.\w+|\w+://\S+")  # e-mail addresses and URLs keep their @, ~, |
_DIACRITICS = re.compile("[čćšžđČĆŠŽĐ]")
_CID = re.compile(r"\(cid:\d+\)")

# At least this many YUSCII characters inside words, of at least two kinds, and at most one real
# diacritic for every ten of them (a Bosnian text has č/š/ž in ~3 % of its letters).
_YUSCII_MIN_INSIDE = 3
_YUSCII_MIN_KINDS = 2
_YUSCII_MAX_REAL_SHARE = 0.1
# Not YUSCII (real diacritics too), but this many signs inside words is worth a warning.
_YUSCII_WARN_INSIDE = 10
# Unreadable: this many "(cid:N)" glyphs or U+FFFD characters (a stray one is reported, not refused).
_MAX_UNREADABLE = 20


@dataclass
class Repaired:
    """Repaired text and what was done to it (empty notes: nothing needed)."""

    text: str
    notes: list[str] = field(default_factory=list)


def repair_text(text: str) -> Repaired:
    """The text with mojibake and YUSCII repaired; raises UnreadableText when letters are lost."""
    notes: list[str] = []
    _refuse_unreadable(text)
    text, fixed_lines, example = fix_mojibake(text)
    if fixed_lines:
        notes.append(f"repaired double-encoded UTF-8 in {fixed_lines} line(s) (e.g. {example})")
    garbled = still_garbled(text)
    if garbled:
        line, sample = garbled[0]
        notes.append(
            f"{len(garbled)} line(s) still look garbled after repair (first on line {line}: {sample!r}); "
            "check those articles against the official text"
        )
    if looks_like_yuscii(text):
        text, counts = decode_yuscii(text)
        total = sum(counts.values())
        detail = ", ".join(f"{ch}→{YUSCII[ch]} ×{n}" for ch, n in counts.most_common())
        notes.append(f"repaired YUSCII encoding ({total} characters: {detail})")
    else:
        inside = _YUSCII_INSIDE.findall(_PROTECTED.sub(" ", text))
        if len(inside) >= _YUSCII_WARN_INSIDE:
            words = (m.group(0) for m in re.finditer(rf"\S*{_YUSCII_CLASS}\S*", text))
            example = next((w for w in words if _YUSCII_INSIDE.search(w)), "")
            notes.append(
                f"{len(inside)} YUSCII-like signs inside words (e.g. {example!r}) left as they are, because the "
                "text also has real č/ć/š/ž/đ: part of the file may be in the old 7-bit font; check it"
            )
    lost = text.count("\ufffd")
    if lost:
        line = next(i for i, s in enumerate(text.splitlines(), 1) if "\ufffd" in s)
        notes.append(
            f"{lost} character(s) were lost before this file was made (shown as �, first on line {line}); "
            "check those articles against the official text"
        )
    return Repaired(text, notes)


def _refuse_unreadable(text: str) -> None:
    cids = len(_CID.findall(text))
    if cids >= _MAX_UNREADABLE:
        raise UnreadableText(
            f"{cids} glyphs without a Unicode mapping ('(cid:…)'): the PDF's fonts hide the letters; "
            "export the text from the original document or run OCR on it"
        )
    lost = text.count("\ufffd")
    if lost >= _MAX_UNREADABLE:
        raise UnreadableText(
            f"{lost} characters are replacement marks (�): the text was decoded with the wrong encoding "
            "before it was saved and its letters are lost; get the file again from its source"
        )


def fix_mojibake(text: str) -> tuple[str, int, str]:
    """Text with double-encoded lines repaired by ftfy; (text, lines fixed, "'bad' → 'good'" example)."""
    import ftfy
    from ftfy.badness import is_bad

    lines = text.split("\n")
    fixed = 0
    example = ""
    for i, line in enumerate(lines):
        if not is_bad(line):
            continue
        repaired = ftfy.fix_encoding(line)
        if repaired != line:
            if not example:
                example = _first_change(line, repaired)
            lines[i] = repaired
            fixed += 1
    return ("\n".join(lines) if fixed else text), fixed, example


def still_garbled(text: str) -> list[tuple[int, str]]:
    """(line number, first 60 characters) of lines ftfy still finds garbled."""
    from ftfy.badness import is_bad

    return [(i, line.strip()[:60]) for i, line in enumerate(text.split("\n"), 1) if is_bad(line)]


def _first_change(before: str, after: str) -> str:
    """The first differing stretch of two strings, as "'Ä\\x8d' → 'č'"."""
    from difflib import SequenceMatcher

    for op, a0, a1, b0, b1 in SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if op != "equal":
            return f"{before[a0:a1]!r} → {after[b0:b1]!r}"
    return ""


def looks_like_yuscii(text: str) -> bool:
    """YUSCII characters inside words, of several kinds, and (almost) no real diacritics."""
    inside = [m.group(0) for m in _YUSCII_INSIDE.finditer(_PROTECTED.sub(" ", text))]
    if len(inside) < _YUSCII_MIN_INSIDE or len(set(inside)) < _YUSCII_MIN_KINDS:
        return False
    return len(_DIACRITICS.findall(text)) <= _YUSCII_MAX_REAL_SHARE * len(inside)


def decode_yuscii(text: str) -> tuple[str, Counter[str]]:
    """YUSCII characters that touch a letter mapped back to č, ć, š, ž, đ (e-mails and URLs kept)."""
    counts: Counter[str] = Counter()

    def letter(m: re.Match[str]) -> str:
        counts.update(m.group(0))
        return "".join(YUSCII[ch] for ch in m.group(0))

    out: list[str] = []
    last = 0
    for protected in _PROTECTED.finditer(text):
        out.append(_YUSCII_TOUCHING.sub(letter, text[last : protected.start()]))
        out.append(protected.group(0))
        last = protected.end()
    out.append(_YUSCII_TOUCHING.sub(letter, text[last:]))
    return "".join(out), counts
