"""Follow-ups read by class of form, whatever their wording (issue 29, third round; thread_reading.py, threads.toml).

Two decisions kept apart: is the message about another jurisdiction (a name in any case and position, an
abbreviation, a town after a place preposition, an adjective before a law word, Cyrillic), and what act it is
about. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import named_jurisdiction, read_message

STORY = "lik je udario prodavača u trafici i uzeo mu novčanik"
DRUGS = "na granici smo mu našli heroin u rezervnom točku"


def _thread(question: str) -> Thread:
    return Thread().after(Exchange(question, question, articles=("KZ FBiH čl. 289",)))


# --- another jurisdiction, named in any form ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "matter"),
    [
        ("a u RS-u?", "RS", "a"),  # a case ending after a hyphen is part of the name
        ("po zakonu FBiH-a?", "FBiH", ""),
        ("а у РС-у?", "RS", "а"),
        ("kako to Federacija tretira?", "FBiH", "kako to tretira"),  # a name without a cue before it
        ("isto pitanje, ali za Republiku Srpsku", "RS", "isto pitanje ali"),
        ("a sta kaze KZ RS", "RS", "a sta kaze"),
        ("a kod federalaca?", "FBiH", "a"),
        ("kako je to regulisano u Brčko distriktu", "BD", "kako je to regulisano"),
        ("a sta kaze srpski zakon", "RS", "a sta kaze"),  # an adjective before a law word
        ("federalni KZ?", "FBiH", ""),
        ("a ako ga uhvate u Srpskoj?", "RS", "a ako ga uhvate"),  # an adjective after a cue, at the end
    ],
)
def test_a_jurisdiction_named_in_any_form_in_a_follow_up(text: str, code: str, matter: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.jurisdiction == code
    assert (reading.matter or "") == matter  # the words naming it are not searched
    assert "prodavača" in reading.inherited and not reading.keep_articles


@pytest.mark.parametrize(
    "text",
    [
        "a da je bio federalni inspektor?",  # an adjective before no law word
        "a da je zapalio srpsku zastavu?",
        "a kod srpske policije?",
        "a da je bio državljanin BiH?",  # the state named in a story, without a law word
    ],
)
def test_words_that_only_resemble_a_jurisdiction_name_none(text: str) -> None:
    assert read_message(text, STORY).jurisdiction is None


def test_an_article_cited_by_number_names_a_law_not_a_jurisdiction_asked_for() -> None:
    """ "član 124 KZ RS" is a reference: search serves it by reference, labelled as another jurisdiction's law."""
    assert read_message("šta propisuje član 124 KZ RS?", STORY).jurisdiction is None
    assert read_message("a šta kaže KZ RS?", STORY).jurisdiction == "RS"


def test_the_state_as_a_level_or_after_a_law_word() -> None:
    assert read_message("a kako je to na nivou države?", STORY).jurisdiction == "BiH"
    assert read_message("a po zakonu BiH?", STORY).jurisdiction == "BiH"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a onda je heroin prodavao po Tuzli", "FBiH"),  # a related act in a town of another entity
        ("a poslije ga je prodavao u Bijeljini na pijaci", "RS"),
    ],
)
def test_a_town_after_a_place_preposition_in_a_follow_up_names_its_law(text: str, code: str) -> None:
    reading = read_message(text, DRUGS)
    assert reading.kind == "related" and reading.jurisdiction == code
    assert reading.matter is not None and "po Tuzli" not in reading.matter and "Bijeljini" not in reading.matter
    # a verb alone ("su ga prodavali"): the act's object is the thread's, so the thread's act comes along
    alone = read_message("a onda su ga prodavali u Brčkom", DRUGS)
    assert alone.kind == "continuation" and alone.jurisdiction == "BD" and "heroin" in alone.inherited


def test_a_town_names_no_jurisdiction_outside_a_follow_up() -> None:
    assert read_message("ukrali su mu bicikl ispred škole u Tuzli", None).jurisdiction is None  # a first question
    assert read_message("ukrali su mu bicikl ispred škole u Tuzli", STORY).jurisdiction is None  # a new question
    assert named_jurisdiction("pobjegao je u Tuzlu", leaning=False, in_thread=True)[0] is None


