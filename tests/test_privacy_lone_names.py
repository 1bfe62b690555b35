"""Names standing alone in lower case, shown to be persons only by their neighbours, and the town after an address.

One test per class of form (invented names); each class also has its look-alikes, words of the language in the
same place, which stay unmasked.
"""

import pytest

from kodeks.privacy import lexicon
from tests.privacy_helpers import found_kinds, found_persons


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("brankovica smo zatekli kako obija kiosk", "brankovica"),
        ("zatekli smo tadica kako krade gorivo", "tadica"),
        ("legitimisali smo jelicu ispred kafane", "jelicu"),  # listed surname Jelić, dative
        ("Zelkica smo pustili nakon 24 sata", "Zelkica"),  # a capital at the start says nothing
        ("тадића смо затекли пијаног", "тадића"),
    ],
)
def test_a_declined_ic_surname_beside_a_person_verb_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("kovac jmbg 1203985170023 odbija dati izjavu", "kovac"),  # a listed surname before a JMBG
        ("sarac je prijetio bivsoj supruzi", "sarac"),  # a listed surname beside a person verb
        ("juce smo uhapsili tadica zbog kradje", "tadica"),
    ],
)
def test_a_lone_lowercase_surname_beside_a_person_verb_or_a_jmbg_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("prijetio je ani da ce je ubiti", "ani"),
        ("ukrao je novcanik emi u tramvaju", "emi"),
        ("udario je editu sakom u lice", "editu"),
        ("пријетио је ани ножем", "ани"),
    ],
)
def test_a_declined_short_first_name_near_a_person_verb_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    "text",
    [
        "lisicu smo zatekli u kokosinjcu",  # a word of the spelling dictionaries (lisica)
        "granicu smo zatvorili nakon dojave",
        "kradljivicu smo zatekli u prodavnici",  # an everyday word of common_words.txt
        "djevojcicu smo zatekli samu na ulici",
        "pretresli smo kucicu u dvoristu",
        "oduzeli smo telefon maloljetniku",
        "ucenika smo zatekli sa nozem",
        "tablicu smo skinuli sa vozila",
    ],
)
def test_words_of_the_language_beside_a_person_verb_stay(text: str) -> None:
    assert found_kinds(text) == [], text


def test_the_word_checks_know_the_dictionary_and_the_laws() -> None:
    assert lexicon.dictionary_word("lisicu")  # lisica, declined
    assert lexicon.dictionary_word("granica")
    assert not lexicon.dictionary_word("brankovica")
    assert lexicon.law_word("vozila")
    assert "zatekli" in lexicon.person_verbs()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("u kafani kod Darka Brankovića je bila tuča", "Darka Brankovića"),
        ("u parku Zorana Tadica su pretukli", "Zorana Tadica"),  # the object of the verb, not the park's name
        ("na mostu Dragana Tadica smo zatekli pijanog", "Dragana Tadica"),
    ],
)
def test_a_person_right_after_a_place_noun_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


def test_a_place_named_after_a_person_stays_a_place() -> None:
    assert found_persons("okupljanje u parku Ivana Gorana Kovačića") == []
    assert found_persons("gužva na trgu Alije Izetbegovića, šta radimo") == []


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("stanuje na ferhadija 5 u sarajevu, sta da radim", "ferhadija 5 u sarajevu"),
        ("stanuje u Titovoj 15 u Mostaru, ne javlja se", "Titovoj 15 u Mostaru"),
        ("zivi na adresi Zmaja od Bosne 44, Sarajevo i ne javlja se", "Zmaja od Bosne 44, Sarajevo"),
        ("adresa mu je titova 7, zenica", "titova 7, zenica"),
    ],
)
def test_the_town_after_street_and_number_is_part_of_the_address(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text)


