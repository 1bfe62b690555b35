"""`SearchResult.weak` and the `threshold` label (retrieval.search.confidence): the rules on hand-made hits,
and what a real search over the multi-code fixture reports."""

from __future__ import annotations

from typing import Any, ClassVar

from retrieval.jurisdictions import scope_of
from retrieval.language.tokens import Tokenizer
from retrieval.language.vocabulary import Expansion
from retrieval.search.confidence import (
    CONFIDENT_GAP,
    CONFIDENT_LEAD,
    CONFIDENT_RANK,
    LEARNED_MODEL,
    LEARNED_SCORE,
    NO_TOPIC_LEAD,
    WEAK_LEAD,
    WEAK_LEGAL_LEAD,
    WEAK_TITLE_SHARE,
    field_stems,
    is_weak,
    label_confident,
    lead_of,
    term_in_fields,
    title_share,
)
from retrieval.search.coverage import TopicCoverage
from retrieval.types import Article, Hit


def hit(
    n: int,
    score: float,
    title: str = "",
    chapter: str = "",
    matched: list[str] | None = None,
    similarity: float = 0.85,
    level: str = "top_k",
    ranks: tuple[int | None, int | None] = (1, 1),
) -> Hit:
    article = Article(f"KZ čl. {n}", "KZ", str(n), "tekst", title, chapter=chapter)
    return Hit(article, score, similarity, ranks[0], ranks[1], level, matched=matched or [])


def test_lead_is_over_the_tenth_or_the_last() -> None:
    assert lead_of([9.0] + [5.0] * 8 + [2.0, 1.0]) == 7.0
    assert lead_of([4.0, 3.0]) == 1.0
    assert lead_of([]) == 0.0


def test_weak_unless_one_piece_of_evidence_says_otherwise() -> None:
    hits = [hit(1, 3.0), hit(2, 2.9)]
    assert is_weak(hits, share=0.0, lead=WEAK_LEAD - 0.1)
    assert not is_weak(hits, share=0.0, lead=WEAK_LEAD)  # the best article stands out
    assert not is_weak(hits, share=WEAK_TITLE_SHARE, lead=0.0)  # the question names what it is about
    legal = [hit(1, 3.0, matched=["ukrao", "+krađa"]), hit(2, 2.9)]
    assert is_weak(legal, share=0.0, lead=WEAK_LEGAL_LEAD - 0.1)
    assert not is_weak(legal, share=0.0, lead=WEAK_LEGAL_LEAD)  # an offence recognised, a smaller lead suffices
    assert not is_weak([hit(1, 1.0, level="reference")], share=0.0, lead=0.0)  # an explicit reference never is
    assert is_weak([], share=1.0, lead=9.0)


def test_threshold_only_for_a_sure_first_hit() -> None:
    hits = [hit(1, 9.0), hit(2, 9.0 - CONFIDENT_GAP), hit(3, 1.0)]
    label_confident(hits, weak=False, threshold=0.78, lead=CONFIDENT_LEAD)
    assert [h.level for h in hits] == ["threshold", "top_k", "top_k"]
    for weak, lead, similarity, gap in (
        (True, CONFIDENT_LEAD, 0.85, CONFIDENT_GAP),
        (False, CONFIDENT_LEAD - 0.1, 0.85, CONFIDENT_GAP),
        (False, CONFIDENT_LEAD, 0.70, CONFIDENT_GAP),
        (False, CONFIDENT_LEAD, 0.85, CONFIDENT_GAP - 0.1),
    ):
        hits = [hit(1, 9.0, similarity=similarity), hit(2, 9.0 - gap)]
        label_confident(hits, weak=weak, threshold=0.78, lead=lead)
        assert [h.level for h in hits] == ["top_k", "top_k"], (weak, lead, similarity, gap)
    hits = [hit(1, 1.0, level="reference"), hit(2, 9.0), hit(3, 1.0)]
    label_confident(hits, weak=False, threshold=0.78, lead=CONFIDENT_LEAD)
    assert [h.level for h in hits] == ["reference", "threshold", "top_k"]  # a reference keeps its level


