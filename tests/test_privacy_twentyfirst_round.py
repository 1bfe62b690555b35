"""The twenty-first round's classes of form (docs/privacy.md "Twenty-first round: dev_writer15 …"): a BiH plate with a
space beside a dash; a house number glued to "h" that is an hour; "ne" and a verb typed as one word before "da"; a
lower-case street's name before its number after a preposition of place; a lower-case nickname in brackets or quotes
after a full name; a town of two listed names after the number; a foreigner's name before a nationality and
"građanin"/"državljanin"; a date of birth with the month as a word after a person's particulars, or abbreviated; an
initial in lower case beside a name; a street named after a person after "sa"/"iz"/"na", and a host named surname
first before "na" and his street. Invented examples (none of a set's words or names), each with the look-alikes that
must stay unmasked beside the same evidence."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons

# --- a BiH plate with a space beside a dash ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("tablice E41-K- 309 pobjegao sa lica mjesta", "E41-K- 309"),
        ("auto O55 -M-120 parkiran na trotoaru", "O55 -M-120"),
        ("vozilo 412 - K - 733 nije stalo", "412 - K - 733"),
    ],
)
def test_a_plate_with_a_space_beside_a_dash_is_a_plate(text: str, plate: str) -> None:
    assert (plate, "PLATE") in found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "platio 120 - a - 340 km dalje",  # lower case and spaced, no vehicle's word: no plate
        "clan 412 - stav 3",
    ],
)
def test_no_plate_from_numbers_and_dashes_without_a_plates_shape(text: str) -> None:
    assert "PLATE" not in [kind for _, kind in found_kinds(text)], text


# --- no house number: hours glued to "h" --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "treba li cekati 72h prije prijave nestanka",
        "kafic radi do 23h bez dozvole",
        "zadrzavanje do 12H, pa sta onda",
    ],
)
def test_hours_glued_to_h_are_no_house_number(text: str) -> None:
    assert found_kinds(text) == [], text


def test_a_house_number_with_h_after_a_word_of_streets_stays_an_address() -> None:
    assert "ADDRESS" in [kind for _, kind in found_kinds("stanuje u ulici lipova 12h, tuzla")]


# --- "ne" and a verb typed as one word --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "komsija neda da ulazimo u stan",  # "ne da": does not let
        "majka neda da ga saslusamo",
        "komsija nezna da je bicikl nestao",
    ],
)
def test_ne_and_a_verb_typed_as_one_word_before_da_is_no_name(text: str) -> None:
    assert found_persons(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        "prijaviteljica neda kaze da je cula pucanj",  # her verb after the name: Neda
        "sestra neda je dosla na saslusanje",
    ],
)
def test_the_name_neda_with_its_own_verb_stays_a_name(text: str) -> None:
    assert "neda" in found_persons(text), text


# --- a lower-case street's own name before its number, after a preposition of place --------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("auto ostavljeno ispred lipicevija 9, vlasnik ne javlja", "lipicevija 9"),  # the genitive would be -ije
        ("tuca se desila na brezaluka 14 sinoc", "brezaluka 14"),  # undeclined after "na" (the locative: -i)
        ("pretres stana u jasikovina 3 je zakazan", "jasikovina 3"),
        ("zvao je iz brezovija 11, kaze da gori", "brezovija 11"),
    ],
)
def test_a_lower_case_street_left_in_its_nominative_after_a_place_preposition_is_an_address(
    text: str, address: str
) -> None:
    assert (address, "ADDRESS") in found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "bio je u sobi 12 kad je policija dosla",  # a word of the language: a room
        "stoji na peronu 3 i ceka",  # a noun in its locative, though no list has it
        "stao je iza paviljona 4 i ceka",  # a masculine genitive after "iza"
        "kod lipicevija 2 je bila tuca",  # "kod": at someone's
        "u lipicevina 2 puta dolazili",  # a count: two times
        "vozio je u golfu 4 drogu",  # a car's make and model
        "bili su u zenici 5 dana",  # a town and a count
    ],
)
def test_no_street_from_a_word_of_the_language_a_make_a_town_or_a_count(text: str) -> None:
    assert "ADDRESS" not in [kind for _, kind in found_kinds(text)], text


# --- a nickname made from the first name, in brackets or quotes after a full name ---------------------------------------


@pytest.mark.parametrize(
    ("text", "nickname"),
    [
        ("zdravko lipic (zdrale) prijetio komsiji", "zdrale"),  # ends like an adjective (-e)
        ('nermin brezic ("nere"), r. 03.04.1995, iz Tuzle', "nere"),  # ends like an adjective (-e)
    ],
)
def test_a_nickname_made_from_the_first_name_after_a_full_name_is_that_person(text: str, nickname: str) -> None:
    assert nickname in found_persons(text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("zdravko lipic (pijan) udario komsiju", "pijan"),  # a state, not made from his name
        ("zdravko lipic (maloljetan) ukrao bicikl", "maloljetan"),
        ("zdravko lipic (zdravstveno) prijetio", "zdravstveno"),  # begins as his name does: a word of the laws
    ],
)
def test_a_word_in_brackets_not_made_from_a_full_names_first_name_stays(text: str, word: str) -> None:
    assert word not in found_persons(text), text


# --- the town after the number: a city's municipality, then the city ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("prijetio na adresi lipova 12, stari grad sarajevo, sta sad", "lipova 12, stari grad sarajevo"),
        ("stanuje u Brezovoj 4, Novi Grad Sarajevo, prijavio kradju", "Brezovoj 4, Novi Grad Sarajevo"),
        ("zivi na Jasenovoj 8, Istocna Ilidza i radi", "Jasenovoj 8, Istocna Ilidza"),
    ],
)
def test_a_municipality_and_its_city_after_the_number_are_the_addresss_town(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje na lipova 12, novi grad i radi u gradu", "lipova 12, novi grad"),  # one town, then the sentence
        ("stanuje u Brezovoj 4, Tuzla, a radi u Zenici", "Brezovoj 4, Tuzla"),
    ],
)
def test_only_listed_towns_join_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text)


# --- a foreigner's capitalised name before a nationality and a citizen's noun ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Mila Lipetti francuska gradjanka, putovnica YA1234567, bez vize", "Mila Lipetti"),  # "Mila": a word too
        ("prijava protiv Dunja Brezzani, talijanska drzavljanka, zbog kradje", "Dunja Brezzani"),
    ],
)
def test_a_capitalised_name_before_a_nationality_and_a_citizens_noun_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text)


@pytest.mark.parametrize(
    "text",
    [
        "Sud Lipetti francuski gradjanin",  # a word of the laws first
        "Opcina Centar turski drzavljanin prijavio",  # an institution and a place
        "Mila Lipetti francuski kafic",  # no citizen's noun after the adjective
    ],
)
def test_no_name_before_citizenship_from_words_of_the_laws_or_without_a_citizen(text: str) -> None:
    assert "Lipetti" not in " ".join(found_persons(text)) and "Centar" not in " ".join(found_persons(text)), text


# --- a date of birth with the month as a word: after the person's citizenship, or the month abbreviated -------------------


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("radmila lipovac, austrijski drzavljanin, 14 mart 1981, pasos U 7654321", "14 mart 1981"),  # nominative month
        ("Radmila Lipic, hrvatska drzavljanka, 2. juni 1990, prijavila kradju", "2. juni 1990"),
        ("Marko Brezic, nijemac, 12.03.1985, vozio bez dozvole", "12.03.1985"),
        ("r. 9 nov 1999, zatecen u kradji", "9 nov 1999"),  # the month abbreviated, after "r."
        ("rodjen 21. sept. 1978 u Zenici", "21. sept. 1978"),
    ],
)
def test_a_date_after_a_persons_citizenship_or_with_an_abbreviated_month_is_a_date_of_birth(
    text: str, date: str
) -> None:
    assert (date, "DATE_OF_BIRTH") in found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Marko Brezic, vozac, 12.03.2024 je udario pjesaka",  # his work, not a particular of birth: the incident's date
        "incident se desio 9 nov 2023 ispred skole",  # no birth word, no person
        "Marko Brezic, austrijski kafic, 14 mart 2024",
    ],
)
def test_an_incident_date_after_other_words_stays(text: str) -> None:
    assert "DATE_OF_BIRTH" not in [kind for _, kind in found_kinds(text)], text


# --- an initial in lower case beside a name typed in lower case ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("m. lipovic iz Tuzle prijavio kradju auta", "m. lipovic"),  # the first name's initial before the surname
        ("snjezana k. sa Brezove 3 prijavljuje buku", "snjezana k."),  # the surname's after the first name
        ("saslusali smo snjezana k., 34 godine", "snjezana k."),
    ],
)
def test_a_lower_case_initial_beside_a_name_is_part_of_the_name(text: str, person: str) -> None:
    assert person in found_persons(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("razgovarao sa snjezana k. Sutra dolazi", "snjezana"),  # the sentence ends: the letter is no initial of hers
        ("v. d. snjezana lipovic potpisala", "snjezana lipovic"),  # "v. d." (acting) is a title, no initial
    ],
)
def test_a_letter_that_ends_a_sentence_or_belongs_to_a_title_stays_outside(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)


# --- a street named after a person, with its number; a host named surname first before "na" and his street ----------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("snjezana k. sa Zdravka Lipovca 14, Tuzla, tel 062 / 330 221, prijavljuje", "Zdravka Lipovca 14, Tuzla"),
        ("prijava iz Rasima Brezica 3, Zenica, mob 061 / 456 789", "Rasima Brezica 3, Zenica"),
    ],
)
def test_a_street_named_after_a_person_with_its_number_stays_an_address_before_a_phone(text: str, address: str) -> None:
    found = found_kinds(text)
    assert (address, "ADDRESS") in found
    assert "Zdravka Lipovca" not in found_persons(text) and "Rasima Brezica" not in found_persons(text)


def test_a_host_named_surname_first_then_na_and_his_street_are_a_person_and_an_address() -> None:
    found = found_kinds("kod Lipica Marka na Brezove Grane 12, Tuzla nadjena droga")
    assert ("Lipica Marka", "PERSON") in found
    assert ("Brezove Grane 12, Tuzla", "ADDRESS") in found


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tuca kod Bitke na Sutjesci 12 sinoc", "Bitke na Sutjesci 12"),  # a street's name with "na": no first name
        (
            "stan na Jasikovoj 7, Tuzla, tel 033 / 123 456",
            "Jasikovoj 7, Tuzla",
        ),  # a phone after: no house begins with 0
    ],
)
def test_no_person_split_off_a_street_without_a_first_name(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text)
