"""Index generations and the library as an admin runs it (issue 20): every write is a new generation made
current at once; readers are never cut off; old ones are cleaned up; a flat data dir from an older build
is read as it is and upgraded by the first write without re-embedding; `kodeks laws remove|rename`;
`--reindex FILE` touches only that file's law; counts agree between the ingest summary, `kodeks laws`
and what the bot lists. Real index (Chroma, bm25s, the local embedder) on tiny corpora."""

from __future__ import annotations

import gc
import json
import logging
import os
import weakref
from pathlib import Path

import pytest

from kodeks.errors import KodeksError
from retrieval.index.generations import POINTER, cleanup, current_paths, index_root, read_pointer
from retrieval.index.library import UnknownLaw, remove_laws, rename_law
from retrieval.ingest.run import ingest_paths
from retrieval.ingest.sources import LawInfo
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import (
    chroma_chunks,
    flat_copy,
    index_dir,
    invoke,
    one_line_error,
    row,
    settings_for,
    write_corpus,
)
from tests.test_ingest_laws import LAW

KZ = [
    row("KZ", "1", "Ko tuđu pokretnu stvar oduzme, kaznit će se zatvorom.", "Krađa"),
    row("KZ", "2", "Ko napravi lažnu ispravu, kaznit će se zatvorom.", "Krivotvorenje isprave"),
]
ZOBS = [row("ZOBS", "1", "Vozač koji odbije alkotest kaznit će se novčanom kaznom.", "Alkotest", jurisdiction="BiH")]
ZKP = [row("ZKP", "1", "Osumnjičeni ima pravo na branioca od prvog ispitivanja.", "Pravo na branioca")]


def generations(settings) -> list[str]:
    return sorted(p.name for p in index_root(settings).iterdir() if p.name.startswith("gen-"))


@pytest.fixture
def three_laws(tmp_path: Path):
    settings = settings_for(tmp_path / "idx")
    files = [
        write_corpus(tmp_path / f"{name}.jsonl", rows) for name, rows in (("kz", KZ), ("zobs", ZOBS), ("zkp", ZKP))
    ]
    report = ingest_paths(settings, files)
    assert report.built and report.embedded == 4
    return settings, files


# --- generations ----------------------------------------------------------------------------------


def test_each_change_is_a_new_current_generation_and_an_unchanged_ingest_writes_none(three_laws) -> None:
    settings, files = three_laws
    first = read_pointer(settings)
    assert generations(settings) == [first]
    again = ingest_paths(settings, files)
    assert (again.built, again.embedded, read_pointer(settings)) == (False, 0, first)
    write_corpus(files[0], [KZ[0], dict(KZ[1], text="Ko preinači pravu ispravu, kaznit će se zatvorom.")])
    changed = ingest_paths(settings, [files[0]])
    assert changed.built and changed.embedded == 1 and changed.generation != first
    assert read_pointer(settings) == changed.generation
    assert generations(settings) == [changed.generation]  # nobody read the old one: deleted
    manifest = json.loads((index_dir(settings) / "generation.json").read_text(encoding="utf-8"))
    assert (manifest["laws"], manifest["articles"], manifest["chunks"]) == (3, 4, 4)
    assert "preinači" in chroma_chunks(settings)["KZ čl. 2#0"]["document"]


def test_a_generation_without_title_vectors_is_upgraded_by_the_next_ingest_without_re_embedding(
    three_laws, caplog: pytest.LogCaptureFixture
) -> None:
    from retrieval.index.title_fields import META_FILE, VECTORS_FILE, has_vectors
    from retrieval.ranking.model import SHIPPED

    settings, files = three_laws
    old = current_paths(settings)
    assert has_vectors(old.root)  # the writer stores them with every generation
    for name in (META_FILE, VECTORS_FILE):  # as a generation written before the learned ranking's title vectors
        (old.root / name).unlink()
    with caplog.at_level(logging.WARNING, logger="retrieval.search.retriever"):
        reader = Retriever.open(settings)  # the shipped model: the hand order serves, nothing embedded at open
    assert reader.candidates.ranking is None
    assert "kodeks ingest" in caplog.text
    assert reader.search("krađa").hits[0].id == "KZ čl. 1"
    named = Retriever.open(settings.model_copy(update={"ranker": str(SHIPPED)}))  # a model named: embedded in memory
    assert named.candidates.ranking is not None
    assert named.search("krađa").hits[0].id == "KZ čl. 1"
    reader.close()
    named.close()
    assert not has_vectors(old.root)  # and nothing written by reading
    again = Retriever.open(settings)
    assert again.candidates.ranking is None
    again.close()
    report = ingest_paths(settings, files)
    assert (report.built, report.embedded) == (True, 0)
    assert has_vectors(current_paths(settings).root)
    upgraded = Retriever.open(settings)
    assert upgraded.candidates.ranking is not None  # the learned stage serves again
    upgraded.close()
    assert not ingest_paths(settings, files).built  # then an unchanged ingest writes none again


