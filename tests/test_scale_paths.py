"""What keeps a large library small in memory, on small real indexes (real Chroma, real embedder):
text hydration from the catalog, the compact float16 vectors, the HNSW dense path and its switch,
the memory-mapped lexical index with its token table, and the benchmark-only embedder's refusal."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from kodeks.errors import KodeksError
from retrieval.index.articles import load_articles
from retrieval.index.catalog import CATALOG_FILE, Catalog
from retrieval.index.lexical import LexicalIndex, TokenTable
from retrieval.index.opening import dense_mode
from retrieval.index.vectors import DENSE_DIR, VECTORS, load_vectors
from retrieval.ingest.run import ingest_paths
from retrieval.search.retriever import Retriever
from tests.fixtures_index import SAMPLE_CORPUS
from tests.retrieval_helpers import chroma_chunks, flat_copy, index_dir, settings_for

QUERIES = [
    "neko mi je krivotvorio potpis",
    "sta ako vozac odbije alkotest",
    "возач одбије алкотест",
    "ukrao mi je mobitel",
    "lažne novčanice",
]


@pytest.fixture
def sample_copy(sample_index, tmp_path: Path) -> Path:
    """A private copy of the sample index in the flat layout an older build wrote (every part directly in
    the data dir), for tests that change files in it as an older build would have left them."""
    return flat_copy(sample_index, tmp_path / "idx")


def _ids(result) -> list[str]:
    return [h.id for h in result.hits]


# --- text hydration -------------------------------------------------------------------------------


def test_served_hits_carry_the_full_article_and_its_chunk_read_from_disk(retriever, sample_index) -> None:
    stored = load_articles(index_dir(sample_index))
    documents = {cid: c["document"] for cid, c in chroma_chunks(sample_index).items()}
    result = retriever.search("sta ako vozac odbije alkotest", k=5)
    for hit in result.hits:
        assert hit.article == stored[hit.id]  # every field, the text included, as ingested
        assert hit.excerpt in documents.values()
    assert retriever.get("ZOBS BiH čl. 174") == stored["ZOBS BiH čl. 174"]
    assert retriever.get_article("zobs bih", "174") == stored["ZOBS BiH čl. 174"]
    assert [a.id for a in retriever.resolve_reference("član 42 KZ FBiH")] == ["KZ FBiH čl. 42"]
    assert set(retriever.articles) == set(stored) and len(retriever.articles) == len(stored)


def test_the_retriever_keeps_no_article_or_chunk_text_in_memory(retriever) -> None:
    assert isinstance(retriever.articles, Catalog)
    held = [v for v in vars(retriever).values() if isinstance(v, (list, dict))]
    assert not any(
        isinstance(x, str) and len(x) > 200 for v in held for x in (v.values() if isinstance(v, dict) else v)
    )


def test_a_missing_or_stale_catalog_is_rebuilt_from_the_article_table(sample_copy: Path) -> None:
    (sample_copy / CATALOG_FILE).unlink()
    first = Retriever.open(settings_for(sample_copy))
    assert (sample_copy / CATALOG_FILE).exists()
    assert _ids(first.search("neko mi je krivotvorio potpis"))[0] == "KZ FBiH čl. 373"
    # articles.jsonl edited after the catalog was written (by hand, or by an older build): rebuilt
    path = sample_copy / "articles.jsonl"
    path.write_text(
        path.read_text(encoding="utf-8").replace("Krivotvorenje isprave", "Krivotvorenje isprave (izmijenjeno)"),
        encoding="utf-8",
    )
    second = Retriever.open(settings_for(sample_copy))
    assert second.get("KZ FBiH čl. 373").title == "Krivotvorenje isprave (izmijenjeno)"


def test_new_article_fields_flow_through_the_catalog(tmp_path: Path) -> None:
    from tests.retrieval_helpers import row, write_corpus

    corpus = write_corpus(
        tmp_path / "c.jsonl",
        [row("KZ", "1", "Ko napravi lažnu ispravu kaznit će se.", chapter="GLAVA XXVIII", source_page=17)],
    )
    settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [corpus])
    article = Retriever.open(settings).search("lažna isprava").hits[0].article
    # chapter is an Article field (ARTICLE_FIELDS), source_page an extra: both come back from the catalog.
    assert article.chapter == "GLAVA XXVIII" and article.extra["source_page"] == 17


# --- compact vectors ------------------------------------------------------------------------------


def test_ingest_writes_float16_vectors_aligned_with_the_lexical_index(sample_index) -> None:
    from retrieval.index.chroma import open_collection
    from retrieval.index.embedders import make_embedder

    chunk_ids = LexicalIndex.load(index_dir(sample_index) / "lexical").chunk_ids
    vectors = load_vectors(index_dir(sample_index) / DENSE_DIR, chunk_ids)
    assert vectors is not None and vectors.dtype == np.float16 and vectors.shape[0] == len(chunk_ids)
    collection = open_collection(sample_index, make_embedder(sample_index).identity, create=False)
    got = collection.get(ids=chunk_ids, include=["embeddings"])
    full = dict(zip(got["ids"], np.asarray(got["embeddings"], dtype=np.float32)))
    exact = np.vstack([full[cid] for cid in chunk_ids])
    assert np.abs(vectors.astype(np.float32) - exact).max() < 1e-3  # float16 keeps cosine to ~1e-4


def test_float16_scoring_ranks_like_float32(retriever, sample_index) -> None:
    """Exact search over the float16 file gives the same order as float32 vectors read from Chroma."""
    from retrieval.index.vectors import read_chroma_vectors

    assert retriever.dense_search == "exact"
    full = read_chroma_vectors(retriever.collection, retriever.chunk_ids).astype(np.float32)
    for q in QUERIES:
        qv = retriever.embedder.embed_query(q)
        f16 = np.argsort(-(retriever.dense.matrix @ qv))[:10]
        f32 = np.argsort(-(full @ qv))[:10]
        assert list(f16[:5]) == list(f32[:5])


def test_an_index_without_the_compact_vectors_opens_and_the_next_ingest_writes_them(sample_copy: Path) -> None:
    shutil.rmtree(sample_copy / DENSE_DIR)
    (sample_copy / CATALOG_FILE).unlink()
    settings = settings_for(sample_copy)
    retriever = Retriever.open(settings)  # vectors read back from Chroma
    assert _ids(retriever.search("sta ako vozac odbije alkotest"))[0] == "ZOBS BiH čl. 174"
    report = ingest_paths(settings, [SAMPLE_CORPUS])
    assert report.embedded == 0
    assert (index_dir(sample_copy) / DENSE_DIR / VECTORS).exists()


def test_vectors_out_of_step_with_the_lexical_index_are_not_used(sample_copy: Path) -> None:
    meta = sample_copy / DENSE_DIR / "vectors.json"
    meta.write_text(meta.read_text().replace('"ids": "', '"ids": "0'), encoding="utf-8")
    retriever = Retriever.open(settings_for(sample_copy))  # falls back to Chroma's vectors
    assert _ids(retriever.search("neko mi je krivotvorio potpis"))[0] == "KZ FBiH čl. 373"


# --- the HNSW path and the switch ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def hnsw_retriever(sample_index):
    return Retriever.open(settings_for(sample_index.data_dir, dense_search="hnsw"))


def test_the_switch(sample_index) -> None:
    assert dense_mode(settings_for(sample_index.data_dir), 20_000) == "exact"
    assert dense_mode(settings_for(sample_index.data_dir), 20_001) == "hnsw"
    assert dense_mode(settings_for(sample_index.data_dir, exact_max_chunks=10), 11) == "hnsw"
    assert dense_mode(settings_for(sample_index.data_dir, dense_search="exact"), 10**6) == "exact"
    small = Retriever.open(settings_for(sample_index.data_dir, exact_max_chunks=1))
    assert small.dense_search == "hnsw" and small.dense.matrix is None


def test_hnsw_search_finds_what_exact_search_finds(retriever, hnsw_retriever) -> None:
    assert hnsw_retriever.dense_search == "hnsw" and hnsw_retriever.dense.matrix is None
    for q in QUERIES:
        exact, hnsw = retriever.search(q, k=5, threshold=-1.0), hnsw_retriever.search(q, k=5, threshold=-1.0)
        assert _ids(hnsw)[0] == _ids(exact)[0]
        assert len(set(_ids(hnsw)) & set(_ids(exact))) >= 4
        top = hnsw.hits[0]
        assert top.similarity == pytest.approx(exact.hits[0].similarity, abs=1e-3)  # re-scored exactly
        assert top.excerpt and top.article.text


def test_hnsw_search_keeps_filters_and_the_fallback_chain(hnsw_retriever) -> None:
    assert {h.article.law for h in hnsw_retriever.search("krađa", law="kz fbih").hits} == {"KZ FBiH"}
    assert {h.article.jurisdiction for h in hnsw_retriever.search("krađa", jurisdiction="rs").hits} == {"RS"}
    assert _ids(hnsw_retriever.search("član 42 KZ FBiH"))[0] == "KZ FBiH čl. 42"
    strict = Retriever.open(settings_for(hnsw_retriever.settings.data_dir, dense_search="hnsw", threshold=1.01))
    result = strict.search("neko mi je krivotvorio potpis")
    assert result.level == "top_k" and result.hits[0].id == "KZ FBiH čl. 373"
    with pytest.raises(KodeksError, match="unknown jurisdiction"):
        hnsw_retriever.search("krađa", jurisdiction="Atlantida")


# --- the lexical index on disk ----------------------------------------------------------------------


def test_the_loaded_lexical_index_reads_postings_from_disk_and_scores_like_the_built_one(
    sample_index, tmp_path: Path
) -> None:
    loaded = LexicalIndex.load(index_dir(sample_index) / "lexical")
    texts = [c["document"] for _, c in sorted(chroma_chunks(sample_index).items())]
    built = LexicalIndex.build(loaded.tokenizer.language, loaded.chunk_ids, texts)
    from retrieval.index.vectors import NpyRows

    assert isinstance(loaded._bm25.data, NpyRows)  # read per posting list, never whole
    for q in [*QUERIES, "tuča", "zzzz nepoznato"]:
        assert np.allclose(loaded.scores(q), built.scores(q), atol=1e-5)
    assert loaded.knows("isprava") and not loaded.knows("zzzznepoznato")


def test_a_lexical_index_saved_without_a_token_table_still_loads(sample_copy: Path) -> None:
    bm25_dir = sample_copy / "lexical" / "bm25"
    for name in (TokenTable.HASHES, TokenTable.COLUMNS):
        (bm25_dir / name).unlink()
    retriever = Retriever.open(settings_for(sample_copy))
    assert _ids(retriever.search("neko mi je krivotvorio potpis"))[0] == "KZ FBiH čl. 373"


# --- the benchmark-only embedder -------------------------------------------------------------------------


def test_the_bench_embedder_is_refused_outside_bench(sample_index) -> None:
    from retrieval.index.embedders import make_embedder

    with pytest.raises(KodeksError, match="benchmark-only"):
        make_embedder(settings_for(sample_index.data_dir, embedder="bench"))
    kodeks = [sys.executable, "-m", "kodeks"]
    out = subprocess.run(
        [*kodeks, "search", "krađa", "--data-dir", str(sample_index.data_dir)],
        capture_output=True,
        text=True,
        env={**_env(), "KODEKS_EMBEDDER": "bench"},
        timeout=300,
    )
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1
    assert "benchmark-only" in out.stderr and "Traceback" not in out.stderr


def _env() -> dict[str, str]:
    import os

    return {k: v for k, v in os.environ.items() if not k.startswith(("KODEKS_", "OPENAI_", "ANTHROPIC_"))}


# --- a no-change re-ingest without reading every chunk's metadata from Chroma ---------------------------


def test_the_chunk_manifest_is_trusted_only_while_it_names_what_chroma_holds(sample_copy: Path) -> None:
    from retrieval.index.chroma import open_collection
    from retrieval.index.embedders import make_embedder
    from retrieval.index.layout import CHUNK_META_FILE

    settings = settings_for(sample_copy)
    report = ingest_paths(settings, [SAMPLE_CORPUS])  # writes the manifest if the fixture had none
    assert report.embedded == 0 and (index_dir(sample_copy) / CHUNK_META_FILE).exists()
    assert ingest_paths(settings, [SAMPLE_CORPUS]).embedded == 0
    collection = open_collection(settings, make_embedder(settings).identity, create=False)
    gone = LexicalIndex.load(index_dir(settings) / "lexical").chunk_ids[0]
    collection.delete(ids=[gone])  # behind ingest's back: the manifest no longer matches Chroma
    report = ingest_paths(settings, [SAMPLE_CORPUS])
    collection = open_collection(settings, make_embedder(settings).identity, create=False)  # the new generation's
    assert report.embedded == 1 and collection.get(ids=[gone])["ids"] == [gone]


def test_hnsw_search_keeps_officer_scopes_named_laws_and_the_vocabulary(juris_settings) -> None:
    """Main's features on mem's large-library path: an officer's scope and a named law outside it are masks
    over article indexes there too, and the vocabulary's expansions (title field, term scores) still run."""
    from retrieval.jurisdictions import scope_of
    from tests.juris_helpers import MURDER

    exact = Retriever.open(juris_settings)
    hnsw = Retriever.open(settings_for(juris_settings.data_dir, dense_search="hnsw"))
    assert exact.dense_search == "exact" and hnsw.dense_search == "hnsw"
    for r in (exact, hnsw):
        result = r.search(MURDER, jurisdiction=scope_of("RS"))
        assert result.hits[0].id == "KZ RS čl. 124"
        assert {h.article.law for h in result.hits} <= {"KZ RS", "KZ BiH", "ZOBS BiH"}
        named = r.search("šta kaže član 124 KZ RS?", jurisdiction=scope_of("FBiH"))
        assert named.hits[0].id == "KZ RS čl. 124" and named.hits[0].level == "reference"
        assert {h.article.law for h in named.hits[1:]} <= {"KZ FBiH", "KZ BiH", "ZOBS BiH"}
        theft = r.search("ukrao mi je novčanik", jurisdiction=scope_of("RS"))
        assert theft.expansions and theft.hits[0].id == "KZ RS čl. 224"
        assert [h.id for h in r.search(MURDER, jurisdiction=scope_of("KS"), k=3).hits] == [
            h.id for h in exact.search(MURDER, jurisdiction=scope_of("KS"), k=3).hits
        ]
