"""The eleventh round's classes of form (bench/masking/dev_writer8.jsonl, a tuning set; docs/privacy.md "Eleventh
round"): a first name said again alone later in a story, in any case; a village or hamlet named as a home; a
settlement's building, block and floor; an e-mail address dictated in words; a document's number in Cyrillic letters;
an institution as the subject of "is at" an address; "adresa za dostavu" as an address cue. Invented examples (none
of the set's words or names), each with the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kinds, found_persons

# --- a first name said again ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "again"),
    [
        # the same form at a sentence's start, where a capital says nothing
        ("Svjedok je Bogdan Lipić. Bogdan ima 50 godina i slabo vidi. Je li iskaz valjan?", "Bogdan"),
        # another case: the genitive first, the nominative later
        ("Kod Zorke Lipić smo bili sinoć. Zorka tvrdi da je napadnuta. Šta dalje?", "Zorka"),
        ("Razgovarali smo sa Draganom Brezić. Dragana kaže da ne zna ništa.", "Dragana"),
        # a name of the -e declension: "Rade" after "Radeta"
        ("Kod Pereta Lipovca je pala tuča. Pere je vlasnik lokala, ko plaća štetu?", "Pere"),
        # Cyrillic
        ("Пријавила се Милка Липић. Милка тврди да јој је муж пријетио.", "Милка"),
        # a name that is also a word: the person named first is the evidence
        ("Nada Lipić je pala. Nada ima 80 godina, ko je kriv?", "Nada"),
    ],
)
def test_a_first_name_said_again_is_masked(text: str, again: str) -> None:
    persons = found_persons(text)
    assert persons.count(again) >= 1 and len(persons) >= 2, persons


def test_a_first_name_said_again_gets_the_same_placeholder() -> None:
    masked = mask("Svjedok je Bogdan Lipić. Bogdan ima 50 godina i slabo vidi.").text
    assert masked == "Svjedok je [OSOBA 1]. [OSOBA 1] ima 50 godina i slabo vidi.", masked


@pytest.mark.parametrize(
    "text",
    [
        # no person named: a capital at a sentence's start says nothing, as before
        "Nada je jedino što nam ostaje. Kako da postupimo?",
        "Stan je bio otvoren. Ko ga je otvorio, ne znamo.",
        # the same word after a preposition of place is a river or a village, not the person again
        "Svjedok Mirko Lipa je vidio kad je neko iz Lipe izvukao čamac.",
        # a word that only shares a stem with the name and is no form of a first name
        "Sretko Lipić je prijavio krađu. Stan mu je opljačkan.",
    ],
)
def test_no_new_person_without_a_named_one(text: str) -> None:
    persons = found_persons(text)
    assert all(p not in ("Nada", "Stan", "Lipe") for p in persons), persons


def test_a_firm_in_capitals_is_not_the_person_again() -> None:
    text = "Oštećena je trgovina NEVENA d.o.o. Tuzla, vlasnica Nevena Lipić, provala u magacin."
    assert "NEVENA" not in found_persons(text), found_kinds(text)


# --- a village or hamlet as a home -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "village"),
    [
        ("Ana Lipić živi kod brata u selu Brezova Glava, kako da joj uručimo poziv?", "Brezova Glava"),
        ("Stanuje kod tetke u zaseoku Lipići, a prijavljen je u Tuzli.", "Lipići"),
        ("Svjedok iz sela Jasenovo kod Kaknja nije došao na saslušanje.", "Jasenovo kod Kaknja"),
        ("Krađa stoke u zaseoku Brezići bb kod Maglaja, šta radimo?", "Brezići bb kod Maglaja"),
        ("Она живи у селу Брезово Поље, ко јој доставља позив?", "Брезово Поље"),
    ],
)
def test_a_village_named_as_a_home_is_an_address(text: str, village: str) -> None:
    assert any(village in value and kind == "ADDRESS" for value, kind in found_kinds(text)), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Tuča na svadbi u selu Lipa, ko je nadležan?",  # a village bare, an incident's place
        "Ana Lipić živi u Tuzli, a tuča je bila u selu Brezovo.",  # the dwelling is another clause's
        "Koliko selo Brezovo ima stanovnika?",
    ],
)
def test_a_village_bare_in_an_incident_stays(text: str) -> None:
    assert all(kind != "ADDRESS" for _, kind in found_kinds(text)), found_kinds(text)


# --- a settlement's building, block and floor ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "stanuje u naselju brezik zgrada sedam ulaz c drugi sprat, prijavio je krađu",
            "zgrada sedam ulaz c drugi sprat",
        ),
        (
            "Naselje Lipova strana, lamela B, broj 9, Zenica, tu živi Ana Lipić.",
            "Lipova strana, lamela B, broj 9, Zenica",
        ),
    ],
)
def test_a_settlements_building_is_part_of_the_address(text: str, address: str) -> None:
    assert any(address in value and kind == "ADDRESS" for value, kind in found_kinds(text)), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "naselje Lipa a zgrada 4 ima lift, ko održava?",  # a conjunction is no village's word
        "U naselju je lamela c porušena, ko je nadležan?",
    ],
)
def test_no_settlement_address_without_a_name(text: str) -> None:
    assert all(kind != "ADDRESS" for _, kind in found_kinds(text)), found_kinds(text)


# --- an e-mail address dictated in words ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("mail mu je ana lipic u majmunu gmail tacka com, poslao prijetnje", "ana lipic u majmunu gmail tacka com"),
        ("pisao je sa ana tacka lipic at yahoo dot com juče", "ana tacka lipic at yahoo dot com"),
        ("мејл му је ана липић у мајмуну гмаил тачка ком, шта радимо", "ана липић у мајмуну гмаил тачка ком"),
    ],
)
def test_a_dictated_email_is_masked(text: str, email: str) -> None:
    assert (email, "EMAIL") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Tačka 3 člana 5 kaže da je to u majmunu isto, šta?",  # no domain and no top-level domain
        "Pas je bio u majmunu odijelu, tačka.",
    ],
)
def test_no_email_without_its_shape(text: str) -> None:
    assert all(kind != "EMAIL" for _, kind in found_kinds(text)), found_kinds(text)


# --- a document's number in Cyrillic -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Лична карта бр. 2ТК771045 нађена је у парку, коме је дајемо?", "2ТК771045"),
        ("Пасош број П7712345 је нађен у аутобусу.", "П7712345"),
    ],
)
def test_a_cyrillic_document_number_is_masked(text: str, number: str) -> None:
    assert (number, "DOC_NUMBER") in found_kinds(text), found_kinds(text)


def test_a_cyrillic_law_reference_stays() -> None:
    assert found_kinds("Члан 12 став 3 Закона о полицији, шта каже?") == []


# --- an institution as the subject of "is at" ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Dom zdravlja je u Ulici Lipovoj 12, kako da ih kontaktiramo?",
        "Kantonalni sud je na adresi Brezova 3, šaljemo li poštom?",
        "Tužilaštvo se nalazi na adresi Jasenova 7, primaju li stranke?",
    ],
)
def test_an_institution_at_its_address_is_no_ones_home(text: str) -> None:
    assert found_kinds(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Marko Lipić je u Ulici Lipovoj 12, kako da ga pozovemo?", "Ulici Lipovoj 12"),
        ("Brat mu je u Brezovoj 5, šta radimo?", "Brezovoj 5"),
        ("Ana Lipić živi kod škole, a škola je u Lipovoj 5.", "Lipovoj 5"),  # a word of dwelling: fail closed
    ],
)
def test_a_person_at_an_address_stays_masked(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


# --- "adresa za dostavu" -------------------------------------------------------------------------------------------


def test_an_address_for_delivery_is_a_home() -> None:
    text = "Adresa za dostavu: Put za Kreševo 33, 70101 Lipa, primalac Ana Lipić."
    assert ("Put za Kreševo 33, 70101 Lipa", "ADDRESS") in found_kinds(text), found_kinds(text)


def test_a_delivery_without_an_address_stays() -> None:
    assert found_kinds("Adresa za dostavu pošte suda je poznata, šta dalje?") == []


# --- a first name as a thing's name; a number named by its kind ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Goran je ime kafića u kojem je bila tuča, šta pišemo?",
        "Goran je ime psa koji je ujeo dijete.",
    ],
)
def test_a_first_name_as_a_things_name_is_no_one(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Goran je ime mog brata, on je pretučen.",  # whose name: a person's
        "Goran je ime komšije koji je prijavio.",
    ],
)
def test_a_first_name_as_a_persons_name_stays_masked(text: str) -> None:
    assert found_persons(text) == ["Goran"], found_kinds(text)


@pytest.mark.parametrize(
    "text", ["Pozivni broj 122 ne radi od jutros, kako da prijave?", "Redni broj 4 na spisku nije došao."]
)
def test_a_number_named_by_its_kind_is_no_house(text: str) -> None:
    assert found_kinds(text) == [], found_kinds(text)


def test_a_house_number_after_broj_stays_an_address() -> None:
    assert ("Lipovoj broj 12", "ADDRESS") in found_kinds("Ana stanuje u Lipovoj broj 12.")


# --- a short name restated in full ---------------------------------------------------------------------------------


def test_a_short_name_restated_in_full_is_the_same_person() -> None:
    masked = mask("Mićo, odnosno Milorad Lipić, ima 45 godina i vozio je pijan.").text
    assert masked.startswith("[OSOBA 1], odnosno [OSOBA 1],"), masked


@pytest.mark.parametrize("text", ["Zakon, odnosno Marko Lipić je kriv.", "Ukratko, tj. Ana Lipić nije došla."])
def test_a_word_before_a_restatement_is_no_name(text: str) -> None:
    assert len(found_persons(text)) == 1, found_kinds(text)
