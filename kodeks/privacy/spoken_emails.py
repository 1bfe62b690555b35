"""An e-mail address dictated in words as voice typing writes it: "ana lipic u majmunu gmail tacka com", and in
Cyrillic ("ана липић у мајмуну гмаил тачка ком"). numbers.py reads the typed and the one-word dictated forms ("marko
at gmail dot com", "marko majmun gmail tačka com"); this reads a local part of two words with a space between them
(a name said as a name), "u majmunu" for "@", and the Cyrillic transcription (matched folded).

Voice typing writes "@" as the word officers say for it ("majmun", "u majmunu", "at") and "." as "tačka"/"dot". The
shape is the evidence: one or two words, the at-word, a domain's word, the dot-word and a top-level domain — no
sentence of the language ends a clause on "tačka com". The local part's leading words that are the message's own
(je, mu, mail, adresa …) stay outside.
"""

from __future__ import annotations

import re

from kodeks.privacy.context import folded_with_offsets, original_span
from kodeks.privacy.spans import Span

_LOCAL = r"[a-z0-9_]+(?:[ ](?:tacka|dot|crtica|donja[ ]crta)[ ][a-z0-9_]+)?"
_SPOKEN = re.compile(
    rf"(?<![\w@])(?P<local>{_LOCAL}(?:[ ]{_LOCAL})?)[ ]+(?:u[ ]+majmunu|majmun|at|et)[ ]+"
    r"[a-z0-9-]+(?:[ ]+(?:tacka|dot)[ ]+[a-z0-9-]+)*[ ]+(?:tacka|dot)[ ]+"
    r"(?:com|kom|net|org|ba|rs|hr|me|de|at|ch|info|eu|co[ ]+uk)(?!\w)"
)
# The message's own words before the address, never its local part.
_OWN = frozenset(
    [
        *("je", "mu", "joj", "im", "mi", "sam", "su", "glasi", "pise"),
        *("mail", "mejl", "email", "e", "adresa", "adresu", "adresi", "njegov", "njen", "njegova", "njena"),
        *("sa", "s", "od", "na", "za"),
    ]
)


def spoken_emails(text: str) -> list[Span]:
    folded, offsets = folded_with_offsets(text)
    spans = []
    for m in _SPOKEN.finditer(folded):
        start = m.start("local")
        words = m.group("local").split(" ")
        for word in words[:-1]:
            if word not in _OWN:
                break
            start += len(word) + 1
        spans.append(Span(*original_span(offsets, start, m.end()), "EMAIL"))
    return spans
