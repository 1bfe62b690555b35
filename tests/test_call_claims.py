"""A call in which the caller claims something, and then money handed over, is the codes' fraud told by its parts
(issue 29/31; thesaurus.toml [call], retrieval/language/calls.py, vocabulary.py).

The codes define fraud by a false account of facts that leads someone to act to the harm of his property; a story
tells the account as what a caller said and the harm as money handed over after it. Such a story reads the fraud's
terms, and what the caller said (a blow, a crash) weighs as an unrealised act's; a call with nothing handed over, a
handing over with no call, a story with no money and a negated handing over read as before. Phrasings made up for
these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.calls import CallClaim
from tests.retrieval_helpers import added_terms, bcs_vocabulary

FRAUD = "prevara"


@pytest.mark.parametrize(
    "story",
    [
        "djedu nazvali kao ljekar iz bolnice, treba novac za operaciju sina, predao 2000 eura mladiću na kapiji",
        "penzionerki zvala neka žena da je kćerka u pritvoru, sutradan uplatila 1500 KM na račun",
        "zvao ga čovjek kaže iz banke, kartica blokirana, poslao mu pare preko western uniona",
    ],
)
def test_a_claim_on_a_call_then_money_handed_reads_as_fraud(story: str) -> None:
    assert FRAUD in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "zvao ga bivši da će ga zaklati ako se pojavi u gradu",  # a call with nothing handed over
        "dao mu 300 KM za stari bicikl na pijaci",  # money handed over, no call
        "zvala komšinica da je neko razbio prozor, dala mu ključ od podruma",  # no money named
        "zvali su je da je dobila nagradu, ali nije dala ni marke",  # a negated handing over
    ],
)
def test_other_calls_do_not_read_as_fraud(story: str) -> None:
    assert FRAUD not in added_terms(story)


def test_what_the_caller_said_weighs_as_unrealised() -> None:
    story = "baki zvao neko da je sin udario pješaka autom, treba 4000 KM, ona predala novac kuriru"
    said = [e for e in bcs_vocabulary().expand(story) if e.adds == "saobraćajna nezgoda"]
    assert said and all(e.weight < 1.0 for e in said)
    alone = [e for e in bcs_vocabulary().expand("sin udario pješaka autom") if e.adds == "saobraćajna nezgoda"]
    assert alone and all(e.weight == 1.0 for e in alone)


def test_an_empty_table_reads_nothing() -> None:
    assert not CallClaim().spans("zvao neko da je unuk, dala 3000 KM", names_money=True)


def test_the_table_reads_its_own_parts() -> None:
    table = CallClaim("w", ("zvao",), frozenset({"da"}), ("dala",), frozenset({"nije"}))
    assert table.spans("zvao neko da je sin bolestan i dala pare", names_money=True) == [(2, 7)]
    assert not table.spans("zvao neko da je sin bolestan i dala pare", names_money=False)
    assert not table.spans("zvao neko da je sin bolestan i nije dala pare", names_money=True)
