"""What an ingest checks against the library it joins (retrieval/ingest/library_checks.py): the same law
under another name or file is refused (`--allow-duplicate` to insist), a law without a jurisdiction is
warned about with the command that fixes it, the illustrative sample never mixes silently with real laws —
and an answer citing a sample article says it is illustrative. Real index, real embedder, small texts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.formatting import citation_line
from kodeks.answering import Answerer
from retrieval.index.articles import load_articles
from retrieval.index.generations import current_paths
from retrieval.ingest.run import dry_run, ingest_paths
from retrieval.ingest.sources import LawInfo
from tests.fixtures_index import SAMPLE_CORPUS
from tests.retrieval_helpers import invoke, one_line_error, row, settings_for, write_corpus

ARTICLES = [
    ("Predmet", "Ovim zakonom se uređuju krivična djela i krivičnopravne sankcije u Federaciji."),
    ("Krađa", "Ko tuđu pokretnu stvar oduzme drugom u namjeri da je prisvoji kaznit će se zatvorom do tri godine."),
    (
        "Teška krađa",
        "Ko krađu učini provaljivanjem zatvorenih prostorija kaznit će se zatvorom od jedne do osam godina.",
    ),
    (
        "Razbojništvo",
        "Ko upotrebom sile ili prijetnje oduzme tuđu pokretnu stvar kaznit će se zatvorom od jedne do deset godina.",
    ),
    ("Utaja", "Ko prisvoji tuđu pokretnu stvar koja mu je povjerena kaznit će se zatvorom do tri godine."),
]
STANDARD = "Ovaj zakon stupa na snagu osmog dana od dana objavljivanja u Službenim novinama Federacije BiH."


def law_text(articles: list[tuple[str, str]]) -> str:
    return "\n\n".join(f"Član {n}.\n{title}\n{text}" for n, (title, text) in enumerate(articles, 1)) + "\n"


@pytest.fixture
def library(tmp_path: Path) -> Any:
    """A data dir holding one real-looking law, read from kz.txt."""
    source = tmp_path / "kz.txt"
    source.write_text(law_text(ARTICLES), encoding="utf-8")
    settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [source], LawInfo("KZ P", "Krivični zakon primjer", "FBiH"))
    return settings, source


# --- duplicates -------------------------------------------------------------------------------------------


def test_the_same_text_from_another_file_under_another_name_is_refused(library: Any, tmp_path: Path) -> None:
    settings, source = library
    copy = tmp_path / "kopija" / "kz-kopija.txt"
    copy.parent.mkdir()
    copy.write_text(law_text(ARTICLES).replace("Federaciji", "federaciji"), encoding="utf-8")  # folded: the same
    done = invoke(
        "ingest", str(copy), "--law", "KZ kopija", "--jurisdiction", "FBiH", "--data-dir", str(settings.data_dir)
    )
    line = one_line_error(done)
    assert line == (
        f"kodeks: {copy}: 5 of 5 article texts of law 'KZ kopija' (100%) are already indexed as law "
        f"'KZ P' (from {source.resolve()}): the same law under another name or file. Ingest it with "
        "--law 'KZ P' to update that law, or --allow-duplicate to index a second copy; nothing was indexed"
    )
    assert not any(a.law == "KZ kopija" for a in load_articles(current_paths(settings).root).values())
    report = dry_run(settings, [copy], LawInfo("KZ kopija", "", "FBiH"))  # the dry run warns, refuses nothing
    assert report["duplicates"] == [{"law": "KZ kopija", "file": str(copy), "shared": 5, "total": 5, "other": "KZ P"}]
    assert any("already indexed as law 'KZ P'" in w for w in report["files"][0]["warnings"])
    done = invoke(
        "ingest",
        str(copy),
        "--law",
        "KZ kopija",
        "--jurisdiction",
        "FBiH",
        "--allow-duplicate",
        "--data-dir",
        str(settings.data_dir),
    )
    assert done.exit_code == 0 and "already indexed as law 'KZ P'" in done.stderr  # insisted: indexed, still said


def test_updating_a_law_under_its_own_name_is_no_duplicate(library: Any, tmp_path: Path) -> None:
    settings, _ = library
    other = tmp_path / "novi" / "kz-2025.txt"
    other.parent.mkdir()
    other.write_text(law_text(ARTICLES), encoding="utf-8")
    report = ingest_paths(settings, [other], LawInfo("KZ P", "Krivični zakon primjer", "FBiH"))
    assert report.articles == 5 and not any("already indexed" in str(p) for p in report.problems)


def test_a_few_standard_articles_shared_by_two_laws_are_no_duplicate(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    first = [*ARTICLES, ("Stupanje na snagu", STANDARD)]
    ingest_paths(
        settings,
        [
            write_corpus(
                tmp_path / "a.jsonl", [row("ZA", str(n), text, title) for n, (title, text) in enumerate(first, 1)]
            )
        ],
    )
    second = [
        ("Predmet", "Ovim zakonom se uređuje javni red i mir."),
        ("Tuča", "Ko se tuče na javnom mjestu kaznit će se novčanom kaznom."),
        ("Vika", "Ko viče na javnom mjestu kaznit će se novčanom kaznom."),
        ("Stupanje na snagu", STANDARD),
    ]
    report = ingest_paths(
        settings,
        [
            write_corpus(
                tmp_path / "b.jsonl", [row("ZJRM", str(n), text, title) for n, (title, text) in enumerate(second, 1)]
            )
        ],
    )
    assert report.articles == 4 and not any("already indexed" in str(p) for p in report.problems)


def test_two_copies_in_one_ingest_are_caught_too(tmp_path: Path) -> None:
    rows_a = [row("ZA", str(n), text, title) for n, (title, text) in enumerate(ARTICLES, 1)]
    rows_b = [row("ZB", str(n), text, title) for n, (title, text) in enumerate(ARTICLES, 1)]
    report = dry_run(
        settings_for(tmp_path / "idx"),
        [write_corpus(tmp_path / "a.jsonl", rows_a), write_corpus(tmp_path / "b.jsonl", rows_b)],
    )
    assert [(d["law"], d["other"]) for d in report["duplicates"]] == [("ZB", "ZA")]


# --- no jurisdiction ----------------------------------------------------------------------------------


def test_a_law_without_jurisdiction_is_warned_with_the_exact_command(tmp_path: Path) -> None:
    law = tmp_path / "kz-rs.txt"
    law.write_text(law_text(ARTICLES[:2]), encoding="utf-8")
    report = dry_run(None, [law], LawInfo("KZ RS", "Krivični zakonik Republike Srpske"))
    [warning] = report["files"][0]["warnings"]
    assert warning == (
        f"{law}: law 'KZ RS' has no jurisdiction, so it is served to no officer who has one "
        "(KODEKS_DEFAULT_JURISDICTION, KODEKS_USER_JURISDICTIONS, /nadleznost). Fix: kodeks ingest "
        f'{law} --law "KZ RS" --title "Krivični zakonik Republike Srpske" --jurisdiction RS'
    )
    corpus = write_corpus(tmp_path / "c.jsonl", [row("ZX", "1", "Tekst.", jurisdiction="")])
    [warning] = dry_run(None, [corpus])["files"][0]["warnings"]
    assert warning.endswith(
        'Fix: add "jurisdiction": "CODE" to its rows and ingest it again (CODE: one of BiH, FBiH, '
        "RS, BD, USK, PK, TK, ZDK, BPK, SBK, HNK, ZHK, KS, K10)"
    )
    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "zobs.txt").write_text(law_text(ARTICLES[:1]), encoding="utf-8")
    [warning] = dry_run(None, [folder])["warnings"]
    assert """laws.toml (["zobs.txt"] law = "zobs" jurisdiction = "CODE")""" in warning


def test_a_law_with_a_jurisdiction_is_not_warned(tmp_path: Path) -> None:
    law = tmp_path / "kz.txt"
    law.write_text(law_text(ARTICLES[:2]), encoding="utf-8")
    assert dry_run(None, [law], LawInfo("KZ P", "", "FBiH"))["warnings"] == []


# --- the illustrative sample ----------------------------------------------------------------------------


def test_the_sample_and_real_laws_never_mix_silently(library: Any, tmp_path: Path) -> None:
    settings, source = library
    report = dry_run(settings, [SAMPLE_CORPUS])
    assert any(
        "the illustrative sample laws (data/sample, not law in force) would join 5 real articles" in w
        for w in report["warnings"]
    )
    sample_dir = settings_for(tmp_path / "sample")
    ingest_paths(sample_dir, [SAMPLE_CORPUS])
    report = dry_run(sample_dir, [source], LawInfo("KZ P", "", "FBiH"))
    assert any("this data dir holds 14 articles of the illustrative sample laws" in w for w in report["warnings"])
    assert dry_run(settings_for(tmp_path / "fresh"), [SAMPLE_CORPUS])["warnings"] == []  # its own data dir: fine


async def test_an_answer_citing_a_sample_law_says_it_is_illustrative(retriever: Any) -> None:
    result = retriever.search("neko mi je krivotvorio potpis")
    assert all(h.article.illustrative for h in result.hits)
    assert all(h.to_dict()["illustrative"] is True for h in result.hits)
    answer = await Answerer(retriever.settings).answer("neko mi je krivotvorio potpis", result)
    assert answer.text.split("\n\n")[-1].startswith("⚠️ Ilustrativni primjer: citirani članovi (KZ FBiH")
    assert "a ne važeći propis – ne postupajte po ovom odgovoru" in answer.text
    assert citation_line(result.hits[0].article).endswith("(ilustrativni primjer)")


def test_kodeks_ask_says_it_too(sample_index: Any) -> None:
    done = invoke("ask", "sta ako vozac odbije alkotest", "--no-log", "--data-dir", str(sample_index.data_dir))
    assert done.exit_code == 0 and "⚠️ Ilustrativni primjer:" in done.stdout
    done = invoke("search", "sta ako vozac odbije alkotest", "--json", "--data-dir", str(sample_index.data_dir))
    assert json.loads(done.stdout)["hits"][0]["illustrative"] is True