def test_what_the_question_is_about_decides_first() -> None:
    """With the kinds judged: a question about a kind of law the scope lacks is weak when it asks for a rule
    of it, or when nothing found is about it; about a kind the scope has and finds, never; about no kind in
    particular, from a smaller lead."""
    hits = [hit(1, 3.0), hit(2, 2.9)]
    housing = TopicCoverage(judged=True, missing=frozenset({"property and housing"}))
    assert is_weak(hits, share=0.9, lead=9.0, coverage=housing)  # no lead or share is evidence for it
    assert not is_weak(hits, share=0.0, lead=0.0, coverage=TopicCoverage(True, missing=housing.missing, spoken=True))
    assert not is_weak(hits, share=0.0, lead=0.0, coverage=housing, named=True)  # an offence the library has …
    asking = TopicCoverage(True, missing=housing.missing, spoken=True, asks_rule=True)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=asking, named=True)  # … unless it asks for the kind's rule
    traffic = TopicCoverage(True, loaded=frozenset({"traffic safety"}), served=True)
    assert not is_weak(hits, share=0.0, lead=0.0, coverage=traffic)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=TopicCoverage(True, loaded=traffic.loaded))  # none found
    mixed = TopicCoverage(True, loaded=traffic.loaded, missing=frozenset({"other taxes"}), served=True, asks_rule=True)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=mixed)  # "koliko se plaća porez kad prodam auto"
    story = TopicCoverage(judged=True)
    assert not is_weak(hits, share=0.0, lead=NO_TOPIC_LEAD, coverage=story)
    assert is_weak(hits, share=0.0, lead=NO_TOPIC_LEAD - 0.1, coverage=story)
    assert is_weak(hits, share=0.0, lead=NO_TOPIC_LEAD, coverage=TopicCoverage())  # nothing judged: the old lead


def test_the_learned_stage_s_score_of_its_first_article_is_evidence() -> None:
    """A story of an act that names no kind of law, whose first article the learned ranking scores high, is covered
    however little the first article stands out in the hand order; never where the question is about kinds of law
    the scope lacks, nor without a vocabulary (the constant was chosen on BCS questions)."""
    hits = [hit(1, 3.0), hit(2, 2.9)]
    story = TopicCoverage(judged=True)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=story, learned=LEARNED_SCORE - 0.1)
    assert not is_weak(hits, share=0.0, lead=0.0, coverage=story, learned=LEARNED_SCORE)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=story, learned=None)  # no learned stage: the lead alone
    unfound = TopicCoverage(True, loaded=frozenset({"traffic safety"}))  # a loaded kind, none of it first
    assert not is_weak(hits, share=0.0, lead=0.0, coverage=unfound, learned=LEARNED_SCORE)
    housing = TopicCoverage(judged=True, missing=frozenset({"property and housing"}))
    assert is_weak(hits, share=0.0, lead=0.0, coverage=housing, learned=LEARNED_SCORE + 5)
    assert is_weak(hits, share=0.0, lead=0.0, coverage=TopicCoverage(), learned=LEARNED_SCORE + 5)


def test_the_learned_score_is_read_on_the_scale_its_constant_was_chosen_for(juris: Any) -> None:
    """The first articles the learned stage reorders carry its score; `weak` reads it only from the shipped model
    (LEARNED_SCORE was chosen on its scale: a retrained model must have the constant chosen again)."""
    from retrieval.ranking.model import SHIPPED, Linear, RankerModel, load

    found, _ = juris._candidates("ubio ga nožem", None, {}, [])
    assert all(c.learned is None for c in found)  # a search's candidates come in the hand order
    candidates = juris.candidates.serve(found)  # the stage orders what is served
    rerank = juris.candidates.ranking.rerank
    assert all(c.learned is not None for c in candidates[:rerank])
    assert all(c.learned is None for c in candidates[rerank:])
    shipped = load(SHIPPED)
    assert shipped.fingerprint == LEARNED_MODEL, "the shipped ranking model changed: choose LEARNED_SCORE again"
    assert isinstance(shipped.scorer, Linear)
    doubled = Linear(shipped.scorer.mean, shipped.scorer.scale, shipped.scorer.weights * 2)
    other = RankerModel(shipped.features, doubled, shipped.embedder, shipped.depth, shipped.rerank)
    assert other.fingerprint != LEARNED_MODEL


