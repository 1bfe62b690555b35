"""The twelfth round's classes of form (the dev_writer7 and dev_writer8 tuning sets and the officers' clean
questions; docs/privacy.md "Twelfth round"): a police or border unit named by its place; places coordinated as the
subject of a noun of geography; a school's official name before a passive verb; a partner's first name as kin's; a
consonant written alone in a spelled document number; a year of birth alone in a report's list after a name; the
street after a word of dwelling, a town and a comma. Invented examples (none of the sets' words or names), each with
the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons

# --- a police or border unit named by its place --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "granicna policija brezovac, kamion sa 3 vozaca, sta radimo",
        "Granična policija Lipović, zaustavljen autobus bez dozvole",
        "PS Hrastić je dojavila da je put zatvoren",
        "Granični prijelaz Jasenić je zatvoren zbog gužve",
        "Na graničnom prelazu Brezić zadržan je kamion sa robom",
        "policijska stanica Lipovac, dežurni traži upute",
    ],
)
def test_a_unit_named_by_its_place_is_no_person(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        # a first name with the surname after the unit: someone there
        ("policijska stanica Marko Lipić je prijavio krađu", "Marko Lipić"),
        # the unit inside the sentence and a verb after the surname: an officer named by his surname
        ("u policijskoj stanici Hrastić je izjavio da nije vidio ništa", "Hrastić"),
        # a word for a person before the surname is no unit
        ("Policajac Lipović je došao na uviđaj", "Lipović"),
        # after a comma the unit's sentence is over
        ("javila je granična policija, Ana Brezić je prijavila nestanak", "Ana Brezić"),
    ],
)
def test_a_person_at_a_unit_stays_masked(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


# --- places coordinated as the subject of a noun of geography ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Drina i Una su rijeke u kojima je zabranjen ribolov nedjeljom?",
        "Sava je rijeka, a ne kanal, pa ko je nadležan?",
        "Una i Sava su granične rijeke, ko izdaje dozvolu?",
    ],
)
def test_places_said_to_be_places_are_no_persons(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Ana i Sava su sestre, koja je starija?", "Sava"),  # no noun of geography
        ("Sava Lipić i Drina su rijeke njegovog djetinjstva", "Sava Lipić"),  # a surname beside one of them
        ("Marko i Una su rijeke obilazili", "Marko"),  # a subject word that is no place
    ],
)
def test_a_person_among_them_stays_masked(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


# --- a school's official name before a passive verb ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "U Osnovnoj školi Hasan Lipić je pronađen pištolj u torbi, ko zove roditelje?",
        "u Srednjoj školi Ante Brezić su razbijeni prozori, šta pišemo?",
        "Iz Mješovite srednje škole Ivo Jasenić, ukradeni su laptopi.",
    ],
)
def test_a_schools_official_name_is_no_person(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("u osnovnoj školi Ivo Lipić je pretukao druga", "Ivo Lipić"),  # the type in lower case: a story's school
        ("u Osnovnoj školi Ana Lipić je udarila učenika", "Ana Lipić"),  # an active verb: the person did it
        ("u Srednjoj školi Ana Brezić je nastavnica", "Ana Brezić"),  # a noun as the predicate: hers
    ],
)
def test_a_person_in_a_school_stays_masked(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


# --- a partner's first name as kin's -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("slao je poruke bivsoj djevojci amri i prijetio", "amri"),
        ("prijetnje bivsem momku nerminu preko vibera", "nerminu"),
        ("udario je partnericu sanelu pred djecom", "sanelu"),
        ("vjerenik emir joj ne da da izađe", "emir"),
    ],
)
def test_a_partners_first_name_is_masked(text: str, name: str) -> None:
    assert name in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "djevojka je rekla da nije vidjela ništa",  # no name after the word
        "partner firme je podnio prijavu",  # a word of the laws after it
    ],
)
def test_no_name_after_a_partner_word(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


# --- a consonant written alone in a spelled document number --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        (
            "pasos broj d nula sedam tri devet cetiri jedan dva nadjen na ulici",
            "d nula sedam tri devet cetiri jedan dva",
        ),
        ("licna karta broj k sedam tri jedan nula devet dva s njim je bila", "k sedam tri jedan nula devet dva"),
    ],
)
def test_a_letter_written_alone_is_part_of_the_number(text: str, number: str) -> None:
    assert (number, "DOC_NUMBER") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "pasoš broj d tri tri nije važeći",  # too short for a document's number
        "vozačka b kategorije, koliko traje ispit?",  # a category, no number
    ],
)
def test_a_letter_alone_without_a_number_is_no_document(text: str) -> None:
    assert all(kind != "DOC_NUMBER" for _, kind in found_kinds(text)), found_kinds(text)


# --- a year of birth alone in a report's list after a name ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Osumnjičeni LIPOVAC Dragan (Mile), 1976, da li ga privodimo?",
        "Svjedok Ana Brezić, 1992, iz Tuzle, dala je izjavu",
        "Prijavljeni: Jasenić Edin (Safet), 1988; Jasenić Amra (Safet), 1991.",
    ],
)
def test_a_year_after_a_name_in_a_list_is_a_birth_year(text: str) -> None:
    years = [value for value, kind in found_kinds(text) if kind == "DATE_OF_BIRTH"]
    assert years and all(value.rstrip(".").isdigit() for value in years), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Zakon o policiji, 2005, član 12, šta kaže?",  # no name before it
        "Prijavu je podnio Marko Lipić, 2024. godine u martu",  # a year of the events, not set off by commas
        "Svjedok Ana Brezić, 2023, nije došla",  # not that long ago: no year of birth
    ],
)
def test_other_years_are_no_birth_years(text: str) -> None:
    assert all(kind != "DATE_OF_BIRTH" for _, kind in found_kinds(text)), found_kinds(text)


# --- the street after a word of dwelling, a town and a comma --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("ime Ana Lipić, živi kod majke u Tuzli, Armije BiH 15, prijavila je prevaru", "Armije BiH 15"),
        ("stanuje kod brata u Zenici, Branilaca Grada 7, ne otvara vrata", "Branilaca Grada 7"),
    ],
)
def test_the_street_after_dwelling_and_town_is_masked(text: str, street: str) -> None:
    addresses = [value for value, kind in found_kinds(text) if kind == "ADDRESS"]
    assert any(street in value for value in addresses), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "radi u Tuzli, Armije BiH 15 je adresa firme",  # no word of dwelling
        "živi u Zenici, Zakon 15 to ne dozvoljava",  # a law's word
        "živi u Tuzli. Armije BiH 15 je zgrada općine",  # the dwelling is another sentence's
    ],
)
def test_no_street_without_the_dwelling_and_the_town(text: str) -> None:
    assert all(kind != "ADDRESS" for _, kind in found_kinds(text)), found_kinds(text)
