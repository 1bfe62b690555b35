"""The thirty-first round's classes of form (docs/privacy.md "Thirty-first round: dev_writer22 …"): a business named
after a person without quotes — a surname alone after a business's noun, the words before a legal form, a clinic's
official name before a predicate its person cannot have — is a place, never a PERSON; a town told in the address's own
clause, a street named by an ordinal and words, a village named by a town and a position word are parts of the
address (a village's also after "prebivalište"); a first name no list has, coordinated in lower case with a listed one
before a plural verb of persons, and a name typed in lower case said again as its clause's subject are persons.
Invented examples, each with the same evidence where it must stay as
it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds, found_persons

# --- a business named after a person, without quotes ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pekara Lipić se zapalila u noći, ko je nadležan",  # the noun opens the clause: the bakery is the subject
        "trgovina Brezić je opljačkana jutros",
        "ukradeno je iz pekare Lipić 300 KM",  # an oblique case of the noun, the surname undeclined
        "u prodavnici Kvarić nema kamere",
        "firma Brezić d.o.o. ne plaća radnicima",  # a legal form after the name
        "Lipić d.o.o. nije uplatila doprinose",  # the legal form alone, at the start
        "radnici firme Zdenko Brezić d.o.o. blokirali su cestu",  # a full name before the legal form
        "u Domu zdravlja Omer Lipić je nastala gužva",  # a man's name and a feminine participle: not its subject
        "u Domu zdravlja Omer Lipić je izbila svađa",
    ],
)
def test_a_business_named_after_a_person_is_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("kod pekara Lipića smo našli robu", "Lipića"),  # declined: the baker's genitive, a person
        ("vlasnica pekare Ana Lipić je prijavila krađu", "Ana Lipić"),  # a first name and a surname
        ("u pekari Lipić je udario radnika", "Lipić"),  # a person's verb after the surname, the noun inside the clause
        ("u Domu zdravlja Omer Lipić je udario sestru", "Omer Lipić"),  # the participle agrees: he did it
        ("u Domu zdravlja Omer Lipić je pretučen", "Omer Lipić"),  # a passive: he was beaten there
        ("u domu zdravlja Omer Lipić je nastala gužva", "Omer Lipić"),  # no official name in lower case
        ("u Domu zdravlja Ana Lipić je udarila sestru", "Ana Lipić"),
    ],
)
def test_a_person_beside_a_business_s_noun_stays_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


# --- a town told in the address's own clause, before its cue --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "town", "street"),
    [
        ("u Travniku na adresi Brezova 41 zaplijenjeno je oružje", "Travniku", "Brezova 41"),
        ("pretres u Jajcu na adresi Lipova 7, ko potpisuje", "Jajcu", "Lipova 7"),
        ("stanuje u Travniku, ulica Brezova 3", "Travniku", "Brezova 3"),  # as before: one span with its comma
    ],
)
def test_a_town_before_the_address_s_cue_is_masked_with_it(text: str, town: str, street: str) -> None:
    found = found_kinds(text)
    addresses = [value for value, kind in found if kind == "ADDRESS"]
    assert any(town in a for a in addresses) and any(street in a for a in addresses), found


@pytest.mark.parametrize(
    "text",
    [
        "u Travniku na adresi nema nikoga",  # no street after the cue
        "u Travniku je bila tuča, a na adresi Brezova nikoga",  # no house number
    ],
)
def test_a_town_before_a_cue_without_a_home_stays(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("bio je kod druga Zdenka u Lipovcu, Trg brezova 18", "Lipovcu, Trg brezova 18"),  # the place after its "u"
        ("stanuje u Dolac na Lipi, Brezova 5", "Brezova 5"),  # as before: "Dolac na Lipi" is not cut to "Lipi"
    ],
)
def test_a_place_after_its_own_preposition_after_a_person(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


# --- a street named by an ordinal and words -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("sa prebivalištem u Travniku, Ulica 7. lipove brigade 22, traži", "Travniku, Ulica 7. lipove brigade 22"),
        ("stanuje u Jajcu, Ul. 3. brezove brigade 9", "Jajcu, Ul. 3. brezove brigade 9"),
        ("Ulica 2. bataljona 4, Travnik", "Ulica 2. bataljona 4, Travnik"),
        ("stanuje u Travniku, Ul. 5. korpusa 12", "Travniku, Ul. 5. korpusa 12"),  # one word, as before
    ],
)
def test_a_street_named_by_an_ordinal_and_words_is_not_cut_at_the_ordinal(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "u ulici 5. korpusa ima 12 kuća",  # a count after the name, no number right after it
        "prema članu 5. stava 2 zakona",  # no "ulica" before the ordinal
    ],
)
def test_an_ordinal_without_a_street_s_word_and_number_is_no_address(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- a village named by a town and a position word ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("prebivalište selo Travnik Gornji 112 a boravište drugo", "Travnik Gornji 112"),
        ("u selu Jajce Donje 14 izgorjela je kuća", "Jajce Donje 14"),
        ("pretres u Travnik Srednji 3 sutra", "Travnik Srednji 3"),
    ],
)
def test_a_village_named_by_a_town_and_a_position_word_keeps_the_town(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("Brezova Gornja 12 je adresa", "Brezova Gornja 12"),  # no town before: as the street readers read it
        ("vozio je od Travnik Donji 5 km", None),  # a unit after the number: no home
    ],
)
def test_a_position_word_without_a_town_before_stays_as_it_was(text: str, address: str | None) -> None:
    addresses = [value for value, kind in found_kinds(text) if kind == "ADDRESS"]
    assert addresses == ([address] if address else []), found_kinds(text)


# --- lower-case first names: coordinated with a listed one, repeated as a clause's subject -------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("jagoda i kvarin su ukrali bicikl ispred škole", ["jagoda", "kvarin"]),
        ("kvarin i jagoda ukrali su bicikl", ["kvarin", "jagoda"]),
        ("jagoda i kvarin iz Travnika, Brezova 5 su razbili izlog", ["jagoda", "kvarin"]),  # the address between
    ],
)
def test_an_unlisted_name_coordinated_with_a_listed_one_before_a_plural_verb(text: str, names: list[str]) -> None:
    assert found_persons(text) == names, found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "jagoda i blago su ukradeni",  # a word of the dictionaries, and a passive: things
        "zakon i kvarin su ukrali bicikl",  # no listed first name beside it
    ],
)
def test_a_word_beside_a_name_without_the_frame_stays(text: str) -> None:
    assert "kvarin" not in found_persons(text) and "blago" not in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "repeated"),
    [
        ("jagoda i kvarin su se potukli u kafani, kvarin ima 13 godina", "kvarin"),
        ("jagoda i zora su pretukli komšiju, zora je vlasnica radnje", "zora"),  # a name that is a word, too
        ("jagoda i kvarin su pobjegli, a kvarin nema dokumente", "kvarin"),
    ],
)
def test_a_lower_case_name_said_again_as_its_clause_s_subject_is_that_person(text: str, repeated: str) -> None:
    assert found_persons(text).count(repeated) == 2, found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "jagoda i zora su pretukli komšiju u zoru, zoru je vidio svjedok",  # another form: "zoru" is no repeat
        "u zoru je pala kiša, zora je bila hladna",  # never named as a person in the message
    ],
)
def test_a_word_repeated_without_a_person_named_by_it_or_its_frame_stays(text: str) -> None:
    persons = found_persons(text)
    assert "zoru" not in persons and persons.count("zora") <= 1, found_kinds(text)
