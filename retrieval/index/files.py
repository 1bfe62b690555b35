"""Writing files so that a crash never leaves half of one: a temporary file or folder, then a rename;
and `fsync` where a power cut must not undo a step that was reported done (a generation made current)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_text(path: Path, text: str, durable: bool = False) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a file. `durable`: the file
    and the rename are on disk (fsync of the file, then of its folder) before this returns."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
        fsync_dir(path.parent)


def fsync_dir(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_tree(root: Path) -> None:
    """Every file and folder under `root` on disk (before a generation is made current)."""
    for folder, _, names in os.walk(root):
        for name in names:
            fd = os.open(os.path.join(folder, name), os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        fsync_dir(Path(folder))


def replace_dir(target: Path, build: Any) -> None:
    """Build a directory next to `target` with `build(tmp_dir)`, then swap it in."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}."))
    try:
        build(tmp)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = target.with_name(f".{target.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if target.exists():
        target.rename(old)
    tmp.rename(target)
    if old.exists():
        shutil.rmtree(old)
