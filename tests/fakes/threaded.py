"""An aiohttp app on 127.0.0.1 (a random port) in its own thread with its own event loop — the base of the fake
HTTP APIs the real SDKs are pointed at (anthropic_server.py, transcription_server.py).

Its own loop lets one server answer async tests (pytest-asyncio's loop) and sync ones that call
`asyncio.run` alike; `stop` cancels handlers still sleeping (a "slow" reply the client gave up on).
"""

from __future__ import annotations

import asyncio
import threading

from aiohttp import web


class ThreadedServer:
    """Subclasses add their routes in `routes`; `url` is set once `start` returns."""

    name = "fake-server"
    max_body = 1024**2  # aiohttp's default request size limit

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self.url = ""

    def routes(self, app: web.Application) -> None:
        raise NotImplementedError

    def url_of(self, host: str, port: int) -> str:
        return f"http://{host}:{port}"

    async def _start(self) -> None:
        app = web.Application(client_max_size=self.max_body)
        self.routes(app)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, shutdown_timeout=0.2)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        self.url = self.url_of(host, port)

    def start(self) -> ThreadedServer:
        ready = threading.Event()
        failure: list[BaseException] = []
        loop = asyncio.new_event_loop()
        self._loop = loop

        def run() -> None:
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._start())
            except BaseException as exc:  # pragma: no cover - surfaced below
                failure.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()

        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            raise failure[0]
        return self

    async def _shutdown(self) -> None:
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for task in others:
            task.cancel()
        await asyncio.gather(*others, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        if self._loop is None or self._thread is None:
            return
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()
        self._loop = None
