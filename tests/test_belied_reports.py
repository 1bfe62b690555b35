"""A report of an offence that the story then belies is the codes' false report (issue 29/31; thesaurus.toml
[report], retrieval/language/reports.py, vocabulary.py).

The codes word the offence as a report, its clause and a contrast: "ko prijavi da je učinjeno krivično djelo, a zna
da nije učinjeno". A story that tells a reported act and then a clause in which it became known otherwise reads the
false report's terms at full weight and the reported act's at the unrealised clause's weight; a report with no such
clause, a negated report, and a contrast with no finding read as before. Phrasings made up for these tests, not taken
from any benchmark's turns."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.clauses import UNREALISED_WEIGHT
from retrieval.language.reports import ReportReading
from retrieval.language.vocabulary import bcs_vocabulary
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import expansion_weights, index_rows, row, settings_for

FALSE_REPORT = "lažno prijavljivanje"
THEFT = "krađa"


@pytest.mark.parametrize(
    "story",
    [
        "žena prijavila da joj je ukraden novčanik u tramvaju, a provjerili smo i utvrdili da ga je ostavila kod kuće",
        "prijavio je policiji da su mu lopovi pokrali radnju, ali se ispostavilo da je sve izmislio",
        "dojavio da mu je neko ukrao motor, međutim saznali smo da ga je dao prijatelju",
    ],
)
def test_a_report_belied_later_reads_as_a_false_report(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert w.get(FALSE_REPORT) == 1.0
    assert w.get(THEFT, 0.0) <= UNREALISED_WEIGHT


@pytest.mark.parametrize(
    "story",
    [
        "prijavio da mu je ukraden auto ispred zgrade noćas",  # a report, nothing belies it
        "prijavila da joj je ukraden novčanik, a lopov pobjegao prema stanici",  # a contrast, no finding
        "nije prijavio da mu je ukraden auto, a utvrdili smo da je prodan",  # no report made
    ],
)
def test_other_reports_read_as_the_act_reported(story: str) -> None:
    w = expansion_weights(bcs_vocabulary(), story)
    assert FALSE_REPORT not in w
    assert w.get(THEFT) == 1.0


def test_the_reported_clause_runs_from_its_da_to_the_contrast() -> None:
    reading = ReportReading.of(
        {"word": "lažno prijavio", "verbs": ["prijavi"], "contrast": ["a"], "finding": ["ispostav"], "within": 3}
    )
    story = "prijavio da mu je ukraden auto, a ispostavilo se da ga je prodao"
    assert reading.without(story) == "prijavio da a ispostavilo se da ga je prodao"
    assert reading.spans("prijavio da mu je ukraden auto") == []
    assert ReportReading.of({}).spans(story) == []  # no table: nothing read


def test_over_generated_laws_the_belied_report_reaches_the_false_report_first(tmp_path: Path) -> None:
    data_dir = index_rows(
        tmp_path,
        [
            row("KZ T", "280", "Ko tuđu pokretnu stvar oduzme drugom u namjeri da je prisvoji.", "Krađa"),
            row(
                "KZ T",
                "341",
                "Ko prijavi da je učinjeno krivično djelo, a zna da nije učinjeno.",
                "Lažno prijavljivanje",
            ),
        ],
    ).data_dir
    r = Retriever.open(settings_for(data_dir, search_mode="lexical"))
    told = "prijavio da mu je ukraden auto, a ispostavilo se da ga je sam prodao"
    assert r.search(told, k=2).hits[0].id == "KZ T čl. 341"
    assert r.search("prijavio da mu je ukraden auto ispred zgrade", k=2).hits[0].id == "KZ T čl. 280"