def test_a_generation_in_use_is_never_deleted_and_goes_once_let_go(three_laws) -> None:
    settings, files = three_laws
    reader = Retriever.open(settings)
    old = reader.generation
    write_corpus(files[1], [dict(ZOBS[0], text="Vozač koji odbije alkotest kaznit će se zatvorom.")])
    ingest_paths(settings, [files[1]])
    assert old in generations(settings)  # still read by `reader`
    assert reader.search("alkotest").hits[0].id == "ZOBS čl. 1"  # and still answers, from its own generation
    assert "novčanom" in reader.get("ZOBS čl. 1").text
    reader.close()
    assert old in cleanup(settings).removed and old not in generations(settings)


def test_a_flat_data_dir_is_read_as_it_is_and_upgraded_by_the_first_write_without_re_embedding(
    three_laws, tmp_path: Path
) -> None:
    settings, files = three_laws
    flat = settings_for(flat_copy(settings, tmp_path / "old"))
    before = sorted(p.name for p in flat.data_dir.iterdir())
    assert Retriever.open(flat).search("alkotest").hits[0].id == "ZOBS čl. 1"
    assert invoke("laws", "-d", str(flat.data_dir)).exit_code == 0
    assert sorted(p.name for p in flat.data_dir.iterdir()) == before  # reading created nothing
    report = ingest_paths(flat, files)
    assert (report.built, report.embedded, report.reused) == (True, 0, 4)
    assert read_pointer(flat) is not None
    assert sorted(p.name for p in flat.data_dir.iterdir()) == ["index"]  # the flat parts went
    assert Retriever.open(flat).search("krađa stvari").hits[0].id == "KZ čl. 1"


def test_a_half_built_generation_is_thrown_away_and_the_job_done_again(three_laws, tmp_path: Path) -> None:
    """What a kill -9 during an ingest leaves: a generation folder without generation.json, never current."""
    settings, _files = three_laws
    current = read_pointer(settings)
    half = index_root(settings) / "gen-000007-abcdef"
    (half / "chroma").mkdir(parents=True)
    (half / "articles.jsonl").write_text("{}\n", encoding="utf-8")
    assert Retriever.open(settings).generation == current
    new = write_corpus(tmp_path / "new.jsonl", [row("ZNN", "1", "Ko nosi nož na javnom mjestu, kaznit će se.", "Nož")])
    report = ingest_paths(settings, [new])
    assert report.embedded == 1 and not half.exists()
    assert report.generation not in (current, half.name)
    assert Retriever.open(settings).search("nož na javnom mjestu").hits[0].id == "ZNN čl. 1"


def test_a_damaged_pointer_is_one_clear_line(three_laws) -> None:
    settings, _ = three_laws
    (index_root(settings) / POINTER).write_text("garbage", encoding="utf-8")
    with pytest.raises(KodeksError, match=r"CURRENT is damaged.*generation.json"):
        Retriever.open(settings)


# --- --reindex, remove, rename ---------------------------------------------------------------------


def test_reindex_of_one_file_reembeds_that_law_only_and_keeps_the_others(three_laws) -> None:
    settings, files = three_laws
    before = chroma_chunks(settings)
    report = ingest_paths(settings, [files[0]], reindex=True)
    assert (report.embedded, report.index.laws, report.index.in_force) == (2, 3, 4)
    assert Retriever.open(settings).laws() == ["KZ", "ZKP", "ZOBS"]
    after = chroma_chunks(settings)
    assert set(after) == set(before) and after["ZKP čl. 1#0"] == before["ZKP čl. 1#0"]


def test_remove_one_law_everywhere(three_laws) -> None:
    settings, _ = three_laws
    change = remove_laws(settings, ["zobs"])  # a name as written by hand: case and diacritics folded
    assert [s.law for s in change.laws] == ["ZOBS"] and change.chunks == 1
    assert (change.result.counts.laws, change.result.counts.in_force) == (2, 3)
    retriever = Retriever.open(settings)
    assert retriever.laws() == ["KZ", "ZKP"] and retriever.get("ZOBS čl. 1") is None
    assert not any(cid.startswith("ZOBS") for cid in chroma_chunks(settings))
    assert all(not h.id.startswith("ZOBS") for h in retriever.search("vozač alkotest", k=10).hits)
    records = json.loads((index_dir(settings) / "laws.json").read_text(encoding="utf-8"))
    assert set(records) == {"KZ", "ZKP"}
    with pytest.raises(UnknownLaw, match="no law 'ZOBS' is loaded; the loaded laws are: KZ, ZKP"):
        remove_laws(settings, ["ZOBS"])


