"""Bot replicas behind one webhook, all on 127.0.0.1: for tests/test_replicas.py and bench/replicas.py.

What runs, all real but the Telegram Bot API (tests/fakes/telegram_server.py, which delivers to the webhook and
retries what is not acknowledged, as Telegram does):

    fake Bot API ──POST──► RoundRobin proxy ──► kodeks bot #0 (webhook, its own port) ─┐
                 ◄─sendMessage──────────────── kodeks bot #1 …                          ├─► PostgreSQL (the log,
                                                                                        │   the journal, heartbeats)
                                                                                        └─► `chroma run` (vectors)

The index is ingested once into the Chroma server from one data dir (the lexical files and generations stay
there); each replica gets a copy of that data dir, as replicas on other machines would read a shared volume.
A replica is killed with SIGKILL (`Cluster.kill`): no shutdown runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from aiohttp import ClientError, ClientSession, ClientTimeout, web

from tests.fakes.telegram_server import FakeTelegramServer
from tests.postgres_server import PostgresServer

REPO = Path(__file__).resolve().parents[1]
SAMPLE_CORPUS = REPO / "data" / "sample" / "corpus.jsonl"
HOOK_PATH = "kodeks-hook"
SECRET = "replica-test-secret_0"
SALT = "replica-test-salt"
NOTICE = "Bot je ponovo pokrenut"  # bot/texts.py RESTART_*: a recovery's notice, not an answer
QUESTIONS = (  # the sample corpus's ground (data/sample/eval.jsonl)
    "neko mi je krivotvorio potpis",
    "sta ako vozac odbije alkotest",
    "lažne novčanice pronađene kod osumnjičenog",
    "covjek se tuce i vice na ulici",
    "фалсификовао је исправу",
    "koliko dugo smijem drzati uhapsenog prije tuzioca",
    "ukrao mi je mobitel",
    "vozio je pijan",
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def clean_env() -> dict[str, str]:
    """This environment without any KODEKS/Anthropic/OpenAI/Chroma setting: each replica gets only its own."""
    prefixes = ("ANTHROPIC_", "KODEKS_", "OPENAI_", "CHROMA_", "TELEGRAM_")
    return {k: v for k, v in os.environ.items() if not k.startswith(prefixes)}


@dataclass
class ChromaServer:
    """`chroma run` from the chromadb package, on a free port, persisting in `folder`."""

    folder: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> ChromaServer:
        exe = shutil.which("chroma", path=str(Path(sys.executable).parent)) or "chroma"
        self.port = free_port()
        self.folder.mkdir(parents=True, exist_ok=True)
        log = open(self.folder / "chroma.log", "wb")  # noqa: SIM115 - the server writes it until it stops
        self.process = subprocess.Popen(
            [exe, "run", "--path", str(self.folder / "data"), "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=clean_env(),
        )
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"chroma run exited: {(self.folder / 'chroma.log').read_text()[-400:]}")
            url = f"http://127.0.0.1:{self.port}/api/v2/heartbeat"
            with contextlib.suppress(OSError), urllib.request.urlopen(url, timeout=1) as r:
                if r.status == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"chroma run did not answer within {timeout:.0f} s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)


def build_index(
    data_dir: Path, chroma_port: int, database_url: str | None = None, paths: tuple[Path, ...] = (SAMPLE_CORPUS,)
) -> str:
    """`paths` (the sample corpus) ingested into the Chroma server (vectors) and `data_dir` (the rest), local
    embedder; with `database_url` the new generation is published there for every replica (docs/operations.md,
    "One ingest, every replica"): `data_dir` is then the publisher's, no replica's. Returns the generation."""
    from kodeks.settings import load_settings
    from retrieval.ingest.run import ingest_paths

    settings = load_settings(
        data_dir=data_dir, chroma_host="127.0.0.1", chroma_port=chroma_port, database_url=database_url, _env_file=None
    )
    return str(ingest_paths(settings, list(paths)).generation)


class RoundRobin:
    """The load balancer: each webhook POST to the next backend in turn; a backend that does not answer is a 502
    (Telegram then sends the update again, and the next try goes to the next backend). `acked` records which
    backend acknowledged which update."""

    def __init__(self, backends: list[str]) -> None:
        self.backends = backends
        self._turn = itertools.count()
        self.active = list(range(len(backends)))  # the backends taking turns (a bench serves from fewer)
        self.acked: list[tuple[int, int]] = []  # (backend index, update id) for each 2xx
        self.routed: list[tuple[int, int, float]] = []  # (backend index, update id, monotonic time) for each try
        self.failed: Counter[int] = Counter()  # backend index → requests it did not answer
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._session: ClientSession | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/{HOOK_PATH}"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{path:.*}", self._forward)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        self.port = free_port()
        await web.TCPSite(self._runner, "127.0.0.1", self.port).start()
        self._session = ClientSession(timeout=ClientTimeout(total=70))

    async def stop(self) -> None:
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _forward(self, request: web.Request) -> web.Response:
        index = self.active[next(self._turn) % len(self.active)]
        body = await request.read()
        with contextlib.suppress(ValueError, KeyError, TypeError):
            self.routed.append((index, int(json.loads(body)["update_id"]), time.monotonic()))
        headers = {
            k: v for k, v in request.headers.items() if k.lower() in ("content-type", "x-telegram-bot-api-secret-token")
        }
        assert self._session is not None
        try:
            async with self._session.post(self.backends[index] + request.path, data=body, headers=headers) as r:
                status, text = r.status, await r.read()
        except (ClientError, TimeoutError, OSError):
            self.failed[index] += 1
            return web.Response(status=502, text="backend unavailable")
        if 200 <= status < 300:
            with contextlib.suppress(ValueError, KeyError):
                self.acked.append((index, int(json.loads(body)["update_id"])))
        return web.Response(status=status, body=text)


@dataclass
class Cluster:
    """N `kodeks bot` replicas (their own data dir and port each) behind `proxy`, on one database and Chroma."""

    server: FakeTelegramServer
    database_url: str
    chroma_port: int
    data_dirs: list[Path]
    users: list[int]
    logs: Path
    env: dict[str, str] = field(default_factory=dict)
    ports: list[int] = field(default_factory=list)
    procs: list[asyncio.subprocess.Process | None] = field(default_factory=list)
    proxy: RoundRobin | None = None
    starts: Counter[int] = field(default_factory=Counter)
    spawned: Callable[[int, int], None] | None = (
        None  # (replica, pid) as soon as it runs: bench/replicas.py's CPU budget
    )

    async def open(self) -> None:
        self.ports = [free_port() for _ in self.data_dirs]
        self.procs = [None] * len(self.data_dirs)
        self.proxy = RoundRobin([f"http://127.0.0.1:{port}" for port in self.ports])
        await self.proxy.start()

    def replica_env(self, i: int) -> dict[str, str]:
        assert self.proxy is not None
        return {
            **clean_env(),
            "KODEKS_DATA_DIR": str(self.data_dirs[i]),
            "TELEGRAM_BOT_TOKEN": self.server.token,
            "KODEKS_TELEGRAM_BASE_URL": self.server.base_url,
            "KODEKS_ALLOWED_USERS": ",".join(map(str, self.users)),
            "KODEKS_RATE_LIMIT_PER_MINUTE": "100000",
            "KODEKS_DATABASE_URL": self.database_url,
            "CHROMA_HOST": "127.0.0.1",
            "CHROMA_PORT": str(self.chroma_port),
            "KODEKS_WEBHOOK_URL": self.proxy.url,
            "KODEKS_WEBHOOK_LISTEN": "127.0.0.1",
            "KODEKS_WEBHOOK_PORT": str(self.ports[i]),
            "KODEKS_WEBHOOK_SECRET": SECRET,
            "KODEKS_USER_HASH_SALT": SALT,
            "KODEKS_REPLICA_NAME": f"replica{i}",
            **self.env,
        }

    def log_path(self, i: int) -> Path:
        return self.logs / f"replica{i}-{self.starts[i]}.log"

    async def start(self, i: int, timeout: float = 300) -> None:
        """Start replica `i` and wait until its webhook listens."""
        self.starts[i] += 1
        path = self.log_path(i)
        path.parent.mkdir(parents=True, exist_ok=True)
        exe = shutil.which("kodeks", path=str(Path(sys.executable).parent))
        args = [exe, "bot"] if exe else [sys.executable, "-c", "from kodeks.launch import main; main()", "bot"]
        with path.open("wb") as err:  # a file, not a pipe: an unread pipe would block the bot's logging
            proc = await asyncio.create_subprocess_exec(
                *args,
                env=self.replica_env(i),
                cwd=str(self.data_dirs[i]),
                stdout=asyncio.subprocess.DEVNULL,
                stderr=err,
            )
        self.procs[i] = proc
        if self.spawned is not None:
            self.spawned(i, proc.pid)
        deadline = time.monotonic() + timeout
        while "webhook listening" not in path.read_text(errors="replace"):
            if proc.returncode is not None or time.monotonic() > deadline:
                raise RuntimeError(f"replica {i} did not start: {path.read_text(errors='replace')[-1500:]}")
            await asyncio.sleep(0.1)

    def kill(self, i: int) -> None:
        """SIGKILL: no shutdown, no journal settled, in-flight webhook requests cut."""
        proc = self.procs[i]
        if proc is not None and proc.returncode is None:
            proc.kill()

    async def wait_dead(self, i: int) -> None:
        """Until the killed process is gone: after this it writes nothing more."""
        proc = self.procs[i]
        if proc is not None:
            await proc.wait()

    async def stop(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None and proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), 60)
            except TimeoutError:
                proc.kill()
                await proc.wait()
        elif proc is not None:
            await proc.wait()

    async def close(self) -> None:
        for i in range(len(self.procs)):
            await self.stop(i)
        if self.proxy is not None:
            await self.proxy.stop()


class Outcomes:
    """What the bot sent quoting each asked (chat, message id), read incrementally from the server's calls:
    answers, notices (start-up recovery's "the bot was restarted…", bot/texts.py) and when the first came."""

    def __init__(self, server: FakeTelegramServer) -> None:
        self.server = server
        self.seen = 0
        self.answers: Counter[tuple[int, int]] = Counter()
        self.notices: Counter[tuple[int, int]] = Counter()
        self.first: dict[tuple[int, int], float] = {}

    def update(self) -> Outcomes:
        calls = self.server.calls
        for call in calls[self.seen :]:
            quoted = (call.params.get("reply_parameters") or {}).get("message_id")
            if call.method != "sendMessage" or call.status != 200 or quoted is None:
                continue
            key = (call.params.get("chat_id"), quoted)
            bucket = self.notices if str(call.params.get("text", "")).startswith(NOTICE) else self.answers
            bucket[key] += 1
            self.first.setdefault(key, call.at)
        self.seen = len(calls)
        return self

    def settled(self, keys: list[tuple[int, int]]) -> int:
        """How many of `keys` got an answer or a notice."""
        self.update()
        return sum(1 for key in keys if key in self.first)


def logged_questions(database_url: str) -> Counter[tuple[str, str]]:
    """Rows of the query log per (user hash, question)."""
    from kodeks.postgres import connect

    con = connect(database_url)
    try:
        rows = con.execute("SELECT user_hash, question FROM queries WHERE kind = 'question'").fetchall()
    finally:
        con.close()
    return Counter((r[0], r[1]) for r in rows)


def open_entries_of(database_url: str, replica_name: str) -> int:
    """Journal entries a replica (by its KODEKS_REPLICA_NAME) holds open: taken, not yet done."""
    from kodeks.postgres import connect

    con = connect(database_url)
    try:
        row = con.execute(
            "SELECT count(*) FROM pending WHERE state != 'done' AND owner LIKE ?", (f"{replica_name}:%",)
        ).fetchone()
    finally:
        con.close()
    return int(row[0]) if row else 0


def ask_all(server: FakeTelegramServer, plan: list[tuple[int, str]]) -> list[tuple[int, int, str]]:
    """Push each (officer, question) as a Telegram message; returns (chat, message id, question)."""
    out = []
    for user, text in plan:
        update = server.send_text(user, text)
        out.append((user, int(update["message"]["message_id"]), text))
    return out


def plan(questions: int, officers: list[int]) -> list[tuple[int, str]]:
    """`questions` (officer, text) pairs, officers in turn, no officer asking the same text twice while
    len(QUESTIONS) lasts: a question and its log row are matched by (officer, text)."""
    return [
        (officers[i % len(officers)], QUESTIONS[(i // len(officers) + i) % len(QUESTIONS)]) for i in range(questions)
    ]


async def stop_all(
    cluster: Cluster | None,
    server: FakeTelegramServer,
    chroma: ChromaServer,
    pg: PostgresServer | None = None,
    work: Path | None = None,
) -> None:
    """Stop what a replica run started, the replicas first (they hold connections to the servers), then remove
    its work folder: one teardown for the test and both replica benchmarks."""
    if cluster is not None:
        await cluster.close()
    await server.stop()
    chroma.stop()
    if pg is not None:
        pg.stop()
    if work is not None:
        shutil.rmtree(work, ignore_errors=True)
