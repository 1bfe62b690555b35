"""Labelled sets → candidate pools for training the learned ranking (retrieval/ranking/training.py).

Each question is searched once as the bot searches it (the officer's jurisdiction, the hand-weighted order);
CandidateFinder's collector hands over its pool — the article indexes in the hand order and their feature
matrix — and the question's relevant articles mark which rows are right. Embedding is the expensive part,
so the pools of a set are cached in a file keyed by the questions, the index generation and the features.
Lives above search (it runs searches); retrieval/ranking/ itself knows nothing of search.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from retrieval.evaluation import EvalQuestion
from retrieval.jurisdictions import as_scope
from retrieval.ranking.features import FEATURES
from retrieval.ranking.training import Pool
from retrieval.search.retriever import Retriever
from retrieval.types import SearchResult

Seen = list[tuple[np.ndarray, np.ndarray]]  # the pools one search handed over: (article indexes, features)


@contextmanager
def collecting(retriever: Retriever) -> Iterator[Seen]:
    """While open, every candidate pool the retriever's searches compute is appended to the list it yields (in the
    order searched: a follow-up searched with its thread and again alone hands over two)."""
    seen: Seen = []

    def sink(order: np.ndarray, x: np.ndarray) -> None:
        seen.append((order.copy(), x.copy()))

    retriever.candidates.sink = sink
    try:
        yield seen
    finally:
        retriever.candidates.sink = None


def pool_of(
    retriever: Retriever, result: SearchResult, relevant: Sequence[str], pool: tuple[np.ndarray, np.ndarray] | None
) -> Pool:
    """The labelled Pool of one search: `pool` (what `collecting` saw of it; None: nothing was searched, every hit a
    reference) with `relevant`'s rows marked, the references served ahead of it and their texts taken out."""
    first = [h for h in result.hits if h.level == "reference"]
    served_first = tuple(h.id in relevant for h in first)
    if pool is None:  # nothing searched (every hit a reference): what was served is fixed for every ranking
        fixed = tuple(h.id in relevant for h in result.hits)
        return Pool(np.zeros((0, len(FEATURES))), np.zeros(0, dtype=bool), None, fixed)
    order, x = pool
    wanted = [i for r in relevant if (i := retriever.catalog.index_of(r)) >= 0]
    codes = retriever.layout.hash_code
    keys = codes[order].astype(np.int64)
    # What the references already serve is not served again from the pool (layout.dedupe).
    taken = [int(codes[i]) for h in first if (i := retriever.catalog.index_of(h.id)) >= 0]
    keep = ~np.isin(keys, taken)
    return Pool(x[keep], np.isin(order[keep], wanted), keys[keep], served_first)


def collect(
    retriever: Retriever,
    questions: Sequence[EvalQuestion],
    prepare: Callable[[str], str] = lambda q: q,
    progress: Callable[[], None] | None = None,
    own_law: bool = False,
) -> list[Pool]:
    """One pool per question (`prepare`: what the bot does to a question first, e.g. masking). A question answered
    without a candidate pool (only by explicit reference) gets an empty pool: a miss for every ranking.
    `own_law`: each question searched within the law of its first relevant article only (that code as if alone;
    no officer's scope), as bench/library.py's `-own` sets are."""
    pools = []
    with collecting(retriever) as seen:
        for q in questions:
            seen.clear()
            if own_law:
                law = q.relevant[0].split(" čl. ")[0] if q.relevant else None
                result = retriever.search(prepare(q.question), k=10, law=law)
            else:
                result = retriever.search(prepare(q.question), k=10, jurisdiction=as_scope(q.jurisdiction))
            pools.append(pool_of(retriever, result, q.relevant, seen[-1] if seen else None))
            if progress is not None:
                progress()
    return pools


def cache_key(
    questions_file: Path, generation: str | None, data_dir: Path, own_law: bool = False, played: str = ""
) -> str:
    """What a set's cached pools depend on: the questions, the index generation, the features, how it is searched
    (`played`: a thread set's split and masking — its turns played in their threads)."""
    h = hashlib.sha256(questions_file.read_bytes())
    h.update(f"|{generation}|{data_dir.resolve()}|{','.join(FEATURES)}|{own_law}".encode())
    if played:
        h.update(f"|threads:{played}".encode())
    return h.hexdigest()[:16]


def save_pools(path: Path, pools: Sequence[Pool]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lengths = np.asarray([len(p.relevant) for p in pools], dtype=np.int64)
    x = np.vstack([p.x for p in pools]) if pools else np.zeros((0, len(FEATURES)))
    relevant = np.concatenate([p.relevant for p in pools]) if pools else np.zeros(0, dtype=bool)
    # A pool without text codes gets distinct negative ones (nothing is deduplicated in it).
    keys = [p.text_key if p.text_key is not None else -1 - np.arange(len(p.relevant)) for p in pools]
    first = json.dumps([list(p.served_first) for p in pools])
    with path.open("wb") as f:
        np.savez(
            f,
            lengths=lengths,
            x=x,
            relevant=relevant,
            keys=np.concatenate(keys) if keys else np.zeros(0, dtype=np.int64),
            first=np.asarray(first),
            features=np.asarray(json.dumps(FEATURES)),
        )


def load_pools(path: Path) -> list[Pool] | None:
    """The cached pools, or None when there are none of these features (or of an older cache format)."""
    if not path.exists():
        return None
    with np.load(path) as data:
        if str(data["features"]) != json.dumps(FEATURES) or "keys" not in data:
            return None
        ends = np.cumsum(data["lengths"])
        starts = ends - data["lengths"]
        x, relevant, keys = data["x"], data["relevant"], data["keys"]
        first = json.loads(str(data["first"]))
        return [
            Pool(x[a:b], relevant[a:b], keys[a:b], tuple(f))
            for a, b, f in zip(starts.tolist(), ends.tolist(), first, strict=True)
        ]
