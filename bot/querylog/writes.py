"""What each write of the query log stores: its rows and statements, built without touching the file.

A `Write` is the statements of one transaction. `QueryLog` runs it on the writer connection or, while
SQLite refuses, keeps it in its backlog — so a write must be complete in itself (no reads, no state).

The SQL is the same on both engines but for what a question's later statements call the row just inserted
(SQLite: the highest id, under its write lock; PostgreSQL, where replicas insert at once: the id this
session's insert took) and the JSON list they expand (`postgres=True` picks PostgreSQL's).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kodeks.answering import PipelineResult
    from retrieval.types import Article

_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class Write:
    """Statements run in one transaction; `what` names it in logs (never its content)."""

    statements: list[tuple[str, tuple[Any, ...]]]
    what: str
    counted: tuple[int, ...] = (0,)  # statements whose changed-row counts make up `result`
    returns_id: bool = False  # the first statement inserts the row the write is about (PostgreSQL: RETURNING id)
    result: int | None = field(default=None, repr=False)  # None until written
    returns_rows: bool = False  # the first statement ends in RETURNING: its rows are kept in `rows`
    rows: list[dict[str, Any]] = field(default_factory=list, repr=False)
    # PostgreSQL: a statement that must change a row, else the whole write is rolled back and `refused` set
    fence: int | None = None
    refused: bool = field(default=False, repr=False)


def clean_text(value: Any) -> Any:
    """Strings SQLite can store: a lone surrogate (from a broken client) becomes U+FFFD instead of failing the write."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return _SURROGATE.sub("\ufffd", value)
    return value


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _article_ref(article: Article) -> dict[str, str]:
    return {"id": article.id, "law": article.law, "article": article.article, "title": article.title}


