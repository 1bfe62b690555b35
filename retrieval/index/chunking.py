"""Articles → chunks that follow the law's structure.

One chunk per article; an article longer than `max_chars` is split at its paragraphs (1), (2), …
(and a paragraph longer than that at sentence ends). Every chunk starts with the law and article
heading, so a chunk read on its own (by the embedder, by BM25, by the model) still says where it
comes from.
"""

from __future__ import annotations

import hashlib
import re

from retrieval.types import Article, Chunk

# A paragraph marker "(2)" starts a line, or follows the end of a sentence ("… godine. (2) Ko …");
# "u smislu stava (2) ovog člana" mid-sentence is a cross-reference, not a new paragraph.
_PARAGRAPH = re.compile(r"(?:^|(?<=\n)|(?<=[.:;!?]))[ \t]*(?=\(\d+[a-z]?\)\s)")
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")
CHUNK_SEPARATOR = "#"  # chunk id = article id + "#" + chunk number


def split_paragraphs(text: str) -> list[str]:
    """Split at numbered paragraph markers "(1)", "(2)" (at a line start or inline)."""
    parts = [p.strip() for p in _PARAGRAPH.split(text) if p and p.strip()]
    return parts or [text.strip()]


def _pack(items: list[str], max_chars: int, sep: str) -> list[str]:
    """Greedily join consecutive items with `sep` into pieces of at most `max_chars` (an item never splits)."""
    out: list[str] = []
    current = ""
    for item in items:
        if current and len(current) + len(sep) + len(item) > max_chars:
            out.append(current)
            current = item
        else:
            current = f"{current}{sep}{item}" if current else item
    if current:
        out.append(current)
    return out


def _pieces(paragraph: str, max_chars: int) -> list[str]:
    """A paragraph within the limit, or its sentences packed into pieces within it."""
    if len(paragraph) <= max_chars:
        return [paragraph]
    sentences = [s for s in _SENTENCE_END.split(paragraph) if s]
    # One enormous sentence is cut rather than lost.
    cut = [s[i : i + max_chars] for s in sentences for i in range(0, len(s), max_chars)]
    return _pack(cut, max_chars, " ")


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def chunk_article(article: Article, max_chars: int) -> list[Chunk]:
    """The chunks of one article, each prefixed with its heading ("KZ FBiH, član 373 – Krivotvorenje isprave")."""
    head = article.label
    body = article.text.strip()
    if len(body) <= max_chars:
        bodies = [body]
    else:
        pieces = [piece for paragraph in split_paragraphs(body) for piece in _pieces(paragraph, max_chars)]
        bodies = _pack(pieces, max_chars, "\n")
    chunks = []
    for index, part in enumerate(bodies):
        text = f"{head}\n{part}"
        chunks.append(Chunk(f"{article.id}{CHUNK_SEPARATOR}{index}", article.id, index, text, content_hash(text)))
    return chunks


def article_id_of(chunk_id: str) -> str:
    """ "KZ FBiH čl. 373#1" → "KZ FBiH čl. 373" (an article id may itself contain "#")."""
    return chunk_id.rsplit(CHUNK_SEPARATOR, 1)[0]
