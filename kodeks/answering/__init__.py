"""Question + retrieved passages → grounded answer (Claude or extractive).

Public interface (docs/architecture.md): `Answerer`, `Answer`, `Pipeline`, `PipelineResult`.
"""

from kodeks.answering.answerer import Answerer
from kodeks.answering.models import Answer
from kodeks.answering.pipeline import Pipeline, PipelineResult

__all__ = ["Answer", "Answerer", "Pipeline", "PipelineResult"]
