"""Every write of the index, as one transaction: lock, build a new generation, check it, make it current.

    with IndexWriter.open(settings) as writer:       # the one-writer lock (writer_lock.py)
        stored = writer.stored                       # the current generation's article table
        update = writer.write(articles, complete_laws)

`write` plans from the current generation without touching it (writer.py), returns at once when
nothing changes, and otherwise embeds what is new (the slow part, before anything is written),
copies the current Chroma folder into a new generation (or, on a Chroma server, fills a new
collection from the current one), applies the plan there, writes the article table, catalog,
lexical index, compact vectors, laws.json and the title fields' vectors (title_fields.py), checks the
whole (checking.py) and makes it current (generations.py). Afterwards, generations no process reads any more are deleted. Extra disk during a
write: one generation (the new one) beside the current, measured in docs/benchmarks.md.

Why a copied Chroma folder per generation rather than one shared Chroma with a collection per
generation: copying the folder (files, SQLite by its backup API) took 0.64 s at 2,126 chunks and 8.4 s
at 21,192, while filling a new collection — every vector re-inserted, its HNSW graph rebuilt — took
10 s and 356 s (`bench/index_lifecycle.py chroma`, docs/benchmarks.md); on a Chroma server there is no
folder to copy, so there a generation is a collection of its own.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kodeks.errors import IndexMismatchError, KodeksError
from kodeks.settings import Settings
from retrieval.index.articles import load_articles
from retrieval.index.catalog import Catalog
from retrieval.index.checking import check_generation
from retrieval.index.chroma import (
    chroma_client,
    close_client,
    drop_collection_named,
    get_all,
    identity_metadata,
    open_collection,
)
from retrieval.index.chunk_meta import read_chunk_meta
from retrieval.index.disk_errors import explain_write_failure
from retrieval.index.embedders import Embedder, EmbedderIdentity, make_embedder
from retrieval.index.generations import (
    Cleanup,
    cleanup,
    current_paths,
    disk_usage,
    load_manifest,
    make_current,
    new_generation,
)
from retrieval.index.law_catalog import LibraryCounts, load_law_records, now_utc, save_law_records, updated_records
from retrieval.index.layout import IndexPaths
from retrieval.index.opening import recorded_identity
from retrieval.index.title_fields import has_vectors, store_vectors, title_fields
from retrieval.index.writer import IndexUpdate, Plan, ProgressStart, apply_plan, embed_plan, plan_update
from retrieval.index.writer_lock import writer_lock
from retrieval.types import Article

log = logging.getLogger(__name__)

Records = Callable[[dict[str, dict[str, Any]], dict[str, Article], dict[str, Article]], dict[str, dict[str, Any]]]
COPY_BATCH = 1000


@dataclass
class WriteResult:
    """What `IndexWriter.write` did, for the caller's summary."""

    update: IndexUpdate
    counts: LibraryCounts  # the library afterwards, counted as `kodeks laws` counts it
    cleanup: Cleanup


