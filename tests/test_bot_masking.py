"""Personal data through the whole bot: Claude (the fake Anthropic server) and the query log see only the masked
question, the officer's reply shows their own words, /export carries masked text only, and an admin's
KODEKS_KEEP_ORIGINAL_HOURS keeps the original apart for hours."""

from __future__ import annotations

import gzip
import json
import sqlite3
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.querylog import QueryLog
from bot.querylog.retention import Retention
from bot.querylog.timestamps import utcnow
from kodeks.answering.rewrite import RewriteCache
from kodeks.settings import Settings
from tests.fakes.anthropic_server import claude_settings, passage_ids, reply, user_texts
from tests.fakes.telegram_server import FakeTelegramServer
from tests.test_bot import ADMIN, OFFICER, rows, running_bot

CASE = "Marko Marković, JMBG 0101990170001, tel 062 123 456, vozio BMW 123-A-456 pijan, sta mu slijedi"
PERSONAL = ("Marković", "0101990170001", "062 123 456", "123-A-456")


def names_the_person(body: dict[str, Any]) -> Any:
    """Claude's answer quotes the placeholder it was given, as a model would."""
    return reply([("[OSOBA 1] je počinio krivično djelo.", passage_ids(body)[:1])])(body)


async def test_claude_and_the_log_see_only_the_masked_question_and_the_officer_sees_his_words(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path, fake_anthropic: Any
) -> None:
    fake_anthropic.default = names_the_person
    async with running_bot(telegram_server, claude_settings(fake_anthropic, base=settings), retriever, log_path):
        telegram_server.send_text(OFFICER, CASE)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(ADMIN, "/export")
        await telegram_server.wait_call("sendDocument")
    wire = json.dumps(fake_anthropic.requests, ensure_ascii=False)
    assert fake_anthropic.requests and not any(p in wire for p in PERSONAL)
    assert any(
        "[OSOBA 1], JMBG [JMBG], tel [TELEFON], vozio BMW [TABLICE] pijan" in t
        for body in fake_anthropic.requests
        for t in user_texts(body)
    )
    assert "Marko Marković je počinio" in answer["text"]  # the reply puts the officer's words back
    [row] = rows(log_path)
    stored = json.dumps(dict(row), ensure_ascii=False)
    assert row["question"].startswith("[OSOBA 1], JMBG [JMBG]") and not any(p in stored for p in PERSONAL)
    con = sqlite3.connect(log_path)
    assert con.execute("SELECT COUNT(*) FROM originals").fetchone()[0] == 0  # off by default
    journal = " ".join(str(v) for r in con.execute("SELECT * FROM pending") for v in r)
    assert not any(p in journal for p in PERSONAL)
    [document] = telegram_server.calls_to("sendDocument")
    exported = gzip.decompress(next(iter(document.files.values()))[1]).decode("utf-8")
    assert "[OSOBA 1]" in exported and not any(p in exported for p in PERSONAL)


async def test_without_masking_the_question_goes_as_typed(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(
        telegram_server, settings.model_copy(update={"mask_personal_data": False}), retriever, log_path
    ):
        telegram_server.send_text(OFFICER, CASE)
        await telegram_server.wait_messages(OFFICER, 1)
    assert rows(log_path)[0]["question"] == CASE


async def test_kept_originals_live_apart_for_hours_and_are_purged(tmp_path: Path) -> None:
    retention = Retention(questions_days=365, originals_hours=2)
    async with await QueryLog.open(tmp_path / "q.sqlite3", retention=retention, retention_days=365) as qlog:
        old = await qlog.record(
            user_id=1, question="[OSOBA 1] pijan", original="Marko pijan", at=utcnow() - timedelta(hours=3)
        )
        new = await qlog.record(user_id=1, question="[OSOBA 1] trijezan", original="Ana trijezna")
        con = sqlite3.connect(qlog.path)
        kept = con.execute("SELECT query_id, text FROM originals").fetchall()
        assert kept == [(new, "Ana trijezna")] and old != new  # the 3-hour-old one went with the next write
        assert await qlog.purge(now=utcnow() + timedelta(hours=3)) == 0
        assert con.execute("SELECT COUNT(*) FROM originals").fetchone()[0] == 0


async def test_feedback_and_journal_have_their_own_retention(tmp_path: Path) -> None:
    retention = Retention(questions_days=365, feedback_days=30, journal_hours=24)
    async with await QueryLog.open(tmp_path / "q.sqlite3", retention=retention, retention_days=365) as qlog:
        row = await qlog.record(user_id=1, question="pitanje", at=utcnow() - timedelta(days=40))
        await qlog.feedback(row_id=row, user_id=1, value=1, at=utcnow() - timedelta(days=40))
        await qlog.journal_received(
            update_id=9, chat_id=1, message_id=1, question="otvoreno", asked_at=utcnow() - timedelta(hours=30)
        )
        await qlog.purge()
        con = sqlite3.connect(qlog.path)
        assert con.execute("SELECT COUNT(*) FROM queries").fetchone()[0] == 1  # the question stays (365 days)
        assert con.execute("SELECT COUNT(*) FROM feedback").fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM pending").fetchone()[0] == 0


def test_the_rewrite_cache_forgets_old_rewrites(tmp_path: Path) -> None:
    cache = RewriteCache(tmp_path / "rewrites.sqlite3", max_age_days=30)
    cache.put("k", "m", "p", "[osoba 1] pijan", "vožnja pod uticajem alkohola")
    assert cache.purge(now=cache_time_plus_days(31)) == 1 and cache.count() == 0
    cache.close()


def cache_time_plus_days(days: int) -> float:
    import time

    return time.time() + days * 86400


async def test_a_thread_and_a_voice_transcript_reach_claude_and_the_log_masked(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_anthropic: Any,
    fake_transcription: Any,
) -> None:
    """Issue 24's previous-exchanges block and voice transcripts are masked like typed questions: the question
    is masked once on arrival, so the thread holds masked text only."""
    from tests.audio_helpers import ogg_opus
    from tests.fakes.transcription_server import transcript, voice_settings

    fake_anthropic.default = names_the_person
    fake_transcription.script(transcript("a sta ako je Marko Marković sa JMBG 0101990170001 imao noz?"))
    keyed = voice_settings(claude_settings(fake_anthropic, base=settings), fake_transcription)
    async with running_bot(telegram_server, keyed, retriever, log_path):
        telegram_server.send_text(OFFICER, CASE)
        await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=1)
        heard, _second = (await telegram_server.wait_messages(OFFICER, 3))[1:]
    assert "Marko Marković" in heard["text"]  # "Čuo sam": the officer sees what was heard, as heard
    wire = json.dumps(fake_anthropic.requests, ensure_ascii=False)
    assert len(fake_anthropic.requests) >= 2 and not any(p in wire for p in PERSONAL)
    assert any("<previous_exchanges>" in t for body in fake_anthropic.requests for t in user_texts(body))
    stored = json.dumps([dict(r) for r in rows(log_path)], ensure_ascii=False)
    assert "[OSOBA 1]" in stored and not any(p in stored for p in PERSONAL)
