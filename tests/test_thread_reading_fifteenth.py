"""Later turns read by class of form, fifteenth round (issue 29; threads.toml, thread_reading.py).

Two forms of a later turn. A new act told in the spoken contracted participle ("vlasnik ga stigo …", "kaže da ju je …
natjero …" for stigao, natjerao): in a clause with a clitic before it (an auxiliary or a pronoun object) such a word
is a past verb, so the message tells an act of its own and is searched by its own words — before, it read as a
statement or a pointer leaning on the thread and was searched with the first act. And a total ("ukupno skinuo 12
hiljada"): a word of totalling and an amount sum the thread's act up, whatever verb they come with. Checked both
ways: nouns and adverbs in -o after a clitic, a contracted word with no clitic before it, "ukupno" with no amount,
a question of its own. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import cues, read_message, tells_an_act

FIGHT = "dvojica se potukla ispred diskoteke, jedan je drugom slomio ruku"
HARASSMENT = "radnica prijavila da joj poslovođa stalno dobacuje i šalje poruke"
CARD = "netko joj je preko interneta plaćao njenom karticom"


def _thread(act: str) -> Thread:
    return Thread().after(Exchange(question=act, standalone=act, act=act))


def test_the_data_lists_the_clitics_and_the_totals() -> None:
    c = cues()
    assert {"ga", "ju", "je"} <= c.clitics
    assert c.totals and c.max_total_words >= 4


def test_a_contracted_participle_after_a_clitic_is_an_act() -> None:
    assert tells_an_act("komšija ga dočeko na stepenicama")
    assert tells_an_act("sin ih je u podrumu zaključo")
    assert tells_an_act("kaže da ga je poslije utakmice nazvo i psovo")


def test_nouns_and_adverbs_in_o_after_a_clitic_are_no_act() -> None:
    assert not tells_an_act("mu je auto bez registracije i tablica")
    assert not tells_an_act("on je stalno pijan i agresivan")
    assert not tells_an_act("je tesko raspoložen i nervozan")
    assert not tells_an_act("kad je nesto razbojnistvo a kad kradja")


def test_a_contracted_word_without_a_clitic_before_it_is_no_act() -> None:
    assert not tells_an_act("zeleno staklo na podu kuhinje")


def test_a_reported_new_act_in_the_spoken_form_is_searched_by_its_own_words() -> None:
    """Through the bot's path: "sad kaže da ju je … natjero …" tells a new act (a reported one) — not a statement that
    leans on the harassment told before, so it is not searched with the thread's act."""
    understood = understand("sad kaže da ju je u magacinu silom zaključo i skido je", _thread(HARASSMENT))
    assert understood.kind in ("new", "related")
    assert understood.context is None or "dobacuje" not in understood.context.words
    assert "dobacuje" not in understood.query


def test_a_new_act_with_a_pointer_in_the_spoken_form_is_no_continuation() -> None:
    """ "ovaj ga …" points back, but the message tells an act of its own ("dočeko", "udro"): not a continuation."""
    reading = read_message("brat od ovog ga dočeko kod auta i udro ga letvom", FIGHT)
    assert reading.kind != "continuation"


def test_the_same_message_in_the_standard_form_reads_alike() -> None:
    spoken = read_message("brat od ovog ga dočeko kod auta i udro ga letvom", FIGHT)
    standard = read_message("brat od ovog ga dočekao kod auta i udario ga letvom", FIGHT)
    assert spoken.kind == standard.kind


def test_a_total_sums_up_the_threads_act() -> None:
    """Through the bot's path: "ukupno skinuo …" has a verb of its own, but the total says it is the card's misuse
    told: the thread's act with an amount."""
    understood = understand("ukupno skinuo 7 hiljada maraka", _thread(CARD))
    assert understood.follow_up and understood.kind == "continuation" and understood.circumstance
    assert understood.context is not None and "karticom" in understood.context.words


def test_a_total_in_other_words() -> None:
    reading = read_message("a sve skupa uzeli su oko 4000 KM", CARD)
    assert reading.kind == "continuation" and reading.adds


def test_a_total_without_an_amount_reads_as_before() -> None:
    text = "ukupno su bila trojica u autu"
    assert read_message(text, CARD).kind != "continuation" or not read_message(text, CARD).adds


def test_someone_new_with_a_total_is_a_case_of_its_own() -> None:
    assert read_message("a neko je ukupno ukrao 300 KM iz kase", CARD).kind == "new"
