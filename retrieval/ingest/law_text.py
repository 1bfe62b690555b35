"""Extracted law text → clean lines, before it is split into articles.

Law files found in the wild carry things that are not law: markdown escapes (`\\*\\*Članak 1.\\*\\*`),
tables of contents (dot leaders, anchor links), amendment-history blockquotes with *old* wording,
editorial notes ("Članak 1a. je dodan Zakonom …"), gazette footnotes, mixed-script words ("Čлан 64."
typed with Cyrillic letters) and whole regulations on one line. Each is removed or repaired here by
one small, general rule so the splitter only sees headings, titles, chapter names and article text.
Hand-written because these are layout conventions of BCS law texts, not something a library knows;
markdown itself is not rendered (markdown-it would keep the escapes' meaning but not drop notes).
"""

from __future__ import annotations

import re
import unicodedata

from retrieval.language.normalize import CYR_TO_LAT, to_latin

# --- characters ----------------------------------------------------------------------------------

_SPACES = re.compile(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]")
_INVISIBLE = re.compile(r"[\u200b-\u200f\u2060\ufeff\u00ad]")

_LATIN = re.compile(r"[A-Za-zČčĆćŠšŽžĐđ]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_MIXED_WORD = re.compile(r"\b(?=\w*[A-Za-zČčĆćŠšŽžĐđ])(?=\w*[\u0400-\u04ff])\w+\b")
_LAT_TO_CYR = str.maketrans(
    {
        **{v: k for k, v in CYR_TO_LAT.items() if len(v) == 1 and k in "абвгдђежзијклмнопрстћуфхцчш"},
        **{v.upper(): k.upper() for k, v in CYR_TO_LAT.items() if len(v) == 1 and k in "абвгдђежзијклмнопрстћуфхцчш"},
        "y": "у",
        "x": "х",
        "w": "в",
        "q": "к",
    }
)


def fold_mixed_scripts(text: str) -> str:
    """Words that mix Latin and Cyrillic letters ("Čлан", "dostojна", "управљањe") are written in the
    document's main script: homoglyphs typed on the wrong keyboard layout, which would hide headings."""
    latin = len(_LATIN.findall(text))
    cyrillic = len(_CYRILLIC.findall(text))
    if cyrillic >= latin:
        return _MIXED_WORD.sub(lambda m: m.group(0).translate(_LAT_TO_CYR), text)
    return _MIXED_WORD.sub(lambda m: to_latin(m.group(0)), text)


# --- markdown ------------------------------------------------------------------------------------

_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~=\"'])")
_MD_ANCHOR_LINK = re.compile(r"\[[^\[\]]*\]\(#[^()]*\)")
_MD_LINK = re.compile(r"\[([^\[\]]*)\]\([^()\s]*\)")
_MD_NOTE_LINE = re.compile(r"^\s*\*{3}(?=\S).*\S\*{3}\s*$")  # ***Članak 1a. je dodan Zakonom …***
_MD_HEADING_MARK = re.compile(r"^\s{0,3}#{1,6}\s+")
_HISTORY = re.compile(
    r"historijat|povijest izmjena|verzija važeća do|kako je glasi|tekst (?:članka|člana) .{0,20}prije|"
    r"prethodna verzija|ранији текст|историјат",
    re.IGNORECASE,
)


def unescape_markdown(text: str) -> str:
    """`\\*\\*Članak 1.\\*\\*` → `**Članak 1.**`; anchor-link tables of contents and link targets removed."""
    text = _MD_ESCAPE.sub(r"\1", text)
    previous = None
    while previous != text:  # nested "[Glava I\n[2](#a)](#a)" entries go from the inside out
        previous = text
        text = _MD_ANCHOR_LINK.sub("", text)
    return _MD_LINK.sub(r"\1", text)


def drop_history_blockquotes(lines: list[str]) -> tuple[list[str], int]:
    """Remove blockquotes ("> …") that hold an article's earlier wording: superseded law is not law.

    Other blockquotes lose their "> " and stay. Returns the lines and how many blocks were dropped."""
    out: list[str] = []
    dropped = 0
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith(">"):
            out.append(lines[i])
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].lstrip().startswith(">"):
            j += 1
        block = [re.sub(r"^\s*(?:>\s?)+", "", line) for line in lines[i:j]]
        if _HISTORY.search(" ".join(block[:6])):
            dropped += 1
            out.append("")
        else:
            out += block
        i = j
    return out, dropped


def strip_emphasis(line: str) -> str:
    """`**Članak 1.**`, `__x__`, `# Naslov`, `Član 190**` → the words alone (asterisks are never law text)."""
    line = _MD_HEADING_MARK.sub("", line)
    line = re.sub(r"\*+", "", line)
    line = re.sub(r"(?<!\w)_{1,3}|_{1,3}(?!\w)", "", line)
    return line


