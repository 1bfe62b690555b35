"""Names shown by a cue before them (gospodin, gđa, imenom, zove se, zvani …), a surname no list has after a listed
first name, a -ić surname that is also a dictionary word as a person verb's object, and addresses written with the
street's name before "ulica", a Cyrillic "бр." or "kućni broj".

One test per class of form (invented names); each class has its look-alikes — the words of the language that
stand in the same place — which stay unmasked.
"""

import pytest

from tests.privacy_helpers import found_kinds, found_persons


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("gospodin trnjanin je dosao prijaviti kradju", ["trnjanin"]),
        ("gdja vrebac je prijavila kradju torbe", ["vrebac"]),  # a word of the dictionary, after a cue
        ("g. Trnjanin trazi kopiju zapisnika", ["Trnjanin"]),
        ("господин Трњанин је пријавио крађу", ["Трњанин"]),
        ("osoba imenom dzenan trnjanin odbija alkotest", ["dzenan trnjanin"]),
        ("zove se trnjanin dzenan i nece dati izjavu", ["trnjanin dzenan"]),
        ("svjedokinja se zove selma vrebac", ["selma vrebac"]),
        ("prezime mu je trnjanin, ime ne zna", ["trnjanin"]),
        ("osumnjicena imena hajrija odbija se legitimisati", ["hajrija"]),
    ],
)
def test_the_words_after_a_naming_cue_are_a_name(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("covjek zvani crni udario je konobara", ["crni"]),  # a nickname may be a word of the language
        ("lik zv. Kobra prodaje drogu kod skole", ["Kobra"]),
        ("приведен Петар Трњанинвић звани Шкиља", ["Петар Трњанинвић", "Шкиља"]),
    ],
)
def test_the_word_after_a_nickname_cue_is_a_name(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "gospodin policajac me pitao za dozvolu",
        "kako se zove prekrsaj kad neko vozi bez tablica",
        "zove se to prekrsajni nalog ili rjesenje",
        "potpisuje se imenom i prezimenom na zapisniku",
        "ime i prezime roditelja se upisuje u zapisnik",
        "osoba po imenu nepoznata, sta pisemo",
        "oduzeli smo 5 g. Droge i vagu",
        "takozvani sudski vjestak nije dosao",
        "gospodja iz opstine trazi podatke",
    ],
)
def test_a_cue_followed_by_a_word_of_the_language_masks_nothing(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("dzenan trnjanin udario konobara", ["dzenan trnjanin"]),
        ("oduzet mobitel od haris lendo", ["haris lendo"]),
        ("svjedok je amar trnjanin, moze li svjedociti", ["amar trnjanin"]),
    ],
)
def test_an_unlisted_surname_after_a_listed_first_name_in_lower_case(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("marko kaze da nije vozio", ["marko"]),  # a verb of the law texts
        ("ivan rekao da ne zna nista", ["ivan"]),  # a verb's ending
        ("ivan pijan vozio auto", ["ivan"]),  # a participle in -jan
        ("uzeli smo od emine novcanik", ["emine"]),  # a noun in another case than the declined name
    ],
)
def test_a_word_of_the_language_after_a_first_name_is_no_surname(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("pretresli smo grbica bez naloga", "grbica"),  # grbica, grbić: words of the dictionary
        ("pozvali smo mesica na informativni razgovor", "mesica"),
        ("uhapsili grbica sinoc kod pumpe", "grbica"),  # a plural verb: the officers are the subject
    ],
)
def test_a_dictionary_ic_word_in_ica_as_a_person_verbs_object_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "uhapsili smo ga kod vrtica nakon tuce",  # after a preposition: a place
        "ispred vrtica su pretukli dijete",
        "pobjegla je lisica iz kaveza",  # the subject: a feminine -ica noun
        "zatekli smo lisicu u kokosinjcu",
        "udarili su psica autom",  # a young animal is animate too
    ],
)
def test_ica_words_that_are_no_verbs_object_stay(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje u Jasenovoj ulici broj 12", "Jasenovoj ulici broj 12"),
        ("adresa Jasenova ulica 12", "Jasenova ulica 12"),
        ("tuca u Hrastovoj ulici 3, ko izlazi", "Hrastovoj ulici 3"),
        ("ziva u jasenovoj ulici 15 prijavljuje buku", "jasenovoj ulici 15"),
        ("stanuje u ulici Lipova, kucni broj 7", "ulici Lipova, kucni broj 7"),
        ("станује у ул. Јасенова бр. 12", "ул. Јасенова бр. 12"),
        ("пријављен на Јасенова број 7", "Јасенова број 7"),
    ],
)
def test_street_before_ulica_cyrillic_br_and_kucni_broj(text: str, address: str) -> None:
    assert [v for v, kind in found_kinds(text) if kind == "ADDRESS"] == [address]


