"""Initials the letter-by-letter rule of names.py does not read: a first name's initial that is one of the language's
two-letter letters ("Dž. Hasić", "Lj. Lipić", "Nj. Brezić" — dž, lj and nj are single letters of the alphabet,
written with two), and a double surname's initials joined by a hyphen ("J. P.-M.", "Ana L.-B.").

And an initial in lower case beside a name typed in lower case: "d. lipić", "lejla b.".

And a surname whose particle is elided by an apostrophe after a capitalised name: "John O'Brien", "Luca D'Amato" — the
word reader stops at the apostrophe, so the surname was cut to its first letter and left (twenty-fifth round).

All extend a person already found: the digraph's initial right before a found surname (with a space), the hyphen
and the second initial right after a found initial. A digraph alone ("Lj." in a list) or a hyphen before a word stay
as they were.
"""

from __future__ import annotations

import re

_DIGRAPH_BEFORE = re.compile(r"(?<![\w.])(?:D[žŽ]|L[jJ]|N[jJ]|Д[жЖ]|Љ|Њ|Џ)\.[ ]?$")
_HYPHEN_INITIAL_AFTER = re.compile(r"^\.?-[ ]?[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ]\.")
_ELIDED_SURNAME_AFTER = re.compile(r"^[ ](?-i:[A-Z])['’](?-i:[A-Z])[a-z]{2,}(?![\w'’])")
_ENDS_WITH_INITIAL = re.compile(r"(?:^|[\s.])[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ]\.?$")


# Typed in lower case as officers type everything: "d. lipić" (the first name's initial before the surname), "lejla b."
# (the surname's after the first name) — one letter and a full stop, set off by a space, the sentence going on after
# the trailing one (a lower-case word or a comma: "lejla b. sa …", "lejla b., 34"), not its end.
_LOWER_INITIAL_BEFORE = re.compile(r"(?:^|(?<=[\s,;:(]))[a-zčćšžđа-шђјљњћџ]\.[ ]$")
_LOWER_INITIAL_AFTER = re.compile(r"[ ][a-zčćšžđа-шђјљњћџ]\.(?=[ ]+[a-zčćšžđа-шђјљњћџ]|[ ]*[,;)]|[ ]*$)")


def widened(text: str, start: int, end: int) -> tuple[int, int]:
    """A person's span (start, end) with a digraph's initial before it and a hyphenated initial after it, and a lower-case
    initial on either side of a name typed in lower case."""
    head = text[max(0, start - 4) : start]
    m = _DIGRAPH_BEFORE.search(head)
    if m:
        start -= len(head) - m.start()
    elif text[start:end].islower():
        m = _LOWER_INITIAL_BEFORE.search(text, max(0, start - 3), start)
        if m and not re.search(r"\w\.[ ]?$", text[max(0, m.start() - 3) : m.start()]):
            start = m.start()  # not after another abbreviation: "v. d. marko" (acting) is a title
        m = _LOWER_INITIAL_AFTER.match(text, end)
        if m:
            end = m.end()
    if re.search(r"(?<![\w'’])(?-i:[A-Z])['’]$", text[max(0, start - 3) : start]) and text[start:end][:1].isupper():
        start -= 2  # "D'Amato": the surname's elided particle before it
    elided = _ELIDED_SURNAME_AFTER.match(text[end:])
    if elided and text[start:end][:1].isupper() and not text[start:end].isupper():
        end += elided.end()  # "John O'Brien"
    if _ENDS_WITH_INITIAL.search(text[max(0, end - 3) : end]):
        m = _HYPHEN_INITIAL_AFTER.match(text[end:])
        if m:
            end += m.end()
    return start, end
