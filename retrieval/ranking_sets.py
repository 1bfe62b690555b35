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
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

from retrieval.evaluation import EvalQuestion
from retrieval.jurisdictions import as_scope
from retrieval.ranking.features import FEATURES
from retrieval.ranking.training import Pool
from retrieval.search.retriever import Retriever


def collect(
    retriever: Retriever,
    questions: Sequence[EvalQuestion],
    prepare: Callable[[str], str] = lambda q: q,
    progress: Callable[[], None] | None = None,
) -> list[Pool]:
    """One pool per question (`prepare`: what the bot does to a question first, e.g. masking). A question answered
    without a candidate pool (only by explicit reference) gets an empty pool: a miss for every ranking."""
    seen: list[tuple[np.ndarray, np.ndarray]] = []

    def sink(order: np.ndarray, x: np.ndarray) -> None:
        seen.append((order.copy(), x.copy()))

    pools = []
    retriever.candidates.sink = sink
    try:
        for q in questions:
            seen.clear()
            retriever.search(
                prepare(q.question), k=10, jurisdiction=as_scope(q.jurisdiction) if q.jurisdiction else None
            )
            wanted = [i for r in q.relevant if (i := retriever.catalog.index_of(r)) >= 0]
            if seen:
                order, x = seen[-1]
                pools.append(Pool(x, np.isin(order, wanted)))
            else:
                pools.append(Pool(np.zeros((0, len(FEATURES))), np.zeros(0, dtype=bool)))
            if progress is not None:
                progress()
    finally:
        retriever.candidates.sink = None
    return pools


def cache_key(questions_file: Path, generation: str | None, data_dir: Path) -> str:
    """What a set's cached pools depend on: the questions, the index generation, the features."""
    h = hashlib.sha256(questions_file.read_bytes())
    h.update(f"|{generation}|{data_dir.resolve()}|{','.join(FEATURES)}".encode())
    return h.hexdigest()[:16]


def save_pools(path: Path, pools: Sequence[Pool]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    lengths = np.asarray([len(p.relevant) for p in pools], dtype=np.int64)
    x = np.vstack([p.x for p in pools]) if pools else np.zeros((0, len(FEATURES)))
    relevant = np.concatenate([p.relevant for p in pools]) if pools else np.zeros(0, dtype=bool)
    with path.open("wb") as f:
        np.savez(f, lengths=lengths, x=x, relevant=relevant, features=np.asarray(json.dumps(FEATURES)))


def load_pools(path: Path) -> list[Pool] | None:
    """The cached pools, or None when there are none of these features."""
    if not path.exists():
        return None
    with np.load(path) as data:
        if str(data["features"]) != json.dumps(FEATURES):
            return None
        ends = np.cumsum(data["lengths"])
        starts = ends - data["lengths"]
        x, relevant = data["x"], data["relevant"]
        return [Pool(x[a:b], relevant[a:b]) for a, b in zip(starts.tolist(), ends.tolist(), strict=True)]
