"""How close a file's split is to a reference split: token overlap per article.

The reference files in ../shared/laws (`kz_fbih_pdf.reference.jsonl`, `zobs_bih.corpus.jsonl`) were cut
by hand, column by column; comparing bags of word tokens (not strings) makes the check blind to line
breaks, hyphen-free rewrapping and spacing, and sensitive to what matters: text of another article,
a footer or a column read out of order.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

_TOKEN = re.compile(r"\w+", re.UNICODE)


def tokens(text: str) -> Counter[str]:
    """Word tokens of a text, case-folded, as a bag."""
    return Counter(t.casefold() for t in _TOKEN.findall(text))


def token_overlap(text: str, reference: str) -> float:
    """Shared tokens over the larger of the two bags: 1.0 only when both hold the same words.

    Dividing by the larger bag punishes both missing text and extra text (a footer, the next article)."""
    a, b = tokens(text), tokens(reference)
    larger = max(sum(a.values()), sum(b.values()))
    if larger == 0:
        return 1.0
    return sum((a & b).values()) / larger


@dataclass(frozen=True)
class SplitComparison:
    """Per-article overlaps of a split against a reference (by article number)."""

    overlaps: dict[str, float]  # article number → overlap (0.0 when the split lacks it)
    extra: list[str]  # article numbers in the split but not in the reference

    def share_at_least(self, threshold: float = 0.9) -> float:
        """Share of reference articles whose text overlaps at least `threshold`."""
        if not self.overlaps:
            return 0.0
        return sum(1 for v in self.overlaps.values() if v >= threshold) / len(self.overlaps)

    def worst(self, n: int = 10) -> list[tuple[str, float]]:
        return sorted(self.overlaps.items(), key=lambda kv: kv[1])[:n]


def token_recall(text: str, reference: str) -> float:
    """Share of the reference's tokens found in text (extra text, e.g. a chapter title, not punished)."""
    ref = tokens(reference)
    total = sum(ref.values())
    return 1.0 if total == 0 else sum((tokens(text) & ref).values()) / total


def read_reference(path: Path, with_title: bool = False) -> dict[str, str]:
    """Article number → text (title line first when `with_title`), from a reference/corpus JSONL."""
    out: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            title = str(row.get("title") or "").strip() if with_title else ""
            out[str(row["article"])] = f"{title}\n{row['text']}" if title else str(row["text"])
    return out


def compare_split(articles: dict[str, str], reference: dict[str, str]) -> SplitComparison:
    """Overlap of each reference article with the split's article of the same number."""
    overlaps = {
        number: token_overlap(articles.get(number, ""), text) if number in articles else 0.0
        for number, text in reference.items()
    }
    return SplitComparison(overlaps=overlaps, extra=[n for n in articles if n not in reference])


def cut_at_reference_headings(text: str, numbers: list[str]) -> dict[str, str]:
    """The text cut at the headings of the reference's own articles ("Član 12." / "Članak 12."), in order.

    A split that cannot be wrong about where articles start, so what it measures is the extracted text
    itself: every article's words present, in the right order (a column read out of turn moves words
    into another article) — independent of the real splitter."""
    lines = text.split("\n")
    starts: list[tuple[str, int]] = []
    at = 0
    for number in numbers:
        pattern = re.compile(rf"^\s*(?:Član|Članak|Члан)\s*{re.escape(number)}\.?(?:\s|$)")
        found = next((i for i in range(at, len(lines)) if pattern.match(lines[i])), None)
        if found is not None:
            starts.append((number, found))
            at = found + 1
    ends = [start for _, start in starts[1:]] + [len(lines)]
    return {number: "\n".join(lines[start + 1 : end]) for (number, start), end in zip(starts, ends)}
