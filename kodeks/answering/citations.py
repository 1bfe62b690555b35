"""Parse the model's tool input and check every cited id against the passages actually sent.

This is the safety net under the prompt: whatever the model writes, an id that was not sent never
becomes a source, and a claim with no valid citation never reaches the officer.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from typing import Any

from kodeks.answering.skeleton import plain, visual
from kodeks.errors import MalformedReply
from retrieval.language.normalize import fold, strip_diacritics, to_latin
from retrieval.language.number_words import WORD, parse_words
from retrieval.types import Hit


@dataclass
class Point:
    """One claim and the ids the model cited for it."""

    text: str
    citations: list[str]


@dataclass
class ModelReply:
    points: list[Point]
    covered: bool
    missing: str | None


@dataclass
class CheckedReply:
    """A reply after validation: only supported claims, only valid ids."""

    points: list[Point]  # claims kept, each with ≥1 valid citation (ids as sent)
    cited: list[Hit]  # valid cited articles in order of first citation
    invalid: list[str] = field(default_factory=list)  # cited ids that were not sent, as written
    uncited: list[str] = field(default_factory=list)  # claims dropped: no valid citation
    missing: str | None = None  # the reply's `missing` without sentences naming unchecked articles


def _as_text(value: Any) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""


def _as_ids(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        return []
    return [v.strip() for v in value if isinstance(v, str) and v.strip()]


def parse_reply(data: Any) -> ModelReply:
    """Tool input → ModelReply. Tolerates the flat shape `{answer, citations, covered, missing}` too."""
    if not isinstance(data, dict):
        raise MalformedReply("tool input is not an object")
    if "points" in data:
        raw_points = data["points"]
        if not isinstance(raw_points, list):
            raise MalformedReply("'points' is not a list")
        points = []
        for item in raw_points:
            if isinstance(item, dict):
                text, ids = _as_text(item.get("text")), _as_ids(item.get("citations"))
            elif isinstance(item, str):
                text, ids = _as_text(item), []
            else:
                raise MalformedReply("a point is neither an object nor a string")
            if text:
                points.append(Point(text, ids))
    elif isinstance(data.get("answer"), str):
        text = _as_text(data["answer"])
        points = [Point(text, _as_ids(data.get("citations")))] if text else []
    else:
        raise MalformedReply("tool input has neither 'points' nor 'answer'")
    missing = _as_text(data.get("missing")) or None
    covered = data.get("covered")
    if not isinstance(covered, bool):
        covered = bool(points) and missing is None
    return ModelReply(points=points, covered=covered, missing=missing)


def normalize_id(value: str) -> str:
    """Forgive formatting only (case, Unicode form, spacing): "KZ FBiH čl.373" is "KZ FBiH čl. 373".

    Anything else — another number, another law — is a different id and so invalid.
    """
    return re.sub(r"\s+", "", unicodedata.normalize("NFC", value)).casefold()


# --- article numbers named in the text ---------------------------------------------------------
#
# Every article number the officer reads must be one he can open under "Izvori:". The model (or a
# passage it copies) can name one in many spellings, so text is first brought to one checkable
# form: NFKC (full-width, mathematical and circled digits, composed č), format characters removed
# (zero-width spaces and joiners, bidi marks, soft hyphens), digits of any script as ASCII
# (unicodedata.decimal: "٩٩٩" → "999"), every dash and minus as "-" (en and em dashes as "–"),
# Cyrillic as Latin and no diacritics ("члановима" → "clanovima"). Then a second form, the one the
# officer *sees* (kodeks/answering/skeleton.py: look-alike letters of other scripts as the Latin ones
# they look like, "člαnu" → "clanu", "ΚΖ RS" → "KZ RS", "čӏanu" → "clanu"), is searched too: a number
# found in either form must be cited.

_NUMBER = r"\d+(?:-\d+|-?[a-z](?![a-z]))?(?![\w])"
# član, člana, članu, članom, članovi, članova, članovima, članak, članka, članku, članci, člancima,
# čl., член, article, art., § — in the checkable form (no diacritics), any case.
_KEYWORD = (
    r"(?<![^\W\d_])(?:clan[a-z]*|clen[a-z]*|cl|art(?:icles?|ikl[a-z]*)?|§+)\.?[\s:–-]*"
    r"(?:br(?:oj)?\.?\s*)?"
)
# A list after the first number: "članovima 373, 374 i 999" — unless the next number counts something
# ("članu 286 i 3 godine", "2 osobe"): then it is not an article.
_UNITS = (
    r"godin|mjesec|mesec|dan|sat|minut|sedmic|nedjelj|km\b|kn\b|eur|maraka|%|put|osob|lic|stav|tac|alin"
    r"|year|month|day|hour|person"
)
_CONTINUATION = re.compile(
    r"\s*(?:,|;|\bi\b|\bili\b|\bte\b|\band\b|\bor\b|\bdo\b|-|–|—)\s*(" + _NUMBER + r")"
    r"(?!\s*(?:" + _UNITS + "))",
    re.IGNORECASE,
)
_JURISDICTION = r"(?:\s+(?:F?BiH|BD(?:\s?BiH)?|RS|FBIH|BIH))?"
# A case ending after a hyphen, as abbreviations are inflected: "KZ-a", "ZKP-om", "KZ FBiH-u".
_INFLECTED = r"(?:-[a-z]{1,3}(?![\w]))?"
# A law written as an abbreviation — "KZ RS 999", "ZKP BiH 12", "KZ-a FBiH 999": upper-case, starting with K
# or Z (Krivični zakon, Zakon o ...), not the currency "KM".
_GENERIC_LAW = r"(?<![\w])(?!KM\b)[KZ][A-Z]{1,7}(?![\w])" + _INFLECTED + _JURISDICTION + _INFLECTED
# "999. član KZ RS": an ordinal before the word (only with its dot: "3 člana porodice" is three members).
_ORDINAL = re.compile(r"(?<![\w.])(\d+)\.\s*(?:clan[a-z]*|clen[a-z]*|cl\.)", re.IGNORECASE)


def checkable(text: str) -> str:
    """The form article numbers are found in (see above); keeps case, so law abbreviations stay visible."""
    return strip_diacritics(to_latin(plain(text)))


def article_key(number: str) -> str:
    """Comparable article number: "31-a", "31a" and "31 a" are one article; "520-15" stays itself."""
    number = checkable(number).strip().lower()
    number = re.sub(r"^(?:§+|art(?:icle)?\.?|cl(?:an)?\.?)\s*", "", number).strip(". ")
    return re.sub(r"[\s-]+(?=[^\W\d_])", "", number)


def _law_pattern(laws: set[str]) -> str:
    """Known law names (any case, any spacing) or a law-like abbreviation (case as written)."""
    known = sorted({checkable(law) for law in laws if law.strip()}, key=len, reverse=True)
    names = [r"\s+".join(map(re.escape, law.split())) for law in known]
    return "(?:" + "|".join([*(rf"(?i:(?<![\w]){n}(?![\w])){_INFLECTED}" for n in names), _GENERIC_LAW]) + ")"


def _law_name(written: str) -> str:
    """The law as named, without case endings: "KZ-a  FBiH" → "KZ FBiH"."""
    return " ".join(re.sub(r"-[a-z]{1,3}(?![\w])", "", written).split())


@dataclass(frozen=True)
class Mention:
    """An article number named in a text, with the law written right next to it (if any)."""

    written: str  # as found, in the checkable form
    number: str  # article_key
    law: str | None  # checkable form of the law named with it


# "st. 999 KZ RS", "tački 999 KZ-a FBiH", "KZ RS, broj 999": a paragraph / point / number word next to a law
# name names an article of it — unless it follows an article mention ("član 373 stav 2 KZ FBiH": a paragraph).
_PARAGRAPH = (
    r"(?i:(?<![^\W\d_])(?:st|stav[a-z]*|t|tac(?:k[a-z]*)?|tock[a-z]*|br|broj[a-z]*|al|alinej[a-z]*)"
    r"(?![a-z])\.?[\s:–-]*)"
)
_WORD_KEYWORD = re.compile(r"(?<![^\W\d_])(?:clan[a-z]*|clen[a-z]*|cl|art(?:icles?|ikl[a-z]*)?)\.?\s+", re.IGNORECASE)
_WORDS_AHEAD = re.compile(r"(?:[^\W\d_]+\s*){1,8}")


def _number_in_words(form: str, pos: int) -> tuple[int, int] | None:
    """(number, end) of a number written in words starting at `pos` ("devetsto devedeset devet"), or None."""
    run = _WORDS_AHEAD.match(form, pos)
    if run is None:
        return None
    words = [(m.group(0).lower(), m.end()) for m in WORD.finditer(run.group(0).lower())]
    parsed = parse_words([w for w, _ in words])
    if parsed is None:
        return None
    return parsed[0], pos + words[parsed[1] - 1][1]


def _mentions_in(form: str, law_re: str) -> list[Mention]:
    """Every mention in one form of the text (see `mentions`)."""
    law_after = re.compile(r"\s*(?:,\s*)?(" + law_re + ")")
    found: list[Mention] = []
    article_ends: list[int] = []  # where each "član N [law]" ends: a paragraph right after it is its own
    keyword = re.compile(_KEYWORD + "(" + _NUMBER + ")", re.IGNORECASE)
    for match in keyword.finditer(form):
        numbers = [(match.group(0), match.group(1))]
        pos = match.end()
        while cont := _CONTINUATION.match(form, pos):
            numbers.append((cont.group(0).strip(), cont.group(1)))
            pos = cont.end()
        after = law_after.match(form, pos)
        law = _law_name(after.group(1)) if after else None
        article_ends += [pos, after.end()] if after else [pos]  # its law, and a paragraph, follow it
        found.extend(Mention(written, article_key(number), law) for written, number in numbers)

    def of_an_article(start: int) -> bool:
        return any(end <= start and not form[end:start].strip(" ,;") for end in article_ends)

    bare = re.compile(r"(" + law_re + r")[\s,:–-]*(" + _PARAGRAPH + r")?(" + _NUMBER + ")")
    for match in bare.finditer(form):
        if match.group(2) and of_an_article(match.start()):
            continue  # "član 373 KZ FBiH stav 2": paragraph 2 of article 373
        found.append(Mention(match.group(0), article_key(match.group(3)), _law_name(match.group(1))))
    paragraph = re.compile(_PARAGRAPH + "(" + _NUMBER + ")", re.IGNORECASE)
    for match in paragraph.finditer(form):
        after = law_after.match(form, match.end())
        if after and not of_an_article(match.start()):
            found.append(
                Mention(match.group(0) + after.group(0), article_key(match.group(1)), _law_name(after.group(1)))
            )
    for match in _ORDINAL.finditer(form):
        after = law_after.match(form, match.end())
        found.append(Mention(match.group(0), article_key(match.group(1)), _law_name(after.group(1)) if after else None))
    found += _worded(form, law_re, of_an_article)
    return found


def _worded(form: str, law_re: str, of_an_article: Callable[[int], bool]) -> list[Mention]:
    """Numbers written in words: "članu devetsto devedeset devet", "stavu devet KZ RS", "KZ RS devetsto …",
    "devetsto devedeset devetom članu KZ RS" (an ordinal before the word only with a law right after it)."""
    law_after = re.compile(r"\s*(?:,\s*)?(" + law_re + ")")
    found: list[Mention] = []
    for match in _WORD_KEYWORD.finditer(form):
        if (worded := _number_in_words(form, match.end())) is not None:
            after = law_after.match(form, worded[1])
            found.append(
                Mention(form[match.start() : worded[1]], str(worded[0]), _law_name(after.group(1)) if after else None)
            )
        after = law_after.match(form, match.end())
        before = WORD.findall(form[max(0, match.start() - 80) : match.start()].lower())
        for n in range(min(len(before), 6), 0, -1) if after is not None else ():  # the longest run spelling a number
            parsed = parse_words(before[-n:])
            if after is not None and parsed is not None and parsed[1] == n:
                found.append(
                    Mention(
                        " ".join(before[-n:]) + " " + match.group(0).strip(), str(parsed[0]), _law_name(after.group(1))
                    )
                )
                break
    for match in re.finditer(_PARAGRAPH, form, re.IGNORECASE):
        worded = _number_in_words(form, match.end())
        after = law_after.match(form, worded[1]) if worded else None
        if worded and after and not of_an_article(match.start()):
            found.append(Mention(form[match.start() : after.end()], str(worded[0]), _law_name(after.group(1))))
    for match in re.finditer("(" + law_re + r")[\s,:–-]*", form):
        if (worded := _number_in_words(form, match.end())) is not None:
            found.append(Mention(form[match.start() : worded[1]], str(worded[0]), _law_name(match.group(1))))
    return found


def mentions(text: str, laws: AbstractSet[str] = frozenset()) -> list[Mention]:
    """Every article number a text names: "član 374", "članovima 373 i 999", "§ 12", "чл. 42", "KZ RS 999",
    "KZ-a FBiH 999", "st. 999 KZ RS", "članu devetsto devedeset devet" — in the checkable form, and in the
    form the officer sees (look-alike letters as Latin: "člαnu 999", "ΚΖ RS 999").

    `laws` are law names to recognise next to a number (the sent ones); upper-case abbreviations that
    look like a law ("KZ RS", "ZKP") are recognised in any case."""
    law_re = _law_pattern(set(laws))
    form = checkable(text)
    found = _mentions_in(form, law_re)
    seen = {(m.number, fold(m.law) if m.law else None) for m in found}
    seen_as = visual(text)
    if seen_as != form:
        for m in _mentions_in(seen_as, law_re):
            if (key := (m.number, fold(m.law) if m.law else None)) not in seen:
                seen.add(key)
                found.append(m)
    return found


def mentioned_articles(text: str) -> list[tuple[str, str]]:
    """Article numbers a text names: [("član 374", "374"), ("članu 31-a", "31a"), ...]."""
    return [(m.written, m.number) for m in mentions(text)]


def _same_law(written: str, law: str) -> bool:
    """ "KZ RS" names KZ RS; "KZ" alone names any KZ (the first word of its name)."""
    written, law = fold(written), fold(law)
    return written == law or written == law.split()[0]


def unchecked(text: str, cited: list[Hit], laws: set[str]) -> list[str]:
    """Mentions in `text` that name no article of `cited` (number, and law where one is written)."""
    stray = []
    for mention in mentions(text, laws):
        ok = any(
            article_key(h.article.article) == mention.number
            and (mention.law is None or _same_law(mention.law, h.article.law))
            for h in cited
        )
        if not ok and mention.written not in stray:
            stray.append(mention.written)
    return stray


_SENTENCE_END = re.compile(r"[.!?…]+\s+")
_ABBREVIATIONS = {"cl", "br", "st", "tac", "al", "npr", "itd", "sl", "tj", "art", "str"}


def sentences(text: str) -> list[str]:
    """Split after . ! ? … — but not after a number ("999. član") or an abbreviation ("čl. br. 999")."""
    out, start = [], 0
    for match in _SENTENCE_END.finditer(text):
        before = re.search(r"(\S+)$", text[: match.start()])
        word = checkable(before.group(1)).lower().strip("([") if before else ""
        if word.isdigit() or word in _ABBREVIATIONS:
            continue
        out.append(text[start : match.end()].strip())
        start = match.end()
    out.append(text[start:].strip())
    return [s for s in out if s]


def check_missing(missing: str | None, cited: list[Hit], laws: set[str]) -> tuple[str | None, list[str]]:
    """`missing` without the sentences that name an article not among the answer's sources
    (all of it if, once they are gone, the rest still names one)."""
    if not missing:
        return None, []
    stray = unchecked(missing, cited, laws)
    if not stray:
        return missing, []
    kept = [sentence for sentence in sentences(missing) if not unchecked(sentence, cited, laws)]
    text = " ".join(kept).strip()
    if unchecked(text, cited, laws):
        text = ""
    return text or None, stray


def check_citations(reply: ModelReply, sent: list[Hit]) -> CheckedReply:
    """Keep valid ids (rewritten as sent), drop invalid ones, drop claims left with no valid id.

    A claim whose text names an article ("prema članu 374", "KZ RS 999", "§ 12") that the claim
    itself does not cite is dropped too: its citation may be valid, but the officer would read an
    unchecked reference — even when some sent passage happens to mention that number. The same
    holds for the `missing` text: a sentence naming an article that is not among the answer's
    sources is removed. Every such mention is listed with the invalid citations.
    """
    laws = {h.article.law for h in sent}
    by_key: dict[str, Hit] = {}
    ambiguous: set[str] = set()
    for sent_hit in sent:
        key = normalize_id(sent_hit.id)
        if key in by_key and by_key[key].id != sent_hit.id:
            ambiguous.add(key)
        by_key.setdefault(key, sent_hit)

    kept: list[Point] = []
    cited: dict[str, Hit] = {}
    invalid: list[str] = []
    uncited: list[str] = []
    for point in reply.points:
        valid: dict[str, Hit] = {}  # the point's cited hits by id, in citation order
        for raw in point.citations:
            key = normalize_id(raw)
            hit = by_key.get(key) if key not in ambiguous else None
            if hit is None:
                if raw not in invalid:
                    invalid.append(raw)
                continue
            valid.setdefault(hit.id, hit)
        stray = unchecked(point.text, list(valid.values()), laws)
        if stray:
            invalid.extend(m for m in stray if m not in invalid)
        elif valid:
            kept.append(Point(point.text, list(valid)))
            for aid, hit in valid.items():
                cited.setdefault(aid, hit)
        else:
            uncited.append(point.text)
    missing, stray = check_missing(reply.missing, list(cited.values()), laws)
    invalid.extend(m for m in stray if m not in invalid)
    return CheckedReply(points=kept, cited=list(cited.values()), invalid=invalid, uncited=uncited, missing=missing)


_END = re.compile(r"[.!?…:;]+$")


def render(points: list[Point], missing: str | None) -> str:
    """Phone-sized text: one claim per line, its ids in brackets before the full stop, then what is missing."""
    lines = []
    for point in points:
        text = point.text.strip()
        match = _END.search(text)
        end = match.group(0) if match else "."
        body = text[: match.start()] if match else text
        lines.append(f"{body} [{'; '.join(point.citations)}]{end}")
    parts = ["\n".join(lines)] if lines else []
    if missing:
        parts.append(missing.strip())
    return "\n\n".join(parts)
