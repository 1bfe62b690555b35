"""BCS variant knowledge (both sides), the verb→offence derivation and the lay→legal thesaurus.

Generated corpora only (no ../shared): a Croatian-variant and an ekavian article must meet
questions typed in the other variants; expansions must be reported in `kodeks search --json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from retrieval.language.tokens import Tokenizer
from retrieval.language.vocabulary import DATA_DIR, Vocabulary, bcs_vocabulary
from retrieval.search.retriever import Retriever
from tests.retrieval_helpers import index_rows, row, settings_for, vocabulary_from

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return Tokenizer("serbian")


def test_ekavian_and_ijekavian_give_the_same_tokens(tok: Tokenizer) -> None:
    for ekavian, ijekavian in [
        ("bezbednost", "bezbjednost"),
        ("dete", "dijete"),
        ("svedok", "svjedok"),
        ("mesto", "mjesto"),
        ("reka", "rijeka"),
        ("lekar", "ljekar"),
        ("pre", "prije"),
    ]:
        assert tok(ekavian) == tok(ijekavian), (ekavian, ijekavian)


def test_the_jat_rule_leaves_lj_nj_and_ija_genitives_alone(tok: Tokenizer) -> None:
    v = tok.vocabulary
    assert v is not None
    assert v.canonical_word("zlostavljanje") == "zlostavljanje"
    assert v.canonical_word("policije") == "policije"  # genitive of policija, not a jat
    assert v.canonical_word("objekat") == "objekat"  # listed exception


def test_variant_pairs_meet_on_both_sides(tok: Tokenizer) -> None:
    assert tok.stems("osoba obitelji ubojstvo tko kazneno") == tok.stems("lice porodice ubistvo ko krivično")
    assert tok.stems("tisuća") == tok.stems("hiljada")


@pytest.mark.parametrize(
    ("fbih", "rs"),
    [
        ("povreda tajnosti glasovanja", "povreda tajnosti glasanja"),
        ("nedopuštena trgovina", "nedozvoljena trgovina"),
        ("nedopušteno držanje oružja", "nedozvoljeno držanje oružja"),
        ("dragovoljni odustanak", "dobrovoljni odustanak"),
        ("tijek i prekid zastare", "tok i prekid zastare"),
        ("sigurnosne mjere", "bezbjednosne mjere"),
        ("nepoduzimanje mjera zaštite", "nepreduzimanje mjera zaštite"),
        ("nesudjelovanje u otklanjanju opasnosti", "neučestvovanje u otklanjanju opasnosti"),
        ("odavanje istovjetnosti svjedoka", "odavanje identiteta svjedoka"),
        ("liječenje ovisnosti", "liječenje zavisnosti"),
    ],
)
def test_the_fbih_codes_own_title_words_meet_the_rs_codes(tok: Tokenizer, fbih: str, rs: str) -> None:
    # pairs read from the two codes' titles of the same offence (bcs_variants.toml), both sides
    assert tok.stems(fbih) == tok.stems(rs), (fbih, rs)


def test_a_verb_of_escape_reaches_both_codes_nouns_and_keeping_reaches_the_fbih_verb() -> None:
    v = bcs_vocabulary()
    derived = " ".join(v.derive(v.canonical_word("pobjegao")))
    assert "bjekstvo" in derived and "bijeg" in derived  # "Bjekstvo lica …" (RS), "Bijeg osobe …" (FBiH, BD)
    assert "uzdržavati" in {e.adds for e in v.expand("sin ne izdržava oca")}  # the FBiH code's "dužan uzdržavati"


def test_other_languages_get_no_bcs_vocabulary() -> None:
    assert Tokenizer("english").vocabulary is None and Tokenizer("german").vocabulary is None


@pytest.mark.parametrize(
    ("word", "noun"),
    [
        ("ukrao", "krađa"),
        ("ukrala", "krađa"),
        ("ukradeno", "krađa"),
        ("zapalio", "paljevina"),
        ("zapalila", "paljevina"),
        ("prevarili", "prevara"),
        ("ubio", "ubistvo"),
        ("ubila", "ubistvo"),
        ("silovao", "silovanje"),
        ("oteli", "otmica"),
        ("iznudio", "iznuda"),
        ("pronevjerio", "pronevjera"),
    ],
)
def test_verb_forms_reach_the_offence_noun(word: str, noun: str) -> None:
    v = bcs_vocabulary()
    derived = " ".join(v.derive(v.canonical_word(word)))
    assert noun in derived, (word, derived)


@pytest.mark.parametrize("word", ["napali", "propali", "kuca", "pravo", "rekao", "sud"])
def test_unrelated_words_derive_nothing_wrong(word: str) -> None:
    v = bcs_vocabulary()
    assert not any("paljevina" in n or "krađa" in n for n in v.derive(v.canonical_word(word))), word


def test_spoken_contracted_participles_expand_like_the_full_form() -> None:
    v = bcs_vocabulary()
    ukro = {e.adds: e.matched for e in v.expand("ukro mi novcanik u tramvaju")}
    assert ukro.get("krađa") == "ukro"  # "ukro" = ukrao, and the question's own word is what matched
    assert "tjelesna povreda" in {e.adds for e in v.expand("pretuko ga, slomio nos")}
    # Words in -o that are no contracted participle add nothing ("jako", "kako", "auto", "pravo").
    assert v.expand("jako kako auto pravo malo") == []


def test_spoken_participles_in_eo_expand_like_the_full_form() -> None:
    """ "oto" for oteo, "uzo" for uzeo: the -eo participles contract as the -ao ones do (words of three letters too)."""
    v = bcs_vocabulary()
    oto = {e.adds: e.matched for e in v.expand("oto mu torbu na stanici")}
    assert oto.get("otmica") == "oto"  # the question's own word is what matched
    assert "samovlašće" in {e.adds for e in v.expand("on je uzo svoje silom")}
    assert v.expand("sto malo kilo") == []  # no participle a vocabulary form is known of


def test_thesaurus_expands_lay_words_with_legal_terms() -> None:
    v = bcs_vocabulary()
    adds = {e.adds: e for e in v.expand("lopov mi je ukrao novcanik")}
    assert "krađa" in adds and adds["krađa"].source in ("thesaurus", "derivation")
    adds = {e.adds: e.source for e in v.expand("драга је доносио дрогу")}  # Cyrillic, folded like the index
    assert "opojne droge" in adds
    assert v.expand("") == []


def test_a_phrase_is_found_with_a_clitic_between_its_words(tmp_path: Path) -> None:
    """BCS puts "je", "ga", "se" … second in a clause, between the words of a lay phrase; a cluster of them
    ("mu je") may stand between two words, and two other words in the whole phrase (an adjective, an object, a
    time: "vozio auto pijan", "vozio novi auto pijan"), never three, never a negation or a clause word, and the
    order still counts."""
    v = vocabulary_from(
        '[[entry]]\nlay = ["vozio pijan", "razbio bravu"]\nlegal = ["pod uticajem alkohola"]\n', tmp_path
    )

    def adds(text: str) -> bool:
        return any(e.adds == "pod uticajem alkohola" for e in v.expand(text))

    assert adds("vozio je pijan kroz grad") and adds("razbio mu je bravu") and adds("vozio pijan")
    assert adds("razbio mu je juce bravu") and adds("vozio auto pijan")  # one other word between
    assert adds("vozio novi auto pijan") and adds("razbio mu je juce ulaznu bravu")  # two
    assert not adds("vozio svoj novi auto pijan")  # three
    assert not adds("vozio a nije pijan") and not adds("razbio ne bravu")  # a clause word, a negation
    assert not adds("pijan vozio")  # the other order


def test_every_lay_term_of_the_shipped_thesaurus_is_found_mid_sentence() -> None:
    """The patterns are looked up through an index by their first word; none may fall through it
    (a short prefix, a multi-word term, a stem shorter than its word), wherever it stands."""
    import tomllib

    v = bcs_vocabulary()
    entries = tomllib.loads((DATA_DIR / "thesaurus.toml").read_text(encoding="utf-8"))["entry"]
    for entry in entries:
        for lay in entry["lay"]:
            text = " ".join(w.rstrip("*") + ("ovi" if w.endswith("*") else "") for w in lay.split())
            added = {e.adds for e in v.expand(f"juče je neko {text} pa otišao")}
            assert set(entry["legal"]) <= added, (lay, entry["legal"], added)


def test_an_admin_thesaurus_file_is_read(tmp_path: Path) -> None:
    v = vocabulary_from('[[entry]]\nlay = ["šverc*", "kontrabanda"]\nlegal = ["krijumčarenje"]\n', tmp_path)
    assert [
        (e.source, e.matched, e.adds) for e in v.expand("svercuje kontrabandu cigareta") if e.source == "thesaurus"
    ] == [("thesaurus", "sverc*", "krijumčarenje")]


def test_missing_data_files_mean_no_vocabulary_not_a_crash(tmp_path: Path) -> None:
    v = Vocabulary.load(Tokenizer("serbian", vocabulary=False)._stem, data_dir=tmp_path)
    assert v.expand("ukrao") == [] and v.canonical_word("bezbjednost") == "bezbednost"


# --- search over generated laws in two variants ----------------------------------------------------

CROATIAN = "Tko drugoga usmrti, kaznit će se kaznom zatvora najmanje pet godina."
EKAVIAN = "Ko ugrozi bezbednost drugog lica ozbiljnom pretnjom da će napasti na njegov život ili telo, kazniće se."


@pytest.fixture(scope="module")
def variants_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return index_rows(
        tmp_path_factory.mktemp("variants"),
        [
            row("KZ H", "166", CROATIAN, "Ubojstvo"),
            row("KZ E", "150", EKAVIAN, "Ugrožavanje sigurnosti", "RS"),
            row(
                "KZ E",
                "224",
                "Ko tuđu pokretnu stvar oduzme od drugog u nameri da je prisvoji, kazniće se.",
                "Krađa",
                "RS",
            ),
            row(
                "KZ E", "243", "Ko podmetne požar ili na drugi način uništi tuđu zgradu, kazniće se.", "Paljevina", "RS"
            ),
            row(
                "KZ H", "173", "Tko drugoga tjelesno ozlijedi ili mu naruši zdravlje, kaznit će se.", "Tjelesna ozljeda"
            ),
            row(
                "KZ H",
                "222",
                "Član obitelji koji nasiljem ugrozi mir, tjelesni integritet člana obitelji.",
                "Nasilje u obitelji",
            ),
        ],
    ).data_dir


def _top(index: Path, query: str, **overrides) -> list[str]:
    r = Retriever.open(settings_for(index, search_mode="lexical", **overrides))
    return [h.id for h in r.search(query, k=3).hits]


def test_lexical_search_crosses_variants(variants_index: Path) -> None:
    assert _top(variants_index, "ubistvo")[0] == "KZ H čl. 166"  # Serbian word, Croatian-variant law
    assert _top(variants_index, "nasilje u porodici")[0] == "KZ H čl. 222"
    assert _top(variants_index, "prijetnja bezbjednosti")[0] == "KZ E čl. 150"  # ijekavian question, ekavian law


def test_verbs_and_lay_words_find_offences_by_their_names(variants_index: Path) -> None:
    assert _top(variants_index, "zapalio mu je kucu")[0] == "KZ E čl. 243"
    assert _top(variants_index, "pretukao ga je")[0] == "KZ H čl. 173"
    without = _top(variants_index, "zapalio mu je kucu", vocabulary=False)
    assert without[0] != "KZ E čl. 243" or len(without) < 3  # the expansion is what found it


def test_search_json_shows_the_expansions_and_what_each_hit_matched(variants_index: Path) -> None:
    env = {**{k: v for k, v in os.environ.items() if not k.startswith(("KODEKS_", "OPENAI_"))}, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "kodeks",
            "search",
            "lopov mi je ukrao bicikl",
            "--json",
            "--data-dir",
            str(variants_index),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert {"source": "derivation", "matched": "ukrao", "adds": "krađa"} in data["expansions"] or any(
        e["adds"] == "krađa" for e in data["expansions"]
    )
    theft = next(h for h in data["hits"] if h["id"] == "KZ E čl. 224")
    assert "+krađa" in theft["matched"]
    assert isinstance(data["weak"], bool)


@pytest.mark.parametrize(
    "story",
    [
        "ugasio firmu da ne plati prijavljeni pdv",  # an act of not paying is evasion, not the tax return's rules
        "nije platio pdv od 100 hiljada",
        "inspektor uio strpao u dzep zlatni nakit",  # an official in a story is no question about the authority
        "pdv inspektor uzeo mito",
    ],
)
def test_a_story_about_tax_or_its_officials_adds_no_rule_of_the_vat_law(story: str) -> None:
    """The entries written from the VAT law's side answer questions about its rules (filing, paying, the authority);
    a story of an act against the tax, or by one of its officials, must not pull the rules in over the offence."""
    adds = {e.adds for e in bcs_vocabulary().expand(story)}
    assert not adds & {
        "prijava za pdv",
        "poreski period",
        "uio",
        "podnošenje prijave za plaćanje pdv-a i plaćanje poreza",
    }


def test_a_question_about_paying_vat_reaches_the_return_rules() -> None:
    assert "prijava za pdv" in {e.adds for e in bcs_vocabulary().expand("kada se plaća pdv")}


def test_a_word_that_only_begins_like_an_act_adds_nothing_of_it() -> None:
    """A lay word matches any word its stem begins (Snowball leaves some inflections apart), so a short stem must not
    stand for a verb whose stem begins another word: "zaklanja" (hides from view) is no "zaklao" (cut a throat)."""
    v = bcs_vocabulary()
    assert "ubistvo" not in {e.adds for e in v.expand("živica zaklanja pogled na raskrsnici")}
    for act in ("zaklao ga je nožem", "prijeti da će je zaklat", "našli su zaklanog čovjeka"):
        assert "ubistvo" in {e.adds for e in v.expand(act)}, act


# --- money in speech ([money] of the thesaurus) -----------------------------------------------------

MONEY = """
[money]
word = "novac"
forms = ["novac", "novca", "pare", "keš"]
currencies = ["eura", "maraka"]
after_number = ["km"]
not_before = ["h", "na sat"]

