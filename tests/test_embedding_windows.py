"""Long questions are embedded as windows of bounded length (issue 21): no embedding call reads more than
KODEKS_EMBED_WINDOW_CHARS characters, every word of the question is in some window, short questions are
embedded whole, and the lexical side still reads the whole question."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

LONG = (
    "Prije dvije sedmice moj komšija je parkirao auto ispred moje garaže i od tada ga ne pomjera. "
    "Kada sam ga zamolio da ga skloni, počeo je vikati na mene i prijetiti da će mi zapaliti kuću. "
    "Sutradan sam na vratima našao poruku u kojoj piše da ću zažaliti ako ga prijavim policiji! "
    "Moja supruga se boji izaći iz kuće, a djeca ne idu sama u školu. Komšija je i ranije bio nasilan "
    "prema drugima u ulici; jednom je udario čovjeka koji mu je prigovorio zbog buke. "
    "Šta mogu uraditi i da li je ovo krivično djelo prijetnje ili nešto drugo?"
)


def test_a_short_question_is_embedded_whole() -> None:
    from retrieval.search.subqueries import embedding_windows

    assert embedding_windows("ukrao mi je mobitel", 400) == ["ukrao mi je mobitel"]
    assert embedding_windows(LONG, 0) == [LONG]  # 0: no windows (the old behaviour, for comparisons)


def test_a_long_question_becomes_windows_of_whole_sentences() -> None:
    from retrieval.search.subqueries import embedding_windows

    windows = embedding_windows(LONG, 250)
    assert len(windows) > 2 and all(len(w) <= 250 for w in windows)
    assert " ".join(windows).split() == LONG.split()
    assert windows[0].startswith("Prije dvije sedmice") and windows[0].endswith(".")


@hsettings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from("ab čd.!? \n"), max_size=600), st.integers(min_value=1, max_value=120))
def test_windows_are_bounded_and_keep_every_word_in_order(text: str, limit: int) -> None:
    from retrieval.search.subqueries import embedding_windows

    windows = embedding_windows(text, limit)
    if len(" ".join(text.split())) <= limit:
        assert windows == [text]
        return
    assert all(0 < len(w) <= limit for w in windows)
    assert "".join("".join(windows).split()) == "".join(text.split())


class Recording:
    """The real embedder, recording what each call reads."""

    def __init__(self, embedder: Any) -> None:
        self.inner = embedder
        self.calls: list[list[str]] = []

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return self.inner.embed_queries(texts)


@pytest.fixture
def recording(retriever: Any) -> Any:
    finder = retriever.candidates
    real = finder.embedder
    finder.embedder = Recording(real)
    try:
        yield finder.embedder
    finally:
        finder.embedder = real


def test_no_embedding_call_of_a_long_question_reads_more_than_a_window(retriever: Any, recording: Recording) -> None:
    limit = getattr(retriever.settings, "embed_window_chars", 400)  # the shipped bound
    question = (LONG + " ") * 2  # ~1,000 characters, as KODEKS_MAX_QUESTION_CHARS allows
    result = retriever.search(question)
    assert result.hits
    assert len(recording.calls) > 2 and all(len(texts) == 1 and len(texts[0]) <= limit for texts in recording.calls)
    recording.calls.clear()
    retriever.search("ukrao mi je mobitel")
    assert recording.calls == [["ukrao mi je mobitel"]]
