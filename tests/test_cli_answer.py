"""`kodeks ask` and `kodeks eval generation` through the real CLI (Typer), index and SDK."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from kodeks.answering.evaluation import EvalCase, load_cases, pick_unrelated, plan
from kodeks.answering.extractive import script_of
from kodeks.errors import KodeksError
from kodeks.settings import Settings
from tests.fakes.anthropic_server import FakeAnthropic, passage_ids, reply, user_texts
from tests.fixtures_index import SAMPLE_EVAL
from tests.retrieval_helpers import invoke, one_line_error

pytestmark = pytest.mark.usefixtures("in_empty_dir")


# --- kodeks ask -----------------------------------------------------------------------------------


def test_ask_without_key_is_extractive(sample_index: Settings) -> None:
    result = invoke("ask", "neko mi je krivotvorio potpis", "--data-dir", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("Generisani odgovor trenutno nije dostupan.")
    assert "Izvori:\n  1. KZ FBiH, član 373 – Krivotvorenje isprave  [KZ FBiH čl. 373]" in out
    assert "mode: extractive" in out and "level: " in out and "reason: no ANTHROPIC_API_KEY" in out
    assert "timings: retrieval " in out


def test_ask_json_against_the_fake_api(sample_index: Settings, anthropic_env: FakeAnthropic) -> None:
    anthropic_env.script(reply([], covered=False, missing="Odlomci ne navode rok za alkotest."))
    result = invoke("ask", "koliko vremena ima vozac za alkotest", "--json", "--data-dir", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["answer"]["mode"] == "claude" and data["answer"]["covered"] is False
    assert data["answer"]["missing"] == "Odlomci ne navode rok za alkotest."
    assert data["level"] in ("reference", "threshold", "top_k", "law_first")
    assert set(data["timings_ms"]) == {"retrieval", "llm", "total"}
    assert data["answer"]["prompt_version"].startswith("system_bs:")
    assert len(anthropic_env.requests) == 1


def test_ask_human_output_in_claude_mode(sample_index: Settings, anthropic_env: FakeAnthropic) -> None:
    result = invoke("ask", "ukrao mi je mobitel", "--data-dir", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    assert "mode: claude · model claude-fake-1" in result.stdout and "tokens: in 321" in result.stdout


def test_ask_without_an_index_fails_in_one_line(tmp_path: Path) -> None:
    line = one_line_error(invoke("ask", "pitanje", "--data-dir", str(tmp_path / "nothing")))
    assert "kodeks ingest" in line


def test_ask_empty_question_is_a_usage_error(sample_index: Settings) -> None:
    assert invoke("ask", "  ", "--data-dir", str(sample_index.data_dir)).exit_code == 2


# --- kodeks eval generation ---------------------------------------------------------------------


def relevant_by_question() -> dict[str, list[str]]:
    return {c.question: c.relevant for c in load_cases(SAMPLE_EVAL)}


def grounded_model(body: dict[str, Any]) -> Any:
    """Cites the relevant article when it was sent; otherwise says what is missing."""
    question = html.unescape(user_texts(body)[1].removeprefix("<question>\n").removesuffix("\n</question>"))
    wanted = [i for i in relevant_by_question()[question] if i in passage_ids(body)]
    cyrillic = script_of(question) == "cyrillic"
    if wanted:
        return reply([("Одговор из члана." if cyrillic else "Odgovor iz člana.", wanted)])(body)
    missing = "Послати чланови не одговарају на питање." if cyrillic else "Poslani članovi ne odgovaraju na pitanje."
    return reply([], covered=False, missing=missing)(body)


def careless_model(body: dict[str, Any]) -> Any:
    """Always claims an answer, citing an article that is never sent."""
    return reply([("Sve je jasno.", ["KZ BiH čl. 999"])])(body)


def test_eval_generation_without_key_fails_in_one_line(sample_index: Settings) -> None:
    line = one_line_error(invoke("eval", "generation", str(SAMPLE_EVAL), "--data-dir", str(sample_index.data_dir)))
    assert "ANTHROPIC_API_KEY" in line


def _eval_generation(sample_index: Settings, tmp_path: Path) -> tuple[Any, dict[str, Any]]:
    """Run `kodeks eval generation` on the sample set; the CLI result and its --json report."""
    out = tmp_path / "gen.json"
    result = invoke(
        "eval", "generation", str(SAMPLE_EVAL), "--json", str(out), "--data-dir", str(sample_index.data_dir)
    )
    assert result.exit_code == 0, result.output
    return result, json.loads(out.read_text(encoding="utf-8"))


def test_eval_generation_scores_a_grounded_model(
    sample_index: Settings, anthropic_env: FakeAnthropic, tmp_path: Path
) -> None:
    anthropic_env.default = grounded_model
    result, report = _eval_generation(sample_index, tmp_path)
    n = len(load_cases(SAMPLE_EVAL))
    assert report["n"] == n and report["runs"] == 2 * n and report["errors"] == 0
    assert report["citations_all_valid"] == 1.0 and report["uncited_claim"] == 0.0
    assert report["says_missing_unrelated"] == 1.0 and report["wrong_refusal_relevant"] == 0.0
    assert report["script_mismatch"] == 0.0 and report["reply_models"] == ["claude-fake-1"]
    assert len(anthropic_env.requests) == 2 * n
    for item in report["items"]:
        relevant = relevant_by_question()[item["question"]]
        if item["condition"] == "relevant":
            assert item["passages"] == relevant
        else:
            assert not set(item["passages"]) & set(relevant) and item["passages"]
    assert "says what is missing (unrelated)" in result.stdout and "100.0%" in result.stdout


def test_eval_generation_scores_a_careless_model(
    sample_index: Settings, anthropic_env: FakeAnthropic, tmp_path: Path
) -> None:
    anthropic_env.default = careless_model
    _, report = _eval_generation(sample_index, tmp_path)
    assert report["citations_all_valid"] == 0.0 and report["uncited_claim"] == 1.0
    assert report["says_missing_unrelated"] == 0.0 and report["covered_unrelated"] == 1.0


def test_eval_generation_when_the_api_never_answers(
    sample_index: Settings, anthropic_env: FakeAnthropic, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.fakes.anthropic_server import error

    anthropic_env.default = error(500, "down")
    monkeypatch.setenv("KODEKS_CLAUDE_MAX_RETRIES", "0")
    eval_file = tmp_path / "one.jsonl"
    eval_file.write_text('{"question": "ukrao mi je mobitel", "relevant": ["KZ FBiH čl. 286"]}\n', encoding="utf-8")
    line = one_line_error(invoke("eval", "generation", str(eval_file), "--data-dir", str(sample_index.data_dir)))
    assert "HTTP 500" in line


def test_eval_generation_bad_file(sample_index: Settings, anthropic_env: FakeAnthropic, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"question": "x", "relevant": ["a"]}\nnot json\n', encoding="utf-8")
    assert "bad.jsonl:2" in one_line_error(
        invoke("eval", "generation", str(bad), "--data-dir", str(sample_index.data_dir))
    )
    assert "cannot read" in one_line_error(
        invoke("eval", "generation", str(tmp_path / "nope.jsonl"), "--data-dir", str(sample_index.data_dir))
    )


# --- choosing unrelated passages ----------------------------------------------------------------


def test_unrelated_choice_is_deterministic_and_avoids_excluded_ids() -> None:
    case = EvalCase("q1", "pitanje", ["A"])
    pool = ["A", "B", "C", "D", "E"]
    first = pick_unrelated(case, pool, {"A", "B"}, 2)
    assert first == pick_unrelated(case, list(reversed(pool)), {"A", "B"}, 2)
    assert len(first) == 2 and not {"A", "B"} & set(first)
    assert pick_unrelated(case, ["A"], {"A"}) == []


def test_unrelated_passages_avoid_what_search_finds(retriever) -> None:
    """KZ RS čl. 373 answers a forgery question too: search finds it, so it is never 'unrelated'."""
    cases = load_cases(SAMPLE_EVAL)
    for case, condition, articles in plan(cases, retriever):
        if condition == "unrelated":
            found = {h.id for h in retriever.search(case.question).hits}
            assert not {a.id for a in articles} & (found | set(case.relevant))


def test_load_cases_rejects_an_empty_file(tmp_path: Path) -> None:
    empty = tmp_path / "e.jsonl"
    empty.write_text("\n", encoding="utf-8")
    with pytest.raises(KodeksError, match="no questions"):
        load_cases(empty)


_ENGLISH = re.compile(
    r"\b(the|and|of|is|not|no|relevant|sources?|illustrative|in force|found|article|law|answer)\b", re.IGNORECASE
)


@pytest.mark.parametrize(
    "question",
    [
        "neko mi je krivotvorio potpis",
        "član 999 KZ FBiH",
        "član 42 KZ",
        "član 3 KZ BiH",
        "kolika je kazna za porez na dobit",
    ],
)
def test_ask_without_key_answers_in_bosnian_only(sample_index: Settings, question: str) -> None:
    """What is printed as the answer (everything above the `mode:` chrome) holds no English sentence."""
    result = invoke("ask", question, "--data-dir", str(sample_index.data_dir))
    assert result.exit_code == 0, result.output
    answer = result.output.split("\nmode: ")[0]
    answer_lines = [line for line in answer.splitlines() if not re.match(r"\s+\d+\. .*\[", line)]  # not ids
    english = [line for line in answer_lines if _ENGLISH.search(line)]
    assert not english, english
