"""Per-run verdicts of `kodeks eval generation`, judged from the model's own reply."""

from __future__ import annotations

from kodeks.answering import Answer
from kodeks.answering.evaluation import judge, summarize
from tests.answering_helpers import FORGERY, hit


def claude(text: str, *, covered: bool = True, missing: str | None = None, cited: bool = True, **kw) -> Answer:
    reply = {
        "points": [{"text": text, "citations": [FORGERY.id]}] if cited else [],
        "covered": covered,
        "missing": missing,
    }
    return Answer(
        text=text,
        citations=[hit(FORGERY)] if cited else [],
        mode="claude",
        prompt_version="p:1",
        covered=covered,
        missing=missing,
        model="m",
        reply=reply,
        **kw,
    )


def test_grounded_answer_given_the_right_passage() -> None:
    v = judge(claude("Kazna je do tri godine [KZ FBiH čl. 373]."), "relevant", "krivotvorenje?")
    assert v == {
        "answered": True,
        "malformed": False,
        "citations_all_valid": True,
        "uncited_claim": False,
        "covered": True,
        "script_mismatch": False,
        "wrong_refusal": False,
    }


def test_refusal_given_the_right_passage_is_wrong() -> None:
    v = judge(claude("Nije navedeno.", covered=False, missing="Nije navedeno.", cited=False), "relevant", "q")
    assert v["wrong_refusal"] is True


def test_says_missing_given_unrelated_passages() -> None:
    v = judge(claude("Nema.", covered=False, missing="Odlomci ne uređuju to.", cited=False), "unrelated", "q")
    assert v["says_missing"] is True and v["covered"] is False


def test_latin_answer_to_a_cyrillic_question_is_a_script_mismatch() -> None:
    v = judge(claude("Kazna je do tri godine [KZ RS čl. 373]."), "relevant", "фалсификовао је исправу")
    assert v["script_mismatch"] is True
    v = judge(claude("Казна је до три године [KZ RS čl. 373]."), "relevant", "фалсификовао је исправу")
    assert v["script_mismatch"] is False  # the Latin id in brackets does not count


def test_api_failure_is_not_counted_in_shares() -> None:
    failed = Answer(text="Generisani …", citations=[], mode="extractive", prompt_version="p:1", reason="timeout")
    items = [
        {"id": "a", "condition": "relevant", **judge(failed, "relevant", "q")},
        {"id": "a", "condition": "unrelated", **judge(claude("x", invalid_citations=["Z"]), "unrelated", "q")},
    ]
    report = summarize(items)
    assert report["errors"] == 1 and report["answered"] == 1
    assert report["citations_all_valid"] == 0.0 and report["wrong_refusal_relevant"] is None
