"""Regenerate kodeks/privacy/data/common_words.txt: the common words of the language, never a name in lower case.

Built offline from the law texts in ../shared/laws (a word that occurs in lower case there, at least twice, is an
ordinary word of the language) plus everyday words officers type that laws lack (kafić, lopovka ...). The list
holds single folded words only, no law text. Usage: python bench/common_words.py [laws_dir]
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import lexicon
from retrieval.language.normalize import fold

EVERYDAY = [
    "kafic",
    "kafica",
    "kaficu",
    "kaficem",
    "kafana",
    "kafane",
    "kafani",
    "kafanu",
    "kafanom",
    "lopov",
    "lopova",
    "lopovu",
    "lopovom",
    "lopovka",
    "lopovke",
    "lopovku",
    "lopovki",
    "kradljivac",
    "kradljivca",
    "kradljivica",
    "kradljivice",
    "kradljivicu",
    "kradljivici",
    "kradljivicom",
    "prodavnica",
    "prodavnice",
    "prodavnici",
    "trafika",
    "pijaca",
    "pijaci",
    "komsija",
    "komsinica",
    "komsinice",
    "komsinicu",
    "djevojka",
    "djevojku",
    "momak",
    "momka",
    "ukrao",
    "ukrala",
    "ukrali",
    "udario",
    "udarila",
    "prijetio",
    "prijetila",
    "pobjegao",
    "pobjegla",
    "zaustavio",
    "zaustavila",
    "legitimisao",
    "legitimisati",
    "privesti",
    "priveden",
    "privedena",
    "uhapsiti",
    "uhapsen",
    "uhapsena",
    # the state a person is found in, written right after the name ("Lipić mrtav", "vozač Lipić trijezan")
    *("mrtav", "mrtva", "mrtvi", "mrtvu", "mrtvom", "mrtve", "zdrav", "zdrava", "trijezan", "trijezna"),
    *("drogiran", "drogirana", "ranjen", "ranjena", "povrijedjen", "povrijedjena", "nesvjestan", "nesvjesna"),
]
_WORD = re.compile(r"\b[a-zčćšžđа-шђјљњћџ]{3,}\b")  # lower case, Latin or Cyrillic (folded to Latin)
OUT = Path(__file__).resolve().parent.parent / "kodeks" / "privacy" / "data" / "common_words.txt"


def build(laws: Path) -> list[str]:
    counts: Counter[str] = Counter()
    for path in sorted(laws.glob("*")):
        if path.suffix in {".txt", ".md"}:
            counts.update(fold(w) for w in _WORD.findall(path.read_text(encoding="utf-8", errors="ignore")))
        elif path.name.endswith(".corpus.jsonl"):  # the articles as the index holds them
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    counts.update(fold(w) for w in _WORD.findall(json.loads(line).get("text", "")))
    names = lexicon.listed_first_names() | lexicon.word_set("surnames.txt")
    words = {w for w, n in counts.items() if n >= 2} | set(EVERYDAY)
    return sorted(w for w in words if w not in names)


if __name__ == "__main__":
    laws = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "laws"
    words = build(laws)
    OUT.write_text(
        "# Common words (folded), never a name in lower case. Built by bench/common_words.py.\n"
        + "\n".join(words)
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(words)} words -> {OUT}")