def test_a_message_naming_a_jurisdiction_and_telling_no_act_is_about_the_threads_act() -> None:
    """However long or oddly phrased: the jurisdiction is decided apart, and the act falls back to the thread's."""
    for text in (
        "kako bi to kvalifikovao tužilac u Republici Srpskoj, koji član zakona bi primijenio",
        "molim vas, kako glasi odgovarajući član u krivičnom zakonu Federacije za ovakvo djelo",
    ):
        reading = read_message(text, STORY)
        assert reading.kind == "continuation" and reading.jurisdiction in ("RS", "FBiH"), text
        assert "prodavača" in reading.inherited


def test_a_first_question_still_needs_a_cue_before_a_name() -> None:
    assert read_message("kazna za utaju poreza po zakonu Republike Srpske", None).jurisdiction == "RS"
    assert read_message("Federacija je donijela novi zakon o oružju", None).jurisdiction is None


# --- acknowledgements ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "matter"),
    [
        ("dobro, a ako je maloljetan?", "a ako je maloljetan"),
        ("ok hvala, a koliko može dobiti?", "a koliko može dobiti"),
        ("razumijem. a da je imao pištolj?", "a da je imao pištolj"),
    ],
)
def test_an_acknowledgement_before_a_follow_up_is_no_matter_of_it(text: str, matter: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "continuation" and reading.matter == matter
    assert understand(text, _thread(STORY)).query == matter


# --- corrections, however they are put ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "gone", "act"),
    [
        ("prijetio mu je nožem, nije ga udario", "udario", "prijetio mu je nozem"),  # negation after the act
        ("nije ga udario, samo mu je prijetio", "udario", "mu je prijetio"),
        ("ustvari ga je gurnuo, nije ga udario", "udario", "ga je gurnuo"),
        ("izvinjavam se, nije ga udario nego gurnuo niz stepenice", "udario", "gurnuo niz stepenice"),
    ],
)
def test_a_correction_negating_the_act_at_any_position(text: str, gone: str, act: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "correction" and gone in reading.negated
    assert reading.act == act


@pytest.mark.parametrize(
    ("text", "gone", "act"),
    [
        ("ne prodavača nego kupca", "prodavača", "lik je udario u trafici i uzeo mu novčanik kupca"),
        (
            "nije to bila trafika, bila je pumpa",
            "trafici",
            "lik je udario prodavača u i uzeo mu novčanik bila je pumpa",
        ),
        (
            "krivo sam rekao, nije uzeo novčanik nego mobitel",
            "novčanik",
            "lik je udario prodavača u trafici i uzeo mu mobitel",
        ),
    ],
)
def test_a_correction_of_a_person_a_thing_or_a_place_keeps_the_act(text: str, gone: str, act: str) -> None:
    """A replacing part without a verb of its own swaps what it names in the story; the act told stays searched."""
    reading = read_message(text, STORY)
    assert reading.kind == "correction" and reading.act == act and gone not in reading.act.split()


@pytest.mark.parametrize(
    ("text", "act"),
    [
        ("ispravka: uzeo mu je mobitel iz ruke", "uzeo mu je mobitel iz ruke"),
        ("ne, udario ga je palicom po glavi", "udario ga je palicom po glavi"),
    ],
)
def test_an_opener_before_an_act_corrects_without_a_negation(text: str, act: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "correction" and reading.act == act and not reading.negated


@pytest.mark.parametrize(
    "text",
    [
        "a nije mu vratio novčanik",  # adds a fact: what it negates is not what the thread said
        "ne znam, mislim da je uzeo i mobitel",  # "ne" without a pause corrects nothing
        "zapravo, koliko mu prijeti za to?",  # an opener before a question, no act
        "a ne znam koliko je imao godina",
    ],
)
def test_negations_that_take_nothing_back_are_no_correction(text: str) -> None:
    assert read_message(text, STORY).kind != "correction"


def test_a_continuation_does_not_carry_what_it_takes_back_of_the_thread() -> None:
    drunk = "pijan vozio kroz naselje i udario u ogradu"
    assert "pijan" not in read_message("a da nije bio pijan?", drunk).inherited.split()
    assert "ogradu" in read_message("a nije platio ogradu?", drunk).inherited.split()  # not taken back


# --- new topics -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["promijenimo temu, komšija mu je zapalio auto", "imam jedan slučaj: vozač bez dozvole pobjegao s mjesta"],
)
def test_more_ways_of_changing_the_subject(text: str) -> None:
    reading = read_message(text, STORY)
    assert reading.kind == "new-topic" and not reading.follow_up
