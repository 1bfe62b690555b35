"""Logged questions → labelled evaluation lines (`kodeks eval label`), apart from the prompts that ask for them.

A logged question comes from the query log (read through `bot.querylog`, the way `kodeks export` reads it) or
from an export file (`kodeks export --out`, `/export`'s gzip parts): both give the export's records, so one
reader serves both. Only what a label needs is kept: the record's id (`log-N`), the masked question as the
log stores it (a follow-up's stand-alone question), the officer's jurisdiction, the articles the answer cited
and those search served, the 👍/👎. Nothing identifying an officer is in an export record, so nothing of the
kind can reach a label.

A label line is what `kodeks eval retrieval` reads (`retrieval.evaluation.load_eval`): `id`, `question`,
`relevant`, `jurisdiction`, plus `label` ("admin" or "silver") so a trainer can weight or leave out silver
ones. A question an admin marks as covered by none of the loaded laws goes to a second file in the format of
`bench/sets/not_covered*.jsonl` (no `relevant`). Both files are appended to, so a session can be resumed.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from kodeks.errors import KodeksError
from kodeks.private_files import open_private, private_dir

SERVED_SHOWN = 8  # served articles listed beside the cited ones: a labeller reads a screen, not a ranking
_NUMBERS = re.compile(r"^\s*\d+(?:\s*[,;\s]\s*\d+)*\s*$")


@dataclass(frozen=True)
class Logged:
    """One logged question as a labeller sees it."""

    id: str  # "log-12", as the export names it
    question: str  # masked, as logged
    time: str
    jurisdiction: str | None
    cited: tuple[str, ...]
    served: tuple[str, ...]
    titles: dict[str, str]
    feedback: str | None  # "up", "down" or None
    asked: int = 1  # how often these words were asked from this place (the newest is shown)

    @property
    def shown(self) -> list[str]:
        """The numbered choices: the cited articles, then the served ones not cited."""
        served = [a for a in self.served if a not in self.cited][:SERVED_SHOWN]
        return [*self.cited, *served]


def logged_from_record(record: dict[str, Any]) -> Logged | None:
    """An export record → a `Logged`; None for a record with no question (an error before one was read)."""
    question = str(record.get("standalone") or record.get("question") or "").strip()
    if not question:
        return None
    retrieved = [h for h in record.get("retrieved") or [] if isinstance(h, dict) and h.get("id")]
    titles = {str(h["id"]): str(h.get("title") or "") for h in retrieved}
    return Logged(
        id=str(record["id"]),
        question=question,
        time=str(record.get("time") or ""),
        jurisdiction=record.get("jurisdiction") or None,
        cited=tuple(str(c) for c in record.get("citations") or []),
        served=tuple(str(h["id"]) for h in retrieved),
        titles=titles,
        feedback=record.get("feedback"),
    )


def read_export(path: Path) -> Iterator[dict[str, Any]]:
    """The records of an export file (.jsonl, or .jsonl.gz as `/export` sends them); a bad line names itself."""
    opener = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8-sig") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise KodeksError(f"{path}:{number}: not an export line ({exc})") from None
                if not isinstance(record, dict) or "id" not in record:
                    raise KodeksError(f"{path}:{number}: not an export line (no 'id'): use a `kodeks export` file")
                yield record
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise KodeksError(f"cannot read {path}: {exc}") from None


def read_log(path: Path, since: Any) -> Iterator[dict[str, Any]]:
    """The export records of a query log file, streamed from a read-only cursor as `kodeks export` reads it
    (a log of months is never held in memory whole)."""
    import sqlite3

    from bot.querylog import explain, open_reader
    from bot.querylog.export import iter_records

    if not path.exists():
        raise KodeksError(f"no query log at {path} (give --log PATH or --export FILE)")
    try:
        con = open_reader(path)
    except sqlite3.Error as exc:
        raise explain(path, exc) from exc
    try:
        yield from iter_records(con, since)
    except sqlite3.Error as exc:
        raise explain(path, exc) from exc
    finally:
        con.close()


def question_key(question: str, jurisdiction: str | None) -> tuple[str, str]:
    """One question asked again (the same words, case and spacing aside, by an officer of the same place) is
    labelled once: a set that held it ten times would weigh it ten times."""
    return " ".join(question.casefold().split()), jurisdiction or ""


@dataclass
class Done:
    """What the output files already hold: those questions are not asked (or written) again."""

    ids: set[str] = field(default_factory=set)
    keys: set[tuple[str, str]] = field(default_factory=set)

    def holds(self, logged: Logged) -> bool:
        return logged.id in self.ids or question_key(logged.question, logged.jurisdiction) in self.keys

    def add(self, logged: Logged) -> None:
        self.ids.add(logged.id)
        self.keys.add(question_key(logged.question, logged.jurisdiction))


def select(
    records: Iterable[dict[str, Any]],
    *,
    since: str | None = None,
    feedback: str | None = None,
    done: Done | None = None,
) -> list[Logged]:
    """The questions to label, newest first, each once (the newest time it was asked, with how often);
    `since` an ISO time (export records carry `time`), `feedback` "up", "down" or "any" (only those with
    👍/👎), `done` what is labelled already."""
    newest: dict[tuple[str, str], Logged] = {}
    asked: dict[tuple[str, str], int] = {}
    for record in records:
        logged = logged_from_record(record)
        if logged is None or (since and logged.time < since) or (done is not None and done.holds(logged)):
            continue
        if feedback == "any" and logged.feedback is None:
            continue
        if feedback in ("up", "down") and logged.feedback != feedback:
            continue
        key = question_key(logged.question, logged.jurisdiction)
        asked[key] = asked.get(key, 0) + 1
        if key not in newest or _order(logged) > _order(newest[key]):
            newest[key] = logged
    chosen = [replace(q, asked=asked[k]) for k, q in newest.items()]
    return sorted(chosen, key=_order, reverse=True)


def _order(logged: Logged) -> tuple[str, int]:
    tail = logged.id.rsplit("-", 1)[-1]
    return logged.time, int(tail) if tail.isdigit() else 0


def silver(
    records: Iterable[dict[str, Any]], since: str | None = None, done: Done | None = None
) -> list[dict[str, Any]]:
    """Silver labels: each 👍 answer's question with the articles it cited (its newest 👍 answer when asked
    again); 👎 and unrated ones are left out, and so is a 👍 answer that cited nothing (no article to learn from)."""
    lines = []
    for logged in reversed(select(records, since=since, feedback="up", done=done)):  # oldest first, as the log is
        if logged.cited:
            lines.append(label_line(logged, list(logged.cited), "silver"))
    return lines


def label_line(logged: Logged, relevant: list[str], label: str) -> dict[str, Any]:
    """A line `kodeks eval retrieval` reads; `label` says who made it."""
    line: dict[str, Any] = {"id": logged.id, "question": logged.question, "relevant": relevant}
    if logged.jurisdiction:
        line["jurisdiction"] = logged.jurisdiction
    line["label"] = label
    return line


def uncovered_line(logged: Logged) -> dict[str, Any]:
    """A line of a not-covered set (bench/sets/not_covered*.jsonl): the question and the asking officer's place."""
    line: dict[str, Any] = {"id": logged.id, "question": logged.question}
    if logged.jurisdiction:
        line["jurisdiction"] = logged.jurisdiction
    line["label"] = "admin"
    return line


