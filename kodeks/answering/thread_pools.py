"""Thread turns as labelled training data for the learned ranking (`kodeks eval train-ranker --threads`).

Each thread is played through `thread_eval.play` — the one path `kodeks eval threads` and the bot take: masking,
the reading of the message in its thread, a named jurisdiction, the previous answer's articles carried — with the
hand-weighted order served (KODEKS_RANKER off, as every training set is collected) and no key (the rule-based
reading; an extractive answer, whose articles the next turn inherits). Every turn gives the candidate pool its
search computed *with its thread*: the rows carry the thread's features (`previous`: served in the previous answer;
the inherited words in the lexical and dense scores). A continuation is also searched alone and the two rankings
fused (retrieval/search/followup.py `fuse_alone`); the pool kept is that fused list, the one the stage orders when
it serves (`CandidateFinder.serve`: the thread's rows with the thread's signals, an article only its words alone
found with the features of that search; the last pool the search handed over).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kodeks.answering.pipeline import Pipeline
from kodeks.answering.thread_eval import ThreadCase, play
from kodeks.settings import Settings
from retrieval.ranking.training import Pool
from retrieval.ranking_sets import collecting, pool_of
from retrieval.search.retriever import Retriever


@dataclass(frozen=True)
class ThreadPools:
    """One pool per turn, in file order, and which of them are first turns (the rest follow up in their thread)."""

    pools: list[Pool]
    first: list[bool]


def collect_threads(
    settings: Settings, cases: Sequence[ThreadCase], progress: Callable[[], None] | None = None
) -> ThreadPools:
    """The pools of every turn of `cases`, each searched in the thread its earlier turns left (see the module)."""
    served = settings.model_copy(update={"ranker": "off", "anthropic_api_key": None, "rewrite": False})
    retriever = Retriever.open(served)
    try:
        return asyncio.run(_play_all(served, retriever, cases, progress))
    finally:
        retriever.close()


async def _play_all(
    settings: Settings, retriever: Retriever, cases: Sequence[ThreadCase], progress: Callable[[], None] | None
) -> ThreadPools:
    pools: list[Pool] = []
    first: list[bool] = []
    async with Pipeline(settings, retriever) as pipeline:
        with collecting(retriever) as seen:
            for case in cases:
                async for n, turn, result in play(pipeline, case):
                    pools.append(pool_of(retriever, result.search, turn.relevant, seen[-1] if seen else None))
                    first.append(n == 0)
                    seen.clear()
                    if progress is not None:
                        progress()
    return ThreadPools(pools, first)
