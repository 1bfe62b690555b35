"""Every article a set of bench/sets names is an article in force of the law as the dev library reads it.

The law names and files are `bench/library.py`'s LIBRARY (the same --law the library is ingested with), read
from ../shared/laws by the project's own reading (`read_source`, no embedding; parsed once per session by
tests/real_laws.py). A set whose law file is absent is skipped, so a checkout without the shared laws passes.
"""

from __future__ import annotations

import ast
import json
from functools import cache
from pathlib import Path

import pytest

from tests.fixtures_index import REPO
from tests.real_laws import LAWS, read_real

SETS = sorted((REPO / "bench" / "sets").glob("*.jsonl"))


@cache
def library() -> dict[str, str]:
    """law name → file, as bench/library.py ingests the dev library."""
    tree = ast.parse((REPO / "bench" / "library.py").read_text(encoding="utf-8"))
    for node in tree.body:  # read, not imported: the benchmark's module opens the index when imported
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "LIBRARY":
            assert node.value is not None
            return {law: file for file, law, _ in ast.literal_eval(node.value)}
    raise AssertionError("bench/library.py has no LIBRARY")


@cache
def in_force(law: str) -> frozenset[str]:
    """The ids ("KZ BD čl. 286") of the law's articles in force."""
    articles, _ = read_real(library()[law])
    return frozenset(f"{law} čl. {a.article}" for a in articles if not a.deleted)


def law_of(article_id: str) -> str:
    return article_id.split(" čl. ")[0]


def relevant(path: Path) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(row["id"], r) for row in rows for r in row.get("relevant") or []]


def test_the_sets_are_there_and_well_formed() -> None:
    names = {p.name for p in SETS}
    assert {"traffic_zobs.jsonl", "state_kzbih.jsonl", "brcko_kzbd.jsonl"} <= names
    for path in SETS:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        ids = [row["id"] for row in rows]
        assert len(ids) == len(set(ids)), path.name
        assert all(row["question"].strip() and row.get("jurisdiction") for row in rows), path.name
        for _, article in relevant(path):
            assert law_of(article) in library(), f"{path.name}: {article} is not a law of the dev library"


@pytest.mark.parametrize("path", SETS, ids=[p.name for p in SETS])
def test_every_relevant_article_is_in_force_in_its_law(path: Path) -> None:
    pairs = relevant(path)
    if not pairs:
        pytest.skip(f"{path.name} names no articles (questions no law covers)")
    files = {library()[law_of(a)] for _, a in pairs}
    absent = sorted(f for f in files if not (LAWS / f).exists())
    if absent:
        pytest.skip(f"law files absent: {', '.join(absent)}")
    missing = [f"{qid}: {article}" for qid, article in pairs if article not in in_force(law_of(article))]
    assert not missing, f"{path.name}: not articles in force of the law as read: {missing}"
