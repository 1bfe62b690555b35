"""Retrieval quality: method × dataset × hit@1/5/10, MRR@10, p50 ms — measured in one run.

    .venv/bin/python bench/retrieval_quality.py                 # sample + the three dev sets
    .venv/bin/python bench/retrieval_quality.py --datasets bsdev --threshold
    .venv/bin/python bench/retrieval_quality.py --datasets coliee --limit 200

Dev sets are read from ../shared/bench (skipped when absent) and indexed once under --work
(the first run embeds the corpora: minutes; later runs reuse the index). Every method runs the
real `Retriever.search` with the threshold disabled, so the figures compare rankings; the
threshold is evaluated separately by `kodeks eval retrieval --sweep`. `bm25s` is the reference
baseline of ../shared/bench/README.md (bm25s's own tokenizer, Snowball, its stopword list, whole
articles), outside our engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # after PYTHONPATH: PYTHONPATH=<another checkout> measures that build

from kodeks.settings import load_settings
from retrieval.evaluation import evaluate, load_eval
from retrieval.ingest.run import ingest_paths
from retrieval.search.retriever import Retriever
from retrieval.types import Hit, SearchResult

SHARED = REPO.parent / "shared" / "bench"
DATASETS = {
    # name: (corpus, questions, Snowball language of the corpus)
    "sample": (REPO / "data/sample/corpus.jsonl", REPO / "data/sample/eval.jsonl", "serbian"),
    "coliee": (SHARED / "coliee/corpus.jsonl", SHARED / "coliee/dev.jsonl", "english"),
    "gerlayqa": (SHARED / "gerlayqa/corpus.jsonl", SHARED / "gerlayqa/dev.jsonl", "german"),
    "bsdev": (SHARED / "bsdev/corpus.jsonl", SHARED / "bsdev/dev.jsonl", "serbian"),
}
# Baselines first (the reference figures of ../shared/bench/README.md), then what KODEKS ships.
METHODS: dict[str, dict[str, object]] = {
    "bm25s": {},  # plain_bm25s() below, not our engine
    "dense": {"search_mode": "dense", "subqueries": False, "vocabulary": False},
    "bm25": {"search_mode": "lexical", "vocabulary": False},
    "rrf": {
        "search_mode": "hybrid",
        "fusion": "rrf",
        "rrf_k": 60,
        "dense_weight": 1.0,
        "lexical_weight": 1.0,
        "subqueries": False,
        "vocabulary": False,
    },
    # the shipped fusion without the vocabulary knowledge (BCS variants still tokenise the index)
    "novocab": {"vocabulary": False},
    "kodeks": {},  # the defaults in kodeks/settings.py
    "kodeks-hnsw": {"dense_search": "hnsw"},  # dense candidates from Chroma's HNSW index (large libraries)
}


def plain_bm25s(retriever: Retriever, language: str):
    """The reference BM25: bm25s tokenisation with a Snowball stemmer and bm25s's stopwords, whole articles."""
    import bm25s
    import Stemmer

    stemmer = Stemmer.Stemmer(language)
    stopwords = {"english": "en", "german": "de"}.get(language)
    articles = list(retriever.articles.values())
    model = bm25s.BM25()
    model.index(
        bm25s.tokenize([a.text for a in articles], stopwords=stopwords, stemmer=stemmer, show_progress=False),
        show_progress=False,
    )

    def search(question: str) -> SearchResult:
        tokens = bm25s.tokenize(
            [question], stopwords=stopwords, stemmer=stemmer, show_progress=False, return_ids=False
        )[0]
        tokens = [t for t in tokens if t in model.vocab_dict]
        top = model.get_scores(tokens).argsort()[::-1][:10] if tokens else []
        hits = [Hit(articles[i], 0.0, None, None, None, "top_k") for i in top]
        return SearchResult(question, question, hits, "top_k")

    return search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--datasets", nargs="+", default=list(DATASETS), choices=list(DATASETS))
    parser.add_argument("--methods", nargs="+", default=list(METHODS), choices=list(METHODS))
    parser.add_argument("--work", type=Path, default=REPO / "bench" / "out", help="where the bench indexes live")
    parser.add_argument("--limit", type=int, default=0, help="only the first N questions of each set")
    parser.add_argument("--json", type=Path, help="also write all figures as JSON")
    parser.add_argument(
        "--threshold",
        action="store_true",
        help="keep KODEKS_THRESHOLD on (as `kodeks eval retrieval` runs) instead of disabling it",
    )
    args = parser.parse_args()

    rows = []
    for name in args.datasets:
        corpus, questions_file, language = DATASETS[name]
        if not corpus.exists():
            print(f"[skip] {name}: {corpus} not found", file=sys.stderr)
            continue
        data_dir = args.work / name
        base = load_settings(data_dir=data_dir, lexical_language=language, _env_file=None)
        report = ingest_paths(base, [corpus])
        print(f"[{name}] {report.total_articles} articles, embedded {report.embedded}", file=sys.stderr)
        questions = load_eval(questions_file)
        if args.limit:
            questions = questions[: args.limit]
        for method in args.methods:
            if method == "novocab" and language != "serbian":
                continue  # the vocabulary is BCS knowledge: elsewhere it equals `kodeks`
            overrides = {k: v for k, v in METHODS[method].items() if k in type(base).model_fields}
            settings = base.model_copy(update=overrides)
            retriever = Retriever.open(settings)
            if method == "bm25s":
                run = evaluate(questions, plain_bm25s(retriever, language))
            else:
                threshold = None if args.threshold else -1.0
                run = evaluate(questions, lambda q, r=retriever, t=threshold: r.search(q, k=10, threshold=t))
            rows.append({"dataset": name, "method": method, **run.metrics})
            m = run.metrics
            print(f"[{name}] {method:7s} hit@5={m['hit@5']:.3f}", file=sys.stderr)

    print(
        f"\n{'dataset':10s} {'method':8s} {'n':>5s} {'hit@1':>6s} {'hit@5':>6s} {'hit@10':>6s} {'MRR@10':>7s} {'p50 ms':>7s}"
    )
    for r in rows:
        print(
            f"{r['dataset']:10s} {r['method']:8s} {r['n']:5d} {r['hit@1']:6.1%} {r['hit@5']:6.1%} "
            f"{r['hit@10']:6.1%} {r['mrr@10']:7.3f} {r['p50_ms']:7.1f}"
        )
    by_dataset: dict[str, dict[str, float]] = {}
    for r in rows:
        by_dataset.setdefault(r["dataset"], {})[r["method"]] = r["p50_ms"]
    for name, p50 in by_dataset.items():
        if p50.get("dense"):
            ratios = ", ".join(f"{m} {v / p50['dense']:.2f}×" for m, v in p50.items())
            print(f"p50 latency vs dense, {name}: {ratios}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))


if __name__ == "__main__":
    main()
