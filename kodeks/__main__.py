"""`python -m kodeks` is the same as the `kodeks` command."""

from kodeks.launch import main

main()
