"""A lay phrase's auxiliary of the first or second person stands for any person's (issue 29/31; vocabulary.py
`TELLERS_AUXILIARIES`, `Vocabulary._pattern`).

A phrase written as its teller says it ("dala sam mu na čuvanje", "blokirao sam je") is met by a story told of someone
else, whose auxiliary is another or stands elsewhere ("dala mu ga je na čuvanje", "blokirala ga je"): the teller's
auxiliary inside a phrase is read as no word of its own. First in a phrase "sam" is "himself" ("sam se predao") and is
kept; so is a last one. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from retrieval.language.vocabulary import TELLERS_AUXILIARIES, bcs_vocabulary
from tests.retrieval_helpers import added_terms

ENTRUSTED = "tuđa pokretna stvar koja mu je povjerena"


def test_the_auxiliaries_are_of_the_first_and_second_person() -> None:
    assert set(TELLERS_AUXILIARIES) == {"sam", "si", "smo", "ste"}


def test_a_thing_given_to_keep_told_of_someone_else() -> None:
    assert ENTRUSTED in added_terms("komšinica mu je dala laptop na čuvanje dok je na moru")
    assert ENTRUSTED in added_terms("dao mu ga je na čuvanje prije godinu dana")
    assert ENTRUSTED in added_terms("dala sam mu ga na čuvanje")  # the teller's own words, as before


def test_a_negation_still_stops_the_phrase() -> None:
    assert ENTRUSTED not in added_terms("dala mu nije ništa na čuvanje")


def test_himself_first_in_a_phrase_is_kept() -> None:
    # "sam se predao" (he gave himself up) is not "se predao" of anyone: the first word stays a word
    vocabulary = bcs_vocabulary()
    own = {e.matched for e in vocabulary.expand("sam se predao policiji u ponedjeljak")}
    other = {e.matched for e in vocabulary.expand("lopov se predao policiji")}
    assert any(m.startswith("sam se") for m in own)
    assert not any(m.startswith("sam se") for m in other)
