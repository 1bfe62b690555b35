"""The query log's figures (`bot.querylog.figures`) as short lines for a phone: `/stats` in Bosnian HTML,
`kodeks stats` in English or Bosnian plain text."""

from __future__ import annotations

from typing import Any

from bot.formatting import escape
from bot.index_watch import Serving
from bot.querylog.figures import WINDOWS

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "title": "📊 KODEKS statistics ({at} UTC)",
        "day": "Last 24 hours",
        "week": "Last 7 days",
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
        "not_loaded": "Asked about, no such law loaded: {kinds}",
        "errors": "Questions that ended in an error: {n}",
        "refused": "Refused strangers: {messages} messages from {users} people",
        "total": "Questions in the log, all time: {n}",
        "index": "Index",
        "served": "Served here: generation {g}",
        "published": "Published for every replica: {g}",
        "not_served": "⚠️ Not served here: {g} ({error})",
        "replica": "Replica {name}: {served} (checked {at} UTC)",
        "replica_failed": "⚠️ Replica {name}: still on {served}, {failed} not served ({error})",
        "database": "⚠️ The database cannot be read: {error}",
        "none": "none",
    },
    "bs": {
        "title": "📊 KODEKS statistika ({at} UTC)",
        "day": "Zadnja 24 sata",
        "week": "Zadnjih 7 dana",
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
        "not_loaded": "Pitano, a takav propis nije učitan: {kinds}",
        "errors": "Pitanja završena greškom: {n}",
        "refused": "Odbijeni neovlašteni: {messages} poruka od {users} osoba",
        "total": "Ukupno pitanja u evidenciji: {n}",
        "index": "Indeks",
        "served": "Ovdje se služi: generacija {g}",
        "published": "Objavljena za sve replike: {g}",
        "not_served": "⚠️ Ovdje se ne služi: {g} ({error})",
        "replica": "Replika {name}: {served} (provjereno {at} UTC)",
        "replica_failed": "⚠️ Replika {name}: i dalje {served}, {failed} se ne služi ({error})",
        "database": "⚠️ Baza se ne može čitati: {error}",
        "none": "nijedna",
    },
}
_LEVEL_NAMES = {
    "en": {
        "reference": "reference",
        "threshold": "threshold",
        "top_k": "top-k",
        "law_first": "law",
        "nearest": "article not in force",
        "not_found": "no such article in the law",
    },
    "bs": {
        "reference": "referenca",
        "threshold": "prag",
        "top_k": "top-k",
        "law_first": "zakon",
        "nearest": "član nije na snazi",
        "not_found": "član ne postoji u zakonu",
    },
}


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{round(value * 100)}%"


def _secs(ms: float | None) -> str:
    return "–" if ms is None else f"{ms / 1000:.1f} s"


def _window_lines(w: dict[str, Any], lang: str) -> list[str]:
    t = LABELS[lang]
    sources = w.get("sources", {})
    lines = [
        t["questions"].format(n=w["questions"], telegram=sources.get("telegram", 0), cli=sources.get("cli", 0)),
        t["users"].format(n=w["users"]),
    ]
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
    if w.get("not_loaded"):
        lines.append(t["not_loaded"].format(kinds=", ".join(f"{kind} ({n})" for kind, n in w["not_loaded"])))
    if w["errors"]:
        lines.append(t["errors"].format(n=w["errors"]))
    if w["refused"]["messages"]:
        lines.append(t["refused"].format(**w["refused"]))
    return lines


def index_lines(serving: Serving, lang: str) -> list[str]:
    """The generation served here, the one published, one not served and why, and every replica's report."""
    t = LABELS[lang]
    none = t["none"]
    lines = [t["served"].format(g=serving.served or none)]
    if serving.published is not None:
        lines.append(t["published"].format(g=serving.published))
    if serving.failed or serving.error:
        lines.append(t["not_served"].format(g=serving.failed or none, error=serving.error or "?"))
    for r in serving.replicas:
        if r.failed or r.error:
            lines.append(
                t["replica_failed"].format(
                    name=r.replica, served=r.served or none, failed=r.failed or none, error=r.error or "?"
                )
            )
        else:
            lines.append(t["replica"].format(name=r.replica, served=r.served or none, at=r.checked_at))
    if serving.database_error:
        lines.append(t["database"].format(error=serving.database_error))
    return lines


def serving_dict(serving: Serving) -> dict[str, Any]:
    """`kodeks stats --json`'s "index" part."""
    return {
        "served": serving.served,
        "published": serving.published,
        "failed": serving.failed,
        "error": serving.error,
        "database_error": serving.database_error,
        "replicas": [
            {"replica": r.replica, "served": r.served, "failed": r.failed, "error": r.error, "checked_at": r.checked_at}
            for r in serving.replicas
        ],
    }


def render(stats: dict[str, Any], html: bool = False, lang: str = "bs", serving: Serving | None = None) -> str:
    """Short lines that fit a phone screen, in one language (`bs` for Telegram, `en` for the CLI by default);
    `html=True` escapes and bolds headings for Telegram. `serving`: the index part (which generation, what failed)."""
    t = LABELS[lang]
    esc = escape if html else (lambda s: s)
    bold = (lambda s: f"<b>{s}</b>") if html else (lambda s: s)
    parts = [bold(esc(t["title"].format(at=stats["generated_at"])))]
    for name in WINDOWS:
        parts.append("")
        parts.append(bold(esc(t[name])))
        parts += [esc(line) for line in _window_lines(stats[name], lang)]
    parts += ["", esc(t["total"].format(n=stats["total_questions"]))]
    if serving is not None:
        parts += ["", bold(esc(t["index"]))]
        parts += [esc(line) for line in index_lines(serving, lang)]
    return "\n".join(parts)
