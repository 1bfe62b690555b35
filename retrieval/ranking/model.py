"""The learned ranking's model file: load it, check it belongs to this index, and score a candidate pool.

A model is one of two kinds (training.py chooses between them by leave-one-set-out):
- `linear`: a linear function of the standardised features, score = ((x − mean) / scale) · w;
- `trees`: gradient-boosted regression trees (trained by LightGBM's lambdarank), score = Σ over trees of the
  leaf each row falls in. The trees are kept in the file as plain arrays (per tree: the split feature, its
  threshold, the left and right child, the leaf value) and evaluated here with numpy: serving needs no LightGBM.

Serving is a cascade (`cascade`): the hand order decides which articles are the first `rerank` served (recall), the
model only reorders within them (which comes first). With `rerank` = 5 what is served in the first five is the hand
order's by construction; `rerank` = `depth` reorders the whole pool the model was trained on.

Its file (JSON, written by training.py through `kodeks eval train-ranker`) records the command that made it, the
labelled sets it saw, the feature names and the embedder whose dense scores it was trained on. The dense
z-scores and title similarities of another embedder have another shape, so what was learned on one is
meaningless on the other: such a file is refused (RankerMismatchError), as is one naming other features than
`FEATURES`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from kodeks.errors import RankerFileError, RankerMismatchError
from retrieval.ranking.features import FEATURES

# The model kodeks ships (`KODEKS_RANKER=on`, the default): package data, so an installed kodeks finds it.
SHIPPED = Path(str(resources.files("retrieval.ranking") / "data" / "ranker.json"))

FORMAT = "kodeks-ranker/3"
# /1: linear only, read as `linear`; /1 and /2 have no `rerank`: they reordered their whole `depth`, read as that
OLD_FORMATS = ("kodeks-ranker/1", "kodeks-ranker/2")


class Scorer(Protocol):
    kind: str

    def score(self, x: np.ndarray) -> np.ndarray: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Linear:
    """Weights over standardised features."""

    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    kind: str = "linear"

    def score(self, x: np.ndarray) -> np.ndarray:
        scores: np.ndarray = ((x - self.mean) / self.scale) @ self.weights
        return scores

    def to_dict(self) -> dict[str, Any]:
        # Full precision: the file scores exactly as the model that was cross-validated.
        return {
            "mean": [float(v) for v in self.mean],
            "scale": [float(v) for v in self.scale],
            "weights": [float(v) for v in self.weights],
        }


@dataclass(frozen=True)
class Trees:
    """Regression trees as padded arrays (trees × nodes): a leaf has feature −1 and its value; an inner node sends a
    row left when its feature ≤ the threshold. Rows are evaluated all at once, one tree level per step."""

    feature: np.ndarray  # int64
    threshold: np.ndarray  # float64
    left: np.ndarray  # int64
    right: np.ndarray  # int64
    value: np.ndarray  # float64
    levels: int  # the deepest path: how many steps reach every leaf
    base: Linear | None = None  # boosted from a linear model (the hand order's): its score plus the trees'
    kind: str = "trees"

    def score(self, x: np.ndarray) -> np.ndarray:
        start = np.zeros(len(x)) if self.base is None else self.base.score(x)
        scores: np.ndarray = start + self._trees(x)
        return scores

    def _trees(self, x: np.ndarray) -> np.ndarray:
        n, (t, m) = len(x), self.feature.shape
        if not t or not n:
            return np.zeros(n)
        # Flat gathers (one per array and level) over rows × trees: ~1 ms for 50 rows and 300 trees.
        feature, threshold = self.feature.ravel(), self.threshold.ravel()
        left, right = self.left.ravel(), self.right.ravel()
        base = np.tile(np.arange(t) * m, n)  # each (row, tree)'s first node in the flat arrays
        cell = np.repeat(np.arange(n) * x.shape[1], t)  # each (row, tree)'s row in x.ravel()
        values = np.ascontiguousarray(x, dtype=np.float64).ravel()
        node = np.zeros(n * t, dtype=np.int64)
        for _ in range(self.levels):
            at = base + node
            f = feature[at]
            inner = f >= 0
            if not inner.any():
                break
            go_left = values[cell + np.maximum(f, 0)] <= threshold[at]
            node = np.where(inner, np.where(go_left, left[at], right[at]), node)
        scores: np.ndarray = self.value.ravel()[base + node].reshape(n, t).sum(axis=1)
        return scores

    def to_dict(self) -> dict[str, Any]:
        out = []
        for i in range(len(self.feature)):
            size = _tree_size(self.feature[i], self.left[i], self.right[i])
            out.append(
                {
                    "feature": self.feature[i, :size].tolist(),
                    "threshold": [float(v) for v in self.threshold[i, :size]],
                    "left": self.left[i, :size].tolist(),
                    "right": self.right[i, :size].tolist(),
                    "value": [float(v) for v in self.value[i, :size]],
                }
            )
        return {"trees": out, **({"base": self.base.to_dict()} if self.base is not None else {})}

    @classmethod
    def of(cls, trees: list[dict[str, list[Any]]], base: Linear | None = None) -> Trees:
        """From the file's per-tree lists (validated: every child inside its tree, features in range)."""
        size = max((len(t["feature"]) for t in trees), default=1)
        shape = (len(trees), size)
        feature, left, right = (np.full(shape, -1, dtype=np.int64) for _ in range(3))
        threshold, value = np.zeros(shape), np.zeros(shape)
        for i, t in enumerate(trees):
            m = len(t["feature"])
            if not all(len(t[k]) == m for k in ("threshold", "left", "right", "value")):
                raise ValueError("a tree's lists differ in length")
            feature[i, :m] = t["feature"]
            threshold[i, :m], value[i, :m] = t["threshold"], t["value"]
            left[i, :m], right[i, :m] = t["left"], t["right"]
            inner = feature[i, :m] >= 0
            if (feature[i, :m] >= len(FEATURES)).any() or (
                inner & ((left[i, :m] <= 0) | (left[i, :m] >= m) | (right[i, :m] <= 0) | (right[i, :m] >= m))
            ).any():
                raise ValueError("a tree's node points outside it")
        if not (np.isfinite(threshold).all() and np.isfinite(value).all()):
            raise ValueError("a tree holds a number that is not finite")
        return cls(feature, threshold, left, right, value, _levels(feature, left, right), base)


