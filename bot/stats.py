"""Usage figures from the query log, for `/stats` (phone) and `kodeks stats [--json]` (terminal).

Computed in Python over the last week's rows: police use is hundreds of questions a day at most,
and one function keeps the bot, the CLI and the JSON output agreeing on every number.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from bot.formatting import escape
from bot.querylog import to_ts
from retrieval.evaluation import percentile as nearest_rank
from retrieval.types import LEVELS

WINDOWS = {"day": timedelta(days=1), "week": timedelta(days=7)}
TOP_LAWS = 5


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100), as evaluation computes it; None for no values."""
    return float(nearest_rank(list(values), q)) if values else None


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def window_stats(rows: Sequence[dict[str, Any]], refused: tuple[int, int]) -> dict[str, Any]:
    """Figures for one window; shares are fractions 0..1 of answered questions (None when there are none)."""
    questions = [r for r in rows if r["kind"] == "question"]
    answered = [r for r in questions if r.get("mode")]
    n = len(answered)
    levels = Counter(r["level"] for r in answered if r.get("level"))
    laws = Counter(c["law"] for r in answered for c in r.get("citations") or [])
    latencies = [r["total_ms"] for r in questions if r.get("total_ms") is not None]
    return {
        "questions": len(questions),
        "users": len({r["user_hash"] for r in rows}),
        "answered": n,
        "errors": sum(1 for r in questions if r.get("error")),
        "lookups": sum(1 for r in rows if r["kind"] == "lookup"),
        "levels": {lvl: _share(levels.get(lvl, 0), n) for lvl in [*LEVELS, *sorted(set(levels) - set(LEVELS))]},
        "not_covered": _share(sum(1 for r in answered if r.get("covered") is not None and not r.get("covered")), n),
        "extractive": _share(sum(1 for r in answered if r.get("mode") == "extractive"), n),
        "invalid_citations": sum(len(r.get("invalid_citations") or []) for r in answered),
        "latency_ms": {"p50": percentile(latencies, 50), "p95": percentile(latencies, 95)},
        "feedback": {"up": sum(1 for r in rows if r.get("feedback") == 1),
                     "down": sum(1 for r in rows if r.get("feedback") == -1)},
        "top_laws": [[law, count] for law, count in laws.most_common(TOP_LAWS)],
        "refused": {"messages": refused[0], "users": refused[1]},
    }


def compute(rows: Sequence[dict[str, Any]], refusals: dict[str, tuple[int, int]], *, now: datetime,
            total: int) -> dict[str, Any]:
    """{"generated_at", "total_questions", "day": {...}, "week": {...}} from the last week's rows."""
    out: dict[str, Any] = {"generated_at": to_ts(now)[:19], "total_questions": total}
    for name, span in WINDOWS.items():
        start = to_ts(now - span)
        out[name] = window_stats([r for r in rows if r["ts"] >= start], refusals.get(name, (0, 0)))
    return out


# --- rendering -------------------------------------------------------------------------------

_TITLES = {"day": "Zadnja 24 sata", "week": "Zadnjih 7 dana"}
_LEVEL_NAMES = {"reference": "referenca", "threshold": "prag", "top_k": "top-k", "law_first": "zakon"}


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def _secs(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def _window_lines(w: dict[str, Any]) -> list[str]:
    lines = [f"Pitanja: {w['questions']} · korisnika: {w['users']}"]
    if w["lookups"]:
        lines.append(f"Pregledi članova: {w['lookups']}")
    if w["answered"]:
        levels = ", ".join(f"{_LEVEL_NAMES.get(k, k)} {_pct(v)}" for k, v in w["levels"].items() if v)
        lines += [
            f"Nivo pretrage: {levels}",
            f"Nije pokriveno: {_pct(w['not_covered'])} · izvod bez AI: {_pct(w['extractive'])}",
            f"Nevažeći citati: {w['invalid_citations']}",
        ]
    lat = w["latency_ms"]
    if lat["p50"] is not None:
        lines.append(f"Vrijeme p50/p95: {_secs(lat['p50'])} / {_secs(lat['p95'])}")
    lines.append(f"👍 {w['feedback']['up']} · 👎 {w['feedback']['down']}")
    if w["top_laws"]:
        lines.append("Najčešće: " + ", ".join(f"{law} ({n})" for law, n in w["top_laws"]))
    if w["errors"]:
        lines.append(f"Greške: {w['errors']}")
    if w["refused"]["messages"]:
        lines.append(f"Odbijeno: {w['refused']['messages']} poruka, {w['refused']['users']} osoba")
    return lines


def render(stats: dict[str, Any], html: bool = False) -> str:
    """Short lines that fit a phone screen; `html=True` escapes and bolds headings for Telegram."""
    esc = escape if html else (lambda s: s)
    bold = (lambda s: f"<b>{s}</b>") if html else (lambda s: s)
    parts = [bold(esc(f"📊 KODEKS statistika ({stats['generated_at']} UTC)"))]
    for name in WINDOWS:
        parts.append("")
        parts.append(bold(esc(_TITLES[name])))
        parts += [esc(line) for line in _window_lines(stats[name])]
    parts += ["", esc(f"Ukupno pitanja u evidenciji: {stats['total_questions']}")]
    return "\n".join(parts)
