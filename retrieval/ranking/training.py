"""Training the learned ranking: listwise logistic regression over candidate pools, chosen by leave-one-set-out.

Each labelled question gives a pool (its candidates' feature matrix, which of them are relevant) — collected
once by retrieval/ranking_sets.py, since embedding is the expensive part. The model is linear in the
standardised features; its loss per question is the softmax cross-entropy of the relevant articles within
the pool (ListNet with one target: −log Σ_rel e^s / Σ_pool e^s), each set weighing the same whatever its size
(COLIEE's 1,000 questions would otherwise decide for bsdev's 48), plus L2. Convex and smooth: full-batch
gradient descent with a backtracking line search from zero weights — no random start, no sampling, so the same
pools give the same weights to the last digit on any machine that does float64 the IEEE way.

Every choice (the kind of model, the L2 strength, whether the hand-weighted score is itself a feature, how deep
a pool it is trained on, and the cascade's N: how many of the first served it may reorder) is made by
leave-one-set-out cross-validation: for each held-out set the choice is made by an inner leave-one-set-out
over the other sets only, then a model trained on those other sets is scored on the held-out one. A figure
in the table is always that of a set the model (and its choice) did not see. numpy only: a 17-weight linear
model needs no library (scikit-learn's LogisticRegression is binary/multinomial over fixed classes, not
listwise over pools of varying length; LightGBM's lambdarank would be trees we could not read as weights).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits

from kodeks.errors import KodeksError
from retrieval.ranking.features import FEATURES
from retrieval.ranking.model import Linear, Trees, cascade

L2_GRID = (0.01, 1.0)
# How many of the hand order's first candidates a model is trained on: the first ten (what a cascade reorders, the
# hard negatives) or the first fifty (more of the pool, the easier ones too).
DEPTH_GRID = (10, 50)
# The cascade's N: the stage reorders the first N served (model.cascade), the hand order chose which they are; and
# the whole depth it was trained on (added by `choices`).
RERANK_GRID = (5, 10)
FEATURE_SETS: dict[str, tuple[str, ...]] = {
    "signals+hand": FEATURES,
    "signals": tuple(f for f in FEATURES if f != "hand"),
    "hand": ("hand",),  # the hand order alone: what "anchored" and "boosted" start from
}
ITERATIONS = 80
ANCHOR_GRID = (0.1, 1.0)  # "anchored": L2 towards the hand score's own model (see _linear)
# A set trains with its first 300 questions at most (file order): every set weighs the same whatever its size, so
# COLIEE's other 795 add little but time (trees train in time proportional to the rows). Held out, all are scored.
TRAIN_QUESTIONS = 300
# The trees: LightGBM's lambdarank, (leaves per tree, boosting rounds), over the first 10 or 30 of the hand order.
TREE_GRID = ((7, 100),)
BOOSTED_GRID = ((3, 100), (7, 100))  # "boosted": the same trees, boosted from the hand order's own model
TREE_DEPTHS = (10, 30)
TREE_PARAMS: dict[str, object] = {
    "objective": "lambdarank",
    "learning_rate": 0.05,
    "min_data_in_leaf": 40,
    "lambdarank_truncation_level": 20,
    "label_gain": [0.0, 1.0],
    "use_missing": False,
    "max_bin": 63,
    "feature_pre_filter": False,
    # Deterministic: one thread, fixed seeds, column-wise histograms (the same pools give the same trees).
    "deterministic": True,
    "num_threads": 1,
    "seed": 31,
    "force_col_wise": True,
    "verbose": -1,
}


@dataclass(frozen=True)
class Pool:
    """One labelled question's candidates: features (n, len(FEATURES)) in the hand order, which are relevant."""

    x: np.ndarray
    relevant: np.ndarray  # bool per row
    text_key: np.ndarray | None = None  # per row, its text's code: identical texts are served once (layout.dedupe)
    served_first: tuple[bool, ...] = ()  # articles served before the pool (explicit references): relevant or not

    def ranked(self, order: np.ndarray) -> np.ndarray:
        """Relevance of what is served, in this order of the pool's rows: the references first, then the rows
        with identical texts shown once (the better ranked), as Retriever.search serves them."""
        rows = order
        if self.text_key is not None and len(order):
            keys = self.text_key[order]
            _, first = np.unique(keys, return_index=True)
            rows = order[np.sort(first)]
        head: np.ndarray = np.asarray(self.served_first, dtype=bool)
        return np.concatenate([head, self.relevant[rows]])


