"""A payment collected and then said not to be owed is the codes' unlawful collection (issue 31, the library's cost,
twelfth round; thesaurus.toml [collection], retrieval/language/payments.py `UnowedCollection`, vocabulary.py).

The codes word the offence as an official who "od drugoga naplati što drugi nije dužan (da plati)" (KZ BiH 227,
KZ FBiH 390, KZ RS 326, KZ BD "Protuzakonita naplata i isplata"): a word of collecting, then a negated duty to pay. A
story puts the thing collected and a relative clause between, where the thesaurus's phrase "naplatio nešto što ne"
stands whole. Such a story reads the offence's terms; a collection with no negated duty after it, a negated
collection, a negated duty with no collection before it, and a verb of having to with no payment after it read as
before. Phrasings made up for these tests, not taken from any benchmark's questions."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.payments import UnowedCollection
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import added_terms, index_rows, row, settings_for

COLLECTION = "protuzakonita naplata i isplata"


@pytest.mark.parametrize(
    "story",
    [
        "referent u opštini naplaćuje uvjerenje koje građanin nije dužan platiti",
        "šalterski radnik naplatio ljudima obrazac za koji nisu dužni ništa",
        "službenik naplati putnicima neku taksu koju oni ne moraju plaćati",
        "naplaćivala je roditeljima upis iako za to niko nije obavezan da plati",
    ],
)
def test_a_collection_not_owed_reads_as_the_unlawful_collection(story: str) -> None:
    assert COLLECTION in added_terms(story)


@pytest.mark.parametrize(
    "story",
    [
        "kondukter naplatio kartu i otišao dalje",  # a collection, no duty negated
        "nije naplatio kartu jer dijete nije dužno",  # a negated collection
        "građanin nije dužan platiti uvjerenje u opštini",  # a negated duty, no collection before it
        "naplatio mu je popravku, ne mora se više vraćati u servis",  # "ne mora" with no payment after it
    ],
)
def test_other_collections_do_not_read_as_the_unlawful_collection(story: str) -> None:
    assert COLLECTION not in added_terms(story)


def test_an_empty_table_reads_nothing() -> None:
    assert not UnowedCollection.of({}).reads("naplatio taksu koju niko nije dužan platiti")


def test_the_negated_duty_must_stand_within_reach_of_the_collection() -> None:
    table = {"word": "naplatio nešto što ne", "collected": ["naplat"], "owed": ["dužan"], "negations": ["nije"]}
    near = UnowedCollection.of({**table, "within": 4})
    assert near.reads("naplatio taksu koju nije dužan")
    assert not near.reads("naplatio taksu za neki papir koji mu kasnije nije dužan")
    must = UnowedCollection.of({**table, "owed": [], "must": ["mora"], "paying": ["plati"], "negations": ["ne"]})
    assert must.reads("naplatio taksu koju ne mora platiti")
    assert not must.reads("naplatio taksu, ne mora se žaliti")


def test_over_generated_laws_the_collection_not_owed_reaches_the_unlawful_collection_first(tmp_path: Path) -> None:
    data_dir = index_rows(
        tmp_path,
        [
            row(
                "KZ T",
                "47",
                "Novčana kazna koja se ne naplati zamijenit će se kaznom zatvora.",
                "Zamjena novčane kazne",
            ),
            row(
                "KZ T",
                "227",
                "Službena osoba koja od drugog naplati nešto što drugi nije dužan da plati, kaznit će se.",
                "Protuzakonita naplata i isplata",
            ),
        ],
    ).data_dir
    r = Retriever.open(settings_for(data_dir, search_mode="lexical"))
    told = "na šalteru službenik naplaćuje taksu koju niko nije obavezan platiti, a pare stavlja sebi"
    assert r.search(told, k=2).hits[0].id == "KZ T čl. 227"
    assert COLLECTION not in added_terms("novčana kazna koju nije naplatio")
