"""Laws by the names officers use (retrieval.search.law_kinds, law_names): kinds of law resolved to the
officer's jurisdiction, kinds with no loaded law said to be not loaded, and the law's title read from
its file when the admin gave none (retrieval.ingest.law_title). No index needed: the resolver is built
from generated articles."""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.ingest.law_title import find_law_title
from retrieval.search.law_kinds import load_kinds
from retrieval.search.references import ReferenceResolver
from retrieval.types import Article

LAWS = Path(__file__).resolve().parents[2] / "shared" / "laws"

# The dev library's laws as ingested with --law and --jurisdiction only (titles as read from the files;
# KZ RS and ZBS RS have none in their files).
LIBRARY = [
    ("KZ FBiH", "Kazneni zakon Federacije BiH", "FBiH"),
    ("KZ RS", "", "RS"),
    ("KZ BiH", "Krivični zakon Bosne i Hercegovine", "BiH"),
    ("KZ BD", "Krivični zakon Brčko distrikta Bosne i Hercegovine", "BD"),
    ("ZOBS BiH", "Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni i Hercegovini", "BiH"),
    ("ZBS RS", "", "RS"),
    ("Ustav BiH", "Ustav Bosne i Hercegovine", "BiH"),
    ("ZPDV BiH", "Zakon o porezu na dodatu vrijednost", "BiH"),
]


@pytest.fixture(scope="module")
def resolver() -> ReferenceResolver:
    return ReferenceResolver(
        [
            Article(f"{law} čl. {n}", law, str(n), f"tekst {n}", "", title, j)
            for law, title, j in LIBRARY
            for n in (5, 42)
        ]
    )


def found(resolver: ReferenceResolver, text: str, prefer: list[str] | None = None) -> tuple[list[str], list]:
    lookup = resolver.lookup(text, prefer=prefer)
    return [a.id for a in lookup.articles], [(a.name, a.laws) for a in lookup.ambiguous]


@pytest.mark.parametrize(
    "text",
    [
        "član 42 zakona o saobraćaju",
        "clan 42 zakona o saobracaju",
        "članak 42 zakona o prometu",
        "члан 42 закона о саобраћају",
        "član 42 saobraćajnog zakona",
    ],
)
def test_the_traffic_law_by_what_it_is(resolver: ReferenceResolver, text: str) -> None:
    assert found(resolver, text, ["FBiH", "BiH"]) == (["ZOBS BiH čl. 42"], [])  # the Federation has none: the state's
    assert found(resolver, text, ["RS", "BiH"]) == (["ZBS RS čl. 42"], [])  # the officer's own entity first
    articles, ambiguous = found(resolver, text)
    assert articles == [] and ambiguous[0][1] == ("ZBS RS", "ZOBS BiH")  # nobody's: ask which


@pytest.mark.parametrize(
    "text",
    [
        "član 5 krivičnog zakona",
        "član 5 kaznenog zakona",
        "član 5 krivičnog zakonika",
        "članak 5 kaznenog zakonika",
        "član 5 KZ",
    ],
)
def test_the_criminal_code_of_the_officer(resolver: ReferenceResolver, text: str) -> None:
    for code, law in (("RS", "KZ RS"), ("FBiH", "KZ FBiH"), ("BD", "KZ BD"), ("BiH", "KZ BiH")):
        assert found(resolver, text, [code] + (["BiH"] if code != "BiH" else [])) == ([f"{law} čl. 5"], []), code
    articles, ambiguous = found(resolver, text)
    assert articles == [] and set(ambiguous[0][1]) == {"KZ BD", "KZ BiH", "KZ FBiH", "KZ RS"}  # all four, to ask


def test_a_named_jurisdiction_or_law_still_wins(resolver: ReferenceResolver) -> None:
    assert found(resolver, "član 5 krivičnog zakona BiH", ["RS", "BiH"]) == (["KZ BiH čl. 5"], [])
    assert found(resolver, "član 42 ZOBS", ["RS", "BiH"]) == (["ZOBS BiH čl. 42"], [])  # one law's own acronym
    assert found(resolver, "član 5 zakona o PDV-u") == (["ZPDV BiH čl. 5"], [])


@pytest.mark.parametrize(
    "text",
    [
        "član 5 zkp",
        "član 5 ZKP",
        "član 5 zakona o krivičnom postupku",
        "član 5 zakona o policiji",
        "član 12 zakona o javnom redu i miru",
    ],
)
def test_a_kind_with_no_loaded_law_is_said_to_be_not_loaded(resolver: ReferenceResolver, text: str) -> None:
    articles, ambiguous = found(resolver, text, ["RS", "BiH"])
    assert articles == [] and len(ambiguous) == 1 and ambiguous[0][1] == ()


