"""Every thread set and split of bench/data scored the bot's way in one run (issue 29), measure and tune apart.

    .venv/bin/python bench/threads.py --data-dir IDX                    # all splits, one index opened once
    KODEKS_RANKER=off .venv/bin/python bench/threads.py --data-dir IDX  # the same with the hand order alone
    .venv/bin/python bench/threads.py --data-dir IDX --only measure     # the measure/holdout splits only

IDX is a data dir holding every law the sets are labelled with: the four criminal codes and both traffic laws —
the library of bench/library.py, or the four corpora and the two text files:

    kodeks ingest ../shared/laws/{kz_rs,kz_fbih,kz_bih,zobs_bih}.corpus.jsonl --data-dir IDX
    kodeks ingest ../shared/laws/kz-brcko.txt --law "KZ BD" --jurisdiction BD --data-dir IDX
    kodeks ingest ../shared/laws/zbs-rs.txt --law "ZBS RS" --jurisdiction RS --data-dir IDX

A set labelled with articles the index does not hold is named with a warning (those turns cannot be found). Each line is `kodeks eval threads FILE --split S` (same
function, kodeks/answering/thread_eval.py), printed as first turns and follow-ups hit@1 / hit@5 (follow-ups
also asked alone), jurisdiction switches and corrections found in the first five; then the totals of the
measure splits and of the tune splits, in turns. Measure splits were never read while tuning the reading of a
thread (docs/retrieval.md, issue 29): report them apart, and never read their misses to tune on.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kodeks.answering import Pipeline
from kodeks.answering.thread_eval import evaluate_threads, load_threads, relevant_outside
from kodeks.settings import load_settings

DATA = REPO / "bench" / "data"

# (file, split or None for the whole file, role): the role says whether the reading was tuned on it.
SPLITS: tuple[tuple[str, str | None, str], ...] = (
    ("threads_apart.jsonl", "measure", "measure"),
    ("threads.jsonl", "measure", "measure"),
    ("threads_more.jsonl", "measure", "measure"),
    ("followups.jsonl", "holdout", "measure"),
    ("threads_fresh.jsonl", "measure", "measure"),
    ("threads_fresh2.jsonl", "measure", "measure"),
    ("threads_fresh3.jsonl", "measure", "measure"),
    ("threads_fresh4.jsonl", "measure", "measure"),
    ("threads_fresh5.jsonl", "measure", "measure"),
    ("threads_fresh6.jsonl", "measure", "measure"),
    ("threads_fresh7.jsonl", "measure", "measure"),
    ("threads_fresh8.jsonl", "measure", "measure"),
    ("threads_fresh9.jsonl", "measure", "measure"),
    ("threads_apart.jsonl", "tune", "tune"),
    ("threads_writer.jsonl", None, "tune"),
    ("threads_more.jsonl", "tune", "tune"),
    ("threads.jsonl", "tune", "tune"),
    ("followups.jsonl", "dev", "tune"),
    ("threads_fresh.jsonl", "tune", "tune"),
    ("threads_fresh2.jsonl", "tune", "tune"),
    ("threads_fresh3.jsonl", "tune", "tune"),
    ("threads_fresh4.jsonl", "tune", "tune"),
    ("threads_fresh5.jsonl", "tune", "tune"),
    ("threads_fresh6.jsonl", "tune", "tune"),
    ("threads_fresh7.jsonl", "tune", "tune"),
    ("threads_fresh8.jsonl", "tune", "tune"),
    ("threads_fresh9.jsonl", "tune", "tune"),
)


@dataclass
class Counts:
    """Turns found at rank 1 and in the first five, per group, summed over lines."""

    found: dict[str, list[int]] = field(default_factory=dict)  # group -> [n, hit@1, hit@5]

    def add(self, group: str, metrics: dict) -> None:
        n = metrics["n"] or 0
        row = self.found.setdefault(group, [0, 0, 0])
        row[0] += n
        row[1] += round((metrics["hit@1"] or 0) * n)
        row[2] += round((metrics["hit@5"] or 0) * n)

    def line(self, group: str) -> str:
        n, one, five = self.found.get(group, [0, 0, 0])
        return f"{one:>3} / {five:>3} of {n:<3}"


def _pct(metrics: dict, key: str) -> str:
    return "   –" if metrics.get(key) is None else f"{metrics[key] * 100:5.1f}"


def _found(kinds: dict, kind: str) -> str:
    """Turns of a kind found in the first five, as "found/n"."""
    m = kinds.get(kind)
    return "–" if not m else f"{round((m['hit@5'] or 0) * m['n'])}/{m['n']}"


async def run(data_dir: Path, only: str | None) -> None:
    settings = load_settings(data_dir=data_dir)
    totals = {"measure": Counts(), "tune": Counts()}
    print(f"{'split':40}{'first @1/@5':>14}{'follow-ups @1/@5':>20}{'alone @5':>10}{'switch':>9}{'correct':>9}")
    async with Pipeline(settings) as pipeline:
        for name, split, role in SPLITS:
            if (only and role != only) or not (DATA / name).exists():
                continue
            cases = load_threads(DATA / name, split)
            if not cases:
                continue
            unknown = relevant_outside(cases, getattr(await pipeline.retriever(), "articles", ()))
            if unknown:
                print(f"  warning: {len(unknown)} labelled articles of {name} are not in the index, e.g. {unknown[:3]}")
            report, _ = await evaluate_threads(pipeline, cases)
            first, follow, alone = report["first"], report["followups"], report["followups_alone"]
            kinds = report["by_kind"]

            label = f"{name} {split or ''}".strip() + f" ({role})"
            print(
                f"{label:40}{_pct(first, 'hit@1'):>7}/{_pct(first, 'hit@5'):>6}"
                f"{_pct(follow, 'hit@1'):>13}/{_pct(follow, 'hit@5'):>6}{_pct(alone, 'hit@5'):>10}"
                f"{_found(kinds, 'jurisdiction'):>9}{_found(kinds, 'correction'):>9}",
                flush=True,
            )
            for group, metrics in (("first", first), ("follow", follow), ("alone", alone)):
                totals[role].add(group, metrics)
            for kind in ("jurisdiction", "correction"):
                if kind in kinds:
                    totals[role].add(kind, kinds[kind])
    for role, counts in totals.items():
        if counts.found:
            print(
                f"{role} splits, turns hit@1 / hit@5: first {counts.line('first')}, follow-ups "
                f"{counts.line('follow')} (alone {counts.line('alone')}), switches {counts.line('jurisdiction')}, "
                f"corrections {counts.line('correction')}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, required=True, help="an index of the codes the threads are about")
    parser.add_argument("--only", choices=["measure", "tune"], help="only the measure or only the tune splits")
    args = parser.parse_args()
    asyncio.run(run(args.data_dir, args.only))


if __name__ == "__main__":
    main()