class IndexWriter:
    """The writer of one data dir, holding its lock (use `IndexWriter.open`)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.source = current_paths(settings)
        self.manifest = load_manifest(self.source) if self.source.generation else {}
        self._stored: dict[str, Article] | None = None
        self._embedder: Embedder | None = None

    @classmethod
    @contextmanager
    def open(
        cls,
        settings: Settings,
        wait: bool = True,
        on_wait: Callable[[str], None] | None = None,
        command: str | None = None,
    ) -> Iterator[IndexWriter]:
        with writer_lock(settings, wait, on_wait, command):
            writer = cls(settings)
            writer.tidy()  # half-built generations of a killed writer, generations nobody reads any more
            try:
                yield writer
            except OSError as exc:  # a disk problem outside the build itself (reading the current index, …)
                disk = explain_write_failure(exc, settings.data_dir, "update the index")
                if disk is None:
                    raise
                raise disk from None

    @property
    def stored(self) -> dict[str, Article]:
        """The current generation's article table (a copy the caller may keep)."""
        if self._stored is None:
            self._stored = load_articles(self.source.root) if self.source.articles.exists() else {}
        return dict(self._stored)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = make_embedder(self.settings)
        return self._embedder

    def tidy(self) -> Cleanup:
        try:
            return cleanup(self.settings, self._drop_collection)
        except OSError as exc:
            log.warning("cleanup of old index generations failed (%s)", exc.strerror or exc)
            return Cleanup()

    def _drop_collection(self, name: str) -> None:
        drop_unpublished_collection(self.settings, name)

    def publish(self, target: IndexPaths) -> None:
        """With KODEKS_DATABASE_URL: the generation just made current, published for every replica. A failure
        is reported (this data dir serves the new one, the replicas the previous) and `kodeks publish` retries."""
        from kodeks.errors import PublicationError
        from retrieval.index.publishing import database_url, publish

        if database_url(self.settings) is None:
            return
        try:
            publish(self.settings, target, lambda name: drop_collection_named(self.settings, name))
        except PublicationError as exc:
            raise PublicationError(
                f"the new index generation {target.generation} is current in {self.settings.data_dir} but could "
                f"not be published ({exc}); the other replicas still serve the previous one — run `kodeks publish`"
            ) from None

    # --- one write -------------------------------------------------------------------------------

    def write(
        self,
        articles: list[Article],
        complete_laws: set[str],
        *,
        progress: ProgressStart | None = None,
        reembed_laws: set[str] | None = None,
        carry: dict[str, str] | None = None,
        drop: set[str] | None = None,
        records: Records | None = None,
        fresh: bool = False,
    ) -> WriteResult:
        """Bring the index in line with `articles` as a new generation (see writer.plan_update for the
        arguments; `records` makes laws.json from the current one; `fresh`: a new Chroma, every chunk
        embedded — after a change of embedder)."""
        stored = {} if fresh else self.stored
        identity = self.embedder.identity
        if not fresh:
            self._check_identity(identity)
        meta = {} if fresh else self._stored_meta()
        plan = plan_update(
            stored, meta, articles, complete_laws, self.settings.max_chunk_chars, reembed_laws, carry, drop
        )
        old_records = {} if fresh else (load_law_records(self.source.root) if self.source.articles.exists() else {})
        new_records = (records or updated_records)(old_records, plan.before, plan.after)
        update = IndexUpdate(
            chunks=len(plan.chunks),
            reused=len(plan.unchanged) + len(plan.copyable),
            deleted=len(plan.removed),
            total_articles=len(plan.after),
            articles=plan.after,
            generation=self.source.generation,
        )
        nothing_yet = not plan.after and not self.source.articles.exists()  # no index, and nothing read
        if (
            not fresh
            and not plan.changes_index
            and new_records == old_records
            and (nothing_yet or self._source_is_current_form())
        ):
            return WriteResult(update, LibraryCounts.of(plan.after.values()), Cleanup())
        vectors = embed_plan(plan, self.embedder, progress)  # the slow part: nothing written yet
        update.embedded = len(plan.to_embed)
        target = self._build(plan, vectors, new_records, fresh, identity)
        update.generation, update.built = target.generation, True
        self.publish(target)
        done = self.tidy()
        return WriteResult(update, LibraryCounts.of(plan.after.values()), done)

    def _stored_meta(self) -> dict[str, dict[str, Any]]:
        """The current index's chunk metadata: its manifest while that names exactly the chunks Chroma
        holds (ids alone are read: ~1 s at 100,000 chunks), else Chroma's own (something changed the
        collection behind kodeks' back; what is missing is then embedded again)."""
        if not self.settings.chroma_host and not (self.source.chroma / "chroma.sqlite3").exists():
            return {}
        if self.settings.chroma_host and not self.source.articles.exists():
            return {}  # a new data dir: nothing of ours on the server yet
        client = chroma_client(self.settings, self.source, create=False)
        try:
            try:
                collection = open_collection(self.settings, self.embedder.identity, False, self.source, client)
            except IndexMismatchError:
                raise
            except KodeksError:
                return {}  # an article table without its collection: everything is embedded again
            return read_chunk_meta(self.source, collection)
        finally:
            if not self.settings.chroma_host:
                close_client(client)

    def index_identity(self) -> EmbedderIdentity | None:
        """The embedder the current index was built with (None: no index yet, or it does not say)."""
        from retrieval.index.chroma import identity_in_file
        from retrieval.index.chroma import recorded_identity as collection_identity

        recorded = recorded_identity(self.manifest)
        if recorded is not None or not self.source.articles.exists():
            return recorded
        if not self.settings.chroma_host:
            found = identity_in_file(self.source, self.settings.collection)
            if found is not None:
                return found
        client = chroma_client(self.settings, self.source, create=False)
        try:
            return collection_identity(
                client.get_collection(self.source.collection_name(self.settings), embedding_function=None)
            )
        except Exception:
            return None
        finally:
            if not self.settings.chroma_host:
                close_client(client)

    def _check_identity(self, identity: EmbedderIdentity) -> None:
        recorded = recorded_identity(self.manifest)
        if recorded is not None and recorded != identity:
            raise IndexMismatchError(
                f"the index in {self.settings.data_dir} was built with {recorded.describe()}, but the configured "
                f"embedder is {identity.describe()}; set KODEKS_EMBEDDER={recorded.provider}, or re-index every "
                f"law at once with `kodeks ingest --reindex PATH...` naming the files of all of them"
            )

    def _source_is_current_form(self) -> bool:
        """Whether the current index needs no rewrite (a flat data dir always gets one: the upgrade)."""
        from retrieval.index.catalog import is_current as catalog_current
        from retrieval.index.lexical import LexicalIndex
        from retrieval.index.vectors import is_current as vectors_current

        if self.source.generation is None:
            return False
        try:
            lexical = LexicalIndex.load(self.source.lexical)  # also checks its token table against the arrays
        except (OSError, ValueError, KeyError):
            return False
        return (
            lexical.current
            and catalog_current(self.source.root)
            and vectors_current(self.source.dense, lexical.chunk_ids)
            and has_vectors(self.source.root)  # a generation from before the title vectors: upgraded by the next ingest
        )

    def _build(
        self,
        plan: Plan,
        vectors: dict[str, Any],
        records: dict[str, dict[str, Any]],
        fresh: bool,
        identity: EmbedderIdentity,
    ) -> IndexPaths:
        """A new generation with the plan applied, checked, made current; thrown away on any failure."""
        settings = self.settings
        target: IndexPaths | None = None
        client: Any = None
        try:
            target = new_generation(settings)
            if not fresh:
                self._copy_vectors(target, plan, identity)
            client = chroma_client(settings, target)
            collection = open_collection(settings, identity, True, target, client)
            apply_plan(settings, target, collection, plan, vectors, identity.dim)
            save_law_records(target.root, records)
            self._store_title_vectors(target, identity)
            counts = LibraryCounts.of(plan.after.values())
            manifest = {
                "created_at": now_utc(),
                "embedder": {"provider": identity.provider, "model": identity.model, "dim": identity.dim},
                "chunks": len(plan.meta_after),
                **counts.to_dict(),
            }
            check_generation(
                settings,
                target,
                collection,
                self.embedder,
                {c.chunk_id for _, c in plan.chunks} | _kept_chunks(plan),
                manifest,
            )
            if not settings.chroma_host:
                close_client(client)
                client = None
            make_current(settings, target, manifest)
            return target
        except BaseException as exc:
            if client is not None and not settings.chroma_host:
                close_client(client)
            if target is not None:
                _discard(settings, target)
            disk = explain_write_failure(
                exc,
                settings.data_dir,
                "write the new index generation",
                needed=int(disk_usage(self.source) * 1.2) or None,
            )
            if disk is not None:
                raise disk from None
            raise

    def _store_title_vectors(self, target: IndexPaths, identity: EmbedderIdentity) -> None:
        """The title fields' vectors for the learned ranking (title_fields.py), with the generation: opening it then
        embeds nothing. The current generation's vectors of unchanged texts are reused."""
        catalog = Catalog.open(target.root)
        try:
            texts = title_fields(catalog).texts()
        finally:
            catalog.close()
        previous = self.source.root if self.source.articles.exists() else None
        embedded = store_vectors(target.root, texts, identity.describe(), self.embedder.embed_passages, previous)
        log.info("title vectors: %d of %d embedded, the rest reused", embedded, len(texts))

    def _copy_vectors(self, target: IndexPaths, plan: Plan, identity: EmbedderIdentity) -> None:
        """The current generation's vectors into the new one: its Chroma folder copied, or on a server
        the chunks that stay copied into the new generation's collection."""
        source = self.source
        if not self.settings.chroma_host:
            if source.chroma.exists():
                copy_chroma_folder(source.chroma, target.chroma)
            return
        if not (source.generation or source.articles.exists()):
            return  # nothing on the server yet
        client = chroma_client(self.settings)
        old = open_collection(self.settings, identity, True, source, client)
        new = client.get_or_create_collection(
            target.collection_name(self.settings),
            embedding_function=None,
            metadata=identity_metadata(identity),
            configuration={"hnsw": {"space": "cosine"}},
        )
        # The chunks that stay, and those whose vectors copied chunks take (apply_plan reads them there).
        wanted = sorted((set(plan.meta_after) | set(plan.sources.values())) & set(get_all(old, [])["ids"]))
        for start in range(0, len(wanted), COPY_BATCH):
            got = old.get(ids=wanted[start : start + COPY_BATCH], include=["embeddings", "documents", "metadatas"])
            if got["ids"]:
                new.upsert(
                    ids=got["ids"], embeddings=got["embeddings"], documents=got["documents"], metadatas=got["metadatas"]
                )


