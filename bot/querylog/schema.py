"""The query log's file: its migrations (`kodeks.migrations.queries`) applied at open, the file created 0600.

Add a step to `QUERY_LOG` there, never edit one: the same numbered list upgrades every data dir.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from kodeks import private_files
from kodeks.migrations import QUERY_LOG, upgrade_file

MIGRATIONS = QUERY_LOG.migrations
SCHEMA_VERSION = QUERY_LOG.version


def create_private(path: Path) -> None:
    """Create the log file 0600 (it holds officers' questions) in a 0700 folder, like the salt file; SQLite
    gives its -wal and -shm files the same mode. An existing file keeps its mode (`kodeks.private_files`)."""
    private_files.create_private(path)


async def migrate(path: Path, *, busy_timeout_ms: int) -> None:
    """Apply the migrations the file has not had yet (a file from a newer kodeks is refused: KodeksError)."""
    await asyncio.to_thread(upgrade_file, path, QUERY_LOG, timeout=busy_timeout_ms / 1000)
