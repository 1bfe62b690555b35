"""The jurisdiction rules over the real codes: KZ BiH, KZ FBiH, KZ RS and the state traffic law ZOBS BiH,
read from the clean corpora in ../shared/laws (skipped when absent; nothing is copied).

Only a programmatic subset of each code is indexed (the offences asked about plus a dozen others, chosen by
title — see tests/juris_helpers.py), so the suite stays fast while the wrong code is still there to be
kept out by the filter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.formatting import jurisdiction_line
from kodeks.settings import Settings
from retrieval.jurisdictions import scope_of
from tests.fakes.telegram_server import FakeTelegramServer
from tests.juris_helpers import MURDER, TRAFFIC, real_corpora_present, write_real_subset
from tests.retrieval_helpers import settings_for
from tests.test_bot import OFFICER, bot_settings, running_bot

pytestmark = pytest.mark.skipif(not real_corpora_present(), reason="../shared/laws corpora not present")

OTHERS_PER_CODE = 10


@pytest.fixture(scope="module")
def real_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    from retrieval.ingest.run import ingest_paths

    folder = tmp_path_factory.mktemp("real-codes")
    settings = settings_for(folder / "idx")
    report = ingest_paths(settings, write_real_subset(folder / "src", OTHERS_PER_CODE))
    assert report.problems == [] and report.articles > 40
    return settings


@pytest.fixture(scope="module")
def real(real_settings: Settings) -> Any:
    from retrieval.search.retriever import Retriever

    return Retriever.open(real_settings)


def laws(result: Any) -> set[str]:
    return {h.article.law for h in result.hits}


def test_an_rs_officer_asking_about_murder_gets_kz_rs_and_no_kz_fbih(real: Any) -> None:
    result = real.search(MURDER, jurisdiction=scope_of("RS"))
    assert result.hits[0].article.law == "KZ RS"  # the code's article first (murder, or its aggravated form)
    assert "KZ RS čl. 124" in [h.id for h in result.hits[:3]]
    assert "KZ FBiH" not in laws(result)


def test_an_fbih_officer_asking_about_murder_gets_kz_fbih(real: Any) -> None:
    result = real.search(MURDER, jurisdiction=scope_of("FBiH"))
    assert result.hits[0].article.law == "KZ FBiH"
    assert "KZ FBiH čl. 166" in [h.id for h in result.hits[:3]]
    assert "KZ RS" not in laws(result)


def test_both_get_the_state_traffic_law(real: Any) -> None:
    for code in ("RS", "FBiH"):
        result = real.search(TRAFFIC, jurisdiction=scope_of(code))
        assert result.hits[0].article.law == "ZOBS BiH", code
        assert laws(result) <= {"ZOBS BiH", "KZ BiH", f"KZ {code}"}


def test_an_explicit_reference_to_the_other_entitys_code_is_answered_and_labelled(real: Any) -> None:
    result = real.search("šta kaže član 124 KZ RS?", jurisdiction=scope_of("FBiH"))
    assert result.hits[0].id == "KZ RS čl. 124" and result.hits[0].level == "reference"
    assert laws(result) - {"KZ RS"} <= {"KZ FBiH", "KZ BiH", "ZOBS BiH"}
    line = jurisdiction_line([result.hits[0].article], result.scope)
    assert "druga nadležnost – Republika Srpska (RS): KZ RS" in line


def test_the_same_offence_is_found_in_the_other_code_by_meaning_and_title(real: Any) -> None:
    murder = {p.jurisdiction: p for p in real.parallels("KZ RS čl. 124").others}
    assert murder["FBiH"].article.id == "KZ FBiH čl. 166" and murder["FBiH"].match == "title"
    assert murder["BiH"].match == "none"  # KZ BiH has no general murder article: nothing is claimed
    theft = {p.jurisdiction: p for p in real.parallels("KZ FBiH čl. 286").others}
    assert theft["RS"].article.id == "KZ RS čl. 224"
    domestic = {p.jurisdiction: p for p in real.parallels("KZ RS čl. 190").others}
    assert domestic["FBiH"].article.id == "KZ FBiH čl. 222"  # "porodica" / "obitelj": by meaning of the titles


async def test_the_bot_reply_names_the_jurisdiction(
    telegram_server: FakeTelegramServer, real_settings: Settings, real: Any, tmp_path: Path
) -> None:
    settings = bot_settings(real_settings, telegram_server, user_jurisdictions={OFFICER: "RS"})
    settings = settings.model_copy(update={"data_dir": tmp_path})
    async with running_bot(telegram_server, settings, real, tmp_path / "queries.sqlite3"):
        telegram_server.send_text(OFFICER, MURDER)
        [answer] = await telegram_server.wait_messages(OFFICER, 1)
    text = answer["text"]
    assert "⚖️ Republika Srpska: KZ RS" in text and text.index("⚖️") < text.index("Izvori:")
    assert "KZ RS, član 124 – Ubistvo" in text.split("Izvori:")[1] and "KZ FBiH" not in text