def test_a_count_after_a_form_of_biti_is_no_address() -> None:
    assert found_kinds("u ulici je bilo 5 u kafani pa su pobjegli") == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("zoran stojanovski je udario konobara", "zoran stojanovski"),
        ("uhapsili smo dragana kovacevskog sa drogom", "dragana kovacevskog"),
        ("goran jovanov nije platio kaznu", "goran jovanov"),
        ("ZORAN STOJANOVSKI vozio pijan", "ZORAN STOJANOVSKI"),
    ],
)
def test_a_ski_or_ov_surname_right_after_a_first_name_is_part_of_the_name(text: str, name: str) -> None:
    assert found_persons(text) == [name]


def test_an_adjective_after_a_first_name_is_no_surname() -> None:
    assert found_persons("marko gradski prevoz ne radi") == ["marko"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("sa tadicem se potukao ispred kafane", "tadicem"),
        ("izjava od brankovica nije potpisana", "brankovica"),
    ],
)
def test_a_declined_ic_surname_after_a_person_preposition_is_a_person(text: str, name: str) -> None:
    assert found_persons(text) == [name]


@pytest.mark.parametrize(
    "text", ["kod granice smo nasli drogu", "kod bolnice smo nasli ranjenog", "sa mladicem iz kafica se potukao"]
)
def test_a_word_after_a_person_preposition_stays(text: str) -> None:
    assert found_persons(text) == [], text


def test_a_capital_at_the_start_is_checked_against_the_dictionary_nouns_only() -> None:
    assert found_persons("Delića smo zatekli kako obija auto") == ["Delića"]  # delić is a word, and a surname
    assert found_persons("Granicu smo zatvorili nakon dojave") == []
    assert found_persons("Lisicu smo zatekli u dvoristu") == []


def test_a_surname_in_anin_beside_a_person_verb_is_a_person() -> None:
    assert found_persons("hodzanin je priveden sinoc") == ["hodzanin"]
    assert found_persons("pretresli smo mujanina") == ["mujanina"]
    for text in ("gradjanin je uhapsen", "muslimanin je napadnut ispred dzamije", "seljanin je prijavio kradju"):
        assert found_persons(text) == [], text  # words of the laws, the dictionaries, a believer


def test_a_declined_ic_word_before_the_officers_infinitive_is_its_object() -> None:
    # after a modal whose subject is the officers (or plural), the -ića before a person verb's infinitive is a
    # masculine object, so someone alive: a feminine -ica noun would be -icu there
    assert found_persons("smijemo li grbica pretresti bez naloga") == ["grbica"]
    assert found_persons("treba mrkica saslusati do petka") == ["mrkica"]  # "petka" a day's case, not Petko
    assert found_persons("moze li lisica uhvatiti kokos") == []  # a singular subject: the fox catches
    assert found_persons("kod vrtica privesti dijete") == []  # after a preposition: a place


def test_a_family_by_its_surnames_plural_before_a_plural_verb() -> None:
    assert found_persons("Lipovčići su se potukli na svadbi") == ["Lipovčići"]
    assert found_persons("Hrastovići prijavili krađu stoke") == ["Hrastovići"]
    for text in ("Prodavačici je prijetio nožem", "po poledici vozio prebrzo", "u Hrastovićima smo zatekli lopova"):
        assert found_persons(text) == [], text  # an -ica noun's dative (a singular verb), a village after "u"


def test_a_surnames_possessive_or_its_word_for_a_woman_of_the_family_is_a_person() -> None:
    # sixth round (dev_writer3): the family's adjective in any case, and the colloquial -ićka
    assert found_persons("auto je ostao u Lipovčićevom dvorištu") == ["Lipovčićevom"]
    assert found_persons("svjedok je Jelićeva snaja iz prizemlja") == ["Jelićeva"]
    assert found_persons("rekla je Hrastovićka da nije vidjela nista") == ["Hrastovićka"]
    assert found_persons("на то је Јелићева кћерка пријавила") == ["Јелићева"]
    for text in ("pločica je pala sa zida", "kućica u dvorištu je obijena", "Slovenka je prijavila kradju"):
        assert found_persons(text) == [], text  # words of the language, a nationality
