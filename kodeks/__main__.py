"""`python -m kodeks` is the same as the `kodeks` command."""

from kodeks.cli import main

main()
