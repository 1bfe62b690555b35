"""Every cited id is checked against what was sent; claims without a valid citation never survive."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kodeks.answering.citations import (
    MalformedReply,
    ModelReply,
    Point,
    check_citations,
    mentioned_articles,
    normalize_id,
    parse_reply,
    render,
)
from tests.answering_helpers import FORGERY, FORGERY_RS, THEFT, hit

SENT = [hit(FORGERY), hit(THEFT)]


def test_parse_points_shape() -> None:
    reply = parse_reply(
        {
            "points": [
                {"text": "  Kazna   je zatvor. ", "citations": ["KZ FBiH čl. 373"]},
                {"text": "", "citations": []},
            ],
            "covered": True,
            "missing": None,
        }
    )
    assert reply == ModelReply([Point("Kazna je zatvor.", ["KZ FBiH čl. 373"])], True, None)


def test_parse_tolerates_the_flat_shape_and_loose_types() -> None:
    reply = parse_reply({"answer": "Da.", "citations": "KZ FBiH čl. 373", "missing": ""})
    assert reply.points == [Point("Da.", ["KZ FBiH čl. 373"])]
    assert reply.covered is True and reply.missing is None  # covered inferred: claims and nothing missing
    assert parse_reply({"points": [], "missing": "Nema roka."}).covered is False


@pytest.mark.parametrize("data", [None, [], "text", {"points": "x"}, {"points": [3]}, {"covered": True}])
def test_malformed_tool_input(data: object) -> None:
    with pytest.raises(MalformedReply):
        parse_reply(data)


def test_valid_citations_kept_in_order_and_rewritten_as_sent() -> None:
    reply = ModelReply(
        [
            Point("Krađa se kažnjava.", ["kz fbih čl.286"]),
            Point("Krivotvorenje isprave se kažnjava.", ["KZ FBiH čl. 373", "KZ FBiH čl. 286"]),
        ],
        True,
        None,
    )
    checked = check_citations(reply, SENT)
    assert [h.id for h in checked.cited] == ["KZ FBiH čl. 286", "KZ FBiH čl. 373"]
    assert checked.points[0].citations == ["KZ FBiH čl. 286"]
    assert checked.invalid == [] and checked.uncited == []


@pytest.mark.parametrize(
    "altered", ["KZ FBiH čl. 374", "KZ RS čl. 373", "KZ FBiH čl. 3733", "373", "Krivotvorenje isprave"]
)
def test_unknown_or_altered_citation_is_removed(altered: str) -> None:
    reply = ModelReply([Point("A.", ["KZ FBiH čl. 373", altered]), Point("B.", [altered])], True, None)
    checked = check_citations(reply, SENT)
    assert checked.invalid == [altered]
    assert [h.id for h in checked.cited] == ["KZ FBiH čl. 373"]
    assert checked.points == [Point("A.", ["KZ FBiH čl. 373"])]
    assert checked.uncited == ["B."]


def test_ambiguous_normalisation_is_not_guessed() -> None:
    twins = [hit(FORGERY), hit(FORGERY.__class__(**{**FORGERY.__dict__, "id": "kz fbih čl. 373"}))]
    checked = check_citations(ModelReply([Point("A.", ["KZ FBIH ČL. 373"])], True, None), twins)
    assert checked.cited == [] and checked.invalid == ["KZ FBIH ČL. 373"]


def test_render_puts_ids_before_the_full_stop_and_missing_last() -> None:
    text = render(
        [Point("Kazna je do tri godine.", ["KZ FBiH čl. 286"]), Point("Bez tačke", ["A", "B"])],
        "Odlomci ne navode rok.",
    )
    assert text == "Kazna je do tri godine [KZ FBiH čl. 286].\nBez tačke [A; B].\n\nOdlomci ne navode rok."
    assert render([], None) == ""


@given(st.lists(st.text(min_size=1, max_size=30), max_size=6))
def test_nothing_unsent_is_ever_a_source(ids: list[str]) -> None:
    checked = check_citations(ModelReply([Point("x", ids)], True, None), SENT)
    sent = {h.id for h in SENT}
    assert {h.id for h in checked.cited} <= sent
    assert all(normalize_id(i) not in {normalize_id(s) for s in sent} for i in checked.invalid)


def test_claim_naming_an_article_not_sent_is_dropped() -> None:
    reply = ModelReply(
        [
            Point("Prema članu 374 kazna je veća.", ["KZ FBiH čl. 373"]),
            Point("Po čl. 373 kazna je do tri godine.", ["KZ FBiH čl. 373"]),
        ],
        True,
        None,
    )
    checked = check_citations(reply, SENT)
    assert checked.points == [Point("Po čl. 373 kazna je do tri godine.", ["KZ FBiH čl. 373"])]
    assert checked.invalid == ["clanu 374"] and checked.uncited == []


def test_an_article_a_passage_refers_to_is_not_a_source_and_cannot_be_named() -> None:
    """A passage's text can carry any number ("iz člana 172", or 999): naming it is still unchecked."""
    referring = FORGERY.__class__(**{**FORGERY.__dict__, "text": "Djelo iz člana 172 i člana 999 kaznit će se."})
    checked = check_citations(
        ModelReply(
            [
                Point("Djelo iz člana 172 je kažnjivo.", [FORGERY.id]),
                Point("Prema članu 999 kazna je doživotni zatvor.", [FORGERY.id]),
            ],
            True,
            None,
        ),
        [hit(referring)],
    )
    assert checked.points == [] and checked.invalid == ["clana 172", "clanu 999"]


