"""bench/ranker_sets.py writes the derived sets `kodeks eval train-ranker` reads: each line a set line that
`load_eval` accepts, the threads' first turns with their thread's officer, bsdev as an RS officer."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from retrieval.evaluation import load_eval
from tests.fixtures_index import REPO, bench_script


def _module() -> ModuleType:
    return bench_script("ranker_sets")


def test_the_threads_first_turns_are_set_lines_of_their_officer(tmp_path: Path) -> None:
    sets = _module()
    threads = REPO / "bench" / "data" / "threads.jsonl"
    out = tmp_path / "threads_first.jsonl"
    sets.write(out, sets.threads_first(threads))
    cases = [json.loads(line) for line in threads.read_text(encoding="utf-8").splitlines() if line.strip()]
    questions = load_eval(out)
    assert [q.id for q in questions] == [c["id"] for c in cases]
    assert [q.question for q in questions] == [c["turns"][0]["q"] for c in cases]
    assert [list(q.relevant) for q in questions] == [c["turns"][0]["relevant"] for c in cases]
    assert all(q.jurisdiction == c["jurisdiction"] for q, c in zip(questions, cases, strict=True))


def test_bsdev_is_asked_by_an_rs_officer(tmp_path: Path) -> None:
    sets = _module()
    if not sets.BSDEV.exists():
        pytest.skip(f"{sets.BSDEV} is absent")
    out = tmp_path / "bsdev_rs.jsonl"
    sets.write(out, sets.bsdev_rs(sets.BSDEV))
    alone, as_rs = load_eval(sets.BSDEV), load_eval(out)
    assert [(q.id, q.question, q.relevant) for q in as_rs] == [(q.id, q.question, q.relevant) for q in alone]
    assert {q.jurisdiction for q in as_rs} == {"RS"}
