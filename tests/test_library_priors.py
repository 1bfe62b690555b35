"""A whole library in one index (retrieval.search.library_priors): the officer's own code before the state
code's twin of the same provision, state-only offences still first, other kinds of law not on everyday
words — over a small generated library indexed with the real embedder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from retrieval.jurisdictions import scope_of
from tests.retrieval_helpers import index_rows, invoke, row

KZ_BIH = "Krivični zakon Bosne i Hercegovine – test"
TERROR = (
    "Ko u namjeri da ozbiljno zastraši stanovništvo izvrši teroristički napad bombom ili drugim "
    "eksplozivnim sredstvom na javnom mjestu, kaznit će se kaznom zatvora najmanje pet godina."
)
PERJURY = (
    "Svjedok ili vještak koji pred sudom da lažan iskaz o činjenicama koje je dužan istinito "
    "iskazati, kaznit će se kaznom zatvora od šest mjeseci do pet godina."
)


def rs(number: str, title: str, text: str) -> dict[str, Any]:
    return row("KZ RS", number, text, title, jurisdiction="RS")


def bih(number: str, title: str, text: str) -> dict[str, Any]:
    return row("KZ BiH", number, text, title, jurisdiction="BiH", law_title=KZ_BIH)


def library_rows() -> list[dict[str, Any]]:
    return [
        rs("299", "Terorizam", TERROR),
        rs("356", "Davanje lažnog iskaza", PERJURY),
        rs(
            "224",
            "Krađa",
            "Ko oduzme tuđu pokretnu stvar u namjeri da je protivpravno prisvoji, kazniće se novčanom "
            "kaznom ili kaznom zatvora do tri godine.",
        ),
        rs("124", "Ubistvo", "Ko drugog liši života, kazniće se kaznom zatvora od pet do dvadeset godina."),
        rs(
            "190",
            "Nasilje u porodici",
            "Ko nasiljem ugrožava spokojstvo i tjelesni integritet člana porodice, "
            "kazniće se novčanom kaznom ili zatvorom do dvije godine.",
        ),
        rs(
            "333",
            "Primanje mita",
            "Službeno lice koje zahtijeva ili primi poklon da u okviru svog ovlašćenja izvrši "
            "službenu radnju koju ne bi smjelo izvršiti, kazniće se zatvorom.",
        ),
        bih(
            "201",
            "Terorizam",
            TERROR.replace("kaznit će se", "kaznit će se, ako je napad usmjeren na institucije Bosne i Hercegovine,"),
        ),
        bih("235", "Davanje lažnog iskaza", PERJURY.replace("pred sudom", "pred Sudom Bosne i Hercegovine")),
        bih(
            "171",
            "Genocid",
            "Ko u namjeri da potpuno ili djelimično istrijebi nacionalnu, etničku, rasnu ili vjersku "
            "grupu ljudi naredi ubijanje članova grupe, kaznit će se kaznom zatvora najmanje deset godina.",
        ),
        bih(
            "205",
            "Krivotvorenje novca",
            "Ko napravi lažan novac u namjeri da ga stavi u opticaj kao pravi, ili ko "
            "preinači pravi novac, kaznit će se kaznom zatvora od šest mjeseci do pet godina.",
        ),
        bih(
            "214",
            "Krijumčarenje",
            "Ko preko carinske linije prenese robu izbjegavajući mjere carinskog nadzora, "
            "kaznit će se kaznom zatvora od šest mjeseci do pet godina.",
        ),
        bih(
            "173",
            "Ratni zločin protiv civilnog stanovništva",
            "Ko kršeći pravila međunarodnog prava za vrijeme rata "
            "naredi napad na civilno stanovništvo ili ubijanje civila, kaznit će se kaznom zatvora.",
        ),
        row(
            "ZOBS BiH",
            "26",
            "Zabranjeno je na parkingu i na kolovozu ostavljati kamion ili teretno vozilo bez goriva, "
            "oštećeno ili neregistrovano vozilo.",
            "",
            jurisdiction="BiH",
            law_title="Zakon o osnovama bezbjednosti saobraćaja na putevima – test",
        ),
        row(
            "ZOBS BiH",
            "174",
            "Vozač ne smije da upravlja vozilom ako je pod dejstvom alkohola; vozač koji odbije "
            "ispitivanje alkoholiziranosti kaznit će se.",
            "",
            jurisdiction="BiH",
            law_title="Zakon o osnovama bezbjednosti saobraćaja na putevima – test",
        ),
    ]


@pytest.fixture(scope="module")
def library(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The hand-weighted order (the learned stage off): these tests are about the priors, which choose the first five
    the stage may reorder (test_state_only_offences_still_come_first checks what the stage serves too)."""
    from retrieval.search.retriever import Retriever

    settings = index_rows(tmp_path_factory.mktemp("library-priors"), library_rows())
    return Retriever.open(settings.model_copy(update={"ranker": "off"}))


