"""`kodeks ingest` and `kodeks search` as a user runs them: real processes, exit codes, stderr, JSON keys."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.retrieval_helpers import kodeks_command, row, without_progress, write_corpus

KODEKS = kodeks_command()


def kodeks(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the installed console script with a clean environment (no keys, no .env)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "ANTHROPIC_", "KODEKS_", "CHROMA_"))}
    env["COLUMNS"] = "200"
    return subprocess.run([*KODEKS, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


def assert_one_line_failure(done: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


# --- ingest ------------------------------------------------------------------------------------------


def test_ingest_ok_then_nothing_to_embed(tmp_path: Path) -> None:
    corpus = write_corpus(
        tmp_path / "c.jsonl",
        [
            row("KZ", "1", "Ko tuđu pokretnu stvar oduzme drugom, kaznit će se.", "Krađa"),
            row("KZ", "2", "Ko napravi lažnu ispravu, kaznit će se.", "Krivotvorenje isprave"),
        ],
    )
    data = tmp_path / "idx"
    done = kodeks("ingest", str(corpus), "--data-dir", str(data), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "articles: 2" in done.stdout and "embedded: 2" in done.stdout
    assert "Traceback" not in done.stderr

    done = kodeks("ingest", str(corpus), "--data-dir", str(data), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert set(report) >= {"files", "articles", "chunks", "embedded", "reused", "deleted", "total_articles", "problems"}
    assert (report["articles"], report["embedded"], report["reused"], report["problems"]) == (2, 0, 2, [])


def problems(stderr: str) -> list[str]:
    """The lines of stderr that report problems: a slow (loaded) machine also prints progress lines every 5 s."""
    return without_progress(stderr).strip().splitlines()


def test_ingest_law_file_with_flags_and_partial_failure(tmp_path: Path) -> None:
    law = tmp_path / "kz_bd.txt"
    law.write_bytes("Član 1. Krađa\nKo ukrade tuđu stvar, kaznit će se.\n".encode("cp1250"))
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    data = tmp_path / "idx"
    done = kodeks(
        "ingest",
        str(law),
        str(empty),
        "--law",
        "KZ BD",
        "--title",
        "Krivični zakon BD",
        "--jurisdiction",
        "BD",
        "--data-dir",
        str(data),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr  # something was ingested: success, with the problem reported
    problem_lines = problems(done.stderr)
    assert len(problem_lines) == 1 and str(empty) in problem_lines[0]
    done = kodeks("search", "krađa", "--json", "--data-dir", str(data), cwd=tmp_path)
    hit = json.loads(done.stdout)["hits"][0]
    assert (hit["id"], hit["law"], hit["title"], hit["jurisdiction"]) == ("KZ BD čl. 1", "KZ BD", "Krađa", "BD")


def test_ingest_all_failed_exit_1_one_line_per_problem(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    corpus = tmp_path / "bad.jsonl"
    corpus.write_text('{"id": "A čl. 1", "law": "A", "article": "1"}\n{oops\n', encoding="utf-8")
    missing = tmp_path / "missing.pdf"
    done = kodeks("ingest", str(empty), str(corpus), str(missing), "--data-dir", str(tmp_path / "idx"), cwd=tmp_path)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    lines = problems(done.stderr)
    assert len(lines) == 4, done.stderr
    assert any(str(empty) in line for line in lines)
    assert any(f"{corpus}:1" in line and "text" in line for line in lines)
    assert any(f"{corpus}:2" in line and "JSON" in line for line in lines)
    assert any(str(missing) in line for line in lines)


@pytest.mark.parametrize(
    "args",
    [
        ["ingest"],
        ["ingest", "x.jsonl", "--no-such-flag"],
        ["search"],
        ["search", "krađa", "--k", "0"],
        ["search", "krađa", "--k", "many"],
        ["no-such-command"],
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str]) -> None:
    done = kodeks(*args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr


# --- search ------------------------------------------------------------------------------------------


def test_search_json_keys(sample_index, tmp_path: Path) -> None:
    done = kodeks(
        "search",
        "sta ako vozac odbije alkotest",
        "--json",
        "--k",
        "3",
        "--data-dir",
        str(sample_index.data_dir),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) >= {"query", "normalized", "hits", "level", "law", "jurisdiction", "timings_ms"}
    assert result["query"] == "sta ako vozac odbije alkotest" and result["level"] in ("threshold", "top_k")
    assert 1 <= len(result["hits"]) <= 3
    hit = result["hits"][0]
    assert set(hit) >= {
        "id",
        "law",
        "article",
        "title",
        "jurisdiction",
        "score",
        "similarity",
        "dense_rank",
        "lexical_rank",
        "level",
    }
    assert hit["id"] == "ZOBS BiH čl. 174" and hit["law"] == "ZOBS BiH" and hit["article"] == "174"


def test_search_reference_and_law_filter(sample_index, tmp_path: Path) -> None:
    done = kodeks(
        "search", "član 42", "--law", "ZOBS BiH", "--json", "--data-dir", str(sample_index.data_dir), cwd=tmp_path
    )
    result = json.loads(done.stdout)
    assert result["level"] == "reference" and result["hits"][0]["id"] == "ZOBS BiH čl. 42"
    assert {h["law"] for h in result["hits"]} == {"ZOBS BiH"}


def test_search_table_output(sample_index, tmp_path: Path) -> None:
    done = kodeks("search", "neko mi je krivotvorio potpis", "--data-dir", str(sample_index.data_dir), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "KZ FBiH čl. 373" in done.stdout and "level" in done.stdout


def test_search_unknown_law_one_line(sample_index, tmp_path: Path) -> None:
    done = kodeks("search", "krađa", "--law", "Nepostojeći", "--data-dir", str(sample_index.data_dir), cwd=tmp_path)
    assert_one_line_failure(done, "Nepostojeći", "KZ FBiH")


def test_search_without_index_one_line(tmp_path: Path) -> None:
    done = kodeks("search", "krađa", "--data-dir", str(tmp_path / "nothing"), cwd=tmp_path)
    assert_one_line_failure(done, "kodeks ingest")


def test_openai_embedder_without_key_one_line(sample_index, tmp_path: Path) -> None:
    env_done = subprocess.run(
        [*KODEKS, "search", "krađa", "--data-dir", str(sample_index.data_dir)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_"))},
            "KODEKS_EMBEDDER": "openai",
        },
    )
    assert_one_line_failure(env_done, "OPENAI_API_KEY")


def test_openai_embedder_unreachable_one_line(sample_index, tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("OPENAI_", "KODEKS_"))}
    env.update(KODEKS_EMBEDDER="openai", OPENAI_API_KEY="x", OPENAI_BASE_URL="http://127.0.0.1:1/v1")
    done = subprocess.run(
        [*KODEKS, "search", "krađa", "--data-dir", str(sample_index.data_dir)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        env=env,
    )
    assert_one_line_failure(done, "OpenAI")
