"""`kodeks laws`: what the index knows — every loaded law, grouped by jurisdiction — `kodeks laws remove`
and `kodeks laws rename` (retrieval/index/library.py), and the one-line question the CLI asks when a
reference's law name fits several laws ("članak 5 KZ").

`laws` is a command group that also runs on its own (`invoke_without_command`): `kodeks laws`,
`kodeks laws --json` and `-j` list the laws exactly as before the subcommands existed."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import typer

from kodeks.cli.shared import DataDirOption, NoWaitOption, fail, plural, wait_line
from kodeks.settings import load_settings

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)
laws_app = typer.Typer(invoke_without_command=True, no_args_is_help=False, add_completion=False)  # `kodeks laws …`


def ambiguity_lines(ambiguous: Iterable[dict[str, Any]], bosnian: bool = False) -> list[str]:
    """ "which law?" lines for `SearchResult.to_dict()["ambiguous"]` entries.

    `bosnian`: `kodeks ask` prints them above the answer, which is all in Bosnian; `kodeks search` keeps English."""
    lines = []
    for item in ambiguous:
        name, article, laws = item["name"], item["article"], item["laws"]
        if laws:
            example = f"član {article} {laws[0]}"
            lines.append(
                f"Koji zakon je {name!r} (član {article})? Učitani: {', '.join(laws)} — "
                f'navedite jedan, npr. "{example}"'
                if bosnian
                else f"which law is {name!r} (article {article})? loaded: {', '.join(laws)} — "
                f'name one, e.g. "{example}"'
            )
        elif item.get("loaded"):  # "KZ RS" with only KZ FBiH and KZ BiH: not loaded, these of its kind are
            kind = f" ({item['kind']})" if item.get("kind") else ""
            lines.append(
                f"{name} nije učitan, pa njegov član {article} ne može biti prikazan; "
                f"učitani zakoni te vrste{kind}: {', '.join(item['loaded'])}"
                if bosnian
                else f"{name} is not loaded, so its article {article} cannot be shown; "
                f"loaded laws of its kind{kind}: {', '.join(item['loaded'])}"
            )
        else:
            lines.append(
                f"{name!r} nije učitan zakon, pa njegov član {article} ne može biti prikazan "
                f"(`kodeks laws` navodi učitane)"
                if bosnian
                else f"{name!r} is not a loaded law, so its article {article} cannot be shown "
                f"(`kodeks laws` lists the loaded ones)"
            )
    return lines


def format_laws(groups: list[tuple[str, list[Any]]]) -> str:
    """Plain text: one block per jurisdiction, one line per law (articles in force; deleted ones and
    annexes named apart, as the ingest summary counts them)."""
    if not groups:
        return "no laws loaded"
    lines: list[str] = []
    total = sum(s.articles for _, laws in groups for s in laws)
    count = sum(len(laws) for _, laws in groups)
    width = max(len(s.law) for _, laws in groups for s in laws)
    for jurisdiction, laws in groups:
        lines.append(f"{jurisdiction or 'no jurisdiction'}:")
        for s in laws:
            when = (s.ingested_at or "?").replace("T", " ").rstrip("Z")
            title = f"  {s.title}" if s.title else ""
            noun = "article " if s.articles == 1 else "articles"
            aliases = f"  (also: {', '.join(s.aliases)})" if s.aliases else ""
            lines.append(f"  {s.law:<{width}}  {s.articles:>5} {noun}  ingested {when} UTC{title}{_apart(s)}{aliases}")
        lines.append("")
    lines.append(f"{plural(count, 'law')}, {plural(total, 'article')}{_apart_total(groups)}")
    return "\n".join(lines)


def _apart(s: Any) -> str:
    parts = [f"{s.deleted} deleted"] * bool(s.deleted) + [plural(s.annexes, "annex", "annexes")] * bool(s.annexes)
    return f"  ({', '.join(parts)})" if parts else ""


def _apart_total(groups: list[tuple[str, list[Any]]]) -> str:
    deleted = sum(s.deleted for _, laws in groups for s in laws)
    annexes = sum(s.annexes for _, laws in groups for s in laws)
    parts = [f"{deleted} deleted"] * bool(deleted) + [plural(annexes, "annex", "annexes")] * bool(annexes)
    return f" in force (and {', '.join(parts)})" if parts else ""


@laws_app.callback()
def laws(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", "-j", help="Print the laws as JSON, grouped by jurisdiction."),
    data_dir: Path | None = DataDirOption,
) -> None:
    """The loaded laws by jurisdiction: short name, title, article count, when each was ingested, aliases.

    `kodeks laws remove LAW` and `kodeks laws rename OLD NEW` change the library (see their --help)."""
    if ctx.invoked_subcommand is not None:
        return
    from retrieval.index.law_catalog import by_jurisdiction, read_catalog

    groups = by_jurisdiction(
        read_catalog(load_settings(data_dir=data_dir))
    )  # KodeksError: one line (kodeks.cli.shared)
    if as_json:
        data = {
            "jurisdictions": [{"jurisdiction": j, "laws": [s.to_dict() for s in laws]} for j, laws in groups],
            "laws": sum(len(laws) for _, laws in groups),
            "articles": sum(s.articles for _, laws in groups for s in laws),
            "deleted": sum(s.deleted for _, laws in groups for s in laws),
            "annexes": sum(s.annexes for _, laws in groups for s in laws),
        }
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(format_laws(groups))


def _what(s: Any) -> str:
    return f"{s.law} ({plural(s.articles, 'article')} in force{', ' + _apart(s)[3:-1] if _apart(s) else ''})"


def _index_now(counts: Any, generation: str | None) -> str:
    return (
        f"the index now holds {plural(counts.laws, 'law')}, {plural(counts.in_force, 'article')} in force"
        f"{f', {counts.deleted} deleted' if counts.deleted else ''}{', ' + plural(counts.annexes, 'annex', 'annexes') if counts.annexes else ''}"
        f" (generation {generation}; a running bot switches to it by itself)"
    )


@laws_app.command("remove")
def remove(
    names: list[str] | None = typer.Argument(None, metavar="LAW", help="Short name(s) as `kodeks laws` lists them."),
    every: bool = typer.Option(False, "--all", help="Remove every law (asks first; --yes in scripts)."),
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask for confirmation."),
    no_wait: bool = NoWaitOption,
    data_dir: Path | None = DataDirOption,
) -> None:
    """Remove a law everywhere (articles, chunks, vectors, lexical entries, catalog), as a new index generation.

    Asks first at a terminal (one law: only there; --all: always, so a script must say --yes). Ingesting the law's file again brings it back."""
    from retrieval.index.library import remove_laws

    if every == bool(names):
        raise typer.BadParameter("name the law(s) to remove, or give --all", param_hint="LAW")
    settings = load_settings(data_dir=data_dir)
    if every and not yes and not sys.stdin.isatty():
        fail("removing every law needs a confirmation: run it at a terminal, or add --yes")

    def confirm(going: list[Any]) -> bool:
        if yes or (not every and not sys.stdin.isatty()):
            return True
        listed = "; ".join(_what(s) for s in going)
        return typer.confirm(f"Remove {listed}?", default=False, err=True)

    change = remove_laws(settings, None if every else names, wait=not no_wait, on_wait=wait_line, confirm=confirm)
    if change is None:
        fail("nothing removed (not confirmed)")
    for s in change.laws:
        print(f"removed {_what(s)}")
    print(
        f"{plural(change.chunks, 'chunk')} removed; {_index_now(change.result.counts, change.result.update.generation)}"
    )


@laws_app.command("rename")
def rename(
    old: str = typer.Argument(..., help="The law's short name now."),
    new: str = typer.Argument(..., help="Its new short name (ids become `NEW čl. N`)."),
    keep_alias: bool = typer.Option(
        False, "--keep-alias", help="Keep answering to the old name too (an alias in laws.json)."
    ),
    no_wait: bool = NoWaitOption,
    data_dir: Path | None = DataDirOption,
) -> None:
    """Rename a law without re-embedding anything, as a new index generation."""
    from retrieval.index.library import rename_law

    settings = load_settings(data_dir=data_dir)
    change = rename_law(settings, old, new, keep_alias=keep_alias, wait=not no_wait, on_wait=wait_line)
    [was] = change.laws
    alias = "kept as an alias" if keep_alias else "not kept as an alias (--keep-alias keeps it)"
    print(
        f"renamed {_what(was)} to {' '.join(new.split())}: {plural(change.chunks, 'chunk')} kept their vectors, "
        f"{change.result.update.embedded} embedded; ids {was.law} čl. N → {' '.join(new.split())} čl. N; the old name is {alias}"
    )
    print(_index_now(change.result.counts, change.result.update.generation))
