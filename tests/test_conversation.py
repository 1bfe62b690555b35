"""Follow-ups in a conversation: the rules that tell one (no key), Claude's stand-alone rewrite (a key, against
the stand-in Anthropic server), what search inherits, and the previous exchanges in the answer prompt."""

from __future__ import annotations

import shutil
from dataclasses import replace
from typing import Any

import pytest

from kodeks.answering.conversation import Exchange, Thread, thread_text, understand
from kodeks.answering.pipeline import Pipeline
from kodeks.answering.rewrite import ClaudeRewriter
from retrieval.language.followups import content_words, inherited_text, is_follow_up, stand_alone
from retrieval.search.followup import fuse_alone
from retrieval.search.retriever import Retriever
from retrieval.search.rewriting import FollowUpRewriter
from retrieval.types import ThreadContext
from tests.fakes.anthropic_server import (
    claude_settings,
    error,
    passage_ids,
    reply,
    slow,
    standin_claude,
    system_text,
    text_reply,
    user_texts,
)

ALCOHOL = "sta ako vozac odbije alkotest"


# --- the rules (no key) ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "a koja je kazna?",
        "A ako je imao nož?",
        "i šta onda?",
        "isto za suvozača?",
        "pa ko plaća?",
        "kolika je kazna?",
        "može li mu se oduzeti vozačka?",
        "šta ako ga sam preda?",
        "а ако је имао нож?",
        "koliko za to ide zatvora?",
        "a firma koja ga je poslala?",
        "a ako ga je samo htio udariti pa je ovaj pao i umro?",
    ],
)
def test_messages_that_lean_on_the_one_before(text: str) -> None:
    assert is_follow_up(text)


@pytest.mark.parametrize(
    "text",
    [
        "neko mi je krivotvorio potpis",
        "koja je kazna za krađu?",
        "vozač odbio da duva u alkotest",
        "ukrali su mi auto ispred kuće noćas dok smo spavali, a kamera je sve snimila i imamo tablice",
        "ako neko provali u prodavnicu noću i odnese kasu sa novcem, koje je to djelo",
        "a ukrali su mi auto ispred kuće",
        "a tukli se ispred kafića, jedan ima slomljen nos",  # a new matter told with "a"
    ],
)
def test_questions_of_their_own(text: str) -> None:
    assert not is_follow_up(text)


def test_a_follow_up_inherits_the_question_it_follows_as_written() -> None:
    previous = "vozač odbio da duva u alkotest"
    assert content_words(previous) == ["vozač", "odbio", "duva", "alkotest"]  # as typed: the embedder reads č
    assert content_words("возач је одбио алкотест") == ["возач", "одбио", "алкотест"]
    assert stand_alone("a koja je kazna?", previous) == "vozač odbio da duva u alkotest a koja je kazna?"
    long_ago = " ".join(f"rijec{n}" for n in range(60))
    assert inherited_text(long_ago).split() == long_ago.split()[:40]  # the start, where the matter was said


def exchange(question: str, articles: tuple[str, ...] = (), **kw: Any) -> Exchange:
    return Exchange(question=question, standalone=kw.pop("standalone", question), articles=articles, **kw)


def test_understand_by_the_rules() -> None:
    thread = Thread().after(exchange(ALCOHOL, ("ZOBS BiH čl. 174",)))
    follow = understand("a koja je kazna?", thread)
    assert follow.follow_up and follow.by == "rules" and follow.query == "a koja je kazna?"
    # own words also ranked alone; the kind of law of the answer's first articles kept (issue 29, seventh round)
    assert follow.context == ThreadContext(ALCOHOL, ("ZOBS BiH čl. 174",), alone=True, law_of=("ZOBS BiH čl. 174",))
    assert "alkotest" in follow.standalone and follow.summary().startswith("„a koja je kazna“ – nastavak na")
    alone = understand("neko mi je krivotvorio potpis", thread)
    assert not alone.follow_up and alone.summary() == "" and alone.query == "neko mi je krivotvorio potpis"
    # a question of its own: nothing of the thread but its kind of law (issue 29, twenty-first round)
    assert alone.context == ThreadContext(law_of=("ZOBS BiH čl. 174",), own=True)
    assert not understand("a koja je kazna?", None).follow_up and not understand("a koja je kazna?", Thread()).follow_up


def test_a_thread_remembers_three_exchanges_and_counts_every_turn() -> None:
    thread = Thread()
    for n in range(5):
        thread = thread.after(exchange(f"pitanje {n}"))
    assert thread.turns == 5 and [e.question for e in thread.exchanges] == ["pitanje 2", "pitanje 3", "pitanje 4"]
    assert thread.topic == "pitanje 0" and thread.with_row(7).last.row_id == 7


def test_a_new_topic_starts_a_new_thread_and_a_follow_up_continues_it() -> None:
    thread = Thread().after(exchange(ALCOHOL))
    follow = understand("a koja je kazna?", thread)
    assert follow.next_thread(exchange("a koja je kazna?")).id == thread.id
    fresh = understand("neko mi je krivotvorio potpis", thread)
    after = fresh.next_thread(exchange("neko mi je krivotvorio potpis"))
    assert after.id != thread.id and after.turns == 1