@pytest.mark.parametrize(
    "text,numbers",
    [
        ("Prema članu 374 KZ FBiH", ["374"]),
        ("čl. 42 i čl.43", ["42", "43"]),
        ("по члану 373 КЗ", ["373"]),
        ("чл. 42", ["42"]),
        ("Article 12a applies", ["12a"]),
        ("u članku 12.", ["12"]),
        ("stav 2 i tačka 3", []),
        ("članu 286 i 3 godine", ["286"]),
        ("do 5.000 KM, 3 godine", []),
        ("članovima 373, 374 i 999 KZ RS", ["373", "374", "999"]),
    ],
)
def test_mentions_in_words(text: str, numbers: list[str]) -> None:
    assert [n for _, n in mentioned_articles(text)] == numbers


# --- unchecked article numbers: every spelling the officer could read ------------------------------

RS_SENT = [hit(FORGERY), hit(FORGERY_RS), hit(THEFT)]
BYPASSES = [
    "Prema KZ RS 999 kazna je doživotni zatvor.",  # the bare law-and-number form
    "Prema kz rs 999 kazna je doživotni zatvor.",  # a sent law's name in any case
    "Prema ZKP BiH 12 kazna je doživotni zatvor.",  # a law-like abbreviation that was not sent
    "Prema članovima 373 i 999 kazna je doživotni zatvor.",  # a list after one valid number
    "Prema članu 999 kazna je doživotni zatvor.",
    "Prema člana 999, članka 999, članku 999, članom 999 kazna je doživotni zatvor.",
    "Prema čl.999 kazna je doživotni zatvor.",
    "Prema čl. br. 999 kazna je doživotni zatvor.",
    "Prema § 999 kazna je doživotni zatvor.",
    "Prema §999 kazna je doživotni zatvor.",
    "Prema 999. članu kazna je doživotni zatvor.",
    "Prema c\u030clanu 999 kazna je doživotni zatvor.",  # decomposed č
    "Prema čla\u200bnu 999 kazna je doživotni zatvor.",  # a zero-width space in the word
    "Prema članu 9\u200b99 kazna je doživotni zatvor.",  # ... or in the number
    "Prema članu\u00a0999 kazna je doživotni zatvor.",  # no-break space
    "Prema \u202dčlanu 999\u202c kazna je doživotni zatvor.",  # bidi controls
    "Према члановима 999 казна је доживотни затвор.",  # Cyrillic
    "Према члану 999 казна је доживотни затвор.",
    "Prema član\u0443 999 kazna je doživotni zatvor.",  # a Cyrillic letter inside a Latin word
    "Prema članu ٩٩٩ kazna je doživotni zatvor.",  # Arabic-Indic digits
    "Prema članu ९९९ kazna je doživotni zatvor.",  # Devanagari digits
    "Prema članu ９９９ kazna je doživotni zatvor.",  # full-width digits
    "Prema članu 𝟗𝟗𝟗 kazna je doživotni zatvor.",  # mathematical digits
    "Prema ČLANU 999 kazna je doživotni zatvor.",
    "Prema clanu 999 kazna je dozivotni zatvor.",  # no diacritics
    "Prema Article 999 kazna je doživotni zatvor.",
    "Prema članu 373 KZ RS kazna je doživotni zatvor.",  # the right number, another law than cited
]


