"""The learned ranking stage (retrieval/ranking/): training is deterministic, selection is leave-one-set-out, a
model file is checked against the index's embedder and its features, and the stage reorders real searches —
over generated pools for the arithmetic and the real sample index (real embedder) for the wiring."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kodeks.errors import RankerFileError, RankerMismatchError
from retrieval.ranking.features import FEATURES, RawSignals, matrix
from retrieval.ranking.model import FORMAT, SHIPPED, Linear, RankerModel, Trees, cascade, load
from retrieval.ranking.training import (
    Choice,
    Fit,
    LabelledSet,
    Pool,
    Trainer,
    adoptable,
    cross_validate,
    metrics,
    misses,
    train,
)
from tests.fixtures_index import SAMPLE_EVAL
from tests.retrieval_helpers import invoke

DENSE = FEATURES.index("dense_z")
HAND = FEATURES.index("hand")


def generated_set(name: str, seed: int, questions: int = 30, depth: int = 12) -> LabelledSet:
    """Pools whose hand order is noisy and whose relevant article has the highest dense z: a model can learn that."""
    rng = np.random.default_rng(seed)
    pools = []
    for _ in range(questions):
        x = rng.normal(size=(depth, len(FEATURES)))
        right = int(rng.integers(depth))
        x[right, DENSE] += 3.0
        x[:, HAND] = x[:, DENSE] + rng.normal(scale=2.0, size=depth)
        order = np.argsort(-x[:, HAND], kind="stable")  # pools come in the hand order
        relevant = np.zeros(depth, dtype=bool)
        relevant[right] = True
        pools.append(Pool(x[order], relevant[order]))
    return LabelledSet(name, pools)


def test_training_on_a_generated_set_is_deterministic() -> None:
    sets = [generated_set("a", 1), generated_set("b", 2)]
    first, second = train(sets, Choice(0.01, "signals", 12)), train(sets, Choice(0.01, "signals", 12))
    assert isinstance(first.scorer, Linear) and isinstance(second.scorer, Linear)
    assert np.array_equal(first.scorer.weights, second.scorer.weights)
    assert np.array_equal(first.scorer.mean, second.scorer.mean)
    assert np.array_equal(first.scorer.scale, second.scorer.scale)
    assert first.scorer.weights[HAND] == 0.0  # "signals" leaves the hand score out
    assert int(np.argmax(first.scorer.weights)) == DENSE  # it learned what decides


TREES = Choice(0.0, "signals+hand", 12, "trees", 7, 30)
BOOSTED = Choice(0.0, "signals+hand", 12, "boosted", 3, 30)


def test_training_trees_on_a_generated_set_is_deterministic_and_learns_what_decides() -> None:
    pytest.importorskip("lightgbm")
    sets = [generated_set("a", 1), generated_set("b", 2)]
    first, second = train(sets, TREES), train(sets, TREES)
    assert isinstance(first.scorer, Trees) and isinstance(second.scorer, Trees)
    assert first.scorer.to_dict() == second.scorer.to_dict()  # the same trees to the last digit
    assert len(first.scorer.feature) == 30
    used = first.scorer.feature[first.scorer.feature >= 0]
    assert np.bincount(used, minlength=len(FEATURES)).argmax() == DENSE  # split mostly on what decides
    unseen = generated_set("c", 3)
    assert metrics(unseen.pools, first)["mrr"] > metrics(unseen.pools, None)["mrr"]


@pytest.mark.parametrize("choice", [TREES, BOOSTED], ids=["trees", "boosted"])
def test_trees_survive_the_model_file(tmp_path: Path, choice: Choice) -> None:
    pytest.importorskip("lightgbm")
    fit = train([generated_set("a", 1), generated_set("b", 2)], choice)
    assert fit.scorer.to_dict() == train([generated_set("a", 1), generated_set("b", 2)], choice).scorer.to_dict()
    assert isinstance(fit.scorer, Trees) and (fit.scorer.base is not None) == (choice.model == "boosted")
    RankerModel(FEATURES, fit.scorer, "e", 12, 12, {"command": "test"}).save(tmp_path / "t.json")
    back = load(tmp_path / "t.json").check("e")
    x = np.vstack([p.x for p in generated_set("c", 3).pools])
    assert np.array_equal(back.score(x), fit.scorer.score(x))
    assert json.loads((tmp_path / "t.json").read_text())["kind"] == "trees"
    with pytest.raises(RankerMismatchError, match="trained over"):
        back.check("openai text-embedding-3-small (1536-d)")


def test_leave_one_set_out_scores_each_set_without_it() -> None:
    sets = [generated_set("a", 1), generated_set("b", 2), generated_set("c", 3)]
    table = cross_validate(sets)
    assert [r.name for r in table] == ["a", "b", "c"]
    assert [r.questions for r in table] == [30, 30, 30]
    again = cross_validate(sets)
    assert [(r.choice, r.learned) for r in table] == [(r.choice, r.learned) for r in again]
    for r in table:  # the learned order beats the noisy hand order on a set it did not see
        assert r.learned["mrr"] > r.hand["mrr"]
    assert adoptable(table)
    assert misses(table) == []


def test_the_same_questions_over_another_index_are_held_out_with_them() -> None:
    a, c = generated_set("a", 1), generated_set("c", 3)
    copy = LabelledSet("a-library", generated_set("a", 1).pools, group="a")
    alone = {r.name: r for r in cross_validate([a, c])}
    grouped = {r.name: r for r in cross_validate([a, copy, c])}
    assert grouped["a"].learned == alone["a"].learned  # its copy did not train the model that scores it
    assert grouped["a-library"].learned == alone["a"].learned


def test_metrics_of_the_hand_order_and_a_missing_relevant() -> None:
    x = np.zeros((3, len(FEATURES)))
    pools = [Pool(x, np.array([False, True, False])), Pool(x, np.zeros(3, dtype=bool))]
    assert metrics(pools, None) == {"hit@1": 0.0, "hit@5": 0.5, "mrr": 0.25}


def test_metrics_serve_as_search_does_references_first_identical_texts_once() -> None:
    x = np.zeros((3, len(FEATURES)))
    twice = Pool(x, np.array([False, False, True]), text_key=np.array([7, 7, 8]))
    assert metrics([twice], None)["hit@1"] == 0.0 and metrics([twice], None)["mrr"] == 0.5  # row 1 not served
    referenced = Pool(x, np.array([True, False, False]), served_first=(False,))
    assert metrics([referenced], None)["mrr"] == 0.5  # the reference comes first


def test_the_feature_matrix_is_named_and_unweighted() -> None:
    n = 4
    raw = RawSignals(
        hand=np.array([3.0, 2.0, 1.0, -np.inf]),
        dense=np.array([0.9, 0.8, 0.85, 0.7]),
        dense_stats=(0.8, 0.05),
        lexical=np.array([0.0, 4.0, 2.0, 0.0]),
        lexical_stats=(1.5, 1.5),
        several_laws=False,
        twin=np.array([False, True, False, False]),
        chunks=np.ones(n),
    )
    x = matrix(raw, np.array([0, 1, 2]))
    assert x.shape == (3, len(FEATURES))
    column = dict(zip(FEATURES, x.T, strict=True))
    assert column["dense_z"].tolist() == pytest.approx([2.0, 0.0, 1.0])
    assert column["lexical_none"].tolist() == [1.0, 0.0, 0.0]
    assert column["twin"].tolist() == [0.0, 1.0, 0.0]
    assert column["dense_rank_log"].tolist() == pytest.approx(np.log([1.0, 3.0, 2.0]).tolist())
    assert not column["lexical_log_library"].any()  # one law: the library's lexical feature is off


def model_file(path: Path, embedder: str, weights: dict[str, float], rerank: int = 100) -> Path:
    n = len(FEATURES)
    w = np.array([weights.get(f, 0.0) for f in FEATURES])
    RankerModel(FEATURES, Linear(np.zeros(n), np.ones(n), w), embedder, 100, rerank, {"command": "test"}).save(path)
    return path


def trees_file(path: Path, embedder: str) -> Path:
    """One stump on the hand score: a trees model that keeps the hand order's best first."""
    hand = FEATURES.index("hand")
    stump = {"feature": [hand, -1, -1], "threshold": [0.0, 0.0, 0.0], "left": [1, -1, -1], "right": [2, -1, -1]}
    trees = Trees.of([{**stump, "value": [0.0, -1.0, 1.0]}])
    RankerModel(FEATURES, trees, embedder, 100, 100, {"command": "test"}).save(path)
    return path


