"""A year of birth in apposition after a person: "Zaustavili smo A.B., 1998. god., bez vozačke", "Ivo Lipić, 1987.
godište, …", "Ana L., 2001. g.)".

A year alone is no date of birth (birth_dates.py wants a birth word before it); after a person's name and a comma,
with "god."/"godine"/"g." after it and the apposition closed right there (a comma, a semicolon, a bracket, the end),
it is that person's detail, as a full date would be ("Marko Marić, 12.03.1990"). It must lie ten years back or more
(birth_dates.py's rule for dates beside a name). "Ivo Lipić, 2019. god. je osuđen" goes on after the year: a year of
an event, left.

A child named by the year it was born ("dijete iz 2009", "dete iz 2010", "дете из 2012"): a noun for a child and
"iz" before a year that closes the phrase (a comma, a full stop, a bracket, the end, or the year's word) tell the
year of birth, as "godište" does; the year lies in the past, a later word ("dijete iz 2009. razreda") or a full date
after it is something else.
"""

from __future__ import annotations

import datetime
import re

from kodeks.privacy.spans import Span

_YEAR = re.compile(r"(?<=,)[ ]?(?P<year>(?:19|20)\d{2})\.?[ ]?(?:god\.?|godine|g\.|godište|godiste)(?=[ ]*(?:[,;)]|$))")
_BIRTH_YEARS_AGO = 10
# Right after the name with no comma, "g."/"god." after the year and the person's act after it ("Ivo Lipić 1976. g.
# vozio …"): the year describes her as the comma would. Not before an auxiliary or "godine" ("Ivo Lipić 2010. god. je
# osuđen", "… 2010. godine"): the year of an event.
_YEAR_RIGHT_AFTER = re.compile(
    r"(?<=[^\W\d_])[ ](?P<year>(?:19|20)\d{2})\.?[ ]?(?:g\.|god\.)(?=[ ]+(?!(?:je|su|bio|bila|bilo|bi|ce|će)(?!\w))[^\W\d_]|[ ]*[,;)]|[ ]*$)"
)


# A child's noun in Latin (ijekavian, ekavian) or Cyrillic, any case, then "iz"/"из" and a year.
_CHILD_OF_A_YEAR = re.compile(
    r"(?<!\w)(?i:dijet\w*|djet\w*|det(?:e|eta|etu|etom)|дијет\w*|дјет\w*|дет(?:е|ета|ету|етом)|beb\w*|беб\w*)"
    r"[ ]+(?i:iz|из)[ ]+(?P<year>(?:19|20)\d{2})(?:\.?[ ]?(?i:god\.?|godine|godište|godiste|год\.?|године|годиште|g\.|г\.))?"
    r"(?=[ ]*[,;)!?]|[ ]*$|\.[ ]*$|\.[ ]+[A-ZČĆŽŠĐА-ЯЂЈЉЊЋЏ])"
)


def years_of_children(text: str) -> list[Span]:
    """ "dijete iz 2009", "дете из 2012,": the year a child was born, after a child's noun and "iz"."""
    this_year = datetime.date.today().year
    return [
        Span(m.start("year"), m.end("year"), "DATE_OF_BIRTH")
        for m in _CHILD_OF_A_YEAR.finditer(text)
        if int(m.group("year")) <= this_year
    ]


def years_beside_people(text: str) -> list[Span]:
    """Years with "god." in apposition right after a person found by names.py."""
    last = datetime.date.today().year - _BIRTH_YEARS_AGO
    matches = [m for m in _YEAR.finditer(text) if int(m.group("year")) <= last]
    right_after = [m for m in _YEAR_RIGHT_AFTER.finditer(text) if int(m.group("year")) <= last]
    if not matches and not right_after:
        return []
    from kodeks.privacy import names  # costly: only where such a year stands

    ends = [p.end for p in names.persons(text)]
    return [
        Span(m.start("year"), m.end("year"), "DATE_OF_BIRTH")
        for m in matches
        if any(re.fullmatch(r"[ ]*", text[end : m.start() - 1]) for end in ends if end < m.start())
    ] + [Span(m.start("year"), m.end("year"), "DATE_OF_BIRTH") for m in right_after if m.start() in ends]
