"""Retrieval with masking on and off: bsdev as it is, and bsdev with personal data added to each question.

    .venv/bin/kodeks ingest ../shared/bench/bsdev/corpus.jsonl -d /tmp/bsdev      # once (minutes: embedding)
    .venv/bin/python bench/masking_retrieval.py -d /tmp/bsdev

Prints hit@1/5/10 and MRR@10 of the search the bot runs (`Retriever.search`, as `kodeks eval retrieval`) for four
runs in one process: the dev questions unmasked and masked, and the same questions with one of six phrases of
personal data (a suspect with a JMBG, a plate and an owner, a caller's phone, an address, an ID card, a phone and
an e-mail) added before or after them (seed 5), unmasked and masked. Masking must not cost the clean questions
anything (same hit@5), and should win back what the personal data costs.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import mask
from kodeks.settings import load_settings
from retrieval.evaluation import evaluate, load_eval
from retrieval.search.retriever import Retriever

DEV = REPO.parent / "shared" / "bench" / "bsdev" / "dev.jsonl"
PHRASES = [
    "osumnjiceni Dragan Petrovic jmbg 1507985170015",
    "vozilo A12-E-345, vlasnik Senad Hodzic",
    "prijavila Ana Kovacevic, tel 062 345 678",
    "stanuje u ul. Marsala Tita 15, Sarajevo",
    "licna karta broj 1E181TKT3",
    "zvao sa +387 61 234 567, mail ivan.babic@gmail.com",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-d", "--data-dir", type=Path, required=True, help="a data dir with bsdev's corpus ingested")
    args = parser.parse_args()
    retriever = Retriever.open(load_settings(data_dir=args.data_dir, _env_file=None))
    clean = load_eval(DEV)
    rng = random.Random(5)
    with_data = []
    for q in clean:
        phrase = rng.choice(PHRASES)
        with_data.append(
            replace(q, question=f"{q.question}, {phrase}" if rng.random() < 0.5 else f"{phrase}: {q.question}")
        )
    print(f"{'questions':<22}{'masking':<9}{'hit@1':>7}{'hit@5':>7}{'hit@10':>7}{'mrr@10':>8}{'p50 ms':>8}")
    for name, questions in (("bsdev", clean), ("bsdev + personal data", with_data)):
        for masking in (False, True):
            run = evaluate(
                questions, lambda q, jurisdiction=None, m=masking: retriever.search(mask(q).text if m else q, k=10)
            )
            r = run.metrics
            print(
                f"{name:<22}{'on' if masking else 'off':<9}{r['hit@1']:>7.3f}{r['hit@5']:>7.3f}{r['hit@10']:>7.3f}"
                f"{r['mrr@10']:>8.3f}{r['p50_ms']:>8.1f}"
            )


if __name__ == "__main__":
    main()
