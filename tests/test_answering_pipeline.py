"""Pipeline end to end over the real sample index: search in a thread, then answer."""

from __future__ import annotations

import asyncio

import pytest

from kodeks.answering import Answerer, Pipeline, PipelineResult
from kodeks.errors import KodeksError
from kodeks.settings import Settings, load_settings
from tests.fakes.anthropic_server import FakeAnthropic, claude_settings, passage_ids, reply


async def test_no_key_gives_an_extractive_answer_from_the_index(sample_index: Settings, retriever) -> None:
    pipeline = Pipeline(sample_index, retriever=retriever)
    result = await pipeline.ask("neko mi je krivotvorio potpis")
    assert isinstance(result, PipelineResult)
    assert result.answer.mode == "extractive" and result.answer.citations
    assert result.answer.citation_ids[0] == "KZ FBiH čl. 373"
    assert set(result.timings_ms) == {"retrieval", "llm", "total"}
    assert result.timings_ms["total"] >= result.timings_ms["retrieval"]
    data = result.to_dict()
    assert data["level"] == result.search.level and data["answer"]["mode"] == "extractive"
    assert data["search"]["hits"][0]["id"] == "KZ FBiH čl. 373"


async def test_claude_answer_cites_what_retrieval_found(
    sample_index: Settings, retriever, fake_anthropic: FakeAnthropic
) -> None:
    settings = claude_settings(fake_anthropic, base=sample_index)
    async with Pipeline(settings, retriever=retriever) as pipeline:
        result = await pipeline.ask("sta ako vozac odbije alkotest")
    [body] = fake_anthropic.requests
    sent = passage_ids(body)
    assert sent == [h.id for h in result.search.hits]
    assert result.answer.mode == "claude" and result.answer.citation_ids == [sent[0]]
    assert result.timings_ms["llm"] == result.answer.llm_ms > 0


async def test_law_filter_reaches_retrieval(sample_index: Settings, retriever) -> None:
    result = await Pipeline(sample_index, retriever=retriever).ask("krivotvorenje isprave", law="KZ RS")
    assert {h.article.law for h in result.search.hits} == {"KZ RS"}
    assert result.answer.citation_ids[0] == "KZ RS čl. 373"


async def test_concurrent_questions_share_one_answerer(
    sample_index: Settings, retriever, fake_anthropic: FakeAnthropic
) -> None:
    async def answer_per_question(body: dict) -> object:
        return reply([("Odgovor.", [passage_ids(body)[0]])])(body)

    fake_anthropic.default = answer_per_question
    settings = claude_settings(fake_anthropic, base=sample_index)
    questions = ["ukrao mi je mobitel", "vozac pobjegao sa mjesta nezgode", "covjek se tuce i vice na ulici"]
    async with Pipeline(settings, retriever=retriever) as pipeline:
        results = await asyncio.gather(*(pipeline.ask(q) for q in questions))
    assert [r.question for r in results] == questions
    assert all(r.answer.mode == "claude" for r in results)
    assert len(fake_anthropic.requests) == 3


async def test_retriever_opened_lazily_from_settings(sample_index: Settings) -> None:
    pipeline = Pipeline(sample_index)
    first, second = await asyncio.gather(pipeline.ask("ukrao mi je mobitel"), pipeline.ask("krađa"))
    assert first.answer.citations and second.answer.citations
    assert await pipeline.retriever() is await pipeline.retriever()


async def test_missing_index_is_a_kodeks_error(tmp_path) -> None:
    pipeline = Pipeline(load_settings(_env_file=None, data_dir=tmp_path / "empty"))
    with pytest.raises(KodeksError):
        await pipeline.ask("pitanje")


def test_pipeline_accepts_a_ready_answerer(sample_index: Settings, retriever) -> None:
    answerer = Answerer(sample_index)
    assert Pipeline(sample_index, retriever=retriever, answerer=answerer).answerer is answerer
