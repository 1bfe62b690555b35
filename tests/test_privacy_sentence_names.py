"""Names that only the sentence shows (a verb after a weak first name at a sentence's start, a nickname cue after
it, "i" and another name beside it, a hyphenated first name, an e-mail right after it), and capitalised words that
are places or peoples, not persons (a café's or hotel's name, a mountain shaped like a surname, a first name's
possessive naming a place, a nationality, a diminutive of the dictionary, a border crossing)."""

import pytest

from tests.privacy_helpers import found_kinds, found_persons


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        ("Sanja prodaje drogu ispred skole", ["Sanja"]),  # a name that is also a word, before its verb
        ("Zlata tvrdi da joj je muž prijetio", ["Zlata"]),
        ("Muhidin iz Lipove 5 prijeti komšijama", ["Muhidin"]),  # a name only the dictionary has, "iz" an address
        ("hamdija zvani hamdo bacio bombu", ["hamdija", "hamdo"]),  # before a nickname cue
        ("ibro i huso ukrali ovce", ["ibro", "huso"]),  # two weak names joined by "i", then their verb
        ("suljo i hamdo su ukrali ovce", ["suljo", "hamdo"]),  # a listed name and a weak one
        ("Ana-Marija Kovač prijavila prevaru", ["Ana-Marija Kovač"]),  # a hyphenated first name
        ("Nermina nermina.k@gmail.com 061/123-456 prijavila prevaru", ["Nermina"]),  # the e-mail right after her
        ("Emina prodala auto bez papira", ["Emina"]),  # "prodala" is her verb, no surname
        ("u kaficu tarik kos razbio case", ["tarik kos"]),  # lower case after a café: a person, the subject
        ("u kafiću Mirza je udario konobara", ["Mirza"]),
        ("Kurtovic Cvijetin mi salje prijetnje", ["Kurtovic Cvijetin"]),  # -in after a surname: a first name
        ("prijavila je delic da joj prijeti", ["delic"]),  # a diminutive's shape beside a person verb: a surname
        ("vlasnica kafića Ana Kovač, prijavila krađu", ["Ana Kovač"]),  # a first name and a surname after a café
        ("muhidin prodaje drogu kod skole", ["muhidin"]),  # lower case: a dictionary-only name before a listed verb
        ("hamdija je udario komsiju", ["hamdija"]),
        ("stjepan vrana i luka vrana su braca", ["stjepan vrana", "luka vrana"]),  # the same surname again
        ("Tomasz je udario konobara", ["Tomasz"]),  # a foreigner's first name (Poland) before a verb
        ("Ahmet Demirtas nema vizu ni pasos", ["Ahmet Demirtas"]),  # a foreigner's name and surname at the start
        ("Klaus Fischer nije imao tahograf", ["Klaus Fischer"]),
        ('onaj "Bimbo" ponovo prodaje travu', ["Bimbo"]),  # a nickname in quotes before its verb
        ("klinac „Zeko“ stalno krade bicikle", ["Zeko"]),
    ],
)
def test_a_name_the_sentence_shows(text: str, persons: list[str]) -> None:
    assert found_persons(text) == persons


@pytest.mark.parametrize(
    "text",
    [
        "tuča u kafiću Sanja kod stadiona",  # a café's name
        "sudar ispred Hotela Europa, dvoje povrijeđenih",
        "planinar nestao na Magliću, spasioci na terenu",  # a mountain shaped like a surname
        "sastanak u Marijinom Dvoru, krađa novčanika",  # a first name's possessive naming a place
        "vozač Nijemac pobjegao sa lica mjesta",  # a nationality
        "turista Francuz prijavio krađu",
        "ukrao zvoncic sa vrata",  # a diminutive of the dictionary after a verb of things
        "osudjenik izvadio nozic i prijetio",
        "Niko ne zna gdje je",  # a pronoun the name dictionary has
        "na prelazu Gradić u kamionu nasli oružje",  # a border crossing
        "mati ostavila dijete samo u stanu",  # a name's case form that is a word ("mati")
        "rado bi pomogao policiji",
        "dana 12. marta je uhapšen na granici",  # a month after a day's number, not Marta
        "Jasna pravila postoje za to",  # a listed name before a noun of the laws shaped like a participle
        "policija Banja Luka uhapsila dilera",  # a town's name before a verb
        "svjedok kaze da je nada umrla",  # lower case, a word of the dictionaries
        "Koji Zakon kaže nešto o tome",  # capitalised words of the laws at a sentence's start
        "Zadaci Savjeta su propisani",  # a heading of the laws
        "roba sa Kosova i iz Albanije bez deklaracije",  # countries that are foreigners' first names
        "udario ga je šakom u glavu",  # a foreigner's name in another case and lower case is a word here
        "nije prijavio carini robu",
        'vozio je "Golf" bez tablica',  # quoted words with no verb of a person after them
        'kafana "Lira" je bila puna',
        'na vratima pise "Zabranjeno" za strance',
    ],
)
def test_places_peoples_and_words_are_no_persons(text: str) -> None:
    assert found_kinds(text) == []
