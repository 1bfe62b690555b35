"""The sixteenth round's classes of form (bench/masking/dev_writer12.jsonl, a tuning set of what voice dictation,
hurried phone typing and pasted records produce; docs/privacy.md "Sixteenth round"): numbers dictated in words — a
mobile said without its 0, "tristo", tens glued to a digit, another country's plate spelled after "tablice", an IBAN
spelled from its country's letters with no word before it, a document's seven digits spelled; a dictated e-mail with
"majmunče" or a provider and no word for the dot; a phone with "(0)", a JMBG typed a digit short; a foreigner's name
spelt with letters the language has not; a street after "iz <town>,"; a place before "ulica"; a settlement in lower case
with "bb"; a street of common nouns after "adresa"; a parent's field of a record; a first name before "ne znam
prezime"; and no citizen in a business's name "Kod X" or a surname talked about. Invented examples (none of the set's
words, names or numbers), each with the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons


def _of_kind(text: str, kind: str) -> list[str]:
    return [value for value, k in found_kinds(text) if k == kind]


# --- numbers dictated in words ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phone"),
    [
        # a mobile said without its trunk 0: 061 325 148
        (
            "svjedok je na šezdeset jedan tristo dvadeset pet sto četrdeset osam, zovi ga",
            "šezdeset jedan tristo dvadeset pet sto četrdeset osam",
        ),
        # "tristo" (ijekavian speech) among the hundreds, after "plus" and the country's code
        (
            "zvao je sa plus tristo osamdeset pet devedeset jedan dvjesta trideset četiri pedeset šest sedamdeset osam",
            "plus tristo osamdeset pet devedeset jedan dvjesta trideset četiri pedeset šest sedamdeset osam",
        ),
        ("vlasnik (+385 (0)91 234 5678) ne javlja se", "+385 (0)91 234 5678"),  # the trunk 0 in brackets
    ],
)
def test_a_dictated_or_bracketed_phone_is_a_phone(text: str, phone: str) -> None:
    assert _of_kind(text, "PHONE") == [phone], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "na skupu je bilo šezdeset dvije osobe i dvjesta trideset četiri vozila",  # counts, no phone
        "kazna je tristo maraka, a za povrat šezdeset pet",
    ],
)
def test_counts_in_words_are_no_phone(text: str) -> None:
    assert _of_kind(text, "PHONE") == [], found_kinds(text)


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("njemačke tablice ka el crtica a be sedam sedam tri, vozač spava", "ka el crtica a be sedam sedam tri"),
        ("slovenske tablice ce e dvadesetdva crtica a be ce parkiran na trotoaru", "ce e dvadesetdva crtica a be ce"),
        ("kosovske tablice nula pet crtica sto dvadeset tri crtica ka el nemaju osiguranje", None),
    ],
)
def test_another_countrys_plate_spelled_after_tablice(text: str, plate: str | None) -> None:
    found = _of_kind(text, "PLATE")
    assert len(found) == 1, found_kinds(text)
    if plate is not None:
        assert found == [plate]


@pytest.mark.parametrize(
    "text",
    [
        "skinuo je tablice i bacio ih u rijeku",
        "sa tablicama a sto pedeset na sat kroz naselje",  # a speed, no plate
        "tablice u dvanaest sati nisu bile na vozilu",
    ],
)
def test_words_after_tablice_that_spell_no_plate(text: str) -> None:
    assert _of_kind(text, "PLATE") == [], found_kinds(text)


def test_an_iban_spelled_from_its_country_needs_no_word_before_it() -> None:
    text = (
        "uplatio je novac na be a trideset devet dvanaest devedeset nula sedam devedeset četiri nula jedan nula dva "
        "osamdeset četiri devedeset četiri i sad traži povrat"
    )
    assert len(_of_kind(text, "IBAN")) == 1, found_kinds(text)


def test_a_spelled_passport_that_fails_the_iban_check_is_the_documents() -> None:
    text = "pasoš b a sedam sedam šest pet četiri tri dva, državljanin Albanije"
    assert len(_of_kind(text, "DOC_NUMBER")) == 1, found_kinds(text)


def test_a_documents_seven_digits_spelled_after_its_word() -> None:
    text = "vozačka broj nula četiri pet šest sedam osam devet istekla prošle godine"
    assert _of_kind(text, "DOC_NUMBER") == ["nula četiri pet šest sedam osam devet"], found_kinds(text)


def test_a_jmbg_typed_a_digit_short_is_still_a_jmbg() -> None:
    assert _of_kind("JMBG 120398517002 — fali jedna cifra, šta radim", "JMBG") == ["120398517002"]
    assert _of_kind("broj predmeta 120398517002 u sudu", "JMBG") == []


# --- e-mail dictated ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "email"),
    [
        ("mail mu je d lipovac majmunče posta tačka ba, pisao je prijetnje", "d lipovac majmunče posta tačka ba"),
        ("sanja tacka k at yahoo com ne odgovara na poziv", "sanja tacka k at yahoo com"),  # no word for the dot
    ],
)
def test_a_dictated_email(text: str, email: str) -> None:
    assert _of_kind(text, "EMAIL") == [email], found_kinds(text)


def test_at_and_com_without_a_provider_are_no_email() -> None:
    assert _of_kind("bio je at home com u subotu", "EMAIL") == []


# --- foreigners' names spelt with letters the language has not ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("vozač dritan hoxha nije imao zeleni karton", "dritan hoxha"),  # x
        ("fatmir qerimi kaže da je auto posudio", "fatmir qerimi"),  # q
        ("prijava od wolfganga schwarza zbog krađe", "wolfganga schwarza"),  # w, sch; declined
        ("gülsen aydın izgubila pasoš u autobusu", "gülsen aydın"),  # the first name spelt so: the word after it
        ("Na listi: Qerimi Fatmir, rođen u Prizrenu", "Qerimi Fatmir"),  # surname first
    ],
)
def test_a_first_name_beside_a_foreign_spelt_word(text: str, name: str) -> None:
    assert name in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "ukraden je audi q7 ispred zgrade",  # a make and its model
        "dan wifi ne radi u stanici",  # a word of the language a foreign list has as a name
        "kupila je iphone i laptop na rate",
    ],
)
def test_foreign_spelt_words_without_a_first_name_are_no_name(text: str) -> None:
    assert found_persons(text) == [], found_kinds(text)


# --- addresses ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("vozač Dino Lipić iz Kaknja, Brezovih grana 12 vozio je bez dozvole", "Kaknja, Brezovih grana 12"),
        ("vozač iz Какња, Липова 7 opet vozi bez dozvole", "Какња, Липова 7"),
        ("prijava od sead lipic iz kaknja, zlatnih ljiljana 9, kaze da", "kaknja, zlatnih ljiljana 9"),
    ],
)
def test_a_street_after_from_a_town_and_a_comma(text: str, address: str) -> None:
    assert address in _of_kind(text, "ADDRESS"), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "došao je iz Tuzle, dobio kaznu 200, i otišao",  # a verb and an amount
        "iz Zenice, oko 20 ljudi je došlo",
        "iz Mostara, Zakon o prekršajima 12 kaže",
    ],
)
def test_after_from_a_town_no_street(text: str) -> None:
    assert _of_kind(text, "ADDRESS") == [], found_kinds(text)


def test_a_place_before_ulica_joins_the_address() -> None:
    assert _of_kind("otišla je kod tetke u kakanj ulica brezova osam", "ADDRESS") == ["kakanj ulica brezova osam"]
    assert _of_kind("otišla je u centru ulica Lipova 5 je bila gužva", "ADDRESS") == ["ulica Lipova 5"]


def test_a_settlement_in_lower_case_with_bb() -> None:
    assert _of_kind("braća iz naselja kakanj bb uhvaćena su s kablom", "ADDRESS") == [
        "naselja kakanj bb"
    ]  # a town's name; the settlement's noun inside (thirty-fourth round)
    [found] = _of_kind("braća iz naselja brezik bb uhvaćena su s kablom", "ADDRESS")
    assert found.endswith("brezik bb")  # the settlement's word inside or out, as the older sets label it


def test_a_street_of_common_nouns_after_adresa_with_its_number_in_words() -> None:
    text = "adresa zlatnih ljiljana devet kakanj telefon nema"
    assert _of_kind(text, "ADDRESS") == ["zlatnih ljiljana devet kakanj"], found_kinds(text)
    assert _of_kind("adresa nije poznata dva puta smo išli", "ADDRESS") == []


# --- people shown by a record's field or by the officer's own words ----------------------------------------------


def test_a_parents_field_in_a_pasted_record() -> None:
    assert "SEAD" in found_persons("Ime i prezime: LIPIĆ DINO; otac: SEAD; majka: ZLATA; rođen u Kaknju")
    assert "Zlata" in found_persons("ime majke: Zlata, JMBG nepoznat")
    assert found_persons("otac: nepoznat, majka: nepoznata") == []


def test_a_first_name_before_ne_znam_prezime() -> None:
    assert found_persons("dino ne znam prezime prodaje drogu kod škole") == ["dino"]
    assert found_persons("Prijavio ga je Sena, prezime nepoznato, iz susjedstva") == ["Sena"]
    assert found_persons("komšija ne znam prezime stalno pravi buku") == []


# --- no citizen --------------------------------------------------------------------------------------------------


def test_a_business_named_kod_x_after_its_noun() -> None:
    assert found_persons("u restoranu Kod Hasana tuča, dvojica povrijeđena") == []
    assert found_persons("u kafiću kod Hasana Lipića tuča") == ["Hasana Lipića"]  # lower case: a person's place


def test_a_surname_talked_about() -> None:
    assert found_persons("Lipović je prezime u pola Bosne, kako da provjerim osobu") == []
    assert found_persons("Lipović je prezime osumnjičenog, ime ne znamo") == ["Lipović"]


def test_a_declined_first_name_put_first_before_what_the_officers_did() -> None:
    assert found_persons("Zoru smo saslušali jutros, traži advokata") == ["Zoru"]
    assert found_persons("Psa smo priveli u stanicu") == []  # no name's form
    assert found_persons("Zakona smo se držali") == []


def test_a_units_ordinal_in_a_streets_name_after_ul() -> None:
    assert _of_kind("stanuje u Ul. 5. korpusa 12, Kakanj", "ADDRESS") == ["Ul. 5. korpusa 12, Kakanj"]
    assert _of_kind("član 22. stava 5 kaže", "ADDRESS") == []


def test_a_houses_letter_before_the_town_in_a_dictated_address() -> None:
    assert _of_kind("adresa je lipova deset a kakanj tu živi", "ADDRESS") == ["lipova deset a kakanj"]
    assert _of_kind("adresa je lipova deset a onda je otišao", "ADDRESS") == ["lipova deset"]
