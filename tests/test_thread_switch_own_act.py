"""Issue 29: a switch to another jurisdiction that names its act in its own words ("a kako je to što joj je ukrao
novčanik po zakonu RS?") is searched from the thread's act and from its own words alone, the two rankings fused
(`ThreadContext.own_act`, `Retriever._names_an_act`); a switch that names no act ("a u RS?") is searched from the
thread's act only, as before. Wording invented for these tests; the toy library of tests/test_library_priors.py and
the multi-code fixture of tests/juris_helpers.py, real embedder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from kodeks.answering.pipeline import with_named
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.types import ThreadContext
from tests.fakes.telegram_server import FakeTelegramServer
from tests.retrieval_helpers import index_rows
from tests.test_bot import OFFICER, rows, running_bot
from tests.test_bot_jurisdictions import juris_bot_settings, plain
from tests.test_library_priors import library_rows

FAMILY = "muž tuče ženu u stanu, djeca gledaju, komšinica zvala policiju"
SWITCH_WITH_ACT = "a kako je po zakonu RS to što joj je ukrao novčanik?"


def _thread() -> Thread:
    return Thread().after(Exchange(FAMILY, FAMILY, act=FAMILY))


def test_a_switch_asks_for_its_own_words_to_be_weighed() -> None:
    understood = with_named(understand(SWITCH_WITH_ACT, _thread()), scope_of("FBiH"))
    assert understood.kind == "continuation" and understood.jurisdiction == "RS"
    context = understood.context
    assert context is not None and context.own_act and not context.alone and context.to_dict()["own_act"]
    assert "ukrao" in understood.query and "tuče" in context.words


def test_a_continuation_in_the_threads_own_jurisdiction_is_fused_as_before() -> None:
    context = understand("a koja je kazna za to?", _thread()).context
    assert context is not None and context.alone and not context.own_act


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The toy library with the fusion's weight of the message's own ranking (KODEKS_THREAD_ALONE) raised, so that what
    it fuses shows in six articles of one code: at the shipped 0.2 it moves an article about two places."""
    from retrieval.search.retriever import Retriever

    settings = index_rows(tmp_path_factory.mktemp("switch-own-act"), library_rows())
    return Retriever.open(settings.model_copy(update={"ranker": "off", "thread_alone": 2.0}))


def _ranked(retriever: Any, query: str, own_act: bool) -> list[str]:
    context = ThreadContext(FAMILY, (), named="RS", own_act=own_act)
    return [h.id for h in retriever.search(query, jurisdiction=scope_of("RS"), context=context).hits]


def test_a_switch_whose_own_words_name_an_act_finds_that_act(library: Any) -> None:
    """The thread's act (a man beating his wife) leads the thread's search; the switch's own words name a theft ("ukrao"
    → "krađa", the title of an article they find alone): fused, the theft comes first."""
    query = "a kako je to što joj je ukrao novčanik"
    before, after = _ranked(library, query, False), _ranked(library, query, True)
    assert before[0] == "KZ RS čl. 190" and after[0] == "KZ RS čl. 224"
    assert all(a.startswith("KZ RS") for a in after[:3])  # the jurisdiction asked for, in the fusion too


def test_a_switch_that_names_no_act_is_searched_from_the_threads_act(library: Any) -> None:
    """ "a kako je to" names nothing (no legal term): the thread's search alone, as before."""
    assert _ranked(library, "a kako je to", True) == _ranked(library, "a kako je to", False)


def test_words_that_reach_no_title_leave_the_thread_to_lead(library: Any) -> None:
    """A legal term the vocabulary reads in the words ("pištolj" → "oružje") that titles none of the articles the words
    find alone names no act of this library: the thread's search, as before."""
    query = "a kako je to sa pištoljem"
    assert _ranked(library, query, True) == _ranked(library, query, False)


async def test_the_bot_answers_a_switch_naming_its_act_from_that_act(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread about violence in the family, then the RS law asked for a theft told in the same
    message: answered from the RS code's theft, labelled as the law asked for."""
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        _, switched = await telegram_server.converse(OFFICER, [FAMILY, SWITCH_WITH_ACT])
    text = plain(switched)
    assert "Republika Srpska (RS)" in text
    sources = text.split("Izvori:")[1]
    assert "KZ RS" in sources and "Krađa" in sources
    logged = rows(log_path)
    assert [r["jurisdiction"] for r in logged] == ["FBiH", "RS"]
