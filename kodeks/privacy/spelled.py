"""Document numbers and IBANs dictated character by character: each letter by its name ("ce", "ka", "em", "be a"),
each digit or group in words, "razmak" or "crtica" where a space or a dash is ("pasoš broj ce razmak pet pet …",
"iban be a tri devet …"). The voice transcript writes what was said, so the number is only in the words.

Only right after the identifier's own word (a document's, as in documents.py; "iban", "račun" for an account), and
only when what the words spell is one: an IBAN must pass its mod-97 check; a document's number needs 7 to 12
characters, five digits or more and a letter (or 7 to 12 digits: "vozačka broj nula devet osam …"). An IBAN spelled
from its country's two letters ("be a trideset devet …") needs no word before it: letters' names, then digits passing
the mod-97 check, spell nothing else (the officer often names the account a clause earlier). Everyday words that are also letters' names ("a",
"i", "u", "o", "je") end the run when nothing spelled follows them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from stdnum import iban as stdnum_iban

from kodeks.privacy import numbers
from kodeks.privacy.context import before, folded_with_offsets, original_span
from kodeks.privacy.documents import DOC_WORD
from kodeks.privacy.letters import LETTERS_ALONE, SPOKEN_LETTERS
from kodeks.privacy.spans import Span

# Letters' names that are everyday words too: at the run's end they are the sentence's, not the number's.
LETTERS_THAT_ARE_WORDS = frozenset(["a", "i", "u", "o", "je", "e", "te", "s", "k"])
# What spells a letter here: its name, or the consonant written alone.
_LETTERS = {**SPOKEN_LETTERS, **LETTERS_ALONE}
_WORD = re.compile(r"[a-z0-9]+")
_IBAN_WORD = re.compile(r"(?<!\w)(iban\w*|racun\w*)(?:\W+(?:broj|br|je|glasi|iban))*\W*$")


def spelled_run_end(words: Sequence[str], i: int, letters: Mapping[str, str]) -> int:
    """The index after the last folded word from `i` on that spells a character: a letter of `letters`, a number
    word, a spoken separator — less the everyday words and separators at its end. Shared by the spelled documents
    and IBANs here and the plates of other countries (plates.py), each with its own alphabet."""
    j = i
    while j < len(words) and (
        numbers.number_word(words[j]) or words[j] in letters or words[j] in numbers.SPOKEN_SEPARATORS
    ):
        j += 1
    while j > i and (words[j - 1] in LETTERS_THAT_ARE_WORDS or words[j - 1] in numbers.SPOKEN_SEPARATORS):
        j -= 1
    return j


def spelled_identifiers(text: str) -> list[Span]:
    folded, offsets = folded_with_offsets(text)
    words = list(_WORD.finditer(folded))
    folded_words = [x.group() for x in words]
    spans: list[Span] = []
    i = 0
    while i < len(words):
        start = words[i].start()
        w = words[i].group()
        if not (w in _LETTERS or numbers.number_word(w)) or w.isdigit():
            i += 1
            continue
        context = before(folded, start, 45)
        iban_cue = _IBAN_WORD.search(context) is not None
        doc_cue = DOC_WORD.search(context) is not None
        country = w in _LETTERS and i + 1 < len(words) and words[i + 1].group() in _LETTERS
        if not (iban_cue or doc_cue or country):
            i += 1
            continue
        last = spelled_run_end(folded_words, i, _LETTERS)
        chars = numbers.spelled_characters([x.group() for x in words[i:last]], _LETTERS)
        span = None
        if (iban_cue or country) and re.match(r"[A-Z]{2}\d{2}", chars):
            for end in range(len(chars), 14, -1):
                if stdnum_iban.is_valid(chars[:end]):
                    span = _iban_span(words, i, chars[:end], offsets)
                    break
        if span is None and doc_cue and _document(chars) and any(not x.group().isdigit() for x in words[i:last]):
            span = Span(*original_span(offsets, start, words[last - 1].end()), "DOC_NUMBER")
        if span is not None:
            spans.append(span)
            i = last
        else:
            i += 1
    return spans


def _document(chars: str) -> bool:
    n_digits = sum(c.isdigit() for c in chars)
    letters = len(chars) - n_digits
    return (7 <= len(chars) <= 12 and n_digits >= 5 and letters >= 1) or (letters == 0 and 7 <= n_digits <= 12)


def _iban_span(words: list[re.Match[str]], i: int, chars: str, offsets: list[int]) -> Span:
    """The span of the fewest words from `i` that spell `chars`."""
    for k in range(i + 1, len(words) + 1):
        if numbers.spelled_characters([x.group() for x in words[i:k]], _LETTERS) == chars:
            return Span(*original_span(offsets, words[i].start(), words[k - 1].end()), "IBAN")
    return Span(*original_span(offsets, words[i].start(), words[-1].end()), "IBAN")
