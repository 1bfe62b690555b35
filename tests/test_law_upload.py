"""Admins send a law file to the bot (bot/law_upload.py over kodeks/library.py), end to end: the real
Application against the fake Bot API, which hosts the file (getFile + download), the real ingest into a
real index (real Chroma, real embedder) — and what the admin sees at each step.

The running bot answering from the new law without a restart is issue 20's index switch (part A); here
the ingest is checked where it lands: the data dir holds the law, and the file is kept in the library."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from bot import texts
from bot.law_upload import CaptionError, parse_caption
from kodeks.library import IngestLibrary, library_file
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.generations import current_paths
from retrieval.search.retriever import Retriever
from tests.fakes.telegram_server import FakeTelegramServer
from tests.retrieval_helpers import index_rows, row
from tests.test_bot import ADMIN, OFFICER, STRANGER, bot_settings, running_bot

LAW = (
    "Član 1.\nPredmet\nOvim zakonom se uređuju krivična djela.\n\n"
    "Član 2.\nKrađa\nKo tuđu pokretnu stvar oduzme drugom kaznit će se zatvorom do tri godine.\n\n"
    "Član 3.\n(brisan)\n\n"
    "Član 4.\nTeška krađa\nKo krađu učini provaljivanjem kaznit će se zatvorom od jedne do osam godina.\n\n"
    "Član 5.\nRazbojništvo\nKo upotrebom sile oduzme tuđu stvar kaznit će se zatvorom od jedne do deset godina.\n"
)


@pytest.fixture
def library_setup(tmp_path: Path, telegram_server: FakeTelegramServer) -> tuple[Settings, Retriever, IngestLibrary]:
    """A small real library (one traffic law), the bot's settings over it, and its law library."""
    base = index_rows(
        tmp_path / "lib",
        [row("ZOBS Y", "1", "Vozač je dužan podvrgnuti se alkotestu.", "Alkotest", jurisdiction="BiH")],
    )
    settings = bot_settings(base, telegram_server)
    return settings, Retriever.open(settings), IngestLibrary(settings)


async def until_text(server: FakeTelegramServer, chat: int, needle: str) -> dict[str, Any]:
    """The bot's message to `chat` whose (possibly edited) text contains `needle`, once it does."""
    await server.wait_until(
        lambda: any(needle in m.get("text", "") for m in server.messages(chat)), what=f"a message with {needle!r}"
    )
    return next(m for m in server.messages(chat) if needle in m.get("text", ""))


