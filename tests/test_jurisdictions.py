"""Four codes, one country: an officer's search covers their jurisdiction and the levels above it, explicit
references to another code still work (and are labelled), parallels are found by meaning and title,
ingest and evaluation know jurisdictions. Over a generated multi-code index (tests/juris_helpers.py)."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bot.formatting import format_answer, format_articles, jurisdiction_line
from bot.officers import Officers
from bot.querylog import QueryLog
from kodeks.cli import app
from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval import jurisdictions
from retrieval.evaluation import evaluate, load_eval
from retrieval.jurisdictions import Scope, UnknownJurisdiction, canonical, mentioned, scope_of
from retrieval.search.parallels import penalty_paragraph
from tests.juris_helpers import MURDER, TRAFFIC
from tests.retrieval_helpers import row, settings_for, write_corpus

runner = CliRunner()


def laws(result: Any) -> list[str]:
    return [h.article.law for h in result.hits]


# --- the jurisdictions themselves ---------------------------------------------------------------


def test_codes_names_and_levels_are_defined_once() -> None:
    assert [canonical(x) for x in ("fbih", "Republika Srpska", "РС", "brčko", "bih", "Kanton Sarajevo")] == [
        "FBiH",
        "RS",
        "RS",
        "BD",
        "BiH",
        "KS",
    ]
    assert {c: jurisdictions.level_of(c) for c in ("BiH", "RS", "BD", "KS")} == {
        "BiH": "state",
        "RS": "entity",
        "BD": "district",
        "KS": "canton",
    }
    assert scope_of("RS").codes == ("RS", "BiH")
    assert scope_of("KS").codes == ("KS", "FBiH", "BiH") and scope_of("BiH").codes == ("BiH",)
    with pytest.raises(UnknownJurisdiction) as caught:
        canonical("Atlantida")
    assert "Atlantida" in str(caught.value) and "FBiH" in str(caught.value) and "KS" in str(caught.value)


def test_jurisdictions_named_in_free_text() -> None:
    assert mentioned("isto u RS?") == ["RS"]
    assert mentioned("a u Brčkom?") == ["BD"]
    assert mentioned("kako je u Federaciji BiH") == ["FBiH"]  # the longer name, not also the state
    assert mentioned("KZ FBiH i KZ RS") == ["FBiH", "RS"]
    assert mentioned("ukrao mi je mobitel") == []


# --- search for an officer -----------------------------------------------------------------------


def test_a_question_naming_a_level_above_the_officer_s_own() -> None:
    """The state named in a question ("pred Sudom BiH", "država BiH") by an officer below it; not the state's
    name as part of a lower level's ("Federaciji BiH", "Brčko distriktu BiH"), not an officer's own level."""
    from retrieval.jurisdictions import names_level_above

    assert names_level_above("svjedok na Sudu BiH je slagao", "BD")
    assert names_level_above("traži od države BiH da pusti brata", "RS")
    assert names_level_above("to propisuje Bosna i Hercegovina", "RS")
    assert names_level_above("to propisuje Federacija", "KS")
    assert not names_level_above("ukrao je auto u Federaciji BiH", "FBiH")
    assert not names_level_above("ukrao je u Brčko distriktu BiH", "BD")
    assert not names_level_above("svjedok na Sudu BiH", "BiH")
    assert not names_level_above("svjedok na Sudu BiH", None)
    assert not names_level_above("a u RS?", "FBiH")


def test_rs_officer_gets_kz_rs_and_never_another_entitys_code(juris: Any) -> None:
    result = juris.search(MURDER, jurisdiction=scope_of("RS"))
    assert result.hits[0].id == "KZ RS čl. 124"
    assert set(laws(result)) <= {"KZ RS", "KZ BiH", "ZOBS BiH"}  # RS and state level only
    assert result.jurisdiction == "RS" and result.scope == ["RS", "BiH"]


def test_fbih_officer_gets_kz_fbih(juris: Any) -> None:
    result = juris.search(MURDER, jurisdiction=scope_of("FBiH"))
    assert result.hits[0].id == "KZ FBiH čl. 166"
    assert not {"KZ RS", "KZ BD", "ZJRM KS"} & set(laws(result))


def test_cantonal_officer_gets_the_canton_the_federation_and_the_state(juris: Any) -> None:
    scope = scope_of("KS")
    assert juris.search("tuča i vika na javnom mjestu", jurisdiction=scope).hits[0].id == "ZJRM KS čl. 8"
    assert juris.search(MURDER, jurisdiction=scope).hits[0].id == "KZ FBiH čl. 166"
    assert "ZJRM KS" not in laws(juris.search("tuča i vika na javnom mjestu", jurisdiction=scope_of("FBiH")))


def test_state_traffic_law_serves_every_entity(juris: Any) -> None:
    for code in ("RS", "FBiH", "BD"):
        assert juris.search(TRAFFIC, jurisdiction=scope_of(code)).hits[0].id == "ZOBS BiH čl. 174", code


def test_an_explicit_reference_to_another_code_is_still_answered(juris: Any) -> None:
    result = juris.search("šta kaže član 124 KZ RS?", jurisdiction=scope_of("FBiH"))
    assert result.hits[0].id == "KZ RS čl. 124" and result.hits[0].level == "reference"
    assert {h.article.law for h in result.hits[1:]} <= {"KZ FBiH", "KZ BiH", "ZOBS BiH"}
    # a bare number stays inside the officer's scope
    assert "KZ RS čl. 124" not in [h.id for h in juris.search("član 124", jurisdiction=scope_of("FBiH")).hits]
    assert [a.id for a in juris.resolve_reference("član 124 KZ RS", scope_of("FBiH"))] == ["KZ RS čl. 124"]
    assert juris.resolve_reference("član 166", scope_of("RS")) == []


def test_a_single_code_is_still_an_exact_filter(juris: Any) -> None:
    assert set(laws(juris.search(MURDER, jurisdiction="RS"))) == {"KZ RS"}
    assert juris.search("član 166 KZ FBiH", jurisdiction="RS").hits[0].level != "reference"


def test_a_scope_the_index_has_nothing_of_gives_nothing_rather_than_another_law(juris: Any) -> None:
    assert juris.search(MURDER, jurisdiction=Scope("PK", ("PK",))).hits == []
    with pytest.raises(KodeksError) as caught:
        juris.search(MURDER, jurisdiction=["Atlantida"])
    assert "Atlantida" in str(caught.value)


def test_jurisdictions_in_the_index(juris: Any) -> None:
    assert juris.jurisdictions() == ["BD", "BiH", "FBiH", "KS", "RS"]
    assert juris.get("KZ RS čl. 124").extra["level"] == "entity"
    assert juris.get("ZJRM KS čl. 8").extra["level"] == "canton"


# --- parallels -----------------------------------------------------------------------------------


def test_parallels_are_found_by_meaning_and_title_not_number(juris: Any) -> None:
    comparison = juris.parallels("KZ RS čl. 124")
    assert comparison.source.article.id == "KZ RS čl. 124"
    found = {p.jurisdiction: (p.article.id if p.article else None, p.match) for p in comparison.others}
    assert found["FBiH"] == ("KZ FBiH čl. 166", "title")  # "Ubistvo" / "Ubojstvo", another number
    assert found["BD"] == ("KZ BD čl. 163", "title")
    assert found["BiH"] == (None, "none")  # the state code has no murder article: nothing is claimed
    assert comparison.others[0].penalty.startswith("(1)") and "kaz" in comparison.others[0].penalty
    domestic = {p.jurisdiction: p.article.id for p in juris.parallels("KZ FBiH čl. 222").others if p.article}
    assert domestic["RS"] == "KZ RS čl. 190"  # "Nasilje u obitelji" / "Nasilje u porodici"


def test_parallels_for_named_jurisdictions_and_state_law(juris: Any) -> None:
    only_rs = juris.parallels("KZ FBiH čl. 286", ["RS"]).others
    assert [(p.jurisdiction, p.article.id) for p in only_rs] == [("RS", "KZ RS čl. 224")]
    # The state's traffic law is a framework the entities complete with their own (retrieval/language/data/law_kinds.toml: no `level`):
    # with no RS traffic law loaded that is said, and the state's law is not claimed to be the RS rule.
    [rs] = juris.parallels("ZOBS BiH čl. 174", ["RS"]).others
    assert (rs.article, rs.match, rs.kind) == (None, "not_loaded", "zakon o bezbjednosti saobraćaja")
    assert juris.parallels("nema takvog", ["RS"]) is None


def test_penalty_paragraph() -> None:
    text = "(1) Ko drugog liši života, kazniće se zatvorom.\n(2) Pokušaj je kažnjiv."
    assert penalty_paragraph(text) == "(1) Ko drugog liši života, kazniće se zatvorom."
    assert penalty_paragraph("(1) Pojmovi su ovi. (2) Ko to učini, kaznit će se.") == "(2) Ko to učini, kaznit će se."


# --- the reply line --------------------------------------------------------------------------------


def test_the_reply_names_the_jurisdiction_and_law_above_izvori(juris: Any) -> None:
    from kodeks.answering.extractive import extractive_answer

    result = juris.search(MURDER, jurisdiction=scope_of("RS"))
    answer = extractive_answer(MURDER, result.hits[:2], prompt_version="t", reason="test")
    line = jurisdiction_line([h.article for h in answer.citations], result.scope)
    assert line.startswith("⚖️ <b>Republika Srpska</b>: KZ RS")
    [message] = format_answer(answer, jurisdiction=line)
    assert message.index("⚖️") < message.index("Izvori:") and message.count("⚖️") == 1


def test_the_line_says_when_only_a_higher_level_regulates_the_matter(juris: Any) -> None:
    zobs, kz_rs = juris.get("ZOBS BiH čl. 174"), juris.get("KZ RS čl. 124")
    # The state's law leads the answer, but the kinds data does not say traffic is the state's alone: no claim.
    assert jurisdiction_line([zobs], ["RS", "BiH"]) == "⚖️ <b>Republika Srpska</b>: državni nivo (BiH): ZOBS BiH"
    assert (
        jurisdiction_line([zobs], ["RS", "BiH"], area_levels=juris.area_levels())
        == "⚖️ <b>Republika Srpska</b>: državni nivo (BiH): ZOBS BiH"
    )
    assert (
        jurisdiction_line([zobs], ["RS", "BiH"], area_levels={"ZOBS BiH": "state"})
        == "⚖️ <b>Republika Srpska</b>: ovu oblast uređuje državni nivo (BiH): ZOBS BiH"
    )
    assert (
        jurisdiction_line([kz_rs, zobs], ["RS", "BiH"])
        == "⚖️ <b>Republika Srpska</b>: KZ RS · državni nivo (BiH): ZOBS BiH"
    )
    assert (
        jurisdiction_line([kz_rs], ["FBiH", "BiH"])
        == "⚖️ <b>Federacija BiH</b>: ⚠️ druga nadležnost – Republika Srpska (RS): KZ RS"
    )
    assert jurisdiction_line([kz_rs, zobs], None) == "⚖️ KZ RS (RS) · ZOBS BiH (BiH)"
    assert "KS, FBiH, BiH" in jurisdiction_line([], list(scope_of("KS")))
    [shown] = format_articles([kz_rs], scope=["FBiH", "BiH"])
    assert shown.startswith("<i>⚠️ Zakon druge nadležnosti: Republika Srpska (RS). Vaša nadležnost: Federacija BiH.</i>")
    assert "druge nadležnosti" not in format_articles([kz_rs], scope=["RS", "BiH"])[0]


# --- ingest ----------------------------------------------------------------------------------------


def test_ingest_refuses_an_unknown_jurisdiction_and_keeps_what_was_indexed(tmp_path: Path) -> None:
    from retrieval.ingest.run import ingest_paths
    from retrieval.search.retriever import Retriever

    settings = settings_for(tmp_path / "idx")
    corpus = write_corpus(
        tmp_path / "a.jsonl",
        [
            row("KZ X", "1", "Ko ukrade, kaznit će se.", "Krađa", jurisdiction="fbih"),
            row("KZ Y", "1", "Ko ubije, kaznit će se.", "Ubistvo", jurisdiction="RS"),
        ],
    )
    ingest_paths(settings, [corpus])
    assert Retriever.open(settings).get("KZ X čl. 1").jurisdiction == "FBiH"  # canonical code
    write_corpus(
        corpus,
        [
            row("KZ X", "1", "Ko ukrade, kaznit će se.", "Krađa", jurisdiction="Atlantida"),
            row("KZ Y", "1", "Ko ubije, kaznit će se.", "Ubistvo", jurisdiction="RS"),
        ],
    )
    report = ingest_paths(settings, [corpus])
    [problem] = [str(p) for p in report.problems]
    assert "unknown jurisdiction 'Atlantida'" in problem and "known: BiH, FBiH, RS, BD" in problem
    retriever = Retriever.open(settings)
    assert retriever.get("KZ X čl. 1").jurisdiction == "FBiH"  # the earlier version is not lost
    assert report.deleted == 0


def test_cli_ingest_rejects_an_unknown_jurisdiction_flag(tmp_path: Path) -> None:
    law = tmp_path / "kz.txt"
    law.write_text("Član 1.\nKrađa\nKo ukrade, kaznit će se.\n", encoding="utf-8")
    result = runner.invoke(
        app, ["ingest", str(law), "--law", "KZ X", "--jurisdiction", "Atlantida", "--data-dir", str(tmp_path / "idx")]
    )
    assert result.exit_code == 2
    assert "Atlantida" in result.output and "FBiH" in result.output
    assert not (tmp_path / "idx" / "articles.jsonl").exists()


# --- kodeks ask / search / eval as an officer ------------------------------------------------------


def test_cli_ask_and_search_as_an_officer(
    juris_settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = str(juris_settings.data_dir)
    result = runner.invoke(app, ["ask", MURDER, "--jurisdiction", "RS", "--json", "--data-dir", data])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["search"]["scope"] == ["RS", "BiH"] and out["search"]["jurisdiction"] == "RS"
    assert out["answer"]["citations"][0]["id"] == "KZ RS čl. 124"
    assert not any(c["law"] == "KZ FBiH" for c in out["answer"]["citations"])
    human = runner.invoke(app, ["ask", MURDER, "--jurisdiction", "RS", "--data-dir", data])
    assert "jurisdiction: RS (searched RS, BiH)" in human.stdout
    both = runner.invoke(app, ["search", MURDER, "--officer", "RS", "--jurisdiction", "RS", "--data-dir", data])
    assert both.exit_code == 2
    searched = runner.invoke(app, ["search", MURDER, "--officer", "fbih", "--json", "--data-dir", data])
    assert json.loads(searched.stdout)["hits"][0]["id"] == "KZ FBiH čl. 166"
    bad = runner.invoke(app, ["search", MURDER, "--officer", "Atlantida", "--data-dir", data])
    assert bad.exit_code == 2 and "Atlantida" in bad.output


def test_eval_runs_each_question_as_for_its_officer(juris: Any, tmp_path: Path) -> None:
    path = tmp_path / "eval.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(q, ensure_ascii=False)
            for q in [
                {"id": "rs", "question": MURDER, "relevant": ["KZ RS čl. 124"], "jurisdiction": "RS"},
                {"id": "fbih", "question": MURDER, "relevant": ["KZ FBiH čl. 166"], "jurisdiction": "fbih"},
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    questions = load_eval(path)
    assert [q.jurisdiction for q in questions] == ["RS", "FBiH"]
    run = evaluate(
        questions, lambda q, jurisdiction=None: juris.search(q, jurisdiction=jurisdictions.as_scope(jurisdiction))
    )
    assert run.metrics["hit@1"] == 1.0
    assert [d["jurisdiction"] for d in run.details] == ["RS", "FBiH"]
    path.write_text(
        json.dumps({"question": "x", "relevant": ["a"], "jurisdiction": "Atlantida"}) + "\n", encoding="utf-8"
    )
    with pytest.raises(KodeksError) as caught:
        load_eval(path)
    assert f"{path}:1" in str(caught.value) and "Atlantida" in str(caught.value)


def test_cli_eval_retrieval_with_jurisdictions(juris_settings: Settings, tmp_path: Path) -> None:
    path = tmp_path / "eval.jsonl"
    path.write_text(
        "\n".join(
            json.dumps(q, ensure_ascii=False)
            for q in [
                {"question": MURDER, "relevant": ["KZ RS čl. 124"], "jurisdiction": "RS"},
                {"question": MURDER, "relevant": ["KZ FBiH čl. 166"], "jurisdiction": "FBiH"},
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "m.json"
    result = runner.invoke(
        app, ["eval", "retrieval", str(path), "--json", str(out), "--data-dir", str(juris_settings.data_dir)]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["hit@1"] == 1.0


# --- the query log and the export ------------------------------------------------------------------


async def test_the_log_records_the_officers_jurisdiction_not_their_id(juris: Any, tmp_path: Path) -> None:
    from kodeks.answering import Pipeline

    log_path = tmp_path / "queries.sqlite3"
    old = sqlite3.connect(log_path)  # a log made before the column existed
    from bot.querylog import MIGRATIONS

    old.executescript("".join(m.sql for m in MIGRATIONS[:5]) + "\nPRAGMA user_version = 5;")
    old.execute("INSERT INTO queries (ts, user_hash, question) VALUES ('2026-01-01 00:00:00.000000', 'h', 'staro')")
    old.commit()
    old.close()
    async with Pipeline(juris.settings, retriever=juris) as pipeline, await QueryLog.open(log_path) as qlog:
        result = await pipeline.ask(MURDER, jurisdiction=scope_of("RS"))
        await qlog.record(user_id=424242, question=MURDER, result=result)
        await qlog.record(user_id=424242, question="bez nadležnosti", result=await pipeline.ask("krađa"))
        records = [r async for r in qlog.export()]
    assert [(r["question"], r["jurisdiction"]) for r in records] == [
        ("staro", None),
        (MURDER, "RS"),
        ("bez nadležnosti", None),
    ]
    assert all("424242" not in json.dumps(r) for r in records)
    async with await QueryLog.open(log_path):  # the step is idempotent
        pass


# --- officers --------------------------------------------------------------------------------------


async def test_officers_precedence_once_and_admin_override(tmp_path: Path) -> None:
    officers = Officers(tmp_path / "officers.sqlite3", lambda uid: f"hash-{uid * 7}", {515151: "fbih"}, "BD")
    assert (await officers.get(1)).code == "BD" and (await officers.get(1)).source == "default"
    assert (await officers.get(515151)).code == "FBiH" and (await officers.get(515151)).source == "settings"
    assert await officers.choose(1, "RS") and (await officers.get(1)).source == "self"
    assert not await officers.choose(1, "FBiH")  # once
    assert not await officers.choose(515151, "RS")  # placed by an admin in the settings
    await officers.assign(515151, "RS")  # an admin in the bot wins over the settings
    assert (await officers.get(515151)).code == "RS"
    assert await officers.clear(515151) and (await officers.get(515151)).code == "FBiH"
    assert (await officers.scope(1)).codes == ("RS", "BiH")
    stored = (tmp_path / "officers.sqlite3").read_bytes()
    assert b"515151" not in stored and b"hash-7" in stored  # ids only hashed
    with pytest.raises(KodeksError) as caught:
        Officers(tmp_path / "o.sqlite3", str, {1: "Atlantida"})
    assert "KODEKS_USER_JURISDICTIONS" in str(caught.value) and "Atlantida" in str(caught.value)


def test_settings_parse_user_jurisdictions(monkeypatch: pytest.MonkeyPatch) -> None:
    from kodeks.settings import SettingsError, load_settings

    monkeypatch.setenv("KODEKS_USER_JURISDICTIONS", "424242:RS, 515151:FBiH")
    monkeypatch.setenv("KODEKS_DEFAULT_JURISDICTION", "BD")
    s = load_settings(_env_file=None)
    assert s.user_jurisdictions == {424242: "RS", 515151: "FBiH"} and s.default_jurisdiction == "BD"
    monkeypatch.setenv("KODEKS_USER_JURISDICTIONS", "424242=RS")
    with pytest.raises(SettingsError) as caught:
        load_settings(_env_file=None)
    assert "KODEKS_USER_JURISDICTIONS" in str(caught.value) and "id:JURISDICTION" in str(caught.value)


def test_label_articles_records_levels_and_refuses_unknown() -> None:
    from retrieval.types import Article

    art = Article(id="a", law="L", article="1", text="t", jurisdiction="ks")
    kept, refused = jurisdictions.label_articles(
        [art, replace(art, id="b", jurisdiction=""), replace(art, id="c", law="M", jurisdiction="Mars")]
    )
    assert [(a.id, a.jurisdiction, a.extra.get("level")) for a in kept] == [("a", "KS", "canton"), ("b", "", None)]
    assert refused == [
        f"law 'M': unknown jurisdiction 'Mars', 1 article(s) not indexed; known: {jurisdictions.known_codes()}"
    ]


def test_comparison_requests_are_short_follow_ups_naming_a_jurisdiction() -> None:
    from retrieval.jurisdictions import comparison_request

    assert comparison_request("isto u RS?") == ["RS"]
    assert comparison_request("a u Brčkom?") == ["BD"]
    assert comparison_request("kako je to u Federaciji") == ["FBiH"]
    assert comparison_request("uporedi sa RS i BD") == ["RS", "BD"]
    for question in ("ukrao mi je mobitel u RS, šta da radim sa prijavom", "isto u RS član 5", "isto?", "policija RS"):
        assert comparison_request(question) is None, question


def test_ingest_warns_about_a_law_without_jurisdiction_when_officers_have_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    law = tmp_path / "kz.txt"
    law.write_text("Član 1.\nKrađa\nKo ukrade, kaznit će se.\n", encoding="utf-8")
    monkeypatch.setenv("KODEKS_DEFAULT_JURISDICTION", "FBiH")
    result = runner.invoke(app, ["ingest", str(law), "--law", "KZ X", "--data-dir", str(tmp_path / "idx")])
    assert result.exit_code == 0, result.output
    assert "law 'KZ X' has no jurisdiction, so it is served to no officer who has one" in result.stderr
    assert f'Fix: kodeks ingest {law} --law "KZ X" --jurisdiction CODE' in result.stderr  # the law's own warning, once
    assert "no jurisdiction for" not in result.stderr


def test_a_parallel_in_a_jurisdiction_with_no_laws_loaded_is_said_not_loaded(juris: Any) -> None:
    [tk] = juris.parallels("KZ RS čl. 124", ["TK"]).others
    assert (tk.jurisdiction, tk.article, tk.match, tk.kind) == ("TK", None, "not_loaded", "krivični zakon")
