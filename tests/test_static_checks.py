"""The code passes its static checks: ruff's lint rules, ruff's format and mypy (all configured in
pyproject.toml; docs/architecture.md, "Checks", says what each guards).

Each check runs as a subprocess with this interpreter's tools, so the test sees what `.venv/bin/ruff` and
`.venv/bin/mypy` see. mypy is started in the background when this file is collected (tests/static_checks.py)
and the test only waits for it. Skipped, saying why, when a tool is not installed (`pip install -e .[dev]`).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.static_checks import ROOT, installed, mypy_result


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


needs_ruff = pytest.mark.skipif(not installed("ruff"), reason="ruff is not installed (it is in the dev extra)")


@needs_ruff
def test_ruff_lint_finds_nothing() -> None:
    result = ruff("check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]


@needs_ruff
def test_the_code_is_ruff_formatted() -> None:
    result = ruff("format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout[-8000:] + result.stderr[-2000:]


@pytest.mark.skipif(not installed("mypy"), reason="mypy is not installed (it is in the dev extra)")
def test_mypy_finds_no_type_errors() -> None:
    returncode, output = mypy_result()
    assert returncode == 0, output[-12000:]
