"""The two derived set files the learned ranking's training command names (issue 31), written again.

    .venv/bin/python bench/ranker_sets.py --out /tmp/31-sets

`kodeks eval train-ranker` (docs/retrieval.md, "Learned ranking") reads two sets that are not files of the
repository but derived from them: `bsdev_rs.jsonl` (bsdev's dev questions, each asked by an RS officer: the
`library-rs` set) and `threads_first.jsonl` (the first turn of each thread of bench/data/threads.jsonl, with its
thread's officer jurisdiction: the `threads` set). This writes both, byte for byte as the shipped model's files
(its `sets` record their sha256; the script prints each file's digest to compare).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BSDEV = REPO.parent / "shared" / "bench" / "bsdev" / "dev.jsonl"
THREADS = REPO / "bench" / "data" / "threads.jsonl"


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def bsdev_rs(bsdev: Path) -> list[dict]:
    """bsdev's questions as an RS officer asks them (`bench/library.py`'s library-rs)."""
    return [dict(row, jurisdiction="RS") for row in _rows(bsdev)]


def threads_first(threads: Path) -> list[dict]:
    """Each thread's first turn as a set line, searched for the thread's officer."""
    return [
        {
            "id": case["id"],
            "question": case["turns"][0]["q"],
            "relevant": case["turns"][0]["relevant"],
            "jurisdiction": case["jurisdiction"],
        }
        for case in _rows(threads)
    ]


def write(path: Path, rows: list[dict]) -> str:
    """Write one JSON line per row; returns the file's sha256."""
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_text(text, encoding="utf-8")
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="directory to write the two files into")
    parser.add_argument("--bsdev", type=Path, default=BSDEV)
    parser.add_argument("--threads", type=Path, default=THREADS)
    args = parser.parse_args()
    if not args.bsdev.exists():
        raise SystemExit(f"{args.bsdev} is absent (../shared/bench)")
    args.out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("bsdev_rs.jsonl", bsdev_rs(args.bsdev)), ("threads_first.jsonl", threads_first(args.threads))):
        digest = write(args.out / name, rows)
        print(f"{args.out / name}: {len(rows)} questions, sha256 {digest}")


if __name__ == "__main__":
    main()
