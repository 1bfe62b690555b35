"""The twenty-third round's classes of form (docs/privacy.md "Twenty-third round: dev_writer16 …"): an address's number
corrected in a later clause; a foreigner's name in lower case after his citizenship; another country's plate after
the country's adjective and the word for plates; a year-first date between a record's slashes; the surname of a
dictated "ime X prezime Y"; a home after "godište," in a record's row; and four false masks — a place named after a
person in lower case, an adjective before "ulica", flowers said to be kinds, a vehicle's model year. Invented
examples, each with the same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- an address's number corrected in a later clause ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "corrected"),
    [
        ("prijavitelj zdenko lipić živi u brezovoj 31 pa se ispravio, zapravo broj 39, tuzla", "39, tuzla"),
        ("prijaviteljica stanuje na Grabovičkoj 12, ispravila se, zapravo broj 21, Zenica", "21, Zenica"),
        ("пријавитељ живи у брезовој 31 па се исправио, заправо број 39, тузла", "39, тузла"),
        ("živi u Brezovoj 31, ispravka: broj 39", "39"),
    ],
)
def test_a_number_corrected_later_is_the_address(text: str, corrected: str) -> None:
    assert corrected in _of_kind(text, "ADDRESS"), text


@pytest.mark.parametrize(
    "text",
    [
        "živi u Brezovoj 31. Zapravo broj 39 ljudi je bilo na skupu",  # another sentence
        "živi u Brezovoj 31, zapravo broj 39 godina ima",  # a count
        "zapravo broj 39, tuzla",  # no address given before
    ],
)
def test_a_number_after_a_correction_word_alone_is_no_address(text: str) -> None:
    assert not any(v.startswith("39") for v in _of_kind(text, "ADDRESS")), text


# --- a foreigner's name in lower case after his citizenship -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("kineska državljanka mei lan, pasoš br. E12345678", "mei lan"),
        ("njemački državljanin jurgen brezner, pasoš br. C12345678", "jurgen brezner"),
        ("prijavljen austrijski državljanin stefan lipetz.", "stefan lipetz"),
        ("francuska državljanka zdenka brezzi.", "zdenka brezzi"),
    ],
)
def test_a_lower_case_name_after_citizenship_is_a_person(text: str, name: str) -> None:
    assert name in found_persons(text), text


@pytest.mark.parametrize(
    "text",
    [
        "turski državljanin je pobjegao sa lica mjesta",
        "njemački državljanin nije htio dati izjavu, rekao je",
        "austrijski državljanin sa pasošem",
        "turski državljanin bez pasoša.",
    ],
)
def test_a_verb_or_a_word_after_citizenship_is_no_name(text: str) -> None:
    assert found_persons(text) == [], text


# --- another country's plate after the country's adjective and the word for plates ------------------------------------


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("vozilo slovenačkih tablica KP 71-3LM parkirano", "KP 71-3LM"),
        ("vozilo njemackih tablica F-KM 9182", "F-KM 9182"),
        ("vozilo austrijske registracije W-4821 K parkirano", "W-4821 K"),
        ("vozilo hrvatskih tablica ST 1234-AB", "ST 1234-AB"),
    ],
)
def test_a_plate_after_a_countrys_plates_is_a_plate(text: str, plate: str) -> None:
    assert plate in _of_kind(text, "PLATE"), text


@pytest.mark.parametrize(
    "text",
    [
        "vozilo njemačkih tablica, platio 150 KM 20 puta",
        "vozilo njemačkih tablica, model A4 2.0",
        "slovenačkih tablica je bilo 12 na parkingu",
    ],
)
def test_no_plate_shape_after_a_countrys_plates_stays(text: str) -> None:
    assert _of_kind(text, "PLATE") == [], text


# --- a year-first date between a record's slashes --------------------------------------------------------------------


def test_a_year_first_date_in_a_record_after_a_name_is_a_birth_date() -> None:
    text = "Kljunić, Zdenko / 1961-11-02 / 061 123 456"
    assert "1961-11-02" in _of_kind(text, "DATE_OF_BIRTH")


@pytest.mark.parametrize(
    "text",
    [
        "Kljunić, Zdenko / 2024-11-02 / 061 123 456",  # days ago: the record's date, not the birth
        "Kljunić, Zdenko / 1961-13-45 / 061 123 456",  # no real date
        "sastanak / 1961-11-02 / sala 3",  # no name before
    ],
)
def test_a_year_first_date_not_so_stays(text: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == [], text


# --- the surname of a dictated "ime X prezime Y" ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "surname"),
    [
        ("diktiram: ime dragan prezime lipovic jmbg jedan dva", "lipovic"),
        ("ime zdenko prezime kljunić, telefon 061 123 456", "kljunić"),
        ("prezime kljunić ime zdenko, tel 061 123 456", "kljunić"),
    ],
)
def test_the_surname_of_a_dictated_form_is_a_person(text: str, surname: str) -> None:
    assert surname in found_persons(text), text


@pytest.mark.parametrize(
    "text",
    ["upisati ime i prezime oca", "ime prezime i adresu upisati", "ime dragan prezime nepoznato"],
)
def test_prezime_without_a_dictated_name_stays(text: str) -> None:
    assert not any(p in ("prezime", "nepoznato", "oca", "adresu") for p in found_persons(text)), text


# --- a home after "godište," in a record's row ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "home"),
    [
        (
            "učesnici: LIPIĆ ZDENKO 1971. godište, brezova grana 7, tuzla - GRABIĆ EDO 1969. godište",
            "brezova grana 7, tuzla",
        ),
        ("LIPIĆ ZDENKO 1971. godište, brezova grana 7, tuzla", "brezova grana 7, tuzla"),
    ],
)
def test_a_home_after_the_year_of_birth_in_a_row_is_an_address(text: str, home: str) -> None:
    assert home in _of_kind(text, "ADDRESS"), text


@pytest.mark.parametrize(
    "text",
    [
        "LIPIĆ ZDENKO 1971. godište, u kafani 7, tuzla",  # a function word: no street
        "LIPIĆ ZDENKO 1971. godište, star 50 godina, tuzla",  # a count
        "LIPIĆ ZDENKO 1971. godište, brezova grana 7, lipovac",  # no listed town after the comma
    ],
)
def test_no_street_and_town_after_the_year_stays(text: str) -> None:
    assert _of_kind(text, "ADDRESS") == [], text


# --- a place named after a person, typed in lower case ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "dom zdravlja dr. zdenko kljunić traži asistenciju policije",
        "skola mesa lipovic organizuje predavanje",
        "tramvajska stanica kod skole edhem beg lipovic, oduzet telefon",
        "desilo se oko 20h na mostu mehmed pase lipovica",
    ],
)
def test_a_place_named_after_a_person_in_lower_case_is_no_person(text: str) -> None:
    assert found_persons(text) == [], text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("na mostu marko lipić je udario ženu", "marko lipić"),
        ("u školi mesa lipić je ukrao telefon", "lipić"),
    ],
)
def test_a_person_after_a_place_noun_with_his_verb_stays(text: str, name: str) -> None:
    assert name in found_persons(text), text


# --- an adjective before "ulica"; flowers said to be kinds; a vehicle's model year ------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "zlatan ulica ne postoji, provjeri spisak ulica",
        "cvijeta i jasmin su vrste cvijeća koje su ukradene",
        "Ruža i Jasmin su vrste cvijeća",
    ],
)
def test_an_adjective_before_ulica_or_a_kind_named_is_no_person(text: str) -> None:
    assert found_persons(text) == [], text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("zlatan ulica lipova 5", "zlatan"),  # a name, then his street
        ("zlatan ulica, tuzla", "zlatan"),
        ("svjedok jasmin je vrsta čovjeka koji laže", "jasmin"),
        ("Jasmin je vrsta čovjeka koji laže", "Jasmin"),
        ("Ana Lipić i Ruža su vrste", "Ruža"),
        ("ruža i jasmin su ukrali cvijeće", "jasmin"),
    ],
)
def test_a_name_beside_ulica_or_a_kind_of_person_stays(text: str, name: str) -> None:
    assert name in found_persons(text), text


@pytest.mark.parametrize(
    "text",
    [
        "kilometraža 245 000, godište vozila 2011",
        "godina proizvodnje automobila: 2008",
        "motor pregrijan, godište vozila 1999",
    ],
)
def test_a_vehicles_model_year_is_no_birth_date(text: str) -> None:
    assert _of_kind(text, "DATE_OF_BIRTH") == [], text


def test_a_persons_year_beside_a_vehicles_stays() -> None:
    text = "auto marke golf, godište vozila 2011, vozač rođen 1980"
    assert _of_kind(text, "DATE_OF_BIRTH") == ["1980"]


# --- a double surname whose second half is a diminutive's spelling, in lower case ------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("poziv za zdenko lipovic-kucic", "zdenko lipovic-kucic"),
        ("uhapsen edo brezic-nozic zvani", "edo brezic-nozic"),
        ("госпођа јасна липић-ножић рођена", "јасна липић-ножић"),
    ],
)
def test_a_diminutive_joined_to_a_surname_by_a_hyphen_is_its_second_half(text: str, name: str) -> None:
    assert name in found_persons(text), text


@pytest.mark.parametrize("text", ["izvadio nozic iz torbe", "izvadio nozic-kucic iz torbe"])
def test_a_diminutive_with_no_name_beside_stays_a_word(text: str) -> None:
    assert found_persons(text) == [], text
