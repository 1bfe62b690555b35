"""Conversations scored the bot's way (`kodeks eval threads`): each turn in its officer's thread, and alone.

A thread line is `{"id", "jurisdiction", "turns": [{"q", "relevant": [...], "kind"?}]}` (`question` is
accepted for `q`, as in bench/data/followups.jsonl). Every turn goes through `Pipeline.ask` with the thread
the earlier turns left — the call the bot makes for a message in an officer's thread (masking, the reading
of the message in its thread, a named jurisdiction, the previous answer's articles) — and every turn after
the first is asked again with no thread, so a gain or a loss from the thread shows beside what the message
alone would get. Scored per article at the rank search gave it (hit@1, hit@5), by turn kind. `--details` rows
also carry the search's own confidence of each turn (`weak`, `level`): what the next turn inherits from.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from retrieval.evaluation import line_jurisdiction
from retrieval.jurisdictions import scope_of
from retrieval.types import Hit

FIRST = "first"
FOLLOW_UP = "follow-up"  # a later turn's kind when the line names none


@dataclass(frozen=True)
class Turn:
    question: str
    relevant: tuple[str, ...]
    kind: str


@dataclass(frozen=True)
class ThreadCase:
    id: str
    jurisdiction: str | None
    turns: tuple[Turn, ...]


def load_threads(path: Path, split: str | None = None) -> list[ThreadCase]:
    """Thread JSONL (only the lines whose `split` is `split`, when given); a bad line names file and line
    (KodeksError)."""
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KodeksError(f"cannot read {path}: {exc}") from None
    cases: list[ThreadCase] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if split is not None and row.get("split") != split:
                continue
            turns = tuple(
                Turn(
                    str(t.get("q") or t.get("question") or "").strip(),
                    tuple(str(r) for r in t.get("relevant") or []),
                    str(t.get("kind") or (FIRST if n == 0 else FOLLOW_UP)),
                )
                for n, t in enumerate(row["turns"])
            )
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
            raise KodeksError(f"{path}:{number}: not a thread line ({exc})") from None
        if not turns or any(not t.question for t in turns):
            raise KodeksError(f"{path}:{number}: a thread needs turns, each with a question ('q')")
        cases.append(ThreadCase(str(row.get("id") or f"t{number}"), line_jurisdiction(row, path, number), turns))
    if not cases:
        raise KodeksError(f"{path}: no threads" + (f" of split {split!r}" if split else ""))
    return cases


def relevant_outside(cases: Sequence[ThreadCase], known: Collection[str]) -> list[str]:
    """The labelled articles no law of the index holds (sorted, once each): a turn labelled with one can never be
    found, so a figure over an index that lacks a set's laws is lower for a reason that is not the method's."""
    return sorted({r for case in cases for turn in case.turns for r in turn.relevant if r not in known})


def _rank(ids: list[str], relevant: tuple[str, ...]) -> int | None:
    wanted = set(relevant)
    return next((n for n, i in enumerate(ids, 1) if i in wanted), None)


@dataclass
class Tally:
    """hit@1 and hit@5 of a group of turns."""

    ranks: list[int | None] = field(default_factory=list)

    def add(self, rank: int | None) -> None:
        self.ranks.append(rank)

    def metrics(self) -> dict[str, Any]:
        n = len(self.ranks)
        if not n:
            return {"n": 0, "hit@1": None, "hit@5": None}
        return {
            "n": n,
            "hit@1": sum(1 for r in self.ranks if r is not None and r <= 1) / n,
            "hit@5": sum(1 for r in self.ranks if r is not None and r <= 5) / n,
        }


def ranking_evidence(hits: Sequence[Hit]) -> dict[str, Any]:
    """What search's own ranking says of its first article: both retrievers' ranks of it, its dense similarity,
    and its fused score's margin over the second and the fifth — what a confidence of a turn could be read from."""
    if not hits:
        return {}
    top = hits[0]
    scores = [h.score for h in hits]
    return {
        "dense_rank": top.dense_rank,
        "lexical_rank": top.lexical_rank,
        "similarity": None if top.similarity is None else round(top.similarity, 4),
        "gap2": round(scores[0] - scores[1], 4) if len(scores) > 1 else None,
        "gap5": round(scores[0] - scores[4], 4) if len(scores) > 4 else None,
    }


