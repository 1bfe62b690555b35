"""Follow-ups read by class of form, eighth round (issue 29; threads.toml [statement], thread_reading.py).

A short statement in a live thread that tells no act and has no subject of its own, and leans on the story by its
form — it points back, adds with "i"/"još" right after its first word or an auxiliary, or has no subject (an
auxiliary before any content word, a participle first, "se" second) — says how the story's persons or things are:
a circumstance of the thread's act, no longer a question of its own. Phrasings made up for these tests, not taken
from any benchmark's turns."""

from __future__ import annotations

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from retrieval.search.thread_reading import read_message

ASSAULT = "pretukao je komšiju ispred zgrade i uzeo mu novčanik"
BUS = "zaustavili smo autobus, vozač prevozi dvadeset stranaca bez papira preko granice"
SCAM = "lik preko interneta prodaje nepostojeće stanove i uzima kapare"
THREATS = "bivši joj šalje poruke da će je zaklati"


@pytest.mark.parametrize(
    ("text", "previous"),
    [
        ("imao je i palicu", ASSAULT),  # "i" after the auxiliary: something more of the same story
        ("među njima troje maloljetnih djevojčica bez roditelja", BUS),  # points back ("njima")
        ("radi se o preko dvjesto hiljada", SCAM),  # "se" second: no subject of its own
        (
            "a već je tri puta kažnjavan zbog nasilja",
            ASSAULT,
        ),  # an auxiliary before any content word: the thread's person
        ("piše i njenoj sestri", THREATS),  # "i" after its first word: the same act, to someone more
    ],
)
def test_a_statement_leaning_on_the_story_adds_a_circumstance(text: str, previous: str) -> None:
    reading = read_message(text, previous)
    assert reading.kind == "continuation" and reading.adds, (text, reading.kind)
    assert previous.split()[1] in reading.inherited


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("vozač nema vozačku dozvolu", "new"),  # a subject of its own (a noun the thread did not name)
        ("prodaju lažne ulaznice ispred stadiona", "new"),  # nothing ties it to the story
        ("kamion stoji na pruzi, vozač pobjegao", "new"),  # an act of its own
        # an act: a participle with a consonant before the l (with "i" after "smo" — "našli smo i pištolj …" — what the
        # officers found besides, a circumstance since the twenty-fourth round: test_thread_reading_twentyfourth.py)
        ("našli smo pištolj u gepeku", "new"),
        ("a za ono što mi je izgrebo auto ključem ispred zgrade", "related"),  # the dialect participle: an act
        ("a neko je cijelu noć bio u stanu sa djecom", "new"),  # an indefinite person: someone new, as before
        ("koliko može dobiti za to", "continuation"),  # a question: what the earlier rounds made of it
    ],
)
def test_a_statement_of_its_own_is_not_a_circumstance(text: str, kind: str) -> None:
    reading = read_message(text, ASSAULT)
    assert reading.kind == kind, (text, reading.kind)
    if kind != "continuation":
        assert not reading.adds


def test_the_path_carries_the_act_into_the_statement_and_on() -> None:
    thread = Thread().after(Exchange(question=ASSAULT, standalone=ASSAULT, articles=("KZ RS čl. 227",)))
    knife = understand("imao je i palicu", thread)
    assert knife.follow_up and knife.kind == "continuation" and knife.circumstance
    assert "komšiju" in knife.standalone and knife.context is not None and "komšiju" in knife.context.words
    # the thread goes on with the act and the circumstance: a later "koliko mu prijeti" still knows both
    after = knife.next_thread(Exchange(question=knife.question, standalone=knife.standalone, act=knife.thread_act))
    assert after.id == thread.id and "palicu" in after.last.act and "komšiju" in after.last.act
    later = understand("koliko mu prijeti?", after)
    assert later.context is not None and "palicu" in later.context.words
