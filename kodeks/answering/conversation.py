"""A conversation's thread, and a follow-up turned into a stand-alone question before search (issue 24).

The bot keeps one `Thread` per officer's chat (bot/threads.py: keyed by chat and user, for
KODEKS_THREAD_MINUTES or until /novo) and hands it to `Pipeline.ask`, which calls `understand`:

- with Claude (the `FollowUpRewriter` seam of retrieval/search/rewriting.py, implemented by
  kodeks/answering/rewrite.py: cached, one bounded attempt), the model rewrites the question from the
  thread; a question it gives back unchanged stands on its own. If the call fails, the rules decide;
- without a key, the rules of retrieval/language/followups.py: a short message that opens like a
  follow-up inherits the previous stand-alone question, whose words are searched at a lower weight.

Either way the previous answer's articles stay candidates (`ThreadContext.articles`: a bonus, never
served blindly), and the answer prompt gets the previous exchanges in their own block (prompting.py),
whose facts the model may not use (the citation check only accepts this turn's passages). A thread
holds masked text only: the bot masks each question when it arrives (kodeks.privacy), before it is kept.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from retrieval.jurisdictions import name_of
from retrieval.language.followups import same_question, stand_alone
from retrieval.search.parallels import Comparison
from retrieval.search.rewriting import FollowUpRewriter
from retrieval.search.thread_reading import Reading, read_message, tells_the_case
from retrieval.types import ThreadContext

MAX_EXCHANGES = 3  # exchanges a thread remembers (the oldest is dropped first)
MAX_POINTS = 5  # of an answer, kept for the next turn's prompt
MAX_TEXT = 300  # characters of a question or point kept
TOPIC_CHARS = 80  # of the thread's first question, in the "Razumio sam" line


def _short(text: str, limit: int = MAX_TEXT) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


@dataclass(frozen=True)
class Exchange:
    """One question of a thread and what it got: what the next turn may lean on."""

    question: str  # as the officer asked it
    standalone: str  # what was searched (the question itself when it stood alone)
    articles: tuple[str, ...] = ()  # ids of the articles the answer gave, in the order shown
    labels: tuple[str, ...] = ()  # their labels ("KZ RS, član 224 – Krađa")
    points: tuple[str, ...] = ()  # the answer's claims (Claude's); none for an extractive answer
    row_id: int | None = None  # its query-log row, which the next turn's row points back at
    at: float = field(default_factory=time.time)
    jurisdiction: str | None = None  # the jurisdiction asked for by name, which the thread's follow-ups keep
    act: str = ""  # the thread's act as it stands after this turn (what the next follow-up inherits): the
    # matter and its circumstances, without the aspects asked ("koja je kazna") — "" for `standalone`
    titles: tuple[str, ...] = ()  # the titles of the answer's articles ("Krađa"), in the order shown
    weak: bool = False  # search judged its best results weak (serving.is_weak): the answer may have missed
    home: str | None = None  # the jurisdiction of the case's own facts: the thread's before another jurisdiction's
    # law was asked for its act ("a kako je to po zakonu Federacije?"); None for the officer's own


@dataclass(frozen=True)
class Thread:
    """The last exchanges of one officer's chat. Immutable: `after` returns the next state."""

    id: str = field(default_factory=lambda: secrets.token_hex(8))  # links the thread's rows in the query log
    exchanges: tuple[Exchange, ...] = ()
    turns: int = 0  # questions asked in this thread so far (more than it remembers, after three)
    topic: str = ""  # the thread's first question
    interrupted: str = ""  # the act of the thread a question read as one of its own broke into (a correction may
    # return to it: thread_reading.read_message), "" for none

    @property
    def last(self) -> Exchange | None:
        return self.exchanges[-1] if self.exchanges else None

    def after(self, exchange: Exchange) -> Thread:
        """This thread with one more exchange (the oldest forgotten past MAX_EXCHANGES)."""
        return replace(
            self,
            exchanges=(*self.exchanges, exchange)[-MAX_EXCHANGES:],
            turns=self.turns + 1,
            topic=self.topic or exchange.question,
        )

    def with_row(self, row_id: int | None) -> Thread:
        """The last exchange given its query-log row id (known only after the row is written)."""
        if self.last is None or row_id is None:
            return self
        return replace(self, exchanges=(*self.exchanges[:-1], replace(self.last, row_id=row_id)))


