"""Fair scheduling (issue 21): one officer's burst of long questions must not hold back anyone else.

The real `kodeks bot` process against the fake Bot API server (no Claude key: extractive answers, so the
figures are the bot's own CPU work). In one run:
1. idle: officer B's plain question, B's `/clan KZ FBiH 373` and an admin's `/stats`, each asked alone
   `--probes` times — the baseline;
2. burst: officer A sends 10 questions of 1,000 characters at once (inside the rate limit and
   KODEKS_MAX_QUESTION_CHARS), and while they are being answered B's plain question, B's `/clan` and the
   admin's `/stats` are asked together, 0.5 s into the burst and again as soon as all three are answered
   while the burst lasts (at most 3 times a round); repeated `--rounds` times.
Prints the medians, the ratio burst / idle and the target (2 × idle + 1 s) for each, and A's own times.

    .venv/bin/python bench/fairness.py [--rounds 3] [--probes 5] [--data-dir DIR] [--repo CHECKOUT]

`--repo` runs another checkout's bot (e.g. a copy of main) against the same fakes, for a before/after.
Uses the sample index (data/sample, built once under /tmp/kodeks-bench-fairness) unless --data-dir is given.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from botproc import REPO, ensure_sample_index, fresh_log, start_bot, stop_bot
from stats import machine

from tests.fakes.telegram_server import FakeTelegramServer

BURSTING, OFFICER, ADMIN = 71_001, 71_002, 71_003
PLAIN = "ukrao mi je mobitel"
CLAN = "/clan KZ FBiH 373"
STATS = "/stats"
DEFAULT_DIR = Path("/tmp/kodeks-bench-fairness")
SITUATION = (
    "Komšija je sinoć oko ponoći razbio prozor na mom autu parkiranom ispred zgrade, odnio torbu s "
    "laptopom, dokumentima i novčanikom, a kad sam ga sutradan pozvao da vrati stvari prijetio mi je "
    "nožem i rekao da će mi zapaliti kuću ako ga prijavim policiji. "
)


def long_question(n: int, chars: int = 1000) -> str:
    return (f"Pitanje {n}: " + SITUATION * (chars // len(SITUATION) + 1))[:chars]


class Clock:
    """Seconds from a message pushed to the bot to its reply: the first successful sendMessage quoting it
    (answers, /clan), or for `/stats` (which quotes nothing) the first to the admin's chat after it."""

    def __init__(self, server: FakeTelegramServer) -> None:
        self.server = server

    async def ask(self, chat: int, text: str, quoted: bool = True, timeout: float = 1800) -> float:
        before = len(self.server.calls)
        start = time.monotonic()
        message_id = self.server.send_text(chat, text)["message"]["message_id"]

        def reply() -> float | None:
            for c in self.server.calls[before:]:
                if (
                    c.method == "sendMessage"
                    and c.status == 200
                    and c.params.get("chat_id") == chat
                    and (not quoted or (c.params.get("reply_parameters") or {}).get("message_id") == message_id)
                ):
                    return c.at
            return None

        await self.server.wait_until(lambda: reply() is not None, timeout=timeout, what=f"a reply to {text[:20]!r}")
        return reply() - start  # type: ignore[operator]


async def probe(clock: Clock, together: bool) -> dict[str, float]:
    """The three probes, one after the other (idle) or at the same moment (during a burst)."""
    asks = [clock.ask(OFFICER, PLAIN), clock.ask(OFFICER, CLAN), clock.ask(ADMIN, STATS, quoted=False)]
    if together:
        times = await asyncio.gather(*asks)
    else:
        times = [await ask for ask in asks]
    return dict(zip(("question", "/clan", "/stats"), times))


async def run(args: argparse.Namespace) -> None:
    data_dir = ensure_sample_index(args.data_dir)
    fresh_log(data_dir)
    server = FakeTelegramServer()
    await server.start()
    env = {"KODEKS_ADMINS": str(ADMIN), "PYTHONPATH": str(args.repo)}
    proc = await start_bot(
        data_dir,
        server,
        [BURSTING, OFFICER, ADMIN],
        env=env,
        command=[sys.executable, "-m", "kodeks", "bot"],
        log_name="fairness.log",
    )
    clock = Clock(server)
    idle: dict[str, list[float]] = {"question": [], "/clan": [], "/stats": []}
    burst: dict[str, list[float]] = {"question": [], "/clan": [], "/stats": []}
    own: list[float] = []
    try:
        await probe(clock, together=False)  # warm-up (first search loads what it loads)
        for _ in range(args.probes):
            for kind, seconds in (await probe(clock, together=False)).items():
                idle[kind].append(seconds)
        for round_ in range(args.rounds):
            before = len(server.calls)
            started = time.monotonic()
            asked = [server.send_text(BURSTING, long_question(round_ * 10 + n)) for n in range(10)]
            ids = {u["message"]["message_id"] for u in asked}

            def replied() -> set[int]:
                return {
                    (c.params.get("reply_parameters") or {}).get("message_id")
                    for c in server.calls[before:]  # noqa: B023 - called only within this round of the loop
                    if c.method == "sendMessage" and c.status == 200 and c.params.get("chat_id") == BURSTING
                }

            await asyncio.sleep(0.5)  # the burst is in the bot's hands
            for _ in range(3):
                if ids <= replied():
                    break
                for kind, seconds in (await probe(clock, together=True)).items():
                    burst[kind].append(seconds)
            await server.wait_until(lambda: ids <= replied(), timeout=1800, what="the burst's answers")  # noqa: B023 - awaited here
            done = [
                c.at
                for c in server.calls[before:]
                if c.method == "sendMessage" and c.status == 200 and c.params.get("chat_id") == BURSTING
            ]
            own.append(max(done) - started)
    finally:
        code = await stop_bot(proc)
        await server.stop()
    print(f"\nbot: {args.repo}; exit {code}; {machine()}")
    print(
        f"idle: {args.probes} probes; burst: {args.rounds} rounds of 10 × 1,000-character questions from one "
        "officer, probes asked 0.5 s into each"
    )
    print(f"{'':12}{'idle p50 s':>12}{'burst p50 s':>13}{'ratio':>8}{'target s':>10}{'met':>6}")
    for kind in idle:
        base, loaded = statistics.median(idle[kind]), statistics.median(burst[kind])
        target = 2 * base + 1
        print(
            f"{kind:12}{base:12.2f}{loaded:13.2f}{loaded / base:8.1f}{target:10.2f}{'yes' if loaded <= target else 'NO':>6}"
        )
    print(
        f"probes during bursts: {len(burst['question'])}; the bursting officer's 10 answers took "
        f"{statistics.median(own):.1f} s (median of {len(own)} rounds)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--probes", type=int, default=5)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout whose bot is run (default: this one)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