def _tree_size(feature: np.ndarray, left: np.ndarray, right: np.ndarray) -> int:
    """How many of a padded tree's nodes are its own (the rest is padding)."""
    reach = {0}
    stack = [0]
    while stack:
        i = stack.pop()
        if feature[i] >= 0:
            for child in (int(left[i]), int(right[i])):
                reach.add(child)
                stack.append(child)
    return max(reach) + 1


def _levels(feature: np.ndarray, left: np.ndarray, right: np.ndarray) -> int:
    """The longest root-to-leaf path over all trees (a cycle would never end: refused)."""
    deepest = 0
    for f, lt, rt in zip(feature, left, right, strict=True):
        stack = [(0, 0)]
        while stack:
            node, depth = stack.pop()
            if depth > len(f):
                raise ValueError("a tree has a cycle")
            if f[node] >= 0:
                stack += [(int(lt[node]), depth + 1), (int(rt[node]), depth + 1)]
            else:
                deepest = max(deepest, depth)
    return deepest


@dataclass(frozen=True)
class RankerModel:
    """A scorer over `FEATURES` and where it came from (`meta`: command, sets, features, CV table)."""

    features: tuple[str, ...]
    scorer: Linear | Trees
    embedder: str  # EmbedderIdentity.describe() of the index the features were computed on
    depth: int  # how many of the hand order's first candidates it was trained on
    rerank: int  # how many of the first served it reorders (the cascade's N, ≤ depth)
    meta: dict[str, Any] = field(default_factory=dict)

    def score(self, x: np.ndarray) -> np.ndarray:
        """One score per row of a feature matrix (higher: ranked first)."""
        return self.scorer.score(x)

    def order(self, x: np.ndarray, before: int = 0) -> np.ndarray:
        """A pool's rows (in the hand order) in the served order: the cascade over its first `rerank` (see
        `cascade`; `before`: articles served ahead of the pool)."""
        return cascade(lambda rows: self.score(x[rows]), len(x), self.rerank, before)

    @property
    def fingerprint(self) -> str:
        """What its scores are a function of (kind, features, parameters), hashed: a constant read on this model's
        scale (confidence.LEARNED_SCORE) is only meaningful for the model it was chosen on."""
        what = {"kind": self.scorer.kind, "features": list(self.features), **self.scorer.to_dict()}
        return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()

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
            "kind": self.scorer.kind,
            "embedder": self.embedder,
            "depth": self.depth,
            "rerank": self.rerank,
            "features": list(self.features),
            **self.meta,
            **self.scorer.to_dict(),
        }

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def cascade(
    score: Callable[[np.ndarray], np.ndarray],
    size: int,
    rerank: int,
    before: int = 0,
) -> np.ndarray:
    """The served order of a pool of `size` rows in the hand order: the rows that fill the first `rerank` served
    places in the hand order, sorted by `score` (of those row indexes; stable), each other row where it was.

    `before`: articles served ahead of the pool (explicit references), which take the first places. So the head is
    the first `rerank − before` rows: whichever order it takes, the texts in the first `rerank` served places are the
    hand order's (a pool holds no reference's own text: search removes it before serving, layout.dedupe).
    One function for serving (RankerModel.order) and for training's evaluation (training.Fit.order)."""
    out = np.arange(size, dtype=np.int64)
    head = out[: max(0, rerank - before)].copy()
    if len(head) > 1:
        out[head] = head[np.argsort(-np.asarray(score(head)), kind="stable")]
    return out