def test_a_toy_library_has_twins_for_its_officers(library: Any) -> None:
    priors = library.candidates.priors
    assert priors is not None
    twins = {library.catalog.many([i])[i].id for i in np.nonzero(priors.twins["rs"])[0]}
    assert {"KZ BiH čl. 201", "KZ BiH čl. 235"} <= twins  # the same terrorism and perjury articles
    assert "KZ BiH čl. 171" not in twins  # genocide: the state's alone
    assert "bd" not in priors.twins  # no Brčko law loaded: no twins to prefer
    terror, own = library.catalog.index_of("KZ BiH čl. 201"), library.catalog.index_of("KZ RS čl. 299")
    assert priors.partners["rs"][terror] == own and priors.partners["rs"][own] == terror  # one pair, both ways


def test_twins_are_mutual_nearest_neighbours_with_a_margin() -> None:
    """The criterion on constructed vectors: a provision both codes have (a near-identical pair), one only
    the state has (its nearest entity article is nearer to other state articles: not mutual), and one
    whose nearest is mutual but no closer than the rest of its neighbourhood (no margin)."""
    from retrieval.search.library_priors import _mutual_pairs

    rng = np.random.default_rng(0)
    base = rng.normal(size=(6, 32))

    def unit(v: np.ndarray) -> np.ndarray:
        return v / np.linalg.norm(v)

    shared = unit(base[0])
    state = [
        unit(shared + 0.05 * rng.normal(size=32)),  # 0: the state's copy of the shared provision
        unit(base[1] + 0.3 * base[2]),  # 1: state only; its nearest entity article (2) is nearer to state 2
        unit(base[2] + 0.1 * base[1]),
    ]  # 2
    entity = [shared, unit(base[2] + 0.2 * base[1]), unit(base[3]), unit(base[4]), unit(base[5])]
    vectors = np.asarray(state + entity)
    found, _ = _mutual_pairs(np.arange(3), np.arange(3, 8), lambda idx: vectors[idx])
    assert 0 in found.tolist() and 1 not in found.tolist()


def test_the_officer_s_own_code_before_the_state_code_s_twin(library: Any) -> None:
    for question, own in (
        ("bacio je bombu na trg i prijeti terorističkim napadom", "KZ RS čl. 299"),
        ("svjedok je lagao pred sudom", "KZ RS čl. 356"),
    ):
        ids = [h.id for h in library.search(question, jurisdiction=scope_of("RS")).hits]
        assert ids[0] == own, ids


STATE_ONLY = (
    ("našli smo lažne novčanice kod njega", "KZ BiH čl. 205"),
    ("prenio je robu preko granice mimo carine", "KZ BiH čl. 214"),
    ("vojnici su 1993 ubijali civile", "KZ BiH čl. 173"),
)


def test_state_only_offences_still_come_first(library: Any) -> None:
    for question, state in STATE_ONLY:
        assert library.search(question, jurisdiction=scope_of("RS")).hits[0].id == state, question
    # With the learned stage (the default) the priors still choose the first five: the state's article is among them.
    from retrieval.search.retriever import Retriever

    served = Retriever.open(library.settings.model_copy(update={"ranker": "on"}))
    assert served.candidates.ranking is not None
    for question, state in STATE_ONLY:
        assert state in [h.id for h in served.search(question, jurisdiction=scope_of("RS")).hits[:5]], question


def test_the_priors_are_settings(tmp_path: Path, library: Any) -> None:
    from retrieval.search.retriever import Retriever

    off = Retriever.open(
        library.settings.model_copy(
            update={"twin_penalty": 0.0, "kind_affinity": 0.0, "offence_affinity": 0.0, "topic_affinity": 0.0}
        )
    )
    assert off.candidates.priors is None


