"""The learned ranking's model file: load it, check it belongs to this index, and score a candidate pool.

A model is a linear function of the standardised features (features.py): score = ((x − mean) / scale) · w.
Its file (JSON, written by training.py through `kodeks eval train-ranker`) records the command that made
it, the labelled sets it saw, the feature names and the embedder whose dense scores it was trained on. The
dense z-scores of another embedder have another shape, so weights learned on one are meaningless on the
other: such a file is refused (RankerMismatchError), as is one naming other features than `FEATURES`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from kodeks.errors import RankerFileError, RankerMismatchError
from retrieval.ranking.features import FEATURES
from retrieval.ranking.training import reorder

FORMAT = "kodeks-ranker/1"


@dataclass(frozen=True)
class RankerModel:
    """Weights over standardised features, and where they came from (`meta`: command, sets, CV table)."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    embedder: str  # EmbedderIdentity.describe() of the index the features were computed on
    depth: int  # how many of the hand order's first candidates it reorders
    meta: dict[str, Any] = field(default_factory=dict)

    def score(self, x: np.ndarray) -> np.ndarray:
        """One score per row of a feature matrix (higher: ranked first)."""
        scores: np.ndarray = ((x - self.mean) / self.scale) @ self.weights
        return scores

    def order(self, x: np.ndarray) -> np.ndarray:
        """A pool's rows (in the hand order) in the learned order: its first `depth` by score, the rest after."""
        return reorder(self.score(x), self.depth)

    def check(self, embedder: str) -> RankerModel:
        """This model, if it was trained over `embedder`'s scores and on this version's features; else refused."""
        if self.embedder != embedder:
            raise RankerMismatchError(
                f"the ranking model was trained over {self.embedder}, but the index is searched with {embedder}: "
                "retrain it on this index (kodeks eval train-ranker) or set KODEKS_RANKER=off"
            )
        if tuple(self.features) != FEATURES:
            raise RankerMismatchError(
                f"the ranking model's features ({', '.join(self.features)}) are not this version's "
                f"({', '.join(FEATURES)}): retrain it (kodeks eval train-ranker) or set KODEKS_RANKER=off"
            )
        return self

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "embedder": self.embedder,
            "depth": self.depth,
            "features": list(self.features),
            "mean": [round(float(v), 6) for v in self.mean],
            "scale": [round(float(v), 6) for v in self.scale],
            "weights": [round(float(v), 6) for v in self.weights],
            **self.meta,
        }

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: Path) -> RankerModel:
    """The model in `path`; a clear RankerFileError when it is missing, not JSON or not a ranking model."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RankerFileError(f"cannot read the ranking model {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RankerFileError(f"{path} is not a ranking model (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RankerFileError(f"{path} is not a ranking model (format is not {FORMAT!r})")
    try:
        features = tuple(str(f) for f in data["features"])
        arrays = [np.asarray(data[k], dtype=np.float64) for k in ("mean", "scale", "weights")]
        embedder = str(data["embedder"])
        depth = int(data["depth"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RankerFileError(f"{path} is not a ranking model (missing or bad {exc})") from None
    if any(a.shape != (len(features),) for a in arrays) or not all(np.isfinite(a).all() for a in arrays):
        raise RankerFileError(f"{path} is not a ranking model (mean, scale and weights must be one number per feature)")
    mean, scale, weights = arrays
    if (scale <= 0).any():
        raise RankerFileError(f"{path} is not a ranking model (a feature's scale is not positive)")
    if depth < 1:
        raise RankerFileError(f"{path} is not a ranking model (depth must be at least 1)")
    own = ("format", "embedder", "depth", "features", "mean", "scale", "weights")
    meta = {k: v for k, v in data.items() if k not in own}
    return RankerModel(features, mean, scale, weights, embedder, depth, meta)
