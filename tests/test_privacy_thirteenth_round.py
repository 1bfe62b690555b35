"""The thirteenth round's classes of form (bench/masking/dev_writer9.jsonl, a tuning set; docs/privacy.md "Thirteenth
round"): an institution's landline, a facility's or a business's name, a road's designation, a foreign plate that
begins with its digits, nicknames in quotes, initials with a digraph or a hyphen, a surname's particle, a year of
birth in apposition, an age said in words, adjective-shaped names, a street opened by its street word or placed at
someone's own home, and places shaped like people. Invented examples (none of the set's words or names), each with
the look-alikes that must stay as they were."""

from __future__ import annotations

import pytest

from kodeks.privacy import mask
from tests.privacy_helpers import found_kind_names, found_kinds, found_persons

# --- an institution's landline -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Zvao sam PS Stari Grad na 033 111 222, niko se ne javlja.",
        "Za CZSR Lipa zvati 035 222 333 tokom radnog vremena.",
        "Dom zdravlja nas je zvao sa 032 444 555 zbog pacijenta.",
        "Tuzla, dežurna 035 666 777: prijava buke.",
    ],
)
def test_an_institutions_landline_stays(text: str) -> None:
    assert "PHONE" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Zvao sam PS Stari Grad na 061 111 222, niko se ne javlja.",  # a mobile number: may be anyone's
        "PS Centar, komandir Ivo na 033 111 222 ne odgovara.",  # a person between
        "Komšija me zvao sa 033 111 222 i prijetio.",  # no institution
        "Zvao sam PS Centar, Ivo Lipić na 033 111 222.",  # a person's name between
    ],
)
def test_a_phone_that_may_be_a_persons_stays_masked(text: str) -> None:
    assert "PHONE" in found_kind_names(text), found_kinds(text)


# --- a facility's place and a business's name ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Na GP Brezovac zaustavljen je kombi sa 9 migranata.",
        "Iz TRC Jasenica prijavljena tuča među migrantima.",
        "Ing. Lipić, vlasnik firme „Hrastić gradnja“ d.o.o., prijavio je krađu alata.",
        "Kafić „Kod Senada“ prijavio je razbijeni izlog.",
        "Pekara „Kod Envera“ zvala zbog lažnog novca.",
    ],
)
def test_a_facilitys_place_or_a_business_is_no_person(text: str) -> None:
    persons = found_persons(text)
    assert not any(p in ("Brezovac", "Jasenica", "Hrastić gradnja", "Senada", "Envera") for p in persons), persons


@pytest.mark.parametrize("text", ["Dežurni u PS Marko Lipić je priveden.", "Na GP Marko Lipić je zaustavljen."])
def test_a_full_name_after_an_abbreviation_stays_a_person(text: str) -> None:
    assert found_persons(text) == ["Marko Lipić"], found_persons(text)


def test_a_name_in_quotes_without_a_business_word_is_read_as_before() -> None:
    persons = found_persons('Marko "Crni" Lipić je pobjegao.')
    assert persons and "Lipić" in persons[0], persons


# --- a road's designation; a foreign plate beginning with its digits ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Uviđaj na M-4 kod Lipe, kamion je sletio u rijeku.",
        "Vozač je udario u bankinu na R-123, auto je uništen.",
        "Na E-73 je gužva, autobus stoji.",
    ],
)
def test_a_roads_designation_is_no_plate(text: str) -> None:
    assert "PLATE" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "plate"),
    [
        ("Holandski auto, tablice 47-KLM-3, parkiran na trotoaru.", "47-KLM-3"),
        ("Vozač kamiona Ivo Lipić, 06 ABC 123, pobjegao sa granice.", "06 ABC 123"),
        ("Francuski auto 123-AB-45 stoji ispred kuće.", "123-AB-45"),
    ],
)
def test_a_foreign_plate_beginning_with_digits_is_masked(text: str, plate: str) -> None:
    assert (plate, "PLATE") in found_kinds(text), found_kinds(text)


@pytest.mark.parametrize("text", ["Platio je 3 KM 50 za auto.", "Auto je star 12 godina."])
def test_no_plate_without_the_shape(text: str) -> None:
    assert "PLATE" not in found_kind_names(text), found_kinds(text)


# --- nicknames in quotes --------------------------------------------------------------------------------------------


def test_a_nickname_between_first_name_and_surname_is_one_person() -> None:
    masked = mask("Na pijaci je Ivo «Ićo» Brezar prodavao duhan.").text
    assert masked == "Na pijaci je [OSOBA 1] prodavao duhan.", masked


@pytest.mark.parametrize(
    "text",
    [
        "Svi kažu da stoji „Škorpion“, a to je Ivo Lipić koji je izašao iz zatvora.",
        'Tip kojeg zovu "Jazavac", pravim imenom Ivo Lipić, udario je konobara.',
    ],
)
def test_a_nickname_tied_to_a_person_gets_the_persons_placeholder(text: str) -> None:
    masked = mask(text).text
    assert "Škorpion" not in masked and "Jazavac" not in masked and masked.count("[OSOBA 1]") == 2, masked


def test_a_nickname_after_a_naming_verb_is_a_person() -> None:
    assert found_persons("Svi ga zovu „Jazavac“ i prodaje travu ispred škole.") == ["Jazavac"]


@pytest.mark.parametrize(
    "text",
    [
        "Kafić se zove „Lipa“? Pitam za radno vrijeme.",  # no naming verb of people, no person after
        "Film „Jazavac“ je prikazan u školi.",
        "Pjesma „Škorpion“, a to je bio hit, svirala je do jutra.",  # no person after the tie
    ],
)
def test_quotes_without_a_person_tie_stay(text: str) -> None:
    persons = found_persons(text)
    assert "Jazavac" not in persons and "Škorpion" not in persons, persons


