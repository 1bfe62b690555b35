"""Search over a ministry's whole library (issue 22): the dev library built once, evaluated every run.

    .venv/bin/python bench/library.py                      # build (first run: ~30 min of embedding), evaluate
    .venv/bin/python bench/library.py --sets library-rs bsdev --diagnose
    .venv/bin/python bench/library.py --set-env KODEKS_TITLE_WEIGHT=0 --sets library-rs
    .venv/bin/python bench/library.py --without-openings --sets library-rs bsdev   # an ablation

The dev library is one data dir (`--work`/library) holding eleven files of ../shared/laws, each ingested
with its --law and --jurisdiction as the issue lists them. It is (re)ingested only when its inputs change
(the files' bytes, their names, the ingest code): a stamp beside it records what it was built from, and
ingest is incremental, so a change re-embeds only the articles whose chunks changed. Methods that only
change search reuse it as it is.

Sets (`--sets`):
  library-rs   bsdev's 48 questions, each asked by an RS officer (scope RS + BiH), over the library
  library      the same questions unscoped over the library
  check        bench/sets/library_check.jsonl over the library: 40 questions of our own whose articles are
               in the other laws (state-level offences, traffic, VAT, advocacy, police ranks, roads, the
               constitution, Brčko and FBiH officers), each asked by an officer of its jurisdiction — a check
               that preferring the officer's code does not bury the state-level and non-criminal laws
  heldout      bench/sets/library_heldout.jsonl over the library: 60 officers' questions written apart from the
               method (FBiH, RS and Brčko officers; the four criminal codes, both traffic laws and the others),
               each asked by an officer of its jurisdiction — never used to choose a method or a constant
               (with `heldout-own`: each question within its own law only, the baseline the library is held to)
  apart        bench/sets/library_apart2.jsonl: 40 more written apart, after the methods of this round were
               chosen (with `apart-own` likewise)
  traffic, state, brcko   bench/sets/traffic_zobs.jsonl (ZOBS BiH), state_kzbih.jsonl (KZ BiH), brcko_kzbd.jsonl
               (KZ BD): officers' sets for the law kinds that had none (issue 31), each with `-own` likewise
  o-kzfbih, o-kzrs, o-zobs, o-kzbih, o-kzbd   bench/sets/officers_*.jsonl: one officers' set per code, written
               apart from the method (issue 31), each with `-own` likewise
  o2-kzfbih, o2-zobs   bench/sets/officers2_*.jsonl: the second officers' sets (KZ FBiH, ZOBS BiH), written
               apart from the method (issue 31), each with `-own` likewise
  bsdev        the same questions over KZ RS alone (../shared/bench/bsdev/corpus.jsonl)
  coliee, gerlayqa   the other dev sets alone (no worse than before: 80.6 % / 21.1 % hit@5)

Every figure is `Retriever.search` as shipped (threshold on, k = 10) unless --set-env changes a setting.
--diagnose prints, per library question, where its gold article ranks here and alone, and which laws
fill the top five; and, for every set with an `-own` run, the questions the library loses (or gains) against
their own code at hit@5 and hit@1, each with the articles that take the place and why by class (the same law's
order, another level's twin code, another kind of law). Measure-only sets (heldout, apart) print counts only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))  # after PYTHONPATH: PYTHONPATH=<another checkout> measures that build

from kodeks.settings import Settings, load_settings
from retrieval.evaluation import EvalQuestion, evaluate, load_eval
from retrieval.index.generations import current_paths
from retrieval.ingest.run import ingest_paths
from retrieval.ingest.sources import LawInfo
from retrieval.jurisdictions import as_scope
from retrieval.search.retriever import Retriever

SHARED = REPO.parent / "shared"
LAWS = SHARED / "laws"
BENCH = SHARED / "bench"
CHECK = REPO / "bench" / "sets" / "library_check.jsonl"
HELDOUT = REPO / "bench" / "sets" / "library_heldout.jsonl"
APART = REPO / "bench" / "sets" / "library_apart2.jsonl"  # a second set written apart, after the method was built
# Issue 31: officers' sets for the law kinds that had none (bench/sets/README.md), each also within its own law.
KIND_SETS = {
    "traffic": REPO / "bench" / "sets" / "traffic_zobs.jsonl",
    "state": REPO / "bench" / "sets" / "state_kzbih.jsonl",
    "brcko": REPO / "bench" / "sets" / "brcko_kzbd.jsonl",
    # The officers' sets of issue 31, one per code, written apart from the method (bench/sets/README.md).
    "o-kzfbih": REPO / "bench" / "sets" / "officers_kzfbih.jsonl",
    "o-kzrs": REPO / "bench" / "sets" / "officers_kzrs.jsonl",
    "o-zobs": REPO / "bench" / "sets" / "officers_zobs.jsonl",
    "o-kzbih": REPO / "bench" / "sets" / "officers_kzbih.jsonl",
    "o-kzbd": REPO / "bench" / "sets" / "officers_kzbd.jsonl",
    # The second officers' sets of issue 31, written apart from the method (bench/sets/README.md).
    "o2-kzfbih": REPO / "bench" / "sets" / "officers2_kzfbih.jsonl",
    "o2-zobs": REPO / "bench" / "sets" / "officers2_zobs.jsonl",
}

# The dev library of issue 22: file, --law, --jurisdiction.
LIBRARY: tuple[tuple[str, str, str], ...] = (
    ("kz-fbih.pdf", "KZ FBiH", "FBiH"),
    ("kz-rs.txt", "KZ RS", "RS"),
    ("kz-bih.txt", "KZ BiH", "BiH"),
    ("kz-brcko.txt", "KZ BD", "BD"),
    ("zobs-bih.pdf", "ZOBS BiH", "BiH"),
    ("zbs-rs.txt", "ZBS RS", "RS"),
    ("ustav-bih.txt", "Ustav BiH", "BiH"),
    ("zakon-o-pdv-bih.txt", "ZPDV BiH", "BiH"),
    ("zakon-o-advokaturi-fbih.md", "ZOA FBiH", "FBiH"),
    ("uredba-cinovi-policije-fbih.txt", "Uredba o činovima", "FBiH"),
    ("zakon-o-cestama-fbih-yuscii.pdf", "ZC FBiH", "FBiH"),
)
# Single-corpus sets: corpus, questions, Snowball language.
SINGLE = {
    "bsdev": (BENCH / "bsdev/corpus.jsonl", BENCH / "bsdev/dev.jsonl", "serbian"),
    "coliee": (BENCH / "coliee/corpus.jsonl", BENCH / "coliee/dev.jsonl", "english"),
    "gerlayqa": (BENCH / "gerlayqa/corpus.jsonl", BENCH / "gerlayqa/dev.jsonl", "german"),
}
# What the ingest of a library depends on besides the files (a change re-runs the incremental ingest).
INGEST_CODE = ("retrieval/ingest", "retrieval/index/chunking.py", "retrieval/types.py")


def _digest(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for f in files:
            h.update(str(f.relative_to(REPO) if f.is_relative_to(REPO) else f.name).encode())
            h.update(f.read_bytes())
    return h.hexdigest()


def library_stamp() -> str:
    h = hashlib.sha256()
    for name, law, jurisdiction in LIBRARY:
        h.update(f"{name}|{law}|{jurisdiction}|".encode())
        h.update(hashlib.sha256((LAWS / name).read_bytes()).digest())
    h.update(_digest([REPO / p for p in INGEST_CODE]).encode())
    return h.hexdigest()


def build_library(work: Path, env: dict[str, str], rebuild: bool = True) -> Path:
    """The library's data dir, ingested only when its stamp changed (incremental: only changed chunks embed)."""
    data_dir = work / "library"
    stamp_file = work / "library.stamp"
    stamp = library_stamp()
    settings = _settings(data_dir, "serbian", env)
    if ((stamp_file.exists() and stamp_file.read_text() == stamp) or not rebuild) and _has_index(settings):
        return data_dir
    for name, law, jurisdiction in LIBRARY:
        report = ingest_paths(settings, [LAWS / name], LawInfo(law=law, jurisdiction=jurisdiction))
        print(
            f"[library] {name} → {law} ({jurisdiction}): {report.articles} articles, embedded {report.embedded}, "
            f"reused {report.reused}",
            file=sys.stderr,
            flush=True,
        )
    stamp_file.write_text(stamp)
    return data_dir