@dataclass(frozen=True)
class Understood:
    """What a question was taken to ask: the stand-alone question searched, and whether it followed up."""

    question: str
    standalone: str
    follow_up: bool = False
    by: str | None = None  # "rules" | "claude" for a follow-up
    context: ThreadContext | None = None  # what search inherits (words, the previous answer's articles)
    topic: str = ""  # the thread's first question (the rules' "Razumio sam" line names it)
    thread: Thread | None = None  # the thread it was read in (None: no thread)
    kind: str = "new"  # retrieval/search/thread_reading.py: new, new-topic, continuation, correction, related
    jurisdiction: str | None = None  # whose law to answer from, when the message (or its thread) named one
    act: str = ""  # searched instead of the whole message: a correction's replacing act, a continuation's own
    # words without the jurisdiction it names ("а у Федерацији?" → "а": the name is the scope, not the matter)
    thread_act: str = ""  # the thread's act after this question (Exchange.act), "" for `standalone`
    named: str | None = None  # the jurisdiction this message itself asked for ("a u RS?"), not the thread's
    circumstance: bool = False  # a continuation that adds a circumstance ("a da je pješak umro?")
    home: str | None = None  # the jurisdiction of the case's own facts after this question (Exchange.home)

    @property
    def query(self) -> str:
        """What search gets: Claude's stand-alone question, or (rules) the officer's own words — a correction's
        replacing act — the inherited ones come with `context`, at their lower weight."""
        if self.by == "claude":
            return self.standalone
        return self.act or self.question

    def summary(self) -> str:
        """What the officer is told was understood (without the "Razumio sam:" prefix): empty when the
        question stood alone."""
        if not self.follow_up:
            return ""
        if self.by == "claude" or not self.topic:
            return _short(self.standalone, 200)
        if self.kind == "correction":
            return f"ispravka: „{_short(self.act or self.question, 120)}“ umjesto ranijeg opisa"
        return f"„{_short(self.question, 120).rstrip('?')}“ – nastavak na „{_short(self.topic, TOPIC_CHARS)}“"

    def next_thread(self, exchange: Exchange) -> Thread:
        """The thread to keep after this question: this one continued, or a new one it starts."""
        if self.follow_up and self.thread is not None:
            return self.thread.after(exchange)
        last = self.thread.last if self.thread is not None else None
        if self.kind == "new" and last is not None:  # a question of its own in a live thread: the story it broke
            # into is kept, for a correction of that story ("izvini, vrata nisu bila obijena …")
            return Thread(interrupted=last.act or last.standalone).after(exchange)
        return Thread().after(exchange)

    def to_dict(self) -> dict[str, Any]:
        return {
            "standalone": self.standalone,
            "follow_up": self.follow_up,
            "by": self.by,
            "kind": self.kind,
            "jurisdiction": self.jurisdiction,
            "context": self.context.to_dict() if self.context else None,
        }


def thread_text(thread: Thread) -> str:
    """The thread as plain text for the follow-up rewrite: earlier questions, the articles and points
    their answers gave — masked, since it leaves the machine."""
    lines: list[str] = []
    for n, exchange in enumerate(thread.exchanges, 1):
        lines.append(f"{n}. pitanje: {_short(exchange.question)}")
        if exchange.standalone and not same_question(exchange.standalone, exchange.question):
            lines.append(f"   shvaćeno kao: {_short(exchange.standalone)}")
        if exchange.labels:
            lines.append(f"   članovi u odgovoru: {'; '.join(exchange.labels)}")
        lines += [f"   - {_short(p)}" for p in exchange.points[:MAX_POINTS]]
    return "\n".join(lines)


