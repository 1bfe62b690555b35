"""The twenty-sixth round's classes of form (docs/privacy.md "Twenty-sixth round: dev_writer19 …"): a year of birth
after a child's noun and "iz"; a block's code between the number and the entrance or flat; a street named by a
people's adjective and a noun after a street's word or a cue; streets typed all in lower case, by their street word
or by their town; a lower-case first name of the region's dictionary opening a message before "iz"/"sa" and an
address; and three false masks — a name joined to a title's possessive ("X-begove džamije"), an award named after a
person, a count after a preposition of quantity or before "njih". Invented examples, each with the same evidence where
it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- a year of birth after a child's noun and "iz" ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("uhvaćen u krađi, maloljetan je, dijete iz 2011, ko zove roditelje", "2011"),
        ("dete iz 2013, bacio kamen na autobus, ko odgovara", "2013"),
        ("дете из 2014, нађено само на станици, шта радимо", "2014"),
        ("dijete iz 2012. godine, ko ga preuzima", "2012"),
    ],
)
def test_a_childs_year_is_a_date_of_birth(text: str, year: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == [year], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "dijete iz 2011. razreda je pobjeglo",  # the year goes on as a class's number
        "dijete iz 2011 braka je kod oca",  # a word after the year
        "dijete iz 2090, ko",  # not a year past
        "dijete iz Tuzle, ko zove",
    ],
)
def test_a_year_that_goes_on_is_no_date_of_birth(text: str) -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


# --- a block's code before the entrance or the flat -------------------------------------------------------------------


def test_a_blocks_code_before_its_entrance_is_part_of_the_address() -> None:
    text = 'kaže "živim u Brezovici 4, D7, ulaz 3, stan 12" a u ličnoj piše drugo'
    assert _of_kind(text, "ADDRESS") == ["Brezovici 4, D7, ulaz 3, stan 12"], found_kinds(text)


def test_a_code_alone_after_the_number_stays_outside() -> None:
    assert _of_kind("stanuje Brezova 4, D7 je šifra ulaza", "ADDRESS") == ["Brezova 4"]


# --- a street named by a people's adjective and a noun ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Zdenko Lipić, sa adresom Srpske lipe 22/4, Bijeljina, tvrdi", "Srpske lipe 22/4, Bijeljina"),
        ("Здравко Липић, са адресом Српске липе 22/4, Бијељина, тврди", "Српске липе 22/4, Бијељина"),
        ("stanuje u ulici Hrvatskih brezika 5, Mostar", "Hrvatskih brezika 5, Mostar"),
    ],
)
def test_a_street_opened_by_a_peoples_adjective_is_an_address(text: str, address: str) -> None:
    assert [a for a in _of_kind(text, "ADDRESS") if a.endswith(address)], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "iz Republike Srpske 3 osobe su došle",
        "prema Zakonu Republike Srpske 12/24 je kazna",
    ],
)
def test_a_peoples_adjective_without_a_cue_stays(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- streets typed all in lower case ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ona je tu, zivi put brezovih lipa 17, zenica, ima li pravo", "put brezovih lipa 17, zenica"),
        ("u setaliste donja lipa 2, tuzla je nadjen pretucen", "setaliste donja lipa 2, tuzla"),
        ("stanuje bulevar brezika 12, a radi u kaknju", "bulevar brezika 12"),
        ("kradja iz lokala na lipovici 12 u sarajevu, teska kradja", "lipovici 12 u sarajevu"),
    ],
)
def test_a_lower_case_street_with_its_word_or_town_is_an_address(text: str, address: str) -> None:
    assert _of_kind(text, "ADDRESS") == [address], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "na putu za tuzlu 3 auta u koloni",
        "put od 5 km je zatvoren",
        "sjedio u kafani 7, tuzla je daleko",  # a word of the language in the street's place
        "na lipovici 12 ljudi čeka",  # no town after the number, a count
    ],
)
def test_a_lower_case_road_or_word_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a lower-case first name opening a message before "iz" and an address --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("zdenka iz Brezova 22/1, Tuzla prijavila da joj komšija prijeti", "zdenka"),
        ("nikolina iz ulice brezova 82, tuzla kaže da joj prijete", "nikolina"),
    ],
)
def test_a_first_name_from_an_address_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "ruža iz Brezova 22, Tuzla je procvjetala",  # a common noun of the language
        "vuk iz Brezova 22, Tuzla napao ovce",
    ],
)
def test_a_common_noun_or_no_address_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- no person: a name joined to a title's possessive; an award named after a person -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "kod Gazi Zdenko-begove džamije ukradena torba turisti",
        "na Mehmed-pašinoj ćupriji tuča navijača",
        "dodjela nagrade Zdenko Lipić u Kaknju, pojačanje za osiguranje",
        "memorijal Zdenko Lipić, turnir u fudbalu, koji propis",
    ],
)
def test_a_thing_named_after_a_person_is_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("uručio nagradu Marku Lipiću pa ga udario", "Marku Lipiću"),  # the dative: the person it went to
        ("Zdenko Lipić je ušao u džamiju", "Zdenko Lipić"),
    ],
)
def test_a_person_beside_an_award_or_a_mosque_stays(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


# --- no house number: a count after a preposition of quantity, or before "njih" ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "u Kaknju na Bulevaru lipa saobraćajka sa 3 vozila, svi trezni",
        "u kaknju na trgu zdenka lipica pijani navijaci, 20 njih, kako razdvojiti",
        "na Bulevaru Lipa oko 20 ljudi protestuje",
    ],
)
def test_a_count_is_no_house_number(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


def test_a_house_number_after_a_street_word_stays() -> None:
    assert _of_kind("stanuje na Bulevaru Lipa 3, Tuzla", "ADDRESS") == ["Bulevaru Lipa 3, Tuzla"]