def build_single(work: Path, name: str, env: dict[str, str]) -> Path:
    corpus, _, language = SINGLE[name]
    data_dir = work / name
    stamp_file = work / f"{name}.stamp"
    stamp = hashlib.sha256(corpus.read_bytes() + _digest([REPO / p for p in INGEST_CODE]).encode()).hexdigest()
    settings = _settings(data_dir, language, env)
    if not (stamp_file.exists() and stamp_file.read_text() == stamp and _has_index(settings)):
        report = ingest_paths(settings, [corpus])
        print(f"[{name}] {report.total_articles} articles, embedded {report.embedded}", file=sys.stderr, flush=True)
        stamp_file.write_text(stamp)
    return data_dir


def _has_index(settings: Settings) -> bool:
    """Whether the data dir holds an index (its current generation, or a data dir from before generations)."""
    return current_paths(settings).articles.exists()


def _settings(data_dir: Path, language: str, env: dict[str, str]) -> Settings:
    """Settings as a fresh install has them (no .env), plus --set-env overrides (KODEKS_* names)."""
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        return load_settings(data_dir=data_dir, lexical_language=language, _env_file=None)
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class CachedQueries:
    """The retriever's query embedder with a cache on disk (`--cache-queries`): methods that only change
    scoring re-run in seconds. Latency figures of such a run are NOT search latency (no embedding)."""

    def __init__(self, embedder, path: Path) -> None:
        import numpy as np

        self._np = np
        self._embedder = embedder
        self._path = path
        self._cache: dict[str, list[float]] = json.loads(path.read_text()) if path.exists() else {}
        self.identity = embedder.identity

    def embed_queries(self, texts: list[str]):
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            for t, v in zip(missing, self._embedder.embed_queries(missing)):
                self._cache[t] = [float(x) for x in v]
            self._path.write_text(json.dumps(self._cache))
        return self._np.asarray([self._cache[t] for t in texts], dtype=self._np.float32)


