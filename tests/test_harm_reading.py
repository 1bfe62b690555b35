"""Harm done to a person in a story of the road (retrieval.search.law_kinds.HarmReading): the criminal codes'
offences against traffic safety are what such a story is about, so over a library the traffic law's articles are
lowered as a kind (offence and topic affinity) — never over one law, never for a rule asked, never for a crash that
hurt nobody. Invented phrasings over a small generated library indexed with the real embedder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.retrieval_helpers import hand_ordered, index_rows, reopened_without, rs_row, rs_scores, zobs_row


def rows() -> list[dict[str, Any]]:
    return [
        rs_row(
            "402",
            "Ugrožavanje javnog saobraćaja",
            "Učesnik u saobraćaju koji se ne drži propisa pa time dovede u opasnost život ljudi, kazniće se zatvorom.",
        ),
        rs_row("224", "Krađa", "Ko oduzme tuđu pokretnu stvar da je prisvoji, kazniće se zatvorom do tri godine."),
        rs_row("124", "Ubistvo", "Ko drugog liši života, kazniće se kaznom zatvora od pet do dvadeset godina."),
        zobs_row("174", "Vozač ne smije da upravlja vozilom pod dejstvom alkohola niti na pločniku i trotoaru."),
        zobs_row("26", "Zabranjeno je na parkingu i kolovozu ostavljati neregistrovano ili oštećeno vozilo."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off): the prior chooses the five the stage may reorder."""
    return hand_ordered(index_rows(tmp_path_factory.mktemp("harm"), rows()))


@pytest.fixture(scope="module")
def without_harm(library: Any) -> Any:
    """The same library with no harm reading: what search did before it."""
    return reopened_without(library, "harm")


def test_harm_is_an_injury_a_death_a_danger_or_a_person_struck() -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import HarmReading

    harm = HarmReading.of(bcs_vocabulary())
    assert harm.tells_harm("motociklista je teško povrijeđen na krivini")
    assert harm.tells_harm("u noći je poginuo suvozač")
    assert harm.tells_harm("kamionom je oborio penzionera na pločniku")
    assert harm.tells_harm("на кривини је оборио бициклисту")  # Cyrillic, as the thesaurus reads it
    assert harm.tells_harm("umalo je pregazio školarce")
    # a striking act without a person, a person without one, or the two in different clauses: no harm
    assert not harm.tells_harm("udario je u parkirani kombi")
    assert not harm.tells_harm("penzioner parkira na trotoaru")
    assert not harm.tells_harm("udario je u ogradu, a penzioner je sve gledao")


def test_harm_names_the_offences_of_a_named_kind_only() -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import HarmReading

    harm = HarmReading.of(bcs_vocabulary())
    story = "kamionom je oborio penzionera na pločniku"
    assert "ugrožavanje javnog saobraćaja" in harm.offences(story, {"traffic safety"})
    assert harm.offences(story, {"labour"}) == []  # no offences for that kind's subject
    assert harm.offences("kamionom je udario u ogradu", {"traffic safety"}) == []
    assert harm.kinds == {"criminal code"}


def test_a_road_story_that_tells_harm_lowers_the_traffic_law(library: Any, without_harm: Any) -> None:
    """ "pijan je vozio i pokosio penzionera": the traffic law's alcohol article is lowered below where it stood
    without the reading, by at least the topic affinity; the criminal code's endangering of traffic is not."""
    story = "pijan je vozio i pokosio penzionera ispred zgrade"
    assert library._harm_offences(story, False, library._named_kinds({"traffic safety": ["vozio"]}, []))
    now, before = rs_scores(library, story), rs_scores(without_harm, story)
    assert now["ZOBS BiH čl. 174"] <= before["ZOBS BiH čl. 174"] - library.settings.topic_affinity
    assert now["KZ RS čl. 402"] >= before["KZ RS čl. 402"] - 1e-6


@pytest.mark.parametrize(
    "question",
    [
        "pijan je vozio i udario u ogradu ispred zgrade",  # a crash that hurt nobody: the traffic law's matter
        "smije li vozač voziti pijan ako je neko povrijeđen",  # a rule asked, even of an injury
    ],
)
def test_no_harm_or_a_rule_asked_changes_nothing(library: Any, without_harm: Any, question: str) -> None:
    now, before = rs_scores(library, question), rs_scores(without_harm, question)
    assert now == pytest.approx(before)


def test_a_single_law_reads_no_harm(tmp_path: Path) -> None:
    """Over one law there are no kinds to tell apart: no priors, no offences read, the story served as before."""

    settings = index_rows(tmp_path, [r for r in rows() if r["law"] == "KZ RS"])
    single = hand_ordered(settings)
    assert single.candidates.priors is None
    story = "pijan je vozio i pokosio penzionera ispred zgrade"
    assert single._harm_offences(story, False, frozenset({"traffic safety"})) == []
    plain = hand_ordered(settings)
    plain.harm = None
    assert rs_scores(single, story) == pytest.approx(rs_scores(plain, story))
