"""`kodeks` subcommands for bot (registered on kodeks.cli.app)."""

from kodeks.cli import app, eval_app  # noqa: F401
