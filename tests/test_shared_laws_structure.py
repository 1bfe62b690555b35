"""The titles and chapters of the dev library's eleven files (bench/library.py) as `kodeks ingest` parses them.

A title never holds a chapter's capitals ("ZASTARJELOST Zastarjelost krivičnog gonjenja"), a chapter heading is
never left inside an article's text, a chapter, once a file has started one, is never empty and never has an
empty part, and the count in force is the README's (with the differences tests/test_shared_laws.py checks).
Titles of the traffic law agree with its clean reference split (it has none). Parsing only; skipped cleanly
when ../shared/laws is absent.
"""

from __future__ import annotations

import json
import re

import pytest

from retrieval.ingest.headings import opens_chapter
from tests.real_laws import LAWS, read_real
from tests.test_shared_laws import COUNTS, README_DIFFERENCES

pytestmark = pytest.mark.skipif(not (LAWS / "README.md").exists(), reason="../shared/laws is not available")

LIBRARY = [
    "kz-fbih.pdf",
    "kz-rs.txt",
    "kz-bih.txt",
    "kz-brcko.txt",
    "zobs-bih.pdf",
    "zbs-rs.txt",
    "ustav-bih.txt",
    "zakon-o-pdv-bih.txt",
    "zakon-o-advokaturi-fbih.md",
    "uredba-cinovi-policije-fbih.txt",
    "zakon-o-cestama-fbih-yuscii.pdf",
]
# A word in capitals of four letters or more; abbreviations such as "PDV-a" or "BiH" are shorter or mixed.
_CAPS_WORD = re.compile(r"(?<![\w-])[A-ZČĆŠŽĐ]{4,}(?![\w-])")


def _in_force(name: str):
    articles, _ = read_real(name)
    return [a for a in articles if not a.deleted and not a.extra.get("kind")]


@pytest.mark.parametrize("name", LIBRARY)
def test_titles_hold_no_chapter_capitals(name: str) -> None:
    bad = [(a.article, a.title) for a in _in_force(name) if _CAPS_WORD.search(a.title)]
    assert bad == []


@pytest.mark.parametrize("name", LIBRARY)
def test_no_chapter_heading_is_left_in_an_article_text(name: str) -> None:
    bad = [
        (a.article, line)
        for a in _in_force(name)
        for line in a.text.splitlines()
        if opens_chapter(line) and re.search(r"\b(?:GLAVA|POGLAVLJE|DIO|ODJELJAK)\b", line)
    ]
    assert bad == []


@pytest.mark.parametrize("name", LIBRARY)
def test_chapters_once_started_are_never_empty(name: str) -> None:
    chapters = [a.chapter for a in _in_force(name)]
    first = next((i for i, c in enumerate(chapters) if c), len(chapters))
    assert [i for i, c in enumerate(chapters[first:], first) if not c] == []
    assert [c for c in chapters if c and any(not part.strip() for part in c.split(" – "))] == []


@pytest.mark.parametrize("name", LIBRARY)
def test_count_in_force_is_the_readmes(name: str) -> None:
    assert len(_in_force(name)) == COUNTS[name] + README_DIFFERENCES.get(name, (0, ""))[0]


def test_traffic_law_titles_agree_with_its_reference_split() -> None:
    reference = {}
    for line in (LAWS / "zobs_bih.corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        reference[row["id"].split("čl. ")[-1]] = row.get("title") or ""
    ours = {a.article: a.title for a in _in_force("zobs-bih.pdf")}
    assert {k: v for k, v in ours.items() if reference.get(k, v) != v} == {}


def test_no_title_of_the_roads_law_is_a_line_of_its_text() -> None:
    # The roads law gives its articles no titles: none may be taken from a first line of text.
    assert [(a.article, a.title) for a in _in_force("zakon-o-cestama-fbih-yuscii.pdf") if a.title] == []