def test_kind_affinity_arithmetic() -> None:
    from retrieval.search.library_priors import LibraryPriors

    # articles 0-1: criminal code (group 0), 2-3: traffic law (group 1); the legal term matches only a title of group 0
    priors = LibraryPriors(np.asarray([0, 0, 1, 1], dtype=np.int32), {"rs": np.asarray([False, True, False, False])})
    fused = np.asarray([1.0, 1.0, 3.0, 0.0])
    mask = np.ones(4, dtype=bool)
    share = np.asarray([1.0, 0.2, 0.0, 0.0], dtype=np.float32)
    out = priors.adjust(fused, mask, share, "RS", twin_penalty=1.0, kind_affinity=2.0)
    assert out.tolist() == [1.0, 0.0, 1.0, -2.0]  # twin −1; the traffic kind −2 × (1 − 0)
    assert priors.adjust(fused, mask, None, None, 1.0, 2.0).tolist() == fused.tolist()  # no officer, no legal terms
    assert priors.adjust(fused[[2, 3]], mask, share, "RS", 1.0, 2.0, rows=np.asarray([2, 3])).tolist() == [1.0, -2.0]


def test_topic_affinity_arithmetic() -> None:
    """The laws of no kind the question's topics name are lowered; a kind no loaded law is changes nothing."""
    from retrieval.search.library_priors import LibraryPriors

    law_code = np.asarray([0, 0, 1, 2])  # KZ, KZ, a traffic law, a law of no known kind
    priors = LibraryPriors(
        np.asarray([0, 0, 1, 2], dtype=np.int32),
        {},
        law_code,
        [frozenset({"criminal code"}), frozenset({"traffic safety"}), frozenset()],
    )
    topic = priors.of_kinds({"traffic safety", "labour"})
    assert topic is not None and topic.tolist() == [False, False, True, False]
    assert priors.of_kinds({"labour"}) is None
    fused = np.asarray([2.0, 1.0, 1.5, 0.0])
    out = priors.adjust(fused, np.ones(4, dtype=bool), None, None, 0.0, 0.0, topic=topic, topic_affinity=0.5)
    assert out.tolist() == [1.5, 0.5, 1.5, -0.5]


def test_an_article_titled_as_one_of_the_officer_s_own_is_a_twin() -> None:
    """ "Kazna zatvora" in both codes: general articles whose texts are too alike for mutual nearest neighbours."""
    from retrieval.search.library_priors import _twins

    law_code = np.asarray([0, 0, 1, 1])  # KZ RS 46, 124; KZ BiH 42, 171
    titles = [
        frozenset({"kazn", "zatvor"}),
        frozenset({"ubistv"}),
        frozenset({"kazn", "zatvor"}),
        frozenset({"genocid"}),
    ]
    vectors = np.full((4, 8), 0.5, dtype=np.float32)  # every pair alike: no mutual neighbour stands out by meaning
    twins, copies, partners = _twins(
        law_code,
        ["KZ RS", "KZ BiH"],
        {"KZ RS": "RS", "KZ BiH": "BiH"},
        {"KZ RS": "criminal code", "KZ BiH": "criminal code"},
        {"KZ RS", "KZ BiH"},
        lambda idx: vectors[idx],
        titles,
    )
    assert twins["rs"].tolist() == [False, False, True, False]
    assert copies["rs"].tolist() == [True, False, False, False]  # the officer's own side of the same pair
    assert partners["rs"].tolist() == [2, -1, 0, -1]  # each side knows the other


