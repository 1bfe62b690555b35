"""The labelled dev sets of masking are written as marked-up sources (bench/masking/dev_*.src, "[[words|KIND]]") and
built by bench/masking_devset.py: the offsets come out right, a bad mark is refused, and each committed .jsonl is
what its source builds (a set edited by hand would drift from its source)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from tests.fixtures_index import REPO, bench_script


def _builder() -> ModuleType:
    return bench_script("masking_devset")


def test_marks_become_offsets_into_the_plain_text() -> None:
    text, spans = _builder().parse("kod [[senade lipovac|PERSON]] u [[lipovoj 12|ADDRESS]] nasli drogu")
    assert text == "kod senade lipovac u lipovoj 12 nasli drogu"
    assert [(text[s["start"] : s["end"]], s["kind"]) for s in spans] == [
        ("senade lipovac", "PERSON"),
        ("lipovoj 12", "ADDRESS"),
    ]


@pytest.mark.parametrize("line", ["[[marko|NAME]] je dosao", "[[marko|PERSON] je dosao"])
def test_an_unknown_kind_or_an_unbalanced_mark_is_refused(line: str) -> None:
    with pytest.raises(ValueError):
        _builder().parse(line)


@pytest.mark.parametrize("source", sorted((REPO / "bench" / "masking").glob("dev_*.src")), ids=lambda p: p.stem)
def test_each_committed_set_is_what_its_source_builds(source: Path) -> None:
    committed = [json.loads(line) for line in source.with_suffix(".jsonl").read_text("utf-8").splitlines() if line]
    assert committed == _builder().build(source)