_OWN = ("format", "kind", "embedder", "depth", "rerank", "features", "mean", "scale", "weights", "trees", "base")


def load(path: Path) -> RankerModel:
    """The model in `path`; a clear RankerFileError when it is missing, not JSON or not a ranking model."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RankerFileError(f"cannot read the ranking model {path}: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RankerFileError(f"{path} is not a ranking model (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") not in (FORMAT, *OLD_FORMATS):
        raise RankerFileError(f"{path} is not a ranking model (format is not {FORMAT!r})")
    try:
        features = tuple(str(f) for f in data["features"])
        embedder = str(data["embedder"])
        depth = int(data["depth"])
        rerank = depth if data["format"] in OLD_FORMATS else int(data["rerank"])
        kind = str(data.get("kind", "linear"))
        scorer: Linear | Trees
        if kind == "linear":
            scorer = _linear(path, data, len(features))
        elif kind == "trees":
            base = _linear(path, data["base"], len(features)) if "base" in data else None
            scorer = Trees.of(list(data["trees"]), base)
        else:
            raise RankerFileError(f"{path} is not a ranking model (unknown kind {kind!r})")
    except (KeyError, TypeError, ValueError) as exc:
        raise RankerFileError(f"{path} is not a ranking model (missing or bad {exc})") from None
    if depth < 1:
        raise RankerFileError(f"{path} is not a ranking model (depth must be at least 1)")
    if not 1 <= rerank <= depth:
        raise RankerFileError(f"{path} is not a ranking model (rerank must be between 1 and its depth, {depth})")
    meta = {k: v for k, v in data.items() if k not in _OWN}
    return RankerModel(features, scorer, embedder, depth, rerank, meta)


def _linear(path: Path, data: dict[str, Any], n: int) -> Linear:
    arrays = [np.asarray(data[k], dtype=np.float64) for k in ("mean", "scale", "weights")]
    if any(a.shape != (n,) for a in arrays) or not all(np.isfinite(a).all() for a in arrays):
        raise RankerFileError(f"{path} is not a ranking model (mean, scale and weights must be one number per feature)")
    mean, scale, weights = arrays
    if (scale <= 0).any():
        raise RankerFileError(f"{path} is not a ranking model (a feature's scale is not positive)")
    return Linear(mean, scale, weights)
