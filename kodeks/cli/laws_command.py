"""`kodeks laws`: what the index knows — every loaded law, grouped by jurisdiction — and the one-line
question the CLI asks when a reference's law name fits several laws ("članak 5 KZ")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable, Optional

import typer

from kodeks.cli.shared import DataDirOption
from kodeks.settings import load_settings

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)


def ambiguity_lines(ambiguous: Iterable[dict[str, Any]]) -> list[str]:
    """"which law?" lines for `SearchResult.to_dict()["ambiguous"]` entries."""
    lines = []
    for item in ambiguous:
        name, article, laws = item["name"], item["article"], item["laws"]
        if laws:
            example = f"član {article} {laws[0]}"
            lines.append(f"which law is {name!r} (article {article})? loaded: {', '.join(laws)} — "
                         f"name one, e.g. \"{example}\"")
        else:
            lines.append(f"{name!r} is not a loaded law, so its article {article} cannot be shown "
                         f"(`kodeks laws` lists the loaded ones)")
    return lines


def format_laws(groups: list[tuple[str, list[Any]]]) -> str:
    """Plain text: one block per jurisdiction, one line per law."""
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
            lines.append(f"  {s.law:<{width}}  {s.articles:>5} {noun}  ingested {when} UTC{title}")
        lines.append("")
    lines.append(f"{count} laws, {total} articles")
    return "\n".join(lines)


@commands.command()
def laws(
    as_json: bool = typer.Option(False, "--json", "-j", help="Print the laws as JSON, grouped by jurisdiction."),
    data_dir: Optional[Path] = DataDirOption,
) -> None:
    """The loaded laws by jurisdiction: short name, title, article count and when each was ingested."""
    from retrieval.index.law_catalog import by_jurisdiction, read_catalog

    groups = by_jurisdiction(read_catalog(load_settings(data_dir=data_dir)))  # KodeksError: one line (kodeks.cli.shared)
    if as_json:
        data = {"jurisdictions": [{"jurisdiction": j, "laws": [s.to_dict() for s in laws]} for j, laws in groups],
                "laws": sum(len(laws) for _, laws in groups),
                "articles": sum(s.articles for _, laws in groups for s in laws)}
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(format_laws(groups))
