"""The lexical index's scoring rules, on a hand-made corpus (real bm25s, real Snowball)."""

from __future__ import annotations

import numpy as np
import pytest

from retrieval.lexical import LexicalIndex, Tokenizer

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
