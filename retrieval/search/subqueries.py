"""Long questions as several sub-queries, and as windows of bounded length for the embedder.

A layperson describes a situation in many sentences; the embedder reads at most 512 tokens and
averages everything it reads into one vector, so one key sentence drowns among the rest. Splitting
the question into windows of a few sentences and letting each window search on its own keeps that
sentence's meaning whole. Short questions (what officers type) stay a single query.

Cost is the other reason (issue 21): the e5 encoder's time grows with the text's length (a 1,000-character
question took 0.8 s idle and 3-5 s on a loaded machine, against 0.07 s for a plain one), and one embedding
call holds the embedder. So a question longer than KODEKS_EMBED_WINDOW_CHARS is embedded only as windows
of at most that many characters (`embedding_windows`), each its own call: no call is long, another
officer's question waits for one window at most, and a chunk counts by its best window. The lexical side
(BM25) always reads the whole question.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?;:])\s+|\n+")


def split_subqueries(question: str, max_words: int = 40, min_words: int = 60) -> list[str]:
    """Windows of whole sentences of at most ~`max_words` words; [] when the question is short."""
    words = question.split()
    if len(words) <= min_words:
        return []
    windows: list[str] = []
    current: list[str] = []
    for sentence in (s.strip() for s in _SENTENCE_END.split(question)):
        if not sentence:
            continue
        sentence_words = sentence.split()
        while len(sentence_words) > max_words:  # a run-on sentence: cut it into windows too
            if current:
                windows.append(" ".join(current))
                current = []
            windows.append(" ".join(sentence_words[:max_words]))
            sentence_words = sentence_words[max_words:]
        if current and len(current) + len(sentence_words) > max_words:
            windows.append(" ".join(current))
            current = []
        current += sentence_words
    if current:
        windows.append(" ".join(current))
    return windows if len(windows) > 1 else []


def _cut(words: list[str], max_chars: int) -> list[str]:
    """Words packed into pieces of at most `max_chars` characters (a word longer than that is cut)."""
    pieces: list[str] = []
    current = ""
    for word in words:
        while len(word) > max_chars:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(word[:max_chars])
            word = word[max_chars:]
        if current and len(current) + 1 + len(word) > max_chars:
            pieces.append(current)
            current = ""
        current = f"{current} {word}" if current else word
    if current:
        pieces.append(current)
    return pieces


def embedding_windows(question: str, max_chars: int) -> list[str]:
    """The question as the embedder should read it: whole if it has at most `max_chars` characters (or
    `max_chars` is 0: no windows), else windows of whole sentences of at most `max_chars` characters each
    (a longer sentence is cut between words)."""
    text = " ".join(question.split())
    if max_chars <= 0 or len(text) <= max_chars:
        return [question]
    windows: list[str] = []
    current = ""
    for sentence in (" ".join(s.split()) for s in _SENTENCE_END.split(question)):
        if not sentence:
            continue
        for piece in _cut(sentence.split(), max_chars):
            if current and len(current) + 1 + len(piece) > max_chars:
                windows.append(current)
                current = ""
            current = f"{current} {piece}" if current else piece
    if current:
        windows.append(current)
    return windows
