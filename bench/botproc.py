"""Run the real `kodeks bot` process against the fake Bot API server (tests/fakes) for the load benches.

The fakes start outside pytest as they are: `FakeTelegramServer().start()` in this event loop, and
`FakeAnthropic().start()` in its own thread. Questions are pushed as Telegram updates; a reply is
matched to its question through `reply_parameters.message_id`.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import sys
import time
from collections.abc import Iterable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.fakes.telegram_server import FakeTelegramServer

FIRST_USER = 70_000
LOG_DIR = REPO / "bench" / "out"


def officers(n: int) -> list[int]:
    return list(range(FIRST_USER, FIRST_USER + n))


def fresh_log(data_dir: Path) -> None:
    """The bot writes its query log into the data dir: start each bench with an empty one."""
    for path in data_dir.glob("queries.sqlite3*"):
        path.unlink()


async def start_bot(
    data_dir: Path,
    server: FakeTelegramServer,
    users: Iterable[int],
    env: dict[str, str] | None = None,
    command: list[str] | None = None,
    log_name: str = "bot.log",
) -> asyncio.subprocess.Process:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("ANTHROPIC_", "KODEKS_", "OPENAI_"))}
    full.update(
        {
            "KODEKS_DATA_DIR": str(data_dir),
            "TELEGRAM_BOT_TOKEN": server.token,
            "KODEKS_TELEGRAM_BASE_URL": server.base_url,
            "KODEKS_ALLOWED_USERS": ",".join(map(str, users)),
            "KODEKS_RATE_LIMIT_PER_MINUTE": "100000",
            **(env or {}),
        }
    )
    exe = shutil.which("kodeks", path=str(Path(sys.executable).parent)) or "kodeks"
    args = command or [exe, "bot"]
    log = LOG_DIR / log_name  # a file, not a pipe: an unread pipe fills up and blocks the bot's logging
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as err:
        proc = await asyncio.create_subprocess_exec(
            *args, env=full, cwd=str(data_dir), stdout=asyncio.subprocess.DEVNULL, stderr=err
        )
    await server.wait_until(
        lambda: server.polls > 0 or proc.returncode is not None, timeout=600, what="the bot to start polling"
    )
    if proc.returncode is not None:
        raise SystemExit(f"kodeks bot exited: {log.read_text(errors='replace')[-2000:]}")
    return proc


async def stop_bot(proc: asyncio.subprocess.Process) -> int:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    await asyncio.wait_for(proc.wait(), 300)
    return proc.returncode or 0


def ask(server: FakeTelegramServer, user: int, text: str) -> tuple[int, int, float]:
    """Push one question; returns (chat, message id, monotonic time it was sent)."""
    update = server.send_text(user, text)
    return user, update["message"]["message_id"], time.monotonic()


class Replies:
    """Reply times, read incrementally from the server's call record (cheap enough to check on every call)."""

    def __init__(self, server: FakeTelegramServer) -> None:
        self.server = server
        self.seen = 0
        self.at: dict[tuple[int, int], float] = {}

    def update(self) -> int:
        calls = self.server.calls
        for call in calls[self.seen :]:
            quoted = (call.params.get("reply_parameters") or {}).get("message_id")
            if call.method == "sendMessage" and call.status == 200 and quoted is not None:
                self.at.setdefault((call.params.get("chat_id"), quoted), call.at)
        self.seen = len(calls)
        return len(self.at)

    def times(self, asked: list[tuple[int, int, float]]) -> list[float]:
        """Seconds from each question to the first successful sendMessage that quotes it."""
        self.update()
        return [self.at[(chat, mid)] - at for chat, mid, at in asked if (chat, mid) in self.at]

    async def wait(self, total: int, timeout: float) -> None:
        await self.server.wait_until(lambda: self.update() >= total, timeout=timeout, what=f"{total} replies")


def ensure_sample_index(data_dir: Path) -> Path:
    """The sample corpus indexed in `data_dir` (an ingest with nothing new embeds and writes nothing)."""
    from kodeks.settings import load_settings
    from retrieval.ingest.run import ingest_paths

    ingest_paths(load_settings(data_dir=data_dir, _env_file=None), [REPO / "data" / "sample" / "corpus.jsonl"])
    return data_dir