def test_kinds_are_data() -> None:
    kinds = {k.kind: k for k in load_kinds()}
    assert {"criminal code", "criminal procedure", "traffic safety", "police", "constitution"} <= set(kinds)
    assert "kz" in kinds["criminal code"].acronyms and ("bezbjednosti", "saobracaja") in kinds["traffic safety"].titles
    assert load_kinds(Path("/nonexistent/law_kinds.toml")) == ()


@pytest.mark.parametrize(
    "head, title",
    [
        (
            ["KRIVIČNI ZAKON", "BRČKO DISTRIKTA BOSNE I HERCEGOVINE", "(prečišćeni tekst)", "PREDMET OVOG ZAKONA"],
            "Krivični zakon Brčko distrikta Bosne i Hercegovine",
        ),
        (["KAZNENI", "ZAKON", "FEDERACIJE BiH", "nabavama"], "Kazneni zakon Federacije BiH"),
        (
            [
                "Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni",
                "i Hercegovini ''Sg BiH'', broj 6, od 21.01.2006.",
            ],
            "Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni i Hercegovini",
        ),
        (
            [
                "ZAKON O POREZU NA DODATU VRIJEDNOST",
                '(Neslužbeni prečišćeni tekst1 - "Službeni glasnik BiH", br. 9/05)',
            ],
            "Zakon o porezu na dodatu vrijednost",
        ),
        (["USTAV BOSNE I HERCEGOVINE1", "prijevod na bosanski jezik"], "Ustav Bosne i Hercegovine"),
        (["Закон о полицији"], "Закон о полицији"),
        # a law only mentioned, never a title
        (["Na osnovu člana 8 Zakona o Službenom glasniku Brčko distrikta BiH", "I - OSNOVNE ODREDBE"], ""),
        (['Odredbe člana 280a Krivičnog zakonika Republike Srpske ("Sl. glasnik RS", br. 64/2017)'], ""),
        ([], ""),
    ],
)
def test_the_law_s_title_from_the_top_of_its_file(head: list[str], title: str) -> None:
    assert find_law_title(head) == title


@pytest.mark.skipif(not (LAWS / "README.md").exists(), reason="../shared/laws is not available")
def test_titles_read_from_the_real_files() -> None:
    from retrieval.ingest.sources import LawInfo, read_source
    from tests.real_laws import read_real

    for name, title in (
        ("zobs-bih.pdf", "Zakon o osnovama bezbjednosti saobraćaja na putevima u Bosni i Hercegovini"),
        ("kz-bih.txt", "Krivični zakon Bosne i Hercegovine"),
        ("kz-rs.txt", ""),
    ):
        articles, _ = read_real(name)  # no title given: the file's own
        assert {a.law_title for a in articles} == {title}, name
    articles, _ = read_source(LAWS / "kz-bih.txt", LawInfo("X", "Moj naslov", "BiH"))  # the admin's title wins
    assert {a.law_title for a in articles} == {"Moj naslov"}


def test_a_law_named_without_an_article_is_mentioned_not_referenced(resolver: ReferenceResolver) -> None:
    """ "po ustavu", "šta kaže zakon o saobraćaju": every law the name fits (a kind's name: all laws of that kind,
    the officer's scope keeps its own and the state's) — search stays within them; no article is served."""
    lookup = resolver.lookup("je li mirno okupljanje pravo po ustavu", prefer=["RS", "BiH"])
    assert lookup.mentioned == ("Ustav BiH",) and lookup.articles == [] and lookup.laws == ()
    assert set(resolver.lookup("šta kaže zakon o saobraćaju o pojasu", prefer=["RS", "BiH"]).mentioned) == {
        "ZBS RS",
        "ZOBS BiH",
    }
    assert set(resolver.lookup("po krivičnom zakonu, kazna za krađu").mentioned) == {
        "KZ FBiH",
        "KZ RS",
        "KZ BiH",
        "KZ BD",
    }
    assert resolver.lookup("član 42 zakona o saobraćaju", prefer=["RS", "BiH"]).mentioned == ()  # a reference
    assert resolver.lookup("pretukao ga u kafani").mentioned == ()


@pytest.mark.parametrize(
    "text, kind",
    [
        ("stanodavac mi ne vraca depozit", "property and housing"),
        ("izgubio sam pasoš", "civil registry and documents"),
        ("колико дана годишњег одмора има радник", "labour"),
        ("kad smijem legitimisati osobu", "police"),
        ("vozač bez vozačke dozvole", "traffic safety"),
        ("ko nasljeđuje kuću bez testamenta", "inheritance"),
        ("stopa PDV-a", "value added tax"),
        ("koji činovi postoje u policiji", "police service"),
    ],
)
def test_the_kinds_a_question_talks_about(text: str, kind: str) -> None:
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    assert kind in KindTopics.of(bcs_vocabulary()).named(text), text


