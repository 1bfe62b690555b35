"""How sure search is: `SearchResult.weak` (the loaded laws may not cover the question) and which hits
are labelled `threshold` (confident), from evidence that means something across a whole library.

What was tried and why these (docs/retrieval.md, "Searching a whole library"): e5's cosine sits in a narrow
band for any question — questions about matters no loaded law regulates ("pas ugrizao dijete", "otpremnina")
score *higher* than officers' crime stories, because administrative wording resembles law text — and 5-grams
match something everywhere. So `weak` is decided first by **what the question is about** (coverage.py: the
kinds of law its topics name, against the kinds of the laws in the officer's scope; whether it asks for a
rule or tells an act), and only then by the ranking's evidence:

- **how far the best article stands out**: its fused score's lead over the LEAD_RANK-th candidate, in z
  units (a lead, not the score itself: the score grows with the library) — WEAK_LEAD, or NO_TOPIC_LEAD for a
  question that names no kind's topic (most officers' stories of an act);
- **whether the question's words, or the legal terms they were expanded to, name what the best
  articles are about** — their titles and chapters, as the idf-weighted share of the question's words found
  there, WEAK_TITLE_SHARE;
- **an added legal term found in one of the first articles** (the vocabulary recognised an offence), which
  counts from a smaller lead, WEAK_LEGAL_LEAD; or naming a first article's title (`legal_term_named`).
- **how sure the learned ranking stage is of the first article it serves** (retrieval/ranking: its score, on
  the shipped model's scale, LEARNED_SCORE): where the question names no kind of law, a story whose right
  article the hand order ranks first by only a little (a lead under NO_TOPIC_LEAD) is still one the model
  recognises from the article's title, its offence and both retrievers' scores together; read only where the
  kinds were judged (a BCS vocabulary) and only from the model the constant was chosen for (LEARNED_MODEL).

A hit is labelled `threshold` only when the search is not weak, it is the first, it leads the LEAD_RANK-th
candidate by CONFIDENT_LEAD and the second by CONFIDENT_GAP, both retrievers rank it among their first
CONFIDENT_RANK, and its dense similarity reaches KODEKS_THRESHOLD; every other hit is `top_k`. The constants
were chosen on half of the first not-covered set (bench/sets/not_covered.jsonl, ids n01–n20), bsdev and the
library check set; the other sets are reported apart (bench/confidence.py; docs/retrieval.md, "Confidence,
third round (issue 31)").
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence, Set
from typing import Protocol

from retrieval.index.bm25_build import bm25_idf
from retrieval.language.normalize import fold
from retrieval.language.vocabulary import Expansion
from retrieval.search.coverage import TopicCoverage
from retrieval.types import Article, Hit

WEAK_DEPTH = 3  # the first articles whose added legal terms count
TITLE_DEPTH = 5  # the first articles whose titles and chapters the question's words are looked for in
LEAD_RANK = 10  # leads are measured against the 10th candidate
WEAK_LEAD = 2.5  # a best article this far ahead (fused z units) is not weak
NO_TOPIC_LEAD = 1.5  # … where the question names no kind of law's topic (an officer's story of an act)
WEAK_TITLE_SHARE = (
    0.2  # … nor one whose question words (idf-weighted) name this much of what the first articles are about
)
WEAK_LEGAL_LEAD = 0.4  # … nor one whose first articles contain an added legal term and lead by this
LEARNED_SCORE = 3.0  # … nor one whose first article the learned ranking stage scores this high (its own scale) …
# … the shipped model's (retrieval/ranking/data/ranker.json: RankerModel.fingerprint); another model's scores are
# on another scale, and `weak` reads none of them
LEARNED_MODEL = "d2eee03b7dc9ce0c3db8781539425c9abc9efb4b9aee2ce67e927adb26ce7669"
CONFIDENT_LEAD = 2.0  # a hit labelled `threshold` leads the 10th candidate by this …
CONFIDENT_GAP = 0.75  # … and the second by this
CONFIDENT_RANK = 30  # … and both retrievers rank it among their first this many (dense and lexical agree)


def lead_of(scores: Sequence[float]) -> float:
    """The best fused score's lead over the LEAD_RANK-th (or the last) of the candidates' scores."""
    if not scores:
        return 0.0
    return float(scores[0] - scores[min(LEAD_RANK, len(scores)) - 1])


class _Tokens(Protocol):
    def stems(self, text: str) -> list[str]: ...


class _Frequencies(Protocol):
    @property
    def chunk_ids(self) -> Sequence[str]: ...

    def document_frequencies(self, tokens: list[str]) -> list[int]: ...


def title_share(
    hits: Sequence[Hit],
    query: str,
    expansions: Sequence[Expansion],
    tokenizer: _Tokens,
    lexical: _Frequencies,
    cache: dict[str, frozenset[str]],
) -> float:
    """The idf-weighted share of the question's words that the first TITLE_DEPTH articles' titles or
    chapters contain — the word itself, or a legal term it was expanded to ("ukrao" → "krađa")."""
    stems_of = {w: tokenizer.stems(w) for w in dict.fromkeys(fold(query).split())}  # each word stemmed once
    words = [w for w, stems in stems_of.items() if stems]
    if not words:
        return 0.0
    field: set[str] = set()
    for hit in hits[:TITLE_DEPTH]:
        field |= field_stems(hit.article, tokenizer, cache)
    first_stems = [stems_of[w][0] for w in words]
    n = max(1, len(lexical.chunk_ids))
    weights = [float(bm25_idf(n, df)) for df in lexical.document_frequencies(first_stems)]
    added: dict[str, set[str]] = {}
    for e in expansions:
        for w in e.matched.split():
            added.setdefault(w, set()).update(tokenizer.stems(e.adds))
    found = sum(
        wt
        for w, stem, wt in zip(words, first_stems, weights)
        if stem in field or (added.get(w, set()) and added[w] <= field)
    )
    return found / sum(weights) if sum(weights) else 0.0


def field_stems(article: Article, tokenizer: _Tokens, cache: dict[str, frozenset[str]]) -> frozenset[str]:
    """The stems of an article's title and chapter — what it is about — read once per article id (`cache`, kept by
    the retriever across searches)."""
    stems = cache.get(article.id)
    if stems is None:
        stems = cache[article.id] = frozenset(tokenizer.stems(f"{article.title} {article.chapter}"))
    return stems


def term_in_fields(terms: Iterable[Set[str]], fields: Iterable[frozenset[str]]) -> bool:
    """Whether one of the legal terms (each as its stems) has all its words in one of the fields (articles' title and
    chapter stems, `field_stems`): "krađa" in "Teška krađa". One test for a served list (`legal_term_named`) and for
    a message's own words searched alone (`Retriever._names_an_act`)."""
    wanted = [t for t in terms if t]
    return any(t <= f for f in fields for t in wanted)


