"""A crime told on the road (retrieval.search.law_kinds.CircumstanceReading): a story that names the traffic law's
subject only by a vehicle or a driver ("zapalio mu automobil") and whose legal terms are titled best in a criminal
code is about that offence, so over a library the traffic law's articles are lowered as off its topic — never for a
rule of the road named or added by the vocabulary, never for a rule asked, never over one law. Invented phrasings
over a small generated library indexed with the real embedder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.retrieval_helpers import hand_ordered, index_rows, reopened_without, rs_row, rs_scores, zobs_row


def rows() -> list[dict[str, Any]]:
    return [
        rs_row("243", "Paljevina", "Ko podmetne požar i time uništi ili ošteti tuđu stvar, kazniće se zatvorom."),
        rs_row("224", "Krađa", "Ko oduzme tuđu pokretnu stvar da je prisvoji, kazniće se zatvorom do tri godine."),
        rs_row("124", "Ubistvo", "Ko drugog liši života, kazniće se kaznom zatvora od pet do dvadeset godina."),
        zobs_row(
            "26", "Zabranjeno je na parkingu i kolovozu ostavljati neregistrovano ili oštećeno vozilo ili automobil."
        ),
        zobs_row(
            "72", "Automobil se ne smije parkirati na trotoaru; vozač koji parkira vozilo na trotoaru kazniće se."
        ),
        zobs_row("154", "Vozač automobila koji učestvuje u saobraćajnoj nezgodi mora ostati na mjestu nezgode."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off): the prior chooses the five the stage may reorder."""
    return hand_ordered(index_rows(tmp_path_factory.mktemp("circumstance"), rows()))


@pytest.fixture(scope="module")
def without_reading(library: Any) -> Any:
    """The same library with no circumstance reading: what search did before it."""
    return reopened_without(library, "circumstance")


def test_a_kind_named_by_a_vehicle_or_a_driver_alone() -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import CircumstanceReading, KindTopics

    topics = KindTopics.of(bcs_vocabulary())
    reading = CircumstanceReading.of(topics)
    assert reading.kinds == {"criminal code"}
    assert reading.only_circumstances(topics.named("noću mu je neko zapalio automobil")) == {"traffic safety"}
    assert reading.only_circumstances(topics.named("vozač kamiona je prijetio radniku")) == {"traffic safety"}
    # a rule of the road named beside the vehicle: parking, speed, alcohol test, driving itself
    assert not reading.only_circumstances(topics.named("parkirao je automobil na trotoaru"))
    assert not reading.only_circumstances(topics.named("vozač je duvao alkotest"))
    assert not reading.only_circumstances(topics.named("vozio je cijeli dan"))
    # a legal term that names the vehicle in the law's word ("tuđe vozilo") is read as naming the vehicle
    assert reading.only_circumstances(topics.named("tuđe vozilo"), legal=True) == {"traffic safety"}
    assert not reading.only_circumstances(topics.named("saobraćajna nezgoda"), legal=True)


def test_a_crime_told_with_a_vehicle_lowers_the_traffic_law(library: Any, without_reading: Any) -> None:
    """ "zapalio mu automobil": the traffic law's articles on cars are lowered by at least the topic affinity; the
    criminal code's arson is not."""
    story = "noću mu je neko zapalio automobil u dvorištu"
    now, before = rs_scores(library, story), rs_scores(without_reading, story)
    lowered = [a for a in before if a.startswith("ZOBS") and a in now]
    assert lowered
    for article in lowered:
        assert now[article] <= before[article] - library.settings.topic_affinity + 1e-6
    assert now["KZ RS čl. 243"] >= before["KZ RS čl. 243"] - 1e-6


@pytest.mark.parametrize(
    "question",
    [
        "parkirao je automobil na trotoaru ispred zgrade",  # a rule of the road named: the traffic law's matter
        "udario auto i otišao sa mjesta saobraćajne nezgode",  # the vocabulary adds the road's own terms
        "kako prijaviti da je ukraden automobil",  # a rule asked
    ],
)
def test_a_rule_of_the_road_changes_nothing(library: Any, without_reading: Any, question: str) -> None:
    now, before = rs_scores(library, question), rs_scores(without_reading, question)
    assert now == pytest.approx(before)


def test_a_single_law_reads_no_circumstance(tmp_path: Path) -> None:
    """Over one law there are no kinds to tell apart: no priors, nothing read, the story served as before."""

    settings = index_rows(tmp_path, [r for r in rows() if r["law"] == "KZ RS"])
    single = hand_ordered(settings)
    assert single.candidates.priors is None
    story = "noću mu je neko zapalio automobil u dvorištu"
    plain = hand_ordered(settings)
    plain.circumstance = None
    assert rs_scores(single, story) == pytest.approx(rs_scores(plain, story))