@pytest.mark.parametrize("text", BYPASSES)
def test_a_point_naming_an_article_it_does_not_cite_is_dropped_and_flagged(text: str) -> None:
    reply = ModelReply(
        [Point(text, ["KZ FBiH čl. 373"]), Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])], True, None
    )
    checked = check_citations(reply, RS_SENT)
    assert checked.points == [Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])]
    assert checked.invalid, text


@pytest.mark.parametrize("text", BYPASSES)
def test_missing_never_shows_an_unchecked_article(text: str) -> None:
    missing = f"Odlomci ne navode rok. {text}"
    checked = check_citations(
        ModelReply([Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])], False, missing), RS_SENT
    )
    assert checked.missing == "Odlomci ne navode rok." and checked.invalid, text


def test_a_number_a_sent_but_uncited_passage_has_is_not_enough() -> None:
    """KZ RS čl. 373 was sent, but this claim cites only KZ FBiH čl. 286: "član 373" is unchecked for it."""
    reply = ModelReply([Point("Prema članu 373 kazna je zatvor.", ["KZ FBiH čl. 286"])], True, None)
    assert check_citations(reply, RS_SENT).points == []


@pytest.mark.parametrize(
    "text",
    [
        "Po čl. 373 kazna je do tri godine.",
        "Prema članu 373 KZ FBiH kazna je do 3 godine.",
        "Prema KZ FBiH 373 kazna je do 3 godine.",
        "Prema članku 373 kazna je zatvor do 3 godine i 500 KM.",
        "Према члану 373 казна је до 3 године.",
        "Kazna je do tri godine (KZ FBiH čl. 373).",
    ],
)
def test_a_point_naming_only_what_it_cites_is_kept(text: str) -> None:
    checked = check_citations(ModelReply([Point(text, ["KZ FBiH čl. 373"])], True, None), RS_SENT)
    assert checked.points == [Point(text, ["KZ FBiH čl. 373"])] and checked.invalid == []


def test_missing_may_name_the_answers_own_sources() -> None:
    reply = ModelReply(
        [Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])],
        False,
        "Član 373 ne navodi rok zastare. Član 374 bi mogao.",
    )
    checked = check_citations(reply, RS_SENT)
    assert checked.missing == "Član 373 ne navodi rok zastare." and checked.invalid == ["Clan 374"]


# --- issue 21: look-alike letters, dashes, inflected names, paragraphs next to a law, numbers in words ------

LOOK_ALIKE_BYPASSES = [
    "Prema člαnu 999 KZ RS kazna je doživotni zatvor.",  # Greek alpha
    "Prema ΚΖ RS 999 kazna je doživotni zatvor.",  # Greek capitals Kappa, Zeta
    "Prema čӏanu 999 kazna je doživotni zatvor.",  # Cyrillic palochka U+04CF
    "Prema сlanu 999 kazna je doživotni zatvor.",  # a Cyrillic с in a Latin word
    "Prema čIanu 999 kazna je doživotni zatvor.",  # a capital I for the l
    "Prema članu 99Ο kazna je doživotni zatvor.",  # a Greek Omicron for the last digit
    "Prema KZ-a FBiH 999 kazna je doživotni zatvor.",  # an inflected abbreviation
    "Prema članu 373 KZ-a RS kazna je doživotni zatvor.",  # the cited number, but of another (inflected) law
    "Prema ZKP-om BiH 12 kazna je doživotni zatvor.",
    "Prema članu −999 kazna je doživotni zatvor.",  # U+2212 minus
    "Prema KZ RS −999 kazna je doživotni zatvor.",
    "Prema članu ‒999 kazna je doživotni zatvor.",  # figure dash
    "Prema članovima 373 ‑ 999 kazna je doživotni zatvor.",  # non-breaking hyphen in a list
    "Prema st. 999 KZ RS kazna je doživotni zatvor.",
    "Prema tački 999 KZ RS kazna je doživotni zatvor.",
    "Prema broju 999 KZ RS kazna je doživotni zatvor.",
    "Prema stavu 999 KZ-a FBiH kazna je doživotni zatvor.",
    "Prema KZ RS, stav 999 kazna je doživotni zatvor.",
    "Prema članu devetsto devedeset devet kazna je doživotni zatvor.",  # numbers in words
    "Prema članu dvjesta i jedan kazna je doživotni zatvor.",
    "Prema članku dvjesto jedan kazna je doživotni zatvor.",  # Croatian forms
    "Prema članu hiljadu sto devet kazna je doživotni zatvor.",
    "Prema KZ RS devetsto devedeset devet kazna je doživotni zatvor.",
    "Prema devetsto devedeset devetom članu KZ RS kazna je doživotni zatvor.",  # an ordinal before the word
    "Prema stavu devetsto devedeset devet KZ RS kazna je doživotni zatvor.",
    "Према члану деветсто деведесет девет казна је доживотни затвор.",  # words, in Cyrillic
    "Prema članu tristo sedamdeset četiri kazna je doživotni zatvor.",  # one off the cited 373
]


