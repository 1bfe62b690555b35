"""`kodeks eval generation`: judge generation apart from retrieval.

Each question is answered twice through the real Answerer: once given exactly its relevant articles,
once given only unrelated ones. Retrieval cannot help or hurt either run, so the figures say how
well the model (and prompt) stays grounded: are its citations real, does every claim carry one,
does it say what is missing when the law given is silent, and does it wrongly refuse when the
right article is in front of it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from kodeks.answering.answerer import Answerer
from kodeks.answering.citations import parse_reply
from kodeks.answering.extractive import script_of
from kodeks.answering.models import Answer
from kodeks.errors import KodeksError, MalformedReply
from retrieval.types import Article, Hit, SearchResult

UNRELATED_PASSAGES = 3


class ArticleSource(Protocol):
    """What the evaluation needs from a Retriever (its public methods)."""

    def get(self, article_id: str) -> Article | None: ...

    def search(
        self, query: str, k: int | None = None, law: str | None = None, jurisdiction: str | None = None
    ) -> SearchResult: ...


@dataclass(frozen=True)
class EvalCase:
    id: str
    question: str
    relevant: list[str]


def load_cases(path: Path) -> list[EvalCase]:
    """Evaluation JSONL (DESIGN.md): `question`, `relevant`, optional `id`; a bad line is a KodeksError."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise KodeksError(f"cannot read {path}: {exc.strerror or exc}") from None
    cases: list[EvalCase] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            question = row["question"]
            relevant = row.get("relevant") or []
            if not isinstance(question, str) or not question.strip() or not isinstance(relevant, list):
                raise ValueError
        except (ValueError, KeyError, TypeError, AttributeError):
            raise KodeksError(f'{path}:{number}: expected {{"question": str, "relevant": [ids]}}') from None
        cases.append(
            EvalCase(id=str(row.get("id") or f"line{number}"), question=question, relevant=[str(r) for r in relevant])
        )
    if not cases:
        raise KodeksError(f"{path} holds no questions")
    return cases


def given(articles: list[Article], question: str) -> SearchResult:
    """A SearchResult holding exactly these articles (no retrieval involved)."""
    hits = [Hit(a, 1.0, None, None, None, "reference", a.text[:300]) for a in articles]
    return SearchResult(query=question, normalized=question, hits=hits, level="reference")


def pick_unrelated(case: EvalCase, pool: list[str], exclude: set[str], n: int = UNRELATED_PASSAGES) -> list[str]:
    """A deterministic choice of `n` ids from `pool` outside `exclude`, varying with the question."""
    candidates = [i for i in sorted(pool) if i not in exclude]
    if not candidates:
        return []
    start = int(hashlib.sha256(case.id.encode("utf-8")).hexdigest(), 16) % len(candidates)
    rotated = candidates[start:] + candidates[:start]
    return rotated[:n]


def _prose(text: str) -> str:
    """Answer text without its bracketed ids (ids stay Latin even in a Cyrillic answer)."""
    return re.sub(r"\[[^\]]*\]", " ", text)


def judge(answer: Answer, condition: str, question: str = "") -> dict[str, Any]:
    """Per-run verdicts from the model's own reply (before the Answerer trimmed or replaced it)."""
    answered = answer.model is not None
    try:
        parsed = parse_reply(answer.reply) if answer.reply is not None else None
    except MalformedReply:
        parsed = None
    covered = bool(parsed and parsed.covered)
    missing = parsed.missing if parsed else None
    cited_claims = answer.mode == "claude" and bool(answer.citations)
    verdict: dict[str, Any] = {
        "answered": answered,
        "malformed": answered and parsed is None,
        "citations_all_valid": answered and parsed is not None and not answer.invalid_citations,
        "uncited_claim": answered and bool(answer.uncited_claims),
        "covered": covered,
        # only judged on text the model wrote and we kept; the extractive text follows the question by design
        "script_mismatch": answer.mode == "claude" and script_of(_prose(answer.text)) != script_of(question),
    }
    if condition == "unrelated":
        verdict["says_missing"] = answered and not covered and bool(missing)
    else:
        verdict["wrong_refusal"] = answered and not covered and not cited_claims
    return verdict


