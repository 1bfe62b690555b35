"""Retrieval evaluation: metric arithmetic on a hand-made example, the sweep and its recommendation, the CLI."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kodeks.errors import KodeksError
from retrieval.evaluation import (
    QuestionScores,
    load_eval,
    percentile,
    recommend,
    summarize,
    sweep,
    thresholds_for,
)
from tests.fixtures_index import SAMPLE_EVAL

KODEKS = [sys.executable, "-m", "kodeks"]


def test_metrics_on_a_hand_made_example() -> None:
    rankings = [
        ["a", "b", "c"],  # relevant "a" at rank 1
        ["x", "y", "b", "z", "w", "v"],  # relevant "b" at rank 3, "q" never
        ["x", "y", "z", "w", "v", "u", "r"],  # relevant "r" at rank 7
        [],  # empty context
    ]
    relevant = [["a"], ["b", "q"], ["r"], ["a"]]
    m = summarize(rankings, relevant, [10.0, 20.0, 30.0, 40.0])
    assert m["n"] == 4
    assert m["hit@1"] == pytest.approx(1 / 4)
    assert m["hit@5"] == pytest.approx(2 / 4)
    assert m["hit@10"] == pytest.approx(3 / 4)
    assert m["recall@5"] == pytest.approx((1 + 0.5 + 0 + 0) / 4)
    assert m["recall@10"] == pytest.approx((1 + 0.5 + 1 + 0) / 4)
    assert m["mrr@10"] == pytest.approx((1 + 1 / 3 + 1 / 7 + 0) / 4)
    assert m["empty_context"] == pytest.approx(1 / 4)
    assert (m["p50_ms"], m["p95_ms"]) == (20.0, 40.0)
    assert set(m) == {
        "n",
        "hit@1",
        "hit@5",
        "hit@10",
        "recall@5",
        "recall@10",
        "mrr@10",
        "p50_ms",
        "p95_ms",
        "empty_context",
    }


def test_percentile_is_nearest_rank() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([5.0], 95) == 5.0
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50) == 5
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 95) == 10


def test_sweep_counts_losses_empty_context_and_precision() -> None:
    scored = [
        QuestionScores((0.90, 0.80), (True, False)),
        QuestionScores((0.85, 0.82), (False, True)),
        QuestionScores((0.79, 0.78), (False, False)),
    ]
    low, mid, high = sweep(scored, [0.70, 0.83, 0.95])
    assert (low.loses_relevant, low.no_context, low.precision) == (0.0, 0.0, pytest.approx(2 / 6))
    # at 0.83 the second question's relevant article (0.82) is dropped, the third gets nothing
    assert mid.loses_relevant == pytest.approx(1 / 3) and mid.no_context == pytest.approx(1 / 3)
    assert mid.precision == pytest.approx(1 / 2)
    assert high.loses_relevant == pytest.approx(2 / 3) and high.no_context == 1.0 and high.precision == 0.0


def test_recommendation_is_the_highest_threshold_within_the_loss_limit() -> None:
    scored = [QuestionScores((0.80 + i / 100, 0.70), (True, False)) for i in range(20)]
    points = sweep(scored, thresholds_for(scored))
    chosen, why = recommend(points, max_loss=0.10)
    assert chosen.loses_relevant <= 0.10
    assert all(p.loses_relevant > 0.10 for p in points if p.threshold > chosen.threshold)
    assert f"{chosen.threshold:.3f}" in why and "%" in why


def test_recommendation_when_no_threshold_is_acceptable() -> None:
    scored = [QuestionScores((0.5,), (True,)), QuestionScores((0.9,), (True,))]
    points = sweep(scored, [0.6, 0.95])
    chosen, why = recommend(points, max_loss=0.0)
    assert chosen.threshold == 0.6 and why.startswith("no threshold")


def test_thresholds_span_the_observed_range() -> None:
    ts = thresholds_for([QuestionScores((0.77, 0.94), (True, False))], steps=5)
    assert ts[0] == 0.77 and ts[-1] == 0.94 and len(ts) == 5


def test_bad_evaluation_file_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "eval.jsonl"
    bad.write_text('{"question": "q", "relevant": ["a"]}\n{oops\n', encoding="utf-8")
    with pytest.raises(KodeksError, match=r"eval.jsonl:2"):
        load_eval(bad)
    unlabelled = tmp_path / "export.jsonl"
    unlabelled.write_text('{"question": "q", "relevant": []}\n', encoding="utf-8")
    with pytest.raises(KodeksError, match="no labelled questions"):
        load_eval(unlabelled)


def test_eval_retrieval_cli_on_the_sample(sample_index, tmp_path: Path) -> None:
    out, plot, details = tmp_path / "m.json", tmp_path / "sweep.png", tmp_path / "details.jsonl"
    run = subprocess.run(
        [
            *KODEKS,
            "eval",
            "retrieval",
            str(SAMPLE_EVAL),
            "--data-dir",
            str(sample_index.data_dir),
            "--json",
            str(out),
            "--sweep",
            "--plot",
            str(plot),
            "--details",
            str(details),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    metrics = json.loads(out.read_text())
    assert metrics["n"] == 10 and metrics["empty_context"] == 0.0
    assert metrics["hit@5"] >= 0.9  # the sample is small and written for the product's phrasing
    assert "recommended KODEKS_THRESHOLD=" in run.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = [json.loads(line) for line in details.read_text().splitlines()]
    assert len(rows) == 10 and {"ranks", "level", "top"} <= set(rows[0])


def test_plot_without_matplotlib_says_how_to_install_it(tmp_path: Path) -> None:
    """matplotlib is the `plots` extra: without it, --plot stops at once with the pip line, before any work."""
    shadow = tmp_path / "shadow"
    (shadow / "matplotlib").mkdir(parents=True)
    (shadow / "matplotlib" / "__init__.py").write_text("raise ImportError('not installed')\n")  # as if absent
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shadow), str(Path(__file__).resolve().parents[1])])}
    run = subprocess.run(
        [*KODEKS, "eval", "retrieval", str(SAMPLE_EVAL), "--data-dir", str(tmp_path / "none"), "--plot", "x.png"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        cwd=tmp_path,
    )
    assert run.returncode == 2, run.stderr
    assert "--plot needs matplotlib" in run.stderr and "pip install 'kodeks[plots]'" in run.stderr
    assert not (tmp_path / "x.png").exists()
