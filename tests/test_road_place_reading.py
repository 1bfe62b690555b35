"""A crime at a road's place (issue 31): a road's place told after a preposition of place ("u podzemnom prolazu", "na
raskrsnici") is where a story happened, a circumstance like the vehicle (law_kinds.CircumstanceReading.outside_places);
the road's sign removed or damaged and a crash following is the criminal codes' endangering of traffic by a dangerous
act, and harm told with someone leaving is their offence of leaving the injured (law_kinds.HarmReading). Invented
phrasings, over a small generated library indexed with the real embedder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.retrieval_helpers import hand_ordered, index_rows, reopened_without, rs_row, rs_scores, zobs_row


def rows() -> list[dict[str, Any]]:
    return [
        rs_row(
            "233", "Razbojništvo", "Ko upotrebom sile ili prijetnje oduzme tuđu pokretnu stvar, kazniće se zatvorom."
        ),
        rs_row("224", "Krađa", "Ko oduzme tuđu pokretnu stvar da je prisvoji, kazniće se zatvorom do tri godine."),
        rs_row(
            "404",
            "Ugrožavanje javnog saobraćaja opasnom radnjom",
            "Ko uklanjanjem ili oštećenjem saobraćajnog znaka ili postavljanjem prepreka ugrozi javni saobraćaj, "
            "kazniće se zatvorom do tri godine.",
        ),
        rs_row(
            "406",
            "Nepružanje pomoći licu povrijeđenom u saobraćajnoj nesreći",
            "Vozač motornog vozila koji ostavi bez pomoći lice koje je povrijeđeno tim vozilom kazniće se zatvorom.",
        ),
        zobs_row(
            "106", "Pješak je dužan da se kreće trotoarom, a ulicu prelazi podzemnim prolazom ili pješačkim prelazom."
        ),
        zobs_row(
            "50", "Na raskrsnici sa saobraćajnim znakom stop vozač je dužan da zaustavi vozilo i propusti vozila."
        ),
        zobs_row("154", "Vozač koji učestvuje u saobraćajnoj nezgodi mora ostati na mjestu nezgode i pozvati pomoć."),
        zobs_row("72", "Vozač ne smije parkirati vozilo na trotoaru ni na pješačkom prelazu."),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off): the prior chooses the five the stage may reorder."""
    return hand_ordered(index_rows(tmp_path_factory.mktemp("road_place"), rows()))


def _reading() -> Any:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import CircumstanceReading, KindTopics

    vocabulary = bcs_vocabulary()
    return CircumstanceReading.of(KindTopics.of(vocabulary), vocabulary=vocabulary), KindTopics.of(vocabulary)


def test_a_place_after_a_preposition_of_place_is_taken_out() -> None:
    reading, _topics = _reading()
    outside, places = reading.outside_places("dvojica su mu oteli mobitel u podzemnom prolazu")
    assert "oteli mobitel" in outside and "prolaz" not in outside
    assert places == "u podzemnom prolazu"
    # the fewest words after the preposition: the verb after the place stays the story's
    outside, places = reading.outside_places("na cesti mu je ukrao novčanik")
    assert places == "na cesti" and "ukrao novcanik" in outside
    # "po", "preko": how someone moved on the road, a rule of it; no place named: nothing taken out
    assert reading.outside_places("pijan je hodao po cesti") is None
    assert reading.outside_places("prešao je preko raskrsnice na crveno") is None
    assert reading.outside_places("ukrao mu je novčanik u kafiću") is None


def test_a_kind_named_at_a_place_alone_is_a_circumstance() -> None:
    reading, topics = _reading()
    outside, _ = reading.outside_places("neko je skinuo tablu na raskrsnici")
    assert reading.only_circumstances(topics.named(outside), at_places={"traffic safety"}) == {"traffic safety"}
    # a rule of the road told outside the place keeps the kind
    outside, _ = reading.outside_places("parkirao je automobil na trotoaru")
    assert not reading.only_circumstances(topics.named(outside), at_places={"traffic safety"})
    # a kind with no circumstances is never one by its place
    assert not reading.only_circumstances({}, at_places={"roads"})


