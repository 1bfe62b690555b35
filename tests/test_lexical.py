"""The lexical index's scoring rules, on a hand-made corpus (real bm25s, real Snowball)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from retrieval.index.lexical import LexicalIndex
from retrieval.language.tokens import Tokenizer

CORPUS = {
    "phrase": "Krivotvorenje isprave i novca kažnjava se.",
    "apart": "Krivotvorenje novca i isprave kažnjava se.",
    "other": "Vozač koji odbije alkotest kažnjava se.",
}


@pytest.fixture(scope="module")
def index() -> LexicalIndex:
    return LexicalIndex.build("serbian", list(CORPUS), list(CORPUS.values()))


def _score(index: LexicalIndex, query: str, chunk: str) -> float:
    return float(index.scores(query)[index.chunk_ids.index(chunk)])


def test_adjacent_stems_form_a_term_token() -> None:
    tok = Tokenizer("serbian")
    forged_document, forged_money = set(tok("krivotvorenje isprave")), set(tok("krivotvorenje novca"))
    pairs = {t for t in forged_document ^ forged_money if t.startswith("~")}
    assert len(pairs) == 2  # one pair each, and they differ
    assert tok.stems("krivotvorenje isprave") == [t for t in tok("krivotvorenje isprave") if t[0] not in "#~"]


def test_the_words_of_a_term_side_by_side_outrank_the_same_words_apart(index: LexicalIndex) -> None:
    """Forgery of a document vs counterfeit money: same words, only their order tells them apart."""
    assert _score(index, "krivotvorenje isprave", "phrase") > _score(index, "krivotvorenje isprave", "apart")
    assert _score(index, "krivotvorenje novca", "apart") > _score(index, "krivotvorenje novca", "phrase")


def test_a_repeated_query_word_counts_by_the_square_root_of_its_repetitions(index: LexicalIndex) -> None:
    once = _score(index, "alkotest", "other")
    assert once > 0
    assert _score(index, "alkotest alkotest alkotest alkotest", "other") == pytest.approx(2 * once, rel=1e-5)


def test_unknown_words_score_nothing(index: LexicalIndex) -> None:
    assert not index.scores("xyzzy qwerty").any()
    assert np.array_equal(index.scores(""), np.zeros(len(CORPUS), dtype=np.float32))


PARITY_TEXTS = [
    "Ko drugog liši života, kaznit će se zatvorom najmanje pet godina.",
    "Ko ukrade tuđu pokretnu stvar, kaznit će se novčanom kaznom ili zatvorom do tri godine.",
    "",
    "Krađa krađa krađa: ko ukrade motorno vozilo.",
    "Ko napravi lažnu ispravu ili preinači pravu ispravu.",
    "Vozač koji upravlja vozilom pod uticajem alkohola, a alkotest pokaže više od 0,5 promila.",
]


def _reference(docs: list[list[str]]):
    """bm25s's own index (its defaults), through its public API only: the scores ours must equal."""
    from retrieval.index.lexical import bm25s_module

    reference = bm25s_module().BM25()
    reference.index(docs, show_progress=False)
    return reference


def test_our_bm25_format_scores_what_bm25s_own_scorer_scores(tmp_path: Path) -> None:
    """retrieval/index/bm25_build.py builds BM25 in our own format, one chunk at a time; built, saved and loaded
    again (postings read from disk), every query's scores equal bm25s.BM25.get_scores on the same tokens."""
    from retrieval.index.bm25_build import Bm25, build_bm25

    tok = Tokenizer("serbian")
    docs = [tok(t) or [""] for t in PARITY_TEXTS]
    reference = _reference(docs)
    built = build_bm25(iter(docs))
    built.save(tmp_path / "bm25")
    loaded = Bm25.load(tmp_path / "bm25", len(docs), vocab=True)
    assert built.vocab is not None and loaded.vocab == built.vocab and built.num_docs == len(docs)
    queries = ["ukrao je auto", "alkotest vozač promila", "lažna isprava", "zatvor pet godina", "nepoznato xyzzy"]
    for query in [*(tok(q) for q in queries), [t for d in docs for t in d[:3]]]:
        known = [t for t in query if t in built.vocab]
        expected = np.asarray(reference.get_scores(known), dtype=np.float32) if known else np.zeros(len(docs))
        for ours in (built, loaded):
            got = ours.scores([built.vocab[t] for t in known], [1.0] * len(known))
            assert np.allclose(got, expected, rtol=1e-6, atol=1e-7), query
    for token, column in built.vocab.items():  # every posting list: the same chunks as bm25s's
        want = np.flatnonzero(np.asarray(reference.get_scores([token])) > 0)
        assert list(loaded.chunks_of(column)) == list(want), token


def test_a_lexical_index_scores_like_bm25s_with_repeated_tokens_weighed_by_their_square_root(tmp_path: Path) -> None:
    """LexicalIndex (saved and loaded) against bm25s's scorer: a token said n times weighs √n."""
    tok = Tokenizer("serbian")
    docs = [tok(t) or [""] for t in PARITY_TEXTS]
    reference = _reference(docs)
    ids = [f"c{i}" for i in range(len(docs))]
    LexicalIndex.build("serbian", ids, PARITY_TEXTS).save(tmp_path / "lexical")
    loaded = LexicalIndex.load(tmp_path / "lexical")
    query = "krađa krađa krađa krađa vozilo"
    tokens = tok(query)
    expected = sum(
        np.sqrt(tokens.count(t)) * np.asarray(reference.get_scores([t]), dtype=np.float64)
        for t in dict.fromkeys(tokens)
        if t in {t for d in docs for t in d}
    )
    assert np.allclose(loaded.scores(query), expected, rtol=1e-5)


def test_a_bm25_index_bm25s_saved_opens_in_our_format(tmp_path: Path) -> None:
    """Data dirs written while bm25s saved the arrays (its public `save`) open unchanged: same files, same scores."""
    from retrieval.index.bm25_build import Bm25

    tok = Tokenizer("serbian")
    docs = [tok(t) or [""] for t in PARITY_TEXTS]
    reference = _reference(docs)
    reference.save(str(tmp_path / "bm25"), show_progress=False)
    loaded = Bm25.load(tmp_path / "bm25", len(docs), vocab=True)
    assert loaded.vocab is not None
    for query in ["ukrao je auto", "alkotest vozač promila"]:
        known = [t for t in tok(query) if t in loaded.vocab and loaded.vocab[t] < loaded.columns]
        got = loaded.scores([loaded.vocab[t] for t in known], [1.0] * len(known))
        assert np.allclose(got, np.asarray(reference.get_scores(known), dtype=np.float32), rtol=1e-6), query
