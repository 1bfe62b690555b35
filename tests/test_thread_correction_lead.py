"""A correction's opener after a short clause of its own (issue 29; threads.toml [correction] `lead_words`, the openers
"drugačije je bilo" …; `thread_reading._after_lead`): "pogledali snimke, drugačije je bilo: …" is a correction read
from its opener, the clause of how the officer came to know standing aside as an acknowledgement does. A long first
clause, a negation in it, a short "ne" after it, or no opener read as before. Wording invented for these tests; the
reading only, no index."""

from __future__ import annotations

from retrieval.search.thread_reading import read_message

STORY = "u pekaru ušao lik sa nožem, zaprijetio prodavačici i uzeo novac iz kase"


def test_an_opener_after_a_short_clause_opens_a_correction() -> None:
    reading = read_message("provjerili smo kamere, drugačije je bilo: uzeo je novac dok je ona bila u magacinu", STORY)
    assert reading.kind == "correction"
    assert reading.act.startswith("uzeo je novac")
    assert "kamere" not in reading.act


def test_the_same_opener_first_in_a_message() -> None:
    reading = read_message("bilo je drugačije: samo je uzeo novac iz kase i izašao", STORY)
    assert reading.kind == "correction"
    assert reading.act.startswith("samo je uzeo novac")


def test_a_long_clause_or_a_short_ne_after_it_reads_as_before() -> None:
    long = "prodavačica je kasnije došla u stanicu i dala izjavu, zapravo je uzeo novac iz kase"
    assert read_message(long, STORY).kind != "correction"
    assert read_message("kolega kaže, ne znam tačno koliko je uzeo", STORY).kind != "correction"
