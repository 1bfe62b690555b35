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


def heading(article: Article) -> str:
    """ "KZ FBiH, član 373 – Krivotvorenje isprave" – the line repeated at the top of every chunk."""
    return article.label


def split_paragraphs(text: str) -> list[str]:
    """Split at numbered paragraph markers "(1)", "(2)" (at a line start or inline)."""
    parts = [p.strip() for p in _PARAGRAPH.split(text) if p and p.strip()]
    return parts or [text.strip()]


def _pieces(paragraph: str, max_chars: int) -> list[str]:
    """A paragraph within the limit, or its sentences packed into pieces within it."""
    if len(paragraph) <= max_chars:
        return [paragraph]
    out: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(paragraph):
        while len(sentence) > max_chars:  # one enormous sentence: cut it, rather than lose it
            if current:
                out.append(current)
                current = ""
            out.append(sentence[:max_chars])
            sentence = sentence[max_chars:]
        if current and len(current) + 1 + len(sentence) > max_chars:
            out.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    if current:
        out.append(current)
    return out


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def chunk_article(article: Article, max_chars: int) -> list[Chunk]:
    """The chunks of one article, each prefixed with its heading."""
    head = heading(article)
    body = article.text.strip()
    if len(body) <= max_chars:
        bodies = [body]
    else:
        bodies = []
        current = ""
        for paragraph in split_paragraphs(body):
            for piece in _pieces(paragraph, max_chars):
                if current and len(current) + 1 + len(piece) > max_chars:
                    bodies.append(current)
                    current = piece
                else:
                    current = f"{current}\n{piece}".strip()
        if current:
            bodies.append(current)
    chunks = []
    for index, part in enumerate(bodies):
        text = f"{head}\n{part}"
        chunks.append(Chunk(f"{article.id}#{index}", article.id, index, text, content_hash(text)))
    return chunks
