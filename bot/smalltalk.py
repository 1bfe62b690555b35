"""Messages that are not questions: thanks, "ok", a thumbs-up, or text with no letters or digits.

Searching them would cost a retrieval and fill the query log with non-questions; they get a short
Bosnian reply instead. Kept apart from the handlers so the rule is one small, tested function.
"""

from __future__ import annotations

import re
from typing import Literal

Smalltalk = Literal["thanks", "no_words"]

# Whole messages (lower-cased, trailing punctuation dropped) that acknowledge rather than ask.
_THANKS = frozenset({"ok", "okej", "oke", "hvala", "fala", "hvala vam", "hvala puno", "puno hvala", "👍", "👌", "🙏"})
_TRAILING = " .!,"
_MODIFIERS = re.compile("[\ufe0f\U0001f3fb-\U0001f3ff]")  # emoji variation selector, skin tones


def classify(text: str) -> Smalltalk | None:
    """ "thanks" for an acknowledgement, "no_words" for text without any letter or digit, None for
    anything else — even a one-word question ("krađa?", "član 5") is still a question."""
    normalised = " ".join(_MODIFIERS.sub("", text).split()).lower().strip(_TRAILING)
    if normalised in _THANKS:
        return "thanks"
    if not any(c.isalnum() for c in text):
        return "no_words"
    return None
