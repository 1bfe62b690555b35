"""The thread sets written apart (bench/data/threads_fresh.jsonl, threads_fresh2.jsonl, threads_fresh3.jsonl,
threads_fresh4.jsonl, threads_fresh5.jsonl, threads_fresh6.jsonl, threads_fresh7.jsonl) load as `kodeks eval threads` reads them, and every article they name is one of its law as the shared files give
it.

Each set was written apart from the method (gold found by reading the laws); this checks its form and its ids
only. KZ FBiH ids are checked against the reference split of the PDF in force, KZ RS / KZ BiH / ZOBS BiH against
their corpus JSONL, KZ BD and ZBS RS against an article heading of their text (a heading alone on its line:
the deleted ones read "Član 41a brisan …"). Each law's check skips when its file is absent.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from kodeks.answering.thread_eval import FIRST, load_threads
from tests.fixtures_index import REPO

DATA = REPO / "bench" / "data"
LAWS = REPO.parent / "shared" / "laws"
CORPUS = {
    "KZ FBiH": "kz_fbih_pdf.reference.jsonl",
    "KZ RS": "kz_rs.corpus.jsonl",
    "KZ BiH": "kz_bih.corpus.jsonl",
    "ZOBS BiH": "zobs_bih.corpus.jsonl",
}
TEXT = {"KZ BD": "kz-brcko.txt", "ZBS RS": "zbs-rs.txt"}
KINDS = {FIRST, "follow-up", "jurisdiction", "correction", "related", "new-topic"}
# Each set: the letter its thread ids start with, and the laws it names.
SETS = {
    "threads_fresh.jsonl": ("f", sorted(CORPUS) + sorted(TEXT)),
    "threads_fresh2.jsonl": ("g", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh3.jsonl": ("h", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh4.jsonl": ("f4-", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh5.jsonl": ("f5-", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh6.jsonl": ("f6-", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh7.jsonl": ("f7-", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh8.jsonl": ("f8-", [*sorted(CORPUS), "KZ BD"]),
    "threads_fresh9.jsonl": ("f9-", [*sorted(CORPUS), "KZ BD"]),
}
# How many threads each set holds (half tune, half measure); 30 unless named here.
THREADS = {"threads_fresh3.jsonl": 24}
LAWS_NAMED = [(name, law) for name, (_, laws) in SETS.items() for law in laws]


def rows(name: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


def gold(name: str) -> list[tuple[str, str]]:
    return [(str(row["id"]), ref) for row in rows(name) for turn in row["turns"] for ref in turn["relevant"]]  # type: ignore[attr-defined]


@cache
def corpus_ids(name: str) -> frozenset[str]:
    lines = (LAWS / name).read_text(encoding="utf-8").splitlines()
    return frozenset(json.loads(line)["id"] for line in lines if line.strip())


@cache
def headings(name: str) -> frozenset[str]:
    text = (LAWS / name).read_text(encoding="utf-8").replace("\xa0", " ")
    return frozenset(re.findall(r"(?m)^\s*Član\s+(\d+[a-zšđčćž]?)\.?\s*$", text))


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_set_loads_as_the_thread_eval_reads_it(name: str) -> None:
    cases = load_threads(DATA / name)
    assert len(cases) == THREADS.get(name, 30)
    assert {c.jurisdiction for c in cases} == {"BiH", "FBiH", "RS", "BD"}
    assert all(t.relevant for c in cases for t in c.turns)
    assert {t.kind for c in cases for t in c.turns} == KINDS
    assert all(c.turns[0].kind == FIRST and all(t.kind != FIRST for t in c.turns[1:]) for c in cases)


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_split_alternates_by_thread_number_and_ids_are_unique(name: str) -> None:
    letter = SETS[name][0]
    for number, row in enumerate(rows(name), 1):
        assert row["id"] == f"{letter}{number:02d}"
        assert row["split"] == ("tune" if number % 2 else "measure")
    count = THREADS.get(name, 30)
    assert len({row["id"] for row in rows(name)}) == count
    assert len(load_threads(DATA / name, "tune")) == len(load_threads(DATA / name, "measure")) == count // 2


@pytest.mark.parametrize(("name", "law"), LAWS_NAMED)
def test_every_gold_article_is_one_of_its_law(name: str, law: str) -> None:
    named = [(tid, ref) for tid, ref in gold(name) if ref.split(" čl. ")[0] == law]
    assert named, f"{name} names no {law} article"
    file = CORPUS.get(law) or TEXT[law]
    if not (LAWS / file).exists():
        pytest.skip(f"{file} absent")
    if law in CORPUS:
        missing = [f"{tid}: {ref}" for tid, ref in named if ref not in corpus_ids(file)]
    else:
        missing = [f"{tid}: {ref}" for tid, ref in named if ref.split(" čl. ")[1] not in headings(file)]
    assert not missing, f"not articles of {law}: {missing}"


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_gold_id_names_a_law_of_the_set(name: str) -> None:
    laws = set(SETS[name][1])
    refs = [ref for _, ref in gold(name)]
    assert all(re.fullmatch(r"(.+) čl\. \d+[a-zšđčćž]?", ref) and ref.split(" čl. ")[0] in laws for ref in refs)


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_set_is_where_the_readme_says(name: str) -> None:
    assert name in (REPO / "bench" / "sets" / "README.md").read_text(encoding="utf-8")