def understand(question: str, thread: Thread | None, rewriter: FollowUpRewriter | None = None) -> Understood:
    """The stand-alone form of `question` in `thread` (see the module docstring). Synchronous: the
    rewrite is one bounded HTTP call; run it in a worker thread from async code.

    The reading (`retrieval.search.thread_reading.read_message`) decides first and binds the rewrite: a new
    question is never sent to the rewriter with the thread, so two topics cannot be glued together."""
    last = thread.last if thread is not None else None
    reading = read_message(
        question,
        (last.act or last.standalone) if last is not None else None,
        thread.interrupted if thread is not None else "",
    )
    if last is not None and thread is not None and _switch_after_interruption(reading, thread):
        # another jurisdiction asked for right after a message read as a question of its own: the thread's act
        # is that question's and the story it broke into (`Thread.interrupted`), searched together (issue 29)
        reading = read_message(question, f"{last.act or last.standalone} {thread.interrupted}", thread.interrupted)
    alone = Understood(
        question,
        question,
        thread=thread,
        kind=reading.kind,
        jurisdiction=reading.jurisdiction,
        act=reading.matter or "",
        thread_act=reading.matter or "",  # a new topic's opener ("drugo pitanje, …") is no part of its act
        home=reading.jurisdiction,
    )
    if thread is None or last is None or not reading.follow_up:
        return _in_kind(alone, reading, last)
    jurisdiction = reading.jurisdiction or last.jurisdiction  # a jurisdiction asked for stays for the thread
    home = _home(reading, last)
    if reading.jurisdiction is None and (reading.kind == "correction" or _tells_facts(reading, question)):
        jurisdiction = home  # a correction of the case's facts, or more of them: the case's jurisdiction
    previous = ThreadContext(articles=last.articles if reading.keep_articles and not last.weak else ())
    if rewriter is not None:
        try:
            text = rewriter.stand_alone(question, thread_text(thread) + reading_note(reading, jurisdiction))
        except Exception:  # a rewriter must not raise; if one does, the rules decide
            text = None
        text = " ".join((text or "").split())
        if text and not same_question(text, question):
            return Understood(
                question,
                text,
                True,
                "claude",
                previous,
                thread.topic,
                thread,
                reading.kind,
                jurisdiction,
                named=reading.jurisdiction,
                circumstance=reading.adds,
                home=home,
            )
    return Understood(
        question,
        _standalone(question, reading),
        True,
        "rules",
        _context(reading, last),
        thread.topic,
        thread,
        reading.kind,
        jurisdiction,
        act=reading.act or _own_search(reading),
        thread_act=_thread_act(question, reading),
        named=reading.jurisdiction,
        circumstance=reading.adds,
        home=home,
    )


def _switch_after_interruption(reading: Reading, thread: Thread) -> bool:
    """Whether `reading` asks another jurisdiction's law ("a u RS?", "a po federalnom?") right after a message
    read as a question of its own that broke into a live thread (the thread it started holds one exchange and the
    story it broke into). Such a message is often no new matter — "koliko može dobiti onaj što je sve smislio",
    "vlasnik je zvao policiju i on je pobjegao" — so the act whose law is asked for is
    that question's and the story's together; a related act read so keeps its own words first. A switch that names
    the story's words and none of the question's has returned to the story already (fourteenth round) and is left
    so (issue 29, switches after a message read as a question of its own: docs/retrieval.md)."""
    return (
        bool(thread.interrupted)
        and len(thread.exchanges) == 1
        and thread.interrupted not in reading.inherited  # a switch naming the story's words returned to it already
        and reading.kind == "continuation"
        and reading.jurisdiction is not None
    )


def _in_kind(understood: Understood, reading: Reading, last: Exchange | None) -> Understood:
    """A question of its own in a live thread (read "new": an act searched by its own words, no new topic announced,
    no jurisdiction named) searched in the thread's kind of law: the previous answer's first articles, when search
    trusted it (not `weak`), say which kinds of law are on topic (`ThreadContext.law_of`, Retriever._thread_kinds) —
    the act is chosen by the message's own words, the thread only says whether it is a crime or a traffic offence
    (issue 29, twenty-first round). A message that names a kind of its own, or a law, is judged by that instead
    (the retriever's topic kinds come first)."""
    if reading.kind != "new" or last is None or last.weak or not last.articles or reading.jurisdiction is not None:
        return understood
    return replace(understood, context=ThreadContext(law_of=last.articles[:LAW_ARTICLES], own=True))


