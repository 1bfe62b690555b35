"""`kodeks officers list|add|remove|import FILE.csv` — the enrolled officers, the same table the bot's
enrolment writes (`$KODEKS_DATA_DIR/officers.sqlite3`, or KODEKS_DATABASE_URL when set; bot/enrolment/store.py).

A running bot (every replica) sees every change from its next update on (it re-reads the roster when it changes). Every change
is an audit row naming `cli:<login>`. Ids are hashed with the same salt as the query log.
"""

from __future__ import annotations

import csv
import getpass
import io
import json
from pathlib import Path

import typer

from bot.ids import ascii_int
from kodeks.cli.shared import DataDirOption, fail, plural
from kodeks.errors import KodeksError
from kodeks.settings import Settings, load_settings

officers_app = typer.Typer(
    help="Enrolled officers: list, add, remove, import a CSV (id[,name][,jurisdiction]).", no_args_is_help=True
)


def _store(settings: Settings):
    from bot.enrolment.store import EnrolmentStore, officers_db
    from bot.querylog.log import hash_user_id

    salt = settings.hash_salt()
    url = settings.database_url.get_secret_value() if settings.database_url else None
    return EnrolmentStore(
        officers_db(settings.data_dir, url),
        lambda uid: hash_user_id(uid, salt, settings.hash_user_ids),
        keep_ids=not settings.hash_user_ids,
        audit_days=settings.audit_retention_days,
    )


def _stored(settings: Settings) -> bool:
    """Whether there is a roster to read: always in a database (KODEKS_DATABASE_URL), else once the file is made."""
    from bot.enrolment.store import FILE_NAME

    return settings.database_url is not None or (settings.data_dir / FILE_NAME).exists()


def _actor() -> str:
    try:
        return f"cli:{getpass.getuser()}"
    except (KeyError, OSError):
        return "cli"


def _jurisdiction(code: str | None, where: str) -> str | None:
    if not code:
        return None
    from retrieval.jurisdictions import find, known_codes

    found = find(code)
    if found is None:
        raise KodeksError(f"{where}: unknown jurisdiction {code!r}; known: {known_codes()}")
    return found


