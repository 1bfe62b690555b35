"""Share of officers' questions WITHOUT personal data that get any mask (target <= 0.5 %), and the masked words.

Sets: ../shared/bench/bsdev/dev.jsonl (questions only), bench/data/followups.jsonl, bench/sets/*.jsonl.
Usage: python bench/masking_clean.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import find


def questions() -> list[str]:
    paths = [
        REPO.parent / "shared" / "bench" / "bsdev" / "dev.jsonl",
        REPO / "bench" / "data" / "followups.jsonl",
        *sorted((REPO / "bench" / "sets").glob("*.jsonl")),
    ]
    out: list[str] = []
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out += [t["question"] for t in row.get("turns", [])] or [row["question"]]
    return out


def main() -> None:
    qs = questions()
    masked = 0
    for q in qs:
        found, _ = find(q)
        if found:
            masked += 1
            print(f"MASKED {[(q[s.start : s.end], s.kind) for s in found]} | {q}")
    print(
        f"questions without personal data masked: {masked}/{len(qs)} = {100 * masked / max(len(qs), 1):.2f}% (target ≤ 0.5%)"
    )


if __name__ == "__main__":
    main()
