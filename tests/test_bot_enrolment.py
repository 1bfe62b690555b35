"""Enrolment from the chat, through the real bot and the fake Bot API: a stranger's /start → the admins'
Odobri (+ jurisdiction) / Odbij → the officer is answered; invite links; /ukloni and a revocation from another
process refused from the next update on; /sluzbenici; what is stored of a stranger."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot import texts
from bot.enrolment.roster import Roster
from bot.enrolment.store import EnrolmentStore
from bot.querylog.log import hash_user_id
from kodeks.settings import Settings
from tests.fakes.telegram_server import BOT_USERNAME, FakeTelegramServer
from tests.test_bot import ADMIN, OFFICER, STRANGER, rendered, rows, running_bot

QUESTION = "neko mi je krivotvorio potpis"
NEWCOMER = {"id": STRANGER, "is_bot": False, "first_name": "Amra", "last_name": "Hodžić", "username": "amra_h"}


@pytest.fixture
def own_settings(settings: Settings, tmp_path: Path) -> Settings:
    """The bot's settings with a data dir of this test's own (officers.sqlite3 is per test)."""
    return settings.model_copy(update={"data_dir": tmp_path / "data"})


def officers_db(settings: Settings) -> sqlite3.Connection:
    con = sqlite3.connect(settings.data_dir / "officers.sqlite3")
    con.row_factory = sqlite3.Row
    return con


def hashed(user_id: int) -> str:
    return hash_user_id(user_id, "kodeks")  # the salt running_bot's query log uses


async def request_access(server: FakeTelegramServer, before: int = 0) -> dict[str, Any]:
    """The stranger sends /start; returns the request as the admin got it."""
    server.send_message(STRANGER, text="/start", **{"from": NEWCOMER})
    sent = (await server.wait_messages(STRANGER, before + 1))[-1]
    assert sent["text"] == texts.ENROL_SENT
    [notice] = await server.wait_messages(ADMIN, 1)
    return notice


async def test_a_request_approved_with_a_jurisdiction_lets_the_officer_in(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        telegram_server.send_text(STRANGER, QUESTION)  # before: refused, and the text stored nowhere
        await telegram_server.wait_messages(STRANGER, 1)
        notice = await request_access(telegram_server, before=1)
        text = rendered(notice)
        assert "Amra Hodžić" in text and "@amra_h" in text and str(STRANGER) in text
        [(approve_label, approve), (reject_label, _)] = telegram_server.buttons(notice)
        assert "Odobri" in approve_label and "Odbij" in reject_label  # approve first
        telegram_server.press(ADMIN, notice, approve)
        await telegram_server.wait_until(
            lambda: len(telegram_server.calls_to("editMessageText")) == 1, what="the jurisdiction choice"
        )
        choice = telegram_server.messages(ADMIN)[0]
        rs = next(data for label, data in telegram_server.buttons(choice) if "(RS)" in label)
        telegram_server.press(ADMIN, choice, rs)
        welcome = (await telegram_server.wait_messages(STRANGER, 3))[-1]
        assert welcome["text"] == texts.ENROL_APPROVED.format(jurisdiction="Republika Srpska (RS)")
        telegram_server.send_text(STRANGER, QUESTION)
        answer = (await telegram_server.wait_messages(STRANGER, 4))[-1]
    assert "Izvori:" in answer["text"] and "KZ RS" in answer["text"]  # answered from the chosen jurisdiction's law
    assert [r["question"] for r in rows(log_path)] == [QUESTION]  # the refused question was not stored
    con = officers_db(own_settings)
    [officer] = con.execute("SELECT * FROM enrolled WHERE user_hash = ?", (hashed(STRANGER),)).fetchall()
    assert officer["source"] == "request" and officer["name"] == "Amra Hodžić" and officer["username"] == "amra_h"
    assert officer["user_id"] is None and "Policajac" in officer["enrolled_by"]  # ids hashed; approved by the admin
    assert (
        con.execute("SELECT jurisdiction FROM officers WHERE user_hash = ?", (hashed(STRANGER),)).fetchone()[0] == "RS"
    )
    assert con.execute("SELECT COUNT(*) FROM requests").fetchone()[0] == 0  # decided: the request is gone
    actions = [r["action"] for r in con.execute("SELECT action FROM audit ORDER BY id")]
    assert actions[-3:] == ["request", "enrol", "jurisdiction"]
    assert str(STRANGER) not in " ".join(str(v) for r in con.execute("SELECT * FROM audit") for v in tuple(r))


async def test_a_rejected_request_is_told_and_not_asked_again(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        notice = await request_access(telegram_server)
        telegram_server.send_message(STRANGER, text="/start", **{"from": NEWCOMER})  # again, while pending
        [_, again] = await telegram_server.wait_messages(STRANGER, 2)
        assert again["text"] == texts.ENROL_PENDING
        reject = telegram_server.buttons(notice)[1][1]
        telegram_server.press(ADMIN, notice, reject)
        [*_, told] = await telegram_server.wait_messages(STRANGER, 3)
        assert told["text"] == texts.ENROL_REJECTED
        telegram_server.send_message(STRANGER, text="/start", **{"from": NEWCOMER})
        [*_, later] = await telegram_server.wait_messages(STRANGER, 4)
        telegram_server.press(
            ADMIN, notice, telegram_server.buttons(notice)[0][1] if telegram_server.buttons(notice) else "e:ok:gone"
        )  # a stale button
        await telegram_server.wait_until(
            lambda: any(
                "riješen" in (c.params.get("text") or "") for c in telegram_server.calls_to("answerCallbackQuery")
            ),
            what="the stale button's answer",
        )
    assert later["text"] == texts.ENROL_REJECTED
    assert len(telegram_server.messages(ADMIN)) == 1  # one notice, never a second
    assert "odbio" in rendered(telegram_server.messages(ADMIN)[0])  # the admin's copy says how it ended
    [request] = officers_db(own_settings).execute("SELECT * FROM requests").fetchall()
    assert request["name"] is None and request["user_id"] is None and request["status"] == "rejected"


async def test_an_invite_link_enrols_at_once_with_its_jurisdiction_as_many_times_as_it_says(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        telegram_server.send_text(ADMIN, "/pozivnica 1 7 RS")
        [invite] = await telegram_server.wait_messages(ADMIN, 1)
        link = re.search(rf"https://t\.me/{BOT_USERNAME}\?start=([A-Za-z0-9_-]+)", invite["text"])
        assert link and "RS" in invite["text"]
        code = link.group(1)
        telegram_server.send_message(STRANGER, text=f"/start {code}", **{"from": NEWCOMER})
        [welcome] = await telegram_server.wait_messages(STRANGER, 1)
        assert welcome["text"] == texts.ENROL_APPROVED.format(jurisdiction="Republika Srpska (RS)")
        telegram_server.send_text(STRANGER, QUESTION)
        [_, answer] = await telegram_server.wait_messages(STRANGER, 2)
        telegram_server.send_text(4004, f"/start {code}")  # used up: one use only
        [used] = await telegram_server.wait_messages(4004, 1)
        telegram_server.send_text(ADMIN, "/pozivnica 9999")  # more than KODEKS_INVITE_MAX_USES
        [_, announced, usage] = await telegram_server.wait_messages(ADMIN, 3)
    assert "Upis pozivnicom" in announced["text"]
    assert "Izvori:" in answer["text"]
    assert used["text"] == texts.INVITE_INVALID and "Upotreba" in usage["text"]
    con = officers_db(own_settings)
    assert con.execute("SELECT source FROM enrolled WHERE user_hash = ?", (hashed(STRANGER),)).fetchone()[0] == "invite"
    stored = " ".join(str(v) for r in con.execute("SELECT * FROM invites") for v in tuple(r))
    assert code not in stored  # only its hash


async def test_a_revoked_officer_is_refused_from_the_next_update_without_a_restart(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.send_text(ADMIN, "/sluzbenici")
        [listing] = await telegram_server.wait_messages(ADMIN, 1)
        telegram_server.send_text(ADMIN, f"/ukloni {OFFICER}")
        [_, removed] = await telegram_server.wait_messages(ADMIN, 2)
        telegram_server.send_text(OFFICER, QUESTION)
        [_, refused] = await telegram_server.wait_messages(OFFICER, 2)
        telegram_server.send_text(ADMIN, f"/ukloni {ADMIN}")  # an admin of the settings stays
        [*_, kept] = await telegram_server.wait_messages(ADMIN, 3)
    assert "Izvori:" in answer["text"]
    assert f"ID {OFFICER}" in listing["text"] and "KODEKS_ALLOWED_USERS" in listing["text"]
    assert removed["text"] == texts.UKLONI_DONE.format(name=f"ID {OFFICER}")
    assert refused["text"] == texts.REFUSED.format(user_id=OFFICER)
    assert "KODEKS_ADMINS" in kept["text"]
    assert len(rows(log_path)) == 1
    [row] = (
        officers_db(own_settings).execute("SELECT * FROM enrolled WHERE user_hash = ?", (hashed(OFFICER),)).fetchall()
    )
    assert row["revoked_at"] is not None and "Policajac" in row["revoked_by"]


async def test_an_officer_removed_by_another_process_is_refused_next(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        telegram_server.send_text(OFFICER, QUESTION)
        await telegram_server.wait_messages(OFFICER, 1)
        store = EnrolmentStore(own_settings.data_dir / "officers.sqlite3", hashed)  # as `kodeks officers remove`
        store.revoke(store.find(OFFICER), "cli:test")
        telegram_server.send_text(OFFICER, QUESTION)
        [_, refused] = await telegram_server.wait_messages(OFFICER, 2)
        store.enrol(OFFICER, name="Back", username=None, source="cli", by="cli:test")
        telegram_server.send_text(OFFICER, QUESTION)
        [*_, again] = await telegram_server.wait_messages(OFFICER, 3)
    assert refused["text"] == texts.REFUSED.format(user_id=OFFICER)
    assert "Izvori:" in again["text"]


def test_the_roster_fails_closed_when_the_file_cannot_be_read(tmp_path: Path) -> None:
    store = EnrolmentStore(tmp_path / "officers.sqlite3", hashed)
    store.sync_settings([OFFICER], [ADMIN])

    def broken() -> tuple[frozenset[str], frozenset[str]]:
        raise sqlite3.DatabaseError("file is not a database")

    good = Roster(store.path, store.active_hashes, hashed)
    assert good.allows(OFFICER) and not good.allows(STRANGER)
    bad = Roster(store.path, broken, hashed)
    assert not bad.allows(OFFICER) and bad.failures


def test_settings_seed_the_table_and_a_revocation_outlives_them(tmp_path: Path) -> None:
    store = EnrolmentStore(tmp_path / "officers.sqlite3", hashed)
    store.sync_settings([OFFICER, 7], [ADMIN])
    assert store.count() == 3
    store.revoke(store.find(7), "admin")
    store.sync_settings([OFFICER, 7], [ADMIN])  # still listed: stays revoked
    assert store.find(7) is None
    store.sync_settings([ADMIN], [ADMIN])  # taken out of KODEKS_ALLOWED_USERS: revoked
    assert store.find(OFFICER) is None and store.find(ADMIN).role == "admin"
    store.sync_settings([OFFICER], [ADMIN])  # listed again: back (the settings had removed them, not an admin)
    assert store.find(OFFICER) is not None and store.find(7) is None


def test_an_officer_is_found_by_an_id_in_ascii_digits_or_by_username_and_odd_digits_are_neither(tmp_path: Path) -> None:
    """`/ukloni ²` and `kodeks officers remove ²` once raised ("²".isdigit() is True, int("²") fails)."""
    store = EnrolmentStore(tmp_path / "officers.sqlite3", hashed)
    store.sync_settings([OFFICER], [ADMIN])
    assert store.find(str(OFFICER)) is not None and store.find(OFFICER) is not None
    assert store.find("²") is None and store.find("٣") is None


async def make_invite(server: FakeTelegramServer, args: str, before: int) -> tuple[str, str]:
    """An admin's /pozivnica: (code from the link, the invite's Oznaka)."""
    server.send_text(ADMIN, f"/pozivnica {args}")
    sent = (await server.wait_messages(ADMIN, before + 1))[-1]
    code = re.search(rf"https://t\.me/{BOT_USERNAME}\?start=([A-Za-z0-9_-]+)", sent["text"]).group(1)
    oznaka = re.search(r"Oznaka: ([0-9a-f]{8})", sent["text"]).group(1)
    return code, oznaka


async def test_a_removed_officer_cannot_come_back_through_a_valid_invite_and_the_admins_are_asked(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        code, oznaka = await make_invite(telegram_server, "5 7 RS", 0)
        telegram_server.send_message(STRANGER, text=f"/start {code}", **{"from": NEWCOMER})
        [welcome] = await telegram_server.wait_messages(STRANGER, 1)
        [_, used] = await telegram_server.wait_messages(ADMIN, 2)  # every invite use is announced
        telegram_server.send_text(ADMIN, f"/ukloni {STRANGER}")
        await telegram_server.wait_messages(ADMIN, 3)
        telegram_server.send_message(STRANGER, text=f"/start {code}", **{"from": NEWCOMER})  # still 4 uses left
        [_, blocked] = await telegram_server.wait_messages(STRANGER, 2)
        [*_, notice] = await telegram_server.wait_messages(ADMIN, 4)
        notice_text, notice_buttons = rendered(notice), telegram_server.buttons(notice)  # before it is edited
        telegram_server.send_message(STRANGER, text=QUESTION, **{"from": NEWCOMER})
        [*_, refused] = await telegram_server.wait_messages(STRANGER, 3)
        telegram_server.press(ADMIN, notice, notice_buttons[0][1])  # Odobri → jurisdiction
        await telegram_server.wait_until(
            lambda: any(
                (
                    telegram_server.buttons(m)
                    and "(RS)" in telegram_server.buttons(m)[0][0] + telegram_server.buttons(m)[-1][0]
                )
                or any("(RS)" in b for b, _ in telegram_server.buttons(m))
                for m in telegram_server.messages(ADMIN)[3:]
            ),
            what="choice",
        )
        choice = telegram_server.messages(ADMIN)[3]
        telegram_server.press(ADMIN, choice, next(d for label, d in telegram_server.buttons(choice) if "(RS)" in label))
        [*_, back] = await telegram_server.wait_messages(STRANGER, 4)
    assert welcome["text"] == texts.ENROL_APPROVED.format(jurisdiction="Republika Srpska (RS)")
    assert oznaka in used["text"] and "Amra Hodžić" in used["text"] and "4 od 5" in used["text"]
    assert blocked["text"].startswith(texts.INVITE_REMOVED) and texts.ENROL_SENT in blocked["text"]
    assert oznaka in notice_text and "nije upisan" in notice_text
    assert [label for label, _ in notice_buttons] == [texts.BUTTON_APPROVE, texts.BUTTON_REJECT]
    assert refused["text"] == texts.REFUSED.format(user_id=STRANGER)
    assert back["text"] == texts.ENROL_APPROVED.format(jurisdiction="Republika Srpska (RS)")  # approving unblocks
    con = officers_db(own_settings)
    assert con.execute("SELECT uses_left FROM invites").fetchone()[0] == 4  # the blocked try took no use
    actions = [r[0] for r in con.execute("SELECT action FROM audit ORDER BY id")]
    assert "invite_used" in actions and "invite_blocked" in actions and "re-enrol" in actions


async def test_pozivnice_lists_and_revokes_open_invites_for_admins_only(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        first, first_id = await make_invite(telegram_server, "3 7", 0)
        second, second_id = await make_invite(telegram_server, "2 5 FBiH", 1)
        telegram_server.send_text(ADMIN, "/pozivnice")
        [*_, listing] = await telegram_server.wait_messages(ADMIN, 3)
        text, listed_buttons = rendered(listing), telegram_server.buttons(listing)  # before it is edited
        telegram_server.press(ADMIN, listing, f"e:inv:{first_id}")
        await telegram_server.wait_until(
            lambda: "opozvana" in (telegram_server.messages(ADMIN)[2].get("text") or ""), what="the listing edited"
        )
        telegram_server.send_text(ADMIN, f"/pozivnice opozovi {second_id.upper()}")
        [*_, revoked] = await telegram_server.wait_messages(ADMIN, 4)
        telegram_server.send_text(ADMIN, f"/pozivnice opozovi {second_id}")  # again: gone
        [*_, gone] = await telegram_server.wait_messages(ADMIN, 5)
        telegram_server.send_text(OFFICER, "/pozivnice")
        [refused] = await telegram_server.wait_messages(OFFICER, 1)
        telegram_server.press(OFFICER, listing, f"e:inv:{first_id}")  # a forged button
        await telegram_server.wait_until(
            lambda: any(
                c.params.get("text") == texts.ADMINS_ONLY for c in telegram_server.calls_to("answerCallbackQuery")
            ),
            what="the forged button refused",
        )
        for n, code in enumerate((first, second), 1):
            telegram_server.send_text(4000 + n, f"/start {code}")
            [invalid] = await telegram_server.wait_messages(4000 + n, 1)
            assert invalid["text"] == texts.INVITE_INVALID
        telegram_server.send_text(ADMIN, "/pozivnice")
        [*_, empty] = await telegram_server.wait_messages(ADMIN, 6)
    assert f"Oznaka {first_id}" in text and f"Oznaka {second_id}" in text and "preostalo 3 od 3" in text
    assert {label for label, _ in listed_buttons} == {f"🚫 Opozovi {first_id}", f"🚫 Opozovi {second_id}"}
    edited = telegram_server.messages(ADMIN)[2]
    assert first_id in edited["text"] and f"Oznaka {first_id}" not in edited["text"]
    assert revoked["text"] == texts.POZIVNICE_REVOKED.format(id=second_id)
    assert gone["text"] == texts.POZIVNICE_NOT_FOUND.format(id=second_id)
    assert refused["text"] == texts.ADMINS_ONLY
    assert empty["text"] == texts.POZIVNICE_NONE


async def test_admins_get_their_own_command_menu(
    telegram_server: FakeTelegramServer, own_settings: Settings, retriever: Any, log_path: Path
) -> None:
    async with running_bot(telegram_server, own_settings, retriever, log_path):
        await telegram_server.wait_call("setMyCommands", lambda c: (c.params.get("scope") or {}).get("type") == "chat")
    assert "pozivnice" in telegram_server.menu(ADMIN) and "help" in telegram_server.menu(ADMIN)
    assert [c for c, _ in texts.ADMIN_COMMANDS if c in telegram_server.menu(OFFICER)] == []
