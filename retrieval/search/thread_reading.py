"""One reading of a message in its conversation thread: follow-up or new question, what it inherits, what it replaces.

Decided once, here, for the bot, `kodeks ask`/`chat`/`eval threads` and the rewrite alike
(kodeks/answering/conversation.py calls `read_message`). The cue words are data —
retrieval/language/data/threads.toml, which says in its header what each kind of message is and what
it does to the thread — and are closed classes of BCS words (openers, negations, contrasts,
prepositions) or place names, never an offence's words; the rest comes from
retrieval/language/followups.py (what a continuation looks like, content words) and
retrieval/jurisdictions.py (the jurisdictions' names). Pure text work: no index.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from retrieval.jurisdictions import mentions
from retrieval.language.followups import content_words, inherited_text, is_follow_up
from retrieval.language.normalize import fold, words
from retrieval.language.vocabulary import DATA_DIR, THREADS_FILE

Kind = Literal["new", "new-topic", "continuation", "correction", "related"]


@dataclass(frozen=True)
class Reading:
    """What a message is in its thread.

    `kind`: "new" (no thread, or a question of its own), "new-topic" (said to be about something else),
    "continuation" (leans on the thread's act: an aspect, a circumstance, another jurisdiction's law),
    "correction" (replaces the thread's act), "related" (an act of its own in the same story).
    `inherited`: the thread's words it carries (the thread's act, negated words dropped), "" for none;
    `dense`: whether they join the dense query (only a continuation's: an act of its own leads);
    `keep_articles`: whether the previous answer's articles stay candidates (not once the act changed);
    `jurisdiction`: a jurisdiction the message asks for by name (replaces the thread's and the officer's);
    `negated`: the words it takes back ("nije ga udario" → "udario")."""

    kind: Kind
    inherited: str = ""
    dense: bool = False
    keep_articles: bool = False
    jurisdiction: str | None = None
    negated: tuple[str, ...] = ()
    act: str = ""  # a correction's replacing act ("nego mu je prijetio" → "mu je prijetio"), searched as the act
    adds: bool = False  # a continuation that adds a circumstance ("a da je bio naoružan?"), which the act keeps
    matter: str | None = None  # the message's own words when some are not matter ("а у Федерацији?" → "а")

    def own_words(self, text: str) -> str:
        """What of `text` is searched as the officer's words: `matter` when the reading set it, else all."""
        return text if self.matter is None else self.matter

    @property
    def follow_up(self) -> bool:
        """The message continues the thread (its answer is given with the earlier exchanges in view)."""
        return self.kind in ("continuation", "correction", "related")


@dataclass(frozen=True)
class _Phrase:
    """A cue: folded words, each exact or (ending in "*") a prefix."""

    parts: tuple[str, ...]

    @classmethod
    def of(cls, text: str) -> _Phrase:
        return cls(tuple(fold(w) if not w.endswith("*") else fold(w[:-1]) + "*" for w in text.split()))

    def at(self, tokens: list[str], i: int) -> bool:
        if i + len(self.parts) > len(tokens):
            return False
        return all(
            tokens[i + n].startswith(p[:-1]) if p.endswith("*") else tokens[i + n] == p
            for n, p in enumerate(self.parts)
        )


@dataclass(frozen=True)
class Cues:
    """threads.toml, parsed."""

    new_topic: tuple[_Phrase, ...]
    new_topic_within: int
    asks_about: tuple[_Phrase, ...]
    correction_openers: tuple[_Phrase, ...]
    negations: tuple[_Phrase, ...]
    postposed: tuple[_Phrase, ...]
    postposed_within: int
    contrasts: tuple[_Phrase, ...]
    jurisdiction_cues: tuple[_Phrase, ...]
    jurisdiction_within: int
    places: tuple[tuple[_Phrase, str], ...]
    adjectives: tuple[tuple[_Phrase, str], ...]
    max_own_words: int
    max_hypothetical_words: int
    hypothetical: tuple[_Phrase, ...]
    max_question_words: int
    questions: tuple[_Phrase, ...]
    related_openers: tuple[_Phrase, ...]
    min_act_words: int
    act_endings: tuple[str, ...]
    not_acts: frozenset[str]


def _phrases(values: list[str]) -> tuple[_Phrase, ...]:
    # longest first, so "nije bio" is tried before "nije"
    return tuple(sorted((_Phrase.of(v) for v in values), key=lambda p: -len(p.parts)))


@lru_cache(maxsize=4)
def cues(path: Path | None = None) -> Cues:
    """The cue words (retrieval/language/data/threads.toml, or `path`), read once."""
    data: dict[str, Any] = tomllib.loads((path or DATA_DIR / THREADS_FILE).read_text(encoding="utf-8"))
    new, corr, jur, cont, rel = (
        data[k] for k in ("new_topic", "correction", "jurisdiction", "continuation", "related")
    )
    places, adjectives = (
        tuple(
            sorted(
                ((_Phrase.of(name), code) for code, names in jur.get(table, {}).items() for name in names),
                key=lambda pc: -len(pc[0].parts),
            )
        )
        for table in ("places", "adjectives")
    )
    return Cues(
        new_topic=_phrases(new["openers"]),
        new_topic_within=int(new["within"]),
        asks_about=_phrases(new.get("asks_about", [])),
        correction_openers=_phrases(corr["openers"]),
        negations=_phrases(corr["negations"]),
        postposed=_phrases(corr.get("postposed", [])),
        postposed_within=int(corr.get("postposed_within", 0)),
        contrasts=_phrases(corr["contrasts"]),
        jurisdiction_cues=_phrases(jur["cues"]),
        jurisdiction_within=int(jur["within"]),
        places=places,
        adjectives=adjectives,
        max_own_words=int(cont["max_own_words"]),
        max_hypothetical_words=int(cont["max_hypothetical_words"]),
        hypothetical=_phrases(cont["hypothetical"]),
        max_question_words=int(cont.get("max_question_words", 0)),
        questions=_phrases(cont.get("questions", [])),
        related_openers=_phrases(rel["openers"]),
        min_act_words=int(rel["min_act_words"]),
        act_endings=tuple(rel["act_endings"]),
        not_acts=frozenset(fold(w) for w in rel["not_acts"]),
    )


def _match(phrases: tuple[_Phrase, ...], tokens: list[str], i: int) -> _Phrase | None:
    return next((p for p in phrases if p.at(tokens, i)), None)


def _opens(phrases: tuple[_Phrase, ...], tokens: list[str], within: int = 1) -> bool:
    return any(_match(phrases, tokens, i) for i in range(min(within, len(tokens))))


def _opener_end(phrases: tuple[_Phrase, ...], tokens: list[str], within: int) -> int | None:
    """Where the first of `phrases` opening the message (within its first `within` words) ends, or None."""
    for i in range(min(within, len(tokens))):
        if (phrase := _match(phrases, tokens, i)) is not None:
            return i + len(phrase.parts)
    return None


def _word_spans(folded: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"[^\W_]+", folded)]


