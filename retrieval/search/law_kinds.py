"""Kinds of law (a criminal code, the traffic law, the police law …) and the names officers use for them.

"član 42 zakona o saobraćaju" names no loaded law by its short name ("ZOBS BiH") or its title
("Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni i Hercegovini"), but it names a kind of
law, and an officer means the one that applies to them. The kinds, what people call them and how a
law's title or short name shows it is one, are data: `data/law_kinds.toml` (an admin can extend it).
`law_names.LawNames` turns them into aliases of every loaded law of that kind, and remembers the kinds
no loaded law has, so that "zakon o policiji" is answered "not a loaded law" instead of matching
something else.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from retrieval.language.normalize import fold
from retrieval.language.vocabulary import DATA_DIR

KINDS_FILE = "law_kinds.toml"


@dataclass(frozen=True)
class LawKind:
    kind: str
    names: tuple[str, ...]  # what people call a law of this kind
    titles: tuple[tuple[str, ...], ...]  # folded word sequences that make a title one of this kind
    acronyms: frozenset[str]  # folded first words of short names ("kz", "zobs")
    parallel: bool = False  # every level has a complete code of this kind (criminal codes): twins are meaningful


@lru_cache(maxsize=4)
def load_kinds(path: Path | None = None) -> tuple[LawKind, ...]:
    """The kinds of `data/law_kinds.toml` (or `path`); a missing file means no kinds."""
    path = path or DATA_DIR / KINDS_FILE
    if not path.exists():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(
        LawKind(str(k["kind"]), tuple(str(n) for n in k.get("names", [])),
                tuple(tuple(fold(t).split()) for t in k.get("titles", [])),
                frozenset(fold(a) for a in k.get("acronyms", [])), bool(k.get("parallel", False)))
        for k in data.get("kind", [])
    )


def kinds_of(short_name: str, title_words: list[str], same_word) -> list[LawKind]:  # noqa: ANN001
    """The kinds a law is, from its title's words (folded; `same_word` tolerates case endings and
    variants) and the first word of its short name."""
    first = fold(short_name).split()[:1]
    found = []
    for kind in load_kinds():
        if first and first[0] in kind.acronyms or any(_contains(title_words, phrase, same_word) for phrase in kind.titles):
            found.append(kind)
    return found


def _contains(words: list[str], phrase: tuple[str, ...], same_word) -> bool:  # noqa: ANN001
    n = len(phrase)
    return n > 0 and any(all(same_word(words[i + k], phrase[k]) for k in range(n)) for i in range(len(words) - n + 1))
