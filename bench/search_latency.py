"""Search latency over the ≥ 5,000-chunk bench index: `Retriever.search()` against a plain Chroma dense
query, measured in the same process and run, interleaved question by question.

    .venv/bin/python bench/search_latency.py [--rounds 3]

Figures (ms): embed-only (the query embedding), plain dense = query embedding + `collection.query`
(top-k, HNSW, distances + metadatas; nothing else), Chroma query alone (embedding precomputed), and the
full hybrid `search()` (embedding, dense at depth KODEKS_CANDIDATE_DEPTH, BM25, fusion, threshold,
dedupe). Ratios are of medians. Targets: search p50 ≤ 50 ms; search / plain dense ≤ 1.5.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scale_index import QUESTIONS, chunk_count, ensure_index
from stats import machine, summary

from retrieval.language.normalize import embedding_text
from retrieval.search.retriever import Retriever


def ms(since: float) -> float:
    return (time.perf_counter() - since) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="times each question is asked")
    args = parser.parse_args()
    print(machine())
    settings = ensure_index()
    started = time.perf_counter()
    retriever = Retriever.open(settings)
    print(f"index: {chunk_count(settings)} chunks, {retriever.article_count} articles; opened in {ms(started):.0f} ms")
    collection, embedder, k = retriever.collection, retriever.embedder, settings.top_k
    for q in QUESTIONS[:5]:  # warm-up: model, HNSW pages, BM25 arrays
        retriever.search(q)

    def embed(q: str) -> Any:
        return embedder.embed_query(embedding_text(q))

    vectors = {q: embed(q) for q in QUESTIONS}  # for "Chroma query alone" (embedding precomputed)
    methods: dict[str, Callable[[str], Any]] = {
        "embed": embed,
        "query_only": lambda q: collection.query(
            query_embeddings=[vectors[q]], n_results=k, include=["metadatas", "distances"]
        ),
        "deep": lambda q: collection.query(
            query_embeddings=[vectors[q]], n_results=settings.candidate_depth, include=["distances"]
        ),
        "dense": lambda q: collection.query(
            query_embeddings=[embed(q)], n_results=k, include=["metadatas", "distances"]
        ),
        "hybrid": retriever.search,
    }
    times: dict[str, list[float]] = {name: [] for name in methods}
    order = list(methods)
    for r in range(args.rounds):
        for i, q in enumerate(QUESTIONS):
            shift = (i + r) % len(order)  # each method goes first equally often: no warm-cache bias
            for name in order[shift:] + order[:shift]:
                t = time.perf_counter()
                methods[name](q)
                times[name].append(ms(t))
    embed_t, query_only, deep, dense, hybrid = (times[n] for n in order)

    print(f"\n{len(QUESTIONS)} questions × {args.rounds} rounds, ms")
    print(f"  embed only (query embedding)          {summary(embed_t)}")
    print(f"  Chroma query alone (k={k})               {summary(query_only)}")
    print(f"  Chroma query alone (k={settings.candidate_depth}, hybrid's depth) {summary(deep)}")
    print(f"  plain dense = embed + Chroma (k={k})     {summary(dense)}")
    print(f"  Retriever.search() hybrid             {summary(hybrid)}")
    m = statistics.median
    print(f"\nratio search / plain dense (p50): {m(hybrid) / m(dense):.2f}   (target ≤ 1.5)")
    print(f"search p50 {m(hybrid):.1f} ms (target ≤ 50 ms); embedding is {m(embed_t) / m(hybrid):.0%} of it")
    print(f"search minus embed vs Chroma alone (p50): {m(hybrid) - m(embed_t):.1f} ms vs {m(query_only):.1f} ms")
    print(machine())


if __name__ == "__main__":
    main()
