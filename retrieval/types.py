"""Plain data types shared by ingest, search, the answering pipeline and the bot."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# Which step of the fallback chain produced a result, from most to least specific.
#   reference  – the question named the article explicitly ("član 42 KZ FBiH")
#   threshold  – hybrid search, results above the similarity threshold
#   top_k      – nothing passed the threshold: best results regardless of score
#   law_first  – a law/jurisdiction filter left nothing: that law's first articles
#   nearest    – the article the question named is deleted, repealed or does not exist: the articles next
#                to it by number (SearchResult.missing_references says which, and why)
LEVELS: tuple[str, ...] = ("reference", "threshold", "top_k", "law_first", "nearest")


# The fields every article row has (corpus JSONL, articles.jsonl); any other key is kept in `extra`.
ARTICLE_FIELDS: tuple[str, ...] = (
    "id",
    "law",
    "article",
    "text",
    "title",
    "law_title",
    "jurisdiction",
    "chapter",
    "deleted",
)


@dataclass(frozen=True)
class Article:
    """One article of one law: the unit officers cite and evaluation scores."""

    id: str
    law: str
    article: str
    text: str
    title: str = ""
    law_title: str = ""
    jurisdiction: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    chapter: str = ""  # the part / GLAVA / odjeljak the article stands in ("GLAVA XXI – KRIVIČNA DJELA PROTIV IMOVINE")
    deleted: bool = False  # recorded as deleted ("brisan"): shown by /clan, never indexed or served by search

    @property
    def illustrative(self) -> bool:
        """An article of the illustrative sample laws (data/sample: `"illustrative": true`), not law in force."""
        return self.extra.get("illustrative") is True

    @property
    def label(self) -> str:
        """Human citation: "KZ FBiH, član 373 – Krivotvorenje isprave"; "Ustav BiH, Aneks I" for annexes."""
        numbered = self.article[:1].isdigit() or self.article.isupper()
        head = f"{self.law}, član {self.article}" if numbered else f"{self.law}, {self.article}"
        return f"{head} – {self.title}" if self.title else head

    @property
    def entry_kind(self) -> str:
        """ "deleted", "annex" (an annex or preamble: `kind` in extra) or "in_force" — one definition, so an
        ingest's summary, `kodeks laws` and /zakoni count the same articles."""
        if self.deleted or self.extra.get("deleted"):
            return "deleted"
        return "annex" if self.extra.get("kind") else "in_force"


@dataclass(frozen=True)
class Chunk:
    """A piece of an article that is embedded and indexed; it repeats the article heading."""

    chunk_id: str
    article_id: str
    index: int
    text: str
    content_hash: str


@dataclass
class Hit:
    """One article in a search result."""

    article: Article
    score: float  # fused score used for ranking
    similarity: float | None  # best dense cosine similarity of its chunks (None if not seen by dense)
    dense_rank: int | None  # 1-based rank among dense candidates (article level)
    lexical_rank: int | None  # 1-based rank among lexical candidates (article level)
    level: str  # one of LEVELS
    excerpt: str = ""  # best-matching chunk text
    # Why it matched, in words: the question's words and the added legal terms found in the article.
    matched: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.article.id

    def to_dict(self) -> dict[str, Any]:
        data = {
            "id": self.article.id,
            "law": self.article.law,
            "article": self.article.article,
            "title": self.article.title,
            "jurisdiction": self.article.jurisdiction,
            "score": round(self.score, 6),
            "similarity": None if self.similarity is None else round(self.similarity, 6),
            "dense_rank": self.dense_rank,
            "lexical_rank": self.lexical_rank,
            "level": self.level,
        }
        if self.matched:  # only when search explained it (kodeks search --json, the query log)
            data["matched"] = list(self.matched)
        if self.article.illustrative:  # a sample article (data/sample), not law in force
            data["illustrative"] = True
        return data