# --- initials -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ('Iz poruke: "Lj. Lipić mi duguje novac"', "Lj. Lipić"),
        ("Prijavio je Nj. Brezić da mu prijete.", "Nj. Brezić"),
        ("Svjedokinja K. L.-M. traži zaštitu identiteta.", "K. L.-M."),
    ],
)
def test_initials_with_a_digraph_or_a_hyphen_belong_to_the_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)


def test_a_hyphen_after_a_word_is_not_an_initial() -> None:
    assert found_persons("Prijava je stigla od K. L. - M. je već otišao.")[0] == "K. L."


# --- a surname's particle; a year of birth in apposition; an age in words --------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Kamper Jeroen van der Lipa, tablice 12-ABC-3, kampuje kraj rijeke.", "Jeroen van der Lipa"),
        ("Turista Hendrik de Vroom je ostao bez pasoša.", "Hendrik de Vroom"),
    ],
)
def test_a_surname_with_its_particle_is_one_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)


def test_a_word_of_the_language_is_no_particle() -> None:
    assert "Marko da" not in " ".join(found_persons("Čekali smo Marka da Ivan dođe."))


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("Zaustavili smo K.L., 1996. god., bez vozačke.", "1996"),
        ("Priveden Ivo Lipić, 1987. godište, zbog tuče.", "1987"),
    ],
)
def test_a_year_in_apposition_after_a_person_is_a_date_of_birth(text: str, year: str) -> None:
    assert any(v.rstrip(".") == year and k == "DATE_OF_BIRTH" for v, k in found_kinds(text)), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Ivo Lipić, 2019. god. je osuđen za krađu.",  # the sentence goes on: a year of an event
        "Zakon, 1998. god., je donesen u parlamentu.",  # no person
        "Ivo Lipić, 2023. god., vozio je bez dozvole.",  # too recent for a birth
    ],
)
def test_other_years_stay(text: str) -> None:
    assert "DATE_OF_BIRTH" not in found_kind_names(text), found_kinds(text)


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Majka sa djecom, najstarije Ali star četiri godine, spavala je u parku.", "Ali"),
        ("Kćerka Lea stara osam mjeseci je bolesna.", "Lea"),
    ],
)
def test_a_name_before_an_age_in_words_is_a_person(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)


def test_another_word_before_an_age_stays() -> None:
    assert found_persons("Na ulazu u Most star 400 godina je pukotina.") == []


# --- adjective-shaped names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Nađen je pasoš na ime Youssef Brezani. Šta dalje?", "Youssef Brezani"),
        ("Opet dolazi onaj Brasko sa drugog sprata.", "Brasko"),
        ("Vesna Zlopaka tvrdi da joj je komšija uzeo drva.", "Vesna Zlopaka"),
    ],
)
def test_adjective_shaped_names_with_their_evidence(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)


@pytest.mark.parametrize(
    "text",
    [
        "Marko je pročitao da je taj Ustavno … nejasno.",
        "Vesna Zlopaka je pala.",  # no verb of saying: read as before
        "Onaj zakon je nejasan.",
    ],
)
def test_adjectives_and_words_stay(text: str) -> None:
    persons = found_persons(text)
    assert "Ustavno" not in persons and "Vesna Zlopaka" not in persons, persons


def test_a_case_form_of_a_word_of_the_laws_is_no_lower_case_name() -> None:
    assert "stana" not in found_persons("gđa Lipić iz trećeg stana kaže da joj komšija baca smeće.")


# --- streets opened by their word, or at someone's own home ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "street"),
    [
        ("ja sam Ana Lipić iz Lipe Aleja Brezova 12 komšija mi pali gume", "Aleja Brezova 12"),
        ("stalno stoji ispred moje zgrade u Jasenovih staza 9. Je li to proganjanje?", "Jasenovih staza 9"),
        ("Parkira ispred naše kuće na Hrastovim brdima 4 svaki dan.", "Hrastovim brdima 4"),
    ],
)
def test_a_street_after_its_word_or_at_ones_own_home_is_an_address(text: str, street: str) -> None:
    assert any(street in value for value, kind in found_kinds(text) if kind == "ADDRESS"), found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "Bulevar Lipa 5 godina nije popravljen.",  # a count after the number
        "na Trgu Lipa 3 osobe su povrijeđene",  # a square: where people gather
        "ispred moje zgrade u Lipi 3 dana stoji auto",  # a count
    ],
)
def test_no_address_without_a_house_number(text: str) -> None:
    assert "ADDRESS" not in found_kind_names(text), found_kinds(text)


# --- places shaped like people -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Osumnjičen je Ivo Lipić iz Brezovića, a prijavu je dao komšija.",
        "Na raskrsnici Lipove i Hrastićeve semafor ne radi.",
        "Bosna i Drina su nabujale, most je zatvoren.",
    ],
)
def test_places_shaped_like_people_are_no_persons(text: str) -> None:
    persons = found_persons(text)
    assert not any(p in ("Brezovića", "Hrastićeve", "Drina") for p in persons), persons


@pytest.mark.parametrize(
    ("text", "person"),
    [
        ("Hrastićeve kćerke su pobjegle od kuće.", "Hrastićeve"),  # a possessive beside its noun: a person's
        ("Dobio je pismo iz Marka Lipića ruku.", "Marka Lipića"),  # a full name after "iz"
        ("Ana i Drina Lipić su došle.", "Drina Lipić"),  # a surname after it
    ],
)
def test_the_same_words_as_people_stay_masked(text: str, person: str) -> None:
    assert person in found_persons(text), found_persons(text)
