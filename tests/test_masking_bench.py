"""bench/masking.py reads any labelled set, one of look-alikes only too (no spans: recall is not measured, the
false masks still are) — it printed nothing past a division by zero before."""

from __future__ import annotations

import subprocess
import sys

from tests.fixtures_index import REPO


def test_a_set_of_lookalikes_only_is_measured_for_false_masks() -> None:
    run = subprocess.run(
        [sys.executable, "bench/masking.py", "--questions", "bench/masking/lookalikes.jsonl"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "recall not measured" in run.stdout
    assert "false masks on clean questions: " in run.stdout and "/20 = " in run.stdout
