"""The first article among near neighbours: what distinguishes two candidates that share the matched words.

Over one code the first article is often lost to a neighbour: a sibling of the same chapter whose title differs by
a qualifier ("Krađa" / "Teška krađa", "Prevara" / "Prevara u službi"), or a neighbouring untitled rule of the
traffic law whose opening sentence holds the same everyday words. Every candidate is scored against the question on
its whole text and title, so the words the neighbours share weigh the same for each of them and what tells them
apart is lost in the rest. Here, among the first served (the cascade's five, whose articles stay the same),
candidates of one law that are near neighbours — the same chapter, or titles (an untitled article's opening
sentence) of which the shorter is at least half held by the other — form a group, and each member is scored on what
is its *own* within the group:

- the question's words it holds alone: a question stem (idf over the lexical index's chunks) held by k of the
  group's n members counts (n − k) / (n − 1) for each holder, in the title field and in the article's text, each as
  a share of the question's idf (`own_shares`);
- its own title words (those not every other member's title holds: the qualifier), told by the question or by the
  legal terms the vocabulary read in it, less those not told (`title_balance`): within one law's chapter titles are
  drafted alike, so an untold qualifier is evidence against the sibling that carries it. The legal terms counted as
  told are the vocabulary's readings less those a longer read phrase varies (`specific_terms`): a phrase whose words
  another read phrase holds with more ("udario" within "udario palicom") tells the act in general, and its term (the
  base form's "laka tjelesna povreda") does not tell a sibling's qualifier where the longer phrase adds another form
  of it ("teška tjelesna povreda").

The members are then reordered within the slots the group holds (`reorder`): by their base score (the learned
stage's, else the hand score; assigned by their served place, so at weight 0 nothing moves) plus the weight × (own
words + BALANCE × title balance). A candidate of no group keeps its place, and the served articles are the same:
hit@5 cannot change. docs/retrieval.md, "The first article among near neighbours: contrast (issue 31)".
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

import numpy as np

from retrieval.index.bm25_build import bm25_idf
from retrieval.index.lexical import LexicalIndex
from retrieval.index.title_fields import TitleFields

OVERLAP = 0.5  # the share of the shorter title's stems the other must hold to make two articles near neighbours
# how much a member's own title words count — told by the question (+) or not (−) — beside the question's words it
# holds alone (chosen on the readable sets before the weight's leave-one-set-out: docs/retrieval.md)
BALANCE = 0.5


def specific_terms(expansions: Sequence[tuple[str, str]]) -> list[str]:
    """The legal terms (`adds`) of the readings (matched phrase, added term) counted as what the story tells: all,
    less a term of a phrase contained in a longer read phrase (its words a strict subset of the other's) where that
    longer phrase adds another form of the same term — as many words (two or more), one of them swapped: the
    qualifier ("udario" adds "laka tjelesna povreda", "udario palicom" "teška tjelesna povreda"). The shorter phrase
    tells the act in general, the longer one its form; a term the longer phrase does not vary is kept ("prelom" still
    tells "teška tjelesna povreda" beside "prelom lobanje"'s "teško narušenje zdravlja"), and so is a one-word term
    (another act, not a form). docs/retrieval.md, "The first article within one code: the longer phrase tells the
    form"."""
    words = {matched: frozenset(matched.split()) for matched, _ in expansions}
    adds_of: dict[str, list[frozenset[str]]] = {}
    for matched, adds in expansions:
        adds_of.setdefault(matched, []).append(frozenset(adds.split()))

    def varied(matched: str, adds: str) -> bool:
        term = frozenset(adds.split())
        return any(
            words[matched] < words[longer] and len(term) == len(other) > 1 and len(term - other) == 1
            for longer in adds_of
            for other in adds_of[longer]
        )

    return [adds for matched, adds in expansions if not varied(matched, adds)]


class NeighbourContrast:
    """Reorders the first served within groups of near neighbours by what tells them apart in the question."""

    def __init__(
        self,
        lexical: LexicalIndex,
        chunk_article: np.ndarray,
        law_code: np.ndarray,
        fields: Callable[[], TitleFields],
    ) -> None:
        self.lexical = lexical
        self.chunk_article = chunk_article  # per chunk: its article (retrieval/search/layout.py)
        self.law_code = law_code  # per article: its law
        self._fields = fields  # per article (index order): its title (an untitled one's opening sentence), chapter
        self._lock = threading.Lock()
        self._titles: Sequence[str] | None = None
        self._chapters: Sequence[str] = ()
        self._title_stems: dict[int, frozenset[str]] = {}
        self._idf_of: dict[str, float] = {}

    def reorder(
        self, query: str, rows: Sequence[int], base: Sequence[float], weight: float, terms: Sequence[str] = ()
    ) -> list[int]:
        """The served order of `rows` (article indexes in the served order; `base`: their scores, best first) as
        positions into `rows`: each group of near neighbours reordered within its own slots, the rest in place.
        `terms`: the legal terms the vocabulary read in the question (what it tells, in the law's words)."""
        order = list(range(len(rows)))
        if weight <= 0 or len(rows) < 2:
            return order
        groups = self.groups(rows)
        if not groups:
            return order
        told = frozenset(self.lexical.tokenizer.stems(" ".join([query, *terms])))
        words = self._words(query)
        ranked = sorted(base, reverse=True)  # by served place: the order as served is the order at contrast 0
        for group in groups:
            members = [rows[i] for i in group]
            own = self._own_shares(words, members)
            balance = self.title_balance(told, members)
            score = [ranked[i] + weight * (own[n] + BALANCE * balance[n]) for n, i in enumerate(group)]
            by = sorted(range(len(group)), key=lambda n: -score[n])  # stable: ties keep the served order
            for slot, n in zip(group, by, strict=True):
                order[slot] = group[n]
        return order

    def groups(self, rows: Sequence[int]) -> list[list[int]]:
        """Positions in `rows` joined into groups of near neighbours (connected, two members at least), each in the
        served order: of one law, and of the same chapter or with titles of which the shorter's stems are held by
        the other at least OVERLAP."""
        self._prepare()
        parent = list(range(len(rows)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for a in range(len(rows)):
            for b in range(a + 1, len(rows)):
                if self.near(rows[a], rows[b]):
                    parent[root(b)] = root(a)
        members: dict[int, list[int]] = {}
        for i in range(len(rows)):
            members.setdefault(root(i), []).append(i)
        return [m for m in members.values() if len(m) > 1]

    def near(self, a: int, b: int) -> bool:
        """Whether articles `a` and `b` are near neighbours (see `groups`)."""
        if self.law_code[a] != self.law_code[b]:
            return False
        chapter = self._chapters[a] if a < len(self._chapters) else ""
        if chapter and b < len(self._chapters) and chapter == self._chapters[b]:
            return True
        ta, tb = self._stems_of_title(a), self._stems_of_title(b)
        if not ta or not tb:
            return False
        return len(ta & tb) >= OVERLAP * min(len(ta), len(tb))

    def own_shares(self, query: str, articles: Sequence[int]) -> list[float]:
        """Per article of one group: the idf share of the question's stems it holds and the others do not (a stem
        held by k of n members counts (n − k) / (n − 1)), in its title field and in its text, summed (0 … 2)."""
        return self._own_shares(self._words(query), articles)

    def _words(self, query: str) -> list[tuple[str, np.ndarray, float]]:
        """The question's content stems, each with the chunks holding it and its idf: read once per search."""
        stems = list(dict.fromkeys(self.lexical.tokenizer.stems(query)))
        postings = self.lexical.postings(stems) if stems else []
        return list(zip(stems, postings, self._idf(stems), strict=True))

    def _own_shares(self, words: list[tuple[str, np.ndarray, float]], articles: Sequence[int]) -> list[float]:
        n = len(articles)
        out = [0.0] * n
        total = sum(idf for _, _, idf in words)
        if total <= 0 or n < 2:
            return out
        # the members' chunks, each with its member: a stem's postings (sorted) are searched for them
        chunks = [np.flatnonzero(self.chunk_article == a) for a in articles]
        rows = np.concatenate(chunks)
        owner = np.repeat(np.arange(n), [len(c) for c in chunks])
        titles = [self._stems_of_title(a) for a in articles]
        for stem, postings, idf in words:
            in_text = [False] * n
            if len(postings) and len(rows):
                at = np.minimum(np.searchsorted(postings, rows), len(postings) - 1)
                for m in np.unique(owner[postings[at] == rows]).tolist():
                    in_text[m] = True
            for held in (in_text, [stem in t for t in titles]):
                k = sum(held)
                if 0 < k < n:
                    share = idf * (n - k) / (n - 1)
                    for m in range(n):
                        if held[m]:
                            out[m] += share
        return [v / total for v in out]

    def title_balance(self, told: frozenset[str], articles: Sequence[int]) -> list[float]:
        """Per article of one group: of its own title words (its title field's stems that not every other member's
        holds: the qualifier that makes "Teška krađa" of "Krađa", "Prevara u službi" of "Prevara"), the idf share
        the question tells less the share it does not (−1 … 1; 0 without own words). A sibling whose qualifier the
        story never tells stands below the one it does — both drafted alike, unlike titles of different laws."""
        titles = [self._stems_of_title(a) for a in articles]
        out = [0.0] * len(articles)
        for m, title in enumerate(titles):
            own = sorted(s for s in title if not all(s in t for k, t in enumerate(titles) if k != m))
            if not own:
                continue
            weights = self._idf(own)
            total = sum(weights)
            if total > 0:
                out[m] = sum(w if s in told else -w for s, w in zip(own, weights, strict=True)) / total
        return out

    def _idf(self, stems: Sequence[str]) -> list[float]:
        """Each stem's idf over the lexical index's chunks (BM25's, as the stage's word shares weigh them); cached."""
        if len(self._idf_of) > 200_000:  # memory stays flat
            self._idf_of.clear()
        missing = [s for s in dict.fromkeys(stems) if s not in self._idf_of]
        if missing:
            n_chunks = max(1, len(self.chunk_article))
            for stem, df in zip(missing, self.lexical.document_frequencies(missing), strict=True):
                self._idf_of[stem] = float(bm25_idf(n_chunks, df))
        return [self._idf_of[s] for s in stems]

    def _stems_of_title(self, article: int) -> frozenset[str]:
        """The content stems of the article's title field (its title; an untitled article's opening sentence)."""
        stems = self._title_stems.get(article)
        if stems is None:
            titles = self._titles or ()
            text = titles[article] if article < len(titles) else ""
            stems = frozenset(self.lexical.tokenizer.stems(text))
            if len(self._title_stems) > 100_000:
                self._title_stems.clear()
            self._title_stems[article] = stems
        return stems

    def _prepare(self) -> None:
        """Read the titles and chapters once (the first search that reorders)."""
        if self._titles is not None:
            return
        with self._lock:
            if self._titles is None:
                fields = self._fields()
                self._chapters = [c or "" for c in fields.chapters]
                self._titles = fields.titles