def uncovered_path(out: Path) -> Path:
    """Where the questions no loaded law covers go: beside OUT, `labels.jsonl` → `labels.not_covered.jsonl`."""
    name = out.name[: -len(".jsonl")] if out.name.endswith(".jsonl") else out.name
    return out.with_name(f"{name}.not_covered.jsonl")


def read_done(*paths: Path) -> Done:
    """What these files already hold (a resumed session skips it); absent files hold nothing."""
    done = Done()
    for path in paths:
        if not path.exists():
            continue
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise KodeksError(f"cannot read {path}: {exc}") from None
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                done.ids.add(str(row["id"]))
                done.keys.add(question_key(str(row["question"]), row.get("jurisdiction")))
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
                raise KodeksError(f"{path}:{number}: not a label line ({exc}); give another --out") from None
    return done


def append(path: Path, lines: Iterable[dict[str, Any]]) -> int:
    """Append label lines (0600: officers' questions, masked as they are); returns how many."""
    n = 0
    if not path.parent.exists():
        private_dir(path.parent)
    with open_private(path, "a", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line, ensure_ascii=False) + "\n")
            n += 1
        handle.flush()
    return n


@dataclass(frozen=True)
class Answer:
    """What a labeller typed: the articles chosen, or an action ("skip", "none", "quit"), or a reason to ask again."""

    articles: tuple[str, ...] = ()
    action: str | None = None
    problem: str | None = None


class References:
    """Resolves "čl. 42 KZ FBiH" against the index's articles with the project's reference parser."""

    def __init__(self, articles: Iterable[Any]) -> None:
        from retrieval.search.references import ReferenceResolver

        self._resolver = ReferenceResolver(articles)

    def resolve(self, text: str) -> tuple[list[str], str | None]:
        """(article ids, None) or ([], why not)."""
        found = self._resolver.lookup(text)
        if found.ambiguous:
            names = "; ".join(
                f"{a.name} {a.article}: {', '.join(a.laws) or 'no such law loaded'}" for a in found.ambiguous
            )
            return [], f"which law? {names} (name it, e.g. 'čl. 42 KZ FBiH')"
        gone = {(m.law, m.article) for m in found.missing}  # a deleted entry is among `articles` too
        articles = [a.id for a in found.articles if (a.law, a.article) not in gone]
        if articles:
            return list(dict.fromkeys(articles)), None
        if found.missing:
            return [], "; ".join(f"{m.law} čl. {m.article} is {m.status.replace('_', ' ')}" for m in found.missing)
        return [], f"no article reference in {text!r} (numbers from the list, or e.g. 'čl. 42 KZ FBiH')"


def parse_answer(text: str, shown: list[str], references: References | None) -> Answer:
    """`1 3` (numbers from the list), `čl. 42 KZ FBiH` (references), `s` skip, `n` none of these, `q` quit."""
    text = text.strip()
    word = text.lower()
    if word in ("s", "skip"):
        return Answer(action="skip")
    if word in ("n", "none"):
        return Answer(action="none")
    if word in ("q", "quit"):
        return Answer(action="quit")
    if not text:
        return Answer(problem="type numbers, an article reference, s, n or q")
    if _NUMBERS.match(text):
        numbers = [int(n) for n in re.findall(r"\d+", text)]
        wrong = [n for n in numbers if not 1 <= n <= len(shown)]
        if wrong and not shown:
            return Answer(problem="no article is listed for this question: name it, e.g. 'čl. 42 KZ FBiH'")
        if wrong:
            return Answer(
                problem=f"no number {wrong[0]} in the list (1–{len(shown)}); to name an article: 'čl. 42 KZ FBiH'"
            )
        return Answer(articles=tuple(dict.fromkeys(shown[n - 1] for n in numbers)))
    if references is None:
        return Answer(problem="no index to read article references from: type numbers from the list")
    ids, problem = references.resolve(text)
    return Answer(articles=tuple(ids), problem=problem)
