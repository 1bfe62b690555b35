"""The prompt files load, carry a version, and state the contract the rest of the code relies on."""

from __future__ import annotations

import pytest

from kodeks.answering import Answerer
from kodeks.errors import KodeksError
from kodeks.settings import load_settings
from prompts import LANGUAGES, load_prompt, parse_prompt


@pytest.mark.parametrize("language", LANGUAGES)
def test_prompt_loads_with_a_version_and_without_its_header(language: str) -> None:
    prompt = load_prompt(language)
    assert prompt.name == f"system_{language}"
    assert prompt.version and prompt.version[0].isdigit()
    assert prompt.id == f"system_{language}:{prompt.version}"
    assert not prompt.text.startswith("#") and "version:" not in prompt.text.splitlines()[0]
    assert len(prompt.text) > 500


@pytest.mark.parametrize("language", LANGUAGES)
def test_prompt_states_the_contract(language: str) -> None:
    text = load_prompt(language).text
    for needle in ("<passage>", "<question>", '"answer"', "covered", "missing", "citations"):
        assert needle in text, needle


def test_both_languages_share_one_version_line_format() -> None:
    assert load_prompt("bs").version == load_prompt("en").version


def test_file_without_version_is_rejected() -> None:
    with pytest.raises(ValueError, match="version"):
        parse_prompt("system_xx", "# just a comment\nYou are helpful.")
    assert parse_prompt("p", "# version: 7\n\nText").version == "7"


def test_unknown_language_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="known: bs, en"):
        load_prompt("de")
    with pytest.raises(KodeksError, match="KODEKS_PROMPT_LANGUAGE"):
        Answerer(load_settings(_env_file=None, prompt_language="de"))


def test_setting_selects_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KODEKS_PROMPT_LANGUAGE", "en")
    answerer = Answerer(load_settings(_env_file=None))
    assert answerer.prompt.id.startswith("system_en:")
    assert Answerer(load_settings(_env_file=None, prompt_language="bs")).prompt.id.startswith("system_bs:")
