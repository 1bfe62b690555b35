"""/zakoni: the laws the assistant knows, grouped by jurisdiction, so an officer can see what an
answer can come from (and how current it is) — and the question asked when a reference's law name
fits several loaded laws ("članak 5 KZ" → which KZ?)."""

from __future__ import annotations

from collections.abc import Sequence

from telegram import Update

from bot import texts
from bot.deps import deps
from bot.formatting import escape, split_html
from bot.gate import chat_id_of
from bot.replies import send_html
from bot.state import Context
from kodeks.answering.notices import unloaded_line
from retrieval.types import AmbiguousReference, LawSummary


async def cmd_zakoni(update: Update, context: Context) -> None:
    """`/zakoni`: the loaded laws by jurisdiction (name, title, articles, when ingested)."""
    d = deps(context)
    user = update.effective_user
    if user is None or not d.access.is_allowed(user.id):  # the gate stops strangers; fail closed regardless
        return
    summaries = await d.cpu.call(user.id, d.retriever.law_summaries)
    await send_html(context.bot, chat_id_of(update), laws_messages(summaries))


def plural_clanova(n: int) -> str:
    """1 član, 2 člana, 5 članova, 21 član, 12 članova (Bosnian number agreement)."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} član"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} člana"
    return f"{n} članova"


def plural_zakona(n: int) -> str:
    return f"{n} zakon" if n % 10 == 1 and n % 100 != 11 else f"{n} zakona"


def _date(iso: str | None) -> str:
    """ "2026-12-01T09:53:57Z" → "01.12.2026."."""
    if not iso or len(iso) < 10:
        return "?"
    year, month, day = iso[:10].split("-")
    return f"{day}.{month}.{year}."


def format_laws(summaries: Sequence[LawSummary]) -> list[str]:
    """Telegram HTML blocks: a heading, then one block per jurisdiction (in the order given), one line per law."""
    if not summaries:
        return [escape(texts.NO_LAWS)]
    groups: dict[str, list[LawSummary]] = {}
    for s in summaries:
        groups.setdefault(s.jurisdiction, []).append(s)
    total = sum(s.articles for s in summaries)
    blocks = [
        texts.LAWS_HEADING_HTML.format(
            laws=escape(plural_zakona(len(summaries))), articles=escape(plural_clanova(total))
        )
    ]
    for jurisdiction, laws in groups.items():
        lines = [f"<b>{escape(jurisdiction or texts.NO_JURISDICTION)}</b>"]
        for s in laws:
            title = f" — {escape(s.title)}" if s.title else ""
            lines.append(
                f"• <b>{escape(s.law)}</b>{title}: {escape(plural_clanova(s.articles))}, "
                f"{escape(texts.LAWS_INGESTED.format(date=_date(s.ingested_at)))}"
            )
        blocks.append("\n".join(lines))
    return blocks


def laws_messages(summaries: Sequence[LawSummary]) -> list[str]:
    """/zakoni as Telegram messages (split at the 4,096-character limit between jurisdictions)."""
    return split_html(format_laws(summaries))


def ambiguity_text(reference: AmbiguousReference) -> str:
    """Plain text: ask which law was meant, or say the named law is not loaded."""
    if reference.laws:
        return texts.AMBIGUOUS_LAW.format(
            name=reference.name, article=reference.article, laws=", ".join(reference.laws), example=reference.laws[0]
        )
    if reference.loaded:  # "KZ RS" with KZ FBiH and KZ BiH loaded: that one is not, these of its kind are
        return unloaded_line(reference) or ""
    return texts.UNKNOWN_LAW.format(name=reference.name, article=reference.article)
