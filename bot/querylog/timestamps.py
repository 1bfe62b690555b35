"""The stored form of a time: UTC text that sorts as it reads, in sqlite3 and Datasette alike."""

from __future__ import annotations

from datetime import UTC, datetime

TS_FORMAT = "%Y-%m-%d %H:%M:%S.%f"


def utcnow() -> datetime:
    return datetime.now(UTC)


def to_ts(moment: datetime) -> str:
    """Stored form of a time: UTC, sortable as text, readable in sqlite3/Datasette."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).strftime(TS_FORMAT)


def from_ts(text: str) -> datetime:
    return datetime.strptime(text, TS_FORMAT).replace(tzinfo=UTC)
