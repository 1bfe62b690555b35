"""Why SQLite cannot use the query log, in one line an admin can act on (the bot's start-up, `kodeks stats|export`)."""

from __future__ import annotations

from pathlib import Path

from kodeks.errors import KodeksError


def explain(path: Path, exc: BaseException) -> KodeksError:
    """One line for a query log SQLite cannot use, naming the file and what to do about it."""
    text = str(exc)
    low = text.lower()
    if isinstance(exc, KodeksError):
        return exc
    if (
        "readonly" in low
        or "read-only" in low
        or "permission" in low
        or "unable to open" in low
        or isinstance(exc, PermissionError)
    ):
        return KodeksError(
            f"query log {path} cannot be written ({text}): give the user running kodeks write access "
            f"to it and to {path.parent} (chown/chmod u+rw), or set KODEKS_DATA_DIR to another folder"
        )
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return KodeksError(
            f"query log {path} is damaged ({text}): move it aside (mv {path} {path}.damaged); "
            f"kodeks starts a new one, and `sqlite3 {path}.damaged .recover` may save its rows"
        )
    if "full" in low or "no space" in low:
        return KodeksError(f"query log {path}: the disk is full ({text}); free space on {path.parent}")
    if "locked" in low or "busy" in low:
        return KodeksError(f"query log {path} is locked by another process ({text}); stop it, or wait and retry")
    return KodeksError(f"query log {path} cannot be used: {type(exc).__name__}: {text}")