@pytest.mark.parametrize(
    "text",
    [
        "u jasenovoj ulici je bila tuca, kome prijaviti",
        "kuca bez broja u ulici, kako upisati adresu",
        "kucni broj 7 nije vidljiv sa ulice",
        "службени гласник бр. 12/24 објавио закон",
        "члан 12 став 3 закона о безбједности саобраћаја",
    ],
)
def test_address_look_alikes_stay(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("svjedok Zulkan kaze da je vidio napad", ["Zulkan"]),
        ("vozac Lendo odbio alkotest", ["Lendo"]),
        ("TRNJANIN HARIS udario konobara", ["TRNJANIN HARIS"]),  # in capitals, beside a listed first name
        ("Trnjanin Haris priveden zbog kradje", ["Trnjanin Haris"]),  # at a sentence's start
    ],
)
def test_a_surname_after_a_word_for_a_person_or_beside_a_first_name_written_alike(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    "text",
    [
        "vozac kamiona pobjegao sa lica mjesta",  # lower case after a word for a person: a noun
        "vozac Golfa udario pjesaka",  # a word of the dictionary
        "svjedok Jehovin dolazi na rociste",  # a possessive
        "VOZAC AUTOBUSA odbija alkotest",
    ],
)
def test_words_after_a_word_for_a_person_that_are_no_surname_stay(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("prebivaliste: Sarajevo, Jasenova 7, sta upisati", "Sarajevo, Jasenova 7"),
        ("adresa je 71000 Sarajevo, Hrastova 12", "71000 Sarajevo, Hrastova 12"),
        ("prijavljen u Zenici, Lipova 9 a zivi kod brata", "Zenici, Lipova 9"),
        ("adresa Banja Luka, Kralja Petra 12", "Banja Luka, Kralja Petra 12"),
        ("stanuje Brezova 7/II i ne otvara vrata", "Brezova 7/II"),  # a floor in Roman numerals after the slash
    ],
)
def test_the_town_before_the_street_and_a_roman_floor_are_part_of_the_address(text: str, address: str) -> None:
    assert [v for v, kind in found_kinds(text) if kind == "ADDRESS"] == [address]


@pytest.mark.parametrize(
    "text",
    [
        "u Sarajevu, kazna 500 KM za parkiranje",
        "Sarajevo, 12. mart, saobracajna nezgoda",
        "u Mostaru, clan 15 stav 2, kako tumaciti",
    ],
)
def test_a_town_and_a_comma_before_a_number_that_is_no_house_number_stay(text: str) -> None:
    assert found_kinds(text) == []


def test_a_nickname_in_quotes_after_a_name_is_the_same_person() -> None:
    from kodeks.privacy import mask

    assert mask('Marko Markovic "Crni" udario konobara').text == '[OSOBA 1] "[OSOBA 1]" udario konobara'
    assert mask("приведен Петар Јовић „Шкиља“ због крађе").text == "приведен [OSOBA 1] „[OSOBA 1]“ због крађе"
    assert mask('vozio je "Golf" bez tablica').text == 'vozio je "Golf" bez tablica'  # no name before it


def test_a_person_verb_after_a_conjunction_is_no_evidence_for_the_word_before() -> None:
    # "laze" (he lies) is also a case of the name Laza; "trazi" after "i" is the next predicate's verb
    assert found_kinds("vozac kaze da aparat laze i trazi novo mjerenje") == []
    assert found_persons("prijetio je ani nozem") == ["ani"]  # the verb before the name still counts


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("uhapsili smo Lendu na granici", "Lendu"),
        ("juce je Zulkan prijetio susjedu", "Zulkan"),  # the subject before the verb
        ("prijavio ga je Kos zbog prijetnji", "Kos"),
        ("zatekli smo Zulkana kako krade", "Zulkana"),  # a declined -an surname
        ("razgovarali smo sa Zulkanom o kradji", "Zulkanom"),  # sa between the verb and the name
    ],
)
def test_one_capitalised_word_beside_a_person_verb_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "ukrao je Samsung iz radnje",  # a verb whose object is as often a thing
        "vozio je Golfa bez dozvole",
        "na Grbavici smo zatekli dvojicu",  # a preposition of place before it
        "kod Merkatora smo uhapsili lopova",
        "Policija je uhapsila osumnjicenog",  # a capital at the sentence's start
        "prijavila je Ustavna komisija",
        "razgovarali smo sa Centrom za socijalni rad",  # centar: a word of the laws, in another case
        "kontaktirali smo Hitnu pomoc i vatrogasce",
    ],
)
def test_capitalised_words_beside_a_person_verb_that_are_no_person_stay(text: str) -> None:
    assert found_kinds(text) == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa Jasenova, broj 7, ne otvara", "Jasenova, broj 7"),  # a comma before "broj"
        ("stanuje u Hrastova br: 12", "Hrastova br: 12"),
        ("stanuje na Brezova 7 - Zenica, prijavila nasilje", "Brezova 7 - Zenica"),  # the town after a dash
        ("живи у Јасенова 9 / Бијељина", "Јасенова 9 / Бијељина"),
    ],
)
def test_broj_after_a_comma_and_the_town_after_a_dash_or_slash(text: str, address: str) -> None:
    assert [v for v, kind in found_kinds(text) if kind == "ADDRESS"] == [address]


