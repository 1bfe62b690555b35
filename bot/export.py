"""The query log as evaluation JSONL (DESIGN.md): field questions, ready to label.

Each line has `question` and an empty `relevant` (fill in corpus ids, then run
`kodeks eval retrieval`), plus what the bot did, so a labeller sees why an answer went wrong.
No user ids, hashed or not, leave the log this way.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, date, datetime
from typing import IO, Any

FEEDBACK = {1: "up", -1: "down"}


def to_record(row: dict[str, Any]) -> dict[str, Any]:
    """One logged question → one evaluation record."""
    covered = row.get("covered")
    return {
        "question": row["question"],
        "relevant": [],
        "id": f"log-{row['id']}",
        "time": row["ts"][:19].replace(" ", "T") + "Z",
        "normalized": row.get("normalized"),
        "retrieved": row.get("retrieved") or [],
        "level": row.get("level"),
        "answer": row.get("answer"),
        "citations": [c["id"] for c in row.get("citations") or []],
        "invalid_citations": row.get("invalid_citations") or [],
        "covered": None if covered is None else bool(covered),
        "missing": row.get("missing"),
        "mode": row.get("mode"),
        "model": row.get("model"),
        "prompt_version": row.get("prompt_version"),
        "feedback": FEEDBACK.get(row.get("feedback")),
        "timings_ms": {"retrieval": row.get("retrieval_ms"), "llm": row.get("llm_ms"), "total": row.get("total_ms")},
        "error": row.get("error"),
        "jurisdiction": row.get("jurisdiction"),  # the officer's, so `kodeks eval retrieval` searches as they did
    }


def parse_since(text: str | None) -> datetime | None:
    """`2026-11-01` (midnight UTC) or an ISO date-time; None means everything."""
    if not text:
        return None
    try:
        if len(text) == 10:
            day = date.fromisoformat(text)
            return datetime(day.year, day.month, day.day, tzinfo=UTC)
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(f"not a date: {text!r} (use YYYY-MM-DD)") from exc
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False)


async def write_jsonl(records: AsyncIterator[dict[str, Any]], out: IO[str]) -> int:
    """Write one JSON object per line; returns how many."""
    n = 0
    async for record in records:
        out.write(dumps(record) + "\n")
        n += 1
    return n
