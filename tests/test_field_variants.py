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


def _field_variants_of(heads: list[str], titled: list[bool], law_code: list[int]) -> list[int]:
    from retrieval.search.library_priors import _field_variants

    code = np.asarray(law_code)
    high, low = np.nonzero(code == 1)[0], np.nonzero(code == 0)[0]
    return _field_variants(high, low, np.asarray(titled), heads).tolist()


def test_a_field_title_opening_with_an_own_title_s_head_is_a_variant() -> None:
    # 0, 1: the officer's code ("Neprijavljivanje kaznenog djela", "Ubistvo"); 2..5: the state's
    heads = ["neprijavljivanj", "ubistv", "neprijavljivanj", "genocid", "neprijavljivanj", "krijumčarenj"]
    titled = [False, False, True, True, False, True]
    # 2: the field's variant of not reporting; 3: genocide, whose act no lower code names; 4: the plain twin's
    # title (no field named: the twins' business); 5: smuggling, no own title opens so
    assert _field_variants_of(heads, titled, [0, 0, 1, 1, 1, 1]) == [2]


def test_the_variants_are_lowered_with_the_twins_and_not_as_copies() -> None:
    from retrieval.search.library_priors import _twins

    law_code = np.asarray([0, 0, 1, 1])  # KZ RS not reporting, theft; KZ BiH the ICC variant, genocide
    vectors = np.full((4, 8), 0.5, dtype=np.float32)  # all alike: no pair stands out by meaning
    args = (
        law_code,
        ["KZ RS", "KZ BiH"],
        {"KZ RS": "RS", "KZ BiH": "BiH"},
        {"KZ RS": "criminal code", "KZ BiH": "criminal code"},
        {"KZ RS", "KZ BiH"},
        lambda idx: vectors[idx],
        [frozenset()] * 4,
    )
    field = (np.asarray([False, False, True, True]), ["neprijavljivanj", "krađ", "neprijavljivanj", "genocid"])
    twins, copies, partners = _twins(*args, field)
    assert twins["rs"].tolist() == [False, False, True, False]
    assert "rs" not in copies or not copies["rs"].any()  # the officer's code has no copy to lower instead
    assert partners["rs"].tolist() == [-1, -1, -1, -1]  # no pair: nothing is lifted above it
    assert not _twins(*args)[0]  # without the field's titles: no twins at all here


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
