"""mypy run in the background for tests/test_static_checks.py, started by the root conftest once the test is
collected.

A cold mypy takes about half a minute; started before the first test it runs while the others do, so the
static check costs the suite little more than its own wait. Output goes to a temporary file (a pipe nobody
reads would fill and stall mypy); the cache lives in the repository's .mypy_cache so a warm run is quick.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
TEST_FILE = "test_static_checks.py"

_run: tuple[subprocess.Popen[bytes], IO[bytes]] | None = None


def installed(tool: str) -> bool:
    """Whether `python -m <tool>` can run in this interpreter (ruff and mypy are in the `dev` extra)."""
    return importlib.util.find_spec(tool) is not None


def start_mypy() -> None:
    """Start mypy over the packages in pyproject.toml's [tool.mypy], once per session."""
    global _run
    if _run is not None or not installed("mypy"):
        return
    output = tempfile.TemporaryFile()  # noqa: SIM115 - open until mypy_result() reads it, closed in stop_mypy()
    command = [sys.executable, "-m", "mypy", "--cache-dir", str(ROOT / ".mypy_cache")]
    process = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
    _run = (process, output)


def mypy_result(timeout: float = 900) -> tuple[int, str]:
    """Wait for the background mypy (starting it if nothing did) and return its exit code and output."""
    start_mypy()
    assert _run is not None
    process, output = _run
    returncode = process.wait(timeout=timeout)
    output.seek(0)
    return returncode, output.read().decode("utf-8", "replace")


def stop_mypy() -> None:
    """End a background mypy the session no longer waits for (its test deselected or failed early)."""
    global _run
    if _run is None:
        return
    process, output = _run
    if process.poll() is None:
        process.terminate()
        process.wait(timeout=60)
    output.close()
    _run = None
