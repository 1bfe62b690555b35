"""A weapon taken across the state's border, or stolen from the armed forces, is the state code's offence (issue 31,
the library's cost, fourteenth round; thesaurus.toml [[compose]] "oružje preko granice" and "krađa vojnog oružja",
retrieval/language/composed.py `Composition.anywhere`).

The state code words the two acts by what is done with the weapon, not by the weapon: "Ko uvozi, izvozi, prevozi …
oružja ili vojne opreme bez dozvole propisane zakonom Bosne i Hercegovine" (KZ BiH 193, "Neovlašteni promet oružjem i
vojnom opremom …") and "Ko otuđi oružje ili vojnu opremu … koji služe potrebama odbrane" (KZ BiH 246m, "Krađa oružja i
vojne opreme"). The entities' and Brčko's codes keep the making, keeping and selling of weapons within. A weapon's
name read alone adds the keeping articles' objects and titles; with a word of bringing in or taking abroad, or with a
taking and the armed forces, the story reads the state's act and the weapon's phrases give way. Phrasings made up for
these tests, not taken from any benchmark's questions."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.language.composed import Composition
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import added_terms, index_rows, row, settings_for

TRADE = "neovlašteni promet oružjem i vojnom opremom te proizvodima dvojne upotrebe"
MILITARY_THEFT = "krađa oružja i vojne opreme"
KEEPING = "nedozvoljeno držanje oružja ili eksplozivnih tvari"


@pytest.mark.parametrize(
    "story",
    [
        "u kombiju nađeni pištolji i municija koje su vozili u inostranstvo",
        "uvezao je iz Srbije pištolj i pušku",
        "izvezao granate preko Drine bez papira",
        "sanduci eksploziva spremni za izvoz, nema dozvole",
    ],
)
def test_a_weapon_taken_in_or_abroad_reads_as_the_states_trade(story: str) -> None:
    adds = added_terms(story)
    assert TRADE in adds
    assert KEEPING not in adds  # the weapon's phrases gave way


@pytest.mark.parametrize(
    "story",
    [
        "iz vojnog magacina nestale puške, uzeo ih jedan vojnik",
        "pripadnik vojske ukrao pištolj i municiju iz kasarne",
    ],
)
def test_a_weapon_stolen_from_the_armed_forces_reads_as_the_states_theft(story: str) -> None:
    adds = added_terms(story)
    assert MILITARY_THEFT in adds
    assert KEEPING not in adds


@pytest.mark.parametrize(
    "story",
    [
        "komšija drži pušku u podrumu bez dozvole",  # a weapon kept, nothing across the border
        "vratio se iz inostranstva i kupio sebi bicikl",  # abroad, no weapon
        "ukrao pištolj komšiji iz auta",  # a weapon stolen, no armed forces
        "vojnik na odsustvu posvađao se u kafani",  # a soldier, no weapon
        "vratio se iz inostranstva pa pucao u komšiju",  # abroad and a weapon in two clauses
    ],
)
def test_other_stories_do_not_read_the_states_act(story: str) -> None:
    adds = added_terms(story)
    assert TRADE not in adds
    assert MILITARY_THEFT not in adds


def test_a_weapon_kept_still_reads_the_keeping_article() -> None:
    assert "vatreno oružje" in added_terms("komšija drži pištolj u podrumu bez dozvole")


def test_anywhere_reads_the_last_part_within_the_first_parts_clause_and_not_after_a_negation() -> None:
    table = {
        "name": "t",
        "parts": [["oružje"], []],
        "verbs": ["izvoz"],
        "negations": ["nije"],
        "clause_words": ["pa"],
        "legal": ["promet"],
    }
    ordered = Composition.of(table)
    anywhere = Composition.of({**table, "anywhere": True})

    def weapon(word: str) -> list[str]:
        return ["oružje"] if word.startswith("pusk") else []  # words come folded

    assert anywhere.reads("izvozio je puške", {"oružje"}, weapon)
    assert anywhere.reads("puške je izvozio", {"oružje"}, weapon)
    assert not anywhere.reads("nije izvozio puške", {"oružje"}, weapon)
    assert not anywhere.reads("izvozio je žito", set(), weapon)
    assert not anywhere.reads("izvozio je žito, a kući drži puške", {"oružje"}, weapon)
    assert not anywhere.reads("izvozio je žito pa kupio puške", {"oružje"}, weapon)
    assert ordered.verbs and not ordered.anywhere


def test_over_generated_laws_the_trade_abroad_reaches_the_states_article_first(tmp_path: Path) -> None:
    data_dir = index_rows(
        tmp_path,
        [
            row(
                "KZ T",
                "361",
                "Ko neovlašteno proizvodi, prodaje, nabavlja ili drži vatreno oružje, municiju ili eksplozivne materije, "
                "kaznit će se.",
                "Nedozvoljeno držanje oružja ili eksplozivnih tvari",
            ),
            row(
                "KZ T",
                "193",
                "Ko uvozi, izvozi, prevozi ili posreduje u prometu oružja ili vojne opreme bez dozvole, kaznit će se.",
                "Neovlašteni promet oružjem i vojnom opremom te proizvodima dvojne upotrebe",
            ),
        ],
    ).data_dir
    r = Retriever.open(settings_for(data_dir, search_mode="lexical"))
    assert r.search("kombi pun municije i pušaka krenuo u inostranstvo", k=2).hits[0].id == "KZ T čl. 193"
    assert r.search("komšija drži municiju i puške u podrumu", k=2).hits[0].id == "KZ T čl. 361"
