"""Parse the model's tool input and check every cited id against the passages actually sent.

This is the safety net under the prompt: whatever the model writes, an id that was not sent never
becomes a source, and a claim with no valid citation never reaches the officer.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

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


# "član 374", "čl. 374", "članka 12a", "clanu 5", "члан 373", "чл. 42", "Article 12", "Art. 12"
_MENTION = re.compile(
    r"\b(?:čl(?:an(?:ak|ka|ku|a|u|om)?)?|cl(?:an(?:ak|ka|ku|a|u|om)?)?|art(?:icle|\.)?)\.?\s*(\d+(?:-\d+|-?[a-z])?)\b"
    r"|(?<![\w])(?:чл(?:ан(?:а|у|ом)?)?)\.?\s*(\d+(?:-\d+|-?[а-яa-z])?)(?![\w])",
    re.IGNORECASE,
)


def article_key(number: str) -> str:
    """Comparable article number: "31-a", "31a" and "31 a" are one article; "520-15" stays itself."""
    return re.sub(r"[\s-]+(?=[^\W\d_])", "", number.strip().lower())


def mentioned_articles(text: str) -> list[tuple[str, str]]:
    """Article numbers a text names in words: [("član 374", "374"), ("članu 31-a", "31a"), ...]."""
    return [(m.group(0), article_key(m.group(1) or m.group(2))) for m in _MENTION.finditer(text)]


def allowed_numbers(sent: list[Hit]) -> set[str]:
    """Numbers a claim may name: the sent articles' own, and those their texts refer to ("iz člana 172")."""
    numbers = {article_key(h.article.article.strip().lower().lstrip("§ ").removeprefix("art").strip(". ")) for h in sent}
    for h in sent:
        numbers.update(number for _, number in mentioned_articles(h.article.text))
    return numbers


def check_citations(reply: ModelReply, sent: list[Hit]) -> CheckedReply:
    """Keep valid ids (rewritten as sent), drop invalid ones, drop claims left with no valid id.

    A claim whose text names an article in words ("prema članu 374") that was not sent, and that no
    sent passage refers to, is dropped too: its citation may be valid, but the officer would read
    an unchecked reference. The mention is listed with the invalid citations.
    """
    numbers = allowed_numbers(sent)
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
        stray = [m for m, number in mentioned_articles(point.text) if number not in numbers]
        if stray:
            invalid.extend(m for m in stray if m not in invalid)
        elif valid:
            kept.append(Point(point.text, list(valid)))
            for aid, hit in valid.items():
                cited.setdefault(aid, hit)
        else:
            uncited.append(point.text)
    return CheckedReply(points=kept, cited=list(cited.values()), invalid=invalid, uncited=uncited)


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
