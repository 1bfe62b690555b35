"""bench/data/threads_fresh2.jsonl loads as `kodeks eval threads` reads it, and every article it names is one of
its law as the shared files give it.

A second set written apart from the method (gold found by reading the laws, over KZ FBiH, KZ RS, KZ BiH, KZ BD
and ZOBS BiH); this checks its form and its ids only. KZ FBiH ids are checked against the reference split of the
PDF in force, KZ RS / KZ BiH / ZOBS BiH against their corpus JSONL, KZ BD against an article heading of its text
(a heading alone on its line: the deleted ones read "Član 41a brisan …"). Each law's check skips when its file
is absent.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from kodeks.answering.thread_eval import FIRST, load_threads
from tests.fixtures_index import REPO

SET = REPO / "bench" / "data" / "threads_fresh2.jsonl"
LAWS = REPO.parent / "shared" / "laws"
CORPUS = {
    "KZ FBiH": "kz_fbih_pdf.reference.jsonl",
    "KZ RS": "kz_rs.corpus.jsonl",
    "KZ BiH": "kz_bih.corpus.jsonl",
    "ZOBS BiH": "zobs_bih.corpus.jsonl",
}
TEXT = {"KZ BD": "kz-brcko.txt"}
KINDS = {FIRST, "follow-up", "jurisdiction", "correction", "related", "new-topic"}


def rows() -> list[dict[str, object]]:
    return [json.loads(line) for line in SET.read_text(encoding="utf-8").splitlines() if line.strip()]


def gold() -> list[tuple[str, str]]:
    return [(str(row["id"]), ref) for row in rows() for turn in row["turns"] for ref in turn["relevant"]]  # type: ignore[attr-defined]


@cache
def corpus_ids(name: str) -> frozenset[str]:
    lines = (LAWS / name).read_text(encoding="utf-8").splitlines()
    return frozenset(json.loads(line)["id"] for line in lines if line.strip())


@cache
def headings(name: str) -> frozenset[str]:
    text = (LAWS / name).read_text(encoding="utf-8").replace("\xa0", " ")
    return frozenset(re.findall(r"(?m)^\s*Član\s+(\d+[a-zšđčćž]?)\.?\s*$", text))


def test_the_set_loads_as_the_thread_eval_reads_it() -> None:
    cases = load_threads(SET)
    assert len(cases) == 30
    assert {c.jurisdiction for c in cases} == {"BiH", "FBiH", "RS", "BD"}
    assert all(t.relevant for c in cases for t in c.turns)
    assert {t.kind for c in cases for t in c.turns} == KINDS
    assert all(c.turns[0].kind == FIRST and all(t.kind != FIRST for t in c.turns[1:]) for c in cases)


def test_thread_ids_are_unique() -> None:
    ids = [row["id"] for row in rows()]
    assert len(ids) == len(set(ids))


def test_the_split_alternates_by_thread_number() -> None:
    for number, row in enumerate(rows(), 1):
        assert row["id"] == f"g{number:02d}"
        assert row["split"] == ("tune" if number % 2 else "measure")
    assert len(load_threads(SET, "tune")) == len(load_threads(SET, "measure")) == 15


@pytest.mark.parametrize("law", sorted(CORPUS) + sorted(TEXT))
def test_every_gold_article_is_one_of_its_law(law: str) -> None:
    named = [(tid, ref) for tid, ref in gold() if ref.split(" čl. ")[0] == law]
    assert named, f"the set names no {law} article"
    file = CORPUS.get(law) or TEXT[law]
    if not (LAWS / file).exists():
        pytest.skip(f"{file} absent")
    if law in CORPUS:
        missing = [f"{tid}: {ref}" for tid, ref in named if ref not in corpus_ids(file)]
    else:
        missing = [f"{tid}: {ref}" for tid, ref in named if ref.split(" čl. ")[1] not in headings(file)]
    assert not missing, f"not articles of {law}: {missing}"


def test_every_gold_id_names_a_known_law() -> None:
    laws = set(CORPUS) | set(TEXT)
    assert all(re.fullmatch(r"(.+) čl\. \d+[a-zšđčćž]?", ref) and ref.split(" čl. ")[0] in laws for _, ref in gold())


def test_the_set_is_where_the_readme_says() -> None:
    assert "threads_fresh2.jsonl" in (REPO / "bench" / "sets" / "README.md").read_text(encoding="utf-8")
    assert Path(SET).exists()