def open_retriever(data_dir: Path, language: str, env: dict[str, str], cache: Path | None) -> Retriever:
    retriever = Retriever.open(_settings(data_dir, language, env))
    if cache is not None:
        retriever.candidates.embedder = CachedQueries(retriever.embedder, cache)
    return retriever


@dataclass
class SetRun:
    name: str
    metrics: dict[str, float]
    details: list[dict]


def run_set(retriever: Retriever, questions: list[EvalQuestion], name: str, k: int, own_law: bool = False) -> SetRun:
    """`own_law`: each question searched within the law of its first relevant article only (that code as if
    alone in the index: one law admitted, so no library prior or saturation applies)."""
    law_of = {q.question: q.relevant[0].split(" čl. ")[0] for q in questions}

    def search(q: str, jurisdiction: str | None = None):
        if own_law:
            return retriever.search(q, k=k, law=law_of[q])
        return retriever.search(q, k=k, jurisdiction=as_scope(jurisdiction))

    retriever.search("zagrijavanje")  # the first call loads the model: not a question's latency
    run = evaluate(questions, search)
    return SetRun(name, run.metrics, run.details)


def with_jurisdiction(questions: list[EvalQuestion], code: str | None) -> list[EvalQuestion]:
    return [EvalQuestion(q.id, q.question, q.relevant, code) for q in questions]


