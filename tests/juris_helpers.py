"""Multi-jurisdiction test data: a generated fixture corpus (four levels, invented wording) and a small,
programmatically chosen subset of the real clean corpora in ../shared/laws (read there, never copied).

Registered in the root conftest for the `juris_settings` / `juris` fixtures.

Embedding a whole code takes minutes on this machine, so the real-code tests index only the articles
on the offences they ask about plus about thirty others per code, chosen by title (or, for a law
without titles, by text) — enough competition that the jurisdiction filter, not an empty index, is
what keeps the wrong code out.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from kodeks.settings import Settings
from retrieval.language.normalize import fold
from tests.fixtures_index import REPO
from tests.retrieval_helpers import row, settings_for, write_corpus

MURDER = "koja je kazna ako neko drugoga usmrti"
TRAFFIC = "vozač odbio alkotest, šta slijedi"
SHARED_LAWS = REPO.parent / "shared" / "laws"
REAL_CORPORA = ("kz_bih", "kz_fbih", "kz_rs", "zobs_bih")

# Offences the tests ask about, in both language variants: murder, theft, domestic violence, fraud.
CORE_TITLE = re.compile(r"^(ubistvo|ubojstvo|kradja|prevara|prijevara|nasilje u (porodici|obitelji)\b.*)$")
# Their qualified forms ("Ubistvo na mah", "Teška krađa"): close competitors for the same question.
VARIANT_TITLE = re.compile(r"\b(ubistv|ubojstv|kradj|prevar|prijevar)")
VARIANTS = 3
# A law without titles (the traffic law): its articles on alcohol, by text.
CORE_TEXT = re.compile(r"alkohol")
CORE_TEXT_MAX = 6


def real_corpora_present() -> bool:
    return all((SHARED_LAWS / f"{name}.corpus.jsonl").exists() for name in REAL_CORPORA)


def _rows(name: str) -> list[dict[str, Any]]:
    path = SHARED_LAWS / f"{name}.corpus.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def subset(rows: list[dict[str, Any]], others: int = 10) -> list[dict[str, Any]]:
    """The core articles (by title, or by text where the law has no titles), a few qualified forms of them,
    and `others` evenly spaced articles of the rest."""
    titled = any(r.get("title") for r in rows)
    if titled:
        core = [r for r in rows if CORE_TITLE.match(fold(r["title"] or ""))]
        core += [r for r in rows if r not in core and VARIANT_TITLE.search(fold(r["title"] or ""))][:VARIANTS]
    else:
        core = [r for r in rows if CORE_TEXT.search(fold(r["text"]))][:CORE_TEXT_MAX]
    rest = [r for r in rows if r not in core and (r.get("title") or not titled)]
    step = max(1, len(rest) // others)
    return core + rest[::step][:others]


def write_real_subset(folder: Path, others: int = 10) -> list[Path]:
    """One corpus JSONL per real code, each a subset; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in REAL_CORPORA:
        path = folder / f"{name}.subset.jsonl"
        path.write_text(
            "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in subset(_rows(name), others)), encoding="utf-8"
        )
        paths.append(path)
    return paths


# --- the generated fixture: one offence in four codes, state-level traffic law, a cantonal law -----------------
# Wording invented for these tests (the variants differ the way the real codes do: "Tko"/"Ko", "ubojstvo"/"ubistvo").


