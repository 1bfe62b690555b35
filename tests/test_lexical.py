"""The lexical index's scoring rules, on a hand-made corpus (real bm25s, real Snowball)."""

from __future__ import annotations

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


def test_the_streaming_bm25_build_gives_bm25s_own_matrix() -> None:
    """retrieval/index/bm25_build.py computes what bm25s.BM25.index computes (same tokens → same columns, same
    chunks, same scores to float32 rounding), one chunk at a time instead of every token string at once."""
    from retrieval.index.bm25_build import build_bm25
    from retrieval.index.lexical import bm25s_module

    bm25s = bm25s_module()
    tok = Tokenizer("serbian")
    texts = [
        "Ko drugog liši života, kaznit će se zatvorom najmanje pet godina.",
        "Ko ukrade tuđu pokretnu stvar, kaznit će se novčanom kaznom ili zatvorom do tri godine.",
        "",
        "Krađa krađa krađa: ko ukrade motorno vozilo.",
        "Ko napravi lažnu ispravu ili preinači pravu ispravu.",
    ]
    docs = [tok(t) or [""] for t in texts]
    reference = bm25s.BM25()
    reference.index(docs, show_progress=False)
    ours = build_bm25(iter(docs), bm25s)
    assert set(ours.vocab_dict) == set(reference.vocab_dict) and ours.scores["num_docs"] == len(texts)
    a, b = reference.scores, ours.scores
    for token, i in reference.vocab_dict.items():
        if i >= len(a["indptr"]) - 1:
            continue  # bm25s's empty token: in the vocabulary, no column
        j = ours.vocab_dict[token]
        sa, sb = slice(a["indptr"][i], a["indptr"][i + 1]), slice(b["indptr"][j], b["indptr"][j + 1])
        assert list(a["indices"][sa]) == list(b["indices"][sb]), token
        assert np.allclose(a["data"][sa], b["data"][sb], rtol=1e-6), token
    query = tok("ukrao je auto")
    assert np.allclose(reference.get_scores(query), ours.get_scores(query), rtol=1e-6)
