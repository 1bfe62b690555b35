"""What a ministry's officer is told about levels and laws that are not loaded (issue 35), over a small real index
(real embedder, real Chroma) with no RS law at all: the Federation's and the state's criminal codes, the state's
traffic framework law and a state customs law.

- "ovu oblast uređuje državni nivo" only where retrieval/language/data/law_kinds.toml says the area is the state's alone
  (`level = "state"`: customs), never because a state law leads the answer (every level has a criminal code);
- "isto u RS?" with no RS law of that kind says it is not loaded, and claims the state's law applies there only
  in such an area;
- "član 3 KZ RS" says KZ RS is not loaded and names the loaded criminal codes — in the bot, `kodeks search` and
  `kodeks ask` — instead of asking which law was meant;
- a new, self-contained question after another is not read as its follow-up.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bot import texts
from bot.compare import format_comparison
from bot.formatting import jurisdiction_line
from kodeks.answering.conversation import Exchange, Thread, understand
from kodeks.cli import app
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from retrieval.search.law_kinds import load_kinds
from tests.fakes.telegram_server import FakeTelegramServer
from tests.juris_helpers import fixture_rows
from tests.retrieval_helpers import index_rows, row
from tests.test_bot import OFFICER, bot_settings, rendered, running_bot

runner = CliRunner()
WAR = "ubijanje civilnog stanovništva u ratu, kolika je kazna"
CUSTOMS = "koja je kazna ako neko ne prijavi robu u carinskoj deklaraciji"


def _rows() -> list[dict[str, Any]]:
    kept = [r for r in fixture_rows() if r["jurisdiction"] not in ("RS", "BD")]  # no RS or Brčko law at all
    kept.append(
        row(
            "KZ BiH",
            "173",
            "(1) Ko kršeći pravila međunarodnog prava za vrijeme rata naredi ili učini napad "
            "na civilno stanovništvo, ubijanje civila ili mučenje, kaznit će se kaznom zatvora najmanje deset "
            "godina.",
            "Ratni zločin protiv civilnog stanovništva",
            jurisdiction="BiH",
            law_title="Krivični zakon (BiH) – test",
        )
    )
    customs = "Zakon o carinskoj politici – test"
    kept.append(
        row(
            "ZCP BiH",
            "12",
            "(1) Deklarant je dužan u carinskoj deklaraciji prijaviti svu robu koju unosi, "
            "s tačnim podacima o vrsti i vrijednosti robe.",
            "Carinska deklaracija",
            jurisdiction="BiH",
            law_title=customs,
        )
    )
    kept.append(
        row(
            "ZCP BiH",
            "40",
            "(1) Deklarant koji u carinskoj deklaraciji ne prijavi robu ili je prijavi s "
            "netačnim podacima kaznit će se novčanom kaznom.",
            "Carinski prekršaj",
            jurisdiction="BiH",
            law_title=customs,
        )
    )
    return kept


@pytest.fixture(scope="module")
def state_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return index_rows(tmp_path_factory.mktemp("state-areas"), _rows())


@pytest.fixture(scope="module")
def state(state_settings: Settings) -> Any:
    from retrieval.search.retriever import Retriever

    return Retriever.open(state_settings)


def test_the_areas_only_the_state_legislates_are_data() -> None:
    level = {k.kind: k.level for k in load_kinds()}
    assert level["customs"] == level["value added tax"] == level["foreigners"] == "state"
    assert (
        level["criminal code"] == level["criminal procedure"] == level["traffic safety"] == ""
    )  # every level, or several


def test_a_state_law_leading_the_answer_is_no_claim_that_the_state_regulates_the_area(state: Any) -> None:
    areas = state.area_levels()
    assert areas == {"ZCP BiH": "state"}  # the customs law only: not the state's criminal code nor its traffic law
    fbih = list(scope_of("FBiH"))
    war, zobs, customs = state.get("KZ BiH čl. 173"), state.get("ZOBS BiH čl. 174"), state.get("ZCP BiH čl. 40")
    for article in (war, zobs):
        line = jurisdiction_line([article], fbih, area_levels=areas)
        assert line == f"⚖️ <b>Federacija BiH</b>: državni nivo (BiH): {article.law}" and "uređuje" not in line
    assert (
        jurisdiction_line([customs], fbih, area_levels=areas)
        == "⚖️ <b>Federacija BiH</b>: ovu oblast uređuje državni nivo (BiH): ZCP BiH"
    )


def test_isto_u_rs_with_no_rs_law_of_that_kind_says_it_is_not_loaded(state: Any) -> None:
    [rs] = state.parallels("KZ BiH čl. 173", ["RS"]).others
    assert (rs.jurisdiction, rs.article, rs.match, rs.kind) == ("RS", None, "not_loaded", "krivični zakon")
    text = "\n".join(format_comparison(state.parallels("KZ BiH čl. 173", ["RS"])))
    assert "za RS nije učitan krivični zakon" in text and "isti zakon važi" not in text
    [murder_rs] = state.parallels("KZ FBiH čl. 166", ["RS"]).others
    assert murder_rs.match == "not_loaded"  # the Federation's murder: nothing of RS, and the state's code not claimed
    [applies] = state.parallels("ZCP BiH čl. 40", ["RS"]).others  # customs: the state's alone, so it applies in RS
    assert applies.match == "applies" and applies.article.id == "ZCP BiH čl. 40"
    assert texts.UPOREDI_APPLIES.format(level="državni") in "\n".join(
        format_comparison(state.parallels("ZCP BiH čl. 40", ["RS"]))
    )


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("član 3 KZ RS", "KZ RS", "krivični zakon"),
        ("clan 3 kz rs", "KZ RS", "krivični zakon"),
        ("čl. 3 KZ Brčko", "KZ BD", "krivični zakon"),
        ("član 3 krivičnog zakona Republike Srpske", "krivični zakon RS", "krivični zakon"),
        ("član 174 zakona o saobraćaju RS", "zakon o bezbjednosti saobraćaja RS", "zakon o bezbjednosti saobraćaja"),
    ],
)
def test_a_law_named_but_not_loaded_is_said_to_be_not_loaded(state: Any, text: str, name: str, kind: str) -> None:
    lookup = state.lookup_reference(text, scope_of("FBiH"))
    assert lookup.articles == [] and lookup.candidates == []
    [reference] = lookup.ambiguous
    assert (reference.name, reference.laws, reference.kind) == (name, (), kind)
    expected = ("KZ FBiH", "KZ BiH") if kind == "krivični zakon" else ("ZOBS BiH",)  # the officer's own first
    assert reference.loaded == expected


def test_the_cli_says_the_law_is_not_loaded(
    state_settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = str(state_settings.data_dir)
    searched = runner.invoke(app, ["search", "član 3 KZ RS", "--officer", "FBiH", "--data-dir", data])
    assert searched.exit_code == 0, searched.output
    assert (
        "KZ RS is not loaded, so its article 3 cannot be shown; loaded laws of its kind (krivični zakon): "
        "KZ FBiH, KZ BiH"
    ) in searched.stdout
    assert "which law" not in searched.stdout
    asked = runner.invoke(app, ["ask", "član 3 KZ RS", "--jurisdiction", "FBiH", "--json", "--data-dir", data])
    assert asked.exit_code == 0, asked.output
    answer = json.loads(asked.stdout)["answer"]["text"]
    assert answer.startswith(
        "⚠️ KZ RS nije učitan, pa ne mogu prikazati njegov član 3. "
        "Učitani zakoni iste vrste (krivični zakon): KZ FBiH, KZ BiH."
    )


async def test_the_bot_tells_a_federation_officer_what_is_not_loaded_and_claims_no_state_area(
    telegram_server: FakeTelegramServer, state_settings: Settings, state: Any, tmp_path: Path
) -> None:
    settings = bot_settings(state_settings, telegram_server, default_jurisdiction="FBiH")
    data = tmp_path / "data"
    data.mkdir()
    settings = settings.model_copy(update={"data_dir": data})
    async with running_bot(telegram_server, settings, state, tmp_path / "queries.sqlite3"):
        reference, war, same_in_rs, customs = await telegram_server.converse(
            OFFICER, ["član 3 KZ RS", WAR, "isto u RS?", CUSTOMS]
        )
    assert rendered(reference).startswith(
        "⚠️ KZ RS nije učitan, pa ne mogu prikazati njegov član 3. "
        "Učitani zakoni iste vrste (krivični zakon): KZ FBiH, KZ BiH."
    )
    assert "Koji zakon" not in rendered(reference)
    war_line = next(line for line in rendered(war).splitlines() if line.startswith("⚖️"))
    assert "KZ BiH" in war_line and "uređuje" not in war_line  # the state's code leads, the area is not the state's
    assert "za RS nije učitan krivični zakon" in rendered(same_in_rs) and "isti zakon važi" not in rendered(same_in_rs)
    customs_line = next(line for line in rendered(customs).splitlines() if line.startswith("⚖️"))
    assert "ovu oblast uređuje državni nivo (BiH): ZCP BiH" in customs_line


def test_a_new_self_contained_question_is_not_read_as_a_follow_up() -> None:
    traffic = "vozač odbio alkotest, šta slijedi"
    thread = Thread().after(Exchange(question=traffic, standalone=traffic, articles=("ZOBS BiH čl. 174",)))
    understood = understand("ukrali mu auto ispred zgrade", thread)
    assert not understood.follow_up, understood.summary()
