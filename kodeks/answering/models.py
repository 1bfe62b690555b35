"""What the answering step returns: one `Answer`, the same shape whether Claude or the extractive path wrote it.

The bot shows `text` and `citations`; the query log stores `to_dict()`; nothing downstream needs to
know how the answer was produced beyond `mode`, `reason` and `flagged`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from retrieval.types import Hit

Mode = Literal["claude", "extractive"]


def distinct_hits(hits: list[Hit], limit: int) -> list[Hit]:
    """One hit per article, best first, at most `limit` – what is sent to the model or listed as excerpts."""
    seen: set[str] = set()
    out: list[Hit] = []
    for hit in hits:
        if hit.id not in seen:
            seen.add(hit.id)
            out.append(hit)
        if len(out) == limit:
            break
    return out


@dataclass
class Answer:
    """A grounded answer to one question.

    `citations` holds only articles that were actually sent to the model (or, in extractive mode,
    the articles listed), in order — they are what the officer sees as sources. Anything the model
    cited that was not sent is in `invalid_citations`, never in `citations`.
    `flagged` is True when the model's output was altered (invalid citations or uncited claims
    removed) or discarded (not grounded, malformed tool input) — worth a human look in the log.
    API failures (no key, timeout, 429/5xx) are not flags: `mode="extractive"` and `reason` say it.
    """

    text: str
    citations: list[Hit]
    mode: Mode
    prompt_version: str
    invalid_citations: list[str] = field(default_factory=list)
    covered: bool | None = False  # None: unknown (extractive answers judge nothing)
    missing: str | None = None
    reason: str | None = None  # why extractive (or what was removed); None for a clean Claude answer
    model: str | None = None
    input_tokens: int | None = None  # all prompt tokens, cached ones included
    output_tokens: int | None = None
    cache_read_tokens: int | None = None
    llm_ms: float = 0.0
    flagged: bool = False
    uncited_claims: list[str] = field(default_factory=list)  # claims dropped for lack of a valid citation
    stop_reason: str | None = None
    reply: dict[str, Any] | None = None  # the model's tool input as received, for the log and evaluation

    @property
    def citation_ids(self) -> list[str]:
        return [h.id for h in self.citations]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready; citations carry their human label so a log row reads on its own."""
        return {
            "text": self.text,
            "citations": [{**h.to_dict(), "label": h.article.label} for h in self.citations],
            "invalid_citations": list(self.invalid_citations),
            "covered": self.covered,
            "missing": self.missing,
            "mode": self.mode,
            "reason": self.reason,
            "model": self.model,
            "prompt_version": self.prompt_version,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_read_tokens": self.cache_read_tokens,
            "llm_ms": round(self.llm_ms, 1),
            "flagged": self.flagged,
            "uncited_claims": list(self.uncited_claims),
            "stop_reason": self.stop_reason,
            "reply": self.reply,
        }
