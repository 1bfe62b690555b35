"""Write a labelled dev set for bench/masking.py from a marked-up source: one question a line, each personal
datum written as [[words|KIND]] ("[[nermin lipovac|PERSON]] je udario komsiju"); a line without marks is a
look-alike (no personal data). Offsets are computed here, so a set is edited as text, never by counting.

    python bench/masking_devset.py bench/masking/dev_pairs.src     # writes bench/masking/dev_pairs.jsonl

Lines starting with # are comments; the id is the source's stem, the line's number and "-la" for look-alikes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import KINDS

_MARK = re.compile(r"\[\[(?P<words>[^\[\]|]+)\|(?P<kind>[A-Z_]+)\]\]")


def parse(line: str) -> tuple[str, list[dict[str, object]]]:
    """The plain question and its spans (offsets into the plain text)."""
    text, spans, last = [], [], 0
    length = 0
    for m in _MARK.finditer(line):
        if m.group("kind") not in KINDS:
            raise ValueError(f"unknown kind {m.group('kind')!r} in {line!r}")
        plain = line[last : m.start()]
        text.append(plain)
        length += len(plain)
        spans.append({"start": length, "end": length + len(m.group("words")), "kind": m.group("kind")})
        text.append(m.group("words"))
        length += len(m.group("words"))
        last = m.end()
    text.append(line[last:])
    joined = "".join(text)
    if "[[" in joined or "]]" in joined:
        raise ValueError(f"unbalanced mark in {line!r}")
    return joined, spans


def build(source: Path) -> list[dict[str, object]]:
    rows = []
    for n, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        text, spans = parse(line.strip())
        rows.append(
            {"id": f"{source.stem}-{n:03d}{'' if spans else '-la'}", "text": text, "spans": spans, "split": "dev"}
        )
    return rows


def main() -> None:
    for arg in sys.argv[1:]:
        source = Path(arg)
        rows = build(source)
        out = source.with_suffix(".jsonl")
        out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        labelled = sum(1 for r in rows if r["spans"])
        print(f"{out}: {len(rows)} questions, {labelled} with {sum(len(r['spans']) for r in rows)} spans")


if __name__ == "__main__":
    main()