def _tells_facts(reading: Reading, question: str) -> bool:
    """Whether `question` tells more of the case's facts — a related act or a circumstance told as a statement, an act
    in the past and nothing asked (`thread_reading.tells_the_case`: "još je direktor nudio inspektoru pare da
    zataška" after "a u federaciji?"): facts are the case's, so they are searched in its own jurisdiction, not in
    the one whose law a switch asked about (twenty-seventh round). A question after the switch ("kolko je tamo
    zaprijećeno", "a ako je šteta veća") keeps the law asked for."""
    return (reading.kind == "related" or (reading.kind == "continuation" and reading.adds)) and tells_the_case(question)


def _home(reading: Reading, last: Exchange) -> str | None:
    """The jurisdiction of the case's own facts after a follow-up (sixteenth round): a jurisdiction named by a message
    that tells facts (a correction, a related act: "a onda ga je prodavao po Tuzli") moves them there; another
    jurisdiction's law asked for the thread's act ("a kako je to u RS?", "a da je to bilo u Bijeljini?") or any
    other follow-up leaves them where they were. A correction that names none is searched there: it corrects the
    case, not the law asked about."""
    if reading.jurisdiction is not None and reading.kind != "continuation":
        return reading.jurisdiction
    return last.home


def _own_search(reading: Reading) -> str:
    """A continuation's search words when it named a jurisdiction: its other words ("а како је то", searched with
    the thread's act as context — measured better than the act at full weight); "" (search the message) when
    it named none or said nothing else."""
    return reading.matter or ""


def _thread_act(question: str, reading: Reading) -> str:
    """The act a thread carries on with: an aspect ("a koja je kazna?", "a u RS?") leaves it as it was, a
    circumstance ("a da je bio naoružan?") joins it, a correction or a related act becomes it."""
    if reading.kind == "continuation":
        return stand_alone(reading.own_words(question), reading.inherited) if reading.adds else reading.inherited
    return _standalone(question, reading)


KIND_NOTES = {
    "continuation": "nastavak: zadržava djelo iz razgovora",
    "correction": "ispravka: službenik zamjenjuje ranije opisano djelo",
    "related": "novo djelo u istom događaju: traži se po njegovim riječima",
}


def reading_note(reading: Reading, jurisdiction: str | None) -> str:
    """What the reading decided, for the rewrite request: the kind, what was taken back, the jurisdiction asked
    for — so the model rewrites within the decision instead of making its own."""
    lines = [f"Čitanje nove poruke: {KIND_NOTES.get(reading.kind, reading.kind)}"]
    if reading.negated:
        lines.append(f"   povučeno (ne ulazi u pitanje): {', '.join(reading.negated)}")
    if jurisdiction:
        lines.append(f"   traženi zakon: {name_of(jurisdiction) or jurisdiction} ({jurisdiction})")
    return "\n" + "\n".join(lines)


# the readings that stay in the thread's kind of law (a related act is found by its own words); the previous answer's
# first articles whose laws must agree on a kind for the thread to keep it
LAW_KEPT = ("continuation", "correction")
LAW_ARTICLES = 2


def _context(reading: Reading, last: Exchange) -> ThreadContext:
    """What search inherits: a continuation, the thread's act (embedded with it) and the previous answer's
    articles — unless search judged that answer weak: a follow-up after a miss must not inherit the miss; a
    correction or a related act, only the story's persons, things and places (`Reading.story`, BM25 at the lower
    weight, not embedded) — it is found by its own words, in the thread's law and jurisdiction: the story's
    verbs, even at their lower weight, pull toward the act already told or taken back (measured:
    docs/retrieval.md)."""
    # the kind of law the thread is in: what its trusted answer's first articles agree on (a correction or a switch
    # changes the act or the jurisdiction, not whether it is a crime or a traffic offence)
    law_of = last.articles[:LAW_ARTICLES] if not last.weak and reading.kind in LAW_KEPT else ()
    if reading.kind in ("correction", "related"):  # the story's persons and things, in BM25 only: its own act leads
        return ThreadContext(reading.story, (), dense=False, law_of=law_of)
    trusted = reading.keep_articles and not last.weak  # after a weak answer its articles are no evidence
    # a continuation in the thread's own jurisdiction keeps what its own words find alone (fused by rank); a switch
    # to another jurisdiction is searched from the thread's act ("a kako je to" names nothing), and its own words are
    # ranked alone and fused so only when they name an act (`own_act`, Retriever._names_an_act: "kako je to prijetnje
    # po zakonu RS"; issue 29, measured: docs/retrieval.md)
    alone = reading.kind == "continuation" and reading.jurisdiction is None
    switch = reading.kind == "continuation" and reading.jurisdiction is not None
    return ThreadContext(
        reading.inherited,
        last.articles if trusted else (),
        dense=reading.dense,
        alone=alone,
        law_of=law_of,
        own_act=switch,
    )


