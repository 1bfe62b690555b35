"""Each article's title field (its title — an untitled article's opening sentence — and its chapter) and the
field's vector, stored with the generation for the learned ranking (retrieval/search/rank_signals.py).

The writer embeds the fields as passages when it builds a generation (building.py), reusing the previous
generation's vectors of unchanged texts, so opening an index embeds nothing and writes nothing (a read-only data
dir searches as any other). The file records whose vectors they are (the embedder) and of which texts (a digest
per text): a reader uses them only when both match what it would embed itself. A generation written before they
were stored has none: the shipped model then leaves the hand order to serve (retriever.py), a model file named
embeds them in memory (rank_signals.py), and the next `kodeks ingest` — even of
unchanged laws — writes a generation that holds them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

VECTORS_FILE = "title_vectors.npy"  # float32 (as the ranking was trained), a row per article in index order
META_FILE = "title_vectors.json"  # {"embedder": EmbedderIdentity.describe(), "texts": [digest per row]}
EMBED_BATCH = 64

_PARAGRAPH_MARK = re.compile(r"^\s*\(\d+[a-z]?\)\s*")
_SENTENCE_END = re.compile(r"(?<=[.;:!?])\s")
OPENING_WORDS = 30


def opening_sentence(text: str) -> str:
    """What stands in for the title of an article that has none: its first sentence, at most OPENING_WORDS
    words ("Vozač ne smije da upravlja vozilom … ako je pod djelovanjem alkohola.")."""
    text = _PARAGRAPH_MARK.sub("", text.strip())
    return " ".join(_SENTENCE_END.split(text, 1)[0].split()[:OPENING_WORDS])


@dataclass(frozen=True)
class TitleFields:
    """Per article (index order): its title (an untitled article's opening sentence) and its chapter heading."""

    titles: list[str]
    chapters: list[str]

    def texts(self) -> list[str]:
        """What is embedded per article: title and chapter ("" when it has neither)."""
        return [" ".join(p for p in (t, c) if p) for t, c in zip(self.titles, self.chapters, strict=True)]


class TitleRows(Protocol):
    """The catalog's cheap columns (retrieval/index/catalog.py)."""

    def title_rows(self) -> list[tuple[str, str, bool, str | None]]: ...

    def untitled_openings(self, chars: int = 300) -> dict[int, str]: ...


def title_fields(catalog: TitleRows, rows: list[tuple[str, str, bool, str | None]] | None = None) -> TitleFields:
    """The title fields of every article in the catalog (an untitled article's: its opening sentence); `rows`: its
    `title_rows()` when the caller has read them already (search does at open)."""
    fields = catalog.title_rows() if rows is None else rows
    openings = catalog.untitled_openings() if any(not f[0] for f in fields) else {}
    titles = [title or opening_sentence(openings.get(i, "")) for i, (title, _, _, _) in enumerate(fields)]
    return TitleFields(titles, [chapter for _, chapter, _, _ in fields])


def embed_fields(texts: Sequence[str], embed: Callable[[list[str]], np.ndarray]) -> np.ndarray | None:
    """Unit vectors of the texts (zero rows for empty ones), embedded as passages in batches; None when all are
    empty."""
    wanted = [i for i, t in enumerate(texts) if t.strip()]
    if not wanted:
        return None
    parts = [embed([texts[i] for i in wanted[a : a + EMBED_BATCH]]) for a in range(0, len(wanted), EMBED_BATCH)]
    found = np.vstack(parts).astype(np.float32)
    found /= np.maximum(np.linalg.norm(found, axis=1, keepdims=True), 1e-12)
    vectors = np.zeros((len(texts), found.shape[1]), dtype=np.float32)
    vectors[wanted] = found
    return vectors


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def has_vectors(root: Path) -> bool:
    """Whether the generation `root` was written with its title vectors (one from before them gets a new one at the
    next ingest, as a flat data dir does)."""
    return (root / META_FILE).exists() and (root / VECTORS_FILE).exists()


def stored_vectors(root: Path, texts: Sequence[str], embedder: str) -> np.ndarray | None:
    """The vectors stored in the generation `root`, if they are `embedder`'s of exactly these texts; else None."""
    try:
        meta = json.loads((root / META_FILE).read_text(encoding="utf-8"))
        if meta.get("embedder") != embedder or meta.get("texts") != [_digest(t) for t in texts]:
            return None
        vectors = np.load(root / VECTORS_FILE).astype(np.float32)
    except (OSError, ValueError, AttributeError):
        return None
    return vectors if vectors.ndim == 2 and len(vectors) == len(texts) else None


def store_vectors(
    root: Path,
    texts: Sequence[str],
    embedder: str,
    embed: Callable[[list[str]], np.ndarray],
    previous: Path | None = None,
) -> int:
    """Embed the texts into the generation `root` (being built), reusing `previous` generation's vectors of the
    same embedder for the texts it holds. Returns how many texts were embedded."""
    digests = [_digest(t) for t in texts]
    known: dict[str, np.ndarray] = {}
    if previous is not None:
        try:
            meta = json.loads((previous / META_FILE).read_text(encoding="utf-8"))
            if meta.get("embedder") == embedder:
                old = np.load(previous / VECTORS_FILE)
                if len(old) == len(meta["texts"]):
                    known = {d: old[i] for i, d in enumerate(meta["texts"]) if old[i].any()}
        except (OSError, ValueError, KeyError, TypeError):
            known = {}
    todo = [i for i, t in enumerate(texts) if t.strip() and digests[i] not in known]
    fresh = embed_fields([texts[i] for i in todo], embed) if todo else None
    dim = fresh.shape[1] if fresh is not None else next((len(v) for v in known.values()), 0)
    vectors = np.zeros((len(texts), dim), dtype=np.float32)
    for i, d in enumerate(digests):
        if d in known:
            vectors[i] = known[d]
    if fresh is not None:
        vectors[todo] = fresh
    np.save(root / VECTORS_FILE, vectors)
    (root / META_FILE).write_text(json.dumps({"embedder": embedder, "texts": digests}), encoding="utf-8")
    return len(todo)