def test_everyday_words_of_stories_name_no_kind() -> None:
    """A theft at a bar, a fight, a murder: the words every kind of story shares are nobody's topic; "među"
    (among) and "kuće" (houses) are not "međa" and "kuče", "čini" (does) is no police rank."""
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    topics = KindTopics.of(bcs_vocabulary())
    for story in (
        "pretukao ga u kafani i uzeo mu novac",
        "ubio je komšiju",
        "prijeti da će mi zapaliti kuću",
        "bacali baklje među gledaoce",
        "šta mi čini",
        "ukrao mobitel djetetu",
    ):
        assert topics.named(story) == {}, story


def test_long_is_no_debt() -> None:
    """ "dug" (a debt) and the adjective "dug" (long: "dugo", "duga", "dugi") share every stem, so the debt's topic is
    its own forms ("dugovi", "dugovanje", "duguje"): a story that lasted long or a driver's long-range lights names no
    law of obligations (a question that did was judged about a kind no loaded law is, and flagged `weak`)."""
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    topics = KindTopics.of(bcs_vocabulary())
    for text in ("dugo je stajao ispred ulaza", "upalio duga svjetla u naselju", "dugi red na šalteru"):
        assert "obligations and consumers" not in topics.named(text), text
    for text in ("komšija mi duguje novac", "ne vraća dugove", "kako se naplaćuje dugovanje"):
        assert "obligations and consumers" in topics.named(text), text


def test_a_word_of_another_sense_names_no_kind() -> None:
    """Topics whose stem another everyday word shares are left to their phrases and the kind's other words: "nastavio"
    (went on) is no schooling ("nastava"), a path ("staza") no years of service ("staž"); a school, a pupil and the
    years of service named as such still are."""
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    topics = KindTopics.of(bcs_vocabulary())
    assert "education" not in topics.named("nastavio je da ga udara i poslije")
    assert "pensions and social protection" not in topics.named("trčao je po stazi kraj rijeke")
    assert "education" in topics.named("učenik ne dolazi u školu")
    assert "pensions and social protection" in topics.named("koliko mi treba radnog staža")


def test_a_title_speaks_of_a_kind_in_any_inflection_a_question_would() -> None:
    """An article's title names a topic of a kind in the inflection a question's word would also match: "Ugrožavanje
    javnog saobraćaja" speaks of traffic ("saobraćaj": Snowball stems the two forms apart), "Nezakonit lov" of
    hunting; a short word is matched only by its own stem ("pas" is not "pasoš")."""
    from retrieval.language.tokens import Tokenizer
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    topics, tokenizer = KindTopics.of(bcs_vocabulary()), Tokenizer("serbian")
    assert topics.spoken_of({"traffic safety"}, tokenizer.stems("Ugrožavanje javnog saobraćaja"))
    assert topics.spoken_of({"hunting and fishing"}, tokenizer.stems("Nezakonit lov"))
    assert not topics.spoken_of({"animals"}, tokenizer.stems("Falsifikovanje pasoša"))
    assert not topics.spoken_of({"traffic safety"}, tokenizer.stems("Teška krađa"))


def test_a_jmbg_named_is_no_question_about_personal_documents() -> None:
    """The word "JMBG" alone (checking one, someone refusing to give it) or a masked one is no sign of the law
    on registers and documents: no "not loaded" notice for it; a passport or an identity card still is."""
    from kodeks.privacy import mask
    from retrieval.language.vocabulary import bcs_vocabulary
    from retrieval.search.law_kinds import KindTopics

    topics = KindTopics.of(bcs_vocabulary())
    masked = mask("Marko Marković, JMBG 0101990170001, odbija reći adresu").text
    assert "[JMBG]" in masked
    for text in ("šta ako neko odbije dati JMBG", "kako provjeriti jmbg", masked):
        assert "civil registry and documents" not in topics.named(text), text
    assert "civil registry and documents" in topics.named("odbio je pokazati ličnu kartu")


@pytest.mark.parametrize(
    "text, asks",
    [
        ("kako se dobija dozvola za oružje", True),
        ("pas ugrizao dijete u parku, ko odgovara", True),
        ("naplaćuje li hitna pomoć pregled", True),
        ("u kom roku se prijavljuje prebivalište", True),
        ("udario je policajca kad smo ga htjeli uhapsiti", False),
        ("napravio je lažnu ličnu kartu", False),
        ("jel to krivično djelo", False),
        ("tip nas napao. što ga teretimo", False),
    ],
)
def test_a_question_asking_for_a_rule_rather_than_telling_an_act(text: str, asks: bool) -> None:
    from retrieval.search.law_kinds import asks_for_a_rule

    assert asks_for_a_rule(text) is asks
