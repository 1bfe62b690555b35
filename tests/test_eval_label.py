"""`kodeks eval label`: logged questions labelled by an admin (interactive) or from 👍 answers (silver), written
as evaluation JSONL that `kodeks eval retrieval` reads unchanged.

The log is a real SQLite query log written by `bot.querylog.QueryLog` with the real pipeline's answers over
the sample index (extractive, no key); the command is driven through typer's CliRunner with typed input."""

from __future__ import annotations

import gzip
import json
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kodeks.settings import Settings

START = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
# (question as the officer typed it, jurisdiction, feedback): the log stores the masked question
ASKED = [
    ("neko mi je krivotvorio potpis", "FBiH", 1),
    ("sta ako vozac odbije alkotest, zove se Marko Marković", "RS", 1),
    ("ukrao mi je mobitel", "FBiH", -1),
    ("lažne novčanice pronađene kod osumnjičenog", "FBiH", None),
    ("pas ugrizao dijete u parku", "RS", None),
]


@pytest.fixture(autouse=True)
def _empty_cwd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no developer .env


async def write_log(settings: Settings, path: Path, asked: list[tuple[str, str, int | None]]) -> Path:
    """Answer each question with the real pipeline and log it as the bot does, a day apart."""
    from bot.querylog import QueryLog
    from kodeks.answering import Pipeline
    from retrieval.jurisdictions import as_scope

    async with Pipeline(settings) as pipeline, await QueryLog.open(path, salt="pepper") as qlog:
        for day, (question, jurisdiction, feedback) in enumerate(asked):
            result = await pipeline.ask(question, jurisdiction=as_scope(jurisdiction))
            at = START + timedelta(days=day)
            row_id = await qlog.record(user_id=1000 + day, question=result.question, result=result, at=at)
            assert row_id is not None
            if feedback:
                await qlog.feedback(row_id=row_id, user_id=1000 + day, value=feedback, at=at)
    return path


@pytest.fixture
async def logged(sample_index: Settings, tmp_path: Path) -> Path:
    """A query log of five answered questions (two 👍, one 👎), a day apart, the officers' ids hashed."""
    return await write_log(sample_index, tmp_path / "log" / "queries.sqlite3", ASKED)


def run(*args: str, typed: list[str] | None = None):
    from kodeks.cli import app

    return CliRunner().invoke(app, ["eval", "label", *args], input="".join(f"{t}\n" for t in typed or []))


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_an_admin_labels_newest_first_by_number_reference_none_and_resumes(
    logged: Path, sample_index: Settings, tmp_path: Path
) -> None:
    out = tmp_path / "labels.jsonl"
    data = ["--log", str(logged), "--out", str(out), "--data-dir", str(sample_index.data_dir)]
    # newest first: the dog (not covered), the false notes (a reference), then quit
    first = run(*data, typed=["n", "7", "čl. 342 KZ FBiH", "q"])
    assert first.exit_code == 0, first.output
    assert "[1/5] log-5" in first.stdout and "officer: RS" in first.stdout
    assert "no number 7 in the list" in first.stdout  # asked again, nothing written for the bad answer
    assert "labelled 1, not covered 1, skipped 0" in first.stdout
    assert lines(out) == [
        {
            "id": "log-4",
            "question": "lažne novčanice pronađene kod osumnjičenog",
            "relevant": ["KZ FBiH čl. 342"],
            "jurisdiction": "FBiH",
            "label": "admin",
        }
    ]
    uncovered = tmp_path / "labels.not_covered.jsonl"
    assert lines(uncovered) == [
        {"id": "log-5", "question": "pas ugrizao dijete u parku", "jurisdiction": "RS", "label": "admin"}
    ]

    # resumed: the two done are not asked again; the theft is skipped, the forged signature labelled by number
    second = run(*data, typed=["s", "s", "1"])
    assert second.exit_code == 0, second.output
    assert "log-5" not in second.stdout and "log-4" not in second.stdout
    assert "[1/3] log-3" in second.stdout and "👎" in second.stdout
    assert "1. KZ FBiH čl. 373" in second.stdout and "(cited)" in second.stdout
    labelled = lines(out)
    assert [line["id"] for line in labelled] == ["log-4", "log-1"]
    assert labelled[1]["relevant"] == ["KZ FBiH čl. 373"]
    assert "skipped 2" in second.stdout
    assert out.stat().st_mode & 0o077 == 0  # officers' questions: 0600

    # the labels are an evaluation set as they are
    from kodeks.cli import app

    evaluated = CliRunner().invoke(app, ["eval", "retrieval", str(out), "--data-dir", str(sample_index.data_dir)])
    assert evaluated.exit_code == 0, evaluated.output
    assert "hit@5" in evaluated.stdout and "warning" not in evaluated.output


def test_an_ambiguous_or_missing_reference_is_asked_again(logged: Path, sample_index: Settings, tmp_path: Path) -> None:
    out = tmp_path / "labels.jsonl"
    result = run(
        "--log",
        str(logged),
        "--out",
        str(out),
        "--data-dir",
        str(sample_index.data_dir),
        typed=["čl. 373 KZ", "član 999 KZ FBiH", "", "члан 373 КЗ РС", "čl. 236 ZOBS BiH i čl. 174 ZOBS BiH", "q"],
    )
    assert result.exit_code == 0, result.output
    assert "which law?" in result.stdout and "KZ FBiH" in result.stdout and "KZ RS" in result.stdout
    assert "KZ FBiH čl. 999 is not found" in result.stdout
    assert [line["relevant"] for line in lines(out)] == [["KZ RS čl. 373"], ["ZOBS BiH čl. 236", "ZOBS BiH čl. 174"]]


