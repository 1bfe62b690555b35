"""Lower-case words of the language are never names; names themselves still are."""

from kodeks.privacy import find


def _persons(text: str) -> list[str]:
    found, _ = find(text)
    return [text[s.start : s.end] for s in found if s.kind == "PERSON"]


def test_common_lowercase_words_are_not_names() -> None:
    for text in (
        "tuča u kafiću kod stanice, šta radimo",
        "uhvatili smo kradljivicu u prodavnici",
        "lopovka je pobjegla iz kafane",
    ):
        assert _persons(text) == [], text


def test_names_still_masked() -> None:
    assert _persons("marko markovic je udario komsiju")
    assert _persons("Ana Kovačević prijavila krađu")
