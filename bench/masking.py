"""Masking of personal data: recall per kind, false masks on clean questions and on real articles, speed.

    .venv/bin/python bench/masking.py                    # the tune half (what the recogniser was tuned on)
    .venv/bin/python bench/masking.py --split heldout    # measured once, never tuned on
    .venv/bin/python bench/masking.py --split all --articles   # + every article of ../shared/laws
    .venv/bin/python bench/masking.py --misses           # print what was missed / masked wrongly
    .venv/bin/python bench/masking.py --questions bench/masking/forms.jsonl   # any labelled set (all of it)

Recall: a labelled span counts as found when every letter and digit of it lies inside spans the masker
found — "typed" when those spans are of the labelled kind, "masked" whatever their kind (the data is
hidden either way). False masks: the share of clean questions (no personal data) and of articles of the
real laws in ../shared/laws (corpus JSONL and the text files read as `kodeks ingest` reads them) in which
anything at all was masked. Per-text speed is the median of the run. "Left mostly unmasked": a labelled span of
which less than half the letters and digits lie inside any mask (what would reach Claude and the log). Look-alikes
(bench/masking/lookalikes.jsonl: case-file numbers, incident dates, places named after people — no personal
data): how many of them get any mask.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import KINDS, find

QUESTIONS = REPO / "bench" / "masking" / "questions.jsonl"
LOOKALIKES = REPO / "bench" / "masking" / "lookalikes.jsonl"
LAWS = REPO.parent / "shared" / "laws"
STRUCTURED = ("JMBG", "PLATE", "PHONE", "EMAIL", "IBAN", "DOC_NUMBER")
TARGETS = {**dict.fromkeys(STRUCTURED, 0.98), "PERSON": 0.92, "ADDRESS": 0.92, "DATE_OF_BIRTH": 0.92}


def covered(text: str, gold: dict, found: list, same_kind: bool) -> bool:
    cells = [i for i in range(gold["start"], gold["end"]) if text[i].isalnum()]
    spans = [s for s in found if not same_kind or s.kind == gold["kind"]]
    return all(any(s.start <= i < s.end for s in spans) for i in cells)


def coverage(text: str, gold: dict, found: list) -> float:
    """The share of a labelled span's letters and digits inside any mask."""
    cells = [i for i in range(gold["start"], gold["end"]) if text[i].isalnum()]
    return sum(any(s.start <= i < s.end for s in found) for i in cells) / max(len(cells), 1)


def read_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def lookalikes_masked(misses: bool) -> tuple[int, int]:
    rows = read_rows(LOOKALIKES)
    hit = 0
    for row in rows:
        found, _ = find(row["text"])
        if found:
            hit += 1
            if misses:
                print(f"LOOKALIKE {row['id']}: {[(row['text'][s.start : s.end], s.kind) for s in found]}")
    return hit, len(rows)