[[entry]]
lay = ["nudio pare", "km na sat"]
legal = ["davanje mita"]
"""


@pytest.fixture(scope="module")
def money_vocabulary(tmp_path_factory: pytest.TempPathFactory) -> Vocabulary:
    return vocabulary_from(MONEY, tmp_path_factory.mktemp("money"))


@pytest.mark.parametrize(
    "story",
    ["nudio mu je novac", "nudio mu 50 KM", "nudio 1.200 km", "nudila je dvjesto eura", "nudio keš", "nudio maraka"],
)
def test_an_amount_or_a_word_of_money_meets_a_lay_phrase_written_with_another(
    money_vocabulary: Vocabulary, story: str
) -> None:
    """The thesaurus says "nudio pare"; an officer writes the sum or another word for money: one act."""
    assert "davanje mita" in {e.adds for e in money_vocabulary.expand(story)}, story


def test_kilometres_and_words_that_only_look_like_money_stay_what_they_are(money_vocabulary: Vocabulary) -> None:
    v = money_vocabulary
    assert v.question_words("vozio 140 km/h") == ["vozio", "140", "km", "h"]  # a speed, not a sum
    assert "davanje mita" in {e.adds for e in v.expand("vozio je 90 km na sat")}
    assert v.question_words("dao mu 20 km") == ["dao", "mu", "novac"]  # after a number, "km" is a sum
    assert v.question_words("nudio km") == ["nudio", "km"]  # without one it is not
    assert "davanje mita" not in {e.adds for e in v.expand("nudio dva para patika")}  # "para" is also of a pair


def test_a_thesaurus_without_money_reads_no_money(tmp_path: Path) -> None:
    v = vocabulary_from('[[entry]]\nlay = ["nudio pare"]\nlegal = ["davanje mita"]\n', tmp_path)
    assert v.question_words("nudio 50 KM") == ["nudio", "50", "km"]
    assert v.expand("nudio 50 KM") == []


@pytest.mark.parametrize(
    "story",
    ["carinik uzeo 300 KM da ne pregleda prtljag", "ljekarka traži 200 eura da ga primi preko reda"],
)
def test_a_sum_asked_or_taken_for_an_official_act_reaches_bribery(story: str) -> None:
    """With the shipped thesaurus: the sum is money, so the bribery entries' phrases are found."""
    adds = {e.adds for e in bcs_vocabulary().expand(story)}
    assert adds & {"primanje mita", "primanje dara i drugih oblika koristi", "davanje mita"}, (story, adds)


