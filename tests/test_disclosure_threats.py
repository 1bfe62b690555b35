"""A threat to make something known, for money, is the codes' blackmail told by the clause of what will be told
(issue 29/31; thesaurus.toml [disclosure], retrieval/language/disclosures.py, clauses.py, vocabulary.py).

The codes' blackmail is a threat to reveal something that would harm someone's honour or reputation, to gain
property ("prijeti drugom da će otkriti … nešto što bi škodilo njegovoj časti ili ugledu"). A story tells it as a
future clause with a verb of telling ("… da će ženi reći …", "da će objaviti slike") in a story that names money or a
payment; such a story reads blackmail's terms at full weight, and that clause is no threat to life or body. A threat of
harm for money, a telling with no money named and a future telling of no threat read as before. Phrasings made up for
these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.clauses import threatened
from retrieval.language.disclosures import DisclosureThreat
from retrieval.language.vocabulary import bcs_vocabulary

BLACKMAIL = "ucjena"
REVEAL = "otkriti nešto što bi škodilo časti ili ugledu"
SAFETY = "ugrožavanje sigurnosti"


def _weights(text: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for e in bcs_vocabulary().expand(text):
        out[e.adds] = max(out.get(e.adds, 0.0), e.weight)
    return out


@pytest.mark.parametrize(
    "story",
    [
        "traži od šefa 2000 KM, prijeti da će mu ženi kazati za kladionicu",
        "bivši traži pare i kaže da će objaviti njene slike ako ne plati",
        "komšija prijeti da će svima ispričati da je bio u zatvoru ako mu ne uplati 300 eura",
        "trazi 500 maraka jer ce inace otkriti sefu da krade, kaze da ce otkriti sve",
    ],
)
def test_a_threat_to_tell_for_money_reads_as_blackmail(story: str) -> None:
    weights = _weights(story)
    assert weights.get(BLACKMAIL) == 1.0
    assert weights.get(REVEAL) == 1.0


def test_the_telling_is_no_threat_to_life_or_body() -> None:
    assert SAFETY not in _weights("traži 1000 KM ili da će mužu reći za njenog ljubavnika")
    # a threat of harm beside it is still read as one
    assert SAFETY in _weights("traži 1000 KM, kaže da će mužu reći sve i da će je prebiti")


@pytest.mark.parametrize(
    "story",
    [
        "traži 1000 KM i prijeti da će ga prebiti ako ne plati",  # a threat of harm for money: extortion's reading
        "prijeti komšiji da će reći policiji da mu pas laje",  # a telling, no money named
        "rekao je da će sutra platiti i objaviti oglas",  # the payment inside the future clause: nothing asked for
    ],
)
def test_other_stories_do_not_read_blackmail_at_full_weight(story: str) -> None:
    assert _weights(story).get(REVEAL, 0.0) < 1.0


def test_the_future_clauses_are_read_apart() -> None:
    assert threatened("traži pare, kaže da će ženi reći za nju") == ["ce zeni reci za nju"]
    assert threatened("traži pare da mu ne razbiju lokal") == []  # an avoided act, no future one


def test_an_empty_table_reads_nothing() -> None:
    assert not DisclosureThreat.of({}).reads("traži pare, da će ženi reći", ["trazi", "pare"], True)