def named_jurisdiction(
    text: str, leaning: bool, c: Cues | None = None, in_thread: bool = False
) -> tuple[str | None, set[int]]:
    """The jurisdiction `text` asks for by name, and the token positions naming it (with the cue words before).

    A name counts after a cue word ("po zakonu RS", "a u Federaciji", "у РС") — or anywhere in a message that
    leans on the thread (`leaning`: "RS?"); a town stands for its jurisdiction only in such a message; an
    adjective ("a po federalnom?") only in a message within a thread (`in_thread`), and only after a cue."""
    c = c or cues()
    folded = fold(text)
    spans = _word_spans(folded)
    tokens = [folded[s:e] for s, e in spans]
    found: list[tuple[int, int, str]] = []  # (first token, last token + 1, code)
    for start, end, code in mentions(folded):
        first = next((n for n, (s, _) in enumerate(spans) if s >= start), len(spans))
        last = next((n for n, (_, e) in enumerate(spans) if e >= end), len(spans) - 1) + 1
        found.append((first, last, code))
    if leaning:
        for n in range(len(tokens)):
            for phrase, code in c.places:
                if phrase.at(tokens, n) and not any(f <= n < la for f, la, _ in found):
                    found.append((n, n + len(phrase.parts), code))
    laws = [p for p in c.jurisdiction_cues if len(p.parts) == 1]
    adjectives: set[int] = set()
    if in_thread or leaning:
        for n in range(len(tokens)):
            for phrase, code in c.adjectives:
                if phrase.at(tokens, n) and not any(f <= n < la for f, la, _ in found):
                    found.append((n, n + len(phrase.parts), code))
                    adjectives.add(n)
    for first, last, code in sorted(found):
        before = range(max(0, first - c.jurisdiction_within), first)
        cued = [i for i in before if _match(c.jurisdiction_cues, tokens, i)]
        if cued or (leaning and first not in adjectives):
            while last < len(tokens) and any(p.parts[-1].endswith("*") and p.at(tokens, last) for p in laws):
                last += 1  # "po federalnom zakonu": the law word after the name names no matter either
            return code, set(range(cued[0] if cued else first, last))
    return None, set()