def test_a_sign_removed_and_a_crash_following_is_danger_by_an_act() -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import HarmReading

    harm = HarmReading.of(bcs_vocabulary())
    assert harm.tells_danger_by_an_act("neko je uklonio saobraćajni znak, poslije se desio udes")
    assert harm.tells_harm("djeca su polomila semafor pa su se dva auta sudarila")
    assert harm.offences("neko je uklonio saobraćajni znak, poslije se desio udes", {"traffic safety"})
    # nothing followed: a sign taken is a theft or damage; a crash alone is the road's own matter
    assert not harm.tells_danger_by_an_act("neko je ukrao saobraćajni znak")
    assert not harm.tells_danger_by_an_act("desio se sudar na raskrsnici")
    # the act and the equipment in different clauses
    assert not harm.tells_danger_by_an_act("skinuo je ogledalo. znak je bio tu, a onda sudar")


def test_harm_and_leaving_is_the_offence_of_leaving_the_injured() -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import HarmReading

    harm = HarmReading.of(bcs_vocabulary())
    titles, words = harm.left("oborio je ženu kolima na seoskom putu i odvezao se kući", {"traffic safety"})
    assert titles and words
    assert any("pomoći" in t for t in titles)
    # no leaving told, no harm told, or no kind of the road named: nothing
    assert harm.left("oborio je ženu kolima na seoskom putu", {"traffic safety"}) == ([], [])
    assert harm.left("udario je u parkirani auto i otišao", {"traffic safety"}) == ([], [])
    assert harm.left("oborio je ženu i pobjegao", set()) == ([], [])


def _first_zobs(scores: dict[str, float]) -> float:
    return max((v for a, v in scores.items() if a.startswith("ZOBS")), default=float("-inf"))


def test_a_robbery_in_an_underpass_is_the_robbery(library: Any) -> None:
    """The place's pedestrian rules are no legal term of the act: the traffic law is off the story's topic."""
    story = "dvojica s nožem oteli momku mobitel u podzemnom prolazu"
    before = rs_scores(reopened_without(library, "circumstance"), story)
    now = rs_scores(library, story)
    assert now["KZ RS čl. 233"] > _first_zobs(now)
    if "ZOBS BiH čl. 106" in now and "ZOBS BiH čl. 106" in before:
        assert now["ZOBS BiH čl. 106"] <= before["ZOBS BiH čl. 106"] - library.settings.topic_affinity + 1e-6


def test_a_sign_taken_down_before_a_crash_is_endangering_traffic(library: Any) -> None:
    story = "neko je uklonio saobraćajni znak stop na raskrsnici pa se desio sudar"
    before = rs_scores(reopened_without(library, "harm"), story)
    now = rs_scores(library, story)
    assert now["KZ RS čl. 404"] > _first_zobs(now)
    assert now["KZ RS čl. 404"] - _first_zobs(now) > before.get("KZ RS čl. 404", -9.0) - _first_zobs(before)


def test_knocked_down_and_driven_off_is_leaving_the_injured(library: Any) -> None:
    story = "vozač traktora oborio staricu na seoskom putu i odvezao se kući"
    now = rs_scores(library, story)
    assert max(now, key=now.__getitem__) == "KZ RS čl. 406"


@pytest.mark.parametrize(
    "question",
    [
        "parkirao je automobil na trotoaru ispred zgrade",  # a rule of the road told beside the place
        "smije li pješak preći ulicu kod podzemnog prolaza",  # a rule asked
        "kako se ponaša vozač na raskrsnici sa znakom stop",  # a rule asked
    ],
)
def test_a_rule_of_the_road_at_a_place_changes_nothing(library: Any, question: str) -> None:
    now = rs_scores(library, question)
    before = rs_scores(reopened_without(reopened_without(library, "circumstance"), "harm"), question)
    assert now == pytest.approx(before)


def test_a_single_law_reads_no_place(tmp_path: Path) -> None:
    """Over one law there are no kinds to tell apart: no priors, nothing read, the story served as before."""
    settings = index_rows(tmp_path, [r for r in rows() if r["law"] == "KZ RS"])
    single = hand_ordered(settings)
    assert single.candidates.priors is None
    story = "dvojica s nožem oteli momku mobitel u podzemnom prolazu"
    plain = hand_ordered(settings)
    plain.circumstance = None
    assert rs_scores(single, story) == pytest.approx(rs_scores(plain, story))
