"""Claude rewrites an officer's question before search: into the statute's terms (QueryRewriter), and a
follow-up in a conversation into a question that stands alone (FollowUpRewriter, issue 24).

Why: the thesaurus covers what an admin wrote down; a model knows how any everyday phrase is named
in law ("obio auto" → teška krađa obijanjem). The rewrite is fused with the raw question by the
retriever (retrieval/search/rewriting.py), never used instead of it.

Bounded and cached so search stays fast and never fails because of it:
- a small, fast model (KODEKS_REWRITE_MODEL), one attempt, KODEKS_REWRITE_TIMEOUT seconds; any
  failure (timeout, API error, empty or odd reply) returns None and search runs on the question;
- a SQLite cache (`$KODEKS_DATA_DIR/rewrites.sqlite3`; with KODEKS_DATABASE_URL its table there, shared by
  replicas) keyed by the normalised question (folded:
  no diacritics, Latin, lower case, single spaces), the model, the prompt version and the loaded
  laws (a follow-up: the thread's text instead of the laws, hashed into the key and never stored) —
  an officer's repeated question costs no second call, and a cached failure is not stored;
- one log line per question (cached or not, milliseconds, outcome); the question text is not
  logged here (the query log already has it, with its own retention).

The follow-up rewrite is untrusted text (issue 32): it is shown to the officer ("Razumio sam: …") and
stored, and a thread can carry planted instructions. `introduced` lists what it brings in that neither the
officer's words nor the thread's questions, readings and cited articles contain — a number (article,
penalty, amount; in digits or in words), a law's abbreviation ("KZ FBiH"), a "zakon o …" — and such a
rewrite is refused (None): the rules of retrieval/language/followups.py build the stand-alone question.

Synchronous on purpose: `Retriever.search` is synchronous and runs in a worker thread.
"""

from __future__ import annotations

import hashlib
import logging
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from kodeks.migrations import REWRITES
from kodeks.settings import Settings
from kodeks.statedb import SqliteDb, StateDb, state_db
from prompts import Prompt, load_prompt
from retrieval.language.normalize import fold

if TYPE_CHECKING:
    from retrieval.search.rewriting import QueryRewriter
from retrieval.language.number_words import parse_words

log = logging.getLogger("kodeks.rewrite")  # the name its log lines have always had

CACHE_FILE = "rewrites.sqlite3"
MAX_REWRITE_CHARS = 400


def normalised(question: str) -> str:
    """The cache's view of a question: how it is typed (case, diacritics, script, spaces) does not matter."""
    return " ".join(fold(question).split())


_ABBREVIATION = re.compile(r"\b\w*[A-ZČĆŽŠĐ]\w*[A-ZČĆŽŠĐ]\w*\b")  # two capitals: KZ, FBiH, ZKP, RS
_LAW_OF = re.compile(r"\bzakon\w* o (\w+)")
_POINT_LINE = "   - "  # kodeks/answering/conversation.py `thread_text`: an answer's claim, not the officer's words


def _numbers(folded: str) -> set[int]:
    """Every number in a folded text, in digits ("čl. 999") or in words ("sto godina")."""
    found = {int(n) for n in re.findall(r"\d+", folded) if len(n) <= 12}
    words = re.findall(r"[a-z]+", folded)
    for i in range(len(words)):
        parsed = parse_words(words[i : i + 8])
        if parsed is not None:
            found.add(parsed[0])
    return found


def introduced(rewrite: str, sources: str) -> list[str]:
    """What `rewrite` names that `sources` does not: numbers, law abbreviations, "zakon o X" (X by its stem).
    Each as "number 999" / "law KZ" / "law o oruzju" — for the log's count and kinds, never shown."""
    have, new = fold(sources), fold(rewrite)
    have_words = set(re.findall(r"\w+", have))
    missing = [f"number {n}" for n in sorted(_numbers(new) - _numbers(have))]
    missing += [f"law {a}" for a in dict.fromkeys(_ABBREVIATION.findall(rewrite)) if fold(a) not in have_words]
    stems = {w[:4] for w in have_words}
    missing += [f"law o {w}" for w in dict.fromkeys(_LAW_OF.findall(new)) if w[:4] not in stems]
    return missing


