"""Does `weak` / `threshold` mean something? Measured over the dev library (bench/library.py builds it).

    .venv/bin/python bench/confidence.py                 # library sets + the single codes
    .venv/bin/python bench/confidence.py --cache-queries # method sweeps (no embedding; latency meaningless)
    .venv/bin/python bench/confidence.py --cache-queries --learned-scores  # what bounds confidence.LEARNED_SCORE

`--learned-scores` prints, for the sets the constants were tuned on only (not covered n01–n20, bsdev as an RS
officer, library check, bsdev alone), each question the learned stage's score decides (`weak` without it, not weak
with it at any score): its score, and whether it is not covered or a false alarm (a right article in the first
five). LEARNED_SCORE goes above the highest not-covered score and at or below the lowest false alarm's. It reads
the model in the search (KODEKS_RANKER) whatever LEARNED_MODEL says: for choosing the constant of a new model.

Sets: `not covered` — bench/sets/not_covered.jsonl, 40 questions of our own whose law is not loaded in
the dev library (dog bites, identity checks, a landlord, wages, a passport …; no gold), each asked by an
officer of its jurisdiction; the confidence constants were chosen on ids n01–n20 ("fit"), n21–n40 are
reported apart ("held out"); `not covered (apart)` — bench/sets/not_covered_heldout.jsonl, 40 more written
apart from the method. `covered` — bsdev's 48 questions as an RS officer, the 40 library check questions
(bench/sets/library_check.jsonl) and the 60 held-out library questions (bench/sets/library_heldout.jsonl)
over the library, and bsdev / coliee / gerlayqa alone; with `--officers` also issue 31's sets per law kind
and per code (traffic, state, brcko, o-kzfbih …; bench/sets/README.md), covered, over the library.

Printed per set: the share flagged weak, split for covered sets into flagged while a relevant article
was among the first five (a false alarm) and flagged while none was (a right warning); and how many hits
are labelled `threshold` and which share of them is relevant (k = 10, as `kodeks eval retrieval`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import library as lib

from retrieval.evaluation import EvalQuestion, load_eval
from retrieval.jurisdictions import as_scope

NOT_COVERED = lib.REPO / "bench" / "sets" / "not_covered.jsonl"
NOT_COVERED_APART = lib.REPO / "bench" / "sets" / "not_covered_heldout.jsonl"
NOT_COVERED_APART2 = lib.REPO / "bench" / "sets" / "not_covered_apart2.jsonl"  # written after the method was built
FIT_LAST = 20  # n01–n20 chose the constants; n21–n40 are held out


def not_covered(half: str) -> list[EvalQuestion]:
    """ "fit" / "hold": our set's halves; "apart", "apart2": the sets written apart from the method."""
    path = {"apart": NOT_COVERED_APART, "apart2": NOT_COVERED_APART2}.get(half, NOT_COVERED)
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = (
        rows if half.startswith("apart") else [r for r in rows if (int(r["id"][1:]) <= FIT_LAST) == (half == "fit")]
    )
    return [EvalQuestion(r["id"], r["question"], (), r.get("jurisdiction")) for r in chosen]


def measure(retriever, questions: list[EvalQuestion], k: int) -> dict[str, float]:
    weak = weak_found = labelled = labelled_relevant = 0
    for q in questions:
        result = retriever.search(q.question, k=k, jurisdiction=as_scope(q.jurisdiction))
        found = any(h.id in q.relevant for h in result.hits[:5])
        weak += result.weak
        weak_found += result.weak and found
        for h in result.hits:
            if h.level == "threshold":
                labelled += 1
                labelled_relevant += h.id in q.relevant
    n = len(questions) or 1
    return {
        "n": len(questions),
        "weak": weak / n,
        "weak_found": weak_found / n,
        "weak_missed": (weak - weak_found) / n,
        "threshold": labelled,
        "threshold_relevant": labelled_relevant / labelled if labelled else 0.0,
    }


def learned_scores(retriever, questions: list[EvalQuestion], covered: bool) -> list[tuple[float, str, str]]:
    """(score, kind, question) of each question the learned score decides: kind "not covered", "false alarm" (a
    right article in the first five) or "right warning" (none)."""
    import retrieval.search.confidence as confidence

    served: list[float | None] = []
    serve = retriever.candidates.serve

    def recording(candidates, before=0, timings=None):
        out = serve(candidates, before, timings)
        served.append(out[0].learned if out else None)
        return out

    retriever.candidates.serve = recording
    retriever._learned_weak = retriever.candidates.ranking is not None  # this model's scores, whatever LEARNED_MODEL
    chosen = confidence.LEARNED_SCORE
    out = []
    try:
        for q in questions:
            weak = {}
            for score in (float("inf"), float("-inf")):
                confidence.LEARNED_SCORE = score
                served.clear()
                result = retriever.search(q.question, k=10, jurisdiction=as_scope(q.jurisdiction))
                weak[score] = result.weak
            if weak[float("inf")] and not weak[float("-inf")] and served and served[-1] is not None:
                found = any(h.id in q.relevant for h in result.hits[:5])
                kind = "false alarm" if found else "right warning"
                out.append((served[-1], kind if covered else "not covered", q.question))
    finally:
        confidence.LEARNED_SCORE = chosen
        retriever.candidates.serve = serve
    return out


