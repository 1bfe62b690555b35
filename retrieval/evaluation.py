"""Retrieval evaluation, apart from generation: article-level metrics and the threshold sweep.

Scoring is per article (several chunks of one article count once, at the rank of its first chunk:
the Retriever already returns articles). The sweep answers the question that created this project:
how many questions lose their relevant article to a fixed similarity threshold?
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from retrieval.jurisdictions import find as find_jurisdiction
from retrieval.jurisdictions import known_codes
from retrieval.types import SearchResult


@dataclass(frozen=True)
class EvalQuestion:
    id: str
    question: str
    relevant: tuple[str, ...]
    jurisdiction: str | None = None  # the asking officer's: search as for them


def line_jurisdiction(row: dict[str, Any], path: Path, number: int) -> str | None:
    """The canonical code of a set line's `jurisdiction` (None when it has none); an unknown one is an error
    naming the file, the line and the known codes (a typo would otherwise search every law)."""
    if not row.get("jurisdiction"):
        return None
    code = find_jurisdiction(str(row["jurisdiction"]))
    if code is None:
        raise KodeksError(f"{path}:{number}: unknown jurisdiction {row['jurisdiction']!r}; known: {known_codes()}")
    return code


def load_eval(path: Path) -> list[EvalQuestion]:
    """Evaluation JSONL (`question`, `relevant`, optional `id` and `jurisdiction`); a bad line names file and line."""
    questions = []
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise KodeksError(f"cannot read {path}: {exc}") from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            question = str(row["question"]).strip()
            relevant = tuple(str(r) for r in row.get("relevant") or [])
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise KodeksError(f"{path}:{number}: not an evaluation line ({exc})") from None
        if question and relevant:  # unlabelled rows (e.g. fresh exports) are skipped
            jurisdiction = line_jurisdiction(row, path, number)
            questions.append(EvalQuestion(str(row.get("id") or f"q{number}"), question, relevant, jurisdiction))
    if not questions:
        raise KodeksError(f"{path}: no labelled questions (each line needs 'question' and a non-empty 'relevant')")
    return questions


# --- metrics ----------------------------------------------------------------------------------------


def first_rank(ranked: list[str], relevant: Iterable[str]) -> int | None:
    """1-based rank of the first relevant article, or None."""
    wanted = set(relevant)
    for rank, article_id in enumerate(ranked, 1):
        if article_id in wanted:
            return rank
    return None


def hit_at(ranked: list[str], relevant: Iterable[str], k: int) -> float:
    rank = first_rank(ranked[:k], relevant)
    return 1.0 if rank is not None else 0.0


def recall_at(ranked: list[str], relevant: Iterable[str], k: int) -> float:
    wanted = set(relevant)
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


def reciprocal_rank(ranked: list[str], relevant: Iterable[str], k: int = 10) -> float:
    rank = first_rank(ranked[:k], relevant)
    return 1.0 / rank if rank else 0.0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = max(0, math.ceil(q / 100 * len(ordered)) - 1)
    return ordered[min(index, len(ordered) - 1)]


def summarize(rankings: list[list[str]], relevants: list[Iterable[str]], latencies_ms: list[float]) -> dict[str, float]:
    """The DESIGN.md keys: n, hit@1/5/10, recall@5/10, mrr@10, p50_ms, p95_ms, empty_context."""
    n = len(rankings)
    pairs = list(zip(rankings, [tuple(r) for r in relevants]))

    def mean(f: Callable[[list[str], tuple[str, ...]], float]) -> float:
        return sum(f(r, rel) for r, rel in pairs) / n if n else 0.0

    return {
        "n": n,
        "hit@1": mean(lambda r, rel: hit_at(r, rel, 1)),
        "hit@5": mean(lambda r, rel: hit_at(r, rel, 5)),
        "hit@10": mean(lambda r, rel: hit_at(r, rel, 10)),
        "recall@5": mean(lambda r, rel: recall_at(r, rel, 5)),
        "recall@10": mean(lambda r, rel: recall_at(r, rel, 10)),
        "mrr@10": mean(lambda r, rel: reciprocal_rank(r, rel, 10)),
        "p50_ms": percentile(latencies_ms, 50),
        "p95_ms": percentile(latencies_ms, 95),
        "empty_context": sum(1 for r in rankings if not r) / n if n else 0.0,
    }


# --- running an evaluation -------------------------------------------------------------------------

Search = Callable[
    ..., SearchResult
]  # search(question), or search(question, jurisdiction=...) for an officer's question


@dataclass
class EvalRun:
    metrics: dict[str, float]
    details: list[dict[str, Any]] = field(default_factory=list)


def evaluate(questions: list[EvalQuestion], search: Search, progress: Callable[[], None] | None = None) -> EvalRun:
    """Run `search` on every question and score it; keeps a per-question report for admins."""
    rankings, latencies, details = [], [], []
    for q in questions:
        started = time.perf_counter()
        result = search(q.question, jurisdiction=q.jurisdiction) if q.jurisdiction else search(q.question)
        latencies.append((time.perf_counter() - started) * 1000)
        ranked = [h.id for h in result.hits]
        rankings.append(ranked)
        details.append(
            {
                "id": q.id,
                "question": q.question,
                "relevant": list(q.relevant),
                "ranks": {r: (ranked.index(r) + 1 if r in ranked else None) for r in q.relevant},
                "level": result.level,
                "jurisdiction": q.jurisdiction,
                "top": [h.to_dict() for h in result.hits[:5]],
            }
        )
        if progress:
            progress()
    return EvalRun(summarize(rankings, [q.relevant for q in questions], latencies), details)


# --- threshold sweep --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepPoint:
    threshold: float
    loses_relevant: float  # share of questions whose retrieved relevant article the threshold drops
    no_context: float  # share of questions where nothing passes (only the fallback would answer)
    precision: float  # share of kept articles that are relevant


@dataclass(frozen=True)
class QuestionScores:
    """For one question: similarity of each candidate in the top k (no threshold), and which are relevant."""

    similarities: tuple[float, ...]
    relevant: tuple[bool, ...]


def sweep(scored: list[QuestionScores], thresholds: list[float]) -> list[SweepPoint]:
    points = []
    n = len(scored) or 1
    for t in thresholds:
        loses = no_context = kept = kept_relevant = 0
        for q in scored:
            passing = [s >= t for s in q.similarities]
            if not any(passing):
                no_context += 1
            if any(rel and not ok for rel, ok in zip(q.relevant, passing)):
                loses += 1
            kept += sum(passing)
            kept_relevant += sum(1 for rel, ok in zip(q.relevant, passing) if rel and ok)
        points.append(SweepPoint(t, loses / n, no_context / n, kept_relevant / kept if kept else 0.0))
    return points


def thresholds_for(scored: list[QuestionScores], steps: int = 41) -> list[float]:
    """Evenly spaced thresholds across the observed similarity range."""
    values = [s for q in scored for s in q.similarities]
    if not values:
        return [0.0]
    low, high = min(values), max(values)
    if high - low < 1e-6:
        return [round(low, 4)]
    return [round(low + (high - low) * i / (steps - 1), 4) for i in range(steps)]


def recommend(points: list[SweepPoint], max_loss: float = 0.05) -> tuple[SweepPoint, str]:
    """The highest threshold that drops the relevant article for at most `max_loss` of questions.

    Higher thresholds give the model fewer irrelevant passages (precision), but every point of
    `loses_relevant` is an officer whose right article is silently dropped; so precision is only
    bought while that loss stays under `max_loss`.
    """
    acceptable = [p for p in points if p.loses_relevant <= max_loss]
    best = max(acceptable, key=lambda p: p.threshold) if acceptable else min(points, key=lambda p: p.threshold)
    why = (
        f"threshold {best.threshold:.3f}: drops the relevant article for {best.loses_relevant:.1%} of questions "
        f"(limit {max_loss:.0%}), keeps passages with precision {best.precision:.1%}, and leaves "
        f"{best.no_context:.1%} of questions to the top-k fallback"
    )
    if not acceptable:
        why = "no threshold keeps the loss under the limit; " + why
    return best, why


def plot_sweep(points: list[SweepPoint], chosen: SweepPoint, out: Path, title: str) -> None:
    """Loss, no-context and precision against the threshold, readable on a laptop screen."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p.threshold for p in points]
    fig, ax = plt.subplots(figsize=(9, 5.5), dpi=120)
    ax.plot(
        xs, [p.loses_relevant * 100 for p in points], label="questions losing their relevant article (%)", linewidth=2
    )
    ax.plot(
        xs, [p.no_context * 100 for p in points], label="questions with no context without fallback (%)", linewidth=2
    )
    ax.plot(xs, [p.precision * 100 for p in points], label="precision of kept articles (%)", linewidth=2)
    ax.axvline(chosen.threshold, color="grey", linestyle="--", label=f"recommended {chosen.threshold:.3f}")
    ax.set_xlabel("similarity threshold (cosine)")
    ax.set_ylabel("share of questions / precision (%)")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(loc="best", fontsize=9)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