# --- search inherits -------------------------------------------------------------------------------


def test_the_previous_answers_articles_get_a_bonus_but_are_not_served_blindly(retriever: Retriever) -> None:
    plain = retriever.search("a koja je kazna?", k=5)
    target = next(h.id for h in plain.hits[::-1])  # the weakest of the five
    boosted = retriever.search("a koja je kazna?", k=5, context=ThreadContext(articles=(target,)))
    assert [h.id for h in boosted.hits].index(target) < [h.id for h in plain.hits].index(target)
    assert boosted.thread == {"words": "", "articles": [target]}
    unrelated = retriever.search(
        "krivotvorio potpis na ugovoru", k=2, context=ThreadContext(articles=("ZJRM KS čl. 8",))
    )
    assert "ZJRM KS čl. 8" not in [h.id for h in unrelated.hits]


def test_inherited_words_bring_the_matter_back(retriever: Retriever) -> None:
    alone = retriever.search("a koja je kazna?", k=3)
    follow = retriever.search("a koja je kazna?", k=3, context=ThreadContext("vozac odbije alkotest"))
    assert "ZOBS BiH čl. 174" in [h.id for h in follow.hits]
    assert [h.id for h in alone.hits] != [h.id for h in follow.hits]


def test_a_continuation_is_fused_with_its_own_words_ranked_alone() -> None:
    """Issue 29, fifth round: the thread's ranking leads; what the message's own words rank first moves up a few
    places; beyond the fused depth the thread's order is kept."""
    thread, own = ["a", "b", "c", "d", "e"], ["e", "x"]
    assert fuse_alone(thread, own, 0.2, key=str) == ["a", "e", "b", "c", "d", "x"]
    assert fuse_alone(thread, own, 0.0, key=str) == thread and fuse_alone(thread, [], 0.2, key=str) == thread
    deep = [f"t{n}" for n in range(30)]
    assert fuse_alone(deep, ["y"], 0.2, key=str)[-10:] == deep[20:]
    # which messages: a continuation in the thread's jurisdiction — not a switch, not a correction
    thread_of = Thread().after(exchange(ALCOHOL, ("ZOBS BiH čl. 174",)))
    assert understand("a ako je imao i 1,5 promila?", thread_of).context.alone
    assert not understand("a po zakonu RS?", thread_of).context.alone
    assert not understand("ne, nije odbio alkotest, nego je pobjegao s kontrole", thread_of).context.alone


def test_a_continuation_keeps_what_its_own_words_find(retriever: Retriever) -> None:
    own = retriever.search("krivotvorio potpis na ugovoru", k=5).hits[0].id
    pulled = ThreadContext("vozac odbije alkotest")
    thread = [h.id for h in retriever.search("krivotvorio potpis na ugovoru", k=5, context=pulled).hits]
    fused = retriever.search("krivotvorio potpis na ugovoru", k=5, context=replace(pulled, alone=True))
    assert fused.thread is not None and fused.thread["alone"] is True
    ids = [h.id for h in fused.hits]
    assert own in ids and ids.index(own) <= (thread.index(own) if own in thread else len(thread))


async def test_the_pipeline_answers_a_follow_up_from_its_stand_alone_question(sample_index, retriever) -> None:
    async with Pipeline(sample_index, retriever=retriever) as pipeline:
        first = await pipeline.ask(ALCOHOL)
        thread = first.next_thread(row_id=1)
        second = await pipeline.ask("a koja je kazna?", thread=thread)
    assert second.understood.follow_up and "alkotest" in second.standalone
    assert second.search.thread["words"] == ALCOHOL
    assert second.search.thread["articles"] == [h.id for h in first.answer.citations]
    assert "ZOBS BiH čl. 174" in [h.id for h in second.search.hits[:3]]
    assert second.to_dict()["understood"]["by"] == "rules" and second.next_thread().id == thread.id


# --- with a key: Claude's stand-alone rewrite and the previous exchanges in the prompt ---------------------


