"""Share of officers' questions WITHOUT personal data that get any mask (target <= 0.5 %), and the masked words.

Sets: ../shared/bench/bsdev/dev.jsonl (questions only), bench/data/followups.jsonl, bench/sets/*.jsonl, and every
turn of the officers' threads (bench/data/threads*.jsonl). The masked words are printed only for questions outside a
measure or held-out split (those are counted, not read).
Usage: python bench/masking_clean.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import find

_UNREAD = ("measure", "heldout", "held-out", "test")


def questions() -> list[tuple[str, bool]]:
    """Every question, and whether its masks may be read (not in a measure or held-out split)."""
    paths = [
        REPO.parent / "shared" / "bench" / "bsdev" / "dev.jsonl",
        REPO / "bench" / "data" / "followups.jsonl",
        *sorted((REPO / "bench" / "sets").glob("*.jsonl")),
        *sorted((REPO / "bench" / "data").glob("threads*.jsonl")),
    ]
    out: list[tuple[str, bool]] = []
    for path in paths:
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                readable = row.get("split") not in _UNREAD
                turns = [t.get("question") or t["q"] for t in row.get("turns", [])] or [row["question"]]
                out += [(q, readable) for q in turns]
    return out


def main() -> None:
    qs = questions()
    masked = 0
    for q, readable in qs:
        found, _ = find(q)
        if found:
            masked += 1
            if readable:
                print(f"MASKED {[(q[s.start : s.end], s.kind) for s in found]} | {q}")
    print(
        f"questions without personal data masked: {masked}/{len(qs)} = {100 * masked / max(len(qs), 1):.2f}% (target ≤ 0.5%)"
    )


if __name__ == "__main__":
    main()
