"""Replies as Telegram HTML that fit a phone and Telegram's 4,096-character limit.

Everything that comes from a law or a model is escaped; the only tags are the ones written here.
Long replies are split between paragraphs (or lines, or words as a last resort) and never inside a
tag, an entity or a citation line; a tag open at a cut is closed and reopened in the next message,
so every message parses on its own.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from bot import texts
from retrieval import jurisdictions

if TYPE_CHECKING:
    from kodeks.answering import Answer
    from retrieval.types import Article, Hit

LIMIT = 4096

_ATOM = re.compile(r"<[^>]*>|&#?\w+;|\n|[ \t\r\f\v]+|[^<&\s]+|[<&]")
_TAG = re.compile(r"<\s*(/)?\s*([a-zA-Z0-9-]+)")


def escape(text: str) -> str:
    """Escape for Telegram HTML (quotes are fine unescaped outside attributes)."""
    return html.escape(text or "", quote=False)


def tg_len(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units); the raw HTML is an upper bound."""
    return len(text.encode("utf-16-le")) // 2


# --- splitting -------------------------------------------------------------------------------


def split_html(blocks: Iterable[str], limit: int = LIMIT, joiner: str = "\n\n") -> list[str]:
    """Pack balanced HTML blocks into as few messages as fit; split a block only if it alone is too long."""
    messages: list[str] = []
    current = ""
    for block in blocks:
        if not block or not block.strip():
            continue
        candidate = f"{current}{joiner}{block}" if current else block
        if tg_len(candidate) <= limit:
            current = candidate
            continue
        if current:
            messages.append(current)
            current = ""
        if tg_len(block) <= limit:
            current = block
        else:
            parts = split_fragment(block, limit)
            messages.extend(parts[:-1])
            current = parts[-1] if parts else ""
    if current:
        messages.append(current)
    return messages


def _apply(stack: list[tuple[str, str]], atom: str) -> list[tuple[str, str]]:
    """The open-tag stack after `atom` (a copy if it changed)."""
    if not atom.startswith("<") or len(atom) < 3:
        return stack
    match = _TAG.match(atom)
    if not match:
        return stack
    closing, name = match.group(1), match.group(2).lower()
    if closing:
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] == name:
                return stack[:i]
        return stack
    return [*stack, (name, atom)]


def _closing(stack: Sequence[tuple[str, str]]) -> str:
    return "".join(f"</{name}>" for name, _ in reversed(stack))


def _opening(stack: Sequence[tuple[str, str]]) -> str:
    return "".join(tag for _, tag in stack)


def _visible(piece: str) -> bool:
    return bool(re.sub(r"<[^>]*>", "", piece).strip())


def split_fragment(fragment: str, limit: int = LIMIT) -> list[str]:
    """Split one HTML fragment into pieces of at most `limit`, preferring line then word breaks."""
    atoms = _ATOM.findall(fragment)
    pieces: list[str] = []
    stack: list[tuple[str, str]] = []
    i = 0
    while i < len(atoms):
        prefix = _opening(stack)
        size = tg_len(prefix)
        cur = stack
        body: list[str] = []
        best_nl: tuple[int, list[tuple[str, str]]] | None = None  # (atoms taken, stack) after a newline
        j = i
        while j < len(atoms):
            atom = atoms[j]
            nxt = _apply(cur, atom)
            if size + tg_len(atom) + tg_len(_closing(nxt)) > limit:
                break
            body.append(atom)
            size += tg_len(atom)
            cur = nxt
            j += 1
            if atom == "\n":
                best_nl = (len(body), cur)
        if j == i:
            # One atom (a very long word) does not fit in the room left: cut it by characters.
            room = limit - tg_len(prefix) - tg_len(_closing(stack))
            atom = atoms[i]
            if atom.startswith(("<", "&")) or room < 2:
                raise ValueError("limit too small for the markup")
            head, used = [], 0
            for ch in atom:
                w = tg_len(ch)
                if used + w > room:
                    break
                head.append(ch)
                used += w
            atoms[i : i + 1] = ["".join(head), atom[len(head) :]]
            continue
        take, end_stack = len(body), cur
        if j < len(atoms) and best_nl and best_nl[0] * 2 >= len(body):
            take, end_stack = best_nl
        piece = prefix + "".join(body[:take]) + _closing(end_stack)
        if _visible(piece):
            pieces.append(piece)
        i += take
        stack = end_stack
    return pieces


