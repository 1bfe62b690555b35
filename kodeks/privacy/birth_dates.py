"""Dates of birth: a date (or a year) after "rođen", "datum rođenja", "godište", "r.", "DOB" …, or in brackets
right after a name ("Marko M. (12.03.1985)"). Other dates — of an incident, of a law's gazette — are not
personal data and stay.
"""

from __future__ import annotations

import re

from kodeks.privacy.context import before
from kodeks.privacy.spans import Span

_MONTHS = (r"(?:januar\w*|februar\w*|mart\w*|april\w*|maj\w*|jun\w*|jul\w*|august\w*|avgust\w*|septemb\w*|oktob\w*|"
           r"novemb\w*|decemb\w*|sijec\w*|velj\w*|ozuj\w*|travn\w*|svib\w*|lipn\w*|srpn\w*|kolovoz\w*|rujn\w*|"
           r"listopad\w*|studen\w*|prosin\w*)")
_DATE = re.compile(
    r"(?<![\d.])(?:\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?(?:19|20)?\d{2}\.?"
    r"|\d{1,2}\.?\s?" + _MONTHS + r"\s(?:19|20)\d{2}\.?"
    r"|(?:19|20)\d{2}-\d{2}-\d{2}"
    r"|(?:19|20)\d{2}\.?)(?!\d)", re.IGNORECASE)
_BIRTH_WORD = re.compile(
    r"(?<!\w)(rodjen\w*|rodj\.?|rod\.|r\.|datum rodjenja|dat\. rodj\.?|d\.r\.|dob|godiste|godista|born|"
    r"datum i mjesto rodjenja)\W*(?:(?:je|dana|godine|god|u|na|:)\W*){0,3}(?:[a-z]+\W+){0,2}$")
_AFTER_NAME = re.compile(r"[a-z]\.?\s*\(\s*$")  # "Marko M. (12.03.1985)"


def birth_dates(text: str) -> list[Span]:
    spans = []
    for m in _DATE.finditer(text):
        context = before(text, m.start(), 40)
        if _BIRTH_WORD.search(context) or _AFTER_NAME.search(context):
            spans.append(Span(m.start(), m.end(), "DATE_OF_BIRTH"))
    return spans
