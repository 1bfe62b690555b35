"""Offence parallels in the bot: "isto u RS?" after an answer, or `/uporedi`, shows the same offence in the
other codes side by side (number, title, penalty paragraph).

The parallels themselves come from the retriever (`Retriever.parallels`: found by meaning and title, not by
number) and the request is recognised by `retrieval.jurisdictions.comparison_request`; this module
remembers which article each officer last saw and lays the result out for a phone — one block per code,
since a table does not fit. A jurisdiction with no law of the kind loaded is said to have none loaded
(`not_loaded`); "isti zakon važi i ovdje" only where the kinds data says the area is the state's alone.
"""

from __future__ import annotations

from bot import texts
from bot.formatting import LIMIT, escape, split_html
from bot.ports import ParallelEntry, Parallels
from bot.state import AppState
from retrieval import jurisdictions
from retrieval.types import Article

PENALTY_CHARS = 400


def remember(state: AppState, user_id: int, article_id: str) -> None:
    """The article an officer last saw (first source of an answer, or an article shown): what "isto u RS?" means.

    Kept in memory; after a restart the handler reads it back from the query log (`QueryLog.last_seen_article`:
    the first article of the officer's latest answer or lookup of the last 24 hours)."""
    state.last_article[user_id] = article_id


def last_article(state: AppState, user_id: int) -> str | None:
    return state.last_article.get(user_id)


def _block(entry: ParallelEntry, heading_code: str) -> str:
    place = f"<b>{escape(jurisdictions.name_of(heading_code) or heading_code or '?')}</b>"
    article = entry.article
    if entry.match == "not_loaded":  # no law of that kind loaded there: said so, the state's law is not claimed
        return f"{place}\n<i>{escape(texts.UPOREDI_NOT_LOADED.format(code=heading_code, kind=entry.kind))}</i>"
    if entry.match == "none" or article is None:
        return f"{place}\n<i>{escape(texts.UPOREDI_NONE)}</i>"
    if entry.match == "applies":  # the area is the state's alone (retrieval/language/data/law_kinds.toml `level`)
        level = jurisdictions.LEVEL_NAMES.get(jurisdictions.level_of(article.jurisdiction), "")
        return f"{place}\n<i>{escape(texts.UPOREDI_APPLIES.format(level=level))}</i>: {escape(article.label)}"
    lines = [place, f"<b>{escape(article.law)}</b>{escape(article.label[len(article.law) :])}"]
    if entry.match == "meaning":
        lines.append(f"<i>{escape(texts.UPOREDI_MEANING)}</i>")
    penalty = entry.penalty
    if len(penalty) > PENALTY_CHARS:
        penalty = penalty[: PENALTY_CHARS - 1].rsplit(" ", 1)[0] + "…"
    if penalty:
        lines.append(f"<i>{escape(texts.UPOREDI_PENALTY)}</i>{escape(penalty)}")
    return "\n".join(lines)


def format_comparison(comparison: Parallels, limit: int = LIMIT) -> list[str]:
    """The source article's block first, then one per other jurisdiction (HTML, split to Telegram's limit)."""
    source = comparison.source.article
    if source is None:  # the retriever always has the source article: a comparison without it is a bug
        raise ValueError("a comparison without its source article")
    blocks = [
        f"<b>{escape(texts.UPOREDI_HEADING.format(label=source.label))}</b>",
        _block(comparison.source, source.jurisdiction),
    ]
    blocks += [_block(entry, entry.jurisdiction) for entry in comparison.others]
    if not comparison.others:
        blocks.append(f"<i>{escape(texts.UPOREDI_NOTHING.format(law=source.law))}</i>")
    return split_html(blocks, limit)


def compared_articles(comparison: Parallels) -> list[Article]:
    """Every article shown, source first (for the 📖 buttons and the log)."""
    found = [comparison.source.article] + [e.article for e in comparison.others if e.match in ("title", "meaning")]
    return list({a.id: a for a in found if a is not None}.values())
