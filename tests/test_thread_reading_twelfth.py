"""Later turns read by class of form, twelfth round (issue 29; threads.toml, thread_reading.py).

Two forms of a later turn that tells an act: the other party of the thread's act acting in it ("the official took
the money" after "he offered the official money") keeps the thread's act and adds the new part; and an act done to
the officers themselves on duty ("when we came he threatened us") is searched with the words the law names an
official by. Each is checked both ways: the form reads as meant, and a message of its own that looks like it stays
as it was. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import cues, read_message

OFFER = "vozač nudio saobraćajcu 50 KM da ga ne kazni za brzinu"
TENDER = "načelnik tražio novac od izvođača radova da mu dodijeli posao"
BAR = "pijan gost razbio flašu o šank i udario konobara"
HOME = "muž tuče ženu u stanu, komšije zvale policiju"
SHOP = "lik ukrao novčanik iz torbe u prodavnici"


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("a saobraćajac uzeo novac", OFFER),  # the thread's object, now the subject, in few words
        ("saobraćajac je uzeo te pare i pustio ga", OFFER),  # pointing back ("te pare")
        ("izvođač mu platio 5000 KM, šta sad s njim", TENDER),  # a thing of the act, pointing back ("mu")
        ("a izvođač da je platio, šta bi njemu bilo", TENDER),  # a hypothetical with the subject first
    ],
)
def test_the_other_party_of_the_threads_act_keeps_the_act(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert reading.kind == "continuation" and reading.adds, (text, reading.kind)
    assert previous.split()[0] in reading.inherited


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("vozač je onda udario saobraćajca i pobjegao", OFFER),  # the thread's own subject again: an act of its own
        ("komšija prijetio drugom komšiji da će ga ubiti", HOME),  # named in the thread only as a clause's subject
        ("a saobraćajac uzeo novac", SHOP),  # a person the thread did not name
        ("a izvođač neki drugi je prošle godine na drugom tenderu platio više ljudi iz općine", TENDER),  # longer
    ],
)
def test_an_act_of_its_own_is_not_the_other_party(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert not (reading.kind == "continuation" and reading.adds), (text, reading.kind)


@pytest.mark.parametrize(
    "text",
    [
        "kad smo stigli počeo nas je gurati i udario kolegu u stomak",
        "dok smo ga vezali ugrizao je kolegicu za ruku",
        "kada smo ga legitimisali prijetio nam je nožem",
    ],
)
def test_an_act_done_to_the_officers_on_duty_is_searched_with_the_official(text: str) -> None:
    reading = read_message(text, BAR)
    assert reading.kind in ("new", "related"), (text, reading.kind)
    assert reading.matter is not None and reading.matter.endswith(cues().officer_person), (text, reading.matter)


@pytest.mark.parametrize(
    "text",
    [
        "kad smo došli lik je već pobjegao sa torbom",  # nothing done to the officers
        "kolega iz Tuzle ima isti slučaj, kako kod njih",  # the colleague as subject
        "komšija mi šalje poruke da će me zaklati",  # no time clause of the officers' own doing
        "kolege su ga odvezle kad smo ga uhapsili",  # "kolege" as subject, no act done to them
    ],
)
def test_the_officers_named_otherwise_add_no_official(text: str) -> None:
    reading = read_message(text, BAR)
    assert cues().officer_person not in (reading.matter or ""), (text, reading.matter)


def test_a_first_question_gets_the_official_only_by_the_officers_reading() -> None:
    # Since the seventeenth round the officers' reading also reads a first message (tests/test_first_turn_stories.py):
    # "kad smo ga hapsili udario je kolegu" now searches the official too; other first questions read as before.
    assert (read_message("kad smo ga hapsili udario je kolegu", None).matter or "").endswith(cues().officer_person)
    assert read_message("kad smo došli već je pobjegao", None).matter is None
    assert read_message("a saobraćajac uzeo novac", None).kind == "new"


def test_the_path_keeps_the_act_for_the_other_party_and_searches_the_official() -> None:
    thread = Thread().after(Exchange(question=OFFER, standalone=OFFER, act=OFFER, articles=("KZ FBiH čl. 381",)))
    other = understand("a saobraćajac uzeo novac", thread)
    assert other.follow_up and other.kind == "continuation" and other.circumstance
    assert other.context is not None and "nudio" in other.context.words
    assert other.context.articles == ("KZ FBiH čl. 381",)
    assert "uzeo" in other.thread_act and "nudio" in other.thread_act

    bar = Thread().after(Exchange(question=BAR, standalone=BAR, act=BAR))
    hit = understand("kad smo stigli počeo nas je gurati i udario kolegu u stomak", bar)
    assert cues().officer_person in hit.query and "kolegu" in hit.query
