"""Small helpers for the retrieval tests: write tiny corpora, build per-test settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from kodeks.settings import Settings, load_settings
from retrieval.index.lexical import LexicalIndex
from retrieval.index.title_fields import TitleFields
from retrieval.language.vocabulary import Vocabulary, bcs_vocabulary
from retrieval.search.contrast import NeighbourContrast


def row(law: str, article: str, text: str, title: str = "", jurisdiction: str = "FBiH", **extra: Any) -> dict[str, Any]:
    return {
        "id": f"{law} čl. {article}",
        "law": law,
        "article": article,
        "text": text,
        "title": title,
        "jurisdiction": jurisdiction,
        **extra,
    }


# A traffic law's long title, as a generated library's test rows carry it (the law kinds read it)
ZOBS_TEST_TITLE = "Zakon o osnovama bezbjednosti saobraćaja na putevima – test"


def rs_row(number: str, title: str, text: str) -> dict[str, Any]:
    """An article of KZ RS (a criminal code of RS) for a generated library."""
    return row("KZ RS", number, text, title, jurisdiction="RS")


def zobs_row(number: str, text: str) -> dict[str, Any]:
    """An untitled article of ZOBS BiH (the state's traffic law) for a generated library."""
    return row("ZOBS BiH", number, text, "", jurisdiction="BiH", law_title=ZOBS_TEST_TITLE)


# KZ RS's property offences and the general part's kinds of punishment, read from the real code in ../shared/laws
KZ_RS_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "laws" / "kz_rs.corpus.jsonl"
KZ_RS_PROPERTY_AND_PUNISHMENT = frozenset({"224", "226", "227", "228", "229", "230", "316", "317", "42", "46", "49"})


def kz_rs_property_rows() -> list[dict[str, Any]]:
    """The real KZ RS articles of KZ_RS_PROPERTY_AND_PUNISHMENT (the test skips when ../shared/laws is absent)."""
    import pytest

    if not KZ_RS_CORPUS.exists():
        pytest.skip(f"{KZ_RS_CORPUS} not found")
    rows = [json.loads(line) for line in KZ_RS_CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = [dict(r, jurisdiction="RS") for r in rows if r.get("article") in KZ_RS_PROPERTY_AND_PUNISHMENT]
    assert len(chosen) == len(KZ_RS_PROPERTY_AND_PUNISHMENT)
    return chosen


def untitled_traffic_rows() -> list[dict[str, Any]]:
    """Invented untitled rules of a traffic law (not a law's wording)."""
    return [
        zobs_row("33", "Vozač ne smije za vrijeme vožnje koristiti mobilni telefon ni slušalice u oba uha."),
        zobs_row("34", "Vozač autobusa ne smije za vrijeme vožnje razgovarati sa putnicima."),
        zobs_row("35", "Putnik u autobusu ne smije ometati vozača za vrijeme vožnje."),
    ]


def criminal_code_beside_traffic(base: Path) -> Any:
    """KZ RS's property articles beside untitled traffic rules, indexed with the real embedder, in the hand order
    (the learned stage off) without the neighbour contrast: the order the library's first stage gives."""
    settings = index_rows(base, kz_rs_property_rows() + untitled_traffic_rows())
    return hand_ordered(settings.model_copy(update={"neighbour_contrast": 0.0}))


def hand_ordered(settings: Settings) -> Any:
    """A Retriever over `settings`' index in the hand-weighted order (the learned stage off), the order the library's
    priors and readings act on."""
    from retrieval.search.retriever import Retriever

    return Retriever.open(settings.model_copy(update={"ranker": "off"}))


def reopened_without(retriever: Any, reading: str) -> Any:
    """The same index reopened with one of the search's story readings (``harm``, ``circumstance``) switched off:
    what search did before that reading, to compare against."""
    from retrieval.search.retriever import Retriever

    plain = Retriever.open(retriever.settings)
    setattr(plain, reading, None)
    return plain


def rs_scores(retriever: Any, question: str) -> dict[str, float]:
    """Article id → score of the first ten hits for an RS officer."""
    from retrieval.jurisdictions import scope_of

    return {h.id: h.score for h in retriever.search(question, k=10, jurisdiction=scope_of("RS")).hits}


def write_corpus(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def settings_for(data_dir: Path, **overrides: Any) -> Settings:
    return load_settings(data_dir=data_dir, _env_file=None, **overrides)


def index_rows(base: Path, rows: list[dict[str, Any]]) -> Settings:
    """A real index of these corpus rows under `base` (corpus in base/c.jsonl, index in base/idx)."""
    from retrieval.ingest.run import ingest_paths

    settings = settings_for(base / "idx")
    ingest_paths(settings, [write_corpus(base / "c.jsonl", rows)])
    return settings


def chroma_chunks(settings: Settings) -> dict[str, dict[str, Any]]:
    """Every chunk the Chroma collection holds: id → {document, metadata}."""
    from retrieval.index.chroma import open_collection
    from retrieval.index.embedders import make_embedder

    collection = open_collection(settings, make_embedder(settings).identity, create=False)
    got = collection.get(include=["documents", "metadatas"])
    return {
        cid: {"document": doc, "metadata": meta}
        for cid, doc, meta in zip(got["ids"], got["documents"], got["metadatas"])
    }


def kodeks_command() -> list[str]:
    """The `kodeks` console script beside this Python, or `python -m kodeks` where the project is not
    installed (a shared development venv): the same CLI either way."""
    import sys

    script = Path(sys.executable).with_name("kodeks")
    return [str(script)] if script.exists() else [sys.executable, "-m", "kodeks"]


def invoke(*args: str) -> Any:
    """`kodeks ARGS` in process (typer's CliRunner, stderr apart)."""
    from typer.testing import CliRunner

    from kodeks.cli import app

    return CliRunner().invoke(app, list(args))


def one_line_error(result: Any) -> str:
    """The CLI's contract for an expected failure: exit 1, one "kodeks: …" line on stderr, no traceback."""
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("kodeks: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def index_dir(where: Settings | Path) -> Path:
    """The folder holding the current index's files (chroma/, lexical/, dense/, articles.jsonl, …): the
    current generation's, or the data dir itself in the flat layout of an index from before generations.
    For tests that look at or damage those files directly."""
    from retrieval.index.generations import current_paths

    settings = where if isinstance(where, Settings) else settings_for(Path(where))
    return current_paths(settings).root


def flat_copy(source: Settings | Path, target: Path) -> Path:
    """A data dir in the flat layout of an index from before generations (every part directly in it),
    holding a copy of `source`'s current index: what an older build left on disk."""
    import shutil

    from retrieval.index.layout import PARTS

    folder = index_dir(source)
    target.mkdir(parents=True, exist_ok=True)
    for name in PARTS:
        part = folder / name
        if part.is_dir():
            shutil.copytree(part, target / name)
        elif part.exists():
            shutil.copy2(part, target / name)
    return target


def without_progress(stderr: str) -> str:
    """stderr less the `kodeks: progress` lines a slow (loaded) run prints every 5 s."""
    return "".join(line + "\n" for line in stderr.splitlines() if not line.startswith("kodeks: progress"))


def vocabulary_from(thesaurus: str, directory: Path) -> Vocabulary:
    """The shipped BCS vocabulary with `thesaurus` (TOML text) as its thesaurus file, written into `directory`:
    how a test states the few entries it reads instead of depending on the shipped thesaurus."""
    path = directory / "thesaurus.toml"
    path.write_text(thesaurus, encoding="utf-8")
    return bcs_vocabulary(thesaurus=path)


def expansion_weights(vocabulary: Vocabulary, text: str) -> dict[str, float]:
    """Each legal term `vocabulary` adds for `text`, at the highest weight it is added with."""
    out: dict[str, float] = {}
    for e in vocabulary.expand(text):
        out[e.adds] = max(out.get(e.adds, 0.0), e.weight)
    return out


def added_terms(text: str, recognised_only: bool = False) -> set[str]:
    """The legal terms the shipped BCS vocabulary adds for `text` (only those of a recognised act with
    `recognised_only`): what a test of a reading asserts on."""
    return {e.adds for e in bcs_vocabulary().expand(text) if e.recognised or not recognised_only}


def neighbour_contrast(articles: list[tuple[str, str, str, str]]) -> NeighbourContrast:
    """A `NeighbourContrast` over invented (law, chapter, title, text) rows, on the real tokenizer and BM25 index:
    each row one article of one chunk, its law by the row's law name."""
    ids = [f"a{i}#0" for i in range(len(articles))]
    lexical = LexicalIndex.build("serbian", ids, [f"{title}. {text}" for _, _, title, text in articles])
    laws = sorted({law for law, _, _, _ in articles})
    law_code = np.asarray([laws.index(law) for law, _, _, _ in articles], dtype=np.int32)
    fields = TitleFields([a[2] for a in articles], [a[1] for a in articles])
    return NeighbourContrast(lexical, np.arange(len(articles), dtype=np.int32), law_code, lambda: fields)
