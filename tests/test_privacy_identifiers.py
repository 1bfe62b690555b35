"""Numbers in the forms officers dictate or copy: a phone number with its digits in words, a document's serial with
letters and digits interleaved, a date of birth glued to "r." — and the counts and references that look alike."""

import pytest

from tests.privacy_helpers import found_kinds


@pytest.mark.parametrize(
    ("text", "value", "kind"),
    [
        ("zove je sa 062 pet osam jedan nula dva tri, sta da radim", "062 pet osam jedan nula dva tri", "PHONE"),
        (
            "tel nula šest jedan četiri četiri dva sedam osam devet",
            "nula šest jedan četiri četiri dva sedam osam devet",
            "PHONE",
        ),
        ("broj telefona 33 dva jedan pet pet", "33 dva jedan pet pet", "PHONE"),  # after a word for a phone
        # read out in groups of tens and hundreds (062 718 409, 033 562 071)
        (
            "zvala je nula sezdeset dva sedamsto osamnaest cetiri sto devet",
            "nula sezdeset dva sedamsto osamnaest cetiri sto devet",
            "PHONE",
        ),
        (
            "kontakt nula trideset tri, petsto šezdeset dva, nula sedamdeset jedan",
            "nula trideset tri, petsto šezdeset dva, nula sedamdeset jedan",
            "PHONE",
        ),
        ("ima dvije lične, jednu 3KXA7B1M9 lažnu", "3KXA7B1M9", "DOC_NUMBER"),  # letters and digits interleaved
        ("osumnjičeni r.4.11.91 jmbg nepoznat", "4.11.91", "DATE_OF_BIRTH"),  # a birth word glued to the date
        ("turista, born 7 March 1983, pokraden", "7 March 1983", "DATE_OF_BIRTH"),  # English months
        ("rođena 21 May 1979 u Beču", "21 May 1979", "DATE_OF_BIRTH"),
    ],
)
def test_a_dictated_or_glued_number(text: str, value: str, kind: str) -> None:
    assert (value, kind) in found_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "dobio je tri, pet i sedam godina zatvora",  # digits in words, no phone
        "ukradeno je dvjesto pedeset tri hiljade maraka i trideset dva sata",  # amounts in groups, no phone
        "kazna od sto pedeset do trista maraka, rok trideset dana",
        "061 dva puta zvao",  # a prefix and a count
        "kazna od 2 do 5 godina i 1 do 3 mjeseca",
        "uredba ISO9001 i standard EN12345",  # a prefix and a number: not interleaved
        "član 12.3.2024 glasnika",
        "incident 4 March 2024 na granici",  # no birth word: an incident's date, and no street
    ],
)
def test_counts_and_references_stay(text: str) -> None:
    assert found_kinds(text) == []