async def test_a_question_asked_again_is_labelled_once(sample_index: Settings, tmp_path: Path) -> None:
    again = [
        ("ukrao mi je mobitel", "FBiH", 1),
        ("Ukrao mi je  mobitel", "FBiH", 1),  # the same words from the same place
        ("ukrao mi je mobitel", "RS", None),  # another place: another question
    ]
    path = await write_log(sample_index, tmp_path / "again.sqlite3", again)
    out = tmp_path / "labels.jsonl"
    data = ["--log", str(path), "--out", str(out), "--data-dir", str(sample_index.data_dir)]
    result = run(*data, typed=["1", "1"])
    assert result.exit_code == 0, result.output
    assert "[1/2] log-3" in result.stdout and "[2/2] log-2" in result.stdout and "(asked 2 times)" in result.stdout
    assert [line["id"] for line in lines(out)] == ["log-3", "log-2"]
    silver = tmp_path / "silver.jsonl"
    assert run("--silver", "--log", str(path), "--out", str(silver)).exit_code == 0
    assert [line["id"] for line in lines(silver)] == ["log-2"]  # the newest 👍 of the two
    assert run("--silver", "--log", str(path), "--out", str(out)).exit_code == 0
    assert len(lines(out)) == 2  # labelled by the admin already: no silver line beside it


def test_only_feedback_and_since_choose_the_questions(logged: Path, sample_index: Settings, tmp_path: Path) -> None:
    out = tmp_path / "labels.jsonl"
    data = ["--log", str(logged), "--out", str(out), "--data-dir", str(sample_index.data_dir)]
    result = run(*data, "--only-feedback", "--since", "2026-11-21", typed=["q"])
    assert result.exit_code == 0, result.output
    assert "[1/2] log-3" in result.stdout  # log-1 is before --since, log-4 and log-5 have no feedback
    assert not out.exists()


def test_silver_labels_are_the_thumbs_up_answers_cited_articles_and_nothing_of_the_officer(
    logged: Path, sample_index: Settings, tmp_path: Path
) -> None:
    out = tmp_path / "silver.jsonl"
    result = run("--silver", "--log", str(logged), "--out", str(out))
    assert result.exit_code == 0, result.output
    silver = lines(out)
    assert [s["id"] for s in silver] == ["log-1", "log-2"]  # 👎 (log-3) and unrated ones left out
    assert all(s["label"] == "silver" and s["relevant"] for s in silver)
    assert silver[0]["relevant"][0] == "KZ FBiH čl. 373" and silver[0]["jurisdiction"] == "FBiH"
    text = out.read_text(encoding="utf-8")
    assert "Marković" not in text and "Marko" not in text  # the masked question, as logged
    assert all(set(s) == {"id", "question", "relevant", "jurisdiction", "label"} for s in silver)
    from bot.querylog.log import hash_user_id

    assert hash_user_id(1000, "pepper") not in text and "1000" not in text

    again = run("--silver", "--log", str(logged), "--out", str(out))  # nothing written twice
    assert again.exit_code == 0 and "0 silver labels" in again.stdout and len(lines(out)) == 2

    from kodeks.cli import app

    evaluated = CliRunner().invoke(app, ["eval", "retrieval", str(out), "--data-dir", str(sample_index.data_dir)])
    assert evaluated.exit_code == 0, evaluated.output
    assert "hit@5" in evaluated.stdout and "warning" not in evaluated.output


def test_silver_labels_from_a_gzip_export_match_those_from_the_log(
    logged: Path, sample_index: Settings, tmp_path: Path
) -> None:
    from kodeks.cli import app

    shutil.copy(logged, tmp_path / "queries.sqlite3")
    exported = tmp_path / "export.jsonl.gz"
    done = CliRunner().invoke(app, ["export", "--out", str(exported), "--data-dir", str(logged.parent)])
    assert done.exit_code == 0, done.output
    with gzip.open(exported, "rt", encoding="utf-8") as handle:
        assert handle.readline()
    from_export = tmp_path / "a.jsonl"
    from_log = tmp_path / "b.jsonl"
    assert run("--silver", "--export", str(exported), "--out", str(from_export)).exit_code == 0
    assert run("--silver", "--log", str(logged), "--out", str(from_log)).exit_code == 0
    assert lines(from_export) == lines(from_log) and len(lines(from_log)) == 2
    second = tmp_path / "part-2.jsonl"  # /export's parts, each given with its own --export
    with gzip.open(exported, "rt", encoding="utf-8") as handle:
        records = handle.readlines()
    exported.write_bytes(gzip.compress("".join(records[:1]).encode("utf-8")))
    second.write_text("".join(records[1:]), encoding="utf-8")
    from_parts = tmp_path / "c.jsonl"
    assert run("--silver", "--export", str(exported), "--export", str(second), "--out", str(from_parts)).exit_code == 0
    assert lines(from_parts) == lines(from_log)


def test_bad_input_is_one_clear_line(logged: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    result = run("--silver", "--export", str(bad), "--out", str(tmp_path / "o.jsonl"))
    assert result.exit_code == 1 and "bad.jsonl:1: not an export line" in result.output
    missing = run("--log", str(tmp_path / "nope.sqlite3"), "--out", str(tmp_path / "o.jsonl"))
    assert missing.exit_code == 1 and "no query log at" in missing.output
    both = run("--log", str(logged), "--export", str(bad), "--out", str(tmp_path / "o.jsonl"))
    assert both.exit_code == 2 and "either --log or --export" in both.output
