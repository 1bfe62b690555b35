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


def _pack(parts: list[str], max_chars: int) -> list[str]:
    """Consecutive parts (each at most `max_chars` long) joined by spaces into pieces of at most `max_chars`."""
    pieces: list[str] = []
    current = ""
    for part in parts:
        if current and len(current) + 1 + len(part) > max_chars:
            pieces.append(current)
            current = ""
        current = f"{current} {part}" if current else part
    if current:
        pieces.append(current)
    return pieces


def embedding_windows(question: str, max_chars: int) -> list[str]:
    """The question as the embedder should read it: whole if it has at most `max_chars` characters (or
    `max_chars` is 0: no windows), else windows of whole sentences of at most `max_chars` characters each
    (a longer sentence is cut between words, a longer word cut where the bound falls)."""
    text = " ".join(question.split())
    if max_chars <= 0 or len(text) <= max_chars:
        return [question]
    pieces: list[str] = []
    for sentence in _SENTENCE_END.split(question):
        words = [word[i : i + max_chars] for word in sentence.split() for i in range(0, len(word), max_chars)]
        pieces += _pack(words, max_chars)
    return _pack(pieces, max_chars)
