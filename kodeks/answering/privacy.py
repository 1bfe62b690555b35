"""The one seam for masking personal data in conversation text (issue 24 leaves it; issue 23's masker plugs in).

Everything the conversation features add that leaves the machine or is stored goes through `masked`
first: the previous exchanges of a thread sent to Claude (the answer prompt's <previous_exchanges> block
and the follow-up rewrite), and what the query log stores of a follow-up (its stand-alone question) and
of a voice message (its transcript). It is the identity until the masker is wired: at merge, this
function's body becomes the masker's call (e.g. `return mask(text).masked`) — one place to change, so no
path added here can forget it.

The officer's own screen is not a destination: "Čuo sam: …" shows the transcript as heard.
"""

from __future__ import annotations


def masked(text: str) -> str:
    """`text` with citizens' personal data replaced by placeholders (identity until issue 23's masker)."""
    return text
