"""`kodeks bot` caps glibc's malloc arenas itself, unless the operator set MALLOC_ARENA_MAX."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
PROBE = "from kodeks.memory import limit_malloc_arenas; print(limit_malloc_arenas())"


def _probe(**env: str) -> str:
    base = {k: v for k, v in os.environ.items() if k != "MALLOC_ARENA_MAX"}
    run = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=REPO,
        env={**base, "PYTHONPATH": str(REPO), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


@pytest.mark.skipif(platform.system() != "Linux" or platform.libc_ver()[0] != "glibc", reason="glibc only")
def test_the_cap_is_set_on_glibc() -> None:
    assert _probe() == "True"


def test_an_operators_malloc_arena_max_wins() -> None:
    assert _probe(MALLOC_ARENA_MAX="4") == "False"
