"""Per-file results of reading the real law files in ../shared/laws, with the --dry-run logic
(no embedding, nothing written): articles in force against the README's count, deleted articles,
annexes/preamble, warnings, seconds.

    .venv/bin/python bench/ingest_files.py [--markdown] [--repeat 1]

`expected` is the README row's count; `checked diff` is the difference verified in the file itself
(tests/test_shared_laws.py, README_DIFFERENCES), so `got == expected + checked diff` is the pass mark.
Seconds are medians over --repeat runs; the machine is shared, so they are also given as a ratio to
the median of reading the plain-text files in the same run (`× txt`).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from retrieval.ingest.run import dry_run
from tests.test_shared_laws import COUNTS, LAWS, README_DIFFERENCES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a markdown table (for docs/ingest.md)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per file; seconds are the median")
    args = parser.parse_args()
    if not COUNTS:
        print(f"{LAWS} not found: nothing to measure")
        return
    rows = []
    for name in sorted(COUNTS):
        seconds = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            report = dry_run(None, [LAWS / name])
            seconds.append(time.perf_counter() - started)
        (file,) = report["files"]
        diff = README_DIFFERENCES.get(name, (0, ""))[0]
        rows.append(
            {
                "file": name,
                "expected": COUNTS[name],
                "diff": diff,
                "got": file["articles"],
                "deleted": file["deleted"],
                "annexes": file["annexes"],
                "warnings": len(file["warnings"]) + len(file["errors"]),
                "seconds": statistics.median(seconds),
                "ok": file["articles"] == COUNTS[name] + diff,
            }
        )
    txt = statistics.median([r["seconds"] for r in rows if r["file"].endswith(".txt")] or [1.0])
    header = ["file", "expected", "checked diff", "got", "deleted", "annexes", "warnings", "seconds", "× txt", "ok"]
    table = [
        [
            r["file"],
            str(r["expected"]),
            f"{r['diff']:+d}" if r["diff"] else "",
            str(r["got"]),
            str(r["deleted"]),
            str(r["annexes"]),
            str(r["warnings"]),
            f"{r['seconds']:.2f}",
            f"{r['seconds'] / txt:.1f}",
            "yes" if r["ok"] else "NO",
        ]
        for r in rows
    ]
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
        for line in table:
            print("| " + " | ".join(f"`{c}`" if i == 0 else c for i, c in enumerate(line)) + " |")
    else:
        widths = [max(len(h), *(len(line[i]) for line in table)) for i, h in enumerate(header)]
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
        for line in table:
            print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
    passed = sum(r["ok"] for r in rows)
    print(
        f"\n{passed}/{len(rows)} files at their count; {sum(r['got'] for r in rows)} articles in force, "
        f"{sum(r['deleted'] for r in rows)} deleted, {sum(r['annexes'] for r in rows)} annexes/preambles; "
        f"median seconds of a .txt file: {txt:.2f}"
    )


if __name__ == "__main__":
    main()
