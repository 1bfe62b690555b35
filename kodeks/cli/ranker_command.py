"""`kodeks eval train-ranker`: the learned ranking stage trained from labelled sets, with its cross-validation table.

Each `--set NAME=QUESTIONS.jsonl:DATA_DIR` is a labelled set (the dev-set JSONL format that `kodeks eval retrieval`
reads and `kodeks eval label` writes) searched over its own index. The command prints, per set, the hand-weighted
order against the learned stage trained without that set (nested leave-one-set-out: the choices too are made
without it), then writes the model trained on every set to `--out` with the command, the sets and the embedder.
"""

from __future__ import annotations

import hashlib
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from kodeks.errors import KodeksError

eval_commands = typer.Typer()  # merged into `kodeks eval`


def _parse_split(spec: str) -> tuple[str, str]:
    name, sep, value = spec.partition("=")
    if not (sep and name.strip() and value.strip()):
        raise typer.BadParameter(f"{spec!r} is not NAME=SPLIT", param_hint="--split")
    return name.strip(), value.strip()


def _parse_set(spec: str) -> tuple[str, Path, Path]:
    name, sep, rest = spec.partition("=")
    questions, sep2, data_dir = rest.rpartition(":")
    if not (sep and sep2 and name.strip() and questions and data_dir):
        raise typer.BadParameter(f"{spec!r} is not NAME=QUESTIONS.jsonl:DATA_DIR", param_hint="--set")
    return name.strip(), Path(questions), Path(data_dir)


@eval_commands.command("train-ranker")
def train_ranker(
    sets: list[str] = typer.Option(
        ..., "--set", help="A labelled set: NAME=QUESTIONS.jsonl:DATA_DIR (repeat; at least two for cross-validation)."
    ),
    out: Path = typer.Option(
        Path("retrieval/ranking/data/ranker.json"),
        "--out",
        help="Where the model file is written (the default, in a checkout: the model kodeks ships).",
    ),
    cache: Path | None = typer.Option(
        None,
        "--cache",
        help="Keep each set's candidate pools here (embedding is the slow part; reused when unchanged).",
    ),
    masking: bool = typer.Option(
        True, "--mask/--no-mask", help="Mask personal data in each question first, as the bot does."
    ),
    own_law: list[str] = typer.Option(
        [],
        "--own-law",
        help="A set (by NAME) whose questions are each searched within the law of its first relevant article only, "
        "as if that code were alone (repeat).",
    ),
    threads: list[str] = typer.Option(
        [],
        "--threads",
        help="A thread set: NAME=THREADS.jsonl:DATA_DIR (the `kodeks eval threads` format; repeat). Each turn is "
        "played in its thread as `kodeks eval threads` plays it; the set is one of the leave-one-set-out.",
    ),
    split: list[str] = typer.Option(
        [],
        "--split",
        help='NAME=SPLIT: only the threads of that --threads set whose "split" is SPLIT (repeat).',
    ),
) -> None:
    """Train the learned ranking (KODEKS_RANKER=FILE serves it) and print its leave-one-set-out table."""
    from kodeks.answering.thread_eval import load_threads
    from kodeks.answering.thread_pools import collect_threads
    from kodeks.settings import load_settings
    from retrieval.evaluation import load_eval
    from retrieval.ranking.features import FEATURES, describe
    from retrieval.ranking.model import RankerModel
    from retrieval.ranking.training import LabelledSet, Trainer, adoptable, cross_validate, misses
    from retrieval.ranking_sets import cache_key, collect, load_pools, save_pools
    from retrieval.search.retriever import Retriever

    parsed = [_parse_set(s) for s in sets]
    played = [_parse_set(s) for s in threads]
    names = [name for name, _, _ in parsed + played]
    if len(set(names)) != len(names):
        raise typer.BadParameter("each --set and --threads needs a name of its own", param_hint="--set")
    splits = dict(_parse_split(s) for s in split)
    unknown_split = sorted(set(splits) - {name for name, _, _ in played})
    if unknown_split:
        raise typer.BadParameter(f"no --threads set is named {unknown_split[0]!r}", param_hint="--split")
    unknown = sorted(set(own_law) - {name for name, _, _ in parsed})
    if unknown:
        raise typer.BadParameter(f"no --set is named {unknown[0]!r}", param_hint="--own-law")
    if masking:
        from kodeks.privacy import mask

        def prepare(q: str) -> str:
            return mask(q).text
    else:

        def prepare(q: str) -> str:
            return q

    labelled: list[LabelledSet] = []
    embedders: dict[str, str] = {}
    groups: dict[str, frozenset[str]] = {}  # sets sharing a question are one fold (held out together)
    for name, questions_file, data_dir in parsed:
        questions = load_eval(questions_file)
        settings = load_settings(data_dir=data_dir).model_copy(update={"ranker": "off"})
        retriever = Retriever.open(settings)
        try:
            embedders[name] = retriever.embedder.identity.describe()
            within = name in own_law
            key = cache_key(questions_file, retriever.generation, data_dir, within)
            cached = cache / f"{name}-{key}.npz" if cache is not None else None
            pools = load_pools(cached) if cached is not None else None
            if pools is None or len(pools) != len(questions):
                print(f"kodeks: searching {len(questions)} questions of {name} …", file=sys.stderr, flush=True)
                pools = collect(retriever, questions, prepare, own_law=within)
                if cached is not None:
                    save_pools(cached, pools)
        finally:
            retriever.close()
        source = {
            "name": name,
            "questions_file": str(questions_file),
            "questions_sha256": hashlib.sha256(questions_file.read_bytes()).hexdigest(),
            "questions": len(questions),
            "data_dir": str(data_dir),
            "within_own_law": within,
        }
        group = source["group"] = _fold_of(groups, name, (q.question for q in questions))
        labelled.append(LabelledSet(name, pools, source, group))
    for name, threads_file, data_dir in played:
        cases = load_threads(threads_file, splits.get(name))
        turns = [turn for case in cases for turn in case.turns]
        settings = load_settings(data_dir=data_dir).model_copy(update={"mask_personal_data": masking})
        retriever = Retriever.open(settings.model_copy(update={"ranker": "off"}))
        try:
            embedders[name] = retriever.embedder.identity.describe()
            key = cache_key(threads_file, retriever.generation, data_dir, played=f"{splits.get(name)}|{masking}|served")
        finally:
            retriever.close()
        cached = cache / f"{name}-{key}.npz" if cache is not None else None
        pools = load_pools(cached) if cached is not None else None
        firsts = [n == 0 for case in cases for n in range(len(case.turns))]
        if pools is None or len(pools) != len(turns):
            print(f"kodeks: playing {len(cases)} threads ({len(turns)} turns) of {name} …", file=sys.stderr, flush=True)
            collected = collect_threads(settings, cases)
            pools, firsts = collected.pools, collected.first
            if cached is not None:
                save_pools(cached, pools)
        source = {
            "name": name,
            "threads_file": str(threads_file),
            "threads_sha256": hashlib.sha256(threads_file.read_bytes()).hexdigest(),
            "split": splits.get(name),
            "threads": len(cases),
            "questions": len(turns),
            "data_dir": str(data_dir),
            "within_own_law": False,
        }
        group = source["group"] = _fold_of(groups, name, (t.question for t in turns))
        parts = {
            "first turns": [i for i, f in enumerate(firsts) if f],
            "follow-ups": [i for i, f in enumerate(firsts) if not f],
        }
        labelled.append(LabelledSet(name, pools, source, group, parts))
    if len(set(embedders.values())) > 1:
        raise KodeksError(
            "the sets' indexes were built by different embedders ("
            + "; ".join(f"{n}: {e}" for n, e in embedders.items())
            + "): one model is trained over one embedder's scores"
        )
    trainer = Trainer(labelled, lambda what: print(f"kodeks: training {what}", file=sys.stderr, flush=True))
    table = cross_validate(labelled, trainer) if len(labelled) > 1 else []
    _print_table(table)
    adopt = adoptable(table)
    print(
        "adoption rule (no set lower at hit@5, hit@1 better on average; thread sets: their first turns and follow-ups "
        "each no lower at hit@5, nor at hit@1 on average): "
        + ("met: the stage can be the default" if adopt else "not met: the stage must not be the default")
    )
    for line in misses(table):
        print(f"  {line}")
    choice = trainer.choose()
    fit = trainer.fit(choice, frozenset())
    command = (
        "kodeks eval train-ranker " + " ".join(shlex.quote(a) for a in sys.argv[sys.argv.index("train-ranker") + 1 :])
        if "train-ranker" in sys.argv
        else "kodeks eval train-ranker"
    )
    model = RankerModel(
        FEATURES,
        fit.scorer,
        next(iter(embedders.values())),
        fit.depth,
        fit.rerank,
        {
            "command": command,
            "sets": [s.source for s in labelled],
            "feature_meaning": describe(),
            "choice": choice.to_dict(),
            "cross_validation": [
                {
                    "held_out": r.name,
                    "questions": r.questions,
                    "hand": r.hand,
                    "learned": r.learned,
                    "choice": r.choice.to_dict(),
                    **(
                        {"parts": {p: {"turns": n, "hand": h, "learned": m} for p, (n, h, m) in r.parts.items()}}
                        if r.parts
                        else {}
                    ),
                }
                for r in table
            ],
            "adoption_rule_met": adopt,
        },
    )
    model.save(out)
    print(f"model ({choice.describe()}) written to {out}")


