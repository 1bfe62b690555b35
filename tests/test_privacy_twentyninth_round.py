"""The twenty-ninth round's classes of form (docs/privacy.md "Twenty-ninth round: dev_writer21 …"): a street named by a
date in the other standard's months or in Cyrillic; a village's house named by the village alone, named like a town;
the place before the street after a place's preposition, though its words are words of the language (a settlement's
noun in lower case after its name too: "na Lipovom polju, …"); a street with a road's word and lower-case words after
its town; a building or a block by its letter in the address's tail; a settlement named after a family, its noun in
lower case ("X-ića kolonija 9"), a place and no person; a capitalised first word before "iz" or a word of dwelling
and an address; a year's typographic apostrophe; a year of birth corrected by a year; a name no list has before a
surname after the address; an incident's date after a birth word that follows its own date. Invented examples, each
with the same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds

# --- a street named by a date: the other standard's months and the Cyrillic ones --------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Tuzla, Ulica 17. studenoga 14, ima li pravo", "Tuzla, Ulica 17. studenoga 14"),
        ("prijava od svjedoka iz Zenica, Ulica 3. listopada 22, kako dalje", "Zenica, Ulica 3. listopada 22"),
        ("адреса је Тузла, Трг 9. јануара 31, да ли", "Тузла, Трг 9. јануара 31"),
        ("адреса му је Зеница, Трг 2. маја 17, шта даље", "Зеница, Трг 2. маја 17"),
    ],
)
def test_a_street_named_by_a_date_in_any_standard_or_script_is_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Lipovoj 5 Travnik", "Lipovoj 5 Travnik"),  # a town that starts like a month ("travnja")
        ("stanuje u Lipovoj 5 u Travniku", "Lipovoj 5 u Travniku"),
    ],
)
def test_a_town_that_starts_like_a_month_still_ends_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "uviđaj je bio 17. studenoga 2024, ko je nadležan",  # an incident's date
        "рок истиче 9. јануара, шта да радимо",  # a time limit
    ],
)
def test_a_date_alone_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a village's house named by the village alone, the village named like a town -----------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("prijavljen na adresi Maglaj 71, a djelo je u Tuzli", "Maglaj 71"),  # an address's cue before it
        ("adresa: Lukavac Donji 14, kuća kraj puta", "Lukavac Donji 14"),  # an adjective of position after it
        ("tuča kod Maglaj 71 u Zenici, ko vrši uviđaj", "Maglaj 71 u Zenici"),  # its municipality after "u"
        ("Zdenka Lipić, Vareš 9, Vareš, prijavila je prijetnje", "Vareš 9, Vareš"),  # and after a comma
        ("stanuje u Gornja Breza 5 kod brata", "Gornja Breza 5"),  # a word of dwelling and "u"
    ],
)
def test_a_village_named_like_a_town_with_its_house_number_is_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "živi u Tuzli 20 godina, nikad nije bio prijavljen",  # a unit after the number
        "stanuje u Zenici 3 mjeseca kod brata",
        "utakmica je završila Tuzla 2, Zenica 1, navijači se potukli",  # a score: a number after the town
        "u Maglaj 5 vozila je oštećeno, ko plaća",  # a count, no cue and no town after it
    ],
)
def test_a_town_with_a_count_or_a_score_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- the place before the street after a place's preposition, its words words of the language ------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("roditelji iz Kamena, Zdenka Lipovca 14, stan 3, šta mi radimo", "Kamena, Zdenka Lipovca 14, stan 3"),
        ("nađen bez svijesti u Stara Brezna, Kralja Lipe 56, nemamo ime", "Stara Brezna, Kralja Lipe 56"),
        ("a boravi u Lipovom Gaju, Brezova 12, kako dostaviti poziv", "Lipovom Gaju, Brezova 12"),
        ("stanuje kod brata na Lipovom polju, Trg brezova 6, ulaz 1", "Lipovom polju, Trg brezova 6, ulaz 1"),
        ("adresa: Tuzla, Lipovo brdo, Brezova 5, kako dalje", "Tuzla, Lipovo brdo, Brezova 5"),  # inside a chain
    ],
)
def test_a_place_in_title_case_after_a_preposition_joins_the_street_after_it(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("radi u Sudu, Brezova 5, kako", ("Brezova 5", "ADDRESS")),  # an institution: its address is public
        ("bio je u Marka Lipića, Brezova 5", ("Marka Lipića", "PERSON")),  # a person's name, no place
        ("sjedio u kafani, Brezova 5, pa otišao", ("Brezova 5", "ADDRESS")),  # lower case: no place's name
        ("vidio ga u polju, Brezova 5, pa otišao", ("Brezova 5", "ADDRESS")),  # a settlement's noun alone
    ],
)
def test_an_institution_a_person_or_a_word_before_the_street_stays_apart(text: str, found: tuple[str, str]) -> None:
    assert found in found_kinds(text), found_kinds(text)


# --- a street with a road's word and lower-case words, right after its town and a comma -----------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("vlasnik je Zdenko Lipić, Tuzla, Put brezovih lipa 28, a vozio je sin", "Tuzla, Put brezovih lipa 28"),
        ("oduzet mu pasoš kod poslodavca u Lipiku, Lipin trg 4", "Lipiku, Lipin trg 4"),
        ("prijava iz Zenice, Aleja jasenova 9, kako dalje", "Zenice, Aleja jasenova 9"),
    ],
)
def test_a_mixed_case_street_after_its_town_is_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Zdenko Lipić, Put brezovih lipa 28 je dug",  # a person before it, no town
        "u Tuzli, put od 5 km do granice",  # a distance
        "Tuzla, Put za 3 dana ide na more",  # a count after the number
    ],
)
def test_a_road_word_without_its_town_or_with_a_count_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- the address's tail: a building by its letter, a settlement's block by its letter and number -------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("boravi u Tuzla, Brezova 17, zgrada B, stan 21 ali ga niko ne zna", "Tuzla, Brezova 17, zgrada B, stan 21"),
        (
            "boravi u naselju Lipik C5, ulaz 2, stan 5 kod sestre",
            "naselju Lipik C5, ulaz 2, stan 5",
        ),  # the noun inside (34th round)
    ],
)
def test_a_building_or_a_block_by_its_letter_is_part_of_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


def test_a_plate_after_a_settlement_stays_a_plate() -> None:
    text = "zivi u naselju Lipik, vozi C12-E-123"
    assert ("C12-E-123", "PLATE") in found_kinds(text), found_kinds(text)


# --- a settlement named after a family or a place, its noun in lower case: a place, never a person ------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("svjedok iz Lipovića kolonije 9 prijavio je prijetnje", "Lipovića kolonije 9"),
        (
            "stanuje u nas. Brezića polje 3 u Zenici, kako ga pozvati",
            "nas. Brezića polje 3 u Zenici",
        ),  # the noun inside (34th round)
        ("živi na Lipovom brdu 12, stan 4", "Lipovom brdu 12, stan 4"),
    ],
)
def test_a_settlement_named_after_a_family_with_its_number_is_an_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "na Lipovom brdu 5 kuća gori, ko zove vatrogasce",  # a count after the number
        "sa Lipića polja 5 ljudi je došlo",
    ],
)
def test_a_settlement_with_a_count_after_it_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a capitalised first name opening the message before "iz" or a word of dwelling and an address -----------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Zdenkira zivi u zaseok Lipik 7, tesko joj je doci na saslusanje", "Zdenkira"),  # no list holds it
        ("Kvarid iz Brezove 3 prodaje auto koji je prijavljen ukraden", "Kvarid"),
    ],
)
def test_a_capitalised_first_word_before_a_home_is_a_person(text: str, person: str) -> None:
    assert (person, "PERSON") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Komšija iz Brezove 3 prijavio buku",  # a person's word
        "Prijava iz Brezove 3 je stigla jutros",  # a word of the laws
        "Tuzla iz Brezove 3, to je adresa",  # a town
        "Baka iz naselja Lipik bb kaže da joj je unuk uzeo penziju",  # kin
        "Podnosilac živi u naselju Lipik, ulica Brezova bb, koliko dugo",  # a noun for the one who acts
    ],
)
def test_a_word_opening_the_message_before_a_home_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a year's typographic apostrophe ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("Zdenko Lipić godište \u201992, pucao iz pištolja u zrak", "\u201992"),
        ("Zdenko Lipić godište \u201885, vozio bez dozvole", "\u201885"),
    ],
)
def test_a_year_after_godiste_with_a_typographic_apostrophe_is_a_date_of_birth(text: str, year: str) -> None:
    assert (year, "DATE_OF_BIRTH") in found_kinds(text), found_kinds(text)


def test_a_quoted_number_is_no_date_of_birth() -> None:
    text = "na kutiji piše \u201992 komada\u2019, ko je vlasnik"
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


# --- a year of birth corrected by a year ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("Zdenko Lipić rođen 1971. godine... ne ne, 1972, bolestan je", "1972"),
        ("Zdenko Lipić, rođen 1971, ne, 1973 — može li u pritvor", "1973"),
        ("Zdenko Lipić rođen 1971 nego 1977. godine, kako dalje", "1977"),
    ],
)
def test_a_year_of_birth_corrected_by_a_year_is_a_date_of_birth(text: str, year: str) -> None:
    assert (year, "DATE_OF_BIRTH") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Zdenko Lipić rođen 1971, ne 2071 nego",  # no year yet to come
        "Zdenko Lipić rođen 1971, ne znam tačno, 1972 je bio u zatvoru",  # no correction word right before it
        "Zdenko Lipić rođen 12.03.1971, ne 1999 puta",  # a full date is corrected by a full date
    ],
)
def test_a_year_after_a_year_of_birth_without_a_correction_stays(text: str) -> None:
    assert [v for v, k in found_kinds(text) if k == "DATE_OF_BIRTH"] in (["1971"], ["12.03.1971"]), found_kinds(text)


# --- a name no list has after the address and a comma: a person, no town ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "address", "person"),
    [
        ("boravi u Tuzla, Brezova 2, Kvarin Lipić, kako dostaviti poziv", "Tuzla, Brezova 2", "Kvarin Lipić"),
        ("stanuje na Brezovoj 7, Zdenkir Hrastić, svjedok", "Brezovoj 7", "Zdenkir Hrastić"),
    ],
)
def test_a_capitalised_word_before_a_surname_after_the_address_is_a_person(
    text: str, address: str, person: str
) -> None:
    assert (address, "ADDRESS") in found_kinds(text) and (person, "PERSON") in found_kinds(text), found_kinds(text)


def test_a_village_in_the_plural_after_the_address_is_its_town() -> None:
    text = "stanuje u Brezova 5, Gornji Lipovići, svjedok je"
    assert ("Brezova 5, Gornji Lipovići", "ADDRESS") in found_kinds(text), found_kinds(text)


# --- an incident's date after a birth word that follows its own date -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "birth", "incident"),
    [
        ("Zdenko Lipić je 14.05.1981 rodjen a 14.05.2025. je udaren bocom", "14.05.1981", "14.05.2025."),
        ("Zdenko Lipić, 1981 rođen, i 3.2.2025 je napadnut", "1981", "3.2.2025"),
    ],
)
def test_a_date_after_a_birth_word_that_follows_its_own_date_is_the_incidents(
    text: str, birth: str, incident: str
) -> None:
    found = found_kinds(text)
    assert (birth, "DATE_OF_BIRTH") in found and incident not in [v for v, _ in found], found


@pytest.mark.parametrize(
    ("text", "dates"),
    [
        ("Zdenko Lipić rođen 14.05.1981, a brat mu je rođen 3.2.1985", ("14.05.1981", "3.2.1985")),
        ("zdenka lipić 2005 godište, rodjena 11.6.2005 kaže ona", ("11.6.2005",)),  # its own birth word, nearest
    ],
)
def test_a_date_right_after_its_birth_word_is_still_a_date_of_birth(text: str, dates: tuple[str, ...]) -> None:
    found = found_kinds(text)
    assert all((d, "DATE_OF_BIRTH") in found for d in dates), found
