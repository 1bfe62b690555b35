"""The nineteenth round's classes of form (docs/privacy.md "Nineteenth round: dev_writer14, names typed lowercase"): a
first name in lower case that only its frame shows to be someone — in its kin word's case after a kinship noun, or
after the kin word and "od"; two first names' nominatives joined by "i" before a plural verb; an oblique case that only
a name has after a preposition a person follows; an oblique case put first before the officers' auxiliary and a verb
done to a person; a nominative that is no word at all before a past participle; a name before "rođena" and a date, a
comma from a JMBG, a lower-case nickname in quotes, a foreigner's name before a nationality — and two look-alike shapes (a name
that is an adjective at a sentence's start, a court's case number). Invented examples (none of a set's words or
names), each with the common words of the language that must stay unmasked beside the same evidence."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_persons

# --- a first name in its kin word's case --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("razgovarali smo sa sestrom jagodom o tome", "jagodom"),  # instrumental after instrumental
        ("poziv je dat baki rakiti telefonom", "rakiti"),  # dative after dative, a word of the dictionaries
        ("brat javor je udario komsiju", "javor"),  # nominative after nominative
        ("kcerka od jagode ima 14 godina", "jagode"),  # the kin word, "od" and the name's genitive
        ("ujak od aldine je vlasnik auta", "aldine"),
    ],
)
def test_a_first_name_in_its_kin_words_case_is_that_person(text: str, person: str) -> None:
    assert person in found_persons(text)


@pytest.mark.parametrize(
    "text",
    [
        "brat blizanac je dosao na saslusanje",  # a noun in apposition to kin, no first name
        "sin jedinac zivi sa majkom",
        "majka nada kaže da ga nema",  # a nominative that is a word of the laws in some case: hope
        "otac pravo ima na kontakt",  # no first name
        "bio je kod nane u selu",  # the grandmother, no Nana
        "sestra od majke je dosla",  # a kin word after "od", no name
    ],
)
def test_no_name_after_a_kin_word_without_a_first_names_form(text: str) -> None:
    assert found_persons(text) == [], text


# --- two first names joined by "i" before a plural verb -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("jadran i neven odnijeli bicikl ispred skole", ["jadran", "neven"]),
        ("jadran i neven tamo prodaju drogu", ["jadran", "neven"]),
    ],
)
def test_two_first_names_before_a_plural_verb_are_two_people(text: str, names: list[str]) -> None:
    found = found_persons(text)
    assert all(n in " ".join(found) for n in names), found


@pytest.mark.parametrize(
    "text",
    [
        "sreca i cast su svetinja",  # no plural verb of persons after two words
        "jadran i neven",  # no verb
        "kruh i mlijeko prodaju u prodavnici",  # no first names
    ],
)
def test_no_pair_of_names_without_two_names_and_a_plural_verb(text: str) -> None:
    assert not any(
        w in " ".join(found_persons(text)) for w in ("sreca", "cast", "jadran", "neven", "kruh", "mlijeko")
    ), text


# --- an oblique case only a name has, after a preposition a person follows --------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("uzeli smo izjavu od aldine bez advokata", "aldine"),
        ("auto u vlasnistvu nisveta je odvezen", "nisveta"),
        ("kolega pita za borivoja, je li pusten", "borivoja"),
    ],
)
def test_an_oblique_case_only_a_name_has_after_a_person_preposition(text: str, person: str) -> None:
    assert person in found_persons(text)


@pytest.mark.parametrize(
    "text",
    [
        "kod granice smo ga zaustavili",  # a word of the laws
        "od rakite do kuce ima 5 km",  # a willow: a word of the dictionaries
        "za ruze i cvijece nema kazne",  # a flower's plural
        "prema nacelniku smo uputili dopis",
    ],
)
def test_no_name_after_a_person_preposition_where_the_form_is_a_word(text: str) -> None:
    assert found_persons(text) == [], text


# --- an oblique case put first before the officers' auxiliary and a person verb ---------------------------------------


def test_a_lower_case_oblique_name_put_first_is_the_object() -> None:
    assert found_persons("valentina smo priveli u stanicu") == ["valentina"]
    for text in ("vuka smo vidjeli u sumi", "granica smo prijavili", "medvjeda smo zatekli"):
        assert found_persons(text) == [], text


# --- a nominative that is no word at all before a past participle -----------------------------------------------------


def test_a_nominative_that_is_no_word_before_a_participle() -> None:
    assert "valentin" in found_persons("sa tog racuna je valentin placao robu")
    for text in ("sa tog racuna je novac placen", "kruh je prodao"):
        assert found_persons(text) == [], text


# --- look-alikes -------------------------------------------------------------------------------------------------------


def test_a_court_case_number_is_no_phone() -> None:
    assert found_kind_names("predmet 12 3 K 012345 25 K je zakazan, sta to znaci") == []
    assert found_kind_names("predmet Kž 12, zovi 033 445 566 za informacije") == ["PHONE"]


# --- the owner after "u vlasništvu", a name a comma from a JMBG, a lower-case nickname in quotes ----------------------


def test_the_owners_genitive_after_u_vlasnistvu() -> None:
    assert found_persons("auto u vlasnistvu nisveta je odvezen") == ["nisveta"]
    assert found_persons("auto u vlasnistvu firme je odvezen") == []


def test_a_first_name_a_comma_from_a_jmbg() -> None:
    assert "borivoj" in found_persons("borivoj, 0101990170001, uhvacen sa drogom")
    assert "valentin" in found_persons("jmbg 01.01.990.17.000.1, valentin, a u lk pise drugi datum")
    assert found_persons("jmbg 0101990170001, pravo, a u lk pise drugi datum") == []  # a word, no name


def test_a_lower_case_nickname_in_quotes_after_a_name() -> None:
    assert found_persons('prijava za nisveta "kicko" koji je zapalio stalu') == ["nisveta", "kicko"]
    assert found_persons('uhapsen mirsad lipic "pijan" kod kuce') == ["mirsad lipic"]  # a word of the language


def test_a_foreigners_name_in_lower_case_before_a_nationality() -> None:
    assert found_persons("thomas mueller nijemac udario biciklistu") == ["thomas mueller"]
    assert found_persons("tim rus je pobijedio") == []  # no foreigner's name before the noun


def test_a_first_name_right_before_born_and_a_date() -> None:
    assert found_persons("jagoda rodjena 12.03.1991 nestala iz doma") == [
        "jagoda"
    ]  # a fruit, and a name: born that day
    for text in ("ideja rodjena 2020. godine", "malina rodjena 3.4.2015 pobjegla", "jagoda rodjena u selu"):
        assert found_persons(text) == [], text
