"""The eighteenth round's classes of form (docs/privacy.md "Eighteenth round: declined lowercase names with a governing
verb"): a lone first name in lower case in a case that only a person takes beside the word governing it — a woman's
dative after a verb of telling or giving, a first name's genitive after kod/od where the clause places something in a
dwelling — a declined -ić after kod/od owning a dwelling, a declined -ić put first before a person-noun subject and its
person verb, and a woman's surname in -o after her declined first name. Invented examples (none of a set's words or
names), each with the common words of the language that must stay unmasked beside the same evidence."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_persons

# --- a woman's dative after a verb of telling or giving --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("dragan je rekao mirni da ce je naci", "mirni"),
        ("dali smo poziv lejli da dodje u stanicu", "lejli"),
        ("oduzeli smo mobitel senadi dok je vozila", "senadi"),
        ("prijetio je amri preko telefona", "amri"),
    ],
)
def test_a_womans_dative_after_a_verb_of_telling_or_giving_is_her(text: str, person: str) -> None:
    assert person in found_persons(text)


@pytest.mark.parametrize(
    "text",
    [
        "rekao je slavi da je kraj",  # "slava": an everyday word's dative right after the verb
        "rekao je majci da ce doci",  # no first name's form
        "dali smo poziv na broj",  # no dative at all
        "dali li je mirni dozvoljeno",  # "dali" = "da li", no auxiliary after it: no verb of giving
        "vidjeli smo mirni dan",  # no verb of telling or giving
    ],
)
def test_no_dative_of_a_name_without_its_verb(text: str) -> None:
    assert found_persons(text) == []


def test_an_everyday_form_counts_only_with_the_thing_given_between() -> None:
    # "iva" is a willow: right after the verb its dative may be meant, not with the phone taken between
    assert found_persons("oduzeli smo telefon ivi dok je spavala") == ["ivi"]
    assert found_persons("rekao je ivi") == []


# --- a first name's genitive after kod/od that owns a dwelling -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("kod ive smo nasli pistolj u stanu", "ive"),
        ("kod amre u kuci je bila zabava", "amre"),
        ("od senade u stanu smo uzeli laptop", "senade"),
    ],
)
def test_a_first_names_genitive_that_owns_a_dwelling_is_the_person(text: str, person: str) -> None:
    assert found_persons(text) == [person]


@pytest.mark.parametrize(
    "text",
    [
        "kod ive smo nasli pistolj",  # the willow: no dwelling in the clause
        "kod granice u kuci nema nikog",  # no first name's form
        "kod ive, u stanu je nasao",  # the comma ends the clause
    ],
)
def test_no_genitive_of_a_name_without_a_dwelling(text: str) -> None:
    assert found_persons(text) == []


# --- a declined -ić after kod/od that owns a dwelling ----------------------------------------------------------------


def test_a_declined_ic_owning_a_dwelling_is_a_person_though_the_dictionary_has_the_ic_word() -> None:
    # "barbić" is a word of the dictionaries (a thing); the owner of a flat is someone
    assert found_persons("kod barbica u stanu nasli municiju") == ["barbica"]


@pytest.mark.parametrize(
    "text",
    [
        "kod bratica u stanu nasli municiju",  # a cousin: a noun of the language for a person
        "kod prijateljica u stanu smo nasli",  # the genitive plural of an -ica noun
        "kod vrtica u stanu",  # a kindergarten, as before
    ],
)
def test_no_owner_in_the_languages_ic_and_ica_nouns(text: str) -> None:
    assert found_persons(text) == []


# --- a declined -ić put first before a person-noun subject -----------------------------------------------------------


def test_a_fronted_ic_before_a_person_noun_subject_and_its_verb_is_the_object() -> None:
    assert found_persons("brezica je svjedok prijavio za krađu") == []  # "brezica": a small birch, a word
    assert found_persons("lendica je komsija prijavio za prijetnje") == ["lendica"]
    assert found_persons("granica je komsija prijavio") == []  # a word of the laws


# --- a woman's surname in -o after her declined first name ------------------------------------------------------------


def test_a_womans_surname_in_o_keeps_its_nominative_after_her_declined_name() -> None:
    assert found_persons("od amre lendo smo uzeli izjavu") == ["amre lendo"]
    assert found_persons("od amre dugo nismo culi") == ["amre"]  # an adverb
    assert found_persons("od amre kristo smo uzeli") == ["amre"]  # a word no name is (not_names.txt)