# --- the act told as a story (law-side pass 3 of the thesaurus) ------------------------------------


@pytest.mark.parametrize(
    ("story", "offence"),
    [
        ("platila sam unaprijed 200 KM za telefon a paket nikad nije stigao", "prevara"),
        ("djeca sama danima, niko ne brine o njima", "zapuštanje i zlostavljanje djeteta"),
        ("kad smo došli brava izvaljena a ormari otvoreni", "teška krađa"),
        ("strgao joj lančić s vrata i pobjegao", "razbojništvo"),
        ("komšija se uselio u moj stan dok sam bio u Njemačkoj", "protivzakonito useljenje"),
        ("šef me dira po leđima", "polno uznemiravanje"),
        ("ovaj sahranio u dvorištu brata", "ubistvo"),
    ],
)
def test_an_act_told_as_a_story_reaches_its_offence(story: str, offence: str) -> None:
    """Victims and witnesses tell what happened instead of naming the offence; the story's verb and object are
    enough to add the offence's title (invented stories, one per class)."""
    assert offence in {e.adds for e in bcs_vocabulary().expand(story)}, story


@pytest.mark.parametrize(
    ("story", "not_added"),
    [
        ("pješak podlegao povredama nakon udesa", "smrt"),  # a road death is no beating the victim died of
        ("policija pretresla stan i našla drogu", "teška krađa"),  # a search is no burglary
        ("vozač neće da izađe iz auta", "narušavanje nepovredivosti stana"),  # nor a car a home
    ],
)
def test_a_story_phrase_shared_with_another_offence_adds_nothing_of_the_act(story: str, not_added: str) -> None:
    """Phrases that also stand in another offence's story were left out of the story entries."""
    assert not_added not in {e.adds for e in bcs_vocabulary().expand(story)}, story


