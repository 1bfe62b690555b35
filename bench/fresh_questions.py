"""Fresh questions sent in a live thread: each tune thread's first question asked right after another thread's.

    .venv/bin/python bench/fresh_questions.py /tmp/fresh.jsonl
    kodeks eval threads /tmp/fresh.jsonl --data-dir DIR

Writes a thread file (the `kodeks eval threads` contract) of two-turn threads: the previous tune thread's first
question, then this thread's first question — as written (`fresh-plain`) and opened with "a " (`fresh-a`), the
form a follow-up has. Both are new matters, so the second turn in its thread should do as well as alone: the
report's `alone` columns are the same questions with no thread. What a reading that glues a new question to the
thread (or carries the earlier story into its search) costs, on questions nobody wrote as follow-ups. Only the
tune splits are used (bench/data/threads_writer.jsonl whole, the `tune` halves of threads_apart, threads and
threads_more, the `dev` half of followups).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
TUNE = {
    "threads_writer.jsonl": None,
    "threads_apart.jsonl": "tune",
    "threads.jsonl": "tune",
    "threads_more.jsonl": "tune",
    "followups.jsonl": "dev",
}


def first_questions() -> list[tuple[str, list[str], str]]:
    """(question, gold ids, jurisdiction) of every tune thread's first turn, in file order."""
    out: list[tuple[str, list[str], str]] = []
    for name, split in TUNE.items():
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            thread = json.loads(line)
            if split is not None and thread.get("split") != split:
                continue
            turn = thread["turns"][0]
            out.append((turn.get("q") or turn["question"], list(turn["relevant"]), thread["jurisdiction"]))
    return out


def pairs(firsts: list[tuple[str, list[str], str]]) -> list[dict[str, object]]:
    """Each first question after the one before it (the last after the first), plain and opened with "a "."""
    rows: list[dict[str, object]] = []
    for prefix, tag in (("", "plain"), ("a ", "a")):
        for n, (question, relevant, jurisdiction) in enumerate(firsts):
            before, before_relevant, _ = firsts[n - 1]
            rows.append(
                {
                    "id": f"{tag}{n}",
                    "jurisdiction": jurisdiction,
                    "turns": [
                        {"q": before, "relevant": before_relevant},
                        {"q": prefix + question, "relevant": relevant, "kind": f"fresh-{tag}"},
                    ],
                }
            )
    return rows


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: bench/fresh_questions.py OUT.jsonl")
    rows = pairs(first_questions())
    Path(sys.argv[1]).write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    print(f"{len(rows)} threads written to {sys.argv[1]}")


if __name__ == "__main__":
    main()
