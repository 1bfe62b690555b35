"""Index generations: which one is current, making a new one current in one atomic step, cleaning up.

A write (ingest, `laws remove|rename`) never changes the index search is using. It builds a new
generation beside it (`index/gen-000008-…/`: a copy of the current Chroma folder, updated, and every
other part written afresh), checks it (checking.py), and only then replaces `index/CURRENT` — one
line of JSON naming the generation — by a rename, fsync'd. Killed at any moment before that rename,
the previous generation is untouched and still current; the half-built folder has no
`generation.json` and the next write deletes it and does the job again.

Readers resolve CURRENT and take a lease (leases.py) on that generation; a running bot polls CURRENT
and switches when it changes (retrieval/search/live.py). Cleanup (under the writer lock) deletes
every generation that is neither current nor leased.

A data dir from before generations (the parts directly in it: layout.py, "flat") is read as it is;
the first write builds generation 1 from it (Chroma copied, nothing re-embedded) and removes the flat
parts once no process reads them.
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.files import atomic_write_text, fsync_dir, fsync_tree
from retrieval.index.layout import INDEX_DIR, PARTS, IndexPaths, flat_paths, has_flat_index
from retrieval.index.leases import Lease, take_lease, try_exclusive

log = logging.getLogger(__name__)

POINTER = "CURRENT"
_NAME = re.compile(r"^gen-(\d{6,})-[0-9a-f]{6}$")
TRASH_PREFIX = ".trash-"
OPEN_ATTEMPTS = 20  # CURRENT re-read when the generation it named was replaced meanwhile


def index_root(settings: Settings) -> Path:
    return settings.data_dir / INDEX_DIR


def generation_number(name: str) -> int:
    match = _NAME.match(name)
    return int(match.group(1)) if match else -1


def read_pointer(settings: Settings) -> str | None:
    """The current generation's name, or None (a flat data dir, or no index yet)."""
    path = index_root(settings) / POINTER
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise KodeksError(f"cannot read {path} ({exc.strerror or exc}); check the data dir's permissions") from None
    try:
        name = json.loads(text)["generation"]
    except (ValueError, KeyError, TypeError):
        raise KodeksError(
            f"{path} is damaged ({text[:60]!r}); restore it from a backup, or write "
            f'{{"generation": "NAME"}} naming the newest folder in {path.parent} that holds a '
            f"generation.json"
        ) from None
    if generation_number(str(name)) < 0:
        raise KodeksError(f"{path} names {name!r}, which is not a generation")
    return str(name)


def load_manifest(paths: IndexPaths) -> dict[str, Any]:
    """A generation's generation.json ({} for the flat layout)."""
    if paths.generation is None:
        return {}
    try:
        manifest: dict[str, Any] = json.loads(paths.manifest.read_text(encoding="utf-8"))
        return manifest
    except FileNotFoundError:
        raise KodeksError(
            f"{paths.root} is not a complete index generation (no {paths.manifest.name}); re-run `kodeks ingest`"
        ) from None
    except (OSError, ValueError) as exc:
        raise KodeksError(f"{paths.manifest} is unreadable ({exc}); re-run `kodeks ingest`") from None


def generation_paths(settings: Settings, name: str) -> IndexPaths:
    return IndexPaths(index_root(settings) / name, name, server_collection(settings, name))


def server_collection(settings: Settings, name: str) -> str | None:
    """On a Chroma server each generation is its own collection, named after it (KODEKS_COLLECTION-gen-…)."""
    return f"{settings.collection}-{name}" if settings.chroma_host else None


def current_paths(settings: Settings) -> IndexPaths:
    """The current index (a generation, or the flat layout / nothing yet), without a lease: for the
    writer, which holds the writer lock, and for tools that only read a file or two."""
    name = read_pointer(settings)
    return flat_paths(settings) if name is None else generation_paths(settings, name)


def open_current(settings: Settings) -> tuple[IndexPaths, Lease | None]:
    """The current index and a lease on it, so that no cleanup deletes it while this process reads it.

    The flat layout's lease is on its articles.jsonl (nothing is created to read an old data dir)."""
    for _ in range(OPEN_ATTEMPTS):
        name = read_pointer(settings)
        if name is None:
            paths = flat_paths(settings)
            return paths, take_lease(paths.articles)
        paths = generation_paths(settings, name)
        lease = take_lease(paths.manifest)
        if lease is not None:
            return paths, lease
        if read_pointer(settings) == name:  # still current, yet not there: the generation is broken
            raise KodeksError(
                f"the current index generation {paths.root} is missing or incomplete; "
                f"restore the data dir from a backup or re-run `kodeks ingest`"
            )
    raise KodeksError(f"the index in {settings.data_dir} kept changing while it was opened; try again")


