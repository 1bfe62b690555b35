"""The twenty-eighth round's classes of form (docs/privacy.md "Twenty-eighth round: dev_writer20 …"): a pet name's
possessive before kin, a first name's possessive before a thing a person owns, a family's plural before "su", a name
corrected after "ne", and a first name that may be a word as the subject of a verb of saying and its "da" clause.
Invented examples, each with the same evidence where it must stay as it was."""

from __future__ import annotations

import pytest

from tests.privacy_helpers import found_kind_names, found_kinds, found_persons

# --- a pet name's possessive before kin, a first name's possessive before a thing owned -------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("a kvarekijeva djevojka je drzala robu, jel i ona odgovara", "kvarekijeva"),  # a pet name in -i: -ijev
        ("zdenkovo oruzje je registrovano na oca, ko je sad vlasnik", "zdenkovo"),  # -ov on a name in -o
        ("a zdenkin auto stoji u dvoristu, smijemo li ga izuzeti", "zdenkin"),  # -in on a name in -a
        ("ok, jagodina firma trazi kopiju zapisnika", "jagodina"),  # after a comma: its clause's start
    ],
)
def test_a_names_possessive_before_kin_or_a_thing_owned_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "natrijev klorid je nadjen u vozilu",  # -ijev on a word (an element), no kin after it
        "bratov auto je ukraden",  # a kin word's possessive
        "a kovacevo oruzje je registrovano",  # a trade's possessive: no first name
        "markov lanac je teorija",  # no thing a person owns after it
        "ukraden je zdenkin telefon",  # not at its clause's start
    ],
)
def test_a_possessive_of_no_name_or_out_of_its_frame_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a family's plural before "su" -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("kvarevici su inace poznati, cijela familija ima dosijee", "kvarevici"),
        ("a brezanovići nisu htjeli otvoriti vrata", "brezanovići"),
    ],
)
def test_a_familys_plural_before_su_is_a_person(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "mladici su pobjegli prema parku",  # a noun of persons in -ić
        "kvarevici kazu da nije bilo nikog",  # no su/nisu after it
        "vidio sam da kvarevici su tu",  # not at its clause's start
    ],
)
def test_a_plural_out_of_the_familys_frame_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a name corrected after "ne" ----------------------------------------------------------------------------------------


def test_a_name_corrected_after_ne_is_a_person() -> None:
    persons = found_persons("Zdenko ne Zdravko, Zdravko Lipić, zet od svjedoka, on je prijetio nozem")
    assert persons[0] == "Zdenko" and "Zdravko Lipić" in persons, persons


@pytest.mark.parametrize(
    "text",
    [
        "Zakon ne Zdravko, Zdravko Lipić odlucuje",  # no first name before "ne"
        "Zdenko ne zna, Zdravko Lipić je vozio",  # no name after "ne"
    ],
)
def test_no_correction_of_a_name_stays(text: str) -> None:
    assert not any(p.startswith(("Zakon", "Zdenko")) for p in found_persons(text)), found_kinds(text)


# --- a first name that may be a word, as the subject of a verb of saying and its "da" clause ---------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("a zora kaze da ne zeli krivicno gonjenje", "zora"),  # dawn: a word, but dawn says nothing
        ("jagoda je rekla da je vidjela vozaca", "jagoda"),
        ("svjedok je tu, ali ruza tvrdi da nije bila kod kuce", "ruza"),
    ],
)
def test_a_first_name_saying_that_is_a_person(text: str, person: str) -> None:
    assert found_persons(text) == [person], found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "zakon kaze da mora biti branilac",  # no first name
        "nema nade kaze da je gotovo",  # not at its clause's start
        "zora kaze sve o tome",  # no "da" clause after the verb
        "u zoru je rekao da ide",  # the name's word governed by a preposition
    ],
)
def test_a_word_before_a_verb_of_saying_out_of_the_frame_stays(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


# --- a first name that may be a word, coordinated with a recognised full name -------------------------------------------


def test_a_first_name_coordinated_with_a_full_name_is_a_person() -> None:
    persons = found_persons("imam dvojicu, zora i zdenko lipić, braća, obojica pijani")
    assert persons == ["zora", "zdenko lipić"], persons


@pytest.mark.parametrize(
    "text",
    [
        "ljudi rade i Zdenko Lipić je tu",  # not at its clause's start: a verb of "ljudi"
        "kaze, zakon i Zdenko Lipić",  # no first name
    ],
)
def test_a_word_before_a_coordinated_full_name_stays(text: str) -> None:
    assert found_persons(text) == ["Zdenko Lipić"], found_kinds(text)


# --- no person: plants said to be planted, a thing by its weight -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "jasmin i ljubica su posadjeni u bastama, kaze da nije marihuana",  # a participle said only of plants
        "Ruža i Jasmin su posađeni u vrtu iza kuće",
        "zlatan lancic od 20 grama otet na ulici, razbojnistvo ili kradja",  # a weight: a thing weighed
    ],
)
def test_plants_planted_and_a_thing_weighed_are_no_person(text: str) -> None:
    assert "PERSON" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("svjedok jasmin je posadjen u auto", "jasmin"),  # a person's word before it
        ("jasmin i ljubica su pretuceni ispred kafica", "jasmin"),  # no participle of plants
        ("zlatan lipić od 80 kila je pobjegao", "zlatan lipić"),  # a surname no word of the dictionaries
    ],
)
def test_a_person_beside_a_plants_participle_or_a_weight_stays(text: str, person: str) -> None:
    assert person in found_persons(text), found_kinds(text)
