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
- `alone`    every turn asked on its own through the same pipeline: today's behaviour, the baseline;
- `thread`   the real `Pipeline` with no key, turn after turn in one thread: the rule-based stand-alone
             question and the previous answer's articles kept among the candidates;
- `switch`   a new matter that opens like a follow-up ("a " + a thread's first question, asked after another
             thread's first question): what the rules' misreading costs — its "1st hit@5" against `alone`'s;
- `standin`  the same with a key pointed at tests/fakes/anthropic_server.py: the stand-in "Claude"
             rewrites a follow-up as the previous stand-alone question + the follow-up (no language
             knowledge), so the row tests the wiring (request with the thread → reply → search), not a model.

First turns are the same question in every mode (no thread yet); the target is follow-up turns within
10 points of the first turns' hit@5 without a key. "1st found" is the follow-ups' hit@5 in the threads whose
first turn was found (how many in brackets): a thread whose matter was not found at first cannot inherit it.
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

from kodeks.answering import Pipeline
from kodeks.answering.conversation import Thread
from kodeks.settings import Settings, load_settings
from retrieval.ingest.run import ingest_paths
from retrieval.jurisdictions import scope_of
from retrieval.search.retriever import Retriever

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
    after_found: list[float] = field(default_factory=list)  # follow-ups in threads whose first turn was found
    _first_found: bool = False

    def add(self, turn: int, hit: float, ms: float, label: str) -> None:
        (self.first if turn == 0 else self.follow).append(hit)
        if turn == 0:
            self._first_found = bool(hit)
        elif self._first_found:
            self.after_found.append(hit)
        self.ms.append(ms)
        if not hit:
            self.misses.append(label)


def load_threads(split: str) -> list[dict[str, Any]]:
    threads = [json.loads(line) for line in THREADS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [t for t in threads if split == "all" or t["split"] == split]


def hit(ids: list[str], relevant: list[str]) -> float:
    return 1.0 if set(ids[:K]) & set(relevant) else 0.0


async def run_threads(pipeline: Pipeline, threads: list[dict[str, Any]], carry: bool, verbose: bool) -> Tally:
    """Each thread through the real pipeline, turn after turn: with `carry`, the previous exchanges carried as
    the bot carries them; without, every turn asked on its own (today's behaviour)."""
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
            conversation = result.next_thread() if carry else None
    return tally


def standin_pipeline(settings: Settings) -> tuple[Pipeline, Any]:
    """A pipeline whose Claude is the stand-in server (tests/fakes/anthropic_server.py)."""
    from tests.fakes.anthropic_server import FakeAnthropic, claude_settings, standin_claude

    fake = FakeAnthropic().start()
    fake.default = standin_claude
    keyed = claude_settings(fake, settings, rewrite=True, claude_timeout=10.0, rewrite_timeout=10.0)
    return Pipeline(keyed, retriever=Retriever.open(keyed)), fake


async def run_switches(pipeline: Pipeline, threads: list[dict[str, Any]]) -> Tally:
    """A new matter that opens like a follow-up: each thread's first question, prefixed "a …", asked right after
    the previous thread's first question in the same chat — the rules take it for a follow-up, so this is what
    a wrong reading costs (compare with the first turns asked alone)."""
    tally = Tally()
    for before, thread in zip(threads[-1:] + threads[:-1], threads):
        scope = scope_of(thread["jurisdiction"])
        earlier = await pipeline.ask(before["turns"][0]["question"], jurisdiction=scope)
        turn = thread["turns"][0]
        started = time.perf_counter()
        result = await pipeline.ask(f"a {turn['question']}", jurisdiction=scope, thread=earlier.next_thread())
        ms = (time.perf_counter() - started) * 1000
        tally.add(0, hit([h.id for h in result.search.hits], turn["relevant"]), ms, f"{thread['id']}.1")
    return tally


async def measure(
    settings: Settings, retriever: Retriever, threads: list[dict[str, Any]], standin: bool, verbose: bool
) -> list[tuple[str, Tally]]:
    """The modes, one after the other, in one event loop (the SDK clients live in it)."""
    pipeline = Pipeline(settings, retriever=retriever)
    rows = [
        ("alone", await run_threads(pipeline, threads, False, False)),
        ("thread", await run_threads(pipeline, threads, True, verbose)),
        ("switch", await run_switches(pipeline, threads)),
    ]
    if standin:
        keyed, fake = standin_pipeline(settings)
        try:
            rows.append(("standin", await run_threads(keyed, threads, True, verbose)))
        finally:
            await keyed.aclose()
            fake.stop()
    return rows


def table(rows: list[tuple[str, Tally]]) -> list[str]:
    """One line per mode: first turns' and follow-up turns' hit@5, the follow-ups' gap to the first turns and
    their gain over `alone` (points), and the median ms per turn with its ratio to `alone`'s (same run)."""

    def mean(values: list[float]) -> float:
        return statistics.fmean(values) if values else 0.0

    base_follow = mean(rows[0][1].follow)
    base_ms = statistics.median(rows[0][1].ms) if rows[0][1].ms else 0.0
    out = [
        f"{'mode':8s} {'1st n':>5s} {'1st hit@5':>9s} {'f-up n':>6s} {'f-up hit@5':>10s} {'gap':>6s} "
        f"{'vs alone':>8s} {'1st found':>12s} {'p50 ms':>7s} {'×alone':>6s}"
    ]
    for name, tally in rows:
        first, follow = mean(tally.first), mean(tally.follow)
        p50 = statistics.median(tally.ms) if tally.ms else 0.0
        ratio = p50 / base_ms if base_ms else 0.0
        found = f"{mean(tally.after_found):6.1%} ({len(tally.after_found)})" if tally.follow else "-"
        out.append(
            f"{name:8s} {len(tally.first):5d} {first:9.1%} {len(tally.follow):6d} {follow:10.1%} "
            f"{(follow - first) * 100:+6.1f} {(follow - base_follow) * 100:+8.1f} {found:>12s} {p50:7.1f} "
            f"{ratio:6.2f}"
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=REPO / "bench" / "out" / "followups", help="the bench index")
    parser.add_argument("--split", choices=["all", "dev", "holdout"], default="all")
    parser.add_argument("--standin", action="store_true", help="also run the stand-in Claude rewriter")
    parser.add_argument("--verbose", action="store_true", help="print every turn's stand-alone question and hits")
    parser.add_argument("--weight", type=float, help="KODEKS_THREAD_WEIGHT for this run (default: the setting's)")
    parser.add_argument("--bonus", type=float, help="KODEKS_THREAD_BONUS for this run (default: the setting's)")
    args = parser.parse_args()
    if not all((LAWS / name).exists() for name in CORPORA):
        print(f"[skip] {LAWS} has not the four corpora", file=sys.stderr)
        return
    settings = load_settings(data_dir=args.work, _env_file=None)
    report = ingest_paths(settings, [LAWS / name for name in CORPORA])
    print(f"[followups] {report.total_articles} articles, embedded {report.embedded}", file=sys.stderr)
    tuning = {k: v for k, v in (("thread_weight", args.weight), ("thread_bonus", args.bonus)) if v is not None}
    settings = settings.model_copy(update=tuning)
    print(f"[followups] thread weight {settings.thread_weight:g}, bonus {settings.thread_bonus:g}", file=sys.stderr)
    retriever = Retriever.open(settings)

    splits = ["dev", "holdout"] if args.split == "all" else [args.split]
    lines = []
    for split in splits:
        threads = load_threads(split)
        rows = asyncio.run(measure(settings, retriever, threads, args.standin, args.verbose))
        lines.append(f"\n[{split}] {len(threads)} threads")
        lines += table(rows)
        for name, tally in rows:
            lines.append(f"  {name} misses: {' '.join(tally.misses) or '-'}")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