def print_learned_scores(rows: list[tuple[str, list[tuple[float, str, str]]]]) -> None:
    print(f"\nquestions the learned score decides (tune sets only; LEARNED_SCORE now {_constant()}):")
    for name, found in rows:
        for score, kind, question in sorted(found):
            print(f"{name:22s} {score:7.3f} {kind:14s} {question[:80]}")
    not_covered = [s for _, found in rows for s, kind, _ in found if kind == "not covered"]
    alarms = [s for _, found in rows for s, kind, _ in found if kind == "false alarm"]
    high = max(not_covered, default=float("-inf"))
    low = min(alarms, default=float("inf"))
    print(
        f"highest not-covered score {high:.3f}, lowest false alarm's {low:.3f}: LEARNED_SCORE in ({high:.3f}, {low:.3f}]"
    )


def _constant() -> float:
    from retrieval.search.confidence import LEARNED_SCORE

    return LEARNED_SCORE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/kodeks-library"))
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--set-env", action="append", default=[], metavar="KODEKS_X=V")
    parser.add_argument("--cache-queries", action="store_true")
    parser.add_argument("--as-built", action="store_true", help="the library as it is on disk (see bench/library.py)")
    parser.add_argument(
        "--officers",
        action="store_true",
        help="also issue 31's sets per law kind and code (bench/library.py KIND_SETS)",
    )
    parser.add_argument("--singles", nargs="*", default=["bsdev", "coliee", "gerlayqa"], choices=list(lib.SINGLE))
    parser.add_argument("--learned-scores", action="store_true", help="what bounds LEARNED_SCORE (tune sets only)")
    args = parser.parse_args()
    if not (lib.LAWS.exists() and lib.BENCH.exists()):
        print(f"[skip] {lib.SHARED} not found", file=sys.stderr)
        return
    env = dict(item.split("=", 1) for item in args.set_env)
    cache = (lambda name: args.work / f"queries-{name}.json") if args.cache_queries else (lambda name: None)
    dev = load_eval(lib.SINGLE["bsdev"][1])
    rows: list[tuple[str, str, dict[str, float]]] = []
    retriever = lib.open_retriever(
        lib.build_library(args.work, env, not args.as_built), "serbian", env, cache("library")
    )
    retriever.search("zagrijavanje")
    if args.learned_scores:
        tuned = [
            ("not covered (fit)", learned_scores(retriever, not_covered("fit"), covered=False)),
            ("bsdev, RS officer", learned_scores(retriever, lib.with_jurisdiction(dev, "RS"), covered=True)),
            ("library check", learned_scores(retriever, load_eval(lib.CHECK), covered=True)),
        ]
        del retriever
        alone = lib.open_retriever(
            lib.build_single(args.work, "bsdev", env), lib.SINGLE["bsdev"][2], env, cache("bsdev")
        )
        tuned.append(("bsdev alone", learned_scores(alone, dev, covered=True)))
        print_learned_scores(tuned)
        return
    rows.append(("not covered (fit)", "library", measure(retriever, not_covered("fit"), args.k)))
    rows.append(("not covered (held out)", "library", measure(retriever, not_covered("hold"), args.k)))
    rows.append(("not covered (apart)", "library", measure(retriever, not_covered("apart"), args.k)))
    rows.append(("not covered (apart 2)", "library", measure(retriever, not_covered("apart2"), args.k)))
    rows.append(("bsdev, RS officer", "library", measure(retriever, lib.with_jurisdiction(dev, "RS"), args.k)))
    rows.append(("library check", "library", measure(retriever, load_eval(lib.CHECK), args.k)))
    rows.append(("library held out", "library", measure(retriever, load_eval(lib.HELDOUT), args.k)))
    rows.append(("library apart 2", "library", measure(retriever, load_eval(lib.APART), args.k)))
    if args.officers:
        for name, path in lib.KIND_SETS.items():
            rows.append((name, "library", measure(retriever, load_eval(path), args.k)))
    del retriever
    for name in args.singles:
        _corpus, questions, language = lib.SINGLE[name]
        retriever = lib.open_retriever(lib.build_single(args.work, name, env), language, env, cache(name))
        rows.append((name, "alone", measure(retriever, load_eval(questions), args.k)))
        del retriever
    print(
        f"\n{'set':24s} {'index':8s} {'n':>5s} {'weak':>6s} {'(found)':>8s} {'(missed)':>9s} {'threshold':>10s} {'relevant':>9s}"
    )
    for name, where, m in rows:
        print(
            f"{name:24s} {where:8s} {m['n']:5d} {m['weak']:6.1%} {m['weak_found']:8.1%} {m['weak_missed']:9.1%} "
            f"{m['threshold']:10d} {m['threshold_relevant']:9.1%}"
        )
    if env:
        print(f"settings: {' '.join(args.set_env)}")


if __name__ == "__main__":
    main()
