"""Inline buttons under an answer and their callback data.

Telegram allows 64 bytes of callback data, so a button carries only the query-log row id and a
small index ("a:123:0" opens the first cited article of answer 123, "f:123:+" is a 👍); the rest is
looked up in the log when the button is pressed, which also makes buttons survive a restart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot import texts
from retrieval.types import Article

MAX_ARTICLE_BUTTONS = 8
MAX_CALLBACK_BYTES = 64


@dataclass(frozen=True)
class Callback:
    kind: Literal["article", "feedback"]
    row_id: int
    index: int = 0  # article: position in the answer's citations
    value: int = 0  # feedback: +1 / -1


def encode(cb: Callback) -> str:
    data = f"a:{cb.row_id}:{cb.index}" if cb.kind == "article" else f"f:{cb.row_id}:{'+' if cb.value > 0 else '-'}"
    assert len(data.encode()) <= MAX_CALLBACK_BYTES
    return data


MAX_ROW_ID = 2**63 - 1  # SQLite's INTEGER: a larger "row id" is forged, and would overflow the lookup
_ROW = re.compile(r"[0-9]{1,19}")
_INDEX = re.compile(r"[0-9]{1,2}")


def decode(data: str | None) -> Callback | None:
    """Parse callback data; None for anything we did not produce (old or forged buttons).

    Digits must be ASCII ("١٢" and "²" pass str.isdigit) and numbers in range."""
    parts = (data or "").split(":")
    if len(parts) != 3 or not _ROW.fullmatch(parts[1]) or int(parts[1]) > MAX_ROW_ID:
        return None
    kind, row, extra = parts
    if kind == "a" and _INDEX.fullmatch(extra) and int(extra) < MAX_ARTICLE_BUTTONS:
        return Callback("article", int(row), index=int(extra))
    if kind == "f" and extra in ("+", "-"):
        return Callback("feedback", int(row), value=1 if extra == "+" else -1)
    return None


def _article_button(row_id: int, index: int, article: Article) -> InlineKeyboardButton:
    label = texts.BUTTON_ARTICLE.format(law=article.law, article=article.article)
    return InlineKeyboardButton(label, callback_data=encode(Callback("article", row_id, index=index)))


def feedback_row(row_id: int, chosen: int = 0) -> list[InlineKeyboardButton]:
    """👍 / 👎, or the chosen one marked once the officer has voted (pressing again changes the vote)."""
    up = texts.FEEDBACK_UP_CHOSEN if chosen > 0 else texts.BUTTON_UP
    down = texts.FEEDBACK_DOWN_CHOSEN if chosen < 0 else texts.BUTTON_DOWN
    return [
        InlineKeyboardButton(up, callback_data=encode(Callback("feedback", row_id, value=1))),
        InlineKeyboardButton(down, callback_data=encode(Callback("feedback", row_id, value=-1))),
    ]


def answer_keyboard(row_id: int, articles: Sequence[Article], chosen: int = 0) -> InlineKeyboardMarkup:
    """One button per cited article (two per row, phone width), then the feedback row."""
    return InlineKeyboardMarkup([*_article_rows(row_id, articles), feedback_row(row_id, chosen)])


def _article_rows(row_id: int, articles: Sequence[Article]) -> list[list[InlineKeyboardButton]]:
    buttons = [_article_button(row_id, i, a) for i, a in enumerate(articles[:MAX_ARTICLE_BUTTONS])]
    return [buttons[i : i + 2] for i in range(0, len(buttons), 2)]


def article_keyboard(row_id: int, articles: Sequence[Article]) -> InlineKeyboardMarkup:
    """Only the 📖 buttons (two per row): the articles next to one that is not law (bot/missing_articles.py)."""
    return InlineKeyboardMarkup(_article_rows(row_id, articles))
