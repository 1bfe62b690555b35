"""Usage figures from the query log, for `/stats` (phone, Bosnian) and `kodeks stats [--json]` (terminal, English).

Every figure is an SQL aggregate over the time-indexed columns, so a log of months (60,000 rows and
more) answers in milliseconds and nothing is loaded into Python row by row; the caller runs
`compute` on a reader thread with its own connection. One function keeps the bot, the CLI and the
JSON output agreeing on every number. Coverage is counted only for Claude answers: an extractive
answer does not know whether the articles cover the question, so it is neither "covered" nor not.
"""

from __future__ import annotations

import math
import sqlite3
from datetime import datetime, timedelta
from typing import Any

from bot.formatting import escape
from bot.querylog import to_ts
from retrieval.evaluation import percentile as nearest_rank
from retrieval.types import LEVELS

WINDOWS = {"day": timedelta(days=1), "week": timedelta(days=7)}
TOP_LAWS = 5
SOURCES = ("telegram", "cli")


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100), as evaluation computes it; None for no values."""
    return float(nearest_rank(list(values), q)) if values else None


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _sql_percentile(con: sqlite3.Connection, start: str, n: int, q: float) -> float | None:
    """Nearest-rank percentile of total_ms in SQL (the same rank rule as `percentile`)."""
    if not n:
        return None
    offset = max(0, math.ceil(q / 100 * n) - 1)
    row = con.execute("SELECT total_ms FROM queries WHERE kind = 'question' AND ts >= ? AND total_ms IS NOT NULL "
                      "ORDER BY total_ms LIMIT 1 OFFSET ?", (start, min(offset, n - 1))).fetchone()
    return float(row[0]) if row else None


def window_stats(con: sqlite3.Connection, start: str) -> dict[str, Any]:
    """Figures for the rows since `start`; shares are fractions 0..1 (None when there is nothing to share)."""
    agg = con.execute(
        """SELECT
             COUNT(*) FILTER (WHERE kind = 'question'),
             COUNT(*) FILTER (WHERE kind = 'question' AND mode IS NOT NULL),
             COUNT(*) FILTER (WHERE kind = 'question' AND error IS NOT NULL),
             COUNT(*) FILTER (WHERE kind = 'lookup'),
             COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'claude'),
             COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'claude' AND covered = 0),
             COUNT(*) FILTER (WHERE kind = 'question' AND mode = 'extractive'),
             COALESCE(SUM(json_array_length(invalid_citations)) FILTER (WHERE kind = 'question'
                                                                         AND mode IS NOT NULL), 0),
             COUNT(total_ms) FILTER (WHERE kind = 'question'),
             COUNT(DISTINCT user_hash)
           FROM queries WHERE ts >= ?""", (start,)).fetchone()
    questions, answered, errors, lookups, claude, not_covered, extractive, invalid, timed, users = agg
    sources = dict(con.execute("SELECT source, COUNT(*) FROM queries WHERE kind = 'question' AND ts >= ? "
                               "GROUP BY source", (start,)).fetchall())
    levels = dict(con.execute("SELECT level, COUNT(*) FROM queries WHERE kind = 'question' AND mode IS NOT NULL "
                              "AND level IS NOT NULL AND ts >= ? GROUP BY level", (start,)).fetchall())
    feedback = dict(con.execute("SELECT f.value, COUNT(*) FROM feedback f JOIN queries q ON q.id = f.query_id "
                                "WHERE q.ts >= ? GROUP BY f.value", (start,)).fetchall())
    laws = con.execute(
        "SELECT json_extract(c.value, '$.law') AS law, COUNT(*) AS n FROM queries q, json_each(q.citations) c "
        "WHERE q.kind = 'question' AND q.mode IS NOT NULL AND q.ts >= ? GROUP BY law ORDER BY n DESC, law LIMIT ?",
        (start, TOP_LAWS)).fetchall()
    refused = con.execute("SELECT COUNT(*), COUNT(DISTINCT user_hash) FROM refusals WHERE ts >= ?",
                          (start,)).fetchone()
    return {
        "questions": questions,
        "sources": {name: sources.get(name, 0) for name in [*SOURCES, *sorted(set(sources) - set(SOURCES))]},
        "users": users,
        "answered": answered,
        "errors": errors,
        "lookups": lookups,
        "levels": {lvl: _share(levels.get(lvl, 0), answered) for lvl in [*LEVELS, *sorted(set(levels) - set(LEVELS))]},
        "claude_answers": claude,
        "not_covered": _share(not_covered, claude),  # of Claude answers only: coverage is unknown otherwise
        "extractive": _share(extractive, answered),
        "invalid_citations": invalid,
        "latency_ms": {"p50": _sql_percentile(con, start, timed, 50), "p95": _sql_percentile(con, start, timed, 95)},
        "feedback": {"up": feedback.get(1, 0), "down": feedback.get(-1, 0)},
        "top_laws": [[law, n] for law, n in laws],
        "refused": {"messages": refused[0], "users": refused[1]},
    }


def compute(con: sqlite3.Connection, *, now: datetime) -> dict[str, Any]:
    """{"generated_at", "total_questions", "day": {...}, "week": {...}} for the log behind `con`."""
    total = con.execute("SELECT COUNT(*) FROM queries WHERE kind = 'question'").fetchone()[0]
    out: dict[str, Any] = {"generated_at": to_ts(now)[:19], "total_questions": total}
    for name, span in WINDOWS.items():
        out[name] = window_stats(con, to_ts(now - span))
    return out


def empty(now: datetime) -> dict[str, Any]:
    """The figures of a log that does not exist yet: all zeros."""
    con = sqlite3.connect(":memory:")
    try:
        from bot.querylog import MIGRATIONS

        for sql in MIGRATIONS:
            con.executescript(sql)
        return compute(con, now=now)
    finally:
        con.close()


# --- rendering -------------------------------------------------------------------------------

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "📊 KODEKS statistics ({at} UTC)",
        "day": "Last 24 hours", "week": "Last 7 days",
        "questions": "Questions: {n} ({telegram} from officers in Telegram, {cli} from the command line)",
        "users": "Distinct users (officers and admins): {n}",
        "lookups": "Article lookups (/clan, references): {n}",
        "levels": "Answers by search level: {levels}",
        "covered": "Not covered by the articles (Claude answers): {pct} of {n}",
        "covered_unknown": "Coverage: unknown (no Claude answers; extractive answers do not judge it)",
        "extractive": "Extractive answers (no AI): {pct}",
        "invalid": "Invalid citations removed: {n}",
        "latency": "Answer time p50 / p95: {p50} / {p95}",
        "feedback": "Feedback: 👍 {up} · 👎 {down}",
        "laws": "Most cited laws (citations): {laws}",
        "errors": "Questions that ended in an error: {n}",
        "refused": "Refused strangers: {messages} messages from {users} people",
        "total": "Questions in the log, all time: {n}",
    },
    "bs": {
        "title": "📊 KODEKS statistika ({at} UTC)",
        "day": "Zadnja 24 sata", "week": "Zadnjih 7 dana",
        "questions": "Pitanja: {n} ({telegram} od službenika u Telegramu, {cli} iz komandne linije)",
        "users": "Različitih korisnika: {n}",
        "lookups": "Pregledi članova (/clan, reference): {n}",
        "levels": "Odgovori po nivou pretrage: {levels}",
        "covered": "Nije pokriveno članovima (Claude odgovori): {pct} od {n}",
        "covered_unknown": "Pokrivenost: nepoznata (nema Claude odgovora; izvod je ne procjenjuje)",
        "extractive": "Izvod bez AI: {pct}",
        "invalid": "Uklonjeni nevažeći citati: {n}",
        "latency": "Vrijeme odgovora p50 / p95: {p50} / {p95}",
        "feedback": "Ocjene: 👍 {up} · 👎 {down}",
        "laws": "Najčešće citirani zakoni (broj citata): {laws}",
        "errors": "Pitanja završena greškom: {n}",
        "refused": "Odbijeni neovlašteni: {messages} poruka od {users} osoba",
        "total": "Ukupno pitanja u evidenciji: {n}",
    },
}
_LEVEL_NAMES = {
    "en": {"reference": "reference", "threshold": "threshold", "top_k": "top-k", "law_first": "law"},
    "bs": {"reference": "referenca", "threshold": "prag", "top_k": "top-k", "law_first": "zakon"},
}


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def _secs(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def _window_lines(w: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    sources = w.get("sources", {})
    lines = [t["questions"].format(n=w["questions"], telegram=sources.get("telegram", 0), cli=sources.get("cli", 0)),
             t["users"].format(n=w["users"])]
    if w["lookups"]:
        lines.append(t["lookups"].format(n=w["lookups"]))
    if w["answered"]:
        names = _LEVEL_NAMES[lang]
        levels = ", ".join(f"{names.get(k, k)} {_pct(v)}" for k, v in w["levels"].items() if v)
        lines.append(t["levels"].format(levels=levels))
        if w["claude_answers"]:
            lines.append(t["covered"].format(pct=_pct(w["not_covered"]), n=w["claude_answers"]))
        else:
            lines.append(t["covered_unknown"])
        lines += [t["extractive"].format(pct=_pct(w["extractive"])), t["invalid"].format(n=w["invalid_citations"])]
    lat = w["latency_ms"]
    if lat["p50"] is not None:
        lines.append(t["latency"].format(p50=_secs(lat["p50"]), p95=_secs(lat["p95"])))
    lines.append(t["feedback"].format(**w["feedback"]))
    if w["top_laws"]:
        lines.append(t["laws"].format(laws=", ".join(f"{law} ({n})" for law, n in w["top_laws"])))
    if w["errors"]:
        lines.append(t["errors"].format(n=w["errors"]))
    if w["refused"]["messages"]:
        lines.append(t["refused"].format(**w["refused"]))
    return lines


def render(stats: dict[str, Any], html: bool = False, lang: str = "bs") -> str:
    """Short lines that fit a phone screen, in one language (`bs` for Telegram, `en` for the CLI by default);
    `html=True` escapes and bolds headings for Telegram."""
    t = LABELS[lang]
    esc = escape if html else (lambda s: s)
    bold = (lambda s: f"<b>{s}</b>") if html else (lambda s: s)
    parts = [bold(esc(t["title"].format(at=stats["generated_at"])))]
    for name in WINDOWS:
        parts.append("")
        parts.append(bold(esc(t[name])))
        parts += [esc(line) for line in _window_lines(stats[name], lang)]
    parts += ["", esc(t["total"].format(n=stats["total_questions"]))]
    return "\n".join(parts)