def test_only_a_listed_town_joins_after_a_dash() -> None:
    assert found_kinds("stanuje na Lipova 7 - Marko zna gdje") == [("Lipova 7", "ADDRESS"), ("Marko", "PERSON")]
    assert found_kinds("clan 12, broj 5 zakona o prekrsajima") == []


def test_a_capitalised_function_word_before_a_verb_form_is_no_person() -> None:
    assert found_kinds("2. Регистарске таблице\nЗа возила која се региструју издаје се") == []


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("gdja zulkic tvrdi da joj je ukraden novcanik", ["zulkic"]),  # a verb in the present after a surname
        ("zulkic vozi bez dozvole", ["zulkic"]),
        ("zulkic prijeti komsiji", ["zulkic"]),  # a person verb
        ("gojko zulkic udario", ["gojko zulkic"]),  # an unlisted first name beside the surname still counts
    ],
)
def test_a_verb_beside_a_surname_is_not_taken_for_its_first_name(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("ZIVI NA ADRESI HRASTOVA 7, ZENICA, PRIJAVILA NASILJE", "HRASTOVA 7, ZENICA"),  # in capitals
        ("STANUJE NA ADRESI JASENOVA 12", "JASENOVA 12"),
        ("zivi na adresi hrastova 7", "hrastova 7"),
    ],
)
def test_zivi_na_adresi_in_capitals_keeps_the_house_number_in_the_address(text: str, address: str) -> None:
    assert [v for v, kind in found_kinds(text) if kind == "ADDRESS"] == [address]


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("UHAPSEN MARKO ZULKIC ZBOG KRADJE", ["MARKO ZULKIC"]),  # in capitals the endings decide: "ZBOG" stays
        ("GOSPODIN ZULKAN PRIJAVIO KRADJU", ["ZULKAN"]),
        ("SVJEDOK ANA ZULKIC TVRDI DA JE VIDJELA", ["ANA ZULKIC"]),
        ("OSUMNJICENI ZULKIC JMBG 0101990170001", ["ZULKIC"]),
        ("GOJKO ZULKIC UDARIO KOMSIJU", ["GOJKO ZULKIC"]),  # an unlisted first name in capitals still counts
    ],
)
def test_in_capitals_a_verb_or_an_acronym_beside_a_name_is_not_part_of_it(text: str, names: list[str]) -> None:
    assert found_persons(text) == names


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("adresa jasenova7 zenica, prijavila kradju", "jasenova7 zenica"),  # typed on a phone without the space
        ("stanuje na Hrastova12a, ne otvara vrata", "Hrastova12a"),
    ],
)
def test_a_house_number_glued_to_the_street_after_a_cue(text: str, address: str) -> None:
    assert [v for v, kind in found_kinds(text) if kind == "ADDRESS"] == [address]


def test_a_town_with_a_glued_number_after_a_cue_stays() -> None:
    assert found_kinds("zivi u sarajevu2024 godine") == []


def test_a_dictionary_surname_after_a_word_for_a_person_or_an_official() -> None:
    # a capitalised word in a surname's noun shape (-ac, -ak, -ar …) after a role is its surname, even where the
    # dictionaries have it as a noun; officials and occupations count as roles
    assert found_persons("sudija Brezak je odredio pritvor") == ["Brezak"]
    assert found_persons("konobar Golubac je udaren flašom") == ["Golubac"]
    for text in ("vozač Golfa pobjegao", "advokat odbrane traži spis", "sudija za prekršaje"):
        assert found_persons(text) == [], text
