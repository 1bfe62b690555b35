"""One person calling another a word is name-calling, not a name (kodeks.privacy.name_cues): after "zove je",
"zvao ga je" a lower-case word no list knows as a first name stays (the story's insult is what the search needs);
a nickname people give ("zovu ga …"), a capitalised word and a known first name are still masked. Invented
phrasings."""

from __future__ import annotations

import pytest

from kodeks.privacy.masker import mask


@pytest.mark.parametrize(
    "text, word",
    [
        ("muz je zove budaletina pred djecom", "budaletina"),
        ("zvao ga je kreten na parkingu pred svima", "kreten"),
        ("šef je zove lijenčina pred kolegama", "lijenčina"),
    ],
)
def test_a_word_one_person_calls_another_stays(text: str, word: str) -> None:
    masked = mask(text)
    assert word in masked.text
    assert not masked.spans


@pytest.mark.parametrize(
    "text, name",
    [
        ("zovu ga kobra po cijelom kvartu", "kobra"),  # a nickname: what people call him
        ("zove je Mirela svaki dan i prijeti", "Mirela"),  # written as a name
        ("komšija zove je jasmina i prijeti joj", "jasmina"),  # a first name the lists know
        ("svjedokinja se zove nermina", "nermina"),  # "zove se": a name
    ],
)
def test_a_name_after_the_same_verb_is_still_masked(text: str, name: str) -> None:
    masked = mask(text)
    assert name not in masked.text
    assert [s.kind for s in masked.spans] == ["PERSON"]
