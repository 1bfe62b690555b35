"""The state's field's variant of an act the officer's own code has (retrieval/search/library_priors.py,
`_field_variants`; docs/retrieval.md, "The library's cost, tenth round"): the state code's "Neprijavljivanje osobe
koja je optužena od strane međunarodnog krivičnog suda" is lowered with the twins for an entity officer's story that
tells nothing of the field, and kept where the story tells it; the field's own crimes ("Genocid") never are. Invented
articles and questions; the generated library indexed with the real embedder."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from retrieval.jurisdictions import scope_of
from tests.retrieval_helpers import index_rows, row

KZ_BIH = "Krivični zakon Bosne i Hercegovine – test"
NOT_REPORTED = (
    "Ko zna da je izvršeno krivično djelo za koje se može izreći kazna zatvora od pet godina ili teža kazna, pa to "
    "ne prijavi, kaznit će se novčanom kaznom ili kaznom zatvora do tri godine. Nije kažnjiv bračni drug, brat ili "
    "sestra učinioca, niti lice koje s njim živi u vanbračnoj zajednici."
)


def test_a_field_title_opening_with_a_twin_s_head_is_a_variant() -> None:
    from retrieval.search.library_priors import _field_variants

    # the state's code: 0 "Neprijavljivanje krivičnog djela …" (a twin of the officer's), 1 its variant for the
    # international court, 2 "Genocid", 3 "Krijumčarenje", 4 "Ubistvo predstavnika najviših institucija …" (no plain
    # murder in this code: no twin opens so)
    heads = ["neprijavljivanj", "neprijavljivanj", "genocid", "krijumčarenj", "ubistv"]
    titled = np.asarray([False, True, True, True, True])
    high, twins = np.arange(5), np.asarray([0])
    assert _field_variants(high, twins, titled, heads).tolist() == [1]
    assert _field_variants(high, np.zeros(0, dtype=np.int64), titled, heads).tolist() == []  # no twins: none


def test_the_variants_are_lowered_with_the_twins_and_not_as_copies() -> None:
    from retrieval.search.library_priors import _twins

    # KZ RS not reporting, theft; KZ BiH not reporting (its twin, by title), the ICC variant, genocide
    law_code = np.asarray([0, 0, 1, 1, 1])
    vectors = np.full((5, 8), 0.5, dtype=np.float32)  # all alike: no pair stands out by meaning
    args = (
        law_code,
        ["KZ RS", "KZ BiH"],
        {"KZ RS": "RS", "KZ BiH": "BiH"},
        {"KZ RS": "criminal code", "KZ BiH": "criminal code"},
        {"KZ RS", "KZ BiH"},
        lambda idx: vectors[idx],
        [
            frozenset({"neprijavljivanj", "krivičn", "djel"}),
            frozenset({"krađ"}),
            frozenset({"neprijavljivanj", "krivičn", "djel"}),
            frozenset({"neprijavljivanj", "osob"}),
            frozenset({"genocid"}),
        ],
    )
    field = (
        np.asarray([False, False, False, True, True]),
        ["neprijavljivanj", "krađ", "neprijavljivanj", "neprijavljivanj", "genocid"],
    )
    twins, copies, partners = _twins(*args, field)
    assert twins["rs"].tolist() == [False, False, True, True, False]  # the twin and its field's variant
    assert copies["rs"].tolist() == [True, False, False, False, False]  # only the twin's own copy is lowered instead
    assert partners["rs"].tolist() == [2, -1, 0, -1, -1]  # the variant has no pair: nothing is lifted above it
    assert _twins(*args)[0]["rs"].tolist() == [False, False, True, False, False]  # without the field's titles


def _library_rows() -> list[dict[str, Any]]:
    def rs(number: str, title: str, text: str) -> dict[str, Any]:
        return row("KZ RS", number, text, title, jurisdiction="RS")

    def bih(number: str, title: str, text: str) -> dict[str, Any]:
        return row("KZ BiH", number, text, title, jurisdiction="BiH", law_title=KZ_BIH)

    return [
        rs("362", "Neprijavljivanje krivičnog djela i učinioca", NOT_REPORTED),
        rs("224", "Krađa", "Ko oduzme tuđu pokretnu stvar u namjeri da je protivpravno prisvoji, kazniće se zatvorom."),
        rs("124", "Ubistvo", "Ko drugog liši života, kazniće se kaznom zatvora od pet do dvadeset godina."),
        bih("230", "Neprijavljivanje krivičnog djela ili učinioca", NOT_REPORTED),  # the plain twin
        bih(
            "231",
            "Neprijavljivanje osobe koja je optužena od strane međunarodnog krivičnog suda",
            "Ko zna gdje se nalazi osoba koju je optužio međunarodni krivični sud, pa to ne prijavi, kaznit će se "
            "kaznom zatvora do tri godine. Nije kažnjiv bračni drug, brat ili sestra te osobe, niti osoba koja s "
            "njom živi u vanbračnoj zajednici.",
        ),
        bih(
            "171",
            "Genocid",
            "Ko u namjeri da potpuno ili djelimično istrijebi nacionalnu, etničku, rasnu ili vjersku grupu ljudi "
            "naredi ubijanje članova grupe, kaznit će se kaznom zatvora najmanje deset godina.",
        ),
        bih("205", "Krivotvorenje novca", "Ko napravi lažan novac u namjeri da ga stavi u opticaj, kaznit će se."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off): the prior chooses what the stage may reorder."""
    from retrieval.search.retriever import Retriever

    settings = index_rows(tmp_path_factory.mktemp("field-variants"), _library_rows())
    return Retriever.open(settings.model_copy(update={"ranker": "off"}))


def test_an_entity_officer_s_story_is_served_the_own_code_before_the_field_s_variant(library: Any) -> None:
    rs = scope_of("RS")
    story = "brat zna da je sestra ukrala novac i ne prijavljuje je policiji"
    ids = [h.id for h in library.search(story, jurisdiction=rs).hits]
    assert ids.index("KZ RS čl. 362") < ids.index("KZ BiH čl. 231"), ids
    # lowered as a twin is, and only with the field's titles read (KODEKS_FIELD_TITLES)
    variant = library.catalog.index_of("KZ BiH čl. 231")
    assert library.candidates.priors.twins_of("RS")[variant]
    off = library.__class__.open(library.settings.model_copy(update={"field_titles": False}))
    assert not off.candidates.priors.twins_of("RS")[variant]


def test_a_story_telling_the_field_keeps_the_variant(library: Any) -> None:
    rs = scope_of("RS")
    story = "zna gdje se krije čovjek kojeg traži međunarodni krivični sud i ne prijavljuje ga"
    ids = [h.id for h in library.search(story, jurisdiction=rs).hits]
    assert ids[0] == "KZ BiH čl. 231", ids


def test_the_international_court_and_mass_graves_are_the_state_s_field(library: Any) -> None:
    field = library.state_field
    assert field.told("Pomoć osobi optuženoj od strane međunarodnog krivičnog suda")
    assert field.told("Neprijavljivanje mjesta masovne grobnice")
    assert not field.told("Neprijavljivanje kaznenog djela ili počinitelja")
