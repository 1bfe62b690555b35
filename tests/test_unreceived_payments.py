"""A payment told, and then that nothing came for it, is the codes' fraud told by its harm (issue 29/31;
thesaurus.toml [payment], retrieval/language/payments.py, vocabulary.py).

The codes define fraud as leading someone by a false account into an act to the harm of his own property; a story
tells that act (a payment) and the error (nothing received, sent or delivered for it), often with a sum or an object
between, where the fraud entry's phrase "platio a nije dobio" stands whole. Such a story reads the fraud's terms; a
payment with nothing negated after it, a negated payment (a debt) and a negation with no payment before it read as
before. Phrasings made up for these tests, not taken from any benchmark's turns."""

from __future__ import annotations

import pytest

from retrieval.language.payments import UnreceivedPayment
from tests.retrieval_helpers import added_terms

FRAUD = "prevara"


@pytest.mark.parametrize(
    "story",
    [
        "žena uplatila 450 KM za frižider sa oglasa i frižider nikad nije stigao",
        "platio je momku unaprijed za gume, a momak mu ih nije poslao ni nakon mjesec dana",
        "uplatili smo kaparu za apartman i ništa nismo dobili",
    ],
)
def test_a_payment_with_nothing_for_it_reads_as_fraud(story: str) -> None:
    assert FRAUD in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "platio je kaznu na licu mjesta i otišao kući",  # a payment, nothing negated
        "nije platio račun u kafani i pobjegao",  # a negated payment: a debt
        "nije dobio platu tri mjeseca",  # a negation with no payment before it
    ],
)
def test_other_payments_do_not_read_as_fraud(story: str) -> None:
    assert FRAUD not in added_terms(story)


def test_an_empty_table_reads_nothing() -> None:
    assert not UnreceivedPayment.of({}).reads("uplatio 100 KM i ništa nije dobio")


def test_the_negation_must_stand_within_reach_of_the_payment() -> None:
    table = {
        "word": "platio a nije dobio",
        "paid": ["uplati"],
        "received": ["dobi"],
        "negations": ["nije"],
        "within": 3,
    }
    reading = UnreceivedPayment.of(table)
    assert reading.reads("uplatio 100 KM nije dobio")
    assert not reading.reads("uplatio 100 KM za neke stvari koje mu nije dobio")
