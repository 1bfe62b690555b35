"""A threatened or avoided act is not the story's act (retrieval/language/clauses.py).

Invented stories only: a clause "da" + future, or "da" + pronoun + "ne", says what someone threatens or wants to
prevent; the legal terms only such a clause triggers weigh less, those the rest of the story triggers keep theirs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from retrieval.index.lexical import LexicalIndex
from retrieval.language.clauses import UNREALISED_WEIGHT, text_words, unrealised_spans, without_unrealised
from retrieval.language.vocabulary import Expansion, bcs_vocabulary, weighted_terms
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import index_rows, row, settings_for


def _spans(text: str) -> list[str]:
    found = text_words(text)
    return [" ".join(found[a:b]) for a, b in unrealised_spans(text)]


@pytest.mark.parametrize(
    ("story", "clause"),
    [
        ("poručio mu je da će mu polomiti noge", "da ce mu polomiti noge"),
        ("piše joj da ce je pretuci ako ode", "da ce je pretuci"),
        ("traži novac od pekara da mu ne razbije izlog, inače će doći opet", "da mu ne razbije izlog"),
        ("drži ga za ruku da ga ne odvedemo u stanicu", "da ga ne odvedemo u stanicu"),
    ],
)
def test_a_threat_or_an_avoided_act_is_read_as_its_clause(story: str, clause: str) -> None:
    assert _spans(story) == [clause]


@pytest.mark.parametrize(
    "story",
    [
        "da li je ovo krađa ako je uzeo samo telefon",  # a question, not a clause
        "vidjeli smo da ne nosi kacigu",  # "da ne" without a pronoun: what is done
        "tvrdi da nije udario nikoga",  # a negated past is a fact
        "komšija kaže da mu je neko obio podrum",  # a reported act that was done
        "udario ga je da bi mu uzeo torbu",  # a purpose of the act done
    ],
)
def test_a_clause_of_an_act_done_or_a_question_is_left_as_it_is(story: str) -> None:
    assert unrealised_spans(story) == []
    assert without_unrealised(story) is None


def test_a_threatened_clause_ends_at_the_next_clause() -> None:
    assert without_unrealised("rekao je da će ga prebiti, a onda mu je razbio auto") == (
        "rekao je da a onda mu je razbio auto"
    )
    # words joined without punctuation: a past auxiliary after the threatened verb begins an act done
    assert without_unrealised("susjedu da će ga izbosti ga je ošamario") == "susjedu da ga je osamario"


def test_only_the_terms_of_a_threatened_act_weigh_less() -> None:
    vocabulary = bcs_vocabulary()
    threat = vocabulary.expand("bivši muž joj poručuje da će joj zapaliti kuću")
    done = vocabulary.expand("bivši muž joj je zapalio kuću")
    arson = {e.adds for e in done if e.weight == 1.0}
    assert arson and all(e.weight == 1.0 for e in done)
    lowered = {e.adds for e in threat if e.weight == UNREALISED_WEIGHT}
    assert lowered and lowered <= arson
    # a term the rest of the story triggers keeps its weight although the threat triggers it too
    outside = {e.adds for e in vocabulary.expand("zapalio mu je auto")}
    both = vocabulary.expand("zapalio mu je auto i prijeti da će mu zapaliti i kuću")
    assert outside and all(e.weight == 1.0 for e in both if e.adds in outside)


def test_a_term_is_counted_once_at_its_highest_weight() -> None:
    terms = weighted_terms(
        [
            Expansion("thesaurus", "a", "paljevina", 0.25),
            Expansion("derivation", "b", "paljevina"),
            Expansion("thesaurus", "c", "požar", 0.25),
        ]
    )
    assert terms == [("paljevina", 1.0), ("požar", 0.25)]
    assert Expansion("thesaurus", "c", "požar", 0.25).to_dict()["weight"] == "0.25"
    assert "weight" not in Expansion("thesaurus", "c", "požar").to_dict()


@pytest.fixture(scope="module")
def threat_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return index_rows(
        tmp_path_factory.mktemp("threat"),
        [
            row("KZ T", "1", "Ko podmetne požar ili na drugi način uništi tuđu zgradu, kazniće se.", "Paljevina", "RS"),
            row(
                "KZ T",
                "2",
                "Ko ugrozi sigurnost nekog lica ozbiljnom prijetnjom da će napasti na život ili tijelo, kazniće se.",
                "Ugrožavanje sigurnosti",
                "RS",
            ),
            row("KZ T", "3", "Ko tuđu pokretnu stvar oduzme od drugog, kazniće se.", "Krađa", "RS"),
        ],
    ).data_dir


def test_a_weighted_term_scores_less_than_the_same_term_at_full_weight(threat_index: Path) -> None:
    lexical = Retriever.open(settings_for(threat_index, search_mode="lexical")).lexical
    assert isinstance(lexical, LexicalIndex)
    full = lexical.term_scores(["paljevina"])
    low = lexical.term_scores([("paljevina", 0.25)])
    assert full.max() > 0
    assert low.max() == pytest.approx(0.25 * full.max(), rel=1e-3)


def test_a_threat_to_burn_a_house_finds_the_threat_before_the_arson(threat_index: Path) -> None:
    r = Retriever.open(settings_for(threat_index, search_mode="lexical"))
    hits = [h.id for h in r.search("susjed mi prijeti da će mi zapaliti kuću", k=3).hits]
    assert hits[0] == "KZ T čl. 2"
    done = [h.id for h in r.search("susjed mi je zapalio kuću", k=3).hits]
    assert done[0] == "KZ T čl. 1"


def test_a_future_offence_said_to_someone_reads_as_a_threat() -> None:
    vocabulary = bcs_vocabulary()
    # the [threat] word as the reading reads it (bare: "prijeti mu" also meets "prijeti mi", a person phrase)
    threat = {e.adds for e in vocabulary.expand("prijeti") if e.weight == 1.0}
    said = vocabulary.expand("napisao mu je na zidu da će ga ubiti")
    assert threat and threat <= {e.adds for e in said if e.weight == 1.0}
    # an avoided act is no threat ("da ga ne …"), and a future with no offence in it adds nothing
    avoided = vocabulary.expand("drži vrata da ga ne odvedemo u stanicu")
    assert not threat & {e.adds for e in avoided}
    assert not threat & {e.adds for e in vocabulary.expand("rekao je da će doći sutra po auto")}


def test_a_thesaurus_without_a_threat_word_lowers_but_adds_nothing(tmp_path: Path) -> None:
    import Stemmer

    from retrieval.language.vocabulary import DATA_DIR, THESAURUS_FILE, Vocabulary

    text = (DATA_DIR / THESAURUS_FILE).read_text(encoding="utf-8").replace('[threat]\nword = "prijeti"\n', "")
    own = tmp_path / "thesaurus.toml"
    own.write_text(text, encoding="utf-8")
    vocabulary = Vocabulary.load(Stemmer.Stemmer("serbian").stemWord, thesaurus=own)
    said = vocabulary.expand("napisao mu je na zidu da će ga ubiti")
    assert said and all(e.weight == UNREALISED_WEIGHT for e in said)
