"""Words that text extraction split in two ("Krivi čnog", "zakon odavstva", "teks tu"), joined again.

PDF text extractors insert a space wherever two glyphs of one word stand a little too far apart, so
the words of some files come out cut: `kz-brcko.txt` has "Krivi čnog zakon a Brčko distrikta". The
lexical side cannot match a half ("čnog"), and a reader stumbles over it.

The rule uses only the file itself (the law's own vocabulary, its word counts; no dictionary):
two neighbouring words on one line, separated by a single space, are joined when
- the join is a word the law knows: it occurs intact elsewhere in the same file ("Krivičnog"), at
  least as often as the two words occur side by side ("novčano kažnjen" 18 times is not "novčanokažnjen"
  once), and
- not both halves stand alone: a half stands alone when it is a function word of the language
  ("i", "je", "ko", "u": `language.tokens.stopwords`) or when it occurs by itself at least MIN_ALONE
  times besides its appearances in such candidate pairs ("zakon" does, "odavstva" does not); and when
  one half does stand alone, the join must be more frequent than the other half ("pomagač u" stays:
  "pomagaču" is no more frequent than "pomagač"; "Hercegovi ne" → "Hercegovine", 120 to 1).
Three pieces ("kri vi čnog") are joined the same way when no two of them make a known word.

Both halves standing alone is left as it is even when the join is a known word: "ko je" (who is)
against "koje", "u pravnom" against "upravnom", "da je" against "daje" — a wrong join changes the
law's words, a missed one only leaves a split word as it was. Measured in docs/ingest.md.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from retrieval.language.normalize import fold
from retrieval.language.tokens import stopwords

MIN_ALONE = 2  # occurrences of a word on its own (outside candidate pairs) for it to "stand alone"
# A file "was split" when at least this many joins of two fragments were found, one per EVIDENCE_PER words:
# only there is a word + fragment ("zakon odavstva") joined too.
MIN_EVIDENCE = 20
EVIDENCE_PER = 1000
_WORD = re.compile(r"[^\W\d_]+")


@dataclass(frozen=True)
class Join:
    """One repaired split: where, what it was, what it became."""

    line: int  # 0-based line index
    before: str
    after: str


def _words(line: str) -> list[re.Match[str]]:
    return list(_WORD.finditer(line))


def _adjacent(line: str, words: list[re.Match[str]], i: int, n: int) -> bool:
    """Words i .. i+n-1 are separated by exactly one space each, and are not glued to a hyphen,
    apostrophe or digit on the outside ("KZ-a", "2a")."""
    if i + n > len(words):
        return False
    for k in range(i, i + n - 1):
        if line[words[k].end() : words[k + 1].start()] != " ":
            return False
    start, end = words[i].start(), words[i + n - 1].end()
    before = line[start - 1] if start else " "
    after = line[end] if end < len(line) else " "
    return not (before in "-'’" or before.isdigit() or after in "-'’" or after.isdigit())


def repair_split_words(lines: list[str], language: str = "serbian") -> tuple[list[str], list[Join]]:
    """The lines with split words joined (see the module docstring), and every join made."""
    per_line = [_words(line) for line in lines]
    counts = Counter(fold(m.group(0)) for words in per_line for m in words)
    function_words = stopwords(language)

    # Side by side (one space, one line): how often each sequence of two and three words occurs.
    together: Counter[tuple[str, ...]] = Counter()
    for line, words in zip(lines, per_line):
        for i in range(len(words) - 1):
            for n in (2, 3):
                if _adjacent(line, words, i, n):
                    together[tuple(fold(m.group(0)) for m in words[i : i + n])] += 1

    def known(*parts: str) -> bool:
        joined = counts[fold("".join(parts))]
        return joined > 0 and joined >= together[tuple(fold(p) for p in parts)]

    # Candidate pairs (the join is known): how often each word appears inside one of them.
    in_pairs: Counter[str] = Counter()
    for (a, b), n in ((k, n) for k, n in together.items() if len(k) == 2):
        if known(a, b):
            in_pairs[a] += n
            in_pairs[b] += n

    def alone(word: str) -> bool:
        w = fold(word)
        return w in function_words or counts[w] - in_pairs[w] >= MIN_ALONE

    def more_than(joined: str, word: str) -> bool:
        return counts[fold(joined)] > counts[fold(word)]

    # Proposed joins per line: (first word, words joined, both halves fragments?).
    proposed: list[list[tuple[int, int, bool]]] = []
    for line, words in zip(lines, per_line):
        found: list[tuple[int, int, bool]] = []
        i = 0
        while i < len(words):
            n = _join_length(line, words, i, known, alone, more_than)
            if abs(n) > 1:
                found.append((i, abs(n), n > 0))
                i += abs(n)
            else:
                i += 1
        proposed.append(found)
    fragments = sum(1 for found in proposed for _, _, sure in found if sure)
    total_words = sum(counts.values())
    split_file = fragments >= MIN_EVIDENCE and fragments * EVIDENCE_PER >= total_words

    joins: list[Join] = []
    out: list[str] = []
    for number, (line, words, found) in enumerate(zip(lines, per_line, proposed)):
        pieces: list[str] = []
        last = 0
        for i, n, sure in found:
            if not (sure or split_file):
                continue
            start, end = words[i].start(), words[i + n - 1].end()
            joined = "".join(m.group(0) for m in words[i : i + n])
            pieces += [line[last:start], joined]
            joins.append(Join(number, line[start:end], joined))
            last = end
        pieces.append(line[last:])
        out.append("".join(pieces) if last else line)
    return out, joins


def _join_length(
    line: str,
    words: list[re.Match[str]],
    i: int,
    known: Callable[..., bool],
    alone: Callable[[str], bool],
    more_than: Callable[[str, str], bool],
) -> int:
    """How many words starting at i form one split word (1 = none)."""
    parts = [m.group(0) for m in words[i : i + 3]]
    if _letter_spaced(line, words, i):
        return 1
    if len(parts) >= 2 and _adjacent(line, words, i, 2) and known(*parts[:2]):
        a, b = parts[:2]
        standing = alone(a), alone(b)
        if not any(standing):
            return 2
        if not all(standing) and more_than(a + b, b if standing[0] else a):
            return -2  # one half is a word: only in a file that shows it was split (see repair_split_words)
    if (
        len(parts) == 3
        and _adjacent(line, words, i, 3)
        and known(*parts)
        and not known(*parts[:2])
        and not known(*parts[1:])
        and not any(alone(p) for p in parts)
    ):
        return 3
    return 1


def _letter_spaced(line: str, words: list[re.Match[str]], i: int) -> bool:
    """Words i, i+1 are part of a heading set in spaced capitals ("K A Z N E"): three single letters
    in a row, not a split word."""
    lo, hi = max(0, i - 1), min(len(words), i + 3)
    run = 0
    for k in range(lo, hi):
        single = len(words[k].group(0)) == 1 and (k == lo or _adjacent(line, words, k - 1, 2))
        run = run + 1 if single else (1 if len(words[k].group(0)) == 1 else 0)
        if run >= 3:
            return True
    return False


def describe(joins: list[Join], examples: int = 3) -> str:
    """ "repaired 412 split word(s), e.g. 'Krivi čnog' → 'Krivičnog', …" for the ingest report."""
    shown = ", ".join(f"{j.before!r} → {j.after!r}" for j in joins[:examples])
    return f"repaired {len(joins)} word(s) split by text extraction (e.g. {shown})"