def _fold_of(groups: dict[str, frozenset[str]], name: str, questions: Iterable[str]) -> str:
    """The fold a set is held out in: the first earlier set sharing a question with it (a question asked in two sets
    must never be trained on while it is scored), else a fold of its own. Records the set's questions in `groups`."""
    texts = frozenset(q.strip().lower() for q in questions)
    group = next((g for g, seen in groups.items() if seen & texts), name)
    groups[group] = groups.get(group, frozenset()) | texts
    return group


def _print_table(table: list) -> None:
    if not table:
        print("one set only: no cross-validation (give two or more --set)")
        return
    out = Table(title="leave-one-set-out: each set scored by a model trained without it (pool of the hand order)")
    for column in (
        "held out",
        "n",
        "choice",
        "hand hit@1",
        "learned hit@1",
        "hand hit@5",
        "learned hit@5",
        "hand MRR",
        "learned MRR",
    ):
        out.add_column(column, justify="right")
    for r in table:
        rows = [(r.name, r.questions, r.choice.describe(), r.hand, r.learned)]
        rows += [(f"  {part}", n, "", hand, learned) for part, (n, hand, learned) in r.parts.items()]
        for name, n, choice, hand, learned in rows:
            out.add_row(
                name,
                str(n),
                choice,
                f"{hand['hit@1']:.3f}",
                f"{learned['hit@1']:.3f}",
                f"{hand['hit@5']:.3f}",
                f"{learned['hit@5']:.3f}",
                f"{hand['mrr']:.3f}",
                f"{learned['mrr']:.3f}",
            )
    Console(width=200).print(out)