def new_generation(settings: Settings) -> IndexPaths:
    """An empty folder for the next generation (numbered after every folder there, plus a random part,
    so that a name is never used twice — Chroma caches clients by path within a process)."""
    root = index_root(settings)
    root.mkdir(parents=True, exist_ok=True)
    names = [p.name.removeprefix(TRASH_PREFIX) for p in root.iterdir()]
    number = max([generation_number(n) for n in names] + [0]) + 1
    name = f"gen-{number:06d}-{secrets.token_hex(3)}"
    (root / name).mkdir()
    return generation_paths(settings, name)


def make_current(settings: Settings, paths: IndexPaths, manifest: dict[str, Any]) -> None:
    """Every file of the new generation on disk, then its generation.json, then CURRENT renamed into
    place (fsync'd): from here on every reader opens it."""
    assert paths.generation is not None
    fsync_tree(paths.root)
    atomic_write_text(
        paths.manifest,
        json.dumps(
            {**manifest, "generation": paths.generation, "collection": paths.collection}, ensure_ascii=False, indent=1
        )
        + "\n",
        durable=True,
    )
    atomic_write_text(index_root(settings) / POINTER, json.dumps({"generation": paths.generation}) + "\n", durable=True)


@dataclass
class Cleanup:
    """What a cleanup removed, and what it left because a running process still reads it."""

    removed: list[str] = field(default_factory=list)
    in_use: list[str] = field(default_factory=list)


DropCollection = Callable[[str], None]  # deletes a collection on the Chroma server (chroma.drop_collection_named)


def cleanup(settings: Settings, drop_collection: DropCollection | None = None) -> Cleanup:
    """Delete every generation that is not current and that no process holds a lease on, half-built
    ones, and a flat index already upgraded. Only under the writer lock (a generation being built
    has no lease yet: only the writer may decide it is abandoned). On a Chroma server, a deleted
    generation's collection goes through `drop_collection`."""
    done = Cleanup()
    root = index_root(settings)
    current = read_pointer(settings)
    if not root.is_dir():
        return done
    for entry in sorted(root.iterdir()):
        if entry.name.startswith(TRASH_PREFIX):
            _remove_tree(entry)  # a cleanup killed halfway
            continue
        if not entry.is_dir() or generation_number(entry.name) < 0 or entry.name == current:
            continue
        paths = generation_paths(settings, entry.name)
        if _remove_unleased(paths, paths.manifest, drop_collection):
            done.removed.append(entry.name)
        else:
            done.in_use.append(entry.name)
    if current is not None and has_flat_index(settings):
        flat = flat_paths(settings)
        if _remove_flat(settings, flat, drop_collection):
            done.removed.append("flat index")
        else:
            done.in_use.append("flat index")
    return done


def _remove_unleased(paths: IndexPaths, lease_file: Path, drop_collection: DropCollection | None) -> bool:
    fd = try_exclusive(lease_file)
    if fd is None:
        return False
    try:
        trash = paths.root.with_name(TRASH_PREFIX + paths.root.name)
        paths.root.rename(trash)  # while the exclusive lock is held: no lease can be taken on it any more
    finally:
        if fd >= 0:
            os.close(fd)
    if paths.collection and drop_collection is not None:
        _drop_quietly(drop_collection, paths.collection)
    _remove_tree(trash)
    return True


def _remove_flat(settings: Settings, flat: IndexPaths, drop_collection: DropCollection | None) -> bool:
    """The flat parts of an upgraded data dir, moved into the trash and deleted once no process reads them."""
    fd = try_exclusive(flat.articles)
    if fd is None:
        return False
    trash = index_root(settings) / f"{TRASH_PREFIX}flat"
    try:
        trash.mkdir(parents=True, exist_ok=True)
        for name in PARTS:
            part = flat.root / name
            if part.exists():
                part.rename(trash / name)
        for stray in flat.root.glob(".lexical.*"):  # temporary folders of an old writer killed mid-write
            stray.rename(trash / stray.name)
    finally:
        if fd >= 0:
            os.close(fd)
    if settings.chroma_host and drop_collection is not None:
        _drop_quietly(drop_collection, settings.collection)
    fsync_dir(flat.root)
    _remove_tree(trash)
    return True


def _remove_tree(path: Path) -> None:
    try:
        shutil.rmtree(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not delete %s (%s); it is tried again at the next ingest", path, exc.strerror or exc)


def _drop_quietly(drop_collection: DropCollection, name: str) -> None:
    try:
        drop_collection(name)
    except Exception as exc:
        log.warning("could not delete the Chroma collection %s (%s)", name, type(exc).__name__)


def disk_usage(paths: IndexPaths) -> int:
    """Bytes under one generation's folder (or the flat parts)."""
    total = 0
    parts = [paths.root] if paths.generation else [paths.root / name for name in PARTS]
    for part in parts:
        if part.is_file():
            total += part.stat().st_size
        elif part.is_dir():
            total += sum(f.stat().st_size for f in part.rglob("*") if f.is_file())
    return total