async def test_an_admin_adds_a_law_from_a_document(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(
            ADMIN, LAW.encode(), "kz-primjer.txt", mime_type="text/plain", caption="KZ P; Krivični zakon primjer; FBiH"
        )
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        text = summary["text"]
        assert text.startswith("📄 kz-primjer.txt → KZ P (FBiH)\nKrivični zakon primjer")
        assert "Članova: 4 · brisanih: 1 · aneksa: 0" in text
        assert "Prvi članovi: 1 – Predmet; 2 – Krađa; 4 – Teška krađa; 5 – Razbojništvo" in text
        assert [label for label, _ in telegram_server.buttons(summary)] == ["Dodaj", "Odustani"]
        assert "download" in [c.method for c in telegram_server.calls]
        assert "KZ P čl. 1" not in load_articles(current_paths(settings).root)  # a dry run: nothing written yet
        add = next(data for label, data in telegram_server.buttons(summary) if label == "Dodaj")
        telegram_server.press(ADMIN, summary, add)
        done = await until_text(telegram_server, ADMIN, "✅ Dodano")
    assert done["text"].startswith(
        "✅ Dodano: KZ P – 4 člana (brisanih: 1; dijelova teksta indeksirano: 4, preuzeto: 0)"
    )
    progress = [c for c in telegram_server.calls_to("editMessageText") if c.params["message_id"] == done["message_id"]]
    assert progress and all(c.params["chat_id"] == ADMIN for c in progress)  # one message, edited
    assert (
        len([m for m in telegram_server.messages(ADMIN) if m.get("text", "").startswith("⏳ Dodajem") or m is done])
        == 1
    )
    assert not telegram_server.buttons(summary)  # no second "Dodaj"
    stored = load_articles(current_paths(settings).root)
    assert stored["KZ P čl. 2"].jurisdiction == "FBiH" and stored["KZ P čl. 3"].deleted
    kept = library_file(settings.data_dir, "KZ P", ".txt")
    assert kept.read_text(encoding="utf-8") == LAW and stored["KZ P čl. 2"].extra["source"] == str(kept.resolve())
    assert not list((settings.data_dir / "uploads").iterdir())


async def test_without_a_jurisdiction_buttons_ask_for_it(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, LAW.encode(), "kz.txt", caption="KZ P")
        question = await until_text(telegram_server, ADMIN, "Koja je nadležnost zakona „KZ P“?")
        assert not [c for c in telegram_server.calls if c.method == "getFile"]  # not downloaded before it is needed
        choice = dict(telegram_server.buttons(question))
        assert {"BiH", "FBiH", "RS", "BD", "KS", "Odustani"} <= set(choice)
        telegram_server.press(ADMIN, question, choice["RS"])
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        assert summary["text"].startswith("📄 kz.txt → KZ P (RS)")
        telegram_server.press(ADMIN, summary, dict(telegram_server.buttons(summary))["Odustani"])
        await until_text(telegram_server, ADMIN, "Odustano: kz.txt nije dodan.")
    assert "KZ P čl. 1" not in load_articles(current_paths(settings).root)
    assert not list((settings.data_dir / "uploads").iterdir())  # the download is deleted


async def test_the_same_text_under_another_name_is_not_offered(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        telegram_server.press(ADMIN, summary, dict(telegram_server.buttons(summary))["Dodaj"])
        await until_text(telegram_server, ADMIN, "✅ Dodano")
        telegram_server.send_document(ADMIN, LAW.encode(), "kopija.txt", caption="KZ kopija; FBiH")
        copy = await until_text(telegram_server, ADMIN, "⛔ Isti tekst je već učitan kao zakon KZ P")
    assert [label for label, _ in telegram_server.buttons(copy)] == ["Odustani"]
    assert "4 of 4 article texts of law 'KZ kopija' (100%) are already indexed as law 'KZ P'" in copy["text"]
    assert "kopija.txt" in copy["text"] and "uploads" not in copy["text"]  # the file as the admin sent it


async def test_a_file_that_replaces_most_of_a_law_is_added_only_on_an_explicit_confirmation(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    short = "Član 1.\nPredmet\nOvim zakonom se uređuju krivična djela.\n"
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        telegram_server.press(ADMIN, summary, dict(telegram_server.buttons(summary))["Dodaj"])
        await until_text(telegram_server, ADMIN, "✅ Dodano")
        telegram_server.send_document(ADMIN, short.encode(), "kz-novi.txt", caption="KZ P; FBiH")
        warning = await until_text(telegram_server, ADMIN, texts.UPLOAD_CONFIRM_REPLACE)
        assert (
            "⚠️ Ovo bi zamijenilo veći dio zakona KZ P. Članova na snazi: 4 · uklanja se: 3 · mijenja se: 0."
            "\nSada učitan iz: kz-p.txt; novi tekst iz: kz-novi.txt."
        ) in warning["text"]
        buttons = dict(telegram_server.buttons(warning))
        assert list(buttons) == ["Ipak zamijeni", "Odustani"]  # no plain "Dodaj" under the warning
        telegram_server.press(ADMIN, warning, buttons["Ipak zamijeni"].replace(":yes", ":add"))  # a forged "Dodaj"
        await telegram_server.wait_call(
            "answerCallbackQuery", lambda c: c.params.get("text") == texts.UPLOAD_CONFIRM_FIRST
        )
        assert "KZ P čl. 2" in load_articles(current_paths(settings).root)
        telegram_server.press(ADMIN, warning, buttons["Ipak zamijeni"])
        await until_text(telegram_server, ADMIN, "✅ Dodano: KZ P – 1 član")
    stored = load_articles(current_paths(settings).root)
    assert "KZ P čl. 2" not in stored and stored["KZ P čl. 1"].jurisdiction == "FBiH"


async def test_only_the_admin_who_sent_it_can_add_it(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    settings = settings.model_copy(update={"admins": frozenset([ADMIN, 4004])})
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        add = dict(telegram_server.buttons(summary))["Dodaj"]
        for someone in (OFFICER, 4004):  # a forwarded summary, a guessed token
            telegram_server.press(someone, summary, add)
            await telegram_server.wait_call(
                "answerCallbackQuery", lambda c, s=someone: c.params.get("text") == texts.UPLOAD_GONE
            )
        telegram_server.press(ADMIN, summary, "u:00000000:add")
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("answerCallbackQuery")) == 3)
    assert "KZ P čl. 1" not in load_articles(current_paths(settings).root)
    assert all(c.params.get("text") == texts.UPLOAD_GONE for c in telegram_server.calls_to("answerCallbackQuery"))


async def test_officers_and_strangers_files_are_never_downloaded(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(OFFICER, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        telegram_server.send_document(STRANGER, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        await telegram_server.wait_messages(OFFICER, 1)
        await telegram_server.wait_messages(STRANGER, 1)
    assert telegram_server.texts(OFFICER) == [texts.NON_TEXT]
    assert "ovlaštene" in telegram_server.texts(STRANGER)[0]
    assert not [c for c in telegram_server.calls if c.method in ("getFile", "download")]


async def test_type_and_size_are_checked_before_anything_is_downloaded(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    settings = settings.model_copy(update={"upload_max_mb": 0.001})
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, b"x", "stari.doc", caption="KZ P; FBiH")
        telegram_server.send_document(ADMIN, LAW.encode() * 3, "kz.txt", caption="KZ P; FBiH")
        telegram_server.send_document(ADMIN, b"x", "kz.txt", caption="KZ P; nadležnost: XY")
        await telegram_server.wait_messages(ADMIN, 3)
    got = telegram_server.texts(ADMIN)
    assert "Datoteke .doc ne primam. Pošaljite zakon kao: .docx, .md, .pdf, .txt." in got
    assert any(t.startswith("Datoteka ima 0.0 MB, a najviše je 0.001 MB (KODEKS_UPLOAD_MAX_MB).") for t in got)
    assert any(t.startswith("Ne poznajem nadležnost „XY“. Poznate: BiH, FBiH") for t in got)
    assert not [c for c in telegram_server.calls if c.method in ("getFile", "download")]


async def test_a_file_without_a_declared_size_is_cut_at_the_limit_while_downloading(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    """Telegram left the size out: the download stops reading past KODEKS_UPLOAD_MAX_MB and keeps nothing."""
    settings, retriever, library = library_setup
    settings = settings.model_copy(update={"upload_max_mb": 1})
    huge = LAW.encode() * (30 * 1024 * 1024 // len(LAW.encode()))  # 30 MB of text
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, huge, "kz.txt", caption="KZ P; FBiH", declare_size=False)
        refused = await until_text(telegram_server, ADMIN, texts.UPLOAD_OVER_LIMIT.format(limit=1))
    assert refused["text"] == texts.UPLOAD_OVER_LIMIT.format(limit=1)
    [download] = telegram_server.calls_to("download")
    assert not download.params["complete"] and download.params["sent"] < len(huge)  # it hung up
    assert not list((settings.data_dir / "uploads").iterdir())  # nothing kept on disk
    assert telegram_server.buttons(refused) == []


async def test_a_hostile_docx_is_refused_in_the_summary(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    library = IngestLibrary(settings.model_copy(update={"max_docx_mb": 1}))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bomb:
        bomb.writestr("word/document.xml", b"<w:t>" + b" " * (3 * 1024 * 1024) + b"</w:t>")
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, buffer.getvalue(), "zakon.docx", caption="KZ P; FBiH")
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_NOTHING)
    assert "zakon.docx: DOCX se raspakuje u 3.0 MB, više nego što KODEKS_MAX_DOCX_MB=1 dopušta" in summary["text"]
    assert [label for label, _ in telegram_server.buttons(summary)] == ["Odustani"]


async def test_an_upload_waiting_for_another_ingest_says_so(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    """Another writer (here: the test, as `kodeks ingest` would) holds the data dir's lock: the progress message
    says the upload waits for it, and since when; once it is released the upload goes on."""
    from retrieval.index.writer_lock import writer_lock

    settings, retriever, library = library_setup
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(ADMIN, LAW.encode(), "kz.txt", caption="KZ P; FBiH")
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        with writer_lock(settings, command="kodeks ingest drugi.pdf"):
            telegram_server.press(
                ADMIN, summary, next(d for label, d in telegram_server.buttons(summary) if label == "Dodaj")
            )
            waiting = await until_text(telegram_server, ADMIN, "čekam da završi drugo učitavanje")
            said = waiting["text"]  # the message is edited on once the lock is free
        done = await until_text(telegram_server, ADMIN, "✅ Dodano")
    assert re.search(r"čekam da završi drugo učitavanje, od \d\d:\d\d", said), said
    assert done["message_id"] == waiting["message_id"]  # the same progress message, edited


def test_refusals_from_the_input_limits_read_in_bosnian() -> None:
    from bot.refusals import bosnian

    got = bosnian(
        "zakon.docx: the DOCX expands to 3.0 MB (1 parts), more than KODEKS_MAX_DOCX_MB=1 allows; not read "
        "(a document this large is not one law, or it is a zip bomb)"
    )
    assert got.startswith("zakon.docx: ") and "KODEKS_MAX_DOCX_MB=1" in got and "not read" not in got
    got = bosnian(
        "kz.pdf: the PDF has more than 2000 pages (KODEKS_MAX_PDF_PAGES=2000); not read (split it, or raise "
        "KODEKS_MAX_PDF_PAGES if it really is one law)"
    )
    assert "2000 stranica" in got and "pages" not in got
    assert "više nego što KODEKS_MAX_TEXT_MB=5 dopušta" in bosnian(
        "the text file is 9.0 MB, more than KODEKS_MAX_TEXT_MB=5 allows; not read (split the file, or raise "
        "KODEKS_MAX_TEXT_MB if it really is one law)"
    )


@pytest.mark.parametrize(
    "caption, expected",
    [
        ("KZ FBiH; Kazneni zakon Federacije BiH; FBiH", ("KZ FBiH", "Kazneni zakon Federacije BiH", "FBiH")),
        ("RS | KZ RS | Krivični zakonik Republike Srpske", ("KZ RS", "Krivični zakonik Republike Srpske", "RS")),
        ("zakon: ZOBS BiH\nnaslov: Zakon o osnovama\nNadležnost: bih", ("ZOBS BiH", "Zakon o osnovama", "BiH")),
        (None, ("kz-fbih", "", "")),
    ],
)
def test_the_caption_names_the_law(caption: str | None, expected: tuple[str, str, str]) -> None:
    assert parse_caption(caption, "kz-fbih.pdf") == expected


def test_a_caption_with_an_unknown_jurisdiction_is_refused() -> None:
    with pytest.raises(CaptionError, match="Ne poznajem nadležnost „Srbija“"):
        parse_caption("ZKP; nadležnost: Srbija", "zkp.pdf")


def test_warnings_are_listed_not_just_counted() -> None:
    from bot.law_upload import MAX_WARNINGS_SHOWN, warning_lines

    assert warning_lines([]) == []
    notes = [f"kz.txt: article {n} has a title but no text" for n in range(1, MAX_WARNINGS_SHOWN + 4)]
    lines = warning_lines(notes)
    assert lines[0] == texts.UPLOAD_WARNINGS.format(n=len(notes))
    assert lines[1:-1] == [f"• {n}" for n in notes[:MAX_WARNINGS_SHOWN]]
    assert len(lines) == MAX_WARNINGS_SHOWN + 2 and lines[-1].startswith("… i još 3")


async def test_the_summary_and_the_added_message_show_the_warnings(
    library_setup: Any, telegram_server: FakeTelegramServer, tmp_path: Path
) -> None:
    settings, retriever, library = library_setup
    law = (
        LAW
        + "".join(f"Član {n}.\nNaslov bez teksta {n}\n\n" for n in range(6, 9))
        + "Član 9.\nPosljednji\nOvaj zakon stupa na snagu osmog dana.\n"
    )
    async with running_bot(telegram_server, settings, retriever, tmp_path / "q.sqlite3", library=library):
        telegram_server.send_document(
            ADMIN, law.encode(), "kz-upoz.txt", mime_type="text/plain", caption="KZ U; Krivični zakon upozorenja; FBiH"
        )
        summary = await until_text(telegram_server, ADMIN, texts.UPLOAD_DECIDE)
        add = next(data for label, data in telegram_server.buttons(summary) if label == "Dodaj")
        telegram_server.press(ADMIN, summary, add)
        done = await until_text(telegram_server, ADMIN, "✅ Dodano")
    for text in (summary["text"], done["text"]):
        _header, *listed = text.split("Upozorenja (", 1)[1].split("\n")
        assert listed and listed[0].startswith("• "), text
