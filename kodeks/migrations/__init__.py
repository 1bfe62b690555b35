"""One migration mechanism for every SQLite file of the data dir: numbered, named SQL steps per file.

`engine` applies and records them (see its docstring for the record and for adopting older files); `queries`,
`officers` and `rewrites` hold each file's steps. With KODEKS_DATABASE_URL the same steps go to PostgreSQL:
`dialect` picks each step's text, `postgres` applies and records them in the database. The stores run `upgrade_file` when they open their file;
`kodeks migrate` applies pending steps explicitly and `kodeks migrate --status` shows them.

May import: the standard library, `kodeks.errors`, `kodeks.sqlite_read` and `kodeks.postgres` — bot/, kodeks.answering and the
CLI all use it. The index's own files (`articles.sqlite3`, Chroma's) are not here: an index generation is
rebuilt by `kodeks ingest`, never migrated.
"""

from kodeks.migrations.dialect import POSTGRESQL, SQLITE, Dialect
from kodeks.migrations.engine import Migration, Schema, Status, file_status, upgrade, upgrade_file
from kodeks.migrations.officers import OFFICERS
from kodeks.migrations.queries import QUERY_LOG
from kodeks.migrations.rewrites import REWRITES
from kodeks.migrations.shared import SHARED

# Every SQLite file of the data dir that holds state, in the order `kodeks migrate` shows them.
FILES: tuple[Schema, ...] = (QUERY_LOG, OFFICERS, REWRITES)
# Every store of a database (KODEKS_DATABASE_URL): the files' and the state only replicas share there.
DATABASE_STORES: tuple[Schema, ...] = (*FILES, SHARED)

__all__ = [
    "DATABASE_STORES",
    "FILES",
    "OFFICERS",
    "POSTGRESQL",
    "QUERY_LOG",
    "REWRITES",
    "SHARED",
    "SQLITE",
    "Dialect",
    "Migration",
    "Schema",
    "Status",
    "file_status",
    "upgrade",
    "upgrade_file",
]