@dataclass(frozen=True)
class AmbiguousReference:
    """An article reference whose law name fits several loaded laws, or none: the caller asks which
    law was meant instead of guessing ("članak 5 KZ" with KZ BiH, KZ FBiH and KZ RS loaded)."""

    name: str  # the law name as it was found in the (folded) text, e.g. "kz"
    article: str  # the article number asked for
    laws: tuple[str, ...]  # the loaded laws it could mean; empty = it names a law that is not loaded
    # A law that is not loaded but whose kind is ("KZ RS" with KZ FBiH and KZ BiH): how a reply names that
    # kind ("krivični zakon") and the loaded laws of it, the officer's own first — said, never served.
    kind: str = ""
    loaded: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "article": self.article, "laws": list(self.laws)}
        if self.loaded:  # only for a law that is not loaded but whose kind is
            data.update(kind=self.kind, loaded=list(self.loaded))
        return data


MISSING_STATUSES: tuple[str, ...] = ("deleted", "repealed", "not_found")


@dataclass(frozen=True)
class MissingReference:
    """An article a reference names in a loaded law that is not there to serve: recorded as deleted
    ("brisan"), repealed / annulled ("prestao da važi", a Constitutional Court decision), or not in the
    law at all ("član 999"). `nearest` are the law's articles in force next to it by number — the one
    before and the one after, or the last (first) article when the number is past the end (before the
    start) — never articles found by similarity."""

    law: str
    article: str  # the number as the law writes it ("280a"), or as asked when the law has no such article
    status: str  # one of MISSING_STATUSES
    nearest: tuple[Article, ...] = ()
    note: str = ""  # what the law's own entry says ("(prestalo da važi)", "brisan Zakonom … 19/20"), if anything
    last: str = ""  # the law's last article in force, when the number is past it

    def to_dict(self) -> dict[str, Any]:
        return {
            "law": self.law,
            "article": self.article,
            "status": self.status,
            "note": self.note,
            "last": self.last,
            "nearest": [{"id": a.id, "article": a.article, "title": a.title} for a in self.nearest],
        }


@dataclass
class ReferenceLookup:
    """What the explicit references in a text name."""

    articles: list[Article] = field(default_factory=list)  # named unambiguously, in the order named
    ambiguous: list[AmbiguousReference] = field(default_factory=list)
    candidates: list[Article] = field(default_factory=list)  # that article of each law an ambiguous name fits
    laws: tuple[str, ...] = ()  # every law the references name (resolved or candidate): search stays within them
    # Laws the text names without an article ("po ustavu", "šta kaže zakon o saobraćaju"): search stays within
    # them too, when the officer's scope has them (a kind's name: every loaded law of that kind, not only the
    # officer's own, so the state's code stays beside the entity's).
    mentioned: tuple[str, ...] = ()
    # Named in a loaded law but deleted, repealed or absent (a deleted entry is in `articles` too, for /clan).
    missing: list[MissingReference] = field(default_factory=list)


@dataclass(frozen=True)
class LawSummary:
    """One loaded law, as `kodeks laws` and /zakoni show it."""

    law: str
    title: str
    jurisdiction: str
    articles: int
    ingested_at: str | None  # UTC ISO time its current text was indexed
    aliases: tuple[str, ...] = ()  # configured aliases (laws.toml, KODEKS_LAW_ALIASES)
    deleted: int = 0  # articles recorded as deleted (not counted in `articles`)
    annexes: int = 0  # annexes and preambles (not counted in `articles`)

    def to_dict(self) -> dict[str, Any]:
        """The `kodeks laws --json` entry (its keys are relied on; the deleted / annex counts are in the
        command's totals and text)."""
        return {
            "law": self.law,
            "title": self.title,
            "jurisdiction": self.jurisdiction,
            "articles": self.articles,
            "ingested_at": self.ingested_at,
            "aliases": list(self.aliases),
        }


