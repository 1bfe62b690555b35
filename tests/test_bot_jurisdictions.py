"""Jurisdictions through the real bot and the fake Bot API: `/nadleznost` with its buttons (once for an
officer, any time for an admin), answers from the officer's own code with the jurisdiction named above
`Izvori:`, another code's article labelled, and "isto u RS?" / `/uporedi` side by side."""

from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path
from typing import Any

from bot import texts
from kodeks.settings import Settings
from tests.fakes.telegram_server import FakeTelegramServer
from tests.juris_helpers import MURDER, TRAFFIC
from tests.test_bot import ADMIN, OFFICER, bot_settings, rows, running_bot

PLACED = 4242  # placed in RS by the admins' settings


def juris_bot_settings(juris_settings: Settings, server: FakeTelegramServer, tmp_path: Path, **kw: Any) -> Settings:
    """The multi-code index, with this test's own data dir for the officers' file (the index is shared)."""
    settings = bot_settings(
        juris_settings, server, allowed_users=frozenset([OFFICER, PLACED]), user_jurisdictions={PLACED: "RS"}, **kw
    )
    data = tmp_path / "data"
    data.mkdir()
    return settings.model_copy(update={"data_dir": data})


def plain(message: dict[str, Any]) -> str:
    return message.get("text", "")


async def test_an_officer_chooses_a_jurisdiction_once_and_is_answered_from_its_law(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path)
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        telegram_server.send_text(OFFICER, "/nadleznost")
        [menu] = await telegram_server.wait_messages(OFFICER, 1)
        labels = {data: label for label, data in telegram_server.buttons(menu)}
        assert {"j:BiH", "j:FBiH", "j:RS", "j:BD", "j:KS"} <= set(labels)  # KS: the index has a cantonal law
        assert "j:TK" not in labels and texts.NADLEZNOST_CHOOSE in plain(menu)
        telegram_server.press(OFFICER, menu, "j:RS")
        await telegram_server.wait_call("editMessageText")
        assert "Republika Srpska (RS)" in plain(menu) and "RS, BiH" in plain(menu)

        telegram_server.send_text(OFFICER, MURDER)
        [_, answer] = await telegram_server.wait_messages(OFFICER, 2)
        telegram_server.send_text(OFFICER, "/nadleznost")
        [_, _, again] = await telegram_server.wait_messages(OFFICER, 3)
        telegram_server.press(OFFICER, menu, "j:FBiH")  # the old buttons no longer change it
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("answerCallbackQuery")) == 2)

    text = plain(answer)
    line = next(ln for ln in text.splitlines() if ln.startswith("⚖️"))
    assert line.startswith("⚖️ Republika Srpska: KZ RS") and text.index(line) < text.index("Izvori:")
    assert "KZ RS, član 124 – Ubistvo" in text and "KZ FBiH" not in text and "KZ BD" not in text
    assert "izabrali ste je" in plain(again) and texts.NADLEZNOST_LOCKED in plain(again)
    assert not telegram_server.buttons(again)
    locked = telegram_server.calls_to("answerCallbackQuery")[-1]
    assert locked.params.get("text") == texts.NADLEZNOST_LOCKED
    [row] = rows(log_path)
    assert row["jurisdiction"] == "RS"
    stored = (
        sqlite3.connect(settings.data_dir / "officers.sqlite3")
        .execute("SELECT jurisdiction, set_by FROM officers")
        .fetchall()
    )
    assert stored == [("RS", "self")]
    assert str(OFFICER).encode() not in (settings.data_dir / "officers.sqlite3").read_bytes()


