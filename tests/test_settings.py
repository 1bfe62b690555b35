"""Settings: every field is documented in .env.example, lists parse, secrets never show in a repr."""

from pathlib import Path

from kodeks.settings import Settings, load_settings

REPO = Path(__file__).resolve().parents[1]


def test_every_setting_is_documented_in_env_example() -> None:
    documented = (REPO / ".env.example").read_text(encoding="utf-8")
    missing = [f.alias for f in Settings.model_fields.values() if f.alias not in documented]
    assert missing == []


def test_id_lists_parse_from_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("KODEKS_ALLOWED_USERS", " 11, 22;33 ,")
    monkeypatch.setenv("KODEKS_ADMINS", "")
    settings = load_settings(_env_file=None)
    assert settings.allowed_users == {11, 22, 33} and settings.admins == frozenset()


def test_secrets_are_not_in_the_repr(monkeypatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-very-secret")
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "123:very-secret-token")
    settings = load_settings(_env_file=None)
    assert "very-secret" not in repr(settings) and "very-secret" not in str(settings.model_dump())
    assert settings.anthropic_api_key.get_secret_value() == "sk-ant-very-secret"


def test_law_aliases_parse() -> None:
    settings = load_settings(law_aliases="KZ=KZ FBiH; ZKP = ZKP FBiH;broken", _env_file=None)
    assert settings.aliases() == {"KZ": "KZ FBiH", "ZKP": "ZKP FBiH"}


def test_without_a_configured_salt_each_installation_makes_its_own(tmp_path) -> None:
    first = load_settings(data_dir=tmp_path / "a", _env_file=None)
    salt = first.hash_salt()
    assert len(salt) == 64 and salt != "kodeks"
    assert first.hash_salt() == salt  # kept across restarts
    assert (tmp_path / "a" / "user_hash.salt").stat().st_mode & 0o077 == 0  # owner only
    assert load_settings(data_dir=tmp_path / "b", _env_file=None).hash_salt() != salt
    assert load_settings(data_dir=tmp_path / "c", user_hash_salt="pepper", _env_file=None).hash_salt() == "pepper"


def test_a_misspelt_setting_names_the_nearest_one_and_never_its_value(tmp_path) -> None:
    from kodeks.settings import unknown_settings

    env_file = tmp_path / ".env"
    env_file.write_text("KODEKS_TOP_KK=9\nKODEKS_ADMINS=1\n", encoding="utf-8")
    lines = unknown_settings(
        {"KODEKS_TRESHOLD": "secret-0.5", "KODEKS_THRESHOLD": "0.7", "KODEKS_QQQZZZ": "x", "PATH": "/bin"}, env_file
    )
    assert lines == [
        "KODEKS_TRESHOLD is not a setting (did you mean KODEKS_THRESHOLD?)",
        "KODEKS_QQQZZZ is not a setting",
        "KODEKS_TOP_KK is not a setting (did you mean KODEKS_TOP_K?)",
    ]
    assert not any("secret" in line for line in lines)
    assert unknown_settings({"KODEKS_DATA_DIR": "x", "CHROMA_HOST": "h"}, tmp_path / "absent") == []


def test_the_cli_warns_about_a_misspelt_setting_at_start_up(tmp_path, monkeypatch) -> None:
    from typer.testing import CliRunner

    from kodeks.cli import app

    monkeypatch.chdir(tmp_path)  # no .env of the checkout
    monkeypatch.setenv("KODEKS_TRESHOLD", "0.5")
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path), "laws"])
    err = result.stderr if hasattr(result, "stderr") else result.output
    assert "kodeks: KODEKS_TRESHOLD is not a setting (did you mean KODEKS_THRESHOLD?)" in err
    assert "0.5" not in err


def test_the_bot_command_leaves_a_misspelt_setting_to_the_bots_own_start_up_warnings(tmp_path, monkeypatch) -> None:
    """`kodeks bot` reports it once, among its start-up warnings (bot.app.startup_warnings), not twice."""
    from typer.testing import CliRunner

    from kodeks.cli import app

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KODEKS_TRESHOLD", "0.5")
    result = CliRunner().invoke(app, ["--data-dir", str(tmp_path), "bot", "--help"])
    err = result.stderr if hasattr(result, "stderr") else result.output
    assert result.exit_code == 0
    assert "KODEKS_TRESHOLD" not in err
