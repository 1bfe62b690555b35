"""Identifiers with a check digit or a strict format: JMBG, IBAN and bank account numbers, phone numbers
(e-mail addresses: emails.py).

Well-kept libraries where they exist: python-stdnum validates JMBG (it is the Yugoslav EMŠO: same 13 digits,
date and mod-11 check digit, `stdnum.si.emso`) and IBANs (mod-97 and each country's layout, `stdnum.iban`);
phonenumbers (Google's libphonenumber metadata) finds and checks phone numbers in text, in BiH's and every
other country's formats. A 13-digit number that fails the JMBG check is still masked — as a JMBG right after
"JMBG"/"matični", otherwise as a document number: no law has such numbers, officers' typos do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

import phonenumbers
from stdnum import iban as stdnum_iban
from stdnum.si import emso

from kodeks.privacy.context import folded_with_offsets, keyword_before, original_span
from kodeks.privacy.spans import Kind, Span

_JMBG = re.compile(r"(?<![\d.,/+-])(\d{13})(?!\d|[.,/-]\d)")
# A digit or two short or too many, right after "JMBG": a JMBG mistyped is still one (failing closed, as its kind).
_NEAR_JMBG = re.compile(r"(?<![\d.,/+-])(\d{11,12}|\d{14})(?!\d|[.,/-]\d)")
_DIGIT_RUN = re.compile(r"(?<![\w.,/-])\d+(?:(?: ?[.-] ?| )\d+)+(?![\w]|[.,/-]\d)")
_JMBG_WORD = re.compile(r"(jmbg|jmb|maticni( broj)?|maticnog broja|mbg)\W*(je|broj|br)?\W*$")
# An IBAN in any grouping: "BA391290079401028494", "BA39 1290 0794 0102 8494", "BA39-1290-0794-…", "BA39.129.…";
# the longest prefix with a valid mod-97 is kept (the pattern may run into the next words).
_IBAN = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2}\d{2}(?:[ .-]?[A-Za-z0-9]){10,30})")
# A BiH account number: 16 digits, as 3-3-8-2, with its own mod-97 check digits at the end.
_ACCOUNT = re.compile(r"(?<![\d-])(\d{3})[- ]?(\d{3})[- ]?(\d{8})[- ]?(\d{2})(?![\d-])")
_PHONE_WORD = re.compile(
    r"(tel|telefon\w*|mob\w*|broj (telefona|mobitela|mobilnog)|pozv\w*|zvao|zvala|poziv\w*|sms|viber|whatsapp|kontakt)\W*$"
)
_PHONE_LOOSE = re.compile(r"(?<![\d+])(?:\+|00)?(?:387[ /-]?)?0?6\d[ /-]?\d{3}[ /-]?\d{3,4}(?!\d)")
MIN_DIGITS_FOR_PHONES = 6
# A country's code, then the trunk 0 in brackets as printed on cards and letterheads: "+387 (0)62 300-111".
_PHONE_TRUNK = re.compile(r"(?<![\w+])(?:\+|00)\d{2,3}[ ]?\(0\)[ ]?\d{1,3}(?:[ /-]?\d{2,4}){1,3}(?![\w]|[./-]\d)")
# Right after a word for a phone, a number dialled inside another country (a trunk 0, at most three groups):
# "tel. 0664 2081735" (Austria), "mob 0176 12345678" (Germany) — libphonenumber reads it as BiH's and rejects it.
_PHONE_ABROAD = re.compile(r"(?<![\w+./-])0\d{2,4}(?:[ /-]?\d{2,8}){1,2}(?![\w]|[./-]\d)")


def jmbg_valid(number: str) -> bool:
    return len(number) == 13 and emso.is_valid(number)


def jmbgs(text: str) -> list[Span]:
    spans = []
    for m in _JMBG.finditer(text):
        number = m.group(1)
        kind: Kind = "JMBG" if jmbg_valid(number) or keyword_before(text, m.start(), _JMBG_WORD) else "DOC_NUMBER"
        if kind == "DOC_NUMBER" and number.startswith("00"):
            continue  # "0038762123456": an international phone number (no JMBG starts with a day 00)
        spans.append(Span(m.start(1), m.end(1), kind))
    for m in _NEAR_JMBG.finditer(text):
        if keyword_before(text, m.start(), _JMBG_WORD) and not any(
            s.start < m.end() and m.start() < s.end for s in spans
        ):
            spans.append(Span(m.start(1), m.end(1), "JMBG"))  # "JMBG 190899418777 (fali cifra)": a JMBG typed short
    spans.extend(s for s in grouped_jmbgs(text) if not any(s.start < o.end and o.start < s.end for o in spans))
    spans.extend(s for s in spoken_jmbgs(text) if not any(s.start < o.end and o.start < s.end for o in spans))
    return spans


def spoken_jmbgs(text: str) -> list[Span]:
    """JMBGs dictated in words, digit by digit or in groups ("nula tri nula četiri devet osam šest …"): a run of
    number words (digits too) whose 13 digits have a valid date and check digit. Only valid ones: a dictated
    number is otherwise a phone or an amount."""
    folded, offsets = folded_with_offsets(text)
    spans: list[Span] = []
    for pattern in (_SPOKEN_RUN, _GROUPED_RUN):
        for m in pattern.finditer(folded):
            parts = re.findall(rf"\d+|{_NUMBER_WORD}", m.group())
            if all(p.isdigit() for p in parts):
                continue
            digits = spoken_digits(parts)  # digit by digit, or in groups of tens and hundreds
            if jmbg_valid(digits):
                start, end = original_span(offsets, m.start(), m.end())
                if not any(start < s.end and s.start < end for s in spans):
                    spans.append(Span(start, end, "JMBG"))
    return spans


def grouped_jmbgs(text: str) -> list[Span]:
    """JMBGs typed or dictated in groups — "0101990 170006", "010.199.017.000.6", "0101990-170006": whole
    groups of a run of digit groups (one space, dot or dash between them) whose 13 digits have a valid date and
    check digit. Only valid ones: a grouped number is otherwise a phone, a date or an amount."""
    spans = []
    for run in _DIGIT_RUN.finditer(text):
        groups = [(g.start(), g.end()) for g in re.finditer(r"\d+", run.group())]
        if len(groups) < 2:
            continue
        i = 0
        while i < len(groups):
            digits, found = "", None
            for j in range(i, len(groups)):
                digits += run.group()[groups[j][0] : groups[j][1]]
                if len(digits) >= 13:
                    if len(digits) == 13 and j > i and jmbg_valid(digits):
                        found = j
                    break
            if found is None:
                i += 1
                continue
            spans.append(Span(run.start() + groups[i][0], run.start() + groups[found][1], "JMBG"))
            i = found + 1
    return spans


def _account_valid(parts: tuple[str, ...]) -> bool:
    digits = "".join(parts)
    return 98 - int(digits[:14] + "00") % 97 == int(digits[14:])


def ibans(text: str) -> list[Span]:
    spans = []
    pos = 0
    while m := _IBAN.search(text, pos):
        raw = m.group(1)
        pos = m.start(1) + 1
        # the longest prefix that is a valid IBAN (the pattern may run into a following word of four characters)
        for end in range(len(raw), 14, -1):
            if raw[end - 1] in " .-" or raw[end : end + 1].isalnum():
                continue  # a prefix ends on a character that ends a word
            if stdnum_iban.is_valid(raw[:end].upper()):
                spans.append(Span(m.start(1), m.start(1) + end, "IBAN"))
                pos = m.start(1) + end  # the pattern ran on into the next IBAN ("AT… na BA…"): look there again
                break
    for m in _ACCOUNT.finditer(text):
        if _account_valid(m.groups()):
            spans.append(Span(m.start(), m.end(), "IBAN"))
    return spans


_DATE_SHAPE = re.compile(r"(\d{1,2})[./] ?(\d{1,2})[./] ?(?:19|20)\d{2}\.?")


# A court's case number: the court's two digits, the department's digit and the register's capital letters ("K",
# "Kž", "Kps"), then the running number and the year — the number after the register is no phone.
_COURT_REGISTER_BEFORE = re.compile(r"(?<!\d)\d{2} ?\d ?[A-ZČĆŠŽĐ][a-zčćšžđ]{0,2} ?$")


def _a_date(raw: str) -> bool:
    """Whether `raw` is a date written with dots or slashes (a real day and month, a year of this or the last
    century): libphonenumber reads "06.12.2026" as a possible number."""
    m = _DATE_SHAPE.fullmatch(raw.strip())
    return m is not None and 1 <= int(m.group(1)) <= 31 and 1 <= int(m.group(2)) <= 12


def phones(text: str) -> list[Span]:
    """Numbers libphonenumber accepts as possible for BiH (or, with +/00, anywhere), and BiH mobile numbers
    (06x) it does not know yet."""
    if sum(c.isdigit() for c in text) < MIN_DIGITS_FOR_PHONES:
        return spoken_phones(text)
    spans = []
    for match in phonenumbers.PhoneNumberMatcher(text, "BA", leniency=phonenumbers.Leniency.POSSIBLE):
        raw = match.raw_string
        if text[match.start - 1 : match.start].isalnum() or text[match.end : match.end + 1].isalnum():
            continue  # inside a word: a chassis number, a code
        if _a_date(raw):
            continue  # "06.12.2026": a day, a month and a year, never a number to call (06 is no mobile's 06x)
        if _COURT_REGISTER_BEFORE.search(text[max(0, match.start - 12) : match.start]):
            continue  # "12 3 K 012345 25 K": a court case's running number after its court and register codes
        digits = sum(c.isdigit() for c in raw)
        international = raw.startswith(("+", "00"))
        national = str(match.number.national_number)
        local = not international and raw.lstrip("(").startswith("0") and national[:1] in "3456" and digits >= 8
        worded = keyword_before(text, match.start, _PHONE_WORD, window=25) and digits >= 6
        if (international and phonenumbers.is_possible_number(match.number)) or local or worded:
            spans.append(Span(match.start, match.end, "PHONE"))
    for m in _PHONE_TRUNK.finditer(text):  # "+387 (0)62 300-111": the trunk 0 in brackets, the whole is one number
        spans = [s for s in spans if not (s.start < m.end() and m.start() < s.end)]
        spans.append(Span(m.start(), m.end(), "PHONE"))
    for m in _PHONE_LOOSE.finditer(text):
        if not any(s.start <= m.start() < s.end for s in spans):
            spans.append(Span(m.start(), m.end(), "PHONE"))
    for m in _PHONE_ABROAD.finditer(text):
        digits = sum(c.isdigit() for c in m.group())
        if (
            9 <= digits <= 12
            and keyword_before(text, m.start(), _PHONE_WORD, window=12)
            and not any(s.start < m.end() and m.start() < s.end for s in spans)
        ):
            spans.append(Span(m.start(), m.end(), "PHONE"))  # "tel. 0664 2081735": abroad, typed as dialled there
    spans.extend(s for s in spoken_phones(text) if not any(s.start < o.end and o.start < s.end for o in spans))
    return spans


# A phone number dictated digit by digit, or partly in words: "061 tri dva jedan nula nula devet", "nula šest
# jedan, dvjesto … " is not (only single digits in words).
_DIGIT_WORDS = {
    "nula": "0",
    "jedan": "1",
    "jedna": "1",
    "jedno": "1",
    "dva": "2",
    "dvije": "2",
    "tri": "3",
    "cetiri": "4",
    "pet": "5",
    "sest": "6",
    "sedam": "7",
    "osam": "8",
    "devet": "9",
}
_DIGIT_WORD = "|".join(_DIGIT_WORDS)
_SPOKEN_RUN = re.compile(rf"(?<![\w+])(?:\d+|{_DIGIT_WORD})(?:[ ,/-]{{1,2}}(?:\d+|{_DIGIT_WORD}))+(?![\w])")


# A phone number dictated in groups, as people read one out: "nula šezdeset pet, dvjesto trideset četiri, pet sto
# šest" (065 234 506). Each group is read as its own number: hundreds give three digits, tens two, a digit one.
_TEENS = {
    "deset": 10,
    "jedanaest": 11,
    "dvanaest": 12,
    "trinaest": 13,
    "cetrnaest": 14,
    "petnaest": 15,
    "sesnaest": 16,
    "sedamnaest": 17,
    "osamnaest": 18,
    "devetnaest": 19,
}
_TENS = {
    "dvadeset": 2,
    "trideset": 3,
    "cetrdeset": 4,
    "pedeset": 5,
    "sezdeset": 6,
    "sedamdeset": 7,
    "osamdeset": 8,
    "devedeset": 9,
}
# Every spelling of the hundreds officers type or say: ijekavian and ekavian (dvjesto, dvesta), and the
# colloquial forms with a letter dropped or doubled (četristo, šeststo).
_HUNDREDS = {
    "sto": 1,
    "stotinu": 1,
    "dvjesto": 2,
    "dvjesta": 2,
    "dvesta": 2,
    "trista": 3,
    "tristo": 3,
    "cetiristo": 4,
    "cetristo": 4,
    "petsto": 5,
    "sesto": 6,
    "seststo": 6,
    "sedamsto": 7,
    "osamsto": 8,
    "devetsto": 9,
}
# Tens and a digit written as one word, as voice typing often joins them ("tridesetčetiri", "dvadesetjedan"): read as
# the two words they are.
_GLUED = {tens + digit: (tens, digit) for tens in _TENS for digit in _DIGIT_WORDS if digit not in ("nula", "jedno")}
_NUMBER_WORD = "|".join(sorted([*_DIGIT_WORDS, *_TEENS, *_TENS, *_HUNDREDS, *_GLUED], key=len, reverse=True))
# A dash, a space or a slash said as a word between dictated groups ("nula šezdeset jedan crtica četiristo …"): the
# voice transcript writes what was said; the groups on either side are one number.
SPOKEN_SEPARATORS = frozenset(["crtica", "crta", "povlaka", "razmak", "kosa"])
SPOKEN_SEPARATOR_GAP = r"(?:[ ,/-]{1,2}(?:(?:crtica|crta|povlaka|razmak|kosa crta)[ ,]{1,2})?)"
_GROUPED_RUN = re.compile(rf"(?<![\w+])(?:{_NUMBER_WORD})(?:{SPOKEN_SEPARATOR_GAP}(?:{_NUMBER_WORD}))+(?![\w])")


def number_word(folded: str) -> bool:
    """Whether a folded word is a number said in words (nula … devetsto) or written in digits."""
    return (
        folded.isdigit()
        or folded in _DIGIT_WORDS
        or folded in _TEENS
        or folded in _TENS
        or folded in _HUNDREDS
        or folded in _GLUED
    )


def _unglued(words: list[str]) -> list[str]:
    """The words with tens and a digit written as one ("tridesetcetiri") split into the two."""
    return [part for word in words for part in _GLUED.get(word, (word,))]


def spelled_characters(words: list[str], letters: Mapping[str, str]) -> str:
    """What folded words spell character by character: each run of number words as its digits (`spoken_digits`),
    each letter's name or lone consonant by `letters` (a plate's and a document's alphabets differ), the rest
    nothing ("ce razmak pet pet" -> "C55")."""
    out, digits = "", []
    for w in words:
        if number_word(w):
            digits.append(w)
            continue
        if digits:
            out, digits = out + spoken_digits(digits), []
        out += letters.get(w, "")
    return out + (spoken_digits(digits) if digits else "")


def spoken_digits(words: list[str]) -> str:
    """The digits of folded number words (and digits) as people read a number out ("trideset jedan" 31, "osamsto
    osamdeset devet" 889, "nula 6" 06)."""
    digits: list[str] = []
    spoken: list[str] = []
    for word in _unglued(words):
        if word.isdigit():
            digits.append(_grouped_digits(spoken))
            spoken = []
            digits.append(word)
        else:
            spoken.append(word)
    digits.append(_grouped_digits(spoken))
    return "".join(digits)


def _grouped_digits(words: list[str]) -> str:
    """The digits of number words read group by group ("sezdeset pet" 65, "pet sto sest" 506, "nula" 0)."""
    words = _unglued(words)
    digits, i = [], 0
    while i < len(words):
        word = words[i]
        hundreds = None
        if word in _HUNDREDS:
            hundreds, i = _HUNDREDS[word], i + 1
        elif word in _DIGIT_WORDS and i + 1 < len(words) and words[i + 1] in ("sto", "stotina") and word != "nula":
            hundreds, i = int(_DIGIT_WORDS[word]), i + 2
        rest = None
        if i < len(words) and words[i] in _TEENS:
            rest, i = _TEENS[words[i]], i + 1
        elif i < len(words) and words[i] in _TENS:
            rest, i = _TENS[words[i]] * 10, i + 1
            if i < len(words) and words[i] in _DIGIT_WORDS and words[i] != "nula":
                rest, i = rest + int(_DIGIT_WORDS[words[i]]), i + 1
        elif hundreds is not None and i < len(words) and words[i] in _DIGIT_WORDS and words[i] != "nula":
            rest, i = int(_DIGIT_WORDS[words[i]]), i + 1
        if hundreds is not None:
            digits.append(f"{hundreds}{rest or 0:02d}")
        elif rest is not None:
            digits.append(str(rest))
        else:
            digits.append(_DIGIT_WORDS[words[i]])
            i += 1
    return "".join(digits)


def grouped_spoken_phones(text: str) -> list[Span]:
    """Phone numbers dictated in groups of tens and hundreds (at least one such word; single digits are
    spoken_phones()): a BiH number (0 and a 3–6, nine or ten digits), or after a word for a phone six digits or more."""
    folded, offsets = folded_with_offsets(text)
    spans = []
    for m in _GROUPED_RUN.finditer(folded):
        words = [w for w in re.findall(r"[a-z0-9]+", m.group()) if w not in SPOKEN_SEPARATORS]
        if all(w in _DIGIT_WORDS for w in words):
            continue
        digits = _grouped_digits(words)
        span = _spoken_phone(text, folded, offsets, m, digits)
        if span is not None:
            spans.append(span)
    return spans


# "plus tri osam sedam …", "plus 387 …": the country's code said as "plus" before the dictated digits.
_PLUS_BEFORE = re.compile(r"(?<!\w)plus[ ]+$")


def _spoken_phone(text: str, folded: str, offsets: list[int], m: re.Match[str], digits: str) -> Span | None:
    """A dictated run of `digits` as a phone: a BiH number (0 and a 3–6, nine or ten digits), after "plus" a number
    possible in its country (libphonenumber; "plus" joins the span), or six digits or more after a word for a phone."""
    start, end = original_span(offsets, m.start(), m.end())
    plus = _PLUS_BEFORE.search(folded[: m.start()])
    if plus is not None and 8 <= len(digits) <= 15:
        try:
            number = phonenumbers.parse("+" + digits, None)
        except phonenumbers.NumberParseException:
            number = None
        if number is not None and phonenumbers.is_possible_number(number):
            return Span(original_span(offsets, plus.start(), plus.end())[0], end, "PHONE")
    national = digits[:1] == "0" and digits[1:2] in "3456" and 9 <= len(digits) <= 10
    if (
        national
        or _mobile_without_trunk(digits)
        or (len(digits) >= 6 and keyword_before(text, start, _PHONE_WORD, window=25))
    ):
        return Span(start, end, "PHONE")
    return None


def _mobile_without_trunk(digits: str) -> bool:
    """A BiH mobile number dictated without its leading 0, as people say one ("šezdeset dva, tristo …" for 062 …):
    a 6 and the network's digit (060–067), then six or seven digits. No count or amount is said in such a run."""
    return digits[:1] == "6" and digits[1:2] in "01234567" and len(digits) in (8, 9)


def spoken_phones(text: str) -> list[Span]:
    """Phone numbers with digits dictated in words: a BiH number (0 and a 3–6, nine or ten digits in all) or, after
    a word for a phone, six digits or more — with at least one digit in words (the rest is phones() above)."""
    folded, offsets = folded_with_offsets(text)
    spans = []
    for m in _SPOKEN_RUN.finditer(folded):
        parts = re.findall(rf"\d+|{_DIGIT_WORD}", m.group())
        if all(p.isdigit() for p in parts) and not _PLUS_BEFORE.search(folded[: m.start()]):
            continue  # digits alone are phones(); after the word "plus" ("plus 387 61 …") they are read here
        span = _spoken_phone(text, folded, offsets, m, spoken_digits(parts))
        if span is not None:
            spans.append(span)
    spans.extend(s for s in grouped_spoken_phones(text) if not any(s.start < o.end and o.start < s.end for o in spans))
    return spans