@dataclass
class LabelledSet:
    name: str
    pools: list[Pool]
    source: dict[str, object] = field(default_factory=dict)  # file, sha256, data dir: recorded in the model
    group: str = ""  # sets of one group (the same questions over two indexes) are held out together; "": its name
    # A thread set (turns played in their threads): its pools' indexes by part ("first turns", "follow-ups"), each
    # part also scored apart and held to the adoption rule on its own. {}: a set of single questions.
    parts: dict[str, list[int]] = field(default_factory=dict)

    @property
    def fold(self) -> str:
        return self.group or self.name


@dataclass(frozen=True)
class Choice:
    l2: float
    features: str  # a key of FEATURE_SETS
    depth: int  # the model is trained on the hand order's first `depth` candidates
    model: str = "linear"  # "linear" (listwise logistic regression), "anchored" (the same, drawn to the hand order),
    # "trees" (LightGBM lambdarank) or "boosted" (the same trees, boosted from the hand order's own model)
    leaves: int = 0  # trees: leaves per tree
    rounds: int = 0  # trees: boosting rounds
    rerank: int = 0  # the cascade's N: it reorders the first `rerank` served (model.cascade); 0: all `depth`

    @property
    def served(self) -> int:
        """How many of the first served the stage reorders."""
        return min(self.rerank or self.depth, self.depth)

    @property
    def trained(self) -> Choice:
        """The same model with its whole depth: what is trained (the cascade's N only changes how it serves)."""
        return replace(self, rerank=0)

    def describe(self) -> str:
        where = f"top {self.depth}" + (f", reorders the first {self.served}" if self.served < self.depth else "")
        if self.model == "trees":
            return f"trees {self.leaves} leaves × {self.rounds}, {where}"
        if self.model == "boosted":
            return f"trees boosted from the hand order, {self.leaves} leaves × {self.rounds}, {where}"
        if self.model == "anchored":
            return f"linear anchored at the hand order, L2 {self.l2}, {where}"
        return f"linear {self.features}, L2 {self.l2}, {where}"

    def to_dict(self) -> dict[str, object]:
        return {
            "model": self.model,
            "l2": self.l2,
            "features": self.features,
            "depth": self.depth,
            "rerank": self.served,
            "leaves": self.leaves,
            "rounds": self.rounds,
        }


@dataclass(frozen=True)
class Fit:
    """A trained model over all FEATURES (a linear one: weights 0 for the features a choice leaves out), trained on
    the first `depth` of each pool and serving as a cascade over the first `rerank` (model.cascade)."""

    scorer: Linear | Trees
    depth: int
    rerank: int

    def order(self, x: np.ndarray, before: int = 0, scores: np.ndarray | None = None) -> np.ndarray:
        """The pool's rows in the served order (`before`: articles served ahead of the pool). `scores`: the rows'
        scores when already known (the same for any `rerank`: a row's score does not depend on the others)."""
        if scores is None:
            return cascade(lambda rows: self.scorer.score(x[rows]), len(x), self.rerank, before)
        known = scores
        return cascade(lambda rows: known[rows], len(x), self.rerank, before)

    def scores(self, x: np.ndarray) -> np.ndarray:
        """The scores of the rows the cascade may reorder in a training pool (its first `depth`: a pool holds no
        reference's text, `collect` took them out)."""
        return self.scorer.score(x[: self.depth])


