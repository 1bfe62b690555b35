"""The ≥ 5,000-chunk bench index, built once under bench/out/scale and reused by later runs.

Embedding is the slow part (~9 passages/s on two cores), so the index is cached: the dev corpora in
../shared/bench (COLIEE, and the lead's prebuilt COLIEE index at /tmp/bench/coliee when present, is
copied so its vectors are reused by content hash) plus short generated filler articles in Bosnian.
Also holds the officer-style questions the latency and load benches ask.

    .venv/bin/python bench/scale_index.py          # build (or confirm) the index and print its size
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kodeks.settings import Settings, load_settings

OUT = REPO / "bench" / "out"
SCALE_DIR = OUT / "scale"
SHARED = REPO.parent / "shared" / "bench"
LEAD_COLIEE = Path("/tmp/bench/coliee")  # read only: copied, never written
TARGET_CHUNKS = 5000
SEED = 6

# Short questions as officers type them: Bosnian with and without diacritics, Cyrillic, English, German.
QUESTIONS = [
    "neko mi je krivotvorio potpis",
    "sta ako vozac odbije alkotest",
    "ukrao mi je mobitel",
    "vozac pobjegao sa mjesta nezgode",
    "covjek se tuce i vice na ulici",
    "koja je kazna za kradju",
    "kada smijem upotrijebiti lisice",
    "pretres stana bez naloga",
    "maloljetnik vozi bez dozvole",
    "prijetnja nozem u kaficu",
    "porodicno nasilje prijava",
    "koliko dugo moze trajati zadrzavanje",
    "oduzimanje vozacke dozvole na licu mjesta",
    "šta je teška tjelesna povreda",
    "lažna prijava policiji",
    "фалсификовао је исправу",
    "возач одбија алкотест",
    "крађа аутомобила казна",
    "јавни ред и мир туча",
    "привођење лица без исправе",
    "can the police search a car without a warrant",
    "what is the penalty for theft",
    "drunk driver refuses breath test",
    "damage to someone else's property",
    "who is liable for a dog bite",
    "Mein Nachbar hat mein Fahrrad gestohlen",
    "Muss ich den Schaden am Auto bezahlen",
    "Vermieter kündigt die Wohnung fristlos",
    "Kaution nicht zurückgezahlt",
    "Erbschaft ausschlagen Frist",
]

_SUBJECTS = [
    "vozač",
    "policijski službenik",
    "maloljetno lice",
    "vlasnik vozila",
    "svjedok",
    "osumnjičeni",
    "pješak",
    "ugostitelj",
    "organizator skupa",
    "zaposlenik",
    "roditelj",
    "stranac",
    "prevoznik",
    "lovac",
    "čuvar",
    "inspektor",
    "posjednik oružja",
    "zakupac",
    "kupac",
    "trgovac",
]
_ACTS = [
    "ne postupi po naredbi",
    "prekorači dozvoljenu brzinu",
    "ne prijavi promjenu adrese",
    "nosi oružje bez dozvole",
    "ometa javni red",
    "ne posjeduje ispravu",
    "odbije legitimisanje",
    "parkira na trotoaru",
    "prodaje alkohol maloljetnicima",
    "pali vatru na otvorenom",
    "ne osigura gradilište",
    "buči noću",
    "ošteti javnu površinu",
    "izbjegava kontrolu",
    "ne čuva psa",
    "ne vodi evidenciju",
    "prevozi teret bez dozvole",
    "lovi bez odobrenja",
]
_SANCTIONS = [
    "novčanom kaznom od 100 do 500 KM",
    "novčanom kaznom od 200 do 1.000 KM",
    "novčanom kaznom od 50 do 300 KM",
    "kaznom zatvora do šezdeset dana",
    "zaštitnom mjerom oduzimanja predmeta",
    "novčanom kaznom od 500 do 3.000 KM",
]
_PLACES = [
    "na javnom mjestu",
    "u naselju",
    "na autoputu",
    "u školi",
    "na granici",
    "u ugostiteljskom objektu",
    "na sportskom objektu",
    "u šumi",
    "na pijaci",
    "u stambenoj zgradi",
]


def filler_articles(n: int, seed: int = SEED) -> list[dict[str, str]]:
    """Short synthetic misdemeanour articles (a sentence or two each); illustrative, not law."""
    rnd = random.Random(seed)
    rows = []
    for i in range(n):
        law = f"ZP-{i // 400 + 1:02d}"
        subject, act = rnd.choice(_SUBJECTS), rnd.choice(_ACTS)
        text = (
            f"(1) {subject.capitalize()} koji {act} {rnd.choice(_PLACES)} kaznit će se "
            f"{rnd.choice(_SANCTIONS)}. (2) Za prekršaj iz stava 1. ovog člana kada {rnd.choice(_SUBJECTS)} "
            f"{rnd.choice(_ACTS)} kazna se udvostručuje."
        )
        rows.append(
            {
                "id": f"{law} čl. {i % 400 + 1}",
                "law": law,
                "article": str(i % 400 + 1),
                "title": f"{subject.capitalize()} – {act}",
                "text": text,
                "jurisdiction": "FBiH",
            }
        )
    return rows


def bench_settings(data_dir: Path = SCALE_DIR, **overrides: object) -> Settings:
    return load_settings(data_dir=data_dir, _env_file=None, **overrides)


def write_filler(path: Path, n: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in filler_articles(n)), encoding="utf-8")
    return path


def chunk_count(settings: Settings) -> int:
    from retrieval.index.generations import current_paths

    chunks = current_paths(settings).lexical / "chunks.json"
    return len(json.loads(chunks.read_text())["chunk_ids"]) if chunks.exists() else 0


def ensure_index(target: int = TARGET_CHUNKS, data_dir: Path = SCALE_DIR) -> Settings:
    """The cached bench index (≥ target chunks); builds it the first time (minutes: embedding-bound)."""
    from retrieval.ingest.run import ingest_paths

    settings = bench_settings(data_dir)
    if chunk_count(settings) >= target:
        return settings
    inputs: list[Path] = []
    coliee = SHARED / "coliee" / "corpus.jsonl"
    if coliee.exists():
        inputs.append(coliee)
        if LEAD_COLIEE.is_dir() and not data_dir.exists():
            shutil.copytree(LEAD_COLIEE, data_dir)  # its vectors are reused by content hash
            print(f"copied {LEAD_COLIEE} (its vectors are reused)", file=sys.stderr)
    else:
        print("../shared/bench absent: the bench index is generated filler only", file=sys.stderr)
    shared_chunks = 783 if inputs else 0
    inputs.append(write_filler(OUT / "filler.jsonl", max(target - shared_chunks, 0) + 20))
    started = time.perf_counter()
    report = ingest_paths(settings, inputs)
    print(f"built {data_dir}: {report.to_dict()} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return settings


if __name__ == "__main__":
    s = ensure_index()
    print(f"{s.data_dir}: {chunk_count(s)} chunks")