def test_the_officer_s_own_copy_is_served_before_its_lowered_twin() -> None:
    """The penalty lowers the state's copy against every article; where the officer's own copy of the provision stood
    lower still, but within the penalty of it, it is lifted to just above its twin, never lowered — and for a question
    about the state's matter the other way round. A copy further back (the question does not read the two as one
    provision) stays where it is, and so does an article outside the filter."""
    from retrieval.search.library_priors import LibraryPriors

    # 0: KZ RS limitation (own copy), 1: KZ RS theft, 2: KZ BiH limitation (its twin), 3: KZ BiH genocide
    priors = LibraryPriors(
        np.zeros(4, dtype=np.int32),
        {"rs": np.asarray([False, False, True, False])},
        copies={"rs": np.asarray([True, False, False, False])},
        partners={"rs": np.asarray([2, -1, 0, -1])},
    )
    mask = np.ones(4, dtype=bool)
    out = priors.adjust(np.asarray([1.4, 1.2, 3.0, 2.5]), mask, None, "RS", 1.0, 0.0)
    assert out[2] == 2.0 and out[0] > out[2] and out[[1, 3]].tolist() == [1.2, 2.5]
    assert [int(i) for i in np.argsort(-out)] == [3, 0, 2, 1]  # the pair in the officer's order, genocide first
    # an own copy already before its twin keeps its score; one further than the penalty behind it too
    assert priors.adjust(np.asarray([3.0, 1.2, 3.0, 2.5]), mask, None, "RS", 1.0, 0.0).tolist() == [3.0, 1.2, 2.0, 2.5]
    assert priors.adjust(np.asarray([0.5, 1.2, 3.0, 2.5]), mask, None, "RS", 1.0, 0.0).tolist() == [0.5, 1.2, 2.0, 2.5]
    # the state's matter: the officer's copy is the lowered one, the state's served just before it
    above = priors.adjust(np.asarray([3.0, 1.2, 1.5, 2.5]), mask, None, "RS", 1.0, 0.0, level_above=True)
    assert above[0] == 2.0 and above[2] > above[0]
    # a subset of rows (the re-fused top) pairs within it; a copy outside the filter (-inf) is not brought in
    sub = priors.adjust(np.asarray([3.0, 1.4, 2.5]), mask, None, "RS", 1.0, 0.0, rows=np.asarray([2, 0, 3]))
    assert sub[0] == 2.0 and sub[1] > sub[0]
    outside = priors.adjust(np.asarray([-np.inf, 1.2, 3.0, 2.5]), mask, None, "RS", 1.0, 0.0)
    assert outside[0] == -np.inf
    assert priors.adjust(np.asarray([1.4, 1.2, 3.0, 2.5]), mask, None, "BiH", 1.0, 0.0).tolist() == [1.4, 1.2, 3.0, 2.5]


def test_a_question_about_the_state_s_matter_lowers_the_officer_s_copy_instead() -> None:
    """Of two twin provisions, the state's is lowered for an entity officer — unless the question names the
    state (its court, its elections): then the officer's own copy is (`level_above`)."""
    from retrieval.search.library_priors import LibraryPriors

    # 0: KZ RS perjury, 1: KZ RS theft, 2: KZ BiH perjury (its twin), 3: KZ BiH genocide
    priors = LibraryPriors(
        np.zeros(4, dtype=np.int32),
        {"rs": np.asarray([False, False, True, False])},
        copies={"rs": np.asarray([True, False, False, False])},
    )
    fused = np.asarray([2.0, 1.0, 2.0, 0.5])
    mask = np.ones(4, dtype=bool)
    assert priors.adjust(fused, mask, None, "RS", 1.0, 0.0).tolist() == [2.0, 1.0, 1.0, 0.5]
    assert priors.adjust(fused, mask, None, "RS", 1.0, 0.0, level_above=True).tolist() == [1.0, 1.0, 2.0, 0.5]
    assert priors.adjust(fused, mask, None, "BiH", 1.0, 0.0, level_above=True).tolist() == fused.tolist()


def test_the_state_s_twin_first_when_the_question_names_the_state(library: Any) -> None:
    """Perjury before the state's court is the state code's offence (its article names the state's
    institutions); before any court, the officer's own. The toy library finds both pairs as twins."""
    rs_scope = scope_of("RS")
    assert library.candidates.priors.copies["rs"].any()
    ids = [h.id for h in library.search("svjedok je lagao pred Sudom BiH", jurisdiction=rs_scope).hits]
    assert ids.index("KZ BiH čl. 235") < ids.index("KZ RS čl. 356"), ids
    ids = [h.id for h in library.search("svjedok je lagao pred sudom u Banjaluci", jurisdiction=rs_scope).hits]
    assert ids.index("KZ RS čl. 356") < ids.index("KZ BiH čl. 235"), ids


