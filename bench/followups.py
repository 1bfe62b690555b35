"""Follow-up questions in a thread: hit@5 of each turn, searched alone (today) vs. in the officer's thread.

    .venv/bin/python bench/followups.py                       # no key: alone vs. the rule-based thread
    .venv/bin/python bench/followups.py --standin             # + Claude's wiring through the stand-in server
    .venv/bin/python bench/followups.py --split dev           # only the threads the rules were tuned on

The threads are bench/data/followups.jsonl: 45 two- and three-turn conversations written as officers
would (jurisdiction per thread, gold article ids per turn, as in ../shared/laws/*.corpus.jsonl); every
third thread is held out (`"split": "holdout"`) — written with the others, never looked at while tuning.
The four codes they are about (KZ RS, KZ FBiH, KZ BiH, ZOBS BiH) are indexed once under --work with the
real local embedder (the first run embeds ~1,400 articles: minutes; later runs reuse the index), and
each turn is searched for the thread's officer (`scope_of(jurisdiction)`), as the bot does.

Modes (one row each):
- `alone`    every turn searched as typed: today's behaviour, the baseline;
- `thread`   the real `Pipeline` with no key, turn after turn in one thread: the rule-based stand-alone
             question and the previous answer's articles kept among the candidates;
- `standin`  the same with a key pointed at tests/fakes/anthropic_server.py: the stand-in "Claude"
             rewrites a follow-up as the previous stand-alone question + the follow-up (no language
             knowledge), so the row tests the wiring (request with the thread → reply → search), not a model.

First turns are the same question in every mode (no thread yet); the target is follow-up turns within
10 points of the first turns' hit@5 without a key.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # after PYTHONPATH: PYTHONPATH=<another checkout> measures that build

from kodeks.answering import Pipeline  # noqa: E402
from kodeks.answering.conversation import Thread  # noqa: E402
from kodeks.settings import Settings, load_settings  # noqa: E402
from retrieval.ingest.run import ingest_paths  # noqa: E402
from retrieval.jurisdictions import scope_of  # noqa: E402
from retrieval.search.retriever import Retriever  # noqa: E402

LAWS = REPO.parent / "shared" / "laws"
CORPORA = ["kz_rs.corpus.jsonl", "kz_fbih.corpus.jsonl", "kz_bih.corpus.jsonl", "zobs_bih.corpus.jsonl"]
THREADS = REPO / "bench" / "data" / "followups.jsonl"
K = 5


@dataclass
class Tally:
    """hit@5 per kind of turn, and each search's milliseconds."""

    first: list[float] = field(default_factory=list)
    follow: list[float] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def add(self, turn: int, hit: float, ms: float, label: str) -> None:
        (self.first if turn == 0 else self.follow).append(hit)
        self.ms.append(ms)
        if not hit:
            self.misses.append(label)


def load_threads(split: str) -> list[dict[str, Any]]:
    threads = [json.loads(line) for line in THREADS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [t for t in threads if split == "all" or t["split"] == split]


def hit(ids: list[str], relevant: list[str]) -> float:
    return 1.0 if set(ids[:K]) & set(relevant) else 0.0


def run_alone(retriever: Retriever, threads: list[dict[str, Any]]) -> Tally:
    tally = Tally()
    for thread in threads:
        scope = scope_of(thread["jurisdiction"])
        for n, turn in enumerate(thread["turns"]):
            started = time.perf_counter()
            result = retriever.search(turn["question"], k=K, jurisdiction=scope)
            ms = (time.perf_counter() - started) * 1000
            tally.add(n, hit([h.id for h in result.hits], turn["relevant"]), ms, f"{thread['id']}.{n + 1}")
    return tally


async def run_thread(pipeline: Pipeline, threads: list[dict[str, Any]], verbose: bool) -> Tally:
    """Each thread through the real pipeline, turn after turn, the previous exchanges carried as the bot does."""
    tally = Tally()
    for thread in threads:
        scope = scope_of(thread["jurisdiction"])
        conversation: Thread | None = None
        for n, turn in enumerate(thread["turns"]):
            started = time.perf_counter()
            result = await pipeline.ask(turn["question"], jurisdiction=scope, thread=conversation)
            ms = (time.perf_counter() - started) * 1000
            ids = [h.id for h in result.search.hits]
            tally.add(n, hit(ids, turn["relevant"]), ms, f"{thread['id']}.{n + 1}")
            if verbose:
                mark = "+" if hit(ids, turn["relevant"]) else "-"
                print(f"  {mark} {thread['id']}.{n + 1} {result.standalone!r} → {ids[:K]}", file=sys.stderr)
            conversation = result.next_thread()
    return tally


def standin_pipeline(settings: Settings) -> tuple[Pipeline, Any]:
    """A pipeline whose Claude is the stand-in server (tests/fakes/anthropic_server.py)."""
    from tests.fakes.anthropic_server import FakeAnthropic, claude_settings, standin_claude

    fake = FakeAnthropic().start()
    fake.default = standin_claude
    keyed = claude_settings(fake, settings, rewrite=True, claude_timeout=10.0, rewrite_timeout=10.0)
    return Pipeline(keyed, retriever=Retriever.open(keyed)), fake


def row(name: str, tally: Tally) -> str:
    first = statistics.fmean(tally.first) if tally.first else 0.0
    follow = statistics.fmean(tally.follow) if tally.follow else 0.0
    p50 = statistics.median(tally.ms) if tally.ms else 0.0
    return (f"{name:8s} {len(tally.first):4d} {first:8.1%} {len(tally.follow):4d} {follow:9.1%} "
            f"{(follow - first) * 100:+7.1f} {p50:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=REPO / "bench" / "out" / "followups", help="the bench index")
    parser.add_argument("--split", choices=["all", "dev", "holdout"], default="all")
    parser.add_argument("--standin", action="store_true", help="also run the stand-in Claude rewriter")
    parser.add_argument("--verbose", action="store_true", help="print every turn's stand-alone question and hits")
    args = parser.parse_args()
    if not all((LAWS / name).exists() for name in CORPORA):
        print(f"[skip] {LAWS} has not the four corpora", file=sys.stderr)
        return
    settings = load_settings(data_dir=args.work, _env_file=None)
    report = ingest_paths(settings, [LAWS / name for name in CORPORA])
    print(f"[followups] {report.total_articles} articles, embedded {report.embedded}", file=sys.stderr)
    retriever = Retriever.open(settings)

    splits = ["dev", "holdout"] if args.split == "all" else [args.split]
    lines = []
    for split in splits:
        threads = load_threads(split)
        rows = [("alone", run_alone(retriever, threads))]
        with_thread = Pipeline(settings, retriever=retriever)
        rows.append(("thread", asyncio.run(run_thread(with_thread, threads, args.verbose))))
        if args.standin:
            pipeline, fake = standin_pipeline(settings)
            try:
                rows.append(("standin", asyncio.run(run_thread(pipeline, threads, args.verbose))))
            finally:
                asyncio.run(pipeline.aclose())
                fake.stop()
        lines.append(f"\n[{split}] {len(threads)} threads")
        lines.append(f"{'mode':8s} {'n':>4s} {'1st hit@5':>8s} {'n':>4s} {'follow hit@5':>9s} {'Δ pts':>7s} {'p50 ms':>8s}")
        lines += [row(name, tally) for name, tally in rows]
        for name, tally in rows:
            lines.append(f"  {name} misses: {' '.join(tally.misses) or '-'}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
