"""For reviewers: which lay words of the vocabulary files also occur in an evaluation set?

    .venv/bin/python bench/vocabulary_overlap.py ../shared/bench/bsdev/dev.jsonl

The thesaurus and the derivation table must be general knowledge, never words taken from
development questions. This lists, per question, the thesaurus `lay` terms and derivation roots
that match it (folded, as search matches them), so a reviewer can judge each overlap: a general
police word ("droga", "policajac") is expected; a question's own turn of phrase is not.
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from retrieval.evaluation import load_eval
from retrieval.language.vocabulary import bcs_vocabulary


def main() -> None:
    if len(sys.argv) != 2:
        print(__doc__)
        raise SystemExit(2)
    vocabulary = bcs_vocabulary()
    questions = load_eval(Path(sys.argv[1]))
    hits = 0
    for q in questions:
        found = sorted({f"{e.source}:{e.matched}" for e in vocabulary.expand(q.question) if e.source != "rewrite"})
        if found:
            hits += 1
            print(f"{q.id or '?':6s} {', '.join(found)}")
    print(f"{hits} of {len(questions)} questions touch the vocabulary")


if __name__ == "__main__":
    main()