@pytest.fixture
def keyed(fake_anthropic, sample_index, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(sample_index.data_dir, data)
    return claude_settings(fake_anthropic, sample_index.model_copy(update={"data_dir": data}), rewrite=True)


def test_claude_rewriter_is_a_follow_up_rewriter_and_caches_by_question_and_thread(fake_anthropic, keyed) -> None:
    rewriter = ClaudeRewriter(keyed)
    try:
        assert isinstance(rewriter, FollowUpRewriter)
        fake_anthropic.default = text_reply("Koja je kazna za vozača koji odbije alkotest?")
        thread = thread_text(Thread().after(exchange(ALCOHOL, labels=("ZOBS BiH, član 174",))))
        assert rewriter.stand_alone("a koja je kazna?", thread) == "Koja je kazna za vozača koji odbije alkotest?"
        assert rewriter.stand_alone("A kojá je  kazna?", thread) == "Koja je kazna za vozača koji odbije alkotest?"
        [request] = fake_anthropic.requests
        assert "samostalno pitanje" in system_text(request) and request["model"] == keyed.rewrite_model
        sent = user_texts(request)[0]
        assert "1. pitanje: sta ako vozac odbije alkotest" in sent and "ZOBS BiH, član 174" in sent
        assert sent.endswith("Novo pitanje: a koja je kazna?")
        rewriter.stand_alone("a koja je kazna?", thread + "\n2. pitanje: nesto drugo")  # another thread: asked again
        assert len(fake_anthropic.requests) == 2
    finally:
        rewriter.close()


def test_a_failed_rewrite_falls_back_to_the_rules_and_an_unchanged_one_stands_alone(fake_anthropic, keyed) -> None:
    rewriter = ClaudeRewriter(keyed.model_copy(update={"rewrite_timeout": 0.5}))
    thread = Thread().after(exchange(ALCOHOL))
    try:
        fake_anthropic.script(error(500), slow(2))
        assert understand("a koja je kazna?", thread, rewriter).by == "rules"
        assert understand("a koja je kazna?", thread, rewriter).by == "rules"
        fake_anthropic.script(text_reply("Neko mi je krivotvorio potpis."))
        assert not understand("neko mi je krivotvorio potpis", thread, rewriter).follow_up
    finally:
        rewriter.close()


async def test_claude_gets_the_previous_exchange_in_its_own_block_and_cites_only_this_turn(
    fake_anthropic, keyed
) -> None:
    retriever = Retriever.open(keyed)
    answers: list[dict[str, Any]] = []

    def claude(body: dict[str, Any]) -> Any:
        if body.get("tools"):
            answers.append(body)
            ids = passage_ids(body)
            # one claim cites a passage of this turn, one an article only the previous exchange mentions
            return reply([("Kazna je propisana.", [ids[0]]), ("Kao ranije.", ["KZ RS čl. 999"])])(body)
        return standin_claude(body)

    fake_anthropic.default = claude
    async with Pipeline(keyed, retriever=retriever) as pipeline:
        first = await pipeline.ask("sta ako vozac odbije alkotest <b>odmah</b>")
        thread = first.next_thread(row_id=1)
        thread = replace(thread, exchanges=(replace(thread.last, labels=("KZ RS, član 999 – Izmišljen",)),))
        second = await pipeline.ask("a koja je kazna?", thread=thread)
    assert second.understood.by == "claude" and "alkotest" in second.standalone
    block = next(t for t in user_texts(answers[-1]) if t.startswith("<previous_exchanges>"))
    assert "sta ako vozac odbije alkotest &lt;b&gt;odmah&lt;/b&gt;" in block  # escaped: it is data
    assert "<cited>KZ RS, član 999 – Izmišljen</cited>" in block and "<understood>" in block
    assert user_texts(answers[-1])[-1].startswith("<question>\na koja je kazna?")
    assert "<previous_exchanges>" not in "".join(user_texts(answers[0]))  # the first turn had no thread
    assert "KZ RS čl. 999" in second.answer.invalid_citations and all(
        h.id != "KZ RS čl. 999" for h in second.answer.citations
    )
    assert "previous_exchanges" in system_text(answers[-1]) and "2026-12-02" in second.answer.prompt_version


def test_the_reading_binds_the_rewrite_a_new_topic_is_never_glued_to_the_thread(fake_anthropic, keyed) -> None:
    """A stand-in that would glue the thread's question onto anything: a message read as a new topic or a
    question of its own is not sent to it at all; a follow-up is, and keeps the reading's kind."""
    rewriter = ClaudeRewriter(keyed)
    thread = Thread().after(exchange(ALCOHOL))
    try:
        fake_anthropic.default = text_reply(f"{ALCOHOL} i ukrali mu auto")
        fresh = understand("druga stvar: ukrali mu auto ispred zgrade noćas", thread, rewriter)
        own = understand("ukrali mu auto ispred zgrade", thread, rewriter)
        assert not fresh.follow_up and not own.follow_up and fresh.standalone == fresh.question
        assert fake_anthropic.requests == []
        fake_anthropic.default = text_reply("Koja je kazna za vozača koji odbije alkotest?")
        follow = understand("a koja je kazna?", thread, rewriter)
        assert follow.by == "claude" and follow.kind == "continuation" and len(fake_anthropic.requests) == 1
    finally:
        rewriter.close()


def test_the_rewrite_request_carries_the_readings_decision(fake_anthropic, keyed) -> None:
    rewriter = ClaudeRewriter(keyed)
    try:
        fake_anthropic.default = text_reply("Kako je odbijanje alkotesta kažnjeno po zakonu Republike Srpske?")
        understood = understand("a po zakonu RS?", Thread().after(exchange(ALCOHOL)), rewriter)
        assert understood.by == "claude" and understood.jurisdiction == "RS"
        sent = user_texts(fake_anthropic.requests[0])[0]
        assert "Čitanje nove poruke: nastavak" in sent and "traženi zakon: Republika Srpska (RS)" in sent
    finally:
        rewriter.close()
