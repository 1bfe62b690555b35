"""What the learned ranking stage costs per search: its features and scores over the candidate pool.

    .venv/bin/python bench/ranking_latency.py --data-dir /tmp/kodeks-library/library \
        --questions bench/sets/library_heldout.jsonl --rounds 3

Every question is searched (as its officer, when the set names one) with KODEKS_RANKER set to the model (`--model`:
a file, or "on", the default: the model kodeks ships); the
stage times itself (`timings_ms["rank"]`: the feature matrix of the KODEKS_CANDIDATE_DEPTH candidates and the
model's scores, the reordering). Printed: p50 and p95 of that over all searches, and the p50 of the whole
search without the embedding for scale. The target (issue 31) is ≤ 5 ms p50 over the library.
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from kodeks.settings import load_settings
from retrieval.evaluation import load_eval, percentile
from retrieval.jurisdictions import as_scope
from retrieval.search.retriever import Retriever


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--model", default="on", help='a model file, or "on": the one kodeks ships')
    parser.add_argument("--questions", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    settings = load_settings(data_dir=args.data_dir).model_copy(update={"ranker": str(args.model)})
    retriever = Retriever.open(settings)
    questions = load_eval(args.questions)
    retriever.search("zagrijavanje")  # the first call loads the model: not a question's latency
    stage: list[float] = []
    rest: list[float] = []
    for _ in range(args.rounds):
        for q in questions:
            t = retriever.search(q.question, k=10, jurisdiction=as_scope(q.jurisdiction)).timings_ms
            if "rank" in t:
                stage.append(t["rank"])
                rest.append(t["total"] - t.get("embed", 0.0))
    if not stage:
        raise SystemExit("no search ran the stage (every question answered by reference?)")
    print(
        f"{len(stage)} searches over {retriever.article_count} articles: learned stage p50 "
        f"{statistics.median(stage):.2f} ms, p95 {percentile(stage, 95):.2f} ms; "
        f"search without the embedding p50 {statistics.median(rest):.1f} ms"
    )


if __name__ == "__main__":
    main()
