"""Long questions as several sub-queries.

A layperson describes a situation in many sentences; the embedder reads at most 512 tokens and
averages everything it reads into one vector, so one key sentence drowns among the rest. Splitting
the question into windows of a few sentences and letting each window search on its own keeps that
sentence's meaning whole. Short questions (what officers type) stay a single query.
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
