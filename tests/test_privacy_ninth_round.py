"""The ninth round's classes of form (bench/masking/dev_writer6.jsonl, a tuning set; docs/privacy.md "Ninth round"):
surnames that are words or places beside a first name, a name cut to an initial in a report, a school's name in
quotes, a year of birth alone after its word, numbers and addresses from abroad, a flat said after the town, dictation with spoken separators
and letters spelled by name, places after "iz" and a verb of dwelling, a town's code in brackets, a maiden name's
placeholder, a plural after a verb of taking. Invented examples (none of the set's words or names), each with the
look-alikes that must stay unmasked."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kind_names as kinds
from tests.privacy_helpers import found_kinds, found_persons

# --- a surname that is a word of the language or a place, beside a first name ---------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Vlasnik Kamen Senad, Tuzla, prijavio je krađu.", "Kamen Senad"),
        ("Svjedok tvrdi da je Hasan Kamen vozio prebrzo.", "Hasan Kamen"),
        ("Uručili smo poziv Senadu Kamenu lično.", "Senadu Kamenu"),
        ("OŠTEĆENI KAMEN Senad, ul. Brezova 4, nije došao", "KAMEN Senad"),
        ("Drina Senad je izjavio da ne zna ništa.", "Drina Senad"),
        ("osumnjičeni nada kamen godište 80 živi u zenici", "nada kamen"),
        ("upiši da je senad kamen rođen prvog maja", "senad kamen"),
    ],
)
def test_a_word_or_a_place_as_a_surname_beside_a_first_name(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("Grad Mostar je izdao dozvolu za štand.", []),
        ("u Bosni Senad radi na crno", ["Senad"]),  # a place after its preposition
        ("Juče Senad je izjavio da ne zna.", ["Senad"]),  # a capital at the start says nothing
        ("Senad Mostar je prijavio krađu.", ["Senad"]),  # where he is from
        ("majka nada rođena u Tuzli traži pomoć", []),  # a word for a person is no surname
        ("vidio sam senada danas, kaže da je bolestan", ["senada"]),  # no birth word after the pair
    ],
)
def test_a_word_beside_a_first_name_stays_a_word(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons, found_kinds(text)


# --- a name cut to an initial in a report ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("Nalaz: Jasna T., 40 god., radi u banci", ["Jasna T"]),
        ("2 lica:LIPIC M. i LIPIC S. ,oba iz Maglaja", ["LIPIC M", "LIPIC S"]),
        ("Učesnici: Lipić A. / Jelić B. / Hrastić N. / nepoznat", ["Lipić A", "Jelić B", "Hrastić N"]),
        ("Lice: Kovač Z. i Kovač D. iz Bihaća", ["Kovač Z", "Kovač D"]),
        ("Prijavu je podnio Marko B.", ["Marko B"]),
    ],
)
def test_a_name_with_an_initial(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons, found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Prilog B. uz zapisnik",
        "PRILOG B. UZ ZAPISNIK",
        "vozačka B. kategorije",
        "Tip A. i tip B. su vrste",
        "iz Mostara B. je",
    ],
)
def test_a_letter_after_a_word_is_no_initial(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


# --- a place's name in quotes after its noun -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'Auto je parkirano ispred škole "Hasan Lipić Brezo", smijemo li ga odšlepati?',
        'OŠ "Ante Brezić" prijavila je tuču, ko zove roditelje?',
        "Gimnazija „Meša Lipović“ traži patrolu",
    ],
)
def test_a_schools_name_in_quotes_is_the_schools(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


def test_a_person_after_a_quoted_schools_name_is_masked() -> None:
    assert found_persons('Ispred škole "Hasan Lipić" Marko Jelić je udario dijete.') == ["Marko Jelić"]


# --- a year of birth alone, right after its word ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("r.79,zv.Bimbo,ime Edin Lipić", "79"),
        ("imam lika:LIPOVIC Sead,god.1979,jmbg nema", "1979"),
        ("kod Edina Lipića(god.01)nađen nož", "01"),
        ("vozac sead lipic rodjen 91.god,reg nema", "91"),
        ("Vozač godište 79, Almir Jelić, vozio brzo", "79"),
        ("Pijani vozač rođen 93. godine, Edin Lipić", "93"),
        ("Edin Lipić (r. 85) uhapšen", "85"),
    ],
)
def test_a_year_of_birth_after_its_word(text: str, year: str) -> None:
    assert (year, "DATE_OF_BIRTH") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Edin Lipić, 34 god., radi u banci",  # an age
        "u toku god. 2024 je bilo više prijava",  # a recent year after "god."
        "rođen 12 puta kažu",  # two digits after rođen that go on
    ],
)
def test_an_age_or_a_recent_year_is_no_year_of_birth(text: str) -> None:
    assert "DATE_OF_BIRTH" not in kinds(text), found_kinds(text)


def test_a_full_date_after_rodjen_stays_one_span() -> None:
    assert ("12. marta 1990", "DATE_OF_BIRTH") in found_kinds("rođen 12. marta 1990 u Tuzli")


# --- numbers and addresses from abroad -------------------------------------------------------------------------------


def test_a_foreign_phone_glued_to_its_word_is_a_phone() -> None:
    assert found_kinds("broj:+4917612345678 od tipa koji prodaje auta") == [("+4917612345678", "PHONE")]


def test_two_ibans_one_after_the_other() -> None:
    text = "uplata sa AT952011182233445566 na BA591610000123456789,iznos 8000 KM"
    assert found_kinds(text) == [("AT952011182233445566", "IBAN"), ("BA591610000123456789", "IBAN")]


@pytest.mark.parametrize(
    ("text", "phone"),
    [("tel. 0664 3318920. Može li", "0664 3318920"), ("mob 0176 12345678 zove stalno", "0176 12345678")],
)
def test_a_number_dialled_abroad_after_a_phone_word(text: str, phone: str) -> None:
    assert (phone, "PHONE") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize("text", ["kazna 0100 200 KM", "tel 12.03.2024 zvao", "predmet 0123 4567 u toku"])
def test_numbers_that_are_no_phone_abroad(text: str) -> None:
    assert "PHONE" not in kinds(text), found_kinds(text)


def test_a_plate_serial_glued_to_its_letter() -> None:
    assert ("G-41823K", "PLATE") in found_kinds("lik iz Graza,tablice G-41823K,zove se")


def test_a_models_name_is_no_plate() -> None:
    assert "PLATE" not in kinds("vozio BMW X5 2020 crni")


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa Lindenstraße 45/3, 1100 Wien, pasoš", "Lindenstraße 45/3, 1100 Wien"),
        (
            "Ona živi kod sestre u Beču, Ottakringer Hauptstraße 88/2/14, 1110 Wien, tel. nema",
            "Ottakringer Hauptstraße 88/2/14, 1110 Wien",
        ),
    ],
)
def test_an_address_abroad_with_its_postcode_and_town(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        (
            "adresa hrastova broj dvadeset dva zenica stan jedanaest komšije se žale",
            "hrastova broj dvadeset dva zenica stan jedanaest",
        ),
        ("stanuje u Lipovoj 7, Tuzla, stan 3, prijavila buku", "Lipovoj 7, Tuzla, stan 3"),
    ],
)
def test_a_flat_said_after_the_town(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


def test_a_word_for_a_flat_after_the_town_without_its_number_stays() -> None:
    assert found_kinds("stanuje u Lipovoj 7, Tuzla, stan je prazan") == [("Lipovoj 7, Tuzla", "ADDRESS")]


# --- dictated: spoken separators and letters spelled by name ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        (
            "telefon nula šezdeset dva crtica trista dvadeset jedan crtica sto devetnaest zove je stalno",
            "nula šezdeset dva crtica trista dvadeset jedan crtica sto devetnaest",
            "PHONE",
        ),
        (
            "registarska oznaka te trideset dva crtica je crtica sedamsto dvadeset vozilo pasat",
            "te trideset dva crtica je crtica sedamsto dvadeset",
            "PLATE",
        ),
        (
            "pasoš broj ce razmak sedam tri jedan pet nula dva osam izdat u mostaru",
            "ce razmak sedam tri jedan pet nula dva osam",
            "DOC_NUMBER",
        ),
        (
            "broj lične karte dva e pet ka osam em jedan sedam nula tačka šta mu pišem",
            "dva e pet ka osam em jedan sedam nula",
            "DOC_NUMBER",
        ),
        (  # BA59 1610 0001 2345 6789
            "prebačeno na račun iban be a pet devet jedan šest jedan nula nula nula nula jedan dva tri četiri pet "
            "šest sedam osam devet da li banka",
            "be a pet devet jedan šest jedan nula nula nula nula jedan dva tri četiri pet šest sedam osam devet",
            "IBAN",
        ),
        (
            "mejl amra underscore lipic majmunče gmail tačka com prijavila prevaru",
            "amra underscore lipic majmunče gmail tačka com",
            "EMAIL",
        ),
    ],
)
def test_dictated_with_spoken_separators_and_letters(text: str, value: str, kind: str) -> None:
    assert (value, kind) in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "kazna od dva crtica tri godine",
        "lična karta mu je istekla a on je rekao da ide",
        "pasoš je izdat u tri dana a ja sam čekao",
        "vozačka dozvola b kategorije ima pet godina",
        "pasoš broj dva i tri",
        "na račun je uplatio pet stotina a onda još tri",  # no valid IBAN
    ],
)
def test_dictated_words_that_spell_nothing(text: str) -> None:
    assert kinds(text) == [], found_kinds(text)


def test_a_first_name_after_ime_in_a_dictated_form() -> None:
    text = "prezime lipić crtica hrastić ime jagoda rođena petog maja dvije hiljade druge ona je oštećena"
    assert "jagoda" in found_persons(text), found_kinds(text)


@pytest.mark.parametrize("text", ["ime roditelja nije poznato", "ime grada je Zenica", "ime ulice nije poznato"])
def test_a_noun_after_ime_is_no_name(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


# --- a place after "iz" or a verb of dwelling ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "lik iz Beča, tel 0043 664 3127745, pravi probleme",
        "Ona živi kod sestre u Beču, nema telefon",
        "Gordana Lipić zvana Goga, iz Новог Сада, dolazi svake sedmice",
    ],
)
def test_a_place_after_iz_or_a_verb_of_dwelling(text: str) -> None:
    assert all(p not in ("Beča", "Beču", "Новог Сада") for p in found_persons(text)), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "persons"),
    [("pucao je u Marka", ["Marka"]), ("iz Marka Lipića su izvadili metak", ["Marka Lipića"])],
)
def test_a_person_after_u_or_a_full_name_after_iz(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons, found_kinds(text)


# --- brackets, maiden names, plurals ---------------------------------------------------------------------------------


def test_a_towns_code_in_brackets_is_no_nickname() -> None:
    assert found_persons("Legitimisani: Lipić Ana (ZE), Lipić Edin (BL), oboje sa pasošima") == [
        "Lipić Ana",
        "Lipić Edin",
    ]


def test_a_nickname_in_brackets_still_is() -> None:
    assert found_persons("svjedok Edin Hrastić (Brko) nije došao") == ["Edin Hrastić", "Brko"]


def test_a_maiden_name_gets_the_womans_placeholder() -> None:
    masked = mask("Oštećena: Vesna Hrastić rođ. Brezić, prijavila je prijetnje").text
    assert masked == "Oštećena: [OSOBA 1] rođ. [OSOBA 1], prijavila je prijetnje"


def test_a_plural_after_a_verb_of_taking_is_no_name() -> None:
    assert found_persons("gospođa jagoda kaže da joj je komšija ukrao jagode iz vrta") == ["jagoda"]


def test_an_abbreviated_birth_word_is_no_surname() -> None:
    assert found_persons("zaustavio lika rodj.12.3.1990 iz bihaca") == []