def test_what_the_question_is_about_orders_the_kinds(library: Any) -> None:
    """A theft told with a traffic law's circumstances is about the theft (the verb recognised: krađa): the
    traffic article is lowered by the offence affinity, the theft article is not. A question about a traffic
    rule in its own words names the traffic kind's topics: the criminal code is lowered by the topic affinity."""
    from retrieval.search.retriever import Retriever

    scope = scope_of("RS")
    plain = Retriever.open(library.settings.model_copy(update={"offence_affinity": 0.0, "topic_affinity": 0.0}))

    def scores(retriever: Any, question: str) -> dict[str, float]:
        return {h.id: h.score for h in retriever.search(question, jurisdiction=scope).hits}

    theft, theft_plain = (scores(r, "ukrao mu je gorivo iz kamiona") for r in (library, plain))
    assert theft["ZOBS BiH čl. 26"] < theft_plain["ZOBS BiH čl. 26"] - 0.4
    assert theft["KZ RS čl. 224"] == pytest.approx(theft_plain["KZ RS čl. 224"])
    rule, rule_plain = (scores(r, "kamion bez goriva ostavljen na parkingu, smije li to") for r in (library, plain))
    assert rule["ZOBS BiH čl. 26"] == pytest.approx(rule_plain["ZOBS BiH čl. 26"])
    assert rule["KZ BiH čl. 214"] == pytest.approx(rule_plain["KZ BiH čl. 214"] - library.settings.topic_affinity)


def test_a_single_law_has_no_priors(sample_index: Any) -> None:
    from retrieval.search.retriever import Retriever

    retriever = Retriever.open(sample_index)
    assert len(retriever.laws()) > 1 or retriever.candidates.priors is None


# --- an officer whose jurisdiction has no loaded law (this library has none of Brčko) ----------------------


def test_a_jurisdiction_without_laws_answers_from_the_levels_above(library: Any) -> None:
    for jurisdiction in ("BD", scope_of("BD")):
        result = library.search("vojnici su ubijali civile", jurisdiction=jurisdiction)
        assert result.jurisdiction_missing == "BD" and result.scope == ["BD", "BiH"]
        assert result.hits and {h.article.jurisdiction for h in result.hits} == {"BiH"}
    assert library.search("krađa", jurisdiction="RS").jurisdiction_missing is None
    assert library.search("krađa", jurisdiction=scope_of("RS")).jurisdiction_missing is None


def test_the_cli_and_the_bot_say_so(library: Any) -> None:
    from bot.formatting import jurisdiction_line

    result = invoke(
        "search", "vojnici su ubijali civile", "--jurisdiction", "BD", "--data-dir", str(library.settings.data_dir)
    )
    assert result.exit_code == 0, result.output
    assert "no law of BD (Brčko distrikt BiH) is loaded; answered from BiH: KZ BiH" in result.output
    line = jurisdiction_line([library.get("KZ BiH čl. 173")], ["BD", "BiH"], "BD")
    assert "nijedan zakon za Brčko distrikt BiH (BD) nije učitan" in line and "KZ BiH" in line


def test_a_law_named_without_an_article_keeps_the_search_in_it(library: Any) -> None:
    """ "šta kaže zakon o saobraćaju o parkiranju" over a library: the traffic law's articles only (the name of a
    kind: its laws in the officer's scope), said in `laws_named`; unnamed, the same words reach other laws."""
    result = library.search("šta kaže zakon o saobraćaju o kamionu bez goriva", jurisdiction=scope_of("RS"))
    assert result.laws_named == ["ZOBS BiH"] and {h.article.law for h in result.hits} == {"ZOBS BiH"}
    assert library.search("kamion bez goriva", jurisdiction=scope_of("RS")).laws_named == []
    # a law outside the officer's scope is not served for a mention in passing
    assert library.search("šta kaže zakon o saobraćaju o kamionu", jurisdiction="RS").laws_named == []


def test_weak_when_the_library_has_no_law_of_what_is_asked(library: Any) -> None:
    """A question about a kind of law no loaded law is (labour, housing) is flagged, though the criminal
    code and the traffic law rank something first; one about the loaded traffic law, or an officer's story
    of a theft, is not. The search says why (`coverage`)."""
    for question in ("koliko dana godišnjeg odmora pripada radniku", "stanodavac mi ne vraća depozit za stan"):
        result = library.search(question, jurisdiction=scope_of("RS"))
        assert result.weak and result.coverage["missing"] and not result.coverage["loaded"], question
    for question in ("vozač je odbio ispitivanje alkoholiziranosti", "lopov mi je ukrao novčanik"):
        result = library.search(question, jurisdiction=scope_of("RS"))
        assert not result.weak, (question, result.coverage)
    out = invoke(
        "search",
        "koliko dana godišnjeg odmora pripada radniku",
        "--officer",
        "RS",
        "--data-dir",
        str(library.settings.data_dir),
    )
    assert "no law of this kind is loaded: zakon o radu" in out.stdout


# --- a law of a special subject on a story that never names it ---------------------------------------------


