"""Addresses without an address cue (bench/masking/dev_streets.jsonl): a street in lower case with its house number
and a listed town after it, and a street word with a house number dictated in words; with the look-alikes whose
numbers are no house's (a bus line, a platform, a kilometre, a law's article)."""

import pytest

from tests.privacy_helpers import found_kinds


def _addresses(text: str) -> list[str]:
    return [value for value, kind in found_kinds(text) if kind == "ADDRESS"]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("jasenova 12 zenica, komsija prijavio buku", "jasenova 12 zenica"),
        ("provala u kucu brezova 21, bihac sinoc", "brezova 21, bihac"),
        ("nasilje u porodici na kralja tvrtka 8 u sarajevu", "kralja tvrtka 8 u sarajevu"),
        ("dojava o drogi, maglajska 6 zenica, kako postupiti", "maglajska 6 zenica"),
    ],
)
def test_a_lower_case_street_with_a_number_and_a_town(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "autobus broj 12 sarajevo ilidza je udario pjesaka",
        "linija 3 tuzla centar je otkazana",
        "peron 3 zenica, napadnut putnik",
        "voz 12 sarajevo mostar kasni",
        "na autoputu kod kilometra 15 zenica jug sudar",
        "clan 12 zakona o prekrsajima, sta kaze",
    ],
)
def test_a_number_before_a_town_after_a_word_of_the_language_is_no_address(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("provala u ulici Vojvode Jasenovca broj dvadeset tri", "ulici Vojvode Jasenovca broj dvadeset tri"),
        ("pretres u ulici lipovoj broj dvanaest bez naloga", "ulici lipovoj broj dvanaest"),
        ("stanuje u brezovoj ulici broj cetrnaest", "brezovoj ulici broj cetrnaest"),
        ("туча у улици Јасенова број седам", "улици Јасенова број седам"),
    ],
)
def test_a_street_word_with_a_house_number_in_words(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    "text",
    ["u ulici je bilo pet automobila", "u ulici lipovoj dvadeset godina nema rasvjete", "ulica bez broja"],
)
def test_a_street_word_before_a_count_is_no_address(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("komsija iz Aleja lipa 7 prijavio buku", "Aleja lipa 7"),
        ("zivi u selu Kamenica bb, opstina Zvornik", "selu Kamenica bb, opstina Zvornik"),
        ("stanuje u zgradi broj 5 u ulici Lipova", "zgradi broj 5 u ulici Lipova"),
    ],
)
def test_an_alley_a_municipality_after_the_village_and_a_building_before_its_street(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tuca u lipovoj 12 sinoc oko ponoci", "lipovoj 12"),
        ("provala u stan na jasenovoj 7, sta da radimo", "jasenovoj 7"),
        ("dojava da se u brezovoj 21 prodaje droga", "brezovoj 21"),
        ("на јасеновој 7 је провала", "јасеновој 7"),
        ("jasenova br 5 pronadjeno oruzje", "jasenova br 5"),
        ("pretres u safeta zajke 44 bez naloga", "safeta zajke 44"),  # a first name's genitive, then a surname
        ("tuca na marsala tita 12 ispred kafica", "marsala tita 12"),
    ],
)
def test_a_lower_case_street_after_a_preposition_or_at_a_clauses_start(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "na autobuskoj 3 perona",  # a noun after the number: what it counts
        "u bolnickoj 3 pacijenta",
        "u drugoj 3 minute nakon incidenta je pobjegao",  # an ordinal, a unit
        "u jasenovoj 5 dana nije bilo vode",
        "na magistralnoj 17 je bila nesreca",  # no street's shape
        "u sarajevskoj 5 slucajeva krade",
    ],
)
def test_a_count_after_an_adjective_is_no_house_number(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("udes na Kasindolski put 7 sinoc", "Kasindolski put 7"),  # a road's word inside the name
        ("Lipova kbr. 12 provala", "Lipova kbr. 12"),
        ("komsija iz Lipova 12-a prijavio buku", "Lipova 12-a"),
        ("komsija iz Lipova 12 A prijavio buku", "Lipova 12 A"),
        ("stanuje na Trgu Bosne i Hercegovine 1", "Trgu Bosne i Hercegovine 1"),
        ("Липова бб, Зворник", "Липова бб, Зворник"),
        ("porodicno nasilje u selu Gornja Lipovica bb", "selu Gornja Lipovica bb"),
    ],
)
def test_roads_house_letters_bb_in_cyrillic_and_a_village_word(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    "text", ["u selu Lipovica 5 kuca je izgorjelo", "u ulici Lipovoj 5 automobila je osteceno", "sarajevski put 5 puta"]
)
def test_a_count_after_a_village_or_street_is_no_house_number(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("bihac jasenova 14 nasilje u porodici", "jasenova 14"),  # a listed town opening the sentence
        ("prijava, doboj hrastova 3, komsije se svadjaju", "hrastova 3"),  # or a clause
        ("mostar lipovice 9 pronadjen maloljetnik", "lipovice 9"),  # a plural place's name
        ("travnik brezova broj sedamnaest hitno", "brezova broj sedamnaest"),  # the number dictated in words
        ("bijeljina, jelovica trideset dva, pozar", "bijeljina, jelovica trideset dva"),
    ],
)
def test_a_street_after_the_town_dictated_first(text: str, address: str) -> None:
    assert _addresses(text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "mostar dvadeset godina nije imao ovakav slucaj",  # a count after the town
        "tuzla policija dva puta izlazila na teren",
        "doboj 3 dana bez struje",
        "zenica ima dva suda",
    ],
)
def test_a_town_first_before_a_count_is_no_address(text: str) -> None:
    assert _addresses(text) == []


def test_a_street_labelled_in_the_nominative_takes_no_count_after_its_number() -> None:
    # "ulica X 115" is a label: what follows starts the next clause ("u ulici X 5 ljudi" still counts people)
    assert _addresses("ulica palih boraca 41 zena prijavila muza") == ["ulica palih boraca 41"]
    assert _addresses("ul. zelenih beretki 7 komsija prijavio buku") == ["ul. zelenih beretki 7"]
    assert _addresses("u ulici lipovoj 5 ljudi se potuklo") == []


def test_a_word_starting_with_a_units_letter_is_no_unit() -> None:
    assert _addresses("bihac jasenova 8 hitno treba patrola") == ["jasenova 8"]  # "8 hitno" is no "8 h"
    assert _addresses("bihac jasenova 8 h je bila gužva") == []