async def test_admin_places_officers_and_the_settings_hold(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path)
    async with running_bot(telegram_server, settings, juris, tmp_path / "queries.sqlite3"):
        telegram_server.send_text(PLACED, "/nadleznost")
        [placed] = await telegram_server.wait_messages(PLACED, 1)
        telegram_server.send_text(ADMIN, f"/nadleznost {OFFICER} fbih")
        [done] = await telegram_server.wait_messages(ADMIN, 1)
        telegram_server.send_text(OFFICER, MURDER)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(ADMIN, f"/nadleznost {PLACED}")
        [_, menu] = await telegram_server.wait_messages(ADMIN, 2)
        telegram_server.press(ADMIN, menu, f"j:BD:{PLACED}")
        await telegram_server.wait_call("editMessageText")
        telegram_server.press(OFFICER, menu, f"j:RS:{PLACED}")  # not an admin: refused
        await telegram_server.wait_until(lambda: len(telegram_server.calls_to("answerCallbackQuery")) == 2)
        telegram_server.send_text(PLACED, TRAFFIC)
        [_, traffic] = await telegram_server.wait_messages(PLACED, 2)
        telegram_server.send_text(ADMIN, "/nadleznost 1 Atlantida")
        [_, _, unknown] = await telegram_server.wait_messages(ADMIN, 3)
    assert "Republika Srpska (RS) – postavio administrator" in plain(placed) and not telegram_server.buttons(placed)
    assert plain(done) == texts.NADLEZNOST_ADMIN_SET.format(user_id=OFFICER, name="Federacija BiH", code="FBiH")
    assert "⚖️ Federacija BiH: KZ FBiH" in plain(answer) and "KZ RS" not in plain(answer)
    assert f"j:BD:{PLACED}" in [d for _, d in telegram_server.buttons(menu)]
    assert telegram_server.calls_to("answerCallbackQuery")[-1].params.get("text") == texts.ADMINS_ONLY
    # Brčko District has no traffic law of its own here: the answer leads with the state law, named as such — the
    # kinds data does not say traffic is the state's alone (the District has its own law, not loaded here)
    assert "⚖️ Brčko distrikt BiH: državni nivo (BiH): ZOBS BiH" in plain(traffic) and "uređuje" not in plain(traffic)
    assert "KZ RS" not in plain(traffic) and "KZ FBiH" not in plain(traffic)
    assert "Atlantida" in plain(unknown) and "FBiH" in plain(unknown)