def diagnose(library: SetRun, alone: SetRun | None, out=sys.stdout) -> None:
    """Per question: gold rank in the library and alone, the laws filling the top five, the top hit."""
    alone_by_id = {d["id"]: d for d in alone.details} if alone else {}
    crowd: Counter[str] = Counter()
    lost = 0
    print(f"\n{library.name}: per question (rank in library / alone; laws of the library's top 5)", file=out)
    for d in library.details:
        rank = _best_rank(d)
        other = _best_rank(alone_by_id[d["id"]]) if d["id"] in alone_by_id else None
        laws = [h["law"] for h in d["top"][:5]]
        foreign = [law for law in laws if law != "KZ RS"]
        crowd.update(foreign)
        if (rank or 99) > 5 >= (other or 99):
            lost += 1
        mark = "LOST" if (rank or 99) > 5 >= (other or 99) else "gain" if (other or 99) > 5 >= (rank or 99) else "    "
        top = d["top"][0] if d["top"] else {}
        print(
            f"  {mark} {d['id']:4s} {rank or '-'!s:>3s} / {other or '-'!s:>3s}  "
            f"{','.join(_short(law) for law in laws):40s} top1 {top.get('law', '')} {top.get('article', '')} "
            f"{(top.get('title') or '')[:28]!r:30s} {d['question'][:50]}",
            file=out,
        )
    print(
        f"  lost from the top 5 against alone: {lost}; foreign laws in the top 5: "
        f"{', '.join(f'{law} {n}' for law, n in crowd.most_common())}",
        file=out,
    )


MEASURE_ONLY = ("heldout", "apart")  # sets written apart from the method: totals only, their misses are not read


@dataclass
class Cost:
    """One question the library serves worse (or better) than its own code alone, at one cut-off."""

    set: str
    id: str
    question: str
    library: int | None  # the right article's best rank over the library (None: not in the served ten)
    own: int | None  # … within its own law alone
    lost: bool  # in the own code's first `k` and not the library's (False: the other way)
    ahead: list[dict]  # the library's articles above the right one within the first `k` (law, article, title, class)


def place_class(gold_law: str, hit: dict, kind_of: dict[str, str]) -> str:
    """Why an article of the library stands where the right one should: the same law (the order within one law
    under the library's standardisation), a code of the same kind at another level (a twin code: the state's,
    an entity's or Brčko's copy of the provision), or a law of another kind (traffic, VAT, the constitution …;
    `kind_of`: law → its first kind of law_kinds.toml, a law of no known kind is a kind of its own)."""
    law = hit.get("law", "")
    if law == gold_law:
        return "same law"
    return "another level" if kind_of.get(law, law) == kind_of.get(gold_law, gold_law) else "another kind"


def library_cost(library: SetRun, own: SetRun, k: int, kind_of: dict[str, str] | None = None) -> list[Cost]:
    """The questions of `library` whose right article is in the first `k` of `own` (the same questions within their
    own law) and not of the library's, or the other way — with the articles of the library's first `k` above it."""
    own_by_id = {d["id"]: d for d in own.details}
    out = []
    for d in library.details:
        alone = own_by_id.get(d["id"])
        if alone is None:
            continue
        here, there = _best_rank(d), _best_rank(alone)
        if ((here or 99) <= k) == ((there or 99) <= k):
            continue
        gold = set(d["relevant"])
        gold_law = d["relevant"][0].split(" čl. ")[0]
        ahead = [
            {
                **{key: h.get(key, "") for key in ("law", "article", "title")},
                "class": place_class(gold_law, h, kind_of or {}),
            }
            for h in d["top"][: min(k, (here or 99) - 1)]
            if h.get("id") not in gold
        ]
        out.append(Cost(library.name, d["id"], d["question"], here, there, (here or 99) > k, ahead))
    return out


