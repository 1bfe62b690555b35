"""The query log at scale and under a lock: /stats and /export on a 60,000-row log, and rows lost across a
25 s write lock held by another process.

    PYTHONPATH=. .venv/bin/python bench/querylog_scale.py [--rows 60000] [--lock-seconds 25] [--repeats 5] [--days 7]

What it measures, in this one process (the same code paths the bot runs):
- /stats: `QueryLog.stats()` (SQL aggregates on a reader thread), median wall time of `--repeats` and the
  CPU time of the same computation (thread_time: what it costs regardless of other load); baseline in
  the same run: loading the week's rows into Python, which the old /stats did before computing anything.
- /export: `bot.querylog.export.export_parts` (the /export path: cursor → gzip JSONL parts < 45 MB) — time, parts,
  sizes, and the uncompressed size for comparison; RSS before, after and the peak during it (VmHWM reset
  via /proc/self/clear_refs).
- officers during /export: event-loop lag (how late a 10 ms timer fires) and the time of one query-log
  write, median/p95 while the export runs vs. idle just before it.
- the lock: a second process holds BEGIN EXCLUSIVE for `--lock-seconds`; one question per 0.5 s is
  recorded meanwhile; after the release the backlog drains; rows lost = recorded − present.
By default all rows fall inside the last 7 days (`--days 7`, the worst case for the /stats windows);
`--days 90` spreads them over a few months, as a real log of that size would be.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stats import machine, pct

from bot.querylog import QueryLog, open_reader, to_ts
from bot.querylog.export import export_parts
from tests.bot_helpers import LOCK_HOLDER

LAWS = ["KZ FBiH", "KZ RS", "ZKP FBiH", "ZOBS BiH", "ZPDV BiH", "Ustav BiH", "ZOA FBiH", "ZJRM FBiH"]
WORDS = [
    "krađa",
    "mobitela",
    "vozač",
    "alkotest",
    "potpis",
    "isprava",
    "krivotvorenje",
    "nezgoda",
    "pobjegao",
    "policija",
    "lišenje",
    "slobode",
    "prekršaj",
    "kazna",
    "zatvor",
    "novčana",
    "javni",
    "red",
    "mir",
    "oružje",
    "droga",
    "saobraćaj",
    "maloljetnik",
    "nasilje",
    "porodica",
]


def rss_now() -> tuple[float, float]:
    fields = dict(line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line)
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def reset_peak() -> None:
    Path("/proc/self/clear_refs").write_text("5")  # resets VmHWM to the current RSS


def sentence(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def generate(path: Path, rows: int, now: datetime, seed: int = 7, days: float = 7) -> None:
    """A log of `rows` realistic questions (5 retrieved hits, 1–3 citations, ~600-char answers, some 👍/👎)."""
    rng = random.Random(seed)
    con = sqlite3.connect(path)
    batch = []
    for _i in range(rows):
        ts = to_ts(now - timedelta(seconds=rng.uniform(0, days * 86400 - 60)))
        laws = [rng.choice(LAWS) for _ in range(5)]
        hits = [
            {
                "id": f"{law} čl. {rng.randint(1, 400)}",
                "law": law,
                "article": str(rng.randint(1, 400)),
                "title": sentence(rng, 3),
                "jurisdiction": "FBiH",
                "score": round(rng.random(), 4),
                "similarity": round(0.75 + rng.random() / 5, 4),
                "dense_rank": r + 1,
                "lexical_rank": rng.choice([None, r + 1]),
                "level": "threshold",
            }
            for r, law in enumerate(laws)
        ]
        cited = hits[: rng.randint(1, 3)]
        mode = "claude" if rng.random() < 0.8 else "extractive"
        batch.append(
            (
                ts,
                f"user{rng.randint(1, 400)}",
                "question",
                rng.choice(["telegram"] * 19 + ["cli"]),
                sentence(rng, rng.randint(4, 20)),
                sentence(rng, 10),
                json.dumps(hits, ensure_ascii=False),
                rng.choice(["threshold", "threshold", "top_k", "reference"]),
                sentence(rng, 90),
                json.dumps([{k: h[k] for k in ("id", "law", "article", "title")} for h in cited], ensure_ascii=False),
                json.dumps(["ZZZ čl. 9"] if rng.random() < 0.03 else []),
                (1 if rng.random() < 0.9 else 0) if mode == "claude" else None,
                mode,
                "claude-test",
                "bs-3",
                rng.uniform(800, 6000),
                (rng.random() < 0.01 and "boom") or None,
            )
        )
        if len(batch) == 5000:
            _insert(con, batch)
            batch = []
    _insert(con, batch)
    con.execute(
        "INSERT INTO cited (query_id, ts, law) SELECT q.id, q.ts, c.value ->> '$.law' "
        "FROM queries q, json_each(q.citations) c WHERE q.mode IS NOT NULL"
    )
    con.execute(
        "INSERT INTO feedback (query_id, ts, user_hash, value) SELECT id, ts, user_hash, "
        "CASE WHEN id % 3 = 0 THEN -1 ELSE 1 END FROM queries WHERE id % 7 = 0"
    )
    con.commit()
    con.close()


def _insert(con: sqlite3.Connection, batch: list[tuple]) -> None:
    con.executemany(
        "INSERT INTO queries (ts, user_hash, kind, source, question, normalized, retrieved, level, "
        "answer, citations, invalid_citations, covered, mode, model, prompt_version, total_ms, error) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        batch,
    )


async def loop_lag(stop: asyncio.Event, out: list[float]) -> None:
    while not stop.is_set():
        started = time.perf_counter()
        await asyncio.sleep(0.01)
        out.append((time.perf_counter() - started - 0.01) * 1000)


async def writes(log: QueryLog, stop: asyncio.Event, out: list[float]) -> None:
    n = 0
    while not stop.is_set():
        started = time.perf_counter()
        await log.record(user_id=n, question=f"officer question {n}")
        out.append((time.perf_counter() - started) * 1000)
        n += 1
        await asyncio.sleep(0.05)


async def measure_officers(
    log: QueryLog, work: asyncio.Future | None, seconds: float = 3.0
) -> tuple[list[float], list[float]]:
    """Loop lag and write times until `work` finishes (or for `seconds` when idle)."""
    stop = asyncio.Event()
    lags: list[float] = []
    write_ms: list[float] = []
    tasks = [asyncio.create_task(loop_lag(stop, lags)), asyncio.create_task(writes(log, stop, write_ms))]
    if work is None:
        await asyncio.sleep(seconds)
    else:
        await work
    stop.set()
    await asyncio.gather(*tasks)
    return lags, write_ms


def fmt(values: list[float]) -> str:
    return f"p50 {statistics.median(values):6.1f} ms  p95 {pct(values, 95):6.1f} ms  (n={len(values)})"


async def run(rows: int, lock_seconds: float, repeats: int, days: float) -> None:
    print(machine())
    work = Path(tempfile.mkdtemp(prefix="kodeks-qlog-bench-"))
    path = work / "queries.sqlite3"
    now = datetime.now(UTC)
    await (await QueryLog.open(path)).close()  # the schema
    started = time.perf_counter()
    generate(path, rows, now, days=days)
    print(
        f"generated {rows} rows over the last {days:g} days in {time.perf_counter() - started:.1f} s; file {path.stat().st_size / 2**20:.1f} MB"
    )

    log = await QueryLog.open(path)
    rss0, _ = rss_now()
    stats_s, cpu_s = [], []

    def timed_compute() -> tuple[dict, float]:
        from bot.querylog.figures import compute

        con = open_reader(path)
        try:
            cpu = time.thread_time()
            figures = compute(con, now=datetime.now(UTC))
            return figures, time.thread_time() - cpu
        finally:
            con.close()

    for _ in range(repeats):
        t = time.perf_counter()
        await log.stats()  # what /stats awaits: a reader thread
        stats_s.append(time.perf_counter() - t)
        figures, cpu = await asyncio.to_thread(timed_compute)
        cpu_s.append(cpu)
    rss_stats, _ = rss_now()
    med = statistics.median(stats_s)

    idle_lag, idle_write = await measure_officers(log, None)
    reset_peak()
    rss_before, _ = rss_now()
    out = work / "export"
    t = time.perf_counter()
    job = asyncio.ensure_future(asyncio.to_thread(export_parts, path, None, out, "bench"))
    busy_lag, busy_write = await measure_officers(log, job)
    count, parts = job.result()
    export_s = time.perf_counter() - t
    rss_after, peak = rss_now()

    base_s = []
    for _ in range(max(1, repeats // 2)):
        t = time.perf_counter()
        await log.rows_since(now - timedelta(days=7))
        base_s.append(time.perf_counter() - t)
    base = statistics.median(base_s)
    print(
        f"/stats: median {med * 1000:.0f} ms wall, {statistics.median(cpu_s) * 1000:.0f} ms CPU, over {repeats} runs "
        f"(week: {figures['week']['questions']} questions); baseline in the same run (load the week's rows into "
        f"Python, as the old /stats did before computing): {base * 1000:.0f} ms; ratio {med / base:.3f}"
    )
    sizes = [p.stat().st_size / 2**20 for p in parts]
    raw = sum(len(gzip.decompress(p.read_bytes())) for p in parts) / 2**20
    print(
        f"/export: {count} records in {export_s:.1f} s → {len(parts)} part(s) of {', '.join(f'{s:.1f}' for s in sizes)}"
        f" MB gzip ({raw:.0f} MB uncompressed); every part < 50 MB: {all(s < 50 for s in sizes)}"
    )
    print(
        f"RSS: {rss0:.0f} MB at start, {rss_stats:.0f} MB after /stats ×{repeats}, {rss_before:.0f} MB before /export, "
        f"peak {peak:.0f} MB during it, {rss_after:.0f} MB after"
    )
    print(f"officers while /export runs: loop lag {fmt(busy_lag)}; log write {fmt(busy_write)}")
    print(f"officers idle (same run):    loop lag {fmt(idle_lag)}; log write {fmt(idle_write)}")
    await log.close()

    # --- 25 s lock ----------------------------------------------------------------------------
    log = await QueryLog.open(path)
    before = await log.count()
    holder = subprocess.Popen(
        [sys.executable, "-c", LOCK_HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout.readline().strip() == "locked"  # type: ignore[union-attr]
    t = time.perf_counter()
    recorded, slowest = 0, 0.0
    while time.perf_counter() - t < lock_seconds:
        w = time.perf_counter()
        await log.record(user_id=recorded, question=f"during the lock {recorded}")
        slowest = max(slowest, time.perf_counter() - w)
        recorded += 1
        await asyncio.sleep(0.5)
    backlog = log.backlog
    holder.stdin.write("go\n")  # type: ignore[union-attr]
    holder.stdin.flush()  # type: ignore[union-attr]
    assert holder.stdout.readline().strip() == "released"  # type: ignore[union-attr]
    holder.wait()
    t = time.perf_counter()
    await log.wait_drained()
    drained = time.perf_counter() - t
    present = await log.count() - before
    print(
        f"{lock_seconds:.0f} s write lock by another process: {recorded} questions recorded, {backlog} waiting in "
        f"memory at release, drained {drained:.1f} s after it, rows lost {recorded - present} "
        f"(slowest record() call {slowest * 1000:.0f} ms)"
    )
    await log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=60_000)
    parser.add_argument("--lock-seconds", type=float, default=25.0)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--days",
        type=float,
        default=7,
        help="spread the rows over this many days (7: all in "
        "the /stats week, the worst case; 90: a few months of a force)",
    )
    args = parser.parse_args()
    asyncio.run(run(args.rows, args.lock_seconds, args.repeats, args.days))


if __name__ == "__main__":
    main()
