"""Every real law file in ../shared/laws parses to the articles in force its README row states.

Parsing only (no embedding): each file is read once per session. Skipped cleanly when ../shared is
absent; tests/test_splitting.py covers each quirk on generated text for CI.

Where the README's hand count and the parser disagree, the difference was checked in the file itself
and is listed in README_DIFFERENCES with the articles it concerns and why the parser is right; the
test asserts the README count plus exactly that difference, so any other change still fails.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from retrieval.ingest.headings import is_chapter_line
from retrieval.ingest.split_check import token_overlap
from tests.real_laws import LAWS, read_real

pytestmark = pytest.mark.skipif(not (LAWS / "README.md").exists(), reason="../shared/laws is not available")

# file → (difference to the README count, the articles concerned, why)
README_DIFFERENCES: dict[str, tuple[int, str]] = {
    "kz-bih.txt": (
        +5,
        "'Član 155. a)', 'Član 162.a', 'Član 193. a)/b)/c)' are articles of their own (own titles); "
        "the README count, like kz_bih.corpus.jsonl, merges them into 155, 162 and 193",
    ),
    "kz-brcko.txt": (+1, "article 129 is headed 'Članak 129', which the README count (only 'Član N') missed"),
    "hr-zakon-o-policijskim-poslovima-i-ovlastima.md": (-1, "article 11.f reads only 'Brisan.': deleted, not in force"),
    "sr-cyr-zakon-o-bezbednosti-saobracaja-na-putevima.txt": (
        -7,
        "19, 115, 156, 243, 244, 245 ('Престао је да важи', "
        "'Брисан је') and the range heading 'Члан 312-313.' are deleted; the README counted them",
    ),
    "sr-cyr-zakon-o-policiji.txt": (-3, "173а, 176, 256 ('Престао је да важи', 'Брисан је') are deleted"),
    "sr-cyr-zakon-o-prekrsajima.txt": (-1, "336 ('Престао је да важи') is deleted"),
    "sr-cyr-zakonik-o-krivicnom-postupku.txt": (-1, "366 ('Престао је да важи') is deleted"),
}

TITLES = {
    "kz-fbih.pdf": {"286": "Krađa", "1": "Predmet ovoga Zakona", "421": "Stupanje na snagu ovoga Zakona"},
    "kz-fbih-fragment.md": {"1a": "Usklađenost s pravnom stečevinom Europske unije", "286": "Krađa"},
    "kz-bih.txt": {
        "1": "Osnovni pojmovi",
        "155a": "Davanje lažnih izjava tokom postupka imenovanja",
        "246a": "Neizvršenje i odbijanje izvršenja naređenja",
    },
    "kz-brcko.txt": {
        "25": "Beznačajno djelo",
        "43b": "Kazna dugotrajnog zatvora",
        "129": "Granice odgovornosti pravnog lica za krivično djelo",
    },
    "kz-rs.txt": {
        "1": "Osnov i funkcija krivičnog zakonodavstva Republike Srpske",
        "190": "Nasilje u porodici ili porodičnoj zajednici",
        "208đ": "Javno objavljivanje presude za krivična djela protiv časti i ugleda",
    },
    "sr-cyr-zakon-o-policiji.txt": {"1": "Предмет закона", "184а": "Почетак и престанак права на плату"},
    "sr-cyr-zakonik-o-krivicnom-postupku.txt": {"7": "Покретање кривичног поступка", "113в": "Разлози за вештачење"},
    "sr-cyr-zakon-o-javnom-redu-i-miru.txt": {"7": "Свађа, вика и бука на јавном месту"},
    "uredba-cinovi-policije-fbih.txt": {"1": "Predmet", "25": "Stupanje na snagu Uredbe"},
    "ustav-bih.txt": {"I": "Bosna i Hercegovina", "IV": "Parlamentarna skupština", "Aneks II": "Prelazne odredbe"},
    "zakon-o-advokaturi-fbih.md": {"10": "Poništavanje rješenja o upisu", "64": "Postupak likvidacije"},
    "zakon-o-pdv-bih.txt": {"1": "Teritorijalna primjena", "83": "Stupanje na snagu"},
}
JUNK = ("Historijat izmjena", "**", "\\*", "Neslužbeni pročišćeni tekst", "priredio:", "](#", "......")


def _readme_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for line in (LAWS / "README.md").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([^`]+)` \|.*\| (\d+) \|\s*$", line)
        if m and not m.group(1).endswith(".jsonl"):
            counts[m.group(1)] = int(m.group(2))
    return counts


COUNTS = _readme_counts() if (LAWS / "README.md").exists() else {}
FILES = sorted(COUNTS) or ["(none)"]


@cache
def _parse(name: str):
    articles, problems = read_real(name)
    return articles, [str(p) for p in problems], [p for p in problems if p.severity != "warning"]


def _in_force(articles):
    return [a for a in articles if not a.deleted and not a.extra.get("kind")]


def test_readme_lists_every_law_file() -> None:
    on_disk = {p.name for p in LAWS.iterdir() if p.suffix in {".txt", ".md", ".pdf"} and p.name != "README.md"}
    assert on_disk == set(COUNTS)


@pytest.mark.parametrize("name", FILES)
def test_article_count_matches_the_readme(name: str) -> None:
    articles, problems, errors = _parse(name)
    assert not errors, errors
    expected = COUNTS[name] + README_DIFFERENCES.get(name, (0, ""))[0]
    got = _in_force(articles)
    assert len(got) == expected, (len(got), problems)
    assert len({a.id for a in articles}) == len(articles)  # no article twice


@pytest.mark.parametrize("name", FILES)
def test_text_and_titles_are_clean(name: str) -> None:
    articles, _, _ = _parse(name)
    for a in articles:
        for junk in JUNK:
            assert junk not in a.text, (a.id, junk)
            assert junk not in a.title, (a.id, junk)
        assert not re.search(r"\d+\s*$", a.title) or a.extra.get("kind"), (a.id, a.title)  # no page number
        if a.title and not a.extra.get("kind"):
            assert not (is_chapter_line(a.title) and a.title.isupper() and len(a.title.split()) > 2), (a.id, a.title)
        lines = a.text.splitlines()
        if lines and not a.deleted:
            assert not re.match(r"^(GLAVA|POGLAVLJE|ГЛАВА)\s+[IVXLC]+\b", lines[-1]), (a.id, lines[-1])


@pytest.mark.parametrize("name", sorted(TITLES))
def test_sample_titles(name: str) -> None:
    articles, _, _ = _parse(name)
    by_number = {a.article: a for a in articles}
    assert {n: by_number[n].title for n in TITLES[name]} == TITLES[name]


def test_kz_fbih_pdf_matches_the_reference_split() -> None:
    articles, _, _ = _parse("kz-fbih.pdf")
    reference = [
        json.loads(line)
        for line in (LAWS / "kz_fbih_pdf.reference.jsonl").read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    ours = {a.article: a for a in _in_force(articles)}
    assert set(ours) == {r["article"] for r in reference}
    # The reference keeps only the first line of a title that wraps; its text then starts with the rest of it.
    overlaps = [
        token_overlap(f"{ours[r['article']].title} {ours[r['article']].text}", f"{r.get('title', '')} {r['text']}")
        for r in reference
    ]
    good = sum(o >= 0.9 for o in overlaps)
    assert good / len(reference) >= 0.98, sorted(zip(overlaps, [r["article"] for r in reference]))[:10]


def test_deleted_articles_are_recorded_not_in_force() -> None:
    articles, _, _ = _parse("kz-fbih.pdf")
    deleted = {a.article for a in articles if a.deleted}
    assert {str(n) for n in range(79, 110)} | {"204", "207", "211", "213", "399", "418"} <= deleted
    assert all(a.text for a in articles if a.deleted)
    brcko, _, _ = _parse("kz-brcko.txt")
    assert sum(a.deleted for a in brcko) == 33
    rs, _, _ = _parse("kz-rs.txt")
    assert {a.article for a in rs if a.deleted} == {"278a", "280a", "367"}


def test_annexes_preamble_duplicates_and_trailers_are_reported_or_kept() -> None:
    ustav, _, _ = _parse("ustav-bih.txt")
    assert [a.article for a in ustav if a.extra.get("kind")] == ["Preambula", "Aneks I", "Aneks II"]
    pdv, pdv_problems, _ = _parse("zakon-o-pdv-bih.txt")
    assert [a.id for a in pdv if a.extra.get("kind")] == ["zakon-o-pdv-bih Aneks 1"]
    assert any("start the numbering again" in p for p in pdv_problems)
    _, uredba_problems, _ = _parse("uredba-cinovi-policije-fbih.txt")
    assert any("duplicate heading(s) for 25 article(s)" in p for p in uredba_problems)
    advokatura, advokatura_problems, _ = _parse("zakon-o-advokaturi-fbih.md")
    by_number = {a.article: a for a in advokatura}
    assert any("10 (lines" in p and "the complete copy" in p for p in advokatura_problems)
    assert len(by_number["63"].text) < 5000 and by_number["130"].chapter.startswith("GLAVA XIII")
    kz, kz_problems, _ = _parse("kz-fbih.pdf")
    last = {a.article: a for a in kz}["421"]
    assert "Predsjedatelj" not in last.text and "Samostalni" not in last.text
    assert any("start the numbering again" in p for p in kz_problems)


def test_chapters_are_kept_with_articles() -> None:
    kz, _, _ = _parse("kz-fbih.pdf")
    assert "IMOVINE" in {a.article: a for a in kz}["286"].chapter
    fragment, _, _ = _parse("kz-fbih-fragment.md")
    assert {a.article: a for a in fragment}["286"].chapter == "POSEBNI DIO – GLAVA XXV – KAZNENA DJELA PROTIV IMOVINE"


def test_every_chapter_of_the_fbih_code_is_its_articles_chapter_never_text() -> None:
    """The two-column PDF wraps chapter names ("GLAVA III" / "PRIMJENA … U" / "FEDERACIJI"; "… GOSPODARSTVA,"):
    each of its 33 chapters is the chapter of the articles under it, and no article's text holds one."""
    kz, _, _ = _parse("kz-fbih.pdf")
    by_number = {a.article: a for a in kz}
    chapters = {a.chapter.split(" – ")[1] for a in kz if " – " in a.chapter}
    assert len(chapters) == 33
    assert by_number["9"].chapter.endswith("GLAVA III – PRIMJENA KAZNENOG ZAKONODAVSTVA U FEDERACIJI")
    assert by_number["15"].chapter.endswith("GLAVA IV – ZASTARA")
    assert by_number["203"].chapter.endswith("KAZNENA DJELA PROTIV SPOLNE SLOBODE I ĆUDOREĐA")
    assert by_number["223"].chapter.endswith("KAZNENA DJELA PROTIV BRAKA, OBITELJI I MLADEŽI")
    assert by_number["241"].chapter.endswith("GOSPODARSTVA, POSLOVANJA I SIGURNOSTI PLATNOG PROMETA")
    assert by_number["332"].chapter.endswith("KAZNENA DJELA PROTIV SIGURNOSTI JAVNOG PROMETA")
    assert by_number["380"].chapter.endswith("PROTIV SLUŽBENE I DRUGE ODGOVORNE DUŽNOSTI")
    assert not [a.article for a in kz if "GLAVA" in a.text]
    # titles wrapped after a comma, or over three lines, are titles, not the text's first lines
    assert by_number["163"].title == "Izazivanje narodnosne, rasne i vjerske mržnje, razdora ili netrpeljivosti"
    assert by_number["159"].title.startswith("Upućivanje i prebacivanje oružanih grupa ljudi, oružja")
    assert by_number["12"].title.endswith("svakom tko na području Federacije počini kazneno djelo")
    assert by_number["163"].text.startswith("(1) Tko javno izaziva")