def print_cost(library: SetRun, own: SetRun, kind_of: dict[str, str], out=sys.stdout) -> None:
    """The library's cost against the own code, question by question (counts only for a measure-only set)."""
    for k in (5, 1):
        costs = library_cost(library, own, k, kind_of)
        lost = [c for c in costs if c.lost]
        # a measure-only set: how many, never which nor why (its misses are not read)
        classes = (
            Counter(a["class"] for c in lost for a in c.ahead[:1]) if library.name not in MEASURE_ONLY else Counter()
        )
        print(
            f"\n{library.name} against {own.name} at hit@{k}: lost {len(lost)}, gained {len(costs) - len(lost)}"
            + (f"; first place taken by {', '.join(f'{c} {n}' for c, n in classes.most_common())}" if classes else ""),
            file=out,
        )
        if library.name in MEASURE_ONLY:
            continue
        for c in costs:
            first = c.ahead[0] if c.ahead else {}
            laws = Counter(a["law"] for a in c.ahead)
            print(
                f"  {'LOST' if c.lost else 'gain'} {c.id:5s} {c.library or '-'!s:>3s} / {c.own or '-'!s:>3s}  "
                f"{first.get('class', ''):13s} {', '.join(f'{law} {n}' for law, n in laws.most_common()):28s} "
                f"{c.question[:60]}",
                file=out,
            )


def _best_rank(detail: dict) -> int | None:
    ranks = [r for r in detail["ranks"].values() if r]
    return min(ranks) if ranks else None


def _short(law: str) -> str:
    return law.replace(" ", "")[:8]