def _clause_ends(text: str) -> set[int]:
    """Positions of the tokens that end a clause (followed by , ; : . ! ? or a dash)."""
    ends: set[int] = set()
    n = -1
    for piece in re.findall(r"[^\W_]+|[,;:.!?–—]", fold(text)):
        if piece[0].isalnum():
            n += 1
        elif n >= 0:
            ends.add(n)
    return ends


def _negated(tokens: list[str], c: Cues, ends: set[int]) -> tuple[tuple[str, ...], int | None]:
    """The content words a negation takes back (up to a contrast word or the end of its clause), and where
    the replacing part starts (after the contrast word; None when there is none)."""
    for i in range(len(tokens)):
        negation = _match(c.negations, tokens, i)
        if negation is None:
            continue
        taken: list[str] = []
        j = i + len(negation.parts)
        while j < len(tokens):
            contrast = _match(c.contrasts, tokens, j)
            if contrast is not None:
                return tuple(taken), j + len(contrast.parts)
            if content_words(tokens[j]):
                taken.append(tokens[j])
            if j in ends:  # the clause ends: what follows it replaces the negated part ("nije X, nego Y"; "nije X, Y")
                after = j + 1
                contrast = _match(c.contrasts, tokens, after)
                after += len(contrast.parts) if contrast is not None else 0
                return tuple(taken), (after if after < len(tokens) else None)
            j += 1
        return tuple(taken), None
    return (), None


def _opening(tokens: list[str], c: Cues) -> int:
    """Where a message's own words start after the correction openers it begins with ("izvini, pogriješio sam,
    …": several in a row)."""
    i = 0
    while (opener := _match(c.correction_openers, tokens, i)) is not None:
        i += len(opener.parts)
    return i


def _postposed(tokens: list[str], c: Cues, ends: set[int]) -> tuple[tuple[str, ...], str]:
    """A negation after the replacing act ("bio je nož a ne pištolj, i njime je prijetio …"): the content words it
    takes back (to the end of its clause) and the act — the words before it and those after its clause."""
    start = _opening(tokens, c)
    for i in range(start, len(tokens)):
        negation = _match(c.postposed, tokens, i)
        if negation is None:
            continue
        if start == 0 and i >= c.postposed_within:
            return (), ""
        j = i + len(negation.parts)
        while j < len(tokens) - 1 and j not in ends:
            j += 1
        taken = tuple(t for t in tokens[i + len(negation.parts) : j + 1] if content_words(t))
        if not taken or not content_words(" ".join(tokens[start:i])):  # "a ne znam …": no act before it
            return (), ""
        return taken, " ".join(tokens[start:i] + tokens[j + 1 :])
    return (), ""


def _without(previous: str, negated: tuple[str, ...]) -> str:
    """The inherited words without those the officer took back (compared by their first five letters)."""
    if not negated:
        return previous
    stems = {w[:5] for w in negated}
    return " ".join(w for w in previous.split() if not any(t[:5] in stems for t in words(w)))


