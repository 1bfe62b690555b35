"""The thirty-third round (docs/privacy.md "Thirty-third round: …"): false masks on text without personal data. A word in
lower case right after a word for a person was read as a declined -ić surname by its ending alone ("-icu", "-icom"); a
case of a feminine -ica noun of the dictionaries (a tool, a box, a bag) there is the thing given, taken or used, not the
person's surname. Invented examples, each with the same evidence where the name must stay masked."""

from __future__ import annotations

import pytest

from kodeks.privacy import masker

# --- a case of a dictionary -ica noun after a word for a person: no surname ---------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "prodao je komsiji brusilicu za 50 KM",  # the accusative of brusilica after a dative person word
        "komsiji kutijicu ostavio pred vratima",
        "vozacu kasicu uzeli na pumpi",
        "svjedok je vidio da je osumnjiceni torbicom udario",  # the instrumental of torbica
        "oštećeni kasicu nije vidio",
    ],
)
def test_a_dictionary_ica_noun_after_a_person_word_is_no_surname(text: str) -> None:
    assert masker.mask(text).text == text


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("osumnjiceni hodzica je pobjegao", "osumnjiceni [OSOBA 1] je pobjegao"),  # -ica: the surname's genitive too
        ("svjedok brankovica je pobjegao", "svjedok [OSOBA 1] je pobjegao"),  # no dictionary word
        ("osumnjiceni hodzicem", "osumnjiceni [OSOBA 1]"),  # -icem: the surname's instrumental only
        ("osumnjiceni mehicu je prijetio", "osumnjiceni [OSOBA 1] je prijetio"),  # no -ica noun of the dictionaries
        ("komsiji mehicu je prijetio", "komsiji [OSOBA 1] je prijetio"),
        ("harisa hodzicu je udario", "[OSOBA 1] je udario"),  # a first name beside it stays evidence enough
    ],
)
def test_a_declined_ic_surname_after_a_person_word_stays_masked(text: str, masked: str) -> None:
    assert masker.mask(text).text == masked
