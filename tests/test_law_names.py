"""Law names the way officers write them, over a real multi-law index (Chroma + the local embedder).

Five laws: two criminal codes (so "KZ" alone is ambiguous), a constitution numbered in Roman numerals,
a tax law and a bar law known by their titles. Every reference that names a law must give that law's
article and never another law's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kodeks.errors import KodeksError
from kodeks.settings import Settings
from retrieval.index.law_catalog import by_jurisdiction, load_law_records, read_catalog
from retrieval.language.numbers import int_to_roman, roman_to_int
from retrieval.search.law_names import LawName, LawNames, same_word
from retrieval.search.references import ReferenceResolver
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import index_dir, index_rows, row, settings_for

ROMAN = ["I", "II", "III", "IV", "V", "VI"]
LAWS = {
    "KZ FBiH": ("Krivični zakon Federacije Bosne i Hercegovine", "FBiH", "krivično djelo, kazna zatvora, učinilac"),
    "KZ RS": ("Krivični zakonik Republike Srpske", "RS", "krivično djelo u Republici Srpskoj, kazna"),
    "Ustav BiH": ("Ustav Bosne i Hercegovine", "BiH", "ustavno uređenje, institucije, ljudska prava"),
    "ZPDV BiH": ("Zakon o porezu na dodanu vrijednost", "BiH", "porez na dodanu vrijednost, obveznik, stopa"),
    "ZOA FBiH": ("Zakon o advokaturi", "FBiH", "advokat, advokatska komora, upis u imenik"),
}


def _corpus_rows(laws: dict[str, tuple[str, str, str]]) -> list[dict]:
    rows = []
    for law, (title, jurisdiction, theme) in laws.items():
        numbers = ROMAN if law == "Ustav BiH" else [str(n) for n in range(1, 12)]
        for n, number in enumerate(numbers, 1):
            rows.append(
                row(
                    law,
                    number,
                    f"{law} član {number}: {theme}, odredba broj {n}.",
                    f"{law} naslov {n}",
                    jurisdiction,
                    law_title=title,
                )
            )
    return rows


@pytest.fixture(scope="module")
def multi_law(tmp_path_factory: pytest.TempPathFactory) -> Retriever:
    return Retriever.open(index_rows(tmp_path_factory.mktemp("multi-law"), _corpus_rows(LAWS)))


def _only_law(result, law: str) -> None:
    assert result.hits, result
    assert {h.article.law for h in result.hits} == {law}, [h.id for h in result.hits]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("član 5 Ustav", "Ustav BiH čl. V"),
        ("član 5 Ustava BiH", "Ustav BiH čl. V"),
        ("члан 5 Устав", "Ustav BiH čl. V"),
        ("члан 5. Устава БиХ", "Ustav BiH čl. V"),
        ("clan 5 ustav bih", "Ustav BiH čl. V"),
        ("član V Ustava", "Ustav BiH čl. V"),
        ("šta kaže član III Ustava BiH", "Ustav BiH čl. III"),
        ("u članu 5 Ustava", "Ustav BiH čl. V"),
        ("član 5 zakona o PDV", "ZPDV BiH čl. 5"),
        ("član 5 zakona o PDV-u", "ZPDV BiH čl. 5"),
        ("član 5 Zakona o porezu na dodanu vrijednost", "ZPDV BiH čl. 5"),
        ("clan 5 zakona o porezu na dodanu vrijednost", "ZPDV BiH čl. 5"),
        ("član 10 zakona o advokaturi", "ZOA FBiH čl. 10"),
        ("član 10 Zakona o advokaturi FBiH", "ZOA FBiH čl. 10"),
        ("član 5 KZ FBiH", "KZ FBiH čl. 5"),
        ("članak 5 KZ-a RS", "KZ RS čl. 5"),
        ("član 5 Krivičnog zakonika", "KZ RS čl. 5"),
        ("član 5 krivicnog zakona Republike Srpske", "KZ RS čl. 5"),
        ("član 5 Krivičnog zakona FBiH", "KZ FBiH čl. 5"),
    ],
)
def test_a_named_law_gives_that_law_s_article_only(multi_law: Retriever, question: str, expected: str) -> None:
    assert [a.id for a in multi_law.resolve_reference(question)] == [expected]
    result = multi_law.search(question)
    assert result.level == "reference" and result.hits[0].id == expected and not result.ambiguous
    _only_law(result, expected.split(" čl. ")[0])


@pytest.mark.parametrize("question", ["članak 5 KZ", "clan 5 kz", "KZ član 5", "члан 5 КЗ"])
def test_an_ambiguous_name_asks_which_of_the_loaded_codes(multi_law: Retriever, question: str) -> None:
    assert multi_law.resolve_reference(question) == []
    lookup = multi_law.lookup_reference(question)
    assert [(a.article, a.laws) for a in lookup.ambiguous] == [("5", ("KZ FBiH", "KZ RS"))]
    assert {a.id for a in lookup.candidates} == {"KZ FBiH čl. 5", "KZ RS čl. 5"}
    result = multi_law.search(question)
    assert [a.laws for a in result.ambiguous] == [("KZ FBiH", "KZ RS")]
    assert {h.article.law for h in result.hits} <= {"KZ FBiH", "KZ RS"}  # never the constitution's article 5
    assert {h.id for h in result.hits[:2]} == {"KZ FBiH čl. 5", "KZ RS čl. 5"}
    assert [(a["article"], a["laws"]) for a in result.to_dict()["ambiguous"]] == [("5", ["KZ FBiH", "KZ RS"])]


def test_a_law_that_is_not_loaded_is_not_answered_with_another_law(multi_law: Retriever) -> None:
    for question in ("član 5 ZKP", "član 5 Zakona o policiji"):
        lookup = multi_law.lookup_reference(question)
        assert lookup.articles == [] and lookup.candidates == []
        assert [a.laws for a in lookup.ambiguous] == [()], question
    # a jurisdiction the named law does not have: that law is not loaded (the only constitution loaded is the
    # state one, named as the loaded law of its kind — never served as if it were the Federation's)
    lookup = multi_law.lookup_reference("član 5 Ustava FBiH")
    assert lookup.articles == [] and lookup.candidates == []
    assert [(a.name, a.laws, a.kind, a.loaded) for a in lookup.ambiguous] == [
        ("Ustav FBiH", (), "ustav", ("Ustav BiH",))
    ]


def test_an_article_the_named_law_lacks_gives_nothing_from_other_laws(multi_law: Retriever) -> None:
    assert multi_law.resolve_reference("član 9 Ustava") == []  # the constitution has I–VI only
    result = multi_law.search("član 9 Ustava")
    _only_law(result, "Ustav BiH")


def test_roman_numbers_next_to_a_law_numbered_in_arabic() -> None:
    from retrieval.types import Article

    resolver = ReferenceResolver([Article(f"Z čl. {n}", "ZOP", str(n), "t") for n in range(1, 8)])
    assert [a.id for a in resolver.resolve("član V ZOP")] == ["Z čl. 5"]
    assert [a.id for a in resolver.resolve("član i član 6 ZOP")] == ["Z čl. 6"]  # "i" is "and" here


def test_a_bare_article_number_still_means_every_law(multi_law: Retriever) -> None:
    assert {a.law for a in multi_law.resolve_reference("član 5")} == {"KZ FBiH", "KZ RS", "ZPDV BiH", "ZOA FBiH"}


def test_an_officer_s_jurisdictions_limit_bare_numbers_only(multi_law: Retriever) -> None:
    assert {a.law for a in multi_law.lookup_reference("član 5", ["RS"]).articles} == {"KZ RS"}
    assert [a.id for a in multi_law.lookup_reference("član 5 zakona o PDV", "RS").articles] == ["ZPDV BiH čl. 5"]


def test_law_names_in_lookups_and_filters(multi_law: Retriever) -> None:
    assert multi_law.get_article("ustav", "5").id == "Ustav BiH čl. V"
    assert multi_law.get_article("Ustava BiH", "V").id == "Ustav BiH čl. V"
    assert multi_law.get_article("zakon o PDV", "3").id == "ZPDV BiH čl. 3"
    assert multi_law.get_article("KZ", "5") is None  # which KZ?
    assert multi_law.search("porez", law="zakon o porezu na dodanu vrijednost").law == "ZPDV BiH"
    with pytest.raises(KodeksError, match="KZ FBiH, KZ RS"):
        multi_law.search("krađa", law="KZ")


def test_laws_are_listed_by_jurisdiction_with_counts_and_times(multi_law: Retriever) -> None:
    groups = by_jurisdiction(multi_law.law_summaries())
    assert [(j, [s.law for s in laws]) for j, laws in groups] == [
        ("BiH", ["Ustav BiH", "ZPDV BiH"]),
        ("FBiH", ["KZ FBiH", "ZOA FBiH"]),
        ("RS", ["KZ RS"]),
    ]
    ustav = groups[0][1][0]
    assert (ustav.title, ustav.articles) == ("Ustav Bosne i Hercegovine", 6)
    assert all(s.ingested_at and s.ingested_at.endswith("Z") for _, laws in groups for s in laws)
    assert [s.law for s in read_catalog(multi_law.settings)] == [s.law for _, laws in groups for s in laws]


def test_one_criminal_code_and_laws_toml_aliases(tmp_path: Path) -> None:
    """With one KZ loaded, "članak 5 KZ" is that one; laws.toml `aliases` name a law too."""
    from retrieval.ingest.run import ingest_paths

    folder = tmp_path / "zakoni"
    folder.mkdir()
    (folder / "kz.txt").write_text(
        "".join(f"Članak {n}.\nKrivično djelo broj {n}, kazna zatvora.\n" for n in range(1, 7)), encoding="utf-8"
    )
    (folder / "laws.toml").write_text(
        '["kz.txt"]\nlaw = "KZ FBiH"\ntitle = "Kazneni zakon Federacije BiH"\njurisdiction = "FBiH"\n'
        'aliases = ["krivični zakon federacije", "KZF"]\n',
        encoding="utf-8",
    )
    settings: Settings = settings_for(tmp_path / "idx")
    ingest_paths(settings, [folder])
    records = load_law_records(index_dir(settings))
    assert records["KZ FBiH"]["aliases"] == ["krivični zakon federacije", "KZF"]
    first_time = records["KZ FBiH"]["ingested_at"]
    retriever = Retriever.open(settings)
    for question in ("članak 5 KZ", "članak 5 KZF", "član 5 krivicnog zakona federacije", "članak 5 kaznenog zakona"):
        assert [a.id for a in retriever.resolve_reference(question)] == ["KZ FBiH čl. 5"], question
    ingest_paths(settings, [folder])  # nothing changed: the ingestion time stays
    assert load_law_records(index_dir(settings))["KZ FBiH"]["ingested_at"] == first_time


def test_name_matching_units() -> None:
    assert same_word("ustava", "ustav") and same_word("porez", "porezu") and same_word("zakona", "zakon")
    assert not same_word("ustavni", "ustav") and not same_word("kz", "kzf") and not same_word("zakonik", "zakon")
    names = LawNames([LawName("KZ FBiH", "Krivični zakon FBiH", "FBiH"), LawName("KZ RS", "Krivični zakonik RS", "RS")])
    assert names.named("KZ").laws == ("KZ FBiH", "KZ RS") and names.named("KZ").law is None
    assert names.named("kz rs").law == "KZ RS" and names.named("Krivičnog zakona FBiH").law == "KZ FBiH"
    assert names.named("nepoznat zakon") is None
    # BCS variants: "Kazneni zakon" is the Croatian name of a "Krivični zakon"; a "zakonik" is near a "zakon" only
    variants = LawNames(
        [
            LawName("KZ FBiH", "Kazneni zakon Federacije BiH", "FBiH"),
            LawName("KZ BiH", "Krivični zakon Bosne i Hercegovine", "BiH"),
            LawName("KZ RS", "Krivični zakonik Republike Srpske", "RS"),
            LawName("ZOBS BiH", "Zakon o osnovama bezbjednosti saobraćaja u BiH", "BiH"),
        ]
    )
    # which one? — asked, not guessed; a "zakonik" is a criminal code too (retrieval/language/data/law_kinds.toml), so all three
    assert variants.named("krivičnog zakona").laws == ("KZ BiH", "KZ FBiH", "KZ RS")
    assert variants.named("Krivičnog zakona Federacije").law == "KZ FBiH"
    assert variants.named("Kaznenog zakona BiH").law == "KZ BiH"
    assert variants.named("Krivičnog zakonika").law == "KZ RS"
    assert variants.named("zakona o osnovama bezbednosti saobracaja").law == "ZOBS BiH"  # ekavian
    assert variants.named("Zakon o osnovama sigurnosti saobraćaja").law == "ZOBS BiH"  # Croatian word
    assert [roman_to_int(r) for r in ("i", "iv", "xii", "iiii", "vx", "")] == [1, 4, 12, None, None, None]
    assert [int_to_roman(n) for n in (1, 4, 9, 14, 40)] == ["i", "iv", "ix", "xiv", "xl"]


def test_words_that_look_like_references_are_not(multi_law: Retriever) -> None:
    for text in ("Ustavni sud je odlučio 2020", "krivično djelo 5 puta", "KZ 5", "imam 5 godina", "ČLAN 5 STAV 2"):
        lookup = multi_law.lookup_reference(text)
        assert lookup.articles == [] or text == "ČLAN 5 STAV 2", text
        assert lookup.ambiguous == [], text


def test_resolver_without_titles_keeps_short_names() -> None:
    from retrieval.types import Article

    resolver = ReferenceResolver(
        [Article("A čl. 1", "ZP", "1", "t"), Article("B čl. 1", "ZP RS", "1", "t", jurisdiction="RS")]
    )
    assert [a.id for a in resolver.resolve("član 1 ZP RS")] == ["B čl. 1"]
    assert [a.id for a in resolver.resolve("član 1 ZP")] == ["A čl. 1"]  # a whole name beats a prefix
