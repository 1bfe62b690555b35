"""What talks to Claude: question + retrieved passages → grounded answer (Claude or extractive), and
Claude's rewrite of a question into the statute's terms before search (`kodeks.answering.rewrite`).

Public interface (docs/architecture.md): `Answerer`, `Answer`, `Pipeline`, `PipelineResult`.
May import: anthropic, `confusable_homoglyphs` (the citation check's look-alike letters, `skeleton.py`),
`prompts`, `kodeks.settings`, `kodeks.errors`, `kodeks.private_files` and retrieval's public pieces
(`retrieval.types`, folding, number words, passages, jurisdictions; the `Retriever` the pipeline opens) —
never telegram or `bot`.
"""

from kodeks.answering.answerer import Answerer
from kodeks.answering.models import Answer
from kodeks.answering.pipeline import Pipeline, PipelineResult

__all__ = ["Answer", "Answerer", "Pipeline", "PipelineResult"]
