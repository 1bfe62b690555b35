"""A code's general part over a library (retrieval/search/general_part.py; docs/retrieval.md, "The library's cost,
eighth round"): the articles before a code's special part, and the state's twin of a general-part institution never
served above the officer's own copy. The real codes of ../shared/laws (skipped when absent), indexed with the real
embedder and the shipped learned stage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retrieval.jurisdictions import scope_of
from retrieval.search.general_part import general_part, own_institution_first
from tests.real_laws import LAWS, read_real
from tests.retrieval_helpers import index_rows


def test_the_general_part_is_what_comes_before_the_first_chapter_of_offences() -> None:
    chapters = [
        "OPŠTI DIO – GLAVA III – KRIVIČNO DJELO I KRIVIČNA ODGOVORNOST",  # the offence defined: general part
        "OPŠTI DIO – GLAVA X – ODGOVORNOST PRAVNIH LICA ZA KRIVIČNA DJELA",  # still the general part
        "POSEBNI DIO – GLAVA XX – KRIVIČNA DJELA PROTIV IMOVINE",
        "POSEBNI DIO – GLAVA XXXIII – PRELAZNA I ZAVRŠNE ODREDBE",  # after the special part opened
        "",  # a law with no chapters: no general part read
        "XV. GLAVA PETNAESTA – KAZNENA DJELA PROTIV DRŽAVE",
        "IV. GLAVA ČETVRTA – ZASTARA",
    ]
    numbers = ["22", "103", "224", "414", "5", "149", "15"]
    law_code = np.asarray([0, 0, 0, 0, 1, 2, 2])
    assert general_part(chapters, numbers, law_code).tolist() == [True, True, False, False, False, False, True]


def test_article_numbers_are_compared_as_the_code_counts_them() -> None:
    chapters = ["", "GLAVA XII – KRIVIČNA DJELA PROTIV ŽIVOTA", "", ""]
    assert general_part(chapters, ["123a", "124", "12", "208a"], np.zeros(4, dtype=np.int64)).tolist() == [
        True,
        False,
        True,
        False,
    ]


def test_a_state_twin_of_the_general_part_goes_just_below_the_officer_s_copy() -> None:
    # articles 0..5: 0 the state's "Podstrekavanje" (a lowered twin), 3 the officer's own; 1, 2, 4 others
    lowered = np.asarray([True, False, False, False, False, True])
    partner = np.asarray([3, -1, -1, 0, -1, 4])
    general = np.asarray([True, False, False, True, True, False])
    assert own_institution_first([0, 1, 2, 3, 4], lowered, partner, general) == [1, 2, 3, 0, 4]
    # the own copy already first: nothing moves
    assert own_institution_first([3, 0, 1], lowered, partner, general) == [0, 1, 2]
    # an offence's pair (not both of a general part) is the learned stage's to order
    assert own_institution_first([5, 4, 1], lowered, partner, general) == [0, 1, 2]


def _rows(name: str, law: str, jurisdiction: str, law_title: str, wanted: set[str]) -> list[dict[str, Any]]:
    if not (LAWS / name).exists():
        pytest.skip(f"{LAWS / name} not found")
    articles, _ = read_real(name)
    rows = [
        {
            "id": f"{law} čl. {a.article}",
            "law": law,
            "article": a.article,
            "title": a.title,
            "chapter": a.chapter,
            "text": a.text,
            "law_title": law_title,
            "jurisdiction": jurisdiction,
        }
        for a in articles
        if a.article in wanted
    ]
    assert {r["article"] for r in rows} == wanted
    return rows


def test_the_real_codes_general_parts() -> None:
    rs = _rows("kz-rs.txt", "KZ RS", "RS", "Krivični zakonik Republike Srpske", {"22", "38", "123", "124", "224"})
    kinds = general_part([r["chapter"] for r in rs], [r["article"] for r in rs], np.zeros(len(rs), dtype=np.int64))
    assert dict(zip([r["article"] for r in rs], kinds.tolist())) == {
        "22": True,
        "38": True,
        "123": True,
        "124": False,
        "224": False,
    }


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """KZ RS and KZ BiH: each code's attempt, voluntary abandonment, instigation and aiding (twins by title), and a
    few offences of each, with their real chapters; the shipped ranking as served."""
    from retrieval.search.retriever import Retriever

    rs = _rows(
        "kz-rs.txt",
        "KZ RS",
        "RS",
        "Krivični zakonik Republike Srpske",
        {"22", "24", "38", "39", "224", "226", "389"},
    )
    bih = _rows(
        "kz-bih.txt",
        "KZ BiH",
        "BiH",
        "Krivični zakon Bosne i Hercegovine",
        {"26", "28", "30", "31", "246m", "176"},
    )
    settings = index_rows(Path(tmp_path_factory.mktemp("general-part")), rs + bih)
    return Retriever.open(settings)


@pytest.mark.parametrize(
    ("question", "own", "state"),
    [
        ("nagovorio je druga da provali u kiosk i on je provalio, šta ide onome ko ga je nagovorio", "38", "30"),
        ("htio je zapaliti auto, polio ga benzinom pa se predomislio i sam odustao, odgovara li", "24", "28"),
    ],
)
def test_an_rs_officer_is_served_his_own_code_s_institution_before_the_state_s(
    library: Any, question: str, own: str, state: str
) -> None:
    hits = [h.id for h in library.search(question, k=10, jurisdiction=scope_of("RS")).hits]
    assert f"KZ RS čl. {own}" in hits[:5]
    if f"KZ BiH čl. {state}" in hits[:5]:
        assert hits.index(f"KZ RS čl. {own}") < hits.index(f"KZ BiH čl. {state}")
    general = library._general
    assert general is not None
    assert general[library.catalog.index_of(f"KZ RS čl. {own}")]
    assert not general[library.catalog.index_of("KZ RS čl. 224")]
