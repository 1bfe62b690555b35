"""`kodeks chat`: a terminal conversation over the real index, the bot's path (thread, /novo, --officer)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot import texts
from kodeks.settings import Settings

pytestmark = pytest.mark.usefixtures("in_empty_dir")


def chat(settings: Settings, lines: list[str], *extra: str):
    from kodeks.cli import app

    args = ["chat", "--no-log", "--data-dir", str(settings.data_dir), *extra]
    return CliRunner().invoke(app, args, input="".join(f"{line}\n" for line in lines))


def answers(output: str) -> list[str]:
    """The printed answers, one block per question (each ends with its timings line)."""
    return output.split("timings: ")[:-1]


def test_a_thread_follows_up_switches_jurisdiction_for_one_answer_and_starts_anew(sample_index: Settings) -> None:
    before = logged(sample_index.data_dir)
    result = chat(
        sample_index,
        ["neko mi je krivotvorio potpis", "a u RS?", "/novo", "ukrao mi je mobitel", "/kraj", "never asked"],
        "--officer",
        "FBiH",
    )
    assert result.exit_code == 0, result.output
    first, other, third = answers(result.stdout)
    assert "Izvori:\n  1. KZ FBiH, član 373" in first
    assert "Po zakonu koji ste tražili: Republika Srpska (RS); vaša nadležnost ostaje Federacija BiH (FBiH)." in other
    assert "[KZ RS čl. 373]" in other and "[KZ FBiH čl. 373]" not in other
    assert texts.NEW_THREAD in third and "Razumio sam" not in third
    assert "[KZ FBiH čl. 286]" in third and "jurisdiction: FBiH" in third  # the officer's own scope again
    assert "never asked" not in result.stdout
    assert logged(sample_index.data_dir) == before  # --no-log


def test_the_end_of_input_ends_the_chat_and_blank_lines_are_skipped(sample_index: Settings) -> None:
    result = chat(sample_index, ["", "   "])
    assert result.exit_code == 0, result.output
    assert answers(result.stdout) == [] and "/novo" in result.stdout


def test_an_unknown_officer_jurisdiction_fails_in_one_line_before_any_question(sample_index: Settings) -> None:
    result = chat(sample_index, ["neko mi je krivotvorio potpis"], "--officer", "XX")
    assert result.exit_code == 1
    assert result.stderr.startswith("kodeks: ") and "Izvori" not in result.stdout


def test_questions_are_logged_as_from_the_command_line_unless_no_log(sample_index: Settings, tmp_path: Path) -> None:
    from kodeks.cli import app

    data = tmp_path / "data"
    shutil.copytree(sample_index.data_dir, data)  # other tests may have logged questions there already
    before = logged(data)
    result = CliRunner().invoke(app, ["chat", "--data-dir", str(data)], input="ukrao mi je mobitel\n")
    assert result.exit_code == 0, result.output
    assert logged(data)[len(before) :] == [("ukrao mi je mobitel", "cli")]


def logged(data_dir: Path) -> list[tuple[str, str]]:
    """The query log's (question, source) rows, oldest first; none when there is no log yet."""
    path = data_dir / "queries.sqlite3"
    if not path.exists():
        return []
    with sqlite3.connect(path) as db:
        return db.execute("SELECT question, source FROM queries ORDER BY id").fetchall()