def print_table(runs: list[SetRun], baseline: str | None) -> None:
    print(
        f"\n{'set':12s} {'n':>4s} {'hit@1':>6s} {'hit@5':>6s} {'hit@10':>6s} {'MRR@10':>7s} {'p50 ms':>7s} {'p95 ms':>7s}"
    )
    for r in runs:
        m = r.metrics
        print(
            f"{r.name:12s} {m['n']:4d} {m['hit@1']:6.1%} {m['hit@5']:6.1%} {m['hit@10']:6.1%} {m['mrr@10']:7.3f} "
            f"{m['p50_ms']:7.1f} {m['p95_ms']:7.1f}"
        )
    by = {r.name: r.metrics for r in runs}
    if baseline in by:
        for r in runs:
            if r.name.startswith("library") and r.name != baseline:
                m, b = r.metrics, by[baseline]
                print(
                    f"{r.name} − {baseline}: hit@1 {100 * (m['hit@1'] - b['hit@1']):+.1f}, "
                    f"hit@5 {100 * (m['hit@5'] - b['hit@5']):+.1f} points; p50 ×{m['p50_ms'] / b['p50_ms']:.2f}"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/kodeks-library"), help="where the bench indexes live")
    parser.add_argument(
        "--sets",
        nargs="+",
        default=["library-rs", "library", "check", "heldout", "apart", *KIND_SETS, "bsdev", "coliee", "gerlayqa"],
        choices=["library-rs", "library", "check", "heldout", "apart", *KIND_SETS, "bsdev", "coliee", "gerlayqa"],
    )
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument(
        "--set-env",
        action="append",
        default=[],
        metavar="KODEKS_X=V",
        help="a setting for every index and search of this run (repeatable)",
    )
    parser.add_argument("--diagnose", action="store_true", help="per-question ranks and crowding laws")
    parser.add_argument("--details", type=Path, help="write every set's per-question report (JSONL) here")
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument(
        "--as-built",
        action="store_true",
        help="search the library as it is on disk, even if its inputs changed (a baseline of old ingest)",
    )
    parser.add_argument(
        "--without-openings",
        action="store_true",
        help="ablation: title-less articles get no opening sentence in the title field",
    )
    parser.add_argument(
        "--cache-queries",
        action="store_true",
        help="cache query vectors on disk (fast method sweeps; latency then excludes embedding)",
    )
    args = parser.parse_args()
    if not (LAWS.exists() and BENCH.exists()):
        print(f"[skip] {SHARED} not found", file=sys.stderr)
        return
    env = dict(item.split("=", 1) for item in args.set_env)
    if args.without_openings:
        import retrieval.index.title_fields as title_fields_module

        # the title field and the learned stage's title fields both read it (title_fields.title_fields)
        title_fields_module.opening_sentence = lambda text: ""
    args.work.mkdir(parents=True, exist_ok=True)
    library_dir = (
        build_library(args.work, env, not args.as_built)
        if {"library-rs", "library", "check", "heldout", "apart", *KIND_SETS} & set(args.sets)
        else None
    )
    singles = {name: build_single(args.work, name, env) for name in SINGLE if name in args.sets}
    if args.build_only:
        return
    dev = load_eval(SINGLE["bsdev"][1])

    def cache_of(name: str) -> Path | None:
        return args.work / f"queries-{name}.json" if args.cache_queries else None

    runs: list[SetRun] = []
    kind_of: dict[str, str] = {}  # law → its kind (law_kinds.toml), for --diagnose's classes
    if library_dir is not None:
        retriever = open_retriever(library_dir, "serbian", env, cache_of("library"))
        kind_of = {law: kinds[0].kind for law, kinds in retriever.references.names.kinds.items() if kinds}
        for name, code in (("library-rs", "RS"), ("library", None)):
            if name in args.sets:
                runs.append(run_set(retriever, with_jurisdiction(dev, code), name, args.k))
        if "check" in args.sets:
            runs.append(run_set(retriever, load_eval(CHECK), "check", args.k))
        if "heldout" in args.sets:
            runs.append(run_set(retriever, load_eval(HELDOUT), "heldout", args.k))
            runs.append(run_set(retriever, load_eval(HELDOUT), "heldout-own", args.k, own_law=True))
        if "apart" in args.sets:
            runs.append(run_set(retriever, load_eval(APART), "apart", args.k))
            runs.append(run_set(retriever, load_eval(APART), "apart-own", args.k, own_law=True))
        for name, path in KIND_SETS.items():
            if name in args.sets:
                runs.append(run_set(retriever, load_eval(path), name, args.k))
                runs.append(run_set(retriever, load_eval(path), f"{name}-own", args.k, own_law=True))
        del retriever
    for name, data_dir in singles.items():
        _corpus, questions, language = SINGLE[name]
        retriever = open_retriever(data_dir, language, env, cache_of(name))
        runs.append(run_set(retriever, load_eval(questions), name, args.k))
        del retriever
    print_table(runs, "bsdev")
    by_name = {r.name: r.metrics for r in runs}
    for name in ("heldout", "apart", *KIND_SETS):
        if name in by_name:
            m, b = by_name[name], by_name[f"{name}-own"]
            print(
                f"{name} − {name}-own: hit@1 {100 * (m['hit@1'] - b['hit@1']):+.1f}, hit@5 {100 * (m['hit@5'] - b['hit@5']):+.1f} points"
            )
    by = {r.name: r for r in runs}
    if args.diagnose:
        for name in ("library-rs", "library"):
            if name in by:
                diagnose(by[name], by.get("bsdev"))
        for name in ("heldout", "apart", *KIND_SETS):
            if name in by and f"{name}-own" in by:
                print_cost(by[name], by[f"{name}-own"], kind_of)
    if args.details:
        with args.details.open("w", encoding="utf-8") as f:
            for r in runs:
                for d in r.details:
                    f.write(json.dumps({"set": r.name, **d}, ensure_ascii=False) + "\n")
    if env or args.without_openings:
        print(f"settings: {' '.join(args.set_env)}" + (" --without-openings" if args.without_openings else ""))


if __name__ == "__main__":
    main()
