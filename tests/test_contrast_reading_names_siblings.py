"""A reading that names one sibling alone tells which (issue 31, the first article within one code;
retrieval/search/contrast.py `NeighbourContrast.named_alone`, used by `reorder` through its `phrases`).

A lay word of a field ("izbori") adds the title of every offence of that chapter, so the contrast's title balance
counts every sibling's qualifier as told and cannot tell them apart. A phrase one of whose terms opens one member's
title and no other member's ("spalio listiće" → "uništenje izbornih isprava") names that member alone, and the
member counts `NAMED` more. A phrase that names two members, a term that opens no title or several, and readings
without their phrases count as before. Invented wording throughout, not a law's and not a benchmark's question."""

from __future__ import annotations

import numpy as np
import pytest

from retrieval.index.lexical import LexicalIndex
from retrieval.index.title_fields import TitleFields
from retrieval.search.contrast import NeighbourContrast

# (law, chapter, title, text): invented wording
ARTICLES = [
    ("KZ X", "Djela protiv izbora", "Povreda slobode birača", "Ko silom spriječi birača kaznit će se."),
    ("KZ X", "Djela protiv izbora", "Uništenje izbornih isprava", "Ko uništi izborne isprave kaznit će se."),
    ("KZ X", "Djela protiv izbora", "Povreda tajnosti glasanja", "Ko otkrije kako je birač glasao kaznit će se."),
    ("KZ Y", "Djela protiv izbora", "Uništenje izbornih isprava", "Ko uništi izborne isprave kaznit će se."),
    ("KZ X", "Djela protiv imovine", "Krađa", "Ko oduzme tuđu pokretnu stvar kaznit će se."),
    ("KZ X", "Djela protiv imovine", "Teška krađa", "Ko krađu učini obijanjem kaznit će se."),
]
FIELD = ["povreda slobode birača", "uništenje izbornih isprava", "povreda tajnosti glasanja"]  # one phrase, three


@pytest.fixture(scope="module")
def contrast() -> NeighbourContrast:
    ids = [f"a{i}#0" for i in range(len(ARTICLES))]
    lexical = LexicalIndex.build("serbian", ids, [f"{title}. {text}" for _, _, title, text in ARTICLES])
    law_code = np.array([0, 0, 0, 1, 0, 0], dtype=np.int32)
    fields = TitleFields([a[2] for a in ARTICLES], [a[1] for a in ARTICLES])
    return NeighbourContrast(lexical, np.arange(len(ARTICLES), dtype=np.int32), law_code, lambda: fields)


def read_of(contrast: NeighbourContrast, phrases: dict[str, list[str]]) -> dict[str, list[tuple[str, ...]]]:
    stems = contrast.lexical.tokenizer.stems
    return {phrase: [tuple(stems(t)) for t in terms] for phrase, terms in phrases.items()}


def test_a_phrase_that_names_several_members_names_none_alone(contrast: NeighbourContrast) -> None:
    assert contrast.named_alone(read_of(contrast, {"izbori": FIELD}), [0, 1, 2]) == [False, False, False]


def test_a_phrase_that_names_one_member_names_it_alone(contrast: NeighbourContrast) -> None:
    read = read_of(contrast, {"izbori": FIELD, "spalio listiće": ["uništenje izbornih isprava"]})
    assert contrast.named_alone(read, [0, 1, 2]) == [False, True, False]


def test_a_term_names_the_title_it_opens(contrast: NeighbourContrast) -> None:
    # a title's head is the act it names: "krađa" opens "Krađa" and lies within "Teška krađa", not at its head
    assert contrast.named_alone(read_of(contrast, {"ukrao": ["krađa"]}), [4, 5]) == [True, False]
    assert contrast.named_alone(read_of(contrast, {"provalio": ["teška krađa"]}), [4, 5]) == [False, True]
    # "povreda" opens two titles: it names neither alone
    assert contrast.named_alone(read_of(contrast, {"povrijedio": ["povreda"]}), [0, 1, 2]) == [False, False, False]


def test_the_member_a_phrase_names_alone_comes_first(contrast: NeighbourContrast) -> None:
    question = "na izborima spalio listiće"
    terms = [*FIELD, "uništenje izbornih isprava"]
    phrases = ["izbori"] * len(FIELD) + ["spalio listiće"]
    # without phrases every term is told alike: each sibling's title is told, and the served order stands
    assert contrast.reorder(question, [0, 1], [1.0, 0.5], 1.0, terms) == [0, 1]
    assert contrast.reorder(question, [0, 1], [1.0, 0.5], 1.0, terms, phrases) == [1, 0]


def test_articles_of_another_law_form_no_group(contrast: NeighbourContrast) -> None:
    terms = [*FIELD, "uništenje izbornih isprava"]
    phrases = ["izbori"] * len(FIELD) + ["spalio listiće"]
    assert contrast.reorder("spalio listiće", [0, 3], [1.0, 0.5], 1.0, terms, phrases) == [0, 1]
