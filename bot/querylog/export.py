"""The query log as evaluation JSONL (DESIGN.md): field questions, ready to label.

Each line has `question` and an empty `relevant` (fill in corpus ids, then run
`kodeks eval retrieval`), plus what the bot did, so a labeller sees why an answer went wrong.
No user ids, hashed or not, leave the log this way.

A log of months does not fit in a Telegram message or in memory: `/export` streams rows from a
cursor into gzip-compressed JSONL parts (`write_parts`, run on a worker thread), each kept below
Telegram's 50 MB upload limit for bots, so memory stays flat and officers' answers keep flowing.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import AsyncIterator, Iterable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import IO, Any

from bot.querylog.readers import ReadConnection, Source, iter_rows, open_reader
from kodeks.private_files import open_private, private_dir

FEEDBACK: dict[int | None, str] = {1: "up", -1: "down"}
TELEGRAM_UPLOAD_LIMIT = 50 * 1024 * 1024  # bytes a bot may send as one document
PART_LIMIT = 45 * 1024 * 1024  # a part is closed past this (compressed) size: margin for gzip's buffer


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
        "covered": None if covered is None or row.get("mode") != "claude" else bool(covered),
        "missing": row.get("missing"),
        "mode": row.get("mode"),
        "model": row.get("model"),
        "prompt_version": row.get("prompt_version"),
        "feedback": FEEDBACK.get(row.get("feedback")),
        "timings_ms": {"retrieval": row.get("retrieval_ms"), "llm": row.get("llm_ms"), "total": row.get("total_ms")},
        "error": row.get("error"),
        "jurisdiction": row.get("jurisdiction"),  # the officer's, so `kodeks eval retrieval` searches as they did
        "expansions": row.get("expansions") or [],  # what the vocabulary / Claude's rewrite added to the question
        "weak": None if row.get("weak") is None else bool(row["weak"]),  # search judged the laws may not cover it
        "not_loaded": row.get("not_loaded") or [],  # kinds of law the question was about that no loaded law is
        # issue 24: a follow-up's stand-alone question (the question itself when it was asked alone), so an
        # evaluation set can use either; its thread (random id, turn, the row it follows); text or voice
        "standalone": row.get("standalone") or row["question"],
        "follow_up": row.get("standalone") is not None,
        "thread": (
            {
                "id": row["thread_id"],
                "turn": row.get("thread_turn"),
                "follows": f"log-{row['follows']}" if row.get("follows") else None,
            }
            if row.get("thread_id")
            else None
        ),
        "input": row.get("input") or "text",
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


def write_parts(
    records: Iterable[dict[str, Any]], directory: Path, stem: str, part_limit: int = PART_LIMIT
) -> tuple[int, list[Path]]:
    """Write records as gzip JSONL files `stem-1.jsonl.gz`, `stem-2.jsonl.gz`, … each closed once its
    compressed size passes `part_limit`; returns (records written, files). Synchronous: run it in a thread."""
    private_dir(directory)
    files: list[Path] = []
    count = 0
    raw: IO[bytes] | None = None
    packed: gzip.GzipFile | None = None
    try:
        for record in records:
            if packed is None or raw is None or raw.tell() >= part_limit:
                if packed is not None and raw is not None:
                    packed.close()
                    raw.close()
                path = directory / f"{stem}-{len(files) + 1}.jsonl.gz"
                raw = open_private(path, "wb")  # every officer's question: 0600 from the start
                packed = gzip.GzipFile(
                    filename=f"{stem}-{len(files) + 1}.jsonl", mode="wb", fileobj=raw, compresslevel=6, mtime=0
                )
                files.append(path)
            packed.write((dumps(record) + "\n").encode("utf-8"))
            count += 1
    finally:
        if packed is not None:
            packed.close()
        if raw is not None:
            raw.close()
    return count, files


def write_lines(records: Iterable[dict[str, Any]], out: IO[str]) -> int:
    """Write one JSON object per line from a plain iterator; returns how many."""
    n = 0
    for record in records:
        out.write(dumps(record) + "\n")
        n += 1
    return n


def iter_records(con: ReadConnection, since: datetime | None) -> Iterable[dict[str, Any]]:
    """Evaluation records for the questions behind a read connection, streamed from a cursor."""
    return (to_record(row) for row in iter_rows(con, since, kind="question"))


def export_parts(
    log: Source, since: datetime | None, directory: Path, stem: str, part_limit: int = PART_LIMIT
) -> tuple[int, list[Path]]:
    """The whole export on one thread, with its own read connection (never the bot's writer)."""
    con = open_reader(log)
    try:
        return write_parts(iter_records(con, since), directory, stem, part_limit)
    finally:
        con.close()
