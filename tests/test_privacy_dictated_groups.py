"""The seventh round's classes of form (bench/masking/dev_writer4.jsonl, a tuning set; docs/privacy.md "Seventh
round"): identifiers dictated or typed in groups, a resident's cue, saints and places named after one person, and a
word that may be a name beside a capitalised one. Invented examples, each with the look-alikes that must stay."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kinds, found_persons


@pytest.mark.parametrize(
    "text",
    [
        # 1203987105102 digit by digit, and read in groups as people read a long number out
        "jmbg jedan dva nula tri devet osam sedam jedan nula pet jedan nula dva, provjeriti",
        "maticni dvanaest nula tri devet osamdeset sedam deset pet sto deset dva",
        "ЈМБГ један два нула три девет осам седам један нула пет један нула два",
    ],
)
def test_a_jmbg_dictated_in_words(text: str) -> None:
    assert [kind for _, kind in found_kinds(text)] == ["JMBG"], text


@pytest.mark.parametrize(
    "text",
    [
        "kazna od dva do dvanaest godina i tri mjeseca",
        "jmbg jedan dva tri cetiri pet sest sedam osam devet nula jedan dva tri",  # 13 digits, no valid JMBG
    ],
)
def test_dictated_numbers_that_are_no_jmbg(text: str) -> None:
    assert "JMBG" not in [kind for _, kind in found_kinds(text)], text


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("lična karta broj 2E TK 48213 nađena je u autu", "2E TK 48213"),
        ("pasoš C 5518 907 ostao je na granici", "C 5518 907"),
        ("vozačka 4JM 180 27B je lažna", "4JM 180 27B"),
    ],
)
def test_a_document_number_typed_in_groups_after_its_word(text: str, number: str) -> None:
    assert (number, "DOC_NUMBER") in found_kinds(text), text


@pytest.mark.parametrize(
    "text",
    [
        "vozačka B kategorije od 2019 godine",
        "lična karta 12 05 2019 je istekla",  # a date typed with spaces
        "pasoš broj 2 od 3 primjerka",
        "tablice 12 E 345 na golfu",  # no document word before it
    ],
)
def test_groups_that_are_no_document_number(text: str) -> None:
    assert "DOC_NUMBER" not in [kind for _, kind in found_kinds(text)], text


def test_a_residents_cue_nastanjen() -> None:
    assert ("Hrastovoj 7, Tuzla", "ADDRESS") in found_kinds("nastanjen u Hrastovoj 7, Tuzla, ne dolazi na poziv")
    assert ("Braće Lipovaca 4", "ADDRESS") in found_kinds("nastanjena na Braće Lipovaca 4 sa djecom")
    assert found_kinds("nastanjena u Sarajevu od 2010. godine") == []  # a town alone
    assert found_kinds("stanovnici nastanjeni uz obalu rijeke") == []


def test_a_saints_name_is_a_place() -> None:
    for text in (
        "gradska bolnica Sveta Ana traži pratnju",
        "OŠ Sveti Lazar prijavila je provalu",
        "kod crkve Sv. Ante",
    ):
        assert found_persons(text) == [], text
    assert found_persons("u crkvi Sv. Ante uhapšen je Ivo Lipić") == ["Ivo Lipić"]


def test_a_place_is_named_after_one_person() -> None:
    # after the surname that closes the place's name, a first name with its verb or its surname is the sentence's
    assert found_persons("kod OŠ Hasan Lipić Almir je nudio cigarete djeci") == ["Almir"]
    assert found_persons("u parku Ivana Jelića Mirza Lipović i Edin su razbili klupu") == ["Mirza Lipović", "Edin"]
    assert found_persons("u Domu zdravlja dr. Ante Brezić Sanela Hrastić je vrijeđala doktora") == ["Sanela Hrastić"]
    # a nickname after the name, or no verb: still the place's
    assert found_persons("navijači na stadionu Asim Lipović Hase, nakon utakmice") == []


def test_the_name_before_a_verb_whose_object_follows_it_is_the_places() -> None:
    assert found_persons("na ćupriji Ali-paše Lipovića uhapsili smo Marka Jelića") == ["Marka Jelića"]
    assert found_persons("na mostu Dragana Lipica smo zatekli") == ["Dragana Lipica"]  # the verb's object


def test_a_stadium_or_a_hall_named_after_a_person() -> None:
    assert found_persons("na stadionu Asim Lipović navijači su se potukli") == []
    assert found_persons("u dvorani Mirza Jelić održan je koncert") == []


def test_a_lower_case_word_that_may_be_a_name_is_no_half_of_a_capitalised_one() -> None:
    assert found_persons("on i Edin pili su pivo u parku") == ["Edin"]  # "pili": a verb (and a case of Pile)


def test_a_towns_name_of_two_words_declined_or_with_its_side() -> None:
    assert ("jasenovoj 4 u banja luci", "ADDRESS") in found_kinds("u jasenovoj 4 u banja luci je tuča")
    assert ("Hrastova 9 u Banjoj Luci", "ADDRESS") in found_kinds("živi na adresi Hrastova 9 u Banjoj Luci")
    assert ("Brezik bb, Doboj Jug", "ADDRESS") in found_kinds("adresa Brezik bb, Doboj Jug, pretres sutra")


def test_a_flat_or_a_floor_between_the_number_and_the_town() -> None:
    assert found_kinds("nasilje jasenova 7 stan 3 tuzla hitno") == [("jasenova 7 stan 3 tuzla", "ADDRESS")]
    found = found_kinds("stanuje na adresi brezova broj dvadeset sprat dva mostar ne otvara")
    assert found == [("brezova broj dvadeset sprat dva mostar", "ADDRESS")]
    assert found_kinds("na jelovoj 5 stan 9 pacijenata") == []  # no town: "stan" alone is no address's evidence
    assert found_kinds("zgrada ima sprat tri stana") == []


def test_a_weak_first_name_right_after_a_word_for_a_person_or_kin() -> None:
    assert found_persons("zahtjev protiv muža nusreta zbog nasilja") == ["nusreta"]
    assert found_persons("komšinica ruža tvrdi da ga je vidjela") == ["ruža"]  # a dictionary word: its verb after
    for text in ("majka nada kaže da ga nema", "vozač marka golf je pobjegao", "sin je dobar"):
        assert found_persons(text) == [], text


def test_a_nickname_in_quotes_as_a_person_verbs_object() -> None:
    assert found_persons('uhapsili smo "Žabca" kod pijace') == ["Žabca"]
    for text in ('vozio je "Golf" bez tablica', 'ukrao je "Samsung" iz izloga', 'pozvali smo "Hitnu" odmah'):
        assert found_persons(text) == [], text


def test_a_capitalised_word_after_a_demonstrative() -> None:
    assert found_persons("onaj Ćiro sa pijace stalno krade") == ["Ćiro"]
    assert found_persons("neki Šilja prodaje travu") == ["Šilja"]
    assert found_persons("napadač je bio neki hamdija") == ["hamdija"]  # a listed name in lower case too
    for text in (
        "taj Golf je ukraden",
        "onaj Zakon o prekršajima",
        "ona Austrijanka je pala",
        "ta Banja Luka",
        "taj vuk je napao ovce",
        "neka nada postoji",
        "onaj mali je pobjegao",
    ):
        assert found_persons(text) == [], text


def test_a_foreign_name_of_three_words() -> None:
    assert found_persons("u autobusu je bio Ahmad Wali Noori bez vize") == ["Ahmad Wali Noori"]
    assert found_persons("prijavu je podnio Karim El Idrissi, konobar") == ["Karim El Idrissi"]
    assert found_persons("Jean-Marc Lefebvre je prijavio krađu") == ["Jean-Marc Lefebvre"]
    for text, word in (("Ana Marija Sarajevo", "Sarajevo"), ("Mirza Edin Policija", "Policija")):
        assert not any(word in person for person in found_persons(text)), text


@pytest.mark.parametrize(
    "text",
    [
        "tablice te pedeset dva em sto devetnaest, pobjegao je",  # T52-M-119
        "auto o osamnaest a dvjesto četrdeset tri stoji na trotoaru",  # O18-A-243
        "регистарске ознаке ка 41 је шест нула осам",  # K41-J-608
    ],
)
def test_a_plate_dictated_with_its_letters_by_name(text: str) -> None:
    assert [kind for _, kind in found_kinds(text)] == ["PLATE"], text


@pytest.mark.parametrize(
    "text",
    [
        "vozilo je bilo a dvadeset e pa je pobjeglo",
        "vozio je 2 sata a e 300 km",
        "tablice je skinuo a trideset dana nije platio",  # no letter between the numbers
    ],
)
def test_letters_and_numbers_that_are_no_dictated_plate(text: str) -> None:
    assert "PLATE" not in [kind for _, kind in found_kinds(text)], text


def test_the_naming_cue_is_no_surname_before_the_name() -> None:
    assert found_persons("žena po imenu vesna je nestala") == ["vesna"]
    assert found_persons("osoba po imenu tarik brkan") == ["tarik brkan"]


def test_a_first_name_before_an_age() -> None:
    assert found_persons("Edo (17) je uhapšen kod škole") == ["Edo"]
    assert found_persons("Vesna, 16 godina, nije se vratila kući") == ["Vesna"]
    assert found_persons("Član (3) glasi ovako") == []


def test_a_surnames_initial_after_the_first_name() -> None:
    assert found_persons("Almir K. je prijavio krađu") == ["Almir K"]  # the initial without its full stop
    assert found_persons("vidjeli smo Senu L., 34 godine") == ["Senu L"]
    assert found_persons("Prijavio ga je Marko. K. je tada pobjegao") == ["Marko"]  # a new sentence after the name


def test_a_date_of_birth_in_digits_with_an_apostrophed_year() -> None:
    assert ("14.02.'91", "DATE_OF_BIRTH") in found_kinds("rođena 14.02.'91 u Tuzli, nestala")
    assert found_kinds("incident 14.02.'24 kod pijace") == []  # not after a birth word or a name


def test_a_date_in_brackets_after_a_word_of_the_laws_dates_a_text() -> None:
    assert found_kinds("Pravilnik (2021) kaže da se kazna plaća u roku") == []
    assert found_kinds("odluka (14.05.2020) je poništena") == []
    assert ("14.05.1988", "DATE_OF_BIRTH") in found_kinds("Vera Lipić (14.05.1988) prijavila je krađu")
    assert found_persons("Vesna (14.05.1988) nije se vratila") == [
        "Vesna"
    ]  # a name that is a word, then its birth date


def test_a_capitalised_street_after_a_preposition_with_its_number_in_words() -> None:
    assert found_kinds("u Jelovoj devet je tuča") == [("Jelovoj devet", "ADDRESS")]
    assert found_kinds("ispred Brezove dvadeset dva su se potukli") == [("Brezove dvadeset dva", "ADDRESS")]
    for text in ("u Tuzlanskoj tri automobila su", "u Jelovoj sedam dana", "na Brezovoj jedan čovjek leži"):
        assert found_kinds(text) == [], text  # what the number counts, not a house


def test_a_lower_case_name_before_a_negated_verb() -> None:
    assert found_persons("šta ako hamdija ne želi dati otisak") == ["hamdija"]
    for text in ("Niko ne želi da svjedoči", "niko ne želi da svjedoči", "nada ne želi ništa"):
        assert found_persons(text) == [], text


def test_a_first_names_possessive_in_lower_case_before_a_word_for_kin() -> None:
    assert found_persons("kaže da je harisov brat udario") == ["harisov"]
    assert found_persons("amrina sestra je prijavila") == ["amrina"]
    for text in ("njegov brat je došao", "susjedov sin je pobjegao", "titova ulica je zatvorena"):
        assert found_persons(text) == [], text
