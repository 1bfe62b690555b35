"""Masking personal data (kodeks/privacy): what each recogniser finds, placeholders, the `kodeks mask` contract,
and that the law's own words are left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from stdnum import iban
from typer.testing import CliRunner

from kodeks.cli import app
from kodeks.privacy import KINDS, Masked, find, mask

runner = CliRunner()


def kinds(text: str) -> dict[str, str]:
    spans, _ = find(text)
    return {text[s.start : s.end]: s.kind for s in spans}


def test_the_issue_example_masks_every_item_with_typed_placeholders() -> None:
    masked = mask("Marko Marković, JMBG 0101990170001, vozio BMW 123-A-456 pijan")
    assert masked.text == "[OSOBA 1], JMBG [JMBG], vozio BMW [TABLICE] pijan"
    assert [(s.start, s.end, s.kind) for s in masked.spans] == [(0, 14, "PERSON"), (21, 34, "JMBG"), (46, 55, "PLATE")]
    assert masked.unmask("[OSOBA 1] je vozio") == "Marko Marković je vozio"
    assert masked.original.startswith("Marko Marković")


def test_the_same_person_gets_the_same_placeholder_within_a_question() -> None:
    masked = mask("marko markovic je udario anu kovac, a onda je markovic pobjegao; ana je zvala policiju")
    assert masked.text == "[OSOBA 1] je udario [OSOBA 2], a onda je [OSOBA 1] pobjegao; [OSOBA 2] je zvala policiju"


def test_two_people_of_one_surname_get_two_placeholders() -> None:
    """A wife and her husband, two brothers: one placeholder for both would tell Claude one person did both acts, and
    the reply would show one name for the two. A surname alone stays with the first of them; a first name alone
    with its own."""
    masked = mask("prijavila je Ivana Lipić da joj je muž Dario Lipić prijetio, a Dario je već osuđivan")
    assert masked.text == "prijavila je [OSOBA 1] da joj je muž [OSOBA 2] prijetio, a [OSOBA 2] je već osuđivan"
    assert masked.unmask("[OSOBA 2] je prijetio [OSOBA 1]") == "Dario Lipić je prijetio Ivana Lipić"
    same = mask("Dario Lipić je udario komšiju, a onda je Lipić pobjegao")
    assert same.text == "[OSOBA 1] je udario komšiju, a onda je [OSOBA 1] pobjegao"


@pytest.mark.parametrize(
    "text, kind",
    [
        ("jmbg 0101990170002", "JMBG"),  # a typo'd check digit after "jmbg" is still a JMBG
        ("zvao sa 062/123-456", "PHONE"),
        ("+387 61 234 567", "PHONE"),
        ("+381 64 123 4567", "PHONE"),
        ("mail marko.markovic@gmail.com", "EMAIL"),
        ("racun BA39 1290 0794 0102 8494", "IBAN"),
        ("ziro racun 1990440001200279", "IBAN"),
        ("auto A12-E-345", "PLATE"),
        ("a12e345 je parkiran", "PLATE"),
        ("SA 123-456", "PLATE"),
        ("ZG 1234-AB", "PLATE"),
        ("licna karta broj 1E181TKT3", "DOC_NUMBER"),
        ("broj sasije WVWZZZ1JZXW000001", "DOC_NUMBER"),
        ("rodjen 12.03.1985 u Sarajevu", "DATE_OF_BIRTH"),
        ("godiste 1990", "DATE_OF_BIRTH"),
        ("stanuje u ul. Maršala Tita 15", "ADDRESS"),
        ("na adresi Zmaja od Bosne bb", "ADDRESS"),
        ("Марко Марковић је украо", "PERSON"),
        ("udario je Hodžića", "PERSON"),
    ],
)
def test_each_kind_is_recognised_in_the_forms_officers_type(text: str, kind: str) -> None:
    assert kind in kinds(text).values(), kinds(text)


def test_checksums_come_from_the_libraries() -> None:
    assert "BA391290079401028494" in kinds("BA391290079401028494")
    assert "BA391290079401028495" not in kinds("BA391290079401028495")  # bad mod-97: no IBAN
    assert iban.is_valid("BA391290079401028494")


@pytest.mark.parametrize(
    "text",
    [
        "Republika Srpska, Krivični zakon, član 42 stav 2",
        "Službeni glasnik RS, br. 64/17 od 12.07.2017. godine",
        "u roku od 8 dana, kazna od 1.000 do 3.000 KM",
        "mladić je ukrao listić lota u Banjoj Luci",
        "vozio je 150 na sat kroz naselje",
        "nada je da ce doci",
        "kazniće se zatvorom do tri godine",
    ],
)
def test_the_words_of_the_law_and_everyday_words_stay(text: str) -> None:
    assert mask(text).text == text


def test_masking_is_idempotent_and_placeholders_are_never_masked_again() -> None:
    once = mask("Ivan Petrović i Ana Kovač, tel 062 123 456, 065 987 654")
    assert "[TELEFON 1]" in once.text and "[TELEFON 2]" in once.text
    assert mask(once.text).text == once.text
    assert Masked("bez podataka").unmask("[OSOBA 1]") == "[OSOBA 1]"


def test_kodeks_mask_prints_the_masked_text() -> None:
    result = runner.invoke(app, ["mask", "Marko Marković, JMBG 0101990170001"])
    assert result.exit_code == 0 and result.stdout.strip() == "[OSOBA 1], JMBG [JMBG]"


def test_kodeks_mask_jsonl_keeps_the_contract(tmp_path: Path) -> None:
    lines = [{"id": "a", "text": "Marko Marković, JMBG 0101990170001"}, {"id": 7, "text": "član 42 KZ FBiH"}]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    result = runner.invoke(app, ["mask", "--jsonl", str(path)])
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [set(o) for o in out] == [{"id", "masked", "spans"}] * 2
    assert out[0]["id"] == "a" and out[0]["masked"] == "[OSOBA 1], JMBG [JMBG]"
    for o, src in zip(out, lines):
        for span in o["spans"]:
            assert set(span) == {"start", "end", "kind"} and span["kind"] in KINDS
        assert [src["text"][s["start"] : s["end"]] for s in o["spans"]] == (
            ["Marko Marković", "0101990170001"] if o["id"] == "a" else []
        )


def test_kodeks_mask_names_a_bad_line_and_still_prints_the_good_ones(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"id": 1, "text": "tel 062 123 456"}\nnot json\n', encoding="utf-8")
    result = runner.invoke(app, ["mask", "--jsonl", str(path)])
    assert result.exit_code == 1 and "in.jsonl:2" in result.output
    assert json.loads(result.stdout.splitlines()[0])["masked"] == "tel [TELEFON]"
    assert runner.invoke(app, ["mask"]).exit_code == 2


def test_names_only_the_regions_name_dictionary_knows_are_masked_where_they_stand_as_names() -> None:
    """The published name dictionary (gender-guesser's data) adds the region's ~2,000 first names to the
    curated list: one alone, capitalised inside a sentence, is a person; the same word in lower case is not."""
    from kodeks.privacy import lexicon

    assert "savka" in lexicon.first_names() and "savka" not in lexicon.listed_first_names()
    text = "prijavila ga je Savka iz susjedstva"
    assert [text[s.start : s.end] for s in find(text)[0]] == ["Savka"]
    assert mask("juce je zikret hodzic udario komsiju").text.count("[OSOBA") == 1


@pytest.mark.parametrize(
    "text",
    [
        "vojna policija je privela vozača",
        "koja je kazna za krađu",
        "koliko je masa vozila dozvoljena",
        "novo vozilo bez registracije",
    ],
)
def test_everyday_words_the_name_dictionary_lists_stay(text: str) -> None:
    assert find(text)[0] == []
