"""Voice messages end to end: the fake Bot API hosts a real Ogg/Opus voice note (getFile + download), the
real `openai` client sends it to a fake transcription endpoint on 127.0.0.1, and the bot shows what it
heard and answers it as a typed question — or says plainly why it cannot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot import texts
from kodeks.settings import Settings
from tests.audio_helpers import decoded_seconds, ogg_opus
from tests.fakes.telegram_server import FakeTelegramServer
from tests.fakes.transcription_server import (
    FakeTranscription,
    error,
    html_page,
    slow,
    transcript,
    voice_settings,
    wrong_json,
)
from tests.test_bot import OFFICER, rendered, rows, running_bot

HEARD = "neko mi je krivotvorio potpis"


def no_voice(settings: Settings) -> Settings:
    return settings.model_copy(
        update={
            "openai_api_key": None,
            "openai_base_url": None,
            "transcribe_api_key": None,
            "transcribe_base_url": None,
        }
    )


def files_under(path: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in path.rglob("*") if p.is_file()}


async def test_a_voice_question_is_transcribed_shown_and_answered_like_a_typed_one(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    fake_transcription.script(transcript(f"  {HEARD}  "))
    audio = ogg_opus(2.0)
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        sent = telegram_server.send_voice_file(OFFICER, audio, duration=2)
        heard, answer = await telegram_server.wait_messages(OFFICER, 2)
    assert rendered(heard) == texts.HEARD.format(text=HEARD)
    quoted = [c.params["reply_parameters"]["message_id"] for c in telegram_server.calls_to("sendMessage")]
    assert quoted == [sent["message"]["message_id"]] * 2  # both quote the voice message
    assert "Izvori:" in rendered(answer) and "KZ FBiH, član 373" in rendered(answer)
    # What went over the wire: the very file the officer sent, as Ogg/Opus, with the model and the language hint.
    [upload] = fake_transcription.requests
    assert upload.audio == audio and abs(decoded_seconds(upload.audio) - 2.0) < 0.1
    assert upload.fields["model"] == settings.transcribe_model and upload.fields["language"] == "bs"
    assert upload.filename.endswith(".ogg") and upload.content_type == "audio/ogg"
    assert upload.authorization == "Bearer sk-test-transcribe-fake-000000000000"
    assert "download" in [c.method for c in telegram_server.calls]
    [row] = rows(log_path)
    assert row["question"] == HEARD and row["input"] == "voice" and row["kind"] == "question"


async def test_nothing_of_the_audio_is_stored(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
    tmp_path: Path,
) -> None:
    audio = ogg_opus(1.0, hz=330.0)
    places = [tmp_path, settings.data_dir]
    before = {p for place in places for p in files_under(place)}
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        telegram_server.send_voice_file(OFFICER, audio, duration=1)
        await telegram_server.wait_messages(OFFICER, 2)
    after = {p: data for place in places for p, data in files_under(place).items()}
    assert not any(audio[:64] in data or audio[-64:] in data for data in after.values())
    assert {p.name for p in after if p not in before} <= {log_path.name + s for s in ("", "-wal", "-shm")}


async def test_an_audio_file_is_transcribed_too(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    fake_transcription.script(transcript("sta ako vozac odbije alkotest"))
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        telegram_server.send_audio_file(
            OFFICER, ogg_opus(1.5), duration=2, file_name="snimak.ogg", mime_type="audio/ogg"
        )
        heard, answer = await telegram_server.wait_messages(OFFICER, 2)
    assert "alkotest" in rendered(heard) and "Izvori:" in rendered(answer)
    assert fake_transcription.requests[0].filename == "snimak.ogg"


async def test_without_a_key_or_an_endpoint_voice_is_said_to_be_off(
    telegram_server: FakeTelegramServer, settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, no_voice(settings), retriever, log_path):
        telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=1)
        [message] = await telegram_server.wait_messages(OFFICER, 1)
    assert rendered(message) == texts.VOICE_OFF
    assert "download" not in [c.method for c in telegram_server.calls] and rows(log_path) == []


async def test_a_failed_or_empty_transcription_is_said_so_and_never_answered(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    fake_transcription.script(error(500), transcript("   "), slow(3))
    keyed = voice_settings(settings, fake_transcription, transcribe_timeout=0.5)
    async with running_bot(telegram_server, keyed, retriever, log_path):
        for n in range(3):
            telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=1)
            await telegram_server.wait_messages(OFFICER, n + 1)
    replies = telegram_server.messages(OFFICER)
    assert [rendered(m) for m in replies] == [texts.VOICE_FAILED, texts.VOICE_EMPTY, texts.VOICE_FAILED]
    assert rows(log_path) == []  # nothing was answered, so nothing was logged as a question


async def test_a_reply_that_is_no_transcript_is_never_shown_answered_or_logged(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    """A proxy's error page with 200, JSON of another shape, a text two seconds of speech cannot hold,
    markup, control characters: "nisam razumio", and nothing goes on as a question."""
    behaviours = [
        html_page(),
        wrong_json({"result": HEARD}),
        wrong_json([HEARD]),
        wrong_json({"text": 42}),
        transcript(f"{HEARD} " * 40),
        transcript(f"<b>{HEARD}</b>"),
        transcript(f"{HEARD}\x07\x1b[2J"),
    ]
    fake_transcription.script(*behaviours)
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        for n in range(len(behaviours)):
            telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=2)
            await telegram_server.wait_messages(OFFICER, n + 1)
    assert [rendered(m) for m in telegram_server.messages(OFFICER)] == [texts.VOICE_UNCLEAR] * len(behaviours)
    assert len(fake_transcription.requests) == len(behaviours)
    assert rows(log_path) == []  # nothing answered, nothing logged as a question


async def test_a_long_voice_message_may_have_a_long_transcript(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    spoken = "neko mi je krivotvorio potpis na ugovoru o kupoprodaji automobila i sada traži novac"  # ~6 s spoken
    fake_transcription.script(transcript(spoken))
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=6)
        heard, _answer = await telegram_server.wait_messages(OFFICER, 2)
    assert rendered(heard) == texts.HEARD.format(text=spoken)


async def test_too_long_or_too_big_is_refused_before_downloading(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    keyed = voice_settings(settings, fake_transcription, voice_max_seconds=30, voice_max_bytes=4000)
    async with running_bot(telegram_server, keyed, retriever, log_path):
        telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=31)
        await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_voice_file(OFFICER, ogg_opus(3.0) * 2, duration=5)
        await telegram_server.wait_messages(OFFICER, 2)
    long, big = [rendered(m) for m in telegram_server.messages(OFFICER)]
    assert long == texts.VOICE_TOO_LONG.format(seconds=31, limit=30)
    assert big.startswith("Zvučni zapis je prevelik") and "najviše 4 KB" in big
    assert "download" not in [c.method for c in telegram_server.calls] and fake_transcription.requests == []


async def test_a_voice_without_a_declared_size_is_cut_at_the_limit_while_downloading(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    keyed = voice_settings(settings, fake_transcription, voice_max_bytes=4000)
    big = ogg_opus(3.0) * 400  # far more than 4 KB, and nobody said so
    async with running_bot(telegram_server, keyed, retriever, log_path):
        telegram_server.send_voice_file(OFFICER, big, duration=3, declare_size=False)
        [refused] = await telegram_server.wait_messages(OFFICER, 1)
    assert rendered(refused) == texts.VOICE_OVER_LIMIT.format(limit="4 KB")
    [download] = telegram_server.calls_to("download")
    assert not download.params["complete"] and download.params["sent"] < len(big)
    assert fake_transcription.requests == [] and rows(log_path) == []


async def test_a_voice_follow_up_is_answered_in_the_thread(
    telegram_server: FakeTelegramServer,
    settings: Settings,
    retriever: Any,
    log_path: Path,
    fake_transcription: FakeTranscription,
) -> None:
    fake_transcription.script(transcript("a koja je kazna?"))
    async with running_bot(telegram_server, voice_settings(settings, fake_transcription), retriever, log_path):
        telegram_server.send_text(OFFICER, "sta ako vozac odbije alkotest")
        await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_voice_file(OFFICER, ogg_opus(1.0), duration=1)
        await telegram_server.wait_messages(OFFICER, 3)
    answer = rendered(telegram_server.messages(OFFICER)[-1])
    assert answer.startswith("Razumio sam:") and "alkotest" in answer.splitlines()[0]
    first, second = rows(log_path)
    assert second["input"] == "voice" and second["thread_id"] == first["thread_id"] and second["follows"] == first["id"]
