"""Offence parallels: the article of another code that regulates the same thing.

The same offence has a different number in each code (murder is čl. 166 of one code and čl. 124 of
another) and is worded in another language variant ("Tko drugoga usmrti" / "Ko drugog liši života"),
so numbers are useless and words only half help. The parallel is found by meaning: the source
article's title and first paragraph are the query of an ordinary search restricted to the other code;
among its best hits, the first whose title means the same wins — titles compared by their embeddings, since
"Nasilje u obitelji" and "Nasilje u porodici" share no word that matters, while "Krađa" and "Teška krađa"
do and are different offences. Where no title agrees, nothing is claimed: a wrong parallel is worse than
none. Articles without titles are matched by text alone, above a similarity floor.

Which law is "the other code" comes from the kinds of law (retrieval/language/data/law_kinds.toml: "KZ RS" and "KZ FBiH" are both
criminal codes), or for a law of no known kind from its short name without its jurisdiction ("kz"). Where a
jurisdiction the officer named has no law of that kind, the reply says so ("not_loaded"): the state's law is
said to apply there only when the kinds data says the area is the state's alone (`level = "state"`: customs,
VAT) — a state criminal code or traffic framework law says nothing of what an entity's own code provides.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

import numpy as np

from retrieval.jurisdictions import find as find_jurisdiction
from retrieval.jurisdictions import level_of, scope_of
from retrieval.language.normalize import embedding_text, fold
from retrieval.search.law_kinds import LawKind, exclusive_level, label_of
from retrieval.types import Article, SearchResult

DEPTH = 8  # hits of the restricted search whose titles are compared
# Titles "match" when their embeddings agree this closely (e5 query vectors). Measured on the real codes:
# the same offence in two variants scored 0.93–1.0 ("Ubistvo"/"Ubojstvo" 0.94, "Nasilje u obitelji"/"Nasilje u
# porodici ili porodičnoj zajednici" 0.93), a different one sharing a word at most 0.886 ("Krađa"/"Teška krađa"
# 0.865, "Prevara"/"Prijevara u službi" 0.884). Characters alone cannot tell obitelj from porodica.
TITLE_SIMILARITY = 0.92
# An article without a title (some laws have none) is matched by its text alone, and only this close.
MEANING_FLOOR = 0.9
QUERY_CHARS = 500
_PARAGRAPH_MARK = re.compile(r"(?=\(\d{1,2}\)\s)")

Match = Literal["title", "meaning", "applies", "not_loaded", "none"]


class _QueryEmbedder(Protocol):
    def embed_queries(self, texts: list[str]) -> np.ndarray: ...


class SearchIndex(Protocol):
    """What finding parallels needs of the index (`retrieval.search.retriever.Retriever` has it)."""

    @property
    def embedder(self) -> _QueryEmbedder: ...

    def get(self, article_id: str) -> Article | None: ...

    def law_jurisdictions(self) -> dict[str, str]: ...

    def jurisdictions(self) -> list[str]: ...

    def law_kinds(self) -> Mapping[str, tuple[LawKind, ...]]: ...

    def search(
        self,
        query: str,
        k: int | None = None,
        law: str | None = None,
        jurisdiction: str | Collection[str] | None = None,
        threshold: float | None = None,
    ) -> SearchResult: ...


@dataclass(frozen=True)
class Parallel:
    """What one other jurisdiction has for the source article.

    match: "title" (same offence, title agrees), "meaning" (the nearest by meaning, title differs),
    "applies" (the source's own law is of a level above, in an area only that level legislates, and applies
    there too), "not_loaded" (that jurisdiction has no law of the source's kind loaded: `kind` names it),
    "none" (nothing comparable in the index).
    """

    jurisdiction: str
    article: Article | None
    match: Match
    similarity: float | None = None
    kind: str = ""  # with "not_loaded": how a reply names the kind of law not loaded there ("krivični zakon")

    @property
    def penalty(self) -> str:
        """The article's penalty paragraph, for a side-by-side view."""
        return penalty_paragraph(self.article.text) if self.article else ""


@dataclass(frozen=True)
class Comparison:
    """The source article (match "title" with itself) and what each other jurisdiction has."""

    source: Parallel
    others: list[Parallel]


def law_kind(law: str) -> str:
    """ "KZ RS" → "kz", "ZKP FBiH" → "zkp": the short name without its jurisdiction."""
    return " ".join(t for t in fold(law).split() if find_jurisdiction(t) is None)


def paragraphs(text: str) -> list[str]:
    """An article's paragraphs: lines, or "(1) … (2) …" marks where a source ran them together."""
    out: list[str] = []
    for line in (text or "").splitlines():
        out += [p.strip() for p in _PARAGRAPH_MARK.split(line) if p.strip()]
    return out


def penalty_paragraph(text: str) -> str:
    """The first paragraph that states a penalty ("kaznit će se", "kazniće se", "kaznom zatvora", "kažnjava")."""
    paras = paragraphs(text)
    return next((p for p in paras if "kazn" in fold(p)), paras[0] if paras else "")


def query_for(article: Article) -> str:
    """Title and first paragraph: what the offence is, without the qualified forms and penalties that follow."""
    paras = paragraphs(article.text)
    first = paras[0] if paras else article.text
    return f"{article.title}. {first}"[:QUERY_CHARS] if article.title else first[:QUERY_CHARS]


def find_parallels(
    retriever: SearchIndex, article_id: str, jurisdictions: Collection[str] | None = None
) -> Comparison | None:
    """One `Parallel` per other jurisdiction: those named, or every one with a law of the same kind."""
    source = retriever.get(article_id)
    if source is None:
        return None
    law_kinds = retriever.law_kinds()
    source_kinds = {k.kind for k in law_kinds.get(source.law, ())}
    stem = law_kind(source.law)

    def same(law: str) -> bool:  # by the kinds data; by the short name for a law of no known kind
        return bool(source_kinds & {k.kind for k in law_kinds.get(law, ())}) if source_kinds else law_kind(law) == stem

    law_jurisdiction = retriever.law_jurisdictions()  # one row per law, not the article table
    same_kind: dict[str, list[str]] = {}
    for law, j in sorted(law_jurisdiction.items()):
        if law != source.law and same(law):
            same_kind.setdefault(j, []).append(law)
    # The state's law applies everywhere only in an area the kinds data says is the state's alone.
    exclusive = exclusive_level(law_kinds.get(source.law, ()))
    label = label_of(law_kinds.get(source.law, ()))
    named = jurisdictions is not None
    targets = (
        [find_jurisdiction(j) or j for j in jurisdictions]
        if jurisdictions is not None
        else [j for j in same_kind if j and j != source.jurisdiction]
    )
    present = set(retriever.jurisdictions())
    out: list[Parallel] = []
    for target in dict.fromkeys(targets):
        if target == source.jurisdiction:
            continue
        applies = (
            find_jurisdiction(target) is not None
            and source.jurisdiction in scope_of(target).higher()
            and bool(exclusive)
            and exclusive == level_of(source.jurisdiction)
        )
        laws = same_kind.get(target, [])
        if not laws and applies:
            out.append(Parallel(target, source, "applies"))
            continue
        if not laws and not named:
            continue
        if not laws and label:  # "isto u RS?" with no RS criminal code loaded: said so, nothing else claimed
            out.append(Parallel(target, None, "not_loaded", kind=label))
            continue
        if not laws and target not in present:  # nothing of that jurisdiction is loaded
            out.append(Parallel(target, None, "none"))
            continue
        best = _best(retriever, source, laws, target)
        if best is None and applies:
            out.append(Parallel(target, source, "applies"))
        else:
            out.append(best or Parallel(target, None, "none"))
    return Comparison(Parallel(source.jurisdiction, source, "title", 1.0), out)


def _best(retriever: SearchIndex, source: Article, laws: list[str], target: str) -> Parallel | None:
    """The parallel in `target`: the first of the top hits whose title means the same; for an untitled
    article, the nearest by text if it is close enough."""
    query = query_for(source)
    filters: list[tuple[str | None, str | None]] = [(law, None) for law in laws] or [(None, target)]
    hits = []
    for law, jurisdiction in filters:
        result = retriever.search(query, k=DEPTH, law=law, jurisdiction=jurisdiction, threshold=-1.0)
        hits += [h for h in result.hits if h.level in ("threshold", "top_k") and h.id != source.id]
    if len(filters) > 1:  # several laws of one jurisdiction: their fused scores differ in scale, similarity does not
        hits.sort(key=lambda h: -(h.similarity or 0.0))
    if not hits:
        return None
    if source.title and any(h.article.title for h in hits):
        titles = [source.title, *(h.article.title or "-" for h in hits)]
        vectors = retriever.embedder.embed_queries([embedding_text(t) for t in titles])
        agreement = vectors[1:] @ vectors[0]
        for hit, score in zip(hits, agreement):
            if hit.article.title and float(score) >= TITLE_SIMILARITY:
                return Parallel(target, hit.article, "title", hit.similarity)
        return None
    top = hits[0]
    if top.similarity is not None and top.similarity >= MEANING_FLOOR:
        return Parallel(target, top.article, "meaning", top.similarity)
    return None