def test_a_model_file_from_another_embedder_is_refused(tmp_path: Path, sample_index: Any) -> None:
    from retrieval.search.retriever import Retriever

    other = model_file(tmp_path / "other.json", "openai text-embedding-3-small (1536-d)", {"hand": 1.0})
    with pytest.raises(RankerMismatchError, match="trained over"):
        Retriever.open(sample_index.model_copy(update={"ranker": str(other)}))
    trees = trees_file(tmp_path / "trees.json", "openai text-embedding-3-small (1536-d)")
    with pytest.raises(RankerMismatchError, match="trained over"):
        Retriever.open(sample_index.model_copy(update={"ranker": str(trees)}))
    result = invoke("search", "krađa", "-d", str(sample_index.data_dir), "--json")
    assert result.exit_code == 0  # the same index with the stage off searches as ever


def test_a_model_file_with_other_features_is_refused(tmp_path: Path) -> None:
    path = model_file(tmp_path / "m.json", "x", {})
    data = json.loads(path.read_text())
    data["features"] = [*data["features"][:-1], "something_else"]
    path.write_text(json.dumps(data))
    with pytest.raises(RankerMismatchError, match="features"):
        load(path).check("x")


@pytest.mark.parametrize(
    ("content", "why"),
    [("not json", "not JSON"), ('{"format": "other"}', FORMAT), (f'{{"format": "{FORMAT}"}}', "missing")],
)
def test_a_file_that_is_no_model_is_refused(tmp_path: Path, content: str, why: str) -> None:
    path = tmp_path / "m.json"
    path.write_text(content)
    with pytest.raises(RankerFileError, match=why):
        load(path)
    with pytest.raises(RankerFileError, match="cannot read"):
        load(tmp_path / "absent.json")


