"""Build the Messages API request: fixed system prompt, the answer tool, passages and question as data.

Passages and the question go in separate, clearly delimited blocks, and everything taken from
outside (article text, the officer's question, a follow-up's previous exchanges) is XML-escaped, so no
text can close its block and pose as instructions. The system prompt never contains request data — which is also what makes it
cacheable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from kodeks.answering.models import distinct_hits
from prompts import Prompt
from retrieval.types import Hit, MissingReference

if TYPE_CHECKING:
    from kodeks.answering.conversation import Thread

MAX_PASSAGES = 8  # retrieval returns top_k (5 by default); this only bounds the prompt
MAX_PASSAGE_CHARS = 6000  # one long article must not crowd out the others

TOOL_NAME = "answer"
ANSWER_TOOL: dict[str, Any] = {
    "name": TOOL_NAME,
    "description": (
        "Give the answer to the officer's question, using only the passages sent. "
        "Every point cites the ids of the passages it comes from."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "points": {
                "type": "array",
                "description": "The claims of the answer, each backed by at least one passage id.",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string", "description": "One or two sentences, no id inside."},
                        "citations": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "Passage ids exactly as in the id attribute.",
                        },
                    },
                    "required": ["text", "citations"],
                },
            },
            "covered": {"type": "boolean", "description": "True only if the passages fully answer the question."},
            "missing": {
                "type": ["string", "null"],
                "description": "When covered is false: what the passages do not contain. Otherwise null.",
            },
        },
        "required": ["points", "covered", "missing"],
    },
}


@dataclass(frozen=True)
class BuiltRequest:
    """Keyword arguments for `messages.create`, plus the hits whose ids may be cited."""

    params: dict[str, Any]
    sent: list[Hit]


def select_passages(hits: list[Hit]) -> list[Hit]:
    """One passage per article, best first, at most MAX_PASSAGES."""
    return distinct_hits(hits, MAX_PASSAGES)


def _attr(value: str) -> str:
    return escape(value, quote=True)


def passage_block(hit: Hit) -> str:
    """`<passage id=... law=... article=... title=...>text</passage>` with all values escaped."""
    art = hit.article
    text = art.text.strip() or hit.excerpt.strip()
    if len(text) > MAX_PASSAGE_CHARS:
        text = text[:MAX_PASSAGE_CHARS].rsplit(" ", 1)[0] + " […]"
    attrs = [f'id="{_attr(art.id)}"', f'law="{_attr(art.law)}"', f'article="{_attr(art.article)}"']
    if art.title:
        attrs.append(f'title="{_attr(art.title)}"')
    if art.law_title:
        attrs.append(f'law_title="{_attr(art.law_title)}"')
    if art.jurisdiction:
        attrs.append(f'jurisdiction="{_attr(art.jurisdiction)}"')
    if art.illustrative:
        attrs.append('illustrative="true"')
    return f"<passage {' '.join(attrs)}>\n{escape(text, quote=False)}\n</passage>"


def passages_text(hits: list[Hit]) -> str:
    return "<passages>\n" + "\n".join(passage_block(h) for h in hits) + "\n</passages>"


def question_text(question: str) -> str:
    """The officer's text, escaped so that e.g. `</question>` inside it stays data."""
    return f"<question>\n{escape(question.strip(), quote=False)}\n</question>"


def officer_text(jurisdiction: str) -> str:
    """`<officer jurisdiction="RS">Republika Srpska (levels above: BiH)</officer>`: where the officer serves,
    so the model reads the right code first and says when a passage is another jurisdiction's (rule 7)."""
    from retrieval.jurisdictions import ancestors, name_of

    above = ancestors(jurisdiction)
    detail = f" (viši nivoi: {', '.join(above)})" if above else ""
    return (
        f'<officer jurisdiction="{_attr(jurisdiction)}">{escape(name_of(jurisdiction) + detail, quote=False)}</officer>'
    )


def previous_exchanges_text(thread: Thread | None, standalone: str | None = None) -> str:
    """`<previous_exchanges>`: a follow-up's earlier questions of the conversation, the articles and points
    their answers gave (masked: it leaves the machine), and Claude's stand-alone reading of the new question —
    context for what the question refers to; the system prompt (rule 8) forbids taking facts from it."""
    parts = ["<previous_exchanges>"]
    for n, ex in enumerate(thread.exchanges if thread is not None else (), 1):
        parts.append(f'<exchange n="{n}">')
        parts.append(f"<question>{escape(ex.question, quote=False)}</question>")
        if ex.labels:
            parts.append(f"<cited>{escape('; '.join(ex.labels), quote=False)}</cited>")
        parts += [f"<point>{escape(p, quote=False)}</point>" for p in ex.points]
        parts.append("</exchange>")
    if standalone:
        parts.append(f"<understood>{escape(standalone, quote=False)}</understood>")
    parts.append("</previous_exchanges>")
    return "\n".join(parts)


def missing_text(missing: Sequence[MissingReference]) -> str:
    """`<missing_references>`: articles the question names that are deleted, repealed or not in their law
    (rule 9 of the system prompt: say so, never answer from another passage as if it were that article)."""
    rows = [
        f'<missing law="{_attr(m.law)}" article="{_attr(m.article)}" status="{_attr(m.status)}"'
        + (f' nearest="{_attr(", ".join(a.id for a in m.nearest))}"' if m.nearest else "")
        + (f">{escape(m.note, quote=False)}</missing>" if m.note else " />")
        for m in missing
    ]
    return "<missing_references>\n" + "\n".join(rows) + "\n</missing_references>"


def build_request(
    prompt: Prompt,
    question: str,
    hits: list[Hit],
    *,
    model: str,
    max_tokens: int,
    jurisdiction: str | None = None,
    thread: Thread | None = None,
    standalone: str | None = None,
    missing: Sequence[MissingReference] = (),
) -> BuiltRequest:
    """The full request. System prompt carries `cache_control` (tools + system form the cached prefix).
    `jurisdiction`: the asking officer's code, sent as an <officer> block before the question; `thread`:
    a follow-up's conversation so far, sent as a <previous_exchanges> block before the question; `missing`:
    articles the question names that are not law, sent as a <missing_references> block."""
    sent = select_passages(hits)
    content = [{"type": "text", "text": passages_text(sent)}]
    if missing:
        content.append({"type": "text", "text": missing_text(missing)})
    if jurisdiction:
        content.append({"type": "text", "text": officer_text(jurisdiction)})
    if thread is not None and thread.exchanges:
        content.append({"type": "text", "text": previous_exchanges_text(thread, standalone)})
    content.append({"type": "text", "text": question_text(question)})
    params: dict[str, Any] = {
        "model": model,
        "max_tokens": max_tokens,
        # No temperature: SDK 2.x / API version 2026-10-21 reject sampling parameters at any value.
        "system": [{"type": "text", "text": prompt.text, "cache_control": {"type": "ephemeral"}}],
        "tools": [ANSWER_TOOL],
        "tool_choice": {"type": "tool", "name": TOOL_NAME},
        "messages": [
            {
                "role": "user",
                "content": content,
            }
        ],
    }
    return BuiltRequest(params=params, sent=sent)
