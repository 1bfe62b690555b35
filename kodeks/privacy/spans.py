"""What masking produces: typed spans over the original text, and the masked text with its placeholders.

The kinds are a contract (`kodeks mask --jsonl`, DESIGN.md): outside tools read them. Placeholders are
Bosnian words in brackets, so the masked question stays readable for Claude and searchable ("[OSOBA 1]
udario [OSOBA 2]" still says who did what to whom), and numbered where one question names several
different people (or numbers) so that "the same person" stays the same placeholder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, get_args

Kind = Literal["JMBG", "PLATE", "PHONE", "EMAIL", "IBAN", "DOC_NUMBER", "PERSON", "ADDRESS", "DATE_OF_BIRTH"]
KINDS: tuple[str, ...] = get_args(Kind)

# The word each kind is replaced by ("[OSOBA 1]", "[JMBG]").
LABELS: dict[str, str] = {
    "PERSON": "OSOBA",
    "JMBG": "JMBG",
    "PLATE": "TABLICE",
    "PHONE": "TELEFON",
    "EMAIL": "EMAIL",
    "IBAN": "RAČUN",
    "DOC_NUMBER": "DOKUMENT",
    "ADDRESS": "ADRESA",
    "DATE_OF_BIRTH": "DATUM ROĐENJA",
}
ALWAYS_NUMBERED = frozenset({"PERSON"})  # "[OSOBA 1]" even alone: the reader sees a person, not a thing

PLACEHOLDER = re.compile(
    r"\[(?P<label>"
    + "|".join(sorted(map(re.escape, LABELS.values()), key=len, reverse=True))
    + r")(?: (?P<n>\d{1,3}))?\]"
)


@dataclass(frozen=True, order=True)
class Span:
    """Personal data at `start:end` of the original text (Python string offsets)."""

    start: int
    end: int
    kind: Kind

    def to_dict(self) -> dict[str, object]:
        return {"start": self.start, "end": self.end, "kind": self.kind}


@dataclass(frozen=True)
class Masked:
    """The masked text, the spans found in the original, and each placeholder's original words.

    `originals` is what lets the officer's own reply show their words back (`unmask`); it is never
    stored or sent anywhere — only `text` is."""

    text: str
    spans: tuple[Span, ...] = ()
    originals: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # the text as given, when it differs from `text`

    @property
    def original(self) -> str:
        return self.text if self.source is None else self.source

    @property
    def changed(self) -> bool:
        return bool(self.spans)

    def unmask(self, text: str) -> str:
        """Placeholders of this question put back in `text` (an answer written from the masked question)."""
        if not self.originals:
            return text
        return PLACEHOLDER.sub(lambda m: self.originals.get(m.group(0), m.group(0)), text)

    def to_dict(self) -> dict[str, object]:
        """The `kodeks mask --jsonl` line (without the id)."""
        return {"masked": self.text, "spans": [s.to_dict() for s in self.spans]}
