"""Ingesting law files as an admin does: --dry-run, law names, deleted articles, chapters, progress.

Real index (Chroma + bm25s + the local embedder) on tiny generated law texts.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from bot.formatting import format_article
from kodeks.errors import KodeksError
from retrieval.ingest.run import dry_run, ingest_paths
from retrieval.ingest.sources import LawInfo
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import chroma_chunks, settings_for
from tests.test_cli_retrieval import kodeks, problems

LAW = """KAZNENI ZAKON PRIMJERA

POSEBNI DIO
GLAVA XXV
KAZNENA DJELA PROTIV IMOVINE

Članak 1.
Krađa

(1) Tko tuđu pokretnu stvar oduzme drugome s ciljem prisvajanja, kaznit će se zatvorom.

Članak 2. – 3.

Članak 4.
Razbojništvo

Tko uporabom sile oduzme tuđu stvar, kaznit će se zatvorom najmanje godinu dana.

Članak 5.
(prestalo da važi)

ANEKS 1.
Popis predmeta
Predmeti od kulturne vrijednosti.
"""


@pytest.fixture
def law_file(tmp_path: Path) -> Path:
    path = tmp_path / "kz-primjer.txt"
    path.write_text(LAW, encoding="utf-8")
    return path


def test_dry_run_reports_every_entry_and_writes_nothing(tmp_path: Path, law_file: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    report = dry_run(settings, [law_file], LawInfo("KZ P"))
    assert (report["articles"], report["deleted"], report["annexes"]) == (2, 3, 1)
    (file,) = report["files"]
    assert (file["law"], file["articles"], file["deleted"], file["annexes"]) == ("KZ P", 2, 3, 1)
    rows = {e["article"]: e for e in file["entries"]}
    assert (
        rows["1"]["title"] == "Krađa"
        and rows["1"]["chapter"] == "POSEBNI DIO – GLAVA XXV – KAZNENA DJELA PROTIV IMOVINE"
    )
    assert rows["1"]["first_words"].startswith("(1) Tko tuđu") and rows["1"]["chars"] > 50
    assert rows["2"]["deleted"] and rows["5"]["deleted"] and rows["Aneks 1"]["kind"] == "annex"
    assert not (tmp_path / "idx").exists()


def test_cli_dry_run_json_and_table(tmp_path: Path, law_file: Path) -> None:
    done = kodeks(
        "ingest",
        "--dry-run",
        "--json",
        str(law_file),
        "--law",
        "KZ P",
        "--data-dir",
        str(tmp_path / "idx"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) >= {"files", "articles", "deleted", "warnings"}
    assert (report["articles"], report["deleted"]) == (2, 3)
    done = kodeks("ingest", "--dry-run", str(law_file), "--data-dir", str(tmp_path / "idx"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Razbojništvo" in done.stdout and "(deleted)" in done.stdout and "dry run" in done.stdout
    assert not (tmp_path / "idx").exists()


def test_deleted_articles_are_stored_never_indexed_and_clan_says_so(tmp_path: Path, law_file: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    report = ingest_paths(settings, [law_file], law_info=LawInfo("KZ P", "Kazneni zakon Primjera", "FBiH"))
    assert report.articles == 6 and report.chunks == 3  # 2 in force + the annex are embedded
    assert sorted(chroma_chunks(settings)) == ["KZ P Aneks 1#0", "KZ P čl. 1#0", "KZ P čl. 4#0"]
    retriever = Retriever.open(settings)
    deleted = retriever.get_article("KZ P", "3")
    assert deleted is not None and deleted.deleted
    for query in ("član 3 KZ P", "prestalo da važi", "oduzme tuđu stvar"):
        assert all(not h.article.deleted for h in retriever.search(query, k=10).hits)
    shown = "\n".join(format_article(deleted))
    assert "brisan" in shown and "nije važeći" in shown
    assert "KAZNENA DJELA PROTIV IMOVINE" in "\n".join(format_article(retriever.get_article("KZ P", "1")))


def test_same_file_again_without_law_keeps_its_name_and_another_name_is_refused(tmp_path: Path, law_file: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [law_file], law_info=LawInfo("KZ P"))
    again = ingest_paths(settings, [law_file])  # no --law: the name it is indexed under, not the file name
    assert (again.embedded, again.total_articles) == (0, 6)
    with pytest.raises(KodeksError, match=r"already indexed as law 'KZ P'.*--reindex"):
        ingest_paths(settings, [law_file], law_info=LawInfo("Drugi zakon"))
    assert Retriever.open(settings).laws() == ["KZ P"]
    renamed = ingest_paths(settings, [law_file], law_info=LawInfo("Drugi zakon"), reindex=True)
    assert renamed.total_articles == 6 and Retriever.open(settings).laws() == ["Drugi zakon"]


def test_cli_refusal_is_one_line_and_warnings_are_worded_once(tmp_path: Path, law_file: Path) -> None:
    data = str(tmp_path / "idx")
    done = kodeks("ingest", str(law_file), "--law", "KZ P", "--data-dir", data, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "KZ P: 2 articles, 3 deleted, 1 annex" in done.stdout
    done = kodeks("ingest", str(law_file), "--law", "Drugi", "--data-dir", data, cwd=tmp_path)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "already indexed as law 'KZ P'" in done.stderr
    jumpy = tmp_path / "jumpy.txt"
    jumpy.write_text("Član 1.\nPrvi tekst.\nČlan 9.\nDeveti tekst.\n", encoding="utf-8")
    done = kodeks("ingest", str(jumpy), "--jurisdiction", "FBiH", "--law", "J", "--data-dir", data, cwd=tmp_path)
    lines = problems(done.stderr)
    assert lines == [f"kodeks: warning: {jumpy}: article numbers jump (1 → 9): articles missing from the file?"]
    assert "skipped" not in done.stderr


def test_progress_lines_when_not_on_a_terminal(tmp_path: Path) -> None:
    from kodeks.cli.retrieval_commands import _Reporter

    reporter = _Reporter(None, every=0.0)
    err = io.StringIO()
    with redirect_stderr(err):
        reporter.file(Path("kz.pdf"), 0, 2)
        reporter.page(3, 66)
        reporter.embedding(10)(4)
    assert err.getvalue().splitlines()[0].startswith("kodeks: progress: reading kz.pdf (1/2)")
    assert "page 3/66" in err.getvalue() and "embedding 4/10 chunks" in err.getvalue()


def test_a_corpus_of_several_laws_is_reported_as_those_laws(tmp_path: Path) -> None:
    """The README's first ingest (the sample corpus: five laws in one JSONL) names all five, not the first."""
    from kodeks.cli.retrieval_commands import _file_line

    sample = Path(__file__).resolve().parents[1] / "data" / "sample" / "corpus.jsonl"
    report = dry_run(settings_for(tmp_path / "idx"), [sample])
    (file,) = report["files"]
    expected = list(
        dict.fromkeys(
            json.loads(line)["law"] for line in sample.read_text(encoding="utf-8").splitlines() if line.strip()
        )
    )
    assert len(expected) > 1 and file["laws"] == expected and file["law"] == expected[0]
    assert f"→ {len(expected)} laws ({', '.join(expected)}):" in _file_line(file)