def legal_term_named(
    hits: Sequence[Hit], expansions: Sequence[Expansion], tokenizer: _Tokens, cache: dict[str, frozenset[str]]
) -> bool:
    """Whether an added legal term names one of the first WEAK_DEPTH articles: all its words in the title or
    chapter ("krađa" in "Teška krađa") — the vocabulary recognised an offence, and the library has it.
    Reads the title stems `title_share` cached."""
    terms = [set(tokenizer.stems(e.adds)) for e in expansions if e.source != "rewrite"]
    return term_in_fields(terms, (cache.get(h.id, frozenset()) for h in hits[:WEAK_DEPTH]))


def is_weak(
    hits: Sequence[Hit],
    share: float,
    lead: float,
    coverage: TopicCoverage | None = None,
    named: bool = False,
    learned: float | None = None,
) -> bool:
    """True when the loaded laws may not cover the question; never for an explicit reference. Needs
    `serving.explain_matches` to have run (the added legal terms found in each hit). `share`:
    `title_share`; `lead`: `lead_of` the similarity candidates' fused scores; `coverage`: the question's
    kinds of law against the laws in its scope (coverage.py); `named`: `legal_term_named`; `learned`: the
    learned stage's score of the first article it serves (None: no stage, or another model than LEARNED_MODEL).

    With the kinds judged (a BCS vocabulary), what the question is about decides first:
    - about kinds of law the scope has none of (a landlord, a passport) — weak when it asks for a rule of
      them ("koliko", "kako se dobija", "…, ko odgovara"), or when none of the first articles is about that
      kind's subject and none is named by an offence the vocabulary recognised;
    - about a kind the scope has, and one of the first articles is of that kind — not weak (unless the
      question also asks for a rule of a kind the scope lacks: "koliko se plaća porez kad prodam auto");
    - about no kind in particular (most officers' stories of an act) — the evidence of the ranking, from a
      lower lead (NO_TOPIC_LEAD) than where nothing was judged, or the learned stage's score (LEARNED_SCORE).
    Otherwise (no vocabulary: another language) the evidence alone: a lead, a title share, a legal term."""
    if not hits:
        return True
    if any(h.level == "reference" for h in hits):
        return False
    legal = any(m.startswith("+") for h in hits[:WEAK_DEPTH] for m in h.matched)

    def evidence(least_lead: float, sure: float | None = learned) -> bool:
        return (
            lead >= least_lead
            or share >= WEAK_TITLE_SHARE
            or (legal and lead >= WEAK_LEGAL_LEAD)
            or (sure is not None and sure >= LEARNED_SCORE)
        )

    if coverage is None or not coverage.judged:
        return not evidence(WEAK_LEAD, None)  # the learned score's constant was chosen on BCS questions only
    if coverage.only_missing:
        return coverage.asks_rule or not (coverage.spoken or named)
    if coverage.loaded and coverage.served and not (coverage.missing and coverage.asks_rule):
        return False
    if not coverage.loaded and not coverage.missing:
        return not (evidence(NO_TOPIC_LEAD) or named)
    return not evidence(WEAK_LEAD)


def label_confident(hits: list[Hit], weak: bool, threshold: float, lead: float, hybrid: bool = True) -> None:
    """Hits from similarity search become `threshold` only when the search is sure of them (see the
    module docstring), the rest `top_k`; references and `law_first` keep their levels. `hybrid`: both
    retrievers ran, and a confident hit is one both put among their first CONFIDENT_RANK."""
    searched = [h for h in hits if h.level in ("threshold", "top_k")]
    for n, hit in enumerate(searched):
        nxt = searched[n + 1].score if n + 1 < len(searched) else -math.inf
        agreed = not hybrid or all(r is not None and r <= CONFIDENT_RANK for r in (hit.dense_rank, hit.lexical_rank))
        sure = (
            not weak
            and n == 0
            and lead >= CONFIDENT_LEAD
            and hit.score - nxt >= CONFIDENT_GAP
            and agreed
            and hit.similarity is not None
            and hit.similarity >= threshold
        )
        hit.level = "threshold" if sure else "top_k"
