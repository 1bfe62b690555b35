"""Chunking follows the law's structure; every chunk repeats law + article heading; metadata in Chroma."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.index.chunking import chunk_article, content_hash, split_paragraphs
from retrieval.types import Article
from tests.retrieval_helpers import chroma_chunks, row, settings_for, write_corpus

PARAGRAPHS = [
    "(1) Ko napravi lažnu ispravu ili preinači pravu ispravu u namjeri da se takva isprava upotrijebi kao prava, kaznit će se zatvorom.",
    "(2) Isto će se kazniti ko stavi tuđi potpis na ispravu bez znanja i pristanka te osobe, u namjeri da se isprava upotrijebi.",
    "(3) Ako je djelo učinjeno u pogledu javne isprave, oporuke ili mjenice, učinitelj će se kazniti zatvorom od šest mjeseci.",
    "(4) Pokušaj krivičnog djela iz stava 1. ovog člana je kažnjiv, a lažna isprava se oduzima i uništava.",
]
LONG = Article("KZ FBiH čl. 373", "KZ FBiH", "373", "\n".join(PARAGRAPHS), "Krivotvorenje isprave", "", "FBiH")
SHORT = Article(
    "KZ FBiH čl. 42", "KZ FBiH", "42", "Svrha kažnjavanja je izraziti društvenu osudu.", "Svrha kažnjavanja"
)


def test_short_article_is_one_chunk_with_heading() -> None:
    chunks = chunk_article(SHORT, max_chars=1500)
    assert len(chunks) == 1
    c = chunks[0]
    assert c.text == "KZ FBiH, član 42 – Svrha kažnjavanja\nSvrha kažnjavanja je izraziti društvenu osudu."
    assert (c.chunk_id, c.article_id, c.index) == ("KZ FBiH čl. 42#0", "KZ FBiH čl. 42", 0)
    assert c.content_hash == content_hash(c.text)


def test_long_article_split_at_paragraphs_heading_in_every_chunk() -> None:
    chunks = chunk_article(LONG, max_chars=200)
    assert [c.index for c in chunks] == list(range(len(chunks)))
    assert len(chunks) == 4
    for chunk, paragraph in zip(chunks, PARAGRAPHS):
        assert chunk.text.splitlines()[0] == "KZ FBiH, član 373 – Krivotvorenje isprave"
        assert chunk.text.splitlines()[1:] == [paragraph]
    assert len({c.content_hash for c in chunks}) == 4


def test_paragraphs_packed_up_to_the_limit() -> None:
    chunks = chunk_article(LONG, max_chars=270)
    assert len(chunks) == 2
    assert chunks[0].text.endswith(PARAGRAPHS[1]) and PARAGRAPHS[0] in chunks[0].text
    assert all(len(c.text.split("\n", 1)[1]) <= 270 for c in chunks)


def test_nothing_is_lost_when_splitting() -> None:
    long_sentence = "riječ " * 200  # one sentence longer than the limit: cut, never dropped
    article = Article(
        "A čl. 1", "A", "1", f"(1) {long_sentence.strip()}. Druga rečenica. Treća rečenica.\n(2) Kratak stav."
    )
    chunks = chunk_article(article, max_chars=200)
    bodies = [c.text.split("\n", 1)[1] for c in chunks]
    assert all(len(b) <= 200 for b in bodies)
    assert "".join(bodies).replace(" ", "").replace("\n", "") == article.text.replace(" ", "").replace("\n", "")


def test_split_paragraphs_inline_markers() -> None:
    assert split_paragraphs("(1) Prvi stav. (2) Drugi stav. (3a) Treći.") == [
        "(1) Prvi stav.",
        "(2) Drugi stav.",
        "(3a) Treći.",
    ]
    assert split_paragraphs("Bez stavova (osim zagrade).") == ["Bez stavova (osim zagrade)."]
    assert split_paragraphs("(1) Prvi stav.\n   (2) Uvučen drugi stav.") == ["(1) Prvi stav.", "(2) Uvučen drugi stav."]


def test_cross_reference_to_a_paragraph_is_not_a_split_point() -> None:
    text = "(1) Ko postupi suprotno odredbi stava (2) ovog člana i tačke (3) zakona, kaznit će se.\n(2) Drugi stav: (3) Treći."
    assert split_paragraphs(text) == [
        "(1) Ko postupi suprotno odredbi stava (2) ovog člana i tačke (3) zakona, kaznit će se.",
        "(2) Drugi stav:",
        "(3) Treći.",
    ]


def test_heading_styles_for_paragraph_sign_and_articles() -> None:
    assert chunk_article(Article("BGB § 823", "BGB", "§ 823", "Wer vorsätzlich..."), 1500)[0].text.startswith(
        "BGB, § 823\n"
    )
    assert chunk_article(Article("X", "ZOBS BiH", "174", "t"), 1500)[0].text.startswith("ZOBS BiH, član 174\n")


def test_chunk_metadata_as_stored_in_chroma(tmp_path: Path) -> None:
    from retrieval.ingest.run import ingest_paths

    settings = settings_for(tmp_path / "idx", max_chunk_chars=200)
    corpus = write_corpus(
        tmp_path / "c.jsonl",
        [
            row("KZ FBiH", "373", LONG.text, "Krivotvorenje isprave", "FBiH"),
            row(
                "ZOBS BiH", "174", "Policijski službenik može uputiti vozača na ispitivanje alkohola.", "Alkohol", "BiH"
            ),
        ],
    )
    report = ingest_paths(settings, [corpus])
    assert (report.articles, report.chunks, report.embedded) == (2, 5, 5)
    stored = chroma_chunks(settings)
    assert sorted(stored) == [
        "KZ FBiH čl. 373#0",
        "KZ FBiH čl. 373#1",
        "KZ FBiH čl. 373#2",
        "KZ FBiH čl. 373#3",
        "ZOBS BiH čl. 174#0",
    ]
    for _cid, entry in stored.items():
        meta, doc = entry["metadata"], entry["document"]
        assert meta["hash"] == content_hash(doc)
        assert doc.split("\n", 1)[0] in ("KZ FBiH, član 373 – Krivotvorenje isprave", "ZOBS BiH, član 174 – Alkohol")
    meta = stored["KZ FBiH čl. 373#2"]["metadata"]
    assert {k: meta[k] for k in ("article_id", "law", "article", "title", "jurisdiction", "chunk_index")} == {
        "article_id": "KZ FBiH čl. 373",
        "law": "KZ FBiH",
        "article": "373",
        "title": "Krivotvorenje isprave",
        "jurisdiction": "FBiH",
        "chunk_index": 2,
    }
    assert stored["KZ FBiH čl. 373#2"]["document"].endswith(PARAGRAPHS[2])
    assert stored["ZOBS BiH čl. 174#0"]["metadata"]["jurisdiction"] == "BiH"


@pytest.mark.parametrize("max_chars", [200, 333, 1500])
def test_every_chunk_stands_on_its_own(max_chars: int) -> None:
    for chunk in chunk_article(LONG, max_chars):
        assert chunk.text.startswith("KZ FBiH, član 373")