def test_the_stage_reorders_real_searches(tmp_path: Path, sample_index: Any) -> None:
    from retrieval.search.retriever import Retriever

    embedder = Retriever.open(sample_index).embedder.identity.describe()
    plain = Retriever.open(sample_index.model_copy(update={"ranker": "off"}))
    as_hand = Retriever.open(
        sample_index.model_copy(update={"ranker": str(model_file(tmp_path / "h.json", embedder, {"hand": 1.0}))})
    )
    reversed_ = Retriever.open(
        sample_index.model_copy(update={"ranker": str(model_file(tmp_path / "r.json", embedder, {"hand": -1.0}))})
    )
    question = "kazna za krađu"
    ids = [h.id for h in plain.search(question, k=5).hits]
    assert [h.id for h in as_hand.search(question, k=5).hits] == ids  # weight on the hand score alone: same order
    assert ids[0] not in [h.id for h in reversed_.search(question, k=5).hits]  # the pool's last come first


def test_train_ranker_writes_a_model_that_records_how_it_was_made(tmp_path: Path, sample_index: Any) -> None:
    data_dir = sample_index.data_dir
    out = tmp_path / "ranker.json"
    result = invoke(
        "eval",
        "train-ranker",
        "--set",
        f"one={SAMPLE_EVAL}:{data_dir}",
        "--set",
        f"two={SAMPLE_EVAL}:{data_dir}",
        "--out",
        str(out),
        "--cache",
        str(tmp_path / "cache"),
    )
    assert result.exit_code == 0, result.output
    assert "leave-one-set-out" in result.output and "adoption rule" in result.output
    model = json.loads(out.read_text())
    assert model["features"] == list(FEATURES)
    assert [s["name"] for s in model["sets"]] == ["one", "two"]
    assert model["command"].startswith("kodeks eval train-ranker")
    assert [r["held_out"] for r in model["cross_validation"]] == ["one", "two"]
    assert [s["group"] for s in model["sets"]] == ["one", "one"]  # the same questions: one fold
    load(out).check(model["embedder"])
    assert list((tmp_path / "cache").glob("one-*.npz"))  # the pools are kept for the next run


