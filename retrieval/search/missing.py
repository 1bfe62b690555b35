"""An explicit reference to an article that is not there to serve — deleted ("brisan"), repealed or annulled
("prestao da važi", a Constitutional Court decision), or not in the law at all ("član 999 KZ FBiH") — and
the law's articles in force next to it by number.

An officer who names an article wants that article; if it is not in force, the honest answer is "it is
not", with the articles around it (78b and 110 for "član 79 KZ FBiH", whose 79–109 are deleted; the last
article for a number past the end), never articles that happen to be similar. Numbers are ordered as laws
number them: 78 < 78a < 78b < 79, Roman numerals by value, and suffixes in the order the law's own
alphabet gives them (Serbian laws go 208a, 208b, 208v, 208g, 208d, 208đ; Croatian/Bosnian ones 5a, 5b, 5c).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from retrieval.language.normalize import fold
from retrieval.language.numbers import roman_to_int
from retrieval.types import Article, MissingReference

# Folded words that say an article stopped being law, as opposed to being struck out by an amendment.
_REPEALED = re.compile(
    r"presta(o|la|lo|li|le|ju|je)\w*\s+(je\s+|su\s+)?(da\s+vaz|vazit|vazenj)|van\s+snage|"
    r"ukinut|ponisten|stavljen\w*\s+van|odlukom\s+ustavnog"
)
_BARE_MARKER = re.compile(
    r"^[\W\d]*(clan\w*\s*\d+[a-z]*\W*)?(brisan\w*|izbrisan\w*|brisano|"
    r"presta\w*\s+(je\s+|su\s+)?(da\s+vazi|vaziti))[\W]*$"
)
_NUMBER = re.compile(r"(\d+)([a-z]*)")
# The order of the Cyrillic alphabet in Latin letters (а б в г д ђ е ж з и ј к л љ м н њ о п р с т ћ у ф х ц ч џ ш),
# folded as article numbers are: the suffixes of laws written in Cyrillic or by its custom.
_SERBIAN = [
    "a",
    "b",
    "v",
    "g",
    "d",
    "dj",
    "e",
    "z",
    "i",
    "j",
    "k",
    "l",
    "lj",
    "m",
    "n",
    "nj",
    "o",
    "p",
    "r",
    "s",
    "t",
    "c",
    "u",
    "f",
    "h",
    "dz",
    "s",
]
MAX_NOTE = 200

Entry = tuple[str, bool]  # (article number as `article_number` gives it, in force)


def status_of(entry: Article | None) -> str:
    """ "repealed" when the law's entry says it stopped being law, "deleted" for any other deleted entry,
    "not_found" when the law has no entry of that number."""
    if entry is None:
        return "not_found"
    return "repealed" if _REPEALED.search(fold(f"{entry.text} {entry.title}")) else "deleted"


def note_of(entry: Article | None) -> str:
    """The entry's own words when they say more than "(brisan)": who deleted it and when."""
    if entry is None:
        return ""
    text = " ".join(entry.text.split()).strip()
    if not text or _BARE_MARKER.match(fold(text)):
        return ""
    return text if len(text) <= MAX_NOTE else text[: MAX_NOTE - 1].rsplit(" ", 1)[0] + " …"


def _uses_serbian_order(numbers: Iterable[str]) -> bool:
    suffixes = {m.group(2) for n in numbers if (m := _NUMBER.fullmatch(n))}
    return bool(suffixes & {"v", "g", "dj"}) and "c" not in suffixes


def number_key(number: str, serbian: bool = False) -> tuple[int, int, str] | None:
    """Sort key of an article number: (value, suffix rank, suffix); None for names that are not numbers (annexes)."""
    if (match := _NUMBER.fullmatch(number)) is not None:
        value, suffix = int(match.group(1)), match.group(2)
        if not suffix:
            return value, 0, ""
        if serbian and suffix in _SERBIAN:
            return value, 1 + _SERBIAN.index(suffix), ""
        return value, 1, suffix
    roman = roman_to_int(number)
    return (roman, 0, "") if roman is not None else None


def neighbours(entries: Iterable[Entry], asked: str) -> tuple[str | None, str | None, str | None]:
    """(the number in force before `asked`, the one after it, the law's last one in force)."""
    entries = list(entries)
    serbian = _uses_serbian_order(n for n, _ in entries)
    ordered = sorted(((key, n) for n, in_force in entries if in_force and (key := number_key(n, serbian)) is not None))
    target = number_key(asked, serbian)
    if not ordered or target is None:
        return None, None, ordered[-1][1] if ordered else None
    before = next((n for key, n in reversed(ordered) if key < target), None)
    after = next((n for key, n in ordered if key > target), None)
    return before, after, ordered[-1][1]


def missing_reference(
    law: str, asked: str, entry: Article | None, entries: Iterable[Entry], fetch: Callable[[str], Article | None]
) -> MissingReference:
    """The `MissingReference` for article `asked` of `law` (`entry`: its deleted entry, or None), its
    neighbours read with `fetch(number)`."""
    before, after, last = neighbours(entries, asked)
    nearest = tuple(a for n in dict.fromkeys(x for x in (before, after) if x) if (a := fetch(n)) is not None)
    past_end = entry is None and after is None and before is not None
    return MissingReference(
        law=law,
        article=entry.article if entry is not None else asked,
        status=status_of(entry),
        nearest=nearest,
        note=note_of(entry),
        last=(last or "") if past_end else "",
    )