@dataclass(frozen=True)
class ThreadContext:
    """What a follow-up question brings into search from the earlier exchanges of a conversation (issue 24).

    `words`: the earlier questions' content words, searched alongside the question's own at a lower
    weight (KODEKS_THREAD_WEIGHT) and embedded with it as one more dense query; `articles`: the ids of the
    articles the previous answer gave, kept among the candidates with a bonus to their fused score
    (KODEKS_THREAD_BONUS) — served only if they then rank among the best, never blindly; `dense`: False to
    keep the words out of the embedding (BM25 only): the question's own words alone are embedded; `alone`: True to
    fuse, by rank, this search with the question's own words searched without the thread (KODEKS_THREAD_ALONE), so
    a continuation keeps what its own words find (retrieval/search/followup.py: `fuse_alone`); `law_of`: articles whose
    kinds of law the search prefers when the question itself names none — articles of other kinds are lowered by
    KODEKS_TOPIC_AFFINITY, as for a question's topic (the thread's law: a story about a crime told on with "na
    parkingu", "u autu" stays in the criminal code); `named`: another jurisdiction the thread asked for by name, whose
    own laws the search prefers over the levels above it in the same way (a switch "a u RS?" wants the RS code, not the
    state's traffic law its story's everyday words reach)."""

    words: str = ""
    articles: tuple[str, ...] = ()
    dense: bool = True  # the words join the dense query (a continuation); False: lexical only
    alone: bool = False  # also rank the question's own words without the thread, fused at KODEKS_THREAD_ALONE
    law_of: tuple[str, ...] = ()  # articles whose shared kinds of law this search prefers, as a topic: the
    # first articles of the thread's trusted answer — the kind of law the thread is in (a crime stays a crime)
    named: str | None = None  # the jurisdiction the thread asked for by name ("a u RS?"), searched with the levels
    # above it: its own laws are preferred, as a topic is — the officer asked for that entity's law, not the state's
    own_act: bool = False  # a switch to another jurisdiction: its own words ranked alone too (in the same scope, the
    # named jurisdiction preferred), and fused as `alone` is, only when they name an act on their own ("kako je to
    # prijetnje po zakonu RS": Retriever._names_an_act); "a u RS?" names none and is searched as before
    own: bool = False  # a question of its own in a live thread (read "new"): searched as a fresh question on its own
    # words — only the thread's kind of law (`law_of`) weighs (issue 29, twenty-first round)

    def __bool__(self) -> bool:
        return bool(self.words.strip() or self.articles or self.law_of)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"words": self.words, "articles": list(self.articles)}
        if not self.dense:
            out["dense"] = False
        if self.alone:
            out["alone"] = True
        if self.law_of:
            out["law_of"] = list(self.law_of)
        if self.named:
            out["named"] = self.named
        if self.own_act:
            out["own_act"] = True
        if self.own:
            out["own"] = True
        return out


@dataclass
class SearchResult:
    """What one search returned, with enough detail to log and to explain it."""

    query: str
    normalized: str
    hits: list[Hit]
    level: str  # the level that served the first hit
    law: str | None = None
    jurisdiction: str | None = None  # the filter's code, or the officer's own code when searched for an officer
    timings_ms: dict[str, float] = field(default_factory=dict)
    ambiguous: list[AmbiguousReference] = field(default_factory=list)  # references to ask about
    scope: list[str] | None = None  # an officer's search: the jurisdictions searched, their own first
    # Terms the vocabulary added to the question (retrieval/language/vocabulary.py): source, matched, adds.
    expansions: list[dict[str, str]] = field(default_factory=list)
    # True when the best results are weak: the loaded laws may not cover the question (serving.is_weak).
    weak: bool = False
    # The officer's own jurisdiction when the index has no law of it (answered from the levels above).
    jurisdiction_missing: str | None = None
    # A follow-up's context from its conversation (ThreadContext.to_dict()), None for a question on its own.
    thread: dict[str, Any] | None = None
    # Articles the question named that are deleted, repealed or absent (their neighbours are the hits,
    # level "nearest", when nothing it named exists): the answer must say so, never answer "from" others.
    missing_references: list[MissingReference] = field(default_factory=list)
    # The laws the question named without an article, to which the search kept (ReferenceLookup.mentioned).
    laws_named: list[str] = field(default_factory=list)
    # What the question is about against the loaded laws (retrieval/search/coverage.py: kinds loaded and missing
    # in the scope, …) — why it is `weak` or not; None where nothing was judged (no BCS vocabulary).
    coverage: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["hits"] = [h.to_dict() for h in self.hits]
        data["ambiguous"] = [a.to_dict() for a in self.ambiguous]
        data["missing_references"] = [m.to_dict() for m in self.missing_references]
        return data
