"""Personal data found and masked before a question leaves the machine or is stored.

One job: text → `Masked(text, spans, originals)`. Officers describe real cases ("Marko Marković, JMBG
0101990170001, vozio 123-A-456 pijan"); what Claude sees, what the query log and `/export` keep, and what
search (and with it Claude's rewrite) works on is the masked text ("[OSOBA 1], JMBG [JMBG], vozio [TABLICE]
pijan"); only the officer's own reply may show their words back (`Masked.unmask`).

    from kodeks.privacy import mask
    masked = mask("Marko Marković, JMBG 0101990170001")
    masked.text      # "[OSOBA 1], JMBG [JMBG]"
    masked.spans     # (Span(0, 14, "PERSON"), Span(21, 34, "JMBG"))  — offsets into the original

Kinds (a contract, `kodeks mask --jsonl`): JMBG PLATE PHONE EMAIL IBAN DOC_NUMBER PERSON ADDRESS DATE_OF_BIRTH.
Recognisers: python-stdnum (JMBG = EMŠO check digit, IBAN mod-97) and phonenumbers (libphonenumber) where a
well-kept library exists; patterns with context words and name lists (data/*.txt) for the rest — why not
Presidio: docs/privacy.md. Measured on bench/masking/ (bench/masking.py).

May import: python-stdnum, phonenumbers, `retrieval.language` (folding) — no Telegram, no LLM, no storage.
"""

from kodeks.privacy.masker import find, mask
from kodeks.privacy.spans import KINDS, LABELS, Kind, Masked, Span

__all__ = ["KINDS", "LABELS", "Kind", "Masked", "Span", "find", "mask"]
