"""`kodeks mask` (merged into the `kodeks` app by kodeks.cli): what masking makes of a text, for checking it.

`kodeks mask TEXT` prints the masked text; `kodeks mask --jsonl FILE` (`-` for standard input) reads lines
`{"id", "text"}` and prints per line `{"id", "masked", "spans": [{"start", "end", "kind"}]}`, offsets into
the original text (a contract: DESIGN.md). A bad line is named (file:line) and the command exits 1 after
printing every good line.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from kodeks.cli.shared import fail

commands = typer.Typer()  # merged into `kodeks` (kodeks.cli)


@commands.command("mask")
def mask_command(
    text: str | None = typer.Argument(None, help="The text to mask (omit with --jsonl)."),
    jsonl: Path | None = typer.Option(
        None, "--jsonl", metavar="FILE", help='Lines {"id", "text"}; \'-\' reads standard input.'
    ),
) -> None:
    """Personal data (JMBG, plates, phones, e-mail, IBAN, document numbers, names, addresses, dates of birth)
    replaced by placeholders, as the bot masks questions before search, Claude and the query log see them."""
    from kodeks.privacy import mask

    if (text is None) == (jsonl is None):
        raise typer.BadParameter("give either TEXT or --jsonl FILE", param_hint="TEXT")
    if text is not None:
        print(mask(text).text)
        return
    assert jsonl is not None
    try:
        lines = (
            sys.stdin.read().splitlines() if str(jsonl) == "-" else jsonl.read_text(encoding="utf-8-sig").splitlines()
        )
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {jsonl}: {exc}")
        return
    bad = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if not isinstance(row, dict) or not isinstance(row.get("text"), str):
                raise ValueError("needs a string 'text'")
        except ValueError as exc:
            bad.append(f'{jsonl}:{number}: not a {{"id", "text"}} line ({exc})')
            continue
        masked = mask(row["text"])
        print(json.dumps({"id": row.get("id"), **masked.to_dict()}, ensure_ascii=False), flush=False)
    sys.stdout.flush()
    if bad:
        fail(f"{len(bad)} bad line(s); first: {bad[0]}")