@pytest.mark.parametrize("text", LOOK_ALIKE_BYPASSES)
def test_look_alikes_dashes_paragraphs_and_words_never_pass_unchecked(text: str) -> None:
    reply = ModelReply(
        [Point(text, ["KZ FBiH čl. 373"]), Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])], True, None
    )
    checked = check_citations(reply, RS_SENT)
    assert checked.points == [Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])], text
    assert checked.invalid, text


@pytest.mark.parametrize("text", LOOK_ALIKE_BYPASSES)
def test_look_alikes_in_missing_are_removed(text: str) -> None:
    checked = check_citations(
        ModelReply([Point("Krivotvorenje je kažnjivo.", ["KZ FBiH čl. 373"])], False, f"Odlomci ne navode rok. {text}"),
        RS_SENT,
    )
    assert checked.missing == "Odlomci ne navode rok." and checked.invalid, text


@pytest.mark.parametrize(
    "text",
    [
        "Prema članu 373 stav 2 KZ FBiH kazna je zatvor do tri godine.",  # a paragraph of the cited article
        "Prema članu 373 KZ FBiH, stav 2, kazna je zatvor do tri godine.",
        "Prema članu 373 KZ FBiH tačka 2 i stav 3 kazna je zatvor.",
        "Prema stavu 2 člana 373 KZ FBiH kazna je zatvor do tri godine.",
        "Prema članu 373 KZ-a FBiH kazna je zatvor do tri godine.",
        "Prema KZ-u FBiH 373 kazna je zatvor do tri godine.",
        "Prema članu tristo sedamdeset tri KZ FBiH kazna je zatvor.",
        "Prema tristo sedamdeset trećem članu KZ FBiH kazna je zatvor.",
        "Jedan član porodice ili dva člana domaćinstva mogu podnijeti prijavu (KZ FBiH čl. 373).",
        "Kazna je od tri mjeseca do pet godina i 500 KM − ovisno o šteti (član 373).",
        "Према члану 373 став 2 КЗ ФБиХ казна је до три године.",
        "Prema članu 373 — kazna je zatvor do tri godine.",
    ],
)
def test_legitimate_text_around_a_cited_article_still_passes(text: str) -> None:
    checked = check_citations(ModelReply([Point(text, ["KZ FBiH čl. 373"])], True, None), RS_SENT)
    assert checked.points == [Point(text, ["KZ FBiH čl. 373"])] and checked.invalid == [], (text, checked.invalid)


def test_numbers_in_words_are_read_in_both_genders_and_cases() -> None:
    from retrieval.language.number_words import parse_words

    for words, number in [
        ("tristo sedamdeset tri", 373),
        ("dvjesta i jedan", 201),
        ("dvesta jedna", 201),
        ("sto dvadeset trećem", 123),
        ("hiljadu sto devet", 1109),
        ("dvije hiljade", 2000),
        ("jednog", 1),
        ("dvaju", 2),
        ("četrdeset prvom", 41),
        ("stotog", 100),
    ]:
        from retrieval.language.normalize import fold

        parsed = parse_words(fold(words).split())
        assert parsed is not None and parsed[0] == number and parsed[1] == len(words.split()), words
    assert parse_words(["godine"]) is None and parse_words(["dva", "tri"]) == (2, 1)