def test_rename_moves_ids_and_keeps_every_vector(three_laws) -> None:
    settings, _files = three_laws
    before = {cid: c for cid, c in chroma_chunks(settings).items() if cid.startswith("KZ ")}
    vectors = _vectors(settings, sorted(before))
    change = rename_law(settings, "KZ", "KZ FBiH")
    assert change.result.update.embedded == 0 and change.chunks == 2
    retriever = Retriever.open(settings)
    assert retriever.laws() == ["KZ FBiH", "ZKP", "ZOBS"]
    assert retriever.get("KZ čl. 2") is None and retriever.get("KZ FBiH čl. 2").law == "KZ FBiH"
    assert retriever.get_article("KZ FBiH", "2").title == "Krivotvorenje isprave"
    import numpy as np  # Chroma normalises on insert (cosine space): the copy equals to the last float32 digits

    assert np.allclose(_vectors(settings, ["KZ FBiH čl. 1#0", "KZ FBiH čl. 2#0"]), vectors, atol=1e-6)
    assert chroma_chunks(settings)["KZ FBiH čl. 1#0"]["document"].startswith("KZ FBiH, član 1")
    assert retriever.search("lažna isprava").hits[0].id == "KZ FBiH čl. 2"
    records = json.loads((index_dir(settings) / "laws.json").read_text(encoding="utf-8"))
    assert set(records) == {"KZ FBiH", "ZKP", "ZOBS"} and not records["KZ FBiH"].get("aliases")  # no alias unless asked
    with pytest.raises(KodeksError, match="already loaded"):
        rename_law(settings, "ZKP", "zobs")
    rename_law(settings, "ZKP", "ZKP FBiH", keep_alias=True)
    records = json.loads((index_dir(settings) / "laws.json").read_text(encoding="utf-8"))
    assert (
        records["ZKP FBiH"]["aliases"] == ["ZKP"]
        and records["ZKP FBiH"]["ingested_at"] == records["ZOBS"]["ingested_at"]
    )
    assert Retriever.open(settings).get_article("ZKP", "1").law == "ZKP FBiH"


def test_a_renamed_law_file_is_ingested_again_under_its_new_name(tmp_path: Path) -> None:
    law_file = tmp_path / "kz-primjer.txt"
    law_file.write_text(LAW, encoding="utf-8")
    settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [law_file], law_info=LawInfo("KZ P"))
    rename_law(settings, "KZ P", "KZ Primjer")
    again = ingest_paths(settings, [law_file])  # no --law: the name it is indexed under now
    assert (again.embedded, again.built) == (0, False)
    assert Retriever.open(settings).laws() == ["KZ Primjer"]


def _vectors(settings, ids: list[str]) -> list[list[float]]:
    from retrieval.index.chroma import open_collection
    from retrieval.index.embedders import make_embedder

    got = open_collection(settings, make_embedder(settings).identity, create=False).get(ids=ids, include=["embeddings"])
    by_id = dict(zip(got["ids"], got["embeddings"]))
    return [list(map(float, by_id[i])) for i in ids]


def test_cli_remove_rename_and_remove_all(three_laws) -> None:
    settings, _ = three_laws
    data = str(settings.data_dir)
    result = invoke("laws", "remove", "ZNEMA", "-d", data)
    assert "the loaded laws are: KZ, ZKP, ZOBS" in one_line_error(result)
    result = invoke("laws", "rename", "ZKP", "ZKP BiH", "-d", data)
    assert result.exit_code == 0, result.output
    assert "renamed ZKP (1 article in force) to ZKP BiH" in result.stdout and "0 embedded" in result.stdout
    result = invoke("laws", "remove", "ZOBS", "-d", data)  # not a terminal: one law goes without a question
    assert result.exit_code == 0, result.output
    assert "removed ZOBS (1 article in force)" in result.stdout and "2 laws, 3 articles in force" in result.stdout
    result = invoke("laws", "remove", "--all", "-d", data)  # not a terminal and no --yes: refused
    assert "--yes" in one_line_error(result)
    assert invoke("laws", "-d", data).stdout.rstrip().endswith("2 laws, 3 articles")
    result = invoke("-d", data, "laws", "remove", "--all", "--yes")
    assert result.exit_code == 0, result.output
    assert invoke("laws", "-d", data).stdout.strip() == "no laws loaded"
    assert "is empty" in one_line_error(invoke("search", "krađa", "-d", data))
    help_text = invoke("laws", "--help").stdout
    assert "remove" in help_text and "rename" in help_text


# --- counts that agree -----------------------------------------------------------------------------


