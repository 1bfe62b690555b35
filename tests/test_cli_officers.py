"""`kodeks officers list|add|remove|import FILE.csv`: the table the bot's enrolment writes, from the command line."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from kodeks.cli import app

runner = CliRunner()


def run(data: Path, *args: str):
    return runner.invoke(app, ["officers", *args, "--data-dir", str(data)], env={"KODEKS_USER_HASH_SALT": "s"})


def test_import_list_add_remove_and_every_change_audited(tmp_path: Path) -> None:
    data = tmp_path / "data"
    csv = tmp_path / "officers.csv"
    csv.write_text("id;ime;nadleznost\n424242;Marko Marković;RS\n515151;;FBiH\n616161\n", encoding="utf-8")
    result = run(data, "import", str(csv))
    assert result.exit_code == 0, result.output
    assert "3 enrolled" in result.stdout
    assert "already enrolled" in run(data, "add", "424242").stdout
    listed = json.loads(run(data, "list", "--json").stdout)
    assert {o["jurisdiction"] for o in listed} == {"RS", "FBiH", None}
    assert all(isinstance(o["user"], str) and not o["user"].isdigit() for o in listed)  # hashed ids
    assert run(data, "remove", "424242").exit_code == 0
    assert len(json.loads(run(data, "list", "--json").stdout)) == 2
    assert len(json.loads(run(data, "list", "--json", "--all").stdout)) == 3
    assert run(data, "remove", "424242").exit_code == 1  # no longer enrolled: one line, exit 1
    assert (data / "officers.sqlite3").stat().st_mode & 0o777 == 0o600
    con = sqlite3.connect(data / "officers.sqlite3")
    actions = [r[0] for r in con.execute("SELECT action FROM audit ORDER BY id")]
    assert actions.count("enrol") == 3 and actions[-1] == "revoke"
    assert all(r[0].startswith("cli") for r in con.execute("SELECT actor FROM audit"))


def test_a_bad_csv_line_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    data = tmp_path / "data"
    csv = tmp_path / "officers.csv"
    csv.write_text("424242,Ana,RS\n51515l,Bad\n", encoding="utf-8")
    result = run(data, "import", str(csv))
    assert result.exit_code == 1 and "officers.csv:2" in result.output
    assert json.loads(run(data, "list", "--json").stdout) == []
    bad_code = tmp_path / "b.csv"
    bad_code.write_text("424242,Ana,XX\n", encoding="utf-8")
    assert "unknown jurisdiction" in run(data, "import", str(bad_code)).output


def test_officers_are_listed_with_ids_and_removed_by_a_unique_name(tmp_path: Path) -> None:
    data = tmp_path / "data"
    csv = tmp_path / "officers.csv"
    csv.write_text("424242;Marko Marković;RS\n515151;Ana Anić;FBiH\n616161;Ana Anić;BD\n", encoding="utf-8")
    assert run(data, "import", str(csv)).exit_code == 0
    listed = run(data, "list")
    keys = {o["name"]: o["id"] for o in json.loads(run(data, "list", "--json").stdout) if o["name"] == "Marko Marković"}
    assert keys["Marko Marković"].startswith("#") and keys["Marko Marković"] in listed.stdout  # the id an admin types
    assert "424242" not in listed.stdout  # ids stay hashed
    removed = run(data, "remove", "marko  MARKOVIĆ")
    assert removed.exit_code == 0 and "Marko Marković" in removed.stdout
    ambiguous = run(data, "remove", "Ana Anić")
    assert ambiguous.exit_code == 1 and "2 officers" in ambiguous.output  # both named, nothing removed
    assert len(json.loads(run(data, "list", "--json").stdout)) == 2
    one = next(o["id"] for o in json.loads(run(data, "list", "--json").stdout) if o["jurisdiction"] == "BD")
    assert run(data, "remove", one).exit_code == 0
    assert [o["jurisdiction"] for o in json.loads(run(data, "list", "--json").stdout)] == ["FBiH"]
    assert run(data, "remove", "Nepoznati Policajac").exit_code == 1


def test_a_removed_officer_is_not_re_enrolled_by_an_import_unless_asked_and_add_says_re_enrolled(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    csv = tmp_path / "officers.csv"
    csv.write_text("424242;Marko Marković;RS\n515151;Ana Anić\n", encoding="utf-8")
    assert run(data, "import", str(csv)).exit_code == 0
    assert run(data, "remove", "424242").exit_code == 0
    again = run(data, "import", str(csv))
    assert again.exit_code == 0
    assert "skipped officers.csv:1: 424242 (Marko Marković) was removed" in again.stdout
    assert "1 already enrolled, 1 skipped (removed)" in again.stdout
    assert len(json.loads(run(data, "list", "--json").stdout)) == 1
    forced = run(data, "import", str(csv), "--include-removed")
    assert "1 re-enrolled" in forced.stdout and len(json.loads(run(data, "list", "--json").stdout)) == 2
    assert run(data, "remove", "424242").exit_code == 0
    added = run(data, "add", "424242")
    assert added.exit_code == 0 and added.stdout.startswith("re-enrolled")