def article_texts(limit: int | None) -> list[tuple[str, str]]:
    """(law, text) of every article of the real laws: corpus JSONL as is, law files split as ingest splits them."""
    if not LAWS.exists():
        return []
    from retrieval.ingest.sources import LawInfo, extract_text, split_articles

    out: list[tuple[str, str]] = []
    for path in sorted(LAWS.glob("*.corpus.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                out.append((row["law"], row["text"]))
    for path in sorted(LAWS.glob("*.txt")) + sorted(LAWS.glob("*.md")):
        if path.name == "README.md":
            continue
        try:
            articles, _ = split_articles(
                extract_text(path), LawInfo(law=path.stem), str(path), markdown=path.suffix == ".md"
            )
        except Exception as exc:
            print(f"  skipped {path.name}: {exc}", file=sys.stderr)
            continue
        out.extend((path.stem, a.text) for a in articles)
    return out[:limit] if limit else out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=["tune", "heldout", "all"], default=None, help="tune (all for --questions)")
    parser.add_argument(
        "--questions", type=Path, default=None, help="a labelled JSONL set (default: the synthetic one)"
    )
    parser.add_argument("--articles", action="store_true", help="also count false masks on the real laws' articles")
    parser.add_argument("--limit-articles", type=int, default=None)
    parser.add_argument("--misses", action="store_true", help="print missed spans and false masks")
    args = parser.parse_args()

    args.split = args.split or ("all" if args.questions else "tune")
    rows = read_rows(args.questions or QUESTIONS)
    rows = [r for r in rows if args.split == "all" or r.get("split") == args.split]
    gold_n, typed, masked = Counter(), Counter(), Counter()
    mostly_unmasked = 0
    extra_masks = 0
    clean = clean_masked = 0
    timings = []
    for row in rows:
        text = row["text"]
        started = time.perf_counter()
        found, _ = find(text)
        timings.append((time.perf_counter() - started) * 1000)
        if not row["spans"]:
            clean += 1
            if found:
                clean_masked += 1
                if args.misses:
                    print(f"FALSE  {row['id']}: {[(text[s.start : s.end], s.kind) for s in found]}  | {text}")
            continue
        for gold in row["spans"]:
            gold_n[gold["kind"]] += 1
            t, m = covered(text, gold, found, True), covered(text, gold, found, False)
            typed[gold["kind"]] += t
            masked[gold["kind"]] += m
            if coverage(text, gold, found) < 0.5:
                mostly_unmasked += 1
                if args.misses:
                    print(f"LEFT   {row['id']} {gold['kind']:<13} {text[gold['start'] : gold['end']]!r}  | {text}")
            if args.misses and not t:
                got = [
                    (text[s.start : s.end], s.kind) for s in found if s.start < gold["end"] and gold["start"] < s.end
                ]
                print(
                    f"MISS   {row['id']} {gold['kind']:<13} {text[gold['start'] : gold['end']]!r} got {got}  | {text}"
                )
        extra = [s for s in found if not any(s.start < g["end"] and g["start"] < s.end for g in row["spans"])]
        extra_masks += len(extra)
        if args.misses and extra:
            print(f"EXTRA  {row['id']}: {[(text[s.start : s.end], s.kind) for s in extra]}  | {text}")

    name = args.questions.name if args.questions else QUESTIONS.name
    print(
        f"\nmasking benchmark, {name}, split={args.split}: {len(rows) - clean} questions with personal data, {clean} without"
    )
    print(f"{'kind':<14}{'spans':>6}{'typed':>9}{'masked':>9}  target")
    for kind in KINDS:
        if gold_n[kind]:
            target = TARGETS.get(kind)
            mark = "" if target is None else ("  ok" if typed[kind] / gold_n[kind] >= target else "  BELOW")
            print(
                f"{kind:<14}{gold_n[kind]:>6}{typed[kind] / gold_n[kind]:>9.3f}{masked[kind] / gold_n[kind]:>9.3f}  "
                f"{'' if target is None else f'≥ {target:.2f}'}{mark}"
            )
    total = sum(gold_n.values())
    if total:
        print(f"{'all':<14}{total:>6}{sum(typed.values()) / total:>9.3f}{sum(masked.values()) / total:>9.3f}")
        print(
            f"spans left mostly unmasked (under half their letters and digits masked): {mostly_unmasked}/{total} = "
            f"{mostly_unmasked / total:.1%} (target ≤ 1%)"
        )
    else:  # a set of look-alikes only (lookalikes.jsonl): only its false masks below mean anything
        print("no labelled spans in this set: recall not measured")
    print(f"masks touching no labelled span, in questions with personal data: {extra_masks}")
    hit, n = lookalikes_masked(args.misses)
    print(f"look-alike questions ({LOOKALIKES.name}) with any mask: {hit}/{n} (target ≤ 1 of 20)")
    print(f"false masks on clean questions: {clean_masked}/{clean} = {clean_masked / max(clean, 1):.1%} (target ≤ 2%)")
    print(f"time per question: median {statistics.median(timings):.2f} ms")

    if args.articles:
        articles = article_texts(args.limit_articles)
        if not articles:
            print("articles: ../shared/laws not found, skipped")
            return
        hit = 0
        kinds: Counter[str] = Counter()
        times = []
        for law, text in articles:
            started = time.perf_counter()
            found, _ = find(text)
            times.append((time.perf_counter() - started) * 1000)
            if found:
                hit += 1
                kinds.update(s.kind for s in found)
                if args.misses:
                    print(f"ARTICLE {law}: {[(text[s.start : s.end], s.kind) for s in found][:6]}")
        print(
            f"false masks on articles: {hit}/{len(articles)} = {hit / len(articles):.2%} (target ≤ 2%); "
            f"spans by kind {dict(kinds)}; median {statistics.median(times):.2f} ms per article"
        )


if __name__ == "__main__":
    main()
