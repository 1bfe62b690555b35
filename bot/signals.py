"""The signals a supervisor sends `kodeks bot`, handled from the first instruction of start-up.

Python's default for SIGHUP is to end the process, and the event loop's handlers exist only once the
loop runs — so a `systemctl reload` in the seconds the bot spends importing and opening the index used to
kill it without a line. `startup_signals()` is the first thing the `kodeks` script does for `kodeks bot`
(kodeks/launch.py, before the command line is even imported): until the loop
takes over (`attach`), a SIGHUP is only remembered (the index is checked once the bot serves) and a
SIGTERM/SIGINT asks start-up to stop at its next step. Light on purpose: no Telegram, no index imported.
"""

from __future__ import annotations

import logging
import signal
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported before the command line loads (kodeks/launch.py): nothing heavy at run time
    import asyncio

log = logging.getLogger("bot.app")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


class StartupSignals:
    """What arrived before the loop ran: a reload to apply once serving, a stop to honour at once."""

    def __init__(self) -> None:
        self.reloads = 0
        self.stop_signal: int | None = None
        self._stop: asyncio.Event | None = None
        self._reload: asyncio.Event | None = None
        self.serving = False

    def install(self) -> StartupSignals:
        """Plain handlers that only record (a signal handler must not log: it may interrupt a log call)."""
        signal.signal(signal.SIGHUP, self._early_reload)
        for sig in STOP_SIGNALS:
            signal.signal(sig, self._early_stop)
        return self

    def _early_reload(self, _sig: int, _frame: FrameType | None) -> None:
        self.reloads += 1

    def _early_stop(self, sig: int, _frame: FrameType | None) -> None:
        self.stop_signal = self.stop_signal or sig

    def attach(self, loop: asyncio.AbstractEventLoop, stop: asyncio.Event, reload: asyncio.Event) -> None:
        """The loop's handlers from now on; what arrived before is passed on, with one log line each."""
        self._stop, self._reload = stop, reload
        loop.add_signal_handler(signal.SIGHUP, self._on_reload)
        for sig in STOP_SIGNALS:
            loop.add_signal_handler(sig, self._on_stop, sig)
        if self.reloads:
            self._queue_reload()
        if self.stop_signal is not None:
            self._on_stop(self.stop_signal)

    def _queue_reload(self) -> None:
        if not self.serving:
            log.info("reload requested during start-up: the index is checked once the bot serves")
        assert self._reload is not None
        self._reload.set()  # index_watch checks at once when it starts (or now, when serving)

    def _on_reload(self) -> None:
        self.reloads += 1
        self._queue_reload()

    def _on_stop(self, sig: int) -> None:
        assert self._stop is not None
        if not self.serving and not self._stop.is_set():
            log.info("stop requested during start-up (%s): exiting before serving", signal.Signals(sig).name)
        self._stop.set()

    @property
    def stopping(self) -> bool:
        """A stop arrived (before the loop, or through it)."""
        return self.stop_signal is not None or (self._stop is not None and self._stop.is_set())

    def after_loop(self) -> None:
        """The loop is gone (its handlers with it): a late reload is ignored rather than fatal."""
        signal.signal(signal.SIGHUP, signal.SIG_IGN)


_installed: StartupSignals | None = None


def startup_signals() -> StartupSignals:
    """The process's start-up handlers, installed on the first call (the `kodeks` script's first step for
    `kodeks bot`, kodeks/launch.py); later calls return the same object, with what it has recorded."""
    global _installed
    if _installed is None:
        _installed = StartupSignals().install()
    return _installed
