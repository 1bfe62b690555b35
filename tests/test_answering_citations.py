"""Every cited id is checked against what was sent; claims without a valid citation never survive."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from kodeks.answering.citations import (
    MalformedReply, ModelReply, Point, check_citations, mentioned_articles, normalize_id, parse_reply, render,
)
from tests.answering_helpers import FORGERY, THEFT, hit

SENT = [hit(FORGERY), hit(THEFT)]


def test_parse_points_shape() -> None:
    reply = parse_reply({
        "points": [{"text": "  Kazna   je zatvor. ", "citations": ["KZ FBiH čl. 373"]}, {"text": "", "citations": []}],
        "covered": True,
        "missing": None,
    })
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
    reply = ModelReply([
        Point("Krađa se kažnjava.", ["kz fbih čl.286"]),
        Point("Krivotvorenje isprave se kažnjava.", ["KZ FBiH čl. 373", "KZ FBiH čl. 286"]),
    ], True, None)
    checked = check_citations(reply, SENT)
    assert [h.id for h in checked.cited] == ["KZ FBiH čl. 286", "KZ FBiH čl. 373"]
    assert checked.points[0].citations == ["KZ FBiH čl. 286"]
    assert checked.invalid == [] and checked.uncited == []


@pytest.mark.parametrize("altered", ["KZ FBiH čl. 374", "KZ RS čl. 373", "KZ FBiH čl. 3733", "373", "Krivotvorenje isprave"])
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
    text = render([Point("Kazna je do tri godine.", ["KZ FBiH čl. 286"]), Point("Bez tačke", ["A", "B"])],
                  "Odlomci ne navode rok.")
    assert text == "Kazna je do tri godine [KZ FBiH čl. 286].\nBez tačke [A; B].\n\nOdlomci ne navode rok."
    assert render([], None) == ""


@given(st.lists(st.text(min_size=1, max_size=30), max_size=6))
def test_nothing_unsent_is_ever_a_source(ids: list[str]) -> None:
    checked = check_citations(ModelReply([Point("x", ids)], True, None), SENT)
    sent = {h.id for h in SENT}
    assert {h.id for h in checked.cited} <= sent
    assert all(normalize_id(i) not in {normalize_id(s) for s in sent} for i in checked.invalid)


def test_claim_naming_an_article_not_sent_is_dropped() -> None:
    reply = ModelReply([
        Point("Prema članu 374 kazna je veća.", ["KZ FBiH čl. 373"]),
        Point("Po čl. 373 kazna je do tri godine.", ["KZ FBiH čl. 373"]),
    ], True, None)
    checked = check_citations(reply, SENT)
    assert checked.points == [Point("Po čl. 373 kazna je do tri godine.", ["KZ FBiH čl. 373"])]
    assert checked.invalid == ["članu 374"] and checked.uncited == []


def test_articles_the_passages_themselves_refer_to_may_be_named() -> None:
    referring = FORGERY.__class__(**{**FORGERY.__dict__, "text": "Djelo iz člana 172 ovog zakona kaznit će se."})
    checked = check_citations(ModelReply([Point("Djelo iz člana 172 je kažnjivo.", [FORGERY.id])], True, None),
                              [hit(referring)])
    assert checked.invalid == [] and len(checked.points) == 1


@pytest.mark.parametrize("text,numbers", [
    ("Prema članu 374 KZ FBiH", ["374"]), ("čl. 42 i čl.43", ["42", "43"]), ("по члану 373 КЗ", ["373"]),
    ("чл. 42", ["42"]), ("Article 12a applies", ["12a"]), ("u članku 12.", ["12"]), ("stav 2 i tačka 3", []),
])
def test_mentions_in_words(text: str, numbers: list[str]) -> None:
    assert [n for _, n in mentioned_articles(text)] == numbers
