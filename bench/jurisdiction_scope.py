"""What searching for an officer costs, and what the parallels find, on an existing index.

    python bench/jurisdiction_scope.py --data-dir DIR [--repeat 5]

Prints the median search time without a filter and with each officer scope (the ratio against the
unfiltered search measured in the same run — the machine is shared), and, for every titled article of
each code, how often `Retriever.parallels` finds a parallel in each other code by title, only by
meaning, or nothing. Build DIR first, e.g. `kodeks ingest ../shared/laws/kz_*.corpus.jsonl
../shared/laws/zobs_bih.corpus.jsonl --data-dir DIR` (the whole codes: minutes of embedding).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kodeks.settings import load_settings
from retrieval.jurisdictions import scope_of
from retrieval.search.retriever import Retriever

QUESTIONS = [
    "koja je kazna ako neko drugoga usmrti",
    "ukrao mi je mobitel iz auta",
    "vozač odbio alkotest",
    "muž tuče ženu kod kuće",
    "prevario me pri prodaji automobila",
    "šta kaže član 124 KZ RS?",
]


def median_ms(retriever: Retriever, jurisdiction, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        for q in QUESTIONS:
            started = time.perf_counter()
            retriever.search(q, jurisdiction=jurisdiction)
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--parallels", type=int, default=40, help="titled articles per code to find parallels for")
    args = parser.parse_args()
    retriever = Retriever.open(load_settings(data_dir=args.data_dir, _env_file=None))
    print(f"index: {retriever.article_count} articles, jurisdictions {', '.join(retriever.jurisdictions())}")

    retriever.search("zagrijavanje")  # the first embedding call loads the model
    base = median_ms(retriever, None, args.repeat)
    print(f"search, no filter: median {base:.1f} ms")
    for code in ("BiH", "FBiH", "RS", "BD"):
        scoped = median_ms(retriever, scope_of(code), args.repeat)
        print(f"search as a {code} officer: median {scoped:.1f} ms  (×{scoped / base:.2f})")

    by_law: dict[str, list[str]] = {}
    for a in retriever.articles.values():
        if a.title:
            by_law.setdefault(a.law, []).append(a.id)
    for law, ids in sorted(by_law.items()):
        counts: Counter[str] = Counter()
        step = max(1, len(ids) // args.parallels)
        for aid in sorted(ids)[::step][: args.parallels]:
            for p in retriever.parallels(aid).others:
                counts[f"{p.jurisdiction}:{p.match}"] += 1
        print(
            f"parallels of {law} ({min(len(ids), args.parallels)} articles): "
            + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
        )


if __name__ == "__main__":
    main()
