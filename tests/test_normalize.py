"""Normalisation shared by ingest and search: Cyrillic, diacritics-free typing, control characters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from retrieval.language.normalize import clean, embedding_text, fold, strip_diacritics, to_latin, words
from retrieval.language.tokens import Tokenizer


def test_cyrillic_to_latin_keeps_diacritics() -> None:
    assert to_latin("возач") == "vozač"
    assert to_latin("Члан 12. Крађа") == "Član 12. Krađa"
    assert to_latin("Љубав Њива Џеп") == "Ljubav Njiva Džep"


def test_latin_to_cyrillic_for_our_own_wording() -> None:
    from retrieval.language.normalize import to_cyrillic, to_latin

    assert (
        to_cyrillic("Zakon o radu; ljudska prava, PDV, džep, Njemačka")
        == "Закон о раду; људска права, ПДВ, џеп, Њемачка"
    )
    assert (
        to_latin(to_cyrillic("propisi o vlasništvu, zakupu i stanovanju"))
        == "propisi o vlasništvu, zakupu i stanovanju"
    )


def test_diacritics_folded_the_bcs_way() -> None:
    assert strip_diacritics("čćšžđ ČĆŠŽĐ") == "ccszdj CCSZDj"
    assert strip_diacritics("über café") == "uber cafe"


def test_fold_makes_latin_cyrillic_and_plain_typing_meet() -> None:
    assert fold("Vozač") == fold("vozac") == fold("ВОЗАЧ") == "vozac"
    assert fold("Krađa") == fold("крађа") == "kradja"


def test_clean_removes_control_and_bidi_characters() -> None:
    assert clean("a\x00b\u200bc\u202e d\n\n e\t") == "a b c d e"


def test_words_are_folded_tokens() -> None:
    assert words("Члан 373. KZ-a: lažna isprava!") == ["clan", "373", "kz", "a", "lazna", "isprava"]


def test_embedding_text_is_latin_with_diacritics() -> None:
    assert embedding_text("  фалсификовао   је исправу ") == "falsifikovao je ispravu"


def test_stemmed_tokens_meet_across_scripts_and_diacritics() -> None:
    tok = Tokenizer("serbian")
    assert tok("возача") == tok("vozača") == tok("vozaca")
    assert "sta" not in tok("sta ako vozac odbije")  # stopword


def test_other_languages_get_their_own_stemmer() -> None:
    tok = Tokenizer("english")
    assert tok.stems("drivers refused") == tok.stems("driver refuses")
    assert "the" not in tok.stems("the driver")  # bm25s's English stopwords


def test_character_ngrams_join_inflections_the_stemmer_keeps_apart() -> None:
    tok = Tokenizer("serbian")
    forged, forgery = tok("krivotvorio"), tok("krivotvorenje")
    assert tok.stems("krivotvorio") != tok.stems("krivotvorenje")
    shared = set(forged) & set(forgery)
    assert {"#_kriv", "#krivo", "#otvor"} <= shared


@hsettings(max_examples=200)
@given(st.text())
def test_fold_never_raises_and_is_idempotent(text: str) -> None:
    once = fold(text)
    assert fold(once) == once
    assert "\x00" not in once
