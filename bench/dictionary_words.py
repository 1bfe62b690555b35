"""Regenerate kodeks/privacy/data/dictionary_words.txt: common words of the region's spelling dictionaries that a
lower-case surname or first name could be mistaken for (lisica, delić, kovač, nada …).

Read from the Bosnian, Croatian and Serbian (Latin) hunspell dictionaries as Debian ships them
(`apt-get install hunspell-bs hunspell-hr hunspell-sr`, /usr/share/hunspell; LibreOffice dictionaries, GPL/LGPL/MPL):
the lower-case entries (a capitalised entry is a proper name), folded, and of those only the ones shaped like a
surname (-ić, -ica, -ac, -ak, -ar, -in, -ski …) or like a form of a first name — the words the recogniser must not
take for a person in lower case. Usage: python bench/dictionary_words.py [hunspell_dir]
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.append(str(REPO))

from kodeks.privacy import lexicon
from retrieval.language.normalize import fold

DICTIONARIES = {"bs_BA.dic": "iso-8859-2", "hr_HR.dic": "utf-8", "sr_Latn_RS.dic": "utf-8"}
SHAPES = ("ic", "ica", "ac", "ak", "ar", "in", "ski", "ska", "cki", "cka", "ec", "ek", "ov", "ev")
OUT = REPO / "kodeks" / "privacy" / "data" / "dictionary_words.txt"


def build(folder: Path) -> list[str]:
    words: set[str] = set()
    for name, encoding in DICTIONARIES.items():
        path = folder / name
        if not path.exists():
            print(f"  missing {path}", file=sys.stderr)
            continue
        for line in path.read_text(encoding=encoding, errors="ignore").splitlines()[1:]:
            stem = line.split("/")[0].strip()
            if stem[:1].islower() and stem.isalpha():
                folded = fold(stem)
                if len(folded) >= 3 and (folded.endswith(SHAPES) or lexicon.first_name(folded)):
                    words.add(folded)
    return sorted(words)


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/usr/share/hunspell")
    words = build(folder)
    OUT.write_text(
        "# Lower-case words of the bs/hr/sr spelling dictionaries shaped like a surname or a first name's form\n"
        "# (folded): never a person in lower case. Built by bench/dictionary_words.py (LibreOffice dictionaries).\n"
        + "\n".join(words)
        + "\n",
        encoding="utf-8",
    )
    print(f"{len(words)} words -> {OUT}")
