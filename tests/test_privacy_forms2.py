"""Names and addresses in the forms of the second dev set (bench/masking/dev_forms2.jsonl): a surname declined
like the first name before it, a listed surname at a sentence's start, an entrance by its letter, and a count
after a street that is no house number. One test per class with its look-alikes (invented names and streets).
"""

import pytest

from tests.privacy_helpers import found_kinds


def _of(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("legit smo Nihada Brkana ispred banke", ["Nihada Brkana"]),
        ("zapisnik sa Nedimom Karahasanom je gotov", ["Nedimom Karahasanom"]),
        ("razgovarali smo sa Nedimom Trnjaninom", ["Nedimom Trnjaninom"]),
    ],
)
def test_a_surname_declined_like_the_first_name_before_it(text: str, names: list[str]) -> None:
    assert _of(text, "PERSON") == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("uhapsili smo marka pijana", []),  # an adjective in the same case, lower case
        ("sa Markom Gradskom ulicom", ["Markom"]),  # an adjective's -sk stem
        ("sa markom policajcem smo razgovarali", []),  # a word for a person
    ],
)
def test_a_word_of_the_language_in_the_first_names_case_is_no_surname(text: str, names: list[str]) -> None:
    assert _of(text, "PERSON") == names


def test_a_listed_surname_after_a_first_name_at_a_sentences_start() -> None:
    assert _of("Dario Kolar i Emir Jusufbegović se potukli", "PERSON") == ["Dario Kolar", "Emir Jusufbegović"]


def test_an_entrance_by_its_letter_is_part_of_the_address() -> None:
    assert _of("stanuje u Hrastovoj 14 ulaz B", "ADDRESS") == ["Hrastovoj 14 ulaz B"]
    assert _of("stanuje u Hrastovoj 14 ulaz a stan je prazan", "ADDRESS") == ["Hrastovoj 14"]  # "a": and


@pytest.mark.parametrize(
    "text",
    [
        "u kozarskoj ulici 3 automobila parkirana na trotoaru",
        "u hrastovoj ulici 5 ljudi se tuklo",
        "u Kozarskoj ulici 7 automobila stoji na trotoaru",  # capitalised, no cue
        "Titova 5 automobila je parkirano",
    ],
)
def test_a_count_after_a_street_is_no_house_number(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("u Hrastovoj ulici 3 je tuca", "Hrastovoj ulici 3"),
        ("u hrastovoj ulici 3 udario komsiju", "hrastovoj ulici 3"),  # a verb after the number
        ("ziva u jasenovoj ulici 15 prijavljuje buku", "jasenovoj ulici 15"),
        ("stanuje u hrastovoj ulici 5", "hrastovoj ulici 5"),
    ],
)
def test_a_street_before_ulica_with_its_number_is_still_an_address(text: str, address: str) -> None:
    assert _of(text, "ADDRESS") == [address]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("zivi u Ulici Branilaca grada 17", "Ulici Branilaca grada 17"),
        ("stanuje u ulici Heroja rata 3", "ulici Heroja rata 3"),
    ],
)
def test_a_lower_case_word_inside_a_capitalised_street_after_a_cue(text: str, address: str) -> None:
    assert _of(text, "ADDRESS") == [address]


@pytest.mark.parametrize(
    "text", ["adresa suda 12", "u ulici Zakona 12", "na adresi Ministarstva unutrasnjih poslova 7"]
)
def test_an_institution_or_law_after_a_cue_is_no_street(text: str) -> None:
    assert _of(text, "ADDRESS") == []


def test_a_cyrillic_surname_declined_like_its_first_name() -> None:
    assert _of("разговарали смо са Недимом Карахасаном о догађају", "PERSON") == ["Недимом Карахасаном"]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("ana kolar-brezak prijavila kradju", ["ana kolar-brezak"]),  # "brezak" is a dictionary word
        ("ANA KOLAR-BREZAK PRIJAVILA KRADJU", ["ANA KOLAR-BREZAK"]),
        ("selma hadzic-tesnjak odbija izjavu", ["selma hadzic-tesnjak"]),
    ],
)
def test_the_second_half_of_a_double_surname(text: str, names: list[str]) -> None:
    assert _of(text, "PERSON") == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("ana kolar-policajac", ["ana kolar"]),  # a word for a person
        ("MARKO MARKOVIC-ZBOG KRADJE", ["MARKO MARKOVIC"]),
        ("marko markovic-krivicno djelo", ["marko markovic"]),  # a word of the laws
        ("marko markovic-pijan", ["marko markovic"]),  # an adjective's ending
    ],
)
def test_a_word_of_the_language_after_a_hyphen_is_no_surname(text: str, names: list[str]) -> None:
    assert _of(text, "PERSON") == names
