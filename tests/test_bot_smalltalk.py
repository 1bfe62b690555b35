"""Which messages are acknowledgements or wordless, not questions (bot.smalltalk)."""

from __future__ import annotations

import pytest

from bot.smalltalk import classify


@pytest.mark.parametrize("text", ["👍", "👍🏽", "ok", "OK.", "Hvala!", "fala", "👌", "hvala puno"])
def test_acknowledgements_are_thanks(text: str) -> None:
    assert classify(text) == "thanks"


@pytest.mark.parametrize("text", ["???", "...", "😀😀", "!!! ?", "—"])
def test_text_without_letters_or_digits_has_no_words(text: str) -> None:
    assert classify(text) == "no_words"


@pytest.mark.parametrize("text", ["krađa?", "član 5", "5", "hvala, a šta je krađa?", "ok li je pretres bez naloga?"])
def test_short_real_questions_are_questions(text: str) -> None:
    assert classify(text) is None
