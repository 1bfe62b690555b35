"""Bot throughput: 200 questions from 50 officers through the fake Bot API server into the real
`kodeks bot` process, with the fake Claude answering each after 2 s. Prints wall time, answers/s, p50/p95
time to reply and the query-log rows written, against the ideal wall time
questions × 2 s / KODEKS_CONCURRENCY (target: within 1.5×, and rows == questions).

    .venv/bin/python bench/bot_throughput.py [--questions 200] [--officers 50] [--concurrency 32] [--delay 2]
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from botproc import Replies, ask, fresh_log, officers, start_bot, stop_bot
from scale_index import QUESTIONS, chunk_count, ensure_index
from stats import machine, pct

from tests.fakes.anthropic_server import FAKE_KEY, FakeAnthropic, slow
from tests.fakes.telegram_server import FakeTelegramServer


async def run(total: int, n_officers: int, concurrency: int, delay: float) -> None:
    settings = ensure_index()
    fresh_log(settings.data_dir)
    claude = FakeAnthropic().start()
    claude.default = slow(delay)
    server = FakeTelegramServer()
    await server.start()
    users = officers(n_officers)
    proc = await start_bot(
        settings.data_dir,
        server,
        users,
        env={"ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": claude.url, "KODEKS_CONCURRENCY": str(concurrency)},
    )
    replies = Replies(server)
    try:
        start = time.monotonic()
        asked = [ask(server, users[i % len(users)], QUESTIONS[i % len(QUESTIONS)]) for i in range(total)]
        await replies.wait(total, timeout=1800)
        wall = max(replies.times(asked)[i] + asked[i][2] for i in range(total)) - start
    finally:
        await stop_bot(proc)
        await server.stop()
        claude.stop()
    times = replies.times(asked)
    con = sqlite3.connect(settings.log_path)
    try:
        logged, modes = con.execute("SELECT COUNT(*), GROUP_CONCAT(DISTINCT mode) FROM queries").fetchone()
    finally:
        con.close()
    ideal = total * delay / concurrency
    print(
        f"\nindex {chunk_count(settings)} chunks; {total} questions from {n_officers} officers; "
        f"Claude answers after {delay:g} s; KODEKS_CONCURRENCY={concurrency}"
    )
    print(f"wall time {wall:.1f} s vs ideal {ideal:.1f} s → ratio {wall / ideal:.2f} (target ≤ 1.5)")
    print(
        f"answers/s {total / wall:.2f}; time to reply p50 {statistics.median(times):.1f} s, p95 {pct(times, 95):.1f} s"
    )
    print(f"log rows {logged} of {total} questions (modes: {modes}); lost {total - logged}")
    print(f"Claude requests {len(claude.requests)}")
    print(machine())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--officers", type=int, default=50)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--delay", type=float, default=2.0)
    args = parser.parse_args()
    print(machine())
    asyncio.run(run(args.questions, args.officers, args.concurrency, args.delay))


if __name__ == "__main__":
    main()