class Recorder:
    """A ranking stage that keeps the feature matrix it was given and keeps the hand order."""

    rerank = 5

    def __init__(self) -> None:
        self.seen: list[np.ndarray] = []

    def score(self, x: np.ndarray) -> np.ndarray:
        return np.zeros(len(x))

    def order(self, x: np.ndarray, before: int = 0, skip: np.ndarray | None = None) -> np.ndarray:
        self.seen.append(x.copy())
        return np.arange(len(x))


def test_features_are_computed_the_same_at_training_and_at_serving(tmp_path: Path, sample_index: Any) -> None:
    from retrieval.evaluation import EvalQuestion
    from retrieval.ranking_sets import collect
    from retrieval.search.retriever import Retriever

    question = EvalQuestion("q", "svrha kažnjavanja ako je neko krivotvorio potpis", ["KZ FBiH čl. 42"], None)
    training = Retriever.open(sample_index)
    [pool] = collect(training, [question])
    serving = Retriever.open(sample_index)
    stage = Recorder()
    serving.candidates.ranking = stage
    serving.search(question.question, k=10)
    assert len(stage.seen) == 1 and len(stage.seen[0]) == stage.rerank  # it orders the first five served
    assert np.array_equal(stage.seen[0], pool.x[: stage.rerank])
    column = dict(zip(FEATURES, stage.seen[0].T, strict=True))
    for name in ("title_bm25", "stem_share", "pair_share", "position", "title_dense", "law_rank_log"):
        assert column[name].any(), name  # the learned stage's own signals are there
    assert not (sample_index.data_dir / "ranking-cache").exists()  # opening wrote nothing: the writer stored them


def test_an_anchored_model_is_drawn_to_the_hand_order() -> None:
    sets = [generated_set("a", 1), generated_set("b", 2)]
    loose = train(sets, Choice(0.01, "signals+hand", 12, "anchored")).scorer
    tight = train(sets, Choice(1000.0, "signals+hand", 12, "anchored")).scorer
    assert isinstance(loose, Linear) and isinstance(tight, Linear)
    others = [i for i in range(len(FEATURES)) if i != HAND]
    assert (
        tight.weights[HAND] > 0 and np.abs(tight.weights[others]).max() < 0.01 * tight.weights[HAND]
    )  # the hand order
    assert int(np.argmax(loose.weights)) == DENSE  # with a weak pull, what decides wins
    assert np.array_equal(train(sets, Choice(0.01, "signals+hand", 12, "anchored")).scorer.weights, loose.weights)


def test_the_shipped_model_file_is_one_of_this_versions_features() -> None:
    model = load(SHIPPED).check(json.loads(SHIPPED.read_text(encoding="utf-8"))["embedder"])
    assert model.meta["command"].startswith("kodeks eval train-ranker")
    assert all(len(s.get("questions_sha256") or s["threads_sha256"]) == 64 for s in model.meta["sets"])
    assert model.meta["adoption_rule_met"]  # on by default only because the leave-one-set-out said so


