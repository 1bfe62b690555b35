"""A lay phrase's reflexive clitic read where speech puts it, and spoken "ko" for "kao" (issue 29/31; vocabulary.py
`_Pattern`, `_uncontracted`).

BCS puts the reflexive "se" second in its clause, so a phrase written "opirao se hapšenju" is told "lik se opirao
hapšenju"; and speech contracts "kao" to "ko" as it contracts every -ao ("predstavljao se ko policajac"). Checked
both ways with phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from tests.retrieval_helpers import added_terms


@pytest.mark.parametrize(
    "story",
    [
        "uhapsili smo ga, a on se opirao hapšenju",  # the phrase as written
        "lik se opirao hapšenju pa smo ga savladali",  # "se" before its verb
    ],
)
def test_the_reflexive_clitic_before_its_verb_meets_the_phrase(story: str) -> None:
    assert "sprečavanje službenog lica u vršenju službene radnje" in added_terms(story)


def test_the_reflexive_clitic_is_read_right_before_the_verb_only() -> None:
    # another word between "se" and the verb: no phrase (a clitic stands right before its verb)
    assert "sprečavanje službenog lica u vršenju službene radnje" not in added_terms(
        "lik se juče na ulici opirao hapšenju"
    )


@pytest.mark.parametrize(
    "story", ["neki čovjek se predstavljao kao inspektor", "neki čovjek se predstavljao ko inspektor u selu"]
)
def test_a_spoken_ko_reads_as_kao_in_a_phrase(story: str) -> None:
    assert "lažno predstavljanje" in added_terms(story)


def test_ko_alone_is_who() -> None:
    assert "lažno predstavljanje" not in added_terms("ko se predstavljao na sastanku")
