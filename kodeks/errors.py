"""Expected failures: the CLI prints their message as one line on stderr and exits 1 (no traceback)."""


class KodeksError(Exception):
    """An error the user can act on; its message says what happened and what to do."""


class IndexMismatchError(KodeksError):
    """The index was built with another embedder (provider, model or dimension)."""


class IngestError(KodeksError):
    """A law file or corpus line could not be read."""