async def test_another_jurisdictions_article_is_answered_and_labelled(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    async with running_bot(telegram_server, settings, juris, tmp_path / "queries.sqlite3"):
        telegram_server.send_text(OFFICER, "član 124 KZ RS")
        [article] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(OFFICER, "šta propisuje član 124 KZ RS?")
        [_, answer] = await telegram_server.wait_messages(OFFICER, 2)
        telegram_server.send_text(OFFICER, "član 124")
        [_, _, bare] = await telegram_server.wait_messages(OFFICER, 3)
    assert plain(article).startswith(
        "⚠️ Zakon druge nadležnosti: Republika Srpska (RS). Vaša nadležnost: Federacija BiH."
    )
    assert "KZ RS, član 124 – Ubistvo" in plain(article)
    assert "⚖️ Federacija BiH: ⚠️ druga nadležnost – Republika Srpska (RS): KZ RS" in plain(answer)
    assert "KZ RS, član 124" in plain(answer).split("Izvori:")[1]
    assert "KZ RS" not in plain(bare)  # a bare number stays in the officer's own law


async def test_isto_u_rs_and_uporedi_show_the_parallels_side_by_side(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        telegram_server.send_text(OFFICER, "/uporedi")
        [nothing_yet] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(OFFICER, MURDER)
        await telegram_server.wait_messages(OFFICER, 2)
        telegram_server.send_text(OFFICER, "isto u RS?")
        [_, _, same_in_rs] = await telegram_server.wait_messages(OFFICER, 3)
        telegram_server.send_text(OFFICER, "/uporedi KZ RS 224")
        [*_, all_codes] = await telegram_server.wait_messages(OFFICER, 4)
        telegram_server.send_text(ADMIN, "/export")
        [document] = await telegram_server.wait_messages(ADMIN, 1)
    assert "Prvo postavite pitanje" in plain(nothing_yet)
    text = plain(same_in_rs)
    assert text.startswith("Uporedba: KZ FBiH, član 166 – Ubojstvo")
    assert "Republika Srpska\nKZ RS, član 124 – Ubistvo\nKazna: (1) Ko drugog liši života" in text
    assert "KZ BD" not in text  # only the jurisdiction asked for
    assert any(d.startswith("a:") for _, d in telegram_server.buttons(same_in_rs))
    other = plain(all_codes)
    assert "KZ FBiH, član 286 – Krađa" in other and "KZ BD, član 280 – Krađa" in other
    assert "Bosna i Hercegovina\n" + texts.UPOREDI_NONE in other
    [record] = [json.loads(line) for line in gzip.decompress(document["_content"]).decode().splitlines()]
    assert record["question"] == MURDER and record["jurisdiction"] == "FBiH"


async def test_isto_u_rs_after_a_restart_reads_the_last_article_from_the_log(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    async with running_bot(telegram_server, settings, juris, log_path):
        await telegram_server.converse(OFFICER, [MURDER])
    async with running_bot(telegram_server, settings, juris, log_path):  # a new process: nothing in memory
        [same_in_rs] = await telegram_server.converse(OFFICER, ["isto u RS?"])
        [stranger_first] = await telegram_server.converse(
            ADMIN, ["isto u RS?"]
        )  # another officer's history is not theirs
    assert plain(same_in_rs).startswith("Uporedba: KZ FBiH, član 166 – Ubojstvo")
    assert "Prvo postavite pitanje" in plain(stranger_first)


async def test_a_claude_answer_names_the_laws_it_actually_cites(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path, fake_anthropic: Any
) -> None:
    from tests.fakes.anthropic_server import claude_settings, passage_ids, reply

    sent: list[list[str]] = []

    def cite_the_state_law(body: dict[str, Any]) -> Any:
        ids = passage_ids(body)
        sent.append(ids)
        return reply([("Vozač mora pristati na ispitivanje alkoholiziranosti.", ["ZOBS BiH čl. 174"])])(body)

    fake_anthropic.default = cite_the_state_law
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="RS")
    async with running_bot(
        telegram_server, claude_settings(fake_anthropic, base=settings), juris, tmp_path / "queries.sqlite3"
    ):
        telegram_server.send_text(OFFICER, TRAFFIC)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
    assert sent and all(not pid.startswith(("KZ FBiH", "KZ BD", "ZJRM")) for pid in sent[0])  # only RS + state sent
    text = plain(answer)
    assert "⚖️ Republika Srpska: državni nivo (BiH): ZOBS BiH" in text and "⚠️" not in text


async def test_another_entitys_law_on_request_in_a_thread_then_the_officers_own_again(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    """A Federation officer's thread: a theft; "a kako je to po zakonu RS?" answers from KZ RS, starting from the
    thread's act (the theft, not the last cited article), labelled; "у РС" in Cyrillic alike; a new topic is
    answered from the officer's own code again — the scope was never changed."""
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    log_path = tmp_path / "queries.sqlite3"
    theft = "ukrao mu je novčanik iz džepa u tramvaju, tuđa stvar oduzeta"
    async with running_bot(telegram_server, settings, juris, log_path):
        first, in_rs, violence_rs, fresh = await telegram_server.converse(
            OFFICER,
            [
                theft,
                "a kako je to po zakonu RS?",
                "а шта ако је тукао члана породице, у РС?",
                "druga stvar: muž tuče ženu i djecu kod kuće, nasilje u obitelji",
            ],
        )
    assert "KZ FBiH, član 286" in plain(first).split("Izvori:")[1]
    rs_text = plain(in_rs)
    assert rs_text.splitlines()[0].startswith(
        texts.ASKED_JURISDICTION.format(name="Republika Srpska", code="RS", own="Federacija BiH (FBiH)")
    )
    sources = rs_text.split("Izvori:")[1]
    assert "KZ RS, član 224" in sources and "KZ FBiH" not in sources
    assert "⚖️ Republika Srpska: KZ RS" in rs_text
    assert "KZ RS, član 190" in plain(violence_rs).split("Izvori:")[1]
    fresh_text = plain(fresh)
    assert texts.ASKED_JURISDICTION.split(":")[0] not in fresh_text and not fresh_text.startswith("Razumio sam")
    assert "KZ FBiH, član 222" in fresh_text.split("Izvori:")[1] and "KZ RS" not in fresh_text
    logged = rows(log_path)
    assert [r["jurisdiction"] for r in logged] == ["FBiH", "RS", "RS", "FBiH"]
    assert logged[1]["follows"] == logged[0]["id"] and "novčanik" in logged[1]["standalone"]


async def test_isto_u_rs_still_compares_side_by_side_in_a_thread(
    telegram_server: FakeTelegramServer, juris_settings: Settings, juris: Any, tmp_path: Path
) -> None:
    settings = juris_bot_settings(juris_settings, telegram_server, tmp_path, default_jurisdiction="FBiH")
    async with running_bot(telegram_server, settings, juris, tmp_path / "queries.sqlite3"):
        _, same = await telegram_server.converse(OFFICER, [MURDER, "isto u RS?"])
    assert plain(same).startswith("Uporedba: KZ FBiH, član 166 – Ubojstvo")
