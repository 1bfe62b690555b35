"""Nicknames in quotes that names.py's nickname rules (a nickname right after a name, or before a person's verb) do
not reach:

- between a first name and the surname: `Marko „Crni“ Lipić`, `Ana «Anči» Brezić`, in brackets too: `Ivo ("Crni")
  Lipić` — one person, one span (a first name that may be a word, "Haso", is read by its surname and nickname);
- tied to a person named right after it: `„Vuk“, a to je Marko Lipić`, `"Mali", pravim imenom Ivo Lipić`,
  `„Crni“, odnosno Ivo Lipić` — the same person, the same placeholder;
- after a verb of naming: `svi ga zovu „Crni“`, `poznat kao "Mali"`, `nadimak mu je „Švabo“` — a person of its own.

The quotes are the evidence that the word is a name someone goes by, and the naming verb or the person beside it
that the name is a person's: so a common word ("Mali", "Vuk") counts there, failing closed. A firm's or a café's
name in quotes has neither ("kafić „Lipa“ …"; public_names.py).
"""

from __future__ import annotations

import re

from kodeks.privacy import lexicon
from retrieval.language.normalize import fold

_OPEN = "\"'„“”«»"
_CLOSE = "\"'“”»«"
_CAP = r"[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ][^\W\d_]{1,15}"
_NICK = rf"[{_OPEN}](?P<nick>{_CAP}(?:[ -]{_CAP})?)[{_CLOSE}]"
_BETWEEN = re.compile(rf"^[ ]+(?:\([ ]*)?{_NICK}(?:[ ]*\))?[ ]+(?P<surname>{_CAP})(?![\w])")
# The same with the first name before it, when only the surname was found: `Haso ("Hasko") Mehić`.
_FIRST_BEFORE = re.compile(rf"(?<![\w])(?P<first>{_CAP})[ ]+(?:\([ ]*)?{_NICK}(?:[ ]*\))?[ ]+$")
_TIED = re.compile(
    rf"{_NICK}[ ]*,?[ ]*(?:a[ ]+to[ ]+je|to[ ]+je|tj\.?|to[ ]+jest|odnosno|zapravo|pravim[ ]+imenom|"
    r"pravog[ ]+imena|pravo[ ]+ime[ ]+mu[ ]+je|alias)[ ]*:?[ ]*$"
)
_NAMING = re.compile(
    r"(?<!\w)(?:zovu|zovemo|zvali|zvala|zvao|prozval\w*|nazivaju|poznat[aio]?[ ]+kao|nadimk\w*(?:[ ]+mu| joj)?"
    r"(?:[ ]+je)?|nadimak(?:[ ]+mu| joj)?(?:[ ]+je)?|зову|звали|познат[аио]?[ ]+као|надимак)"
    r"(?:[ ]+(?:ga|ju|je|ih|svi|mu|joj|još|jos))*[ ]+$",
    re.IGNORECASE,
)

Person = tuple[int, int, str | None, str | None]  # start, end, surname, first name (names.PersonSpan's fields)


def _no_word(name: str) -> bool:
    folded = fold(name)
    return folded not in lexicon.FUNCTION_WORDS and not lexicon.is_place(folded)


def _overlaps(people: list[Person], start: int, end: int) -> bool:
    return any(p[0] < end and start < p[1] for p in people)


def join_nicknames(text: str, found: list[Person]) -> list[Person]:
    """`found` with the three forms above read."""
    out = list(found)
    # Between a first name and the surname: widen the person over the nickname and the surname.
    for start, end, surname, first in list(out):
        m = _BETWEEN.match(text[end:])
        if m and _no_word(m.group("surname")) and not lexicon.law_word_in_any_case(fold(m.group("surname"))):
            new_end = end + m.end()
            out = [p for p in out if not (p[0] < new_end and start < p[1])]
            out.append((start, new_end, surname or fold(m.group("surname")), first))
    # Before a surname found alone: the first name and the nickname are the same person's.
    for start, end, surname, first in list(out):
        m = _FIRST_BEFORE.search(text, max(0, start - 60), start)
        if m and lexicon.first_name(fold(m.group("first"))) is not None and _no_word(m.group("first")):
            out = [p for p in out if not (p[0] < end and m.start() < p[1])]
            out.append((m.start(), end, surname, first or lexicon.first_name(fold(m.group("first")))))
    # Tied to the person right after it; or after a verb of naming.
    for m in re.finditer(_NICK, text):
        tied = next(
            (p for p in out if m.end() <= p[0] <= m.end() + 40 and _TIED.match(text[m.start() : p[0]])),
            None,
        )
        same = [p for p in out if (p[0], p[1]) == (m.start("nick"), m.end("nick"))]
        if tied is not None and same:  # found already by another rule: it is the tied person
            out = [p for p in out if p not in same] + [(m.start("nick"), m.end("nick"), tied[2], tied[3])]
            continue
        if _overlaps(out, m.start("nick"), m.end("nick")) or not _no_word(m.group("nick").split()[0]):
            continue
        if tied is not None:
            out.append((m.start("nick"), m.end("nick"), tied[2], tied[3]))
        elif _NAMING.search(text[max(0, m.start() - 40) : m.start()]):
            out.append((m.start("nick"), m.end("nick"), None, None))
    return sorted(out)
