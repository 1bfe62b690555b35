"""Usage figures from the query log, for `/stats` (phone, Bosnian) and `kodeks stats [--json]` (terminal, English).

Every figure is an SQL aggregate over the time-indexed columns, so a log of months (60,000 rows and
more) answers in milliseconds and nothing is loaded into Python row by row; the caller runs
`compute` on a reader thread with its own connection. One function keeps the bot, the CLI and the
JSON output agreeing on every number (`bot.stats` renders them). Coverage is counted only for Claude
answers: an extractive answer does not know whether the articles cover the question, so it is
neither "covered" nor not.
"""

from __future__ import annotations

import math
import sqlite3
from datetime import datetime, timedelta
from typing import Any

from bot.querylog.readers import ReadConnection
from bot.querylog.timestamps import to_ts
from kodeks.migrations import QUERY_LOG, upgrade
from kodeks.postgres import is_postgres
from retrieval.evaluation import percentile as nearest_rank
from retrieval.types import LEVELS

WINDOWS = {"day": timedelta(days=1), "week": timedelta(days=7)}
TOP_LAWS = 5
SOURCES = ("telegram", "cli")


_PG_COLUMNS = (
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
)


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100), as evaluation computes it; None for no values."""
    return float(nearest_rank(list(values), q)) if values else None


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _windows(con: ReadConnection, week: str, day: str) -> dict[str, dict[str, Any]]:
    """Both windows in one pass over the week's index entries: every aggregate is taken twice, once
    filtered to the last day (`ts >= :day`). Shares are fractions 0..1 (None when there is nothing to share)."""
    args = {"week": week, "day": day}
    pg = is_postgres(con)  # the JSON columns are text: PostgreSQL casts them to read their arrays
    invalid = "json_array_length(invalid_citations::json)" if pg else "json_array_length(invalid_citations)"

    def both(sql: str) -> tuple[str, str]:
        return sql, sql.replace("WHERE ", "WHERE ts >= :day AND ", 1)

    columns = {
        "questions": "COUNT(*) FILTER (WHERE kind = 'question')",
        "answered": "COUNT(*) FILTER (WHERE kind = 'question' AND mode IS NOT NULL)",
        "errors": "COUNT(*) FILTER (WHERE kind = 'question' AND error IS NOT NULL)",
        "lookups": "COUNT(*) FILTER (WHERE kind = 'lookup')",
        "claude": "COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'claude')",
        "not_covered": "COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'claude' AND covered = 0)",
        "extractive": "COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'extractive')",
        "invalid": f"COALESCE(SUM({invalid}) FILTER (WHERE kind = 'question' AND mode IS NOT NULL), 0)",
    }
    select = ", ".join(f"{w} AS {name}" for name, sql in columns.items() for w in both(sql))
    agg = con.execute(
        f"SELECT {select}, COUNT(DISTINCT user_hash), "
        "COUNT(DISTINCT user_hash) FILTER (WHERE ts >= :day) "
        "FROM queries WHERE kind IN ('question', 'lookup') AND ts >= :week",
        args,
    ).fetchone()
    values = list(agg)
    figures: dict[str, dict[str, Any]] = {"week": {}, "day": {}}
    for i, name in enumerate(columns):
        figures["week"][name], figures["day"][name] = values[2 * i], values[2 * i + 1]
    figures["week"]["users"], figures["day"]["users"] = values[-2], values[-1]

    def grouped(sql: str) -> dict[str, dict[Any, int]]:
        out: dict[str, dict[Any, int]] = {"week": {}, "day": {}}
        for key, week_n, day_n in con.execute(sql, args):
            out["week"][key] = week_n
            if day_n:
                out["day"][key] = day_n
        return out

    counts = "COUNT(*), COUNT(*) FILTER (WHERE ts >= :day)"
    sources = grouped(f"SELECT source, {counts} FROM queries WHERE kind = 'question' AND ts >= :week GROUP BY source")
    columns_now = (
        {row[0] for row in con.execute(_PG_COLUMNS, ("queries",))}
        if pg
        else {row[1] for row in con.execute("PRAGMA table_info(queries)")}
    )
    levels = grouped(
        f"SELECT level, {counts} FROM queries WHERE kind = 'question' AND mode IS NOT NULL "
        "AND level IS NOT NULL AND ts >= :week GROUP BY level"
    )
    # "nearest" answers none of whose articles asked for is in the law ("član 999") counted apart from those deleted
    # or repealed (not in force): a query of its own over the few "nearest" rows, so the one above stays on its
    # covering index; a log written before the column counts them all as "nearest"
    if "missing_statuses" in columns_now:
        absent = grouped(
            f"SELECT 1, {counts} FROM queries WHERE kind = 'question' AND mode IS NOT NULL "
            "AND level = 'nearest' AND ts >= :week AND missing_statuses = '[\"not_found\"]'"
        )
        for window in ("week", "day"):
            if n := absent[window].get(1, 0):
                levels[window]["nearest"] = levels[window].get("nearest", 0) - n
                levels[window]["not_found"] = n
    feedback = grouped(
        "SELECT f.value, COUNT(*), COUNT(*) FILTER (WHERE q.ts >= :day) FROM feedback f "
        "JOIN queries q ON q.id = f.query_id WHERE q.ts >= :week GROUP BY f.value"
    )
    laws = grouped(f"SELECT law, {counts} FROM cited WHERE ts >= :week GROUP BY law")
    # issue 22: which kinds of law officers asked about that no loaded law is (the law to load next); a log
    # written before the column (read-only, never migrated by a reader) has none to count
    has_column = "not_loaded" in columns_now
    elements = "json_array_elements_text(q.not_loaded::json) AS k(value)" if pg else "json_each(q.not_loaded) k"
    not_loaded = (
        grouped(
            f"SELECT k.value, {counts} FROM queries q, {elements} WHERE q.kind = 'question' "
            "AND q.ts >= :week AND q.not_loaded IS NOT NULL GROUP BY k.value"
        )
        if has_column
        else {"week": {}, "day": {}}
    )
    refused = con.execute(
        "SELECT COUNT(*), COUNT(DISTINCT user_hash), COUNT(*) FILTER (WHERE ts >= :day), "
        "COUNT(DISTINCT user_hash) FILTER (WHERE ts >= :day) FROM refusals WHERE ts >= :week",
        args,
    ).fetchone()
    timed = grouped(f"SELECT 1, {counts} FROM queries WHERE kind = 'question' AND ts >= :week AND total_ms IS NOT NULL")
    latencies = {name: _percentiles(con, args[name], timed[name].get(1, 0), (50, 95)) for name in ("day", "week")}

    out: dict[str, dict[str, Any]] = {}
    for name in ("day", "week"):
        f = figures[name]
        answered = f["answered"]
        lv = levels[name]
        src = sources[name]
        top = sorted(laws[name].items(), key=lambda kv: (-kv[1], kv[0] or ""))[:TOP_LAWS]
        missing = sorted(not_loaded[name].items(), key=lambda kv: (-kv[1], kv[0] or ""))[:TOP_LAWS]
        lat = latencies[name]
        out[name] = {
            "questions": f["questions"],
            "sources": {s: src.get(s, 0) for s in [*SOURCES, *sorted(set(src) - set(SOURCES))]},
            "users": f["users"],
            "answered": answered,
            "errors": f["errors"],
            "lookups": f["lookups"],
            "levels": {lvl: _share(lv.get(lvl, 0), answered) for lvl in [*LEVELS, *sorted(set(lv) - set(LEVELS))]},
            "claude_answers": f["claude"],
            "not_covered": _share(f["not_covered"], f["claude"]),  # of Claude answers only: unknown otherwise
            "extractive": _share(f["extractive"], answered),
            "invalid_citations": f["invalid"],
            "latency_ms": {"p50": lat.get(50), "p95": lat.get(95)},
            "feedback": {"up": feedback[name].get(1, 0), "down": feedback[name].get(-1, 0)},
            "top_laws": [[law, n] for law, n in top],
            "not_loaded": [[kind, n] for kind, n in missing],
            "refused": {"messages": refused[0 if name == "week" else 2], "users": refused[1 if name == "week" else 3]},
        }
    return out


def _percentiles(con: ReadConnection, start: str, n: int, qs: tuple[int, ...]) -> dict[int, float | None]:
    """Nearest-rank percentiles (the rule of `percentile`) of total_ms since `start`: the index on
    (kind, total_ms, ts) is walked in total_ms order, so nothing is sorted."""
    out: dict[int, float | None] = {}
    for q in qs:
        if not n:
            out[q] = None
            continue
        rank = min(n, max(1, math.ceil(q / 100 * n)))
        row = con.execute(
            "SELECT total_ms FROM queries WHERE kind = 'question' "
            "AND total_ms IS NOT NULL AND ts >= ? ORDER BY total_ms LIMIT 1 OFFSET ?",
            (start, rank - 1),
        ).fetchone()
        out[q] = float(row[0]) if row else None
    return out


def compute(con: ReadConnection, *, now: datetime) -> dict[str, Any]:
    """{"generated_at", "total_questions", "day": {...}, "week": {...}} for the log behind `con`."""
    total = con.execute("SELECT COUNT(*) FROM queries WHERE kind = 'question'").fetchone()[0]
    out: dict[str, Any] = {"generated_at": to_ts(now)[:19], "total_questions": total}
    out.update(_windows(con, to_ts(now - WINDOWS["week"]), to_ts(now - WINDOWS["day"])))
    return out


def empty(now: datetime) -> dict[str, Any]:
    """The figures of a log that does not exist yet: all zeros."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    try:
        upgrade(con, QUERY_LOG, ":memory:")
        return compute(con, now=now)
    finally:
        con.close()
