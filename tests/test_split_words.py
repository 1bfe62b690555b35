"""Words split by text extraction, joined again at ingest (retrieval.ingest.split_words) — generated texts,
and the real kz-brcko.txt / clean codes from ../shared/laws (parsing only, nothing is embedded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.ingest.sources import LawInfo, extract_text, read_source
from retrieval.ingest.split_words import MIN_EVIDENCE, describe, repair_split_words

LAWS = Path(__file__).resolve().parents[2] / "shared" / "laws"
needs_laws = pytest.mark.skipif(not (LAWS / "README.md").exists(), reason="../shared/laws is not available")

BASE = [
    "Krivičnog zakona Brčko distrikta primjenjuje se na učinioca krivičnog djela.",
    "Kazna zatvora se izriče za krivično djelo iz ovog zakona, a kazna zatvora traje.",
]


def test_two_fragments_that_make_a_word_of_the_law_are_joined() -> None:
    lines, joins = repair_split_words([*BASE, "Odredbe Krivi čnog zakona se primjenjuju, kaz na zat vora"])
    # "kaz na": "na" stands alone (a function word), so only a file that shows splitting joins it.
    assert lines[-1] == "Odredbe Krivičnog zakona se primjenjuju, kaz na zatvora"
    assert [(j.before, j.after) for j in joins] == [("Krivi čnog", "Krivičnog"), ("zat vora", "zatvora")]


def test_two_words_that_stand_alone_are_never_joined() -> None:
    # "ko je" / "koje", "u pravnom" / "upravnom", "da je" / "daje": both halves are words of their own.
    text = BASE + ["Lice koje je u pravnom licu odgovorno, ko je odgovoran i da je daje", "upravnom odboru koje"] * 3
    lines, joins = repair_split_words(text)
    assert joins == [] and lines == text


def test_a_join_less_frequent_than_the_pair_is_not_made() -> None:
    # "novčano kažnjen" side by side 3 times, "novčanokažnjen" once (a typo elsewhere): keep the pair.
    text = BASE + ["bit će novčano kažnjen"] * 3 + ["novčanokažnjen"]
    assert repair_split_words(text)[1] == []


def test_a_word_and_a_fragment_are_joined_only_in_a_file_that_was_split() -> None:
    word_and_fragment = "opći dio krivičnog zakon odavstva"
    clean = BASE * 5 + ["zakon je zakon", "zakon vrijedi"] + ["krivičnog zakonodavstva"] * 2 + [word_and_fragment]
    assert repair_split_words(clean)[1] == []  # one odd pair in a clean text: left as it is
    split = clean + [f"kaz na {i} zat vora, Krivi čnog" for i in range(MIN_EVIDENCE // 2)]  # two fragments a line
    lines, joins = repair_split_words(split)
    assert "opći dio krivičnog zakonodavstva" in lines
    assert any(j.after == "zakonodavstva" for j in joins)


def test_headings_in_spaced_capitals_and_glued_tokens_stay() -> None:
    text = BASE + ["K A Z N E", "KAZNE", "kazne", "Brčko-distrikt kaz-na 2a"] * 2
    assert repair_split_words(text)[1] == []


def test_the_report_names_count_and_examples() -> None:
    _, joins = repair_split_words([*BASE, "Krivi čnog zakona", "zat vora"])
    assert describe(joins).startswith("repaired 2 word(s) split by text extraction (e.g. 'Krivi čnog' → 'Krivičnog'")


@needs_laws
def test_kz_brcko_is_repaired_and_reported() -> None:
    articles, problems = read_source(LAWS / "kz-brcko.txt", LawInfo("KZ BD", "", "BD"))
    report = [str(p) for p in problems if "split by text extraction" in str(p)]
    assert report and int(report[0].split("repaired ")[1].split()[0]) > 1000
    titles = {a.article: a.title for a in articles}
    assert titles["19"] == "Tok i prekid zastare izvršenja kazne i mjera sigurnosti"  # was "sigurn osti"
    text = " ".join(a.text for a in articles)
    assert "Krivi čnog" not in text and "krivičnog zakonodavstva" in text


@needs_laws
@pytest.mark.parametrize("name", ["kz-rs.txt", "kz-bih.txt", "ustav-bih.txt", "zakon-o-advokaturi-fbih.md"])
def test_clean_codes_get_no_joins(name: str) -> None:
    lines = extract_text(LAWS / name).split("\n")
    assert repair_split_words(lines)[1] == []
