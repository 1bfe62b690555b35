"""Query rewriting by Claude before search, against the stand-in Anthropic server: the rewrite is
fused with the question, cached by normalised question, bounded by a timeout, and any failure
falls back to plain search."""

from __future__ import annotations

import logging

import pytest

from kodeks.answering.pipeline import Pipeline
from kodeks.answering.rewrite import ClaudeRewriter, normalised
from retrieval.search.retriever import Retriever
from retrieval.search.rewriting import QueryRewriter
from tests.fakes.anthropic_server import claude_settings, error, slow, text_reply, user_texts

THEFT_REWRITE = "teška krađa obijanjem zatvorenog prostora vozila"


@pytest.fixture
def index_settings(sample_index, tmp_path):
    """The sample index, with the rewrite cache in a fresh directory per test."""
    import shutil

    data = tmp_path / "data"
    shutil.copytree(sample_index.data_dir, data)
    return sample_index.model_copy(update={"data_dir": data})


def test_claude_rewriter_is_a_query_rewriter(fake_anthropic, index_settings) -> None:
    rewriter = ClaudeRewriter(claude_settings(fake_anthropic, index_settings))
    assert isinstance(rewriter, QueryRewriter)
    rewriter.close()


def test_rewrite_is_fused_logged_and_cached_by_normalised_question(fake_anthropic, index_settings, caplog) -> None:
    settings = claude_settings(fake_anthropic, index_settings, rewrite_model="claude-fast-test")
    retriever = Retriever.open(settings)
    retriever.rewriter = ClaudeRewriter(settings)
    fake_anthropic.default = text_reply(THEFT_REWRITE)
    with caplog.at_level(logging.INFO, logger="kodeks.rewrite"):
        first = retriever.search("obio auto i ukrao radio")
        again = retriever.search("  OBIO auto i ukrao   radio ")  # same question, typed differently
        cyr = retriever.search("обио ауто и украо радио")
    assert len(fake_anthropic.requests) == 1  # one call; the other two came from the cache
    body = fake_anthropic.requests[0]
    assert body["model"] == "claude-fast-test" and "obio auto i ukrao radio" in user_texts(body)[0]
    assert "Krivični zakon" in user_texts(body)[0] or "KZ" in user_texts(body)[0]  # the laws (their variant) are named
    for result in (first, again, cyr):
        rewrites = [e for e in result.expansions if e["source"] == "rewrite"]
        assert rewrites == [
            {"source": "rewrite", "matched": normalised("obio auto i ukrao radio"), "adds": THEFT_REWRITE}
        ]
        assert "rewrite" in result.timings_ms
    ours = [r.getMessage().split()[1] for r in caplog.records if r.name == "kodeks.rewrite"]
    assert ours == ["cached=no", "cached=yes", "cached=yes"]
    assert all(
        "obio" not in r.getMessage() for r in caplog.records if r.name == "kodeks.rewrite"
    )  # the question itself is not logged here
    assert retriever.rewriter.cache.count() == 1
    # the raw question still counts: the same hits come first with or without the rewrite
    plain = retriever.search("obio auto i ukrao radio", use_rewriter=False)
    assert plain.expansions and all(e["source"] != "rewrite" for e in plain.expansions)
    retriever.rewriter.close()


def test_timeout_falls_back_to_plain_search_and_is_not_cached(fake_anthropic, index_settings) -> None:
    settings = claude_settings(fake_anthropic, index_settings, rewrite_timeout=0.3)
    retriever = Retriever.open(settings)
    retriever.rewriter = ClaudeRewriter(settings)
    plain = [h.id for h in retriever.search("neko mi je krivotvorio potpis", use_rewriter=False).hits]
    fake_anthropic.script(slow(3.0, text_reply("krivotvorenje isprave")))
    result = retriever.search("neko mi je krivotvorio potpis")
    assert [h.id for h in result.hits] == plain
    assert all(e["source"] != "rewrite" for e in result.expansions)
    assert retriever.rewriter.cache.count() == 0
    retriever.rewriter.close()


@pytest.mark.parametrize("behaviour", [error(500), error(429), error(401), text_reply("   ")])
def test_api_errors_and_empty_replies_fall_back_to_plain_search(fake_anthropic, index_settings, behaviour) -> None:
    settings = claude_settings(fake_anthropic, index_settings)
    retriever = Retriever.open(settings)
    retriever.rewriter = ClaudeRewriter(settings)
    plain = [h.id for h in retriever.search("sta ako vozac odbije alkotest", use_rewriter=False).hits]
    fake_anthropic.script(behaviour)
    result = retriever.search("sta ako vozac odbije alkotest")
    assert [h.id for h in result.hits] == plain and result.hits
    assert len(fake_anthropic.requests) == 1  # one bounded attempt, no retries
    retriever.rewriter.close()


async def test_pipeline_rewrites_only_with_a_key(fake_anthropic, index_settings) -> None:
    fake_anthropic.default = text_reply(THEFT_REWRITE)
    async with Pipeline(claude_settings(fake_anthropic, index_settings, rewrite=False)) as off:
        await off.ask("obio auto i ukrao radio")

    def rewrite_calls() -> int:
        return sum(
            1 for b in fake_anthropic.requests if user_texts(b) and user_texts(b)[0].startswith("Učitani zakoni:")
        )

    assert len(fake_anthropic.requests) == 1 and rewrite_calls() == 0  # only the answer call
    fake_anthropic.requests.clear()
    async with Pipeline(claude_settings(fake_anthropic, index_settings, rewrite=True)) as on:
        res = await on.ask("obio auto i ukrao radio")
    assert any(e["source"] == "rewrite" for e in res.search.expansions) and rewrite_calls() == 1
    async with Pipeline(index_settings) as keyless:  # no key: no rewriter, extractive answer
        res = await keyless.ask("obio auto i ukrao radio")
    assert all(e["source"] != "rewrite" for e in res.search.expansions)


async def test_a_pipeline_detaches_its_rewriter_from_a_shared_retriever(fake_anthropic, index_settings) -> None:
    retriever = Retriever.open(index_settings)
    async with Pipeline(claude_settings(fake_anthropic, index_settings, rewrite=True), retriever=retriever):
        assert retriever.rewriter is not None
    assert retriever.rewriter is None


def test_a_follow_up_rewrite_may_not_bring_in_numbers_or_laws_the_thread_lacks() -> None:
    from kodeks.answering.rewrite import introduced, thread_sources

    thread = (
        "1. pitanje: ukrao mi je mobitel\n   članovi u odgovoru: KZ RS, član 224 – Krađa\n"
        "   - Kazna je zatvor do 999 dana."
    )
    sources = thread_sources("a koja je kazna za 2 mobitela?", thread)
    assert introduced("Koja je kazna za krađu 2 mobitela iz člana 224 KZ RS?", sources) == []
    assert introduced("Je li kazna sto godina zatvora po KZ FBiH čl. 999?", sources) == [
        "number 100",
        "number 999",
        "law FBiH",
    ]  # a claim's 999 is not the officer's
    assert introduced("Šta kaže Zakon o oružju?", sources) == ["law o oruzju"]
