"""The twenty-seventh round's classes of form (docs/privacy.md "Twenty-seventh round: dev_writer20 …"): people named in
lower case in a running conversation — a possessive adjective of a name before a word for kin, a declined -ić after an
oblique demonstrative, a first name between a kin word and an age, a woman's -ićka form, a capitalised word pointed at
as someone ("X, onaj rumun"), a first name opening a message before its verb, a first name said to be of age or not,
the same form named again in lower case after a person's preposition; a series' letters before a licence's number; a
year after "rođen" closed by its full stop and a comma; and three false masks — a vehicle's year after its model and
"godište", an airport named after a person, a venue's quoted name opened by "Kod". Invented examples, each with the
same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- a possessive adjective of a name before a word for kin ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("a kvaricev zet je bio vozac, jel i on odgovara", "kvaricev"),  # an -ić surname's -ev
        ("zdenkin unuk je prijavio nestanak", "zdenkin"),  # -in on a name in -a
        ("a bozetova snaha je svjedok, treba li je pozvati", "bozetova"),  # -etov on a name in -e
        ("а зденкин зет је пријавио нестанак", "зденкин"),
    ],
)
def test_a_names_possessive_before_kin_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "a kovacev sin je dosao",  # a trade's possessive: no first name, no -ić surname
        "bratov sin je bio vozac",  # a kin word's possessive
        "ukraden je zdenkin auto",  # no word for kin after it (at its clause's start: the twenty-eighth round's)
    ],
)
def test_a_possessive_of_no_name_or_before_a_thing_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


def test_the_kin_word_after_the_possessive_is_no_name() -> None:
    assert found_persons("ok a kvaricev kum zdenko je bio suvozac") == ["kvaricev", "zdenko"]


# --- a declined -ić after an oblique demonstrative -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("sta da radimo protiv tog kvarica, opet prijeti", "kvarica"),
        ("sa onim kvaricem smo pricali juce", "kvaricem"),
    ],
)
def test_a_declined_ic_after_a_demonstrative_is_a_person(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "kod tog bratica je nadjen noz",  # a noun of persons in -ić
        "od tog momcica nista",
        "od tog lica nema izjave",  # a word of the laws
    ],
)
def test_a_noun_after_a_demonstrative_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a first name between a kin word and an age ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("njen brat roko 15 god, ko ga zastupa", "roko"),
        ("kćerka stana (14) je pobjegla od kuće", "stana"),  # a flat's genitive too
    ],
)
def test_a_first_name_between_kin_and_age_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


def test_a_dictionary_entry_between_kin_and_age_stays() -> None:
    text = "kćerka nada 15 god je pobjegla"  # hope: an entry of the dictionaries as it stands
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a woman's -ićka form; a capitalised word pointed at as someone --------------------------------------------------------


def test_a_womans_ic_form_is_a_person() -> None:
    assert found_persons("brezovićka odbija izjavu bez branioca") == ["brezovićka"]


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Kvarin, onaj rumun iz kampa, imao je nož", "Kvarin"),
        ("Brezar, ovaj rus, nema pasoš", "Brezar"),
    ],
)
def test_a_word_pointed_at_as_someone_is_a_person(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


@pytest.mark.parametrize("text", ["Tuzla, ona svjedokinja je došla", "Zakon, taj svjedok ne zna"])
def test_a_place_or_a_word_pointed_at_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a first name opening a message before its verb -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("adila, komšinica s trećeg sprata, zatekla ga kako provaljuje", "adila"),
        ("adila iz apoteke tvrdi da joj prijeti", "adila"),
        ("Адила из апотеке тврди да јој пријети", "Адила"),
    ],
)
def test_a_first_name_opening_before_its_verb_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "nada, komšinica s trećeg sprata, zatekla ga",  # hope: a word of the language
        "adila iz sela ide kući",  # no verb of persons or saying after "iz" and its word
        "Zakon iz oblasti kaže da",
    ],
)
def test_a_word_opening_before_a_verb_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- the same form named again in lower case after a person's preposition -------------------------------------------------


def test_a_name_typed_again_in_lower_case_is_the_person() -> None:
    text = "Tomo Lipić je svjedočio protiv Hane, a sad traži izjavu od hane"  # also the inns' genitive
    assert found_persons(text) == ["Tomo Lipić", "Hane", "hane"], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Od Nade Lipić smo uzeli izjavu, ali nema nade",  # no person's preposition before the form
        "svjedok Vera Lipić kaže da je za vera",  # a name that is itself a word
    ],
)
def test_a_word_typed_again_stays(text: str) -> None:
    persons = found_persons(text)
    assert all(p[0].isupper() for p in persons), found_kinds(text)


# --- a licence's series; a year of birth closed by its full stop and a comma ------------------------------------------------


def test_a_series_before_a_licences_number_is_the_number() -> None:
    text = "vozac Zdenko Lipić, vozacka br. KX 447102, auto E71-J-402"
    assert _of_kind(text, "DOC_NUMBER") == ["KX 447102"], found_kinds(text)


def test_a_number_after_its_series_alone_stays() -> None:
    assert _of_kind("lična karta br. 1234567 MUP Tuzla", "DOC_NUMBER") == ["1234567"]


def test_a_two_digit_year_after_rodjen_and_a_comma_is_a_date_of_birth() -> None:
    text = "pištolj nađen u autu, vozač rodjen 87., radi u Kaknju"
    assert _of_kind(text, "DATE_OF_BIRTH") == ["87"], found_kinds(text)


def test_two_digits_after_rodjen_going_on_stay() -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names("rođen 12 puta kažnjavan")


# --- no date of birth: a vehicle's year after its model and "godište" ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pijan vozač, auto passat 6 godište 2004, udario u ogradu",
        "брзина 120 км/х, возило пасат 6 годиште 2012, да ли је то кривично",
        "vozio audi a4 godište 1999 bez registracije",
    ],
)
def test_a_models_year_is_no_date_of_birth(text: str) -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Zdenko Lipić vozio passat 6, godište 1990, ko odgovara",  # no vehicle's word or make before the model
        "vozio audi zdenko 4 godište 1980",  # a first name in the model's place
    ],
)
def test_a_persons_year_beside_a_car_stays(text: str) -> None:
    assert "DATE_OF_BIRTH" in found_kind_names(text), found_kinds(text)


# --- no person: an airport named after a person; a venue's quoted name opened by "Kod" -----------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "na aerodromu Zdenko Lipić zadržan putnik bez vize, ko ga vraća",
        "aerodrom Zdenko Lipić zatvoren zbog magle",
        'lokal "Kod Zdenke" toči alkohol maloljetnicima, ko odgovara',
        "kafana „Kod Ivana“ radi bez dozvole",
    ],
)
def test_a_place_named_after_a_person_is_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("na aerodromu Zdenko Lipić je uhapšen", "Zdenko Lipić"),  # the verb after the name is his
        ('svjedok "Kod Zdenke Lipić sam bio" kaže', "Zdenke Lipić"),  # speech quoted, no venue's name
        ("kod Zdenke Lipić u stanu nađen pištolj", "Zdenke Lipić"),
    ],
)
def test_a_person_beside_an_airport_or_kod_stays(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


# --- a first name opening its clause before je/nije and what only a person is ------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("a adila je trudna, smije li u pritvor", "adila"),
        ("svjedok kaže, abedin nije punoljetan, treba li roditelj", "abedin"),
    ],
)
def test_a_first_name_said_to_be_of_age_or_not_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "nada je trudna, kaže ljekar",  # hope: a word of the language
        "ona kaže adila je trudna",  # not at its clause's start
        "zakon je maloljetan",
    ],
)
def test_a_word_said_to_be_of_age_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)
