"""Search latency over the dev library against KZ RS alone, measured interleaved in one run.

    .venv/bin/python bench/library_latency.py              # 3 rounds of bsdev's 48 questions
    .venv/bin/python bench/library_latency.py --rounds 5

The machine is shared and its load changes by the minute, so two sets timed one after the other measure
the load as much as the search. Here both indexes are open at once and every question is asked of the
library (as an RS officer) and of KZ RS alone back to back, in alternating order, for --rounds rounds.
Printed: the median wall time of `Retriever.search` on each, their ratio, and the same for the search
without the question's embedding (`timings_ms.total − embed`: what the size of the library costs; the
embedding is one e5 call whatever the index). The library is built by bench/library.py (same --work).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import library as lib

from retrieval.evaluation import load_eval
from retrieval.jurisdictions import as_scope


def timed(retriever, question: str, jurisdiction: str | None) -> tuple[float, float]:
    """(wall ms, ms without the embedding) of one search."""
    started = time.perf_counter()
    result = retriever.search(question, k=10, jurisdiction=as_scope(jurisdiction) if jurisdiction else None)
    wall = (time.perf_counter() - started) * 1000
    return wall, result.timings_ms.get("total", wall) - result.timings_ms.get("embed", 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/kodeks-library"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--set-env", action="append", default=[], metavar="KODEKS_X=V")
    parser.add_argument("--as-built", action="store_true", help="the library as it is on disk (see bench/library.py)")
    args = parser.parse_args()
    if not (lib.LAWS.exists() and lib.BENCH.exists()):
        print(f"[skip] {lib.SHARED} not found", file=sys.stderr)
        return
    env = dict(item.split("=", 1) for item in args.set_env)
    library = lib.open_retriever(lib.build_library(args.work, env, not args.as_built), "serbian", env, None)
    alone = lib.open_retriever(lib.build_single(args.work, "bsdev", env), "serbian", env, None)
    questions = [q.question for q in load_eval(lib.SINGLE["bsdev"][1])]
    for r in (library, alone):
        r.search("zagrijavanje")  # the first call loads the model
    times: dict[str, list[tuple[float, float]]] = {"library-rs": [], "bsdev": []}
    for n in range(args.rounds):
        for i, q in enumerate(questions):
            pair = [("library-rs", library, "RS"), ("bsdev", alone, None)]
            for name, retriever, code in pair if (i + n) % 2 == 0 else pair[::-1]:
                times[name].append(timed(retriever, q, code))
    med = {name: (statistics.median(w for w, _ in t), statistics.median(s for _, s in t)) for name, t in times.items()}
    print(f"\n{'index':12s} {'searches':>8s} {'p50 ms':>7s} {'p50 ms w/o embedding':>21s}")
    for name, (wall, search) in med.items():
        print(f"{name:12s} {len(times[name]):8d} {wall:7.1f} {search:21.1f}")
    (lw, ls), (bw, bs) = med["library-rs"], med["bsdev"]
    print(f"library-rs / bsdev: ×{lw / bw:.2f} wall, ×{ls / bs:.2f} without the embedding")
    if env:
        print(f"settings: {' '.join(args.set_env)}")


if __name__ == "__main__":
    main()
