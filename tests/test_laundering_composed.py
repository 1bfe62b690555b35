"""The offence money came from, named in a laundering story, is the laundering's source (issue 29/31; thesaurus.toml
[[compose]] "pranje novca od krivičnog djela"). The codes' "Pranje novca" is dealing with money or property obtained
by a criminal offence so as to hide where it came from; a story that tells the laundering names the source offence
too, and read alone that name (drugs, smuggling, a bribe) is the offence itself, whose titles then outweighed the
laundering. Both told: the laundering is read and the source's phrases, with the confiscation of a crime's gain,
give way; the laundering alone or the source offence alone: as before. Phrasings made up for these tests, not taken
from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.vocabulary import bcs_vocabulary
from tests.retrieval_helpers import expansion_weights

LAUNDERING = "pranje novca"
DRUGS = "opojne droge"
GAIN = "imovinska korist pribavljena krivičnim djelom"


@pytest.mark.parametrize(
    "story",
    [
        "brat mu pere novac od heroina preko kafića",
        "kupio kuću od droge, a ostatak opere novac kroz firmu",
        "pere pare od kokaina preko kladionice",
    ],
)
def test_laundering_with_its_source_named_reads_the_laundering_not_the_source(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert w.get(LAUNDERING) == 1.0, story
    assert DRUGS not in w, story  # the drug is where the money came from, not the act told
    assert GAIN not in w, story  # nor is the confiscation of the gain asked


@pytest.mark.parametrize(
    "story",
    [
        "diler prodaje heroin ispred škole",  # a drug story, no laundering
        "uhvatili ga sa kokainom u autu",
    ],
)
def test_a_source_offence_without_laundering_reads_as_before(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert w.get(DRUGS) == 1.0, story
    assert LAUNDERING not in w, story


def test_laundering_without_a_source_keeps_its_own_terms() -> None:
    w = expansion_weights(bcs_vocabulary(), "pere novac kroz restoran, sumnjivo porijeklo")
    assert w.get(LAUNDERING) == 1.0
    assert w.get(GAIN) == 1.0
    matched = {e.matched for e in bcs_vocabulary().expand("pere novac kroz restoran, sumnjivo porijeklo")}
    assert "pranje novca od krivicnog djela" not in matched


def test_the_source_named_inside_the_laundering_phrase_alone_tells_no_second_act() -> None:
    """ "novac od droge" names the drug within the one phrase: nothing told apart, every term it adds is kept."""
    w = expansion_weights(bcs_vocabulary(), "našli novac od droge u stanu")
    assert w.get(LAUNDERING) == 1.0
    assert w.get(GAIN) == 1.0
    assert "oduzimanje imovinske koristi pribavljene krivičnim djelom" in w
