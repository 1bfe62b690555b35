"""Explicit references are resolved before any similarity search (and survive typing without diacritics)."""

from __future__ import annotations

import pytest

from retrieval.language.numbers import article_number
from retrieval.search.references import ReferenceResolver
from retrieval.search.retriever import Retriever
from retrieval.types import Article
from tests.retrieval_helpers import settings_for

ALL_42 = {"KZ FBiH čl. 42", "ZKP FBiH čl. 42", "ZOBS BiH čl. 42", "KZ RS čl. 42"}


def _ids(articles) -> list[str]:
    return [a.id for a in articles]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("član 42 KZ FBiH", ["KZ FBiH čl. 42"]),
        ("čl. 42. KZ FBiH", ["KZ FBiH čl. 42"]),
        ("KZ FBiH 42", ["KZ FBiH čl. 42"]),
        ("KZ FBiH, član 42", ["KZ FBiH čl. 42"]),
        ("clan 373 kz fbih", ["KZ FBiH čl. 373"]),
        ("CLAN 373 KZ FBIH", ["KZ FBiH čl. 373"]),
        ("čl.42 KZ RS", ["KZ RS čl. 42"]),
        ("u članu 172 KZ FBiH piše", ["KZ FBiH čl. 172"]),
        ("Члан 373. КЗ РС", ["KZ RS čl. 373"]),
        ("članovi 373 i 342 KZ FBiH", ["KZ FBiH čl. 373", "KZ FBiH čl. 342"]),
        ("članci 373 i 342 KZ FBiH", ["KZ FBiH čl. 373", "KZ FBiH čl. 342"]),
        ("čl. 373, 342 KZ FBiH", ["KZ FBiH čl. 373", "KZ FBiH čl. 342"]),
        ("član 42 i član 153 ZKP FBiH", ["ZKP FBiH čl. 42", "ZKP FBiH čl. 153"]),
        ("clan 8 zjrm ks", ["ZJRM KS čl. 8"]),
        ("Krivični zakon Federacije BiH član 42", ["KZ FBiH čl. 42"]),  # the law's title works as its name
        # two laws in one question: each number goes with the law named next to it
        ("clan 373 kz fbih i clan 42 zkp fbih", ["KZ FBiH čl. 373", "ZKP FBiH čl. 42"]),
        ("KZ FBiH član 373, a ZKP FBiH član 153", ["KZ FBiH čl. 373", "ZKP FBiH čl. 153"]),
        ("član 42 ZOBS BiH i član 286 KZ FBiH", ["ZOBS BiH čl. 42", "KZ FBiH čl. 286"]),
        ("čl. 42 st. 2 KZ FBiH", ["KZ FBiH čl. 42"]),
    ],
)
def test_references_resolve(retriever, text: str, expected: list[str]) -> None:
    assert _ids(retriever.resolve_reference(text)) == expected


@pytest.mark.parametrize("text", ["члан 42", "član 42", "clan 42", "čl. 42"])
def test_article_number_without_a_law_gives_every_law_s_article(retriever, text: str) -> None:
    assert set(_ids(retriever.resolve_reference(text))) == ALL_42


@pytest.mark.parametrize(
    "text",
    [
        "imam 42 godine",
        "KZ FBiH",
        "vozio 50 km/h u naselju",
        "neko mi je krivotvorio potpis",
        "član 999 KZ FBiH",
        "KZ FBiH 2024",
        "",
        "😀 42",
    ],
)
def test_no_reference(retriever, text: str) -> None:
    assert retriever.resolve_reference(text) == []


def test_reference_then_similar_articles_in_search(retriever) -> None:
    result = retriever.search("члан 42")
    assert result.level == "reference"
    assert {h.id for h in result.hits[:4]} == ALL_42 and all(h.level == "reference" for h in result.hits[:4])
    result = retriever.search("članovi 373 i 342 KZ FBiH", k=5)
    assert [h.id for h in result.hits[:2]] == ["KZ FBiH čl. 373", "KZ FBiH čl. 342"]
    assert [h.level for h in result.hits[:2]] == ["reference", "reference"]
    assert len({h.id for h in result.hits}) == len(result.hits) == 5


def test_reference_respects_k(retriever) -> None:
    result = retriever.search("члан 42", k=2)
    assert len(result.hits) == 2 and {h.id for h in result.hits} <= ALL_42


def test_get_article_by_law_name_or_alias(retriever) -> None:
    assert retriever.get_article("KZ FBiH", "373").id == "KZ FBiH čl. 373"
    assert retriever.get_article("kz fbih", "čl. 373.").id == "KZ FBiH čl. 373"
    assert retriever.get_article("KZ FBiH", "9999") is None
    assert retriever.get_article("Nepoznat", "1") is None


def test_aliases_from_the_environment(sample_index, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KODEKS_LAW_ALIASES", "KZ=KZ FBiH; saobraćajni zakon=ZOBS BiH;krivični zakon RS=KZ RS")
    settings = settings_for(sample_index.data_dir)
    assert settings.aliases() == {"KZ": "KZ FBiH", "saobraćajni zakon": "ZOBS BiH", "krivični zakon RS": "KZ RS"}
    retriever = Retriever.open(settings)
    assert _ids(retriever.resolve_reference("član 42 KZ")) == ["KZ FBiH čl. 42"]
    assert _ids(retriever.resolve_reference("KZ 373")) == ["KZ FBiH čl. 373"]
    assert _ids(retriever.resolve_reference("čl. 42 saobracajni zakon")) == ["ZOBS BiH čl. 42"]
    assert _ids(retriever.resolve_reference("član 373 krivicni zakon RS")) == ["KZ RS čl. 373"]
    assert _ids(retriever.resolve_reference("član 373 KZ RS")) == ["KZ RS čl. 373"]  # longer name wins over "KZ"
    assert retriever.search("član 42 saobraćajni zakon").hits[0].id == "ZOBS BiH čl. 42"
    assert retriever.search("krađa", law="KZ").law == "KZ FBiH"
    assert retriever.get_article("saobraćajni zakon", "174").id == "ZOBS BiH čl. 174"


def test_resolver_unit_paragraph_sign_and_article() -> None:
    articles = [
        Article("BGB § 823", "BGB", "823", "Wer vorsätzlich ..."),
        Article("BGB § 242", "BGB", "242", "Der Schuldner ..."),
        Article("GDPR Article 6", "GDPR", "6", "Processing shall be lawful ..."),
        Article("ZP čl. 12a", "ZP", "12a", "Tekst."),
    ]
    resolver = ReferenceResolver(articles)
    assert _ids(resolver.resolve("§ 823 BGB")) == ["BGB § 823"]
    assert _ids(resolver.resolve("§§ 823 und 242 BGB")) == ["BGB § 823", "BGB § 242"]
    assert _ids(resolver.resolve("Article 6 GDPR")) == ["GDPR Article 6"]
    assert _ids(resolver.resolve("art. 6 gdpr")) == ["GDPR Article 6"]
    assert _ids(resolver.resolve("član 12a ZP")) == ["ZP čl. 12a"]
    assert resolver.laws == ["BGB", "GDPR", "ZP"]


@pytest.mark.parametrize(
    ("label", "number"), [("§ 823", "823"), ("12a.", "12a"), ("Article 5", "5"), ("čl. 373.", "373")]
)
def test_article_number(label: str, number: str) -> None:
    assert article_number(label) == number
