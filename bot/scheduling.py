"""CPU work for officers — searches and article lookups — on a bounded pool of its own, officers served in turn.

Why: a search is CPU work (the question's embedding, BM25, the dense product), and before this every search
ran on `asyncio.to_thread`, the event loop's few default threads that the query log's readers (`/stats`,
`/export`, buttons) need too. Ten long questions from one officer filled them; another officer's plain
question waited 27-43 s behind them and `/stats` 9.9 s.

`FairScheduler` keeps one queue per officer and hands the next free worker to the officer whose turn it is
(round robin over officers with work waiting: the one served longest ago, an officer new to the queue
first), each officer with at most `PER_OFFICER` jobs running. So one
officer's burst runs one job at a time while everyone else's questions go past it; a lone officer loses
little (the answer's Claude call, not the search, is most of its time). The workers are its own
(`KODEKS_CPU_WORKERS`), so the log's I/O threads stay free. Retrieval knows nothing of this: the pipeline
takes a `run` function (`kodeks.answering.pipeline.CpuRunner`) and the bot passes `runner(officer)`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter, deque
from collections.abc import Awaitable, Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

log = logging.getLogger(__name__)

T = TypeVar("T")
PER_OFFICER = 1  # jobs of one officer running at once


@dataclass
class _Job:
    fn: Callable[[], Any]
    done: asyncio.Future[Any]


class FairScheduler:
    """A bounded thread pool whose queue is fair across officers (see the module docstring)."""

    def __init__(self, workers: int, per_officer: int = PER_OFFICER) -> None:
        self.workers = workers
        self.per_officer = per_officer
        self._executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kodeks-cpu")
        self._queues: dict[Hashable, deque[_Job]] = {}  # officers with work waiting
        self._served: dict[Hashable, int] = {}  # when each waiting officer's last job started (a turn number)
        self._turn = 0
        self._running: Counter[Hashable] = Counter()
        self._busy = 0
        self.ran = 0  # jobs finished (for tests and figures)

    @property
    def waiting(self) -> int:
        return sum(len(q) for q in self._queues.values())

    async def run(self, who: Hashable, fn: Callable[[], T]) -> T:
        """Run `fn()` on a worker when it is `who`'s turn; its result (or exception) is returned here. A caller
        cancelled while its job waits takes the job out of the queue; a running job finishes on its worker."""
        job = _Job(fn, asyncio.get_running_loop().create_future())
        self._queues.setdefault(who, deque()).append(job)
        self._dispatch()
        try:
            return await asyncio.shield(job.done)
        except asyncio.CancelledError:
            queue = self._queues.get(who)
            if queue is not None and job in queue:
                queue.remove(job)
                if not queue:
                    self._forget(who)
            raise

    async def call(self, who: Hashable, fn: Callable[..., T], *args: Any) -> T:
        """`run(who, lambda: fn(*args))`: a retriever method with its arguments, in `who`'s turn."""
        return await self.run(who, functools.partial(fn, *args))

    def runner(self, who: Hashable) -> Callable[[Callable[[], T]], Awaitable[T]]:
        """`run` bound to one officer: what `Pipeline.ask(run=...)` takes."""
        return lambda fn: self.run(who, fn)

    def _next(self) -> Hashable | None:
        """The officer served longest ago (never: first) among those with work waiting and fewer than
        `per_officer` jobs running."""
        eligible = [who for who in self._queues if self._running[who] < self.per_officer]
        return min(eligible, key=lambda who: self._served.get(who, -1), default=None)

    def _forget(self, who: Hashable) -> None:
        del self._queues[who]
        if not self._running[who]:
            self._served.pop(who, None)

    def _dispatch(self) -> None:
        while self._busy < self.workers and (who := self._next()) is not None:
            queue = self._queues[who]
            job = queue.popleft()
            self._turn += 1
            self._served[who] = self._turn
            if not queue:
                del self._queues[who]
            self._busy += 1
            self._running[who] += 1
            loop = asyncio.get_running_loop()
            future = self._executor.submit(job.fn)
            future.add_done_callback(functools.partial(_call_soon, loop, self._finished, who, job))

    def _finished(self, who: Hashable, job: _Job, future: Future[Any]) -> None:
        self._busy -= 1
        self._running[who] -= 1
        if not self._running[who]:
            del self._running[who]
            if who not in self._queues:
                self._served.pop(who, None)  # nothing waiting: forgotten (memory stays per active officer)
        self.ran += 1
        if not job.done.done():
            error = future.exception()
            if error is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(future.result())
        self._dispatch()

    def close(self) -> None:
        """Stop the workers once what runs has finished; jobs still waiting are cancelled."""
        for queue in self._queues.values():
            for job in queue:
                job.done.cancel()
        self._queues.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)


def _call_soon(loop: asyncio.AbstractEventLoop, fn: Callable[..., None], *args: Any) -> None:
    """From a worker thread back to the event loop (gone at interpreter exit: nothing left to tell)."""
    try:
        loop.call_soon_threadsafe(fn, *args)
    except RuntimeError:
        log.debug("event loop closed before a CPU job finished")
