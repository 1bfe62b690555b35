"""Hand-built articles and search results for answering tests (no index needed)."""

from __future__ import annotations

from retrieval.types import Article, Hit, SearchResult

FORGERY = Article(
    id="KZ FBiH čl. 373",
    law="KZ FBiH",
    article="373",
    title="Krivotvorenje isprave",
    law_title="Krivični zakon Federacije BiH",
    jurisdiction="FBiH",
    text="(1) Ko napravi lažnu ispravu ili preinači pravu ispravu u namjeri da se takva isprava upotrijebi "
    "kao prava, kaznit će se novčanom kaznom ili kaznom zatvora do tri godine.",
)
THEFT = Article(
    id="KZ FBiH čl. 286",
    law="KZ FBiH",
    article="286",
    title="Krađa",
    jurisdiction="FBiH",
    text="(1) Ko tuđu pokretnu stvar oduzme drugom u namjeri da njenim prisvajanjem sebi ili drugom pribavi "
    "protupravnu imovinsku korist, kaznit će se novčanom kaznom ili kaznom zatvora do tri godine.",
)
ALCOHOL = Article(
    id="ZOBS BiH čl. 174",
    law="ZOBS BiH",
    article="174",
    title="Ispitivanje prisustva alkohola",
    text="(1) Policijski službenik može uputiti vozača na ispitivanje prisustva alkohola u organizmu "
    "pomoću odgovarajućih sredstava ili aparata.",
)
FORGERY_RS = Article(
    id="KZ RS čl. 373",
    law="KZ RS",
    article="373",
    title="Фалсификовање исправе",
    jurisdiction="RS",
    text="(1) Ко направи лажну исправу или преиначи праву исправу у намјери да се таква исправа употријеби "
    "као права, казниће се новчаном казном или казном затвора до три године.",
)


def hit(article: Article, score: float = 0.9, level: str = "threshold") -> Hit:
    return Hit(
        article=article,
        score=score,
        similarity=score,
        dense_rank=1,
        lexical_rank=1,
        level=level,
        excerpt=f"{article.label} {article.text}",
    )


def result(*articles: Article, query: str = "pitanje") -> SearchResult:
    hits = [hit(a, 0.9 - i * 0.01) for i, a in enumerate(articles)]
    return SearchResult(query=query, normalized=query, hits=hits, level=hits[0].level if hits else "top_k")
