"""The extractive answer: plain about being extractive, cited, in the officer's script, never empty."""

from __future__ import annotations

import pytest

from kodeks.answering import Answerer
from kodeks.answering.extractive import MAX_ARTICLES, excerpt, extractive_answer, script_of
from kodeks.settings import load_settings
from retrieval.types import SearchResult
from tests.answering_helpers import ALCOHOL, FORGERY, FORGERY_RS, THEFT, hit, result


def test_script_detection() -> None:
    assert script_of("фалсификовао је исправу") == "cyrillic"
    assert script_of("neko mi je krivotvorio potpis") == "latin"
    assert script_of("član 373 КЗ") == "latin"
    assert script_of("") == "latin"


def test_lists_articles_with_excerpts_and_cites_them() -> None:
    hits = [hit(FORGERY), hit(THEFT), hit(ALCOHOL), hit(FORGERY_RS)]
    answer = extractive_answer("neko mi je krivotvorio potpis", hits, reason="test", prompt_version="p:1")
    assert answer.mode == "extractive" and answer.reason == "test" and not answer.flagged
    assert answer.text.startswith("Generisani odgovor trenutno nije dostupan.")
    assert [h.id for h in answer.citations] == [FORGERY.id, THEFT.id, ALCOHOL.id][:MAX_ARTICLES]
    assert "1. KZ FBiH, član 373 – Krivotvorenje isprave\n„(1) Ko napravi" in answer.text
    assert answer.text.count("KZ FBiH, član 373") == 1  # the chunk's repeated heading is not shown twice


def test_cyrillic_question_gets_cyrillic_text() -> None:
    answer = extractive_answer("фалсификовао је исправу", [hit(FORGERY_RS)], reason="r", prompt_version="p:1")
    assert answer.text.startswith("Генерисани одговор тренутно није доступан.")


@pytest.mark.parametrize("question", ["pitanje", "питање"])
def test_never_empty_even_without_hits(question: str) -> None:
    answer = extractive_answer(question, [], reason="r", prompt_version="p:1")
    assert answer.text.strip() and answer.citations == []


def test_excerpt_is_short_and_cut_at_a_word() -> None:
    long = FORGERY.__class__(**{**FORGERY.__dict__, "text": "riječ " * 200})
    h = hit(long)
    h.excerpt = ""
    text = excerpt(h, limit=50)
    assert len(text) <= 52 and text.endswith(" …") and "rije …" not in text


async def test_no_key_means_extractive_with_a_reason() -> None:
    answerer = Answerer(load_settings(_env_file=None))
    assert not answerer.uses_claude
    answer = await answerer.answer("neko mi je krivotvorio potpis", result(FORGERY, THEFT))
    assert answer.mode == "extractive" and "ANTHROPIC_API_KEY" in (answer.reason or "")
    assert answer.citation_ids == [FORGERY.id, THEFT.id]
    assert answer.prompt_version.startswith("system_bs:") and answer.llm_ms == 0.0
    empty = await answerer.answer("x", SearchResult(query="x", normalized="x", hits=[], level="top_k"))
    assert empty.text and empty.reason == "no articles retrieved"
    data = answer.to_dict()
    assert data["citations"][0]["label"] == FORGERY.label and data["mode"] == "extractive"


# --- search confidence carried to the answer --------------------------------------------------------


async def test_weak_search_says_the_laws_may_not_cover_it_and_covered_is_unknown() -> None:
    answerer = Answerer(load_settings(_env_file=None))
    weak = result(FORGERY, THEFT)
    weak.weak = True
    answer = await answerer.answer("koliko se moze drzati osumnjiceni", weak)
    assert answer.text.startswith("Pažnja: učitani zakoni možda ne pokrivaju ovo pitanje")
    assert answer.covered is None and answer.to_dict()["covered"] is None
    assert answer.citation_ids == [FORGERY.id, THEFT.id]  # the nearest articles are still shown, cited
    cyr = await answerer.answer("колико се може држати осумњичени", weak)
    assert cyr.text.startswith("Пажња: учитани закони можда не покривају")


async def test_confident_search_has_no_warning_and_covered_is_still_unknown() -> None:
    answerer = Answerer(load_settings(_env_file=None))
    answer = await answerer.answer("neko mi je krivotvorio potpis", result(FORGERY, THEFT))
    assert "možda ne pokrivaju" not in answer.text and answer.covered is None


async def test_weak_flag_does_not_leak_between_concurrent_questions() -> None:
    import asyncio

    answerer = Answerer(load_settings(_env_file=None))
    weak = result(FORGERY)
    weak.weak = True
    strong = result(THEFT)
    answers = await asyncio.gather(*(answerer.answer("q", r) for r in [weak, strong, weak, strong]))
    assert ["možda ne pokrivaju" in a.text for a in answers] == [True, False, True, False]


async def test_a_question_about_a_kind_of_law_not_loaded_names_it_first() -> None:
    """Search judged the question to be about a kind of law no loaded law is (coverage.missing): the answer
    says which, before anything else, in the officer's script — whoever wrote the rest."""
    answerer = Answerer(load_settings(_env_file=None))
    weak = result(FORGERY, THEFT)
    weak.weak = True
    weak.coverage = {"loaded": [], "missing": ["labour"], "missing_labels": ["zakon o radu"]}
    answer = await answerer.answer("kako se racuna otpremnina", weak)
    assert answer.text.startswith("⚠️ Za oblast ovog pitanja nije učitan propis (zakon o radu)")
    assert "Pažnja: učitani zakoni možda ne pokrivaju" in answer.text  # the extractive warning follows
    cyr = await answerer.answer("како се рачуна отпремнина", weak)
    assert cyr.text.startswith("⚠️ За област овог питања није учитан пропис (закон о раду)")
    weak.weak = False  # not weak (an offence the loaded laws have was found too): only a part is not covered
    partly = await answerer.answer("pas ugrizao dijete u parku", weak)
    assert partly.text.startswith("ℹ️ Pitanje se dotiče i oblasti za koju nije učitan propis (zakon o radu)")
    weak.coverage = {"loaded": ["criminal code"], "missing": [], "missing_labels": []}
    assert "nije učitan propis" not in (await answerer.answer("kako se racuna otpremnina", weak)).text