async def play(pipeline: Any, case: ThreadCase) -> AsyncIterator[tuple[int, Turn, Any]]:
    """Each turn of `case` (its number from 0, the turn, the PipelineResult) asked through `Pipeline.ask` in the
    thread the earlier turns left, as the bot asks an officer's message: the one way a thread is played, for
    `evaluate_threads` and for the learned ranking's thread sets (kodeks/answering/thread_pools.py)."""
    scope = scope_of(case.jurisdiction) if case.jurisdiction else None
    thread = None
    for n, turn in enumerate(case.turns):
        result = await pipeline.ask(turn.question, jurisdiction=scope, thread=thread)
        thread = result.next_thread()
        yield n, turn, result


async def evaluate_threads(
    pipeline: Any, cases: list[ThreadCase], progress: Callable[[], None] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The report (`first`, `followups`, `followups_alone`, `by_kind`) and one detail row per turn."""
    first, follow, alone = Tally(), Tally(), Tally()
    kinds: dict[str, tuple[Tally, Tally]] = {}
    details: list[dict[str, Any]] = []
    for case in cases:
        scope = scope_of(case.jurisdiction) if case.jurisdiction else None
        async for n, turn, result in play(pipeline, case):
            ids = [h.id for h in result.search.hits]
            rank = _rank(ids, turn.relevant)
            row: dict[str, Any] = {
                "thread": case.id,
                "turn": n + 1,
                "kind": turn.kind,
                "q": turn.question,
                "searched": result.standalone,
                "follow_up": bool(result.understood and result.understood.follow_up),
                "read_as": result.understood.kind if result.understood else None,  # the reading's kind
                "scope": list(result.search.scope or []),
                "rank": rank,
                "top": ids[:5],
                "weak": result.search.weak,  # how sure search was of this turn (what the next turn inherits)
                "level": result.search.level,
                "evidence": ranking_evidence(result.search.hits),
            }
            if n == 0:
                first.add(rank)
            else:
                follow.add(rank)
                by_kind = kinds.setdefault(turn.kind, (Tally(), Tally()))
                by_kind[0].add(rank)
                lone = await pipeline.ask(turn.question, jurisdiction=scope)
                lone_rank = _rank([h.id for h in lone.search.hits], turn.relevant)
                alone.add(lone_rank)
                by_kind[1].add(lone_rank)
                row["rank_alone"] = lone_rank
            details.append(row)
            if progress is not None:
                progress()
    report = {
        "first": first.metrics(),
        "followups": follow.metrics(),
        "followups_alone": alone.metrics(),
        "by_kind": {k: {**t.metrics(), "alone": a.metrics()} for k, (t, a) in sorted(kinds.items())},
    }
    return report, details


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value * 100:5.1f}%"


def format_report(report: dict[str, Any], name: str) -> str:
    """A table: one row per group, hit@1 and hit@5 in the thread and (follow-ups) alone."""
    lines = [
        f"threads: {name}",
        f"{'':22}{'n':>4}{'hit@1':>9}{'hit@5':>9}{'alone@1':>10}{'alone@5':>10}",
        f"{'first turns':22}{report['first']['n']:>4}{_pct(report['first']['hit@1']):>9}"
        f"{_pct(report['first']['hit@5']):>9}",
    ]
    rows = [("follow-ups (all)", report["followups"], report["followups_alone"])]
    rows += [(f"  {kind}", m, m["alone"]) for kind, m in report["by_kind"].items()]
    for label, m, a in rows:
        lines.append(
            f"{label:22}{m['n']:>4}{_pct(m['hit@1']):>9}{_pct(m['hit@5']):>9}"
            f"{_pct(a['hit@1']):>10}{_pct(a['hit@5']):>10}"
        )
    return "\n".join(lines)