def _kept_words(text: str, dropped: set[int]) -> str | None:
    """`text` as written without the words at positions `dropped` (those of `words(text)`); None when nothing is
    dropped, or when the written words do not line up with the folded ones."""
    written = re.findall(r"[^\W_]+", text)
    if not dropped or len(written) != len(words(text)):
        return None
    return " ".join(w for n, w in enumerate(written) if n not in dropped)


def _contrast_before(tokens: list[str], c: Cues, replacing: int | None) -> bool:
    """True when a contrast word ("nego", "već") stands right before the replacing part."""
    if replacing is None:
        return False
    return any(p.at(tokens, replacing - len(p.parts)) for p in c.contrasts if replacing >= len(p.parts))


def tells_an_act(text: str, c: Cues | None = None) -> bool:
    """True for a message that narrates an act of its own: enough content words, one a past verb (see threads.toml)."""
    c = c or cues()
    own = [fold(w) for w in content_words(text)]
    if len(own) < c.min_act_words:
        return False
    return any(w.endswith(c.act_endings) and w not in c.not_acts and len(w) > 3 for w in own)


def _correction(carried: str, negated: tuple[str, ...], act: str, code: str | None) -> Reading:
    """A correction: `act` replaces the thread's act, searched by its own words alone (the story's words, even
    for an act that names its object by a pronoun only, pull back toward the act taken back: measured)."""
    return Reading("correction", _without(carried, negated), jurisdiction=code, negated=negated, act=act)


def read_message(text: str, previous: str | None) -> Reading:
    """How `text` reads after a thread whose act was last searched as `previous` (None: no thread)."""
    c = cues()
    tokens = words(text)
    if previous is None or not previous.strip():
        code, _ = named_jurisdiction(text, leaning=False, c=c)
        return Reading("new", jurisdiction=code)
    opener = _opener_end(c.new_topic, tokens, c.new_topic_within)
    if opener is not None:  # "druga stvar, …": the opener is no matter of the new question
        code, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return Reading("new-topic", jurisdiction=code, matter=_kept_words(text, set(range(opener))))
    carried = inherited_text(previous)
    negated, replacing = _negated(tokens, c, _clause_ends(text))
    if negated and (_opens(c.correction_openers, tokens) or _contrast_before(tokens, c, replacing)):
        code, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        if replacing is not None and replacing < len(tokens):
            act = " ".join(tokens[replacing:])
        else:
            act = " ".join(t for t in tokens if t not in negated and not _match(c.correction_openers, [t], 0))
        return _correction(carried, negated, act, code)
    taken, act = _postposed(tokens, c, _clause_ends(text))
    if taken:
        code, _ = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
        return _correction(carried, taken, act, code)
    code, naming = named_jurisdiction(text, leaning=False, c=c, in_thread=True)
    own_text = " ".join(t for n, t in enumerate(tokens) if n not in naming)
    own = content_words(own_text)
    hypothetical = _opens(c.hypothetical, tokens, 2)
    leaning = (
        len(own) <= 1
        or (hypothetical and len(own) <= c.max_hypothetical_words)
        or (is_follow_up(own_text) and not tells_an_act(own_text, c) and len(own) <= c.max_own_words)
        or (_opens(c.questions, tokens) and len(own) <= c.max_question_words and not tells_an_act(own_text, c))
    )
    if leaning:
        if code is None:
            code, naming = named_jurisdiction(text, leaning=True, c=c, in_thread=True)
        return Reading(
            "continuation",
            _without(carried, negated),
            True,
            code is None,
            code,
            negated,
            adds=hypothetical,
            matter=_kept_words(text, naming),
        )
    asks = _opener_end(c.asks_about, tokens, c.new_topic_within)
    if asks is not None and tells_an_act(own_text, c):  # "a šta je sa X koji je …": another case
        return Reading("new-topic", jurisdiction=code, matter=_kept_words(text, set(range(asks))))
    if _opens(c.related_openers, tokens):
        return Reading("related", _without(carried, negated), jurisdiction=code, negated=negated)
    return Reading("new", jurisdiction=code)