def thread_sources(question: str, thread: str) -> str:
    """What a follow-up's rewrite may draw on: the officer's words, the thread's questions, readings and cited
    articles (not the answers' claims: they are the model's text, not the officer's)."""
    return "\n".join([question, *(line for line in thread.splitlines() if not line.startswith(_POINT_LINE))])


class RewriteCache:
    """question key → rewrite, in SQLite (WAL) or with KODEKS_DATABASE_URL in the database every replica shares
    (`kodeks.statedb`: one SQL text for both); safe to share between threads.

    Rows older than `max_age_days` (KODEKS_REWRITE_CACHE_DAYS) are deleted at open and then once a day: the
    cache holds (masked) questions, so it keeps them no longer than it helps."""

    PURGE_EVERY = 24 * 3600.0

    def __init__(self, path: Path | StateDb, max_age_days: int | None = None) -> None:
        self.db: StateDb = SqliteDb(path, REWRITES) if isinstance(path, Path) else path  # 0600, migrated at open
        self.max_age_days = max_age_days
        self._purged = 0.0
        with self.db.reading():  # made and migrated now, not at the first question
            pass
        self.purge()

    def purge(self, now: float | None = None) -> int:
        """Delete rewrites past their age; returns how many."""
        if not self.max_age_days:
            return 0
        now = time.time() if now is None else now
        with self.db.reading() as con:
            cur = con.execute("DELETE FROM rewrites WHERE created < ?", (now - self.max_age_days * 86400,))
        self._purged = now
        return int(cur.rowcount)

    def get(self, key: str) -> str | None:
        rows = self.db.fetch("SELECT rewrite FROM rewrites WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def put(self, key: str, model: str, prompt: str, normalized: str, rewrite: str) -> None:
        with self.db.reading() as con:  # autocommit: the upsert is its own transaction
            con.execute(
                "INSERT INTO rewrites (key, model, prompt, normalized, rewrite, created) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET model = excluded.model, prompt = excluded.prompt, "
                "normalized = excluded.normalized, rewrite = excluded.rewrite, created = excluded.created",
                (key, model, prompt, normalized, rewrite, time.time()),
            )
        if time.time() - self._purged >= self.PURGE_EVERY:
            self.purge()

    def count(self) -> int:
        with self.db.reading() as con:
            return int(con.execute("SELECT COUNT(*) FROM rewrites").fetchone()[0])

    def close(self) -> None:
        """Nothing held open on the file (a connection per call); the database's kept connection is closed."""
        close = getattr(self.db, "close", None)
        if close is not None:
            close()


class ClaudeRewriter:
    """QueryRewriter over the Anthropic API. Construct only with ANTHROPIC_API_KEY set."""

    def __init__(self, settings: Settings, prompt: Prompt | None = None) -> None:
        import anthropic

        if settings.anthropic_api_key is None:
            raise ValueError("ClaudeRewriter needs ANTHROPIC_API_KEY")
        self.model = settings.rewrite_model
        self.timeout = settings.rewrite_timeout
        self.prompt = prompt or load_prompt(
            settings.prompt_language if settings.prompt_language == "bs" else "bs", kind="rewrite"
        )
        self.followup_prompt = load_prompt("bs", kind="followup")
        url = settings.database_url.get_secret_value() if settings.database_url else None
        self.cache = RewriteCache(state_db(REWRITES, settings.data_dir, url), settings.rewrite_cache_days)
        self._client = anthropic.Anthropic(
            api_key=settings.anthropic_api_key.get_secret_value(),
            base_url=settings.anthropic_base_url,
            timeout=settings.rewrite_timeout,
            max_retries=0,  # one bounded attempt: a slow rewrite is worse than none
        )

    def rewrite(self, question: str, laws: str) -> str | None:
        norm = normalised(question)
        if not norm:
            return None
        return self._cached("rewrite", self.prompt, norm, laws, f"Učitani zakoni: {laws}\n\nPitanje: {question}")

    def stand_alone(self, question: str, thread: str) -> str | None:
        """FollowUpRewriter: the follow-up as a stand-alone question, from the thread (both already masked
        by the caller). Cached by question and thread, like `rewrite`; None on any failure."""
        norm = normalised(question)
        if not norm or not thread.strip():
            return None
        text = self._cached(
            "follow-up rewrite",
            self.followup_prompt,
            norm,
            thread,
            f"Razgovor do sada:\n{thread}\n\nNovo pitanje: {question}",
        )
        if text is None:
            return None
        extra = introduced(text, thread_sources(question, thread))
        if extra:
            kinds = sorted({e.split(" ", 1)[0] for e in extra})
            log.warning(
                "follow-up rewrite refused: it brings in %d %s the question and the thread do not have "
                "(the rules read the follow-up instead)",
                len(extra),
                "/".join(kinds),
            )
            return None
        return text

    def _cached(self, what: str, prompt: Prompt, norm: str, context: str, content: str) -> str | None:
        """The cached reply for (model, prompt, context, normalised question), else one call (cached when it
        succeeds); one log line either way, without the question."""
        key = hashlib.sha256("\x1f".join((self.model, prompt.id, context, norm)).encode("utf-8")).hexdigest()
        started = time.perf_counter()
        cached = self.cache.get(key)
        if cached is not None:
            log.info("%s cached=yes ms=%.0f outcome=ok", what, (time.perf_counter() - started) * 1000)
            return cached
        text, outcome = self._ask(prompt, content)
        if text is not None:
            self.cache.put(key, self.model, prompt.id, norm, text)
        log.info(
            "%s cached=no ms=%.0f model=%s outcome=%s",
            what,
            (time.perf_counter() - started) * 1000,
            self.model,
            outcome,
        )
        return text

    def _ask(self, prompt: Prompt, content: str) -> tuple[str | None, str]:
        """(rewrite, "ok") or (None, why) — never raises."""
        import anthropic

        try:
            message = self._client.messages.create(
                model=self.model,
                max_tokens=120,
                system=prompt.text,
                messages=[{"role": "user", "content": content}],
            )
        except anthropic.APITimeoutError:
            return None, f"timeout after {self.timeout:g} s (plain search)"
        except anthropic.APIStatusError as exc:
            return None, f"HTTP {exc.status_code} (plain search)"
        except anthropic.APIConnectionError:
            return None, "connection failed (plain search)"
        except Exception as exc:  # malformed body or anything else: the question is searched as it is
            return None, f"{type(exc).__name__} (plain search)"
        parts = [
            getattr(b, "text", "") for b in getattr(message, "content", None) or [] if getattr(b, "type", "") == "text"
        ]
        text = " ".join(" ".join(parts).split())[:MAX_REWRITE_CHARS].strip().strip('"„“')
        if not text:
            return None, "empty reply (plain search)"
        return text, "ok"

    def close(self) -> None:
        self._client.close()
        self.cache.close()


class Rewritable(Protocol):
    """A retriever that takes a query rewriter (`Retriever`, and `LiveRetriever` for every generation it serves)."""

    rewriter: QueryRewriter | None


def attach_rewriter(retriever: Rewritable, settings: Settings) -> ClaudeRewriter | None:
    """Give the retriever a Claude rewriter when a key is set and KODEKS_REWRITE is on; returns it (or None)."""
    if settings.anthropic_api_key is None or not settings.rewrite:
        return None
    rewriter = ClaudeRewriter(settings)
    retriever.rewriter = rewriter
    return rewriter
