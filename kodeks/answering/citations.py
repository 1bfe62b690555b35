"""Parse the model's tool input and check every cited id against the passages actually sent.

This is the safety net under the prompt: whatever the model writes, an id that was not sent never
becomes a source, and a claim with no valid citation never reaches the officer.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from retrieval.language.normalize import fold, strip_diacritics, to_latin
from retrieval.types import Hit


class MalformedReply(Exception):
    """The tool input does not have the agreed shape; `str(exc)` says what is wrong."""


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
# (unicodedata.decimal: "٩٩٩" → "999"), Cyrillic as Latin and no diacritics ("члановима" → "clanovima").

_NUMBER = r"\d+(?:-\d+|-?[a-z](?![a-z]))?(?![\w])"
# član, člana, članu, članom, članovi, članova, članovima, članak, članka, članku, članci, člancima,
# čl., член, article, art., § — in the checkable form (no diacritics), any case.
_KEYWORD = (r"(?<![^\W\d_])(?:clan[a-z]*|clen[a-z]*|cl|art(?:icles?|ikl[a-z]*)?|§+)\.?[\s:–-]*"
            r"(?:br(?:oj)?\.?\s*)?")
# A list after the first number: "članovima 373, 374 i 999" — unless the next number counts something
# ("članu 286 i 3 godine", "2 osobe"): then it is not an article.
_UNITS = (r"godin|mjesec|mesec|dan|sat|minut|sedmic|nedjelj|km\b|kn\b|eur|maraka|%|put|osob|lic|stav|tac|alin"
          r"|year|month|day|hour|person")
_CONTINUATION = re.compile(
    r"\s*(?:,|;|\bi\b|\bili\b|\bte\b|\band\b|\bor\b|\bdo\b|-|–|—)\s*(" + _NUMBER + r")"
    r"(?!\s*(?:" + _UNITS + "))", re.IGNORECASE)
_JURISDICTION = r"(?:\s+(?:F?BiH|BD(?:\s?BiH)?|RS|FBIH|BIH))?"
# A law written as an abbreviation — "KZ RS 999", "ZKP BiH 12": upper-case, starting with K or Z
# (Krivični zakon, Zakon o ...), not the currency "KM".
_GENERIC_LAW = r"(?<![\w])(?!KM\b)[KZ][A-Z]{1,7}(?![\w])" + _JURISDICTION
# "999. član KZ RS": an ordinal before the word (only with its dot: "3 člana porodice" is three members).
_ORDINAL = re.compile(r"(?<![\w.])(\d+)\.\s*(?:clan[a-z]*|clen[a-z]*|cl\.)", re.IGNORECASE)


def checkable(text: str) -> str:
    """The form article numbers are found in (see above); keeps case, so law abbreviations stay visible."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(str(unicodedata.decimal(ch)) if ch.isdecimal() else ch
                   for ch in text if unicodedata.category(ch) != "Cf")
    return strip_diacritics(to_latin(text))


def article_key(number: str) -> str:
    """Comparable article number: "31-a", "31a" and "31 a" are one article; "520-15" stays itself."""
    number = checkable(number).strip().lower()
    number = re.sub(r"^(?:§+|art(?:icle)?\.?|cl(?:an)?\.?)\s*", "", number).strip(". ")
    return re.sub(r"[\s-]+(?=[^\W\d_])", "", number)


def _law_pattern(laws: set[str]) -> str:
    """Known law names (any case, any spacing) or a law-like abbreviation (case as written)."""
    known = sorted({checkable(law) for law in laws if law.strip()}, key=len, reverse=True)
    names = [r"\s+".join(map(re.escape, law.split())) for law in known]
    return "(?:" + "|".join([*(rf"(?i:(?<![\w]){n}(?![\w]))" for n in names), _GENERIC_LAW]) + ")"


@dataclass(frozen=True)
class Mention:
    """An article number named in a text, with the law written right next to it (if any)."""

    written: str  # as found, in the checkable form
    number: str  # article_key
    law: str | None  # checkable form of the law named with it


def mentions(text: str, laws: set[str] = frozenset()) -> list[Mention]:  # type: ignore[assignment]
    """Every article number a text names: "član 374", "članovima 373 i 999", "§ 12", "чл. 42", "KZ RS 999".

    `laws` are law names to recognise next to a number (the sent ones); upper-case abbreviations that
    look like a law ("KZ RS", "ZKP") are recognised in any case."""
    form = checkable(text)
    law_re = _law_pattern(set(laws))
    found: list[Mention] = []
    keyword = re.compile(_KEYWORD + "(" + _NUMBER + ")", re.IGNORECASE)
    for match in keyword.finditer(form):
        numbers = [(match.group(0), match.group(1))]
        pos = match.end()
        while cont := _CONTINUATION.match(form, pos):
            numbers.append((cont.group(0).strip(), cont.group(1)))
            pos = cont.end()
        after = re.compile(r"\s*(?:,\s*)?(" + law_re + ")").match(form, pos)
        law = " ".join(after.group(1).split()) if after else None
        found.extend(Mention(written, article_key(number), law) for written, number in numbers)
    bare = re.compile(r"(" + law_re + r")[\s,:–-]*(" + _NUMBER + ")")
    for match in bare.finditer(form):
        found.append(Mention(match.group(0), article_key(match.group(2)), " ".join(match.group(1).split())))
    for match in _ORDINAL.finditer(form):
        after = re.compile(r"\s*(" + law_re + ")").match(form, match.end())
        found.append(Mention(match.group(0), article_key(match.group(1)),
                             " ".join(after.group(1).split()) if after else None))
    return found


def mentioned_articles(text: str) -> list[tuple[str, str]]:
    """Article numbers a text names: [("član 374", "374"), ("članu 31-a", "31a"), ...]."""
    return [(m.written, m.number) for m in mentions(text)]


def _same_law(written: str, law: str) -> bool:
    """"KZ RS" names KZ RS; "KZ" alone names any KZ (the first word of its name)."""
    written, law = fold(written), fold(law)
    return written == law or written == law.split()[0]


def unchecked(text: str, cited: list[Hit], laws: set[str]) -> list[str]:
    """Mentions in `text` that name no article of `cited` (number, and law where one is written)."""
    stray = []
    for mention in mentions(text, laws):
        ok = any(article_key(h.article.article) == mention.number
                 and (mention.law is None or _same_law(mention.law, h.article.law)) for h in cited)
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
        out.append(text[start: match.end()].strip())
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
    for hit in sent:
        key = normalize_id(hit.id)
        if key in by_key and by_key[key].id != hit.id:
            ambiguous.add(key)
        by_key.setdefault(key, hit)

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
    return CheckedReply(points=kept, cited=list(cited.values()), invalid=invalid, uncited=uncited,
                        missing=missing)


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
