"""The query log: schema and migrations, what one row holds, feedback, refusals, retention, stats, export."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.querylog import MIGRATIONS, SCHEMA_VERSION, QueryLog
from bot.querylog.export import parse_since, to_record
from bot.querylog.figures import percentile
from bot.stats import render
from kodeks.errors import KodeksError
from retrieval.types import Article, Hit, SearchResult

NOW = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def make_result(
    *,
    level: str = "threshold",
    mode: str = "claude",
    covered: bool = True,
    total: float = 1200.0,
    invalid: list[str] | None = None,
    laws: tuple[str, ...] = ("KZ FBiH",),
) -> SimpleNamespace:
    """A PipelineResult-shaped value built from the real shared types."""
    hits = [
        Hit(
            Article(id=f"{law} čl. {i}", law=law, article=str(i), text="…", title=f"Naslov {i}"),
            score=0.03 - i / 1000,
            similarity=0.85,
            dense_rank=i,
            lexical_rank=None,
            level=level,
        )
        for i, law in enumerate(laws, 1)
    ]
    answer = SimpleNamespace(
        text="Odgovor [KZ FBiH čl. 1].",
        citations=hits,
        invalid_citations=invalid or [],
        covered=covered,
        missing=None if covered else "Nema propisa.",
        mode=mode,
        reason=None,
        model="claude-test",
        prompt_version="bs-3",
        input_tokens=900,
        output_tokens=120,
        flagged=bool(invalid),
        llm_ms=800.0,
    )
    search = SearchResult(query="q", normalized="q norm", hits=hits, level=level)
    return SimpleNamespace(search=search, answer=answer, timings_ms={"retrieval": 40.0, "llm": 800.0, "total": total})


@pytest.fixture
async def qlog(tmp_path: Path):
    log = await QueryLog.open(tmp_path / "q.sqlite3", salt="pepper", retention_days=30)
    try:
        yield log
    finally:
        await log.close()


async def test_new_log_is_wal_at_latest_schema(qlog: QueryLog) -> None:
    assert await qlog.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    con = sqlite3.connect(qlog.path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


async def test_old_schema_is_migrated_and_newer_one_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0].sql + "\nPRAGMA user_version = 1;")
    con.execute("INSERT INTO queries (ts, user_hash, question) VALUES ('2026-11-29 10:00:00.000000', 'h', 'staro')")
    con.commit()
    con.close()
    log = await QueryLog.open(path)
    assert await log.schema_version() == SCHEMA_VERSION
    assert (await log.get(1))["question"] == "staro"
    await log.close()

    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(KodeksError, match="newer"):
        await QueryLog.open(path)


async def test_row_holds_everything_about_the_answer_and_no_raw_user_id(qlog: QueryLog) -> None:
    row_id = await qlog.record(
        user_id=555123, question="neko mi je krivotvorio potpis", result=make_result(invalid=["ZZZ čl. 9"]), at=NOW
    )
    row = await qlog.get(row_id)
    assert row["question"] == "neko mi je krivotvorio potpis" and row["normalized"] == "q norm"
    assert row["retrieved"][0] == {
        "id": "KZ FBiH čl. 1",
        "law": "KZ FBiH",
        "article": "1",
        "title": "Naslov 1",
        "jurisdiction": "",
        "score": 0.029,
        "similarity": 0.85,
        "dense_rank": 1,
        "lexical_rank": None,
        "level": "threshold",
    }
    assert row["level"] == "threshold" and row["mode"] == "claude" and row["covered"] == 1
    assert row["citations"][0]["id"] == "KZ FBiH čl. 1" and row["invalid_citations"] == ["ZZZ čl. 9"]
    assert (row["model"], row["prompt_version"], row["input_tokens"], row["output_tokens"]) == (
        "claude-test",
        "bs-3",
        900,
        120,
    )
    assert (row["retrieval_ms"], row["llm_ms"], row["total_ms"]) == (40.0, 800.0, 1200.0)
    assert row["user_hash"] != "555123" and "555123" not in row["user_hash"]
    assert row["user_hash"] == qlog.user_hash(555123)
    raw = qlog.path.read_bytes() + Path(str(qlog.path) + "-wal").read_bytes()
    assert b"555123" not in raw


async def test_what_search_added_and_its_confidence_are_logged_and_exported(qlog: QueryLog) -> None:
    """An admin labelling the export sees what the thesaurus or Claude's rewrite added, and which questions
    search judged the loaded laws may not cover."""
    result = make_result()
    result.search.expansions = [{"source": "rewrite", "matched": "obio auto", "adds": "teška krađa"}]
    result.search.weak = True
    row = await qlog.get(await qlog.record(user_id=1, question="obio auto", result=result, at=NOW))
    assert row["expansions"] == result.search.expansions and row["weak"] == 1
    record = to_record(row)
    assert record["expansions"] == result.search.expansions and record["weak"] is True
    plain = to_record(await qlog.get(await qlog.record(user_id=1, question="q", result=make_result(), at=NOW)))
    assert (plain["expansions"], plain["weak"]) == ([], False)
    failed = to_record(await qlog.get(await qlog.record(user_id=1, question="q", error="x", at=NOW)))
    assert (failed["expansions"], failed["weak"]) == ([], None)


async def test_kinds_of_law_asked_about_but_not_loaded_are_logged_and_counted(qlog: QueryLog) -> None:
    """Search found questions to be about kinds of law no loaded law is: the export says which, and /stats counts
    them — the law officers need next."""
    for question, labels in (
        ("otpremnina", ["zakon o radu"]),
        ("godisnji odmor", ["zakon o radu"]),
        ("kirija", ["propisi o vlasništvu, zakupu i stanovanju"]),
        ("krađa", []),
    ):
        result = make_result()
        result.search.coverage = {"loaded": [], "missing": [], "missing_labels": labels}
        row = await qlog.get(
            await qlog.record(user_id=1, question=question, result=result, at=NOW - timedelta(hours=1))
        )
        assert to_record(row)["not_loaded"] == labels
    stats = await qlog.stats(now=NOW)
    assert stats["day"]["not_loaded"] == [["zakon o radu", 2], ["propisi o vlasništvu, zakupu i stanovanju", 1]]
    assert "Pitano, a takav propis nije učitan: zakon o radu (2)" in render(stats)


async def test_errors_are_logged_with_the_question(qlog: QueryLog) -> None:
    row_id = await qlog.record(user_id=1, question="pitanje", error="KodeksError: no index", total_ms=5.0)
    row = await qlog.get(row_id)
    assert row["error"] == "KodeksError: no index" and row["answer"] is None
    await qlog.set_error(row_id, "send: NetworkError")
    assert (await qlog.get(row_id))["error"] == "KodeksError: no index; send: NetworkError"


async def test_feedback_is_tied_to_the_answer_and_a_second_press_replaces_it(qlog: QueryLog) -> None:
    row_id = await qlog.record(user_id=1, question="q", result=make_result())
    assert await qlog.feedback(row_id=row_id, user_id=1, value=1)
    assert await qlog.feedback(row_id=row_id, user_id=1, value=-1)
    assert not await qlog.feedback(row_id=row_id + 99, user_id=1, value=1)
    [row] = await qlog.rows_since(NOW - timedelta(days=3650))
    assert row["feedback"] == -1


async def test_strangers_are_counted_without_text(qlog: QueryLog) -> None:
    await qlog.refused(user_id=666)
    await qlog.refused(user_id=666)
    await qlog.refused(user_id=777)
    assert await qlog.refusals_since(NOW - timedelta(days=3650)) == (3, 2)
    con = sqlite3.connect(qlog.path)
    assert [r[1] for r in con.execute("PRAGMA table_info(refusals)")] == ["id", "ts", "user_hash"]
    con.close()


async def test_retention_purge_drops_old_rows_and_their_feedback(qlog: QueryLog) -> None:
    old = await qlog.record(user_id=1, question="staro", result=make_result(), at=NOW - timedelta(days=40))
    await qlog.feedback(row_id=old, user_id=1, value=1, at=NOW - timedelta(days=40))
    await qlog.refused(user_id=9, at=NOW - timedelta(days=40))
    new = await qlog.record(user_id=1, question="novo", result=make_result(), at=NOW)
    assert await qlog.purge(30, now=NOW) == 2
    assert await qlog.get(old) is None and await qlog.get(new) is not None
    con = sqlite3.connect(qlog.path)
    assert con.execute("SELECT COUNT(*) FROM feedback").fetchone()[0] == 0
    con.close()


async def test_stats_for_day_and_week(qlog: QueryLog) -> None:
    await qlog.record(user_id=1, question="a", result=make_result(total=100), at=NOW - timedelta(hours=1))
    r2 = await qlog.record(
        user_id=2,
        question="b",
        result=make_result(level="top_k", mode="extractive", total=300, covered=False, laws=("ZKP FBiH", "KZ FBiH")),
        at=NOW - timedelta(hours=2),
    )
    await qlog.record(
        user_id=1, question="c", result=make_result(invalid=["X", "Y"], total=200), at=NOW - timedelta(days=3)
    )
    await qlog.record(user_id=3, question="d", error="boom", total_ms=50, at=NOW - timedelta(days=3))
    await qlog.record(user_id=3, question="e", result=make_result(), at=NOW - timedelta(days=9))
    await qlog.feedback(row_id=r2, user_id=2, value=-1)
    await qlog.refused(user_id=99, at=NOW - timedelta(hours=5))
    stats = await qlog.stats(now=NOW)
    day, week = stats["day"], stats["week"]
    assert (day["questions"], day["users"], week["questions"], week["users"]) == (2, 2, 4, 3)
    assert day["levels"]["threshold"] == 0.5 and day["levels"]["top_k"] == 0.5
    # coverage is judged by Claude only: the extractive answer's covered=False is unknown, not "not covered"
    assert day["claude_answers"] == 1 and day["not_covered"] == 0.0 and day["extractive"] == 0.5
    assert week["invalid_citations"] == 2 and week["errors"] == 1
    assert day["latency_ms"] == {"p50": 100.0, "p95": 300.0}
    assert day["feedback"] == {"up": 0, "down": 1}
    assert day["top_laws"][0] == ["KZ FBiH", 2]
    assert day["refused"] == {"messages": 1, "users": 1}
    assert stats["total_questions"] == 5
    text = render(stats)
    assert "Zadnja 24 sata" in text and "Pitanja: 2" in text and "👎 1" in text
    assert max(len(line) for line in text.splitlines()) < 80  # phone-readable lines
    json.dumps(stats)


def test_percentile_nearest_rank() -> None:
    assert percentile([], 50) is None
    assert percentile([5.0], 95) == 5.0
    assert percentile(list(range(1, 101)), 95) == 95


async def test_export_is_evaluation_jsonl_without_user_ids(qlog: QueryLog) -> None:
    old = await qlog.record(user_id=1, question="staro pitanje", result=make_result(), at=NOW - timedelta(days=5))
    new = await qlog.record(user_id=1, question="novo pitanje", result=make_result(), at=NOW)
    await qlog.record_lookup(user_id=1, text="član 1 KZ FBiH", articles=[])
    await qlog.feedback(row_id=new, user_id=1, value=1)
    records = [r async for r in qlog.export(parse_since("2026-11-28"))]
    assert [r["question"] for r in records] == ["novo pitanje"]
    rec = records[0]
    assert rec["relevant"] == [] and rec["id"] == f"log-{new}" and rec["feedback"] == "up"
    assert rec["retrieved"][0]["dense_rank"] == 1 and rec["level"] == "threshold"
    assert rec["timings_ms"] == {"retrieval": 40.0, "llm": 800.0, "total": 1200.0}
    assert "user_hash" not in rec and "user" not in json.dumps(rec)
    assert len([r async for r in qlog.export()]) == 2
    assert to_record(await qlog.get(old))["citations"] == ["KZ FBiH čl. 1"]


def test_parse_since() -> None:
    assert parse_since("2026-11-01") == datetime(2026, 11, 1, tzinfo=UTC)
    assert parse_since("2026-11-01T10:00:00Z") == datetime(2026, 11, 1, 10, tzinfo=UTC)
    assert parse_since(None) is None
    with pytest.raises(ValueError):
        parse_since("jučer")


async def test_v2_log_migrates_to_v3_keeping_rows_and_their_cited_laws(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0].sql + MIGRATIONS[1].sql + "\nPRAGMA user_version = 2;")
    con.execute(
        "INSERT INTO queries (ts, user_hash, question, mode, citations) VALUES (?, 'h', 'staro', 'claude', ?)",
        (
            NOW.strftime("%Y-%m-%d %H:%M:%S.000000"),
            json.dumps([{"id": "KZ RS čl. 1", "law": "KZ RS", "article": "1", "title": "t"}]),
        ),
    )
    con.commit()
    con.close()
    async with await QueryLog.open(path) as log:
        assert await log.schema_version() == SCHEMA_VERSION
        row = await log.get(1)
        assert row["source"] == "telegram"  # old rows were all from Telegram
        stats = await log.stats(now=NOW + timedelta(hours=1))
        assert stats["day"]["top_laws"] == [["KZ RS", 1]] and stats["day"]["sources"]["telegram"] == 1
        assert await log.journal_open() == []


async def test_purge_takes_the_cited_laws_and_done_journal_entries_with_the_rows(qlog: QueryLog) -> None:
    await qlog.record(user_id=1, question="staro", result=make_result(), at=NOW - timedelta(days=40))
    await qlog.journal_received(update_id=5, chat_id=1, message_id=1, question="x", asked_at=NOW - timedelta(days=40))
    await qlog.journal_done(5)
    assert await qlog.purge(30, now=NOW) == 1
    con = sqlite3.connect(qlog.path)
    try:
        assert con.execute("SELECT COUNT(*) FROM cited").fetchone()[0] == 0
        assert con.execute("SELECT COUNT(*) FROM pending").fetchone()[0] == 0
    finally:
        con.close()


async def test_extractive_answers_have_unknown_coverage_in_the_log_and_export(qlog: QueryLog) -> None:
    row_id = await qlog.record(user_id=1, question="q", result=make_result(mode="extractive", covered=False))
    row = await qlog.get(row_id)
    assert row["covered"] is None and to_record(row)["covered"] is None
    claude = await qlog.get(await qlog.record(user_id=1, question="q", result=make_result(covered=False)))
    assert claude["covered"] == 0 and to_record(claude)["covered"] is False


async def test_export_parts_are_gzip_jsonl_split_below_the_limit(qlog: QueryLog, tmp_path: Path) -> None:
    import gzip
    import random

    from bot.querylog.export import export_parts

    rng = random.Random(3)
    texts = [f"pitanje {n} " + " ".join(str(rng.random()) for _ in range(40)) for n in range(300)]
    for n, text in enumerate(texts):
        await qlog.record(user_id=n, question=text, result=make_result())
    count, parts = export_parts(qlog.path, None, tmp_path / "out", "t", part_limit=20_000)
    assert count == 300 and len(parts) > 1
    assert all(p.name.endswith(".jsonl.gz") and p.stat().st_size < 20_000 + 70_000 for p in parts)
    questions = [json.loads(line)["question"] for p in parts for line in gzip.decompress(p.read_bytes()).splitlines()]
    assert questions == texts  # all, in order, once
    streamed = [r async for r in qlog.export(batch=7)]
    assert [r["question"] for r in streamed] == questions


async def test_stats_tell_an_article_not_in_the_law_from_one_not_in_force(qlog: QueryLog) -> None:
    """ "član 999 KZ FBiH" (no such article) and "član 79 KZ FBiH" (deleted) both get their neighbours; /stats
    counts the first apart, so a wrong number asked for is not read as a law gone out of force."""
    from retrieval.types import MissingReference

    for article, status in (("999", "not_found"), ("79", "deleted"), ("280a", "repealed"), ("998", "not_found")):
        result = make_result(level="nearest", mode="extractive", covered=False)
        result.search.missing_references = [MissingReference(law="KZ FBiH", article=article, status=status)]
        await qlog.record(user_id=1, question=f"član {article}", result=result, at=NOW - timedelta(hours=1))
    stats = await qlog.stats(now=NOW)
    assert stats["day"]["levels"]["not_found"] == 0.5 and stats["day"]["levels"]["nearest"] == 0.5
    text = render(stats)
    assert "član nije na snazi 50%" in text and "član ne postoji u zakonu 50%" in text
    assert "no such article in the law 50%" in render(stats, lang="en")
