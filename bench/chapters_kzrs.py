"""Law structure as a signal: do chapter names (GLAVA …) help search over the bsdev code?

    .venv/bin/python bench/chapters_kzrs.py --work /tmp/bench

The bsdev corpus has titles but no chapters, so this script derives them from
../shared/laws/kz-rs.txt (each "GLAVA N" line is followed by the chapter's name; every "Član N"
after it belongs to it), attaches them to the loaded articles in memory and measures, on the
bsdev questions, search as shipped against (a) chapter names in the title field and (b) chapter
names also in every chunk's lexical bag (re-tokenised in memory; dense vectors unchanged — the
embedder would need a re-embed to see them). Prints hit@1/5/10 and MRR@10.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kodeks.settings import load_settings
from retrieval.evaluation import evaluate, load_eval
from retrieval.index.chroma import iter_chroma_documents
from retrieval.index.lexical import LexicalIndex
from retrieval.ingest.run import ingest_paths
from retrieval.search.retriever import Retriever
from retrieval.search.title_field import TitleIndex

SHARED = REPO.parent / "shared"
_GLAVA = re.compile(r"^GLAVA\s+[IVXLC]+[A-Z]?\s*$")
_CLAN = re.compile(r"^Član\s+(\d+[a-zđ]?)\s*\.?\s*$")


def chapters(path: Path) -> dict[str, str]:
    """article number → chapter name, from the consolidated text."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    out: dict[str, str] = {}
    current = ""
    for i, line in enumerate(lines):
        if _GLAVA.match(line) and i + 1 < len(lines):
            current = lines[i + 1].capitalize()
        elif (m := _CLAN.match(line)) and current:
            out.setdefault(m.group(1), current)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=REPO / "bench" / "out")
    args = parser.parse_args()
    corpus, questions = SHARED / "bench/bsdev/corpus.jsonl", SHARED / "bench/bsdev/dev.jsonl"
    if not corpus.exists():
        print(f"[skip] {corpus} not found", file=sys.stderr)
        return
    settings = load_settings(data_dir=args.work / "bsdev", _env_file=None)
    ingest_paths(settings, [corpus])
    qs = load_eval(questions)
    by_number = chapters(SHARED / "laws/kz-rs.txt")
    base = Retriever.open(settings)
    covered = sum(1 for a in base.articles.values() if a.article in by_number)
    print(f"chapters: {len(set(by_number.values()))} names, {covered}/{len(base.articles)} articles placed")

    def run(name: str, retriever: Retriever) -> None:
        m = evaluate(qs, lambda q: retriever.search(q, k=10, threshold=-1.0)).metrics
        print(
            f"{name:34s} hit@1 {m['hit@1']:.1%}  hit@5 {m['hit@5']:.1%}  hit@10 {m['hit@10']:.1%}  MRR {m['mrr@10']:.3f}"
        )

    run("shipped (titles only)", base)
    with_chapters = {
        aid: replace(a, extra={**a.extra, "chapter": by_number.get(a.article, "")}) for aid, a in base.articles.items()
    }
    titled = Retriever.open(settings)
    titled.articles = with_chapters
    titled.candidates.titles = TitleIndex(
        titled.lexical.tokenizer, [with_chapters[titled.catalog.ids[i]] for i in titled.candidates.title_rows]
    )
    run("(a) + chapter in the title field", titled)
    texts = [
        f"{by_number.get(cid.split('#')[0].rsplit(' ', 1)[-1], '')}\n{t}"
        for cid, t in zip(base.chunk_ids, iter_chroma_documents(base.collection, base.chunk_ids))
    ]
    bagged = Retriever.open(settings)
    bagged.articles, bagged.candidates.titles = with_chapters, titled.candidates.titles
    bagged.lexical = bagged.candidates.lexical = LexicalIndex.build(settings.lexical_language, base.chunk_ids, texts)
    run("(b) + chapter in the lexical bag too", bagged)


if __name__ == "__main__":
    main()
