"""The words a thesaurus table lists, folded as every reading compares them.

Each reading class of `retrieval.language` (customs, payments, disclosures, reports, …) is built from one table of
`data/thesaurus.toml` by its `of(table)`; the lists it reads are word beginnings (`stems`, matched by
`str.startswith`) or whole words (`word_set`), always folded (lower case, no diacritics) like the text they meet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from retrieval.language.normalize import fold


def stems(table: Mapping[str, Any], key: str) -> tuple[str, ...]:
    """The table's `key` list folded, in order: word beginnings for `str.startswith` (empty when absent)."""
    return tuple(fold(str(w)) for w in table.get(key, []))


def word_set(table: Mapping[str, Any], key: str) -> frozenset[str]:
    """The table's `key` list folded, as a set of whole words (empty when absent)."""
    return frozenset(fold(str(w)) for w in table.get(key, []))
