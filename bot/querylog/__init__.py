"""The query log: every question, what was retrieved and answered, feedback and the answer journal.

One job: keep and read that file. `log` (the `QueryLog` the bot and `kodeks ask` write through) stands on
`writes` (what each write stores), `readers` (read connections and the SQL of reads), `schema`
(migrations, the file made 0600), `figures` (the `/stats` numbers as SQL aggregates), `export` (rows →
evaluation JSONL, gzip parts), `timestamps` and `diagnosis` (one line for a file SQLite cannot use).

`storage` is where the rows live: the SQLite file, or with KODEKS_DATABASE_URL PostgreSQL (`postgres`).

May import: the standard library, aiosqlite, psycopg, `kodeks.errors`, `kodeks.postgres`, `kodeks.migrations`
(the file's steps), and from retrieval only plain definitions
(`retrieval.types`, `retrieval.evaluation.percentile`). Nothing of Telegram or the rest of `bot`:
rendering the figures is `bot.stats`'s job.
"""

from bot.querylog.diagnosis import explain
from bot.querylog.log import QueryLog
from bot.querylog.readers import iter_rows, open_reader
from bot.querylog.schema import MIGRATIONS, SCHEMA_VERSION
from bot.querylog.timestamps import from_ts, to_ts, utcnow
from kodeks.errors import TakenOver  # raised by QueryLog.record (the replicas' fence)

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "QueryLog",
    "TakenOver",
    "explain",
    "from_ts",
    "iter_rows",
    "open_reader",
    "to_ts",
    "utcnow",
]