def _standalone(question: str, reading: Reading) -> str:
    """What the next turn inherits: a continuation, with the thread's act; a correction, its replacing act with
    the story's persons, things and places (the act it took back, and the story's verbs, must not return); a
    related act, first, then the thread's words (its people)."""
    if reading.kind == "continuation":
        return stand_alone(reading.own_words(question), reading.inherited)
    if reading.kind == "correction":  # the new act with the story's persons and things, never its old verbs
        return " ".join(f"{reading.story} {reading.act or question}".split())
    return " ".join(f"{question} {reading.inherited}".split())


MAX_CARRIED = 3  # of the previous answer's articles, carried into another jurisdiction or to their aggravated forms


@runtime_checkable
class ArticleGraph(Protocol):
    """What carrying a thread's articles over needs of the index (the Retriever, or the bot's LiveRetriever)."""

    def parallels(self, article_id: str, jurisdictions: Collection[str] | None = None) -> Comparison | None: ...

    def citing(self, article_id: str) -> list[str]: ...


def with_evidence(understood: Understood, index: ArticleGraph) -> Understood:
    """`understood` with the previous answer's articles carried over where the message changed what they mean —
    the thread's best evidence of its act, when search trusted that answer (not `weak`):

    - another jurisdiction asked for ("a u RS?"): the previous articles are another code's, so their counterparts
      in the jurisdiction asked for (`parallels`: same offence, its title agreeing by meaning) get the thread's
      bonus instead — still served only if they then rank;
    - any other continuation — a circumstance that may change the offence ("a da je pješak umro?", "a da su bili u
      grupi?") or an aspect ("a kolika je kazna za to?"): the articles of the same law that
      build on the previous ones by number (`citing`: "Ako je krivičnim djelom iz člana 333. prouzročena smrt …",
      "Novčanom kaznom … kazniće se vozač koji postupi suprotno članu 207") join them, so the aggravated form, or
      the provision that sets the penalty for a rule stated elsewhere, can rise.

    Anything else, a weak previous answer, or a rewrite by Claude with no context to add to: unchanged."""
    thread, context = understood.thread, understood.context
    last = thread.last if thread is not None else None
    if not understood.follow_up or understood.kind != "continuation" or context is None or last is None:
        return understood
    if last.weak or not last.articles:
        return understood
    carried: list[str] = []
    if understood.named is not None:
        target = understood.named
        for article_id in last.articles[:MAX_CARRIED]:
            comparison = index.parallels(article_id, [target])
            if comparison is not None:
                carried += [p.article.id for p in comparison.others if p.article is not None and p.match == "title"]
    else:
        carried = list(context.articles)
        for article_id in last.articles[:MAX_CARRIED]:
            carried += index.citing(article_id)
    if not carried:
        return understood
    return replace(understood, context=replace(context, articles=tuple(dict.fromkeys(carried))))


def exchange_of(understood: Understood, answer: Any, row_id: int | None = None, weak: bool = False) -> Exchange:
    """What the next turn keeps of this one: the question, what was searched, the answer's articles (their ids,
    labels and titles) and points, and whether search judged its results weak (`weak`)."""
    citations = list(getattr(answer, "citations", None) or [])
    points: list[str] = []
    reply = getattr(answer, "reply", None)
    if getattr(answer, "mode", "") == "claude" and isinstance(reply, dict):
        points = [str(p.get("text", "")) for p in reply.get("points") or [] if isinstance(p, dict)]
    return Exchange(
        question=_short(understood.question),
        standalone=_short(understood.standalone),
        articles=tuple(h.id for h in citations),
        labels=tuple(h.article.label for h in citations),
        titles=tuple(h.article.title for h in citations),
        points=tuple(_short(p) for p in points if p.strip())[:MAX_POINTS],
        row_id=row_id,
        jurisdiction=understood.jurisdiction,
        act=_short(understood.thread_act) if understood.thread_act else "",
        weak=weak,
        home=understood.home,
    )
