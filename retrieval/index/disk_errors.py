"""A write that failed because of the disk, named as such: full, read-only, or not ours to write.

Such a failure is never a broken index, and the advice is never "rebuild with --reindex" (that costs a
full re-embed onto the same full disk). The previous generation is still current (generations.py), so
every message says so and what to do: free space, remount read-write, or fix permissions.

OSError carries an errno; Chroma and SQLite report the same conditions as text ("attempt to write a
readonly database", "database or disk is full"), so those are recognised by their wording and the
folder is then examined (statvfs, access) to tell a read-only file system from missing permissions.
"""

from __future__ import annotations

import errno
import os
import pwd
from pathlib import Path

from kodeks.errors import DiskError as DiskError  # defined there (one hierarchy)
from kodeks.errors import KodeksError

KEEP = "the current index is unchanged and still served"


def _user() -> str:
    try:
        return pwd.getpwuid(os.geteuid()).pw_name
    except KeyError:
        return f"uid {os.geteuid()}"


def _existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def full_disk(data_dir: Path, doing: str, needed: int | None = None) -> DiskError:
    need = f" (about {needed / 1e6:,.0f} MB free are needed)" if needed else ""
    return DiskError(
        f"the disk holding {data_dir} is full while trying to {doing}; {KEEP}. Free space "
        f"there{need} and run the command again"
    )


def read_only(data_dir: Path, doing: str) -> DiskError:
    return DiskError(
        f"{data_dir} is on a read-only file system, so kodeks cannot {doing}; {KEEP}. Remount it "
        f"read-write (or point KODEKS_DATA_DIR at a writable copy); searching works read-only"
    )


def no_permission(data_dir: Path, doing: str, where: Path | None = None) -> DiskError:
    place = where or data_dir
    return DiskError(
        f"no permission to write in {place} as user {_user()}, so kodeks cannot {doing}; {KEEP}. "
        f"Fix the data dir's ownership or permissions (e.g. chown -R {_user()} {data_dir}) or run "
        f"kodeks as the user that owns it"
    )


def explain_os_error(exc: OSError, data_dir: Path, doing: str, needed: int | None = None) -> KodeksError:
    """One line for an OSError met while writing the index (`needed`: bytes the write needs free)."""
    where = Path(exc.filename) if isinstance(exc.filename, str) else None
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return full_disk(data_dir, doing, needed)
    if exc.errno == errno.EROFS:
        return read_only(data_dir, doing)
    if exc.errno in (errno.EACCES, errno.EPERM):
        return no_permission(data_dir, doing, where.parent if where else None)
    return KodeksError(
        f"cannot {doing} in {data_dir}: {exc.strerror or exc}" + (f" ({exc.filename})" if exc.filename else "")
    )


def explain_write_failure(
    exc: BaseException, data_dir: Path, doing: str, needed: int | None = None
) -> KodeksError | None:
    """A disk problem behind any exception (OSError, or Chroma's / SQLite's text for one), or None."""
    if isinstance(exc, OSError) and exc.errno is not None:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM):
            return explain_os_error(exc, data_dir, doing, needed)
        return None
    text = str(exc).lower()
    if "disk is full" in text or "no space left" in text or "database or disk is full" in text:
        return full_disk(data_dir, doing, needed)
    if "readonly database" in text or "read-only file system" in text or "permission denied" in text:
        return examine(data_dir, doing)
    return None


def examine(data_dir: Path, doing: str) -> DiskError:
    """Which of the three it is, from the folder itself."""
    folder = _existing(data_dir)
    try:
        stats = os.statvfs(folder)
    except OSError:
        return no_permission(data_dir, doing)
    if stats.f_flag & os.ST_RDONLY:
        return read_only(data_dir, doing)
    if stats.f_bavail * stats.f_frsize < 1_000_000:
        return full_disk(data_dir, doing)
    return no_permission(data_dir, doing)
