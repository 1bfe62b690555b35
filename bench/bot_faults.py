"""Bot under load and hostile traffic: the real `kodeks bot` process against the fake Bot API server.

200 questions from 50 officers (the fake Claude answers each after 2 s) while 5,000 strangers write to
the bot at the same time (plus a few poison updates). Prints what matters for issue 12: questions
answered, logged and answered twice, strangers refused and what reached them, refusals counted, poison
updates skipped, and the bot's RSS before and after (the rate-limit table is pruned, so 5,000 distinct
ids must not keep growing it). A baseline run with officers only, in the same invocation, gives the
ratio of officers' time to reply with and without the strangers.

Uses the sample index (data/sample, built once under /tmp/kodeks-bench-faults) unless --data-dir is given.

    .venv/bin/python bench/bot_faults.py [--questions 200] [--officers 50] [--strangers 5000] [--delay 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from botproc import LOG_DIR, REPO, Replies, ask, ensure_sample_index, fresh_log, officers, stop_bot
from botproc import start_bot as botproc_start_bot
from stats import machine, pct, rss_mb

from kodeks.settings import Settings
from tests.fakes.anthropic_server import FAKE_KEY, FakeAnthropic, slow
from tests.fakes.telegram_server import FakeTelegramServer

QUESTIONS = [
    "neko mi je krivotvorio potpis",
    "sta ako vozac odbije alkotest",
    "ukrao mi je mobitel",
    "vozac pobjegao sa mjesta nezgode",
    "covjek se tuce i vice na ulici",
    "фалсификовао је исправу",
]
FIRST_STRANGER = 900_000_000
DEFAULT_DIR = Path("/tmp/kodeks-bench-faults")


async def start_bot(
    data_dir: Path, server: FakeTelegramServer, users: list[int], env: dict[str, str]
) -> asyncio.subprocess.Process:
    """`kodeks bot` from this checkout (python -m kodeks, so no installed console script is needed), at the
    shipped rate limit (botproc's default lifts it for throughput runs)."""
    shipped_limit = str(Settings.model_fields["rate_limit_per_minute"].default)
    return await botproc_start_bot(
        data_dir,
        server,
        users,
        env={"PYTHONPATH": str(REPO), "KODEKS_RATE_LIMIT_PER_MINUTE": shipped_limit, **env},
        command=[sys.executable, "-m", "kodeks", "bot"],
        log_name="bot_faults.log",
    )


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (from /proc/PID/stat): the bot's own share of the machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def duplicates(server: FakeTelegramServer) -> int:
    """Questions whose answer was delivered more than once (successful sends quoting the same message)."""
    quoted = Counter(
        (c.params.get("chat_id"), (c.params.get("reply_parameters") or {}).get("message_id"))
        for c in server.calls_to("sendMessage")
        if c.status == 200 and c.params.get("reply_parameters")
    )
    return sum(1 for n in quoted.values() if n > 1)


async def run_once(data_dir: Path, total: int, n_officers: int, n_strangers: int, delay: float) -> dict:
    fresh_log(data_dir)
    claude = FakeAnthropic().start()
    claude.default = slow(delay)
    server = FakeTelegramServer()
    await server.start()
    users = officers(n_officers)
    proc = await start_bot(
        data_dir,
        server,
        users,
        env={"ANTHROPIC_API_KEY": FAKE_KEY, "ANTHROPIC_BASE_URL": claude.url, "KODEKS_RATE_LIMIT_PER_MINUTE": "10"},
    )
    replies = Replies(server)
    try:
        rss_before, _ = rss_mb(proc.pid)
        cpu_before = cpu_seconds(proc.pid)
        start = time.monotonic()
        asked = []
        strangers = list(range(FIRST_STRANGER, FIRST_STRANGER + n_strangers))
        per_round = max(1, n_strangers // max(1, total))
        for i in range(total):  # officers' questions interleaved with the strangers' messages
            asked.append(ask(server, users[i % len(users)], QUESTIONS[i % len(QUESTIONS)]))
            for stranger in strangers[i * per_round : (i + 1) * per_round]:
                server.send_text(stranger, f"stranac {stranger} pita nesto")
        for stranger in strangers[total * per_round :]:
            server.send_text(stranger, f"stranac {stranger} pita nesto")
        if n_strangers:
            for bad in (
                {"message": {"message_id": 1, "date": "yesterday", "chat": {"id": 1, "type": "private"}}},
                {"message": {"message_id": 2, "date": 0, "chat": "a string"}},
            ):
                server.push(bad)
        await replies.wait(total, timeout=1800)
        await server.wait_until(
            lambda: (
                sum(1 for c in server.calls_to("sendMessage") if c.params.get("chat_id", 0) >= FIRST_STRANGER)
                >= n_strangers
            ),
            timeout=1800,
            what="every stranger's refusal",
        )
        await server.wait_fetched(timeout=600)
        wall = time.monotonic() - start
        rss_after, rss_peak = rss_mb(proc.pid)
        cpu = cpu_seconds(proc.pid) - cpu_before
    finally:
        code = await stop_bot(proc)
        await server.stop()
        claude.stop()
    times = replies.times(asked)
    con = sqlite3.connect(data_dir / "queries.sqlite3")
    try:
        logged = con.execute("SELECT COUNT(*) FROM queries").fetchone()[0]
        refusals = con.execute("SELECT COUNT(*) FROM refusals").fetchone()[0]
        stored_stranger_text = con.execute("SELECT COUNT(*) FROM queries WHERE question LIKE 'stranac %'").fetchone()[0]
    finally:
        con.close()
    bot_log = (LOG_DIR / "bot_faults.log").read_text(errors="replace")
    to_strangers = [c for c in server.calls_to("sendMessage") if c.params.get("chat_id", 0) >= FIRST_STRANGER]
    return {
        "answered": len(times),
        "logged": logged,
        "duplicates": duplicates(server),
        "refused": sum(1 for c in to_strangers if c.status == 200 and "ID" in str(c.params.get("text", ""))),
        "answers_to_strangers": sum(1 for c in to_strangers if "Izvori" in str(c.params.get("text", ""))),
        "refusals_counted": refusals,
        "stranger_text_stored": stored_stranger_text,
        "poison_skipped": bot_log.count("skipped update"),
        "stranger_text_in_log": bot_log.count("stranac "),
        "log_lines": bot_log.count("\n"),
        "p50": statistics.median(times),
        "p95": pct(times, 95),
        "wall": wall,
        "rss_before": rss_before,
        "rss_after": rss_after,
        "rss_peak": rss_peak,
        "exit": code,
        "cpu": cpu,
    }


async def main_async(args: argparse.Namespace) -> None:
    data_dir = ensure_sample_index(args.data_dir)
    print(machine())
    base = await run_once(data_dir, args.questions, args.officers, 0, args.delay)
    load = await run_once(data_dir, args.questions, args.officers, args.strangers, args.delay)
    print(
        f"\n{args.questions} questions from {args.officers} officers, Claude answering after {args.delay:g} s; "
        f"with {args.strangers} strangers vs officers only (same run)"
    )
    print(f"{'':28}{'officers only':>16}{'with strangers':>16}")
    for key, label, fmt in [
        ("answered", "answered", "{:.0f}"),
        ("logged", "logged", "{:.0f}"),
        ("duplicates", "answered twice", "{:.0f}"),
        ("refused", "strangers refused", "{:.0f}"),
        ("answers_to_strangers", "answers to strangers", "{:.0f}"),
        ("refusals_counted", "refusals counted", "{:.0f}"),
        ("stranger_text_stored", "strangers' text stored", "{:.0f}"),
        ("poison_skipped", "poison updates reported", "{:.0f}"),
        ("stranger_text_in_log", "strangers' text in bot log", "{:.0f}"),
        ("log_lines", "bot log lines", "{:.0f}"),
        ("p50", "time to reply p50 s", "{:.1f}"),
        ("p95", "time to reply p95 s", "{:.1f}"),
        ("wall", "wall time s", "{:.1f}"),
        ("cpu", "bot CPU s", "{:.1f}"),
        ("rss_before", "RSS before MB", "{:.0f}"),
        ("rss_after", "RSS after MB", "{:.0f}"),
        ("rss_peak", "RSS peak MB", "{:.0f}"),
        ("exit", "exit code", "{:.0f}"),
    ]:
        print(f"{label:28}{fmt.format(base[key]):>16}{fmt.format(load[key]):>16}")
    print(
        f"ratio p50 with strangers / officers only: {load['p50'] / base['p50']:.2f}; "
        f"RSS growth {load['rss_after'] - load['rss_before']:+.0f} MB vs {base['rss_after'] - base['rss_before']:+.0f} MB"
    )
    print(machine())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--officers", type=int, default=50)
    parser.add_argument("--strangers", type=int, default=5000)
    parser.add_argument("--delay", type=float, default=2.0)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DIR)
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