def _user_id(text: str, where: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 15:
        raise KodeksError(f"{where}: {text[:30]!r} is not a Telegram user id (digits only)")
    return int(text)


@officers_app.command("list")
def list_officers(
    as_json: bool = typer.Option(False, "--json", help="Print the officers as JSON."),
    include_revoked: bool = typer.Option(False, "--all", help="Also officers who were removed."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Who is enrolled, since when, by whom, with which jurisdiction."""
    settings = load_settings(data_dir=data_dir)
    # reading makes no files: no officers.sqlite3 (nor a salt) is created just to list nobody
    rows = _store(settings).officers(include_revoked=include_revoked) if _stored(settings) else []
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "user": o.user_id or o.user_hash,
                        "id": o.key,
                        "name": o.name,
                        "username": o.username,
                        "role": o.role,
                        "source": o.source,
                        "enrolled_by": o.enrolled_by,
                        "since": o.since,
                        "revoked_at": o.revoked_at,
                        "jurisdiction": o.jurisdiction,
                    }
                    for o in rows
                ],
                ensure_ascii=False,
                indent=2,
            )
        )
        return
    if not rows:
        print("no officers enrolled")
        return
    for o in rows:
        state = f"  removed {o.revoked_at}" if o.revoked_at else ""
        print(
            f"{o.key:<12} {o.display:<32} {o.role:<7} since {o.since}  by {o.enrolled_by}  ({o.source})  "
            f"jurisdiction {o.jurisdiction or '-'}{state}"
        )
    print(f"{sum(1 for o in rows if not o.revoked_at)} enrolled")


@officers_app.command("add")
def add_officer(
    user_id: str = typer.Argument(..., help="The officer's Telegram user id."),
    name: str | None = typer.Option(None, "--name", help="Name shown to admins in /sluzbenici."),
    jurisdiction: str | None = typer.Option(None, "--jurisdiction", help="BiH, FBiH, RS, BD or a canton."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Enrol one officer (or re-enrol a removed one: this unblocks them)."""
    settings = load_settings(data_dir=data_dir)
    uid = _user_id(user_id, "USER_ID")
    code = _jurisdiction(jurisdiction, "--jurisdiction")
    outcome = _store(settings).enrol(uid, name=name, username=None, source="cli", by=_actor(), jurisdiction=code)
    said = {
        "enrolled": "enrolled",
        "re-enrolled": "re-enrolled (was removed; invites work for them again)",
        "already": "already enrolled",
    }[outcome]
    print(f"{said}: {uid}" + (f" ({code})" if code else ""))


@officers_app.command("remove")
def remove_officer(
    who: str = typer.Argument(..., help="Telegram user id, @username, the #id shown by `officers list`, or the name."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Remove an officer: refused from their next message on, also by a running bot."""
    settings = load_settings(data_dir=data_dir)
    store = _store(settings) if _stored(settings) else None
    found = store.matching(who) if store is not None else []
    if not found:
        fail(f"no enrolled officer {who!r} (see `kodeks officers list`)")
        return
    if len(found) > 1:
        fail(
            f"{who!r} names {len(found)} officers: "
            + ", ".join(f"{o.key} {o.display}" for o in found)
            + " — give the id instead"
        )
        return
    assert store is not None
    officer = found[0]
    store.revoke(officer, _actor())
    listed = (uid := ascii_int(who)) is not None and uid in settings.allowed_users | settings.admins
    print(
        f"removed: {officer.display}"
        + (" (still in KODEKS_ALLOWED_USERS/KODEKS_ADMINS: stays removed; take it out there too)" if listed else "")
    )


@officers_app.command("import")
def import_officers(
    csv_file: Path = typer.Argument(
        ..., metavar="FILE.csv", help="Lines id[,name][,jurisdiction]; a header line is skipped."
    ),
    include_removed: bool = typer.Option(
        False, "--include-removed", help="Also re-enrol officers who were removed (skipped otherwise)."
    ),
    data_dir: Path | None = DataDirOption,
) -> None:
    """Enrol every officer of a CSV file (comma or semicolon separated); removed officers are skipped (named) unless
    --include-removed. Every line is checked first: a bad one
    is named with its number and nothing is written."""
    settings = load_settings(data_dir=data_dir)
    try:
        text = csv_file.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {csv_file}: {exc}")
        return
    reader = csv.reader(io.StringIO(text), delimiter="," if text.count(",") >= text.count(";") else ";")
    rows: list[tuple[int, int, str | None, str | None]] = []
    for number, fields in enumerate(reader, 1):
        fields = [f.strip() for f in fields]
        if not fields or not any(fields):
            continue
        if number == 1 and not fields[0].isdigit():
            continue  # a header
        where = f"{csv_file}:{number}"
        uid = _user_id(fields[0], where)
        rows.append(
            (
                number,
                uid,
                fields[1] if len(fields) > 1 and fields[1] else None,
                _jurisdiction(fields[2] if len(fields) > 2 else None, where),
            )
        )
    if not rows:
        fail(f"{csv_file}: no officers (lines: id[,name][,jurisdiction])")
        return
    store, actor = _store(settings), _actor()
    counts = {"enrolled": 0, "re-enrolled": 0, "already": 0, "removed": 0}
    for number, uid, name, code in rows:
        outcome = store.enrol(
            uid,
            name=name,
            username=None,
            source="import",
            by=actor,
            jurisdiction=code,
            keep_removed=not include_removed,
        )
        counts[outcome] += 1
        if outcome == "removed":
            print(
                f"skipped {csv_file.name}:{number}: {uid}"
                + (f" ({name})" if name else "")
                + " was removed; --include-removed enrols them again"
            )
    line = (
        f"imported {plural(len(rows), 'officer')} from {csv_file.name}: {counts['enrolled']} enrolled, "
        f"{counts['already']} already enrolled"
    )
    if counts["re-enrolled"]:
        line += f", {counts['re-enrolled']} re-enrolled"
    if counts["removed"]:
        line += f", {counts['removed']} skipped (removed)"
    print(line)