# --- tables of contents, footnotes, separators ---------------------------------------------------

_DOT_LEADER = re.compile(r"(?:\.\s?){4,}\s*\d+\s*$|…{2,}\s*\d+\s*$|_{4,}\s*\d+\s*$")
_GAZETTE_FOOTNOTE = re.compile(r"^\s*\*+\s*(?:Službeni|Službene|Sl\.|Службени|Службене|Сл\.)\s", re.IGNORECASE)
SEPARATOR = re.compile(r"^\s*(?:\*\s*){3,}$|^\s*(?:-\s*){3,}$|^\s*(?:_\s*){3,}$")


def is_toc_line(line: str) -> bool:
    """A table-of-contents entry: dot leaders to a page number ("Član 5. Krađa ........ 12")."""
    return bool(_DOT_LEADER.search(line))


# --- one-line texts ------------------------------------------------------------------------------

_INLINE_HEADING = re.compile(
    r"(?<=[.:;!?)\]\"”])\s+(?=(?:Član|Članak|Clan|Члан|Чланак)\s+\d+[a-zа-ш]?\.?\s+[\[A-ZČĆŠŽĐА-Ш])"
    r"|\s+(?=(?:Član|Članak|Clan|Члан|Чланак)\s+\d+[a-zа-ш]?\.\s+\([A-ZČĆŠŽĐА-Ш][^()]{0,150}\))"
)
_INLINE_CHAPTER = re.compile(
    r"\s+(?=(?:GLAVA|POGLAVLJE|DIO|ODJELJAK|ГЛАВА|ДЕО|ДИО)\s+[IVXLC\d]+\b)"
    r"|\s+(?=[IVXLC]{1,5}\s[-–]\s[A-ZČĆŠŽĐА-Ш]{2,}\s)"
)
# "… u Službenim novinama. V. broj 43/2024 09. januara 2024. godine Sarajevo …": the signature block
_INLINE_SIGNATURE = re.compile(
    r"(?<=[.!?\"”])(?<!\b[A-ZА-Ш]\.)\s+(?=(?:[A-ZА-Ш]\.\s)?(?:Broj|broj|Број|број)\s*:?\s*[\w.-]*\d+/\d{2,4}\b)"
)
LONG_LINE = 300  # a line this long holding two or more headings is a text pasted on one line


def split_long_lines(lines: list[str]) -> list[str]:
    """A regulation pasted as one line: break it before each capitalised article heading that follows
    the end of a sentence ("… snagu. Član 2. (Činovi) …"); "iz člana 37." never matches (lower case)."""
    out: list[str] = []
    for line in lines:
        if len(line) < LONG_LINE or len(_INLINE_HEADING.findall(line)) < 2:
            out.append(line)
            continue
        line = _INLINE_CHAPTER.sub("\n", line)
        line = _INLINE_HEADING.sub("\n", line)
        line = _INLINE_SIGNATURE.sub("\n", line)
        # the title in parentheses right after an inline heading goes on its own line
        line = re.sub(
            r"(?m)^((?:Član|Članak|Clan|Члан|Чланак)\s+\d+[a-zа-ш]?\.?)\s+(\([^()]{1,150}\))\s+", r"\1\n\2\n", line
        )
        out += line.split("\n")
    return out


# --- the whole pipeline --------------------------------------------------------------------------


def clean_lines(text: str, markdown: bool) -> tuple[list[str], dict[str, int]]:
    """Clean, splittable lines of a law text and counts of what was removed (for the ingest report)."""
    text = unicodedata.normalize("NFC", text.replace("\r\n", "\n").replace("\r", "\n"))
    text = _INVISIBLE.sub("", _SPACES.sub(" ", text))
    text = fold_mixed_scripts(text)
    removed = {"history_blocks": 0, "toc_lines": 0, "notes": 0}
    if markdown or "\\*" in text or "](#" in text:
        text = unescape_markdown(text)
    lines = text.split("\n")
    lines, removed["history_blocks"] = drop_history_blockquotes(lines)
    out: list[str] = []
    for line in lines:
        if _MD_NOTE_LINE.match(line) or _GAZETTE_FOOTNOTE.match(line):
            removed["notes"] += 1
            out.append("")
            continue
        if is_toc_line(line):
            removed["toc_lines"] += 1
            out.append("")
            continue
        if SEPARATOR.match(line):
            out.append("***")  # kept as a marker: what follows the last article after it is a trailer
            continue
        out.append(" ".join(strip_emphasis(line).split()))
    return split_long_lines(out), removed
