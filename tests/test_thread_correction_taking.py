"""A correction that takes back what made a taking something else — an attack, a blow or a threat (robbery), a
breaking in (burglary), a finding — and tells the act instead by a bare verb of taking is a plain theft: the replacing
act reads the codes' "oduzme tuđu pokretnu stvar" (issue 29). A verb of taking after any other word taken back reads
nothing more (a bribe, a car taken for a ride). Wording invented for these tests; the reading only, no index."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import cues, read_message

THEFT = "oduzme tuđu pokretnu stvar"


def _act(text: str, story: str) -> str:
    reading = read_message(text, story)
    assert reading.kind == "correction"
    return reading.act


def test_an_attack_taken_back_for_a_taking_is_theft() -> None:
    story = "udario je prodavača na pijaci i otrgao mu kesu sa parama"
    act = _act("ne, nije ga udario, samo mu je uzeo kesu sa tezge dok se okrenuo", story)
    assert act.endswith(THEFT) and "kesu sa tezge" in act


def test_a_breaking_in_taken_back_for_a_carrying_off_is_theft() -> None:
    story = "obili su garažu komšiji i odnijeli kosilicu"
    act = _act("izvinite, nisu obili garažu, bila je otvorena pa su samo odnijeli kosilicu", story)
    assert act.endswith(THEFT)


def test_a_finding_taken_back_for_a_pulling_out_is_theft() -> None:
    story = "našla je mobitel u autobusu i zadržala ga"
    act = _act("ne, nije ga našla, izvukla ga je putniku iz džepa", story)
    assert act.endswith(THEFT)


def test_a_contracted_verb_of_taking_reads_so_too() -> None:
    story = "prijetio je kasirki i tražio pare iz kase"
    assert _act("ne, nije joj prijetio, uzo je pare dok nije gledala", story).endswith(THEFT)


def test_a_taking_after_another_word_taken_back_reads_nothing_more() -> None:
    """The taken-back word decides: a theft taken back for a ride, a false officer taken back for a real one."""
    assert THEFT not in _act("ne, nije ga ukrao, samo ga je uzeo da se provoza pa vratio", "ukrao je komšijin auto")
    story = "lažni policajac zaustavlja vozače i traži pare"
    assert THEFT not in _act("ne, nije lažni, pravi je policajac i uzima pare da ne piše kaznu", story)


def test_a_negated_taking_or_no_taking_reads_nothing_more() -> None:
    story = "napao je komšiju ispred zgrade"
    assert THEFT not in _act("ne, nije ga napao, nije ništa uzimao, samo ga je gurnuo", story)
    assert THEFT not in _act("ne, nije ga napao, samo mu je psovao majku", story)
    story = "provalio je u stan i uzeo zlato"
    assert THEFT not in _act("ne, ništa nije uzeo, samo je razbio vrata", story)


def test_the_words_are_the_tables() -> None:
    c = cues()
    assert c.taking_read == THEFT
    assert all(w == w.lower() for w in c.taking_back + c.taking)


def test_through_the_bots_path() -> None:
    story = "napao je ženu na stanici i otrgao joj torbu"
    thread = Thread().after(Exchange(question=story, standalone=story, act=story))
    corrected = understand("ne, nije je napao, uzeo joj je torbu sa klupe", thread)
    assert corrected.kind == "correction"
    assert THEFT in corrected.act and THEFT in corrected.standalone  # the next turn inherits it
    assert "napao" not in corrected.standalone