def test_the_stage_is_on_by_default_with_the_shipped_model(
    tmp_path: Path, sample_index: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import retrieval.search.retriever as retriever_module
    from kodeks.settings import load_settings
    from retrieval.search.retriever import Retriever

    assert load_settings(_env_file=None).ranker == "on"
    default = Retriever.open(sample_index)
    assert default.candidates.ranking is not None and default.candidates.ranking.rerank == load(SHIPPED).rerank
    assert "rank" in default.search("kazna za krađu", k=5).timings_ms
    assert Retriever.open(sample_index.model_copy(update={"ranker": "off"})).candidates.ranking is None
    # An index of another embedder than the shipped model's: the hand order serves, and a warning says why.
    other = model_file(tmp_path / "other.json", "openai text-embedding-3-small (1536-d)", {"hand": 1.0}, rerank=5)
    monkeypatch.setattr(retriever_module, "SHIPPED_RANKER", other)
    with caplog.at_level("WARNING"):
        assert Retriever.open(sample_index).candidates.ranking is None
    assert "hand-weighted order serves" in caplog.text


def test_the_cascade_reorders_only_the_first_served_and_keeps_which_they_are() -> None:
    rng = np.random.default_rng(5)
    for _ in range(50):
        size, rerank, before = int(rng.integers(1, 12)), int(rng.integers(1, 8)), int(rng.integers(0, 3))
        scores = rng.normal(size=size)
        order = cascade(scores.__getitem__, size, rerank, before)
        assert sorted(order.tolist()) == list(range(size))
        head = np.arange(size)[: max(0, rerank - before)]
        assert sorted(order[head].tolist()) == head.tolist()  # the same rows fill the first places…
        assert scores[order[head]].tolist() == sorted(scores[head].tolist(), reverse=True)  # …best first
        rest = np.setdiff1d(np.arange(size), head)
        assert order[rest].tolist() == rest.tolist()  # every other row where the hand order put it


def test_a_cascade_of_five_keeps_the_hand_orders_hit_at_5() -> None:
    sets = [generated_set("a", 1), generated_set("b", 2)]
    fit = train(sets, Choice(0.01, "signals", 12, rerank=5))
    assert fit.rerank == 5 and fit.depth == 12
    whole = train(sets, Choice(0.01, "signals", 12))
    assert np.array_equal(fit.scorer.weights, whole.scorer.weights)  # N changes how it serves, not what is learned
    unseen = generated_set("c", 3, questions=60).pools
    # References served ahead of the pool take the first places: the cascade counts them.
    unseen += [Pool(p.x, p.relevant, served_first=(False,)) for p in generated_set("d", 4).pools]
    hand, learned = metrics(unseen, None), metrics(unseen, fit)
    assert learned["hit@5"] == hand["hit@5"]
    assert learned["hit@1"] > hand["hit@1"]  # what moves is the first article
    assert metrics(unseen, whole)["hit@5"] != hand["hit@5"]  # reordering the whole pool moves hit@5 too


def test_training_with_a_cascade_is_deterministic_and_its_n_is_chosen() -> None:
    sets = [generated_set("a", 1), generated_set("b", 2), generated_set("c", 3)]
    first = train(sets, Choice(0.01, "signals+hand", 12, rerank=5))
    second = train(sets, Choice(0.01, "signals+hand", 12, rerank=5))
    assert isinstance(first.scorer, Linear) and isinstance(second.scorer, Linear)
    assert np.array_equal(first.scorer.weights, second.scorer.weights) and first.rerank == second.rerank == 5
    trainer = Trainer(sets)
    chosen = trainer.choose(frozenset({"a"}))
    assert chosen == Trainer(sets).choose(frozenset({"a"}))
    # The rule's choice: no inner set lower at hit@5 than the hand order.
    for s in sets[1:]:
        assert trainer.held_out(chosen, frozenset({"a", s.fold}), s)["hit@5"] >= metrics(s.pools, None)["hit@5"]


def test_a_model_file_of_an_older_format_is_read_as_reordering_its_depth(tmp_path: Path) -> None:
    path = model_file(tmp_path / "m.json", "e", {"hand": 1.0}, rerank=5)
    model = load(path)
    assert (model.depth, model.rerank) == (100, 5)
    data = json.loads(path.read_text())
    assert data["format"] == FORMAT and data["rerank"] == 5
    for old in ("kodeks-ranker/2", "kodeks-ranker/1"):
        del data["rerank"]
        data["format"] = old
        path.write_text(json.dumps(data))
        assert (load(path).depth, load(path).rerank) == (100, 100)
        data["rerank"] = 5
    data["format"], data["rerank"] = FORMAT, 101
    path.write_text(json.dumps(data))
    with pytest.raises(RankerFileError, match="rerank"):
        load(path)
    del data["rerank"]
    path.write_text(json.dumps(data))
    with pytest.raises(RankerFileError, match="rerank"):
        load(path)


def served_once(retriever: Any, indexes: np.ndarray) -> list[str]:
    """The articles' ids in this order, identical texts once (as search serves them: layout.dedupe)."""
    articles = retriever.catalog.many(indexes.tolist())
    seen: set[int] = set()
    out = []
    for i in indexes.tolist():
        code = int(retriever.layout.hash_code[i])
        if code not in seen:
            seen.add(code)
            out.append(articles[i].id)
    return out


def test_a_served_search_and_the_training_evaluation_order_a_pool_alike(tmp_path: Path, sample_index: Any) -> None:
    from retrieval.search.retriever import Retriever

    embedder = Retriever.open(sample_index).embedder.identity.describe()
    # An order unlike the hand order's: the lexical evidence against the dense one.
    path = model_file(tmp_path / "m.json", embedder, {"lexical_z": 1.0, "dense_z": -1.0}, rerank=5)
    model = load(path)
    fit = Fit(model.scorer, model.depth, model.rerank)
    served = Retriever.open(sample_index.model_copy(update={"ranker": str(path)}))
    pools: list[tuple[np.ndarray, np.ndarray]] = []
    served.candidates.sink = lambda order, x: pools.append((order.copy(), x.copy()))
    moved = referenced = 0
    for question in ("kazna za krađu", "svrha kažnjavanja", "nužna odbrana", "član 42 KZ FBiH i krivotvorenje"):
        pools.clear()
        hits = served.search(question, k=10).hits
        references = [h for h in hits if h.level == "reference"]
        [(order, x)] = pools  # the hand order's pool, before the stage
        codes = served.layout.hash_code
        taken = {int(codes[served.catalog.index_of(h.id)]) for h in references}
        keep = ~np.isin(codes[order], list(taken))  # as training's pools are collected (ranking_sets.collect)
        pool = order[keep]
        rows = fit.order(x[keep], len(references))  # training's evaluation (metrics)
        learned, hand = served_once(served, pool[rows]), served_once(served, pool)
        assert [h.id for h in hits[len(references) :]] == learned[: 10 - len(references)]
        first = 5 - len(references)
        assert sorted(learned[:first]) == sorted(hand[:first])  # the first five: the hand order's articles
        moved += learned[:first] != hand[:first]
        referenced += bool(references)
    assert moved and referenced  # the stage did reorder something; a reference took the first place once


def test_a_continuation_serves_the_hand_orders_five_after_the_fusion(tmp_path: Path, sample_index: Any) -> None:
    """A continuation's served list is its thread's ranking fused with its own words ranked alone; the stage orders
    that list, not each ranking before the fusion, so its first five are the hand order's, and training keeps the
    same list as the turn's pool (what serving orders is what training evaluates)."""
    from retrieval.ranking_sets import collecting
    from retrieval.search.retriever import Retriever
    from retrieval.types import ThreadContext

    embedder = Retriever.open(sample_index).embedder.identity.describe()
    path = model_file(tmp_path / "r.json", embedder, {"hand": -1.0}, rerank=5)  # the hand order's first last
    plain = Retriever.open(sample_index.model_copy(update={"ranker": "off"}))
    staged = Retriever.open(sample_index.model_copy(update={"ranker": str(path)}))
    question, pulled = "a ako je ukrao auto?", ThreadContext("vozac odbije alkotest")
    thread = [h.id for h in plain.search(question, k=10, context=pulled).hits]
    continued = replace(pulled, alone=True)
    with collecting(plain) as seen:
        hand = [h.id for h in plain.search(question, k=10, context=continued).hits]
    assert hand[:5] != thread[:5]  # the fusion reordered the first five: the stage orders its result
    served = [h.id for h in staged.search(question, k=10, context=continued).hits]
    assert sorted(served[:5]) == sorted(hand[:5]) and served[:5] != hand[:5] and served[5:] == hand[5:]
    assert len(seen) == 3  # the thread's search, the words alone, and the served list they fuse into
    assert served_once(plain, seen[-1][0])[:10] == hand


def test_the_writer_stores_the_title_vectors_and_reuses_the_unchanged(tmp_path: Path) -> None:
    from retrieval.index.title_fields import store_vectors, stored_vectors

    calls: list[list[str]] = []

    def embed(texts: list[str]) -> np.ndarray:  # a stand-in embedder: one direction per text length
        calls.append(texts)
        return np.asarray([[len(t), 1.0, 0.0] for t in texts])

    first, second = tmp_path / "g1", tmp_path / "g2"
    first.mkdir(), second.mkdir()
    texts = ["Krađa", "Razbojništvo Krivična djela protiv imovine", ""]
    assert store_vectors(first, texts, "e", embed) == 2
    vectors = stored_vectors(first, texts, "e")
    assert vectors is not None and vectors.shape == (3, 3) and not vectors[2].any()
    assert np.allclose(np.linalg.norm(vectors[:2], axis=1), 1.0)
    assert stored_vectors(first, texts, "another embedder") is None  # never another embedder's
    assert stored_vectors(first, ["Krađa", "Ubistvo", ""], "e") is None  # never of other texts
    changed = ["Krađa", "Ubistvo", ""]
    calls.clear()
    assert store_vectors(second, changed, "e", embed, previous=first) == 1  # only the changed title embedded
    assert calls == [["Ubistvo"]]
    again = stored_vectors(second, changed, "e")
    assert again is not None and np.array_equal(again[0], vectors[0])


def test_a_generation_holds_its_title_vectors_and_opening_embeds_none(sample_index: Any) -> None:
    from retrieval.index.generations import current_paths
    from retrieval.index.title_fields import embed_fields, stored_vectors, title_fields
    from retrieval.search.retriever import Retriever

    retriever = Retriever.open(sample_index)
    texts = title_fields(retriever.catalog).texts()
    stored = stored_vectors(current_paths(sample_index).root, texts, retriever.embedder.identity.describe())
    assert stored is not None and stored.shape[0] == len(texts)
    fresh = embed_fields(texts, retriever.embedder.embed_passages)
    assert fresh is not None and np.allclose(stored, fresh, atol=1e-5)  # what the stage would embed itself


THREAD_LINES = [
    {
        "id": "t1",
        "jurisdiction": "FBiH",
        "split": "tune",
        "turns": [
            {"q": "ukrao mu je novčanik iz džepa u tramvaju", "relevant": ["KZ FBiH čl. 286"]},
            {"q": "a koja je kazna za to?", "relevant": ["KZ FBiH čl. 286"]},
        ],
    },
    {
        "id": "t2",
        "jurisdiction": "FBiH",
        "split": "tune",
        "turns": [
            {"q": "neko mi je krivotvorio potpis na ugovoru", "relevant": ["KZ FBiH čl. 373"]},
            {"q": "a šta ako je to bila lična karta?", "relevant": ["KZ FBiH čl. 373"]},
        ],
    },
    {
        "id": "t3",
        "jurisdiction": "FBiH",
        "split": "measure",  # never seen: only the tune split is asked for
        "turns": [{"q": "vozač odbija alkotest", "relevant": ["ZOBS BiH čl. 174"]}],
    },
]


def test_thread_turns_are_pools_played_in_their_thread(tmp_path: Path, sample_index: Any) -> None:
    """Each turn's pool is the one its search computed in the thread `kodeks eval threads` plays (the follow-up's
    rows carry the previous answer as the `previous` feature), and a split leaves the other threads out."""
    from kodeks.answering.thread_eval import load_threads
    from kodeks.answering.thread_pools import collect_threads

    path = tmp_path / "threads.jsonl"
    path.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in THREAD_LINES), encoding="utf-8")
    cases = load_threads(path, "tune")
    played = collect_threads(sample_index, cases)
    assert played.first == [True, False, True, False]
    assert all(p.relevant.any() for p in played.pools)
    previous = FEATURES.index("previous")
    assert not any(p.x[:, previous].any() for p, f in zip(played.pools, played.first, strict=True) if f)
    assert played.pools[1].x[:, previous].any()  # the follow-up's pool knows what the thread served
    again = collect_threads(sample_index, cases)
    assert all(np.array_equal(a.x, b.x) for a, b in zip(played.pools, again.pools, strict=True))