def test_a_confident_hit_is_one_both_retrievers_rank_high() -> None:
    for ranks, level in (((1, 2), "threshold"), ((CONFIDENT_RANK + 1, 1), "top_k"), ((1, None), "top_k")):
        hits = [hit(1, 9.0, ranks=ranks), hit(2, 1.0)]
        label_confident(hits, weak=False, threshold=0.78, lead=CONFIDENT_LEAD)
        assert hits[0].level == level, ranks
    hits = [hit(1, 9.0, ranks=(None, CONFIDENT_RANK + 5)), hit(2, 1.0)]
    label_confident(hits, weak=False, threshold=0.78, lead=CONFIDENT_LEAD, hybrid=False)  # one retriever ran
    assert hits[0].level == "threshold"


class _Frequencies:
    chunk_ids: ClassVar[list[str]] = [str(i) for i in range(100)]

    def document_frequencies(self, tokens: list[str]) -> list[int]:
        return [1 if t.startswith("mobit") else 50 for t in tokens]  # a rare word and common ones


def test_title_share_counts_the_question_s_words_and_their_legal_terms() -> None:
    tokenizer = Tokenizer("serbian")
    hits = [hit(1, 5.0, title="Krađa", chapter="KRIVIČNA DJELA PROTIV IMOVINE"), hit(2, 4.0, title="Prevara")]
    expansions = [Expansion("derivation", "ukrao", "krađa")]
    full = title_share(hits, "ukrao imovinu", expansions, tokenizer, _Frequencies(), {})
    assert full == 1.0  # "ukrao" through its legal term, "imovinu" in the chapter
    none = title_share(hits, "ukrao imovinu", [], tokenizer, _Frequencies(), {})
    assert 0 < none < 1  # without the expansion only the chapter's word
    rare = title_share([hit(1, 5.0, title="Mobilni telefon")], "mobitel ukrao", [], tokenizer, _Frequencies(), {})
    assert rare == 0.0
    assert title_share(hits, "", [], tokenizer, _Frequencies(), {}) == 0.0


def test_a_real_search_reports_confidence_that_can_be_read(juris: Any) -> None:
    result = juris.search("šta kaže član 124 KZ RS?", jurisdiction=scope_of("RS"))
    assert not result.weak and result.hits[0].level == "reference"
    for question in ("koja je kazna ako neko drugoga usmrti", "kako se vadi pasoš za dijete"):
        result = juris.search(question, jurisdiction=scope_of("FBiH"))
        assert sum(h.level == "threshold" for h in result.hits) <= 1
        assert {h.level for h in result.hits} <= {"threshold", "top_k"}
        assert isinstance(result.weak, bool)


def test_a_title_s_coverage_of_the_question_is_absolute() -> None:
    """How much of the question a title holds (idf-weighted), not a share of the best title: one common word of a
    long question is little even where no title holds more."""
    import numpy as np

    from retrieval.search.title_field import TitleIndex

    titles = TitleIndex.of_texts(Tokenizer("serbian"), ["Krađa", "Vozač ne smije parkirati vozilo na ulici", "Prevara"])
    mask = np.ones(3, dtype=bool)
    long = titles.coverage("našao novčanik na ulici, uzeo pare a dokumente bacio", mask)
    assert 0 < long[1] < 0.3 and long[0] == long[2] == 0
    assert titles.coverage("krađa", mask).tolist() == [1.0, 0.0, 0.0]
    assert titles.coverage("", mask).tolist() == [0.0, 0.0, 0.0]


def test_a_legal_term_names_an_article_when_all_its_words_are_in_its_title_or_chapter() -> None:
    """One test for a served list (`legal_term_named`) and a message searched alone (`Retriever._names_an_act`): the
    article's title and chapter stems read once per id."""
    tokenizer = Tokenizer("serbian")
    cache: dict[str, frozenset[str]] = {}
    article = Article("KZ RS čl. 226", "KZ RS", "226", "tekst", title="Teška krađa", chapter="PROTIV IMOVINE")
    fields = field_stems(article, tokenizer, cache)
    assert cache == {"KZ RS čl. 226": fields}
    assert field_stems(Article("KZ RS čl. 226", "KZ RS", "226", "", title="drugo"), tokenizer, cache) is fields
    assert term_in_fields([set(tokenizer.stems("krađa"))], [fields])
    assert term_in_fields([set(), set(tokenizer.stems("teška krađa"))], [frozenset(), fields])
    assert not term_in_fields([set(tokenizer.stems("razbojnička krađa"))], [fields])  # one word is not there
    assert not term_in_fields([set()], [fields])  # an empty term names nothing