def _share(rows: list[dict[str, Any]], key: str) -> float | None:
    rows = [r for r in rows if r["answered"]]
    return round(sum(1 for r in rows if r[key]) / len(rows), 4) if rows else None


def summarize(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Shares over runs that got a reply from the model; API failures are counted apart as `errors`."""
    rel = [i for i in items if i["condition"] == "relevant"]
    unr = [i for i in items if i["condition"] == "unrelated"]
    return {
        "n": len({i["id"] for i in items}),
        "runs": len(items),
        "answered": sum(1 for i in items if i["answered"]),
        "errors": sum(1 for i in items if not i["answered"]),
        "malformed": sum(1 for i in items if i["malformed"]),
        "citations_all_valid": _share(items, "citations_all_valid"),
        "uncited_claim": _share(items, "uncited_claim"),
        "says_missing_unrelated": _share(unr, "says_missing"),
        "wrong_refusal_relevant": _share(rel, "wrong_refusal"),
        "covered_unrelated": _share(unr, "covered"),
        "script_mismatch": _share(items, "script_mismatch"),
        "relevant": {
            "runs": len(rel),
            "citations_all_valid": _share(rel, "citations_all_valid"),
            "uncited_claim": _share(rel, "uncited_claim"),
            "wrong_refusal": _share(rel, "wrong_refusal"),
        },
        "unrelated": {
            "runs": len(unr),
            "citations_all_valid": _share(unr, "citations_all_valid"),
            "uncited_claim": _share(unr, "uncited_claim"),
            "says_missing": _share(unr, "says_missing"),
            "covered": _share(unr, "covered"),
        },
    }


def plan(cases: list[EvalCase], source: ArticleSource) -> list[tuple[EvalCase, str, list[Article]]]:
    """The runs: (case, condition, articles). Unrelated ones avoid anything search finds for the question."""
    found = {c.id: [h.id for h in source.search(c.question).hits] for c in cases}
    pool = sorted({i for c in cases for i in c.relevant} | {i for ids in found.values() for i in ids})
    pool = [i for i in pool if source.get(i) is not None]
    runs: list[tuple[EvalCase, str, list[Article]]] = []
    for case in cases:
        relevant = [a for a in (source.get(i) for i in case.relevant) if a is not None]
        if relevant:
            runs.append((case, "relevant", relevant))
        unrelated_ids = pick_unrelated(
            case, pool, set(case.relevant) | set(found[case.id]), max(UNRELATED_PASSAGES, len(case.relevant))
        )
        if unrelated_ids:
            runs.append((case, "unrelated", [a for a in (source.get(i) for i in unrelated_ids) if a is not None]))
    return runs


async def evaluate_generation(
    answerer: Answerer, source: ArticleSource, cases: list[EvalCase], concurrency: int = 4
) -> dict[str, Any]:
    """Run both conditions for every case; return the summary plus one row per run under `items`."""
    runs = await asyncio.to_thread(plan, cases, source)
    gate = asyncio.Semaphore(max(1, concurrency))

    async def one(case: EvalCase, condition: str, articles: list[Article]) -> dict[str, Any]:
        async with gate:
            answer = await answerer.answer(case.question, given(articles, case.question))
        return {
            "id": case.id,
            "question": case.question,
            "condition": condition,
            "passages": [a.id for a in articles],
            **judge(answer, condition, case.question),
            "model": answer.model,
            "mode": answer.mode,
            "reason": answer.reason,
            "citations": answer.citation_ids,
            "invalid_citations": answer.invalid_citations,
            "uncited_claims": answer.uncited_claims,
            "missing": answer.missing,
            "text": answer.text,
            "input_tokens": answer.input_tokens,
            "output_tokens": answer.output_tokens,
            "llm_ms": round(answer.llm_ms, 1),
        }

    items = list(await asyncio.gather(*(one(*run) for run in runs)))
    report = summarize(items)
    report.update(
        model=answerer.settings.claude_model,
        reply_models=sorted({i["model"] for i in items if i["model"]}),
        prompt_version=answerer.prompt.id,
        skipped_relevant=[
            c.id for c in cases if not any(i["id"] == c.id and i["condition"] == "relevant" for i in items)
        ],
        items=items,
    )
    return report
