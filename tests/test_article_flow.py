"""An article's text as /clan shows it: a PDF's hard line breaks inside a sentence are joined, structure kept."""

from __future__ import annotations

import itertools
import re
from functools import lru_cache

import pytest

from bot.formatting import flowing_lines, format_article
from retrieval.types import Article
from tests.real_laws import LAWS, read_real


def test_a_sentence_broken_over_lines_flows() -> None:
    assert flowing_lines("Ko napravi lažnu\nispravu ili preinači\npravu ispravu,\nkaznit će se.") == [
        "Ko napravi lažnu ispravu ili preinači pravu ispravu, kaznit će se."
    ]


def test_a_word_split_at_the_line_end_is_joined_without_its_hyphen() -> None:
    assert flowing_lines("Ko učini kriv-\nično djelo") == ["Ko učini krivično djelo"]


def test_a_real_hyphen_inside_a_line_is_kept() -> None:
    assert flowing_lines("u ulici Mehmed-paše Sokolovića\nbroj 5") == ["u ulici Mehmed-paše Sokolovića broj 5"]
    assert flowing_lines("Bosna i Hercegovina -\nFederacija") == ["Bosna i Hercegovina - Federacija"]
    assert flowing_lines("BiH-\nFBiH") == ["BiH-FBiH"]  # an upper-case word after it: not a split word


def test_stavovi_tacke_bullets_and_blank_lines_stay_breaks() -> None:
    text = (
        "(1) Ko napravi\nlažnu ispravu,\nkaznit će se.\n(2) Ako je djelo\nučinjeno:\n"
        "a) prema djetetu,\nb) u grupi,\n1. prvo\n2) drugo\n- alineja\n• tačka\n\nNovi pasus\nse nastavlja."
    )
    assert flowing_lines(text) == [
        "(1) Ko napravi lažnu ispravu, kaznit će se.",
        "(2) Ako je djelo učinjeno:",
        "a) prema djetetu,",
        "b) u grupi,",
        "1. prvo",
        "2) drugo",
        "- alineja",
        "• tačka",
        "Novi pasus se nastavlja.",
    ]


def test_a_number_inside_a_sentence_at_line_start_is_joined() -> None:
    assert flowing_lines("kaznom zatvora do\n3 godine.") == ["kaznom zatvora do 3 godine."]


def test_clan_shows_the_flowing_text() -> None:
    article = Article(
        id="KZ FBiH čl. 1", law="KZ FBiH", article="1", text="(1) Ko napravi\nlažnu ispravu.", title="Krivotvorenje"
    )
    assert "(1) Ko napravi lažnu ispravu." in format_article(article)[0]


@lru_cache(maxsize=1)
def _pdf_articles() -> list[Article]:
    articles, _ = read_real("kz-fbih.pdf")
    return [a for a in articles if not a.deleted and not a.extra.get("kind")]


_STRUCTURE = re.compile(r"^(?:\(\d+[a-z]?\)|[a-zčćđšž]{1,2}\)|\d+[.)]\s|[-–—•]\s)")


@pytest.mark.skipif(not (LAWS / "kz-fbih.pdf").exists(), reason="../shared/laws/kz-fbih.pdf is not available")
def test_no_line_of_a_stav_ends_mid_sentence_in_the_real_pdf() -> None:
    """Within a stav, every line but the stav's last is followed by a tačka / bullet, not by the sentence's rest."""
    articles = _pdf_articles()
    assert len(articles) > 100
    broken = 0
    mid = []
    for article in articles:
        raw = article.text.splitlines()
        broken += sum(1 for line in raw if line.strip() and not re.search(r"[.:;,!?)]$", line.strip()))
        lines = flowing_lines(article.text)
        for line, following in itertools.pairwise(lines):
            # A line followed by one that is not a new structural unit would have been joined; so a line that
            # ends without punctuation must be followed by a stav, tačka or bullet (the flowing text's own break).
            if not re.search(r"[.:;,!?)]$", line) and not _STRUCTURE.match(following):
                mid.append((article.id, line[-40:], following[:40]))
    assert broken > 100  # the PDF's text does arrive cut at its column width
    assert not mid, mid[:5]