def fixture_rows() -> list[dict[str, Any]]:
    def kz(law: str, j: str, number: str, title: str, text: str) -> dict[str, Any]:
        return row(law, number, text, title, jurisdiction=j, law_title=f"Krivični zakon ({j}) – test")

    return [
        kz(
            "KZ FBiH",
            "FBiH",
            "166",
            "Ubojstvo",
            "(1) Tko drugoga usmrti, kaznit će se kaznom zatvora najmanje pet godina.\n"
            "(2) Tko drugoga usmrti na okrutan način, kaznit će se kaznom zatvora najmanje deset godina.",
        ),
        kz(
            "KZ FBiH",
            "FBiH",
            "286",
            "Krađa",
            "(1) Tko tuđu pokretninu oduzme drugome s ciljem prisvajanja, kaznit će se "
            "novčanom kaznom ili kaznom zatvora do tri godine.",
        ),
        kz(
            "KZ FBiH",
            "FBiH",
            "222",
            "Nasilje u obitelji",
            "(1) Tko nasiljem ugrožava mir i tjelesni integritet člana "
            "svoje obitelji, kaznit će se kaznom zatvora od tri mjeseca do tri godine.",
        ),
        kz(
            "KZ RS",
            "RS",
            "124",
            "Ubistvo",
            "(1) Ko drugog liši života, kazniće se kaznom zatvora od pet do dvadeset godina.\n"
            "(2) Ako je djelo učinjeno iz koristoljublja, učinilac će se kazniti zatvorom najmanje deset godina.",
        ),
        kz(
            "KZ RS",
            "RS",
            "224",
            "Krađa",
            "(1) Ko oduzme tuđu pokretnu stvar u namjeri da je protivpravno prisvoji, "
            "kazniće se novčanom kaznom ili kaznom zatvora do tri godine.",
        ),
        kz(
            "KZ RS",
            "RS",
            "190",
            "Nasilje u porodici",
            "(1) Ko primjenom nasilja ugrožava spokojstvo i tjelesni "
            "integritet člana porodice, kazniće se novčanom kaznom ili zatvorom do dvije godine.",
        ),
        kz("KZ BD", "BD", "163", "Ubistvo", "(1) Ko drugog usmrti, kaznit će se kaznom zatvora najmanje pet godina."),
        kz(
            "KZ BD",
            "BD",
            "280",
            "Krađa",
            "(1) Ko tuđu pokretnu stvar oduzme drugom u namjeri da je prisvoji, kaznit će se "
            "novčanom kaznom ili kaznom zatvora do tri godine.",
        ),
        kz(
            "KZ BiH",
            "BiH",
            "171",
            "Genocid",
            "Ko u namjeri da potpuno ili djelimično istrijebi nacionalnu, etničku, rasnu "
            "ili vjersku grupu ljudi ubija članove grupe, kaznit će se kaznom zatvora najmanje deset godina.",
        ),
        row(
            "ZOBS BiH",
            "174",
            "(1) Vozač je dužan podvrgnuti se ispitivanju prisustva alkohola u organizmu alkometrom.\n"
            "(2) Vozač koji odbije ispitivanje alkoholiziranosti kaznit će se novčanom kaznom.",
            "",
            jurisdiction="BiH",
            law_title="Zakon o osnovama bezbjednosti saobraćaja – test",
        ),
        row(
            "ZOBS BiH",
            "44",
            "(1) Vozač ne smije prekoračiti ograničenje brzine u naselju od 50 km/h.",
            "",
            jurisdiction="BiH",
            law_title="Zakon o osnovama bezbjednosti saobraćaja – test",
        ),
        row(
            "ZJRM KS",
            "8",
            "(1) Ko se na javnom mjestu tuče, viče ili na drugi način remeti javni red i mir, "
            "kaznit će se novčanom kaznom.",
            "Remećenje javnog reda",
            jurisdiction="KS",
            law_title="Zakon o javnom redu i miru Kantona Sarajevo – test",
        ),
    ]


@pytest.fixture(scope="session")
def juris_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """Settings over the generated multi-code index (real embedder, real Chroma), built once."""
    from retrieval.ingest.run import ingest_paths

    folder = tmp_path_factory.mktemp("juris-index")
    corpus = write_corpus(folder / "codes.jsonl", fixture_rows())
    settings = settings_for(folder / "idx")
    report = ingest_paths(settings, [corpus])
    assert report.problems == []
    return settings


@pytest.fixture(scope="session")
def juris(juris_settings: Settings) -> Any:
    """The real Retriever over the multi-code fixture index."""
    from retrieval.search.retriever import Retriever

    return Retriever.open(juris_settings)
