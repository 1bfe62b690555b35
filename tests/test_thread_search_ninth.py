"""Issue 29, ninth round: a thread that asked for another jurisdiction's law by name is searched in that
jurisdiction's own laws first. The officer's scope for such a turn is the named jurisdiction and the levels above it
(the state's criminal code, the state's traffic law); a switch ("a kako je to u Republici Srpskoj?") asks for the
entity's code, so the laws of the levels above are lowered as off the turn's topic (KODEKS_TOPIC_AFFINITY) and by
KODEKS_THREAD_NAMED more — a story whose everyday words reach the state's traffic law is not answered from it.
Wording invented for these tests; the toy library of tests/test_library_priors.py, real embedder."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kodeks.answering.conversation import Exchange, Thread, understand
from kodeks.answering.pipeline import with_named
from retrieval.jurisdictions import scope_of
from retrieval.types import ThreadContext
from tests.retrieval_helpers import index_rows
from tests.test_library_priors import library_rows

STORY = "uzeo je torbu iz kamiona na parkingu ispred robne kuće"
ANSWER = ("KZ FBiH čl. 286", "KZ FBiH čl. 287")


def _thread(jurisdiction: str | None = None) -> Thread:
    return Thread().after(Exchange(STORY, STORY, articles=ANSWER, jurisdiction=jurisdiction))


@pytest.mark.parametrize(
    "text",
    ["a kako je to u Republici Srpskoj?", "а у РС?", "a po zakonu RS koji je to član?"],
)
def test_a_switch_to_another_jurisdiction_carries_its_name(text: str) -> None:
    understood = with_named(understand(text, _thread()), scope_of("FBiH"))
    assert understood.follow_up and understood.context is not None
    assert understood.context.named == "RS" and understood.context.to_dict()["named"] == "RS"


def test_the_thread_keeps_the_name_and_a_turn_without_one_has_none() -> None:
    officer = scope_of("FBiH")
    kept = with_named(understand("a koja je kazna za to?", _thread(jurisdiction="RS")), officer)  # after "a u RS?"
    assert kept.context is not None and kept.context.named == "RS"
    plain = with_named(understand("a koja je kazna za to?", _thread()), officer)
    assert plain.context is not None and plain.context.named is None and "named" not in plain.context.to_dict()


def test_the_officer_s_own_jurisdiction_named_as_the_story_s_place_is_no_switch() -> None:
    """ "u Brčkom …" told by a Brčko officer is where it happened: the state's laws of the scope keep their place (a
    smuggling or a terrorism case there is the state's); without an officer's scope a name changes nothing either."""
    understood = understand("a koja je kazna za to?", _thread(jurisdiction="BD"))
    assert with_named(understood, scope_of("BD")).context == understood.context
    assert with_named(understand("а у РС?", _thread()), None).context.named is None  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from retrieval.search.retriever import Retriever

    settings = index_rows(tmp_path_factory.mktemp("thread-named"), library_rows())
    return Retriever.open(settings.model_copy(update={"ranker": "off"}))


def _scores(retriever: Any, named: str | None, scope: str = "RS") -> dict[str, float]:
    context = ThreadContext("ostavio je kamion na parkingu, a u njemu ukradenu robu", (), dense=False, named=named)
    hits = retriever.search("a kako je to po njihovom zakonu", jurisdiction=scope_of(scope), context=context).hits
    return {h.id: h.score for h in hits}


def test_the_named_jurisdiction_s_own_laws_before_the_levels_above(library: Any) -> None:
    """Every article of the levels above (the state's traffic law and criminal code) is lowered by the topic affinity
    and KODEKS_THREAD_NAMED; the named entity's own articles keep their scores."""
    plain, named = _scores(library, None), _scores(library, "RS")
    lowered = library.settings.topic_affinity + library.settings.thread_named
    above = [i for i in plain if not i.startswith("KZ RS")]
    own = [i for i in plain if i.startswith("KZ RS")]
    assert above and own and library.settings.topic_affinity > 0 and library.settings.thread_named > 0
    for article in above:
        assert named.get(article, -np.inf) <= plain[article] - lowered + 1e-6
    for article in own:
        if article in named:
            assert named[article] == pytest.approx(plain[article])


def test_no_preference_without_a_law_of_the_named_jurisdiction_or_with_the_setting_off(library: Any) -> None:
    """Brčko has no law in the toy library: its scope is the state's laws alone, and nothing is lowered. Off:
    KODEKS_THREAD_NAMED=0."""
    from retrieval.search.retriever import Retriever

    assert _scores(library, "BD", scope="BD") == pytest.approx(_scores(library, None, scope="BD"))
    off = Retriever.open(library.settings.model_copy(update={"thread_named": 0.0}))
    assert _scores(off, "RS") == pytest.approx(_scores(library, None))