def test_train_ranker_with_thread_sets_is_deterministic_and_scores_their_turns_apart(
    tmp_path: Path, sample_index: Any
) -> None:
    data_dir = sample_index.data_dir
    path = tmp_path / "threads.jsonl"
    path.write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in THREAD_LINES), encoding="utf-8")
    models = []
    for run in ("a", "b"):  # collected afresh each time (no shared cache): the same model to the last digit
        out = tmp_path / f"{run}.json"
        result = invoke(
            "eval",
            "train-ranker",
            "--set",
            f"single={SAMPLE_EVAL}:{data_dir}",
            "--threads",
            f"talk={path}:{data_dir}",
            "--split",
            "talk=tune",
            "--out",
            str(out),
            "--cache",
            str(tmp_path / f"cache-{run}"),
        )
        assert result.exit_code == 0, result.output
        assert "first turns" in result.output and "follow-ups" in result.output
        models.append(json.loads(out.read_text(encoding="utf-8")))
    first, second = models
    assert first["weights"] == second["weights"] and first["mean"] == second["mean"]
    talk = next(s for s in first["sets"] if s["name"] == "talk")
    assert talk["split"] == "tune" and talk["threads"] == 2 and talk["questions"] == 4
    assert len(talk["threads_sha256"]) == 64
    row = next(r for r in first["cross_validation"] if r["held_out"] == "talk")
    assert {p: v["turns"] for p, v in row["parts"].items()} == {"first turns": 2, "follow-ups": 2}
    assert list((tmp_path / "cache-a").glob("talk-*.npz"))


def test_the_adoption_rule_holds_the_thread_sets_turns_apart() -> None:
    from retrieval.ranking.training import HeldOut

    same = {"hit@1": 0.5, "hit@5": 0.8, "mrr": 0.6}
    up = {"hit@1": 0.7, "hit@5": 0.8, "mrr": 0.7}
    down = {"hit@1": 0.3, "hit@5": 0.8, "mrr": 0.5}
    choice = Choice(0.01, "signals", 12)
    singles = HeldOut("single", 10, choice, same, up)
    gaining = HeldOut("talk", 4, choice, same, same, {"first turns": (2, same, up), "follow-ups": (2, same, same)})
    losing = HeldOut("talk", 4, choice, same, same, {"first turns": (2, same, up), "follow-ups": (2, same, down)})
    assert adoptable([singles, gaining])
    assert not adoptable([singles, losing])  # the single questions' gain does not pay for the follow-ups' loss
    assert misses([singles, losing]) == ["thread sets' follow-ups: mean hit@1 30.0 against 50.0 (-20.0 points)"]