def test_ingest_summary_laws_and_the_bot_list_count_the_same_articles(tmp_path: Path) -> None:
    law_file = tmp_path / "kz-primjer.txt"
    law_file.write_text(LAW, encoding="utf-8")
    data = str(tmp_path / "idx")
    done = invoke("ingest", str(law_file), "--law", "KZ P", "--jurisdiction", "FBiH", "-d", data)
    assert done.exit_code == 0, done.output
    assert "articles: 2 in force, 3 deleted, 1 annex" in done.stdout
    assert "index now holds 1 law: 2 articles in force, 3 deleted, 1 annex" in done.stdout
    done = invoke("ingest", str(law_file), "--law", "KZ P", "--json", "-d", data)
    summary = json.loads(done.stdout)
    assert summary["index"] == {"laws": 1, "articles": 2, "deleted": 3, "annexes": 1}
    listed = json.loads(invoke("laws", "--json", "-d", data).stdout)
    assert (listed["articles"], listed["deleted"], listed["annexes"]) == (2, 3, 1)
    assert (
        "2 articles" in invoke("laws", "-d", data).stdout
        and "(3 deleted, 1 annex)" in invoke("laws", "-d", data).stdout
    )
    [law] = Retriever.open(settings_for(Path(data))).law_summaries()  # what /zakoni shows
    assert (law.articles, law.deleted, law.annexes) == (2, 3, 1)


def test_reindex_under_a_new_name_replaces_the_old_entries_of_that_file(tmp_path: Path) -> None:
    law_file = tmp_path / "kz-primjer.txt"
    law_file.write_text(LAW, encoding="utf-8")
    settings = settings_for(tmp_path / "idx")
    other = write_corpus(tmp_path / "zobs.jsonl", ZOBS)
    ingest_paths(settings, [law_file, other], law_info=None)
    report = ingest_paths(settings, [law_file], law_info=LawInfo("KZ P"), reindex=True)
    assert Retriever.open(settings).laws() == ["KZ P", "ZOBS"]
    assert report.index.laws == 2


def test_opening_writes_nothing_in_the_data_dir(three_laws) -> None:
    settings, _ = three_laws
    root = settings.data_dir
    stamp = {p: (p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*") if p.is_file()}
    retriever = Retriever.open(settings)
    retriever.search("krađa")
    retriever.law_summaries()
    assert {p: (p.stat().st_mtime_ns, p.stat().st_size) for p in root.rglob("*") if p.is_file()} == stamp
    assert not retriever.collection.is_open  # exact dense search never opened Chroma
    ref = weakref.ref(retriever)
    retriever.close()
    del retriever
    gc.collect()
    assert ref() is None
    assert os.path.basename(str(current_paths(settings).root)).startswith("gen-")


def test_a_retriever_dropped_without_close_is_freed_at_once(three_laws) -> None:
    """No reference cycle through the retriever's parts (the learned stage's signals, caches): the last reference
    gone, it is freed by reference counting, not at some later GC pass — its reader lease on the generation goes
    with it, so a switched-away generation can be cleaned up."""
    settings, _ = three_laws
    retriever = Retriever.open(settings)
    retriever.search("krađa")
    ref = weakref.ref(retriever)
    gc.disable()
    try:
        del retriever
        assert ref() is None
    finally:
        gc.enable()


# --- What we know of Chroma beyond its client API (retrieval/index/chroma.py, building.py) -------------------------


def test_chromas_private_sqlite_still_says_what_its_public_api_says(sample_index, tmp_path: Path) -> None:
    """identity_in_file reads chroma.sqlite3's tables without opening Chroma (Chroma has no read-only open); the
    copy of a generation copies its folder. A Chroma release that changes either must fail here, by name."""
    from retrieval.index.building import copy_chroma_folder
    from retrieval.index.chroma import chroma_client, close_client, identity_in_file, recorded_identity

    paths = current_paths(sample_index)
    name = paths.collection_name(sample_index)
    client = chroma_client(sample_index, paths, create=False)
    try:
        collection = client.get_collection(name, embedding_function=None)
        public, count = recorded_identity(collection), collection.count()
    finally:
        close_client(client)
    assert public is not None
    assert identity_in_file(paths, name) == public, (
        "chromadb changed chroma.sqlite3 (tables collections / collection_metadata / embeddings): "
        "retrieval/index/chroma.py identity_in_file no longer reads the embedder; update it and chromadb's pin"
    )
    copy = tmp_path / "chroma"
    copy_chroma_folder(paths.chroma, copy)
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    copied = chromadb.PersistentClient(path=str(copy), settings=ChromaSettings(anonymized_telemetry=False))
    try:
        assert copied.get_collection(name, embedding_function=None).count() == count, (
            "a copied Chroma folder (retrieval/index/building.py copy_chroma_folder) no longer opens whole: "
            "chromadb changed its folder layout"
        )
    finally:
        close_client(copied)