# --- replies ---------------------------------------------------------------------------------


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text or "") if p.strip()]


def citation_line(article: Article) -> str:
    """One source as "• <b>KZ FBiH</b>, član 373 – Krivotvorenje isprave" (law bold, rest escaped)."""
    label: str = article.label
    if getattr(article, "illustrative", False):  # a sample law of "Try it" (data/sample): never mistaken for law
        label += f" ({texts.ILLUSTRATIVE_MARK})"
    lead = "• "
    if label.startswith(f"{article.law}, "):
        return f"{lead}<b>{escape(article.law)}</b>{escape(label[len(article.law) :])}"
    return lead + escape(label)


def sources_block(citations: Sequence[Hit]) -> str:
    """`Izvori:` and one line per cited article; one block so it is never separated from its heading."""
    if not citations:
        return f"<b>{escape(texts.SOURCES_HEADING)}</b> <i>{escape(texts.NO_SOURCES)}</i>"
    lines = [f"<b>{escape(texts.SOURCES_HEADING)}</b>"]
    lines += [citation_line(hit.article) for hit in citations]
    return "\n".join(lines)


def format_answer(
    answer: Answer, limit: int = LIMIT, jurisdiction: str | None = None, lead: str | None = None
) -> list[str]:
    """The answer first, then `Izvori:`; an extractive answer is marked at the top.

    `jurisdiction` is the HTML line naming whose law the answer is from (`jurisdiction_line`), shown
    right above `Izvori:`; `lead` (plain text) is one line in italics above everything — a follow-up's
    "Razumio sam: …"."""
    blocks: list[str] = [f"<i>{escape(lead)}</i>"] if lead else []
    if getattr(answer, "mode", "") == "extractive":
        blocks.append(f"<i>{escape(texts.EXTRACTIVE_NOTE)}</i>")
    blocks += [escape(p) for p in _paragraphs(answer.text)]
    missing = getattr(answer, "missing", None)
    if not getattr(answer, "covered", True) and missing and missing not in (answer.text or ""):
        blocks.append(f"<i>{escape(texts.MISSING_PREFIX + missing)}</i>")
    block = sources_block(answer.citations)
    blocks.append(f"{jurisdiction}\n{block}" if jurisdiction else block)
    return split_html(blocks, limit)


def format_article(article: Article, limit: int = LIMIT, note: str | None = None) -> list[str]:
    """An article's full text: its label in bold, the law's full name, then the text line by line.

    `note` (plain text) goes above it in italics — e.g. that it is another jurisdiction's law."""
    head = f"<i>{escape(note)}</i>\n" if note else ""
    head += f"<b>{escape(article.label)}</b>"
    if getattr(article, "law_title", ""):
        head += f"\n<i>{escape(article.law_title)}</i>"
    if getattr(article, "chapter", ""):
        head += f"\n{escape(article.chapter)}"
    if getattr(article, "deleted", False):
        head += f"\n<b>{escape(texts.ARTICLE_DELETED)}</b>"
    if getattr(article, "illustrative", False):
        head += f"\n<b>{escape(texts.ILLUSTRATIVE_ARTICLE)}</b>"
    head += "\n"
    lines = [escape(line) for line in flowing_lines(article.text or "")]
    return split_html([head, *lines], limit, joiner="\n")


# A line that starts a unit of its own: a stav "(1)", a tačka "a)" / "1." / "1)", a bullet "-" / "•".
_STRUCTURE = re.compile(r"^(?:\(\d+[a-z]?\)|[a-zčćđšž]{1,2}\)|\d+[.)](?=\s|$)|[-–—•](?=\s))")
# A word split at the line end: "kriv-" then "ično" (a letter before the hyphen, a lower-case letter after).
_SPLIT_WORD = re.compile(r"[^\W\d_]-$")


def flowing_lines(text: str) -> list[str]:
    """The article's text as lines an officer reads: a PDF's hard breaks inside a sentence are joined.

    Why: a PDF wraps at its column width, so a stav arrives cut into lines that end mid-sentence and
    read badly on a phone. A new stav, tačka or bullet at a line's start and a blank line are kept as
    breaks; a word split at the line end ("kriv-" / "ično") is joined without its hyphen (before a
    capital, "BiH-" / "FBiH", the hyphen is kept), while a hyphen inside a line ("Mehmed-paša") is
    never touched. Blank lines are dropped after they have
    ended a paragraph."""
    out: list[str] = []
    open_paragraph = False
    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            open_paragraph = False
            continue
        if open_paragraph and out and not _STRUCTURE.match(line):
            prev = out[-1]
            # Only prev's last two characters can match: searching all of it made a long stav's joining quadratic.
            if _SPLIT_WORD.search(prev[-2:]):  # "kriv-" + "ično" → "krivično"; "BiH-" + "FBiH" keeps its hyphen
                out[-1] = (prev[:-1] if line[0].islower() else prev) + line
            else:
                out[-1] = f"{prev} {line}"
        else:
            out.append(line)
        open_paragraph = True
    return out


