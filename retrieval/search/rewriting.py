"""The seams for rewriting a question before search: into the statute's terms, and a follow-up into a question
that stands alone (no LLM code here).

An officer's "obio auto i ukrao radio" and the code's "teška krađa … obijanjem zatvorenog
prostora" share almost no words; a language model can bridge that where the thesaurus has no
entry. `retrieval/` must not know any model, so it only defines what it needs — `QueryRewriter` —
and `kodeks.answering.rewrite.ClaudeRewriter` implements it. The rewrite is fused with the raw question, never
used instead of it: it is one more expansion (source "rewrite") for the lexical and title scores
and one more dense query. A rewriter returns None for anything that went wrong (timeout, API
error, empty reply), and search then runs on the question alone.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class QueryRewriter(Protocol):
    def rewrite(self, question: str, laws: str) -> str | None:
        """The question in the words of the loaded laws (`laws`: their titles, which carry the variant),
        or None when no rewrite is available. Must be bounded in time and never raise."""
        ...


@runtime_checkable
class FollowUpRewriter(Protocol):
    """The same seam for a follow-up in a conversation (issue 24): "a koja je kazna?" after "vozač odbio
    alkotest" rewritten as a question that stands on its own, before it is searched (and rewritten into
    the statute's terms like any question). Search itself never sees the thread: the caller
    (kodeks/answering/conversation.py) searches the stand-alone question."""

    def stand_alone(self, question: str, thread: str) -> str | None:
        """`question` rewritten so it needs no `thread` (the earlier exchanges, as plain text): the question
        unchanged when it does not lean on them, None when no rewrite is available. Bounded in time, never raises."""
        ...
