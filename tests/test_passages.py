"""Excerpts start at the paragraph that answers the question, not always at (1)."""

from retrieval.search.passages import best_passage

ARTICLE = (
    "(1) Policijski službenik može uputiti vozača na ispitivanje prisustva alkohola.\n"
    "(2) Ako vozač odbije ispitivanje alkometrom, upućuje se na stručni pregled.\n"
    "(3) Troškove pregleda snosi vozač."
)


def test_the_best_matching_paragraph_comes_first() -> None:
    assert best_passage(ARTICLE, "sta ako vozac odbije alkotest").startswith("(2) Ako vozač odbije")


def test_cyrillic_question_matches_latin_paragraph() -> None:
    assert best_passage(ARTICLE, "возач одбије алкотест").startswith("(2)")


def test_whole_text_when_the_first_paragraph_wins_or_nothing_matches() -> None:
    assert best_passage(ARTICLE, "policijski službenik uputiti") == ARTICLE
    assert best_passage(ARTICLE, "🙂") == ARTICLE
    assert best_passage("Jedan stav bez brojeva.", "stav") == "Jedan stav bez brojeva."