def drop_unpublished_collection(settings: Settings, name: str) -> None:
    """A Chroma server collection of a deleted local generation, unless replicas may still read it: a kept
    publication's (publishing.py prunes those), or any while the database cannot say (fail closed)."""
    from kodeks.errors import PublicationError
    from retrieval.index.publishing import published_collections

    try:
        if name in published_collections(settings):
            return
    except PublicationError:
        log.warning("the Chroma collection %s is kept: the database cannot say whether replicas read it", name)
        return
    drop_collection_named(settings, name)


def tidy_unused(settings: Settings) -> Cleanup | None:
    """Delete generations no process reads any more, unless a writer is busy (it cleans up itself) or
    the data dir cannot be written (a read-only one keeps everything). For a process that only reads."""
    from kodeks.errors import IndexBusy

    try:
        with writer_lock(settings, wait=False, command="cleanup of unused index generations"):
            return cleanup(settings, lambda name: drop_unpublished_collection(settings, name))
    except (IndexBusy, KodeksError, OSError):
        return None


def _kept_chunks(plan: Plan) -> set[str]:
    """Chunks of articles the write did not touch (they stay as they were)."""
    return set(plan.meta_after) - {c.chunk_id for _, c in plan.chunks} - set(plan.stale)


def copy_chroma_folder(source: Path, target: Path) -> None:
    """A Chroma folder copied consistently: its SQLite file through SQLite's backup API (a reader may
    have it open), the HNSW segment files as they are (only a writer changes them, and we hold the lock).
    Chroma has no public copy of a persistent collection (re-adding every vector would cost minutes at 100,000
    chunks), so this knows its folder's layout: one `chroma.sqlite3` beside the segment folders, which a copy
    opened by the public client must read back whole (tests/test_index_generations.py checks that it does)."""

    def copy(src: str, dst: str) -> None:
        if Path(src).name == "chroma.sqlite3":
            with sqlite3.connect(f"file:{src}?mode=ro", uri=True) as old, sqlite3.connect(dst) as new:
                old.backup(new)
            old.close()
            new.close()
        else:
            shutil.copy2(src, dst)

    shutil.copytree(source, target, copy_function=copy)


def _discard(settings: Settings, target: IndexPaths) -> None:
    """A generation that did not become current: deleted (a kill leaves it to the next writer's cleanup)."""
    shutil.rmtree(target.root, ignore_errors=True)
    if target.collection:
        with suppress(Exception):
            drop_collection_named(settings, target.collection)


def require_same_embedder_or_all_laws(stored: dict[str, Article], laws: set[str]) -> None:
    """After a change of embedder only a re-index of every law can build a usable index."""
    missing = sorted({a.law for a in stored.values()} - laws)
    if missing:
        raise KodeksError(
            f"the configured embedder differs from the index's, so every law must be re-indexed at "
            f"once; these loaded laws are not in the files given: {', '.join(missing)} (add their "
            f"files, or remove them first with `kodeks laws remove LAW`)"
        )