def format_articles(articles: Sequence[Article], limit: int = LIMIT, scope: Sequence[str] | None = None) -> list[str]:
    """Several articles (a reference that matched more than one), each starting a new message.

    With the officer's `scope`, an article of another jurisdiction says so above its text."""
    out: list[str] = []
    for article in articles:
        out += format_article(article, limit, note=other_jurisdiction_note(article, scope))
    return out


# --- jurisdictions ---------------------------------------------------------------------------


def _laws(articles: Sequence[Article]) -> str:
    return ", ".join(dict.fromkeys(a.law for a in articles))


def other_jurisdiction_note(article: Article, scope: Sequence[str] | None) -> str | None:
    """ "⚠️ Zakon druge nadležnosti: Republika Srpska (RS). Vaša nadležnost: Federacija BiH." — or None."""
    if not scope or not article.jurisdiction or jurisdictions.find(article.jurisdiction) in scope:
        return None
    return texts.OTHER_JURISDICTION_NOTE.format(
        name=jurisdictions.name_of(article.jurisdiction), code=article.jurisdiction, own=jurisdictions.name_of(scope[0])
    )


def jurisdiction_line(
    articles: Sequence[Article],
    scope: Sequence[str] | None,
    missing: str | None = None,
    area_levels: Mapping[str, str] | None = None,
) -> str:
    """One short line naming the jurisdiction and the laws an answer is from (HTML).

    For an officer (`scope`: their jurisdiction first, then the levels above), groups in the order the
    answer cites them: their own laws; a level above — and when the answer leads with it, that this level
    regulates the matter ("ovu oblast uređuje državni nivo") — only where `area_levels` (law → the level that
    alone legislates its area: `Retriever.area_levels`, from retrieval/language/data/law_kinds.toml) says so for the law the answer
    leads with, never merely because it is a state law (every level has a criminal code); a warning for another jurisdiction's law (an
    explicit reference). Without a scope: each law with its jurisdiction. `missing`: the officer's own
    jurisdiction has no loaded law (`SearchResult.jurisdiction_missing`) — said first, then what answered.
    """
    mark = texts.JURISDICTION_MARK
    if not scope:
        parts = [
            f"{escape(law)} ({escape(code)})" if code else escape(law)
            for law, code in dict.fromkeys((a.law, a.jurisdiction) for a in articles)
        ]
        return f"{mark} " + " · ".join(parts) if parts else ""
    own, higher = scope[0], list(scope[1:])
    by_code: dict[str, list[Article]] = {}
    for a in articles:
        by_code.setdefault(jurisdictions.find(a.jurisdiction) or a.jurisdiction or "", []).append(a)
    parts = []
    for i, (code, group) in enumerate(by_code.items()):
        laws = escape(_laws(group))
        if code == own:
            parts.append(laws if i == 0 else f"{escape(code)}: {laws}")
        elif code in higher:
            level = jurisdictions.level_of(code)
            alone = i == 0 and area_levels is not None and area_levels.get(group[0].law) == level
            wording = texts.JURISDICTION_ONLY_HIGHER if alone else texts.JURISDICTION_HIGHER
            label = wording.format(level=jurisdictions.LEVEL_NAMES.get(level, ""), code=code)
            parts.append(f"{escape(label)}: {laws}")
        else:
            label = (
                texts.JURISDICTION_OTHER.format(name=jurisdictions.name_of(code), code=code)
                if code
                else texts.JURISDICTION_UNKNOWN
            )
            parts.append(f"{escape(label)}: {laws}")
    if not parts:
        parts.append(escape(texts.JURISDICTION_SEARCHED.format(codes=", ".join(scope))))
    if missing:
        parts.insert(0, escape(texts.JURISDICTION_NO_LAW.format(name=jurisdictions.name_of(missing), code=missing)))
    return f"{mark} <b>{escape(jurisdictions.name_of(own))}</b>: " + " · ".join(parts)