def insert_sql(table: str, row: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
    cols = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    return f"INSERT INTO {table} ({cols}) VALUES ({marks})", tuple(row.values())


def question_write(
    row: dict[str, Any],
    result: PipelineResult | None,
    update_id: int | None,
    original: str | None = None,
    originals_cutoff: str | None = None,
    *,
    postgres: bool = False,
    owner: str | None = None,
) -> Write:
    """One question: `row` (time, user, question, error…) completed with the pipeline's `result` if there is
    one, its cited laws, and the journal entry moved to 'sending' (with `update_id`) in the same transaction. On
    PostgreSQL that last statement is the fence (replicas): only if the entry is still `owner`'s and not yet
    being sent, else nothing of the write is kept (`refused`): another replica took the question over."""
    if result is not None:
        search, answer = result.search, result.answer
        timings = result.timings_ms
        row.update(
            normalized=search.normalized,
            retrieved=_json([h.to_dict() for h in search.hits]),
            level=search.level,
            answer=answer.text,
            citations=_json([_article_ref(h.article) for h in answer.citations]),
            invalid_citations=_json(list(answer.invalid_citations or [])),
            # Only Claude judges coverage; an extractive answer's coverage is unknown (NULL), not "not covered".
            covered=None if answer.mode != "claude" or answer.covered is None else int(bool(answer.covered)),
            missing=answer.missing,
            mode=answer.mode,
            reason=answer.reason,
            model=answer.model,
            prompt_version=answer.prompt_version,
            input_tokens=answer.input_tokens,
            output_tokens=answer.output_tokens,
            flagged=int(bool(answer.flagged)),
            retrieval_ms=timings.get("retrieval"),
            llm_ms=timings.get("llm", answer.llm_ms),
            total_ms=timings.get("total", row["total_ms"]),
            jurisdiction=search.jurisdiction,  # the officer's jurisdiction (not their id), for the export
            expansions=_json(list(search.expansions or [])),
            weak=int(search.weak),
            not_loaded=_json(list((search.coverage or {}).get("missing_labels") or [])),
            # why the articles asked for are not served: /stats tells "no such article" from "not in force"
            missing_statuses=_json(sorted({m.status for m in getattr(search, "missing_references", None) or []}))
            if getattr(search, "missing_references", None)
            else None,
        )
    statements = [insert_sql("queries", row)]
    # SQLite: the row just inserted has the highest id (this transaction holds the write lock); PostgreSQL: the
    # value this session's insert took from the id's sequence (another replica may have inserted since)
    last_id = "currval(pg_get_serial_sequence('queries', 'id'))" if postgres else "(SELECT MAX(id) FROM queries)"
    laws = "json_array_elements_text(?::json) AS value" if postgres else "json_each(?)"
    if result is not None and result.answer.citations:
        statements.append(
            (
                f"INSERT INTO cited (query_id, ts, law) SELECT {last_id}, ?, value FROM {laws}",
                (row["ts"], _json([h.article.law for h in result.answer.citations])),
            )
        )
    if original is not None:  # issue 23: the unmasked question, apart from the row, for a few hours only
        statements.append(
            (
                f"INSERT INTO originals (query_id, ts, text) SELECT {last_id}, ?, ?",
                (row["ts"], original),
            )
        )
    if originals_cutoff is not None:
        statements.append(("DELETE FROM originals WHERE ts < ?", (originals_cutoff,)))
    fence = None
    if update_id is not None and postgres:
        fence = len(statements)
        statements.append(
            (
                "UPDATE pending SET state = 'sending' "
                "WHERE update_id = ? AND state = 'received' AND owner IS NOT DISTINCT FROM ?",
                (update_id, owner),
            )
        )
    elif update_id is not None:
        statements.append(("UPDATE pending SET state = 'sending' WHERE update_id = ?", (update_id,)))
    return Write(statements, "question", returns_id=True, fence=fence)


CONVERSATION_COLUMNS = ("input", "standalone", "standalone_by", "thread_id", "thread_turn", "follows")


def conversation_columns(values: dict[str, Any] | None) -> dict[str, Any]:
    """The columns of migration 5 a question row gets (unknown keys ignored, so callers cannot write elsewhere)."""
    return {k: v for k, v in (values or {}).items() if k in CONVERSATION_COLUMNS and v is not None}


def lookup_write(
    *, ts: str, user_hash: str, text: str, articles: Sequence[Article], total_ms: float | None, level: str
) -> Write:
    return Write(
        [
            insert_sql(
                "queries",
                {
                    "ts": ts,
                    "user_hash": user_hash,
                    "kind": "lookup",
                    "question": text,
                    "level": level,
                    "citations": _json([_article_ref(a) for a in articles]),
                    "total_ms": total_ms,
                },
            )
        ],
        "lookup",
        returns_id=True,
    )


def error_mark(row_id: int, error: str) -> Write:
    return Write(
        [("UPDATE queries SET error = COALESCE(error || '; ', '') || ? WHERE id = ?", (error, row_id))], "error mark"
    )


def feedback_write(*, ts: str, user_hash: str, row_id: int, value: int) -> Write:
    """+1 / -1 for a logged answer; a second press by the same user replaces the first (result 0: no such row)."""
    return Write(
        [
            (
                "INSERT INTO feedback (query_id, ts, user_hash, value) "
                "SELECT id, ?, ?, ? FROM queries WHERE id = ? "
                "ON CONFLICT (query_id, user_hash) DO UPDATE SET value = excluded.value, ts = excluded.ts",
                (ts, user_hash, value, row_id),
            )
        ],
        "feedback",
    )


def refusal_write(*, ts: str, user_hash: str) -> Write:
    return Write([insert_sql("refusals", {"ts": ts, "user_hash": user_hash})], "refusal")


def journal_write(*, update_id: int, ts: str, chat_id: int, message_id: int | None, question: str) -> Write:
    """A question journaled before it is answered; the same update id with another message replaces it."""
    return Write(
        [
            (
                "INSERT INTO pending (update_id, ts, chat_id, message_id, question) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (update_id) DO UPDATE SET ts = excluded.ts, chat_id = excluded.chat_id, "
                "message_id = excluded.message_id, question = excluded.question, state = 'received'",
                (update_id, ts, chat_id, message_id, question),
            )
        ],
        "journal",
    )


def journal_take_write(
    *, update_id: int, ts: str, chat_id: int, message_id: int | None, question: str, owner: str | None = None
) -> Write:
    """The journal entry taken in one statement, for replicas sharing a database: `result` 1 if this process
    took the update (new, or the same update id with another message, as after a new bot token), 0 if another
    process already holds it — the unique key is taken before the answer, so one update is answered once.
    `owner` is the taking replica (bot/replicas.py): if it dies, a live one answers the entry."""
    return Write(
        [
            (
                "INSERT INTO pending (update_id, ts, chat_id, message_id, question, owner) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (update_id) DO UPDATE SET ts = excluded.ts, chat_id = excluded.chat_id, "
                "message_id = excluded.message_id, question = excluded.question, state = 'received', "
                "owner = excluded.owner WHERE pending.message_id IS DISTINCT FROM excluded.message_id",
                (update_id, ts, chat_id, message_id, question, owner),
            )
        ],
        "journal",
    )


# The database's clock in seconds (PostgreSQL): every replica's heartbeat is judged by the one clock, so a
# replica machine whose clock is off can neither look dead nor keep a dead one looking alive.
_PG_NOW = "EXTRACT(EPOCH FROM clock_timestamp())"
REPLICAS_KEPT_S = 86_400  # heartbeat rows of replicas gone longer than this are deleted
REPLICAS_PRUNED_EVERY_S = 3_600  # how often a replica looks for them (not at every beat: one statement a beat)


def heartbeat_write(replica: str, started: str, prune: bool = True) -> Write:
    """This replica is alive now (PostgreSQL); with `prune`, rows of replicas gone for a day are dropped on the way
    (the caller asks for that now and then: every beat it would be a transaction of two statements, not one)."""
    statements: list[tuple[str, tuple[Any, ...]]] = [
        (
            f"INSERT INTO replicas (id, started, beat) VALUES (?, ?, {_PG_NOW}) "
            "ON CONFLICT (id) DO UPDATE SET beat = excluded.beat",
            (replica, started),
        )
    ]
    if prune:
        statements.append((f"DELETE FROM replicas WHERE beat < {_PG_NOW} - ?", (REPLICAS_KEPT_S,)))
    return Write(statements, "heartbeat")


def takeover_write(replica: str, stale_seconds: float) -> Write:
    """The open journal entries of replicas whose heartbeat is older than `stale_seconds` (or that never had one)
    made `replica`'s, in one statement (PostgreSQL): of two live replicas looking at once, the row lock gives each
    entry to one — the other's UPDATE re-reads the row, finds a live owner and skips it. The taken entries come
    back in `rows` (oldest first once sorted by the caller)."""
    return Write(
        [
            (
                "UPDATE pending SET owner = ? WHERE state != 'done' AND (owner IS NULL OR owner NOT IN "
                f"(SELECT id FROM replicas WHERE beat >= {_PG_NOW} - ?)) "
                "RETURNING update_id, ts, chat_id, message_id, question, state",
                (replica, stale_seconds),
            )
        ],
        "journal takeover",
        returns_rows=True,
    )


def journal_done_write(update_id: int) -> Write:
    """Forget the chat id and text of an answered question, keep its ids (to recognise a re-delivery)."""
    return Write(
        [("UPDATE pending SET state = 'done', chat_id = NULL, question = NULL WHERE update_id = ?", (update_id,))],
        "journal done",
    )
