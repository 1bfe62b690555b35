"""Updating a loaded law as an admin does (issue 35): what an update keeps (jurisdiction, title, aliases),
what it prints as changed, and what it refuses before writing anything — most of a law removed or
changed, a law replaced from a source of another kind, the illustrative sample beside real law — and the
laws.toml beside a file given alone. Real index (Chroma, bm25s, the local embedder) on tiny law texts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from retrieval.index.articles import load_articles
from retrieval.index.generations import current_paths, read_pointer
from retrieval.index.law_catalog import load_law_records
from retrieval.ingest.run import dry_run, ingest_paths
from retrieval.ingest.sources import LawInfo, read_toml_aliases
from retrieval.ingest.update_checks import SampleRefused, UpdateRefused
from tests.fixtures_index import SAMPLE_CORPUS
from tests.retrieval_helpers import invoke, one_line_error, row, settings_for, write_corpus

ARTICLES = [
    "Ko tuđu pokretnu stvar oduzme drugom, kaznit će se zatvorom do tri godine.",
    "Ko napravi lažnu ispravu, kaznit će se zatvorom do tri godine.",
    "Ko upotrebom sile oduzme tuđu stvar, kaznit će se zatvorom od jedne do deset godina.",
    "Ko drugog teško tjelesno ozlijedi, kaznit će se zatvorom od šest mjeseci do pet godina.",
    "Ko drugog liši života, kaznit će se zatvorom najmanje pet godina.",
]
TOML = '["kz.txt"]\nlaw = "KZ P"\ntitle = "Krivični zakon primjera"\njurisdiction = "FBiH"\naliases = ["KZP"]\n'


def law_text(texts: list[str]) -> str:
    return "".join(f"Član {n}.\n{text}\n\n" for n, text in enumerate(texts, 1))


@pytest.fixture
def loaded(tmp_path: Path):
    """KZ P (5 articles, FBiH, a title and an alias) ingested from a folder with its laws.toml."""
    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "laws.toml").write_text(TOML, encoding="utf-8")
    (folder / "kz.txt").write_text(law_text(ARTICLES), encoding="utf-8")
    settings = settings_for(tmp_path / "idx")
    assert ingest_paths(settings, [folder]).embedded == 5
    return settings, folder


def test_an_update_keeps_what_it_does_not_change_and_prints_what_it_does(loaded, tmp_path: Path) -> None:
    settings, folder = loaded
    amended = tmp_path / "kz-2025.txt"  # the guide's update: a new file under the law's name, one article amended
    amended.write_text(
        law_text([*ARTICLES[:4], "Ko drugog liši života, kaznit će se zatvorom najmanje deset godina."]),
        encoding="utf-8",
    )
    report = ingest_paths(settings, [amended], law_info=LawInfo("KZ P"))
    assert report.embedded == 1 and not report.replaced
    stored = load_articles(current_paths(settings).root)
    assert {(a.jurisdiction, a.law_title) for a in stored.values()} == {("FBiH", "Krivični zakon primjera")}
    records = load_law_records(current_paths(settings).root)
    assert records["KZ P"]["aliases"] == ["KZP"] and records["KZ P"]["source"] == str(amended.resolve())
    assert [str(c) for c in report.changes] == [f"KZ P: source {(folder / 'kz.txt').resolve()} → {amended.resolve()}"]
    assert not any("jurisdiction" in str(p) for p in report.problems)  # no "no jurisdiction" warning either

    done = invoke(
        "ingest", str(amended), "--law", "KZ P", "--jurisdiction", "BiH", "--data-dir", str(settings.data_dir)
    )
    assert done.exit_code == 0, done.output
    assert "changed: KZ P: jurisdiction FBiH → BiH\n" in done.stdout and "embedded: 0" in done.stdout
    listed = invoke("laws", "--data-dir", str(settings.data_dir))
    assert "BiH:\n  KZ P" in listed.stdout and "Krivični zakon primjera" in listed.stdout
    assert "(also: KZP)" in listed.stdout
    [law] = json.loads(invoke("laws", "--json", "--data-dir", str(settings.data_dir)).stdout)["jurisdictions"][0][
        "laws"
    ]
    assert (law["jurisdiction"], law["title"], law["aliases"]) == ("BiH", "Krivični zakon primjera", ["KZP"])


def test_an_update_that_would_remove_or_change_most_of_a_law_stops_before_writing(loaded, tmp_path: Path) -> None:
    settings, _folder = loaded
    before = read_pointer(settings)
    sample = write_corpus(tmp_path / "corpus.jsonl", [row("KZ P", "1", ARTICLES[0])])  # same law name, 1 article
    with pytest.raises(
        UpdateRefused,
        match=r"KZ P: 4 of its 5 articles in force removed and 0 changed, from .*kz\.txt "
        r"to .*corpus\.jsonl \(law file → corpus JSONL\).*--yes to insist",
    ):
        ingest_paths(settings, [sample])
    rewritten = tmp_path / "kz.txt"  # another text under the same name: 3 of 5 articles changed
    rewritten.write_text(law_text([f"Izmijenjen član broj {n}." for n in (1, 2, 3)] + ARTICLES[3:]), encoding="utf-8")
    with pytest.raises(UpdateRefused, match=r"KZ P: 0 of its 5 articles in force removed and 3 changed"):
        ingest_paths(settings, [rewritten], law_info=LawInfo("KZ P"))
    assert read_pointer(settings) == before and len(load_articles(current_paths(settings).root)) == 5

    refused = invoke("ingest", str(sample), "--data-dir", str(settings.data_dir))
    line = one_line_error(refused)
    assert "KZ P: 4 of its 5 articles in force removed" in line and "nothing was written" in line.lower()
    shown = dry_run(settings, [sample])
    assert shown["losses"][0]["removed"] == 4 and any("--yes to insist" in w for w in shown["warnings"])
    assert read_pointer(settings) == before

    insisted = invoke("ingest", str(sample), "--yes", "--data-dir", str(settings.data_dir))
    assert insisted.exit_code == 0, insisted.output
    assert "removed: 4" in insisted.stdout and "replaced as insisted (--yes): KZ P: 4 of its 5" in insisted.stderr


def test_a_corpus_never_silently_replaces_a_law_read_from_its_text_file(loaded, tmp_path: Path) -> None:
    settings, _ = loaded
    stored = load_articles(current_paths(settings).root)
    same = write_corpus(tmp_path / "kz.jsonl", [row(a.law, a.article, a.text, a.title) for a in stored.values()])
    with pytest.raises(
        UpdateRefused, match=r"0 of its 5 articles in force removed and 0 changed.*\(law file → corpus JSONL\)"
    ):
        ingest_paths(settings, [same])
    report = ingest_paths(settings, [same], yes=True)
    assert report.embedded == 0 and [loss.law for loss in report.replaced] == ["KZ P"]


def test_the_sample_never_joins_or_replaces_real_laws_even_with_yes(tmp_path: Path) -> None:
    real = settings_for(tmp_path / "real")
    ingest_paths(real, [write_corpus(tmp_path / "kz.jsonl", [row("KZ FBiH", "1", ARTICLES[0])])])
    with pytest.raises(
        SampleRefused, match=r"would replace the real law\(s\) KZ FBiH in this data dir.*--data-dir var/try"
    ):
        ingest_paths(real, [SAMPLE_CORPUS], yes=True)
    assert "--yes does not override this" in dry_run(real, [SAMPLE_CORPUS])["sample_refused"]
    refused = invoke("ingest", str(SAMPLE_CORPUS), "--yes", "--data-dir", str(real.data_dir))
    assert "--data-dir var/try" in one_line_error(refused)
    assert list(load_articles(current_paths(real).root)) == ["KZ FBiH čl. 1"]


def test_real_laws_beside_the_sample_are_warned_and_the_sample_joining_real_laws_refused(
    sample_index, tmp_path: Path
) -> None:
    law = write_corpus(tmp_path / "zakon.jsonl", [row("ZP", "1", ARTICLES[1])])
    report = dry_run(sample_index, [law])
    assert report["sample_refused"] is None  # real law loaded on purpose into a try-out dir: warned
    assert any(
        "holds 14 articles of the illustrative sample laws" in w and "kodeks laws remove --all" in w
        for w in report["warnings"]
    )
    real = settings_for(tmp_path / "real")
    ingest_paths(real, [law])
    with pytest.raises(SampleRefused, match=r"would join 1 real articles in this data dir"):
        ingest_paths(real, [SAMPLE_CORPUS])


def test_laws_toml_names_a_file_given_alone(tmp_path: Path) -> None:
    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "laws.toml").write_text(TOML, encoding="utf-8")
    (folder / "kz.txt").write_text(law_text(ARTICLES[:2]), encoding="utf-8")
    (folder / "drugi.txt").write_text(law_text(ARTICLES[2:3]), encoding="utf-8")
    [file] = dry_run(None, [folder / "kz.txt"])["files"]
    assert file["law"] == "KZ P" and not file["warnings"]  # its jurisdiction came from laws.toml too
    assert read_toml_aliases([folder / "kz.txt"]) == {"KZ P": ["KZP"]}
    assert read_toml_aliases([folder / "drugi.txt"]) == {}
    from retrieval.ingest.reading import read_inputs

    [article, _] = read_inputs([folder / "kz.txt"], LawInfo("KZ P", jurisdiction="BiH")).articles
    assert (article.law_title, article.jurisdiction) == ("Krivični zakon primjera", "BiH")  # the flag wins
    [other] = read_inputs([folder / "drugi.txt"], None).articles
    assert other.law == "drugi"
