"""Initials the letter-by-letter rule of names.py does not read: a first name's initial that is one of the language's
two-letter letters ("Dž. Hasić", "Lj. Lipić", "Nj. Brezić" — dž, lj and nj are single letters of the alphabet,
written with two), and a double surname's initials joined by a hyphen ("J. P.-M.", "Ana L.-B.").

Both extend a person already found: the digraph's initial right before a found surname (with a space), the hyphen
and the second initial right after a found initial. A digraph alone ("Lj." in a list) or a hyphen before a word stay
as they were.
"""

from __future__ import annotations

import re

_DIGRAPH_BEFORE = re.compile(r"(?<![\w.])(?:D[žŽ]|L[jJ]|N[jJ]|Д[жЖ]|Љ|Њ|Џ)\.[ ]?$")
_HYPHEN_INITIAL_AFTER = re.compile(r"^\.?-[ ]?[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ]\.")
_ENDS_WITH_INITIAL = re.compile(r"(?:^|[\s.])[A-ZČĆŠŽĐА-ЯЂЈЉЊЋЏ]\.?$")


def widened(text: str, start: int, end: int) -> tuple[int, int]:
    """A person's span (start, end) with a digraph's initial before it and a hyphenated initial after it."""
    head = text[max(0, start - 4) : start]
    m = _DIGRAPH_BEFORE.search(head)
    if m:
        start -= len(head) - m.start()
    if _ENDS_WITH_INITIAL.search(text[max(0, end - 3) : end]):
        m = _HYPHEN_INITIAL_AFTER.match(text[end:])
        if m:
            end += m.end()
    return start, end