def metrics(pools: Sequence[Pool], fit: Fit | None, scores: Sequence[np.ndarray] | None = None) -> dict[str, float]:
    """hit@1, hit@5 and MRR@10 of the pools served by `fit` (None: the hand order they were collected in), as search
    serves them: the references first, then the pool in the cascade's order (`scores`: Fit.scores of each pool,
    when known). A question whose relevant article is not in its pool counts as a miss for both."""
    if not pools:
        return {"hit@1": 0.0, "hit@5": 0.0, "mrr": 0.0}
    h1 = h5 = rr = 0.0
    for i, p in enumerate(pools):
        if fit is None:
            order = np.arange(len(p.relevant))
        else:
            order = fit.order(p.x, len(p.served_first), None if scores is None else scores[i])
        found = np.nonzero(p.ranked(order))[0]
        if found.size:
            rank = int(found[0]) + 1
            h1 += rank == 1
            h5 += rank <= 5
            rr += 1.0 / rank if rank <= 10 else 0.0
    n = len(pools)
    return {"hit@1": h1 / n, "hit@5": h5 / n, "mrr": rr / n}


def train(sets: Sequence[LabelledSet], choice: Choice) -> Fit:
    """The model for `choice` on these sets (each set weighing the same). Deterministic. One BLAS thread: the
    products are small, and on a shared machine a thread pool costs more than it gives (4× here)."""
    with threadpool_limits(1):
        return _train(sets, choice)


def _train(sets: Sequence[LabelledSet], choice: Choice) -> Fit:
    depth = choice.depth
    pools: list[tuple[Pool, float]] = []
    for s in sets:
        usable = [Pool(p.x[:depth], p.relevant[:depth]) for p in s.pools[:TRAIN_QUESTIONS]]
        usable = [p for p in usable if p.relevant.any() and len(p.relevant) > 1]
        pools += [(p, 1.0 / len(usable)) for p in usable]
    if choice.model in ("trees", "boosted"):
        return Fit(_trees(pools, choice), depth, choice.served)
    # "linear" and "anchored"
    return Fit(_linear(pools, choice), depth, choice.served)


def _linear(pools: list[tuple[Pool, float]], choice: Choice) -> Linear:
    """Listwise logistic regression: full-batch gradient descent with a backtracking line search. `anchored`: first
    the hand score alone (its one weight: how sharply the hand order is trusted), then every feature with the L2
    penalty pulling towards that model instead of towards zero — with few questions, the learned order stays near
    the hand order unless the data say otherwise."""
    features = FEATURES if choice.model == "anchored" else FEATURE_SETS[choice.features]
    keep = np.asarray([f in features for f in FEATURES])
    n_features = len(FEATURES)
    if not pools:
        return Linear(np.zeros(n_features), np.ones(n_features), np.zeros(n_features))
    x = np.vstack([p.x for p, _ in pools])
    target = np.concatenate([p.relevant for p, _ in pools]).astype(np.float64)
    lengths = np.asarray([len(p.relevant) for p, _ in pools])
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    segment = np.repeat(np.arange(len(pools)), lengths)
    weight = np.asarray([w for _, w in pools])
    weight = weight / weight.sum()
    mean = np.where(keep, x.mean(axis=0), 0.0)
    spread = x.std(axis=0)
    scale = np.where(keep & (spread > 1e-9), spread, 1.0)
    z = np.where(keep, (x - mean) / scale, 0.0)

    def descend(active: np.ndarray, prior: np.ndarray, l2: float) -> np.ndarray:
        """The weights (0 outside `active`) minimising the listwise loss + l2/2 · |w − prior|², from `prior`."""
        za = np.where(active, z, 0.0)

        def loss_grad(w: np.ndarray) -> tuple[float, np.ndarray]:
            s = za @ w
            e = np.exp(s - np.maximum.reduceat(s, starts)[segment])
            total = np.add.reduceat(e, starts)
            rel = np.add.reduceat(e * target, starts)
            d = w - prior
            loss = float(weight @ (np.log(total) - np.log(rel))) + 0.5 * l2 * float(d @ d)
            coef = weight[segment] * (e / total[segment] - target * e / rel[segment])
            return loss, np.where(active, za.T @ coef + l2 * d, 0.0)

        w = prior.copy()
        loss, grad = loss_grad(w)
        step = 1.0
        for _ in range(ITERATIONS):
            g2 = float(grad @ grad)
            if g2 < 1e-12:
                break
            while True:  # backtracking (Armijo): deterministic, no step size to tune
                candidate = w - step * grad
                new_loss, new_grad = loss_grad(candidate)
                if new_loss <= loss - 0.5 * step * g2 or step < 1e-8:
                    break
                step *= 0.5
            converged = loss - new_loss < 1e-9
            w, loss, grad = candidate, new_loss, new_grad
            if converged:
                break
            step = min(step * 2.0, 64.0)
        return w

    prior = np.zeros(n_features)
    if choice.model == "anchored":
        prior = descend(np.asarray([f == "hand" for f in FEATURES]), prior, 0.0)
    return Linear(mean, scale, np.where(keep, descend(keep, prior, choice.l2), 0.0))


