"""The CLI the way a newcomer uses it: global options before the command, short flags, clean --help,
read-only commands that create nothing, `kodeks laws`, and the "which law?" question."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kodeks.cli import app
from kodeks.settings import Settings
from tests.retrieval_helpers import invoke, kodeks_command, one_line_error

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("in_empty_dir")


# --- global options and short flags --------------------------------------------------------------


@pytest.mark.parametrize("where", ["before", "before-short", "after", "after-short"])
def test_data_dir_before_or_after_the_command(sample_index: Settings, where: str) -> None:
    d = str(sample_index.data_dir)
    args = {
        "before": ["--data-dir", d, "search", "krađa", "--json"],
        "before-short": ["-d", d, "search", "krađa", "--json"],
        "after": ["search", "krađa", "--json", "--data-dir", d],
        "after-short": ["search", "krađa", "--json", "-d", d],
    }[where]
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["hits"]


def test_the_option_after_the_command_wins(sample_index: Settings, tmp_path: Path) -> None:
    result = invoke("-d", str(tmp_path / "elsewhere"), "search", "krađa", "--json", "-d", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "elsewhere").exists()


def test_global_option_reaches_nested_commands(sample_index: Settings, tmp_path: Path) -> None:
    from tests.fixtures_index import SAMPLE_EVAL

    out = tmp_path / "m.json"
    result = invoke(
        "-d", str(sample_index.data_dir), "eval", "retrieval", str(SAMPLE_EVAL), "-k", "3", "--json", str(out)
    )
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["n"] > 0


def test_short_k(sample_index: Settings) -> None:
    result = invoke("-d", str(sample_index.data_dir), "search", "krađa", "-k", "2", "--json")
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)["hits"]) == 2


# --- help ----------------------------------------------------------------------------------------


def _all_command_paths() -> list[list[str]]:
    group = typer.main.get_command(app)
    paths: list[list[str]] = [[]]

    def walk(command: Any, prefix: list[str]) -> None:
        for name, sub in getattr(command, "commands", {}).items():
            paths.append([*prefix, name])
            walk(sub, [*prefix, name])

    walk(group, [])
    return paths


TYPE_TAG = re.compile(r"<(?:bool|str|int|float|path|list\[[^\]]*\]|int range|float range)[^>]*>|\{[a-z_]+\}")


def test_typer_still_has_the_internals_plain_help_replaces() -> None:
    """kodeks/cli/plain_help.py replaces three Typer methods that are not API: a Typer release without them must
    fail here, by name, not as tagged help nobody notices (typer is pinned to the tested range for this)."""
    import tomllib
    from importlib.metadata import version

    from kodeks.cli import plain_help

    missing = plain_help.missing_hooks()
    assert not missing, (
        f"typer {version('typer')} has no {', '.join(missing)}: update kodeks/cli/plain_help.py (or drop it) "
        f"and typer's pin in pyproject.toml"
    )
    [pin] = [
        r
        for r in tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())["project"][
            "dependencies"
        ]
        if r.startswith("typer")
    ]
    assert "<" in pin.split("#")[0], f"typer must have an upper bound while plain_help patches it: {pin}"
    assert plain_help.core.TyperOption.display_type_rich is plain_help._option_metavar  # installed by kodeks.cli


def test_help_has_no_type_tags_anywhere() -> None:
    paths = _all_command_paths()
    assert ["laws"] in paths and ["search"] in paths and ["eval", "retrieval"] in paths
    for path in paths:
        result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
        assert result.exit_code == 0, (path, result.output)
        assert not TYPE_TAG.search(result.stdout), (path, TYPE_TAG.search(result.stdout).group(0), result.stdout)
    search_help = runner.invoke(app, ["search", "--help"], env={"COLUMNS": "200"}).stdout
    assert "Usage: kodeks search [OPTIONS] QUERY" in " ".join(search_help.split()) or "QUERY" in search_help
    assert re.search(r"--k\s+-k\s+N\b", search_help) and re.search(r"--data-dir\s+-d\s+DIR\b", search_help)
    ingest_help = runner.invoke(app, ["ingest", "--help"], env={"COLUMNS": "200"}).stdout
    assert "PATHS..." in ingest_help and "list[Path]" not in ingest_help
    top = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).stdout
    assert re.search(r"--data-dir\s+-d\s+DIR\b", top) and "laws" in top


def test_help_of_the_real_process_is_plain(tmp_path: Path) -> None:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if not k.startswith("KODEKS_")}
    env["COLUMNS"] = "200"
    done = subprocess.run(
        [*kodeks_command(), "search", "--help"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Usage: kodeks search [OPTIONS] QUERY" in done.stdout and "<bool>" not in done.stdout


# --- read-only commands create nothing -----------------------------------------------------------


@pytest.mark.parametrize("command", [["search", "krađa"], ["ask", "krađa"], ["laws"]])
def test_read_only_commands_on_a_missing_data_dir(tmp_path: Path, command: list[str]) -> None:
    missing = tmp_path / "typo"
    line = one_line_error(invoke(*command, "-d", str(missing)))
    assert "does not exist" in line and str(missing) in line
    if command[0] != "ask":  # ask also writes the query log; search and laws only read
        assert not missing.exists()


def test_search_on_an_empty_data_dir_creates_no_chroma(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    line = one_line_error(invoke("search", "krađa", "-d", str(empty)))
    assert "kodeks ingest" in line
    assert list(empty.iterdir()) == []


# --- kodeks laws ---------------------------------------------------------------------------------


def test_laws_text_and_json(sample_index: Settings) -> None:
    result = invoke("laws", "-d", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    out = result.stdout
    blocks = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert blocks[:4] == ["BiH:", "FBiH:", "RS:", "KS:"]
    assert re.search(
        r"KZ FBiH\s+6 articles\s+ingested 20\d\d-\d\d-\d\d \d\d:\d\d:\d\d UTC\s+Krivični zakon Federacije BiH", out
    )
    assert "ZJRM KS" in out and "1 article " in out and out.rstrip().endswith("5 laws, 14 articles")

    result = invoke("-d", str(sample_index.data_dir), "laws", "-j")
    data = json.loads(result.stdout)
    assert (data["laws"], data["articles"]) == (5, 14)
    assert [g["jurisdiction"] for g in data["jurisdictions"]] == ["BiH", "FBiH", "RS", "KS"]
    fbih = data["jurisdictions"][1]["laws"]
    assert [law["law"] for law in fbih] == ["KZ FBiH", "ZKP FBiH"]
    assert set(fbih[0]) == {"law", "title", "jurisdiction", "articles", "ingested_at", "aliases"}


# --- ambiguous references on the command line ----------------------------------------------------


def test_search_and_ask_say_which_laws_an_ambiguous_name_could_mean(sample_index: Settings, tmp_path: Path) -> None:
    result = invoke("search", "članak 42 KZ", "-d", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("which law is 'kz' (article 42)? loaded: KZ FBiH, KZ RS")
    data = json.loads(invoke("search", "članak 42 KZ", "--json", "-d", str(sample_index.data_dir)).stdout)
    assert data["ambiguous"] == [{"name": "kz", "article": "42", "laws": ["KZ FBiH", "KZ RS"]}]
    assert {h["law"] for h in data["hits"]} <= {"KZ FBiH", "KZ RS"}

    private = tmp_path / "data"  # ask writes the query log: not into the shared sample index
    shutil.copytree(sample_index.data_dir, private, ignore=shutil.ignore_patterns("queries.sqlite3*"))
    result = invoke("ask", "član 42 KZ", "-d", str(private))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Koji zakon je 'kz' (član 42)? Učitani: KZ FBiH, KZ RS")


def test_search_with_an_ambiguous_law_filter_is_one_line(sample_index: Settings) -> None:
    line = one_line_error(invoke("search", "krađa", "--law", "KZ", "-d", str(sample_index.data_dir)))
    assert "KZ FBiH, KZ RS" in line


# --- counts with their nouns agreeing ------------------------------------------------------------


@pytest.mark.parametrize("n, expected", [(0, "0 laws"), (1, "1 law"), (2, "2 laws"), (21, "21 laws")])
def test_plural_agrees_with_the_count(n: int, expected: str) -> None:
    from kodeks.cli.shared import plural

    assert plural(n, "law") == expected
    assert plural(n, "annex", "annexes") == expected.replace("laws", "annexes").replace("law", "annex")


def test_one_law_is_not_1_laws(tmp_path: Path) -> None:
    from tests.retrieval_helpers import index_rows, row

    settings = index_rows(
        tmp_path / "one",
        [row("ZOBS Y", "1", "Vozač je dužan podvrgnuti se alkotestu.", "Alkotest", jurisdiction="BiH")],
    )
    result = invoke("laws", "-d", str(settings.data_dir))
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith("1 law, 1 article"), result.stdout
