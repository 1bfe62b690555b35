"""How long each table of the query log keeps its rows, and the one transaction that enforces it.

    questions (+ their cited laws), refusals   KODEKS_LOG_RETENTION_DAYS        (365 days)
    feedback (👍/👎)                            KODEKS_FEEDBACK_RETENTION_DAYS   (365; never longer than its question)
    journal (`pending`: text until answered)   KODEKS_JOURNAL_RETENTION_HOURS   (48 h; text cleared once answered)
    originals (unmasked questions)             KODEKS_KEEP_ORIGINAL_HOURS       (0: never stored)

Purged at open and then at most once a day on a write (no scheduler); originals also on every question
written, since their retention is counted in hours.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bot.querylog.timestamps import to_ts
from bot.querylog.writes import Write

if TYPE_CHECKING:
    from kodeks.settings import Settings


@dataclass(frozen=True)
class Retention:
    questions_days: int | None = None  # None: keep questions (tests, `kodeks ask` without settings)
    feedback_days: int | None = None
    journal_hours: int = 48
    originals_hours: int = 0

    @classmethod
    def from_settings(cls, settings: Settings) -> Retention:
        return cls(
            settings.log_retention_days,
            settings.feedback_retention_days,
            settings.journal_retention_hours,
            settings.keep_original_hours,
        )

    def originals_cutoff(self, now: datetime) -> str:
        return to_ts(now - timedelta(hours=self.originals_hours))


def purge_write(retention: Retention, now: datetime, days: int | None = None) -> Write | None:
    """Every table past its retention, in one transaction; the result counts questions and refusals deleted."""
    days = days if days is not None else retention.questions_days
    if not days:
        return None
    cutoff = to_ts(now - timedelta(days=days))
    statements: list[tuple[str, tuple[Any, ...]]] = [
        ("DELETE FROM queries WHERE ts < ?", (cutoff,)),
        ("DELETE FROM refusals WHERE ts < ?", (cutoff,)),
        ("DELETE FROM pending WHERE ts < ?", (to_ts(now - timedelta(hours=retention.journal_hours)),)),
        ("DELETE FROM originals WHERE ts < ?", (retention.originals_cutoff(now),)),
    ]
    if retention.feedback_days:
        statements.append(
            ("DELETE FROM feedback WHERE ts < ?", (to_ts(now - timedelta(days=retention.feedback_days)),))
        )
    return Write(statements, "purge", counted=(0, 1))
