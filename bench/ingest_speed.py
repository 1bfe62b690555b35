"""Ingest speed: articles/s on a first ingest against the embedder alone on the same chunk texts (ratio),
then the time of a no-change re-ingest (target: seconds, nothing embedded).

    .venv/bin/python bench/ingest_speed.py [--articles 300]

The corpus is the first N COLIEE articles (real statute text) from ../shared/bench, or generated
filler when that folder is absent. Each run ingests into a fresh directory under bench/out/ (removed after).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scale_index import OUT, SHARED, bench_settings, filler_articles
from stats import machine

from retrieval.index.chunking import chunk_article
from retrieval.index.embedders import embed_in_batches, make_embedder
from retrieval.ingest.reading import read_inputs
from retrieval.ingest.run import ingest_paths
from retrieval.language.normalize import embedding_text


def corpus(n: int) -> tuple[Path, str]:
    source = SHARED / "coliee" / "corpus.jsonl"
    path = OUT / "ingest-corpus.jsonl"
    OUT.mkdir(parents=True, exist_ok=True)
    if source.exists():
        lines = source.read_text(encoding="utf-8").splitlines()[:n]
        what = f"first {len(lines)} COLIEE articles"
    else:
        lines = [json.dumps(r, ensure_ascii=False) for r in filler_articles(n, seed=300)]
        what = f"{n} generated filler articles (../shared/bench absent)"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, what


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--articles", type=int, default=300)
    args = parser.parse_args()
    print(machine())
    path, what = corpus(args.articles)
    work = OUT / "ingest-run"
    shutil.rmtree(work, ignore_errors=True)
    settings = bench_settings(work)

    articles = read_inputs([path], None).articles
    texts = [embedding_text(c.text) for a in articles for c in chunk_article(a, settings.max_chunk_chars)]
    embedder = make_embedder(settings)
    embedder.embed_query("zagrijavanje")  # load the model outside the timings
    t = time.perf_counter()
    embed_in_batches(embedder, texts)
    embed_s = time.perf_counter() - t

    t = time.perf_counter()
    first = ingest_paths(settings, [path])
    first_s = time.perf_counter() - t
    t = time.perf_counter()
    again = ingest_paths(settings, [path])
    again_s = time.perf_counter() - t
    shutil.rmtree(work, ignore_errors=True)

    print(f"\ncorpus: {what} → {len(texts)} chunks")
    print(
        f"embedder alone:   {embed_s:7.1f} s  {len(articles) / embed_s:6.1f} articles/s  {len(texts) / embed_s:6.1f} chunks/s"
    )
    print(
        f"first ingest:     {first_s:7.1f} s  {first.articles / first_s:6.1f} articles/s  "
        f"(embedded {first.embedded}, reused {first.reused})"
    )
    print(f"ratio ingest / embedder alone (throughput): {embed_s / first_s:.2f}")
    print(
        f"no-change re-ingest: {again_s:.2f} s, embedded {again.embedded}, reused {again.reused}  (target: seconds, 0 embedded)"
    )
    print(machine())


if __name__ == "__main__":
    main()
