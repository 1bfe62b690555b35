"""How many articles should the answer call see? hit@N for N = 1..10 from `kodeks eval retrieval --details`.

    kodeks eval retrieval ../shared/bench/bsdev/dev.jsonl --details /tmp/d_bsdev.jsonl
    .venv/bin/python bench/answer_depth.py /tmp/d_bsdev.jsonl [more.jsonl ...]

For each details file: the share of questions with a relevant article within the first N results,
and what each extra article adds. KODEKS_TOP_K (what the answer call is sent) is set where the
curve flattens: past it, one more article adds under a point while costing prompt tokens and
giving the model one more near-miss to confuse with the right one.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def curve(path: Path, depth: int = 10) -> list[float]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    firsts = [min((r for r in row["ranks"].values() if r), default=None) for row in rows]
    return [sum(1 for f in firsts if f is not None and f <= n) / len(rows) for n in range(1, depth + 1)]


def main() -> None:
    if len(sys.argv) < 2:
        print(__doc__)
        raise SystemExit(2)
    print(f"{'file':28s} " + " ".join(f"@{n:<5d}" for n in range(1, 11)))
    for name in sys.argv[1:]:
        c = curve(Path(name))
        print(f"{Path(name).name:28s} " + " ".join(f"{v:6.1%}" for v in c))
        print(
            f"{'  gain of the N-th':28s} " + " ".join(f"{(v - (c[i - 1] if i else 0)):+6.1%}" for i, v in enumerate(c))
        )


if __name__ == "__main__":
    main()
