"""The answer when no generated one is available: the most relevant articles, with short excerpts.

It is the default with no API key and the fallback whenever Claude fails or its answer is not
grounded. It never invents anything, so it can always be shown; it is never empty.
"""

from __future__ import annotations

import re
from typing import Any, TypedDict, Unpack

from kodeks.answering.models import Answer, distinct_hits
from retrieval.search.passages import best_passage
from retrieval.types import Hit

MAX_ARTICLES = 3
EXCERPT_CHARS = 280

_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LATIN = re.compile(r"[A-Za-z\u00C0-\u024F]")

HEADER = {
    "latin": "Generisani odgovor trenutno nije dostupan. Najrelevantniji članovi zakona "
    "(pročitajte cijeli član prije postupanja):",
    "cyrillic": "Генерисани одговор тренутно није доступан. Најрелевантнији чланови закона "
    "(прочитајте цијели члан прије поступања):",
}
# Said first when search found only weak candidates (SearchResult.weak): the officer must not read
# the nearest articles as an answer from the law.
MAY_NOT_COVER = {
    "latin": "Pažnja: učitani zakoni možda ne pokrivaju ovo pitanje – pronađeni članovi su samo najbliži "
    "po sadržaju, a veza s pitanjem nije sigurna. Možda je potreban drugi propis.",
    "cyrillic": "Пажња: учитани закони можда не покривају ово питање – пронађени чланови су само најближи "
    "по садржају, а веза с питањем није сигурна. Можда је потребан други пропис.",
}
NOTHING = {
    "latin": "Generisani odgovor trenutno nije dostupan, a nisam pronašao nijedan relevantan član zakona. "
    "Preformulišite pitanje ili navedite zakon i član.",
    "cyrillic": "Генерисани одговор тренутно није доступан, а нисам пронашао ниједан релевантан члан закона. "
    "Преформулишите питање или наведите закон и члан.",
}


def script_of(text: str) -> str:
    """ "cyrillic" when the text has more Cyrillic than Latin letters, else "latin"."""
    return "cyrillic" if len(_CYRILLIC.findall(text)) > len(_LATIN.findall(text)) else "latin"


def excerpt(hit: Hit, limit: int = EXCERPT_CHARS, question: str = "") -> str:
    """The best-matching chunk (or the article start) from its best paragraph on, one line, cut at a word boundary."""
    text = " ".join((hit.excerpt or hit.article.text).split())
    label = hit.article.label
    if text.startswith(label):  # chunks repeat the article heading, which the list already shows
        text = text[len(label) :].lstrip(" :–-")
    if question:
        text = best_passage(text, question)
    text = text or " ".join(hit.article.text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + " …"


def extractive_text(question: str, hits: list[Hit], weak: bool = False) -> str:
    script = script_of(question)
    if not hits:
        return NOTHING[script]
    lines = ([MAY_NOT_COVER[script], ""] if weak else []) + [HEADER[script], ""]
    for n, hit in enumerate(hits, 1):
        lines.append(f"{n}. {hit.article.label}")
        lines.append(f"„{excerpt(hit, question=question)}“")
    return "\n".join(lines)


class ModelDetails(TypedDict, total=False):
    """What the model returned before its answer was set aside: kept on the extractive answer for the log."""

    model: str | None
    input_tokens: int | None
    output_tokens: int | None
    cache_read_tokens: int | None
    llm_ms: float
    stop_reason: str | None
    reply: dict[str, Any] | None
    invalid_citations: list[str]
    uncited_claims: list[str]


class ExtractiveDetails(ModelDetails, total=False):
    """`ModelDetails`, and the model's note on what the laws sent do not cover."""

    missing: str | None


def extractive_answer(
    question: str,
    hits: list[Hit],
    *,
    reason: str,
    prompt_version: str,
    flagged: bool = False,
    weak: bool = False,
    **extra: Unpack[ExtractiveDetails],
) -> Answer:
    """An Answer listing up to MAX_ARTICLES hits; `extra` carries what Claude returned, if anything (log only).

    `covered` is None (unknown): listing articles judges nothing about whether they answer the
    question. `weak` (the search's own confidence, SearchResult.weak) puts a warning first that the
    loaded laws may not cover the question.
    """
    shown = distinct_hits(hits, MAX_ARTICLES)
    return Answer(
        text=extractive_text(question, shown, weak=weak),
        citations=shown,
        mode="extractive",
        prompt_version=prompt_version,
        covered=None,
        reason=reason,
        flagged=flagged,
        **extra,
    )