def test_only_laws_of_a_special_subject_can_be_unnamed(library: Any) -> None:
    """The traffic law is of a special subject (topics, no complete code at every level); the criminal codes are
    not: a story names no traffic topic → the traffic law's articles are off topic, never a criminal code's."""
    priors = library.candidates.priors
    unnamed = priors.unnamed(frozenset())
    assert unnamed is not None
    ids = {library.catalog.many([i])[i].id for i in np.nonzero(unnamed)[0]}
    assert ids == {"ZOBS BiH čl. 26", "ZOBS BiH čl. 174"}
    assert priors.unnamed({"traffic safety"}) is None  # named: nothing is off topic
    assert priors.unnamed({"criminal code"}) is not None


def test_unnamed_arithmetic() -> None:
    """Off topic joins the rule-asked topic mask: lowered once by the topic affinity, whichever made it so."""
    from retrieval.search.library_priors import LibraryPriors

    law_code = np.asarray([0, 1, 2])  # a criminal code, a traffic law, a law of no known kind
    priors = LibraryPriors(
        np.asarray([0, 1, 2], dtype=np.int32),
        {},
        law_code,
        [frozenset({"criminal code"}), frozenset({"traffic safety"}), frozenset()],
        special=[False, True, False],
    )
    unnamed = priors.unnamed({"labour"})
    assert unnamed is not None and unnamed.tolist() == [False, True, False]
    out = priors.adjust(np.ones(3), np.ones(3, dtype=bool), None, None, 0.0, 0.0, topic=~unnamed, topic_affinity=0.5)
    assert out.tolist() == [1.0, 0.5, 1.0]


def test_a_story_naming_no_traffic_topic_lowers_the_traffic_law(library: Any) -> None:
    """A story of a theft told in words the traffic article also has ("teretno", "oštećeno") but naming nothing of
    traffic: the traffic articles lose the topic affinity, the criminal code's keep their scores. The same theft
    told with a lorry names the traffic kind ("kamion"): nothing is lowered for being unnamed (the lorry is only the
    theft's circumstance, which lowers the traffic law for another reason: tests/test_circumstance_reading.py)."""
    from retrieval.search.retriever import Retriever

    scope = scope_of("RS")
    plain = Retriever.open(library.settings.model_copy(update={"topic_affinity": 0.0}))
    unread = Retriever.open(library.settings)
    unread.circumstance = None

    def scores(retriever: Any, question: str) -> dict[str, float]:
        return {h.id: h.score for h in retriever.search(question, k=14, jurisdiction=scope).hits}

    story, story_plain = (scores(r, "ukrao je gorivo pa ostavio oštećeno teretno") for r in (library, plain))
    assert story["ZOBS BiH čl. 26"] == pytest.approx(story_plain["ZOBS BiH čl. 26"] - library.settings.topic_affinity)
    assert story["KZ RS čl. 224"] == pytest.approx(story_plain["KZ RS čl. 224"])
    named, named_plain = (scores(r, "ukrao mu je gorivo iz kamiona") for r in (unread, plain))
    assert named["ZOBS BiH čl. 26"] == pytest.approx(named_plain["ZOBS BiH čl. 26"])


def test_weak_s_lead_and_the_learned_stage_read_the_scores_before_the_unnamed_prior(library: Any) -> None:
    """Lowering a whole law says what the question is about, not how far its best article stands out: each candidate
    carries what the prior took (`unnamed_lowering`), and adding it back gives the scores without the prior."""
    from retrieval.search.retriever import Retriever

    plain = Retriever.open(library.settings.model_copy(update={"topic_affinity": 0.0}))
    story = "ukrao je gorivo pa ostavio oštećeno teretno"
    expansions = library.vocabulary.expand(story)
    named = library._named_kinds({}, expansions)
    assert "traffic safety" not in named
    found, _ = library._candidates(story, None, {}, expansions, None, "RS", frozenset(), named)
    before, _ = plain._candidates(story, None, {}, expansions, None, "RS", frozenset(), named)
    lowered = {library.catalog.many([c.index])[c.index].id: c.unnamed_lowering for c in found}
    assert lowered["ZOBS BiH čl. 26"] == library.settings.topic_affinity and lowered["KZ RS čl. 224"] == 0.0
    without = {c.index: c.fused + c.unnamed_lowering for c in found}
    assert all(without[c.index] == pytest.approx(c.fused) for c in before)


