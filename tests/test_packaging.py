"""The shipped data files: a broken install (one missing) is refused at start, not run without vocabulary."""

from __future__ import annotations

import shutil
from pathlib import Path

from retrieval.language.vocabulary import DATA_DIR, SHIPPED_FILES, missing_files


def test_every_shipped_data_file_is_in_the_package() -> None:
    assert missing_files() == []
    assert {p.name for p in DATA_DIR.glob("*.toml")} >= set(SHIPPED_FILES)


def test_a_tree_missing_one_data_file_names_it(tmp_path: Path) -> None:
    for name in SHIPPED_FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    (tmp_path / "derivation.toml").unlink()
    assert missing_files(tmp_path) == [tmp_path / "derivation.toml"]