# --- traffic rules that need a driver's act (issue 31/29) ------------------------------------------


@pytest.mark.parametrize(
    ("story", "rule_term"),
    [
        ("dao je sinu auto da vozi iako nema vozačku", "dao vozilo na upravljanje"),
        ("vlasnik je dao auto bez vozačke komšiji", "dao vozilo na upravljanje"),
        ("pustio ga da vozi njegov kamion", "dao vozilo na upravljanje"),
        ("nije stao na stop i izletio na glavnu", "prvenstvo prolaza"),
        ("prošao je znak stop bez zaustavljanja", "prvenstvo prolaza"),
        ("zakačio mi je auto na parkingu i otišao", "ostaviti podatke o sebi i vozilu"),
    ],
)
def test_a_traffic_rule_told_with_a_drivers_act_reaches_the_rule(story: str, rule_term: str) -> None:
    """Letting someone drive and the stop sign are rules of driving: with a word of driving they still reach the
    traffic law's terms (invented stories)."""
    assert rule_term in {e.adds for e in bcs_vocabulary().expand(story)}, story


@pytest.mark.parametrize(
    ("story", "rule_term"),
    [
        ("dala mu je auto na korištenje a on ga založio", "dao vozilo na upravljanje"),
        ("posudio mu auto pa prijavio da je ukraden", "dao vozilo na upravljanje"),
        ("dao mu ključeve od auta i više ga nije vidio", "dao vozilo na upravljanje"),
        ("noću su skinuli znak stop s raskrsnice", "prvenstvo prolaza"),
        ("neko je polomio znak stop kod škole", "prvenstvo prolaza"),
        ("noću mi je neko ogrebao auto ispred zgrade", "ostaviti podatke o sebi i vozilu"),
    ],
)
def test_a_vehicle_or_sign_in_a_crime_story_reads_no_rule_of_driving(story: str, rule_term: str) -> None:
    """A car given, lent or its keys handed over, a stop sign taken down and a car scratched tell embezzlement,
    fraud, endangering of traffic or damage to property as often as driving: without a driver's act the rule's terms
    are not added."""
    assert rule_term not in {e.adds for e in bcs_vocabulary().expand(story)}, story