def test_the_stage_orders_with_the_prior_and_scores_for_weak_without_it(library: Any) -> None:
    """With the learned stage on, a candidate the unnamed prior lowered carries two feature rows: the one the stage
    orders by (its `hand` the lowered score) and the one its score for `weak` is computed from, as the model was
    trained (`hand` before the prior); for an article the prior left alone the two rows' `hand` is the same."""
    from retrieval.ranking.features import FEATURES
    from retrieval.search.retriever import Retriever

    served = Retriever.open(library.settings.model_copy(update={"ranker": "on"}))
    assert served.candidates.ranking is not None
    story = "ukrao je gorivo pa ostavio oštećeno teretno"
    expansions = served.vocabulary.expand(story)
    found, _ = served._candidates(
        story, None, {}, expansions, None, "RS", frozenset(), served._named_kinds({}, expansions)
    )
    hand = list(FEATURES).index("hand")
    by_id = {served.catalog.many([c.index])[c.index].id: c for c in found}
    lowered, kept = by_id["ZOBS BiH čl. 26"], by_id["KZ RS čl. 224"]
    assert lowered.features is not None and lowered.evidence is not None
    assert lowered.features[hand] == pytest.approx(lowered.fused)
    assert lowered.evidence[hand] == pytest.approx(lowered.fused + served.settings.topic_affinity)
    assert kept.evidence is not None and kept.evidence[hand] == pytest.approx(kept.features[hand])


def test_the_state_s_field_is_told_in_general_words(library: Any) -> None:
    """What the state's criminal code keeps to itself ([state_field] in law_kinds.toml): the border, customs, war
    crimes — in the question's words or a legal term the vocabulary added; not what every level's code has
    (terrorism), nor a limit that is no border."""
    field = library.state_field
    for told in (
        "uhvatili su ga na zelenoj granici s cigaretama",
        "carinici su mu u kombiju našli robu",
        "švercovao je kafu iz Srbije",
        "ratni zločin nad civilima u selu",
    ):
        assert field.told(told), told
    for untold in (
        "vozio je preko dozvoljene granice alkohola",
        "prijeti terorističkim napadom na trgu",
        "ukrao je bicikl ispred škole",
    ):
        assert not field.told(untold), untold


def test_a_story_of_the_state_s_field_lowers_the_officer_s_copy_of_a_twin(library: Any) -> None:
    """Perjury at a smuggling trial is perjury before the state's court (smuggling is the state's field): of the two
    twin perjury provisions, the RS officer's own copy is lowered, as when the question names the state's court. At a
    trial for a theft, the officer's own first."""
    rs_scope = scope_of("RS")
    ids = [h.id for h in library.search("svjedok je lagao na suđenju za krijumčarenje", jurisdiction=rs_scope).hits]
    assert ids.index("KZ BiH čl. 235") < ids.index("KZ RS čl. 356"), ids
    ids = [h.id for h in library.search("svjedok je lagao na suđenju za krađu", jurisdiction=rs_scope).hits]
    assert ids.index("KZ RS čl. 356") < ids.index("KZ BiH čl. 235"), ids


def test_a_story_of_the_state_s_field_is_the_criminal_code_s_kind(library: Any) -> None:
    """A state officer's story at the border told in words the traffic article has ("ostavio … teretno", "bez
    goriva"): the criminal codes are its kind, with no gap in the kind affinity whatever their titles say; the
    traffic article keeps its own. The same words asking for a rule are not judged so."""
    story = "na graničnom prelazu je ostavio oštećeno teretno bez goriva i pobjegao"

    def scores(question: str, field: bool) -> dict[str, float]:
        expansions = library.vocabulary.expand(question)
        named = library._named_kinds({}, expansions)
        found, _ = library._candidates(question, None, {}, expansions, None, "BiH", frozenset(), named, field)
        return {library.catalog.many([c.index])[c.index].id: c.fused for c in found}

    assert library._tells_state_field(story, library.vocabulary.expand(story), None)
    told, plain = scores(story, True), scores(story, False)
    assert told["ZOBS BiH čl. 26"] == pytest.approx(plain["ZOBS BiH čl. 26"])
    assert told["KZ BiH čl. 214"] > plain["KZ BiH čl. 214"] + 0.2
    rule = "smije li se na graničnom prelazu ostaviti oštećeno teretno bez goriva"
    assert scores(rule, True) == pytest.approx(scores(rule, False))
