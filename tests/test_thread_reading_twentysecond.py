"""Later turns read by class of form, twenty-second round (issue 29; thread_reading.py, conversation.py, candidates.py).

A correction that takes back the thread's act — the negated word is a verb the thread told ("ne, nije ga ukrao, …"),
or the replacing part tells an act of its own ("nije bila roba, nego je prevozio ljude …") — no longer leaves the
article the previous answer served first for that act where the story's residue puts it: it is lowered by
KODEKS_THREAD_OWN_KIND (the unit a live thread lowers what its turn is not about by). A correction of a person, a thing or a number
("nije nož nego pištolj", "ne 90, 75 na sat") keeps its articles as before. Checked both ways: the reading, what
search is given, the search over the multi-code fixture, and the bot's path on the fake Bot API. Phrasings made up
for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kodeks.answering.conversation import TAKEN_BACK, Exchange, Thread, understand
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.search.thread_reading import read_message
from retrieval.types import ThreadContext
from tests.fakes.telegram_server import FakeTelegramServer
from tests.thread_helpers import federation_conversation

STOLEN = "komšija mu ukrao novčanik iz stana"
ANSWERED = ("KZ FBiH čl. 286", "KZ FBiH čl. 222", "KZ FBiH čl. 166", "KZ BiH čl. 171")


def answered(story: str, articles: tuple[str, ...], weak: bool = False) -> Thread:
    return Thread().after(Exchange(question=story, standalone=story, act=story, articles=articles, weak=weak))


def test_a_correction_that_takes_back_the_act_replaces_it() -> None:
    for message, thread in (
        ("ne, nije ga ukrao, posudio mu ga je i sad ga ne vraća", STOLEN),  # the thread's verb negated
        ("ne, nije bio novčanik, nego ga je udario šakom", STOLEN),  # an act of its own in the replacing part
        ("nije ukrao, imao je ključ od stana", STOLEN),  # the manner of the act, its verb taken back
    ):
        reading = read_message(message, thread)
        assert reading.kind == "correction" and reading.replaces, message


def test_a_correction_of_a_thing_or_a_number_keeps_the_act() -> None:
    for message, thread in (
        ("ne, nije novčanik nego mobitel", STOLEN),
        ("ne 90, 75 na sat", "kamion kroz naselje 90 na sat"),
    ):
        reading = read_message(message, thread)
        assert reading.kind == "correction" and not reading.replaces, message


def test_search_is_given_the_previous_articles_to_lower_only_when_the_act_is_taken_back() -> None:
    understood = understand("ne, nije ga ukrao, posudio mu ga je i sad ga ne vraća", answered(STOLEN, ANSWERED))
    assert understood.context is not None and understood.context.taken_back == ANSWERED[:TAKEN_BACK]
    assert understood.context.articles == ()  # never a bonus for them
    kept = understand("ne, nije novčanik nego mobitel", answered(STOLEN, ANSWERED))
    assert kept.context is not None and kept.context.taken_back == ()
    follow = understand("a koja je kazna za to?", answered(STOLEN, ANSWERED))
    assert follow.context is not None and follow.context.taken_back == ()


def test_the_article_taken_back_is_lowered(juris: Any) -> None:
    """Over the fixture's codes: the article taken back ranks no higher than in the same search without it."""
    scope = scope_of("FBiH")
    question = "uzeo mu je novčanik iz džepa"

    def scores(context: ThreadContext) -> dict[str, float]:
        return {h.id: h.score for h in juris.search(question, jurisdiction=scope, context=context).hits}

    plain = ThreadContext("komšija stan", (), dense=False)
    lowered = ThreadContext("komšija stan", (), dense=False, taken_back=("KZ FBiH čl. 286",))
    before, after = scores(plain), scores(lowered)
    assert "KZ FBiH čl. 286" in before
    ranked_before = sorted(before, key=before.__getitem__, reverse=True)
    ranked_after = sorted(after, key=after.__getitem__, reverse=True)
    assert ranked_after.index("KZ FBiH čl. 286") >= ranked_before.index("KZ FBiH čl. 286")
    assert ThreadContext(taken_back=("KZ FBiH čl. 286",)).to_dict()["taken_back"] == ["KZ FBiH čl. 286"]


async def test_the_bot_answers_a_correction_without_the_act_taken_back_first(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's theft, then "ne, nije ga ukrao, …" telling a killing: answered as a correction that
    follows the first question, its sources led by the killing, not by the theft taken back."""
    text, logged = await federation_conversation(
        telegram_server,
        juris_settings,
        juris,
        tmp_path,
        ["komšija mu ukrao novčanik iz stana, šta je to", "ne, nije ga ukrao, nego ga je usmrtio nožem"],
    )
    assert logged[1]["follows"] == logged[0]["id"]
    sources = text.split("Izvori:")[1]
    assert sources.split("\n•")[1].strip().endswith("Ubojstvo")  # the act told in place of the theft leads
