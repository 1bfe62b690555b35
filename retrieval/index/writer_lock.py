"""One writer at a time: `kodeks ingest` and `kodeks laws remove|rename` hold a lock on the data dir.

Two admins (or a cron job and a manual run) writing at once would each build a generation from the
same current one, and the second to finish would silently drop the first one's law. The lock is
`filelock.FileLock` on `index/writer.lock` — a `flock`, which the kernel releases when its holder
exits or is killed, so a lock is never left behind by a dead process. Beside it `index/writer.json`
says who holds it (pid, host, command, since) for the line a waiting writer prints; that record can
outlive its writer (kill -9), so it is only believed while its pid is alive on this host.

The data dir must be on a local disk: flock over NFS is not dependable (docs/operations.md).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from filelock import FileLock, Timeout

from kodeks.errors import IndexBusy
from kodeks.settings import Settings
from retrieval.index.disk_errors import explain_os_error
from retrieval.index.files import atomic_write_text
from retrieval.index.layout import INDEX_DIR

LOCK_FILE = "writer.lock"
HOLDER_FILE = "writer.json"


def this_command() -> str:
    """How this process was started, as an admin would recognise it ("kodeks ingest kz.pdf")."""
    args = [os.path.basename(sys.argv[0]) if sys.argv else "python", *sys.argv[1:]]
    if args[0] in ("__main__.py", "-c", "-m") or args[0].startswith("python"):
        args[0] = "kodeks"
    text = " ".join(args)
    return text if len(text) <= 160 else text[:159] + "…"


def _now() -> str:
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    return True


def holder_line(data_dir: Path) -> str:
    """Who holds the writer lock, as one sentence (the record is trusted only if its process lives)."""
    try:
        info = json.loads((data_dir / INDEX_DIR / HOLDER_FILE).read_text(encoding="utf-8"))
        pid, host = int(info["pid"]), str(info["host"])
    except (OSError, ValueError, KeyError, TypeError):
        return f"another process is writing the index in {data_dir} (it has not said who it is yet)"
    since = str(info.get("since", "?")).replace("T", " ").rstrip("Z")
    who = f"pid {pid} on {host} ({info.get('command', '?')}) since {since} UTC"
    if host == socket.gethostname() and not _alive(pid):
        return (
            f"another process is writing the index in {data_dir} (the record names {who}, which is no longer "
            f"running: that record is stale, and the lock belongs to a newer writer)"
        )
    return f"the index in {data_dir} is being written by {who}"


def holder_since(data_dir: Path) -> datetime | None:
    """Since when the current writer holds the lock (UTC), if its record says so; for a waiting writer's message."""
    try:
        info = json.loads((data_dir / INDEX_DIR / HOLDER_FILE).read_text(encoding="utf-8"))
        return datetime.fromisoformat(str(info["since"]).replace("Z", "+00:00"))
    except (OSError, ValueError, KeyError, TypeError):
        return None


@contextmanager
def writer_lock(
    settings: Settings, wait: bool = True, on_wait: Callable[[str], None] | None = None, command: str | None = None
) -> Iterator[None]:
    """Hold the data dir's writer lock for the block. Busy: with `wait`, say who holds it (one line
    through `on_wait`) and wait; without, raise IndexBusy naming the holder."""
    folder = settings.data_dir / INDEX_DIR
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(folder / LOCK_FILE), thread_local=False)
        try:
            lock.acquire(timeout=0)
        except Timeout:
            line = holder_line(settings.data_dir)
            if not wait:
                raise IndexBusy(
                    f"{line}; try again when it has finished, or leave out --no-wait to wait for it"
                ) from None
            if on_wait is not None:
                on_wait(f"waiting: {line}")
            lock.acquire()
    except OSError as exc:
        raise explain_os_error(exc, settings.data_dir, "lock the index for writing") from None
    holder = folder / HOLDER_FILE
    try:
        try:
            atomic_write_text(
                holder,
                json.dumps(
                    {
                        "pid": os.getpid(),
                        "host": socket.gethostname(),
                        "command": command or this_command(),
                        "since": _now(),
                    }
                )
                + "\n",
            )
        except OSError as exc:
            raise explain_os_error(exc, settings.data_dir, "record who is writing the index") from None
        yield
    finally:
        with contextlib.suppress(
            OSError
        ):  # a full or read-only disk: the record is stale, and says so to the next writer
            holder.unlink(missing_ok=True)
        lock.release()