def _trees(pools: list[tuple[Pool, float]], choice: Choice) -> Trees:
    """LightGBM's lambdarank over the pools (each row weighing its set's share), read back into plain arrays —
    and checked: the arrays score (a sample of) the training rows as LightGBM itself does, or training fails."""
    if not pools:
        return Trees.of([])
    try:
        import lightgbm
    except ImportError:  # an install without the [train] extra
        raise KodeksError("training trees needs LightGBM: pip install 'kodeks[train]'") from None
    x = np.vstack([p.x for p, _ in pools])
    label = np.concatenate([p.relevant for p, _ in pools]).astype(np.float64)
    lengths = [len(p.relevant) for p, _ in pools]
    weight = np.concatenate([np.full(len(p.relevant), w) for p, w in pools])
    weight = weight / weight.mean()
    # "boosted": the trees start from the hand order's own model (LightGBM's init_score) and learn what it misses.
    base = _linear(pools, Choice(0.0, "hand", choice.depth)) if choice.model == "boosted" else None
    params = {**TREE_PARAMS, "num_leaves": choice.leaves}
    start = base.score(x) if base is not None else None
    data = lightgbm.Dataset(x, label=label, group=lengths, weight=weight, init_score=start, params={"verbose": -1})
    booster = lightgbm.train(params, data, num_boost_round=choice.rounds)
    trees = Trees.of([_flatten(t["tree_structure"]) for t in booster.dump_model()["tree_info"]], base)
    sample = x[:: max(1, len(x) // 2000)]  # a sample of the rows: scoring them all costs more than training
    expected = np.asarray(booster.predict(sample, num_threads=1), dtype=np.float64)
    if base is not None:
        expected = expected + base.score(sample)
    if not np.allclose(trees.score(sample), expected, atol=1e-9):
        raise KodeksError("the trees read back from LightGBM do not score as LightGBM does")
    return trees


def _flatten(root: dict[str, Any]) -> dict[str, list[Any]]:
    """One LightGBM tree (nested dicts of dump_model) as lists: node 0 the root, children after their parent."""
    nodes: list[dict[str, Any]] = []
    pending = [root]
    while pending:  # breadth first: every node's index is known before its children are listed
        node = pending.pop(0)
        nodes.append(node)
        if "split_index" in node:
            pending += [node["left_child"], node["right_child"]]
    index = {id(n): i for i, n in enumerate(nodes)}
    out: dict[str, list[Any]] = {"feature": [], "threshold": [], "left": [], "right": [], "value": []}
    for node in nodes:
        inner = "split_index" in node
        if inner and node.get("decision_type", "<=") != "<=":
            raise KodeksError(f"a tree split of kind {node.get('decision_type')!r} is not supported")
        out["feature"].append(int(node["split_feature"]) if inner else -1)
        out["threshold"].append(float(node["threshold"]) if inner else 0.0)
        out["left"].append(index[id(node["left_child"])] if inner else -1)
        out["right"].append(index[id(node["right_child"])] if inner else -1)
        out["value"].append(0.0 if inner else float(node.get("leaf_value", 0.0)))
    return out


def choices() -> list[Choice]:
    """The grid the nested leave-one-set-out chooses from: each model at each cascade depth N (RERANK_GRID)."""
    linear = [Choice(l2, name, depth) for name in FEATURE_SETS for l2 in L2_GRID for depth in DEPTH_GRID]
    linear += [Choice(l2, "signals+hand", depth, "anchored") for l2 in ANCHOR_GRID for depth in DEPTH_GRID]
    trees = [
        Choice(0.0, "signals+hand", d, "trees", leaves, rounds) for leaves, rounds in TREE_GRID for d in TREE_DEPTHS
    ]
    trees += [
        Choice(0.0, "signals+hand", d, "boosted", leaves, rounds)
        for leaves, rounds in BOOSTED_GRID
        for d in TREE_DEPTHS
    ]
    return [replace(c, rerank=n) for c in linear + trees for n in RERANK_GRID if n < c.depth] + linear + trees


class Trainer:
    """Trains each (choice, sets left out) once: the inner leave-one-set-out of held-out fold A trains without
    {A, B} for every other fold B — the same training as fold B's without {B, A} — so nested selection costs
    F·(F−1)/2 + F trainings per choice, not F². The cascade's N does not change what is trained: one training (and
    one scoring of each held-out set) serves every N."""

    def __init__(self, sets: Sequence[LabelledSet], progress: Callable[[str], None] | None = None) -> None:
        self.sets = list(sets)
        self.folds = list(dict.fromkeys(s.fold for s in sets))
        self._fits: dict[tuple[Choice, frozenset[str]], Fit] = {}
        self._scores: dict[tuple[Choice, frozenset[str], str], list[np.ndarray]] = {}
        self._progress = progress

    def fit(self, choice: Choice, without: frozenset[str]) -> Fit:
        key = (choice.trained, without)
        if key not in self._fits:
            if self._progress is not None:
                self._progress(f"{choice.trained.describe()} without {', '.join(sorted(without)) or 'none'}")
            self._fits[key] = train([s for s in self.sets if s.fold not in without], choice.trained)
        return replace(self._fits[key], rerank=choice.served)

    def held_out(self, choice: Choice, without: frozenset[str], held: LabelledSet) -> dict[str, float]:
        """`held`'s metrics served by the model of `choice` trained without the folds `without`."""
        fit = self.fit(choice, without)
        key = (choice.trained, without, held.name)
        if key not in self._scores:
            self._scores[key] = [fit.scores(p.x) for p in held.pools]
        return metrics(held.pools, fit, self._scores[key])

    def choose(self, without: frozenset[str] = frozenset()) -> Choice:
        """The choice the adoption rule would take, judged by leave-one-set-out within the sets not `without`:
        among the choices with no set lower at hit@5 than the hand order (the rule's first half; a cascade over the
        first five meets it by construction), the best mean MRR (then hit@1); only when none keeps hit@5, the best
        MRR of all. With one fold only, the strongest linear regularisation and the shallowest cascade (nothing to
        hold out)."""
        options = choices()
        folds = [f for f in self.folds if f not in without]
        if len(folds) < 2:
            return max(
                options, key=lambda c: (c.model == "linear", c.l2, c.features == "signals+hand", -c.depth, -c.served)
            )
        hand = {s.name: metrics(s.pools, None) for s in self.sets if s.fold in folds}
        best: tuple[tuple[bool, float, float], Choice] | None = None
        for c in options:
            held = {s.name: self.held_out(c, without | {s.fold}, s) for s in self.sets if s.fold in folds}
            keeps = all(m["hit@5"] >= hand[name]["hit@5"] - 1e-12 for name, m in held.items())
            key = (
                keeps,
                float(np.mean([m["mrr"] for m in held.values()])),
                float(np.mean([m["hit@1"] for m in held.values()])),
            )
            if best is None or key > best[0]:
                best = (key, c)
        assert best is not None
        return best[1]


def choose(sets: Sequence[LabelledSet]) -> Choice:
    """The choice leave-one-set-out over `sets` prefers (Trainer.choose)."""
    return Trainer(sets).choose()


@dataclass(frozen=True)
class HeldOut:
    """One row of the cross-validation table: a set, the hand order's figures and the learned stage's."""

    name: str
    questions: int
    choice: Choice
    hand: dict[str, float]
    learned: dict[str, float]
    parts: dict[str, tuple[int, dict[str, float], dict[str, float]]] = field(default_factory=dict)  # a thread set's:
    # per part (first turns, follow-ups), its turns, the hand order's figures and the learned stage's

    @property
    def threads(self) -> bool:
        return bool(self.parts)


def cross_validate(sets: Sequence[LabelledSet], trainer: Trainer | None = None) -> list[HeldOut]:
    """Nested leave-one-set-out: each set scored by a model (and a choice) made without it — nor without any set
    of its group (the same questions over another index would be the held-out questions seen in training)."""
    trainer = trainer or Trainer(sets)
    made: dict[str, Choice] = {}
    out = []
    for s in sets:
        if s.fold not in made:
            made[s.fold] = trainer.choose(frozenset({s.fold}))
        choice = made[s.fold]
        learned = trainer.held_out(choice, frozenset({s.fold}), s)
        parts = {}
        if s.parts:
            fit = trainer.fit(choice, frozenset({s.fold}))
            for part, rows in s.parts.items():
                pools = [s.pools[i] for i in rows]
                parts[part] = (len(rows), metrics(pools, None), metrics(pools, fit))
        out.append(HeldOut(s.name, len(s.pools), choice, metrics(s.pools, None), learned, parts))
    return out


def _rows(table: Sequence[HeldOut]) -> list[tuple[str, dict[str, float], dict[str, float]]]:
    """What the adoption rule judges: every set, and each thread set's parts as rows of their own too."""
    rows = [(r.name, r.hand, r.learned) for r in table]
    for part in ("first turns", "follow-ups"):
        rows += [(f"{r.name} {part}", r.parts[part][1], r.parts[part][2]) for r in table if part in r.parts]
    return rows


def adoptable(table: Sequence[HeldOut]) -> bool:
    """The adoption rule: no set lower at hit@5 than the hand order, and hit@1 better over the sets (mean). With
    thread sets, also each thread set's first turns and its follow-ups apart: none lower at hit@5, and over the
    thread sets the mean hit@1 of the first turns and of the follow-ups each not lower than the hand order's (the
    thread's own turns are not paid for by the single questions' gain)."""
    return bool(table) and not misses(table)


def misses(table: Sequence[HeldOut]) -> list[str]:
    """What keeps the rule from being met, per set, in points: each set (or thread part) lower at hit@5, the mean
    hit@1, and the thread sets' parts' mean hit@1."""
    out = [
        f"{name}: hit@5 {100 * learned['hit@5']:.1f} against {100 * hand['hit@5']:.1f} "
        f"({100 * (learned['hit@5'] - hand['hit@5']):+.1f} points)"
        for name, hand, learned in _rows(table)
        if learned["hit@5"] < hand["hit@5"] - 1e-12
    ]
    if table:
        learned = 100 * float(np.mean([r.learned["hit@1"] for r in table]))
        hand = 100 * float(np.mean([r.hand["hit@1"] for r in table]))
        if learned <= hand:
            out.append(f"mean hit@1 {learned:.1f} against {hand:.1f} ({learned - hand:+.1f} points)")
    for part in ("first turns", "follow-ups"):
        rows = [r.parts[part] for r in table if part in r.parts]
        if rows:
            learned = 100 * float(np.mean([m["hit@1"] for _, _, m in rows]))
            hand = 100 * float(np.mean([m["hit@1"] for _, m, _ in rows]))
            if learned < hand - 1e-9:
                out.append(
                    f"thread sets' {part}: mean hit@1 {learned:.1f} against {hand:.1f} ({learned - hand:+.1f} points)"
                )
    return out
