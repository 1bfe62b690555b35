"""`kodeks migrate [--status]` (merged into the `kodeks` app by kodeks.cli): the data dir's SQLite files brought
to this version's schema, or shown where they stand.

Each file is also upgraded when it is first opened (the bot, `kodeks ask`, `kodeks officers`), so running this
is optional: it applies the pending steps at a moment the admin chooses (before starting replicas, after a
backup) and says which. `--status` only reads: it writes nothing, also on a read-only mount. A file made by a
newer kodeks is named with the remedy and the command exits 1 after showing the others. With
KODEKS_DATABASE_URL the database's stores are brought up (or shown) too, after the files.
"""

from __future__ import annotations

from pathlib import Path

import typer

from kodeks.cli.shared import DataDirOption, fail, plural
from kodeks.errors import KodeksError

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)


def _names(migrations) -> str:
    return ", ".join(f"{m.number} {m.name}" for m in migrations)


@commands.command("migrate")
def migrate_command(
    status_only: bool = typer.Option(False, "--status", help="Only show each file's applied and pending migrations."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Upgrade the data dir's SQLite files (query log, officers, rewrite cache) to this version's schema."""
    from kodeks.migrations import FILES, file_status, upgrade_file
    from kodeks.settings import load_settings

    settings = load_settings(data_dir=data_dir)
    refused = []
    for schema in FILES:
        path = settings.data_dir / schema.file
        try:
            status = file_status(path, schema)
            if not status.exists:
                made = plural(schema.version, "migration")
                print(f"{path}: not there yet ({schema.what}: created with its {made} when first used)")
                continue
            ran = []
            if not status_only and (status.pending or not status.recorded):  # an older file: adopted, recorded
                ran = upgrade_file(path, schema)
                status = file_status(path, schema)
        except KodeksError as exc:
            refused.append(str(exc))
            print(f"{path}: refused — {exc}")
            continue
        adopted = "" if status.recorded else " (made before migrations were recorded: recognised by its tables)"
        print(f"{path}: {len(status.applied)} of {plural(schema.version, 'migration')} applied{adopted}")
        if ran:
            print(f"  applied now: {_names(ran)}")
        if status.pending:
            print(f"  pending: {_names(status.pending)}")
    failed = [] if settings.database_url is None else _database(settings.database_url.get_secret_value(), status_only)
    if refused:
        fail(f"{plural(len(refused), 'file')} from a newer kodeks; first: {refused[0]}")
    if failed:  # unreachable, or upgraded by a newer kodeks: the line says which
        fail(failed[0])


def _database(url: str, status_only: bool) -> list[str]:
    """KODEKS_DATABASE_URL's stores (one schema_migrations table records them all); returns what failed."""
    from kodeks.migrations import DATABASE_STORES
    from kodeks.migrations.postgres import database_status, upgrade_database
    from kodeks.postgres import where

    refused = []
    for schema in DATABASE_STORES:
        name = f"{where(url)} ({schema.what})"
        try:
            ran = [] if status_only else upgrade_database(url, schema)
            status = database_status(url, schema)
        except KodeksError as exc:
            refused.append(str(exc))
            print(f"{name}: refused — {exc}")
            if "cannot be used" in str(exc):  # the server itself: the other stores would say the same
                break
            continue
        print(f"{name}: {len(status.applied)} of {plural(schema.version, 'migration')} applied")
        if ran:
            print(f"  applied now: {_names(ran)}")
        if status.pending:
            print(f"  pending: {_names(status.pending)}")
    return refused
