"""What masking finds in a text, as the privacy tests compare it: (value, kind) pairs, or the values of one kind."""

from __future__ import annotations

from kodeks.privacy import find


def found_kinds(text: str) -> list[tuple[str, str]]:
    """Every span `find` marks, as (the text it covers, its kind), in order."""
    found, _ = find(text)
    return [(text[s.start : s.end], s.kind) for s in found]


def found_persons(text: str) -> list[str]:
    """The texts of the PERSON spans."""
    return [value for value, kind in found_kinds(text) if kind == "PERSON"]


def found_kind_names(text: str) -> list[str]:
    """The kinds of the spans `find` marks, in order."""
    return [kind for _, kind in found_kinds(text)]
